//! Game records of the chess variants: `games validate`'s work (read every
//! game, play every move of the main line) by polyfen against pgn-reader +
//! shakmaty's `VariantPosition`, in one process, on lichess-style games of
//! each variant (seeded random playouts, `[Variant "…"]` tags, drops
//! `N@f3`) and on all of them in one file (group `pgn-variants`, ids
//! `validate-<variant>/polyfen` beside `validate-<variant>/pgn-reader`).
//!
//! Run with `cargo bench -p polyfen-bench --bench variant_pgn` (or `cargo
//! xtask bench pgn-variants`, which prints the ratios). Set
//! `POLYFEN_VARIANT_PGN_MB` to change the size of each variant's input
//! (2 MB); `cargo run --release -p polyfen-bench --example
//! variant_pgn_ratio` times the same work in turn, best of 15.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use pgn_reader::Reader;
use polyfen_bench::polyfen_validate;
use polyfen_chess::ChessVariant;

#[path = "../shared/variant_pgn.rs"]
mod variant_pgn;

/// Every game validated by pgn-reader + shakmaty: the games with an error.
fn peer_validate(input: &[u8]) -> u64 {
    let mut reader = Reader::new(input);
    let mut bad = 0;
    while let Some(ok) = reader.read_game(&mut variant_pgn::Validator).expect("in memory") {
        bad += u64::from(!ok);
    }
    bad
}

fn variants(c: &mut Criterion) {
    let mb: usize = std::env::var("POLYFEN_VARIANT_PGN_MB").ok().and_then(|v| v.parse().ok()).unwrap_or(2);
    let mut group = c.benchmark_group("pgn-variants");
    group.sample_size(10);
    let mut all = Vec::new();
    let mut inputs = Vec::new();
    for (seed, variant) in (11..).zip(&ChessVariant::ALL[1..]) {
        let input = variant_pgn::random_games(*variant, mb * 1_000_000, seed);
        all.extend_from_slice(&input);
        inputs.push((variant.id(), input));
    }
    inputs.push(("all", all));
    for (name, input) in &inputs {
        // both read every game as legal
        assert_eq!((polyfen_validate(input), peer_validate(input)), (0, 0), "{name}");
        let id = format!("validate-{name}");
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_function(BenchmarkId::new(&id, "polyfen"), |b| b.iter(|| black_box(polyfen_validate(input))));
        group.bench_function(BenchmarkId::new(&id, "pgn-reader"), |b| b.iter(|| black_box(peer_validate(input))));
    }
    group.finish();
}

criterion_group!(benches, variants);
criterion_main!(benches);
