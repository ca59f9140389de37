//! Validation: the perft positions are legal, and each kind of violation is
//! found (and only it) in a setup made to break one rule.

use polyfen_core::Color;
use polyfen_xiangqi::{Fen, START_FEN, Square, Violation, attackers};

/// Reads `fen` and checks that validation finds exactly the violations
/// whose messages are `expected`, in order.
fn check(fen: &str, expected: &[&str]) {
    let setup: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    let found: Vec<String> = setup.validate().iter().map(ToString::to_string).collect();
    assert_eq!(found, expected, "{fen}");
}

/// The perft positions of `tests/rules.rs`, with their perft numbers from
/// independent engines: all legal.
#[test]
fn perft_positions_are_legal() {
    for fen in [
        START_FEN,
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
    ] {
        check(fen, &[]);
    }
}

#[test]
fn piece_counts() {
    check("9/9/9/9/9/9/9/9/9/4K4 w", &["black has no king"]);
    check("3kk4/9/9/9/9/9/9/9/9/3K5 w", &["black has 2 kings, expected 1"]);
    check("9/9/9/9/9/9/9/9/9/9 w", &["red has no king", "black has no king"]);
    check("4k4/9/9/9/9/9/9/9/RRR6/3K5 b", &["red has 3 chariots, at most 2"]);
    check("4k4/9/9/PPPPPP3/9/9/9/9/9/3K5 w", &["red has 6 soldiers, at most 5"]);
    check(
        "2bakab2/4a4/4b4/9/9/9/9/9/9/3K5 w",
        &["black has 3 advisors, at most 2", "black has 3 elephants, at most 2"],
    );
}

#[test]
fn pieces_off_their_points() {
    check("4k4/9/9/9/9/9/9/9/9/K8 w", &["red king on a0 is outside its palace"]);
    check("9/4k4/9/9/9/9/9/9/3K5/9 w", &[]);
    check("2k6/9/9/9/9/9/9/9/9/3K5 w", &["black king on c9 is outside its palace"]);
    check(
        "4k4/9/9/9/9/9/9/9/9/3KA4 w",
        &["red advisor on e0 is not on one of its five palace points (d0, f0, e1, d2, f2)"],
    );
    check(
        "3k5/4b4/9/9/9/9/9/9/9/4K4 w",
        &["black elephant on e8 is not on one of its seven points (c9, g9, a7, e7, i7, c5, g5)"],
    );
    // an elephant never crosses the river
    check(
        "4k4/9/9/9/2B6/9/9/9/9/3K5 w",
        &["red elephant on c5 is not on one of its seven points (c0, g0, a2, e2, i2, c4, g4)"],
    );
    check("4k4/9/9/9/9/2B6/9/9/9/3K5 w", &[]);
}

#[test]
fn soldiers() {
    // before the river only on files a, c, e, g, i of ranks 3 and 4
    check(
        "4k4/9/9/9/9/9/1P7/9/9/3K5 w",
        &["red soldier on b3 has not crossed the river, so it must be on file a, c, e, g or i"],
    );
    check(
        "4k4/9/9/9/9/1P7/9/9/9/3K5 w",
        &["red soldier on b4 has not crossed the river, so it must be on file a, c, e, g or i"],
    );
    check("4k4/9/9/9/9/P1P1P1P1P/9/9/9/3K5 w", &[]);
    // behind its start rank: never
    check(
        "4k4/9/9/9/9/9/9/4P4/9/3K5 w",
        &["red soldier on e2 is behind its start rank, and soldiers never move backward"],
    );
    check(
        "4k4/1p7/9/9/9/9/9/9/9/3K5 w",
        &["black soldier on b8 is behind its start rank, and soldiers never move backward"],
    );
    check(
        "4k4/9/9/9/1p7/9/9/9/9/3K5 w",
        &["black soldier on b5 has not crossed the river, so it must be on file a, c, e, g or i"],
    );
    // across the river: anywhere ahead, even the far back rank
    check("3kP4/9/9/9/9/1p7/9/9/p8/4K4 b", &[]);
}

#[test]
fn facing_kings() {
    check("4k4/9/9/9/9/9/9/9/9/4K4 w", &["the kings face each other on the e file with nothing between them"]);
    check("3k5/9/9/9/9/9/9/9/9/3K5 b", &["the kings face each other on the d file with nothing between them"]);
    check("4k4/9/9/9/4p4/9/9/9/9/4K4 w", &[]);
}

#[test]
fn side_not_to_move_in_check() {
    // chariot, on a file and on a rank
    check("4k4/9/9/9/9/9/9/9/4R4/3K5 w", &["black is in check from e1 but it is red's move"]);
    check("4k4/9/9/9/9/9/9/9/4R4/3K5 b", &[]);
    check("3k4R/9/9/9/9/9/9/9/9/4K4 w", &["black is in check from i9 but it is red's move"]);
    // cannon: exactly one screen, of either side
    check("4k4/9/9/4p4/9/9/4C4/9/9/3K5 w", &["black is in check from e3 but it is red's move"]);
    check("4k4/9/9/4P4/9/9/4C4/9/9/3K5 w", &["black is in check from e3 but it is red's move"]);
    check("4k4/9/9/9/9/9/4C4/9/9/3K5 w", &[]);
    check("4k4/4a4/9/4p4/9/9/4C4/9/9/3K5 w", &[]);
    // horse, unless its leg is blocked
    check("4k4/9/3N5/9/9/9/9/9/9/3K5 w", &["black is in check from d7 but it is red's move"]);
    check("4k4/3P5/3N5/9/9/9/9/9/9/3K5 w", &[]);
    check("4k4/2N6/9/9/9/9/9/9/9/3K5 w", &["black is in check from c8 but it is red's move"]);
    check("4k4/2NP5/9/9/9/9/9/9/9/3K5 w", &[]);
    // soldier forward, and sideways once across the river
    check("4k4/4P4/9/9/9/9/9/9/9/3K5 w", &["black is in check from e8 but it is red's move"]);
    check("3Pk4/9/9/9/9/9/9/9/9/3K5 w", &["black is in check from d9 but it is red's move"]);
    check("3k5/9/9/9/9/9/9/9/4p4/4K4 b", &["red is in check from e1 but it is black's move"]);
    check("3k5/9/9/9/9/9/9/9/3p5/4K4 b", &[]);
    check("3k5/9/9/9/9/9/9/9/9/3pK4 b", &["red is in check from d0 but it is black's move"]);
    // two checkers at once
    check("4k4/9/3N5/9/9/9/9/9/4R4/3K5 w", &["black is in check from e1, d7 but it is red's move"]);
}

#[test]
fn attack_detection() {
    let sq = |name: &str| name.parse::<Square>().unwrap();
    let fen: Fen = "4k4/9/9/9/9/9/9/9/9/4K4 w".parse().unwrap();
    // the flying general
    assert_eq!(attackers(&fen.board, sq("e9"), Color::White), [sq("e0")]);
    assert_eq!(attackers(&fen.board, sq("e0"), Color::Black), [sq("e9")]);
    // a soldier before the river attacks only forward
    let fen: Fen = "4k4/9/9/9/9/9/4P4/9/9/3K5 w".parse().unwrap();
    assert_eq!(attackers(&fen.board, sq("e4"), Color::White), [sq("e3")]);
    assert!(attackers(&fen.board, sq("d3"), Color::White).is_empty());
    // an elephant needs a free eye; an advisor steps inside its palace
    let fen: Fen = "4k4/9/9/9/9/9/9/9/4A4/2B1K4 w".parse().unwrap();
    assert_eq!(attackers(&fen.board, sq("e2"), Color::White), [sq("c0")]);
    assert_eq!(attackers(&fen.board, sq("d2"), Color::White), [sq("e1")]);
    let fen: Fen = "4k4/9/9/9/9/9/9/9/3P5/2B1K4 w".parse().unwrap();
    assert!(attackers(&fen.board, sq("e2"), Color::White).is_empty());
}

#[test]
fn violations_display_in_plain_words() {
    let v = Violation::TooMany { color: Color::White, role: polyfen_xiangqi::Role::Horse, count: 3 };
    assert_eq!(v.to_string(), "red has 3 horses, at most 2");
}
