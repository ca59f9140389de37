//! `polyfen explain`: positions and moves cut into parts, as lines and as
//! JSON, with repairs on their parts and errors that name the place.

mod common;

use std::fmt::Write;

use common::run;

/// Each byte offset of `input` covered by exactly one top-level JSON part.
fn assert_json_tiles(input: &str, stdout: &str) {
    let mut at = 0;
    for line in stdout.lines() {
        let part: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(part["start"].as_u64(), Some(at as u64), "{line}");
        let end = part["end"].as_u64().unwrap() as usize;
        assert_eq!(part["text"].as_str(), input.get(at..end), "{line}");
        assert!(!part["meaning"].as_str().unwrap().is_empty(), "{line}");
        at = end;
    }
    assert_eq!(at, input.len());
}

/// `polyfen explain` of each input, each succeeding, as a shell session
/// shows them one after the other.
fn transcript_of(inputs: &[&str]) -> String {
    let mut transcript = String::new();
    for input in inputs {
        let out = run(&["explain", input], "");
        assert_eq!(out.code, 0, "{}", out.stderr);
        let _ = writeln!(transcript, "$ polyfen explain {input}\n{}{}", out.stdout, out.stderr);
    }
    transcript
}

#[test]
fn explains_a_position_of_each_game() {
    let transcript = transcript_of(&[
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04",
        "khet:classic",
    ]);
    insta::assert_snapshot!(transcript);
}

#[test]
fn explains_moves_in_order_from_the_position() {
    let out = run(&["explain", "--position", "xiangqi:standard", "炮二平五", "h9g7", "H0-G2"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn json_parts_tile_the_input() {
    let input = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let out = run(&["explain", "--json", input], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_json_tiles(input, &out.stdout);
    let castling = out.stdout.lines().find(|l| l.contains("\"kind\":\"castling\"")).unwrap();
    let castling: serde_json::Value = serde_json::from_str(castling).unwrap();
    assert_eq!(castling["parts"][0]["squares"][0], "h1");
    assert_eq!(castling["input"], 1);
    assert_eq!(castling["notation"], "fen");

    let out = run(&["explain", "--json", "--position", "chess:standard", "e4", "Nf6"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let moves: Vec<serde_json::Value> = out.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(moves.len(), 3);
    assert_eq!((moves[0]["input"].as_u64(), moves[0]["squares"][0].as_str()), (Some(1), Some("e4")));
    assert_eq!((moves[1]["kind"].as_str(), moves[2]["squares"][0].as_str()), (Some("piece"), Some("f6")));
}

#[test]
fn repairs_show_on_their_parts_and_errors_name_the_column() {
    let out = run(&["explain", "--lenient", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("repaired:"), "{}", out.stdout);

    let out = run(&["explain", "8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"], "");
    assert_eq!(out.code, 1);
    assert!(out.stderr.starts_with("polyfen: input 1: column "), "{}", out.stderr);
    assert!(out.stdout.contains("white king on e1"), "{}", out.stdout);

    let out = run(&["explain", "--position", "chess:standard", "e4", "e4"], "");
    assert_eq!(out.code, 1);
    assert!(out.stderr.starts_with("polyfen: move 2 (e4): column "), "{}", out.stderr);
}

#[test]
fn reads_positions_from_standard_input() {
    let out = run(&["explain", "--json"], "4k3/8/8/8/8/8/8/4K3 w - - 0 1\nkhet:classic\n");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.lines().any(|l| l.contains("\"input\":2") && l.contains("\"kind\":\"rotations\"")));
}

#[test]
fn explains_three_checks_counters_in_both_forms() {
    let mut transcript = String::new();
    for input in ["4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 40", "4k3/8/8/8/8/8/8/4K3 w - - 0 40 +1+0"] {
        let out = run(&["explain", input], "");
        assert_eq!(out.code, 0, "{}", out.stderr);
        let _ = writeln!(transcript, "$ polyfen explain {input}\n{}{}", out.stdout, out.stderr);
        let json = run(&["explain", "--json", input], "");
        assert_json_tiles(input, &json.stdout);
    }
    insta::assert_snapshot!(transcript);
}

#[test]
fn explains_a_shogi_move_in_each_notation() {
    // moves in order from the start, in USI, CSA, KIF, CSA, KI2 and Western
    let out = run(
        &[
            "explain",
            "--position",
            "shogi:standard",
            "--",
            "7g7f",
            "-3334FU",
            "２二角成(88)",
            "-3122GI",
            "▲４五角",
            "P-8d",
        ],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn explains_a_crazyhouse_pocket_and_promoted_pieces_in_both_forms() {
    let inputs = [
        "r1b1k2r/ppp2ppp/8/8/8/8/PPP2PPP/R1B~1K2R[QNp] w KQkq - 0 12",
        "r1b1k2r/ppp2ppp/8/8/8/8/PPP2PPP/R1B~1K2R/QNp w KQkq - 0 12",
        "4k3/8/8/8/8/8/8/4K3[] b - - 0 1",
    ];
    let transcript = transcript_of(&inputs);
    for input in inputs {
        let json = run(&["explain", "--json", input], "");
        assert_json_tiles(input, &json.stdout);
        let hand = json.stdout.lines().find(|l| l.contains(r#""kind":"hand""#)).unwrap_or_else(|| panic!("{input}"));
        let hand: serde_json::Value = serde_json::from_str(hand).unwrap();
        // the pocket's cells tile it
        let cells = hand["parts"].as_array().unwrap();
        assert_eq!(cells.first().unwrap()["start"], hand["start"], "{input}");
        assert_eq!(cells.last().unwrap()["end"], hand["end"], "{input}");
    }
    assert!(transcript.contains("\"B~\" piece"), "{transcript}");
    insta::assert_snapshot!(transcript);
}
