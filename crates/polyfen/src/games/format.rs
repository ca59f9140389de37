//! Game-record file formats: which one a file is, from its content, and
//! reading a file of any of them with its format's reader (the error those
//! readers give is in `record_error.rs`, which they import instead of this
//! module).

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use encoding_rs::Encoding;

use crate::games::model::Game;
use crate::games::record_error::RecordError;

/// A game-record file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordFormat {
    /// PGN, of any game, in any text encoding.
    Pgn,
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

impl RecordFormat {
    /// The format's name as the command line writes it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RecordFormat::Pgn => "pgn",
            RecordFormat::Xqf => "xqf",
            RecordFormat::Cbr => "cbr",
            RecordFormat::Cbl => "cbl",
            RecordFormat::DhtmlXq => "dhtmlxq",
            RecordFormat::Cbf => "cbf",
        }
    }

    /// Whether the format is binary (read as bytes, not decoded as text).
    #[must_use]
    pub const fn is_binary(self) -> bool {
        matches!(self, RecordFormat::Xqf | RecordFormat::Cbr | RecordFormat::Cbl)
    }
}

impl fmt::Display for RecordFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RecordFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<RecordFormat, String> {
        match s.to_ascii_lowercase().as_str() {
            "pgn" => Ok(RecordFormat::Pgn),
            "xqf" => Ok(RecordFormat::Xqf),
            "cbr" => Ok(RecordFormat::Cbr),
            "cbl" => Ok(RecordFormat::Cbl),
            "dhtmlxq" => Ok(RecordFormat::DhtmlXq),
            "cbf" => Ok(RecordFormat::Cbf),
            _ => Err(format!("unknown game-record format {s:?}; one of pgn, xqf, cbr, cbl, dhtmlxq, cbf")),
        }
    }
}

/// The format of a record from its first bytes: the magic bytes of XQF
/// (`XQ` and a version byte), CBR and CBL, an XML document whose root is
/// `ChineseChessRecord` (CBF), a `[DhtmlXQ` tag near the start, else PGN.
///
/// # Examples
///
/// ```
/// use polyfen::games::{RecordFormat, detect_format};
///
/// assert_eq!(detect_format(b"XQ\x0a\0\0"), RecordFormat::Xqf);
/// assert_eq!(detect_format(b"CCBridgeLibrary\0"), RecordFormat::Cbl);
/// assert_eq!(detect_format(b"<p>[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"), RecordFormat::DhtmlXq);
/// assert_eq!(detect_format(b"<?xml version=\"1.0\"?>\n<ChineseChessRecord Version=\"1.0\">"), RecordFormat::Cbf);
/// assert_eq!(detect_format(b"[Event \"?\"]"), RecordFormat::Pgn);
/// ```
#[must_use]
pub fn detect_format(head: &[u8]) -> RecordFormat {
    if head.starts_with(b"CCBridge Record\0") {
        return RecordFormat::Cbr;
    }
    if head.starts_with(b"CCBridgeLibrary\0") {
        return RecordFormat::Cbl;
    }
    if head.len() >= 3 && head.starts_with(b"XQ") && (10..=18).contains(&head[2]) {
        return RecordFormat::Xqf;
    }
    if looks_like_cbf(head) {
        return RecordFormat::Cbf;
    }
    let window = &head[..head.len().min(64 * 1024)];
    if memchr::memmem::find(window, b"[DhtmlXQ").is_some() {
        return RecordFormat::DhtmlXq;
    }
    RecordFormat::Pgn
}

/// Whether `head` is the start of a CBF document: after a byte-order mark
/// and white space, markup (`<`), and the root element's name in it.
fn looks_like_cbf(head: &[u8]) -> bool {
    let text = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let Some(first) = text.iter().position(|b| !b.is_ascii_whitespace()) else { return false };
    text[first] == b'<'
        && memchr::memmem::find(&text[first..text.len().min(first + 4096)], b"<ChineseChessRecord").is_some()
}

/// Reads the games of a record in `format` (a binary one, `DhtmlXQ` or CBF)
/// from its bytes: one game, or every game of a CBL library, each read or
/// failed on its own.
///
/// # Errors
///
/// Each game's [`RecordError`], with the byte offset in `bytes`; for PGN
/// (which [`crate::games::Games`] reads as a stream), an error saying so.
/// [`crate::games::Records`] opens an input of any format and numbers these
/// errors as [`crate::games::GameError`]s.
pub fn read_record(format: RecordFormat, bytes: &[u8]) -> Vec<Result<Game, RecordError>> {
    match format {
        RecordFormat::Xqf => vec![crate::games::read_xqf(bytes)],
        RecordFormat::Cbr => vec![crate::games::read_cbr(bytes)],
        RecordFormat::Cbl => crate::games::read_cbl(bytes),
        RecordFormat::DhtmlXq => vec![crate::games::read_dhtmlxq(&record_text(bytes).0)],
        RecordFormat::Cbf => vec![crate::games::read_cbf(&record_text(bytes).0)],
        RecordFormat::Pgn => {
            vec![Err(RecordError::new(format!("{format} is not read by read_record"), 0))]
        }
    }
}

/// The text of a `DhtmlXQ` or CBF record and its encoding: UTF-8 when it is
/// (pages of today, and CBF as its declaration says), else GB18030, which
/// covers the GB2312 and GBK of old sites and older files.
pub(crate) fn record_text(bytes: &[u8]) -> (Cow<'_, str>, &'static Encoding) {
    match std::str::from_utf8(bytes) {
        Ok(text) => (Cow::Borrowed(text), encoding_rs::UTF_8),
        Err(_) => (encoding_rs::GB18030.decode(bytes).0, encoding_rs::GB18030),
    }
}
