//! Xiangqi's own record formats through the `RecordFormats` contract,
//! without the facade: found from their first bytes, written and read
//! back, and never a panic on any input.

use polyfen_game::GamePosition;
use polyfen_game::records::{Node, Record, RecordFormats};
use polyfen_xiangqi::{START_FEN, XiangqiPosition, XiangqiRecord};
use proptest::prelude::*;

const ALL: [XiangqiRecord; 5] =
    [XiangqiRecord::Xqf, XiangqiRecord::Cbr, XiangqiRecord::Cbl, XiangqiRecord::DhtmlXq, XiangqiRecord::Cbf];

fn start() -> XiangqiPosition {
    XiangqiPosition::read_default(START_FEN).expect("the start")
}

#[test]
fn formats_are_found_from_their_first_bytes() {
    assert_eq!(XiangqiRecord::detect(b"XQ\x0a\0"), Some(XiangqiRecord::Xqf));
    assert_eq!(XiangqiRecord::detect(b"CCBridge Record\0"), Some(XiangqiRecord::Cbr));
    assert_eq!(XiangqiRecord::detect(b"CCBridgeLibrary\0"), Some(XiangqiRecord::Cbl));
    assert_eq!(XiangqiRecord::detect(b"\xEF\xBB\xBF <ChineseChessRecord>"), Some(XiangqiRecord::Cbf));
    assert_eq!(XiangqiRecord::detect(b"<p>[DhtmlXQ]"), Some(XiangqiRecord::DhtmlXq));
    assert_eq!(XiangqiRecord::detect(b"[Event \"?\"]"), None);
    assert_eq!(XiangqiRecord::DhtmlXq.encoding(b"[DhtmlXQ]"), Some("UTF-8"));
    assert_eq!(XiangqiRecord::Cbf.encoding(b"\xC4\xE3"), Some("gb18030"));
    assert_eq!(XiangqiRecord::Xqf.encoding(b"XQ"), None);
}

#[test]
fn a_record_written_in_each_writable_format_reads_back() {
    let mut game = Record::new(vec![("Red".to_owned(), "许银川".to_owned())], start());
    game.moves = vec![Node::new("h2e2"), Node::new("h9g7")];
    game.moves[0].comments.push("中炮".to_owned());
    game.result = Some("1-0".to_owned());
    for format in ALL {
        let Some(written) = format.write(&game) else {
            assert!(matches!(format, XiangqiRecord::Cbr | XiangqiRecord::Cbl | XiangqiRecord::Cbf));
            continue;
        };
        let bytes = written.expect("written");
        assert_eq!(XiangqiRecord::detect(&bytes), Some(format));
        let back = format.read(&bytes).remove(0).expect("read back");
        assert_eq!(back.moves, game.moves, "{format:?}");
        assert_eq!((back.tag("Red"), back.result_text()), (Some("许银川"), "1-0"), "{format:?}");
        assert!(format.holds().contains("Xiangqi"));
    }
}

#[test]
fn an_illegal_move_is_not_written() {
    let mut game = Record::new(Vec::new(), start());
    game.moves = vec![Node::new("a0a5")];
    assert!(XiangqiRecord::Xqf.write(&game).expect("a writer").is_err());
}

proptest! {
    #[test]
    fn no_input_makes_a_reader_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2048), head in 0usize..3) {
        let mut input = [&b"XQ\x0b"[..], b"CCBridge Record\0", b"[DhtmlXQ]"][head].to_vec();
        input.extend(bytes);
        for format in ALL {
            let _ = format.read(&input);
        }
        let _ = XiangqiRecord::detect(&input);
    }
}
