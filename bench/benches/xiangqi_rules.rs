//! Xiangqi legal move generation: perft from the start position (depth 5
//! is 133,312,995 leaves) and from a middle-game position, reported in
//! leaves per second. There is no Rust peer to compare against;
//! Fairy-Stockfish's perft is the yardstick in the report.
//!
//! Run with `cargo bench -p polyfen-bench --bench xiangqi_rules`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use polyfen_xiangqi::{Fen, Position, START_FEN};

/// (name, FEN, depth, leaves): node counts on which independent engines
/// (Fairy-Stockfish among them) agree, as in `crates/xiangqi/tests/rules.rs`.
const CASES: [(&str, &str, u32, u64); 4] = [
    ("start_d4", START_FEN, 4, 3_290_240),
    ("start_d5", START_FEN, 5, 133_312_995),
    ("middle_d4", "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", 4, 1_339_047),
    ("tactical_d4", "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", 4, 4_485_547),
];

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("xiangqi_perft");
    group.sample_size(10);
    for (name, fen, depth, leaves) in CASES {
        let setup: Fen = fen.parse().expect("the benchmark FENs parse");
        let position = Position::from_setup(&setup).expect("the benchmark positions are legal");
        assert_eq!(position.perft(depth), leaves, "{name}");
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(name, |b| b.iter(|| black_box(black_box(&position).perft(depth))));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
