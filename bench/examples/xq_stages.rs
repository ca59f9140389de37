//! Times reading, validating and writing Xiangqi FEN per byte, beside chess.
//! Run from the repository root: `cargo run --release -p polyfen-bench --example xq_stages`.
#![allow(clippy::cast_precision_loss)] // nanosecond averages

use std::time::Instant;

fn main() {
    let xq = polyfen_bench::xiangqi_fens(20_000, 7);
    let chess: Vec<String> = std::fs::read_to_string("tests/data/chess/cozy_valid.sfens")
        .expect("run from the repository root")
        .lines()
        .map(str::to_owned)
        .collect();
    for (name, lines) in [("xiangqi", &xq), ("chess", &chess)] {
        let bytes: usize = lines.iter().map(String::len).sum();
        let per_byte = |t: Instant| t.elapsed().as_nanos() as f64 / (bytes * 20) as f64;
        let t = Instant::now();
        let mut k = 0usize;
        for _ in 0..20 {
            for l in lines {
                k += usize::from(if name == "chess" {
                    l.parse::<polyfen_chess::Fen>().is_ok()
                } else {
                    l.parse::<polyfen_xiangqi::Fen>().is_ok()
                });
            }
        }
        println!("{name} parse: {:.2} ns/byte ({k})", per_byte(t));
        let xq_parsed: Vec<polyfen_xiangqi::Fen> = xq.iter().map(|l| l.parse().expect("valid")).collect();
        let chess_parsed: Vec<polyfen_chess::Fen> = chess.iter().map(|l| l.parse().expect("valid")).collect();
        let t = Instant::now();
        for _ in 0..20 {
            if name == "chess" {
                k += chess_parsed.iter().map(|f| f.validate().len()).sum::<usize>();
            } else {
                k += xq_parsed.iter().map(|f| f.validate().len()).sum::<usize>();
            }
        }
        println!("{name} validate: {:.2} ns/byte ({k})", per_byte(t));
        let t = Instant::now();
        for _ in 0..20 {
            if name == "chess" {
                k += chess_parsed.iter().map(|f| f.to_string().len()).sum::<usize>();
            } else {
                k += xq_parsed.iter().map(|f| f.to_string().len()).sum::<usize>();
            }
        }
        println!("{name} format: {:.2} ns/byte ({k})", per_byte(t));
    }
}
