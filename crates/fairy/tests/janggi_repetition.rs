//! Janggi's move repetition (`moveRepetitionIllegal`, janggimodern) and the
//! other Janggi games' repetition on the same lines, against what pyffish
//! answers (`data/janggi_repetition.tsv`, made by
//! `data/janggi_repetition.py`: pieces out and back, with passes, captures
//! and checks between, asked after every ply from the fourth).

mod common;

use common::outcome_word as words;
use polyfen_fairy::{Position, registry};

const LINES: &str = include_str!("data/janggi_repetition.tsv");

#[test]
fn janggi_repetition_ends_games_as_pyffish_says() {
    let mut differences = Vec::new();
    let (mut checked, mut ended, mut modern_won) = (0, 0, 0);
    for line in LINES.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [variant, fen, moves, expected] = fields[..] else { panic!("a row of four fields: {line}") };
        let rules = registry::rules(variant).unwrap_or_else(|| panic!("{variant} is built in"));
        let mut history = vec![Position::from_fen(&rules, fen).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))];
        for uci in moves.split(' ') {
            let next = rules.play_uci(history.last().expect("a position"), uci);
            history.push(next.unwrap_or_else(|e| panic!("{variant} {moves}: {uci}: {e}")));
        }
        let got = words(rules.history_outcome(&history));
        if got != expected {
            differences.push(format!("{variant} {fen} [{moves}]: {got}, pyffish {expected}"));
        }
        checked += 1;
        ended += usize::from(expected != "-");
        modern_won += usize::from(variant == "janggimodern" && expected == "win");
    }
    assert!(differences.is_empty(), "{} differences:\n{}", differences.len(), differences.join("\n"));
    println!("{checked} rows, {ended} ended, {modern_won} won in janggimodern");
    assert!(checked > 500 && ended > 150 && modern_won > 40, "{checked} rows, {ended} ended, {modern_won} won");
}
