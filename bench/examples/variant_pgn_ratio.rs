//! PGN validate of each chess variant's games timed in turn, best of 15
//! each, for a quick ratio on a busy machine: polyfen (`games validate`'s
//! work: read every game, play every move of the main line) against
//! pgn-reader with shakmaty's `VariantPosition`. The games: seeded random
//! playouts of each variant, then all of them in one file. Run with
//! `cargo run --release -p polyfen-bench --example variant_pgn_ratio [MB
//! per variant [variant]]`.

use std::hint::black_box;
use std::time::Instant;

use pgn_reader::Reader;
use polyfen::records::{GameOptions, Games};
use polyfen_chess::ChessVariant;

#[path = "../shared/variant_pgn.rs"]
mod variant_pgn;

/// Every game validated by polyfen: (games, games with an error).
fn polyfen(input: &[u8]) -> (u64, u64) {
    let (mut games, mut bad) = (0, 0);
    for game in Games::new(input, GameOptions::default().with_check_only(true)) {
        games += 1;
        bad += u64::from(game.expect("in memory").is_err());
    }
    (games, bad)
}

/// Every game validated by pgn-reader + shakmaty.
fn peer(input: &[u8]) -> (u64, u64) {
    let mut reader = Reader::new(input);
    let (mut games, mut bad) = (0, 0);
    while let Some(ok) = reader.read_game(&mut variant_pgn::Validator).expect("in memory") {
        games += 1;
        bad += u64::from(!ok);
    }
    (games, bad)
}

fn run(label: &str, input: &[u8]) {
    let (mut best_ours, mut best_theirs) = (f64::MAX, f64::MAX);
    let mut counts = ((0, 0), (0, 0));
    for _ in 0..15 {
        let start = Instant::now();
        counts.0 = black_box(polyfen(black_box(input)));
        best_ours = best_ours.min(start.elapsed().as_secs_f64());
        let start = Instant::now();
        counts.1 = black_box(peer(black_box(input)));
        best_theirs = best_theirs.min(start.elapsed().as_secs_f64());
    }
    assert_eq!(counts.0, counts.1, "{label}: the same games, the same bad ones");
    assert_eq!(counts.0.1, 0, "{label}: every game legal");
    let mb = f64::from(u32::try_from(input.len()).unwrap_or(u32::MAX)) / 1e6;
    println!(
        "{label:>18}: {} games, {mb:.1} MB: polyfen {:.1} ms ({:.0} MB/s), shakmaty {:.1} ms ({:.0} MB/s), {:.2}x",
        counts.0.0,
        best_ours * 1e3,
        mb / best_ours,
        best_theirs * 1e3,
        mb / best_theirs,
        best_theirs / best_ours
    );
}

fn main() {
    let mb: f64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2.0);
    let only: Option<ChessVariant> = std::env::args().nth(2).and_then(|a| a.parse().ok());
    let mut all = Vec::new();
    for (seed, variant) in (11..).zip(&ChessVariant::ALL[1..]) {
        if only.is_some_and(|v| v != *variant) {
            continue;
        }
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let input = variant_pgn::random_games(*variant, (mb * 1e6) as usize, seed);
        run(variant.id(), &input);
        all.extend_from_slice(&input);
    }
    run("all", &all);
}
