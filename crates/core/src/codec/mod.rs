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
//! The files say what each holds: the spec types in
//! `spec.rs`, the careful reader in `read.rs`, the strict reader's fast paths
//! in `fast.rs`, the writers in `write.rs` and per-piece attributes in
//! `attributes.rs`.

mod attributes;
mod fast;
mod read;
mod spec;
mod write;

pub use attributes::{decode_attributes, encode_attributes};
pub use read::{decode_placement, decode_placement_field};
pub use spec::{AttributeSpec, Leniency, PlacementSpec, Repair, RepairKind, RowOrder, WriteStyle};
pub use write::encode_placement;

#[cfg(test)]
mod tests;
