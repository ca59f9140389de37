//! The outcomes only a game's history tells reach the game layer: a Shogi
//! record read (KIF, CSA, PGN) whose main line repeats a position a fourth
//! time ends in `sennichite` (a draw) or `perpetual-check` (the checker
//! loses), an impasse declaration is checked against the last position,
//! and every disagreement with the record's stated ending is a warning of
//! the game, never silent. Chess, whose rules judge no history, has none.

use std::fmt::Write as _;

use polyfen::records::{GameOptions, RecordFormat, read_pgn};

/// A KIF record of `moves` from the even start, then `ending` if any.
fn kif(moves: &[&str], ending: Option<&str>) -> String {
    let mut text = String::from("手合割：平手\n手数----指手---------消費時間--\n");
    for (i, m) in moves.iter().enumerate() {
        let _ = writeln!(text, "{:>4} {m}", i + 1);
    }
    if let Some(end) = ending {
        let _ = writeln!(text, "{:>4} {end}", moves.len() + 1);
    }
    text
}

/// The rooks stepping aside and back three times: the start is seen a
/// fourth time after move 12.
fn rooks_back_and_forth() -> Vec<&'static str> {
    ["３八飛(28)", "７二飛(82)", "２八飛(38)", "８二飛(72)"].iter().cycle().take(12).copied().collect()
}

/// An empty CSA rank.
const EMPTY: &str = " *  *  *  *  *  *  *  *  * ";

/// A CSA record: gote's king on 6a, sente's king on 5i and rook on 1i; the
/// rook checks along ranks a and b while the king steps between 6a and 6b.
fn perpetual_check_csa(ending: &str) -> String {
    let mut text = String::from("V2.2\nN+Sente\nN-Gote\nP1 *  *  * -OU *  *  *  *  * \n");
    for rank in 2..=8 {
        let _ = writeln!(text, "P{rank}{EMPTY}");
    }
    text.push_str("P9 *  *  *  * +OU *  *  * +HI\n+\n+1911HI\n");
    for _ in 0..3 {
        text.push_str("-6162OU\n+1112HI\n-6261OU\n+1211HI\n");
    }
    text.push_str(ending);
    text.push('\n');
    text
}

fn one(format: RecordFormat, text: &str) -> polyfen::records::Game {
    format.read(text.as_bytes()).remove(0).expect("the record reads")
}

#[test]
fn a_fourth_repetition_stated_as_sennichite_is_a_draw_without_warning() {
    let game = one(RecordFormat::Kif, &kif(&rooks_back_and_forth(), Some("千日手")));
    assert_eq!(game.result_text(), "1/2-1/2");
    assert!(game.warnings.is_empty(), "{:?}", game.warnings);
    let json = game.to_json(None).expect("JSON");
    assert_eq!(json.status, "sennichite");
    assert!(json.warnings.is_empty());
    let written = serde_json::to_string(&json).expect("serialized");
    assert!(!written.contains("warnings"), "an empty list is left out: {written}");
}

#[test]
fn a_fourth_repetition_the_record_does_not_state_is_reported() {
    let game = one(RecordFormat::Kif, &kif(&rooks_back_and_forth(), None));
    assert_eq!(game.result_text(), "*");
    assert_eq!(
        game.warnings,
        [
            "the record does not say how the game ended: the last position is the fourth repetition: sennichite, a draw (1/2-1/2)"
        ]
    );
    let json = game.to_json(None).expect("JSON");
    assert_eq!((json.status.as_str(), json.warnings.len()), ("sennichite", 1));
    // read back from its JSON, the game keeps them
    assert_eq!(json.to_game().expect("the game").warnings, game.warnings);
}

#[test]
fn a_resignation_at_the_fourth_repetition_disagrees_with_the_rules() {
    let game = one(RecordFormat::Kif, &kif(&rooks_back_and_forth(), Some("投了")));
    assert_eq!(game.result_text(), "0-1");
    assert_eq!(game.warnings.len(), 1);
    assert!(game.warnings[0].starts_with("the record says 0-1, but"), "{:?}", game.warnings);
}

#[test]
fn perpetual_check_loses_for_the_checker() {
    // the record calls it a plain repetition, a draw: the rules say sente lost
    let game = one(RecordFormat::Csa, &perpetual_check_csa("%SENNICHITE"));
    assert_eq!(game.plies(), 13);
    assert_eq!(game.main_line(None).expect("replays").status.to_string(), "perpetual-check");
    assert_eq!(
        game.warnings,
        [
            "the record says 1/2-1/2, but the last position is the fourth repetition: perpetual check by sente, who loses (0-1)"
        ]
    );
    // gote's win by sente's illegal repetition, as CSA servers write it: agreed
    let game = one(RecordFormat::Csa, &perpetual_check_csa("%+ILLEGAL_ACTION"));
    assert_eq!(game.result_text(), "0-1");
    assert!(game.warnings.is_empty(), "{:?}", game.warnings);
}

#[test]
fn an_impasse_declaration_is_checked_against_the_last_position() {
    let mut entered = String::from("V2.2\nP1+RY+UM+NG+NG+OU+NK+NK+NK+NK\nP2+FU+FU+FU+FU+FU+FU+FU+FU+FU\n");
    for rank in 3..=8 {
        let _ = writeln!(entered, "P{rank}{EMPTY}");
    }
    entered.push_str("P9 *  *  *  * -OU *  *  *  * \nP+00HI00KA00KI00KI00KY\nP-00KI00KI00GI00GI00KY00FU\n+\n%KACHI\n");
    let game = one(RecordFormat::Csa, &entered);
    assert_eq!((game.result_text(), game.tag("Termination")), ("1-0", Some("entering king")));
    assert!(game.warnings.is_empty(), "{:?}", game.warnings);
    assert_eq!(game.to_json(None).expect("JSON").status, "impasse-declaration");

    let early = one(RecordFormat::Csa, "V2.2\nPI\n+\n+7776FU\n-3334FU\n%KACHI\n");
    assert_eq!(
        early.warnings,
        ["the record ends with sente's impasse declaration (entering king), which the last position does not allow: \
             the king is not in the opponent's camp; 0 pieces in the camp (10 needed); 0 points (28 needed)"]
    );
    assert_eq!(early.to_json(None).expect("JSON").status, "ongoing");
}

#[test]
fn the_pgn_reader_judges_a_shogi_line_even_when_only_checking() {
    let moves = ["2h3h", "8b7b", "3h2h", "7b8b"].repeat(3).join(" ");
    let pgn = format!("[Variant \"shogi\"]\n\n{moves} *\n\n[Variant \"shogi\"]\n\n{moves} 1/2-1/2\n");
    for check_only in [false, true] {
        let games = read_pgn(&pgn, GameOptions::default().with_check_only(check_only));
        let unstated = games[0].as_ref().expect("a game");
        assert_eq!(unstated.warnings.len(), 1, "{:?}", unstated.warnings);
        assert!(unstated.warnings[0].contains("sennichite"), "{:?}", unstated.warnings);
        assert!(games[1].as_ref().expect("a game").warnings.is_empty());
    }
    // a variation that repeats does not count: only the main line's history
    let pgn = format!("[Variant \"shogi\"]\n\n2g2f ({moves}) 8c8d *\n");
    let game = read_pgn(&pgn, GameOptions::default()).remove(0).expect("a game");
    assert!(game.warnings.is_empty(), "{:?}", game.warnings);
}

#[test]
fn chess_judges_no_history() {
    // the same position four times: chess's repetition is a claim, not an end
    let pgn = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 *\n";
    let game = read_pgn(pgn, GameOptions::default()).remove(0).expect("a game");
    assert!(game.warnings.is_empty());
    let json = game.to_json(None).expect("JSON");
    assert_eq!(json.status, "ongoing");
    assert!(!serde_json::to_string(&json).expect("serialized").contains("warnings"));
}

#[test]
fn the_corpus_repetitions_are_sennichite_as_their_records_say() {
    let Some(corpus) = polyfen_test_support::corpus("shogi/records") else { return };
    let corpus = corpus.display();
    for file in ["csa/020.csa", "csa/021.csa", "kif/020.kif", "kif/021.kif"] {
        let bytes = std::fs::read(format!("{corpus}/{file}")).expect("a corpus record");
        let format = polyfen::records::detect_format(&bytes);
        let game = format.read(&bytes).remove(0).expect("the record reads");
        assert_eq!((game.result_text(), game.tag("Termination")), ("1/2-1/2", Some("repetition")), "{file}");
        assert_eq!(game.main_line(None).expect("replays").status.to_string(), "sennichite", "{file}");
        assert!(game.warnings.is_empty(), "{file}: {:?}", game.warnings);
    }
}

/// A resignation is the record's: the result and `Termination` say it, as
/// for a chess game that ends by resignation, and the status stays the last
/// position's (`ongoing`: the side that resigned still had moves), with no
/// warning, in both games alike.
#[test]
fn a_resignation_is_the_result_and_the_position_keeps_its_status() {
    let shogi =
        RecordFormat::Kif.read(kif(&["７六歩(77)", "３四歩(33)"], Some("投了")).as_bytes()).remove(0).expect("read");
    let chess = read_pgn("[Result \"0-1\"]\n[Termination \"resign\"]\n\n1. e4 e5 0-1\n", GameOptions::default())
        .remove(0)
        .expect("read");
    for game in [&shogi, &chess] {
        let json = game.to_json(None).expect("JSON");
        assert_eq!((json.result.as_str(), json.status.as_str()), ("0-1", "ongoing"), "{}", game.variant);
        assert_eq!(game.tag("Termination"), Some("resign"));
        assert!(json.warnings.is_empty(), "{:?}", json.warnings);
    }
}
