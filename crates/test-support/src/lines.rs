//! A game record's lines of moves checked against another reader's.

use std::path::Path;

/// Checks the lines of a game read back from what polyfen wrote: `back`
/// must be `own` (the lines of the game written), and, sorted, the lines
/// another reader found in what polyfen wrote, `theirs` (no line at all
/// counts as one empty line). `source` names the game in a failure.
///
/// # Panics
///
/// When the lines differ.
pub fn assert_lines_read_back(
    source: &str,
    own: &[Vec<String>],
    mut back: Vec<Vec<String>>,
    mut theirs: Vec<Vec<String>>,
) {
    assert_eq!(own, back, "{source}: polyfen reads back its own tree");
    if theirs.is_empty() {
        theirs.push(Vec::new());
    }
    theirs.sort();
    back.sort();
    assert_eq!(back, theirs, "{source}");
}

/// Checks each game another reader read from what polyfen wrote, as
/// recorded in `readings`, a file of `tests/data` with one JSON object a
/// line: `source`, the game's file below the corpus folder `folder`; `fen`,
/// the start position that reader found (its board is compared); `lines`,
/// its lines of moves. Only the sources ending in `.extension` (any case)
/// are checked. `read_back` reads the source at the path given and answers
/// the lines of the game, those of the game read back from what polyfen
/// wrote, and the start position read back as FEN. Answers how many games
/// were checked.
///
/// # Panics
///
/// When the readings cannot be read, or a game's lines (see
/// [`assert_lines_read_back`]) or board differ.
pub fn assert_games_read_back_as_recorded(
    readings: &str,
    folder: &str,
    extension: &str,
    mut read_back: impl FnMut(&Path) -> (Vec<Vec<String>>, Vec<Vec<String>>, String),
) -> usize {
    let expected = std::fs::read_to_string(crate::data_path(readings)).expect("the recorded readings");
    let root = crate::corpus_root().join(folder);
    let mut count = 0;
    for line in expected.lines() {
        let want: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let source = want["source"].as_str().expect("a source");
        if !Path::new(source).extension().is_some_and(|x| x.eq_ignore_ascii_case(extension)) {
            continue;
        }
        let (own, back, fen) = read_back(&root.join(source));
        let want_lines = serde_json::from_value(want["lines"].clone()).expect("lines");
        assert_lines_read_back(source, &own, back, want_lines);
        let want_board = want["fen"].as_str().expect("a FEN").split(' ').next().unwrap_or_default();
        assert_eq!(fen.split(' ').next(), Some(want_board), "{source}");
        count += 1;
    }
    count
}
