//! The family notations round trip from any position a game of the family
//! reaches: after random plies from its start, every legal move written in
//! each of the game's family notations and in LAN reads back to itself;
//! and no text, however
//! arbitrary, makes the reading of a move panic.

use polyfen_fairy::{FairyMoveNotation, FairyPosition};
use polyfen_game::{GamePosition, MoveToPlay, RuleOptions};
use proptest::prelude::*;

/// A game of each family, with drops and without.
const GAMES: &[&str] =
    &["xiangqi", "manchu", "supply", "minixiangqi", "janggi", "makruk", "cambodian", "sittuyin", "shogi", "kyotoshogi"];

/// The position `plies` random legal moves (chosen by `picks`) after the
/// start of `game`, stopping where the game ends.
fn reached(game: &str, picks: &[usize]) -> FairyPosition {
    let mut position = FairyPosition::start(game).expect("a start");
    let rules = RuleOptions::default();
    for pick in picks {
        let Ok(moves) = position.legal_moves(FairyMoveNotation::FairyUci, &rules) else { break };
        let Some(uci) = moves.get(pick % moves.len().max(1)).cloned() else { break };
        let to_play = MoveToPlay { text: &uci, write_as: FairyMoveNotation::FairyUci, lenient: false };
        position.play_with(to_play, &rules).expect("a legal move plays");
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_move_in_each_family_notation_reads_back_as_itself(
        game in prop::sample::select(GAMES),
        picks in prop::collection::vec(any::<usize>(), 0..24),
    ) {
        let position = reached(game, &picks);
        let rules = RuleOptions::default();
        let uci = position.legal_moves(FairyMoveNotation::FairyUci, &rules).expect("legal moves");
        let families: Vec<FairyMoveNotation> =
            position.rules_move_notations().into_iter().filter(|n| n.family().is_some()).collect();
        prop_assert!(!families.is_empty(), "{game} has a family notation");
        // and the long algebraic every game has
        for notation in families.into_iter().chain([FairyMoveNotation::FairyLan]) {
            let texts = position.legal_moves(notation, &rules).expect("legal moves");
            prop_assert_eq!(texts.len(), uci.len());
            for text in &texts {
                let mut next = position.clone();
                let to_play = MoveToPlay { text, write_as: notation, lenient: false };
                match next.play_with(to_play, &rules) {
                    Ok(played) => prop_assert_eq!(&played.text, text, "{} {:?}", game, notation),
                    // Manchu's banner writes a step along its file and a
                    // leap to another the same (`M2-3`); Kyoto shogi's LAN a
                    // drop of a lance or of a knight turned to its gold face
                    // the same (`G@c3`, as Fairy-Stockfish writes both)
                    Err(e) => prop_assert!(
                        (game == "manchu" || (game == "kyotoshogi" && notation == FairyMoveNotation::FairyLan))
                            && e.to_string().contains("names more than one legal move"),
                        "{} {:?} {}: {}", game, notation, text, e
                    ),
                }
            }
        }
    }

    #[test]
    fn reading_any_text_as_a_move_never_panics(
        game in prop::sample::select(GAMES),
        text in "[\\PC]{0,12}|[KAEHRCPMNBSGL+\\-=.x*'@0-9a-iกขคงจฉชญม็รบ ๑-๙]{0,8}",
    ) {
        let mut position = FairyPosition::start(game).expect("a start");
        let to_play = MoveToPlay { text: &text, write_as: FairyMoveNotation::FairyUci, lenient: true };
        let _ = position.play_with(to_play, &RuleOptions::default());
    }
}

/// Kyoto shogi's drops of a piece turned over, in LAN, are written as
/// Fairy-Stockfish writes them (`pyffish.get_san(..., NOTATION_LAN)`): by
/// the face placed alone, `G@c3` for a lance's drop as a tokin-gold and for
/// a knight's as a gold, so that the text names both; read, it says so and
/// names them. Its Hodges notation tells them apart (`+L*3c`, `+N*3c`).
#[test]
fn kyoto_shogis_turned_drops_are_written_alike_in_lan_and_read_as_both() {
    let fen = "1+n2+l/3+s1/P3k/1K1P1/S1N2[LN] w - - 1 11";
    let position = FairyPosition::from_fen("kyotoshogi", fen).expect("a position");
    let rules = RuleOptions::default();
    let lan = |uci: &str| {
        let mut next = position.clone();
        let to_play = MoveToPlay { text: uci, write_as: FairyMoveNotation::FairyLan, lenient: false };
        next.play_with(to_play, &rules).expect("a legal move").text
    };
    for (uci, written) in [("+L@c3", "G@c3"), ("+N@c3", "G@c3"), ("L@c3", "L@c3"), ("N@c3", "N@c3")] {
        assert_eq!(lan(uci), written, "{uci}");
    }
    let mut next = position.clone();
    let to_play = MoveToPlay { text: "G@c3", write_as: FairyMoveNotation::FairyLan, lenient: false };
    let error = next.play_with(to_play, &rules).expect_err("two moves").to_string();
    assert!(
        error.contains("names more than one legal move") && error.contains("+L@c3") && error.contains("+N@c3"),
        "{error}"
    );
    let hodges = position.legal_moves(FairyMoveNotation::FairyHodges, &rules).expect("legal moves");
    assert!(hodges.contains(&"+L*3c".to_owned()) && hodges.contains(&"+N*3c".to_owned()), "{hodges:?}");
}
