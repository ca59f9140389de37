//! The handlers of the JSON API: request shapes, one answer per input.

use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use polyfen::polyfen_core::{Color, ParseError, ParseErrorKind, Repair};
use polyfen::polyfen_xiangqi::LetterSet;
use polyfen::{
    AnyPosition, CastlingMoves, EnPassantPolicy, MoveNotation, Notation, Position, ReadOptions, Reading, RenderStyle,
    RuleOptions, RulesError, VariantId, WriteOptions,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use strum::IntoEnumIterator;

use crate::AppState;

/// Batches longer than this run on a blocking thread, so that the async
/// workers stay free for short requests.
const INLINE_BATCH: usize = 16;

/// A request-level error: `{"error": {"message": ...}}` with `status`.
pub(crate) fn request_error(status: StatusCode, message: &str) -> (StatusCode, Json<serde_json::Value>) {
    (status, Json(serde_json::json!({ "error": { "message": message } })))
}

/// Why a request cannot be answered at all.
struct Refusal(StatusCode, String);

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        request_error(self.0, &self.1).into_response()
    }
}

fn bad_request(message: impl Into<String>) -> Refusal {
    Refusal(StatusCode::BAD_REQUEST, message.into())
}

/// Reads the body as JSON of `T`: 413 when too long, 400 with serde's
/// message (and where in the body) when malformed.
fn parse_body<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, Refusal> {
    let bytes = body.map_err(|rejection| {
        let status = rejection.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            Refusal(status, "the request body is larger than the limit".to_owned())
        } else {
            Refusal(status, rejection.body_text())
        }
    })?;
    serde_json::from_slice(&bytes).map_err(|e| bad_request(format!("malformed request: {e}")))
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
    /// One input or a short batch runs at once; a long batch is heavy.
    Light,
    /// Always on a blocking thread, holding one of the
    /// [`crate::Config::max_perft_jobs`] permits until the work ends (even
    /// when the request timed out).
    Heavy,
}

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
/// the inputs (refusing a batch over the limit). Then runs `job` on every
/// input's reading, in order, and answers: one input alone, a batch as
/// `{"results": [...]}`. An item error the job returns without a notation
/// gets the notation the input was read as.
async fn endpoint<R, S, T, J>(
    state: &AppState,
    body: Result<Bytes, BytesRejection>,
    weight: Weight,
    settings: impl FnOnce(R) -> Result<S, Refusal>,
    job: J,
) -> Response
where
    R: ReadRequest,
    S: Send + Sync + 'static,
    T: Serialize + Send + 'static,
    J: Fn(&S, &str, Reading) -> Result<T, ItemError> + Send + Sync + 'static,
{
    let prepared = parse_body::<R>(body).and_then(|mut request| {
        let source = request.source();
        let spec = ReadSpec::new(source.from.as_deref(), source.lenient)?;
        let settings = settings(request)?;
        Ok((spec, settings, Inputs::new(source.input, source.inputs, &state.config)?))
    });
    let (spec, settings, inputs) = match prepared {
        Ok(prepared) => prepared,
        Err(refusal) => return refusal.into_response(),
    };
    let job = move |input: &str| {
        let reading = spec.read(input)?;
        let notation = reading.notation;
        job(&settings, input, reading).map_err(|e| if e.notation.is_some() { e } else { e.with_notation(notation) })
    };
    // Inline work ends before the handler can be dropped; work on a blocking
    // thread holds a heavy-job permit and stops at the next input once the
    // request ends (timed out, or dropped by its client).
    let inline = weight == Weight::Light && inputs.len() <= INLINE_BATCH;
    let cancelled = Arc::new(AtomicBool::new(false));
    let _cancel_on_drop = CancelOnDrop(Arc::clone(&cancelled));
    let permit = if inline {
        None
    } else {
        match state.perft_jobs.clone().acquire_owned().await {
            Ok(permit) => Some(permit),
            Err(_) => {
                return request_error(StatusCode::SERVICE_UNAVAILABLE, "the service is shutting down").into_response();
            }
        }
    };
    match inputs {
        Inputs::One(input) if inline => one(job(&input)),
        Inputs::Batch(batch) if inline => Json(batch_answer(&batch, &job, &cancelled)).into_response(),
        inputs => {
            let result = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                match inputs {
                    Inputs::One(input) => Err(job(&input)),
                    Inputs::Batch(batch) => Ok(batch_answer(&batch, &job, &cancelled)),
                }
            })
            .await;
            match result {
                Ok(Err(single)) => one(single),
                Ok(Ok(results)) => Json(results).into_response(),
                Err(_) => request_error(StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response(),
            }
        }
    }
}

#[derive(Serialize)]
struct Results<T> {
    results: Vec<Item<T>>,
}

/// Answers every input in order, stopping early (with an answer nobody
/// reads) once `cancelled` is set.
fn batch_answer<T, F: Fn(&str) -> Result<T, ItemError>>(
    batch: &[String],
    job: &F,
    cancelled: &AtomicBool,
) -> Results<T> {
    Results {
        results: batch
            .iter()
            .take_while(|_| !cancelled.load(Ordering::Relaxed))
            .map(|input| item(job(input)))
            .collect(),
    }
}

/// Sets its flag when dropped: a handler's future is dropped when its
/// request times out or its client goes away.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
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
pub(crate) async fn convert(State(state): State<AppState>, body: Result<Bytes, BytesRejection>) -> Response {
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
    endpoint(&state, body, Weight::Light, settings, |(to, options), input, reading| {
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
pub(crate) async fn validate(State(state): State<AppState>, body: Result<Bytes, BytesRejection>) -> Response {
    endpoint(
        &state,
        body,
        Weight::Light,
        |_: ValidateRequest| Ok(()),
        |(), input, reading| {
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
pub(crate) async fn render(State(state): State<AppState>, body: Result<Bytes, BytesRejection>) -> Response {
    let settings = |request: RenderRequest| {
        request.style.as_deref().map_or(Ok(RenderStyle::Svg), |s| parse_id(s, "style", "style"))
    };
    endpoint(&state, body, Weight::Light, settings, |&style, _, reading| {
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
pub(crate) async fn moves(State(state): State<AppState>, body: Result<Bytes, BytesRejection>) -> Response {
    endpoint(
        &state,
        body,
        Weight::Light,
        |request: MovesRequest| request.rules(),
        |rules, _, reading| {
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
pub(crate) async fn play(State(state): State<AppState>, body: Result<Bytes, BytesRejection>) -> Response {
    let settings = |request: PlayRequest| {
        let rules = request.rules()?;
        let to = request.to.as_deref().map(|id| parse_id::<Notation>(id, "notation", "to")).transpose()?;
        Ok((rules, to, request.moves))
    };
    endpoint(&state, body, Weight::Light, settings, |(rules, to, moves), _, reading| {
        let variant = reading.position.variant();
        let notation = rules.move_notation(variant)?;
        let mut position: AnyPosition = reading.position.clone();
        let mut played = Vec::with_capacity(moves.len());
        for (index, text) in moves.iter().enumerate() {
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
pub(crate) async fn perft(State(state): State<AppState>, body: Result<Bytes, BytesRejection>) -> Response {
    let max = state.config.max_perft_depth;
    let settings = |request: PerftRequest| {
        if request.depth > max {
            return Err(bad_request(format!("\"depth\": {} is deeper than the limit of {max}", request.depth)));
        }
        Ok((request.rules()?, request.depth, request.divide))
    };
    endpoint(&state, body, Weight::Heavy, settings, |&(rules, depth, divide), _, reading| {
        let variant = reading.position.variant();
        let (nodes, divided) = if divide {
            let notation = rules.move_notation(variant)?;
            let divided =
                reading.position.divide(depth, notation, &rules.options).map_err(|e| rules_error(&e, None))?;
            let nodes = divided.iter().map(|d| d.nodes).sum();
            (nodes, Some(divided.into_iter().map(|d| DividedOut { text: d.text, nodes: d.nodes }).collect()))
        } else {
            (reading.position.perft(depth, &rules.options).map_err(|e| rules_error(&e, None))?, None)
        };
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
    max_game_moves: usize,
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
            max_game_moves: config.max_game_moves,
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
pub(crate) async fn laser(State(state): State<AppState>, body: Result<Bytes, BytesRejection>) -> Response {
    let settings = |request: LaserRequest| match request.color.as_deref() {
        None => Ok(None),
        Some("silver") => Ok(Some(Color::White)),
        Some("red") => Ok(Some(Color::Black)),
        Some(other) => Err(bad_request(format!("\"color\": unknown side {other:?}; known: silver, red"))),
    };
    endpoint(&state, body, Weight::Light, settings, |&color, _, reading| {
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
