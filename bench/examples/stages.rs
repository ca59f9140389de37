//! Times the stages of reading and writing a chess FEN (fields, placement,
//! whole parse, validation, bitboards, writing), to see where time goes.
//! Run with `cargo run --release -p polyfen-bench --example stages`.
#![allow(clippy::cast_precision_loss)] // nanosecond averages

use std::time::Instant;

use polyfen_core::{Fields, Leniency};

/// Times `each` on every parsed FEN, `rounds` times over, and prints the
/// mean time a FEN with the checksum `k`, which `each` adds to.
fn time_parsed(
    label: &str,
    rounds: usize,
    parsed: &[polyfen_chess::Fen],
    k: &mut usize,
    each: impl Fn(&polyfen_chess::Fen) -> usize,
) {
    let n = (parsed.len() * rounds) as f64;
    let t = Instant::now();
    for _ in 0..rounds {
        for f in parsed {
            *k += each(f);
        }
    }
    println!("{label}: {:.1} ns ({k})", t.elapsed().as_nanos() as f64 / n);
}

fn main() {
    let fens = polyfen_test_support::data_lines("chess/cozy_valid.sfens");
    let rounds = 50;
    let n = (fens.len() * rounds) as f64;
    let t = Instant::now();
    let mut k = 0usize;
    for _ in 0..rounds {
        for f in &fens {
            let mut h = 0u64;
            for &b in f.as_bytes() {
                h = h.wrapping_mul(31).wrapping_add(u64::from(b));
            }
            k += h as usize & 1;
        }
    }
    println!("calibrate (dependent mul-add per byte, ~70 bytes): {:.1} ns ({k})", t.elapsed().as_nanos() as f64 / n);
    let t = Instant::now();
    for _ in 0..rounds {
        for f in &fens {
            k += Fields::new(f).count();
        }
    }
    println!("fields: {:.1} ns ({k})", t.elapsed().as_nanos() as f64 / n);
    let t = Instant::now();
    let mut board = [None; 64];
    for _ in 0..rounds {
        for f in &fens {
            let p = f.split(' ').next().unwrap_or("");
            k += polyfen_core::codec::decode_placement::<polyfen_chess::Chess>(
                p,
                0,
                &Leniency::default(),
                &mut board,
                &mut Vec::new(),
            )
            .unwrap_or(0);
        }
    }
    println!("placement: {:.1} ns ({k})", t.elapsed().as_nanos() as f64 / n);
    let t = Instant::now();
    let mut parsed = Vec::new();
    for _ in 0..rounds {
        parsed.clear();
        for f in &fens {
            parsed.push(f.parse::<polyfen_chess::Fen>().expect("valid"));
        }
    }
    println!("parse: {:.1} ns", t.elapsed().as_nanos() as f64 / n);
    time_parsed("validate", rounds, &parsed, &mut k, |f| f.validate().len());
    time_parsed("bitboards", rounds, &parsed, &mut k, |f| {
        polyfen_chess::bitboard::Bitboards::from_board(&f.board).occupied as usize & 1
    });
    time_parsed("bitboards+attackers", rounds, &parsed, &mut k, |f| {
        let bb = polyfen_chess::bitboard::Bitboards::from_board(&f.board);
        bb.attackers((bb.occupied.trailing_zeros() & 63) as usize, polyfen_core::Color::White) as usize & 1
    });
    time_parsed("format", rounds, &parsed, &mut k, |f| f.to_string().len());
    let t = Instant::now();
    let mut theirs = Vec::new();
    for _ in 0..rounds {
        theirs.clear();
        for f in &fens {
            theirs.push(shakmaty::fen::Fen::from_ascii(f.as_bytes()).expect("valid"));
        }
    }
    println!("shakmaty parse: {:.1} ns", t.elapsed().as_nanos() as f64 / n);
    let t = Instant::now();
    for _ in 0..rounds {
        for f in &theirs {
            k += usize::from(f.clone().into_position::<shakmaty::Chess>(shakmaty::CastlingMode::Chess960).is_ok());
        }
    }
    println!("shakmaty position: {:.1} ns ({k})", t.elapsed().as_nanos() as f64 / n);
}
