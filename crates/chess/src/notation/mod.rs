//! Move notations: UCI (`e2e4`, `e7e8q`), SAN (`Nf3`, `exd5`, `e8=Q+`,
//! `O-O`) and LAN (`Ng1-f3`).
//!
//! Reading is strict by default and accepts what python-chess's
//! `Board.parse_san` accepts, plus UCI and annotation suffixes: `O-O` or
//! `0-0`, a promotion with or without `=` and in either case (`e8=Q`,
//! `e8Q`, `e8q`), one `+` or `#` (right, wrong or missing), then `!`, `?`,
//! `!!`, `??`, `!?` or `?!`; FIDE's `e.p.` after an en passant capture;
//! more disambiguation than needed (`Nbd7`), LAN
//! (`Ng1-f3`, `e2-e4`, `e4xd5`), a piece move with or without `x`. A pawn
//! move without its file of departure is a push: in SAN a pawn capture names
//! the file it leaves (`dxc4`).
//!
//! The lenient reader ([`Position::parse_move_lenient`]) also accepts the
//! forms people type that are not standard, and reports each as a
//! [`MoveRepair`]: a pawn capture written as a push (`c4` for `dxc4`, `f6`
//! for the en passant `exf6`), castling in lowercase or without dashes
//! (`o-o`, `OO`), `:` for `x`, `P` for a pawn, a promotion as `e8/Q` or
//! `e8(Q)`, `ep.` or `e.p` for `e.p.`, `e.p.` after a move that is not en
//! passant, and other check or annotation marks.
//!
//! A text is parsed into its parts ([`San`]) and matched against the legal
//! moves of the piece to the destination; no move is written out to compare
//! strings.
//!
//! `uci.rs` reads and writes UCI, `san.rs` SAN (and reads LAN and
//! coordinates with the same grammar), `lan.rs` writes LAN, `lenient.rs`
//! holds the careful reading of every form and the lenient readings'
//! reports; this module holds the error, the move API of [`Position`] and
//! the one reading path ([`MoveReader`]) that chess's position and the
//! variants' both read through.

mod lan;
mod lenient;
mod san;
mod uci;

use core::fmt;
use core::ops::Range;

use polyfen_core::{Color, MoveRepair};

use crate::position::{Move, Position};
use crate::types::{Role, Square};

pub(crate) use lan::{write_castle_or_drop, write_lan_body};
pub(crate) use lenient::lenient_reading;
pub use san::San;
pub(crate) use san::{standard_suffix, trim, write_san_body};
pub use uci::CastlingNotation;
pub(crate) use uci::is_uci_shaped;

/// The notation a chess move was read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveSyntax {
    /// UCI coordinates: `e2e4`, `e7e8q`.
    Uci,
    /// SAN: `Nf3`, `exd5`, `O-O`.
    San,
    /// Long algebraic notation, with the square of departure: `Ng1-f3`,
    /// `e2-e4`.
    Lan,
}

/// A move that could not be read or is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// What is wrong, in words.
    pub message: String,
    /// The bytes of the text the message is about.
    pub span: Range<usize>,
    /// The legal moves that match (ambiguous move) or come closest (illegal
    /// move).
    pub candidates: Vec<Move>,
    /// True when the text was read as UCI, so that candidates are best
    /// written in UCI too; false for SAN.
    pub uci: bool,
}

impl MoveError {
    fn new(message: impl Into<String>, span: Range<usize>) -> MoveError {
        MoveError { message: message.into(), span, candidates: Vec::new(), uci: false }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for MoveError {}

pub(crate) fn promotion_of(b: u8) -> Option<Role> {
    match b {
        // antichess promotes to a king too; in chess no such move is legal
        b'K' | b'k' => Some(Role::King),
        b'N' | b'n' => Some(Role::Knight),
        b'B' | b'b' => Some(Role::Bishop),
        b'R' | b'r' => Some(Role::Rook),
        b'Q' | b'q' => Some(Role::Queen),
        _ => None,
    }
}

/// The square at the start of `b`, a file letter then a rank digit.
#[inline]
pub(crate) fn square_at(b: &[u8]) -> Option<Square> {
    match *b {
        [f @ b'a'..=b'h', r @ b'1'..=b'8', ..] => Square::new(f - b'a', r - b'1'),
        _ => None,
    }
}

pub(crate) fn push_square(out: &mut String, s: Square) {
    let [f, r] = s.name();
    out.push(f as char);
    out.push(r as char);
}

/// What an error about an illegal move adds for a position with no legal
/// move, or whose side to move is in check; empty otherwise.
pub(crate) fn check_note(no_legal_move: bool, in_check: bool, turn: Color) -> String {
    if no_legal_move {
        " (there is no legal move)".to_owned()
    } else if in_check {
        format!(" ({turn} is in check)")
    } else {
        String::new()
    }
}

/// What reading a move in any chess notation asks of a position, so that
/// chess's [`Position`] and the variants' `VariantPosition` read through one
/// path: UCI when the text has its shape and names a legal move, else SAN
/// or LAN, the plain standard SAN most movetext is made of first, then every
/// form ([`lenient::read_carefully`]).
pub(crate) trait MoveReader {
    /// Reads a move in UCI.
    fn uci_move(&self, text: &str) -> Result<Move, MoveError>;

    /// The legal move a parsed SAN names; leniently, a pawn move without
    /// its file of departure may also be a capture.
    fn san_move(&self, san: San, text: &str, lenient: bool) -> Result<Move, MoveError>;

    /// The legal move a plain standard SAN ([`San::parse_plain`]) names,
    /// when exactly one does; `None` leaves it to the careful reading.
    #[inline]
    fn plain_san_move(&self, san: San, text: &str) -> Option<Move> {
        self.san_move(san, text, false).ok()
    }

    /// A drop (`N@f3`) at `span`, where the game has them; `None` leaves
    /// the text to the SAN reader.
    fn drop_move(
        &self,
        _text: &str,
        _span: Range<usize>,
        _repairs: Option<&mut Vec<MoveRepair>>,
    ) -> Option<Result<(Move, MoveSyntax), MoveError>> {
        None
    }

    /// A legal move as the standard form of `syntax` (SAN or LAN) writes it.
    fn standard_form(&self, m: Move, syntax: MoveSyntax) -> String;

    /// Reads SAN or LAN (or a drop); with `repairs`, leniently.
    #[inline]
    fn read_san_or_lan(
        &self,
        text: &str,
        mut repairs: Option<&mut Vec<MoveRepair>>,
    ) -> Result<(Move, MoveSyntax), MoveError> {
        // the common case: plain standard SAN naming a legal move (anything
        // else, errors included, is read again below)
        if let Some(san) = San::parse_plain(text.as_bytes())
            && let Some(m) = self.plain_san_move(san, text)
        {
            return Ok((m, MoveSyntax::San));
        }
        let span = trim(text.as_bytes());
        if text.as_bytes()[span.clone()].contains(&b'@')
            && let Some(read) = self.drop_move(text, span.clone(), repairs.as_deref_mut())
        {
            return read;
        }
        lenient::read_carefully(self, text, span, repairs)
    }

    /// Reads a move in any chess notation and says which notation it was
    /// read in: strictly without `repairs`, leniently with them.
    #[inline]
    fn read_any(&self, text: &str, repairs: Option<&mut Vec<MoveRepair>>) -> Result<(Move, MoveSyntax), MoveError> {
        // for a UCI-shaped text the UCI error when SAN fails too
        if is_uci_shaped(text.trim().as_bytes()) {
            return match self.uci_move(text) {
                Ok(m) => Ok((m, MoveSyntax::Uci)),
                Err(e) => self.read_san_or_lan(text, repairs).map_err(|_| e),
            };
        }
        self.read_san_or_lan(text, repairs)
    }
}

/// Standard chess reads its moves through the shared path.
impl MoveReader for Position {
    #[inline]
    fn uci_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_uci(text)
    }

    #[inline]
    fn san_move(&self, san: San, text: &str, lenient: bool) -> Result<Move, MoveError> {
        self.san_match(san, text, lenient)
    }

    #[inline]
    fn plain_san_move(&self, san: San, _text: &str) -> Option<Move> {
        self.san_found(san, false)
    }

    fn standard_form(&self, m: Move, syntax: MoveSyntax) -> String {
        if syntax == MoveSyntax::Lan { self.lan(m) } else { self.san(m) }
    }
}

impl Position {
    fn check_note(&self) -> String {
        check_note(self.legal_moves().is_empty(), self.is_check(), self.turn())
    }

    /// Reads a move in any chess notation, strictly: UCI when the text has
    /// its shape and names a legal move, else SAN (which also reads LAN).
    ///
    /// # Errors
    ///
    /// The SAN error, or the UCI error for a text shaped as UCI; a text
    /// only the lenient reader takes gives an error naming its reading.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.read_move(text, None).map(|(m, _)| m)
    }

    /// Reads a move in any chess notation, leniently: as
    /// [`Position::parse_move`], and also the non-standard forms of the
    /// module documentation, pushing one [`MoveRepair`] onto `repairs` for
    /// each non-standard reading (`read 'c4' as 'dxc4'`).
    ///
    /// # Errors
    ///
    /// As [`Position::parse_move`], for text no reading takes as a legal
    /// move.
    pub fn parse_move_lenient(&self, text: &str, repairs: &mut Vec<MoveRepair>) -> Result<Move, MoveError> {
        self.read_move(text, Some(repairs)).map(|(m, _)| m)
    }

    /// Reads a move in any chess notation and says which notation it was
    /// read in: strictly without `repairs`, leniently with them (pushing one
    /// [`MoveRepair`] per non-standard reading).
    ///
    /// # Errors
    ///
    /// As [`Position::parse_move`].
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen_chess::{Fen, MoveSyntax, Position};
    ///
    /// let fen: Fen = "4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2".parse()?;
    /// let position = Position::from_setup(&fen)?;
    /// let (m, syntax) = position.read_move("exf6", None)?;
    /// assert_eq!((position.uci(m, Default::default()), syntax), ("e5f6".to_owned(), MoveSyntax::San));
    /// assert_eq!(position.read_move("e5f6", None)?, (m, MoveSyntax::Uci));
    /// // a pawn move without x is a push: f6 is read as exf6 only leniently
    /// assert!(position.read_move("f6", None).is_err());
    /// let mut repairs = Vec::new();
    /// assert_eq!(position.read_move("f6", Some(&mut repairs))?, (m, MoveSyntax::San));
    /// assert_eq!(repairs[0].to_string(), "read 'f6' as 'exf6'");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_move(
        &self,
        text: &str,
        repairs: Option<&mut Vec<MoveRepair>>,
    ) -> Result<(Move, MoveSyntax), MoveError> {
        self.read_any(text, repairs)
    }
}
