//! The record formats come from the list of games: each game's own formats
//! are ids of the facade, found, read and written through the game's
//! `RecordFormats`. What the facade adds over Xiangqi's own formats (whose
//! readers and writers are tested in the Xiangqi crate) is tested here:
//! each format found among every game's, and its games converted to and
//! from PGN and the JSON form.

use polyfen::VariantId;
use polyfen::records::{Game, GameOptions, RecordFormat, detect_format, read_pgn};
use polyfen::{MoveNotation, Notation, Position, WriteOptions};
use polyfen_test_support::Corpus;

const GAME: &str = "[Game \"Chinese Chess\"]\n\n1. H2-E2 {center} H9-G7 *\n";

#[test]
fn every_format_has_a_name_that_reads_back_and_a_game() {
    assert_eq!(RecordFormat::ALL[0], RecordFormat::Pgn);
    for &format in RecordFormat::ALL {
        assert_eq!(format.name().parse::<RecordFormat>(), Ok(format));
        assert_eq!(format.variant().is_none(), format == RecordFormat::Pgn, "{format}");
    }
    assert_eq!(RecordFormat::Xqf.variant(), Some(VariantId::Xiangqi));
    assert!(RecordFormat::Cbl.is_binary() && !RecordFormat::Cbf.is_binary() && !RecordFormat::Pgn.is_binary());
}

#[test]
fn write_writes_with_the_formats_game_and_refuses_others() {
    let game = read_pgn(GAME, GameOptions::default()).remove(0).expect("a game");
    let bytes = RecordFormat::Xqf.write(&game).expect("XQF");
    let back = RecordFormat::Xqf.read(&bytes).remove(0).expect("read back");
    assert_eq!(back.moves, game.moves);

    let page = RecordFormat::DhtmlXq.write(&game).expect("DhtmlXQ");
    assert_eq!(RecordFormat::DhtmlXq.read(&page).remove(0).expect("read back").moves, game.moves);

    let chess = read_pgn("1. e4 e5 *", GameOptions::default()).remove(0).expect("a game");
    let error = RecordFormat::Xqf.write(&chess).expect_err("not Xiangqi");
    assert_eq!(error.to_string(), "illegal position: XQF holds Xiangqi games, not chess");
    let read_only = RecordFormat::Cbf.write(&game).expect_err("CBF is read only");
    assert!(read_only.to_string().contains("writer of this record format"), "{read_only}");
    assert!(RecordFormat::Pgn.write(&game).is_err());
}

#[test]
fn a_format_is_written_exactly_when_write_writes_it() {
    // a game of each format's own game, written in it: refused as read
    // only exactly when the format says it is not written
    for &format in RecordFormat::ALL {
        let Some(variant) = format.variant() else {
            assert!(format.is_written(), "PGN is written by Game::write_pgn");
            continue;
        };
        let start = variant.setups()[0].1;
        let pgn = format!("[Variant \"{variant}\"]\n[FEN \"{start}\"]\n\n*\n");
        let game = read_pgn(&pgn, GameOptions::default()).remove(0).expect("a game");
        assert_eq!(game.variant, variant, "{pgn}");
        match format.write(&game) {
            Ok(bytes) => assert!(format.is_written() && !bytes.is_empty(), "{format}"),
            Err(e) => {
                assert!(!format.is_written(), "{format}: {e}");
                assert!(e.to_string().contains("writer of this record format"), "{format}: {e}");
            }
        }
    }
    let read_only: Vec<&str> = RecordFormat::ALL.iter().filter(|f| !f.is_written()).map(|f| f.name()).collect();
    assert_eq!(read_only, ["cbr", "cbl", "cbf"]);
}

#[test]
fn every_format_names_the_extensions_of_its_files() {
    for &format in RecordFormat::ALL {
        let extensions = format.extensions();
        assert!(!extensions.is_empty(), "{format}");
        assert!(
            extensions.iter().all(|e| !e.is_empty() && e.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())),
            "{format}: {extensions:?}"
        );
    }
    // the usual extension first: the format's own name where it has one
    for format in [RecordFormat::Pgn, RecordFormat::Xqf, RecordFormat::Cbl, RecordFormat::Kif, RecordFormat::Jkf] {
        assert_eq!(format.extensions()[0], format.name(), "{format}");
    }
}

/// Folders of the public corpus: the tests that read them are skipped
/// without them.
const XQF: Corpus = Corpus::new("xiangqi-records/xqf");
const CCHESS: Corpus = Corpus::new("xiangqi-records/cchess-tests");

fn read_file(path: &str) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The one game of a file in `format`.
fn read_one(format: RecordFormat, bytes: &[u8]) -> Game {
    format.read(bytes).remove(0).unwrap_or_else(|e| panic!("{format}: {e}"))
}

fn pgn(game: &Game, notation: Option<MoveNotation>) -> String {
    let mut out = String::new();
    game.write_pgn(notation, &mut out).expect("PGN");
    out
}

fn ucci_lines(game: &Game) -> Vec<Vec<String>> {
    game.lines(Some(MoveNotation::Ucci)).expect("lines")
}

#[test]
fn xiangqi_records_are_found_among_every_games_formats() {
    let game = read_pgn(GAME, GameOptions::default()).remove(0).expect("a game");
    let xqf = RecordFormat::Xqf.write(&game).expect("XQF");
    assert_eq!(detect_format(&xqf), RecordFormat::Xqf);
    let page = RecordFormat::DhtmlXq.write(&game).expect("DhtmlXQ");
    assert_eq!(detect_format(&page), RecordFormat::DhtmlXq);
    assert_eq!(detect_format(CBF.as_bytes()), RecordFormat::Cbf);
    assert_eq!(detect_format(b"CCBridge Record\0"), RecordFormat::Cbr);
    assert_eq!(detect_format(b"CCBridgeLibrary\0"), RecordFormat::Cbl);
    assert_eq!(detect_format(GAME.as_bytes()), RecordFormat::Pgn);
}

#[test]
fn every_xiangqi_record_of_the_corpus_is_found_as_its_format() {
    let (Some(_), Some(_)) = (XQF.get(), CCHESS.get()) else { return };
    let mut found = 0;
    for (folder, only) in [(XQF, None), (CCHESS, Some(["cbr", "cbl"]))] {
        for entry in std::fs::read_dir(folder.path()).expect("the corpus") {
            let path = entry.expect("an entry").path();
            let extension = path.extension().and_then(|x| x.to_str()).unwrap_or_default().to_ascii_lowercase();
            let want = match extension.as_str() {
                "xqf" => RecordFormat::Xqf,
                "cbr" => RecordFormat::Cbr,
                "cbl" => RecordFormat::Cbl,
                _ => continue,
            };
            if only.is_some_and(|only| !only.contains(&extension.as_str())) {
                continue;
            }
            let bytes = std::fs::read(&path).expect("a file");
            assert_eq!(detect_format(&bytes), want, "{}", path.display());
            found += 1;
        }
    }
    assert!(found >= 304, "{found}");
}

#[test]
fn a_pgn_game_written_as_xqf_reads_back_to_the_same_pgn() {
    let pgn_text = "[Game \"Chinese Chess\"]\n[Event \"测试赛\"]\n[Red \"红方\"]\n[Black \"黑方\"]\n[Result \"1-0\"]\n\n\
               {开局} 1. C2.5 {中炮} H8+7 (1... C8.5 2. H2+3) 2. H2+3 R9.8 1-0";
    let game = read_pgn(pgn_text, GameOptions::default()).remove(0).expect("a game");
    let bytes = RecordFormat::Xqf.write(&game).expect("XQF");
    assert_eq!(detect_format(&bytes), RecordFormat::Xqf);
    let back = read_one(RecordFormat::Xqf, &bytes);
    assert_eq!(back.moves, game.moves);
    assert_eq!(back.comments, game.comments);
    assert_eq!(back.tag("Event"), Some("测试赛"));
    assert_eq!(back.tag("Red"), Some("红方"));
    assert_eq!(back.result_text(), "1-0");
    insta::assert_snapshot!(pgn(&back, Some(MoveNotation::Chinese)));
}

#[test]
fn a_records_repair_keeps_its_byte_in_the_json_form() {
    // black's king in check from red's chariot, no moves: the XQF reader
    // gives black the move and says so, at byte 16
    let mate = "[Game \"Chinese Chess\"]\n[FEN \"3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1\"]\n\n*";
    let game = read_pgn(mate, GameOptions::default()).remove(0).expect("a game");
    let back = read_one(RecordFormat::Xqf, &RecordFormat::Xqf.write(&game).expect("XQF"));
    assert_eq!(back.repairs.len(), 1, "{:?}", back.repairs);
    assert_eq!(back.repairs[0].at.offset, 16);
    let json = back.to_json(None).expect("JSON");
    assert_eq!(json.repairs[0].offset, Some(16));
}

/// cchess's readings of the XQF polyfen wrote for a sample of the corpus
/// and a PGN game (made once with cchess 1.25.5 and kept): the PGN game,
/// read by the facade's PGN reader (the XQF files are read in the Xiangqi
/// crate's tests).
const WRITTEN_CCHESS: &str = "games/xqf_written_cchess.jsonl";

#[test]
fn cchess_reads_the_xqf_of_a_pgn_game_to_its_moves() {
    let Some(_) = CCHESS.get() else { return };
    let count =
        polyfen_test_support::assert_games_read_back_as_recorded(WRITTEN_CCHESS, "xiangqi-records", "pgn", |path| {
            let bytes = read_file(&path.display().to_string());
            let (text, _, _) = encoding_rs::GB18030.decode(&bytes);
            let game = read_pgn(&text, GameOptions::default()).remove(0).expect("a PGN game");
            let back = read_one(RecordFormat::Xqf, &RecordFormat::Xqf.write(&game).expect("XQF"));
            let fen = back.start.to_notation(Notation::XiangqiFen, &WriteOptions::default()).expect("a FEN").text;
            (ucci_lines(&game), ucci_lines(&back), fen)
        });
    assert!(count >= 1);
}

#[test]
fn a_cbr_game_converts_to_pgn_with_its_comments() {
    let Some(_) = CCHESS.get() else { return };
    let game = read_one(RecordFormat::Cbr, &read_file(&format!("{CCHESS}/test.cbr")));
    let pgn = pgn(&game, Some(MoveNotation::Chinese));
    assert!(pgn.contains("[Title \"黄丹青讲座004-破解新式弃马局的攻防要领\"]"), "{pgn}");
    assert!(pgn.contains("1. 炮二平五"), "{pgn}");
    let back = read_pgn(&pgn, GameOptions::default()).remove(0).expect("read back");
    // the same moves (the PGN's in Chinese, as written; the CBR's in ICCS)
    let iccs = Some(MoveNotation::Iccs);
    assert_eq!(back.lines(iccs).expect("lines"), game.lines(iccs).expect("lines"));
    assert_eq!(back.lines(None).expect("lines"), game.lines(Some(MoveNotation::Chinese)).expect("lines"));
    // every game of a library plays, so every output can hold it
    let library = read_file(&format!("{CCHESS}/1989年龙化杯象棋名师邀请赛35局.CBL"));
    let games = RecordFormat::Cbl.read(&library);
    assert_eq!(games.len(), 36);
    assert!(games.into_iter().all(|g| g.expect("a game").to_json(None).is_ok()));
}

/// A CBF document: a header, a game comment and three moves, the first
/// with its comment (the one the Xiangqi crate's tests read).
const CBF: &str = include_str!("../../../tests/data/games/small.cbf");

#[test]
fn a_cbf_game_converts_to_pgn_and_back() {
    let game = read_one(RecordFormat::Cbf, CBF.as_bytes());
    assert_eq!(game.lines(Some(MoveNotation::Chinese)).expect("lines"), [["炮二平五", "马８进７", "马二进三"]]);
    let pgn = pgn(&game, Some(MoveNotation::Chinese));
    let back = read_pgn(&pgn, GameOptions::default()).remove(0).expect("back");
    assert_eq!(back.moves, game.moves);
    assert_eq!(back.comments, game.comments);
    assert_eq!((back.tag("Red"), back.result_text()), (Some("红方"), "1/2-1/2"));
}
