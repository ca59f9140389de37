//! What each input's answer looks like: `{"ok": ...}` or `{"error": ...}`
//! (an [`ItemError`], from a rules error too, with the move and the
//! column it is about), a batch's `{"results": [...]}`, one item as a line
//! of NDJSON, and the repairs of a lenient reading. Only shapes and their
//! serialization: no reading, no budgets, nothing run on the pool.

use polyfen::RuleError;
use polyfen::polyfen_core::Repair;
use polyfen::{Notation, RulesError};
use serde::Serialize;

/// What went wrong with one input.
#[derive(Debug, Default, Serialize)]
pub(crate) struct ItemError {
    /// What is wrong, in words.
    pub(crate) message: String,
    /// The 1-based character column in the input (or in the move, for a
    /// move error) the message is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) column: Option<usize>,
    /// The notation the input was read as.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) notation: Option<&'static str>,
    /// For `move`: which move of the list (from 1).
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub(crate) move_number: Option<usize>,
    /// For an illegal or ambiguous move: the legal moves it may have meant.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) candidates: Vec<String>,
}

impl ItemError {
    pub(crate) fn message(message: impl Into<String>) -> ItemError {
        ItemError { message: message.into(), ..ItemError::default() }
    }

    pub(crate) fn with_notation(mut self, notation: Notation) -> ItemError {
        self.notation = Some(notation.into());
        self
    }
}

/// The answer for one input.
#[derive(Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Item<T> {
    Ok(T),
    Error(ItemError),
}

/// A repair a lenient reading made.
#[derive(Debug, Serialize)]
pub(crate) struct RepairOut {
    column: usize,
    message: String,
}

pub(crate) fn repairs_out(input: &str, repairs: &[Repair]) -> Vec<RepairOut> {
    repairs
        .iter()
        .map(|r| RepairOut { column: polyfen::char_column(input, r.span.start), message: r.message.to_string() })
        .collect()
}

/// A rules error as an item error; a move error carries the move's number,
/// the column in the move text and the candidates.
pub(crate) fn rules_error(error: &RulesError, moves: Option<&[String]>) -> ItemError {
    let mut item = ItemError::message(error.to_string());
    if let RulesError::Rule(RuleError::Move { index, error: move_error }) = error {
        item.move_number = Some(index + 1);
        item.candidates.clone_from(&move_error.candidates);
        if let Some(text) = moves.and_then(|moves| moves.get(*index)) {
            item.column = Some(polyfen::char_column(text, move_error.span.start));
        }
    }
    item
}

/// One item as a line of NDJSON.
#[cfg(feature = "service")]
pub(crate) fn line<T: Serialize>(item: &Item<T>) -> Vec<u8> {
    let mut line = serde_json::to_vec(item).unwrap_or_else(|e| {
        serde_json::to_vec(&Item::<()>::Error(ItemError::message(format!("cannot write the answer: {e}"))))
            .unwrap_or_default()
    });
    line.push(b'\n');
    line
}

#[derive(Serialize)]
pub(crate) struct Results<T> {
    pub(crate) results: Vec<Item<T>>,
}

pub(crate) fn item<T>(result: Result<T, ItemError>) -> Item<T> {
    match result {
        Ok(value) => Item::Ok(value),
        Err(error) => Item::Error(error),
    }
}

/// One input's answer: 200 when it succeeded, 422 when it failed.
#[cfg(feature = "service")]
pub(crate) fn one<T: Serialize>(result: Result<T, ItemError>) -> axum::response::Response {
    use axum::http::StatusCode;
    use axum::response::IntoResponse as _;
    let status = if result.is_ok() { StatusCode::OK } else { StatusCode::UNPROCESSABLE_ENTITY };
    (status, axum::Json(item(result))).into_response()
}
