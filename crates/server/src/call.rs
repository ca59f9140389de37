//! The API without its transport: [`call`] answers a request to any
//! endpoint under `/v1` on the caller's thread, with the answer's status
//! and the very bytes the service answers the same request with, bounded
//! by the same budgets (a request's time limit aside: nothing it runs goes
//! on for long without a budget of moves, nodes or bytes). It is what a
//! program with no HTTP between it and polyfen calls — the WebAssembly
//! module, the page with no server — and what the service's own handlers
//! share with it: the endpoints' modules decode, check and answer, this
//! module only routes.

use http::StatusCode;

use crate::Config;
use crate::api::batch::Now;
use crate::refusal::Refusal;

/// What [`call`] answers: the HTTP status the service would answer with
/// and its JSON text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Answer {
    /// 200 for an answer, 422 for one input that could not be answered,
    /// 400, 404 or 413 for a request refused as a whole (as the service).
    pub status: u16,
    /// The answer's JSON text: `{"ok": ...}`, `{"results": [...]}` or
    /// `{"error": {"message", ...}}`, as the service writes it.
    pub body: String,
}

/// Every endpoint [`call`] answers, as the part of its path after `/v1/`:
/// the `POST` endpoints, which read the request, then the `GET` ones, which
/// take none (`variants/NAME` stands for every game's name).
pub const CALLS: &[&str] = &[
    "convert",
    "validate",
    "render",
    "moves",
    "move",
    "perft",
    "laser",
    "explain",
    "games/convert",
    "variants",
    "games",
    "info",
    "openapi.json",
    "schemas/position",
    "schemas/game",
    "variants/NAME",
];

/// Answers `request` (the JSON text of a request's body; ignored by the
/// `GET` endpoints) to `endpoint` (the path after `/v1/`, one of
/// [`CALLS`]) as the service does under `config`: the same status and the
/// same JSON. An endpoint the service does not have gets its 404.
///
/// # Examples
///
/// ```
/// use polyfen_server::{Config, call};
///
/// let answer = call("convert", r#"{"input": "8/8/8/8/8/8/8/K6k w - - 0 1", "to": "epd"}"#, &Config::default());
/// assert_eq!(answer.status, 200);
/// assert!(answer.body.contains(r#""output":"8/8/8/8/8/8/8/K6k w - -""#));
/// ```
#[must_use]
pub fn call(endpoint: &str, request: &str, config: &Config) -> Answer {
    let body = request.as_bytes();
    let now = || Now { body, config };
    let value = |value: Result<serde_json::Value, Refusal>| match value {
        Ok(value) => (StatusCode::OK, value.to_string().into_bytes()),
        Err(refusal) => refusal.answer(),
    };
    let text = |text: &str| (StatusCode::OK, text.as_bytes().to_vec());
    let (status, bytes) = match endpoint {
        "convert" => crate::api::positions::convert(now()),
        "validate" => crate::api::positions::validate(now()),
        "render" => crate::api::positions::render(now()),
        "moves" => crate::api::rules::moves(now()),
        "move" => crate::api::rules::play(now()),
        "perft" => crate::api::rules::perft(now()),
        "laser" => crate::api::laser::laser(now()),
        "explain" => crate::explain::explain_now(body, config),
        "games/convert" => crate::games::convert_now(body, config),
        "variants" => crate::api::info::variants_now(body, config),
        "games" => value(Ok(crate::facts::games_of())),
        "info" => value(Ok(crate::api::info::info_of(config))),
        "openapi.json" => text(crate::openapi()),
        "schemas/position" => text(crate::schema("position")),
        "schemas/game" => text(crate::schema("game")),
        other => match other.strip_prefix("variants/") {
            Some(name) => value(crate::api::info::variant_named(name)),
            None => Refusal(StatusCode::NOT_FOUND, crate::NOT_FOUND.to_owned()).answer(),
        },
    };
    Answer { status: status.as_u16(), body: String::from_utf8_lossy(&bytes).into_owned() }
}

/// The answer of `GET /v1/games`: every game's facts (its notations, rules
/// variants, setups, styles, pieces) and every record format, as JSON.
#[must_use]
pub fn games() -> String {
    crate::facts::games_of().to_string()
}
