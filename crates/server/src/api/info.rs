//! `GET /v1/info`: the notations, games, styles, move notations, named
//! setups and limits of this service, from the library's ids and the
//! configuration. It reads no body and runs nothing on the pool.

use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use polyfen::{Notation, VariantId};
use serde::Serialize;
use strum::IntoEnumIterator;

use crate::AppState;

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
pub(crate) async fn info(State(state): State<AppState>) -> Response {
    let config = &state.config;
    Json(Info {
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
    .into_response()
}

/// `GET /v1/variants/{name}`: a rules variant defined as data, its resolved
/// definition and each key its own section sets beside its parent's; 404
/// for a name no game defines as data.
pub(crate) async fn variant(axum::extract::Path(name): axum::extract::Path<String>) -> Response {
    let id = VariantId::of_rules(&name).map_or(name.as_str(), |(_, rules)| rules.id);
    let Some(definition) = definition_of(id) else {
        let message = format!("no game defines {name:?} as data; GET /v1/games lists every game's rules variants");
        return crate::refusal::request_error(axum::http::StatusCode::NOT_FOUND, &message).into_response();
    };
    Json(definition).into_response()
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
pub(crate) async fn variants_file(
    State(state): State<AppState>,
    body: Result<axum::body::Bytes, axum::extract::rejection::BytesRejection>,
) -> Response {
    let request: VariantsRequest = match crate::api::request::parse_body(&state, body).await {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    let work = move || {
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
        Ok::<_, crate::refusal::Refusal>(serde_json::json!({ "games": games }))
    };
    match crate::pool::run(&state.jobs, work).await {
        Some(Ok(answer)) => Json(answer).into_response(),
        Some(Err(refusal)) => refusal.into_response(),
        None => crate::refusal::shutting_down(),
    }
}
