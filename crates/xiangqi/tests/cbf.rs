//! CBF records (`CCBridge`'s XML) through Xiangqi's own `RecordFormats`:
//! a game with its header, comments and a start position read into the
//! record, format detection, errors that name their byte, the game kept up
//! to a bad move, and arbitrary bytes and mutated documents that never
//! panic.

use polyfen_game::records::RecordFormats;
use polyfen_xiangqi::{XiangqiMoveNotation, XiangqiRecord};
use proptest::prelude::*;

mod common;

use common::{Error, Game, fen, lines, ucci_lines};

/// The one game of a CBF document.
fn read_cbf(text: &str) -> Result<Game, Error> {
    XiangqiRecord::Cbf.read(text.as_bytes()).remove(0)
}

/// A small game written for the tests (the facade's too): the header, a
/// game comment, three moves (one with a comment), entities and a CDATA
/// section.
const GAME: &str = include_str!("../../../tests/data/games/small.cbf");

#[test]
fn a_game_reads_with_its_header_comments_and_moves() {
    assert_eq!(XiangqiRecord::detect(GAME.as_bytes()), Some(XiangqiRecord::Cbf));
    let game = read_cbf(GAME).expect("a game");
    assert_eq!(game.tag("Title"), Some("测试 & 示例"));
    assert_eq!(game.tag("Event"), Some("友谊赛"));
    assert_eq!(game.tag("Round"), Some("1"));
    assert_eq!(game.tag("Red"), Some("红方"));
    assert_eq!(game.tag("Black"), Some("黑方"));
    assert_eq!(game.tag("ECCO"), Some("B00"));
    // a header element without a tag of its own keeps its name
    assert_eq!(game.tag("Opening"), Some("中炮<对>屏风马"));
    assert_eq!(game.tag("FEN"), None, "the standard start");
    assert_eq!(game.result_text(), "1/2-1/2");
    assert_eq!(game.comments, vec!["开局".to_owned()]);
    assert_eq!(game.moves[0].comments, vec!["中炮 中".to_owned()]);
    assert!(game.repairs.is_empty(), "{:?}", game.repairs);
    let lines = lines(&game, XiangqiMoveNotation::Chinese).expect("lines");
    assert_eq!(lines, vec![["炮二平五", "马８进７", "马二进三"].map(str::to_owned).to_vec()]);
    // the same from the document in GB18030, which a text that is not
    // UTF-8 is read in
    let gb = encoding_rs::GB18030.encode(GAME).0;
    assert!(std::str::from_utf8(&gb).is_err(), "the bytes are not UTF-8");
    assert_eq!(XiangqiRecord::Cbf.encoding(&gb), Some("gb18030"));
    let read = XiangqiRecord::Cbf.read(&gb).remove(0).expect("a game");
    assert_eq!(read, game);
}

#[test]
fn a_start_position_and_what_is_not_read_are_said() {
    let cbf = "<ChineseChessRecord><Head><FEN>3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1</FEN></Head>\
               <Extra/><MoveList><Move value=\"00-00\"/><Move value=\"30-31\" flag=\"x\"/></MoveList></ChineseChessRecord>";
    let game = read_cbf(cbf).expect("a game");
    assert_eq!(fen(&game), "3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1");
    assert_eq!(ucci_lines(&game), vec![vec!["d9d8".to_owned()]]);
    let repairs: Vec<String> = game.repairs.iter().map(ToString::to_string).collect();
    assert_eq!(
        repairs,
        [
            format!("byte {}: the element <Extra> is not read", cbf.find("<Extra").unwrap_or(0)),
            format!("byte {}: the attribute flag of a move is not read", cbf.find("\"x\"").unwrap_or(0) + 1),
        ]
    );
}

#[test]
fn errors_name_their_byte() {
    let error = |text: &str| read_cbf(text).expect_err("an error");
    let e = error("<ChineseChessRecord><Head></ChineseChessRecord>");
    assert_eq!((e.offset, e.message.as_str()), (26, "</ChineseChessRecord> closes <Head>"));
    let e = error("<ChineseChessRecord><Head>");
    assert_eq!((e.offset, e.message.as_str()), (20, "<Head> is not closed"));
    let e = error("<Record/>");
    assert_eq!((e.offset, e.message.as_str()), (0, "the root element is <Record>, not <ChineseChessRecord>"));
    let e = error("<ChineseChessRecord a=\"&bogus;\"/>");
    assert_eq!((e.offset, e.message.as_str()), (23, "an unknown entity &bogus;"));
    let e = error("<ChineseChessRecord><MoveList><Move value=\"77-4\"/></MoveList></ChineseChessRecord>");
    assert_eq!(e.offset, 43, "{e}");
    assert!(e.message.contains("is not XY-XY"), "{e}");
    let deep = "<ChineseChessRecord>".to_owned() + &"<a>".repeat(100);
    assert!(error(&deep).message.contains("nested deeper than 64"));
}

#[test]
fn a_bad_move_keeps_the_game_up_to_it() {
    // the third move, h9g7 again, is no longer legal
    let bad = GAME.replace("<Move value=\"79-67\"", "<Move value=\"70-62\"");
    let e = read_cbf(&bad).expect_err("an illegal move");
    // the offset of the second 70-62's value
    assert_eq!(e.offset as usize, bad.rfind("\"70-62\"").map_or(0, |i| i + 1), "{e}");
    assert!(e.message.starts_with("an illegal move"), "{e}");
    let partial = e.partial.expect("the game up to the bad move");
    assert_eq!(partial.tag("Red"), Some("红方"));
    assert_eq!(ucci_lines(&partial), vec![vec!["h2e2".to_owned(), "h9g7".to_owned()]]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        for result in XiangqiRecord::Cbf.read(&bytes) {
            if let Err(e) = result {
                prop_assert!(e.offset <= bytes.len() as u64 * 3 / 2 + 3);
            }
        }
        let _ = XiangqiRecord::detect(&bytes);
    }

    #[test]
    fn markup_soup_never_panics(text in "(<|>|/|=|\"|'|&|;|#|x|!|\\?|-|\\[|\\]|CDATA|Move|value|ChineseChessRecord|MoveList|Head|FEN|00-00|77-47| |中){0,80}") {
        let _ = read_cbf(&text);
    }

    #[test]
    fn mutated_documents_never_panic(flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8)) {
        let mut bytes = GAME.as_bytes().to_vec();
        for (at, value) in flips {
            let i = at.index(bytes.len());
            bytes[i] = value;
        }
        for result in XiangqiRecord::Cbf.read(&bytes) {
            if let Err(e) = result {
                prop_assert!(e.offset <= bytes.len() as u64 * 3 / 2 + 3, "{e}");
            }
        }
    }
}
