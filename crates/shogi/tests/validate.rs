//! Validation: every row of the corpus's `invalid.tsv` is refused for the
//! reasons it gives (the malformed ones by the reader, with a span), the
//! corpus positions are valid, and the messages name side, square and kind.

mod common;

use common::{CORPUS, corpus_setups};
use std::fmt::Write;

use polyfen_core::Color;
use polyfen_shogi::{Position, Role, Sfen, Violation};

/// The kinds of violation a reason of `invalid.tsv` names.
fn expected_kinds(reasons: &str) -> Vec<&'static str> {
    let mut kinds = Vec::new();
    for reason in reasons.split("; ") {
        let kind = if reason.starts_with("nifu") {
            "nifu"
        } else if reason.starts_with("dead piece") {
            "dead"
        } else if reason.starts_with("kings") {
            "kings"
        } else if reason.starts_with("too many pieces") {
            "too many"
        } else if reason.starts_with("side not to move is in check") {
            "check"
        } else {
            panic!("unknown reason {reason}")
        };
        kinds.push(kind);
    }
    kinds.sort_unstable();
    kinds
}

fn kind(v: &Violation) -> &'static str {
    match v {
        Violation::NoKing { .. } => "no king",
        Violation::TooManyKings { .. } => "kings",
        Violation::TooMany { .. } => "too many",
        Violation::DeadPiece { .. } => "dead",
        Violation::Nifu { .. } => "nifu",
        Violation::OppositeCheck { .. } => "check",
    }
}

#[test]
fn every_invalid_corpus_row_is_refused_for_its_reasons() {
    let Some(_) = CORPUS.get() else { return };
    let text = std::fs::read_to_string(format!("{CORPUS}/invalid.tsv")).expect("invalid.tsv");
    let mut out = String::new();
    let mut rows = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let mut cols = line.split('\t');
        let (sfen, reasons) = (cols.next().expect("an sfen"), cols.next().expect("reasons"));
        rows += 1;
        match sfen.parse::<Sfen>() {
            Err(e) => {
                assert!(reasons.starts_with("malformed"), "{sfen}: refused as malformed ({e}) but {reasons}");
                assert!(e.span.end <= sfen.len() && e.span.start <= e.span.end, "{sfen}");
                let _ = writeln!(out, "{sfen}\n  {reasons}\n  error at {:?}: {e}", e.span);
            }
            Ok(setup) => {
                assert!(!reasons.starts_with("malformed"), "{sfen}: read, but {reasons}");
                let violations = setup.validate();
                let mut kinds: Vec<&str> = violations.iter().map(kind).collect();
                kinds.sort_unstable();
                kinds.dedup();
                assert_eq!(kinds, expected_kinds(reasons), "{sfen}");
                if let Violation::TooMany { role, count, max } = violations
                    .iter()
                    .find(|v| kind(v) == "too many")
                    .copied()
                    .unwrap_or(Violation::NoKing { color: Color::White })
                {
                    let said = format!("({count} {}, at most {max}", char::from(role.letter()));
                    assert!(reasons.contains(&said), "{sfen}: {said} not in {reasons}");
                }
                let rules = match Position::from_setup(&setup) {
                    Ok(_) => {
                        assert!(violations.iter().all(|v| !v.blocks_play()), "{sfen}");
                        let all: Vec<String> = violations.iter().map(ToString::to_string).collect();
                        format!("played, reported: {}", all.join("; "))
                    }
                    Err(e) => format!("refused: {e}"),
                };
                let _ = writeln!(out, "{sfen}\n  {reasons}\n  {rules}");
            }
        }
    }
    assert_eq!(rows, 50);
    insta::assert_snapshot!(out);
}

#[test]
fn the_corpus_positions_are_valid() {
    for (sfen, setup) in corpus_setups() {
        assert_eq!(setup.validate(), [], "{sfen}");
    }
}

/// Mate problems have no attacker's king: reported, but read and played.
#[test]
fn a_side_without_a_king_is_reported_but_playable() {
    for sfen in ["8l/4R+B2k/7p1/6s2/9/9/9/9/9 b rb4g3s4n3l17p 1", "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1"] {
        let setup: Sfen = sfen.parse().expect("a mate problem");
        assert_eq!(setup.validate(), [Violation::NoKing { color: Color::White }], "{sfen}");
        assert!(!Violation::NoKing { color: Color::White }.blocks_play());
        let position = Position::from_setup(&setup).expect("playable");
        assert!(!position.legal_moves().is_empty());
        assert_eq!(position.king(Color::White), None);
    }
}

/// The nine-pawn problem of the corpus (`9fu.kif`) breaks nifu and has a
/// pawn that cannot move: reported, but played, as cshogi and pyffish do.
#[test]
fn rule_breaking_mate_problems_are_reported_but_playable() {
    let setup: Sfen = "7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1".parse().expect("9fu");
    let violations: Vec<String> = setup.validate().iter().map(ToString::to_string).collect();
    assert_eq!(
        violations,
        [
            "sente has no king (allowed, as in mate problems: that side cannot be checked)",
            "gote's pawn on 2i, on its last rank, could never move",
            "gote has two unpromoted pawns on file 2 (nifu)",
        ]
    );
    let position = Position::from_setup(&setup).expect("playable");
    assert!(position.legal_moves().iter().all(|m| m.to().file() != 2 || m.from().is_none()));
}

#[test]
fn messages_name_the_side_square_and_kind() {
    let mut out = String::new();
    for sfen in [
        "4k4/9/9/9/9/9/9/9/9 b - 1",
        "4k4/9/9/9/9/9/9/9/3KK4 b - 1",
        "4k4/9/9/9/9/9/9/9/4K4 b 19P 1",
        "4k4/9/9/9/9/9/9/R1+r6/4K4 b r 1",
        "P3k3L/N8/9/9/9/9/9/n8/4K3p b - 1",
        "4k4/9/9/9/9/4p4/4P4/4P4/4K4 b - 1",
        "4k4/4R4/9/9/9/9/9/9/4K4 b - 1",
    ] {
        let setup: Sfen = sfen.parse().unwrap_or_else(|e| panic!("{sfen}: {e}"));
        let _ = writeln!(out, "{sfen}");
        for v in setup.validate() {
            let _ = writeln!(out, "  {v}");
        }
    }
    insta::assert_snapshot!(out);
    assert_eq!(Role::Dragon.unpromoted(), Role::Rook);
}
