//! Syntax errors with the byte span they point at.
//!
//! A [`ParseError`] is a [`ParseErrorKind`] plus the byte range of the input
//! it is about. Messages are lowercase without a full stop, and
//! [`ParseError`]'s `Display` ends with the 1-based column, so a tool can
//! print `input 3: column 14: rank 3 has 10 points, expected 9` and a person
//! can find the place.

use core::fmt;
use core::ops::Range;
use std::borrow::Cow;

/// What went wrong while reading a notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Nothing (or only white space) was given.
    #[error("empty input, expected {expected}")]
    Empty {
        /// What a valid input starts with.
        expected: &'static str,
    },
    /// A character that cannot stand at this place of a field.
    #[error("invalid {field}: unexpected {found:?}, expected {expected}")]
    Unexpected {
        /// The field being read (`placement`, `castling field`, ...).
        field: &'static str,
        /// The character found.
        found: char,
        /// What could stand there.
        expected: &'static str,
    },
    /// A field ended before it was complete.
    #[error("invalid {field}: it ends too early, expected {expected}")]
    UnexpectedEnd {
        /// The field being read.
        field: &'static str,
        /// What was still expected.
        expected: &'static str,
    },
    /// A row of the placement holds more or fewer cells than the board is wide.
    #[error("{row_word} {label} has {found} {cell_word}, expected {expected}")]
    RowLength {
        /// `rank` or `row`.
        row_word: &'static str,
        /// The row's label as people number it (chess rank 1-8, Xiangqi 0-9).
        label: u16,
        /// How many cells the row describes.
        found: u32,
        /// How many it must describe.
        expected: u8,
        /// `squares` or `points`.
        cell_word: &'static str,
    },
    /// The placement has the wrong number of rows.
    #[error("the placement has {found} {row_word}s, expected {expected}")]
    RowCount {
        /// `rank` or `row`.
        row_word: &'static str,
        /// How many rows were written.
        found: u32,
        /// How many the board has.
        expected: u8,
    },
    /// A required field is absent.
    #[error("missing {field}, expected {expected}")]
    MissingField {
        /// The missing field.
        field: &'static str,
        /// What it should have held.
        expected: &'static str,
    },
    /// More fields than the notation has.
    #[error("unexpected extra field {found:?} after the {last_field}")]
    ExtraField {
        /// The first extra field, as written.
        found: String,
        /// The last field the notation has.
        last_field: &'static str,
    },
    /// A number that does not fit.
    #[error("invalid {field}: {found:?} {}", number_problem(found, *min, *max))]
    Number {
        /// The field being read.
        field: &'static str,
        /// The text found.
        found: String,
        /// The smallest allowed value.
        min: u32,
        /// The largest allowed value.
        max: u32,
    },
    /// A per-piece attribute field whose length differs from the number of pieces.
    #[error("{} but {attributes} {}", count(*pieces as usize, "", "piece", "pieces"), if *attributes == 1 { attribute_singular } else { attribute_word })]
    AttributeCount {
        /// Pieces on the board.
        pieces: u32,
        /// Attributes written.
        attributes: u32,
        /// The plural name of the attribute (`rotations`).
        attribute_word: &'static str,
        /// The singular name of the attribute (`rotation`).
        attribute_singular: &'static str,
    },
    /// A bracketed group after the last row, such as the holdings (pieces
    /// in hand) a crazyhouse FEN writes after the board (`...RNBQKBNR[Qn]`),
    /// which the notation has no place for.
    #[error(
        "a holdings (pocket) suffix {found:?} after the board: crazyhouse-style holdings are not part of {notation}"
    )]
    Holdings {
        /// The brackets and what is between them, as written (at most 48
        /// characters of it, see [`excerpt`]).
        found: String,
        /// The notation read, in words (`standard chess FEN`).
        notation: &'static str,
    },
    /// Anything else, in words.
    #[error("invalid {field}: {message}")]
    Invalid {
        /// The field being read.
        field: &'static str,
        /// What is wrong.
        message: Cow<'static, str>,
    },
}

fn number_problem(found: &str, min: u32, max: u32) -> String {
    let digits = !found.is_empty() && found.bytes().all(|b| b.is_ascii_digit());
    match (digits, min, max) {
        (true, _, _) => format!("is out of range, expected {min} to {max}"),
        (false, 0, u32::MAX) => "is not a whole number".to_owned(),
        (false, _, u32::MAX) => format!("is not a whole number of at least {min}"),
        (false, _, _) => format!("is not a whole number from {min} to {max}"),
    }
}

/// A syntax error: what went wrong and where, as a byte range of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What went wrong.
    pub kind: ParseErrorKind,
    /// The bytes of the input the error is about (may be empty at the end).
    pub span: Range<usize>,
}

impl ParseError {
    /// An error of `kind` about the bytes `span`.
    ///
    /// A message of more than [`MAX_MESSAGE`] bytes (one that quotes a huge
    /// field whole) keeps its first and last 120 characters, with `…`
    /// between: however long the input, an error stays a line.
    #[must_use]
    pub fn new(kind: ParseErrorKind, span: Range<usize>) -> ParseError {
        let kind = match kind {
            ParseErrorKind::Invalid { field, message } if message.len() > MAX_MESSAGE => {
                ParseErrorKind::Invalid { field, message: shorten(&message).into() }
            }
            kind => kind,
        };
        ParseError { kind, span }
    }

    /// An [`ParseErrorKind::Unexpected`] error for the character of `input`
    /// starting at byte `at`.
    #[must_use]
    pub fn unexpected(input: &str, at: usize, field: &'static str, expected: &'static str) -> ParseError {
        match input.get(at..).and_then(|rest| rest.chars().next()) {
            Some(found) => {
                ParseError::new(ParseErrorKind::Unexpected { field, found, expected }, at..at + found.len_utf8())
            }
            None => ParseError::new(ParseErrorKind::UnexpectedEnd { field, expected }, at..at),
        }
    }

    /// The 1-based column of the error, counted in bytes.
    #[must_use]
    pub fn byte_column(&self) -> usize {
        self.span.start + 1
    }

    /// The 1-based column of the error in `input`, counted in characters
    /// (what a person sees when the input is not ASCII).
    #[must_use]
    pub fn char_column(&self, input: &str) -> usize {
        char_column(input, self.span.start)
    }

    /// Moves the span by `offset` bytes: for errors of a part read on its own.
    #[must_use]
    pub fn shifted(mut self, offset: usize) -> ParseError {
        self.span = self.span.start + offset..self.span.end + offset;
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at column {}", self.kind, self.byte_column())
    }
}

impl std::error::Error for ParseError {}

/// The 1-based column of byte `offset` of `text`, counted in characters
/// (what a person sees when the text is not ASCII): the column of the
/// character that holds the byte. An offset inside a character counts as
/// that character's start, and one past the end as the column after the
/// last character.
///
/// # Examples
///
/// ```
/// use polyfen_core::char_column;
///
/// assert_eq!(char_column("e2e4", 0), 1);
/// assert_eq!(char_column("e2e4", 2), 3);
/// // `炮` and `二` take three bytes each: byte 6 is the third character
/// assert_eq!(char_column("炮二平五", 6), 3);
/// // byte 4 is inside `二`, the second character
/// assert_eq!(char_column("炮二平五", 4), 2);
/// // past the end: the column after the last character
/// assert_eq!(char_column("炮二平五", 100), 5);
/// ```
#[must_use]
pub fn char_column(text: &str, offset: usize) -> usize {
    let mut end = offset.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].chars().count() + 1
}

/// The longest message an error keeps whole, in bytes.
pub const MAX_MESSAGE: usize = 320;

/// The first and the last 120 characters of `message`, `…` between.
fn shorten(message: &str) -> String {
    let head = message.char_indices().nth(120).map_or(message.len(), |(at, _)| at);
    let tail = message.char_indices().rev().nth(119).map_or(0, |(at, _)| at).max(head);
    format!("{}…{}", &message[..head], &message[tail..])
}

/// At most 48 characters of `text`, with `…` when more were left out: what
/// an error quotes of its input, however long the input.
#[must_use]
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(48) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

/// `n` and the noun, singular or plural: `1 empty point`, `2 empty points`.
pub(crate) fn count(n: usize, adjective: &str, singular: &str, plural: &str) -> String {
    format!("{n} {adjective}{}", if n == 1 { singular } else { plural })
}

/// The nearest of `candidates` to `word` by edit distance (ignoring
/// case), if it is close enough to be a plausible slip: what an error
/// offers as "did you mean".
///
/// # Examples
///
/// ```
/// use polyfen_core::nearest;
///
/// assert_eq!(nearest("makruc", ["makruk", "shatranj"]).as_deref(), Some("makruk"));
/// assert_eq!(nearest("xyz", ["makruk", "shatranj"]), None);
/// ```
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let lower = word.to_ascii_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = distance(&lower, &c.to_ascii_lowercase());
        if best.is_none_or(|(bd, bc)| d < bd || (d == bd && c < bc)) {
            best = Some((d, c));
        }
    }
    let (d, c) = best?;
    let limit = (word.chars().count() / 2).max(2);
    (d <= limit).then(|| c.to_owned())
}

/// The edit distance of two words, in characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == *cb { prev } else { 1 + prev.min(cur).min(row[j]) };
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::{ParseError, ParseErrorKind, char_column};

    #[test]
    fn a_column_counts_characters_not_bytes() {
        assert_eq!(char_column("", 0), 1);
        assert_eq!(char_column("abc", 3), 4);
        // `é` is two bytes, `马` three, `🀄` four
        let text = "é马🀄x";
        let starts: Vec<usize> = text.char_indices().map(|(at, _)| at).collect();
        assert_eq!(starts, [0, 2, 5, 9]);
        for (column, &at) in starts.iter().enumerate() {
            assert_eq!(char_column(text, at), column + 1, "byte {at}");
        }
        // inside a character: that character's column
        assert_eq!(char_column(text, 1), 1);
        assert_eq!(char_column(text, 3), 2);
        assert_eq!(char_column(text, 4), 2);
        assert_eq!(char_column(text, 8), 3);
        assert_eq!(char_column(text, text.len()), 5);
        assert_eq!(char_column(text, usize::MAX), 5);
    }

    #[test]
    fn an_errors_column_is_its_starts() {
        let text = "马８进７";
        for at in 0..=text.len() + 2 {
            let error = ParseError::new(ParseErrorKind::Empty { expected: "a move" }, at..at + 1);
            assert_eq!(error.char_column(text), char_column(text, at), "byte {at}");
        }
    }
}
