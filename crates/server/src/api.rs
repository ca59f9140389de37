//! The handlers of the JSON API: request shapes, one answer per input.

use std::cell::Cell;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use polyfen::polyfen_core::{Color, ParseError, ParseErrorKind, Repair};
use polyfen::polyfen_xiangqi::LetterSet;
use polyfen::rules::PerftControl;
use polyfen::{
    AnyPosition, CastlingMoves, EnPassantPolicy, MoveNotation, Notation, Position, ReadOptions, Reading, RenderStyle,
    RuleOptions, RulesError, VariantId, WriteOptions,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use strum::IntoEnumIterator;
use tokio::sync::{mpsc, oneshot};

use crate::AppState;
use crate::pool::{CancelOnDrop, Reply, SMALL_REPLY, kib};
use crate::refusal::{Refusal, bad_request, plural, request_error, shutting_down, thousands, too_big_reply};

/// `convert` and `validate` batches longer than this run on the pool, so
/// that the async workers stay free for short requests (a shorter one is
/// microseconds of work).
const INLINE_BATCH: usize = 16;

/// How many moves `move` plays between looks at whether its request ended.
const CANCEL_EVERY: usize = 256;

/// Reads the body as JSON of `T`: 413 when too long, 400 with serde's
/// message (and where in the body) when malformed.
pub(crate) async fn parse_body<T: DeserializeOwned + Send + 'static>(
    state: &AppState,
    body: Result<Bytes, BytesRejection>,
) -> Result<T, Refusal> {
    let bytes = body.map_err(|rejection| {
        let status = rejection.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            Refusal(status, "the request body is larger than the limit".to_owned())
        } else {
            Refusal(status, rejection.body_text())
        }
    })?;
    from_json(state, bytes).await.map_err(|e| bad_request(format!("malformed request: {e}")))
}

/// Bodies up to this size are parsed where they arrive; a larger one (a
/// millisecond or more of parsing) on a blocking thread.
const PARSE_INLINE: usize = 16 * 1024;

/// `bytes` parsed as JSON, off the async threads when they are many (a
/// burst of large bodies must not keep the runtime from answering small
/// requests), and no more large bodies at once than there are heavy jobs
/// (each parse holds a second copy of its body's text).
async fn from_json<T: DeserializeOwned + Send + 'static>(
    state: &AppState,
    bytes: Bytes,
) -> Result<T, serde_json::Error> {
    if bytes.len() <= PARSE_INLINE {
        return serde_json::from_slice(&bytes);
    }
    let Ok(permit) = Arc::clone(&state.parses).acquire_owned().await else {
        return Err(serde_json::Error::io(std::io::Error::other("the service is shutting down")));
    };
    let parsed = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        serde_json::from_slice(&bytes)
    });
    match parsed.await {
        Ok(parsed) => parsed,
        Err(e) => Err(serde_json::Error::io(std::io::Error::other(e.to_string()))),
    }
}

/// One input or a batch.
#[derive(Debug)]
enum Inputs {
    One(String),
    Batch(Vec<String>),
}

impl Inputs {
    /// How many inputs: 1 for one alone.
    fn len(&self) -> usize {
        match self {
            Inputs::One(_) => 1,
            Inputs::Batch(batch) => batch.len(),
        }
    }

    fn new(input: Option<String>, inputs: Option<Vec<String>>, config: &crate::Config) -> Result<Inputs, Refusal> {
        match (input, inputs) {
            (Some(one), None) => Ok(Inputs::One(one)),
            (None, Some(batch)) if batch.len() > config.max_batch => Err(Refusal(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("a batch holds at most {} inputs; this one has {}", config.max_batch, batch.len()),
            )),
            (None, Some(batch)) => Ok(Inputs::Batch(batch)),
            (Some(_), Some(_)) => Err(bad_request("give either \"input\" or \"inputs\", not both")),
            (None, None) => Err(bad_request("missing \"input\" (one position) or \"inputs\" (a batch)")),
        }
    }
}

/// What went wrong with one input.
#[derive(Debug, Default, Serialize)]
pub(crate) struct ItemError {
    /// What is wrong, in words.
    message: String,
    /// The 1-based character column in the input (or in the move, for a
    /// move error) the message is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    /// The notation the input was read as.
    #[serde(skip_serializing_if = "Option::is_none")]
    notation: Option<&'static str>,
    /// For `move`: which move of the list (from 1).
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    move_number: Option<usize>,
    /// For an illegal or ambiguous move: the legal moves it may have meant.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    candidates: Vec<String>,
}

impl ItemError {
    fn message(message: impl Into<String>) -> ItemError {
        ItemError { message: message.into(), ..ItemError::default() }
    }

    fn with_notation(mut self, notation: Notation) -> ItemError {
        self.notation = Some(notation.into());
        self
    }
}

/// The answer for one input.
#[derive(Debug, Serialize)]
#[serde(rename_all = "lowercase")]
enum Item<T> {
    Ok(T),
    Error(ItemError),
}

/// A repair a lenient reading made.
#[derive(Debug, Serialize)]
struct RepairOut {
    column: usize,
    message: String,
}

/// The 1-based character column of byte `at` of `input`.
fn column(input: &str, span: std::ops::Range<usize>) -> usize {
    ParseError::new(ParseErrorKind::Empty { expected: "" }, span).char_column(input)
}

fn repairs_out(input: &str, repairs: &[Repair]) -> Vec<RepairOut> {
    repairs
        .iter()
        .map(|r| RepairOut { column: column(input, r.span.clone()), message: r.message.to_string() })
        .collect()
}

/// Options of reading every request shares.
#[derive(Clone, Copy, Debug)]
struct ReadSpec {
    from: Option<Notation>,
    lenient: bool,
}

impl ReadSpec {
    fn new(from: Option<&str>, lenient: bool) -> Result<ReadSpec, Refusal> {
        let from = from.map(|id| parse_id::<Notation>(id, "notation", "from")).transpose()?;
        Ok(ReadSpec { from, lenient })
    }

    fn read(self, input: &str) -> Result<Reading, ItemError> {
        polyfen::read(input, self.from, &ReadOptions::lenient(self.lenient)).map_err(|e| ItemError {
            message: e.error.kind.to_string(),
            column: Some(e.error.char_column(input)),
            notation: Some(e.notation.into()),
            ..ItemError::default()
        })
    }
}

/// Reads the id of a strum enum, or refuses naming the known ids.
fn parse_id<T: FromStr + IntoEnumIterator + Into<&'static str>>(
    id: &str,
    what: &str,
    field: &str,
) -> Result<T, Refusal> {
    T::from_str(id).map_err(|_| {
        let known: Vec<&'static str> = T::iter().map(Into::into).collect();
        bad_request(format!("\"{field}\": unknown {what} {id:?}; known: {}", known.join(", ")))
    })
}

/// How a request's work is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Weight {
    /// One input or a short batch (at most [`INLINE_BATCH`] inputs) runs at
    /// once on the async worker (microseconds of work); a longer batch runs
    /// on the pool.
    Light,
    /// Always on the pool, holding one of the [`crate::Config::max_jobs`]
    /// permits until the work ends.
    Heavy,
}

/// What one input may cost, estimated before the work: the bytes of its
/// answer and the perft nodes it counts.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Cost {
    pub(crate) reply: u64,
    pub(crate) nodes: u64,
}

/// An endpoint's way to estimate one input's [`Cost`] from its reading.
type Estimate<S> = fn(&S, &Reading) -> Cost;

/// How an endpoint's requests are run and bounded.
struct Plan<S> {
    weight: Weight,
    /// Refuses the request as a whole before any input is read, given the
    /// number of inputs (the move budget of `move`).
    upfront: fn(&S, usize, &crate::Config) -> Result<(), Refusal>,
    /// Each input's cost, summed on the pool before the work starts and
    /// refused over the request's budgets.
    estimate: Option<Estimate<S>>,
    /// The most bytes of answer one input may take, for holding the
    /// reply's memory before the work (capped by the reply budget).
    reply_per_input: fn(&S) -> usize,
}

impl<S> Plan<S> {
    fn new(weight: Weight) -> Plan<S> {
        Plan { weight, upfront: |_, _, _| Ok(()), estimate: None, reply_per_input: |_| 2048 }
    }
}

/// What the work of one request may look at while it runs.
pub(crate) struct Ctx {
    /// Set when the request ended (timed out, or its client went away).
    pub(crate) cancelled: Arc<AtomicBool>,
    /// Perft leaves the request may still count: the backstop of its
    /// estimate, twice the node budget (the estimate is within a factor of
    /// two of the real count) less what was counted.
    pub(crate) nodes_left: Cell<u64>,
}

impl Ctx {
    fn new(cancelled: Arc<AtomicBool>, max_perft_nodes: u64) -> Ctx {
        Ctx { cancelled, nodes_left: Cell::new(max_perft_nodes.saturating_mul(2)) }
    }
}

impl Ctx {
    fn stopped(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}

/// The items a request is answered with, as one reply or as lines.
fn wants_ndjson(headers: &HeaderMap) -> bool {
    headers.get_all(header::ACCEPT).iter().any(|value| {
        value.to_str().is_ok_and(|value| {
            value.split(',').any(|part| part.split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case(NDJSON)))
        })
    })
}

/// The media type of a batch answered line by line.
pub(crate) const NDJSON: &str = "application/x-ndjson";

/// How many answer lines may wait for a slow reader before the work pauses.
const LINES_IN_FLIGHT: usize = 8;

/// The fields every read request shares: the position or the batch, and
/// how to read it.
struct Source {
    input: Option<String>,
    inputs: Option<Vec<String>>,
    from: Option<String>,
    lenient: bool,
}

/// A request body that names positions to read.
trait ReadRequest: DeserializeOwned {
    /// Takes the shared fields out of the request.
    fn source(&mut self) -> Source;
}

/// Declares a request body: the shared fields of [`Source`] (and with
/// `rules`, those of [`RuleFields`]) followed by the endpoint's own.
macro_rules! read_request {
    (@struct $(#[$meta:meta])* $name:ident { $($shared:tt)* } { $($(#[$fmeta:meta])* $field:ident: $ty:ty,)* }) => {
        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        $(#[$meta])*
        struct $name {
            input: Option<String>,
            inputs: Option<Vec<String>>,
            from: Option<String>,
            #[serde(default)]
            lenient: bool,
            $($shared)*
            $($(#[$fmeta])* $field: $ty,)*
        }

        impl ReadRequest for $name {
            fn source(&mut self) -> Source {
                Source { input: self.input.take(), inputs: self.inputs.take(), from: self.from.take(), lenient: self.lenient }
            }
        }
    };
    ($(#[$meta:meta])* struct $name:ident { $($body:tt)* }) => {
        read_request!(@struct $(#[$meta])* $name {} { $($body)* });
    };
    ($(#[$meta:meta])* rules struct $name:ident { $($body:tt)* }) => {
        read_request!(@struct $(#[$meta])* $name {
            move_notation: Option<String>,
            castling: Option<String>,
            #[serde(default)]
            khet_swap_restriction: bool,
            #[serde(default)]
            khet_every_rotation: bool,
        } { $($body)* });

        impl RuleFields for $name {
            fn rules(&self) -> Result<Rules, Refusal> {
                Rules::new(
                    self.move_notation.as_deref(),
                    self.castling.as_deref(),
                    self.khet_swap_restriction,
                    self.khet_every_rotation,
                )
            }
        }
    };
}

/// A request body with the fields of the rules endpoints.
trait RuleFields {
    /// The move notation and rule options asked for.
    fn rules(&self) -> Result<Rules, Refusal>;
}

/// The shared preparation of every read endpoint: parses the body, builds
/// the read spec, lets `settings` read the endpoint's own fields, and takes
/// the inputs (refusing a batch over the limit, and a request over the
/// plan's budgets). Then runs `job` on every input's reading, in order, and
/// answers: one input alone, a batch as `{"results": [...]}`, or with
/// `accept: application/x-ndjson` as one line per input. An item error the
/// job returns without a notation gets the notation the input was read as.
async fn endpoint<R, S, T, J>(
    state: &AppState,
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
    plan: Plan<S>,
    settings: impl FnOnce(R) -> Result<S, Refusal>,
    job: J,
) -> Response
where
    R: ReadRequest + Send + 'static,
    S: Send + Sync + 'static,
    T: Serialize + Send + 'static,
    J: Fn(&S, &Ctx, &str, Reading) -> Result<T, ItemError> + Send + Sync + 'static,
{
    let started = Instant::now();
    let config = &state.config;
    // a large body is large inputs: never answered on the async threads
    let small_body = body.as_ref().is_ok_and(|bytes| bytes.len() <= PARSE_INLINE);
    let prepared = parse_body::<R>(state, body).await.and_then(|mut request| {
        let source = request.source();
        let spec = ReadSpec::new(source.from.as_deref(), source.lenient)?;
        let settings = settings(request)?;
        let inputs = Inputs::new(source.input, source.inputs, config)?;
        (plan.upfront)(&settings, inputs.len(), config)?;
        Ok((spec, settings, inputs))
    });
    let (spec, settings, inputs) = match prepared {
        Ok(prepared) => prepared,
        Err(refusal) => return refusal.into_response(),
    };
    let stream = matches!(inputs, Inputs::Batch(_)) && wants_ndjson(headers);
    let cancel = CancelOnDrop::new();
    let ctx = Ctx::new(cancel.flag(), config.max_perft_nodes);
    let n = inputs.len();
    let reply_per_input = (plan.reply_per_input)(&settings);
    let work = Arc::new(Work {
        spec,
        settings,
        job,
        estimate: plan.estimate,
        max_reply_bytes: if stream { None } else { Some(config.max_reply_bytes) },
        max_perft_nodes: config.max_perft_nodes,
    });
    if plan.weight == Weight::Light && n <= INLINE_BATCH && small_body && plan.estimate.is_none() {
        // microseconds of work: answered at once
        return match inputs {
            Inputs::One(input) => one(work.item(&ctx, &input, None)),
            Inputs::Batch(batch) if stream => {
                let mut lines = Vec::new();
                for input in &batch {
                    lines.extend(line(&item(work.item(&ctx, input, None))));
                }
                ndjson(Body::from(lines))
            }
            Inputs::Batch(batch) => Json(work.batch(&ctx, &batch, None)).into_response(),
        };
    }
    // The reply's memory is held before the work, the job's permit next.
    let reserve = if stream { 0 } else { n.saturating_mul(reply_per_input).min(config.max_reply_bytes) };
    let memory = if reserve > SMALL_REPLY {
        match state.memory.hold(reserve).await {
            Some(permit) => Some(permit),
            None => return shutting_down(),
        }
    } else {
        None
    };
    let Ok(permit) = Arc::clone(&state.jobs).acquire_owned().await else {
        return shutting_down();
    };
    if stream {
        let Inputs::Batch(batch) = inputs else { unreachable!("a stream answers a batch") };
        return stream_batch(work, batch, permit, tokio::time::Instant::from_std(started + config.request_timeout))
            .await;
    }
    let answer = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let (status, value) = match inputs {
            Inputs::One(input) => {
                let readings = work.check(&ctx, std::slice::from_ref(&input))?;
                let reading = readings.and_then(|r| r.into_iter().next());
                let result = work.item(&ctx, &input, reading);
                let status = if result.is_ok() { StatusCode::OK } else { StatusCode::UNPROCESSABLE_ENTITY };
                (status, serde_json::to_vec(&item(result)))
            }
            Inputs::Batch(batch) => {
                let readings = work.check(&ctx, &batch)?;
                (StatusCode::OK, serde_json::to_vec(&work.batch(&ctx, &batch, readings)))
            }
        };
        value.map(|bytes| (status, bytes)).map_err(|e| Refusal(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
    })
    .await;
    let (status, bytes) = match answer {
        Ok(Ok(answer)) => answer,
        Ok(Err(refusal)) => return refusal.into_response(),
        Err(_) => return request_error(StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response(),
    };
    // The memory held matches the reply: the part not needed is let go,
    // a reply larger than foreseen waits for the rest.
    let memory = match memory {
        Some(mut permit) => {
            let need = kib(bytes.len()) as usize;
            match permit.num_permits().cmp(&need) {
                std::cmp::Ordering::Greater => drop(permit.split(permit.num_permits() - need)),
                std::cmp::Ordering::Less => match state.memory.hold(bytes.len() - permit.num_permits() * 1024).await {
                    Some(more) => permit.merge(more),
                    None => return shutting_down(),
                },
                std::cmp::Ordering::Equal => {}
            }
            Some(permit)
        }
        None => return crate::pool::json_reply(&state.memory, status, bytes).await,
    };
    let mut response = Response::new(Reply::whole(bytes, memory));
    *response.status_mut() = status;
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

/// An NDJSON answer with `body`.
fn ndjson(body: Body) -> Response {
    let mut response = Response::new(body);
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(NDJSON));
    response
}

/// One item as a line of NDJSON.
fn line<T: Serialize>(item: &Item<T>) -> Vec<u8> {
    let mut line = serde_json::to_vec(item).unwrap_or_else(|e| {
        serde_json::to_vec(&Item::<()>::Error(ItemError::message(format!("cannot write the answer: {e}"))))
            .unwrap_or_default()
    });
    line.push(b'\n');
    line
}

/// Answers a batch line by line from the pool: the budgets are checked
/// first (a refusal is the whole answer), then each input's line goes
/// through a channel of [`LINES_IN_FLIGHT`] lines, so a slow reader pauses
/// the work and a client gone stops it. The work stops at the request's
/// time limit with a last line saying so.
async fn stream_batch<S, T, J>(
    work: Arc<Work<S, J>>,
    batch: Vec<String>,
    permit: tokio::sync::OwnedSemaphorePermit,
    deadline: tokio::time::Instant,
) -> Response
where
    S: Send + Sync + 'static,
    T: Serialize + Send + 'static,
    J: Fn(&S, &Ctx, &str, Reading) -> Result<T, ItemError> + Send + Sync + 'static,
{
    let (lines, receiver) = mpsc::channel::<Bytes>(LINES_IN_FLIGHT);
    let (ready, started) = oneshot::channel::<Result<(), Refusal>>();
    let handle = tokio::runtime::Handle::current();
    // The body's guard stops the work when the client goes away mid-answer.
    let cancel = CancelOnDrop::new();
    let ctx = Ctx::new(cancel.flag(), work.max_perft_nodes);
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let readings = match work.check(&ctx, &batch) {
            Ok(readings) => readings,
            Err(refusal) => {
                let _ = ready.send(Err(refusal));
                return;
            }
        };
        if ready.send(Ok(())).is_err() {
            return;
        }
        let mut readings = readings.map(Vec::into_iter);
        for input in &batch {
            let reading = readings.as_mut().and_then(Iterator::next);
            let answer = line(&item(work.item(&ctx, input, reading)));
            let sent = handle.block_on(tokio::time::timeout_at(deadline, lines.send(Bytes::from(answer))));
            match sent {
                Ok(Ok(())) if tokio::time::Instant::now() < deadline => {}
                Ok(Err(_)) => return,
                _ => {
                    let message = "the request took longer than its time limit; the lines before this one are answers";
                    let _ = lines.try_send(Bytes::from(line(&Item::<()>::Error(ItemError::message(message)))));
                    return;
                }
            }
        }
    });
    match started.await {
        Ok(Ok(())) => ndjson(Reply::lines(receiver, cancel)),
        Ok(Err(refusal)) => refusal.into_response(),
        Err(_) => request_error(StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response(),
    }
}

/// One request's work: how to read each input, the endpoint's settings and
/// job, and the budgets the estimates are held to.
struct Work<S, J> {
    spec: ReadSpec,
    settings: S,
    job: J,
    estimate: Option<Estimate<S>>,
    /// None when the answer is streamed.
    max_reply_bytes: Option<usize>,
    max_perft_nodes: u64,
}

impl<S, T, J> Work<S, J>
where
    J: Fn(&S, &Ctx, &str, Reading) -> Result<T, ItemError>,
{
    /// With an estimate: reads every input and refuses the request over a
    /// budget, before any work; the readings are kept for the work.
    #[allow(clippy::type_complexity)]
    fn check(&self, ctx: &Ctx, inputs: &[String]) -> Result<Option<Vec<Result<Reading, ItemError>>>, Refusal> {
        let Some(estimate) = self.estimate else { return Ok(None) };
        let mut readings = Vec::with_capacity(inputs.len());
        let mut total = Cost::default();
        // once over a budget the rest need not be estimated
        let mut estimated = 0;
        for input in inputs {
            if ctx.stopped() {
                return Err(Refusal(StatusCode::SERVICE_UNAVAILABLE, "the request ended".to_owned()));
            }
            let reading = self.spec.read(input);
            if let Ok(reading) = &reading
                && total.nodes <= self.max_perft_nodes
            {
                let cost = estimate(&self.settings, reading);
                total = Cost {
                    reply: total.reply.saturating_add(cost.reply),
                    nodes: total.nodes.saturating_add(cost.nodes),
                };
            }
            if total.nodes <= self.max_perft_nodes {
                estimated += 1;
            }
            readings.push(reading);
        }
        if total.nodes > self.max_perft_nodes {
            let size = if estimated + 1 >= inputs.len() {
                format!(
                    "about {} perft nodes ({}, estimated)",
                    thousands(total.nodes),
                    plural(inputs.len(), "input", "inputs")
                )
            } else {
                format!(
                    "more than {} perft nodes (the first {} of {} inputs, estimated)",
                    thousands(total.nodes),
                    thousands(estimated as u64 + 1),
                    thousands(inputs.len() as u64)
                )
            };
            return Err(Refusal(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "this request asks for {size}; the limit is {} nodes per request (serve --max-perft-nodes)",
                    thousands(self.max_perft_nodes)
                ),
            ));
        }
        if let Some(limit) = self.max_reply_bytes
            && total.reply > limit as u64
        {
            return Err(too_big_reply(total.reply, inputs.len(), limit));
        }
        Ok(Some(readings))
    }

    /// One input's answer, from its reading when already made.
    fn item(&self, ctx: &Ctx, input: &str, reading: Option<Result<Reading, ItemError>>) -> Result<T, ItemError> {
        let reading = reading.unwrap_or_else(|| self.spec.read(input))?;
        let notation = reading.notation;
        (self.job)(&self.settings, ctx, input, reading)
            .map_err(|e| if e.notation.is_some() { e } else { e.with_notation(notation) })
    }

    /// Answers every input in order, stopping early (with an answer nobody
    /// reads) once the request has ended.
    fn batch(&self, ctx: &Ctx, batch: &[String], readings: Option<Vec<Result<Reading, ItemError>>>) -> Results<T> {
        let mut readings = readings.map(Vec::into_iter);
        let mut results = Vec::with_capacity(batch.len());
        for input in batch {
            if ctx.stopped() {
                break;
            }
            let reading = readings.as_mut().and_then(Iterator::next);
            results.push(item(self.item(ctx, input, reading)));
        }
        Results { results }
    }
}

#[derive(Serialize)]
struct Results<T> {
    results: Vec<Item<T>>,
}

fn item<T>(result: Result<T, ItemError>) -> Item<T> {
    match result {
        Ok(value) => Item::Ok(value),
        Err(error) => Item::Error(error),
    }
}

/// One input's answer: 200 when it succeeded, 422 when it failed.
fn one<T: Serialize>(result: Result<T, ItemError>) -> Response {
    let status = if result.is_ok() { StatusCode::OK } else { StatusCode::UNPROCESSABLE_ENTITY };
    (status, Json(item(result))).into_response()
}

// ---------------------------------------------------------------- convert

read_request! {
    struct ConvertRequest {
        to: String,
        letters: Option<String>,
        #[serde(default)]
        canonical: bool,
        en_passant: Option<String>,
    }
}

#[derive(Debug, Serialize)]
struct Converted {
    notation: &'static str,
    variant: &'static str,
    output: String,
    warnings: Vec<String>,
    repairs: Vec<RepairOut>,
}

/// `POST /v1/convert`.
pub(crate) async fn convert(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let settings = |request: ConvertRequest| {
        let to: Notation = parse_id(&request.to, "notation", "to")?;
        let mut options = WriteOptions::default().with_canonical(request.canonical);
        if let Some(letters) = &request.letters {
            let letters = LetterSet::from_str(letters).map_err(|_| {
                bad_request(format!("\"letters\": unknown letter set {letters:?}; known: xqbase, wxf, iccs"))
            })?;
            options = options.with_letters(letters);
        }
        if let Some(policy) = &request.en_passant {
            options = options.with_en_passant(parse_id::<EnPassantPolicy>(policy, "en passant policy", "en_passant")?);
        }
        Ok((to, options))
    };
    endpoint(&state, &headers, body, Plan::new(Weight::Light), settings, |(to, options), _, input, reading| {
        let written = reading.position.to_notation(*to, options).map_err(|e| ItemError::message(e.to_string()))?;
        Ok(Converted {
            notation: reading.notation.into(),
            variant: reading.position.variant().into(),
            output: written.text,
            warnings: written.warnings,
            repairs: repairs_out(input, &reading.repairs),
        })
    })
    .await
}

// ---------------------------------------------------------------- validate

read_request! {
    struct ValidateRequest {}
}

#[derive(Debug, Serialize)]
struct Validated {
    notation: &'static str,
    variant: &'static str,
    valid: bool,
    violations: Vec<String>,
    repairs: Vec<RepairOut>,
}

/// `POST /v1/validate`.
pub(crate) async fn validate(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    endpoint(
        &state,
        &headers,
        body,
        Plan::new(Weight::Light),
        |_: ValidateRequest| Ok(()),
        |(), _, input, reading| {
            let violations = reading.position.violations();
            Ok(Validated {
                notation: reading.notation.into(),
                variant: reading.position.variant().into(),
                valid: violations.is_empty(),
                violations,
                repairs: repairs_out(input, &reading.repairs),
            })
        },
    )
    .await
}

// ---------------------------------------------------------------- render

read_request! {
    struct RenderRequest {
        style: Option<String>,
    }
}

#[derive(Debug, Serialize)]
struct Rendered {
    notation: &'static str,
    variant: &'static str,
    style: &'static str,
    diagram: String,
}

/// `POST /v1/render`.
pub(crate) async fn render(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let settings = |request: RenderRequest| {
        request.style.as_deref().map_or(Ok(RenderStyle::Svg), |s| parse_id(s, "style", "style"))
    };
    let plan = Plan {
        estimate: Some(|&style: &RenderStyle, reading: &Reading| Cost {
            reply: crate::estimate::render(reading, style),
            nodes: 0,
        }),
        reply_per_input: |&style| crate::estimate::render_most(style),
        ..Plan::new(Weight::Heavy)
    };
    endpoint(&state, &headers, body, plan, settings, |&style, _, _, reading| {
        let diagram = reading.position.render(style).map_err(|e| ItemError::message(e.to_string()))?;
        Ok(Rendered {
            notation: reading.notation.into(),
            variant: reading.position.variant().into(),
            style: style.into(),
            diagram,
        })
    })
    .await
}

// ---------------------------------------------------------------- rules

/// The move notation and rule options of a rules request.
#[derive(Clone, Copy, Debug)]
struct Rules {
    /// The move notation asked for, if any.
    asked: Option<MoveNotation>,
    options: RuleOptions,
}

impl Rules {
    fn new(
        move_notation: Option<&str>,
        castling: Option<&str>,
        swap_restriction: bool,
        every_rotation: bool,
    ) -> Result<Rules, Refusal> {
        let asked =
            move_notation.map(|id| parse_id::<MoveNotation>(id, "move notation", "move_notation")).transpose()?;
        let mut options = RuleOptions::default()
            .with_khet_swap_restriction(swap_restriction)
            .with_khet_every_rotation(every_rotation);
        if let Some(castling) = castling {
            options = options.with_castling(parse_id::<CastlingMoves>(castling, "castling style", "castling")?);
        }
        Ok(Rules { asked, options })
    }

    /// The move notation asked for, or the game's default; an error item
    /// when it belongs to another game.
    fn move_notation(self, variant: VariantId) -> Result<MoveNotation, ItemError> {
        let default = variant.move_notations().first().copied().unwrap_or(MoveNotation::Uci);
        match self.asked {
            None => Ok(default),
            Some(notation) if notation.variant() == variant => Ok(notation),
            Some(notation) => Err(rules_error(&RulesError::WrongNotation { variant, notation }, None)),
        }
    }
}

/// A rules error as an item error; a move error carries the move's number,
/// the column in the move text and the candidates.
fn rules_error(error: &RulesError, moves: Option<&[String]>) -> ItemError {
    let mut item = ItemError::message(error.to_string());
    if let RulesError::Move { index, error: move_error } = error {
        item.move_number = Some(index + 1);
        item.candidates.clone_from(&move_error.candidates);
        if let Some(text) = moves.and_then(|moves| moves.get(*index)) {
            item.column = Some(column(text, move_error.span.clone()));
        }
    }
    item
}

read_request! {
    rules struct MovesRequest {}
}

#[derive(Debug, Serialize)]
#[allow(clippy::struct_field_names)] // the JSON keys
struct Moves {
    notation: &'static str,
    variant: &'static str,
    move_notation: &'static str,
    moves: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<&'static str>,
}

/// `POST /v1/moves`.
pub(crate) async fn moves(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let plan = Plan {
        estimate: Some(|rules: &Rules, reading: &Reading| Cost {
            reply: crate::estimate::moves(reading, rules.options),
            nodes: 0,
        }),
        reply_per_input: |_| crate::estimate::MOVES_MOST,
        ..Plan::new(Weight::Heavy)
    };
    endpoint(
        &state,
        &headers,
        body,
        plan,
        |request: MovesRequest| request.rules(),
        |rules, _, _, reading| {
            let variant = reading.position.variant();
            let notation = rules.move_notation(variant)?;
            let moves = reading.position.legal_moves(notation, &rules.options).map_err(|e| rules_error(&e, None))?;
            Ok(Moves {
                notation: reading.notation.into(),
                variant: variant.into(),
                move_notation: notation.into(),
                moves,
                status: reading.position.status(&rules.options).ok().map(Into::into),
            })
        },
    )
    .await
}

read_request! {
    rules struct PlayRequest {
        moves: Vec<String>,
        to: Option<String>,
    }
}

#[derive(Debug, Serialize)]
#[allow(clippy::struct_field_names)] // the JSON keys
struct Played {
    notation: &'static str,
    variant: &'static str,
    move_notation: &'static str,
    played: Vec<String>,
    to: &'static str,
    output: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<&'static str>,
}

/// `POST /v1/move`: plays a list of moves from each input position.
pub(crate) async fn play(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let settings = |request: PlayRequest| {
        let rules = request.rules()?;
        let to = request.to.as_deref().map(|id| parse_id::<Notation>(id, "notation", "to")).transpose()?;
        Ok((rules, to, request.moves))
    };
    let plan = Plan {
        upfront: |(_, _, moves): &(Rules, Option<Notation>, Vec<String>), inputs, config| {
            let asked = moves.len().saturating_mul(inputs);
            if asked <= config.max_moves {
                return Ok(());
            }
            Err(Refusal(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "this request asks for {} moves ({} x {}); the limit is {} moves per request (serve --max-moves)",
                    thousands(asked as u64),
                    plural(inputs, "input", "inputs"),
                    thousands(moves.len() as u64),
                    thousands(config.max_moves as u64)
                ),
            ))
        },
        reply_per_input: |(_, _, moves)| 512 + 16 * moves.len(),
        ..Plan::new(Weight::Heavy)
    };
    endpoint(&state, &headers, body, plan, settings, |(rules, to, moves), ctx, _, reading| {
        let variant = reading.position.variant();
        let notation = rules.move_notation(variant)?;
        let mut position: AnyPosition = reading.position.clone();
        let mut played = Vec::with_capacity(moves.len());
        for (index, text) in moves.iter().enumerate() {
            if index % CANCEL_EVERY == CANCEL_EVERY - 1 && ctx.stopped() {
                return Err(ItemError::message("stopped: the request ended"));
            }
            match position.play(text, notation, &rules.options) {
                Ok(written) => played.push(written),
                Err(RulesError::Move { error, .. }) => {
                    return Err(rules_error(&RulesError::Move { index, error }, Some(moves)));
                }
                Err(e) => return Err(rules_error(&e, None)),
            }
        }
        // The position is written in the notation asked for, else the one
        // read (when it is of this game), else the game's own.
        let to = to.unwrap_or(match reading.notation.variant() {
            Some(v) if v != variant => variant.default_notation(),
            _ => reading.notation,
        });
        let written =
            position.to_notation(to, &WriteOptions::default()).map_err(|e| ItemError::message(e.to_string()))?;
        Ok(Played {
            notation: reading.notation.into(),
            variant: variant.into(),
            move_notation: notation.into(),
            played,
            to: to.into(),
            output: written.text,
            status: position.status(&rules.options).ok().map(Into::into),
        })
    })
    .await
}

read_request! {
    #[allow(clippy::struct_excessive_bools)] // the JSON keys
    rules struct PerftRequest {
        depth: u32,
        #[serde(default)]
        divide: bool,
    }
}

#[derive(Debug, Serialize)]
struct DividedOut {
    #[serde(rename = "move")]
    text: String,
    nodes: u64,
}

#[derive(Debug, Serialize)]
struct Perft {
    notation: &'static str,
    variant: &'static str,
    depth: u32,
    nodes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DividedOut>>,
}

/// `POST /v1/perft`: counts on a blocking thread, at most
/// [`crate::Config::max_perft_jobs`] at once.
pub(crate) async fn perft(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let max = state.config.max_perft_depth;
    let settings = |request: PerftRequest| {
        if request.depth > max {
            return Err(bad_request(format!("\"depth\": {} is deeper than the limit of {max}", request.depth)));
        }
        Ok((request.rules()?, request.depth, request.divide))
    };
    let plan = Plan {
        estimate: Some(|&(rules, depth, divide): &(Rules, u32, bool), reading: &Reading| Cost {
            reply: if divide { 2 * crate::estimate::moves(reading, rules.options) } else { 256 },
            nodes: crate::estimate::perft(reading, depth, rules.options),
        }),
        reply_per_input: |&(_, _, divide)| if divide { 2 * crate::estimate::MOVES_MOST } else { 256 },
        ..Plan::new(Weight::Heavy)
    };
    endpoint(&state, &headers, body, plan, settings, |&(rules, depth, divide), ctx, _, reading| {
        let variant = reading.position.variant();
        let control = PerftControl::new().with_cancel(&ctx.cancelled).with_node_budget(ctx.nodes_left.get());
        let (nodes, divided) = if divide {
            let notation = rules.move_notation(variant)?;
            let divided = reading
                .position
                .divide_with(depth, notation, &rules.options, &control)
                .map_err(|e| rules_error(&e, None))?;
            let nodes = divided.iter().map(|d| d.nodes).sum();
            (nodes, Some(divided.into_iter().map(|d| DividedOut { text: d.text, nodes: d.nodes }).collect()))
        } else {
            (reading.position.perft_with(depth, &rules.options, &control).map_err(|e| rules_error(&e, None))?, None)
        };
        ctx.nodes_left.set(ctx.nodes_left.get().saturating_sub(nodes));
        Ok(Perft { notation: reading.notation.into(), variant: variant.into(), depth, nodes, divide: divided })
    })
    .await
}

// ---------------------------------------------------------------- info

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

// ---------------------------------------------------------------- laser

read_request! {
    struct LaserRequest {
        color: Option<String>,
    }
}

#[derive(Debug, Serialize)]
struct LaserOut {
    notation: &'static str,
    variant: &'static str,
    color: &'static str,
    summary: String,
    removed: Vec<String>,
    diagram: String,
}

/// `POST /v1/laser`: traces the laser of `color` (by default the side to
/// move) in a Khet position and draws it over the board.
pub(crate) async fn laser(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let settings = |request: LaserRequest| match request.color.as_deref() {
        None => Ok(None),
        Some("silver") => Ok(Some(Color::White)),
        Some("red") => Ok(Some(Color::Black)),
        Some(other) => Err(bad_request(format!("\"color\": unknown side {other:?}; known: silver, red"))),
    };
    let plan = Plan {
        estimate: Some(|&color: &Option<Color>, reading: &Reading| Cost {
            reply: crate::estimate::laser(reading, color),
            nodes: 0,
        }),
        reply_per_input: |_| crate::estimate::LASER_MOST,
        ..Plan::new(Weight::Heavy)
    };
    endpoint(&state, &headers, body, plan, settings, |&color, _, _, reading| {
        let AnyPosition::Khet(khet) = &reading.position else {
            let variant: &str = reading.position.variant().into();
            return Err(ItemError::message(format!("the laser is Khet's; this is a {variant} position")));
        };
        let position = polyfen::polyfen_khet::Position::from_setup(&khet.setup).map_err(|violations| {
            let words: Vec<String> = violations.iter().map(ToString::to_string).collect();
            ItemError::message(format!("illegal position: {}", words.join("; ")))
        })?;
        let color = color.unwrap_or(khet.setup.extras.turn);
        let shot = position.laser(color);
        Ok(LaserOut {
            notation: reading.notation.into(),
            variant: "khet",
            color: if color == Color::White { "silver" } else { "red" },
            summary: shot.to_string(),
            removed: shot.removed().iter().map(|(square, _)| square.to_string()).collect(),
            diagram: polyfen::svg::khet_with_laser(&khet.setup, &shot),
        })
    })
    .await
}
