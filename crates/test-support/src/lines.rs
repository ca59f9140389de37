//! A game record's lines of moves checked against another reader's.

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
