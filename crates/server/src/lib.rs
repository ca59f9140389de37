//! polyfen as a service: a JSON API under `/v1` and a web page at `/`.
//!
//! [`router`] builds the [`axum::Router`]; [`serve`] binds an address and
//! serves it until the process is stopped; [`run`] does the same from
//! synchronous code (it makes its own tokio runtime), which is what
//! `polyfen serve` calls.
//!
//! Every endpoint under `/v1` except the `GET` ones takes one JSON object
//! with either one position (`"input": "..."`) or a batch (`"inputs": [...]`)
//! and answers each input with `{"ok": ...}` or `{"error": {"message",
//! "column", ...}}`: one input alone as that object (status 200, or 422 when
//! it failed), a batch as `{"results": [...]}` in input order (status 200).
//! A request that cannot be understood gets 400 with `{"error": {"message"}}`.
//! The routes are in [`ROUTES`] and in the `OpenAPI` document served at
//! `/v1/openapi.json` ([`openapi`]).
//!
//! `laser` traces and draws a Khet laser shot. The rules endpoints
//! (`moves`, `move`, `perft`) go through
//! [`polyfen::Position`], so each game answers them as soon as the library
//! has its rules, and with a clear message ("khet has no perft") until then.
//!
//! # Examples
//!
//! ```no_run
//! use polyfen_server::{Config, serve};
//!
//! # async fn example() -> std::io::Result<()> {
//! serve("127.0.0.1:8080".parse().unwrap(), Config::default()).await
//! # }
//! ```

mod api;
#[cfg(feature = "service")]
mod book;
mod call;
#[cfg(feature = "service")]
mod connections;
mod estimate;
mod explain;
mod facts;
mod games;
#[cfg(feature = "service")]
mod limits;
mod pool;
mod refusal;

#[cfg(feature = "service")]
use std::net::SocketAddr;
#[cfg(feature = "service")]
use std::sync::Arc;
use std::time::Duration;

#[cfg(feature = "service")]
use axum::Router;
#[cfg(feature = "service")]
use axum::http::{HeaderValue, Method, header};
#[cfg(feature = "service")]
use axum::response::{IntoResponse, Response};
#[cfg(feature = "service")]
use axum::routing::{MethodRouter, get};
#[cfg(feature = "service")]
use tokio::sync::Semaphore;
#[cfg(feature = "service")]
use tower_http::cors::CorsLayer;

pub use api::ROUTES;
pub use call::{Answer, CALLS, call, games};

/// The service's limits.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Config {
    /// Request bodies longer than this are refused with 413 (1 MiB).
    pub max_body_bytes: usize,
    /// The most inputs one batch may hold (10,000).
    pub max_batch: usize,
    /// The deepest perft asked for (5).
    pub max_perft_depth: u32,
    /// How long one request may take before it is answered with 503 (10 s).
    pub request_timeout: Duration,
    /// How many heavy jobs run at once (2), each on a thread of the
    /// blocking pool, never on the async workers: every `render`, `laser`,
    /// `moves`, `move`, `perft`, `explain` and `games/convert` request, and
    /// every `convert` or `validate` batch of more than 16 inputs (a smaller
    /// one takes microseconds and runs at once). The others wait their turn
    /// within the request's time limit; a job stops within a few
    /// milliseconds once its request ends.
    pub max_jobs: usize,
    /// The most moves one request may ask for (100,000): for `move`, the
    /// moves times the inputs; for `games/convert`, the moves of all games.
    pub max_moves: usize,
    /// The most perft nodes one request may ask for (the sum of each input's
    /// estimate, 200,000,000: a few seconds of work on one core).
    pub max_perft_nodes: u64,
    /// The largest reply (an upper bound estimated before the work) of
    /// `render`, `laser`, `moves`, `explain`, a perft `divide` and
    /// `games/convert` (8 MiB);
    /// a batch answered as NDJSON streams and has no such bound.
    pub max_reply_bytes: usize,
    /// How many bytes of large request bodies (over 16 KiB) and of large
    /// replies the server holds at once (32 MiB); a request over the
    /// share left waits its turn within its time limit.
    pub max_bytes_in_flight: usize,
    /// The most connections open at once (512); a connection over the cap
    /// is answered 503 and closed at once.
    pub max_connections: usize,
    /// How long a client may take to send a request's header (5 s); the
    /// connection is closed after that.
    pub header_read_timeout: Duration,
    /// How long a keep-alive connection may stay open with no request
    /// under way (30 s). A connection still writing an answer then gets
    /// as long again to finish it, and is dropped after that.
    pub idle_timeout: Duration,
    /// The one origin (`https://example.org`) whose pages may call the API
    /// from a browser; none by default, so no other site's page can.
    pub allow_origin: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_body_bytes: 1024 * 1024,
            max_batch: 10_000,
            max_perft_depth: 5,
            request_timeout: Duration::from_secs(10),
            max_jobs: 2,
            max_moves: 100_000,
            max_perft_nodes: 200_000_000,
            max_reply_bytes: 8 * 1024 * 1024,
            max_bytes_in_flight: 32 * 1024 * 1024,
            max_connections: 512,
            header_read_timeout: Duration::from_secs(5),
            idle_timeout: Duration::from_secs(30),
            allow_origin: None,
        }
    }
}

impl Config {
    /// This configuration with cross-origin access for the pages of
    /// `origin`: a scheme (`http` or `https`) and a host, with an optional
    /// port, and nothing after.
    ///
    /// # Errors
    ///
    /// When `origin` is not of that form; the message quotes it.
    pub fn with_allow_origin(mut self, origin: &str) -> Result<Config, String> {
        let host = origin.strip_prefix("https://").or_else(|| origin.strip_prefix("http://"));
        let fine = host.is_some_and(|host| {
            !host.is_empty()
                && host.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'))
        });
        if !fine {
            return Err(format!(
                "{origin:?} is not an origin: give a scheme and a host, like \"https://example.org\" or \"http://localhost:8080\""
            ));
        }
        self.allow_origin = Some(origin.to_owned());
        Ok(self)
    }

    /// This configuration with bodies limited to `bytes`.
    #[must_use]
    pub fn with_max_body_bytes(mut self, bytes: usize) -> Config {
        self.max_body_bytes = bytes;
        self
    }

    /// This configuration with batches limited to `inputs` inputs.
    #[must_use]
    pub fn with_max_batch(mut self, inputs: usize) -> Config {
        self.max_batch = inputs;
        self
    }

    /// This configuration with perft limited to `depth` plies.
    #[must_use]
    pub fn with_max_perft_depth(mut self, depth: u32) -> Config {
        self.max_perft_depth = depth;
        self
    }

    /// This configuration with each request limited to `timeout`.
    #[must_use]
    pub fn with_request_timeout(mut self, timeout: Duration) -> Config {
        self.request_timeout = timeout;
        self
    }

    /// This configuration with at most `moves` moves asked for by one
    /// request (`move`: moves times inputs; `games/convert`: all games).
    #[must_use]
    pub fn with_max_moves(mut self, moves: usize) -> Config {
        self.max_moves = moves;
        self
    }

    /// The older name of [`Config::with_max_moves`].
    #[must_use]
    #[deprecated(note = "use with_max_moves, which bounds every endpoint that plays moves")]
    pub fn with_max_game_moves(self, moves: usize) -> Config {
        self.with_max_moves(moves)
    }

    /// This configuration with at most `nodes` perft nodes (the sum of the
    /// inputs' estimates) asked for by one request.
    #[must_use]
    pub fn with_max_perft_nodes(mut self, nodes: u64) -> Config {
        self.max_perft_nodes = nodes;
        self
    }

    /// This configuration with replies of `render`, `laser`, `moves`,
    /// `explain`, perft `divide` and `games/convert` bounded by `bytes`.
    #[must_use]
    pub fn with_max_reply_bytes(mut self, bytes: usize) -> Config {
        self.max_reply_bytes = bytes;
        self
    }

    /// This configuration with at most `bytes` of large bodies and replies
    /// held at once (at least [`Config::max_body_bytes`] and
    /// [`Config::max_reply_bytes`] are let through one at a time).
    #[must_use]
    pub fn with_max_bytes_in_flight(mut self, bytes: usize) -> Config {
        self.max_bytes_in_flight = bytes;
        self
    }

    /// This configuration with at most `connections` connections open at
    /// once (at least 1).
    #[must_use]
    pub fn with_max_connections(mut self, connections: usize) -> Config {
        self.max_connections = connections.max(1);
        self
    }

    /// This configuration with request headers read within `timeout`.
    #[must_use]
    pub fn with_header_read_timeout(mut self, timeout: Duration) -> Config {
        self.header_read_timeout = timeout;
        self
    }

    /// This configuration with idle connections closed after `timeout`.
    #[must_use]
    pub fn with_idle_timeout(mut self, timeout: Duration) -> Config {
        self.idle_timeout = timeout;
        self
    }

    /// This configuration with at most `jobs` heavy jobs at once (at least 1).
    #[must_use]
    pub fn with_max_jobs(mut self, jobs: usize) -> Config {
        self.max_jobs = jobs.max(1);
        self
    }

    /// The older name of [`Config::with_max_jobs`].
    #[must_use]
    #[deprecated(note = "use with_max_jobs: the pool runs every heavy endpoint, not only perft")]
    pub fn with_max_perft_jobs(self, jobs: usize) -> Config {
        self.with_max_jobs(jobs)
    }
}

#[cfg(feature = "service")]
/// Whether this binary holds the built book it serves at `/book/` (built
/// by `cargo xtask book` before the server was compiled).
#[must_use]
pub fn book_embedded() -> bool {
    book::embedded()
}

#[cfg(feature = "service")]
/// What every handler shares.
#[derive(Clone, Debug)]
pub(crate) struct AppState {
    pub(crate) config: Arc<Config>,
    /// One permit per heavy job running on the pool.
    pub(crate) jobs: Arc<Semaphore>,
    /// The bytes of large bodies and replies held at once.
    pub(crate) memory: pool::Memory,
    /// One permit per large body being parsed (as many as heavy jobs):
    /// each parse holds a second copy of its body's text.
    pub(crate) parses: Arc<Semaphore>,
}

/// The `OpenAPI` 3.1 document of the API as written in `openapi.json`: the
/// lists of ids a game gives are markers (see [`polyfen::schema::fill`]).
pub const OPENAPI_SHARED: &str = include_str!("../openapi.json");

/// The `OpenAPI` 3.1 document of the API, as served at `/v1/openapi.json`:
/// [`OPENAPI_SHARED`] with the ids of every game of the library filled in.
///
/// # Panics
///
/// Never once its tests pass: the document is a file of the crate.
#[must_use]
pub fn openapi() -> &'static str {
    static FILLED: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        let mut document: serde_json::Value = serde_json::from_str(OPENAPI_SHARED).expect("openapi.json is JSON");
        polyfen::schema::fill(&mut document);
        document.to_string()
    });
    &FILLED
}

/// The JSON Schemas the service answers at `/v1/schemas/position` and
/// `/v1/schemas/game`, filled from the list of games.
pub(crate) fn schema(which: &str) -> &'static str {
    static POSITION: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| polyfen::schema::position().to_string());
    static GAME: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| polyfen::schema::game().to_string());
    if which == "game" { &GAME } else { &POSITION }
}

/// The content type of the page's ES modules.
const JAVASCRIPT: &str = "text/javascript; charset=utf-8";

/// The files of the web page under `static/` (its tests in `static/test/`
/// are not served), each served at `/` + its name with its content type.
macro_rules! page_files {
    ($($name:literal => $content_type:expr,)*) => {
        /// Every file of the web page: its path, its content type, its text.
        pub const PAGE_FILES: &[(&str, &str, &str)] =
            &[$((concat!("/", $name), $content_type, include_str!(concat!("../static/", $name))),)*];
    };
}

page_files! {
    "index.html" => "text/html; charset=utf-8",
    "style.css" => "text/css; charset=utf-8",
    "main.js" => JAVASCRIPT,
    "state.js" => JAVASCRIPT,
    "api.js" => JAVASCRIPT,
    "dom.js" => JAVASCRIPT,
    "tree.js" => JAVASCRIPT,
    "position.js" => JAVASCRIPT,
    "board.js" => JAVASCRIPT,
    "moves.js" => JAVASCRIPT,
    "editor.js" => JAVASCRIPT,
    "explain.js" => JAVASCRIPT,
    "records.js" => JAVASCRIPT,
    "share.js" => JAVASCRIPT,
    "undo.js" => JAVASCRIPT,
    "comments.js" => JAVASCRIPT,
    "standing.js" => JAVASCRIPT,
    "shapes.js" => JAVASCRIPT,
    "marks.js" => JAVASCRIPT,
    "annotate.js" => JAVASCRIPT,
    "variants.js" => JAVASCRIPT,
}

#[cfg(feature = "service")]
/// A static file of the web page.
fn asset(content_type: &'static str, body: &'static str) -> MethodRouter<AppState> {
    get(move || async move { ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body) })
}

#[cfg(feature = "service")]
/// The service: the API under `/v1`, the page at `/` (with its style sheet
/// and ES modules, [`PAGE_FILES`]), the limits of `config`.
pub fn router(config: Config) -> Router {
    let state = AppState {
        jobs: Arc::new(Semaphore::new(config.max_jobs.max(1))),
        parses: Arc::new(Semaphore::new(config.max_jobs.max(1))),
        memory: pool::Memory::new(&config),
        config: Arc::new(config),
    };
    let mut router = Router::new();
    for &(method, path) in ROUTES {
        debug_assert!(Method::from_bytes(method.as_bytes()).is_ok());
        router = router.route(path, api::route(method, path));
    }
    for &(path, content_type, body) in PAGE_FILES {
        let path = if path == "/index.html" { "/" } else { path };
        router = router.route(path, asset(content_type, body));
    }
    let router = router
        .route("/book", get(book::root_redirect))
        .route("/book/", get(book::index))
        .route("/book/{*path}", get(book::page))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(state.clone(), limits::body_memory))
        .layer(axum::middleware::from_fn_with_state(state.clone(), limits::time_limit))
        .layer(axum::middleware::from_fn(limits::json_only))
        .layer(axum::extract::DefaultBodyLimit::max(state.config.max_body_bytes))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(limits::panicked));
    // Without a named origin there is no CORS answer at all: browsers keep
    // other sites' pages out (a JSON POST always needs a preflight).
    let origin = state.config.allow_origin.as_deref().and_then(|origin| HeaderValue::from_str(origin).ok());
    let router = match origin {
        Some(origin) => router.layer(
            CorsLayer::new()
                .allow_origin(origin)
                .allow_methods([Method::GET, Method::POST])
                .allow_headers([header::CONTENT_TYPE]),
        ),
        None => router,
    };
    router.with_state(state)
}

/// What a path the API does not have is answered with (404).
const NOT_FOUND: &str = "no such route; the API is described at /v1/openapi.json";

#[cfg(feature = "service")]
async fn not_found() -> Response {
    refusal::request_error(axum::http::StatusCode::NOT_FOUND, NOT_FOUND).into_response()
}

#[cfg(feature = "service")]
async fn method_not_allowed() -> Response {
    refusal::request_error(
        axum::http::StatusCode::METHOD_NOT_ALLOWED,
        "method not allowed on this route; the API is described at /v1/openapi.json",
    )
    .into_response()
}

#[cfg(feature = "service")]
/// Binds `addr`, prints the address bound (`polyfen: serving on
/// http://127.0.0.1:8080`) and serves [`router`] until the process ends or
/// receives Ctrl-C.
///
/// # Errors
///
/// When the address cannot be bound.
pub async fn serve(addr: SocketAddr, config: Config) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    println!("polyfen: serving on http://{}", listener.local_addr()?);
    serve_listener(listener, config, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
}

#[cfg(feature = "service")]
/// Serves [`router`] on `listener` until `shutdown` completes, with the
/// connection limits of `config`: at most [`Config::max_connections`] open
/// (the others answered 503 and closed), each request's header read within
/// [`Config::header_read_timeout`], and a connection with no request under
/// way closed after [`Config::idle_timeout`].
///
/// # Errors
///
/// None today; the result leaves room for errors of the listener.
pub async fn serve_listener(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let app = router(config.clone());
    connections::serve(listener, app, &config, shutdown).await
}

#[cfg(feature = "service")]
/// [`serve`] from synchronous code, on a tokio runtime of its own.
///
/// # Errors
///
/// When the runtime cannot be built or the address cannot be bound.
pub fn run(addr: SocketAddr, config: Config) -> std::io::Result<()> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(serve(addr, config))
}

/// The chapter "The conversion service" of the book, compiled and run as
/// doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/src/service.md")]
pub struct ServiceChapter;
