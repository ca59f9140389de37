//! Perft of each variant's start position, polyfen and shakmaty timed in
//! turn (best of 15 each), for a quick ratio on a busy machine where
//! criterion's runs drift: `cargo run --release -p polyfen-bench --example
//! variant_perft_ratio`.

use polyfen_chess::{ChessVariant, VariantPosition};
use shakmaty::fen::Fen;
use shakmaty::variant::{Antichess, Atomic, Crazyhouse, Horde, KingOfTheHill, RacingKings, ThreeCheck};
use shakmaty::{CastlingMode, FromSetup, Position};
use std::hint::black_box;
use std::time::Instant;

fn run<P: FromSetup + Position + Clone>(variant: ChessVariant, depth: u32) {
    let ours = VariantPosition::start(variant);
    let fen: Fen = variant.start_fen().parse().expect("a start FEN");
    let theirs: P = fen.into_position(CastlingMode::Standard).expect("a legal start");
    let (mut best_ours, mut best_theirs) = (f64::MAX, f64::MAX);
    for _ in 0..15 {
        let start = Instant::now();
        let counted = black_box(&ours).perft(depth);
        best_ours = best_ours.min(start.elapsed().as_secs_f64());
        let start = Instant::now();
        let expected = shakmaty::perft(black_box(&theirs), depth);
        best_theirs = best_theirs.min(start.elapsed().as_secs_f64());
        assert_eq!(counted, expected, "{variant}");
    }
    println!(
        "{variant:>18} d{depth}: polyfen {:.2} ms, shakmaty {:.2} ms, {:.2}x",
        best_ours * 1e3,
        best_theirs * 1e3,
        best_theirs / best_ours
    );
}

fn main() {
    run::<shakmaty::Chess>(ChessVariant::Standard, 4);
    run::<Crazyhouse>(ChessVariant::Crazyhouse, 4);
    run::<ThreeCheck>(ChessVariant::ThreeCheck, 4);
    run::<KingOfTheHill>(ChessVariant::KingOfTheHill, 4);
    run::<Atomic>(ChessVariant::Atomic, 4);
    run::<Antichess>(ChessVariant::Antichess, 4);
    run::<Horde>(ChessVariant::Horde, 5);
    run::<RacingKings>(ChessVariant::RacingKings, 4);
}
