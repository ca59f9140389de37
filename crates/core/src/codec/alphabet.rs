//! The letters of a placement as a value: [`Alphabet`], which the careful
//! reader and the general writer are written over. A [`Variant`] is one
//! through a zero-sized adapter whose answers are its constants, so that its
//! code is what it was; a game whose board and letters are known only at run
//! time (a game read from a variants file) implements [`Alphabet`] itself
//! and reads and writes with [`decode_placement_in`](super::decode_placement_in)
//! and [`encode_placement_in`](super::encode_placement_in).

use core::marker::PhantomData;

use super::PlacementSpec;
use crate::variant::Variant;

/// A placement's spec and piece letters, known at run time.
pub trait Alphabet {
    /// A piece on the board.
    type Piece: Copy;

    /// Board size, row order, run digits and separator.
    fn spec(&self) -> &PlacementSpec;

    /// The piece `letter` stands for; `prefixed` when it followed
    /// [`PlacementSpec::prefix`], `suffixed` when
    /// [`PlacementSpec::suffix`] follows it.
    fn piece(&self, letter: u8, prefixed: bool, suffixed: bool) -> Option<Self::Piece>;

    /// Writes a piece's letters.
    fn write_piece(&self, piece: Self::Piece, out: &mut String);

    /// Whether a run of empty cells is written as a decimal number of any
    /// length (`12` on a board of 12 files or more), as Fairy-Stockfish
    /// writes it, rather than one digit a run.
    fn decimal_runs(&self) -> bool {
        false
    }

    /// The notation's name in messages.
    fn notation_name(&self) -> &'static str {
        "this notation"
    }
}

/// A [`Variant`]'s letters as an [`Alphabet`] (reading).
pub(super) struct Letters<V>(PhantomData<V>);

impl<V> Letters<V> {
    pub(super) const fn new() -> Self {
        Letters(PhantomData)
    }
}

impl<V: Variant> Alphabet for Letters<V> {
    type Piece = V::Piece;

    #[inline]
    fn spec(&self) -> &PlacementSpec {
        &V::SPEC
    }

    #[inline]
    fn piece(&self, letter: u8, prefixed: bool, suffixed: bool) -> Option<V::Piece> {
        V::piece_from_ascii(letter, prefixed || suffixed)
    }

    fn write_piece(&self, _piece: V::Piece, _out: &mut String) {}

    #[inline]
    fn notation_name(&self) -> &'static str {
        V::NOTATION_NAME
    }
}

/// A [`Variant`]'s letters with its write options, as an [`Alphabet`]
/// (writing).
pub(super) struct Writer<'a, V: Variant>(pub(super) &'a V::WriteOptions);

impl<V: Variant> Alphabet for Writer<'_, V> {
    type Piece = V::Piece;

    #[inline]
    fn spec(&self) -> &PlacementSpec {
        &V::SPEC
    }

    #[inline]
    fn piece(&self, letter: u8, prefixed: bool, suffixed: bool) -> Option<V::Piece> {
        V::piece_from_ascii(letter, prefixed || suffixed)
    }

    #[inline]
    fn write_piece(&self, piece: V::Piece, out: &mut String) {
        V::write_piece(piece, self.0, out);
    }
}
