//! The letters of a placement as a value: [`Alphabet`], which the careful
//! reader and the general writer are written over. A [`Variant`] is one
//! through an adapter whose answers are its constants, so that its
//! code is what it was; a game whose board and letters are known only at run
//! time (a game read from a variants file) implements [`Alphabet`] itself
//! and reads and writes with [`decode_placement_in`](super::decode_placement_in)
//! and [`encode_placement_in`](super::encode_placement_in).

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

/// A [`Variant`]'s letters as an [`Alphabet`]: with no write options for
/// reading (it writes nothing), with the options to write with for writing.
pub(super) struct Letters<'a, V: Variant>(pub(super) Option<&'a V::WriteOptions>);

impl<V: Variant> Alphabet for Letters<'_, V> {
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
        if let Some(options) = self.0 {
            V::write_piece(piece, options, out);
        }
    }

    #[inline]
    fn notation_name(&self) -> &'static str {
        V::NOTATION_NAME
    }
}
