//! The public test corpus: files too large for the repository (lichess
//! games, Xiangqi and Shogi record collections), kept in `shared/corpus`
//! beside the clone. CI has it; a plain clone does not, and its tests that
//! need it say they were skipped rather than fail.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The environment variable that, set to `required`, makes a missing
/// corpus fail the test instead of skipping it (`.ci/run` sets it).
pub const CORPUS_ENV: &str = "POLYFEN_CORPUS";

/// How the corpus is named in messages: relative to the repository.
const SHOWN: &str = "../shared/corpus";

/// The corpus folder, `../shared/corpus` beside the repository (which may
/// not exist).
#[must_use]
pub fn corpus_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus")
}

/// A file or folder of the public corpus, named relative to it: a test
/// file's constant, written into paths as the absolute path it stands for
/// (`format!("{SHOGI}/positions.tsv")`), and asked for with [`Corpus::get`]
/// at the start of each test that reads it.
///
/// ```no_run
/// use polyfen_test_support::Corpus;
///
/// const SHOGI: Corpus = Corpus::new("shogi");
///
/// let Some(_) = SHOGI.get() else { return };
/// let text = std::fs::read_to_string(format!("{SHOGI}/positions.tsv")).unwrap();
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Corpus(&'static str);

impl Corpus {
    /// The corpus's `relative` file or folder.
    #[must_use]
    pub const fn new(relative: &'static str) -> Corpus {
        Corpus(relative)
    }

    /// Where it is, or would be.
    #[must_use]
    pub fn path(&self) -> PathBuf {
        corpus_root().join(self.0)
    }

    /// Its path, or `None` after saying the test was skipped, as [`corpus`].
    ///
    /// # Panics
    ///
    /// When it is absent and `POLYFEN_CORPUS=required`.
    #[must_use]
    pub fn get(&self) -> Option<PathBuf> {
        corpus(self.0)
    }
}

impl std::fmt::Display for Corpus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.path().display())
    }
}

/// The path of `relative` (a file or a folder) in the public corpus, or
/// `None` when it is absent: then one line on standard error says the test
/// was skipped and why (once a test binary: a property test asks on every
/// case), and the test should return.
///
/// ```no_run
/// let Some(games) = polyfen_test_support::corpus("pgn/lichess_db_1000k.pgn") else { return };
/// ```
///
/// # Panics
///
/// When the path is absent and `POLYFEN_CORPUS=required`.
#[must_use]
pub fn corpus(relative: &str) -> Option<PathBuf> {
    // the paths already said missing in this test binary
    static SAID: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let path = corpus_root().join(relative);
    if path.exists() {
        return Some(path);
    }
    let required = std::env::var(CORPUS_ENV).is_ok_and(|v| v == "required");
    let message = missing(relative, required);
    assert!(!required, "{message}");
    let mut said = SAID.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if !said.iter().any(|r| r == relative) {
        said.push(relative.to_owned());
        // straight to standard error, past the test harness's capture, so
        // that the skip shows in a plain `cargo test`
        let _ = writeln!(std::io::stderr(), "{message}");
    }
    None
}

/// What a missing corpus path is told with: a skip, or the failure.
fn missing(relative: &str, required: bool) -> String {
    let shown = if relative.is_empty() { SHOWN.to_owned() } else { format!("{SHOWN}/{relative}") };
    if required {
        format!("{shown} not found (the public test corpus; {CORPUS_ENV}=required)")
    } else {
        format!("skipped: {shown} not found (the public test corpus; set {CORPUS_ENV}=required to fail instead)")
    }
}

/// The rows of a TSV text (a corpus file such as the fairy corpus's
/// `positions.tsv`), split at tabs, `#` comments and empty lines left out.
#[must_use]
pub fn tsv_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_path_is_named_relative_to_the_repository() {
        assert_eq!(
            missing("pgn", false),
            "skipped: ../shared/corpus/pgn not found (the public test corpus; set POLYFEN_CORPUS=required to fail instead)"
        );
        assert_eq!(missing("", true), "../shared/corpus not found (the public test corpus; POLYFEN_CORPUS=required)");
    }

    #[test]
    fn an_absent_path_is_none_unless_required() {
        if std::env::var(CORPUS_ENV).is_ok_and(|v| v == "required") {
            let caught = std::panic::catch_unwind(|| corpus("no such folder"));
            assert!(caught.is_err());
        } else {
            assert_eq!(corpus("no such folder"), None);
        }
    }

    #[test]
    fn a_corpus_constant_writes_its_path() {
        const PGN: Corpus = Corpus::new("pgn");
        assert_eq!(format!("{PGN}/x.pgn"), format!("{}/x.pgn", corpus_root().join("pgn").display()));
        assert_eq!(PGN.path(), corpus_root().join("pgn"));
    }

    #[test]
    fn the_root_is_beside_the_repository() {
        // the repository's root: two folders up from this crate's
        let repository = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        assert!(repository.join("crates/test-support/Cargo.toml").exists());
        assert_eq!(corpus_root(), repository.join("../shared/corpus"));
    }
}
