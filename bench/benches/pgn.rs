//! Game records: polyfen's PGN reader against pgn-reader + shakmaty (the
//! reader and the `validate` example of the shakmaty project), in one
//! process, on two kinds of file of at least 200 MB each: the lichess sample
//! repeated (group `pgn`: games with a clock comment after every move), and
//! the same games with their comments and black move numbers taken out
//! (group `pgn-tournament`: the shape of tournament files, where moves are
//! most of the bytes); and the same reader on Xiangqi and Khet games.
//!
//! - `parse`: tokenize every game, keep nothing (a visitor counting moves);
//! - `validate`: parse and play every move of the main line;
//! - `validate-2-threads` (polyfen only): the input cut at a game boundary
//!   and read on two threads, as `games validate --jobs 2` does.
//!
//! Run with `cargo bench -p polyfen-bench --bench pgn` (or `cargo xtask
//! bench pgn`, which prints the ratios). Set `POLYFEN_PGN_MB` to change the
//! input size.

use std::hint::black_box;
use std::ops::ControlFlow;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pgn_reader::{Reader, SanPlus, Skip, Visitor as PeerVisitor};
use polyfen::records::pgn::{Flow, Here, PgnError, PgnReader, Visitor};
use polyfen::records::{Game, Node};
use polyfen::{AnyPosition, MoveNotation, Position, ReadOptions, RuleOptions, VariantId};
use polyfen_bench::{Rng, polyfen_validate};

/// The lichess sample repeated to at least `POLYFEN_PGN_MB` (200) MB, if
/// the public corpus is there.
fn big_input() -> Option<Vec<u8>> {
    let mb: usize = std::env::var("POLYFEN_PGN_MB").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    polyfen_bench::lichess_repeated(mb)
}

/// Counts moves and keeps nothing.
struct Count(u64);

impl Visitor for Count {
    type Output = ();
    fn san(&mut self, text: &str, _: &Here<'_>) -> Flow {
        black_box(text);
        self.0 += 1;
        Flow::Continue
    }
    fn end_game(&mut self, _: Option<PgnError>) {}
}

/// pgn-reader's counterpart of [`Count`].
struct PeerCount(u64);

impl PeerVisitor for PeerCount {
    type Tags = ();
    type Movetext = ();
    type Output = ();
    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, (): ()) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn san(&mut self, (): &mut (), san: SanPlus) -> ControlFlow<()> {
        black_box(&san);
        self.0 += 1;
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, (): &mut ()) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(true))
    }
    fn end_game(&mut self, (): ()) {}
}

#[path = "../shared/pgn_peer.rs"]
mod pgn_peer;

/// The input cut in two at a game boundary (a blank line before a tag).
fn halves(input: &[u8]) -> (&[u8], &[u8]) {
    let mid = input.len() / 2;
    let cut = input[mid..].windows(3).position(|w| w == b"\n\n[").map_or(input.len(), |i| mid + i + 2);
    input.split_at(cut)
}

/// Tokenizing and validating `input` with polyfen and with pgn-reader +
/// shakmaty, as the benchmark group `group`.
fn chess_group(c: &mut Criterion, group: &str, input: &[u8], two_threads: bool) {
    let mut group = c.benchmark_group(group);
    group.sample_size(10);
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("parse/polyfen", |b| {
        b.iter(|| {
            let mut reader = PgnReader::new(input);
            let mut count = Count(0);
            while reader.read_game(&mut count).expect("in memory").is_some() {}
            black_box(count.0)
        });
    });
    group.bench_function("parse/pgn-reader", |b| {
        b.iter(|| {
            let mut reader = Reader::new(input);
            let mut count = PeerCount(0);
            while reader.read_game(&mut count).expect("in memory").is_some() {}
            black_box(count.0)
        });
    });
    group.bench_function("validate/polyfen", |b| b.iter(|| black_box(polyfen_validate(input))));
    group.bench_function("validate/pgn-reader", |b| {
        b.iter(|| {
            let mut reader = Reader::new(input);
            let mut bad = 0u64;
            while let Some(ok) = reader.read_game(&mut pgn_peer::Validator).expect("in memory") {
                bad += u64::from(!ok);
            }
            black_box(bad)
        });
    });
    if two_threads {
        let (first, second) = halves(input);
        group.bench_function("validate-2-threads/polyfen", |b| {
            b.iter(|| {
                std::thread::scope(|s| {
                    let a = s.spawn(|| polyfen_validate(first));
                    let b = polyfen_validate(second);
                    black_box(a.join().expect("a thread") + b)
                })
            });
        });
    }
    group.finish();
}

fn chess(c: &mut Criterion) {
    let Some(input) = big_input() else { return };
    chess_group(c, "pgn", &input, true);
    let mut tournament = polyfen_bench::without_comments(&input);
    // as large as the other input
    let one = tournament.clone();
    while tournament.len() < input.len() {
        tournament.extend_from_slice(&one);
    }
    chess_group(c, "pgn-tournament", &tournament, true);
}

/// Random games of `variant` written as PGN in `notation`, about `mb` MB.
fn random_pgn(variant: VariantId, notation: MoveNotation, mb: usize) -> Vec<u8> {
    let name = if variant == VariantId::Khet { "classic" } else { "standard" };
    let start =
        polyfen::read(variant.setup(name).expect("a setup"), None, &ReadOptions::default()).expect("a setup").position;
    let coordinates = polyfen::records::coordinates(variant);
    let mut rng = Rng::new(7);
    let mut out = String::new();
    while out.len() < mb * 1_000_000 {
        let mut pos: AnyPosition = start.clone();
        let mut moves = Vec::new();
        for _ in 0..80 {
            let Ok(legal) = pos.legal_moves(coordinates, &RuleOptions::default()) else { break };
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len())].clone();
            if pos.play(&mv, coordinates, &RuleOptions::default()).is_err() {
                break;
            }
            moves.push(Node::new(mv));
            if pos.status(&RuleOptions::default()).is_ok_and(|s| s != polyfen::GameStatus::Ongoing) {
                break;
            }
        }
        let game = Game::new(vec![("Event".to_owned(), "random".to_owned())], start.clone(), moves);
        game.write_pgn(Some(notation), &mut out).expect("a legal game");
    }
    out.into_bytes()
}

fn other_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("pgn-games");
    group.sample_size(10);
    for (label, variant, notation) in [
        ("xiangqi-iccs", VariantId::Xiangqi, MoveNotation::Iccs),
        ("xiangqi-chinese", VariantId::Xiangqi, MoveNotation::Chinese),
        ("xiangqi-wxf", VariantId::Xiangqi, MoveNotation::Wxf),
        ("khet", VariantId::Khet, MoveNotation::Khet),
    ] {
        let input = random_pgn(variant, notation, 10);
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_function(format!("validate/{label}"), |b| b.iter(|| black_box(polyfen_validate(&input))));
    }
    group.finish();
}

criterion_group!(benches, chess, other_games);
criterion_main!(benches);
