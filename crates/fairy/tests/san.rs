//! Moves in SAN as Fairy-Stockfish writes them: every legal move of every
//! position of the fairy corpus (the Shogi family's in Hodges' notation,
//! their default), written as pyffish's `get_san` writes it. One difference is pinned: a king that moves like
//! another piece (`king = g:gBgR`) can check the other king itself, which
//! Fairy-Stockfish's SAN does not mark (it marks a king's move as a check
//! only when it uncovers one); polyfen writes the `+` the position has.

mod common;

use std::collections::BTreeMap;

use polyfen_fairy::{Position, Rules};

#[test]
fn every_legal_move_of_the_corpus_is_written_as_pyffish_writes_it() {
    let Some(_) = common::CORPUS.get() else { return };
    let variants = common::variants();
    let mut differences: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let (mut written, mut kings_checking, mut games) = (0, 0, std::collections::BTreeSet::new());
    for row in common::rows("positions.tsv") {
        let [name, fen, moves, sans, ..] = &row[..] else { continue };
        let def = variants.get(name).expect("defined");
        if moves == "-" {
            continue;
        }
        let rules = Rules::new(def);
        let Ok(pos) = Position::from_fen(&rules, fen) else { continue };
        let ours_all = rules.legal_san(&pos);
        for (uci, san) in moves.split(' ').zip(sans.split(' ')) {
            let Some((m, ours)) = ours_all.iter().find(|(m, _)| rules.uci(&pos, *m) == uci) else { continue };
            let (m, ours) = (*m, ours.clone());
            let king_moves =
                rules.squares(m).0.and_then(|(f, r)| pos.piece_at(&rules, f, r)).is_some_and(|p| p.1.is_king());
            if king_moves && ours.strip_suffix('+') == Some(san) {
                kings_checking += 1;
            } else if ours != san {
                differences.entry(name.clone()).or_default().push(format!("{fen} {uci}: {ours}, pyffish {san}"));
            }
            written += 1;
        }
        games.insert(name.clone());
    }
    let report: Vec<String> = differences
        .iter()
        .map(|(g, d)| format!("{g} ({}): {}", d.len(), d.first().cloned().unwrap_or_default()))
        .collect();
    assert_eq!(kings_checking, 3, "the king moves that check the other king themselves");
    println!("{written} moves of {} games; {} games differ", games.len(), differences.len());
    assert!(differences.is_empty(), "{} games differ:\n{}", differences.len(), report.join("\n"));
}

/// Every move of the corpus's positions, in SAN as pyffish writes it, is
/// read back to that move (its UCI): the reading looks only at the legal
/// moves of the piece the text names to the squares it names, and where
/// the rules choose among all the legal moves (a compulsory capture or
/// drop) at all of them.
#[test]
fn every_san_of_the_corpus_is_read_back_to_its_move() {
    use polyfen_fairy::{FairyMoveNotation, FairyPosition, registry};
    use polyfen_game::{GamePosition, MoveToPlay, RuleOptions};
    let Some(_) = common::CORPUS.get() else { return };
    if registry::game("makhouse").is_none() {
        registry::define("user.ini", &common::corpus("user.ini")).expect("user.ini reads");
    }
    let (mut read, mut games) = (0, std::collections::BTreeSet::new());
    let mut wrong = Vec::new();
    for row in common::rows("positions.tsv") {
        let [name, fen, moves, sans, ..] = &row[..] else { continue };
        if moves == "-" {
            continue;
        }
        let Ok(game) = FairyPosition::from_fen(name, fen) else { continue };
        for (uci, san) in moves.split(' ').zip(sans.split(' ')) {
            let to_play = MoveToPlay { text: san, write_as: FairyMoveNotation::FairyUci, lenient: false };
            match game.clone().play_with(to_play, &RuleOptions::default()) {
                Ok(back) if back.text == uci => read += 1,
                Ok(back) => wrong.push(format!("{name} {fen} {san}: read as {}, not {uci}", back.text)),
                Err(e) => wrong.push(format!("{name} {fen} {san}: {e}")),
            }
        }
        games.insert(name.clone());
    }
    println!("{read} moves of {} games read back", games.len());
    assert!(
        wrong.is_empty(),
        "{} not read back:\n{}",
        wrong.len(),
        wrong.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
    assert!(read > 100_000 && games.len() > 200, "{read} moves of {} games", games.len());
}
