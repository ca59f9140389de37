//! Chess FEN parse + validate and format: polyfen against shakmaty, in one
//! process, on 100,000 diverse legal positions from seeded random playouts.
//!
//! Run with `cargo bench -p polyfen-bench` (or `cargo xtask bench`, which
//! also prints the ratios).

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use polyfen_chess::Fen;
use shakmaty::fen::Fen as ShakFen;
use shakmaty::{CastlingMode, Chess};

const POSITIONS: usize = 100_000;

#[path = "../shared/chess_playouts.rs"]
mod chess_playouts;

/// The benchmark group `name` of 20 samples, its throughput `throughput`.
fn sampled<'a>(c: &'a mut Criterion, name: &str, throughput: Throughput) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group.sample_size(20);
    group.throughput(throughput);
    group
}

/// How many of `fens` read as chess FENs.
fn parsed(fens: &[String]) -> usize {
    fens.iter().filter(|f| f.parse::<Fen>().is_ok()).count()
}

/// How many of `fens` read as chess FENs of legal positions.
fn legal(fens: &[String]) -> usize {
    fens.iter().filter(|f| f.parse::<Fen>().is_ok_and(|s| s.validate().is_empty())).count()
}

fn bench(c: &mut Criterion) {
    let fens = chess_playouts::positions(POSITIONS);
    let bytes: usize = fens.iter().map(String::len).sum();

    let mut group = sampled(c, "chess-fen", Throughput::Elements(fens.len() as u64));
    group.bench_function(BenchmarkId::new("parse+validate", "polyfen"), |b| {
        b.iter(|| {
            let mut valid = 0usize;
            for fen in &fens {
                let setup: Fen = fen.parse().expect("generated FENs parse");
                valid += usize::from(setup.validate().is_empty());
            }
            assert_eq!(valid, fens.len());
            black_box(valid)
        });
    });
    group.bench_function(BenchmarkId::new("parse+validate", "shakmaty"), |b| {
        b.iter(|| {
            let mut valid = 0usize;
            for fen in &fens {
                let parsed = ShakFen::from_ascii(fen.as_bytes()).expect("generated FENs parse");
                valid += usize::from(parsed.into_position::<Chess>(CastlingMode::Chess960).is_ok());
            }
            assert_eq!(valid, fens.len());
            black_box(valid)
        });
    });

    let ours: Vec<Fen> = fens.iter().map(|f| f.parse().expect("parses")).collect();
    let theirs: Vec<ShakFen> = fens.iter().map(|f| f.parse().expect("parses")).collect();
    group.bench_function(BenchmarkId::new("format", "polyfen"), |b| {
        b.iter(|| ours.iter().map(|f| f.to_string().len()).sum::<usize>());
    });
    group.bench_function(BenchmarkId::new("format", "shakmaty"), |b| {
        b.iter(|| theirs.iter().map(|f| f.to_string().len()).sum::<usize>());
    });
    group.finish();

    // Per byte of input, Xiangqi beside chess: the generic codec must cost
    // nothing for a wider, taller board with another alphabet. `xiangqi`
    // positions are made as the chess ones are (random playouts);
    // `xiangqi-setups` are random legal setups, sparser than games reach.
    let xiangqi_sets = [
        ("xiangqi", polyfen_bench::xiangqi_playout_fens(POSITIONS, 0x00C0_FFEE)),
        ("xiangqi-setups", polyfen_bench::xiangqi_fens(POSITIONS, 0x00C0_FFEE)),
    ];
    let mut group = sampled(c, "per-byte", Throughput::Bytes(bytes as u64));
    group.bench_function("parse/chess", |b| b.iter(|| parsed(&fens)));
    group.bench_function("parse+validate/chess", |b| b.iter(|| legal(&fens)));
    group.bench_function("format/chess", |b| {
        b.iter(|| ours.iter().map(|f| f.to_string().len()).sum::<usize>());
    });
    for (name, xiangqi) in &xiangqi_sets {
        let xiangqi_bytes: usize = xiangqi.iter().map(String::len).sum();
        group.throughput(Throughput::Bytes(xiangqi_bytes as u64));
        group.bench_function(format!("parse/{name}"), |b| {
            b.iter(|| xiangqi.iter().filter(|f| f.parse::<polyfen_xiangqi::Fen>().is_ok()).count());
        });
        group.bench_function(format!("parse+validate/{name}"), |b| {
            b.iter(|| {
                xiangqi
                    .iter()
                    .filter(|f| f.parse::<polyfen_xiangqi::Fen>().is_ok_and(|s| s.validate().is_empty()))
                    .count()
            });
        });
        let parsed: Vec<polyfen_xiangqi::Fen> = xiangqi.iter().map(|f| f.parse().expect("parses")).collect();
        group.bench_function(format!("format/{name}"), |b| {
            b.iter(|| parsed.iter().map(|f| f.to_string().len()).sum::<usize>());
        });
    }
    group.finish();

    let mut group = sampled(c, "chess-fen-bytes", Throughput::Bytes(bytes as u64));
    group.bench_function("parse/polyfen", |b| b.iter(|| parsed(&fens)));
    group.bench_function("validate/polyfen", |b| {
        b.iter(|| ours.iter().filter(|f| f.validate().is_empty()).count());
    });
    group.bench_function("parse+validate/polyfen", |b| b.iter(|| legal(&fens)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
