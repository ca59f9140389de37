//! Per-piece attributes (Khet's rotations): a field with one letter per
//! placed piece, zipped onto the pieces in the order the placement writes
//! them.

use super::{Leniency, Repair, RepairKind};
use crate::error::{ParseError, ParseErrorKind, count};
use crate::variant::Variant;

/// Zips a per-piece attribute field onto the pieces of `board`, in the order
/// the placement writes them.
///
/// `offset` is the byte offset of `field` in the whole line.
///
/// # Errors
///
/// A letter the variant does not know as an attribute, or (unless
/// [`Leniency::attribute_count`]) a field whose length differs from the
/// number of pieces.
pub fn decode_attributes<V: Variant>(
    field: &str,
    offset: usize,
    leniency: &Leniency,
    board: &mut [Option<V::Piece>],
    repairs: &mut Vec<Repair>,
) -> Result<(), ParseError> {
    let Some(attr) = V::ATTRIBUTE else {
        return Ok(());
    };
    let spec = &V::SPEC;
    // `-` is the field of a board without pieces
    let bytes = if field == "-" && board.iter().all(Option::is_none) { &[] } else { field.as_bytes() };
    let mut next = 0usize;
    let mut pieces = 0u32;
    let mut dropped = 0u32;
    for index in spec.written_order() {
        let Some(cell) = board.get_mut(index) else {
            continue;
        };
        let Some(piece) = cell.as_mut() else {
            continue;
        };
        pieces += 1;
        match bytes.get(next) {
            Some(&b) => {
                if !V::apply_attribute(piece, b) {
                    return Err(ParseError::unexpected(field, next, attr.field, attr.expected).shifted(offset));
                }
                next += 1;
            }
            None if leniency.attribute_count => {
                *cell = None;
                dropped += 1;
            }
            None => {
                let count = pieces
                    + spec
                        .written_order()
                        .skip_while(|&i| i != index)
                        .skip(1)
                        .filter(|&i| board.get(i).is_some_and(Option::is_some))
                        .count() as u32;
                return Err(ParseError::new(
                    ParseErrorKind::AttributeCount {
                        pieces: count,
                        attributes: bytes.len() as u32,
                        attribute_word: attr.plural,
                        attribute_singular: attr.singular,
                    },
                    offset + bytes.len()..offset + bytes.len(),
                ));
            }
        }
    }
    if dropped > 0 {
        repairs.push(Repair::of(
            RepairKind::Attribute,
            offset + bytes.len()..offset + bytes.len(),
            format!("dropped {} that had no {}", count(dropped as usize, "", "piece", "pieces"), attr.singular),
        ));
    }
    if next < bytes.len() {
        if leniency.attribute_count {
            repairs.push(Repair::of(
                RepairKind::Attribute,
                offset + next..offset + bytes.len(),
                format!("ignored {}", count(bytes.len() - next, "extra ", attr.singular, attr.plural)),
            ));
        } else {
            return Err(ParseError::new(
                ParseErrorKind::AttributeCount {
                    pieces,
                    attributes: bytes.len() as u32,
                    attribute_word: attr.plural,
                    attribute_singular: attr.singular,
                },
                offset + next..offset + bytes.len(),
            ));
        }
    }
    Ok(())
}

/// Writes the per-piece attribute field of `board` onto `out`: one letter
/// per piece in the order the placement writes them, `-` for a board
/// without pieces.
pub fn encode_attributes<V: Variant>(board: &[Option<V::Piece>], options: &V::WriteOptions, out: &mut String) {
    // an empty field would be no field to a reader: `-` says "no pieces"
    if board.iter().all(Option::is_none) {
        out.push('-');
        return;
    }
    for index in V::SPEC.written_order() {
        if let Some(piece) = board.get(index).copied().flatten()
            && let Some(b) = V::attribute(piece, options)
        {
            out.push(b as char);
        }
    }
}
