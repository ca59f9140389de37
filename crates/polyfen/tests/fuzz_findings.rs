//! Inputs the fuzz targets of `fuzz/` found, replayed: each once made a
//! target fail, and each test says what the target checks.

use polyfen::records::{GameOptions, read_pgn};

/// `pgn`: a game written as PGN reads back with the same main line. A
/// game without a result marker whose `Result` tag is no result (here a
/// control character before `-0`) ended its written movetext with the
/// tag's value, which no reader takes as a result; it ends with `*` now,
/// and the tag is kept as written.
#[test]
fn a_result_tag_that_is_no_result_ends_the_written_movetext_with_a_star() {
    let pgn = "[Event \"x\"]\n[Result \"\u{11}-0\"]\n\n1. e4 e5 2. Nf3\n";
    let game = read_pgn(pgn, GameOptions::default()).remove(0).expect("a game");
    assert_eq!(game.result_text(), "*");
    let mut written = String::new();
    game.write_pgn(None, &mut written).expect("written");
    assert!(written.contains("[Result \"\u{11}-0\"]"), "{written}");
    assert!(written.trim_end().ends_with("2. Nf3 *"), "{written}");
    let back = read_pgn(&written, GameOptions::default()).remove(0).expect("reads back");
    assert_eq!(back.lines(None).expect("lines"), game.lines(None).expect("lines"));
    let json = game.to_json(None).expect("the JSON form");
    assert_eq!(json.result, "*");
}

/// `explain`: any text is explained or refused, without a panic. Thirty
/// `/` in eight-byte steps made a sum of the detection's fast path
/// overflow (a panic in a build with overflow checks).
#[test]
fn a_placement_of_thirty_slashes_is_detected_without_overflow() {
    let text = format!("{}9;\n", "/".repeat(30));
    let _ = polyfen::detect(&text);
    let explained = polyfen::explain::explain(&text, None, &polyfen::ReadOptions::default());
    assert!(explained.is_err(), "no game has 31 ranks");
    for slashes in 20..40 {
        let _ = polyfen::detect(&format!("{}8 w - - 0 1", "8/".repeat(slashes)));
    }
}

/// `position`: a position read is written in every notation of its game.
/// A Shogi hand of more pieces of a kind than a game can hold (26 knights)
/// made the KIF board's count in kanji subtract past zero; it writes
/// `二十六` now.
#[test]
fn a_hand_of_twenty_six_knights_is_written_as_a_kif_board() {
    let sfen = format!("4k4/9/9/9/9/9/9/9/4K4 b {}N 1", 26);
    let position = polyfen::read(&sfen, None, &polyfen::ReadOptions::default()).expect("reads").position;
    let written =
        polyfen::Position::to_notation(&position, polyfen::Notation::KifBoard, &polyfen::WriteOptions::default())
            .expect("written");
    assert!(written.text.contains("桂二十六"), "{}", written.text);
}
