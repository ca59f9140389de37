//! Tests that span the polyfen crates: the public corpus, snapshots of
//! round trips and errors, property tests, and a toy fourth variant
//! ([`minishogi`]) that proves the [`polyfen_core::Variant`] trait general.

pub mod minishogi;

use std::path::PathBuf;

/// The path of a file under `tests/data`.
#[must_use]
pub fn data_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data").join(relative)
}

/// The lines of a data file, without blank lines and `#` comments.
///
/// # Panics
///
/// If the file cannot be read: the test data is part of the repository.
#[must_use]
pub fn data_lines(relative: &str) -> Vec<String> {
    let path = data_path(relative);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// The book's introduction, whose examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/src/introduction.md")]
pub struct IntroductionChapter;

/// The book's chapter on adding a game, whose examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/src/adding-a-game.md")]
pub struct AddingAGameChapter;

/// The README's library example, run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct Readme;
