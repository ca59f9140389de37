//! The positions of the fairy corpus (`positions.tsv`) with their games
//! compiled once each (the built-in games and those of `user.ini`), for
//! the crate's own tests that hold a shortcut against the careful path
//! over every position.

use std::collections::HashMap;
use std::sync::Arc;

use polyfen_test_support::Corpus;

use super::{Position, Rules};
use crate::Variants;

/// A row of `positions.tsv` whose game is played and whose FEN reads.
pub(crate) struct Row {
    /// The row's place among the file's rows (comments left out).
    pub(crate) index: usize,
    pub(crate) name: String,
    pub(crate) fen: String,
    /// The row's legal moves in UCI, `-` for none.
    pub(crate) moves: String,
    pub(crate) rules: Arc<Rules>,
    pub(crate) position: Position,
}

/// Every such row, in the file's order; `None` without the corpus (the
/// test then skips, as the corpus's helper says).
pub(crate) fn rows() -> Option<Vec<Row>> {
    let dir = Corpus::new("fairy").get()?;
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).expect("the fairy corpus");
    let mut variants = Variants::new();
    variants.read("user.ini", &read("user.ini")).expect("user.ini reads");
    let mut compiled: HashMap<String, Arc<Rules>> = HashMap::new();
    let mut rows = Vec::new();
    let lines = read("positions.tsv");
    for (index, line) in lines.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).enumerate() {
        let [name, fen, moves, ..] = line.split('\t').collect::<Vec<_>>()[..] else { continue };
        let rules = if let Some(rules) = compiled.get(name) {
            Arc::clone(rules)
        } else {
            let Some(def) = variants.get(name) else { continue };
            let rules = Arc::new(Rules::new(def));
            compiled.insert(name.to_owned(), Arc::clone(&rules));
            rules
        };
        if rules.unsupported().is_some() {
            continue;
        }
        let Ok(position) = Position::from_fen(&rules, fen) else { continue };
        rows.push(Row { index, name: name.to_owned(), fen: fen.to_owned(), moves: moves.to_owned(), rules, position });
    }
    Some(rows)
}
