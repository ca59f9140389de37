//! Opening game records: from a path, bytes or a reader; the format and
//! encoding found or forced; one error for every format, with the game,
//! its place and the game read up to it; a bad game never losing the next.

use std::io::Read;

use polyfen::records::{
    Encoding, GameError, GameOptions, GameResult, OpenOptions, RecordFormat, Records, decode_text, encoding_for,
    read_pgn,
};
use proptest::prelude::*;

/// Two games, the first with an illegal move on line 3, column 13 (byte 25).
const TWO: &str = "[White \"A\"]\n\n1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n";

fn all(records: Records<'_>) -> Vec<GameResult> {
    records.map(|r| r.expect("no I/O error")).collect()
}

fn check_two(results: &[GameResult]) {
    assert_eq!(results.len(), 2);
    let bad = results[0].as_ref().expect_err("Ke3 is illegal");
    assert_eq!((bad.game, bad.line(), bad.column(), bad.offset()), (1, Some(3), Some(13), 25));
    assert_eq!(bad.format, RecordFormat::Pgn);
    assert_eq!(bad.tags, [("White".to_owned(), "A".to_owned())]);
    assert!(bad.message().starts_with("move 2. Ke3:"), "{bad}");
    assert!(bad.to_string().starts_with("game 1: line 3, column 13: move 2. Ke3:"), "{bad}");
    assert_eq!(bad.detail().to_string(), bad.error.to_string());
    let partial = bad.partial.as_deref().expect("the game up to Ke3");
    assert_eq!(partial.plies(), 2);
    assert_eq!(partial.unplayed.as_deref(), Some("Ke3"));
    // the next game is read all the same
    assert_eq!(results[1].as_ref().expect("a good game").plies(), 2);
}

#[test]
fn a_pgn_text_from_bytes_a_reader_and_a_path() {
    let options = OpenOptions::default();
    let records = Records::from_bytes(TWO.as_bytes(), &options);
    assert_eq!((records.format(), records.encoding()), (RecordFormat::Pgn, encoding_for("utf-8")));
    check_two(&all(records));

    let records = Records::from_reader(TWO.as_bytes(), &options).expect("readable");
    assert_eq!(records.format(), RecordFormat::Pgn);
    check_two(&all(records));

    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("open-two-games.pgn");
    std::fs::write(&path, TWO).expect("a temporary file");
    let records = Records::open(&path, &options).expect("readable");
    assert_eq!(records.format(), RecordFormat::Pgn);
    check_two(&all(records));

    let missing = Records::open(path.with_extension("missing"), &options);
    assert!(missing.is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound));
}

#[test]
fn the_same_games_as_the_pgn_reader() {
    let expected = read_pgn(TWO, GameOptions::default());
    assert_eq!(all(Records::from_bytes(TWO.as_bytes(), &OpenOptions::default())), expected);
    // and with the game options passed on
    let checked = GameOptions::default().with_check_only(true);
    let expected = read_pgn(TWO, checked);
    let options = OpenOptions::default().with_games(checked);
    assert_eq!(all(Records::from_bytes(TWO.as_bytes(), &options)), expected);
    assert!(expected[0].as_ref().is_err_and(|bad| bad.partial.is_none()));
}

#[test]
fn a_long_text_streams_past_the_bytes_read_to_find_its_format() {
    // more than the 64 KiB looked at first, a bad game at the end
    let mut text = "1. e4 e5 2. Nf3 Nc6 *\n\n".repeat(4000);
    let good = 4000;
    text.push_str("1. e4 e5 2. Qz9 *\n");
    let last_line = text.lines().count() as u64;
    let mut records = Records::from_reader(text.as_bytes(), &OpenOptions::default()).expect("readable");
    let mut n = 0;
    let mut last = None;
    for result in records.by_ref() {
        n += 1;
        last = Some(result.expect("no I/O error"));
    }
    assert_eq!(n, good + 1);
    let bad = last.expect("a last game").expect_err("Qz9");
    assert_eq!((bad.game, bad.line()), (good as u64 + 1, Some(last_line)));
    assert_eq!(records.bytes_read(), text.len() as u64);
}

#[test]
fn encodings_found_and_forced() {
    // a Xiangqi game in GB18030: "炮二平五 马８进７"
    let text = "[Game \"Chinese Chess\"]\n\n1. 炮二平五 马８进７ *\n";
    let gb = encoding_rs::GB18030.encode(text).0.into_owned();
    assert!(std::str::from_utf8(&gb).is_err());
    let expected = read_pgn(text, GameOptions::default());
    assert!(expected[0].is_ok());

    let records = Records::from_bytes(&gb, &OpenOptions::default());
    assert_eq!(records.encoding().map(Encoding::name), Some("GBK"));
    assert_eq!(all(records), expected);
    let records = Records::from_reader(gb.as_slice(), &OpenOptions::default()).expect("readable");
    assert_eq!(records.encoding().map(Encoding::name), Some("GBK"));
    assert_eq!(all(records), expected);

    // forced: the named encoding is used, whatever detection would say
    let forced = OpenOptions::default().with_encoding(encoding_for("gb18030"));
    let records = Records::from_bytes(&gb, &forced);
    assert_eq!(records.encoding().map(Encoding::name), Some("gb18030"));
    assert_eq!(all(records), expected);
    // a Latin-1 chess file named as such
    let latin = b"[White \"M\xfcller\"]\n\n1. e4 *\n";
    let forced = OpenOptions::default().with_encoding(encoding_for("latin1"));
    let game = all(Records::from_reader(&latin[..], &forced).expect("readable")).remove(0).expect("a game");
    assert_eq!(game.tag("White"), Some("Müller"));

    // a whole text held in memory: the same decoding
    let (decoded, encoding) = decode_text(gb.clone(), None);
    assert_eq!((decoded.as_str(), encoding.name()), (text, "GBK"));
    let (same, encoding) = decode_text(text.as_bytes().to_vec(), None);
    assert_eq!((same.as_str(), encoding.name()), (text, "UTF-8"));
}

/// A Xiangqi game written as XQF, its second move's record (at byte 1040)
/// made to move from an empty point.
fn bad_xqf() -> Vec<u8> {
    let game = read_pgn("[Game \"Chinese Chess\"]\n[Red \"R\"]\n\n1. H2-E2 H9-G7 *", GameOptions::default())
        .remove(0)
        .expect("a game");
    let mut bytes = RecordFormat::Xqf.write(&game).expect("XQF");
    bytes[1024 + 16] = 0x18 + 44;
    bytes
}

#[test]
fn a_binary_record_error_names_its_byte() {
    let bytes = bad_xqf();
    let records = Records::from_bytes(&bytes, &OpenOptions::default());
    assert_eq!((records.format(), records.encoding()), (RecordFormat::Xqf, None));
    assert_eq!(records.bytes_read(), bytes.len() as u64);
    let results = all(records);
    assert_eq!(results.len(), 1);
    let bad: &GameError = results[0].as_ref().expect_err("an illegal move");
    assert_eq!(
        (bad.game, bad.format, bad.offset(), bad.line(), bad.column()),
        (1, RecordFormat::Xqf, 1040, None, None)
    );
    assert!(bad.to_string().starts_with("game 1: xqf: byte 1040: an illegal move"), "{bad}");
    assert!(bad.detail().to_string().starts_with("xqf: byte 1040: an illegal move"), "{bad}");
    // the game up to the bad record, and its tags
    let partial = bad.partial.as_deref().expect("the game up to the bad record");
    assert_eq!(partial.plies(), 1);
    assert!(bad.tags.contains(&("Red".to_owned(), "R".to_owned())), "{:?}", bad.tags);
    assert_eq!(bad.repairs, partial.repairs);

    // the same from a reader and a path
    assert_eq!(all(Records::from_reader(bytes.as_slice(), &OpenOptions::default()).expect("readable")), results);
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("open-bad.xqf");
    std::fs::write(&path, &bytes).expect("a temporary file");
    assert_eq!(OpenOptions::default().format_of_file(&path).expect("readable"), RecordFormat::Xqf);
    assert_eq!(all(Records::open(&path, &OpenOptions::default()).expect("readable")), results);
}

#[test]
fn a_forced_format_wins_over_the_content() {
    let forced = OpenOptions::default().with_format(Some(RecordFormat::Xqf));
    assert_eq!(forced.format_of(TWO.as_bytes()), RecordFormat::Xqf);
    assert_eq!(forced.format_of_file("no such file").expect("not opened"), RecordFormat::Xqf);
    let results = all(Records::from_bytes(TWO.as_bytes(), &forced));
    let bad = results[0].as_ref().expect_err("not XQF");
    assert_eq!(bad.to_string(), "game 1: xqf: byte 0: not an XQF file (no 'XQ' signature)");
    // and the other way: an XQF file read as PGN is text that is no game
    let bytes = bad_xqf();
    let forced = OpenOptions::default().with_format(Some(RecordFormat::Pgn));
    let records = Records::from_bytes(&bytes, &forced);
    assert_eq!(records.format(), RecordFormat::Pgn);
}

#[test]
fn a_dhtmlxq_page_in_gb18030() {
    let game = read_pgn("[Game \"Chinese Chess\"]\n[Event \"测试\"]\n\n1. H2-E2 H9-G7 *", GameOptions::default())
        .remove(0)
        .expect("a game");
    let page = RecordFormat::DhtmlXq.write(&game).expect("DhtmlXQ");
    let page = format!("<html>{}</html>", String::from_utf8(page).expect("UTF-8"));
    let gb = encoding_rs::GB18030.encode(&page).0.into_owned();
    let records = Records::from_bytes(&gb, &OpenOptions::default());
    assert_eq!(records.format(), RecordFormat::DhtmlXq);
    assert_eq!(records.encoding().map(Encoding::name), Some("gb18030"));
    let read = all(records).remove(0).expect("a game");
    assert_eq!(read.tag("Event"), Some("测试"));
    assert_eq!(read.moves, game.moves);
    let utf8 = Records::from_bytes(page.as_bytes(), &OpenOptions::default());
    assert_eq!(utf8.encoding().map(Encoding::name), Some("UTF-8"));
}

#[test]
fn a_text_cut_into_pieces_reads_as_the_whole() {
    let text = format!("{TWO}\n{TWO}");
    let whole = all(Records::from_bytes(text.as_bytes(), &OpenOptions::default()));
    // the decoded text, then its pieces cut at a game boundary
    let records = Records::from_reader(text.as_bytes(), &OpenOptions::default()).expect("readable");
    let mut decoded = Vec::new();
    records.into_text().unwrap_or_else(|_| panic!("an unread PGN text")).read_to_end(&mut decoded).expect("read");
    assert_eq!(decoded, text.as_bytes());
    let cut = TWO.len() + 1;
    let line = 1 + text[..cut].matches('\n').count() as u64;
    let first = all(Records::from_piece(decoded[..cut].to_vec(), 1, 0, GameOptions::default()));
    let second = all(Records::from_piece(decoded[cut..].to_vec(), line, cut as u64, GameOptions::default()));
    assert_eq!(first.len() + second.len(), whole.len());
    let (a, b) = (whole[2].as_ref().expect_err("Ke3"), second[0].as_ref().expect_err("Ke3"));
    assert_eq!((a.error.clone(), a.partial.clone()), (b.error.clone(), b.partial.clone()));
    assert_eq!((a.line(), a.offset()), (Some(3 + line - 1), 25 + cut as u64));
    // a record file has no text to cut
    let bytes = bad_xqf();
    assert!(Records::from_bytes(&bytes, &OpenOptions::default()).into_text().is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any bytes, in any forced format or none, open without a panic, and
    /// alike from bytes and from a reader (under 64 KiB both look at all
    /// of them).
    #[test]
    fn any_bytes_open_alike_from_bytes_and_a_reader(
        bytes in proptest::collection::vec(any::<u8>(), 0..1024),
        prefix in 0usize..4,
        forced in proptest::option::of(proptest::sample::select(RecordFormat::ALL)),
    ) {
        let prefixes: [&[u8]; 4] = [b"", b"XQ\x0a", b"[DhtmlXQ]", b"[Event \"x\"]\n\n1. e4 "];
        let bytes = [prefixes[prefix], &bytes].concat();
        let options = OpenOptions::default().with_format(forced);
        let from_bytes = Records::from_bytes(&bytes, &options);
        let from_reader = Records::from_reader(bytes.as_slice(), &options).expect("a slice reads");
        prop_assert_eq!(from_bytes.format(), from_reader.format());
        prop_assert_eq!(from_bytes.encoding(), from_reader.encoding());
        prop_assert_eq!(all(from_bytes), all(from_reader));
    }
}
