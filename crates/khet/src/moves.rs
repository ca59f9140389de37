//! Khet moves and their notation: `h2g2` for a step or a swap, `h2+` and
//! `h2-` for a clockwise and an anticlockwise quarter turn; `h2-g2` is read
//! too.

use core::fmt;
use core::ops::Range;

use polyfen_core::MoveRepair;

use crate::types::{Facing, Square};

/// Which way a piece turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rotation {
    /// A quarter turn clockwise, written `+`.
    Clockwise,
    /// A quarter turn anticlockwise, written `-`.
    Anticlockwise,
}

impl Rotation {
    /// Both rotations, clockwise first.
    pub const ALL: [Rotation; 2] = [Rotation::Clockwise, Rotation::Anticlockwise];

    /// The sign the notation writes: `+` or `-`.
    #[must_use]
    pub const fn sign(self) -> char {
        match self {
            Rotation::Clockwise => '+',
            Rotation::Anticlockwise => '-',
        }
    }

    /// Where `facing` points after this rotation.
    #[must_use]
    pub const fn apply(self, facing: Facing) -> Facing {
        match self {
            Rotation::Clockwise => facing.clockwise(),
            Rotation::Anticlockwise => facing.anticlockwise(),
        }
    }
}

/// A Khet move as the notation writes it. Whether a move from one square to
/// another is a step or a scarab's (or eye's) swap depends on the board:
/// see [`crate::Position::is_swap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A piece goes to a neighbouring square (one of eight): a step to an
    /// empty square, or a swap with the piece standing there. Written `h2g2`.
    Travel {
        /// Where the piece stands.
        from: Square,
        /// The neighbouring square it goes to.
        to: Square,
    },
    /// A piece turns a quarter on its square. Written `h2+` or `h2-`.
    Rotate {
        /// Where the piece stands.
        square: Square,
        /// Which way it turns.
        rotation: Rotation,
    },
}

impl Move {
    /// The square of the piece that moves.
    #[must_use]
    pub const fn from(self) -> Square {
        match self {
            Move::Travel { from, .. } => from,
            Move::Rotate { square, .. } => square,
        }
    }

    /// Reads a move: `h2g2` or `h2-g2` (a step or a swap), `h2+` (a
    /// clockwise turn) or `h2-` (anticlockwise). Square letters are
    /// lowercase; [`Move::parse_lenient`] also reads them in uppercase.
    /// Whether the move is legal is for [`crate::Position::parse_move`] to
    /// say.
    ///
    /// # Errors
    ///
    /// A [`MoveParseError`] naming the bytes that are wrong and what was
    /// expected there.
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen_khet::{Move, Rotation, Square};
    ///
    /// let h2 = Square::parse(b"h2").ok_or("square")?;
    /// assert_eq!(Move::parse("h2+")?, Move::Rotate { square: h2, rotation: Rotation::Clockwise });
    /// assert_eq!(Move::parse("h2-g2")?, Move::parse("h2g2")?);
    /// assert_eq!(Move::parse("h2g2")?.to_string(), "h2g2");
    /// assert_eq!(Move::parse("h2x").unwrap_err().span, 2..3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str) -> Result<Move, MoveParseError> {
        let mv = Move::parse_any_case(text)?;
        if text.bytes().any(|b| b.is_ascii_uppercase()) {
            return Err(move_error(
                format!("{text} is not standard: only a lenient reading takes it, as {mv}"),
                0..text.len(),
            ));
        }
        Ok(mv)
    }

    /// Reads a move as [`Move::parse`] does, and also with square letters
    /// in uppercase (`H2G2`), which is not standard: each such reading is
    /// pushed onto `repairs` (`read 'H2G2' as 'h2g2'`).
    ///
    /// # Errors
    ///
    /// As [`Move::parse`], for text that is no move in any case.
    pub fn parse_lenient(text: &str, repairs: &mut Vec<MoveRepair>) -> Result<Move, MoveParseError> {
        let mv = Move::parse_any_case(text)?;
        if text.bytes().any(|b| b.is_ascii_uppercase()) {
            repairs.push(MoveRepair::reading(0..text.len(), text, &mv.to_string()));
        }
        Ok(mv)
    }

    /// [`Move::parse`] with square letters in either case.
    pub(crate) fn parse_any_case(text: &str) -> Result<Move, MoveParseError> {
        let bytes = text.as_bytes();
        if bytes.is_empty() {
            return Err(move_error("an empty move: expected a move such as h2g2, h2+ or h2-", 0..0));
        }
        let from = square_at(text, 0)?;
        match bytes.get(2) {
            None => Err(move_error(
                "the move ends after its first square: expected a second square (h2g2) or a rotation sign + or -",
                2..2,
            )),
            Some(b'+') if bytes.len() == 3 => Ok(Move::Rotate { square: from, rotation: Rotation::Clockwise }),
            Some(b'-') if bytes.len() == 3 => Ok(Move::Rotate { square: from, rotation: Rotation::Anticlockwise }),
            Some(b'+') => Err(trailing(text, 3, "a clockwise rotation (h2+)")),
            Some(b'-') => finish_travel(text, from, 3),
            Some(_) => finish_travel(text, from, 2),
        }
    }
}

/// The rest of a travel move: the second square from byte `at`, then the end.
fn finish_travel(text: &str, from: Square, at: usize) -> Result<Move, MoveParseError> {
    if at >= text.len() {
        return Err(move_error(
            "the move ends after '-': expected a second square (h2-g2), or nothing for an anticlockwise rotation",
            at..at,
        ));
    }
    let to = square_at(text, at)?;
    if at + 2 < text.len() {
        return Err(trailing(text, at + 2, "a step or swap (h2g2)"));
    }
    if to == from {
        return Err(move_error(format!("a move from {from} to {from}: the squares must differ"), 0..at + 2));
    }
    Ok(Move::Travel { from, to })
}

/// The error for text after a complete move.
fn trailing(text: &str, at: usize, what: &str) -> MoveParseError {
    move_error(format!("unexpected text after {what}: expected the end of the move"), at..text.len())
}

/// The square named by the two bytes at `at`, or an error naming them.
fn square_at(text: &str, at: usize) -> Result<Square, MoveParseError> {
    let bytes = text.as_bytes();
    let name = [bytes.get(at).copied().unwrap_or(0).to_ascii_lowercase(), bytes.get(at + 1).copied().unwrap_or(0)];
    if let Some(square) = Square::parse(&name) {
        return Ok(square);
    }
    // the span covers whole characters, so that it can be shown as columns
    let mut end = (at + 2).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    let found = text.get(at..end).unwrap_or_default();
    let message = if found.is_empty() {
        "the move ends early: expected a square a1-j8".to_owned()
    } else {
        format!("{found:?} is not a square: expected a file a-j and a rank 1-8, such as h2")
    };
    Err(move_error(message, at..end))
}

impl fmt::Display for Move {
    /// `h2g2` for a travel, `h2+` / `h2-` for a rotation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Travel { from, to } => write!(f, "{from}{to}"),
            Move::Rotate { square, rotation } => write!(f, "{square}{}", rotation.sign()),
        }
    }
}

/// Why a move cannot be read or played, in words (`kind`), with the bytes
/// of its text the problem is about; Khet names no candidates.
pub type MoveParseError = polyfen_core::MoveParseError<String>;

/// An error about `span`, saying `message`.
pub(crate) fn move_error(message: impl Into<String>, span: Range<usize>) -> MoveParseError {
    MoveParseError::new(message.into(), span)
}
