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
