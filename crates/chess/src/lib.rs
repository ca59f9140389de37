//! Chess FEN, X-FEN, Shredder-FEN and EPD for polyfen.
//!
//! [`Chess`] implements [`polyfen_core::Variant`]: the board is 8 × 8,
//! written from rank 8 down, with `KQRBNP` for white and `kqrbnp` for black.
//! A [`Fen`] (an alias of [`polyfen_core::Setup`]`<Chess>`) reads all six
//! fields, tolerating missing trailing ones, and castling in any of the
//! three styles; [`Epd`] reads the four EPD fields plus operations.
//! Validation ([`Fen::validate`]) is separate from parsing and returns every
//! [`Violation`].
//!
//! The rules live in [`Position`], built from a legal setup: legal moves
//! (standard and Chess960), playing them, the game's outcome, perft, and the
//! move notations UCI, SAN (read leniently) and LAN.
//!
//! The variants played online (crazyhouse, three-check, king of the hill,
//! atomic, antichess, horde, racing kings) are rules inside the chess game,
//! in [`variant`]: a [`ChessVariant`] chosen when a [`VariantPosition`] is
//! made from a [`VariantFen`], which reads every variant's FEN.
//!
//! # Examples
//!
//! ```
//! use polyfen_chess::{Fen, FenOptions, CastlingStyle};
//!
//! let fen: Fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse()?;
//! assert!(fen.validate().is_empty());
//! let shredder = fen.to_string_with(&FenOptions { castling: CastlingStyle::Shredder });
//! assert_eq!(shredder, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha e3 0 1");
//! # Ok::<(), polyfen_core::ParseError>(())
//! ```

pub mod bitboard;
mod castling;
mod epd;
mod game;
mod notation;
mod position;
mod render;
mod types;
mod validate;
pub mod variant;

use polyfen_core::{Color, Field, Fields, Leniency, ParseError, ParseErrorKind, PlacementSpec, Repair, Setup, Variant};

pub use castling::{Castling, CastlingStyle, CastlingToken, back_rank, king_file};
pub use epd::{Epd, Operation};
pub use game::{
    ChessAdapter, ChessDocument, ChessJson, ChessMoveNotation, ChessNotation, ChessPos, ChessPosition, JsonOperation,
    svg, svg_with_pocket,
};
pub use notation::{CastlingNotation, MoveError, MoveSyntax, San};
pub use position::{Move, MoveKind, MoveList, Outcome, Position, PositionError};
pub use render::{RenderStyle, render};
pub use types::{Piece, Role, Square};
pub use validate::{Violation, attackers};
pub use variant::fen::{ChessVariants, VariantBoard, VariantExtras, VariantFen, VariantPiece};
pub use variant::rules::{VariantEnd, VariantOutcome, VariantPosition, VariantPositionError};
pub use variant::validate::VariantViolation;
pub use variant::{ChessVariant, UnknownVariant};

/// The chess variant marker: implements [`Variant`] for FEN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chess;

/// The board: 64 squares, `a1` = 0.
pub type Board = [Option<Piece>; 64];

/// A chess FEN: a board and the five other fields, checked for syntax only.
pub type Fen = Setup<Chess>;

/// The standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The fields of a FEN after the placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChessExtras {
    /// The side to move.
    pub turn: Color,
    /// Castling rights as written.
    pub castling: Castling,
    /// The en passant square exactly as read.
    pub ep: Option<Square>,
    /// Plies since the last capture or pawn move.
    pub halfmove: u32,
    /// The move number, from 1.
    pub fullmove: u32,
}

impl Default for ChessExtras {
    fn default() -> Self {
        ChessExtras { turn: Color::White, castling: Castling::NONE, ep: None, halfmove: 0, fullmove: 1 }
    }
}

/// Choices for writing a FEN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FenOptions {
    /// X-FEN (default) or Shredder-FEN castling.
    pub castling: CastlingStyle,
}

/// The piece of every byte: a table, so that reading a letter takes no branch.
const PIECE_TABLE: [Option<Piece>; 256] = polyfen_core::letter_table!(Piece, Piece::from_letter);

impl Variant for Chess {
    const ID: &'static str = "chess";
    const NOTATION_NAME: &'static str = "standard chess FEN";
    const SPEC: PlacementSpec =
        PlacementSpec::grid(8, 8).expecting("a piece letter (KQRBNP, kqrbnp), a digit 1-8 or '/'");
    const COLOR_NAMES: [&'static str; 2] = ["white", "black"];

    type Piece = Piece;
    type Board = Board;
    type Extras = ChessExtras;
    type WriteOptions = FenOptions;
    type Violation = Violation;

    fn empty_board() -> Board {
        [None; 64]
    }

    #[inline]
    fn piece_from_ascii(letter: u8, promoted: bool) -> Option<Piece> {
        if promoted { None } else { PIECE_TABLE[letter as usize] }
    }

    #[inline]
    fn write_piece(piece: Piece, _options: &FenOptions, out: &mut String) {
        out.push(piece.letter() as char);
    }

    #[inline]
    fn cell_letter(cell: Option<Piece>, _options: &FenOptions) -> Option<u8> {
        // an empty square is code 12, one past the pieces
        Some(b"PNBRQKpnbrqk\0"[cell.map_or(12, Piece::index)])
    }

    fn piece_color(piece: Piece) -> Color {
        piece.color()
    }

    fn parse_extras(
        fields: &mut Fields<'_>,
        _board: &Board,
        _leniency: &Leniency,
        _repairs: &mut Vec<Repair>,
    ) -> Result<ChessExtras, ParseError> {
        let mut extras = parse_position_fields(fields)?;
        if let Some(f) = fields.next() {
            extras.halfmove = f.number("halfmove clock", 0, u32::MAX).map_err(|e| {
                misplaced(e, &f, "halfmove clock", f.text == "-" || f.text.contains(['K', 'Q', 'k', 'q']))
            })?;
        }
        if let Some(f) = fields.next() {
            extras.fullmove = f.number("fullmove number", 0, u32::MAX)?;
        }
        fields.finish("fullmove number")?;
        Ok(extras)
    }

    fn write_extras(extras: &ChessExtras, board: &Board, options: &FenOptions, out: &mut String) {
        write_position_fields(extras, board, *options, out);
        out.push(' ');
        push_u32(extras.halfmove, out);
        out.push(' ');
        push_u32(extras.fullmove, out);
    }

    fn validate(setup: &Fen) -> Vec<Violation> {
        validate::validate(setup)
    }
}

/// Reads side, castling and en passant (each may be missing at the end).
pub(crate) fn parse_position_fields(fields: &mut Fields<'_>) -> Result<ChessExtras, ParseError> {
    let mut extras = ChessExtras::default();
    if let Some(f) = fields.next() {
        extras.turn = match f.text {
            "w" => Color::White,
            "b" => Color::Black,
            _ => {
                let e = ParseError::unexpected(f.text, 0, "side to move", "'w' or 'b'").shifted(f.start);
                let looks_like_castling = f.text.bytes().all(|b| b"KQkq-".contains(&b));
                return Err(if f.text.len() > 1 {
                    let hint = if looks_like_castling { ": is the side to move missing?" } else { "" };
                    ParseError::new(
                        ParseErrorKind::Invalid {
                            field: "side to move",
                            message: format!("{:?} is not 'w' or 'b'{hint}", f.text).into(),
                        },
                        f.span(),
                    )
                } else {
                    e
                });
            }
        };
    }
    if let Some(f) = fields.next() {
        extras.castling = Castling::parse(f.text, f.start)
            .map_err(|e| misplaced(e, &f, "castling field", f.text.bytes().all(|b| b.is_ascii_digit())))?;
    }
    if let Some(f) = fields.next() {
        extras.ep = parse_ep(&f)?;
    }
    Ok(extras)
}

fn parse_ep(f: &Field<'_>) -> Result<Option<Square>, ParseError> {
    if f.text == "-" {
        return Ok(None);
    }
    if let Some(sq) = Square::parse(f.text.as_bytes()) {
        return Ok(Some(sq));
    }
    let looks_like_number = f.text.bytes().all(|b| b.is_ascii_digit());
    let looks_like_castling = f.text.bytes().all(|b| b"KQkqABCDEFGHabcdefgh".contains(&b)) && f.text.len() != 2;
    let message = if looks_like_number {
        format!("{:?} is a number, not a square: is the castling or en passant field missing before it?", f.text)
    } else if looks_like_castling {
        format!("{:?} looks like castling rights: is the side to move missing?", f.text)
    } else {
        format!("{:?} is not '-' or a square such as e3", f.text)
    };
    Err(ParseError::new(ParseErrorKind::Invalid { field: "en passant square", message: message.into() }, f.span()))
}

/// Adds a hint to an error in a field that looks like a neighbouring field,
/// so that a missing field is named rather than the next one blamed.
fn misplaced(e: ParseError, f: &Field<'_>, field: &'static str, looks_misplaced: bool) -> ParseError {
    if !looks_misplaced {
        return e;
    }
    ParseError::new(
        ParseErrorKind::Invalid {
            field,
            message: format!("{:?} does not belong here: is a field missing before it?", f.text).into(),
        },
        f.span(),
    )
}

pub(crate) fn write_position_fields(extras: &ChessExtras, board: &Board, options: FenOptions, out: &mut String) {
    out.push(' ');
    out.push(if extras.turn == Color::White { 'w' } else { 'b' });
    out.push(' ');
    extras.castling.write(board, options.castling, out);
    out.push(' ');
    match extras.ep {
        Some(sq) => {
            let [a, b] = sq.name();
            out.push(a as char);
            out.push(b as char);
        }
        None => out.push('-'),
    }
}

pub(crate) fn push_u32(n: u32, out: &mut String) {
    if n < 10 {
        // a clock of one digit, the common case
        out.push(char::from(b'0' + n as u8));
        return;
    }
    let mut buf = [0u8; 10];
    let mut i = buf.len();
    let mut n = n;
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or_default());
}

/// Reads a FEN with the castling style it was written in, so that it can be
/// written back the same way.
///
/// # Errors
///
/// See [`Setup::parse_with`].
pub fn parse_fen(input: &str) -> Result<(Fen, FenOptions), ParseError> {
    let fen: Fen = input.parse()?;
    let options = FenOptions { castling: fen.extras.castling.style() };
    Ok((fen, options))
}

/// The book's chapter on the anatomy of a FEN string, whose examples run as
/// doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/src/anatomy-of-fen.md")]
pub struct AnatomyOfFenChapter;

/// The book's chapter on the chess variants, whose examples run as doc
/// tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/src/chess-variants.md")]
pub struct ChessVariantsChapter;
