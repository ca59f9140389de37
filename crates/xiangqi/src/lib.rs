//! Xiangqi FEN and its legacy dialect for polyfen.
//!
//! [`Xiangqi`] implements [`polyfen_core::Variant`]: the board is 9 files
//! (a–i) by 10 ranks (0–9 from red's side), written from black's back rank
//! down through the same generic placement codec as chess; only the
//! [`PlacementSpec`] and the piece letters differ. Red is the uppercase side
//! ([`Color::White`]), black the lowercase one.
//!
//! - A [`Fen`] (an alias of [`polyfen_core::Setup`]`<Xiangqi>`) reads the
//!   standard form `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`,
//!   its short forms (board only, `board w`, `board w 0 1`), `r` for red,
//!   and every letter set ([`LetterSet`]); it writes the canonical form.
//! - The legacy dialect of an old blog format (empty ranks as `//`, short
//!   ranks, unknown letters as empty points, the `/xRC` marker) is the same
//!   codec with a [`Leniency`]: [`parse_legacy`] reads it and reports every
//!   [`Repair`], [`to_legacy_string`] writes it.
//! - Validation ([`Fen::validate`](polyfen_core::Setup::validate)) is
//!   separate from parsing and returns every [`Violation`].
//! - [`render`] draws a diagram in ASCII, box-drawing or Chinese characters.
//!
//! # Examples
//!
//! ```
//! use polyfen_xiangqi::{Fen, LetterSet, XqOptions, START_FEN};
//!
//! let fen: Fen = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r".parse()?;
//! assert!(fen.validate().is_empty());
//! assert_eq!(fen.to_string(), START_FEN);
//! let iccs = fen.to_string_with(&XqOptions { letters: LetterSet::Iccs });
//! assert_eq!(iccs, "rnmgkgmnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNMGKGMNR w - - 0 1");
//! # Ok::<(), polyfen_core::ParseError>(())
//! ```

mod game;
mod legacy;
mod moves;
mod notation;
mod position;
mod render;
mod tables;
mod types;
mod validate;

use polyfen_core::{Color, Field, Fields, Leniency, ParseError, ParseErrorKind, PlacementSpec, Repair, Setup, Variant};

pub use game::{
    JsonMarker, MAX_PERFT_DEPTH, XiangqiAdapter, XiangqiDocument, XiangqiJson, XiangqiNotation, XiangqiPosition,
    XiangqiRecord, svg,
};
pub use legacy::{LEGACY, LEGACY_STYLE, Marker, lost_in_standard, parse_legacy, to_legacy_string, write_legacy};
pub use moves::Move;
pub use notation::{
    Candidate, MoveErrorKind, MoveParseError, XiangqiMoveNotation, format_move, parse_move, parse_move_as, read_move,
    read_move_lenient, write_move,
};
pub use position::{IllegalMove, MAX_MOVES, MoveList, Position, PositionError, Status};
pub use render::{RenderStyle, render};
pub use types::{LetterSet, Piece, Point, Role, Script, Square, UnknownName, color_name};
pub use validate::{Violation, attackers};

/// The Xiangqi variant marker: implements [`Variant`] for Xiangqi FEN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Xiangqi;

/// The board: 90 points, `a0` = 0, indexed `rank * 9 + file`.
pub type Board = [Option<Piece>; 90];

/// A Xiangqi FEN: a board and the other fields, checked for syntax only.
pub type Fen = Setup<Xiangqi>;

/// The standard start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// The fields of a Xiangqi FEN after the placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct XiangqiExtras {
    /// The side to move: [`Color::White`] for red.
    pub turn: Color,
    /// Plies since the last capture (the 60-move rule counts 120).
    pub halfmove: u32,
    /// The move number, from 1.
    pub fullmove: u32,
    /// The legacy dialect's `/xRC` last-picked marker, kept as data. The
    /// standard form has no place for it: see [`lost_in_standard`].
    pub marker: Option<Marker>,
}

impl Default for XiangqiExtras {
    fn default() -> Self {
        XiangqiExtras { turn: Color::White, halfmove: 0, fullmove: 1, marker: None }
    }
}

/// Choices for writing a Xiangqi FEN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct XqOptions {
    /// The piece letters: xqbase `KABNRCP` (default), WXF or ICCS.
    pub letters: LetterSet,
}

/// The letters of each letter set, red then black, in role order.
const LETTERS: [[u8; 14]; 3] = [*b"KABNRCPkabnrcp", *b"KAEHRCPkaehrcp", *b"KGMNRCPkgmnrcp"];

/// [`LETTERS`] with a 0 for an empty point (code 14) after the pieces.
const CELL_LETTERS: [[u8; 15]; 3] = [*b"KABNRCPkabnrcp\0", *b"KAEHRCPkaehrcp\0", *b"KGMNRCPkgmnrcp\0"];

impl Variant for Xiangqi {
    const ID: &'static str = "xiangqi";
    const NOTATION_NAME: &'static str = "Xiangqi FEN";
    const SPEC: PlacementSpec = PlacementSpec::grid(9, 10)
        .words("rank", "points")
        .first_rank_label(0)
        .expecting("a piece letter (KABNRCP, kabnrcp), a digit 1-9 or '/'");
    const COLOR_NAMES: [&'static str; 2] = ["red", "black"];

    type Piece = Piece;
    type Board = Board;
    type Extras = XiangqiExtras;
    type WriteOptions = XqOptions;
    type Violation = Violation;

    fn empty_board() -> Board {
        [None; 90]
    }

    #[inline]
    fn piece_from_ascii(letter: u8, _promoted: bool) -> Option<Piece> {
        Piece::from_letter(letter)
    }

    #[inline]
    fn write_piece(piece: Piece, options: &XqOptions, out: &mut String) {
        let i = piece.role() as usize + 7 * piece.color().index();
        out.push(LETTERS[options.letters as usize][i] as char);
    }

    #[inline]
    fn cell_letter(cell: Option<Piece>, options: &XqOptions) -> Option<u8> {
        Some(CELL_LETTERS[options.letters as usize][cell.map_or(14, Piece::index)])
    }

    fn piece_color(piece: Piece) -> Color {
        piece.color()
    }

    fn parse_extras(
        fields: &mut Fields<'_>,
        _board: &Board,
        leniency: &Leniency,
        repairs: &mut Vec<Repair>,
    ) -> Result<XiangqiExtras, ParseError> {
        parse_fields(fields, leniency.fields, repairs)
    }

    fn write_extras(extras: &XiangqiExtras, _board: &Board, _options: &XqOptions, out: &mut String) {
        write_fields(extras, out);
    }

    fn validate(setup: &Fen) -> Vec<Violation> {
        validate::validate(setup)
    }
}

/// Reads the fields after the placement. `lenient` allows the legacy
/// dialect's forms, each reported as a repair.
///
/// The forms are `side`, `side - - halfmove move` (trailing fields may be
/// missing) and the short `side halfmove move`; which one is meant is decided
/// by the third field being a number, so a missing field is named instead of
/// the next one being read as something it is not.
fn parse_fields(
    fields: &mut Fields<'_>,
    lenient: bool,
    repairs: &mut Vec<Repair>,
) -> Result<XiangqiExtras, ParseError> {
    if let Some(extras) = canonical_fields(fields) {
        return Ok(extras);
    }
    parse_fields_carefully(fields, lenient, repairs)
}

/// [`parse_fields`] field by field, naming what does not fit.
fn parse_fields_carefully(
    fields: &mut Fields<'_>,
    lenient: bool,
    repairs: &mut Vec<Repair>,
) -> Result<XiangqiExtras, ParseError> {
    let mut extras = XiangqiExtras::default();
    let Some(side) = fields.next() else {
        return Ok(extras);
    };
    extras.turn = parse_side(&side, lenient, repairs)?;
    let Some(third) = fields.next() else {
        return Ok(extras);
    };
    if is_number(third.text) {
        // the short form `board side halfmove move`
        extras.halfmove = third.number("halfmove clock", 0, u32::MAX)?;
        let Some(mv) = fields.next() else {
            let end = fields.line().len();
            return Err(ParseError::new(
                ParseErrorKind::MissingField {
                    field: "move number",
                    expected: "a move number after the halfmove clock (the short form is 'board side halfmove move')",
                },
                end..end,
            ));
        };
        parse_move_number(&mv, lenient, &mut extras)?;
    } else {
        expect_dash(&third, "third field", lenient, repairs)?;
        if let Some(fourth) = fields.next() {
            expect_dash(&fourth, "fourth field", lenient, repairs)?;
        }
        if let Some(half) = fields.next() {
            extras.halfmove = match half.number("halfmove clock", 0, u32::MAX) {
                Ok(n) => n,
                Err(_) if lenient && !half.text.contains('/') => {
                    repairs.push(Repair::new(
                        half.span(),
                        format!("ignored the unused halfmove field {:?} and read 0", half.text),
                    ));
                    0
                }
                Err(e) => return Err(e),
            };
        }
        if let Some(mv) = fields.next() {
            parse_move_number(&mv, lenient, &mut extras)?;
        }
    }
    fields.finish("move number")?;
    Ok(extras)
}

/// The fields as written canonically, ` side - - halfmove move` (side `w`,
/// `r` or `b`; nothing after but white space), read in one pass over the
/// bytes; `None` for anything else (or a number over `u32::MAX`), which
/// [`parse_fields`] then reads field by field. Every input it accepts, the
/// careful reading accepts with the same result.
#[inline]
fn canonical_fields(fields: &mut Fields<'_>) -> Option<XiangqiExtras> {
    let line = fields.line();
    let bytes = line.as_bytes().get(Fields::position(fields)..)?;
    let (turn, rest) = match bytes {
        [b' ', b'w' | b'r', b' ', b'-', b' ', b'-', b' ', rest @ ..] => (Color::White, rest),
        [b' ', b'b', b' ', b'-', b' ', b'-', b' ', rest @ ..] => (Color::Black, rest),
        _ => return None,
    };
    let (halfmove, rest) = leading_number(rest)?;
    let (fullmove, rest) = leading_number(rest.strip_prefix(b" ")?)?;
    if !rest.iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    *fields = Fields::starting_at(line, line.len());
    Some(XiangqiExtras { turn, halfmove, fullmove, marker: None })
}

/// The decimal number at the start of `bytes` (one to ten digits, at most
/// `u32::MAX`) and the bytes after it, which may start with an eleventh
/// digit: the caller finds no space or end there and gives up.
#[inline]
fn leading_number(bytes: &[u8]) -> Option<(u32, &[u8])> {
    let mut value = 0u64;
    let mut digits = 0;
    for &b in bytes.iter().take(10) {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        value = value * 10 + u64::from(digit);
        digits += 1;
    }
    if digits == 0 {
        return None;
    }
    Some((u32::try_from(value).ok()?, &bytes[digits..]))
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

fn parse_side(f: &Field<'_>, lenient: bool, repairs: &mut Vec<Repair>) -> Result<Color, ParseError> {
    match f.text {
        "w" | "r" => return Ok(Color::White),
        "b" => return Ok(Color::Black),
        _ => {}
    }
    let legacy = match f.text {
        "W" | "R" => Some((Color::White, "")),
        "B" => Some((Color::Black, "")),
        "g" | "G" => Some((Color::Black, " (green)")),
        _ => None,
    };
    if let Some((color, note)) = legacy {
        if lenient {
            repairs.push(Repair::new(
                f.span(),
                format!("read the legacy side letter {:?}{note} as {} to move", f.text, color_name(color)),
            ));
            return Ok(color);
        }
        return Err(invalid(
            f,
            "side to move",
            format!(
                "{:?} is a side letter of the legacy dialect (read it as xiangqi-legacy); expected 'w' or 'r' for red, 'b' for black",
                f.text
            ),
        ));
    }
    let message = if is_number(f.text) {
        format!("{:?} is a number, not a side: is the side to move missing?", f.text)
    } else if f.text.contains('/') {
        format!("{:?} is not a side: is there a space inside the placement?", f.text)
    } else if f.text.chars().count() == 1 {
        return Err(
            ParseError::unexpected(f.text, 0, "side to move", "'w' or 'r' for red, 'b' for black").shifted(f.start)
        );
    } else {
        format!("{:?} is not 'w' or 'r' for red, 'b' for black", f.text)
    };
    Err(invalid(f, "side to move", message))
}

fn expect_dash(f: &Field<'_>, name: &'static str, lenient: bool, repairs: &mut Vec<Repair>) -> Result<(), ParseError> {
    if f.text == "-" {
        return Ok(());
    }
    if lenient && !is_number(f.text) {
        repairs.push(Repair::new(f.span(), format!("ignored the {name} {:?}, which xiangqi does not use", f.text)));
        return Ok(());
    }
    let message = if is_number(f.text) {
        format!(
            "{:?} is a number, but after '-' the fourth field must be '-' too: write 'side - - halfmove move' or the short 'side halfmove move'",
            f.text
        )
    } else if name == "third field" {
        format!("{:?} is not '-' (xiangqi has no castling) or a halfmove clock", f.text)
    } else {
        format!("{:?} is not '-' (xiangqi has no en passant square)", f.text)
    };
    Err(invalid(f, name, message))
}

/// Reads the move number, with the legacy `/xRC` marker when `lenient`.
fn parse_move_number(f: &Field<'_>, lenient: bool, extras: &mut XiangqiExtras) -> Result<(), ParseError> {
    let (number, marker) = match f.text.find('/') {
        Some(at) => f.text.split_at(at),
        None => (f.text, ""),
    };
    extras.fullmove = Field { text: number, start: f.start }.number("move number", 0, u32::MAX)?;
    if marker.is_empty() {
        return Ok(());
    }
    let marker_field = Field { text: marker, start: f.start + number.len() };
    if !lenient {
        return Err(invalid(
            &marker_field,
            "move number",
            format!(
                "{marker:?} is the legacy dialect's last-picked marker: read the input as xiangqi-legacy, or leave it out"
            ),
        ));
    }
    extras.marker = Some(Marker::parse(&marker_field)?);
    Ok(())
}

fn invalid(f: &Field<'_>, field: &'static str, message: String) -> ParseError {
    ParseError::new(ParseErrorKind::Invalid { field, message: message.into() }, f.span())
}

/// Writes ` side - - halfmove move` (the marker is not standard and is left
/// out).
fn write_fields(extras: &XiangqiExtras, out: &mut String) {
    out.push(' ');
    out.push(if extras.turn == Color::White { 'w' } else { 'b' });
    out.push_str(" - - ");
    push_u32(extras.halfmove, out);
    out.push(' ');
    push_u32(extras.fullmove, out);
}

fn push_u32(n: u32, out: &mut String) {
    let mut buf = [0u8; 10];
    let mut i = buf.len();
    let mut n = n;
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 || i == 0 {
            break;
        }
    }
    for &b in &buf[i..] {
        out.push(b as char);
    }
}

/// Reads a standard Xiangqi FEN with the letter set it was written in, so
/// that it can be written back the same way.
///
/// # Errors
///
/// A [`ParseError`] naming the field and column that do not fit; see
/// [`Setup::parse_with`].
///
/// # Examples
///
/// ```
/// use polyfen_xiangqi::{parse_fen, LetterSet};
///
/// let line = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1";
/// let (fen, options) = parse_fen(line)?;
/// assert_eq!(options.letters, LetterSet::Wxf);
/// assert_eq!(fen.to_string_with(&options), line);
/// # Ok::<(), polyfen_core::ParseError>(())
/// ```
pub fn parse_fen(input: &str) -> Result<(Fen, XqOptions), ParseError> {
    let fen: Fen = input.parse()?;
    let placement = Fields::new(input).next().map_or("", |f| f.text);
    let options = XqOptions { letters: LetterSet::detect(placement) };
    Ok((fen, options))
}

/// The chapter "One codec for chess and Xiangqi" of the book, compiled and
/// run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/src/one-codec.md")]
pub struct OneCodecChapter;

/// The chapter "Lenient dialects are options of one parser" of the book,
/// compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/src/lenient-dialects.md")]
pub struct LenientDialectsChapter;

/// The chapter "Xiangqi move notation" of the book, compiled and run as doc
/// tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/src/move-notation.md")]
pub struct MoveNotationChapter;

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// The one-pass reading of the canonical fields gives what the
        /// field-by-field reading gives, wherever it gives anything.
        #[test]
        fn canonical_fields_agree_with_the_careful_reading(
            tail in prop_oneof![
                // near the canonical form
                ("[wrbBx]", "-|0|--", "-|5", "[0-9]{1,11}", "[0-9]{1,11}", "( |\t|x|/xRC| 3)?")
                    .prop_map(|(side, third, fourth, half, full, end)| format!(" {side} {third} {fourth} {half} {full}{end}")),
                // anything of the kind
                "( [wrbBgGx-]| -| [0-9]{1,11}| 4294967295| 4294967296| [0-9]{1,3}/x[a-z0-9]{0,3}|  |\t){0,6}",
            ],
        ) {
            let line = format!("9/9/9/9/9/9/9/9/9/9{tail}");
            let fast = canonical_fields(&mut Fields::starting_at(&line, 19));
            if let Some(fast) = fast {
                let careful = parse_fields_carefully(&mut Fields::starting_at(&line, 19), false, &mut Vec::new());
                prop_assert_eq!(Ok(fast), careful, "{:?}", line);
            }
        }
    }

    #[test]
    fn canonical_fields_are_read_in_one_pass() {
        let read = |tail: &str| canonical_fields(&mut Fields::starting_at(tail, 0));
        let extras = |turn, halfmove, fullmove| Some(XiangqiExtras { turn, halfmove, fullmove, marker: None });
        assert_eq!(read(" w - - 0 1"), extras(Color::White, 0, 1));
        assert_eq!(read(" r - - 12 40 \n"), extras(Color::White, 12, 40));
        assert_eq!(read(" b - - 4294967295 7"), extras(Color::Black, u32::MAX, 7));
        // left to the careful reading
        for tail in [" w", " w - - 0", " w 0 1", " b - - 4294967296 1", " w - - 0 1/xRC", " w - - 0 1 x", "  w - - 0 1"]
        {
            assert_eq!(read(tail), None, "{tail:?}");
        }
    }
}
