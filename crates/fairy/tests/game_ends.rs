//! The ends a game's history decides, Fairy-Stockfish's optional ends: the
//! n-move rule and n-fold repetition (with perpetual check refused, and
//! Janggi's move repetition and Xiangqi's chasing rule), for every
//! built-in game, against what pyffish answers (`data/game_ends.tsv`,
//! made by `data/game_ends.py`: the start with its halfmove clock just
//! below and at twice n, and three rounds of a piece out and back for each
//! side, asked after every ply from the fourth).

mod common;

use common::history_end;

const GAME_ENDS: &str = include_str!("data/game_ends.tsv");

#[test]
fn the_n_move_rule_and_repetition_end_games_as_pyffish_says() {
    let mut differences = Vec::new();
    let (mut checked, mut ended) = (0, 0);
    for line in GAME_ENDS.lines().filter(|l| !l.starts_with('#')) {
        let (_, got, expected) = history_end(line);
        if got != expected {
            differences.push(format!("{line}: {got}"));
        }
        checked += 1;
        ended += usize::from(expected != "-");
    }
    assert!(differences.is_empty(), "{} differences:\n{}", differences.len(), differences.join("\n"));
    assert!(checked > 1000 && ended > 600, "{checked} rows, {ended} ended");
    println!("{checked} rows, {ended} ended");
}
