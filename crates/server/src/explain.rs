//! `POST /v1/explain`: a position (or a move, given with its position) cut
//! into parts, with the position in every notation of its game and the move
//! in every move notation of its game.

use http::StatusCode;
use polyfen::RuleError;
use polyfen::explain::{Explanation, explain, explain_move_at, move_forms};
use polyfen::{AnyPosition, Notation, Position, ReadOptions, RulesError, VariantId, WriteOptions, read};
use serde::{Deserialize, Serialize};
use strum::IntoEnumIterator;

use crate::refusal::{Refusal, too_big_reply};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplainRequest {
    /// A position, or with `position` a move.
    input: String,
    /// The notation of the position (default: detected).
    from: Option<String>,
    /// Read the position leniently, each repair on its part.
    #[serde(default)]
    lenient: bool,
    /// The position `input` is a move of (`VARIANT:NAME` names a setup).
    position: Option<String>,
    /// The rules variant of its game the position is read under (any name
    /// of it).
    rules: Option<String>,
    /// The text of a variants file defining games for this request alone.
    variants: Option<String>,
}

/// The position (or move) written in one notation.
#[derive(Debug, Serialize)]
struct Form {
    notation: String,
    text: String,
    /// What the notation cannot hold, in words.
    warnings: Vec<String>,
}

#[derive(Debug, Serialize)]
struct Explained {
    #[serde(flatten)]
    explanation: Explanation,
    /// The position in each notation of its game (and JSON).
    positions: Vec<Form>,
    /// For a move: the move in each move notation of its game.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    moves: Vec<Form>,
}

#[derive(Debug, Serialize)]
struct Failure {
    message: String,
    /// The 1-based character column of the input (or the position) the
    /// message is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    /// `position` when the error is in the position of a move.
    #[serde(skip_serializing_if = "Option::is_none")]
    field: Option<&'static str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    candidates: Vec<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "lowercase")]
enum Answer {
    Ok(Box<Explained>),
    Error(Failure),
}

/// The position in every notation of its game, then JSON.
fn positions(position: &AnyPosition) -> Vec<Form> {
    Notation::iter()
        .filter(|n| n.variant().is_none_or(|v| v == position.variant()))
        .filter_map(|notation| {
            let written = position.to_notation(notation, &WriteOptions::default()).ok()?;
            Some(Form { notation: notation.to_string(), text: written.text, warnings: written.warnings })
        })
        .collect()
}

fn setup(text: &str) -> &str {
    text.split_once(':').and_then(|(variant, name)| variant.parse::<VariantId>().ok()?.setup(name)).unwrap_or(text)
}

fn answer(request: &ExplainRequest, from: Option<Notation>, rules: Option<&'static str>) -> Answer {
    let options = ReadOptions::lenient(request.lenient).with_rules(rules);
    let Some(position_text) = request.position.as_deref() else {
        let input = setup(&request.input);
        return match explain(input, from, &options) {
            Ok(explanation) => {
                let position = read(input, from, &options).map(|r| positions(&r.position)).unwrap_or_default();
                Answer::Ok(Box::new(Explained { explanation, positions: position, moves: Vec::new() }))
            }
            Err(e) => Answer::Error(Failure {
                message: e.error.kind.to_string(),
                column: Some(polyfen::char_column(input, e.error.span.start)),
                field: None,
                candidates: Vec::new(),
            }),
        };
    };
    let position_text = setup(position_text);
    let reading = match read(position_text, from, &options) {
        Ok(reading) => reading,
        Err(e) => {
            return Answer::Error(Failure {
                message: e.error.kind.to_string(),
                column: Some(polyfen::char_column(position_text, e.error.span.start)),
                field: Some("position"),
                candidates: Vec::new(),
            });
        }
    };
    let explained = explain_move_at(&reading.position, &request.input)
        .and_then(|explanation| Ok((explanation, move_forms(&reading.position, &request.input)?.1)));
    match explained {
        Ok((explanation, forms)) => Answer::Ok(Box::new(Explained {
            explanation,
            positions: positions(&reading.position),
            moves: forms
                .into_iter()
                .map(|(notation, text)| Form { notation: notation.to_string(), text, warnings: Vec::new() })
                .collect(),
        })),
        Err(RulesError::Rule(RuleError::Move { error, .. })) => Answer::Error(Failure {
            message: error.to_string(),
            column: Some(polyfen::char_column(&request.input, error.span.start)),
            field: None,
            candidates: error.candidates.clone(),
        }),
        Err(e) => Answer::Error(Failure { message: e.to_string(), column: None, field: None, candidates: Vec::new() }),
    }
}

/// The work of an explain request, checked: run it for the answer's
/// status and bytes.
type ExplainWork = Box<dyn FnOnce() -> (StatusCode, Vec<u8>) + Send>;

/// Checks an explain request: its notation, its games and rules, and its
/// answer's estimate against the reply budget.
fn prepare(request: ExplainRequest, config: &crate::Config) -> Result<ExplainWork, Refusal> {
    let Ok(from) = request.from.as_deref().map(str::parse::<Notation>).transpose() else {
        let known: Vec<&'static str> = Notation::iter().map(Into::into).collect();
        return Err(Refusal(
            StatusCode::BAD_REQUEST,
            format!("\"from\": unknown notation; known: {}", known.join(", ")),
        ));
    };
    let scope = crate::api::request::scope_of(request.variants.as_deref())?;
    let named = crate::api::request::in_scope(scope.as_ref(), || {
        request.rules.as_deref().map(crate::api::request::rules_named).transpose()
    });
    let rules = named.map_err(|message| Refusal(StatusCode::BAD_REQUEST, message))?.map(|(_, id)| id);
    let estimate = crate::estimate::explain(request.input.len() + request.position.as_ref().map_or(0, String::len));
    if estimate > config.max_reply_bytes as u64 {
        return Err(too_big_reply(estimate, 1, config.max_reply_bytes));
    }
    Ok(Box::new(move || {
        let answer = crate::api::request::in_scope(scope.as_ref(), || answer(&request, from, rules));
        let status = if matches!(answer, Answer::Error(_)) { StatusCode::UNPROCESSABLE_ENTITY } else { StatusCode::OK };
        match serde_json::to_vec(&answer) {
            Ok(bytes) => (status, bytes),
            Err(e) => Refusal(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).answer(),
        }
    }))
}

/// `POST /v1/explain` handed over by a caller, answered at once.
pub(crate) fn explain_now(body: &[u8], config: &crate::Config) -> (StatusCode, Vec<u8>) {
    let work = crate::api::request::parse_now(body, config).and_then(|request| prepare(request, config));
    match work {
        Ok(work) => work(),
        Err(refusal) => refusal.answer(),
    }
}

/// `POST /v1/explain`: on the pool, refused before the work when its
/// answer may be longer than the reply budget.
#[cfg(feature = "service")]
pub(crate) async fn explain_route(
    axum::extract::State(state): axum::extract::State<crate::AppState>,
    body: Result<axum::body::Bytes, axum::extract::rejection::BytesRejection>,
) -> axum::response::Response {
    use axum::response::IntoResponse as _;
    let work = match crate::api::request::parse_body(&state, body).await {
        Ok(request) => prepare(request, &state.config),
        Err(refusal) => Err(refusal),
    };
    let work = match work {
        Ok(work) => work,
        Err(refusal) => return refusal.into_response(),
    };
    match crate::pool::run(&state.jobs, work).await {
        Some((status, bytes)) => crate::pool::json_reply(&state.memory, status, bytes).await,
        None => crate::refusal::request_error(StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response(),
    }
}
