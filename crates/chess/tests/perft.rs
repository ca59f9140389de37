//! Perft against the public suites (python-chess's copies of the
//! chessprogramming, talkchess and Rookie files): every position of the
//! tricky and Chess960 suites and a sample of the random one, each to the
//! deepest depth whose count stays under a node budget, so that the debug
//! build CI runs stays quick. The full files run in the benchmark.

use polyfen_chess::{Fen, Position};
use polyfen_core::PerftTree;
use polyfen_test_support::perft::{Case, cases};

const TRICKY: &str = include_str!("../../../tests/data/chess/pychess_tricky.perft");
const CHESS960: &str = include_str!("../../../tests/data/chess/pychess_chess960.perft");
const RANDOM: &str = include_str!("../../../tests/data/chess/pychess_random.perft");

/// Runs each case to the deepest depth within `budget` nodes (at least
/// depth 1), returning the number of nodes counted.
fn check(cases: &[Case], budget: u64) -> u64 {
    let mut total = 0;
    for case in cases {
        let fen: Fen = case.epd.parse().unwrap_or_else(|e| panic!("{}: {e}", case.id));
        let pos = Position::from_setup(&fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for &(depth, nodes) in &case.counts {
            if depth > 1 && nodes > budget {
                break;
            }
            assert_eq!(pos.perft(depth), nodes, "{} depth {depth}: {}", case.id, case.epd);
            total += nodes;
        }
    }
    total
}

#[test]
fn tricky_suite() {
    let cases = cases(TRICKY);
    assert_eq!(cases.len(), 19);
    assert!(check(&cases, 1_000_000) > 2_000_000);
}

#[test]
fn chess960_suite() {
    let cases = cases(CHESS960);
    assert_eq!(cases.len(), 960);
    check(&cases, 20_000);
}

#[test]
fn chess960_suite_deeper_sample() {
    let cases = cases(CHESS960);
    let sample: Vec<Case> = cases.into_iter().step_by(40).collect();
    check(&sample, 500_000);
}

#[test]
fn random_suite_sample() {
    let cases = cases(RANDOM);
    assert_eq!(cases.len(), 6838);
    let sample: Vec<Case> = cases.into_iter().step_by(5).collect();
    check(&sample, 50_000);
}

#[test]
fn divide_sums_to_perft() {
    let fen: Fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse().unwrap();
    let pos = Position::from_setup(&fen).unwrap();
    let divided = pos.divide(2);
    assert_eq!(divided.len(), 48);
    assert_eq!(divided.iter().map(|d| d.1).sum::<u64>(), 2039);
    assert!(pos.divide(0).is_empty());
    assert_eq!(pos.perft(0), 1);
}
