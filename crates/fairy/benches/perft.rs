//! Perft of a few start positions at a fixed depth: chess, Shogi, Xiangqi,
//! Capablanca chess (10×8) and crazyhouse (drops).

use criterion::{Criterion, criterion_group, criterion_main};
use polyfen_fairy::{Position, Rules, Variants};

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (game, depth) in [("chess", 4), ("shogi", 3), ("xiangqi", 3), ("capablanca", 3), ("crazyhouse", 3)] {
        let rules = Rules::new(Variants::builtin().get(game).expect("a built-in game"));
        let start = Position::start(&rules).expect("the start position reads");
        group.bench_function(format!("{game} start, depth {depth}"), |b| {
            b.iter(|| rules.perft(std::hint::black_box(&start), depth));
        });
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
