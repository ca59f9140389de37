//! The move notations against every row of the corpus's `notation.tsv`:
//! each move written in each notation gives the expected text, and every
//! spelling listed reads back as the move.

use polyfen_shogi::{Move, MoveNotation, Position, Sfen, Square};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus/shogi");

fn position(sfen: &str) -> Position {
    let setup: Sfen = sfen.parse().unwrap_or_else(|e| panic!("{sfen}: {e}"));
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// The texts of a column, one per move (split on the ASCII space only).
fn texts(column: &str) -> Vec<&str> {
    if column.is_empty() { Vec::new() } else { column.split(' ').collect() }
}

struct Row<'a> {
    line: usize,
    sfen: &'a str,
    usi: Vec<&'a str>,
    csa: Vec<&'a str>,
    kif: Vec<&'a str>,
    ki2: Vec<&'a str>,
    western: Vec<&'a str>,
    kif_also: Vec<&'a str>,
    ki2_peers: Vec<Vec<&'a str>>,
    disputed: bool,
}

fn rows(text: &str) -> Vec<Row<'_>> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.is_empty())
        .map(|(i, line)| {
            let c: Vec<&str> = line.split('\t').collect();
            let col = |k: usize| c.get(k).copied().unwrap_or("");
            Row {
                line: i + 1,
                sfen: col(0),
                usi: texts(col(1)),
                csa: texts(col(2)),
                kif: texts(col(3)),
                ki2: texts(col(4)),
                western: texts(col(5)),
                kif_also: texts(col(6)),
                ki2_peers: col(7)
                    .split('|')
                    .filter(|p| !p.is_empty())
                    .map(|p| texts(p.split_once(':').map_or(p, |(_, t)| t)))
                    .collect(),
                disputed: col(8).contains("disputed"),
            }
        })
        .collect()
}

#[test]
fn every_corpus_row_is_written_and_read_in_every_notation() {
    let text = std::fs::read_to_string(format!("{CORPUS}/notation.tsv")).expect("notation.tsv");
    let rows = rows(&text);
    assert_eq!(rows.len(), 300);
    let mut failures = Vec::new();
    for row in &rows {
        let mut p = position(row.sfen);
        let mut previous: Option<Square> = None;
        for (i, usi) in row.usi.iter().enumerate() {
            let mv = MoveNotation::Usi.read(&p, usi).unwrap_or_else(|e| panic!("line {}: {usi}: {e}", row.line));
            let mut check = |notation: MoveNotation, expected: &[&str], written_ok: bool| {
                let written = notation.write_after(&p, previous, mv);
                let want = expected.get(i).copied().unwrap_or("");
                if written_ok && written != want {
                    failures.push(format!("line {}: {notation} wrote {written}, expected {want}", row.line));
                }
                match notation.read_after(&p, previous, want) {
                    Ok(m) if m == mv => {}
                    other => {
                        failures.push(format!("line {}: {notation} read {want:?} as {other:?}, not {mv}", row.line));
                    }
                }
            };
            check(MoveNotation::Usi, &row.usi, true);
            check(MoveNotation::Csa, &row.csa, true);
            check(MoveNotation::Kif, &row.kif, true);
            check(MoveNotation::Ki2, &row.ki2, !row.disputed);
            check(MoveNotation::Western, &row.western, true);
            if row.disputed {
                let written = MoveNotation::Ki2.write_after(&p, previous, mv);
                let listed =
                    std::iter::once(&row.ki2).chain(&row.ki2_peers).any(|t| t.get(i) == Some(&written.as_str()));
                if !listed {
                    failures.push(format!("line {}: ki2 wrote {written}, which no listed form is", row.line));
                }
            }
            let lenient: Vec<&str> = std::iter::once(row.kif_also.get(i).copied())
                .chain(row.ki2_peers.iter().map(|t| t.get(i).copied()))
                .flatten()
                .collect();
            for (k, also) in lenient.iter().enumerate() {
                let notation = if k == 0 && !row.kif_also.is_empty() { MoveNotation::Kif } else { MoveNotation::Ki2 };
                let mut repairs = Vec::new();
                match notation.read_lenient(&p, previous, also, &mut repairs) {
                    Ok(m) if m == mv => {}
                    other => {
                        failures.push(format!("line {}: {notation} read {also:?} as {other:?}, not {mv}", row.line));
                    }
                }
            }
            previous = Some(mv.to());
            p.play(mv);
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// A move in every notation, for the examples below.
fn all(p: &Position, previous: Option<Square>, mv: Move) -> Vec<String> {
    MoveNotation::ALL.iter().map(|n| n.write_after(p, previous, mv)).collect()
}

#[test]
fn the_start_position_s_first_move_in_every_notation() {
    let p = Position::start();
    let mv = MoveNotation::Usi.read(&p, "7g7f").expect("legal");
    assert_eq!(all(&p, None, mv), ["7g7f", "+7776FU", "７六歩(77)", "▲７六歩", "P-7f"]);
}
