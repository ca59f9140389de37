//! Xiangqi move notation: coordinates (ICCS, UCCI, uci-1), WXF, Chinese
//! and Fairy-Stockfish's SAN.
//!
//! Coordinates name the two points and need nothing else. WXF and Chinese
//! ("vertical-line" notation) name the piece by its file counted from the
//! mover's right, the way it goes and a number, so they are written and read
//! against a board: which piece, front or rear, how many on the file.
//!
//! Writing goes into a caller's buffer ([`write_move`]); reading
//! ([`parse_move`], [`parse_move_as`], [`read_move`]) takes the board, the
//! side to move and its legal moves, and matches the text against them
//! without building a string per move. Every form is read whatever the style
//! chosen for writing; a text that names no legal move or several gives a
//! [`MoveParseError`] with the byte span of the faulty part and the
//! candidates.
//!
//! | style | example | source |
//! |---|---|---|
//! | `iccs` | `H2-E2` | xqbase PGN (ICCS coordinates, ranks 0–9) |
//! | `ucci` | `h2e2` | the UCCI engine protocol (ranks 0–9) |
//! | `uci-1` | `h3e3`, `b3b10` | Fairy-Stockfish's UCI (ranks 1–10) |
//! | `wxf` | `C2.5`, `R+-3`, `P7.8`, `7+.8` | the WXF notation page |
//! | `wxf-fsf` | `C2=5`, `R8-3`, `17=8` | Fairy-Stockfish's WXF output |
//! | `chinese` | `炮二平五`, `马８进７`, `前车退三`, `一兵平八` | xqbase, simplified |
//! | `chinese-traditional` | `馬八進七`, `後車平九` | xqbase's forms in traditional characters |
//! | `san-fsf` | `Cbf3`, `Hc3`, `C6f7`, `Rd8+` | Fairy-Stockfish's SAN, pychess.org's PGN |
//!
//! # Examples
//!
//! ```
//! use polyfen_xiangqi::{Fen, XiangqiMoveNotation, Position, START_FEN};
//!
//! let position = Position::from_setup(&START_FEN.parse::<Fen>()?)?;
//! let mv = position.parse_move("炮二平五")?;
//! assert_eq!(position.format_move(mv, XiangqiMoveNotation::Iccs), "H2-E2");
//! assert_eq!(position.format_move(mv, XiangqiMoveNotation::Wxf), "C2.5");
//! assert_eq!(position.parse_move("h3e3")?, mv); // uci-1, ranks 1-10
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod chinese;
mod coord;
mod san;
mod vertical;
mod wxf;

use core::fmt;
use core::ops::Range;

use polyfen_core::{Color, MoveErrorMessage, MoveRepair};

use crate::{Board, Move, Position, UnknownName, color_name};

/// A way of writing Xiangqi moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum XiangqiMoveNotation {
    /// ICCS coordinates as xqbase PGN writes them: `H2-E2` (ranks 0–9).
    #[default]
    Iccs,
    /// UCCI coordinates: `h2e2` (ranks 0–9).
    Ucci,
    /// Coordinates with ranks 1–10, as Fairy-Stockfish's UCI writes them:
    /// `h3e3`, `b3b10`.
    Uci1,
    /// WXF as the World Xiangqi Federation's notation page writes it:
    /// letters `KAEHRCP`, `.` sideways, `+`/`-` for two pieces on a file,
    /// `P+ P7 P-` for three pawns, `++ P+ P- --` for four or five, and the
    /// file first for two files of pawns (`7+.8`, `77.8`).
    Wxf,
    /// WXF as Fairy-Stockfish writes it: `=` sideways, `+`/`-` only when the
    /// other piece could make the same step (else the file, `R8-3`), and
    /// `<number><file>` for three pawns on a file or two doubled files (`17=8`).
    WxfFsf,
    /// Chinese as xqbase writes it, simplified: `炮二平五`, black `马８进７`
    /// (fullwidth digits), 前/中/后, 一…五 for four or five pawns on a file
    /// and for two files of pawns.
    Chinese,
    /// The same in traditional characters: 帥 將 馬 車 進 後.
    ChineseTraditional,
    /// SAN as Fairy-Stockfish writes it, pychess.org's records: `Cbf3`,
    /// `Hc3`, `C6f7`, `Cxh10`, `Rd8+` (WXF's letters, the soldier's `P`
    /// too, ranks 1–10 from red's side).
    SanFsf,
}

impl XiangqiMoveNotation {
    /// Every style, the default first.
    pub const ALL: [XiangqiMoveNotation; 8] = [
        XiangqiMoveNotation::Iccs,
        XiangqiMoveNotation::Ucci,
        XiangqiMoveNotation::Uci1,
        XiangqiMoveNotation::Wxf,
        XiangqiMoveNotation::WxfFsf,
        XiangqiMoveNotation::Chinese,
        XiangqiMoveNotation::ChineseTraditional,
        XiangqiMoveNotation::SanFsf,
    ];

    /// The style's id: `iccs`, `ucci`, `uci-1`, `wxf`, `wxf-fsf`, `chinese`,
    /// `chinese-traditional`, `san-fsf`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            XiangqiMoveNotation::Iccs => "iccs",
            XiangqiMoveNotation::Ucci => "ucci",
            XiangqiMoveNotation::Uci1 => "uci-1",
            XiangqiMoveNotation::Wxf => "wxf",
            XiangqiMoveNotation::WxfFsf => "wxf-fsf",
            XiangqiMoveNotation::Chinese => "chinese",
            XiangqiMoveNotation::ChineseTraditional => "chinese-traditional",
            XiangqiMoveNotation::SanFsf => "san-fsf",
        }
    }

    /// True for the coordinate styles, which need no board.
    #[must_use]
    pub const fn is_coordinate(self) -> bool {
        matches!(self, XiangqiMoveNotation::Iccs | XiangqiMoveNotation::Ucci | XiangqiMoveNotation::Uci1)
    }
}

polyfen_core::display_name!(XiangqiMoveNotation, name, pad);

polyfen_core::from_name!(XiangqiMoveNotation, name, UnknownName, |s: &str| UnknownName {
    what: "move notation",
    found: s.to_owned(),
    expected: "iccs, ucci, uci-1, wxf, wxf-fsf, chinese, chinese-traditional or san-fsf",
});

/// Whether `text` has the shape of Fairy-Stockfish's SAN (`Cbf3`, `C6f7`,
/// `Rd8+`): an uppercase piece letter, and a point with a lowercase file
/// at its end.
pub(crate) fn san_like(text: &[u8]) -> bool {
    san::looks_like(text)
}

/// What is wrong with a written move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveErrorKind {
    /// Nothing was written.
    #[error("empty move, expected a move such as H2-E2, h2e2, C2.5 or 炮二平五")]
    Empty,
    /// A character that cannot stand here.
    #[error("unexpected {found:?}, expected {expected}")]
    Unexpected {
        /// The character found.
        found: char,
        /// What could stand there.
        expected: &'static str,
    },
    /// The text stops before the move is complete.
    #[error("the move ends too early, expected {expected}")]
    UnexpectedEnd {
        /// What was still expected.
        expected: &'static str,
    },
    /// A file that the board does not have.
    #[error("there is no file {found}: {expected}")]
    ImpossibleFile {
        /// The file as written.
        found: String,
        /// The files there are.
        expected: &'static str,
    },
    /// A rank, distance or number out of range.
    #[error("{found} is out of range: {expected}")]
    OutOfRange {
        /// The number as written.
        found: String,
        /// The numbers allowed.
        expected: &'static str,
    },
    /// The move is written for the side that is not to move.
    #[error("{what} is {side}'s, but {turn} is to move")]
    WrongSide {
        /// What shows the side: `兵`, `h7 holds a black cannon, which`...
        what: String,
        /// The side the text is written for.
        side: &'static str,
        /// The side to move.
        turn: &'static str,
    },
    /// No piece fits the description.
    #[error("there is no {piece}")]
    NoPiece {
        /// The piece in words.
        piece: String,
    },
    /// The piece exists but cannot move so.
    #[error("no legal move of {piece} goes {motion}")]
    Illegal {
        /// The piece in words.
        piece: String,
        /// The way it was to go.
        motion: String,
    },
    /// Several legal moves fit.
    #[error("{description} is ambiguous: {count} legal moves fit")]
    Ambiguous {
        /// The move in words.
        description: String,
        /// How many legal moves fit.
        count: usize,
    },
    /// The text names a legal move only when read leniently.
    #[error("{text} is not standard: only a lenient reading takes it, as {reading}")]
    NotStandard {
        /// The text as written.
        text: String,
        /// The move it was read as, written in the style it was read in.
        reading: String,
    },
}

/// A written move that could not be read as one legal move: what is wrong,
/// the byte span of the faulty part, the notation the text was read as when
/// that was found, and the legal moves that fit (an ambiguous move) or come
/// closest (an illegal one), each written in that notation, in the order of
/// their points (`a0` first, then by rank).
pub type MoveParseError = polyfen_core::MoveParseError<MoveErrorKind, Candidate, Option<XiangqiMoveNotation>>;

/// A legal move an erroneous text may have meant, and how it is written in
/// the notation the text was read as.
pub type Candidate = polyfen_core::Candidate<Move>;

/// Xiangqi's kinds of error write the candidates in brackets after them.
impl MoveErrorMessage for MoveErrorKind {}

/// What the readers add to an error as they learn it.
trait Found {
    /// This error with `candidates`, written in `style` on `board`.
    fn with_candidates(self, board: &Board, candidates: Vec<Move>, style: XiangqiMoveNotation) -> Self;

    /// This error, said to be about a text read as `style`.
    fn in_style(self, style: XiangqiMoveNotation) -> Self;
}

impl Found for MoveParseError {
    fn with_candidates(mut self, board: &Board, mut candidates: Vec<Move>, style: XiangqiMoveNotation) -> Self {
        candidates.sort_unstable();
        self.candidates =
            candidates.into_iter().map(|mv| Candidate { mv, text: format_move(board, mv, style) }).collect();
        self.notation = Some(style);
        self
    }

    fn in_style(mut self, style: XiangqiMoveNotation) -> Self {
        self.notation.get_or_insert(style);
        self
    }
}

/// Writes `mv`, a move of the piece on `mv.from`, in `style` into `out`.
///
/// Coordinates need no board. WXF and Chinese describe the piece on
/// `mv.from`; when that point is empty there is nothing to describe and the
/// ICCS form is written instead.
///
/// # Errors
///
/// Only those of `out` (none for a `String`).
///
/// # Examples
///
/// ```
/// use polyfen_xiangqi::{Fen, Move, XiangqiMoveNotation, Square, START_FEN, write_move};
///
/// let fen: Fen = START_FEN.parse()?;
/// let sq = |name: &str| name.parse::<Square>();
/// let mv = Move::new(sq("h9")?, sq("g7")?);
/// let mut out = String::new();
/// write_move(&mut out, &fen.board, mv, XiangqiMoveNotation::Chinese)?;
/// assert_eq!(out, "马８进７");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn write_move<W: fmt::Write + ?Sized>(
    out: &mut W,
    board: &Board,
    mv: Move,
    style: XiangqiMoveNotation,
) -> fmt::Result {
    if style.is_coordinate() {
        return coord::write(out, mv, style);
    }
    if style == XiangqiMoveNotation::SanFsf {
        // SAN looks at the legal moves: those of the side whose piece moves
        let Some(piece) = board[mv.from.index()] else {
            return coord::write(out, mv, XiangqiMoveNotation::Iccs);
        };
        let position = Position::on_board(board, piece.color());
        return san::write(out, &position, &position.legal_moves(), mv);
    }
    let Some(facts) = vertical::Facts::of(board, mv) else {
        return coord::write(out, mv, XiangqiMoveNotation::Iccs);
    };
    match style {
        XiangqiMoveNotation::Wxf | XiangqiMoveNotation::WxfFsf => {
            wxf::write(out, board, mv, facts, style == XiangqiMoveNotation::WxfFsf)
        }
        _ => chinese::write(out, facts, style == XiangqiMoveNotation::ChineseTraditional),
    }
}

/// `mv` written in `style` as a new string; see [`write_move`].
#[must_use]
pub fn format_move(board: &Board, mv: Move, style: XiangqiMoveNotation) -> String {
    let mut out = String::new();
    let _ = write_move(&mut out, board, mv, style);
    out
}

/// Reads a move written in any notation and returns it with the style it
/// was read as.
///
/// `legal` must be the legal moves of `turn` on `board`. Non-ASCII text is
/// read as Chinese; an uppercase piece letter and a point with a lowercase
/// file as SAN (`Cbf3`, `C6f7`; a mixed-case text that SAN finds no move
/// for is tried as coordinates); `letter digits [-] letter digits` as coordinates (with a
/// `-` ICCS; without, UCCI with ranks 0–9 unless only the uci-1 reading,
/// ranks 1–10, is a legal move: `h2e2` is UCCI, `b3b10` uci-1, and when both
/// readings are legal moves UCCI wins); anything else as WXF (`.`, `=` or
/// nothing sideways). A digit-first WXF move with two equal digits is the
/// WXF page's middle pawn with `.` (`33.4`), Fairy-Stockfish's pawn number 3
/// with `=` (`33=4`), and either going forward or backward (`33+1`): when
/// those are different legal moves it is ambiguous.
///
/// # Errors
///
/// A [`MoveParseError`] with the byte span at fault: unknown characters,
/// impossible files, a move written for the other side, no such piece, no
/// such legal move, or several.
pub fn read_move(
    board: &Board,
    turn: Color,
    legal: &[Move],
    text: &str,
) -> Result<(Move, XiangqiMoveNotation), MoveParseError> {
    read_any(board, turn, legal, text, None)
}

/// Reads a move written in any notation, as [`read_move`], and also the
/// forms only a lenient reading takes, pushing one [`MoveRepair`] onto
/// `repairs` for each: a plain file on a file of three or five pieces of a
/// kind that names a piece other than the middle one (strictly, WXF's plain
/// file there names the middle piece).
///
/// # Errors
///
/// As [`read_move`], for text no reading takes as a legal move.
pub fn read_move_lenient(
    board: &Board,
    turn: Color,
    legal: &[Move],
    text: &str,
    repairs: &mut Vec<MoveRepair>,
) -> Result<(Move, XiangqiMoveNotation), MoveParseError> {
    read_any(board, turn, legal, text, Some(repairs))
}

/// The position a move is read on: its board, the side to move and its
/// legal moves.
#[derive(Clone, Copy)]
struct On<'a> {
    board: &'a Board,
    turn: Color,
    legal: &'a [Move],
}

/// [`read_move`], leniently when given `repairs`.
fn read_any(
    board: &Board,
    turn: Color,
    legal: &[Move],
    text: &str,
    repairs: Option<&mut Vec<MoveRepair>>,
) -> Result<(Move, XiangqiMoveNotation), MoveParseError> {
    let (start, trimmed) = trim(text);
    if trimmed.is_empty() {
        return Err(MoveParseError::new(MoveErrorKind::Empty, 0..text.len()));
    }
    let on = On { board, turn, legal };
    let result = if !trimmed.is_ascii() {
        chinese::read(on, trimmed, None, repairs.is_some())
    } else if san::looks_like(trimmed.as_bytes()) {
        // `C6f7` is SAN (a cannon of rank 6) or, in mixed case, the
        // coordinates c6f7: SAN first, the coordinates when SAN finds no move
        san::read(on, trimmed).or_else(|e| {
            if coord::looks_like(trimmed.as_bytes()) {
                coord::read(on, trimmed, None).map(|(m, style)| (m, style, true)).map_err(|_| e)
            } else {
                Err(e)
            }
        })
    } else if coord::looks_like(trimmed.as_bytes()) {
        coord::read(On { board, turn, legal }, trimmed, None).map(|(m, style)| (m, style, true))
    } else {
        wxf::read(On { board, turn, legal }, trimmed, None)
    };
    standard_or_repair(board, result, trimmed, start, repairs).map_err(|e| e.shifted(start))
}

/// A move read in `style`, strictly (`true`) or only leniently: the move,
/// or (strictly) an error naming the lenient reading, or (leniently) the
/// move with a repair pushed onto `repairs`. `start` is where `text`
/// starts in the caller's text.
fn standard_or_repair(
    board: &Board,
    result: Result<(Move, XiangqiMoveNotation, bool), MoveParseError>,
    text: &str,
    start: usize,
    repairs: Option<&mut Vec<MoveRepair>>,
) -> Result<(Move, XiangqiMoveNotation), MoveParseError> {
    let (m, style, strict) = result?;
    if strict {
        return Ok((m, style));
    }
    let reading = format_move(board, m, style);
    if let Some(repairs) = repairs {
        repairs.push(MoveRepair::reading(start..start + text.len(), text, &reading));
        return Ok((m, style));
    }
    let kind = MoveErrorKind::NotStandard { text: text.to_owned(), reading };
    Err(MoveParseError::new(kind, 0..text.len()).with_candidates(board, vec![m], style))
}

/// Reads a move written in any notation; see [`read_move`].
///
/// # Errors
///
/// As [`read_move`].
///
/// # Examples
///
/// ```
/// use polyfen_xiangqi::{Fen, XiangqiMoveNotation, Position, parse_move};
///
/// let fen: Fen = "3k5/9/9/9/9/1R7/9/9/9/1R2K4 w - - 0 1".parse()?;
/// let position = Position::from_setup(&fen)?;
/// let legal = position.legal_moves();
/// let front_back_3 = parse_move(&fen.board, position.turn(), &legal, "前车退三")?;
/// assert_eq!(position.format_move(front_back_3, XiangqiMoveNotation::Ucci), "b4b1");
/// // Fairy-Stockfish's form and the WXF page's name the same move
/// assert_eq!(parse_move(&fen.board, position.turn(), &legal, "R8-3")?, front_back_3);
/// assert_eq!(parse_move(&fen.board, position.turn(), &legal, "R+-3")?, front_back_3);
/// // both rooks can go forward one: the file alone is ambiguous
/// let err = parse_move(&fen.board, position.turn(), &legal, "R8+1").unwrap_err();
/// let texts: Vec<&str> = err.candidates.iter().map(|c| c.text.as_str()).collect();
/// assert_eq!(texts, ["R-+1", "R++1"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_move(board: &Board, turn: Color, legal: &[Move], text: &str) -> Result<Move, MoveParseError> {
    read_move(board, turn, legal, text).map(|(m, _)| m)
}

/// Reads a move written in `style`: coordinates with the ranks of that
/// style (a `-` is allowed in each), WXF in either WXF style (a digit-first
/// move is read the way `style` writes it), Chinese in either script.
///
/// # Errors
///
/// As [`read_move`].
pub fn parse_move_as(
    board: &Board,
    turn: Color,
    legal: &[Move],
    text: &str,
    style: XiangqiMoveNotation,
) -> Result<Move, MoveParseError> {
    let (start, trimmed) = trim(text);
    if trimmed.is_empty() {
        return Err(MoveParseError::new(MoveErrorKind::Empty, 0..text.len()).in_style(style));
    }
    let result = match style {
        XiangqiMoveNotation::Iccs | XiangqiMoveNotation::Ucci | XiangqiMoveNotation::Uci1 => {
            coord::read(On { board, turn, legal }, trimmed, Some(style)).map(|(m, style)| (m, style, true))
        }
        XiangqiMoveNotation::Wxf | XiangqiMoveNotation::WxfFsf => {
            wxf::read(On { board, turn, legal }, trimmed, Some(style))
        }
        XiangqiMoveNotation::Chinese | XiangqiMoveNotation::ChineseTraditional => {
            chinese::read(On { board, turn, legal }, trimmed, Some(style), false)
        }
        XiangqiMoveNotation::SanFsf => san::read(On { board, turn, legal }, trimmed),
    };
    standard_or_repair(board, result, trimmed, start, None)
        .map(|(m, _)| m)
        .map_err(|e| e.in_style(style).shifted(start))
}

/// `text` without white space around it, and where it starts.
fn trim(text: &str) -> (usize, &str) {
    let start = text.len() - text.trim_start().len();
    (start, text.trim())
}

/// The character at byte `at` of `text` (for error messages).
fn char_at(text: &str, at: usize) -> (char, Range<usize>) {
    let c = text.get(at..).and_then(|s| s.chars().next()).unwrap_or('\u{fffd}');
    (c, at..at + c.len_utf8())
}

/// The side in words, for [`MoveErrorKind::WrongSide`].
const fn side(color: Color) -> &'static str {
    color_name(color)
}

impl Position {
    /// Writes `mv` in `style` into `out`; see [`write_move`].
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    pub fn write_move<W: fmt::Write + ?Sized>(&self, out: &mut W, mv: Move, style: XiangqiMoveNotation) -> fmt::Result {
        if style == XiangqiMoveNotation::SanFsf {
            return san::write(out, self, &self.legal_moves(), mv);
        }
        write_move(out, &self.board(), mv, style)
    }

    /// `mv`, one of `legal` (this position's legal moves, made once for
    /// all of them), written in `style`.
    #[must_use]
    pub fn format_move_among(&self, legal: &[Move], mv: Move, style: XiangqiMoveNotation) -> String {
        let mut out = String::new();
        let _ = match style {
            XiangqiMoveNotation::SanFsf => san::write(&mut out, self, legal, mv),
            _ => write_move(&mut out, &self.board(), mv, style),
        };
        out
    }

    /// `mv` written in `style`; see [`write_move`].
    #[must_use]
    pub fn format_move(&self, mv: Move, style: XiangqiMoveNotation) -> String {
        let mut out = String::new();
        let _ = self.write_move(&mut out, mv, style);
        out
    }

    /// Reads a legal move written in any notation; see [`read_move`].
    ///
    /// # Errors
    ///
    /// As [`read_move`].
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        self.read_move(text).map(|(m, _)| m)
    }

    /// Reads a legal move written in any notation, with the style it was
    /// read as; see [`read_move`].
    ///
    /// # Errors
    ///
    /// As [`read_move`].
    pub fn read_move(&self, text: &str) -> Result<(Move, XiangqiMoveNotation), MoveParseError> {
        read_move(&self.board(), self.turn(), &self.legal_moves(), text)
    }

    /// Reads a move in any notation leniently, reporting each non-standard
    /// reading in `repairs`; see [`read_move_lenient`].
    ///
    /// # Errors
    ///
    /// As [`read_move_lenient`].
    pub fn read_move_lenient(
        &self,
        text: &str,
        repairs: &mut Vec<MoveRepair>,
    ) -> Result<(Move, XiangqiMoveNotation), MoveParseError> {
        read_move_lenient(&self.board(), self.turn(), &self.legal_moves(), text, repairs)
    }

    /// Reads a move in any notation leniently; see [`read_move_lenient`].
    ///
    /// # Errors
    ///
    /// As [`read_move_lenient`].
    pub fn parse_move_lenient(&self, text: &str, repairs: &mut Vec<MoveRepair>) -> Result<Move, MoveParseError> {
        self.read_move_lenient(text, repairs).map(|(m, _)| m)
    }

    /// Reads a legal move written in `style`; see [`parse_move_as`].
    ///
    /// # Errors
    ///
    /// As [`read_move`].
    pub fn parse_move_as(&self, text: &str, style: XiangqiMoveNotation) -> Result<Move, MoveParseError> {
        parse_move_as(&self.board(), self.turn(), &self.legal_moves(), text, style)
    }
}
