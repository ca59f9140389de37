//! The speed of the games defined as data beside chess, in one run, best
//! of 9 each:
//!
//! - `games validate`'s work (read every game, play every move of the main
//!   line) on pychess.org-style PGN of Makruk and of Capablanca (a
//!   `Variant` tag, SAN movetext, seeded random playouts of up to 200
//!   plies), in MB/s beside the same work on standard chess's lichess
//!   games (the corpus's, repeated to the same size);
//! - SAN of every legal move of the fairy corpus's positions
//!   (`positions.tsv`), per move: from the position's FEN as
//!   `pyffish.get_san(variant, fen, move)` takes it (the position read
//!   for each move), and with the position read once for all its moves.
//!   The peer's figure is `fairy_san_pyffish.py`'s, beside this file.
//!
//! Run with `cargo run --release -p polyfen-bench --example fairy_pgn_ratio
//! [MB per game [game]]` (20 by default; a game's name times its PGN
//! alone, for a profile), from the repository root with the public corpus
//! beside it.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use polyfen::records::{GameOptions, Games};
use polyfen_bench::Rng;
use polyfen_fairy::{Position, Rules, registry};

/// Random games of `rules` from its start, at least `bytes` bytes of PGN
/// as pychess.org exports them.
fn random_games(name: &str, tag: &str, bytes: usize, seed: u64) -> Vec<u8> {
    let rules = registry::rules(name).expect("a built-in game");
    let start = Position::start(&rules).expect("its start");
    let mut rng = Rng::new(seed);
    let mut out = String::with_capacity(bytes + 4096);
    let mut number = 0;
    while out.len() < bytes {
        number += 1;
        let mut pos = start.clone();
        let mut movetext = String::new();
        let mut result = "*";
        for ply in 0..200 {
            let moves = rules.legal_moves(&pos);
            if moves.is_empty() || rules.outcome(&pos).is_some() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            if ply % 2 == 0 {
                let _ = write!(movetext, "{}. ", ply / 2 + 1);
            }
            movetext.push_str(&rules.san(&pos, m));
            movetext.push(' ');
            pos = rules.play(&pos, m).expect("a legal move");
        }
        if rules.legal_moves(&pos).is_empty() {
            result = if pos.side() == polyfen_core::Color::White { "0-1" } else { "1-0" };
        }
        let _ = write!(
            out,
            "[Event \"Casual game\"]\n[Site \"https://www.pychess.org/{number}\"]\n[White \"random\"]\n\
             [Black \"random\"]\n[Result \"{result}\"]\n{variant}\n{movetext}{result}\n\n",
            variant = if tag.is_empty() { String::new() } else { format!("[Variant \"{tag}\"]\n") },
        );
    }
    out.into_bytes()
}

/// Every game validated: (games, games with an error).
fn validate(input: &[u8]) -> (u64, u64) {
    let (mut games, mut bad) = (0, 0);
    for game in Games::new(input, GameOptions::default().with_check_only(true)) {
        games += 1;
        bad += u64::from(game.expect("in memory").is_err());
    }
    (games, bad)
}

/// The best of 9 runs of `work`, in seconds.
fn best<T>(mut work: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::MAX;
    let mut last = None;
    for _ in 0..9 {
        let start = Instant::now();
        last = Some(black_box(work()));
        best = best.min(start.elapsed().as_secs_f64());
    }
    (best, last.expect("ran"))
}

fn megabytes(bytes: usize) -> f64 {
    f64::from(u32::try_from(bytes).unwrap_or(u32::MAX)) / 1e6
}

fn main() {
    let mb: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let bytes = mb * 1_000_000;
    if let Some(name) = std::env::args().nth(2) {
        let input = random_games(&name, &name, bytes, 7);
        let (time, (games, bad)) = best(|| validate(&input));
        println!("{name:>12}: {games} games ({bad} bad), {:.1} MB/s", megabytes(input.len()) / time);
        return;
    }
    let lichess = std::fs::read("../shared/corpus/pgn/lichess_db_1000k.pgn").expect("the corpus beside the repository");
    let chess: Vec<u8> = lichess.iter().copied().cycle().take(bytes).collect();
    let cut = chess.windows(2).rposition(|w| w == b"\n\n[").map_or(chess.len(), |i| i + 2);
    let chess = &chess[..cut];
    let (chess_time, (games, bad)) = best(|| validate(chess));
    let chess_rate = megabytes(chess.len()) / chess_time;
    println!("{:>12}: {games} games ({bad} bad), {:.1} MB: {chess_rate:.1} MB/s", "chess", megabytes(chess.len()));
    // the same work on chess games of the same shape as the others: random
    // playouts written as pychess.org writes them, read by the chess reader
    let shaped = random_games("chess", "", bytes, 7);
    let (shaped_time, (games, bad)) = best(|| validate(&shaped));
    assert_eq!(bad, 0, "chess: every game legal");
    let shaped_rate = megabytes(shaped.len()) / shaped_time;
    println!(
        "{:>12}: {games} games, {:.1} MB: {shaped_rate:.1} MB/s (random playouts, pychess.org's shape)",
        "chess",
        megabytes(shaped.len())
    );
    for (name, tag) in [("makruk", "Makruk"), ("capablanca", "Capablanca")] {
        let input = random_games(name, tag, bytes, 7);
        let (time, (games, bad)) = best(|| validate(&input));
        assert_eq!(bad, 0, "{name}: every game legal");
        let rate = megabytes(input.len()) / time;
        println!(
            "{name:>12}: {games} games, {:.1} MB: {rate:.1} MB/s, {:.2}x chess's MB/s on lichess's games, \
             {:.2}x on chess games of the same shape",
            megabytes(input.len()),
            rate / chess_rate,
            rate / shaped_rate
        );
    }
    // SAN of every legal move of the corpus's positions
    let corpus = std::fs::read_to_string("../shared/corpus/fairy/positions.tsv").expect("the fairy corpus");
    let rows: Vec<(std::sync::Arc<Rules>, &str, Vec<&str>)> = corpus
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|line| {
            let mut fields = line.split('\t');
            let (name, fen, moves) = (fields.next()?, fields.next()?, fields.next()?);
            let rules = registry::rules(name)?;
            Position::from_fen(&rules, fen).ok()?;
            (moves != "-").then(|| (rules, fen, moves.split(' ').collect()))
        })
        .collect();
    let moves: usize = rows.iter().map(|(_, _, m)| m.len()).sum();
    let (each, written) = best(|| {
        let mut written = 0usize;
        for (rules, fen, ucis) in &rows {
            for i in 0..ucis.len() {
                // as get_san: the position read for each move, the move
                // found among the legal ones
                let pos = Position::from_fen(rules, fen).expect("read before");
                let legal = rules.legal_moves(&pos);
                if let Some(&m) = legal.get(i) {
                    written += black_box(rules.san(&pos, m)).len();
                }
            }
        }
        written
    });
    let (once, _) = best(|| {
        let mut written = 0usize;
        for (rules, fen, _) in &rows {
            let pos = Position::from_fen(rules, fen).expect("read before");
            written += black_box(rules.legal_san(&pos)).len();
        }
        written
    });
    let per = |t: f64| t * 1e9 / f64::from(u32::try_from(moves).unwrap_or(u32::MAX));
    println!(
        "{:>12}: {moves} moves of {} positions: {:.0} ns a move read from its FEN each time ({written} bytes), \
         {:.0} ns a move with the position read once",
        "SAN",
        rows.len(),
        per(each),
        per(once)
    );
}
