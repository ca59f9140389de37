//! The strict move reader accepts exactly the texts python-chess accepts,
//! over thousands of spellings (`python_chess.rs` checks a short list by hand),
//! and reads each as the same move: vectors recorded from python-chess's
//! `Board.parse_san` (then `Board.parse_uci`) on many spellings of every
//! legal move of a few positions, including the two cases a lenient reader
//! would guess (a pawn capture written as a push).

use std::collections::HashMap;

use polyfen_chess::{CastlingNotation, Fen, MoveKind, Position};

const VECTORS: &str = include_str!("../../../tests/data/chess/python_chess_moves.tsv");

/// The forms polyfen's strict reader takes on purpose although
/// python-chess's `parse_san` does not (its PGN reader strips them first):
/// annotation marks after the move and its check mark, and FIDE's `e.p.`
/// after an en passant capture. The move proper, without them.
fn without_deliberate_suffix(text: &str) -> Option<&str> {
    let body = text.trim_end_matches(['!', '?']);
    let annotated = body.len() < text.len();
    let (body, ep) = match body.strip_suffix("e.p.") {
        Some(b) => (b.trim_end(), true),
        None => (body, false),
    };
    (annotated || ep).then_some(body)
}

/// A text and the UCI of the move python-chess read it as, if any.
type Row<'a> = (&'a str, Option<&'a str>);

#[test]
fn strict_reading_agrees_with_python_chess() {
    let mut blocks: Vec<(Position, Vec<Row>)> = Vec::new();
    for line in VECTORS.lines().filter(|l| !l.starts_with('#')) {
        let (text, expected) = line.split_once('\t').unwrap_or_else(|| panic!("malformed line {line:?}"));
        if text == "fen" {
            let fen: Fen = expected.parse().unwrap_or_else(|e| panic!("{expected}: {e}"));
            blocks.push((Position::from_setup(&fen).unwrap_or_else(|e| panic!("{expected}: {e}")), Vec::new()));
        } else {
            blocks.last_mut().expect("a fen line comes first").1.push((text, (expected != "-").then_some(expected)));
        }
    }
    let (mut checked, mut accepted, mut deliberate) = (0, 0, 0);
    let mut disagreements = Vec::new();
    for (p, rows) in &blocks {
        let theirs_of: HashMap<&str, Option<&str>> = rows.iter().copied().collect();
        for &(text, theirs) in rows {
            let ours = p.parse_move(text).ok();
            let ours_uci = ours.map(|m| p.uci(m, CastlingNotation::KingTwoSquares));
            checked += 1;
            accepted += usize::from(theirs.is_some());
            if ours_uci.as_deref() == theirs {
                continue;
            }
            // a deliberate difference: python-chess takes the same text
            // without the suffix, as the same move; `e.p.` only after an
            // en passant capture
            let body = without_deliberate_suffix(text);
            let same_without = body.and_then(|b| theirs_of.get(b).copied().flatten());
            let ep_ok = !text.contains("e.p.") || ours.is_some_and(|m| m.kind() == MoveKind::EnPassant);
            if theirs.is_none() && same_without.is_some() && same_without == ours_uci.as_deref() && ep_ok {
                deliberate += 1;
            } else {
                disagreements.push(format!("{text:?}: python-chess {theirs:?}, polyfen {ours_uci:?}"));
            }
        }
    }
    assert!(checked > 4000 && accepted > 1500 && deliberate > 0, "{checked} texts, {accepted} accepted");
    assert!(disagreements.is_empty(), "{} disagreements:\n{}", disagreements.len(), disagreements.join("\n"));
}

#[test]
fn the_issue_cases_are_refused_strictly_and_repaired_leniently() {
    for (fen, text, reading) in [
        ("2rq1rk1/pb2bppp/1p2p3/n1ppPn2/2PP4/PP3N2/1B1NQPPP/RB3RK1 b - - 4 13", "c4", "d5c4"),
        ("4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2", "f6", "e5f6"),
    ] {
        let p = Position::from_setup(&fen.parse::<Fen>().unwrap()).unwrap();
        assert!(p.parse_move(text).is_err(), "{text} in {fen}");
        let mut repairs = Vec::new();
        let m = p.parse_move_lenient(text, &mut repairs).unwrap();
        assert_eq!(p.uci(m, CastlingNotation::KingTwoSquares), reading);
        assert_eq!(repairs.len(), 1, "{repairs:?}");
    }
}

#[test]
fn e_p_after_a_move_that_is_not_en_passant_is_only_lenient() {
    let p = Position::from_setup(&"4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2".parse::<Fen>().unwrap()).unwrap();
    assert!(p.parse_move("exf6 e.p.").is_ok());
    let err = p.parse_move("Kd2 e.p.").unwrap_err();
    assert!(err.to_string().contains("only a lenient reading takes it, as Kd2"), "{err}");
    let mut repairs = Vec::new();
    let m = p.parse_move_lenient("Kd2 e.p.", &mut repairs).unwrap();
    assert_eq!(p.uci(m, CastlingNotation::KingTwoSquares), "e1d2");
    assert_eq!(repairs.iter().map(ToString::to_string).collect::<Vec<_>>(), ["read 'Kd2 e.p.' as 'Kd2'"]);
}
