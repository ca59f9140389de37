//! The fairy corpus (`../shared/corpus/fairy`, made with pyffish 0.0.90)
//! and the games its rows name: the built-in ones and those of
//! Fairy-Stockfish's example file, read from the corpus by path.
#![allow(dead_code)]

use polyfen_fairy::{Outcome, Variants};
use polyfen_test_support::Corpus;

/// The fairy corpus: the tests that read it ask for it first (and are
/// skipped without it).
pub const CORPUS: Corpus = Corpus::new("fairy");

/// A file of the corpus.
pub fn corpus(name: &str) -> String {
    std::fs::read_to_string(CORPUS.path().join(name)).expect("the fairy corpus (../shared/corpus/fairy) is in place")
}

/// The built-in games and the example file's.
pub fn variants() -> Variants {
    let mut variants = Variants::new();
    variants.read("user.ini", &corpus("user.ini")).expect("user.ini reads");
    variants
}

/// The rows of a TSV file of the corpus, split at tabs, comments left out.
pub fn rows(name: &str) -> Vec<Vec<String>> {
    polyfen_test_support::tsv_rows(&corpus(name))
}

/// An outcome for the side to move as the data files write pyffish's
/// `is_optional_game_end`: `-` (the game goes on), `win`, `loss`, `draw`.
pub fn outcome_word(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "-",
        Some(Outcome::Win) => "win",
        Some(Outcome::Loss) => "loss",
        Some(_) => "draw",
    }
}

/// A row of the data files of the ends a line's history decides (variant,
/// start FEN, the UCI moves played from it or `-`, pyffish's
/// `is_optional_game_end` as [`outcome_word`] writes it), the line played
/// from the start: the variant, polyfen's answer after the last move and
/// pyffish's.
pub fn history_end(line: &str) -> (&str, &'static str, &str) {
    use polyfen_fairy::{Position, registry};
    let fields: Vec<&str> = line.split('\t').collect();
    let [variant, fen, moves, expected] = fields[..] else { panic!("a row of four fields: {line}") };
    let rules = registry::rules(variant).unwrap_or_else(|| panic!("{variant} is built in"));
    let mut history = vec![Position::from_fen(&rules, fen).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))];
    for uci in moves.split(' ').filter(|m| *m != "-") {
        let next = rules.play_uci(history.last().expect("a position"), uci);
        history.push(next.unwrap_or_else(|e| panic!("{variant} {moves}: {uci}: {e}")));
    }
    (variant, outcome_word(rules.history_outcome(&history)), expected)
}
