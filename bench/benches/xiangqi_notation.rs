//! Xiangqi move notation: every legal move of positions from seeded random
//! playouts written in each style and read back (parse + format), in moves
//! per second.
//!
//! Run with `cargo bench -p polyfen-bench --bench xiangqi_notation`; the
//! benchmarks are named `xiangqi_notation/<style>`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use polyfen_bench::Rng;
use polyfen_core::Color;
use polyfen_xiangqi::{Board, Move, Position, XiangqiMoveNotation, parse_move_as, write_move};

/// How many positions the moves come from.
const POSITIONS: usize = 2_000;

/// A position as the notation functions take it.
struct Sample {
    board: Board,
    turn: Color,
    legal: Vec<Move>,
}

/// Positions along seeded random playouts from the start, every position
/// with legal moves kept.
fn samples() -> Vec<Sample> {
    let mut rng = Rng::new(0x0A7A_7105);
    let mut out = Vec::with_capacity(POSITIONS);
    while out.len() < POSITIONS {
        let mut position = Position::start();
        for _ in 0..20 + rng.below(140) {
            let legal = position.legal_moves();
            if legal.is_empty() || out.len() >= POSITIONS {
                break;
            }
            out.push(Sample { board: position.board(), turn: position.turn(), legal: legal.to_vec() });
            position.play(legal[rng.below(legal.len())]);
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let samples = samples();
    let moves: usize = samples.iter().map(|s| s.legal.len()).sum();
    let mut group = c.benchmark_group("xiangqi_notation");
    group.sample_size(10);
    group.throughput(Throughput::Elements(moves as u64));
    for style in XiangqiMoveNotation::ALL {
        group.bench_function(style.name(), |b| {
            let mut text = String::with_capacity(32);
            b.iter(|| {
                let mut read = 0usize;
                for s in &samples {
                    for &mv in &s.legal {
                        text.clear();
                        let _ = write_move(&mut text, &s.board, mv, style);
                        let back = parse_move_as(&s.board, s.turn, &s.legal, &text, style);
                        read += usize::from(back == Ok(mv));
                    }
                }
                assert_eq!(read, moves);
                black_box(read)
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
