//! Khet perft: the move generator and the laser, on the published counts
//! (Classic depth 4 with 34,065,081 leaves; the Imhotep depth-4 pair with
//! and without the swap restriction). The last ply is counted from the
//! generator, not played, as other Khet engines count it.
//!
//! Run with `cargo bench -p polyfen-bench --bench khet_rules`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use polyfen_khet::{CLASSIC, IMHOTEP, Pkn, Position, Rules, perft};

fn start(pkn: &str) -> Position {
    let setup: Pkn = pkn.parse().unwrap_or_else(|e| panic!("{e}"));
    Position::from_setup(&setup).unwrap_or_else(|v| panic!("{v:?}"))
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("khet_perft");
    group.sample_size(10);
    let cases = [
        ("classic_d4", CLASSIC, Rules::default(), 34_065_081),
        ("imhotep_d4", IMHOTEP, Rules::default(), 27_828_431),
        ("imhotep_d4_swap_restriction", IMHOTEP, Rules { swap_restriction: true, ..Rules::default() }, 27_828_428),
    ];
    for (name, pkn, rules, leaves) in cases {
        let pos = start(pkn);
        assert_eq!(perft(&pos, 4, &rules), leaves, "{name}");
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(name, |b| b.iter(|| perft(black_box(&pos), 4, &rules)));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
