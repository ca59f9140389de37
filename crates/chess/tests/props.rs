//! Property tests of chess's FEN: writing then reading is the identity, and
//! no input panics (the facade's reading of any text is in
//! `crates/polyfen/tests/robust.rs`).

use polyfen_chess::{Castling, CastlingStyle, CastlingToken, ChessExtras, Epd, Fen, FenOptions, Piece, Role, Square};
use polyfen_core::{Color, Leniency, Setup};
use proptest::prelude::*;

fn piece() -> impl Strategy<Value = Option<Piece>> {
    prop_oneof![
        3 => Just(None),
        1 => (0..6usize, any::<bool>()).prop_map(|(r, black)| Some(Piece::new(if black { Color::Black } else { Color::White }, Role::ALL[r]))),
    ]
}

fn setup() -> impl Strategy<Value = Fen> {
    (
        proptest::collection::vec(piece(), 64),
        any::<bool>(),
        proptest::collection::vec((any::<bool>(), 0..10u8), 0..4),
        proptest::option::of(0..64u8),
        any::<u32>(),
        any::<u32>(),
    )
        .prop_map(|(cells, black, rights, ep, halfmove, fullmove)| {
            let mut board = [None; 64];
            board.copy_from_slice(&cells);
            let mut castling = Castling::NONE;
            for (black, t) in rights {
                let token = match t {
                    8 => CastlingToken::KingSide,
                    9 => CastlingToken::QueenSide,
                    f => CastlingToken::File(f),
                };
                castling.insert(if black { Color::Black } else { Color::White }, token);
            }
            Setup {
                board,
                extras: ChessExtras {
                    turn: if black { Color::Black } else { Color::White },
                    castling,
                    ep: ep.and_then(|i: u8| Square::from_index(usize::from(i))),
                    halfmove,
                    fullmove,
                },
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Writing a setup and reading it back gives a setup that writes the
    /// same text (castling tokens may change form, never meaning).
    #[test]
    fn write_then_read_is_identity(fen in setup()) {
        for castling in [CastlingStyle::XFen, CastlingStyle::Shredder] {
            let options = FenOptions { castling };
            let text = fen.to_string_with(&options);
            let back: Fen = text.parse().unwrap();
            prop_assert_eq!(back.board, fen.board);
            prop_assert_eq!(back.extras.turn, fen.extras.turn);
            prop_assert_eq!(back.extras.ep, fen.extras.ep);
            prop_assert_eq!(back.extras.halfmove, fen.extras.halfmove);
            prop_assert_eq!(back.extras.fullmove, fen.extras.fullmove);
            prop_assert_eq!(back.to_string_with(&options), text);
        }
    }

    /// Castling rights survive a change of style whenever every right has
    /// its rook.
    #[test]
    fn castling_styles_agree(fen in setup()) {
        let xfen: Fen = fen.to_string_with(&FenOptions { castling: CastlingStyle::XFen }).parse().unwrap();
        let shredder: Fen = fen.to_string_with(&FenOptions { castling: CastlingStyle::Shredder }).parse().unwrap();
        let kinds = |v: Vec<polyfen_chess::Violation>| v.iter().map(std::mem::discriminant).collect::<Vec<_>>();
        prop_assert_eq!(kinds(xfen.validate()), kinds(shredder.validate()));
    }

    #[test]
    fn fen_reader_never_panics(s in "\\PC{0,100}") {
        let _ = s.parse::<Fen>();
        let _ = Setup::<polyfen_chess::Chess>::parse_with(&s, &Leniency::ALL, &mut Vec::new());
        let _ = s.parse::<Epd>();
    }

    #[test]
    fn fen_shaped_reader_never_panics(s in "[rnbqkpRNBQKP1-9/]{0,80}( [wb-]{0,2}( [KQkqA-Ha-h-]{0,5}( [a-h1-8-]{0,3}( [0-9]{0,3}( [0-9]{0,3})?)?)?)?)?") {
        if let Ok(fen) = s.parse::<Fen>() {
            let _ = fen.validate();
            let again: Fen = fen.to_string().parse().unwrap();
            prop_assert_eq!(again.board, fen.board);
        }
        let _ = Setup::<polyfen_chess::Chess>::parse_with(&s, &Leniency::ALL, &mut Vec::new());
    }
}
