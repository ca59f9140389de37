//! The JSON Schemas of a position (`docs/polyfen.schema.json`) and of a
//! game record (`docs/game.schema.json`), filled from the list of games.
//!
//! The files in `docs/` say what every game shares and name no game: where
//! a schema lists ids (the games, their notations, their rules variants,
//! their ends) it carries `"x-polyfen-ids": "<list>"`, and the position
//! schema carries `"x-polyfen-fill": "games"` where each game's own
//! definition goes. [`fill`] replaces each marker with the ids of the
//! library, so that a game added to the list of games is in every schema
//! and document without an edit of any of them; the service fills its
//! `OpenAPI` document the same way.

use serde_json::{Map, Value};
use strum::IntoEnumIterator;

use crate::records::RecordFormat;
use crate::{MoveNotation, Notation, RenderStyle, VariantId, letter_sets};

/// `docs/polyfen.schema.json` as written: what every game's position has.
pub const POSITION_SHARED: &str = include_str!("../../../docs/polyfen.schema.json");
/// `docs/game.schema.json` as written: a game record of any game.
pub const GAME_SHARED: &str = include_str!("../../../docs/game.schema.json");

/// The ends every game may reach ([`polyfen_game::GameStatus`] but its
/// `Ended`), by id.
const SHARED_ENDS: &[&str] =
    &["ongoing", "checkmate", "stalemate", "insufficient-material", "fifty-moves", "pharaoh-lost"];

/// The ids a marker `"x-polyfen-ids": name` stands for, in the library's
/// order without repeats; `None` for a name no list has.
#[must_use]
pub fn ids(name: &str) -> Option<Vec<&'static str>> {
    let mut ids: Vec<&'static str> = match name {
        "games" => VariantId::iter().map(<&'static str>::from).collect(),
        "notations" => Notation::iter().map(<&'static str>::from).collect(),
        "move-notations" => MoveNotation::iter().map(<&'static str>::from).collect(),
        "styles" => RenderStyle::iter().map(<&'static str>::from).collect(),
        "rules" => VariantId::iter().flat_map(|v| v.rules().iter().map(|r| r.id).collect::<Vec<_>>()).collect(),
        "statuses" => SHARED_ENDS.iter().copied().chain(VariantId::iter().flat_map(VariantId::ends).copied()).collect(),
        "letter-sets" => letter_sets(),
        "record-formats" => RecordFormat::ALL.iter().map(|f| f.name()).collect(),
        "switches" => VariantId::iter().flat_map(|v| v.rule_switches().iter().map(|s| s.name)).collect(),
        _ => return None,
    };
    let mut seen = std::collections::HashSet::new();
    ids.retain(|id| seen.insert(*id));
    Some(ids)
}

/// Replaces every marker in `schema` with what it stands for: each
/// `"x-polyfen-ids"` with an `enum` of those ids, and each
/// `"x-polyfen-fill": "games"` with a `oneOf` of every game's definition
/// (its [`polyfen_game::GamePosition::JSON_SCHEMA`], added to `$defs` under
/// the game's id).
///
/// # Panics
///
/// When a marker names no list or a game's schema is not JSON: both are
/// files of the library, which its tests read.
pub fn fill(schema: &mut Value) {
    match schema {
        Value::Object(object) => {
            if let Some(name) = object.remove("x-polyfen-ids") {
                let name = name.as_str().unwrap_or_default();
                let ids = ids(name).unwrap_or_else(|| panic!("no list of ids is named {name}"));
                object.insert("enum".into(), ids.into_iter().map(Value::from).collect());
            }
            if let Some(what) = object.remove("x-polyfen-fill") {
                assert_eq!(what, "games", "only the games are filled in");
                fill_games(object);
            }
            object.values_mut().for_each(fill);
        }
        Value::Array(items) => items.iter_mut().for_each(fill),
        _ => {}
    }
}

/// Adds each game's definition to `schema`'s `$defs` and a `oneOf` of them.
fn fill_games(schema: &mut Map<String, Value>) {
    let defs = schema.entry("$defs").or_insert_with(|| Value::Object(Map::new()));
    let mut refs = Vec::new();
    for variant in VariantId::iter() {
        let id: &str = variant.into();
        let def: Value = serde_json::from_str(variant.json_schema())
            .unwrap_or_else(|e| panic!("the JSON schema of {id} is not JSON: {e}"));
        if let Value::Object(defs) = defs {
            defs.insert(id.to_owned(), def);
        }
        refs.push(serde_json::json!({ "$ref": format!("#/$defs/{id}") }));
    }
    schema.insert("oneOf".into(), Value::Array(refs));
}

/// A schema text filled (see [`fill`]).
fn filled(text: &str) -> Value {
    let mut schema: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("a schema of the library: {e}"));
    fill(&mut schema);
    schema
}

/// The JSON Schema of a position's JSON form (`polyfen convert --to
/// json`), every game's own fields included.
#[must_use]
pub fn position() -> Value {
    filled(POSITION_SHARED)
}

/// The JSON Schema of a game record's JSON form (`polyfen games convert
/// --to json`), with the ids of every game.
#[must_use]
pub fn game() -> Value {
    filled(GAME_SHARED)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_marker_is_filled_and_names_a_list() {
        fn markers(value: &Value) -> usize {
            match value {
                Value::Object(o) => {
                    usize::from(o.contains_key("x-polyfen-ids") || o.contains_key("x-polyfen-fill"))
                        + o.values().map(markers).sum::<usize>()
                }
                Value::Array(a) => a.iter().map(markers).sum(),
                _ => 0,
            }
        }
        for text in [POSITION_SHARED, GAME_SHARED] {
            let shared: Value = serde_json::from_str(text).unwrap();
            assert!(markers(&shared) > 0);
            let mut schema = shared.clone();
            fill(&mut schema);
            assert_eq!(markers(&schema), 0);
        }
        assert!(ids("nothing").is_none());
        assert_eq!(ids("games").unwrap().len(), VariantId::iter().count());
    }

    #[test]
    fn the_position_schema_has_a_definition_per_game() {
        let schema = position();
        let refs = schema["oneOf"].as_array().unwrap();
        assert_eq!(refs.len(), VariantId::iter().count());
        for variant in VariantId::iter() {
            let id: &str = variant.into();
            assert_eq!(schema["$defs"][id]["properties"]["variant"]["const"], id);
        }
        assert!(schema["$defs"]["count"].is_object(), "the shared definitions stay");
    }
}
