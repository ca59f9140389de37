//! Khet PKN (Peterson Khet Notation) for polyfen.
//!
//! [`Khet`] implements [`polyfen_core::Variant`]: the board is 10 files
//! (a–j) × 8 ranks (1–8), written from rank 1 up, with `0` for a run of ten
//! empty squares and `ARPSXE` for silver, `arpsxe` for red (anubis,
//! pharaoh, pyramid, scarab, sphinx, eye of Horus). The second field gives
//! each placed piece its rotation (`n e s w`), in the order the placement
//! writes the pieces; the generic codec zips it onto the pieces. Then come
//! the side to move (`s` or `r`) and a turn counter.
//!
//! A [`Pkn`] (an alias of [`polyfen_core::Setup`]`<Khet>`) is read strictly
//! with [`str::parse`], or like the reference program with
//! [`parse_lenient`], which reports every repair it makes. Validation
//! ([`Pkn::validate`]) is separate from parsing and returns every
//! [`Violation`]. The named start positions are in [`SETUPS`].
//!
//! # Examples
//!
//! ```
//! use polyfen_core::Color;
//! use polyfen_khet::{Facing, Kind, Piece, Pkn, CLASSIC};
//!
//! let pkn: Pkn = CLASSIC.parse()?;
//! assert!(pkn.validate().is_empty());
//! // c1, the first piece written, takes the first rotation letter `w`
//! let c1 = pkn.piece_at(2, 0);
//! assert_eq!(c1, Some(Piece::new(Color::White, Kind::Pyramid, Facing::West)));
//! assert_eq!(pkn.to_string(), CLASSIC);
//! # Ok::<(), polyfen_core::ParseError>(())
//! ```

mod game;
mod laser;
mod lenient;
mod moves;
mod perft;
mod position;
mod render;
mod setups;
mod types;
mod validate;

use polyfen_core::{
    AttributeSpec, Color, Field, Fields, Leniency, ParseError, ParseErrorKind, PlacementSpec, Repair, RowOrder, Setup,
    Variant,
};

pub use game::{
    BeamJson, BounceJson, EVERY_ROTATION, KhetAdapter, KhetDocument, KhetJson, KhetMoveNotation, KhetNotation, KhetPos,
    KhetPosition, LaserJson, OutcomeJson, PieceJson, SWAP_RESTRICTION, svg, svg_with_laser,
};
pub use laser::{Beam, BeamEnd, Bounce, Laser};
pub use lenient::{LENIENCY, parse_lenient};
pub use moves::{Move, MoveParseError, Rotation};
pub use perft::{divide, divide_watched, perft, perft_estimate, perft_watched};
pub use position::{Outcome, Position, PositionError, Rules};
pub use render::{RenderStyle, render, render_with_laser};
pub use setups::{CLASSIC, CLASSIC2, DYNASTY, DYNASTY2, IMHOTEP, IMHOTEP2, SETUPS, named_setup};
pub use types::{A8, Facing, J1, KhetSquare, Kind, Piece, Square};
pub use validate::{Violation, piece_counts};

/// The Khet variant marker: implements [`Variant`] for PKN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Khet;

/// The board: 80 squares, `a1` = 0, `j1` = 9, `a2` = 10 … `j8` = 79.
pub type Board = [Option<Piece>; 80];

/// A Khet PKN: a board with rotations, the side to move and the turn
/// counter, checked for syntax only.
pub type Pkn = Setup<Khet>;

/// The id of the notation: `pkn`.
pub const NOTATION_ID: &str = "pkn";

/// The fields of a PKN after the placement and the rotations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KhetExtras {
    /// The side to move: `s` ([`Color::White`], silver) or `r`
    /// ([`Color::Black`], red).
    pub turn: Color,
    /// The turn counter as written. PKN's author says it grows after red
    /// moves, the reference program grows it every ply; polyfen keeps it as
    /// an opaque number.
    pub turn_counter: u32,
}

impl Default for KhetExtras {
    fn default() -> Self {
        KhetExtras { turn: Color::White, turn_counter: 0 }
    }
}

/// Choices for writing a PKN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PknOptions {
    /// Write every scarab and eye of Horus facing `n` or `e` (its two-sided
    /// mirror makes `s` the same as `n`, and `w` the same as `e`). By default
    /// the rotations are written as they were read.
    pub canonical: bool,
}

/// The name people give a side: `silver` for [`Color::White`], `red` for
/// [`Color::Black`].
#[must_use]
pub const fn color_name(color: Color) -> &'static str {
    Khet::COLOR_NAMES[color.index()]
}

/// The piece of every byte (facing north): a table, so that reading a
/// letter takes no branch.
const PIECE_TABLE: [Option<Piece>; 256] = polyfen_core::letter_table!(Piece, Piece::from_letter);

impl Variant for Khet {
    const ID: &'static str = "khet";
    const NOTATION_NAME: &'static str = "Khet PKN";
    const SPEC: PlacementSpec = PlacementSpec::grid(10, 8)
        .rows(RowOrder::BottomFirst)
        .ten_digit(b'0')
        .expecting("a piece letter (ARPSXE, arpsxe), a digit 1-9, 0 for ten empty squares, or '/'");
    const COLOR_NAMES: [&'static str; 2] = ["silver", "red"];
    const ATTRIBUTE: Option<AttributeSpec> = Some(AttributeSpec {
        field: "rotation field",
        singular: "rotation",
        plural: "rotations",
        expected: "a rotation letter n, e, s or w for each piece",
    });

    type Piece = Piece;
    type Board = Board;
    type Extras = KhetExtras;
    type WriteOptions = PknOptions;
    type Violation = Violation;

    fn empty_board() -> Board {
        [None; 80]
    }

    #[inline]
    fn piece_from_ascii(letter: u8, promoted: bool) -> Option<Piece> {
        if promoted { None } else { PIECE_TABLE[letter as usize] }
    }

    #[inline]
    fn write_piece(piece: Piece, _options: &PknOptions, out: &mut String) {
        out.push(piece.letter() as char);
    }

    #[inline]
    fn cell_letter(cell: Option<Piece>, _options: &PknOptions) -> Option<u8> {
        Some(cell.map_or(0, Piece::letter))
    }

    fn piece_color(piece: Piece) -> Color {
        piece.color
    }

    #[inline]
    fn apply_attribute(piece: &mut Piece, letter: u8) -> bool {
        match Facing::from_letter(letter) {
            Some(facing) => {
                piece.facing = facing;
                true
            }
            None => false,
        }
    }

    #[inline]
    fn attribute(piece: Piece, options: &PknOptions) -> Option<u8> {
        let facing = if options.canonical { piece.canonical_facing() } else { piece.facing };
        Some(facing.letter())
    }

    fn parse_extras(
        fields: &mut Fields<'_>,
        _board: &Board,
        _leniency: &Leniency,
        _repairs: &mut Vec<Repair>,
    ) -> Result<KhetExtras, ParseError> {
        let mut extras = KhetExtras::default();
        if let Some(f) = fields.next() {
            extras.turn = parse_side(&f)?;
        }
        if let Some(f) = fields.next() {
            extras.turn_counter = parse_turn_counter(&f)?;
        }
        fields.finish("turn counter")?;
        Ok(extras)
    }

    fn write_extras(extras: &KhetExtras, _board: &Board, _options: &PknOptions, out: &mut String) {
        out.push(' ');
        out.push(if extras.turn == Color::White { 's' } else { 'r' });
        out.push(' ');
        out.push_str(&extras.turn_counter.to_string());
    }

    fn validate(setup: &Pkn) -> Vec<Violation> {
        validate::validate(setup)
    }
}

/// Reads the turn counter: any number that fits a `u32`.
///
/// ([`Field::number`] saturates, reading `4294967296` as `u32::MAX`, so the
/// digits are read here with an overflow check.)
fn parse_turn_counter(f: &Field<'_>) -> Result<u32, ParseError> {
    let value = if f.text.bytes().all(|b| b.is_ascii_digit()) { f.text.parse::<u32>().ok() } else { None };
    value.ok_or_else(|| {
        ParseError::new(
            ParseErrorKind::Number { field: "turn counter", found: f.text.to_owned(), min: 0, max: u32::MAX },
            f.span(),
        )
    })
}

/// Reads the side to move, with a hint for the usual mistakes.
fn parse_side(f: &Field<'_>) -> Result<Color, ParseError> {
    match f.text {
        "s" => return Ok(Color::White),
        "r" => return Ok(Color::Black),
        _ => {}
    }
    let message = match f.text {
        "w" | "b" => format!("{:?} is a chess side letter: PKN writes 's' for silver or 'r' for red", f.text),
        "S" | "R" => format!("{:?} must be lowercase: 's' for silver or 'r' for red", f.text),
        _ if f.text.bytes().all(|b| b"nesw".contains(&b)) => {
            format!("{:?} looks like rotations: does the rotation field have a space in it?", f.text)
        }
        _ if f.text.bytes().all(|b| b.is_ascii_digit()) => {
            format!("{:?} is a number, not a side: is the side to move missing before the turn counter?", f.text)
        }
        _ => format!("{:?} is not 's' (silver) or 'r' (red)", f.text),
    };
    Err(ParseError::new(ParseErrorKind::Invalid { field: "side to move", message: message.into() }, f.span()))
}

/// The book chapter on per-piece attributes and row order, whose examples
/// run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/src/per-piece-attributes.md")]
pub struct PerPieceAttributesChapter;
