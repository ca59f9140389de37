//! Fairy-Stockfish's long algebraic notation (`NOTATION_LAN`) as pyffish
//! writes it (`data/lan.tsv`, made by `data/lan.py` with pyffish 0.0.90
//! from up to three of the corpus's positions of each game): every legal
//! move of every position is written as pyffish writes it, and read back to
//! the same move.
//!
//! One difference is pinned, SAN's too: a king that moves like another
//! piece (Caught in a Snag's `king = g:gBgR`) can check the other king
//! itself, which Fairy-Stockfish does not mark (it marks a king's move as a
//! check only when it uncovers one); polyfen writes the `+` the position
//! has.

mod common;

use std::collections::BTreeSet;

use polyfen_fairy::{FairyMoveNotation, FairyPosition, Position, Rules, registry};
use polyfen_game::{GamePosition, MoveToPlay, RuleOptions};

const LAN: &str = include_str!("data/lan.tsv");

#[test]
fn every_move_of_every_game_is_written_in_lan_as_pyffish_writes_it() {
    let Some(_) = common::CORPUS.get() else { return };
    let variants = common::variants();
    if registry::game("makhouse").is_none() {
        registry::define("user.ini", &common::corpus("user.ini")).expect("user.ini reads");
    }
    let (mut written, mut positions, mut kings_checking, mut games) = (0, 0, 0, BTreeSet::new());
    let (mut differences, mut unread, mut ambiguous) = (Vec::new(), Vec::new(), BTreeSet::new());
    for line in LAN.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, fen, moves @ ..] = &fields[..] else { panic!("a row: {line}") };
        let rules = Rules::new(variants.get(name).expect("defined"));
        let pos = Position::from_fen(&rules, fen).unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
        let ours = rules.legal_lan(&pos);
        let game = FairyPosition::from_fen(name, fen).unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
        positions += 1;
        games.insert(*name);
        for field in moves {
            let (uci, text) = field.split_once(' ').expect("uci and text");
            let Some((m, mine)) = ours.iter().find(|(m, _)| rules.uci(&pos, *m) == uci) else {
                differences.push(format!("{name} {fen} {uci}: not legal"));
                continue;
            };
            let king_moves =
                rules.squares(*m).0.and_then(|(f, r)| pos.piece_at(&rules, f, r)).is_some_and(|p| p.1.is_king());
            if king_moves && mine.strip_suffix('+') == Some(text) {
                kings_checking += 1;
            } else if mine != text {
                differences.push(format!("{name} {fen} {uci}: {mine}, pyffish {text}"));
            }
            written += 1;
            // read back, through the game's reading of any of its notations,
            // and written back in LAN
            let mut played = game.clone();
            let to_play = MoveToPlay { text, write_as: FairyMoveNotation::FairyLan, lenient: false };
            match played.play_with(to_play, &RuleOptions::default()) {
                Ok(back) if back.text == *mine => {}
                Ok(back) => unread.push(format!("{name} {fen} {text}: read as {}, not {uci}", back.text)),
                Err(e) if e.to_string().contains("names more than one legal move") => {
                    assert!(e.to_string().contains(uci), "{e}");
                    ambiguous.insert(format!("{name} {fen} {text}: {e}"));
                }
                Err(e) => unread.push(format!("{name} {fen} {text}: {e}")),
            }
        }
    }
    println!("{written} moves of {positions} positions, {} games", games.len());
    let shown = |d: &[String]| d.iter().take(20).cloned().collect::<Vec<_>>().join("\n");
    assert_eq!(kings_checking, 1, "the king moves that check the other king themselves");
    assert!(differences.is_empty(), "{} differ:\n{}", differences.len(), shown(&differences));
    assert!(ambiguous.is_empty(), "{} ambiguous: {ambiguous:?}", ambiguous.len());
    assert!(unread.is_empty(), "{} not read back:\n{}", unread.len(), shown(&unread));
    assert!(written > 30_000 && positions > 700 && games.len() > 250, "{written} moves of {positions} positions");
}
