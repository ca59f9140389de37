//! The chess variants played move by move: each variant's own rules, its
//! end of the game, and the moves written and read as python-chess 1.11
//! writes them (the expected SAN and FENs below come from it).

use polyfen_chess::{
    CastlingNotation, CastlingStyle, ChessVariant, Outcome, VariantEnd, VariantOutcome, VariantPosition,
};
use polyfen_core::Color;

fn position(variant: ChessVariant, fen: &str) -> VariantPosition {
    let setup = variant.parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    VariantPosition::from_setup(&setup).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays UCI moves, checking the SAN each is written as and reading that
/// SAN back to the same move; returns the position reached.
fn play(mut pos: VariantPosition, moves: &[(&str, &str)]) -> VariantPosition {
    for &(uci, san) in moves {
        let m = pos.parse_uci(uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
        assert_eq!(pos.san(m), san, "{uci}");
        assert_eq!(pos.parse_san(san), Ok(m), "{san}");
        assert_eq!(pos.uci(m, CastlingNotation::KingTwoSquares), uci);
        pos.play(m);
    }
    pos
}

fn fen(pos: &VariantPosition) -> String {
    pos.to_setup(CastlingStyle::XFen).to_string()
}

fn ucis(pos: &VariantPosition) -> Vec<String> {
    let mut out: Vec<String> =
        pos.legal_moves().iter().map(|&m| pos.uci(m, CastlingNotation::KingTwoSquares)).collect();
    out.sort();
    out
}

#[test]
fn king_of_the_hill_is_won_on_the_centre() {
    let pos = play(position(ChessVariant::KingOfTheHill, "4k3/8/8/8/8/4K3/8/8 w - - 0 1"), &[("e3e4", "Ke4#")]);
    assert_eq!(pos.outcome(), VariantOutcome::Won { winner: Color::White, end: VariantEnd::KingOfTheHill });
    assert!(pos.legal_moves().is_empty());
    assert_eq!(fen(&pos), "4k3/8/8/8/4K3/8/8/8 b - - 1 1");
}

#[test]
fn three_check_counts_the_checks_and_the_third_wins() {
    let pos = play(
        VariantPosition::start(ChessVariant::ThreeCheck),
        &[("e2e4", "e4"), ("e7e5", "e5"), ("f1c4", "Bc4"), ("b8c6", "Nc6"), ("c4f7", "Bxf7+")],
    );
    assert_eq!(pos.remaining_checks(), [2, 3]);
    assert_eq!(fen(&pos), "r1bqkbnr/pppp1Bpp/2n5/4p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 2+3 0 3");
    let pos = play(pos, &[("e8f7", "Kxf7"), ("d1h5", "Qh5+"), ("g7g6", "g6"), ("h5f3", "Qf3#")]);
    assert_eq!(pos.remaining_checks(), [0, 3]);
    assert_eq!(pos.outcome(), VariantOutcome::Won { winner: Color::White, end: VariantEnd::ThreeChecks });
    assert!(pos.legal_moves().is_empty());
    // a check that mates nothing but is the last one needed
    let pos = play(position(ChessVariant::ThreeCheck, "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1"), &[("a1a8", "Ra8#")]);
    assert_eq!(fen(&pos), "R3k3/8/8/8/8/8/8/4K3 b - - 0+3 1 1");
}

#[test]
fn atomic_captures_explode() {
    let pos = play(
        VariantPosition::start(ChessVariant::Atomic),
        &[("e2e4", "e4"), ("d7d5", "d5"), ("e4d5", "exd5"), ("d8d5", "Qd5"), ("g1f3", "Nf3"), ("d5d2", "Qxd2#")],
    );
    assert_eq!(fen(&pos), "rnb1kbnr/ppp1pppp/8/8/8/5N2/PPP2PPP/RN3B1R w kq - 0 4");
    assert_eq!(pos.outcome(), VariantOutcome::Won { winner: Color::Black, end: VariantEnd::KingExploded });
    // a king never captures: it must step away from the queen beside it
    let pos = position(ChessVariant::Atomic, "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
    assert_eq!(ucis(&pos), ["e1f1"]);
    assert!(pos.is_check());
    // kings side by side are not in check
    let pos = position(ChessVariant::Atomic, "8/8/8/8/8/8/3kq3/4K3 w - - 0 1");
    assert!(!pos.is_check());
    // exploding the enemy king wins, even from check
    let pos = play(position(ChessVariant::Atomic, "4k3/4q3/8/8/8/8/4Q3/4K3 w - - 0 1"), &[("e2e7", "Qxe7#")]);
    assert_eq!(fen(&pos), "8/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn antichess_forces_captures_and_crowns_pawns() {
    let pos = play(VariantPosition::start(ChessVariant::Antichess), &[("e2e3", "e3"), ("b7b5", "b5")]);
    // the only legal move is the capture
    assert_eq!(ucis(&pos), ["f1b5"]);
    let pos = position(ChessVariant::Antichess, "8/4P3/8/8/8/8/8/k7 w - - 0 1");
    assert_eq!(ucis(&pos), ["e7e8b", "e7e8k", "e7e8n", "e7e8q", "e7e8r"]);
    let pos = play(pos, &[("e7e8k", "e8=K")]);
    assert_eq!(pos.legal_moves().len(), 3);
    // giving away the last piece wins
    let pos = play(position(ChessVariant::Antichess, "8/8/8/8/8/8/1p6/R7 b - - 0 1"), &[("b2a1q", "bxa1=Q#")]);
    assert_eq!(pos.outcome(), VariantOutcome::Won { winner: Color::White, end: VariantEnd::PiecesLost });
}

#[test]
fn horde_pawns_step_twice_from_the_first_rank() {
    let pos = position(ChessVariant::Horde, "4k3/8/8/8/8/8/8/P7 w - - 0 1");
    assert_eq!(ucis(&pos), ["a1a2", "a1a3"]);
    let pos = play(pos, &[("a1a3", "a3")]);
    assert_eq!(fen(&pos), "4k3/8/8/8/8/P7/8/8 b - - 0 1");
    // black wins by taking the whole horde
    let pos = play(position(ChessVariant::Horde, "4k3/8/8/8/8/8/1p6/P7 b - - 0 1"), &[("b2a1q", "bxa1=Q#")]);
    assert_eq!(pos.outcome(), VariantOutcome::Won { winner: Color::Black, end: VariantEnd::PiecesLost });
}

#[test]
fn racing_kings_forbids_checks_and_ends_on_the_eighth_rank() {
    let start = VariantPosition::start(ChessVariant::RacingKings);
    assert_eq!(start.legal_moves().len(), 21);
    // every move that would give check is missing
    for m in start.legal_moves() {
        assert!(!start.played(m).is_check(), "{m:?}");
    }
    let pos = play(position(ChessVariant::RacingKings, "8/6K1/8/8/8/8/k7/8 w - - 0 1"), &[("g7g8", "Kg8#")]);
    assert_eq!(pos.outcome(), VariantOutcome::Won { winner: Color::White, end: VariantEnd::KingsRace });
    // black may still draw by following onto the eighth rank
    let pos = play(position(ChessVariant::RacingKings, "8/1k4K1/8/8/8/8/8/8 w - - 0 1"), &[("g7g8", "Kg8")]);
    assert!(pos.outcome().is_ongoing());
    assert_eq!(pos.legal_moves().len(), 8);
    let pos = play(pos, &[("b7b8", "Kb8")]);
    assert_eq!(pos.outcome(), VariantOutcome::Drawn { end: VariantEnd::KingsRace });
}

#[test]
fn the_usual_ends_still_apply() {
    let pos = position(ChessVariant::KingOfTheHill, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(pos.outcome(), VariantOutcome::Chess(Outcome::Stalemate));
    let pos = position(ChessVariant::Horde, "7k/6P1/8/8/8/8/8/8 b - - 0 1");
    assert!(pos.is_check());
}

#[test]
fn moves_are_read_against_the_variant() {
    let pos = play(VariantPosition::start(ChessVariant::Antichess), &[("e2e3", "e3"), ("b7b5", "b5")]);
    let err = pos.parse_san("Nf3").unwrap_err();
    assert_eq!(err.message, "Nf3 is not a legal move");
    assert_eq!(err.candidates.len(), 0);
    let err = pos.parse_uci("g1f3").unwrap_err();
    assert_eq!(err.message, "g1f3 is not a legal move");
    // LAN and the lenient forms as in chess
    let pos = VariantPosition::start(ChessVariant::Atomic);
    let m = pos.parse_move("Ng1-f3").unwrap();
    assert_eq!(pos.lan(m), "Ng1-f3");
    let mut repairs = Vec::new();
    assert_eq!(pos.parse_move_lenient("Pe4", &mut repairs).map(|m| pos.san(m)), Ok("e4".to_owned()));
    assert_eq!(repairs[0].to_string(), "read 'Pe4' as 'e4'");
    // a king promotion outside antichess is no move
    let pos = position(ChessVariant::Standard, "8/4P3/8/8/8/8/8/k6K w - - 0 1");
    assert!(pos.parse_uci("e7e8k").is_err());
    assert!(pos.parse_san("e8=K").is_err());
}

#[test]
fn crazyhouse_fens_in_both_pocket_forms() {
    let text = "r1bq1r2/pppk1ppp/2n5/3p4/1b1P4/2N5/PPP2PPP/R1BQK2R[NNPbp] w KQ - 1 9";
    assert!(polyfen_chess::variant::fen::looks_like_crazyhouse(text));
    let setup: polyfen_chess::VariantFen = text.parse().unwrap();
    assert_eq!(setup.extras.variant, ChessVariant::Crazyhouse);
    assert_eq!(setup.to_string(), text);
    // the ninth-row form reads the same and is written with brackets
    let ninth = "r1bq1r2/pppk1ppp/2n5/3p4/1b1P4/2N5/PPP2PPP/R1BQK2R/NNPbp w KQ - 1 9";
    assert!(polyfen_chess::variant::fen::looks_like_crazyhouse(ninth));
    assert_eq!(ninth.parse::<polyfen_chess::VariantFen>().unwrap(), setup);
    // an empty pocket, in either form
    let empty = "4k3/8/8/8/8/8/8/4K3/ w - - 0 1".parse::<polyfen_chess::VariantFen>().unwrap();
    assert_eq!(empty.to_string(), "4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    assert!(!polyfen_chess::variant::fen::looks_like_crazyhouse(crate_start()));
    // promoted pieces keep their mark
    let promoted = "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1";
    assert_eq!(promoted.parse::<polyfen_chess::VariantFen>().unwrap().to_string(), promoted);
    // a pocket letter that is no piece is an error at its place
    let bad = "4k3/8/8/8/8/8/8/4K3[Qx] w - - 0 1";
    let err = bad.parse::<polyfen_chess::VariantFen>().unwrap_err();
    assert_eq!(&bad[err.span.clone()], "x", "{err}");
}

fn crate_start() -> &'static str {
    polyfen_chess::START_FEN
}

#[test]
fn crazyhouse_drops_and_pockets() {
    // moves and SAN as python-chess plays them (pawn drops written P@ as
    // lichess writes them; python-chess writes @e4, read too)
    let pos = play(
        VariantPosition::start(ChessVariant::Crazyhouse),
        &[("e2e4", "e4"), ("d7d5", "d5"), ("e4d5", "exd5"), ("d8d5", "Qxd5"), ("b1c3", "Nc3"), ("d5a5", "Qa5")],
    );
    assert_eq!(fen(&pos), "rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/R1BQKBNR[Pp] w KQkq - 2 4");
    let m = pos.parse_san("@e4").unwrap();
    assert_eq!(pos.san(m), "P@e4");
    assert_eq!(pos.parse_san("P@e4"), Ok(m));
    assert_eq!(pos.uci(m, CastlingNotation::KingTwoSquares), "P@e4");
    assert_eq!(pos.parse_uci("P@e4"), Ok(m));
    // a lowercase letter is read only leniently, and said so
    assert!(pos.parse_san("p@e4").is_err());
    assert!(pos.parse_uci("p@e4").is_err());
    let mut repairs = Vec::new();
    assert_eq!(pos.parse_move_lenient("p@e4", &mut repairs), Ok(m));
    assert_eq!(repairs[0].to_string(), "read 'p@e4' as 'P@e4'");
    let pos = pos.played(m);
    // a pawn dropped zeroes the clock as lichess (scalachess) and shakmaty
    // count it; python-chess leaves it running (3)
    assert_eq!(fen(&pos), "rnb1kbnr/ppp1pppp/8/q7/4P3/2N5/PPPP1PPP/R1BQKBNR[p] b KQkq - 0 4");
    // no pawn drop on the back ranks, no drop of a piece not in the pocket
    assert!(pos.parse_san("P@d1").is_err());
    let err = pos.parse_san("N@f3").unwrap_err();
    assert_eq!(err.message, "N@f3 is not a legal drop");
    // a drop may block a check, and only on the squares between
    let pos = position(ChessVariant::Crazyhouse, "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1");
    let drops: Vec<String> = pos.legal_moves().iter().filter(|m| m.is_drop()).map(|&m| pos.san(m)).collect();
    assert_eq!(drops, ["N@b1", "N@c1", "N@d1"]);
    // a promoted piece taken goes to the pocket as a pawn
    let pos = play(position(ChessVariant::Crazyhouse, "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1"), &[("e4b7", "Bxb7")]);
    assert_eq!(fen(&pos), "4k3/1b6/8/8/8/8/Kpp5/8[p] w - - 0 2");
    let pos = play(
        position(ChessVariant::Crazyhouse, "4k3/8/8/8/8/8/K1p5/8[] b - - 0 1"),
        &[("c2c1q", "c1=Q"), ("a2b3", "Kb3"), ("c1c8", "Qc8")],
    );
    assert_eq!(fen(&pos), "2q~1k3/8/8/8/8/1K6/8/8[] w - - 2 3");
}

/// Random playouts (xorshift, seeded) of every variant from its start: each
/// legal move's SAN, LAN and UCI read back to the move, and the position
/// written as a FEN reads back to the same position.
#[test]
fn random_playouts_round_trip() {
    let mut rng = polyfen_test_support::Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut below = |n: usize| rng.below(n);
    for variant in ChessVariant::ALL {
        for _ in 0..3 {
            let mut pos = VariantPosition::start(variant);
            for _ in 0..100 {
                let setup = pos.to_setup(CastlingStyle::XFen);
                let text = setup.to_string();
                let again = variant.parse_fen(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(VariantPosition::from_setup(&again).as_ref(), Ok(&pos), "{text}");
                let moves = pos.legal_moves();
                for &m in &moves {
                    assert_eq!(pos.parse_san(&pos.san(m)), Ok(m), "{variant} {text} {}", pos.san(m));
                    assert_eq!(pos.parse_move(&pos.lan(m)), Ok(m), "{variant} {text} {}", pos.lan(m));
                    assert_eq!(pos.parse_uci(&pos.uci(m, CastlingNotation::KingTwoSquares)), Ok(m));
                }
                if moves.is_empty() {
                    assert!(!pos.outcome().is_ongoing(), "{variant} {text}");
                    break;
                }
                pos.play(moves[below(moves.len())]);
            }
        }
    }
}

proptest::proptest! {
    /// The variants' FEN reader never panics, and what it reads writes and
    /// reads back the same.
    #[test]
    fn variant_fen_reads_anything(text in "[rnbqkpRNBQKP1-8/~@ wb+0-9KQkqa-h\\-\\[\\]]{0,80}") {
        if let Ok(setup) = text.parse::<polyfen_chess::VariantFen>() {
            let written = setup.to_string();
            let again = written.parse::<polyfen_chess::VariantFen>();
            proptest::prop_assert_eq!(again.as_ref(), Ok(&setup), "{}", written);
            let _ = VariantPosition::from_setup(&setup).map(|p| p.legal_moves());
        }
    }
}

/// Every legal move of positions along random games of each variant,
/// written in SAN, is what python-chess writes: the same moves, the same
/// disambiguation and the same `+` and `#` (`tests/data/variant-san`).
#[test]
fn every_legal_move_is_written_as_python_chess_writes_it() {
    let data = include_str!("data/variant-san/positions.tsv");
    let mut lines = 0;
    for line in data.lines() {
        let mut parts = line.split('\t');
        let (Some(variant), Some(fen), Some(sans)) = (parts.next(), parts.next(), parts.next()) else {
            panic!("{line}");
        };
        let variant: ChessVariant = variant.parse().unwrap();
        let pos = position(variant, fen);
        let mut ours: Vec<String> = pos.legal_moves().iter().map(|&m| pos.san(m)).collect();
        ours.sort();
        let theirs: Vec<&str> = sans.split(' ').collect();
        assert_eq!(ours, theirs, "{variant} {fen}");
        lines += 1;
    }
    assert!(lines > 150, "{lines}");
}

proptest::proptest! {
    /// Reading a move never panics, whatever the text, strictly or
    /// leniently, in any variant; what it reads is a legal move.
    #[test]
    fn move_readers_read_anything(
        text in proptest::prop_oneof!["[PNBRQKpnbrqk@a-h1-8xX=+#!?:Oo0 -]{0,9}", "\\PC{0,8}"],
        which in 0usize..8,
    ) {
        let variant = ChessVariant::ALL[which];
        let pos = match variant {
            ChessVariant::Crazyhouse => position(variant, "r3k2r/ppp2ppp/8/3p4/3P4/8/PPP2PPP/R3K2R[QRBNPqrbnp] w KQkq - 0 1"),
            ChessVariant::Antichess => position(variant, "8/4P3/8/8/8/8/1p6/R7 w - - 0 1"),
            _ => VariantPosition::start(variant),
        };
        let mut repairs = Vec::new();
        let reads = [pos.parse_move(&text), pos.parse_move_lenient(&text, &mut repairs), pos.parse_uci(&text)];
        for m in reads.into_iter().flatten() {
            proptest::prop_assert!(pos.legal_moves().contains(&m));
        }
    }
}

/// Insufficient material by each variant's rules, as python-chess 1.11
/// judges the same positions.
#[test]
fn insufficient_material_follows_each_variant() {
    let cases = [
        (ChessVariant::Atomic, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
        (ChessVariant::Atomic, "4k3/8/8/8/8/8/8/3NK3 w - - 0 1", true),
        (ChessVariant::Atomic, "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", true),
        (ChessVariant::Atomic, "4k3/8/8/8/8/8/8/1NNNK3 w - - 0 1", false),
        (ChessVariant::Atomic, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false),
        (ChessVariant::Atomic, "4k3/8/8/8/8/8/8/2BBK3 w - - 0 1", false),
        (ChessVariant::Atomic, "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", false),
        (ChessVariant::Atomic, "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", true),
        (ChessVariant::Atomic, "4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1", false),
        (ChessVariant::Atomic, "4k3/8/8/8/8/8/8/3RK3 b - - 0 1", true),
        (ChessVariant::Antichess, "8/8/8/8/8/8/8/B6b w - - 0 1", true),
        (ChessVariant::Antichess, "8/8/8/8/8/8/8/B5b1 w - - 0 1", false),
        (ChessVariant::Antichess, "8/8/8/8/8/8/8/N5n1 w - - 0 1", false),
        (ChessVariant::Antichess, "8/8/8/8/8/8/8/N5n1 b - - 0 1", false),
        (ChessVariant::Antichess, "8/8/8/8/8/8/8/N6n w - - 0 1", false),
        (ChessVariant::Antichess, "8/8/8/8/8/8/8/N6n b - - 0 1", false),
        (ChessVariant::Antichess, "8/8/8/8/8/8/8/BB4b1 w - - 0 1", false),
        (ChessVariant::Antichess, "8/8/8/8/8/8/8/K6k w - - 0 1", false),
        (ChessVariant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1", true),
        (ChessVariant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", true),
        (ChessVariant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", false),
        (ChessVariant::Crazyhouse, "4k3/8/8/8/8/8/8/3NK3[] w - - 0 1", true),
        (ChessVariant::Crazyhouse, "4k3/8/8/8/8/8/8/3NK3[b] w - - 0 1", false),
        (ChessVariant::Crazyhouse, "4k3/8/8/8/8/8/8/3N~K3[] w - - 0 1", false),
    ];
    for (variant, fen, drawn) in cases {
        let pos = position(variant, fen);
        assert_eq!(pos.has_insufficient_material(), drawn, "{variant} {fen}");
        if drawn {
            assert_eq!(pos.outcome(), VariantOutcome::Chess(Outcome::InsufficientMaterial), "{variant} {fen}");
        }
    }
    // a king can always walk to the centre or the eighth rank
    assert!(!position(ChessVariant::KingOfTheHill, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").has_insufficient_material());
    assert!(!position(ChessVariant::Standard, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").has_insufficient_material());
    assert!(position(ChessVariant::ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1").has_insufficient_material());
}

#[test]
fn a_pawn_dropped_zeroes_the_halfmove_clock_and_a_piece_dropped_does_not() {
    // lichess (scalachess) and shakmaty count a pawn drop as a pawn move;
    // python-chess's push does not (its is_zeroing does)
    let start = "rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/R1BQKBNR[Pp] w KQkq - 2 4";
    let pos = play(position(ChessVariant::Crazyhouse, start), &[("P@d5", "P@d5")]);
    assert_eq!(fen(&pos), "rnb1kbnr/ppp1pppp/8/q2P4/8/2N5/PPPP1PPP/R1BQKBNR[p] b KQkq - 0 4");
    let pos = play(position(ChessVariant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[N] w - - 7 30"), &[("N@f3", "N@f3")]);
    assert_eq!(fen(&pos), "4k3/8/8/8/8/5N2/8/4K3[] b - - 8 30");
}
