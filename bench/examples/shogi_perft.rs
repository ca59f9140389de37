//! Shogi perft of polyfen and the Rust peers, and polyfen's side of the
//! notation workloads of `bench/shogi_cshogi.py` (SFEN read + validate,
//! USI to KIF), in interleaved rounds, the fastest round of each kept: a
//! quick comparison on a shared, noisy machine, and a single run to count
//! instructions under valgrind (`valgrind --tool=cachegrind
//! --cache-sim=no`), which the load does not change. Each perft count is
//! checked against the known number of leaves. The notation inputs are the
//! benchmark's, written for `shogi_cshogi.py` as the benchmark does.
//!
//! `cargo run --release -p polyfen-bench --example shogi_perft -- [ROUNDS]
//! [WORK ...]`: the perft of `polyfen`, `shunsai`, `haitaka`, `rsshogi`
//! and `lite` (`shogi_legality_lite`, slow: only when named), and `sfen`
//! and `kif`; by default all but `lite`, 10 rounds.
#![allow(clippy::cast_precision_loss)] // milliseconds

use std::hint::black_box;
use std::time::{Duration, Instant};

#[path = "../shared/shogi_peers.rs"]
mod shogi_peers;

use shogi_peers::{
    Boards, POSITIONS, boards, games, haitaka_perft, lite_perft, rsshogi_perft, sfen_read_validate, shunsai_perft,
    usi_to_kif, write_inputs,
};

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let rounds = args.next_if(|a| a.parse::<u32>().is_ok()).map_or(10, |a| a.parse().expect("a number"));
    let mut work: Vec<String> = args.collect();
    if work.is_empty() {
        work = ["polyfen", "shunsai", "haitaka", "rsshogi", "sfen", "kif"].map(String::from).to_vec();
    }
    let (notation, peers): (Vec<String>, Vec<String>) = work.into_iter().partition(|w| w == "sfen" || w == "kif");
    if !notation.is_empty() {
        notations(rounds, &notation);
    }
    if !peers.is_empty() {
        perft(rounds, &peers);
    }
}

/// The notation workloads, each the fastest of `rounds` runs.
fn notations(rounds: u32, work: &[String]) {
    let games = games(200);
    write_inputs(&games);
    let sfens: Vec<&str> = games.iter().flatten().map(|(sfen, _)| sfen.as_str()).collect();
    for name in work {
        let mut best = Duration::MAX;
        for _ in 0..rounds {
            let started = Instant::now();
            if name == "sfen" {
                assert_eq!(sfen_read_validate(black_box(&sfens)), sfens.len());
            } else {
                black_box(usi_to_kif(black_box(&games)));
            }
            best = best.min(started.elapsed());
        }
        let what = if name == "sfen" { "sfen-read+validate" } else { "usi-to-kif" };
        println!("{what:<19} polyfen {:8.2} ms  ({} positions)", best.as_secs_f64() * 1e3, sfens.len());
    }
}

/// The perft of each peer, interleaved, the fastest of `rounds` kept.
fn perft(rounds: u32, peers: &[String]) {
    for (name, sfen, depth, nodes) in POSITIONS {
        let Boards { polyfen: p, shunsai: mut sh, haitaka: ha, rsshogi: rs, lite } = boards(sfen);
        let mut best = vec![Duration::MAX; peers.len()];
        for _ in 0..rounds {
            for (peer, best) in peers.iter().zip(&mut best) {
                let started = Instant::now();
                let counted = match peer.as_str() {
                    "polyfen" => black_box(&p).perft(depth),
                    "shunsai" => shunsai_perft(black_box(&mut sh), depth),
                    "haitaka" => haitaka_perft(black_box(&ha), depth),
                    "rsshogi" => rsshogi_perft(black_box(&rs), depth),
                    "lite" => lite_perft(black_box(&lite), depth),
                    other => panic!("unknown peer {other}: polyfen, shunsai, haitaka, rsshogi or lite"),
                };
                *best = (*best).min(started.elapsed());
                assert_eq!(counted, nodes, "{name}: {peer}");
            }
        }
        let ours = peers.iter().position(|p| p == "polyfen").map(|i| best[i]);
        for (peer, best) in peers.iter().zip(&best) {
            let ms = best.as_secs_f64() * 1e3;
            match ours {
                Some(ours) => println!(
                    "{name:<10} {peer:<8} {ms:8.2} ms  polyfen {:.2}×",
                    best.as_secs_f64() / ours.as_secs_f64()
                ),
                None => println!("{name:<10} {peer:<8} {ms:8.2} ms"),
            }
        }
    }
}
