//! Chess rules: polyfen against shakmaty, in one process. Perft on a few
//! classic positions and on every position of the three public perft suites
//! (to depth 3, the counts checked against the files), and SAN parse + play
//! over a long sequence of games from seeded random playouts. The variants:
//! perft of each variant's start position against shakmaty's variants.
//!
//! Both perfts count the last ply by counting the legal moves (shakmaty's
//! `perft` does the same).
//!
//! Run with `cargo bench -p polyfen-bench --bench chess_rules` (or
//! `cargo xtask bench chess_rules`, which also prints the ratios).

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use polyfen_bench::Rng;
use polyfen_chess::{ChessVariant, Fen, Position as PolyPosition, START_FEN, VariantPosition};
use shakmaty::fen::Fen as ShakFen;
use shakmaty::san::SanPlus;
use shakmaty::variant::{Antichess, Atomic, Crazyhouse, Horde, KingOfTheHill, RacingKings, ThreeCheck};
use shakmaty::{CastlingMode, Chess, FromSetup, Position};

const SUITES: [&str; 3] = [
    include_str!("../../tests/data/chess/pychess_tricky.perft"),
    include_str!("../../tests/data/chess/pychess_chess960.perft"),
    include_str!("../../tests/data/chess/pychess_random.perft"),
];

fn poly(fen: &str) -> PolyPosition {
    let setup: Fen = fen.parse().expect("FEN");
    PolyPosition::from_setup(&setup).expect("legal position")
}

fn shak(fen: &str) -> Chess {
    let fen: ShakFen = fen.parse().expect("FEN");
    let lenient = |mode| fen.clone().into_position(mode).or_else(shakmaty::PositionError::ignore_impossible_check).ok();
    lenient(CastlingMode::Standard).or_else(|| lenient(CastlingMode::Chess960)).expect("legal position")
}

/// Every position of the suites with its known depth-3 count (or the
/// deepest count at most 3).
fn suite_positions() -> Vec<(String, u32, u64)> {
    let mut out = Vec::new();
    for suite in SUITES {
        for case in polyfen_test_support::perft::cases(suite) {
            if let Some(nodes) = case.count(3) {
                out.push((case.epd, 3, nodes));
            }
        }
    }
    out
}

/// SAN games: seeded random playouts from the start, each move as SAN.
fn games(count: usize) -> Vec<Vec<String>> {
    let mut rng = Rng::new(0xC4E55);
    let start = poly(START_FEN);
    (0..count)
        .map(|_| {
            let mut pos = start;
            let mut game = Vec::new();
            for _ in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                game.push(pos.san(m));
                pos.play(m);
            }
            game
        })
        .collect()
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess_rules-perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in [
        ("start-d5", START_FEN, 5, 4_865_609u64),
        ("kiwipete-d4", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4_085_603),
        ("endgame-d6", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11_030_083),
        ("chess960-d5", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1", 5, 8_146_062),
    ] {
        let p = poly(fen);
        let s = shak(fen);
        assert_eq!(p.perft(depth), nodes, "{name}");
        assert_eq!(shakmaty::perft(&s, depth), nodes, "{name}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(BenchmarkId::new(name, "polyfen"), |b| b.iter(|| black_box(&p).perft(depth)));
        group.bench_function(BenchmarkId::new(name, "shakmaty"), |b| b.iter(|| shakmaty::perft(black_box(&s), depth)));
    }
    group.finish();

    let suites = suite_positions();
    let poly_positions: Vec<(PolyPosition, u32, u64)> = suites.iter().map(|(f, d, n)| (poly(f), *d, *n)).collect();
    let shak_positions: Vec<(Chess, u32, u64)> = suites.iter().map(|(f, d, n)| (shak(f), *d, *n)).collect();
    let total: u64 = suites.iter().map(|s| s.2).sum();
    let mut group = c.benchmark_group("chess_rules-suites");
    group.sample_size(10);
    group.throughput(Throughput::Elements(total));
    group.bench_function(BenchmarkId::new("all-d3", "polyfen"), |b| {
        b.iter(|| {
            for (p, depth, nodes) in &poly_positions {
                assert_eq!(p.perft(*depth), *nodes);
            }
        });
    });
    group.bench_function(BenchmarkId::new("all-d3", "shakmaty"), |b| {
        b.iter(|| {
            for (s, depth, nodes) in &shak_positions {
                assert_eq!(shakmaty::perft(s, *depth), *nodes);
            }
        });
    });
    group.finish();
}

fn san(c: &mut Criterion) {
    let games = games(500);
    let plies: usize = games.iter().map(Vec::len).sum();
    let start = poly(START_FEN);
    let mut group = c.benchmark_group("chess_rules-san");
    group.sample_size(20);
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function(BenchmarkId::new("parse+play", "polyfen"), |b| {
        b.iter(|| {
            let mut played = 0usize;
            for game in &games {
                let mut pos = start;
                for san in game {
                    let m = pos.parse_san(san).expect("legal SAN");
                    pos.play(m);
                    played += 1;
                }
                black_box(&pos);
            }
            assert_eq!(played, plies);
        });
    });
    group.bench_function(BenchmarkId::new("parse+play", "shakmaty"), |b| {
        b.iter(|| {
            let mut played = 0usize;
            for game in &games {
                let mut pos = Chess::default();
                for san in game {
                    let m = SanPlus::from_ascii(san.as_bytes()).expect("SAN").san.to_move(&pos).expect("legal SAN");
                    pos.play_unchecked(m);
                    played += 1;
                }
                black_box(&pos);
            }
            assert_eq!(played, plies);
        });
    });
    group.finish();
}

/// A shakmaty position of a variant's FEN.
fn shak_variant<P: FromSetup + Position>(fen: &str) -> P {
    let fen: ShakFen = fen.parse().expect("FEN");
    fen.into_position(CastlingMode::Standard).expect("legal position")
}

/// Perft of each variant's start position, polyfen against shakmaty.
fn variants(c: &mut Criterion) {
    fn bench<P: FromSetup + Position + Clone>(
        group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
        variant: ChessVariant,
        depth: u32,
    ) {
        let p = VariantPosition::start(variant);
        let s: P = shak_variant(variant.start_fen());
        let nodes = p.perft(depth);
        assert_eq!(shakmaty::perft(&s, depth), nodes, "{variant}");
        let name = format!("{variant}-d{depth}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(BenchmarkId::new(&name, "polyfen"), |b| b.iter(|| black_box(&p).perft(depth)));
        group.bench_function(BenchmarkId::new(&name, "shakmaty"), |b| b.iter(|| shakmaty::perft(black_box(&s), depth)));
    }
    let mut group = c.benchmark_group("chess_rules-variants");
    group.sample_size(10);
    bench::<Crazyhouse>(&mut group, ChessVariant::Crazyhouse, 4);
    bench::<ThreeCheck>(&mut group, ChessVariant::ThreeCheck, 4);
    bench::<KingOfTheHill>(&mut group, ChessVariant::KingOfTheHill, 4);
    bench::<Atomic>(&mut group, ChessVariant::Atomic, 4);
    bench::<Antichess>(&mut group, ChessVariant::Antichess, 4);
    bench::<Horde>(&mut group, ChessVariant::Horde, 5);
    bench::<RacingKings>(&mut group, ChessVariant::RacingKings, 4);
    group.finish();
}

criterion_group!(benches, perft, san, variants);
criterion_main!(benches);
