//! SFEN through the one codec: the named starts against the corpus, the
//! strict and lenient readings (each repair reported, each error pointing
//! at its bytes), round trips, and the reader against arbitrary input.

mod common;

use common::{CORPUS, corpus_setups, expected_lines};
use std::fmt::Write;

use polyfen_core::{Color, Hand, Setup};
use polyfen_shogi::{Piece, Role, SETUPS, START_SFEN, Sfen, Square, setup, setup_sfen};
use proptest::prelude::*;

/// The value of `"key": "..."` in a line of JSON (no escapes in the values read).
fn json_str<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let at = line.find(&format!("\"{key}\": \""))? + key.len() + 5;
    let rest = &line[at..];
    Some(&rest[..rest.find('"')?])
}

/// Board, side and hand of an SFEN, without the move number.
fn position_part(sfen: &str) -> String {
    sfen.rsplit_once(' ').map_or(sfen, |(head, _)| head).to_owned()
}

#[test]
fn every_handicap_start_of_the_corpus_records_is_the_named_setup() {
    let Some(_) = CORPUS.get() else { return };
    let mut seen = 0;
    for line in expected_lines() {
        let Some(start) = json_str(&line, "start") else { continue };
        let named = match json_str(&line, "setup").and_then(|s| s.strip_prefix("shogi:")) {
            Some(id) => Some(id),
            // the real records name no setup: the starts they use are the even one,
            // lance (20081220kyoochi.kif) and eight (8mai.csa, 8mai.ki2)
            None => SETUPS.iter().find(|(_, _, sfen)| position_part(sfen) == position_part(start)).map(|s| s.0),
        };
        let Some(id) = named else { continue };
        let ours = setup_sfen(id).unwrap_or_else(|| panic!("no setup {id}"));
        assert_eq!(position_part(ours), position_part(start), "{id}");
        seen += 1;
    }
    assert!(seen > 20, "{seen}");
}

#[test]
fn named_setups_read_back_and_validate() {
    for (id, _, sfen) in SETUPS {
        let setup = setup(id).unwrap_or_else(|| panic!("{id}"));
        assert_eq!(setup.to_string(), sfen, "{id}");
        assert_eq!(setup.validate(), [], "{id}");
        let turn = if id == "standard" { Color::White } else { Color::Black };
        assert_eq!(setup.extras.turn, turn, "{id}: gote moves first in a handicap game");
    }
    for (alias, id) in [("four-piece", "four"), ("six-piece", "six"), ("eight-piece", "eight"), ("Ten-Piece", "ten")] {
        assert_eq!(setup_sfen(alias), setup_sfen(id));
    }
    assert_eq!(setup_sfen("two"), None);
    assert_eq!(setup_sfen("standard"), Some(START_SFEN));
}

#[test]
fn pieces_and_hands_are_where_the_sfen_says() {
    let sfen: Sfen = "8l/4R+B2k/7p1/6s2/9/9/9/9/9 b rb4g3s4n3l17p 1".parse().expect("a mate problem");
    let at = |name: &str| sfen.board[name.parse::<Square>().expect("a square").index()];
    assert_eq!(at("1a"), Some(Piece::new(Color::Black, Role::Lance)));
    assert_eq!(at("5b"), Some(Piece::new(Color::White, Role::Rook)));
    assert_eq!(at("4b"), Some(Piece::new(Color::White, Role::Horse)));
    assert_eq!(at("1b"), Some(Piece::new(Color::Black, Role::King)));
    assert_eq!(at("5e"), None);
    let mut hand = Hand::EMPTY;
    for (k, n) in [1, 1, 4, 3, 4, 3, 17].into_iter().enumerate() {
        hand.set(Color::Black, k, n);
    }
    assert_eq!(sfen.extras.hand, hand);
    assert_eq!(Role::HAND[6], Role::Pawn);
}

/// Reads `input` strictly and leniently and shows what each says.
fn readings(inputs: &[&str]) -> String {
    let mut out = String::new();
    for input in inputs {
        let _ = writeln!(out, "{input}");
        match input.parse::<Sfen>() {
            Ok(s) => {
                let _ = writeln!(out, "  strict:  {s}");
            }
            Err(e) => {
                let _ = writeln!(out, "  strict:  error at {:?}: {e}", e.span);
            }
        }
        match Sfen::parse_lenient(input) {
            Ok((s, repairs)) => {
                let _ = writeln!(out, "  lenient: {s}");
                for r in repairs {
                    let _ = writeln!(out, "    repair at {:?}: {}", r.span, r.message);
                }
            }
            Err(e) => {
                let _ = writeln!(out, "  lenient: error at {:?}: {e}", e.span);
            }
        }
    }
    out
}

#[test]
fn strict_and_lenient_readings() {
    insta::assert_snapshot!(readings(&[
        START_SFEN,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL B - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL W - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
        "8l/4R+B2k/7p1/6s2/9/9/9/9/9 b 17prb4g3s4n3l 1",
        "8l/4R+B2k/7p1/6s2/9/9/9/9/9 b rbp4g3s4n3l16p 1",
        "8l/4R+B2k/7p1/6s2/9/9/9/9/9 b 1r 1",
        "8l/4R+B2k/7p1/6s2/9/9/9/9/9 b 0r 1",
        "8l/4R+B2k/7p1/6s2/9/9/9/9/9 b K 1",
        "8l/4R+B2k/7p1/6s2/9/9/9/9/9 b +P 1",
        "8l/4R+B2k/7p1/6s2/9/9/9/9/9 b 3 1",
        "8l/4R+K2k/7p1/6s2/9/9/9/9/9 b - 1",
        "8l/4R+G2k/7p1/6s2/9/9/9/9/9 b - 1",
        "8l/4R+B2k/7p1/6s2/9/9/9/9 b - 1",
        "8l/4R+B2k/7p1/6s2/9/9/9/9/9/9 b - 1",
        "8l/4R+B2k1/7p1/6s2/9/9/9/9/9 b - 1",
        "8l/4R+B2k/7p1/6x2/9/9/9/9/9 b - 1",
        "8l/4R+B2k/7p1/6s2/9/9/9/9/9 b - one",
        "8l/4R+B2k/7p1/6s2/9/9/9/9/9 b - 1 more",
    ]));
}

#[test]
fn round_trips() {
    let mut out = String::new();
    for sfen in [
        START_SFEN,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "8l/4R+B2k/7p1/6s2/9/9/9/9/9 b rb4g3s4n3l17p 1",
        "ln2+R3n/rg7/p1pk1gp2/3p1p2p/1P2p4/P2P2P2/2PSPPS1P/3BG1G1L/1+p1K3+l1 b B2S2NL2P 73",
        "+S2+bp2sr/+Nr1g1kP2/2G2pN2/3pn4/L5S1p/PNPPPs2P/LP1G1P1PL/5+bp2/1+ppK1g3 w 2P 152",
        "9/9/9/9/9/9/9/9/9 w - 4294967295",
    ] {
        let setup: Sfen = sfen.parse().unwrap_or_else(|e| panic!("{sfen}: {e}"));
        let written = setup.to_string();
        assert_eq!(written, sfen);
        let _ = writeln!(out, "{written}");
    }
    insta::assert_snapshot!(out);
}

/// Every SFEN of the corpus reads and writes back byte for byte.
#[test]
fn every_corpus_sfen_round_trips() {
    for (sfen, setup) in corpus_setups() {
        assert_eq!(setup.to_string(), sfen);
    }
}

fn piece() -> impl Strategy<Value = Option<Piece>> {
    prop_oneof![
        3 => Just(None),
        1 => (0..14usize, any::<bool>()).prop_map(|(r, gote)| {
            Some(Piece::new(if gote { Color::Black } else { Color::White }, Role::ALL[r]))
        }),
    ]
}

fn sfen_setup() -> impl Strategy<Value = Sfen> {
    (proptest::collection::vec(piece(), 81), any::<bool>(), proptest::collection::vec(0..20u8, 14), 1..100_000u32)
        .prop_map(|(cells, gote, counts, move_number)| {
            let mut setup: Sfen = START_SFEN.parse().expect("the start");
            for (cell, piece) in setup.board.iter_mut().zip(cells) {
                *cell = piece;
            }
            setup.extras.turn = if gote { Color::Black } else { Color::White };
            for (i, n) in counts.into_iter().enumerate() {
                setup.extras.hand.set(Color::ALL[i / 7], i % 7, n);
            }
            setup.extras.move_number = move_number;
            setup
        })
}

proptest! {
    #[test]
    fn write_then_read_is_the_identity(setup in sfen_setup()) {
        let written = setup.to_string();
        let read: Sfen = written.parse().map_err(|e| TestCaseError::fail(format!("{written}: {e}")))?;
        prop_assert_eq!(&read, &setup);
        let (lenient, repairs) = Setup::parse_lenient(&written).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(lenient, setup);
        prop_assert!(repairs.is_empty());
    }

    #[test]
    fn the_reader_never_panics(input in "\\PC{0,120}") {
        let _ = input.parse::<Sfen>().map(|s| s.validate());
        let _ = Setup::<polyfen_shogi::Shogi>::parse_lenient(&input).map(|(s, _)| s.validate());
    }

    #[test]
    fn the_reader_never_panics_near_sfen(
        input in "([1-9plnsgbrkPLNSGBRK+/]{0,90})( [bwBWx-]{0,2})?( [0-9RBGSNLPrbgsnlpK+-]{0,12})?( [0-9a]{0,11})?( x)?"
    ) {
        if let Ok(setup) = input.parse::<Sfen>() {
            let _ = setup.validate();
            let again = setup.to_string().parse::<Sfen>().map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(again, setup);
        }
        let _ = Setup::<polyfen_shogi::Shogi>::parse_lenient(&input).map(|(s, _)| s.validate());
    }
}
