//! Measures what the controlled perft costs and how good the perft estimate
//! is: the plain perft against `perft_with` under a cancel flag, a node
//! budget and a progress callback (interleaved rounds, the fastest of each
//! kept); the estimate against the real counts of every position of the
//! chess perft suites (depths 3–6), random Xiangqi and Khet playout
//! positions and the start positions; and the time one estimate takes.
//!
//! Run: `cargo run --release -p polyfen-bench --example perft_control`.
#![allow(clippy::cast_precision_loss)] // ratios and averages

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use polyfen::polyfen_khet::{CLASSIC, IMHOTEP};
use polyfen::{AnyPosition, PerftControl, PerftProgress, Position, ReadOptions, RuleOptions, read};
use polyfen_bench::Rng;

const SUITES: [(&str, &str); 3] = [
    ("tricky", include_str!("../../tests/data/chess/pychess_tricky.perft")),
    ("chess960", include_str!("../../tests/data/chess/pychess_chess960.perft")),
    ("random", include_str!("../../tests/data/chess/pychess_random.perft")),
];
const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const XIANGQI_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn position(text: &str) -> AnyPosition {
    read(text, None, &ReadOptions::default()).unwrap_or_else(|e| panic!("{text}: {e}")).position
}

/// The ratios' spread: count, min, 1st percentile, median, 99th, max, and
/// the share within a factor of 2.
fn summary(name: &str, ratios: &mut [f64]) {
    if ratios.is_empty() {
        return;
    }
    ratios.sort_by(f64::total_cmp);
    let at = |q: f64| ratios[((ratios.len() - 1) as f64 * q).round() as usize];
    let within = ratios.iter().filter(|r| (0.5..=2.0).contains(*r)).count();
    println!(
        "{name:<28} n={:<6} min {:.3}  p1 {:.3}  median {:.3}  p99 {:.3}  max {:.3}  within 2x: {:.1}%",
        ratios.len(),
        ratios[0],
        at(0.01),
        at(0.5),
        at(0.99),
        ratios[ratios.len() - 1],
        100.0 * within as f64 / ratios.len() as f64
    );
}

fn estimate_ratio(pos: &AnyPosition, depth: u32, real: u64) -> f64 {
    let estimate = pos.perft_estimate(depth, &RuleOptions::default()).expect("estimate");
    estimate as f64 / real as f64
}

/// Positions after 10 to 40 random moves from `start`.
fn playouts(start: &str, n: usize, seed: u64) -> Vec<AnyPosition> {
    let options = RuleOptions::default();
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = position(start);
        let notation = pos.variant().move_notations()[0];
        for _ in 0..10 + rng.below(30) {
            let moves = pos.legal_moves(notation, &options).expect("moves");
            if moves.is_empty() {
                break;
            }
            pos.play(&moves[rng.below(moves.len())], notation, &options).expect("plays");
        }
        if pos.status(&options) == Ok(polyfen::GameStatus::Ongoing) {
            out.push(pos);
        }
    }
    out
}

fn fastest(rounds: usize, mut f: impl FnMut() -> u64) -> (Duration, u64) {
    let mut best = Duration::MAX;
    let mut answer = 0;
    for _ in 0..rounds {
        let t = Instant::now();
        answer = black_box(f());
        best = best.min(t.elapsed());
    }
    (best, answer)
}

fn main() {
    let options = RuleOptions::default();

    println!("== the controlled perft against the plain one (fastest of 5 interleaved rounds)");
    let cancel = AtomicBool::new(false);
    let progress = |p: PerftProgress| {
        black_box(p);
    };
    let control = PerftControl::new().with_cancel(&cancel).with_node_budget(u64::MAX).with_progress(&progress);
    for (name, text, depth) in [
        ("chess start d5", CHESS_START, 5),
        ("kiwipete d4", KIWIPETE, 4),
        ("xiangqi start d4", XIANGQI_START, 4),
        ("khet classic d4", CLASSIC, 4),
    ] {
        let pos = position(text);
        let (mut plain, mut watched) = (Duration::MAX, Duration::MAX);
        for _ in 0..5 {
            let (t, a) = fastest(1, || pos.perft(depth, &options).expect("perft"));
            plain = plain.min(t);
            let (t, b) = fastest(1, || pos.perft_with(depth, &options, &control).expect("perft"));
            watched = watched.min(t);
            assert_eq!(a, b);
        }
        println!(
            "{name:<18} plain {:>8.1} ms   controlled {:>8.1} ms   ({:+.1}%)",
            plain.as_secs_f64() * 1e3,
            watched.as_secs_f64() * 1e3,
            100.0 * (watched.as_secs_f64() / plain.as_secs_f64() - 1.0)
        );
    }

    println!("\n== the estimate's time (fastest of 20)");
    for (name, text, depth) in [
        ("chess start d7", CHESS_START, 7),
        ("kiwipete d6", KIWIPETE, 6),
        ("xiangqi start d6", XIANGQI_START, 6),
        ("khet classic d5", CLASSIC, 5),
        ("khet imhotep d5", IMHOTEP, 5),
    ] {
        let pos = position(text);
        let (t, estimate) = fastest(20, || pos.perft_estimate(depth, &options).expect("estimate"));
        println!("{name:<18} {:>8.1} µs   estimate {estimate}", t.as_secs_f64() * 1e6);
    }

    println!("\n== estimate / real count");
    for (suite, text) in SUITES {
        let mut by_depth: Vec<Vec<f64>> = vec![Vec::new(); 7];
        for case in polyfen_test_support::perft::cases(text) {
            let p = position(&case.epd);
            for (depth, nodes) in case.counts {
                if depth >= 3 && nodes > 0 {
                    by_depth[depth as usize].push(estimate_ratio(&p, depth, nodes));
                }
            }
        }
        for (depth, ratios) in by_depth.iter_mut().enumerate() {
            summary(&format!("chess {suite} d{depth}"), ratios);
        }
    }
    for (name, text, depth, real) in [
        ("chess start d6", CHESS_START, 6, 119_060_324u64),
        ("chess start d7", CHESS_START, 7, 3_195_901_860),
        ("kiwipete d5", KIWIPETE, 5, 193_690_690),
        ("xiangqi start d5", XIANGQI_START, 5, 133_312_995),
        ("khet classic d4", CLASSIC, 4, 34_065_081),
        ("khet imhotep d4", IMHOTEP, 4, 27_828_431),
    ] {
        summary(name, &mut [estimate_ratio(&position(text), depth, real)]);
    }
    for (name, start, depths) in [("xiangqi playouts", XIANGQI_START, 3..=4), ("khet playouts", CLASSIC, 3..=4)] {
        for depth in depths {
            let n = if depth == 3 { 200 } else { 30 };
            let mut ratios: Vec<f64> = playouts(start, n, 0x5EED + u64::from(depth))
                .iter()
                .filter_map(|p| {
                    let real = p.perft(depth, &options).expect("perft");
                    (real > 0).then(|| estimate_ratio(p, depth, real))
                })
                .collect();
            summary(&format!("{name} d{depth}"), &mut ratios);
        }
    }
}
