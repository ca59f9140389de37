//! How every read endpoint runs: [`endpoint`] takes the decoded request,
//! holds it to its [`Plan`]'s budgets (estimated before any work), runs
//! the endpoint's job on each input — at once for a few light inputs, else
//! on the pool, holding a job permit and the reply's memory — and answers
//! one input alone, a batch in order, or NDJSON lines streamed through a
//! bounded channel. It must not know any endpoint: a handler brings its
//! settings, its plan and its job; decoding is `request`'s business, the
//! answers' shapes `answer`'s. A request comes by a [`Way`]: over HTTP
//! (`Call`, answered on the pool) or handed over by a caller ([`Now`],
//! answered at once on the caller's thread, for [`crate::call`]); both
//! prepare and answer it with the same functions.

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use http::StatusCode;
use polyfen::Reading;
use serde::Serialize;

use crate::api::answer::{ItemError, Results, item};
use crate::api::request::{Inputs, ReadRequest, ReadSpec, in_scope, parse_now, scope_of};
use crate::refusal::{Refusal, plural, thousands, too_big_reply};
#[cfg(feature = "service")]
pub(crate) use service::Call;

/// `convert` and `validate` batches longer than this run on the pool, so
/// that the async workers stay free for short requests (a shorter one is
/// microseconds of work).
#[cfg(feature = "service")]
const INLINE_BATCH: usize = 16;

/// How a request's work is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Weight {
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
pub(crate) type Estimate<S> = fn(&S, &Reading) -> Cost;

/// How an endpoint's requests are run and bounded.
// how it is run and its reply held are the service's business
#[cfg_attr(not(feature = "service"), allow(dead_code))]
pub(crate) struct Plan<S> {
    pub(crate) weight: Weight,
    /// Refuses the request as a whole before any input is read, given the
    /// number of inputs (the move budget of `move`).
    pub(crate) upfront: fn(&S, usize, &crate::Config) -> Result<(), Refusal>,
    /// Each input's cost, summed on the pool before the work starts and
    /// refused over the request's budgets.
    pub(crate) estimate: Option<Estimate<S>>,
    /// The most bytes of answer one input may take, for holding the
    /// reply's memory before the work (capped by the reply budget).
    pub(crate) reply_per_input: fn(&S) -> usize,
    /// What of the games the estimates need measured
    /// ([`crate::estimate::ready`]), made before them off the runtime's
    /// threads.
    pub(crate) measures: fn(&S) -> crate::estimate::Needs,
}

impl<S> Plan<S> {
    pub(crate) fn new(weight: Weight) -> Plan<S> {
        Plan {
            weight,
            upfront: |_, _, _| Ok(()),
            estimate: None,
            reply_per_input: |_| 2048,
            measures: |_| crate::estimate::Needs::Nothing,
        }
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
    pub(crate) fn stopped(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}

/// What a request may be asked of and answers: its limits, and its way
/// of answering a read endpoint with the endpoint's plan, settings (which
/// read the endpoint's own fields) and job (run on each input's reading).
pub(crate) trait Way {
    /// What the endpoint gives back: a response to come, or the answer's
    /// status and bytes.
    type Answer;

    /// The limits the request is held to.
    fn config(&self) -> &crate::Config;

    /// Answers the request as [`prepare`] and [`whole`] say, with the
    /// budgets of `plan`.
    fn answer<R, S, T, J>(
        self,
        plan: Plan<S>,
        settings: impl FnOnce(R) -> Result<S, Refusal> + Send + 'static,
        job: J,
    ) -> Self::Answer
    where
        R: ReadRequest + Send + 'static,
        S: Send + Sync + 'static,
        T: Serialize + Send + 'static,
        J: Fn(&S, &Ctx, &str, Reading) -> Result<T, ItemError> + Send + Sync + 'static;
}

/// A request handed over by a caller, answered at once on its thread with
/// the service's limits (but its time limit: nothing runs for long without
/// a budget of moves or nodes).
pub(crate) struct Now<'a> {
    /// The request's JSON body.
    pub(crate) body: &'a [u8],
    /// The limits.
    pub(crate) config: &'a crate::Config,
}

impl Way for Now<'_> {
    type Answer = (StatusCode, Vec<u8>);

    fn config(&self) -> &crate::Config {
        self.config
    }

    fn answer<R, S, T, J>(
        self,
        plan: Plan<S>,
        settings: impl FnOnce(R) -> Result<S, Refusal> + Send + 'static,
        job: J,
    ) -> Self::Answer
    where
        R: ReadRequest + Send + 'static,
        S: Send + Sync + 'static,
        T: Serialize + Send + 'static,
        J: Fn(&S, &Ctx, &str, Reading) -> Result<T, ItemError> + Send + Sync + 'static,
    {
        let config = self.config;
        let run = || {
            let request: R = parse_now(self.body, config)?;
            let Prepared { spec, settings, inputs, scope } = prepare(request, plan.upfront, settings, config)?;
            crate::estimate::ready_now((plan.measures)(&settings));
            let work = Work {
                scope,
                spec,
                settings,
                job,
                estimate: plan.estimate,
                max_reply_bytes: Some(config.max_reply_bytes),
                max_perft_nodes: config.max_perft_nodes,
            };
            let ctx = Ctx::new(Arc::new(AtomicBool::new(false)), config.max_perft_nodes);
            whole(&work, &ctx, inputs)
        };
        run().unwrap_or_else(|refusal| refusal.answer())
    }
}

/// A read request decoded and checked, not yet run.
struct Prepared<S> {
    spec: ReadSpec,
    settings: S,
    inputs: Inputs,
    /// The games the request defines for itself.
    scope: Option<polyfen::RulesScope>,
}

/// The shared preparation of every read endpoint: builds the read spec,
/// lets `settings` read the endpoint's own fields, and takes the inputs
/// (refusing a batch over the limit, and a request refused `upfront`),
/// each in the scope of the request's own games.
fn prepare<R: ReadRequest, S>(
    mut request: R,
    upfront: fn(&S, usize, &crate::Config) -> Result<(), Refusal>,
    settings: impl FnOnce(R) -> Result<S, Refusal>,
    config: &crate::Config,
) -> Result<Prepared<S>, Refusal> {
    let source = request.source();
    let scope = scope_of(source.variants.as_deref())?;
    let (spec, settings, inputs) = in_scope(scope.as_ref(), || {
        let spec = ReadSpec::new(source.from.as_deref(), source.lenient, source.rules.as_deref())?;
        let settings = settings(request)?;
        let inputs = Inputs::new(source.input, source.inputs, config)?;
        upfront(&settings, inputs.len(), config)?;
        Ok::<_, Refusal>((spec, settings, inputs))
    })?;
    Ok(Prepared { spec, settings, inputs, scope })
}

/// Runs the work on every input and answers as one reply: one input alone
/// (200, or 422 when it failed), a batch as `{"results": [...]}`; refused
/// as a whole over a budget before any work.
fn whole<S, T, J>(work: &Work<S, J>, ctx: &Ctx, inputs: Inputs) -> Result<(StatusCode, Vec<u8>), Refusal>
where
    T: Serialize,
    J: Fn(&S, &Ctx, &str, Reading) -> Result<T, ItemError>,
{
    let (status, value) = match inputs {
        Inputs::One(input) => {
            let readings = work.check(ctx, std::slice::from_ref(&input))?;
            let reading = readings.and_then(|r| r.into_iter().next());
            let result = work.item(ctx, &input, reading);
            let status = if result.is_ok() { StatusCode::OK } else { StatusCode::UNPROCESSABLE_ENTITY };
            (status, serde_json::to_vec(&item(result)))
        }
        Inputs::Batch(batch) => {
            let readings = work.check(ctx, &batch)?;
            (StatusCode::OK, serde_json::to_vec(&work.batch(ctx, &batch, readings)))
        }
    };
    value.map(|bytes| (status, bytes)).map_err(|e| Refusal(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
}

/// The way of the HTTP service: the request's body and headers, answered
/// on the pool within the service's limits, one input, a batch or NDJSON
/// lines.
#[cfg(feature = "service")]
mod service {
    use std::convert::Infallible;
    use std::pin::Pin;
    use std::sync::Arc;
    use std::time::Instant;

    use axum::Json;
    use axum::body::{Body, Bytes};
    use axum::extract::rejection::BytesRejection;
    use axum::extract::{FromRequest, Request};
    use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
    use axum::response::{IntoResponse, Response};
    use polyfen::Reading;
    use serde::Serialize;
    use tokio::sync::{mpsc, oneshot};

    use super::{Ctx, INLINE_BATCH, Plan, Prepared, Way, Weight, Work, prepare, whole};
    use crate::AppState;
    use crate::api::answer::{Item, ItemError, item, line, one};
    use crate::api::request::{Inputs, PARSE_INLINE, ReadRequest, parse_body};
    use crate::pool::{CancelOnDrop, Reply, SMALL_REPLY, kib};
    use crate::refusal::{Refusal, request_error, shutting_down};

    impl Way for Call {
        type Answer = Pin<Box<dyn Future<Output = Response> + Send>>;

        fn config(&self) -> &crate::Config {
            &self.state.config
        }

        fn answer<R, S, T, J>(
            self,
            plan: Plan<S>,
            settings: impl FnOnce(R) -> Result<S, Refusal> + Send + 'static,
            job: J,
        ) -> Self::Answer
        where
            R: ReadRequest + Send + 'static,
            S: Send + Sync + 'static,
            T: Serialize + Send + 'static,
            J: Fn(&S, &Ctx, &str, Reading) -> Result<T, ItemError> + Send + Sync + 'static,
        {
            Box::pin(endpoint(self, plan, settings, job))
        }
    }

    /// The items a request is answered with, as one reply or as lines.
    fn wants_ndjson(headers: &HeaderMap) -> bool {
        headers.get_all(header::ACCEPT).iter().any(|value| {
            value.to_str().is_ok_and(|value| {
                value
                    .split(',')
                    .any(|part| part.split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case(NDJSON)))
            })
        })
    }

    /// The media type of a batch answered line by line.
    pub(crate) const NDJSON: &str = "application/x-ndjson";

    /// How many answer lines may wait for a slow reader before the work pauses.
    const LINES_IN_FLIGHT: usize = 8;

    /// A read endpoint's request as its handler takes it: the service's
    /// state, the headers (which may ask for NDJSON) and the body, not yet
    /// decoded (a body that could not be read is refused by [`endpoint`]).
    pub(crate) struct Call {
        /// What every handler shares.
        pub(crate) state: AppState,
        /// The request's headers.
        headers: HeaderMap,
        /// The request's body.
        body: Result<Bytes, BytesRejection>,
    }

    impl FromRequest<AppState> for Call {
        type Rejection = Infallible;

        async fn from_request(request: Request, state: &AppState) -> Result<Call, Infallible> {
            let headers = request.headers().clone();
            let body = Bytes::from_request(request, state).await;
            Ok(Call { state: state.clone(), headers, body })
        }
    }

    /// The shared preparation of every read endpoint: parses the body, builds
    /// the read spec, lets `settings` read the endpoint's own fields, and takes
    /// the inputs (refusing a batch over the limit, and a request over the
    /// plan's budgets). Then runs `job` on every input's reading, in order, and
    /// answers: one input alone, a batch as `{"results": [...]}`, or with
    /// `accept: application/x-ndjson` as one line per input. An item error the
    /// job returns without a notation gets the notation the input was read as.
    async fn endpoint<R, S, T, J>(
        call: Call,
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
        let Call { state, headers, body } = call;
        let state = &state;
        let started = Instant::now();
        let config = &state.config;
        // a large body is large inputs: never answered on the async threads
        let small_body = body.as_ref().is_ok_and(|bytes| bytes.len() <= PARSE_INLINE);
        let prepared =
            parse_body::<R>(state, body).await.and_then(|request| prepare(request, plan.upfront, settings, config));
        let Prepared { spec, settings, inputs, scope } = match prepared {
            Ok(prepared) => prepared,
            Err(refusal) => return refusal.into_response(),
        };
        let stream = matches!(inputs, Inputs::Batch(_)) && wants_ndjson(&headers);
        let cancel = CancelOnDrop::new();
        let ctx = Ctx::new(cancel.flag(), config.max_perft_nodes);
        let n = inputs.len();
        let work = Arc::new(Work {
            scope,
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
        // The reply's memory is held before the work, the job's permit next;
        // an endpoint whose estimates need them has the games measured first.
        crate::estimate::ready((plan.measures)(&work.settings)).await;
        let reply_per_input = (plan.reply_per_input)(&work.settings);
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
            whole(&work, &ctx, inputs)
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
                    std::cmp::Ordering::Less => {
                        match state.memory.hold(bytes.len() - permit.num_permits() * 1024).await {
                            Some(more) => permit.merge(more),
                            None => return shutting_down(),
                        }
                    }
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
                        let message =
                            "the request took longer than its time limit; the lines before this one are answers";
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
}

/// One request's work: how to read each input, the endpoint's settings and
/// job, and the budgets the estimates are held to.
struct Work<S, J> {
    /// The games the request defines for itself.
    scope: Option<polyfen::RulesScope>,
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
        let _scope = self.scope.as_ref().map(polyfen::RulesScope::enter);
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
        let _scope = self.scope.as_ref().map(polyfen::RulesScope::enter);
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
