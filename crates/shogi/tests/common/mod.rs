//! What the Shogi test files that read the public corpus share.

// each test binary uses a part of it
#![allow(dead_code)]

use polyfen_shogi::Sfen;
use polyfen_test_support::Corpus;

/// The public corpus's Shogi folder: the tests that read it are skipped
/// without it.
pub const CORPUS: Corpus = Corpus::new("shogi");

/// A corpus file as text: UTF-8, or else `Shift_JIS`.
pub fn text_of(path: &str) -> String {
    let bytes = std::fs::read(format!("{CORPUS}/{path}")).unwrap_or_else(|e| panic!("{path}: {e}"));
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => encoding_rs::SHIFT_JIS.decode(e.as_bytes()).0.into_owned(),
    }
}

/// The SFENs of the corpus's `positions.tsv` (each line's first column,
/// the comment lines aside), each as written and as read; none, after
/// saying the test was skipped, without the corpus.
pub fn corpus_setups() -> Vec<(String, Sfen)> {
    let Some(_) = CORPUS.get() else { return Vec::new() };
    let text = std::fs::read_to_string(format!("{CORPUS}/positions.tsv")).expect("positions.tsv");
    let sfens = text.lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split('\t').next());
    sfens.map(|sfen| (sfen.to_owned(), sfen.parse().unwrap_or_else(|e| panic!("{sfen}: {e}")))).collect()
}

/// The lines of the corpus's two `expected.jsonl` files (of its records
/// and of its real games), each what a record holds.
pub fn expected_lines() -> Vec<String> {
    let mut lines = Vec::new();
    for file in ["records/expected.jsonl", "real/expected.jsonl"] {
        let text = std::fs::read_to_string(format!("{CORPUS}/{file}")).expect("expected.jsonl");
        lines.extend(text.lines().map(str::to_owned));
    }
    lines
}
