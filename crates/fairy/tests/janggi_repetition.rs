//! Janggi's move repetition (`moveRepetitionIllegal`, janggimodern) and the
//! other Janggi games' repetition on the same lines, against what pyffish
//! answers (`data/janggi_repetition.tsv`, made by
//! `data/janggi_repetition.py`: pieces out and back, with passes, captures
//! and checks between, asked after every ply from the fourth).

mod common;

use common::history_end;

const LINES: &str = include_str!("data/janggi_repetition.tsv");

#[test]
fn janggi_repetition_ends_games_as_pyffish_says() {
    let mut differences = Vec::new();
    let (mut checked, mut ended, mut modern_won) = (0, 0, 0);
    for line in LINES.lines().filter(|l| !l.starts_with('#')) {
        let (variant, got, expected) = history_end(line);
        if got != expected {
            differences.push(format!("{line}: {got}"));
        }
        checked += 1;
        ended += usize::from(expected != "-");
        modern_won += usize::from(variant == "janggimodern" && expected == "win");
    }
    assert!(differences.is_empty(), "{} differences:\n{}", differences.len(), differences.join("\n"));
    println!("{checked} rows, {ended} ended, {modern_won} won in janggimodern");
    assert!(checked > 500 && ended > 150 && modern_won > 40, "{checked} rows, {ended} ended, {modern_won} won");
}
