//! The repository's own test data, `tests/data`: small files every clone
//! has (the chess corpus lines and perft suites, expected readings).

use std::path::{Path, PathBuf};

/// The path of a file under `tests/data`.
#[must_use]
pub fn data_path(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data").join(relative)
}

/// The lines of a data file, trimmed, without blank lines and `#`
/// comments.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_data_file_reads_as_its_lines_without_comments() {
        let lines = data_lines("chess/pychess_tricky.perft");
        assert!(lines.iter().all(|l| !l.is_empty() && !l.starts_with('#') && l.trim() == l));
        assert_eq!(lines.iter().filter(|l| l.starts_with("id ")).count(), 19);
    }
}
