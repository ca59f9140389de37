//! The generic core of polyfen.
//!
//! Every notation polyfen reads writes a board the same way: rows of cells,
//! digits for runs of empty cells, a separator between rows, then a few
//! fields. This crate holds that one idea:
//!
//! - [`Variant`]: the static facts of one game's notation (board size, row
//!   order, piece alphabet, the fields after the placement, validation);
//! - [`codec`]: the one placement codec, driven by a [`PlacementSpec`] and a
//!   [`Leniency`], with per-piece attributes as a first-class field;
//! - [`Hand`]: pieces held off the board, written as a [`HandSpec`] says;
//! - [`Setup`]: a board plus the other fields, generic over the variant;
//! - [`ParseError`]: what went wrong and the byte span where;
//! - [`MoveRepair`]: a move read in a non-standard form, as the lenient move
//!   readers of every game report it, and [`MoveParseError`]: a move that
//!   could not be read as a legal one, with the candidates it may have meant;
//! - [`PositionError`]: the violations that keep a setup from being played;
//! - [`letter_table!`]: a game's 256-entry letter table, built from its
//!   alphabet, and [`const_for!`]: the loop of such compile-time tables.
//!
//! The core does no I/O.

pub mod codec;
pub mod color;
pub mod error;
pub mod fields;
pub mod hand;
mod letters;
pub mod moves;
pub mod perft;
pub mod position_error;
pub mod square;
pub mod swar;
pub mod variant;

/// Implements [`Display`](core::fmt::Display) for a type of named values
/// (notations, styles, statuses) whose method `$name` answers the name, a
/// `&'static str`: written as is, or with `pad` padded to the width and
/// alignment asked for (`{:<8}`); with `pad, str` the type also is that
/// name as a string ([`AsRef<str>`], and `&'static str` from the value or a
/// reference to it).
///
/// ```ignore
/// polyfen_core::display_name!(GameStatus, id, pad, str);
/// ```
#[macro_export]
macro_rules! display_name {
    ($type:ty, $name:ident) => {
        impl ::core::fmt::Display for $type {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.$name())
            }
        }
    };
    ($type:ty, $name:ident, pad) => {
        impl ::core::fmt::Display for $type {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.pad(self.$name())
            }
        }
    };
    ($type:ty, $name:ident, pad, str) => {
        $crate::display_name!($type, $name, pad);

        impl ::core::convert::AsRef<str> for $type {
            fn as_ref(&self) -> &str {
                self.$name()
            }
        }

        impl ::core::convert::From<$type> for &'static str {
            fn from(value: $type) -> &'static str {
                value.$name()
            }
        }

        impl ::core::convert::From<&$type> for &'static str {
            fn from(value: &$type) -> &'static str {
                value.$name()
            }
        }
    };
}

/// Implements [`FromStr`](core::str::FromStr) for a type of named values
/// whose constant `ALL` lists every value and whose method `$name` answers
/// a value's name: a text is read, in any case, as the value it names;
/// `$unknown` makes the error of any other text from it.
///
/// ```ignore
/// polyfen_core::from_name!(BoardNotation, name, UnknownBoardNotation, |s: &str| UnknownBoardNotation(s.to_owned()));
/// ```
#[macro_export]
macro_rules! from_name {
    ($type:ty, $name:ident, $error:ty, $unknown:expr) => {
        impl ::core::str::FromStr for $type {
            type Err = $error;

            fn from_str(s: &str) -> ::core::result::Result<$type, $error> {
                <$type>::ALL
                    .into_iter()
                    .find(|value| s.eq_ignore_ascii_case(value.$name()))
                    .ok_or_else(|| ($unknown)(s))
            }
        }
    };
}

pub use codec::{AttributeSpec, Leniency, PlacementSpec, Repair, RepairKind, RowOrder, WriteStyle};
pub use color::Color;
pub use error::{MAX_MESSAGE, ParseError, ParseErrorKind, char_column, nearest};
pub use fields::{Field, Fields};
pub use hand::{Hand, HandSpec, HandStyle};
pub use moves::{Candidate, ListedMove, MoveErrorMessage, MoveList, MoveParseError, MoveRepair};
pub use perft::{PathSampler, PerftTree, PerftWatch, Stopped};
pub use position_error::PositionError;
pub use square::{Square, SquareError};
pub use variant::{Setup, Variant};

/// The chapter "Hands and promoted pieces: what SFEN adds to FEN" of the
/// book, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/src/hands.md")]
pub struct HandsChapter;
