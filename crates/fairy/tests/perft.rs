//! Perft against Fairy-Stockfish's own perft table (perft.tsv: 155 rows of
//! 86 games): every row of a game polyfen plays, up to a node count a
//! build of its kind counts in seconds, must give Fairy-Stockfish's count.

mod common;

use std::collections::BTreeMap;

use polyfen_fairy::{Position, Rules};

/// The largest node count run: what a debug build counts in a few
/// seconds; a release build (`cargo test --release`) runs every row up to
/// ten million nodes.
const LIMIT: u64 = if cfg!(debug_assertions) { 200_000 } else { 10_000_000 };

/// The games of perft.tsv not played in full yet, and why.
const NOT_YET: &[(&str, &str)] = &[];

/// Every row of a game played, within the limit, gives Fairy-Stockfish's
/// count; the rows left out are said, with why.
#[test]
fn perft_matches_fairy_stockfish() {
    let Some(_) = common::CORPUS.get() else { return };
    let variants = common::variants();
    let not_yet: BTreeMap<&str, &str> = NOT_YET.iter().copied().collect();
    let mut games: BTreeMap<String, bool> = BTreeMap::new();
    let mut failures = Vec::new();
    let (mut run, mut skipped) = (0, 0);
    for row in common::rows("perft.tsv") {
        let (game, fen) = (row[0].as_str(), row[1].as_str());
        let depth: u32 = row[2].parse().expect("a depth");
        let nodes: u64 = row[3].parse().expect("a node count");
        if let Some(why) = not_yet.get(game) {
            println!("skipped: {game} depth {depth}: {why}");
            skipped += 1;
            continue;
        }
        if nodes > LIMIT {
            println!("skipped: {game} depth {depth}: {nodes} nodes, more than this build counts ({LIMIT})");
            skipped += 1;
            continue;
        }
        let def = variants.get(game).unwrap_or_else(|| panic!("{game} is defined"));
        let rules = Rules::new(def);
        let got = Position::from_fen(&rules, fen).map(|p| rules.perft(&p, depth)).map_err(|e| e.to_string());
        run += 1;
        let ok = got.as_ref() == Ok(&nodes);
        *games.entry(game.to_owned()).or_insert(true) &= ok;
        if !ok {
            failures.push(format!("{game} {fen} depth {depth}: expected {nodes}, got {got:?}"));
        }
    }
    let passing: Vec<&str> = games.iter().filter(|(_, ok)| **ok).map(|(g, _)| g.as_str()).collect();
    println!("{run} rows run, {skipped} skipped; {} games pass every row run: {}", passing.len(), passing.join(" "));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(run, if cfg!(debug_assertions) { 104 } else { 150 }, "rows run");
}

/// Every game of the built-in file and of Fairy-Stockfish's example file
/// compiles, reads its start position and counts perft (depth 2 where the
/// start has few moves).
#[test]
fn every_game_starts_and_counts() {
    let Some(_) = common::CORPUS.get() else { return };
    let variants = common::variants();
    let mut counted = 0;
    for def in variants.definitions() {
        let rules = Rules::new(def);
        let pos = Position::start(&rules).unwrap_or_else(|e| panic!("{}: {e}", def.name()));
        let one = rules.perft(&pos, 1);
        assert_eq!(one, rules.legal_moves(&pos).len() as u64, "{}", def.name());
        if one < 60 {
            let two = rules.perft(&pos, 2);
            assert_eq!(two, rules.divide(&pos, 2).iter().map(|(_, n)| n).sum::<u64>(), "{}", def.name());
        }
        counted += 1;
    }
    assert_eq!(counted, variants.definitions().len());
}
