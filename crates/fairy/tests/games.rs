//! The random games of games.jsonl (two per built-in game, played by
//! pyffish): every move of each main line is legal and plays, and the
//! position reached is pyffish's end position.

mod common;

use std::collections::BTreeMap;

use polyfen_fairy::{Position, Rules};

/// The walling games: their main lines are written without the walls, so
/// they name no move of the game (`e2e4` where the duck also moves).
const WALLS: &[&str] = &["amazons", "duck", "isolation", "isolation7x7", "joust", "snailtrail"];

/// A game of games.jsonl: variant, start FEN, UCI main line, end FEN.
struct Game {
    variant: String,
    start: String,
    moves: Vec<String>,
    end: String,
}

/// The string value after `"key": "`, up to its closing quote.
fn field(line: &str, key: &str) -> String {
    let pat = format!("\"{key}\": \"");
    let at = line.find(&pat).map_or(line.len(), |i| i + pat.len());
    line[at..].split('"').next().unwrap_or_default().to_owned()
}

fn games() -> Vec<Game> {
    common::corpus("games.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let list = line.split("\"mainline\": [").nth(1).and_then(|r| r.split(']').next()).unwrap_or_default();
            Game {
                variant: field(line, "variant"),
                start: field(line, "start"),
                moves: list
                    .split(',')
                    .map(|m| m.trim().trim_matches('"').to_owned())
                    .filter(|m| !m.is_empty())
                    .collect(),
                end: field(line, "end"),
            }
        })
        .collect()
}

/// Every game but the walling ones replays, move by move, to pyffish's end
/// FEN, byte for byte (counters, castling, en passant, pockets).
#[test]
fn every_game_replays_to_pyffish_s_end() {
    let Some(_) = common::CORPUS.get() else { return };
    let variants = common::variants();
    let mut failures: BTreeMap<String, String> = BTreeMap::new();
    let mut fen_differs: BTreeMap<String, String> = BTreeMap::new();
    let all = games();
    let mut replayed = 0;
    for g in &all {
        let rules = Rules::new(variants.get(&g.variant).expect("defined"));
        if WALLS.contains(&g.variant.as_str()) {
            continue;
        }
        let mut pos = match Position::from_fen(&rules, &g.start) {
            Ok(p) => p,
            Err(e) => {
                failures.insert(g.variant.clone(), format!("start: {e}"));
                continue;
            }
        };
        let mut ok = true;
        for (i, m) in g.moves.iter().enumerate() {
            match rules.play_uci(&pos, m) {
                Ok(next) => pos = next,
                Err(e) => {
                    failures.insert(g.variant.clone(), format!("move {} {m} in {}: {e}", i + 1, pos.fen(&rules)));
                    ok = false;
                    break;
                }
            }
        }
        replayed += usize::from(ok);
        if ok && pos.fen(&rules) != g.end {
            fen_differs.insert(g.variant.clone(), format!("{} vs pyffish {}", pos.fen(&rules), g.end));
        }
    }
    assert!(failures.is_empty(), "moves that do not play: {failures:#?}");
    assert!(fen_differs.is_empty(), "end positions that differ: {fen_differs:#?}");
    assert_eq!((all.len(), replayed), (240, 228));
}
