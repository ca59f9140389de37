//! Perft of games defined as data, polyfen-fairy beside Fairy-Stockfish's
//! `go perft`, on the rows of Fairy-Stockfish's own perft suite
//! (`fairy/perft.tsv` of the public corpus), one core, in one run: for each
//! row polyfen's count (checked against the suite's) and time, and the
//! peer's, the fastest of `ROUNDS` each, the rounds alternating the two;
//! then the ratio per row (the peer's time over polyfen's: above 1 polyfen
//! is faster) and their geometric mean.
//!
//! `FAIRY_STOCKFISH=path/to/stockfish cargo run --release -p polyfen-bench
//! --example fairy_perft -- [MAX_NODES] [ROUNDS] [VARIANT…]`: the rows of at
//! most `MAX_NODES` leaves (default one million), 3 rounds, of the variants
//! named (default all). The peer is built
//! from its source with `make build ARCH=x86-64 largeboards=yes all=yes`;
//! its time is from `go perft` to its count, in a process started and
//! ready, so that its start-up is not counted.
//! Build this side with the same best profile
//! (`CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 CARGO_PROFILE_RELEASE_LTO=fat`).
#![allow(clippy::cast_precision_loss)] // seconds and ratios

use std::io::{BufRead as _, BufReader, Write as _};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use polyfen_fairy::{Position, Rules, Variants};

fn main() {
    let mut args = std::env::args().skip(1);
    let most: u64 = args.next().map_or(1_000_000, |a| a.parse().expect("MAX_NODES: a number"));
    let rounds: u32 = args.next().map_or(3, |a| a.parse().expect("ROUNDS: a number"));
    let only: Vec<String> = args.collect();
    let peer = std::env::var("FAIRY_STOCKFISH").ok();
    let Some(text) =
        polyfen_test_support::corpus("fairy/perft.tsv").map(|path| std::fs::read_to_string(path).expect("perft.tsv"))
    else {
        return;
    };
    println!("variant\tdepth\tnodes\tpolyfen_ms\tpeer_ms\tratio");
    let mut logs = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [variant, fen, depth, nodes, ..] = fields[..] else { continue };
        let (Ok(depth), Ok(nodes)) = (depth.parse::<u32>(), nodes.parse::<u64>()) else { continue };
        if nodes > most || nodes < 1000 || !(only.is_empty() || only.iter().any(|v| v == variant)) {
            continue;
        }
        let Some(def) = Variants::builtin().get(variant) else { continue };
        let rules = Rules::new(def);
        let Ok(position) = Position::from_fen(&rules, fen) else { continue };
        // The rounds alternate the two sides, so that a busy moment of the
        // machine falls on both.
        let mut ours = Duration::MAX;
        let mut theirs = peer.as_ref().map(|_| Duration::MAX);
        for _ in 0..rounds {
            let start = Instant::now();
            let counted = rules.perft(&position, depth);
            ours = ours.min(start.elapsed());
            assert_eq!(counted, nodes, "{variant} {fen} depth {depth}");
            if let (Some(peer), Some(best)) = (peer.as_deref(), theirs.as_mut()) {
                *best = (*best).min(peer_time(peer, variant, fen, depth, nodes));
            }
        }
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        match theirs {
            Some(theirs) => {
                let ratio = theirs.as_secs_f64() / ours.as_secs_f64();
                logs.push(ratio.ln());
                println!("{variant}\t{depth}\t{nodes}\t{:.1}\t{:.1}\t{ratio:.2}", ms(ours), ms(theirs));
            }
            None => println!("{variant}\t{depth}\t{nodes}\t{:.1}\t-\t-", ms(ours)),
        }
    }
    if !logs.is_empty() {
        let mean = (logs.iter().sum::<f64>() / logs.len() as f64).exp();
        println!("geometric mean of {} rows: {mean:.2}", logs.len());
    }
}

/// The time Fairy-Stockfish takes to answer `go perft DEPTH` for
/// `variant` and `fen`, from the command to its count (checked to be
/// `nodes`), in a process already started and ready, so that its start-up
/// is not counted.
fn peer_time(peer: &str, variant: &str, fen: &str, depth: u32, nodes: u64) -> Duration {
    let mut child = Command::new(peer)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("Fairy-Stockfish runs");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    let mut wait_for = |prefix: &str| -> String {
        let mut line = String::new();
        loop {
            line.clear();
            assert!(output.read_line(&mut line).expect("its output") > 0, "Fairy-Stockfish ended before {prefix}");
            if let Some(rest) = line.strip_prefix(prefix) {
                return rest.trim().to_owned();
            }
        }
    };
    write!(input, "setoption name UCI_Variant value {variant}\nposition fen {fen}\nisready\n").expect("the script");
    input.flush().expect("flushed");
    wait_for("readyok");
    let start = Instant::now();
    writeln!(input, "go perft {depth}").expect("the command");
    input.flush().expect("flushed");
    let counted = wait_for("Nodes searched: ");
    let elapsed = start.elapsed();
    assert_eq!(counted.parse::<u64>().ok(), Some(nodes), "Fairy-Stockfish's perft of {variant} {fen}");
    let _ = writeln!(input, "quit");
    let _ = child.wait();
    elapsed
}
