//! The legacy Xiangqi FEN dialect (an old blog format described in the
//! book's chapter docs/src/lenient-dialects.md, also read
//! by `ElephantEye`), as options of the one codec.
//!
//! The dialect differs from standard Xiangqi FEN only in what it tolerates
//! and how it abbreviates, so it is not a second parser: reading it is the
//! standard reader with the [`LEGACY`] [`Leniency`], and writing it is the
//! standard writer with the [`LEGACY_STYLE`] [`WriteStyle`].
//!
//! - `/` starts a new rank; `//` is an empty rank and a short rank is padded
//!   with empty points.
//! - A letter that is no piece counts as one empty point.
//! - The side letters `w W r R` mean red and `b B g G` black (green).
//! - The fields after the side (`- - 0`) are not used.
//! - An optional suffix `/xRC` on the move number marks the last picked
//!   piece: R the row from the top, C the column from the left. It is kept
//!   as a [`Marker`].

use core::fmt;
use core::str::FromStr;

use polyfen_core::codec::encode_placement;
use polyfen_core::{Field, Leniency, ParseError, ParseErrorKind, Repair, Setup, WriteStyle};

use crate::types::Square;
use crate::{Fen, Xiangqi, XqOptions, push_u32};

/// What the legacy dialect tolerates: empty ranks (`//`), short ranks and
/// missing ranks at the end, unknown letters as empty points, and its own
/// side letters, unused fields and marker.
pub const LEGACY: Leniency = Leniency {
    empty_rows: true,
    pad_short_rows: true,
    unknown_as_empty: true,
    ignore_separator: false,
    adjacent_digits: false,
    attribute_count: false,
    fields: true,
};

/// How the legacy dialect writes a placement: an empty rank is left empty
/// and the run of empty points at the end of each rank is dropped.
pub const LEGACY_STYLE: WriteStyle = WriteStyle { empty_rows_blank: true, drop_trailing_runs: true };

/// The legacy `/xRC` marker of the last picked piece, kept as data.
///
/// Its coordinates are the dialect's own: `row` counts from the top (0 is
/// black's back rank, rank 9) and `col` from the left (0 is file a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Marker {
    /// The row from the top, 0–9.
    pub row: u8,
    /// The column from the left, 0–8.
    pub col: u8,
}

impl Marker {
    /// The point the marker names (row 0 is rank 9).
    #[must_use]
    pub const fn square(self) -> Option<Square> {
        if self.row > 9 {
            return None;
        }
        Square::new(self.col, 9 - self.row)
    }

    /// The marker of a point.
    #[must_use]
    pub const fn from_square(square: Square) -> Marker {
        Marker { row: 9 - square.rank(), col: square.file() }
    }

    /// Reads `/xRC` from a field of a line (its byte offset in `field.start`).
    pub(crate) fn parse(field: &Field<'_>) -> Result<Marker, ParseError> {
        let bad = |message: String| {
            ParseError::new(ParseErrorKind::Invalid { field: "marker", message: message.into() }, field.span())
        };
        match field.text.as_bytes() {
            [b'/', b'x', row @ b'0'..=b'9', col @ b'0'..=b'9'] => {
                let (row, col) = (row - b'0', col - b'0');
                if col > 8 {
                    return Err(bad(format!(
                        "{:?} names column {col}, but the columns count 0-8 from the left",
                        field.text
                    )));
                }
                Ok(Marker { row, col })
            }
            _ => Err(bad(format!(
                "{:?} is not '/x' and two digits (the row 0-9 from the top, the column 0-8 from the left)",
                field.text
            ))),
        }
    }
}

impl fmt::Display for Marker {
    /// Writes the marker as the dialect does: `/x04`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "/x{}{}", self.row, self.col)
    }
}

impl FromStr for Marker {
    type Err = ParseError;

    /// Reads a marker such as `/x04`.
    fn from_str(s: &str) -> Result<Marker, ParseError> {
        Marker::parse(&Field { text: s, start: 0 })
    }
}

/// Reads a Xiangqi FEN in the legacy dialect, returning every repair the
/// lenient reading made (each with its byte span and a message), so that
/// nothing is changed silently. Standard FEN reads too, with no repairs.
///
/// # Errors
///
/// A [`ParseError`] for what even the legacy dialect cannot read: a rank of
/// more than 9 points, more than 10 ranks, a bad side letter, a move number
/// that is not a number, a malformed marker.
///
/// # Examples
///
/// ```
/// use polyfen_xiangqi::{parse_legacy, to_legacy_string, Marker, XqOptions, START_FEN};
///
/// let line = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04";
/// let (fen, repairs) = parse_legacy(line)?;
/// assert_eq!(fen.extras.marker, Some(Marker { row: 0, col: 4 }));
/// assert_eq!(repairs.len(), 6);
/// assert_eq!(repairs[0].to_string(), "read an empty rank 8 at column 11");
/// assert_eq!(to_legacy_string(&fen, &XqOptions::default()), line);
/// assert_eq!(fen.to_string(), START_FEN);
/// # Ok::<(), polyfen_core::ParseError>(())
/// ```
pub fn parse_legacy(input: &str) -> Result<(Fen, Vec<Repair>), ParseError> {
    let mut repairs = Vec::new();
    let fen = Setup::parse_with(input, &LEGACY, &mut repairs)?;
    Ok((fen, repairs))
}

/// Writes `fen` in the legacy dialect onto `out`: empty ranks empty, the
/// empty points at the end of each rank left out, `w` or `b`, `- -`, the
/// halfmove clock, the move number and the marker when there is one.
///
/// # Examples
///
/// ```
/// use polyfen_xiangqi::{write_legacy, Fen, Marker, XqOptions};
///
/// let mut fen: Fen = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 5".parse()?;
/// fen.extras.marker = Some(Marker { row: 9, col: 4 });
/// let mut out = String::new();
/// write_legacy(&fen, &XqOptions::default(), &mut out);
/// assert_eq!(out, "3k/////////4K w - - 0 5/x94");
/// # Ok::<(), polyfen_core::ParseError>(())
/// ```
pub fn write_legacy(fen: &Fen, options: &XqOptions, out: &mut String) {
    encode_placement::<Xiangqi>(&fen.board, options, LEGACY_STYLE, out);
    crate::write_fields(&fen.extras, out);
    if let Some(marker) = fen.extras.marker {
        out.push_str("/x");
        push_u32(u32::from(marker.row), out);
        push_u32(u32::from(marker.col), out);
    }
}

/// `fen` written in the legacy dialect.
///
/// # Examples
///
/// ```
/// use polyfen_xiangqi::{to_legacy_string, Fen, XqOptions};
///
/// let fen: Fen = "4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1".parse()?;
/// assert_eq!(to_legacy_string(&fen, &XqOptions::default()), "4k/////////4K b - - 0 1");
/// # Ok::<(), polyfen_core::ParseError>(())
/// ```
#[must_use]
pub fn to_legacy_string(fen: &Fen, options: &XqOptions) -> String {
    let mut out = String::with_capacity(96);
    write_legacy(fen, options, &mut out);
    out
}

/// What the standard form cannot say about `fen`, in words: the legacy
/// marker, which the standard writer leaves out. `None` when the standard
/// form keeps everything.
///
/// # Examples
///
/// ```
/// use polyfen_xiangqi::{lost_in_standard, parse_legacy};
///
/// let (fen, _) = parse_legacy("rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04")?;
/// assert_eq!(
///     lost_in_standard(&fen).as_deref(),
///     Some("standard Xiangqi FEN has no place for the legacy marker /x04 (last picked piece on e9); it was left out"),
/// );
/// # Ok::<(), polyfen_core::ParseError>(())
/// ```
#[must_use]
pub fn lost_in_standard(fen: &Fen) -> Option<String> {
    let marker = fen.extras.marker?;
    let point = marker.square().map_or_else(|| "off the board".to_owned(), |sq| format!("on {sq}"));
    Some(format!(
        "standard Xiangqi FEN has no place for the legacy marker {marker} (last picked piece {point}); it was left out"
    ))
}
