//! The board notations: every board diagram of the corpus files read as
//! the start the records' expected files give, round trips of written
//! diagrams, errors that name line and column, readers that never panic.

mod common;

use std::fmt::Write;

use polyfen_core::Setup;
use polyfen_shogi::board::BoardNotation;
use polyfen_shogi::{Position, Sfen};
use proptest::prelude::*;

use common::{CORPUS, text_of};

/// The lines of a KIF file's board diagram: from the first hand line to
/// sente's hand line, and the turn line after it.
fn kif_diagram(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().position(|l| l.starts_with("後手の持駒") || l.starts_with("上手の持駒"))?;
    let last =
        first + lines[first..].iter().position(|l| l.starts_with("先手の持駒") || l.starts_with("下手の持駒"))?;
    let end = if lines.get(last + 1).is_some_and(|l| l.ends_with("手番")) { last + 1 } else { last };
    Some(lines[first..=end].join("\n"))
}

/// The position lines of a CSA file: `P` lines and the side line after them.
fn csa_diagram(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let first = lines.iter().position(|l| l.starts_with('P'))?;
    let side = first + lines[first..].iter().position(|l| *l == "+" || *l == "-")?;
    Some(lines[first..=side].join("\n"))
}

/// Board, side and hands (the move number aside).
fn same_position(a: &Sfen, b: &Sfen) -> bool {
    a.board == b.board && a.extras.turn == b.extras.turn && a.extras.hand == b.extras.hand
}

#[test]
fn every_diagram_of_the_corpus_files_reads_as_the_expected_start() {
    let Some(_) = CORPUS.get() else { return };
    let mut read = [0, 0];
    for file in ["records/expected.jsonl", "real/expected.jsonl"] {
        for line in text_of(file).lines() {
            let record: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let path = record["file"].as_str().expect("file");
            let start: Sfen = record["start"].as_str().expect("start").parse().expect("an SFEN");
            let text = text_of(path);
            let (notation, diagram, k) = match record["format"].as_str() {
                Some("csa") => (BoardNotation::CsaBoard, csa_diagram(&text), 1),
                Some("kif") => (BoardNotation::KifBoard, kif_diagram(&text), 0),
                _ => continue,
            };
            let Some(diagram) = diagram else { continue };
            let got = notation.read(&diagram).unwrap_or_else(|e| panic!("{path}: {e}\n{diagram}"));
            assert!(same_position(&got, &start), "{path}: read {got}, expected {start}");
            read[k] += 1;
        }
    }
    assert!(read[0] >= 3 && read[1] >= 30, "diagrams read (kif, csa): {read:?}");
}

fn setup(sfen: &str) -> Sfen {
    sfen.parse().unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// Mate problem: gote's hand holds the rest, no sente king (the corpus's
/// tsume-oouchi start).
const TSUME: &str = "8l/4R+B2k/7p1/6s2/9/9/9/9/9 b rb4g3s4n3l17p 1";
/// Promoted pieces of both sides and both hands.
const PROMOTED: &str = "ln1g3+Rl/1ks1g4/1pp3n1p/p5p2/3p5/P1P3P1P/1PSPSPN2/2K6/LN2Sr2L b BG2Pbg3p 1";

#[test]
fn written_diagrams() {
    let mut report = String::new();
    for sfen in [polyfen_shogi::START_SFEN, polyfen_shogi::setup_sfen("rook-lance").expect("a setup"), TSUME, PROMOTED]
    {
        for notation in BoardNotation::ALL {
            let written = notation.write(&setup(sfen));
            let _ = writeln!(report, "{notation} of {sfen}\n{written}");
        }
    }
    insta::assert_snapshot!(report);
}

#[test]
fn written_diagrams_read_back_for_every_corpus_position_and_named_start() {
    let Some(_) = CORPUS.get() else { return };
    let positions = text_of("positions.tsv");
    let sfens = positions
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| l.split('\t').next())
        .chain(polyfen_shogi::SETUPS.iter().map(|(_, _, sfen)| *sfen))
        .chain([TSUME, PROMOTED]);
    for sfen in sfens {
        let original = setup(sfen);
        for notation in BoardNotation::ALL {
            let written = notation.write(&original);
            let read = notation.read(&written).unwrap_or_else(|e| panic!("{sfen} {notation}: {e}\n{written}"));
            assert!(same_position(&read, &original), "{sfen} {notation}: read {read}\n{written}");
        }
    }
}

#[test]
fn other_writers_forms_are_read() {
    // PI with removed pieces (tsshogi's handicap), 00AL, a comment and the version line.
    let two_piece = BoardNotation::CsaBoard.read("V2.2\n' two pieces\nPI82HI22KA\n-\n").expect("PI");
    assert_eq!(two_piece.to_string(), polyfen_shogi::setup_sfen("two-piece").expect("a setup"));
    let empty = " *  *  *  *  *  *  *  *  * ";
    let mut rows = String::new();
    for r in 2..=9 {
        let _ = writeln!(rows, "P{r}{empty}");
    }
    let rest = BoardNotation::CsaBoard
        .read(&format!("P1 *  *  *  *  *  *  *  * -OU\n{rows}P+00KI\nP-00AL\n+\n"))
        .expect("00AL");
    assert_eq!(rest.to_string(), "8k/9/9/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1");
    // Handicap labels, 王 and 竜, no turn line: sente to move.
    let kif = "上手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・v王 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ 竜 ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n下手の持駒：金二　歩十八\n";
    let read = BoardNotation::KifBoard.read(kif).expect("a diagram");
    assert_eq!(read.to_string(), "4k4/9/6+R2/9/9/9/9/9/4K4 b 2G18P 1");
    assert!(Position::from_setup(&read).is_ok());
    assert_eq!("KIF-board".parse::<BoardNotation>(), Ok(BoardNotation::KifBoard));
    assert!("bod".parse::<BoardNotation>().is_err());
}

#[test]
fn errors_name_the_line_and_column() {
    let start = setup(polyfen_shogi::START_SFEN);
    let kif = BoardNotation::KifBoard.write(&start);
    let csa = BoardNotation::CsaBoard.write(&Setup { extras: start.extras, board: start.board });
    let csa_rows = "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \n+\n";
    let cases: Vec<(BoardNotation, String)> = vec![
        (BoardNotation::KifBoard, kif.replace("|v香v桂", "|v香x桂")),
        (BoardNotation::KifBoard, kif.replace("|v香v桂", "|v香v犬")),
        (BoardNotation::KifBoard, kif.replace("先手の持駒：なし", "先手の持駒：歩百")),
        (BoardNotation::KifBoard, kif.replace("後手の持駒：なし", "後手の持駒 なし")),
        (BoardNotation::KifBoard, kif.replace(" 香|九", " 香|八")),
        (BoardNotation::KifBoard, kif.replace("先手番", "開始日時：2024/01/01")),
        (BoardNotation::KifBoard, kif.lines().take(8).collect::<Vec<_>>().join("\n")),
        (BoardNotation::CsaBoard, csa.replace('+', "")),
        (BoardNotation::CsaBoard, "PI22HI\n+\n".to_owned()),
        (BoardNotation::CsaBoard, "PI82HI\n+\n-\n".to_owned()),
        (BoardNotation::CsaBoard, csa_rows.replace("-KA", "-XX")),
        (BoardNotation::CsaBoard, csa_rows.replace("P2 * ", "P2 ? ")),
        (BoardNotation::CsaBoard, "P+00OU\n+\n".to_owned()),
        (BoardNotation::CsaBoard, "P+0A\n+\n".to_owned()),
        (BoardNotation::CsaBoard, "N+sente\nPI\n+\n".to_owned()),
    ];
    let mut report = String::new();
    for (notation, text) in cases {
        let outcome = match notation.read(&text) {
            Ok(setup) => format!("read {setup}"),
            Err(e) => format!("{e} (byte {})", e.offset),
        };
        let _ = writeln!(report, "{notation}: {outcome}");
    }
    insta::assert_snapshot!(report);
}

/// Fragments of diagrams, to make texts that look like them.
fn diagram_text() -> impl Strategy<Value = String> {
    let pieces = [
        "後手の持駒：",
        "先手の持駒：",
        "上手の持駒：",
        "なし",
        "歩十七",
        "金四",
        "角",
        "\u{3000}",
        "  ９ ８ ７ ６ ５ ４ ３ ２ １",
        "+---------------------------+",
        "|",
        " ・",
        "v香",
        " 龍",
        "v王",
        "|一",
        "先手番",
        "後手番",
        "\n",
        "\r\n",
        "PI",
        "P1",
        "P+",
        "P-",
        "00",
        "AL",
        "82HI",
        " * ",
        "+FU",
        "-OU",
        "+",
        "-",
        "'",
        "V2.2",
        "9",
        "é",
        "",
    ];
    proptest::collection::vec(proptest::sample::select(pieces.to_vec()), 0..40).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The readers never panic, and an error's offset lies in the text.
    #[test]
    fn readers_never_panic(text in diagram_text()) {
        for notation in BoardNotation::ALL {
            if let Err(e) = notation.read(&text) {
                prop_assert!(e.offset <= text.len() && e.line >= 1 && e.column >= 1, "{:?}", e);
            }
        }
    }

    #[test]
    fn readers_never_panic_on_any_text(text in "\\PC{0,64}") {
        for notation in BoardNotation::ALL {
            let _ = notation.read(&text);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Positions of random playouts from the named starts, with pieces in
    /// hand and promoted ones, read back from both diagrams.
    #[test]
    fn written_diagrams_of_random_playouts_read_back(start in 0..polyfen_shogi::SETUPS.len(), picks in proptest::collection::vec(any::<usize>(), 0..120)) {
        let mut p = Position::from_setup(&setup(polyfen_shogi::SETUPS[start].2)).expect("playable");
        for pick in picks {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play(moves[pick % moves.len()]);
        }
        let original = p.to_setup();
        for notation in BoardNotation::ALL {
            let written = notation.write(&original);
            let read = notation.read(&written);
            prop_assert!(read.as_ref().is_ok_and(|r| same_position(r, &original)), "{} {}: {:?}\n{}", original, notation, read, written);
        }
    }
}
