//! Whatever the game, the position and the text, playing does not panic:
//! random games of every built-in game, random move texts, random FENs;
//! and every legal move's UCI text reads back as that move.

use polyfen_fairy::{Position, Rules, Variants};
use proptest::prelude::*;

fn games() -> Vec<&'static str> {
    Variants::builtin().names().collect()
}

fn move_text() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "a", "e", "h", "l", "p", "z", "1", "2", "8", "9", "10", "16", "0", "@", "P", "+", "-", "q", "=", ",", " ",
        "e2e4", "P@", "@@@@", "0000", "\u{e9}",
    ]);
    prop::collection::vec(words, 0..8).prop_map(|w| w.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// A random game: each position's legal moves (four of them) write as
    /// UCI texts that read back as the same moves, the FEN written reads back as a
    /// position with the same legal moves, and perft 1 counts them.
    #[test]
    fn random_games_play_without_panicking(game in prop::sample::select(games()), choices in prop::collection::vec(any::<u16>(), 0..40)) {
        let rules = Rules::new(Variants::builtin().get(game).unwrap());
        let Ok(mut pos) = Position::start(&rules) else { return Ok(()) };
        for choice in choices {
            let moves = rules.legal_moves(&pos);
            prop_assert_eq!(rules.perft(&pos, 1), moves.len() as u64);
            if moves.is_empty() {
                break;
            }
            // Four of the moves (games with walls have thousands).
            for m in moves.iter().skip(usize::from(choice) % moves.len()).take(4) {
                let text = rules.uci(&pos, *m);
                prop_assert_eq!(rules.parse_uci(&pos, &text), Ok(*m), "{} in {}", text, pos.fen(&rules));
            }
            if rules.unsupported().is_none() {
                let again = Position::from_fen(&rules, &pos.fen(&rules));
                prop_assert!(again.is_ok(), "{}", pos.fen(&rules));
                prop_assert_eq!(rules.legal_uci(&again.unwrap()), rules.legal_uci(&pos), "{}", pos.fen(&rules));
            }
            let m = moves[usize::from(choice) % moves.len()];
            pos = rules.play(&pos, m).expect("a legal move plays");
        }
    }

    /// A text that names no legal move is an error listing the legal ones.
    #[test]
    fn bad_move_texts_are_errors(game in prop::sample::select(games()), text in move_text()) {
        let rules = Rules::new(Variants::builtin().get(game).unwrap());
        let Ok(pos) = Position::start(&rules) else { return Ok(()) };
        let legal = rules.legal_uci(&pos);
        match rules.parse_uci(&pos, &text) {
            Ok(m) => prop_assert!(legal.contains(&rules.uci(&pos, m))),
            Err(e) => {
                prop_assert!(!legal.contains(&text));
                prop_assert_eq!(&e.candidates, &legal);
                let _ = e.to_string();
            }
        }
    }

    /// Any FEN-like text of any game reads or is an error, and what reads
    /// plays.
    #[test]
    fn random_fens_do_not_panic(game in prop::sample::select(games()), text in "[pnbrqkPNBRQK1-9/ wb\\-KQkqa-h0-9\\[\\]+~*]{0,80}") {
        let rules = Rules::new(Variants::builtin().get(game).unwrap());
        if let Ok(pos) = Position::from_fen(&rules, &text) {
            for m in rules.legal_moves(&pos) {
                let _ = rules.uci(&pos, m);
                let next = rules.play(&pos, m).expect("a legal move plays");
                let _ = rules.perft(&next, 1);
            }
        }
    }
}

/// A move that is not legal names the legal ones.
#[test]
fn an_illegal_move_names_the_candidates() {
    let rules = Rules::new(Variants::builtin().get("chess").unwrap());
    let pos = Position::start(&rules).unwrap();
    let err = rules.parse_uci(&pos, "e2e5").unwrap_err();
    assert_eq!(err.candidates.len(), 20);
    assert!(err.to_string().starts_with("`e2e5` is not a legal move; the legal moves are a2a3 a2a4 b1a3"), "{err}");
    let m = rules.parse_uci(&pos, "e2e4").unwrap();
    assert_eq!(rules.squares(m), (Some((4, 1)), (4, 3)));
    let next = rules.play_uci(&pos, "e2e4").unwrap();
    assert_eq!(next.fen(&rules), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

/// UCI texts of the kinds Fairy-Stockfish writes: a promotion, a Shogi
/// promotion, a drop, a square of the tenth rank, castling.
#[test]
fn uci_texts_of_every_kind() {
    let variants = Variants::builtin();
    let cases = [
        ("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"),
        ("chess", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"),
        ("shogi", "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 3", "b2h8+"),
        ("crazyhouse", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "P@e4"),
        ("xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", "a10a9"),
    ];
    for (game, fen, uci) in cases {
        let rules = Rules::new(variants.get(game).unwrap());
        let pos = Position::from_fen(&rules, fen).unwrap();
        assert!(rules.legal_uci(&pos).contains(&uci.to_owned()), "{game}: {uci} in {:?}", rules.legal_uci(&pos));
        let m = rules.parse_uci(&pos, uci).unwrap();
        assert_eq!(rules.uci(&pos, m), uci);
    }
}
