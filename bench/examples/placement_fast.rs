//! Times the strict placement reader (`decode_placement`, whose fast path is
//! `decode_strict_fast`) on chess, Xiangqi and Khet placements.
//! Run from the repository root:
//! `cargo run --release -p polyfen-bench --example placement_fast [chess|xiangqi|khet|sizes|field]`.
#![allow(clippy::cast_precision_loss)] // nanosecond averages

use std::hint::black_box;
use std::time::Instant;

use polyfen_bench::Rng;
use polyfen_core::codec::{decode_placement, decode_placement_field, encode_placement};
use polyfen_core::{Leniency, Variant, WriteStyle};
use polyfen_khet::Khet;

/// Random placements of `V` with `lo..=hi` pieces drawn from `letters`.
fn random_placements<V: Variant>(rng: &mut Rng, count: usize, letters: &[u8], lo: usize, hi: usize) -> Vec<String> {
    let cells = V::SPEC.cells();
    (0..count)
        .map(|_| {
            let mut board = vec![None; cells];
            let pieces = lo + rng.below(hi - lo + 1);
            for _ in 0..pieces {
                let letter = letters[rng.below(letters.len())];
                board[rng.below(cells)] = V::piece_from_ascii(letter, false);
            }
            let mut out = String::new();
            encode_placement::<V>(&board, &V::WriteOptions::default(), WriteStyle::default(), &mut out);
            out
        })
        .collect()
}

/// Times `decode_placement::<V>` over `placements`; returns ns per placement.
fn time<V: Variant>(name: &str, placements: &[String], rounds: usize) -> f64 {
    let mut board = vec![None; V::SPEC.cells()];
    let mut repairs = Vec::new();
    let mut k = 0usize;
    // warm up, and check that every placement reads
    for p in placements {
        k += decode_placement::<V>(p, 0, &Leniency::default(), &mut board, &mut repairs).expect("valid");
    }
    // the best of many short runs: the machine may be busy with other work
    let mut best = f64::INFINITY;
    for _ in 0..40 {
        let t = Instant::now();
        for _ in 0..rounds {
            for p in placements {
                k +=
                    decode_placement::<V>(black_box(p), 0, &Leniency::default(), &mut board, &mut repairs).unwrap_or(0);
            }
        }
        best = best.min(t.elapsed().as_nanos() as f64 / (placements.len() * rounds) as f64);
    }
    let bytes = placements.iter().map(String::len).sum::<usize>() as f64 / placements.len() as f64;
    println!("{name:>8}: {best:6.1} ns per placement, {bytes:5.1} bytes, {:5.2} ns per byte ({k})", best / bytes);
    best
}

fn main() {
    let lines = polyfen_test_support::data_lines("chess/cozy_valid.sfens");
    let chess: Vec<String> = lines.iter().map(|l| l.split(' ').next().unwrap_or("").to_owned()).collect();
    let mut rng = Rng::new(7);
    let xq: Vec<String> =
        polyfen_bench::xiangqi_fens(10_000, 7).iter().map(|l| l.split(' ').next().unwrap_or("").to_owned()).collect();
    let kh = random_placements::<Khet>(&mut rng, 10_000, b"ARPSXEarpsxe", 6, 26);
    let rounds = 2;
    // `placement_fast chess` (or xiangqi, khet, field) times one only, for `perf record`
    let only = std::env::args().nth(1);
    let run = |name: &str| only.as_deref().is_none_or(|o| o == name);
    if run("chess") {
        time::<polyfen_chess::Chess>("chess", &chess, rounds);
    }
    if run("xiangqi") {
        time::<polyfen_xiangqi::Xiangqi>("xiangqi", &xq, rounds);
    }
    if run("khet") {
        time::<Khet>("khet", &kh, rounds);
    }
    if run("sizes") {
        // one placement over and over: the cost per word, and the fixed cost
        for placement in [
            "8/8/8/8/8/8/8/8",
            "4k3/8/8/8/8/8/8/4K3",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R",
            "rnbqkbnr/pppppppp/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/PPPPPPPP/RNBQKBNR",
        ] {
            time::<polyfen_chess::Chess>(&placement[..8], &vec![placement.to_owned(); 10_000], rounds);
        }
    }
    if !run("field") {
        return;
    }

    // the whole line, through decode_placement_field
    let mut board = [None; 64];
    let mut k = 0usize;
    let mut best = f64::INFINITY;
    for _ in 0..40 {
        let t = Instant::now();
        for _ in 0..rounds {
            for l in &lines {
                let r = decode_placement_field::<polyfen_chess::Chess>(
                    black_box(l),
                    0,
                    &Leniency::default(),
                    &mut board,
                    &mut Vec::new(),
                );
                k += r.map_or(0, |(p, e)| p + e);
            }
        }
        best = best.min(t.elapsed().as_nanos() as f64 / (lines.len() * rounds) as f64);
    }
    println!("chess field (whole line): {best:6.1} ns ({k})");
}
