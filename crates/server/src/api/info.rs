//! `GET /v1/info`: the notations, games, styles, move notations, named
//! setups and limits of this service, from the library's ids and the
//! configuration. It reads no body and runs nothing on the pool.

#[cfg(feature = "service")]
use axum::Json;
#[cfg(feature = "service")]
use axum::extract::State;
#[cfg(feature = "service")]
use axum::response::{IntoResponse, Response};
use http::StatusCode;
use polyfen::{Notation, VariantId};
use serde::Serialize;
use strum::IntoEnumIterator;

#[cfg(feature = "service")]
use crate::AppState;
use crate::refusal::Refusal;

#[derive(Debug, Serialize)]
struct Info {
    notations: Vec<NotationInfo>,
    variants: Vec<VariantInfo>,
    limits: LimitsInfo,
}

#[derive(Debug, Serialize)]
struct NotationInfo {
    id: &'static str,
    variant: Option<&'static str>,
}

#[derive(Debug, Serialize)]
struct VariantInfo {
    id: &'static str,
    default_notation: &'static str,
    notations: Vec<&'static str>,
    styles: Vec<&'static str>,
    move_notations: Vec<&'static str>,
    setups: Vec<SetupInfo>,
}

#[derive(Debug, Serialize)]
struct SetupInfo {
    name: &'static str,
    position: &'static str,
}

#[derive(Debug, Serialize)]
struct LimitsInfo {
    max_body_bytes: usize,
    max_batch: usize,
    max_perft_depth: u32,
    request_timeout_ms: u128,
    max_jobs: usize,
    max_moves: usize,
    /// The older name of `max_moves`.
    max_game_moves: usize,
    max_perft_nodes: u64,
    max_reply_bytes: usize,
    max_bytes_in_flight: usize,
    max_connections: usize,
    header_read_timeout_ms: u128,
    idle_timeout_ms: u128,
}

/// `GET /v1/info`: the notations, games, styles, named setups and limits.
#[cfg(feature = "service")]
pub(crate) async fn info(State(state): State<AppState>) -> Response {
    Json(info_of(&state.config)).into_response()
}

/// The answer of `GET /v1/info` under `config`.
pub(crate) fn info_of(config: &crate::Config) -> serde_json::Value {
    serde_json::json!(Info {
        notations: Notation::iter()
            .map(|n| NotationInfo { id: n.into(), variant: n.variant().map(Into::into) })
            .collect(),
        variants: VariantId::iter()
            .map(|v| VariantInfo {
                id: v.into(),
                default_notation: v.default_notation().into(),
                notations: Notation::iter().filter(|n| n.variant().is_none_or(|nv| nv == v)).map(Into::into).collect(),
                styles: v.styles().iter().map(|&s| s.into()).collect(),
                move_notations: v.move_notations().iter().map(|&n| n.into()).collect(),
                setups: v.setups().iter().map(|&(name, position)| SetupInfo { name, position }).collect(),
            })
            .collect(),
        limits: LimitsInfo {
            max_body_bytes: config.max_body_bytes,
            max_batch: config.max_batch,
            max_perft_depth: config.max_perft_depth,
            request_timeout_ms: config.request_timeout.as_millis(),
            max_jobs: config.max_jobs,
            max_moves: config.max_moves,
            max_game_moves: config.max_moves,
            max_perft_nodes: config.max_perft_nodes,
            max_reply_bytes: config.max_reply_bytes,
            max_bytes_in_flight: config.max_bytes_in_flight,
            max_connections: config.max_connections,
            header_read_timeout_ms: config.header_read_timeout.as_millis(),
            idle_timeout_ms: config.idle_timeout.as_millis(),
        },
    })
}

/// `GET /v1/variants/{name}`: a rules variant defined as data, its resolved
/// definition and each key its own section sets beside its parent's; 404
/// for a name no game defines as data.
#[cfg(feature = "service")]
pub(crate) async fn variant(axum::extract::Path(name): axum::extract::Path<String>) -> Response {
    match variant_named(&name) {
        Ok(definition) => Json(definition).into_response(),
        Err(refusal) => refusal.into_response(),
    }
}

/// The answer of `GET /v1/variants/{name}`: 404 for a name no game
/// defines as data.
pub(crate) fn variant_named(name: &str) -> Result<serde_json::Value, Refusal> {
    let id = VariantId::of_rules(name).map_or(name, |(_, rules)| rules.id);
    definition_of(id).ok_or_else(|| {
        let message = format!("no game defines {name:?} as data; GET /v1/games lists every game's rules variants");
        Refusal(StatusCode::NOT_FOUND, message)
    })
}

/// A rules variant defined as data, as `GET /v1/variants/{name}` answers
/// it (`VariantDefinition`).
fn definition_of(id: &str) -> Option<serde_json::Value> {
    let (Some(explained), Some((_, _, definition))) = (polyfen::explain_rules(id), polyfen::describe_rules(id)) else {
        return None;
    };
    Some(serde_json::json!({
        "name": explained.name,
        "game": explained.game.to_string(),
        "defined_at": explained.defined_at,
        "parent": explained.parent,
        "definition": definition,
        "keys": explained.keys,
        "inherited": explained.inherited,
        "defaults": explained.defaults,
    }))
}

#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantsRequest {
    /// The text of a variants file.
    variants: String,
}

/// `POST /v1/variants`: a variants file read as a request's `variants`
/// is (for that request alone), each game it defines answered as
/// `GET /v1/variants/{name}` answers a game, with its rules as
/// `GET /v1/games` lists them; the file's every problem, each naming its
/// line, otherwise.
#[cfg(feature = "service")]
pub(crate) async fn variants_file(
    State(state): State<AppState>,
    body: Result<axum::body::Bytes, axum::extract::rejection::BytesRejection>,
) -> Response {
    let request: VariantsRequest = match crate::api::request::parse_body(&state, body).await {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    match crate::pool::run(&state.jobs, move || variants_of(&request)).await {
        Some(Ok(answer)) => Json(answer).into_response(),
        Some(Err(refusal)) => refusal.into_response(),
        None => crate::refusal::shutting_down(),
    }
}

/// `POST /v1/variants` handed over by a caller, answered at once.
pub(crate) fn variants_now(body: &[u8], config: &crate::Config) -> (StatusCode, Vec<u8>) {
    let answer = crate::api::request::parse_now(body, config).and_then(|request| variants_of(&request));
    match answer {
        Ok(answer) => (StatusCode::OK, answer.to_string().into_bytes()),
        Err(refusal) => refusal.answer(),
    }
}

/// The answer of `POST /v1/variants` to `request`.
fn variants_of(request: &VariantsRequest) -> Result<serde_json::Value, Refusal> {
    let scope = crate::api::request::scope_of(Some(&request.variants))?.expect("a text gives a scope");
    let games: Vec<serde_json::Value> = scope.run(|| {
        scope
            .ids()
            .into_iter()
            .filter_map(|(game, id)| {
                let mut definition = definition_of(id)?;
                let rules = game.rules().iter().find(|rules| rules.id == id).copied()?;
                definition["rules"] = serde_json::json!({
                    "id": rules.id,
                    "aliases": rules.aliases,
                    "tag": rules.tag,
                    "setups": rules.setups.iter().map(|&(name, _)| name).collect::<Vec<_>>(),
                });
                Some(definition)
            })
            .collect()
    });
    Ok(serde_json::json!({ "games": games }))
}
