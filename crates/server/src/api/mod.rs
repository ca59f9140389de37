//! The JSON API under `/v1`: the routing table, [`ROUTES`], and the modules
//! the read endpoints are made of. `request` decodes a body and the fields
//! the endpoints share, `batch` runs an endpoint's job on every input within
//! the request's budgets and answers one input, a batch or NDJSON lines,
//! and `answer` is what each input's answer looks like. The handlers are
//! grouped by what they answer: `positions` (`convert`, `validate`,
//! `render`), `rules` (`moves`, `move`, `perft`), `laser` and `info`;
//! `games/convert` and `explain` are the crate's `games` and `explain`
//! modules. A new endpoint is a module of its own and one line of the table
//! below; this module holds no handler's logic and must not.

pub(crate) mod answer;
pub(crate) mod batch;
pub(crate) mod info;
pub(crate) mod laser;
pub(crate) mod positions;
pub(crate) mod request;
pub(crate) mod rules;

#[cfg(feature = "service")]
use axum::http::header;
#[cfg(feature = "service")]
use axum::routing::{MethodRouter, get, post};

#[cfg(feature = "service")]
use crate::AppState;
#[cfg(feature = "service")]
use batch::Call;

/// Declares the routes once: [`ROUTES`], the list the router is built from
/// and the `OpenAPI` document is checked against, and [`route`], the handler
/// of each.
macro_rules! routes {
    ($(#[$meta:meta])* $($method:literal $path:literal => $handler:expr,)*) => {
        $(#[$meta])*
        pub const ROUTES: &[(&str, &str)] = &[$(($method, $path),)*];

        /// The handler of one route of [`ROUTES`].
        #[cfg(feature = "service")]
        pub(crate) fn route(method: &str, path: &str) -> MethodRouter<AppState> {
            match (method, path) {
                $(($method, $path) => $handler,)*
                _ => unreachable!("every route of ROUTES has a handler"),
            }
        }
    };
}

routes! {
    /// Every route of the API as `(method, path)`, in the order of the `OpenAPI`
    /// document. The router is built from this list, and a test checks it
    /// against the document.
    "GET" "/v1/openapi.json" => get(|| async { ([(header::CONTENT_TYPE, "application/json")], crate::openapi()) }),
    "GET" "/v1/info" => get(info::info),
    "GET" "/v1/games" => get(crate::facts::games),
    "GET" "/v1/variants/{name}" => get(info::variant),
    "POST" "/v1/variants" => post(info::variants_file),
    "GET" "/v1/schemas/position" => get(|| async { ([(header::CONTENT_TYPE, "application/json")], crate::schema("position")) }),
    "GET" "/v1/schemas/game" => get(|| async { ([(header::CONTENT_TYPE, "application/json")], crate::schema("game")) }),
    "POST" "/v1/convert" => post(|call: Call| positions::convert(call)),
    "POST" "/v1/validate" => post(|call: Call| positions::validate(call)),
    "POST" "/v1/render" => post(|call: Call| positions::render(call)),
    "POST" "/v1/moves" => post(|call: Call| rules::moves(call)),
    "POST" "/v1/move" => post(|call: Call| rules::play(call)),
    "POST" "/v1/perft" => post(|call: Call| rules::perft(call)),
    "POST" "/v1/laser" => post(|call: Call| laser::laser(call)),
    "POST" "/v1/games/convert" => post(crate::games::convert),
    "POST" "/v1/explain" => post(crate::explain::explain_route),
}
