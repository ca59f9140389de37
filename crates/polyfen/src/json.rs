//! The JSON form of a position.
//!
//! One object per position, tagged by `variant` (`chess`, `xiangqi`,
//! `khet`). The board is an object from square names to piece letters (only
//! occupied squares appear); the other fields are the variant's own, named in
//! words. Every field a notation holds is there, so a position goes from a
//! notation to JSON and back without loss. The schema is documented in the
//! book's JSON chapter and in `docs/polyfen.schema.json`.
//!
//! ```json
//! {"variant":"chess","board":{"e1":"K","e8":"k"},"side_to_move":"white",
//!  "castling":"-","en_passant":null,"halfmove_clock":0,"fullmove_number":1}
//! {"variant":"xiangqi","board":{"e0":"K","e9":"k"},"side_to_move":"red",
//!  "halfmove_clock":0,"fullmove_number":1,"marker":{"row":0,"col":4}}
//! {"variant":"khet","board":{"j1":"X","a8":"x"},"facing":{"j1":"n","a8":"s"},
//!  "side_to_move":"silver","turn_counter":0}
//! ```
//!
//! [`from_json`] reports a value that is no part of a position with the
//! byte span of that value, so that a tool can print its column.

use polyfen_game::json::{at_value, json_error, read_document};
use serde::Deserialize;
use strum::IntoEnumIterator;

use crate::any::read_document as read_game_document;
pub use crate::ids::JsonPosition;
use crate::{AnyPosition, VariantId};
use polyfen_core::ParseError;

/// The `variant` of a document, read first to pick the game.
#[derive(Deserialize)]
struct Tag {
    variant: Option<String>,
}

/// The game ids in words: `"chess", "xiangqi" or "khet"`.
fn game_ids() -> String {
    let ids: Vec<String> = VariantId::iter().map(|v| format!("{:?}", <&str>::from(v))).collect();
    match ids.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Reads a position from its JSON form.
///
/// # Errors
///
/// A [`ParseError`] for malformed JSON (at serde's line and column), or for
/// a value that is no part of a position, pointing at that value.
pub fn from_json(input: &str) -> Result<AnyPosition, ParseError> {
    let start = input.len() - input.trim_start().len();
    if !input[start..].starts_with('{') {
        let message = "a JSON position is an object, written from '{' to '}'".to_owned();
        return Err(json_error(message, start..start + input[start..].chars().next().map_or(0, char::len_utf8)));
    }
    let tag: Tag = read_document(input)?;
    match tag.variant.as_deref() {
        Some(variant) => read_game_document(variant, input).unwrap_or_else(|| {
            Err(at_value(input, &["variant"], format!("variant {variant:?} is not {}", game_ids())))
        }),
        None => Err(json_error(format!("missing field `variant` ({})", game_ids()), start..start)),
    }
}
