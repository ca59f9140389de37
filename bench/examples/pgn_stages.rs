//! Times the PGN reader's stages on a file: tokenizing only, and reading
//! with every move played (validation).
//!
//! `cargo run --release -p polyfen-bench --example pgn_stages -- FILE`

#![allow(clippy::cast_precision_loss)] // megabytes for a printout

use std::time::Instant;

use polyfen::records::pgn::{Flow, Here, PgnError, PgnReader, Visitor};
use polyfen::records::{GameOptions, Games};

/// Counts moves, keeps nothing.
struct Null(u64);

impl Visitor for Null {
    type Output = ();
    fn san(&mut self, _: &str, _: &Here<'_>) -> Flow {
        self.0 += 1;
        Flow::Continue
    }
    fn end_game(&mut self, _: Option<PgnError>) {}
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: pgn_stages FILE [tokenize|validate|build]");
    let only = std::env::args().nth(2);
    let run = |stage: &str| only.as_deref().is_none_or(|o| o == stage);
    let data = std::fs::read(&path).expect("readable file");
    let mb = data.len() as f64 / 1e6;
    if run("tokenize") {
        let t = Instant::now();
        let mut reader = PgnReader::new(data.as_slice());
        let mut null = Null(0);
        while reader.read_game(&mut null).expect("in memory").is_some() {}
        let s = t.elapsed().as_secs_f64();
        println!("tokenize: {:.1} MB/s ({} moves)", mb / s, null.0);
    }
    if run("direct") {
        /// Plays every SAN on a chess position, nothing else.
        struct Direct(polyfen_chess::Position, polyfen_chess::Position, u64);
        impl Visitor for Direct {
            type Output = ();
            fn begin_game(&mut self, _: u64, _: polyfen::records::pgn::Location) {
                self.0 = self.1;
            }
            fn san(&mut self, text: &str, _: &Here<'_>) -> Flow {
                match self.0.parse_san(text) {
                    Ok(m) => self.0.play(m),
                    Err(_) => self.2 += 1,
                }
                Flow::Continue
            }
            fn end_game(&mut self, _: Option<PgnError>) {}
        }
        let start: polyfen_chess::Fen = polyfen_chess::START_FEN.parse().expect("the start");
        let start = polyfen_chess::Position::from_setup(&start).expect("the start");
        let t = Instant::now();
        let mut reader = PgnReader::new(data.as_slice());
        let mut direct = Direct(start, start, 0);
        while reader.read_game(&mut direct).expect("in memory").is_some() {}
        let s = t.elapsed().as_secs_f64();
        println!("direct parse_san + play: {:.1} MB/s ({} bad)", mb / s, direct.2);
    }
    if run("peer") {
        /// pgn-reader + shakmaty: every SAN played, as their `validate` example.
        struct Peer;
        impl pgn_reader::Visitor for Peer {
            type Tags = ();
            type Movetext = shakmaty::Chess;
            type Output = ();
            fn begin_tags(&mut self) -> std::ops::ControlFlow<(), ()> {
                std::ops::ControlFlow::Continue(())
            }
            fn begin_movetext(&mut self, (): ()) -> std::ops::ControlFlow<(), shakmaty::Chess> {
                std::ops::ControlFlow::Continue(shakmaty::Chess::default())
            }
            fn san(&mut self, pos: &mut shakmaty::Chess, san: pgn_reader::SanPlus) -> std::ops::ControlFlow<()> {
                use shakmaty::Position as _;
                match san.san.to_move(pos) {
                    Ok(m) => {
                        pos.play_unchecked(m);
                        std::ops::ControlFlow::Continue(())
                    }
                    Err(_) => std::ops::ControlFlow::Break(()),
                }
            }
            fn end_game(&mut self, _: shakmaty::Chess) {}
        }
        let t = Instant::now();
        let mut reader = pgn_reader::Reader::new(data.as_slice());
        while reader.read_game(&mut Peer).expect("in memory").is_some() {}
        let s = t.elapsed().as_secs_f64();
        println!("pgn-reader + shakmaty validate: {:.1} MB/s", mb / s);
    }
    for check_only in [true, false] {
        if !run(if check_only { "validate" } else { "build" }) {
            continue;
        }
        let t = Instant::now();
        let mut bad = 0;
        for game in Games::new(data.as_slice(), GameOptions::default().with_check_only(check_only)) {
            if game.expect("in memory").is_err() {
                bad += 1;
            }
        }
        let s = t.elapsed().as_secs_f64();
        let what = if check_only { "validate" } else { "build games" };
        println!("{what}: {:.1} MB/s ({bad} bad)", mb / s);
    }
}
