//! The [`Variant`] trait and the generic [`Setup`] every notation reads into.

use core::fmt;
use core::str::FromStr;

use crate::codec::{self, AttributeSpec, Leniency, PlacementSpec, Repair, WriteStyle};
use crate::color::Color;
use crate::error::{ParseError, ParseErrorKind};
use crate::fields::Fields;
use crate::hand::{Hand, HandSpec};

/// The static facts of one board game's FEN-style notation.
///
/// A variant is a marker type. Its constants and associated types make the
/// generic codec into that game's parser and writer, monomorphized so that
/// nothing is looked up at run time. Implementing it for a new game means
/// giving the board size and row order ([`Variant::SPEC`]), the piece
/// alphabet ([`Variant::piece_from_ascii`], [`Variant::write_piece`]), and
/// the fields after the placement ([`Variant::parse_extras`],
/// [`Variant::write_extras`]); see `tests/src/minishogi.rs` for a complete
/// example in under 150 lines.
pub trait Variant: Sized + 'static {
    /// The variant's id: `chess`, `xiangqi`, `khet`.
    const ID: &'static str;
    /// Board size, row order, run digits and separator.
    const SPEC: PlacementSpec;
    /// How people name the two sides, white's first: `["white", "black"]`.
    const COLOR_NAMES: [&'static str; 2];
    /// The per-piece attribute field, if the notation has one (Khet's
    /// rotations). It follows the placement as the second field.
    const ATTRIBUTE: Option<AttributeSpec> = None;

    /// The pocket a placement may end with (crazyhouse's `…/RNBQKBNR[Qn]`,
    /// or written as one row more): when set, [`Setup::parse_with`] reads
    /// it and hands it to [`Variant::parse_extras_with_pocket`], and
    /// [`Setup::write`] writes [`Variant::pocket`] in brackets after the
    /// placement. A hand written as a field of its own (Shogi's SFEN) is no
    /// pocket: the variant reads it in [`Variant::parse_extras`] with
    /// [`codec::decode_hand`].
    const POCKET: Option<HandSpec> = None;

    /// The notation's name in messages: `standard chess FEN`.
    const NOTATION_NAME: &'static str = "this notation";

    /// What [`Setup::parse_lenient`] accepts: the lenient forms that make
    /// sense for this notation (all of them unless the variant says less).
    const LENIENCY: Leniency = Leniency::ALL;

    /// A piece on the board, with whatever the notation says of it.
    type Piece: Copy + Eq + fmt::Debug;
    /// The board: [`PlacementSpec::cells`] cells, indexed
    /// `rank * files + file` from the first player's side.
    type Board: Clone + Eq + fmt::Debug + AsRef<[Option<Self::Piece>]> + AsMut<[Option<Self::Piece>]>;
    /// Everything the notation says besides the board (side to move, ...).
    type Extras: Clone + Eq + fmt::Debug;
    /// Choices a writer offers (letter sets, castling style, ...).
    type WriteOptions: Default;
    /// One broken rule found by [`Variant::validate`].
    type Violation: fmt::Display + fmt::Debug + Clone + Eq;

    /// A board with no pieces.
    fn empty_board() -> Self::Board;

    /// The piece a letter stands for; `promoted` when the letter followed
    /// [`PlacementSpec::prefix`].
    fn piece_from_ascii(letter: u8, promoted: bool) -> Option<Self::Piece>;

    /// Writes a piece's letters.
    fn write_piece(piece: Self::Piece, options: &Self::WriteOptions, out: &mut String);

    /// A cell as one byte for the writer's fast path: 0 for an empty cell,
    /// the piece's letter (ASCII) for a piece written as one letter, or
    /// `None` to write through [`Variant::write_piece`]. Variants that can
    /// should answer from a table that covers empty cells too, so that the
    /// writer never branches on what a cell holds.
    fn cell_letter(cell: Option<Self::Piece>, options: &Self::WriteOptions) -> Option<u8> {
        let _ = (cell, options);
        None
    }

    /// The side a piece belongs to.
    fn piece_color(piece: Self::Piece) -> Color;

    /// How the placement is written with `options` (for example a legacy
    /// dialect that leaves empty rows blank).
    fn write_style(options: &Self::WriteOptions) -> WriteStyle {
        let _ = options;
        WriteStyle::default()
    }

    /// Sets a piece's attribute from its letter; `false` if the letter is
    /// not an attribute.
    fn apply_attribute(piece: &mut Self::Piece, letter: u8) -> bool {
        let _ = (piece, letter);
        false
    }

    /// A piece's attribute letter.
    fn attribute(piece: Self::Piece, options: &Self::WriteOptions) -> Option<u8> {
        let _ = (piece, options);
        None
    }

    /// Reads the fields after the placement (and after the attribute field,
    /// if any). Missing trailing fields take their defaults.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the field that is wrong.
    fn parse_extras(
        fields: &mut Fields<'_>,
        board: &Self::Board,
        leniency: &Leniency,
        repairs: &mut Vec<Repair>,
    ) -> Result<Self::Extras, ParseError>;

    /// Reads the fields after the placement as [`Variant::parse_extras`]
    /// does, given the pocket written with the placement, if any (only for
    /// a variant with a [`Variant::POCKET`]; the default ignores the
    /// pocket, which is never given to a variant without one).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the field that is wrong.
    fn parse_extras_with_pocket(
        pocket: Option<Hand>,
        fields: &mut Fields<'_>,
        board: &Self::Board,
        leniency: &Leniency,
        repairs: &mut Vec<Repair>,
    ) -> Result<Self::Extras, ParseError> {
        let _ = pocket;
        Self::parse_extras(fields, board, leniency, repairs)
    }

    /// The pocket [`Setup::write`] writes after the placement (only for a
    /// variant with a [`Variant::POCKET`]); `None` writes none.
    fn pocket(extras: &Self::Extras) -> Option<&Hand> {
        let _ = extras;
        None
    }

    /// Writes the fields after the placement, each preceded by a space.
    fn write_extras(extras: &Self::Extras, board: &Self::Board, options: &Self::WriteOptions, out: &mut String);

    /// Every rule the setup breaks; empty when it is a legal position.
    fn validate(setup: &Setup<Self>) -> Vec<Self::Violation>;
}

/// A board and the notation's other fields: what a FEN-style string says,
/// checked for syntax only.
///
/// Parse with [`str::parse`] (strict) or [`Setup::parse_lenient`]; write with
/// `Display` or [`Setup::write`]; check the rules with [`Setup::validate`].
pub struct Setup<V: Variant> {
    /// The pieces, indexed `rank * files + file`.
    pub board: V::Board,
    /// Everything else.
    pub extras: V::Extras,
}

impl<V: Variant> Clone for Setup<V> {
    fn clone(&self) -> Self {
        Setup { board: self.board.clone(), extras: self.extras.clone() }
    }
}

impl<V: Variant> PartialEq for Setup<V> {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board && self.extras == other.extras
    }
}

impl<V: Variant> Eq for Setup<V> {}

impl<V: Variant> fmt::Debug for Setup<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Setup")
            .field("variant", &V::ID)
            .field("board", &self.board)
            .field("extras", &self.extras)
            .finish()
    }
}

impl<V: Variant> Setup<V> {
    /// Reads a setup, accepting the lenient forms `leniency` allows and
    /// pushing what was repaired onto `repairs`.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the byte span of the first thing that does not fit.
    pub fn parse_with(input: &str, leniency: &Leniency, repairs: &mut Vec<Repair>) -> Result<Setup<V>, ParseError> {
        let start = input.bytes().position(|b| !b.is_ascii_whitespace()).unwrap_or(input.len());
        if start == input.len() {
            return Err(ParseError::new(ParseErrorKind::Empty { expected: "a placement" }, 0..0));
        }
        let mut board = V::empty_board();
        let (pocket, end) = if V::POCKET.is_some() {
            let len = input[start..].bytes().position(|b| b.is_ascii_whitespace()).unwrap_or(input.len() - start);
            let text = &input[start..start + len];
            let (_, pocket) = codec::decode_placement_pocket::<V>(text, start, leniency, board.as_mut(), repairs)?;
            (pocket, start + len)
        } else {
            let (_, end) = codec::decode_placement_field::<V>(input, start, leniency, board.as_mut(), repairs)?;
            (None, end)
        };
        let mut fields = Fields::starting_at(input, end);
        if let Some(attr) = V::ATTRIBUTE {
            let field = fields.expect(attr.field, attr.expected)?;
            codec::decode_attributes::<V>(field.text, field.start, leniency, board.as_mut(), repairs)?;
        }
        let extras = if V::POCKET.is_some() {
            V::parse_extras_with_pocket(pocket, &mut fields, &board, leniency, repairs)?
        } else {
            V::parse_extras(&mut fields, &board, leniency, repairs)?
        };
        Ok(Setup { board, extras })
    }

    /// Reads a setup with the variant's lenient forms
    /// ([`Variant::LENIENCY`]), returning what was repaired.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] for what even a lenient reader cannot read.
    pub fn parse_lenient(input: &str) -> Result<(Setup<V>, Vec<Repair>), ParseError> {
        let mut repairs = Vec::new();
        let setup = Setup::parse_with(input, &V::LENIENCY, &mut repairs)?;
        Ok((setup, repairs))
    }

    /// Writes the setup with `options` onto `out`.
    pub fn write(&self, options: &V::WriteOptions, out: &mut String) {
        codec::encode_placement::<V>(self.board.as_ref(), options, V::write_style(options), out);
        if let (Some(spec), Some(pocket)) = (V::POCKET, V::pocket(&self.extras)) {
            out.push('[');
            codec::encode_hand(&spec, pocket, out);
            out.push(']');
        }
        if V::ATTRIBUTE.is_some() {
            out.push(' ');
            codec::encode_attributes::<V>(self.board.as_ref(), options, out);
        }
        V::write_extras(&self.extras, &self.board, options, out);
    }

    /// The setup written with `options`.
    #[must_use]
    pub fn to_string_with(&self, options: &V::WriteOptions) -> String {
        let mut out = String::with_capacity(96);
        self.write(options, &mut out);
        out
    }

    /// Every rule the setup breaks; empty when it is a legal position.
    #[must_use]
    pub fn validate(&self) -> Vec<V::Violation> {
        V::validate(self)
    }

    /// The piece on cell (`file`, `rank`), both from 0 at the first
    /// player's lower left; `None` for an empty or off-board cell.
    #[must_use]
    pub fn piece_at(&self, file: u8, rank: u8) -> Option<V::Piece> {
        if file >= V::SPEC.files || rank >= V::SPEC.ranks {
            return None;
        }
        let index = rank as usize * V::SPEC.files as usize + file as usize;
        self.board.as_ref().get(index).copied().flatten()
    }
}

impl<V: Variant> FromStr for Setup<V> {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        Setup::parse_with(s, &Leniency::default(), &mut Vec::new())
    }
}

impl<V: Variant> fmt::Display for Setup<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_string_with(&V::WriteOptions::default()))
    }
}
