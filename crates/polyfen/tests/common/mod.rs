//! What the game-record tests share: the corpus files they read and
//! reading or writing one game.

// each test file uses a part of it
#![allow(dead_code)]

use polyfen::MoveNotation;
use polyfen::records::{Game, GameOptions, read_pgn};
use polyfen_test_support::Corpus;

/// Files of the public corpus: the tests that read them are skipped
/// without it.
pub const LICHESS: Corpus = Corpus::new("pgn/lichess_db_1000k.pgn");
pub const LICHESS_EXPECTED: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/games/lichess_python_chess.jsonl");
pub const CCHESS: Corpus = Corpus::new("xiangqi-records/cchess-tests");

pub fn games(text: &str) -> Vec<Game> {
    read_pgn(text, GameOptions::default()).into_iter().map(|g| g.expect("a good game")).collect()
}

pub fn one(text: &str) -> Game {
    let mut all = games(text);
    assert_eq!(all.len(), 1, "one game in {text:?}");
    all.remove(0)
}

pub fn pgn(game: &Game, notation: Option<MoveNotation>) -> String {
    let mut out = String::new();
    game.write_pgn(notation, &mut out).expect("writable");
    out
}
