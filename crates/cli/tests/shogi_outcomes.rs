//! Shogi's outcomes that only a game's history tells, on the command line:
//! `games validate`, `lines` and `stats` warn of a fourth repetition a
//! record does not state, `games convert --to json` gives its status, and
//! `status` says when the side to move may declare a win by entering king.

mod common;

use std::fmt::Write as _;

use common::run as polyfen;

/// A KIF record of the rooks stepping aside and back three times, the
/// start seen a fourth time, with no ending.
fn repeated_kif() -> String {
    let mut text = String::from("手合割：平手\n手数----指手---------消費時間--\n");
    let cycle = ["３八飛(28)", "７二飛(82)", "２八飛(38)", "８二飛(72)"];
    for (i, m) in cycle.iter().cycle().take(12).enumerate() {
        let _ = writeln!(text, "{:>4} {m}", i + 1);
    }
    text
}

const WARNING: &str = "polyfen: <stdin>: game 1: warning: the record does not say how the game ended: \
                       the last position is the fourth repetition: sennichite, a draw (1/2-1/2)\n";

#[test]
fn the_games_commands_warn_of_a_repetition_the_record_does_not_state() {
    let kif = repeated_kif();
    let validate = polyfen(&["games", "validate", "-"], &kif);
    assert_eq!(validate.code, 0, "{}", validate.stderr);
    assert_eq!(validate.stdout, "ok: 1 games\n");
    assert_eq!(validate.stderr, WARNING);

    let lines = polyfen(&["games", "lines", "-"], &kif);
    assert_eq!(lines.code, 0, "{}", lines.stderr);
    assert!(lines.stdout.starts_with("2h3h 8b7b 3h2h 7b8b 2h3h"), "{}", lines.stdout);
    assert_eq!(lines.stderr, WARNING);

    let stats = polyfen(&["games", "stats", "-"], &kif);
    assert_eq!(stats.code, 0, "{}", stats.stderr);
    assert!(stats.stdout.ends_with("errors: 0\ngames with warnings on their ending: 1\n"), "{}", stats.stdout);
    assert_eq!(stats.stderr, WARNING);

    let json = polyfen(&["games", "convert", "--to", "json", "-"], &kif);
    assert_eq!(json.code, 0, "{}", json.stderr);
    let game: serde_json::Value = serde_json::from_str(json.stdout.trim_end()).expect("JSON");
    assert_eq!(game["status"], "sennichite");
    assert_eq!(game["result"], "*");
    assert_eq!(game["warnings"].as_array().map(Vec::len), Some(1));
}

#[test]
fn a_stated_sennichite_is_not_warned_of() {
    let kif = format!("{}  13 千日手\n", repeated_kif());
    let stats = polyfen(&["games", "stats", "-"], &kif);
    assert_eq!(stats.code, 0, "{}", stats.stderr);
    assert!(stats.stdout.contains("results: 1/2-1/2 1\n"), "{}", stats.stdout);
    assert!(!stats.stdout.contains("warnings"), "{}", stats.stdout);
    assert_eq!(stats.stderr, "");
}

#[test]
fn status_says_when_the_side_to_move_may_declare() {
    let entered = "+R+B+S+SK+N+N+N+N/PPPPPPPPP/9/9/9/9/9/9/4k4 b RB2GL2g2slp 1";
    let out = polyfen(&["status", entered], "");
    assert_eq!((out.code, out.stdout.as_str()), (0, "impasse-declaration\n"), "{}", out.stderr);
    // the same board with gote to move: gote may not declare
    let out = polyfen(&["status", &entered.replace(" b ", " w ")], "");
    assert_eq!((out.code, out.stdout.as_str()), (0, "ongoing\n"), "{}", out.stderr);
}
