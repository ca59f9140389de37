//! Xiangqi's own record formats: XQF (`xqf.rs`), CBR and CBL (`cbr.rs`),
//! CBF (`cbf.rs`) and `DhtmlXQ` (`dhtmlxq.rs`), listed as
//! [`XiangqiRecord`] ([`RecordFormats`], which the facade's list of games
//! names), and what their readers share: the roles of the 32 piece slots
//! (XQF and `DhtmlXQ` both place pieces by slot), the move tree while it is
//! read in preorder (XQF, CBR and `DhtmlXQ`), each move checked against the
//! position before it and hung under its parent, a record finished with its
//! `FEN` tag, and a text record's encoding (UTF-8, else GB18030).

mod cbf;
mod cbr;
mod dhtmlxq;
mod xqf;

use std::borrow::Cow;

use polyfen_core::{Color, ParseError};
use polyfen_game::records::{self, Raw, RecordFormats, RecordGames, line_of};
use polyfen_game::{GamePosition, PositionText, ReadOptions, RuleError, WriteOptions};

use super::{XiangqiNotation, XiangqiPosition};
use crate::{Fen, Move, Piece, Position, Role, START_FEN, XiangqiExtras, XiangqiMoveNotation};

/// A Xiangqi game read from one of its record formats.
type Game = records::Record<XiangqiPosition>;
/// Why a Xiangqi record could not be read.
type RecordError = records::RecordError<XiangqiPosition>;

/// Xiangqi's record formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum XiangqiRecord {
    /// XQF (`XQStudio`), a binary Xiangqi record, versions 1.0 to 1.8.
    Xqf,
    /// CBR (`CCBridge Record`), one Xiangqi game.
    Cbr,
    /// CBL (`CCBridgeLibrary`), a library of Xiangqi games.
    Cbl,
    /// `DhtmlXQ`, the tag form of Chinese Xiangqi web pages.
    DhtmlXq,
    /// CBF, the XML record of `CCBridge` (象棋桥), one Xiangqi game (read
    /// only).
    Cbf,
}

impl RecordFormats for XiangqiRecord {
    type Position = XiangqiPosition;

    fn name(self) -> &'static str {
        match self {
            XiangqiRecord::Xqf => "xqf",
            XiangqiRecord::Cbr => "cbr",
            XiangqiRecord::Cbl => "cbl",
            XiangqiRecord::DhtmlXq => "dhtmlxq",
            XiangqiRecord::Cbf => "cbf",
        }
    }

    /// `DhtmlXQ` is a page's text: a web page, or the tags alone in a text
    /// file.
    fn extensions(self) -> &'static [&'static str] {
        match self {
            XiangqiRecord::Xqf => &["xqf"],
            XiangqiRecord::Cbr => &["cbr"],
            XiangqiRecord::Cbl => &["cbl"],
            XiangqiRecord::DhtmlXq => &["html", "htm", "txt"],
            XiangqiRecord::Cbf => &["cbf"],
        }
    }

    fn is_binary(self) -> bool {
        matches!(self, XiangqiRecord::Xqf | XiangqiRecord::Cbr | XiangqiRecord::Cbl)
    }

    fn is_written(self) -> bool {
        matches!(self, XiangqiRecord::Xqf | XiangqiRecord::DhtmlXq)
    }

    /// The magic bytes of XQF (`XQ` and a version byte), CBR and CBL, an
    /// XML document whose root is `ChineseChessRecord` (CBF), a `[DhtmlXQ`
    /// tag in the first 64 KiB.
    fn detect(head: &[u8]) -> Option<XiangqiRecord> {
        if head.starts_with(cbr::CBR_MAGIC) {
            return Some(XiangqiRecord::Cbr);
        }
        if head.starts_with(cbr::CBL_MAGIC) {
            return Some(XiangqiRecord::Cbl);
        }
        if head.len() >= 3 && head.starts_with(b"XQ") && (10..=18).contains(&head[2]) {
            return Some(XiangqiRecord::Xqf);
        }
        if cbf::looks_like_cbf(head) {
            return Some(XiangqiRecord::Cbf);
        }
        let window = &head[..head.len().min(64 * 1024)];
        memchr::memmem::find(window, b"[DhtmlXQ").is_some().then_some(XiangqiRecord::DhtmlXq)
    }

    fn encoding(self, bytes: &[u8]) -> Option<&'static str> {
        (!self.is_binary()).then(|| record_text(bytes).1)
    }

    fn read(self, bytes: &[u8]) -> RecordGames<XiangqiPosition> {
        match self {
            XiangqiRecord::Xqf => vec![xqf::read_xqf(bytes)],
            XiangqiRecord::Cbr => vec![cbr::read_cbr(bytes)],
            XiangqiRecord::Cbl => cbr::read_cbl(bytes),
            XiangqiRecord::DhtmlXq => vec![dhtmlxq::read_dhtmlxq(&record_text(bytes).0)],
            XiangqiRecord::Cbf => vec![cbf::read_cbf(&record_text(bytes).0)],
        }
    }

    fn holds(self) -> &'static str {
        match self {
            XiangqiRecord::Xqf => "XQF holds Xiangqi games",
            XiangqiRecord::Cbr => "CBR holds Xiangqi games",
            XiangqiRecord::Cbl => "CBL holds Xiangqi games",
            XiangqiRecord::DhtmlXq => "DhtmlXQ holds Xiangqi games",
            XiangqiRecord::Cbf => "CBF holds Xiangqi games",
        }
    }

    fn write(self, game: &Game) -> Option<Result<Vec<u8>, RuleError>> {
        match self {
            XiangqiRecord::Xqf => Some(xqf::write_xqf(game)),
            XiangqiRecord::DhtmlXq => Some(dhtmlxq::write_dhtmlxq(game).map(String::into_bytes)),
            XiangqiRecord::Cbr | XiangqiRecord::Cbl | XiangqiRecord::Cbf => None,
        }
    }
}

/// The text of a `DhtmlXQ` or CBF record and its encoding: UTF-8 when it is
/// (pages of today, and CBF as its declaration says), else GB18030, which
/// covers the GB2312 and GBK of old sites and older files.
fn record_text(bytes: &[u8]) -> (Cow<'_, str>, &'static str) {
    match std::str::from_utf8(bytes) {
        Ok(text) => (Cow::Borrowed(text), encoding_rs::UTF_8.name()),
        Err(_) => (encoding_rs::GB18030.decode(bytes).0, encoding_rs::GB18030.name()),
    }
}

/// The roles of a side's 16 piece slots: chariot, horse, elephant,
/// advisor, king, advisor, elephant, horse, chariot, two cannons, five
/// soldiers (red's slots first, then black's, in both XQF and `DhtmlXQ`).
const SLOTS: [Role; 16] = [
    Role::Chariot,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::King,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Chariot,
    Role::Cannon,
    Role::Cannon,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
];

/// A move record of a tree read in preorder with an explicit stack of
/// `(parent, position before)`: the move is checked against `pos`, written
/// in UCCI and hung under `parent` with its comment; a `sibling` after it
/// (a variation of it) is read from `pos` again, its `next` move from the
/// position after it.
///
/// # Errors
///
/// The reason the move is illegal, for the reader to place in its input.
fn hang(
    raws: &mut Vec<Raw>,
    pending: &mut Vec<(usize, Position)>,
    (parent, pos): (usize, Position),
    mv: Move,
    comment: Option<String>,
    sibling: bool,
    next: bool,
) -> Result<(), String> {
    pos.check_move(mv).map_err(|e| e.to_string())?;
    let mut text = String::new();
    let _ = pos.write_move(&mut text, mv, XiangqiMoveNotation::Ucci);
    let index = raws.len();
    raws.push(Raw { mv: text, comment, children: Vec::new() });
    raws[parent].children.push(index);
    if sibling {
        pending.push((parent, pos));
    }
    if next {
        let mut after = pos;
        after.play(mv);
        pending.push((index, after));
    }
    Ok(())
}

/// A record's game once its move records are read (`read`, or the error
/// that stopped them): its main line built from `raws`, a `FEN` tag for a
/// start that is not the standard one, and on an error the game read up to
/// it kept in the error.
fn finish(mut game: Game, raws: &mut [Raw], read: Result<(), RecordError>) -> Result<Game, RecordError> {
    game.moves = line_of(raws, 0);
    let fen = fen_text(&game.start);
    if fen != START_FEN {
        game.tags.insert(1, ("FEN".to_owned(), fen));
    }
    match read {
        Ok(()) => Ok(game),
        Err(error) => Err(error.with_partial(game)),
    }
}

/// The result a record's result byte names (XQF and CBR agree: 1 red
/// wins, 2 black wins, 3 or 4 a draw, anything else unknown).
fn result_of(byte: u8) -> &'static str {
    match byte {
        1 => "1-0",
        2 => "0-1",
        3 | 4 => "1/2-1/2",
        _ => "*",
    }
}

/// The start position: `board` with `turn` to move.
fn setup(board: [Option<Piece>; 90], turn: Color) -> XiangqiPosition {
    XiangqiPosition::new(Fen { board, extras: XiangqiExtras { turn, halfmove: 0, fullmove: 1, marker: None } })
}

/// A position written in Xiangqi FEN.
fn fen_text(position: &XiangqiPosition) -> String {
    let mut out = String::new();
    GamePosition::write_to(position, XiangqiNotation::XiangqiFen, &WriteOptions::default(), &mut out, &mut Vec::new());
    out
}

/// A position read from Xiangqi FEN (a record's `FEN` tag).
fn read_fen(text: &str, options: ReadOptions) -> Result<XiangqiPosition, ParseError> {
    let text = PositionText { input: text, notation: XiangqiNotation::XiangqiFen, options: &options };
    <XiangqiPosition as GamePosition>::read(text, &mut Vec::new())
}
