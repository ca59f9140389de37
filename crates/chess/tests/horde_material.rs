//! Horde's insufficient material as lichess judges it: the side with a king
//! can always win; the horde cannot with too little material to mate
//! against what the king's side has; a fortress (the horde blocked for
//! good, the king only walking) is a draw.

use polyfen_chess::{ChessVariant, Outcome, VariantOutcome, VariantPosition};
use polyfen_core::Color;

fn horde(fen: &str) -> VariantPosition {
    let setup = ChessVariant::Horde.parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    VariantPosition::from_setup(&setup).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn the_horde_without_mating_material_cannot_win() {
    // (position, the horde cannot win)
    let cases = [
        // a lone pawn against a king and a queen: as a queen or a knight it
        // has nothing to box the king in with
        ("8/2k5/3q4/8/8/8/1P6/8 w - - 0 1", true),
        ("8/2k5/3q4/8/8/8/1P6/8 b - - 0 1", true),
        // a lone queen, the same
        ("8/2k5/3q4/8/8/1Q6/8/8 w - - 0 1", true),
        // a lone queen mates a king boxed in by its own rook
        ("8/2k5/3r4/8/8/1Q6/8/8 w - - 0 1", false),
        // a bishop and a knight against a king and a queen
        ("8/2k5/3q4/8/8/1B2N3/8/8 w - - 0 1", true),
        // but with a pawn of the king's side to block the corner
        ("8/2k5/3p4/8/8/1B2N3/8/8 w - - 0 1", false),
        // the bishop pair and a knight always can
        ("8/2k5/3q4/8/8/3B4/4NB2/8 w - - 0 1", false),
        // a lone pawn that may become a queen against a crowded king
        ("k7/ppP5/brp5/8/8/8/8/8 b - - 0 1", false),
        // any piece alone against a bare king
        ("4k3/8/8/8/8/8/8/N7 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/R7 w - - 0 1", true),
        // two knights against a king with only heavy pieces
        ("4k3/8/8/3r4/8/8/8/NN6 w - - 0 1", true),
        ("4k3/8/8/3b4/8/8/8/NN6 w - - 0 1", false),
        // a rook with another piece mates
        ("4k3/8/8/8/8/8/8/NR6 w - - 0 1", false),
        // four pieces always can, and so can the starting horde
        ("4k3/8/8/8/8/8/8/NNNN4 w - - 0 1", false),
        ("rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", false),
    ];
    for (fen, cannot) in cases {
        let pos = horde(fen);
        assert_eq!(pos.has_insufficient_material_for(Color::White), cannot, "white in {fen}");
        // the side with the king can always win by taking the horde
        assert!(!pos.has_insufficient_material_for(Color::Black), "black in {fen}");
        // one side that cannot win is no draw
        assert!(!pos.has_insufficient_material(), "{fen}");
        assert_ne!(pos.outcome(), VariantOutcome::Chess(Outcome::InsufficientMaterial), "{fen}");
    }
}

#[test]
fn a_fortress_is_a_draw_for_both_sides() {
    // the horde's pawns blocked on the a-file, the king only walking (the
    // horde to move would be stalemated: a stalemate first)
    for fen in ["8/pk6/P7/P7/P7/P7/P7/P7 b - - 0 1", "8/p1k5/P7/P7/P7/P7/P7/P7 b - - 0 1"] {
        let pos = horde(fen);
        assert!(pos.has_insufficient_material(), "{fen}");
        assert!(pos.has_insufficient_material_for(Color::White), "{fen}");
        assert!(pos.has_insufficient_material_for(Color::Black), "{fen}");
        assert_eq!(pos.outcome(), VariantOutcome::Chess(Outcome::InsufficientMaterial), "{fen}");
    }
    // a lone piece of the horde that the king can take is no fortress
    let pos = horde("8/8/8/8/8/p7/P7/1k6 b - - 0 1");
    assert!(!pos.has_insufficient_material());
    assert_eq!(pos.outcome(), VariantOutcome::Chess(Outcome::Ongoing));
}
