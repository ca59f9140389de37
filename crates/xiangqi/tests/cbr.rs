//! CBR and CBL records through Xiangqi's own `RecordFormats`: cchess's
//! test files (two games and two libraries of 93 and 38 games) read as
//! cchess 1.25.5 reads them (its readings are in
//! `tests/data/games/cbr_cchess.jsonl`), format detection, and hostile
//! bytes: cut and mutated records never panic and name a byte offset.

use polyfen_game::records::RecordFormats;
use polyfen_xiangqi::{XiangqiMoveNotation, XiangqiRecord};
use proptest::prelude::*;

mod common;

use common::{CCHESS, Error, Game, board_and_turn, lines};

/// The one game of a CBR record.
fn read_cbr(bytes: &[u8]) -> Result<Game, Error> {
    XiangqiRecord::Cbr.read(bytes).remove(0)
}

/// The games of a CBL library.
fn read_cbl(bytes: &[u8]) -> Vec<Result<Game, Error>> {
    XiangqiRecord::Cbl.read(bytes)
}

const EXPECTED: &str = include_str!("../../../tests/data/games/cbr_cchess.jsonl");

fn read(name: &str) -> Vec<u8> {
    common::read(&format!("{CCHESS}/{name}"))
}

fn tag<'a>(game: &'a Game, name: &str) -> &'a str {
    game.tags.iter().find(|(n, _)| n == name).map_or("", |(_, v)| v.as_str())
}

#[test]
fn every_game_reads_as_cchess_reads_it() {
    let Some(_) = CCHESS.get() else { return };
    let mut games: std::collections::BTreeMap<String, Vec<Game>> = std::collections::BTreeMap::new();
    let mut checked = 0;
    // cchess reads a library's section headings (records with an empty
    // board) as games; polyfen does not: each is a repair of the game after it
    let mut headings: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    for line in EXPECTED.lines() {
        let want: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let file = want["file"].as_str().expect("a file");
        let index = usize::try_from(want["index"].as_u64().expect("an index")).expect("small");
        if want["fen"].as_str().is_some_and(|f| f.starts_with("9/9/9/9/9/9/9/9/9/9 ")) {
            *headings.entry(file.to_owned()).or_default() += 1;
            checked += 1;
            continue;
        }
        let index = index - headings.get(file).copied().unwrap_or(0);
        let read_games = games.entry(file.to_owned()).or_insert_with(|| {
            let bytes = read(file);
            let format = XiangqiRecord::detect(&bytes);
            assert!(matches!(format, Some(XiangqiRecord::Cbr | XiangqiRecord::Cbl)), "{file}: {format:?}");
            format
                .expect("a format")
                .read(&bytes)
                .into_iter()
                .map(|g| g.unwrap_or_else(|e| panic!("{file}: {e}")))
                .collect()
        });
        let game = &read_games[index];
        assert_eq!(board_and_turn(game), want["fen"].as_str().expect("a FEN"), "{file} #{index}: start");
        let mut got = lines(game, XiangqiMoveNotation::Ucci).expect("lines");
        let mut expected: Vec<Vec<String>> = serde_json::from_value(want["lines"].clone()).expect("lines");
        got.sort();
        expected.sort();
        if expected.is_empty() {
            assert!(got.iter().all(Vec::is_empty), "{file} #{index}: no moves");
        } else {
            assert_eq!(got, expected, "{file} #{index}: lines");
        }
        for (key, name) in [("title", "Title"), ("event", "Event"), ("red", "Red"), ("black", "Black")] {
            assert_eq!(tag(game, name), want["info"][key].as_str().unwrap_or("").trim(), "{file} #{index}: {key}");
        }
        assert_eq!(game.result_text(), want["info"]["result"].as_str().expect("a result"), "{file} #{index}");
        checked += 1;
    }
    assert_eq!(checked, 133);
    // a library holds exactly the games cchess finds
    assert_eq!(games["1956年全国象棋锦标赛93局.CBL"].len(), 93);
    // (less its two section headings)
    assert_eq!(games["1989年龙化杯象棋名师邀请赛35局.CBL"].len(), 36);
    assert_eq!(tag(&games["1956年全国象棋锦标赛93局.CBL"][0], "Library"), "1956年全国象棋锦标赛93局");
}

#[test]
fn a_game_reads_with_its_title_and_moves() {
    let Some(_) = CCHESS.get() else { return };
    let game = read_cbr(&read("test.cbr")).expect("a game");
    assert_eq!(game.tag("Title"), Some("黄丹青讲座004-破解新式弃马局的攻防要领"));
    let chinese = lines(&game, XiangqiMoveNotation::Chinese).expect("lines");
    assert_eq!(chinese[0].first().map(String::as_str), Some("炮二平五"), "{chinese:?}");
    // every line is written in Chinese and reads back to the same moves
    let ucci = lines(&game, XiangqiMoveNotation::Ucci).expect("lines");
    assert_eq!(chinese.len(), ucci.len());
    for (chinese, ucci) in chinese.iter().zip(&ucci) {
        let texts: Vec<&str> = chinese.iter().map(String::as_str).collect();
        let back: Vec<String> = common::line(&game.start, &texts).into_iter().map(|n| n.mv).collect();
        assert_eq!(&back, ucci);
    }
}

#[test]
fn bad_records_name_the_byte() {
    let Some(_) = CCHESS.get() else { return };
    assert_eq!(read_cbr(b"CCBridge Record\0short").unwrap_err().offset, 21);
    assert!(read_cbr(b"not a record").unwrap_err().message.contains("not a CBR record"));
    let cbl = read_cbl(b"nope");
    assert_eq!(cbl.len(), 1);
    assert!(cbl[0].is_err());
    // a move record cut in two
    let bytes = read("test.cbr");
    let games_end = bytes.len();
    let cut = read_cbr(&bytes[..2214 + 8 + 2]);
    assert!(cut.is_ok() || cut.as_ref().is_err_and(|e| e.offset <= games_end as u64), "{cut:?}");
    // an illegal first move: red's chariot a0 onto its own horse b0
    let mut bad = bytes.clone();
    let first = 2214
        + 4
        + if u32::from_le_bytes([bad[2214], bad[2215], bad[2216], bad[2217]]) != 0 {
            4 + u32::from_le_bytes([bad[2218], bad[2219], bad[2220], bad[2221]]) as usize
        } else {
            0
        };
    bad[first + 2] = 81; // a0
    bad[first + 3] = 82; // b0
    let e = read_cbr(&bad).unwrap_err();
    assert_eq!(e.offset, first as u64, "{e}");
    assert!(e.message.contains("illegal move"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_bytes_never_panic(tail in proptest::collection::vec(any::<u8>(), 0..3000)) {
        let mut bytes = b"CCBridge Record\0".to_vec();
        bytes.extend(tail);
        let _ = read_cbr(&bytes);
        let mut library = b"CCBridgeLibrary\0".to_vec();
        library.extend(&bytes);
        let _ = read_cbl(&library);
    }

    #[test]
    fn mutated_real_records_never_panic(flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..12)) {
        let Some(_) = CCHESS.get() else { return Ok(()) };
        let mut bytes = std::fs::read(format!("{CCHESS}/test.cbr")).expect("test.cbr");
        for (at, value) in flips {
            let i = at.index(bytes.len());
            bytes[i] = value;
        }
        if let Err(e) = read_cbr(&bytes) {
            prop_assert!(e.offset <= bytes.len() as u64);
        }
    }
}

#[test]
fn a_librarys_section_headings_are_no_games_and_each_is_said() {
    let Some(_) = CCHESS.get() else { return };
    let games = read_cbl(&read("1989年龙化杯象棋名师邀请赛35局.CBL"));
    assert_eq!(games.len(), 36);
    let games: Vec<Game> = games.into_iter().map(|g| g.expect("a game")).collect();
    let with_repairs: Vec<usize> = (0..games.len()).filter(|&i| !games[i].repairs.is_empty()).collect();
    assert_eq!(with_repairs, vec![0, 20]);
    for (i, section, offset) in [
        (0, "龙化杯象棋名师邀请赛对局（男子组20局）", 101_952),
        (20, "龙化杯象棋名师邀请赛对局（女子组15局）", 187_968),
    ] {
        let repair = &games[i].repairs[0];
        assert_eq!(repair.at.offset, offset, "{repair}");
        assert_eq!(repair.to_string(), format!("byte {offset}: {}", repair.message));
        assert!(repair.message.contains(section) && repair.message.contains("not a game"), "{repair}");
        assert_eq!(tag(&games[i], "Section"), section);
        assert_eq!(tag(&games[i + 1], "Section"), section);
        // every game plays, so every output can hold it
        assert!(games.iter().all(|g| lines(g, XiangqiMoveNotation::Ucci).is_ok()));
    }
}

#[test]
fn the_end_of_a_record_without_moves_is_no_move() {
    let Some(_) = CCHESS.get() else { return };
    // test.cbr with its moves cut: the game comment, then the end record
    let bytes = read("test.cbr");
    let mut at = 2214 + 4;
    if u32::from_le_bytes([bytes[2214], bytes[2215], bytes[2216], bytes[2217]]) != 0 {
        at += 4 + u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]) as usize;
    }
    let mut empty = bytes[..at].to_vec();
    empty.extend([0, 0, 0, 0]);
    for side in [1, 2] {
        empty[2116] = side;
        let game = read_cbr(&empty).expect("a game without moves");
        assert!(game.moves.is_empty());
        // point 0 holds black's chariot: the end record is not its move
        let turn = if side == 1 { "w" } else { "b" };
        assert!(board_and_turn(&game).ends_with(turn), "{side}: {}", board_and_turn(&game));
    }
}

#[test]
fn a_bad_record_keeps_the_game_up_to_it() {
    let Some(_) = CCHESS.get() else { return };
    let bytes = read("test.cbr");
    let full = read_cbr(&bytes).expect("a game");
    // the third move of the main line now goes from an empty point
    let mut at = 2214 + 4;
    if u32::from_le_bytes([bytes[2214], bytes[2215], bytes[2216], bytes[2217]]) != 0 {
        at += 4 + u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]) as usize;
    }
    let mut bad = bytes.clone();
    let mut record = at;
    for _ in 0..2 {
        let flags = bad[record];
        record += 4;
        if flags & 4 != 0 {
            record += 4 + u32::from_le_bytes([bad[record], bad[record + 1], bad[record + 2], bad[record + 3]]) as usize;
        }
    }
    bad[record + 2] = 40; // e5, empty at the start
    let error = read_cbr(&bad).expect_err("an illegal move");
    assert_eq!(error.offset, record as u64, "{error}");
    let partial = error.partial.expect("the game up to the bad record");
    assert_eq!(partial.tags, full.tags);
    assert_eq!(partial.comments, full.comments);
    let want: Vec<String> = full.moves.iter().take(2).map(|n| n.mv.clone()).collect();
    let got: Vec<String> = partial.moves.iter().map(|n| n.mv.clone()).collect();
    assert_eq!(got, want);
}
