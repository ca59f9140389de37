//! Strict move reading against python-chess: for each position and text in
//! `tests/data/chess/python_chess_san.jsonl` (made with python-chess 1.11's
//! `Board.parse_san`), polyfen's strict `parse_move` takes exactly the texts
//! python-chess takes, as the same move, but for the deliberate differences
//! listed here (and in the book's table of move forms).

use polyfen_chess::{CastlingNotation, Fen, Position};

const VECTORS: &str = include_str!("../../../tests/data/chess/python_chess_san.jsonl");

/// Texts python-chess takes that polyfen refuses strictly, and why.
const STRICTER: &[(&str, &str)] = &[("--", "a null move is no move of the position: polyfen has none")];

/// Texts polyfen takes strictly that python-chess refuses, and why.
const LOOSER: &[(&str, &str)] = &[
    ("exf6 e.p.", "FIDE's own suffix for an en passant capture"),
    ("exf6e.p.", "the same, written without the space"),
    ("Nf3!", "a move's annotation, which PGN writes after it"),
    ("Nf3?", "an annotation"),
    ("Nf3!!", "an annotation"),
    ("Nf3??", "an annotation"),
    ("Nf3!?", "an annotation"),
    ("Nf3?!", "an annotation"),
    ("a3+!", "a check mark, then an annotation"),
    ("Nf3 ", "white space around a move is not part of it"),
];

#[test]
fn strict_reading_agrees_with_python_chess() {
    let mut differences = Vec::new();
    for line in VECTORS.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let fen: Fen = v["fen"].as_str().expect("fen").parse().expect("a FEN");
        let position = Position::from_setup(&fen).expect("playable");
        let text = v["text"].as_str().expect("text");
        let ours = position.parse_move(text).map(|m| position.uci(m, CastlingNotation::KingTwoSquares));
        let theirs = v["uci"].as_str();
        match (&ours, theirs) {
            (Ok(a), Some(b)) if a == b => {}
            (Err(_), None) => {}
            (Ok(_), None) if LOOSER.iter().any(|(t, _)| *t == text) => {}
            (Err(_), Some(_)) if STRICTER.iter().any(|(t, _)| *t == text) => {}
            _ => differences.push(format!("{text:?} in {fen}: polyfen {ours:?}, python-chess {theirs:?}")),
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}
