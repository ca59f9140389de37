//! XQF records through Xiangqi's own `RecordFormats`: every file of a
//! corpus of real games and endgames read as cchess reads them, the bad
//! files of cchess's tests, round trips of polyfen's own XQF, and hostile
//! bytes.

use polyfen_game::RuleError;
use polyfen_game::records::{RecordFormats, Variation};
use polyfen_xiangqi::{XiangqiMoveNotation, XiangqiRecord};
use proptest::prelude::*;

mod common;

use common::*;

/// The one game of an XQF file.
fn read_xqf(bytes: &[u8]) -> Result<Game, Error> {
    XiangqiRecord::Xqf.read(bytes).remove(0)
}

/// A game written as XQF.
fn write_xqf(game: &Game) -> Result<Vec<u8>, RuleError> {
    XiangqiRecord::Xqf.write(game).expect("XQF is written")
}

#[test]
fn every_corpus_file_reads_as_cchess_reads_it() {
    let Some(_) = XQF.get() else { return };
    let expected = std::fs::read_to_string(format!("{XQF}/expected.jsonl")).expect("cchess's readings");
    let mut count = 0;
    let mut black_diagrams = 0;
    let mut versions = std::collections::BTreeSet::new();
    for line in expected.lines() {
        let want: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let file = want["file"].as_str().expect("a file name");
        let bytes = read(&format!("{XQF}/{file}"));
        assert_eq!(XiangqiRecord::detect(&bytes), Some(XiangqiRecord::Xqf), "{file}");
        versions.insert(bytes[2]);
        let game = read_xqf(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        let board_turn = board_and_turn(&game);
        let want_fen = want["fen"].as_str().expect("a fen");
        if board_turn != want_fen && want["lines"].as_array().is_some_and(Vec::is_empty) {
            // cchess gives red the move in a diagram without moves; where
            // black is in check (a mate shown), polyfen gives black the move.
            assert_eq!(board_turn, want_fen.replace(" w", " b"), "{file}: start");
            black_diagrams += 1;
        } else {
            assert_eq!(board_turn, want_fen, "{file}: start");
        }
        let want_lines: Vec<Vec<String>> = serde_json::from_value(want["lines"].clone()).expect("lines");
        let mut got = ucci_lines(&game);
        if want_lines.is_empty() {
            assert!(got.is_empty() || got == vec![Vec::<String>::new()], "{file}: no moves");
        } else {
            let mut want_sorted = want_lines.clone();
            want_sorted.sort();
            got.sort();
            assert_eq!(got, want_sorted, "{file}: lines");
        }
        assert_eq!(game.result_text(), want["info"]["result"].as_str().expect("a result"), "{file}: result");
        if let Some(title) = want["info"]["title"].as_str() {
            assert_eq!(game.tag("Title"), Some(title.trim()), "{file}: title");
        }
        count += 1;
    }
    let files = std::fs::read_dir(XQF.path())
        .expect("the corpus")
        .filter(|e| e.as_ref().is_ok_and(|e| e.path().extension().is_some_and(|x| x.eq_ignore_ascii_case("xqf"))))
        .count();
    assert!(count >= 300);
    assert_eq!(count, files, "every file has cchess's reading");
    assert!(black_diagrams < 10, "{black_diagrams} diagrams");
    assert_eq!(versions.into_iter().collect::<Vec<_>>(), vec![10, 11, 12, 16, 18]);
}

#[test]
fn cchess_test_files_read_or_fail_with_an_offset() {
    let Some(_) = CCHESS.get() else { return };
    let mut good = 0;
    for entry in std::fs::read_dir(CCHESS.path()).expect("cchess's tests") {
        let path = entry.expect("an entry").path();
        if !path.extension().is_some_and(|x| x.eq_ignore_ascii_case("xqf")) {
            continue;
        }
        let bytes = std::fs::read(&path).expect("a file");
        match read_xqf(&bytes) {
            Ok(game) => {
                good += 1;
                // every move replays and is written in Chinese
                lines(&game, XiangqiMoveNotation::Chinese).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let back = read_xqf(&write_xqf(&game).expect("XQF")).expect("its own XQF");
                assert_eq!(ucci_lines(&back), ucci_lines(&game), "{}", path.display());
            }
            Err(e) => {
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
                // WildHouse.xqf plays a move from an empty point, which
                // cchess skips
                assert!(
                    name.starts_with("Bad") || name.starts_with("Empty") || name.starts_with("WildHouse"),
                    "{name}: {e}"
                );
                assert!(e.offset <= bytes.len() as u64, "{name}: {e}");
            }
        }
    }
    assert!(good >= 15, "{good}");
}

/// `{开局} 1. C2.5 {中炮} H8+7 (1... C8.5 2. H2+3) 2. H2+3 R9.8 1-0`, with
/// its event and players.
fn a_game_with_a_variation() -> Game {
    let start = start();
    let mut game = record(
        &[("Game", "Chinese Chess"), ("Event", "测试赛"), ("Red", "红方"), ("Black", "黑方"), ("Result", "1-0")],
        start.clone(),
    );
    game.comments.push("开局".to_owned());
    game.moves = line(&start, &["C2.5", "H8+7", "H2+3", "R9.8"]);
    game.moves[0].comments.push("中炮".to_owned());
    let moves = line(&after(&start, &["C2.5"]), &["C8.5", "H2+3"]);
    game.moves[1].variations.push(Variation { comments: Vec::new(), moves });
    game.result = Some("1-0".to_owned());
    game
}

#[test]
fn written_xqf_reads_back_to_the_same_game() {
    let game = a_game_with_a_variation();
    let bytes = write_xqf(&game).expect("XQF");
    assert_eq!(XiangqiRecord::detect(&bytes), Some(XiangqiRecord::Xqf));
    let back = read_xqf(&bytes).expect("read back");
    assert_eq!(back.moves, game.moves);
    assert_eq!(back.comments, game.comments);
    assert_eq!(back.tag("Event"), Some("测试赛"));
    assert_eq!(back.tag("Red"), Some("红方"));
    assert_eq!(back.tag("Black"), Some("黑方"));
    assert_eq!(back.tag("GameType"), Some("Full"));
    assert_eq!(back.result_text(), "1-0");
    assert_eq!(
        lines(&back, XiangqiMoveNotation::Chinese).expect("lines"),
        [vec!["炮二平五", "马８进７", "马二进三", "车９平８"], vec!["炮二平五", "炮８平５", "马二进三"]]
    );
}

#[test]
fn an_illegal_move_names_its_byte() {
    let mut game = record(&[("Game", "Chinese Chess")], start());
    game.moves = line(&game.start, &["H2-E2", "H9-G7"]);
    game.result = Some("*".to_owned());
    let mut bytes = write_xqf(&game).expect("XQF");
    // the second move (record at 1024 + 8 + 8) now goes from an empty point
    bytes[1024 + 16] = 0x18 + 44;
    let error = read_xqf(&bytes).expect_err("an illegal move");
    assert_eq!(error.offset, 1024 + 16);
    assert!(error.to_string().starts_with("byte 1040: an illegal move"), "{error}");
    bytes.truncate(1030);
    let error = read_xqf(&bytes).expect_err("truncated");
    assert_eq!(error.to_string(), "byte 1028: the file ends inside a comment length");
}

fn mutated(seed: Vec<(usize, u8)>, cut: usize) -> Vec<u8> {
    let files = ["03011.xqf", "03000.xqf", "03091.xqf"];
    let mut bytes = read(&format!("{XQF}/{}", files[cut % files.len()]));
    for (at, b) in seed {
        let len = bytes.len();
        bytes[at % len] = b;
    }
    if cut.is_multiple_of(7) {
        bytes.truncate(cut % 2000);
    }
    bytes
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(mut bytes in proptest::collection::vec(any::<u8>(), 0..3000), version in 10u8..=18) {
        if bytes.len() > 3 {
            bytes[0] = b'X';
            bytes[1] = b'Q';
            bytes[2] = version;
        }
        if let Ok(game) = read_xqf(&bytes) {
            let _ = lines(&game, XiangqiMoveNotation::Iccs);
        }
    }

    #[test]
    fn mutated_real_files_never_panic(seed in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..6), cut in any::<usize>()) {
        let Some(_) = XQF.get() else { return Ok(()) };
        let bytes = mutated(seed, cut);
        if let Ok(game) = read_xqf(&bytes) {
            // what writing its PGN replays and writes, and its XQF
            let _ = lines(&game, XiangqiMoveNotation::Iccs);
            let _ = lines(&game, XiangqiMoveNotation::Chinese);
            let _ = write_xqf(&game);
        }
    }
}

/// cchess's readings of the XQF polyfen wrote for a sample of the corpus
/// and a PGN game (made once with cchess 1.25.5 and kept); the PGN game is
/// read by the facade's PGN reader, and tested there.
const WRITTEN_CCHESS: &str = "games/xqf_written_cchess.jsonl";

#[test]
fn cchess_reads_polyfens_xqf_to_the_same_moves() {
    // the sample is of both folders
    let (Some(_), Some(_)) = (XQF.get(), CCHESS.get()) else { return };
    let count =
        polyfen_test_support::assert_games_read_back_as_recorded(WRITTEN_CCHESS, "xiangqi-records", "xqf", |path| {
            let game = read_xqf(&read(&path.display().to_string())).expect("an XQF game");
            let written = write_xqf(&game).expect("XQF");
            let back = read_xqf(&written).expect("polyfen's own XQF");
            (ucci_lines(&game), ucci_lines(&back), fen(&back))
        });
    assert!(count >= 10);
}

#[test]
fn a_mate_diagram_gives_the_side_in_check_the_move_and_says_so() {
    // black's king in check from red's chariot, no moves: XQF has no side
    // to move, and red to move cannot be played
    let mate = "3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1";
    let game = record(&[("Game", "Chinese Chess"), ("FEN", mate)], position(mate));
    let back = read_xqf(&write_xqf(&game).expect("XQF")).expect("read back");
    assert_eq!(fen(&back).split(' ').nth(1), Some("b"));
    assert_eq!(back.repairs.len(), 1, "{:?}", back.repairs);
    let repair = &back.repairs[0];
    assert_eq!(repair.at.offset, 16);
    assert!(repair.to_string().starts_with("byte 16: "), "{repair}");
    assert!(repair.message.contains("black, in check, is given the move"), "{repair}");
    // a playable diagram is read as it stands, with nothing to say
    let quiet = "3k5/9/9/9/9/9/9/9/9/2R1K4 w - - 0 1";
    let game = record(&[("Game", "Chinese Chess"), ("FEN", quiet)], position(quiet));
    assert!(read_xqf(&write_xqf(&game).expect("XQF")).expect("read back").repairs.is_empty());
}

#[test]
fn a_bad_record_keeps_the_game_up_to_it() {
    // {开局} 1. H2-E2 H9-G7 (1... C9-E7) 2. H0-G2 *
    let start = start();
    let mut game = record(&[("Game", "Chinese Chess"), ("Red", "红方")], start.clone());
    game.comments.push("开局".to_owned());
    game.moves = line(&start, &["H2-E2", "H9-G7", "H0-G2"]);
    let moves = line(&after(&start, &["H2-E2"]), &["C9-E7"]);
    game.moves[1].variations.push(Variation { comments: Vec::new(), moves });
    game.result = Some("*".to_owned());
    let mut bytes = write_xqf(&game).expect("XQF");
    // records in preorder: the root (8 bytes and the comment's 4 bytes of
    // GB18030), H2-E2, H9-G7, H0-G2, C9-E7; H0-G2 spoilt
    let h0g2 = 1024 + 12 + 8 * 2;
    bytes[h0g2] = 0x18 + 44; // from e4, empty
    let error = read_xqf(&bytes).expect_err("an illegal move");
    assert_eq!(error.offset, h0g2 as u64, "{error}");
    let partial = error.partial.expect("the game up to the bad record");
    assert_eq!(partial.tag("Red"), Some("红方"));
    assert_eq!(partial.comments, vec!["开局".to_owned()]);
    assert_eq!(ucci_lines(&partial), vec![vec!["h2e2".to_owned(), "h9g7".to_owned()]]);
}
