//! The one placement codec: a board written as rows of cells, driven by data.
//!
//! Chess FEN, Xiangqi FEN and Khet PKN all write a board as rows separated
//! by `/`, with digits for runs of empty cells. They differ only in the
//! numbers and letters, which a [`PlacementSpec`] holds; the piece alphabet
//! comes from the [`Variant`](crate::Variant). Lenient dialects are a [`Leniency`], not
//! another parser, and every repair a lenient read makes is reported as a
//! [`Repair`].
//!
//! Per-piece attributes (Khet's rotations) are a first-class part of the
//! codec: a separate field with one letter per placed piece, zipped onto the
//! pieces in the order the placement writes them ([`decode_attributes`],
//! [`encode_attributes`]).
//!
//! A hand (pieces held off the board: Shogi's, crazyhouse's pocket) is read
//! and written for a [`HandSpec`](crate::HandSpec) by [`decode_hand`] and
//! [`encode_hand`]; a pocket written with the board (`…/RNBQKBNR[Qn]`, or as
//! one row more) is split off by [`decode_placement_pocket`].
//!
//! A game whose board and letters are known only at run time (a game read
//! from a variants file) gives them as an [`Alphabet`] value and reads and
//! writes with [`decode_placement_in`] and [`encode_placement_in`]; a
//! [`Variant`](crate::Variant) goes through the same careful reader and
//! general writer with its constants, monomorphized as before.
//!
//! The files say what each holds: the spec types in
//! `spec.rs`, the careful reader in `read.rs`, the strict reader's fast paths
//! in `fast.rs`, the writers in `write.rs` and per-piece attributes in
//! `attributes.rs`, the hand in `hand.rs`, the run-time alphabet in `alphabet.rs`.

mod alphabet;
mod attributes;
mod fast;
mod hand;
mod read;
mod spec;
mod write;

pub use alphabet::Alphabet;
pub use attributes::{decode_attributes, encode_attributes};
pub use hand::{decode_hand, encode_hand};
pub use read::{decode_placement, decode_placement_field, decode_placement_in, decode_placement_pocket};
pub use spec::{AttributeSpec, Leniency, PlacementSpec, Repair, RepairKind, RowOrder, WriteStyle};
pub use write::{encode_placement, encode_placement_in};

#[cfg(test)]
mod hand_tests;
#[cfg(test)]
mod tests;
