//! The `games` commands on Shogi record files (KIF, KI2, CSA): found from
//! their content in `Shift_JIS` or UTF-8, converted to each other and to
//! PGN, their lines listed in USI, their errors named with line and column.

use polyfen_test_support::Corpus;

/// The public corpus's Shogi folder: the tests that read it are skipped
/// without it.
const SHOGI: Corpus = Corpus::new("shogi");

mod common;

fn polyfen(args: &[&str], stdin: &[u8]) -> common::Outcome {
    common::run_raw(args, stdin).into_outcome()
}

fn path(relative: &str) -> String {
    format!("{SHOGI}/{relative}")
}

/// The expected main line of a corpus record, in USI.
fn expected_main_line(file: &str) -> String {
    let text = std::fs::read_to_string(path("records/expected.jsonl")).expect("the expected readings");
    let entry: serde_json::Value = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
        .find(|e| e["file"] == file)
        .expect("the file's entry");
    let moves: Vec<&str> = entry["mainline"].as_array().expect("moves").iter().filter_map(|m| m.as_str()).collect();
    moves.join(" ")
}

#[test]
fn a_shift_jis_kif_converts_to_csa_and_back() {
    let Some(_) = SHOGI.get() else { return };
    let kif = path("records/kif/001.kif");
    let csa = polyfen(&["games", "convert", "--to", "csa", &kif], b"");
    assert_eq!(csa.code, 0, "{}", csa.stderr);
    assert!(csa.stdout.starts_with("'CSA encoding=UTF-8\nV2.2\n"), "{}", csa.stdout);
    assert!(csa.stdout.contains("\n+7776FU\n"), "{}", csa.stdout);
    assert!(csa.stdout.ends_with("%TORYO\n"), "{}", csa.stdout);
    let lines = polyfen(&["games", "lines", "--moves", "usi", "-"], csa.stdout.as_bytes());
    assert_eq!(lines.code, 0, "{}", lines.stderr);
    assert_eq!(lines.stdout.trim_end(), expected_main_line("records/kif/001.kif"));
}

#[test]
fn every_line_of_a_kif_with_variations_in_usi() {
    let Some(_) = SHOGI.get() else { return };
    let out = polyfen(&["games", "lines", "--moves", "usi", &path("records/kif/017.kif")], b"");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{}", out.stdout);
    assert_eq!(lines[0], expected_main_line("records/kif/017.kif"));
}

#[test]
fn a_csa_converts_to_kif_with_its_handicap() {
    let Some(_) = SHOGI.get() else { return };
    let out = polyfen(&["games", "convert", "--to", "kif", &path("records/csa/004.csa")], b"");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("手合割：香落ち\n"), "{}", out.stdout);
    assert!(out.stdout.contains("\n   1 ５二玉(51)   ( 0:30/00:00:30)\n"), "{}", out.stdout);
    assert!(out.stdout.contains("\n  83 詰み\nまで82手で詰み\n"), "{}", out.stdout);
    let back = polyfen(&["games", "lines", "--moves", "usi", "-"], out.stdout.as_bytes());
    assert_eq!(back.stdout.trim_end(), expected_main_line("records/csa/004.csa"));
}

#[test]
fn a_ki2_converts_to_pgn_with_its_players() {
    let Some(_) = SHOGI.get() else { return };
    let out = polyfen(&["games", "convert", &path("records/ki2/002.ki2")], b"");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with("[Variant \"shogi\"]\n"), "{}", out.stdout);
    assert!(out.stdout.contains("[Sente \"棋譜花子\"]\n[Gote \"テスト次郎\"]\n"), "{}", out.stdout);
    assert!(out.stdout.contains("[Termination \"resign\"]"), "{}", out.stdout);
    assert!(out.stdout.trim_end().ends_with("0-1"), "{}", out.stdout);
}

#[test]
fn every_corpus_record_validates() {
    let Some(_) = SHOGI.get() else { return };
    let mut files = Vec::new();
    for dir in ["records/kif", "records/ki2", "records/csa"] {
        for entry in std::fs::read_dir(path(dir)).expect("a corpus folder") {
            files.push(entry.expect("an entry").path().to_string_lossy().into_owned());
        }
    }
    files.sort();
    let mut args = vec!["games", "validate"];
    args.extend(files.iter().map(String::as_str));
    let out = polyfen(&args, b"");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.trim_end(), "ok: 66 games", "{}", out.stderr);
}

#[test]
fn validation_errors_name_the_line_and_the_column() {
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７六歩(77)\n";
    let out = polyfen(&["games", "validate", "-"], kif.as_bytes());
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("game 1: kif: byte 89: line 4, column 8: move 2 ７六歩(77): the origin 7g holds no piece"),
        "{}",
        out.stderr
    );
    let csa = "V2.2\nPI\n+\n+7776FU\n/\nPI\n+\n+7775FU\n";
    let out = polyfen(&["games", "validate", "-"], csa.as_bytes());
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("game 2: csa: byte 25: line 8, column 1: move 1 +7775FU"), "{}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1, "only the bad game is named: {}", out.stderr);
}

#[test]
fn a_handicap_game_goes_through_pgn_and_back_to_kif() {
    let Some(_) = SHOGI.get() else { return };
    let pgn = polyfen(&["games", "convert", &path("records/kif/004.kifu")], b"");
    assert_eq!(pgn.code, 0, "{}", pgn.stderr);
    assert!(
        pgn.stdout.contains("[FEN \"lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1\"]"),
        "{}",
        pgn.stdout
    );
    let kif = polyfen(&["games", "convert", "--to", "kif", "-"], pgn.stdout.as_bytes());
    assert_eq!(kif.code, 0, "{}", kif.stderr);
    assert!(kif.stdout.contains("上手：player_A\n手合割：香落ち\n手数----指手"), "{}", kif.stdout);
    let lines = polyfen(&["games", "lines", "--moves", "usi", "-"], kif.stdout.as_bytes());
    assert_eq!(lines.stdout.trim_end(), expected_main_line("records/kif/004.kifu"));
}

#[test]
fn a_kif_converts_to_usi_lines_and_they_read_back() {
    let Some(_) = SHOGI.get() else { return };
    let out = polyfen(&["games", "convert", "--to", "usi", &path("records/kif/017.kif")], b"");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let main = expected_main_line("records/kif/017.kif");
    // a handicap start (角落ち): the SFEN is written
    let start = "position sfen lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
    assert_eq!(out.stdout, format!("{start} moves {main}\n"));
    // the variations, comments and players are not written, and that is said
    for said in [
        "variations; dropped 4 variations",
        "comments or times; dropped 73 comments",
        "tags; dropped StartTime, Sente, Gote\n",
    ] {
        assert!(out.stderr.contains(&format!("warning: USI position lines cannot hold {said}")), "{}", out.stderr);
    }
    let resigned = polyfen(&["games", "convert", "--to", "usi", &path("records/kif/001.kif")], b"");
    assert!(
        resigned.stderr.contains("warning: USI position lines cannot hold the result; dropped "),
        "{}",
        resigned.stderr
    );
    let lines = polyfen(&["games", "lines", "--moves", "usi", "-"], out.stdout.as_bytes());
    assert_eq!(lines.code, 0, "{}", lines.stderr);
    assert_eq!(lines.stdout.trim_end(), main);
}

#[test]
fn usi_lines_validate_one_game_a_line_with_line_and_column() {
    let text = "position startpos moves 7g7f 3c3d\nstartpos moves 7g7f 7g7f\nposition sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b\n";
    let out = polyfen(&["games", "validate", "-"], text.as_bytes());
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("game 2") && out.stderr.contains("line 2, column 21"), "{}", out.stderr);
    let lines = polyfen(&["games", "lines", "--moves", "usi", "-"], text.as_bytes());
    assert_eq!(lines.stdout, "7g7f 3c3d\n7g7f\nG*5b\n", "{}", lines.stderr);
}

#[test]
fn csa_says_it_cannot_hold_the_variations() {
    let Some(_) = SHOGI.get() else { return };
    let out = polyfen(&["games", "convert", "--to", "csa", &path("records/kif/017.kif")], b"");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stderr.contains("warning: CSA cannot hold variations; dropped 4 variations"), "{}", out.stderr);
    let plain = polyfen(&["games", "convert", "--to", "csa", &path("records/kif/001.kif")], b"");
    assert!(!plain.stderr.contains("cannot hold"), "{}", plain.stderr);
}

#[test]
fn a_kif_with_variations_goes_through_jkf_and_back() {
    let Some(_) = SHOGI.get() else { return };
    let kif = path("records/kif/017.kif");
    let jkf = polyfen(&["games", "convert", "--to", "jkf", &kif], b"");
    assert_eq!(jkf.code, 0, "{}", jkf.stderr);
    assert!(jkf.stderr.is_empty(), "JKF holds it all: {}", jkf.stderr);
    let document: serde_json::Value = serde_json::from_str(&jkf.stdout).expect("one JSON document");
    assert_eq!(document["initial"]["preset"], "KA");
    assert_eq!(document["header"]["上手"], "ランダム二号");
    // found from its content, every line of play kept
    let lines = polyfen(&["games", "lines", "--moves", "usi", "-"], jkf.stdout.as_bytes());
    assert_eq!(lines.code, 0, "{}", lines.stderr);
    let direct = polyfen(&["games", "lines", "--moves", "usi", &kif], b"");
    assert_eq!(lines.stdout, direct.stdout);
    let back = polyfen(&["games", "convert", "--to", "kif", "-"], jkf.stdout.as_bytes());
    let again = polyfen(&["games", "convert", "--to", "kif", &kif], b"");
    assert_eq!(back.stdout, again.stdout);
}
