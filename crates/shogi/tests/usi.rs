//! USI moves and `position` commands: every legal move of the corpus
//! positions written and read back, every game of the corpus records
//! played to its end, errors that point at the text and name candidates,
//! and readers that never panic.

mod common;

use common::{CORPUS, corpus_setups, expected_lines};
use std::fmt::Write;

use polyfen_shogi::usi::{self, MoveErrorKind, PositionCommand, read_move, read_move_lenient, read_position_command};
use polyfen_shogi::{Position, START_SFEN, Sfen};
use polyfen_test_support::underline;
use proptest::prelude::*;

fn position(sfen: &str) -> Position {
    Position::from_setup(&sfen.parse::<Sfen>().unwrap_or_else(|e| panic!("{sfen}: {e}"))).expect("playable")
}

#[test]
fn every_legal_move_of_the_corpus_reads_back_as_itself() {
    for (sfen, _) in corpus_setups() {
        let p = position(&sfen);
        for &m in &p.legal_moves() {
            let written = m.to_string();
            assert_eq!(read_move(&p, &written), Ok(m), "{sfen} {written}");
            assert_eq!(usi::parse_move(&written), Ok(m));
        }
    }
}

#[test]
fn the_notation_corpus_moves_are_legal_in_turn() {
    let Some(_) = CORPUS.get() else { return };
    let text = std::fs::read_to_string(format!("{CORPUS}/notation.tsv")).expect("notation.tsv");
    let mut rows = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let mut p = position(cols[0]);
        for text in cols[1].split(' ') {
            let m = read_move(&p, text).unwrap_or_else(|e| panic!("{line}: {e}"));
            p.play(m);
        }
        rows += 1;
    }
    assert_eq!(rows, 300);
}

/// Board, side and hand of an SFEN, without the move number.
fn position_part(sfen: &str) -> &str {
    sfen.rsplit_once(' ').map_or(sfen, |(head, _)| head)
}

/// Every line of play of every corpus record, played from its start as a
/// `position` command: the main line ends where the record says.
#[test]
fn every_corpus_game_plays_to_its_recorded_end() {
    let Some(_) = CORPUS.get() else { return };
    let mut games = 0;
    for line in expected_lines() {
        let record: serde_json::Value = serde_json::from_str(&line).expect("JSON");
        let start = record["start"].as_str().expect("a start");
        let moves = |line: &serde_json::Value| -> Vec<String> {
            line.as_array()
                .map(|a| a.iter().filter_map(|m| m.as_str().map(str::to_owned)).collect())
                .unwrap_or_default()
        };
        let mainline = moves(&record["mainline"]);
        let command = format!("position sfen {start} moves {}", mainline.join(" "));
        let read = read_position_command(command.trim_end()).unwrap_or_else(|e| panic!("{}: {e}", record["file"]));
        assert_eq!(read.moves.len(), mainline.len());
        let end = read.position().expect("playable").to_setup().to_string();
        if let Some(expected) = record["end"].as_str() {
            assert_eq!(position_part(&end), position_part(expected), "{}", record["file"]);
        }
        for other in record["lines"].as_array().into_iter().flatten() {
            let command = format!("sfen {start} moves {}", moves(other).join(" "));
            read_position_command(command.trim_end()).unwrap_or_else(|e| panic!("{}: {e}", record["file"]));
        }
        games += 1;
    }
    assert!(games > 50, "{games}");
}

#[test]
fn position_commands_write_back() {
    for line in [
        "position startpos",
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e",
        "position sfen 8l/4R+B2k/7p1/6s2/9/9/9/9/9 b rb4g3s4n3l17p 1 moves 5b5a+",
        "position sfen lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ] {
        let command = read_position_command(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(command.to_string(), line);
    }
    let short = read_position_command("startpos moves 7g7f").expect("without 'position'");
    assert_eq!(short, PositionCommand { start: START_SFEN.parse().expect("start"), moves: short.moves.clone() });
}

#[test]
fn errors_point_at_the_text_and_name_candidates() {
    let mut out = String::new();
    let cases = [
        (START_SFEN, ""),
        (START_SFEN, "7g7"),
        (START_SFEN, "7g7z"),
        (START_SFEN, "0g7f"),
        (START_SFEN, "7g7f="),
        (START_SFEN, "7g7f+"),
        (START_SFEN, "7g7e"),
        (START_SFEN, "5a5b"),
        (START_SFEN, "5e5d"),
        (START_SFEN, "P*5e"),
        (START_SFEN, "K*5e"),
        (START_SFEN, "P-5e"),
        (START_SFEN, "7G7F"),
        (START_SFEN, "8h2b"),
        ("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", "8h2b"),
        ("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", "8h3c+"),
        ("4k4/9/9/9/4P4/9/9/9/4K4 b P 1", "P*5c"),
        ("4k4/9/4P4/9/9/9/9/9/4K4 b P 1", "P*5a"),
        ("4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*1a"),
        ("4k4/9/9/9/9/9/9/9/4K4 b N 1", "N*5b"),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 1", "P*5e"),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 1", "+*5e"),
        ("8k/9/7+R1/9/9/9/9/9/1K7 b GPg2p 113", "P*1b"),
        ("4k4/9/9/9/9/9/9/4r4/4K4 b S 1", "5i4h"),
        ("4k4/9/9/9/9/9/4r4/4S4/4K4 b - 1", "5h4g"),
        ("4k4/P8/9/9/9/9/9/9/4K4 b - 1", "9b9a"),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 1", "5i5i"),
    ];
    for (sfen, text) in cases {
        let p = position(sfen);
        let _ = writeln!(out, "{sfen}");
        match read_move(&p, text) {
            Ok(m) => {
                let _ = writeln!(out, "  {text}: read as {m}");
            }
            Err(e) => out.push_str(&underline(text, &e.span, &e.to_string())),
        }
    }
    insta::assert_snapshot!(out);
}

#[test]
fn the_lenient_reading_reports_the_other_case() {
    let p = Position::start();
    let (m, repairs) = read_move_lenient(&p, "7G7F").expect("lenient");
    assert_eq!(m.to_string(), "7g7f");
    assert_eq!(repairs.iter().map(ToString::to_string).collect::<Vec<_>>(), ["read '7G7F' as '7g7f'"]);
    assert!(matches!(read_move(&p, "7G7F").map_err(|e| e.kind), Err(MoveErrorKind::NotStandard { .. })));
    let dropper = position("4k4/9/9/9/9/9/9/9/4K4 b P 1");
    let (m, repairs) = read_move_lenient(&dropper, "p*5e").expect("lenient drop");
    assert_eq!((m.to_string(), repairs.len()), ("P*5e".to_owned(), 1));
    assert_eq!(read_move_lenient(&p, "7g7f").map(|(_, r)| r.len()), Ok(0));
}

#[test]
fn command_errors_name_the_move_and_its_bytes() {
    let mut out = String::new();
    for line in [
        "position startpos moves 7g7f 3c3d 2b8h",
        "position startpos moves 7g7f 3c3d 8h2b",
        "position startpos 7g7f",
        "position",
        "position fen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "position sfen moves 7g7f",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1 moves 7g7f",
        "position sfen 4k4/9/9/9/9/9/9/9/3KK4 b - 1 moves 5i5h",
    ] {
        match read_position_command(line) {
            Ok(c) => {
                let _ = writeln!(out, "  {line}\n  read: {c}");
            }
            Err(e) => out.push_str(&underline(line, &e.span, &e.to_string())),
        }
    }
    insta::assert_snapshot!(out);
}

proptest! {
    #[test]
    fn move_readers_never_panic(text in "\\PC{0,8}", near in "[1-9a-iA-IPLNSGBRKplnsgbrk*+0]{0,6}") {
        let p = Position::start();
        for t in [&text, &near] {
            let _ = read_move(&p, t);
            let _ = read_move_lenient(&p, t);
            let _ = usi::parse_move(t);
        }
    }

    #[test]
    fn command_reader_never_panics(tail in "( [1-9a-iP*+]{0,6}| moves| sfen| startpos| b| -| 1| 9/9){0,8}") {
        let _ = read_position_command(&format!("position{tail}"));
        let _ = read_position_command(&format!("position startpos moves{tail}"));
    }
}
