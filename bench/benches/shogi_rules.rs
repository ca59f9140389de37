//! Shogi rules: polyfen against the Shogi move generators of crates.io, in
//! one process. Perft from the start position and from a middle game with
//! pieces in both hands (drops at every ply), each peer's count checked
//! against polyfen's before it is timed. Then SFEN read + validate and USI
//! to KIF over seeded random games, polyfen's side of the comparison with
//! cshogi (`bench/shogi_cshogi.py` times cshogi on the same inputs, which
//! this benchmark writes to the temporary folder as `polyfen-shogi-bench.tsv`).
//!
//! The peers: `shunsai` (the successor of `yasai`, on `shogi_core` types),
//! `haitaka` (a `cozy-chess` design), `rsshogi` (after the `YaneuraOu` engine) and
//! `shogi_legality_lite`. Every perft counts the last ply by counting the
//! legal moves, as polyfen's does: `rsshogi` and `shogi_legality_lite` with
//! their own `perft`, `shunsai` and `haitaka` with the bulk-counting perft
//! of their examples. `shogi` (shogi-rs) has no legal move generator and is
//! not measured. The perfts and the notation workloads are in
//! `bench/shared/shogi_peers.rs`, shared with the `shogi_perft` example.
//!
//! Method: on a shared, loaded machine criterion's means move by ±15% and
//! more between runs. The figures reported are the fastest of interleaved
//! rounds (`cargo run --release -p polyfen-bench --example shogi_perft`,
//! which runs each peer in turn, round after round), beside cshogi's best
//! of its runs in `shogi_cshogi.py` started right after on the inputs the
//! example writes; under `valgrind --tool=cachegrind --cache-sim=no` one
//! round of the example counts instructions, which the load does not
//! change. Both sides check each USI move's legality: polyfen's reader
//! tests the move alone (its movement, then the king's safety on a copy,
//! and for a pawn dropped in front of the king the pawn-drop mate), and
//! cshogi's `move_from_usi` returns no move for an illegal one, a move that
//! leaves the king in check or a mating pawn drop included.
//!
//! Run with `cargo bench -p polyfen-bench --bench shogi_rules`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

#[path = "../shared/shogi_peers.rs"]
mod shogi_peers;

use shogi_peers::{
    Boards, POSITIONS, boards, games, haitaka_perft, lite_perft, rsshogi_perft, sfen_read_validate, shunsai_perft,
    usi_to_kif, write_inputs,
};

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("shogi_rules-perft");
    group.sample_size(10);
    for (name, sfen, depth, nodes) in POSITIONS {
        let Boards { polyfen: p, shunsai: mut sh, haitaka: ha, rsshogi: rs, lite } = boards(sfen);
        assert_eq!(p.perft(depth), nodes, "{name}: polyfen");
        assert_eq!(shunsai_perft(&mut sh, depth), nodes, "{name}: shunsai");
        assert_eq!(haitaka_perft(&ha, depth), nodes, "{name}: haitaka");
        assert_eq!(rsshogi_perft(&rs, depth), nodes, "{name}: rsshogi");
        assert_eq!(lite_perft(&lite, depth), nodes, "{name}: shogi_legality_lite");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(BenchmarkId::new(name, "polyfen"), |b| b.iter(|| black_box(&p).perft(depth)));
        group
            .bench_function(BenchmarkId::new(name, "shunsai"), |b| b.iter(|| shunsai_perft(black_box(&mut sh), depth)));
        group.bench_function(BenchmarkId::new(name, "haitaka"), |b| b.iter(|| haitaka_perft(black_box(&ha), depth)));
        group.bench_function(BenchmarkId::new(name, "rsshogi"), |b| b.iter(|| rsshogi_perft(black_box(&rs), depth)));
        group.bench_function(BenchmarkId::new(name, "shogi_legality_lite"), |b| {
            b.iter(|| lite_perft(black_box(&lite), depth));
        });
    }
    group.finish();
}

fn notation(c: &mut Criterion) {
    let games = games(200);
    write_inputs(&games);
    let sfens: Vec<&str> = games.iter().flatten().map(|(sfen, _)| sfen.as_str()).collect();
    let mut group = c.benchmark_group("shogi_rules-notation");
    group.sample_size(20);
    group.throughput(Throughput::Elements(sfens.len() as u64));
    group.bench_function(BenchmarkId::new("sfen-read+validate", "polyfen"), |b| {
        b.iter(|| assert_eq!(sfen_read_validate(black_box(&sfens)), sfens.len()));
    });
    group.bench_function(BenchmarkId::new("usi-to-kif", "polyfen"), |b| b.iter(|| usi_to_kif(black_box(&games))));
    group.finish();
}

criterion_group!(benches, perft, notation);
criterion_main!(benches);
