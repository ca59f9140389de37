//! The move notations against every row of the corpus's `notation.tsv`:
//! each move written in each notation gives the expected text, and every
//! spelling listed reads back as the move; errors and lenient readings;
//! readers that never panic; write then read is the identity.

use std::fmt::Write;

use polyfen_shogi::{Move, Position, Sfen, ShogiMoveNotation, Square};
use polyfen_test_support::Corpus;
use proptest::prelude::*;

/// The public corpus's Shogi folder: the tests that read it are skipped
/// without it.
const CORPUS: Corpus = Corpus::new("shogi");

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
    let Some(_) = CORPUS.get() else { return };
    let text = std::fs::read_to_string(format!("{CORPUS}/notation.tsv")).expect("notation.tsv");
    let rows = rows(&text);
    assert_eq!(rows.len(), 300);
    let mut failures = Vec::new();
    for row in &rows {
        let mut p = position(row.sfen);
        let mut previous: Option<Square> = None;
        for (i, usi) in row.usi.iter().enumerate() {
            let mv = ShogiMoveNotation::Usi.read(&p, usi).unwrap_or_else(|e| panic!("line {}: {usi}: {e}", row.line));
            let mut check = |notation: ShogiMoveNotation, expected: &[&str], written_ok: bool| {
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
            check(ShogiMoveNotation::Usi, &row.usi, true);
            check(ShogiMoveNotation::Csa, &row.csa, true);
            check(ShogiMoveNotation::Kif, &row.kif, true);
            check(ShogiMoveNotation::Ki2, &row.ki2, !row.disputed);
            check(ShogiMoveNotation::Western, &row.western, true);
            if row.disputed {
                let written = ShogiMoveNotation::Ki2.write_after(&p, previous, mv);
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
                let notation =
                    if k == 0 && !row.kif_also.is_empty() { ShogiMoveNotation::Kif } else { ShogiMoveNotation::Ki2 };
                let mut repairs = Vec::new();
                match notation.read_lenient(&p, previous, also, &mut repairs) {
                    Ok(m) if m == mv => {}
                    other => {
                        failures.push(format!("line {}: {notation} read {also:?} as {other:?}, not {mv}", row.line));
                    }
                }
                // A peer's KI2 that is not the JSA form is read only leniently, and said so.
                let differs = notation == ShogiMoveNotation::Ki2 && row.ki2.get(i) != Some(also);
                if differs && (repairs.is_empty() || notation.read_after(&p, previous, also).is_ok()) {
                    failures.push(format!("line {}: {also:?} is not the JSA form but was read as standard", row.line));
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
    ShogiMoveNotation::ALL.iter().map(|n| n.write_after(p, previous, mv)).collect()
}

#[test]
fn the_start_position_s_first_move_in_every_notation() {
    let p = Position::start();
    let mv = ShogiMoveNotation::Usi.read(&p, "7g7f").expect("legal");
    assert_eq!(all(&p, None, mv), ["7g7f", "+7776FU", "７六歩(77)", "▲７六歩", "P-7f", "c3c4", "P-76"]);
}

/// A reading in words: the move and its repairs, or the error with its
/// span and candidates.
fn outcome(notation: ShogiMoveNotation, sfen: &str, previous: Option<&str>, text: &str, lenient: bool) -> String {
    let p = position(sfen);
    let previous = previous.map(|s| s.parse::<Square>().expect("a square"));
    let mut repairs = Vec::new();
    let result = if lenient {
        notation.read_lenient(&p, previous, text, &mut repairs)
    } else {
        notation.read_after(&p, previous, text)
    };
    let how = if lenient { "lenient" } else { "strict" };
    match result {
        Ok(mv) => {
            let mut s = format!("{notation} {how} {text:?} -> {mv}");
            for r in repairs {
                let _ = write!(s, "\n    repair {:?}: {}", r.span, r.message);
            }
            s
        }
        Err(e) => format!("{notation} {how} {text:?} -> error at {:?}: {e}", e.span),
    }
}

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
/// Sente's bishop can take on 2b (promoting or not) after 7g7f 3c3d.
const OPEN: &str = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";
/// Three silvers of sente can go to 2h (cshogi's test position).
const SILVERS: &str = "3+R3nk/6ggl/7pp/p2bppp2/6lNP/P3P4/5PSPS/6G+nL/1+r4SSK b GL3Pbn4p 1";
/// The silver on 5g steps back to 6h; 7g and 5i can also go there.
const SIX_EIGHT: &str = "ln1g3+Rl/1ks1g4/1pp3n1p/p5p2/3p5/P1P3P1P/1PSPSPN2/2K6/LN2Sr2L b BG2Pbg3p 1";
/// The gold on 5h is pinned by the rook on 5a; the gold on 7h and one in
/// hand can go to 6g.
const PINNED: &str = "4r3k/9/9/9/9/9/9/2G1G4/4K4 b G 1";

#[test]
fn errors_name_the_bytes_and_the_candidates_and_lenient_readings_are_reported() {
    let cases: &[(ShogiMoveNotation, &str, Option<&str>, &str)] = &[
        (ShogiMoveNotation::Csa, START, None, "+7775FU"),
        (ShogiMoveNotation::Csa, START, None, "-3334FU"),
        (ShogiMoveNotation::Csa, START, None, "+7776TO"),
        (ShogiMoveNotation::Csa, START, None, "+7776F"),
        (ShogiMoveNotation::Csa, START, None, "7776FU"),
        (ShogiMoveNotation::Csa, START, None, "+0055KA"),
        (ShogiMoveNotation::Csa, OPEN, None, "+8822UM"),
        (ShogiMoveNotation::Kif, START, None, "７六歩(78)"),
        (ShogiMoveNotation::Kif, START, None, "同　歩(77)"),
        (ShogiMoveNotation::Kif, START, Some("7f"), "同歩(77)"),
        (ShogiMoveNotation::Kif, START, None, "7六歩(77)"),
        (ShogiMoveNotation::Kif, START, None, "７六歩"),
        (ShogiMoveNotation::Kif, START, None, "７八金"),
        (ShogiMoveNotation::Kif, START, None, "７六歩(77"),
        (ShogiMoveNotation::Kif, START, None, "７十歩(77)"),
        (ShogiMoveNotation::Kif, OPEN, None, "２二角成(88)"),
        (ShogiMoveNotation::Kif, OPEN, None, "２二角不成(88)"),
        (ShogiMoveNotation::Ki2, OPEN, None, "▲２二角"),
        (ShogiMoveNotation::Ki2, OPEN, None, "△２二角成"),
        (ShogiMoveNotation::Ki2, SILVERS, None, "▲２八銀"),
        (ShogiMoveNotation::Ki2, SILVERS, None, "▲２八銀左"),
        (ShogiMoveNotation::Ki2, SILVERS, None, "▲２八銀左引"),
        (ShogiMoveNotation::Ki2, SILVERS, None, "▲２八銀引左"),
        (ShogiMoveNotation::Ki2, SILVERS, None, "▲２八銀右上"),
        (ShogiMoveNotation::Ki2, SIX_EIGHT, None, "▲６八銀右"),
        (ShogiMoveNotation::Ki2, PINNED, None, "▲６七金左"),
        (ShogiMoveNotation::Ki2, PINNED, None, "▲６七金打"),
        (ShogiMoveNotation::Ki2, PINNED, None, "▲６七金"),
        (ShogiMoveNotation::Ki2, START, None, "７六歩"),
        (ShogiMoveNotation::Ki2, START, Some("7f"), "▲同　歩"),
        (ShogiMoveNotation::Ki2, START, None, "▲７六歩上"),
        (ShogiMoveNotation::Western, START, None, "P-7e"),
        (ShogiMoveNotation::Western, START, None, "G-5h"),
        (ShogiMoveNotation::Western, START, None, "G6i-5h"),
        (ShogiMoveNotation::Western, OPEN, None, "Bx2b"),
        (ShogiMoveNotation::Western, OPEN, None, "B-2b+"),
        (ShogiMoveNotation::Western, START, None, "p-7f"),
        (ShogiMoveNotation::Western, START, None, "P77-76"),
        (ShogiMoveNotation::Kif, START, Some("7f"), "同 歩(77)"),
        (ShogiMoveNotation::Ki2, START, Some("7f"), "▲同 歩"),
        (ShogiMoveNotation::Ki2, START, Some("7f"), "▲同歩"),
        (ShogiMoveNotation::Western, START, None, "P-7f!"),
        (ShogiMoveNotation::Usi, START, None, "7g7e"),
        (ShogiMoveNotation::Usi, START, None, ""),
    ];
    let mut report = String::new();
    for &(notation, sfen, previous, text) in cases {
        for lenient in [false, true] {
            report.push_str(&outcome(notation, sfen, previous, text, lenient));
            report.push('\n');
        }
    }
    insta::assert_snapshot!(report);
}

#[test]
fn notation_ids_read_and_write() {
    for n in ShogiMoveNotation::ALL {
        assert_eq!(n.name().parse::<ShogiMoveNotation>(), Ok(n));
        assert_eq!(n.to_string(), n.name());
    }
    assert_eq!("KI2".parse::<ShogiMoveNotation>(), Ok(ShogiMoveNotation::Ki2));
    assert!("kifu".parse::<ShogiMoveNotation>().is_err());
}

/// Every legal move `p` has, written in every notation (as a first move and
/// after a move to its own target, for `同`) and read back strictly.
fn round_trip_every_move(p: &Position) -> Result<(), String> {
    for &mv in &p.legal_moves() {
        for notation in ShogiMoveNotation::ALL {
            for previous in [None, Some(mv.to())] {
                let text = notation.write_after(p, previous, mv);
                match notation.read_after(p, previous, &text) {
                    Ok(m) if m == mv => {}
                    other => return Err(format!("{p:?}: {notation} {mv} wrote {text:?}, read {other:?}")),
                }
            }
        }
    }
    Ok(())
}

fn corpus_positions() -> Vec<String> {
    let text = std::fs::read_to_string(format!("{CORPUS}/positions.tsv")).expect("positions.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| l.split('\t').next())
        .map(str::to_owned)
        .collect()
}

/// A third of the corpus positions (every legal move of the 500 takes a
/// while unoptimized; the random playouts below start from any of them).
#[test]
fn every_legal_move_of_the_corpus_positions_reads_back_in_every_notation() {
    let Some(_) = CORPUS.get() else { return };
    for sfen in corpus_positions().iter().step_by(3) {
        round_trip_every_move(&position(sfen)).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// Japanese and ASCII characters the readers look for, and a few others.
fn move_text() -> impl Strategy<Value = String> {
    let chars: Vec<char> = "▲△☗☖▽同\u{3000} １２３４５６７８９一二三四五六七八九十歩香桂銀金角飛玉王と成全圭杏馬龍竜打不生右左直上引寄行入()0123456789abcdefghiPLNSGBRKplnsgbrk+-x*=FUKYEIAHOTNMR.é"
        .chars()
        .collect();
    proptest::collection::vec(proptest::sample::select(chars), 0..12).prop_map(|cs| cs.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// No reader panics, whatever the text; an error's span lies within it
    /// on character boundaries.
    #[test]
    fn readers_never_panic(text in move_text(), which in 0..4usize) {
        let sfen = [START, OPEN, SILVERS, PINNED][which];
        let p = position(sfen);
        for notation in ShogiMoveNotation::ALL {
            for previous in [None, Some(Square::new(7, 6).expect("7f"))] {
                let mut repairs = Vec::new();
                if let Err(e) = notation.read_lenient(&p, previous, &text, &mut repairs) {
                    prop_assert!(e.span.end <= text.len() && text.is_char_boundary(e.span.start) && text.is_char_boundary(e.span.end), "{:?} {:?}", text, e);
                }
                let _ = notation.read_after(&p, previous, &text);
            }
        }
    }

    /// Any text at all.
    #[test]
    fn readers_never_panic_on_any_text(text in "\\PC{0,16}") {
        let p = position(SILVERS);
        for notation in ShogiMoveNotation::ALL {
            let mut repairs = Vec::new();
            let _ = notation.read_lenient(&p, Some(Square::new(2, 8).expect("2h")), &text, &mut repairs);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// In random playouts from the corpus positions, every legal move
    /// written in every notation reads back as itself.
    #[test]
    fn write_then_read_is_the_identity_in_random_playouts(start in 0..500usize, picks in proptest::collection::vec(any::<usize>(), 1..12)) {
        let Some(_) = CORPUS.get() else { return Ok(()) };
        let sfens = corpus_positions();
        let mut p = position(&sfens[start % sfens.len()]);
        for pick in picks {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            prop_assert_eq!(round_trip_every_move(&p), Ok(()));
            p.play(moves[pick % moves.len()]);
        }
    }
}

/// The moves of a few positions in every notation, and each read back:
/// the first legal moves, and every move whose KI2 needs relative words,
/// 打, 成 or 不成, or whose Western form needs its origin.
#[test]
fn moves_of_a_few_positions_in_every_notation() {
    /// Drops and promotions: a horse and a dragon of sente, pieces in hand.
    const HANDS: &str = "l+R5nl/3p1bgk1/2+B2p1sp/p3p4/2p3G2/P4P1R1/3gS2pP/4g1S2/L5KPL w N5Ps2n2p 1";
    let mut report = String::new();
    for sfen in [START, OPEN, SILVERS, SIX_EIGHT, PINNED, HANDS] {
        let p = position(sfen);
        let _ = writeln!(report, "{sfen}");
        for (i, &mv) in p.legal_moves().iter().enumerate() {
            let ki2 = ShogiMoveNotation::Ki2.write(&p, mv);
            let western = ShogiMoveNotation::Western.write(&p, mv);
            let plain = ki2.chars().count() <= 4
                && !western.contains(|c: char| c.is_ascii_digit() && western.find(c) == Some(1));
            if i >= 3 && plain {
                continue;
            }
            let texts = all(&p, None, mv);
            for (notation, text) in ShogiMoveNotation::ALL.iter().zip(&texts) {
                assert_eq!(notation.read(&p, text), Ok(mv), "{sfen} {notation} {text}");
            }
            let _ = writeln!(report, "  {}", texts.join("  "));
        }
    }
    insta::assert_snapshot!(report);
}

/// Two moves in turn: the second takes back on the first one's square,
/// which KIF and KI2 write as 同.
#[test]
fn recaptures_are_written_with_dou() {
    let mut p = position(OPEN);
    let first = ShogiMoveNotation::Usi.read(&p, "8h2b+").expect("legal");
    p.play(first);
    let second = ShogiMoveNotation::Usi.read(&p, "3a2b").expect("legal");
    assert_eq!(all(&p, Some(first.to()), second), ["3a2b", "-3122GI", "同　銀(31)", "△同　銀", "Sx2b", "g9h8", "Sx22"]);
    for (notation, text) in ShogiMoveNotation::ALL.iter().zip(all(&p, Some(first.to()), second)) {
        assert_eq!(notation.read_after(&p, Some(first.to()), &text), Ok(second));
    }
}
