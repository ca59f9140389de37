//! The counting rules of Makruk, Cambodian and ASEAN chess (`countingRule`)
//! against what pyffish answers (`data/counting.tsv`, made by
//! `data/counting.py`: random games, mostly captures, from starts thinned
//! to a few pieces a side): after every ply the FEN's counting fields as
//! `get_fen` writes them, and whether the count has drawn the game.

mod common;

use common::outcome_word as words;
use polyfen_fairy::{Outcome, Position, registry};

const COUNTING: &str = include_str!("data/counting.tsv");

/// The FEN's fields after castling (counting limit or en passant, the
/// halfmove or counted plies, the fullmove number).
fn tail(fen: &str) -> String {
    fen.split(' ').skip(3).collect::<Vec<_>>().join(" ")
}

#[test]
fn counts_start_run_and_end_as_pyffish_says() {
    let mut differences = Vec::new();
    let (mut plies, mut counted, mut drawn) = (0, 0, 0);
    for line in COUNTING.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [variant, fen, moves, states] = fields[..] else { panic!("a row of four fields: {line}") };
        let rules = registry::rules(variant).unwrap_or_else(|| panic!("{variant} is built in"));
        let mut history = vec![Position::from_fen(&rules, fen).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))];
        let moves: Vec<&str> = moves.split(' ').filter(|m| *m != "-").collect();
        for uci in &moves {
            let next = rules.play_uci(history.last().expect("a position"), uci);
            history.push(next.unwrap_or_else(|e| panic!("{variant} {fen} {uci}: {e}")));
        }
        let states: Vec<&str> = states.split('|').collect();
        assert_eq!(states.len(), history.len(), "{variant} {fen}: a state after every ply");
        for (ply, state) in states.iter().enumerate() {
            let (want_tail, want_end) = state.rsplit_once(' ').expect("fields and an end");
            let seen = &history[..=ply];
            let pos = seen.last().expect("a position");
            let got_tail = tail(&pos.fen(&rules));
            let got_end = words(rules.history_outcome(seen));
            if got_tail != want_tail || got_end != want_end {
                differences.push(format!(
                    "{variant} {fen} after [{}]: {got_tail} {got_end}, pyffish {want_tail} {want_end}",
                    moves[..ply].join(" ")
                ));
            }
            // A FEN written during a count reads back with the same count.
            let again = Position::from_fen(&rules, &pos.fen(&rules)).expect("its own FEN reads");
            assert_eq!(again.fen(&rules), pos.fen(&rules));
            plies += 1;
            counted += usize::from(want_tail.split(' ').next().is_some_and(|f| f != "-"));
            drawn += usize::from(want_end == "draw");
        }
    }
    assert!(
        differences.is_empty(),
        "{} differences, first:\n{}",
        differences.len(),
        differences[..differences.len().min(20)].join("\n")
    );
    assert!(plies > 5000 && counted > 1000 && drawn > 30, "{plies} plies, {counted} counted, {drawn} drawn");
}

#[test]
fn a_running_count_reads_and_writes_in_the_en_passant_field() {
    let rules = registry::rules("makruk").expect("makruk is built in");
    let fen = "8/8/4k3/8/8/2RK4/8/8 b - 32 6 40";
    let pos = Position::from_fen(&rules, fen).expect("a counting FEN reads");
    assert_eq!(pos.fen(&rules), fen);
    // The count ends after 32 plies: at 33 the game is drawn.
    let over = Position::from_fen(&rules, "8/8/4k3/8/8/3K4/2R5/8 w - 32 33 40").expect("reads");
    assert_eq!(rules.history_outcome(&[over]), Some(Outcome::Draw));
    let not_yet = Position::from_fen(&rules, "8/8/4k3/8/8/3K4/2R5/8 w - 32 32 40").expect("reads");
    assert_eq!(rules.history_outcome(&[not_yet]), None);
}
