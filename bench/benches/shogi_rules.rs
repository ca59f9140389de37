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
//! not measured.
//!
//! Run with `cargo bench -p polyfen-bench --bench shogi_rules`.

use std::hint::black_box;
use std::ops::ControlFlow;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use polyfen_bench::Rng;
use polyfen_shogi::{MoveNotation, Position, START_SFEN, Sfen};
use shogi_usi_parser::FromUsi;

/// A middle game with drops for both sides (rsshogi's "tactical" bench
/// position): 4,809,015 leaves at depth 3.
const MIDDLE: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";

fn poly(sfen: &str) -> Position {
    let setup: Sfen = sfen.parse().expect("SFEN");
    Position::from_setup(&setup).expect("legal position")
}

fn shunsai_position(sfen: &str) -> shunsai::Position {
    let partial = shogi_core::PartialPosition::from_usi(&format!("sfen {sfen}")).expect("SFEN");
    shunsai::Position::new(partial)
}

fn shunsai_perft(position: &mut shunsai::Position, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        let _ = position.generate_moves(|set| {
            nodes += set.len() as u64;
            ControlFlow::Continue(())
        });
        return nodes;
    }
    let mut moves = Vec::new();
    let _ = position.generate_moves(|set| {
        moves.extend(set);
        ControlFlow::Continue(())
    });
    for mv in moves {
        let undo = position.do_move(mv);
        nodes += shunsai_perft(position, depth - 1);
        position.undo_move(mv, undo);
    }
    nodes
}

fn haitaka_perft(board: &haitaka::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            // the iterator's length counts promotions (`PieceMoves::len`
            // counts target squares)
            nodes += moves.into_iter().len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += haitaka_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

fn rsshogi_perft(position: &rsshogi::board::Position, depth: u32) -> u64 {
    rsshogi::board::perft::perft(position, u8::try_from(depth).expect("depth")).expect("perft").nodes
}

fn lite_perft(position: &shogi_core::PartialPosition, depth: u32) -> u64 {
    shogi_legality_lite::perft::perft(position.clone(), depth as usize).all
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("shogi_rules-perft");
    group.sample_size(10);
    for (name, sfen, depth, nodes) in [("start-d4", START_SFEN, 4, 719_731u64), ("middle-d3", MIDDLE, 3, 4_809_015)] {
        let p = poly(sfen);
        let mut sh = shunsai_position(sfen);
        let ha = haitaka::Board::from_sfen(sfen).expect("SFEN");
        let rs = rsshogi::board::Position::from_sfen(sfen).expect("SFEN");
        let lite = shogi_core::PartialPosition::from_usi(&format!("sfen {sfen}")).expect("SFEN");
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

/// Seeded random games from the start, as USI moves, with the SFEN before
/// each move.
fn games(count: usize) -> Vec<Vec<(String, String)>> {
    let mut rng = Rng::new(0x005E_0061);
    (0..count)
        .map(|_| {
            let mut position = Position::start();
            let mut game = Vec::new();
            for _ in 0..150 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                game.push((position.to_setup().to_string(), mv.to_string()));
                position.play(mv);
            }
            game
        })
        .collect()
}

/// Writes the inputs for `bench/shogi_cshogi.py`: one line per ply, the
/// game's number, the SFEN before the move and the move in USI.
fn write_inputs(games: &[Vec<(String, String)>]) {
    use std::fmt::Write as _;
    let mut out = String::new();
    for (i, game) in games.iter().enumerate() {
        for (sfen, usi) in game {
            let _ = writeln!(out, "{i}\t{sfen}\t{usi}");
        }
    }
    let path = std::env::temp_dir().join("polyfen-shogi-bench.tsv");
    std::fs::write(&path, out).expect("the inputs for shogi_cshogi.py");
}

fn notation(c: &mut Criterion) {
    let games = games(200);
    write_inputs(&games);
    let sfens: Vec<&str> = games.iter().flatten().map(|(sfen, _)| sfen.as_str()).collect();
    let mut group = c.benchmark_group("shogi_rules-notation");
    group.sample_size(20);
    group.throughput(Throughput::Elements(sfens.len() as u64));
    group.bench_function(BenchmarkId::new("sfen-read+validate", "polyfen"), |b| {
        b.iter(|| {
            let mut valid = 0usize;
            for sfen in &sfens {
                let setup: Sfen = black_box(sfen).parse().expect("SFEN");
                valid += usize::from(setup.validate().is_empty());
            }
            assert_eq!(valid, sfens.len());
        });
    });
    group.bench_function(BenchmarkId::new("usi-to-kif", "polyfen"), |b| {
        b.iter(|| {
            let mut written = 0usize;
            for game in &games {
                let mut position = Position::start();
                let mut previous = None;
                for (_, usi) in game {
                    let mv = MoveNotation::Usi.read(&position, usi).expect("legal USI");
                    written += MoveNotation::Kif.write_after(&position, previous, mv).len();
                    previous = Some(mv.to());
                    position.play(mv);
                }
            }
            black_box(written);
        });
    });
    group.finish();
}

criterion_group!(benches, perft, notation);
criterion_main!(benches);
