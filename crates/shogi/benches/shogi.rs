//! Shogi speed: perft from the even start (depth 5 is 19,861,490 leaves)
//! and from a middle game with many pieces in hand, in leaves per second;
//! and SFEN read + validate over the corpus positions, in positions per
//! second. There is no Rust peer in the workspace to compare against:
//! cshogi's perft (C++, measured apart) is the yardstick.
//!
//! Run with `cargo bench -p polyfen-shogi --bench shogi`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use polyfen_shogi::{Position, START_SFEN, Sfen};

/// A middle game from the corpus (`positions.tsv`): 224 legal moves, both
/// sides with pieces in hand, promoted pieces on the board.
const MIDDLE: &str = "ln2+R3n/rg7/p1pk1gp2/3p1p2p/1P2p4/P2P2P2/2PSPPS1P/3BG1G1L/1+p1K3+l1 b B2S2NL2P 73";

/// The corpus's positions, relative to the public corpus.
const CORPUS: &str = "shogi/positions.tsv";

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("shogi_perft");
    group.sample_size(10);
    // the counts: the published ones from the start; the middle game's
    // counted with cshogi's legal moves
    for (name, sfen, depth, leaves) in [
        ("start_d4", START_SFEN, 4, 719_731),
        ("start_d5", START_SFEN, 5, 19_861_490),
        ("middle_d3", MIDDLE, 3, 902_815),
    ] {
        let setup: Sfen = sfen.parse().expect("the benchmark SFENs parse");
        let position = Position::from_setup(&setup).expect("the benchmark positions are legal");
        assert_eq!(position.perft(depth), leaves, "{name}");
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(name, |b| b.iter(|| black_box(black_box(&position).perft(depth))));
    }
    group.finish();
}

/// The sum of `each` over the SFENs of `lines` that read.
fn sum_over(lines: &[&str], each: impl Fn(Sfen) -> usize) -> usize {
    lines.iter().filter_map(|line| black_box(line).parse::<Sfen>().ok()).map(each).sum()
}

fn sfen(c: &mut Criterion) {
    let Some(path) = polyfen_test_support::corpus(CORPUS) else { return };
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split('\t').next()).collect();
    let mut group = c.benchmark_group("shogi_sfen");
    group.throughput(Throughput::Elements(lines.len() as u64));
    group.bench_function("read_validate", |b| b.iter(|| black_box(sum_over(&lines, |setup| setup.validate().len()))));
    group.bench_function("read_write", |b| b.iter(|| black_box(sum_over(&lines, |setup| setup.to_string().len()))));
    group.finish();
}

criterion_group!(benches, perft, sfen);
criterion_main!(benches);
