//! Times reading, validating and writing Xiangqi FEN per byte, beside chess,
//! on positions from random playouts of both games (as the criterion
//! benchmark makes them), in a few seconds instead of minutes.
//! Run: `cargo run --release -p polyfen-bench --example xq_stages`.
#![allow(clippy::cast_precision_loss)] // nanosecond averages

use std::hint::black_box;
use std::time::Instant;

const N: usize = 100_000;
const ROUNDS: usize = 10;

fn chess_playout_fens(n: usize, seed: u64) -> Vec<String> {
    use polyfen_chess::{CastlingStyle, Position};
    let mut rng = polyfen_bench::Rng::new(seed);
    let start: polyfen_chess::Fen = polyfen_chess::START_FEN.parse().expect("start parses");
    let start = Position::from_setup(&start).expect("start is legal");
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut position = start;
        for _ in 0..20 + rng.below(180) {
            let moves = position.legal_moves();
            if moves.is_empty() || out.len() >= n {
                break;
            }
            position.play(moves[rng.below(moves.len())]);
            out.push(position.to_setup(CastlingStyle::XFen).to_string());
        }
    }
    out
}

/// Best of `ROUNDS` passes, in ns per position.
fn time(mut pass: impl FnMut() -> usize) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..ROUNDS {
        let t = Instant::now();
        black_box(pass());
        best = best.min(t.elapsed().as_nanos() as f64 / N as f64);
    }
    best
}

fn main() {
    let xq = polyfen_bench::xiangqi_playout_fens(N, 0x00C0_FFEE);
    let chess = chess_playout_fens(N, 0x5EED);
    let bytes = |v: &[String]| v.iter().map(String::len).sum::<usize>() as f64 / N as f64;
    let (xb, cb) = (bytes(&xq), bytes(&chess));
    let xq_parsed: Vec<polyfen_xiangqi::Fen> = xq.iter().map(|l| l.parse().expect("valid")).collect();
    let chess_parsed: Vec<polyfen_chess::Fen> = chess.iter().map(|l| l.parse().expect("valid")).collect();
    if let Some(stage) = std::env::args().nth(1) {
        // one stage alone, for a profiler
        let t = match stage.as_str() {
            "xq-parse+validate" => time(|| {
                (0..20)
                    .map(|_| {
                        xq.iter()
                            .filter(|l| l.parse::<polyfen_xiangqi::Fen>().is_ok_and(|f| f.validate().is_empty()))
                            .count()
                    })
                    .sum()
            }),
            "xq-validate" => {
                time(|| (0..20).map(|_| xq_parsed.iter().filter(|f| f.validate().is_empty()).count()).sum())
            }
            "xq-format" => time(|| (0..20).map(|_| xq_parsed.iter().map(|f| f.to_string().len()).sum::<usize>()).sum()),
            "chess-format" => {
                time(|| (0..20).map(|_| chess_parsed.iter().map(|f| f.to_string().len()).sum::<usize>()).sum())
            }
            "xq-parse" => {
                time(|| (0..20).map(|_| xq.iter().filter(|l| l.parse::<polyfen_xiangqi::Fen>().is_ok()).count()).sum())
            }
            _ => panic!("unknown stage {stage}"),
        };
        println!("{stage}: {:.1} ns", t / 20.0);
        return;
    }
    let rows = [
        (
            "parse",
            time(|| chess.iter().filter(|l| l.parse::<polyfen_chess::Fen>().is_ok()).count()),
            time(|| xq.iter().filter(|l| l.parse::<polyfen_xiangqi::Fen>().is_ok()).count()),
        ),
        (
            "validate",
            time(|| chess_parsed.iter().filter(|f| f.validate().is_empty()).count()),
            time(|| xq_parsed.iter().filter(|f| f.validate().is_empty()).count()),
        ),
        (
            "parse+validate",
            time(|| {
                chess.iter().filter(|l| l.parse::<polyfen_chess::Fen>().is_ok_and(|f| f.validate().is_empty())).count()
            }),
            time(|| {
                xq.iter().filter(|l| l.parse::<polyfen_xiangqi::Fen>().is_ok_and(|f| f.validate().is_empty())).count()
            }),
        ),
        (
            "format",
            time(|| chess_parsed.iter().map(|f| f.to_string().len()).sum()),
            time(|| xq_parsed.iter().map(|f| f.to_string().len()).sum()),
        ),
    ];
    println!("bytes per position: chess {cb:.1}, xiangqi {xb:.1}");
    println!("{:<16}{:>10}{:>10}{:>12}{:>12}{:>8}", "stage", "chess ns", "xq ns", "chess ns/B", "xq ns/B", "ratio");
    for (stage, c, x) in rows {
        println!("{stage:<16}{c:>10.1}{x:>10.1}{:>12.3}{:>12.3}{:>8.2}", c / cb, x / xb, (c / cb) / (x / xb));
    }
}
