//! The variants' move readers read every spelling as standard chess's
//! reader does, wherever a variant's legal moves are chess's: the same
//! move, the same refusal, the same repairs under the lenient reading.
//! The spellings are python-chess's vectors (`python_chess_spellings.rs`).

use polyfen_chess::{ChessVariant, Fen, Position, VariantPosition};

const VECTORS: &str = include_str!("../../../tests/data/chess/python_chess_moves.tsv");

#[test]
fn every_spelling_is_read_as_chess_reads_it() {
    let mut checked = 0;
    let mut disagreements = Vec::new();
    let mut current: Option<(Position, Vec<VariantPosition>)> = None;
    for line in VECTORS.lines().filter(|l| !l.starts_with('#')) {
        let (text, value) = line.split_once('\t').unwrap_or_else(|| panic!("malformed line {line:?}"));
        if text == "fen" {
            let fen: Fen = value.parse().unwrap_or_else(|e| panic!("{value}: {e}"));
            let chess = Position::from_setup(&fen).unwrap_or_else(|e| panic!("{value}: {e}"));
            let mut same = Vec::new();
            for variant in
                [ChessVariant::ThreeCheck, ChessVariant::KingOfTheHill, ChessVariant::Crazyhouse, ChessVariant::Atomic]
            {
                let Ok(setup) = variant.parse_fen(value) else { continue };
                let Ok(pos) = VariantPosition::from_setup(&setup) else { continue };
                let mut ours: Vec<_> = pos.legal_moves().to_vec();
                let mut theirs: Vec<_> = chess.legal_moves().to_vec();
                ours.sort_by_key(|m| format!("{m:?}"));
                theirs.sort_by_key(|m| format!("{m:?}"));
                if ours == theirs {
                    same.push(pos);
                }
            }
            current = Some((chess, same));
            continue;
        }
        let (chess, variants) = current.as_ref().expect("a fen line comes first");
        let strict = chess.parse_move(text).ok();
        let mut chess_repairs = Vec::new();
        let lenient = chess.parse_move_lenient(text, &mut chess_repairs).ok();
        for pos in variants {
            checked += 1;
            let mut repairs = Vec::new();
            let ours = (pos.parse_move(text).ok(), pos.parse_move_lenient(text, &mut repairs).ok());
            // the check mark of the standard form is the variant's own
            // (an atomic capture next to the king wins: `#`)
            let unmarked = |r: &polyfen_core::MoveRepair| r.to_string().replace(['+', '#'], "");
            let ours_repairs: Vec<String> = repairs.iter().map(unmarked).collect();
            let theirs_repairs: Vec<String> = chess_repairs.iter().map(unmarked).collect();
            if ours != (strict, lenient) || ours_repairs != theirs_repairs {
                disagreements.push(format!(
                    "{} {text:?}: chess {strict:?} {lenient:?} {theirs_repairs:?}, variant {ours:?} {ours_repairs:?}",
                    pos.variant()
                ));
            }
        }
    }
    assert!(checked > 4000, "{checked} readings");
    assert!(disagreements.is_empty(), "{} disagreements:\n{}", disagreements.len(), disagreements.join("\n"));
}
