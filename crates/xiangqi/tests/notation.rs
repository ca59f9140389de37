//! Move notation: the worked cases of the notation reference, a snapshot
//! table of every rule in every style, errors with their spans and
//! candidates, and properties (write then read is the identity for every
//! legal move of random positions; no text makes a reader panic).

use std::fmt::Write as _;

use polyfen_core::Color;
use polyfen_test_support::underline;
use polyfen_xiangqi::{
    Board, Fen, Move, MoveErrorKind, MoveParseError, Position, START_FEN, XiangqiMoveNotation, format_move, parse_move,
    parse_move_as, read_move,
};
use proptest::prelude::*;

const START: &str = START_FEN;
const START_BLACK: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
const RED_ROOKS: &str = "3k5/9/9/9/9/1R7/9/9/9/1R2K4 w - - 0 1";
const BLACK_ROOKS: &str = "4k4/1r7/9/9/1r7/9/9/9/9/3K5 b - - 0 1";
const RED_HORSES: &str = "4k4/9/9/9/9/9/2N6/9/2N6/4K4 w - - 0 1";
const RED_ADVISORS: &str = "4k4/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1";
const RED_ELEPHANTS: &str = "4k4/9/9/9/9/2B6/9/9/9/2B1K4 w - - 0 1";
const RED_3_PAWNS: &str = "3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1";
const RED_5_PAWNS: &str = "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1";
const RED_2X2_PAWNS: &str = "3k5/9/2P3P2/2P3P2/9/9/9/9/9/4K4 w - - 0 1";
const RED_3_2_PAWNS: &str = "3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w - - 0 1";
const BLACK_2X2_PAWNS: &str = "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b - - 0 1";
const BLACK_3_PAWNS: &str = "4k4/9/9/9/9/9/2p6/2p6/2p6/3K5 b - - 0 1";

/// The perft positions of the notation reference (section 5).
const PERFT_POSITIONS: [&str; 5] = [
    START_FEN,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
];

fn position(fen: &str) -> Position {
    let fen: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    Position::from_setup(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A board, the side to move and its legal moves. The reference's
/// positions with facing kings (which the rules refuse) take their moves
/// from the same board with the black king one file to the left: no move
/// notation but SAN depends on where the kings are, and SAN (whose
/// origins and check marks look at the legal moves) is written on that
/// position.
struct Case {
    board: Board,
    turn: Color,
    legal: Vec<Move>,
    rules: Position,
}

impl Case {
    fn new(fen: &str) -> Case {
        let setup: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        let rules = Position::from_setup(&setup).unwrap_or_else(|_| position(&fen.replacen("4k4", "3k5", 1)));
        Case { board: setup.board, turn: setup.extras.turn, legal: rules.legal_moves().to_vec(), rules }
    }

    fn parse(&self, text: &str) -> Result<Move, MoveParseError> {
        parse_move(&self.board, self.turn, &self.legal, text)
    }

    fn parse_as(&self, text: &str, style: XiangqiMoveNotation) -> Result<Move, MoveParseError> {
        parse_move_as(&self.board, self.turn, &self.legal, text, style)
    }

    fn read(&self, text: &str) -> Result<(Move, XiangqiMoveNotation), MoveParseError> {
        read_move(&self.board, self.turn, &self.legal, text)
    }

    fn format(&self, mv: Move, style: XiangqiMoveNotation) -> String {
        if style == XiangqiMoveNotation::SanFsf {
            return self.rules.format_move_among(&self.legal, mv, style);
        }
        format_move(&self.board, mv, style)
    }
}

fn ucci(p: &Case, text: &str) -> Move {
    p.parse_as(text, XiangqiMoveNotation::Ucci).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// One worked case of the reference: UCCI, uci-1, Fairy-Stockfish WXF,
/// xqbase's WXF-like form, the WXF page's form (our `wxf`), Chinese
/// simplified and traditional.
struct Worked {
    fen: &'static str,
    ucci: &'static str,
    uci1: &'static str,
    fsf: &'static str,
    xqbase_wxf: &'static str,
    wxf: &'static str,
    chinese: &'static str,
    traditional: &'static str,
}

const fn w(fen: &'static str, [ucci, uci1, fsf, xqbase_wxf, wxf, chinese, traditional]: [&'static str; 7]) -> Worked {
    Worked { fen, ucci, uci1, fsf, xqbase_wxf, wxf, chinese, traditional }
}

/// Every row of the worked examples; the `wxf` column follows the WXF
/// page's rules (`P+ P7 P-`, `++ P+ P7 P- --`, `7+ 77 7-`).
const WORKED: &[Worked] = &[
    w(START, ["h2e2", "h3e3", "C2=5", "C2.5", "C2.5", "炮二平五", "炮二平五"]),
    w(START, ["b0c2", "b1c3", "H8+7", "N8+7", "H8+7", "马八进七", "馬八進七"]),
    w(START, ["c0e2", "c1e3", "E7+5", "B7+5", "E7+5", "相七进五", "相七進五"]),
    w(START, ["d0e1", "d1e2", "A6+5", "A6+5", "A6+5", "仕六进五", "仕六進五"]),
    w(RED_ROOKS, ["b4b1", "b5b2", "R8-3", "R+-3", "R+-3", "前车退三", "前車退三"]),
    w(RED_ROOKS, ["b4b3", "b5b4", "R8-1", "R+-1", "R+-1", "前车退一", "前車退一"]),
    w(RED_ROOKS, ["b4e4", "b5e5", "R+=5", "R+.5", "R+.5", "前车平五", "前車平五"]),
    w(RED_ROOKS, ["b0b1", "b1b2", "R-+1", "R-+1", "R-+1", "后车进一", "後車進一"]),
    w(RED_ROOKS, ["b0a0", "b1a1", "R-=9", "R-.9", "R-.9", "后车平九", "後車平九"]),
    w(BLACK_ROOKS, ["b5b0", "b6b1", "R++5", "R++5", "R++5", "前车进５", "前車進５"]),
    w(BLACK_ROOKS, ["b5b7", "b6b8", "R2-2", "R+-2", "R+-2", "前车退２", "前車退２"]),
    w(BLACK_ROOKS, ["b8b9", "b9b10", "R--1", "R--1", "R--1", "后车退１", "後車退１"]),
    w(BLACK_ROOKS, ["b8e8", "b9e9", "R-=5", "R-.5", "R-.5", "后车平５", "後車平５"]),
    w(RED_HORSES, ["c3e4", "c4e5", "H++5", "N++5", "H++5", "前马进五", "前馬進五"]),
    w(RED_HORSES, ["c3e2", "c4e3", "H+-5", "N+-5", "H+-5", "前马退五", "前馬退五"]),
    w(RED_HORSES, ["c1e2", "c2e3", "H-+5", "N-+5", "H-+5", "后马进五", "後馬進五"]),
    w(RED_ADVISORS, ["d0e1", "d1e2", "A6+5", "A6+5", "A6+5", "仕六进五", "仕六進五"]),
    w(RED_ADVISORS, ["d2e1", "d3e2", "A6-5", "A6-5", "A6-5", "仕六退五", "仕六退五"]),
    w(RED_ELEPHANTS, ["c0e2", "c1e3", "E7+5", "B7+5", "E7+5", "相七进五", "相七進五"]),
    w(RED_ELEPHANTS, ["c4e2", "c5e3", "E7-5", "B7-5", "E7-5", "相七退五", "相七退五"]),
    w(RED_3_PAWNS, ["c7c8", "c8c9", "17+1", "P++1", "P++1", "前兵进一", "前兵進一"]),
    w(RED_3_PAWNS, ["c7b7", "c8b8", "17=8", "P+.8", "P+.8", "前兵平八", "前兵平八"]),
    w(RED_3_PAWNS, ["c6b6", "c7b7", "27=8", "P..8", "P7.8", "中兵平八", "中兵平八"]),
    w(RED_3_PAWNS, ["c5d5", "c6d6", "37=6", "P-.6", "P-.6", "后兵平六", "後兵平六"]),
    w(RED_5_PAWNS, ["c9b9", "c10b10", "17=8", "Pa.8", "++.8", "一兵平八", "一兵平八"]),
    w(RED_5_PAWNS, ["c8b8", "c9b9", "27=8", "Pb.8", "P+.8", "二兵平八", "二兵平八"]),
    w(RED_5_PAWNS, ["c7b7", "c8b8", "37=8", "Pc.8", "P7.8", "三兵平八", "三兵平八"]),
    w(RED_5_PAWNS, ["c6b6", "c7b7", "47=8", "Pd.8", "P-.8", "四兵平八", "四兵平八"]),
    w(RED_5_PAWNS, ["c5b5", "c6b6", "57=8", "Pe.8", "--.8", "五兵平八", "五兵平八"]),
    w(RED_2X2_PAWNS, ["c7c8", "c8c9", "17+1", "Pc+1", "7++1", "三兵进一", "三兵進一"]),
    w(RED_2X2_PAWNS, ["c6b6", "c7b7", "27=8", "Pd.8", "7-.8", "四兵平八", "四兵平八"]),
    w(RED_2X2_PAWNS, ["g7g8", "g8g9", "13+1", "Pa+1", "3++1", "一兵进一", "一兵進一"]),
    w(RED_2X2_PAWNS, ["g6h6", "g7h7", "23=2", "Pb.2", "3-.2", "二兵平二", "二兵平二"]),
    w(RED_3_2_PAWNS, ["c7c8", "c8c9", "17+1", "Pc+1", "7++1", "三兵进一", "三兵進一"]),
    w(RED_3_2_PAWNS, ["c6b6", "c7b7", "27=8", "Pd.8", "77.8", "四兵平八", "四兵平八"]),
    w(RED_3_2_PAWNS, ["c5b5", "c6b6", "37=8", "Pe.8", "7-.8", "五兵平八", "五兵平八"]),
    w(RED_3_2_PAWNS, ["g7g8", "g8g9", "13+1", "Pa+1", "3++1", "一兵进一", "一兵進一"]),
    w(RED_3_2_PAWNS, ["g6h6", "g7h7", "23=2", "Pb.2", "3-.2", "二兵平二", "二兵平二"]),
    w(BLACK_2X2_PAWNS, ["c3c2", "c4c3", "13+1", "Pa+1", "3++1", "一卒进１", "一卒進１"]),
    w(BLACK_2X2_PAWNS, ["c4b4", "c5b5", "23=2", "Pb.2", "3-.2", "二卒平２", "二卒平２"]),
    w(BLACK_2X2_PAWNS, ["g3g2", "g4g3", "17+1", "Pc+1", "7++1", "三卒进１", "三卒進１"]),
    w(BLACK_2X2_PAWNS, ["g4h4", "g5h5", "27=8", "Pd.8", "7-.8", "四卒平８", "四卒平８"]),
    w(BLACK_3_PAWNS, ["c1c0", "c2c1", "13+1", "P++1", "P++1", "前卒进１", "前卒進１"]),
    w(BLACK_3_PAWNS, ["c2b2", "c3b3", "23=2", "P..2", "P3.2", "中卒平２", "中卒平２"]),
    w(BLACK_3_PAWNS, ["c3d3", "c4d4", "33=4", "P-.4", "P-.4", "后卒平４", "後卒平４"]),
];

#[test]
fn worked_examples_are_written_as_the_reference_shows() {
    for case in WORKED {
        let p = Case::new(case.fen);
        let mv = ucci(&p, case.ucci);
        let expect = [
            (XiangqiMoveNotation::Ucci, case.ucci),
            (XiangqiMoveNotation::Uci1, case.uci1),
            (XiangqiMoveNotation::WxfFsf, case.fsf),
            (XiangqiMoveNotation::Wxf, case.wxf),
            (XiangqiMoveNotation::Chinese, case.chinese),
            (XiangqiMoveNotation::ChineseTraditional, case.traditional),
        ];
        for (style, text) in expect {
            assert_eq!(p.format(mv, style), text, "{} {} in {style}", case.fen, case.ucci);
        }
        assert_eq!(p.format(mv, XiangqiMoveNotation::Iccs), iccs_of(case.ucci), "{}", case.ucci);
    }
}

/// `h2e2` as ICCS: `H2-E2`.
fn iccs_of(ucci: &str) -> String {
    let upper = ucci.to_ascii_uppercase();
    format!("{}-{}", &upper[..2], &upper[2..])
}

#[test]
fn worked_examples_are_read_in_every_form() {
    for case in WORKED {
        let p = Case::new(case.fen);
        let mv = ucci(&p, case.ucci);
        let iccs = iccs_of(case.ucci);
        let forms =
            [iccs.as_str(), case.uci1, case.fsf, case.xqbase_wxf, case.wxf, case.chinese, case.traditional, case.ucci];
        for text in forms {
            // uci-1 text that is also a legal UCCI move reads as UCCI
            let expect = if text == case.uci1 { p.parse_as(text, XiangqiMoveNotation::Ucci).unwrap_or(mv) } else { mv };
            assert_eq!(p.parse(text), Ok(expect), "{} read {text:?}", case.fen);
        }
        assert_eq!(p.parse_as(case.fsf, XiangqiMoveNotation::WxfFsf), Ok(mv), "{}", case.fsf);
        assert_eq!(p.parse_as(case.wxf, XiangqiMoveNotation::Wxf), Ok(mv), "{}", case.wxf);
        assert_eq!(p.parse_as(case.uci1, XiangqiMoveNotation::Uci1), Ok(mv), "{}", case.uci1);
    }
}

#[test]
fn the_style_read_is_reported() {
    let p = Case::new(START);
    let cases = [
        ("H2-E2", XiangqiMoveNotation::Iccs),
        ("h2e2", XiangqiMoveNotation::Ucci),
        ("h3e3", XiangqiMoveNotation::Uci1),
        ("C2.5", XiangqiMoveNotation::Wxf),
        ("C25", XiangqiMoveNotation::Wxf),
        ("C2=5", XiangqiMoveNotation::WxfFsf),
        ("炮二平五", XiangqiMoveNotation::Chinese),
        ("馬八進七", XiangqiMoveNotation::ChineseTraditional),
    ];
    for (text, style) in cases {
        assert_eq!(p.read(text).map(|(_, s)| s), Ok(style), "{text}");
    }
}

#[test]
fn other_written_forms_are_read() {
    // (position, text, the move in UCCI)
    let cases = [
        (START, "C25", "h2e2"),     // nothing for sideways
        (START, "c2.5", "h2e2"),    // lowercase letter
        (START, " H2-E2 ", "h2e2"), // white space around
        (START, "h2-e2", "h2e2"),   // ICCS in lowercase
        (START, "N2+3", "h0g2"),    // xqbase letters
        (START, "马二进三", "h0g2"),
        (START, "傌二進三", "h0g2"), // variant characters
        (START, "俥一进一", "i0i1"),
        (START, "硨九进二", "a0a2"),
        (START, "包二平五", "h2e2"),
        (START, "砲八平五", "b2e2"),
        (START, "炮 二 平 五", "h2e2"),  // spaces inside
        (RED_ROOKS, "车前平五", "b4e4"), // the WXF page's 車前平三 order
        (RED_ROOKS, "車後平九", "b0a0"),
        (RED_ROOKS, "车八退三", "b4b1"),     // the file, unambiguous by the move
        (RED_3_PAWNS, "前兵七平八", "c7b7"), // traditional: mark and file
        (RED_3_PAWNS, "中兵七平八", "c6b6"),
        (RED_3_2_PAWNS, "前兵七进一", "c7c8"),
        (RED_3_2_PAWNS, "后兵三平二", "g6h6"),
        (RED_3_2_PAWNS, "中兵平八", "c6b6"),
        (RED_5_PAWNS, "P7.8", "c7b7"), // the middle of five
        (RED_5_PAWNS, "Pc.8", "c7b7"),
        (BLACK_ROOKS, "车前进5", "b5b0"), // ASCII digits for black
        (BLACK_ROOKS, "後車平5", "b8e8"),
        (BLACK_2X2_PAWNS, "１卒进１", "c3c2"), // a digit for the pawn number
        (BLACK_3_PAWNS, "前卒进1", "c1c0"),
    ];
    for (fen, text, expect) in cases {
        let p = Case::new(fen);
        assert_eq!(p.parse(text), Ok(ucci(&p, expect)), "{fen}: {text:?}");
    }
}

#[test]
fn coordinates_read_as_ucci_unless_only_uci_1_is_legal() {
    // c2c9 is ambiguous as text: UCCI c2c9 is not legal in the start
    // position (c2 is empty) so it is uci-1's c1c8? also illegal; h2h9 is
    // UCCI (the cannon takes the horse) and uci-1 h1h8 is not a move.
    let p = Case::new(START);
    assert_eq!(p.read("h2h9"), Ok((ucci(&p, "h2h9"), XiangqiMoveNotation::Ucci)));
    assert_eq!(p.read("b3b10"), Ok((ucci(&p, "b2b9"), XiangqiMoveNotation::Uci1)));
    assert_eq!(p.read("a4a5"), Ok((ucci(&p, "a3a4"), XiangqiMoveNotation::Uci1)));
    // both readings legal: h2e2 is UCCI h2-e2 and uci-1 h1-e1; UCCI wins
    let both = Case::new("4k4/9/9/9/9/9/9/7R1/7R1/3K5 w - - 0 1");
    assert_eq!(both.read("h2e2"), Ok((ucci(&both, "h2e2"), XiangqiMoveNotation::Ucci)));
    assert_eq!(both.parse_as("h2e2", XiangqiMoveNotation::Uci1), Ok(ucci(&both, "h1e1")));
}

/// The snapshot table: for every case, the move in every style, each read
/// back (`ok` when every style reads back to the move).
#[test]
fn every_rule_in_every_style() {
    let cases: &[(&str, &str, &[&str])] = &[
        ("start", START, &["h2e2", "b0c2", "c0e2", "d0e1", "h2h9", "a3a4", "i0i2"]),
        ("start, black to move", START_BLACK, &["b9c7", "h9g7", "c6c5", "b7b0", "h7e7", "i9i7", "g9e7", "f9e8"]),
        ("red tandem rooks b4,b0", RED_ROOKS, &["b4b1", "b4b3", "b4e4", "b4b9", "b0b1", "b0a0", "b0c0"]),
        ("black tandem rooks b8,b5", BLACK_ROOKS, &["b5b0", "b5b7", "b8b9", "b8e8", "b5b6"]),
        ("red tandem horses c3,c1", RED_HORSES, &["c3e4", "c3e2", "c1e2", "c1a2", "c3b5"]),
        ("red advisors d2,d0", RED_ADVISORS, &["d0e1", "d2e1"]),
        ("red elephants c4,c0", RED_ELEPHANTS, &["c0e2", "c4e2", "c4a2"]),
        ("red 3 pawns c7,c6,c5", RED_3_PAWNS, &["c7c8", "c7b7", "c6b6", "c6d6", "c5d5"]),
        ("red 5 pawns c9..c5", RED_5_PAWNS, &["c9b9", "c8b8", "c7b7", "c6b6", "c5b5", "c5d5"]),
        ("red 2x2 pawns c,g", RED_2X2_PAWNS, &["c7c8", "c6b6", "g7g8", "g6h6"]),
        ("red 3+2 pawns c,g", RED_3_2_PAWNS, &["c7c8", "c6b6", "c5b5", "g7g8", "g6h6"]),
        ("black 2x2 pawns c,g", BLACK_2X2_PAWNS, &["c3c2", "c4b4", "g3g2", "g4h4"]),
        ("black 3 pawns c", BLACK_3_PAWNS, &["c1c0", "c2b2", "c3d3"]),
        (
            "red tandem cannons, pawns on two files",
            "3k5/9/2P3P2/2P3P2/9/9/9/7C1/9/4K2C1 w - - 0 1",
            &["h2h5", "h0h1", "h2e2", "h0f0"],
        ),
        ("red pawns 2 on a file, 1 alone", "3k5/9/2P6/2P3P2/9/9/9/9/9/4K4 w - - 0 1", &["c7c8", "c6d6", "g6g7"]),
        ("red 4 pawns c9..c6", "2P1k4/2P6/2P6/2P6/9/9/9/9/9/3K5 w - - 0 1", &["c9b9", "c8d8", "c7b7", "c6b6"]),
        ("kings", "4k4/9/9/9/9/9/9/9/3K5/9 b - - 0 1", &["e9f9", "e9e8"]),
    ];
    let mut table = String::new();
    for (name, fen, moves) in cases {
        let p = Case::new(fen);
        let _ = writeln!(table, "{name}: {fen}");
        for text in *moves {
            let mv = ucci(&p, text);
            let mut line = String::new();
            let mut ok = true;
            for style in XiangqiMoveNotation::ALL {
                let written = p.format(mv, style);
                ok &= p.parse_as(&written, style) == Ok(mv);
                let _ = write!(line, " {written:<7}");
            }
            let _ = writeln!(table, " {}{}", line.trim_end(), if ok { "" } else { "  READ BACK FAILS" });
            assert!(ok, "{name} {text}");
        }
    }
    insta::assert_snapshot!(table);
}

/// Errors: message, the span under the text, and the candidates.
#[test]
fn errors_point_at_the_text_and_name_candidates() {
    let cases: &[(&str, &str)] = &[
        (START, ""),
        (START, "   "),
        (START, "X2.5"),
        (START, "C2*5"),
        (START, "C0.5"),
        (START, "C2.0"),
        (START, "C2."),
        (START, "C2.55"),
        (START, "j2e2"),
        (START, "h2e12"),
        (START, "h2e2x"),
        (START, "h2-"),
        (START, "h7e7"),
        (START, "e5e6"),
        (START, "h2e9"),
        (START, "C3.5"),
        (START, "C2+9"),
        (START, "A6.5"),
        (START, "P+.5"),
        (START, "炮二平"),
        (START, "炮十平五"),
        (START, "炮二走五"),
        (START, "炮2平5"),
        (START, "卒３进１"),
        (START, "炮二平５"),
        (START, "炮平五"),
        (START, "兵七进一进"),
        (START, "h10h9"),
        (RED_ROOKS, "R8+1"),
        (RED_ROOKS, "车八进一"),
        (RED_ROOKS, "中车进一"),
        (RED_3_PAWNS, "P7+1"),
        (BLACK_ROOKS, "炮２平５"),
        (BLACK_ROOKS, "車前平五"),
        (RED_3_2_PAWNS, "前兵平八"),
        // SAN: both cannons go to e3; no horse goes to d5; no soldier to
        // e6; a capture marked where nothing is taken; FEN's letter for
        // the horse; no point h11; no cannon on rank 6 (nor a coordinate
        // move c6f7)
        (START, "Ce3"),
        (START, "Hd5"),
        (START, "Pe6"),
        (START, "Rxa3"),
        (START, "Nc3"),
        (START, "Ch11"),
        (START, "C6f7"),
        (START, "Pe5+"),
    ];
    let mut report = String::new();
    for (fen, text) in cases {
        let p = Case::new(fen);
        match p.parse(text) {
            Ok(mv) => {
                let _ = writeln!(report, "{text:?} read as {}", p.format(mv, XiangqiMoveNotation::Iccs));
            }
            Err(e) => {
                assert!(e.span.end <= text.len() && text.is_char_boundary(e.span.start), "{text}: {e:?}");
                report.push_str(&underline(text, &e.span, &e.to_string()));
            }
        }
    }
    insta::assert_snapshot!(report);
}

#[test]
fn error_kinds() {
    let p = Case::new(START);
    let kind = |text: &str| p.parse(text).map_err(|e| e.kind);
    assert!(matches!(kind("卒３进１"), Err(MoveErrorKind::WrongSide { .. })));
    assert!(matches!(kind("h7h0"), Err(MoveErrorKind::WrongSide { .. })));
    assert!(matches!(kind("炮2平5"), Err(MoveErrorKind::WrongSide { .. })));
    assert!(matches!(kind("j2e2"), Err(MoveErrorKind::ImpossibleFile { .. })));
    assert!(matches!(kind("C0.5"), Err(MoveErrorKind::ImpossibleFile { .. })));
    assert!(matches!(kind("炮二平五!"), Err(MoveErrorKind::Unexpected { found: '!', .. })));
    assert!(matches!(kind("C2+9"), Err(MoveErrorKind::Illegal { .. })));
    assert!(matches!(kind("C5.4"), Err(MoveErrorKind::NoPiece { .. })));
    let rooks = Case::new(RED_ROOKS);
    let err: MoveParseError = rooks.parse("R8+1").unwrap_err();
    assert!(matches!(err.kind, MoveErrorKind::Ambiguous { count: 2, .. }));
    let texts: Vec<&str> = err.candidates.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, ["R-+1", "R++1"]);
    let err = rooks.parse("车八进一").unwrap_err();
    let texts: Vec<&str> = err.candidates.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, ["后车进一", "前车进一"]);
    assert_eq!(err.notation, Some(XiangqiMoveNotation::Chinese));
    // candidates of a coordinate move, in the form read
    let err = p.parse("h3e10").unwrap_err();
    assert_eq!(err.notation, Some(XiangqiMoveNotation::Uci1));
    assert!(err.candidates.iter().any(|c| c.text == "h3h10"), "{err}");
}

/// Random positions: playouts from the start and the perft positions.
fn random_position() -> impl Strategy<Value = Position> {
    (0..PERFT_POSITIONS.len(), proptest::collection::vec(any::<u16>(), 0..80)).prop_map(|(start, picks)| {
        let mut p = position(PERFT_POSITIONS[start]);
        for pick in picks {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play(moves[usize::from(pick) % moves.len()]);
        }
        p
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every legal move, written in every style, reads back as itself: in
    /// its own style always, and in any notation except where the reading
    /// of any notation is documented to differ (uci-1 text that is also a
    /// legal UCCI move; a digit-first WXF move with equal digits that names
    /// two legal moves).
    #[test]
    fn every_legal_move_reads_back_in_every_style(p in random_position()) {
        let board = p.board();
        let legal = p.legal_moves();
        for &mv in &legal {
            for style in XiangqiMoveNotation::ALL {
                let text = format_move(&board, mv, style);
                prop_assert_eq!(parse_move_as(&board, p.turn(), &legal, &text, style), Ok(mv), "{} {}", style, text);
                match read_move(&board, p.turn(), &legal, &text) {
                    Ok((read, _)) if read == mv => {}
                    Ok((read, XiangqiMoveNotation::Ucci)) if style == XiangqiMoveNotation::Uci1 => {
                        prop_assert_eq!(format_move(&board, read, XiangqiMoveNotation::Ucci), text);
                    }
                    Err(e) if style == XiangqiMoveNotation::WxfFsf || style == XiangqiMoveNotation::Wxf => {
                        prop_assert!(matches!(e.kind, MoveErrorKind::Ambiguous { .. }), "{}: {}", text, e);
                        prop_assert!(e.candidates.iter().any(|c| c.mv == mv));
                    }
                    other => prop_assert!(false, "{} {}: {:?}", style, text, other),
                }
            }
        }
    }

    /// No text makes a reader panic, and every error span is inside the
    /// text on character boundaries.
    #[test]
    fn readers_never_panic(text in any::<String>()) {
        check_reader(&text)?;
    }

    /// The same for texts made of the notations' own characters.
    #[test]
    fn readers_never_panic_on_near_misses(
        text in "[KAEBHNRCPGMkaebhnrcpi0-9+\\-.= ]{0,8}|[KAEHRCPBNa-ix0-9+#]{0,7}|[车马炮相仕帅兵将士象卒車馬俥傌硨砲包帥將進後前中后进退平一二三四五六七八九十〇１２３４５６７８９0-9 ]{0,8}"
    ) {
        check_reader(&text)?;
    }
}

fn check_reader(text: &str) -> Result<(), TestCaseError> {
    for fen in [START, RED_3_2_PAWNS, BLACK_ROOKS] {
        let p = position(fen);
        let board = p.board();
        let legal = p.legal_moves();
        let mut results = vec![parse_move(&board, p.turn(), &legal, text)];
        for style in XiangqiMoveNotation::ALL {
            results.push(parse_move_as(&board, p.turn(), &legal, text, style));
        }
        for result in results {
            match result {
                Ok(mv) => prop_assert!(legal.contains(&mv)),
                Err(e) => {
                    prop_assert!(e.span.start <= e.span.end && e.span.end <= text.len(), "{:?}", e);
                    prop_assert!(text.is_char_boundary(e.span.start) && text.is_char_boundary(e.span.end));
                    prop_assert!(!e.to_string().is_empty());
                }
            }
        }
    }
    Ok(())
}

/// Fairy-Stockfish numbers only pawns (`17+1`: pawn number 1 on file 7), so
/// a cannon on the same file is no second reading.
#[test]
fn numbered_forms_name_pawns_only() {
    let fen: polyfen_xiangqi::Fen =
        "2bC1a3/4rkc2/1C7/3P4P/2p3p2/3R5/9/B1pA4B/3K2p1N/9 b - - 5 40".parse().expect("valid FEN");
    let position = polyfen_xiangqi::Position::from_setup(&fen).expect("playable");
    let mv = position.parse_move_as("17+1", XiangqiMoveNotation::WxfFsf).expect("one pawn move");
    assert_eq!(position.format_move(mv, XiangqiMoveNotation::Iccs), "G1-G0");
    assert_eq!(position.format_move(mv, XiangqiMoveNotation::WxfFsf), "17+1");
}

#[test]
fn a_plain_file_on_three_pieces_names_the_middle_one_strictly() {
    // red soldiers on e7, e6 and e5: WXF's plain file 5 names the middle one
    let p = position("3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1");
    let middle = p.parse_move("P5.4").unwrap();
    assert_eq!(p.format_move(middle, XiangqiMoveNotation::Ucci), "e6f6");
    // the middle soldier cannot go forward; only the front one can
    let e = p.parse_move("P5+1").unwrap_err();
    let front = p.parse_move("e7e8").unwrap();
    let written = p.format_move(front, XiangqiMoveNotation::Wxf);
    assert_eq!(e.kind.to_string(), format!("P5+1 is not standard: only a lenient reading takes it, as {written}"));
    assert_eq!(e.span, 0..4);
    let mut repairs = Vec::new();
    assert_eq!(p.read_move_lenient(" P5+1", &mut repairs).unwrap(), (front, XiangqiMoveNotation::Wxf));
    let messages: Vec<String> = repairs.iter().map(ToString::to_string).collect();
    assert_eq!(messages, [format!("read 'P5+1' as '{written}'")]);
    assert_eq!(repairs[0].span, 1..5);
    // standard forms give no repair
    repairs.clear();
    for text in [written.as_str(), "P5.4", "e7e8", "E7-E8"] {
        p.read_move_lenient(text, &mut repairs).unwrap();
    }
    assert_eq!(repairs, []);
}

#[test]
fn other_tools_chinese_forms_are_read_leniently_and_reported() {
    let p = position(START);
    let mut repairs = Vec::new();
    // cchess's traditional script: every cannon 砲 (a variant character
    // read strictly)
    let cannon = p.parse_move("砲二平五").unwrap();
    assert_eq!(p.format_move(cannon, XiangqiMoveNotation::Ucci), "h2e2");
    // red's elephant and advisor written 象, 士: black's characters
    for (text, ucci, standard) in [("象三進五", "g0e2", "相三进五"), ("士四進五", "f0e1", "仕四进五")] {
        let e = p.parse_move(text).unwrap_err();
        assert!(matches!(e.kind, MoveErrorKind::WrongSide { .. }), "{text}: {e}");
        repairs.clear();
        let (m, _) = p.read_move_lenient(text, &mut repairs).unwrap();
        assert_eq!(p.format_move(m, XiangqiMoveNotation::Ucci), ucci);
        assert_eq!(repairs.len(), 1, "{text}");
        assert!(repairs[0].message.starts_with(&format!("read '{text}' as '")), "{}", repairs[0]);
        assert!(
            repairs[0].message.contains(standard) || repairs[0].message.contains(&standard.replace('进', "進")),
            "{}",
            repairs[0]
        );
    }
    // red's king written 將 (a king that can step forward)
    let lone = position("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    repairs.clear();
    let (m, _) = lone.read_move_lenient("將五進一", &mut repairs).unwrap();
    assert_eq!(lone.format_move(m, XiangqiMoveNotation::Ucci), "e0e1");
    assert_eq!(repairs.len(), 1);
    // black's move in Chinese numerals, as older cchess wrote it
    let black = position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    let e = black.parse_move("炮八平五").unwrap_err();
    assert!(matches!(e.kind, MoveErrorKind::WrongSide { .. }), "{e}");
    repairs.clear();
    let (m, _) = black.read_move_lenient("炮八平五", &mut repairs).unwrap();
    assert_eq!(black.format_move(m, XiangqiMoveNotation::Ucci), "h7e7");
    let messages: Vec<String> = repairs.iter().map(ToString::to_string).collect();
    assert_eq!(messages, ["read '炮八平五' as '炮８平５'"]);
    repairs.clear();
    let (m, _) = black.read_move_lenient("马二进三", &mut repairs).unwrap();
    assert_eq!(black.format_move(m, XiangqiMoveNotation::Ucci), "b9c7");
    assert_eq!(repairs.len(), 1);
    // leniency goes no further: red's moves in digits stay refused
    assert!(p.read_move_lenient("炮2平5", &mut repairs).is_err());
    assert!(p.read_move_lenient("车１进１", &mut repairs).is_err());
}

/// The game offers every move style, in the order of `XiangqiMoveNotation::ALL`
/// (ICCS, its default, first).
#[test]
fn the_game_offers_every_move_style_iccs_first() {
    use polyfen_game::GamePosition;
    let names: Vec<&str> = polyfen_xiangqi::XiangqiPosition::MOVE_NOTATIONS.iter().map(|s| s.name()).collect();
    assert_eq!(names, ["iccs", "ucci", "uci-1", "wxf", "wxf-fsf", "chinese", "chinese-traditional", "san-fsf"]);
}
