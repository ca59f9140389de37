//! The handlers of the JSON API: request shapes, one answer per input.

use std::str::FromStr;
use std::sync::Arc;

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

/// Runs `job` on every input, in order, and answers: one input alone, a
/// batch as `{"results": [...]}`. Long batches run on a blocking thread.
async fn answer<T, F>(inputs: Inputs, job: F) -> Response
where
    T: Serialize + Send + 'static,
    F: Fn(&str) -> Result<T, ItemError> + Send + Sync + 'static,
{
    match inputs {
        Inputs::One(input) => one(job(&input)),
        Inputs::Batch(batch) if batch.len() <= INLINE_BATCH => Json(batch_answer(&batch, &job)).into_response(),
        Inputs::Batch(batch) => match tokio::task::spawn_blocking(move || batch_answer(&batch, &job)).await {
            Ok(results) => Json(results).into_response(),
            Err(_) => request_error(StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response(),
        },
    }
}

#[derive(Serialize)]
struct Results<T> {
    results: Vec<Item<T>>,
}

fn batch_answer<T, F: Fn(&str) -> Result<T, ItemError>>(batch: &[String], job: &F) -> Results<T> {
    Results { results: batch.iter().map(|input| item(job(input))).collect() }
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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConvertRequest {
    input: Option<String>,
    inputs: Option<Vec<String>>,
    from: Option<String>,
    to: String,
    #[serde(default)]
    lenient: bool,
    letters: Option<String>,
    #[serde(default)]
    canonical: bool,
    en_passant: Option<String>,
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
    let request: ConvertRequest = match parse_body(body) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    let prepared = (|| {
        let spec = ReadSpec::new(request.from.as_deref(), request.lenient)?;
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
        let inputs = Inputs::new(request.input, request.inputs, &state.config)?;
        Ok::<_, Refusal>((spec, to, options, inputs))
    })();
    let (spec, to, options, inputs) = match prepared {
        Ok(prepared) => prepared,
        Err(refusal) => return refusal.into_response(),
    };
    answer(inputs, move |input| {
        let reading = spec.read(input)?;
        let written = reading
            .position
            .to_notation(to, &options)
            .map_err(|e| ItemError::message(e.to_string()).with_notation(reading.notation))?;
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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadRequest {
    input: Option<String>,
    inputs: Option<Vec<String>>,
    from: Option<String>,
    #[serde(default)]
    lenient: bool,
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
    let prepared = parse_body::<ReadRequest>(body).and_then(|request| {
        let spec = ReadSpec::new(request.from.as_deref(), request.lenient)?;
        Ok((spec, Inputs::new(request.input, request.inputs, &state.config)?))
    });
    let (spec, inputs) = match prepared {
        Ok(prepared) => prepared,
        Err(refusal) => return refusal.into_response(),
    };
    answer(inputs, move |input| {
        let reading = spec.read(input)?;
        let violations = reading.position.violations();
        Ok(Validated {
            notation: reading.notation.into(),
            variant: reading.position.variant().into(),
            valid: violations.is_empty(),
            violations,
            repairs: repairs_out(input, &reading.repairs),
        })
    })
    .await
}

// ---------------------------------------------------------------- render

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RenderRequest {
    input: Option<String>,
    inputs: Option<Vec<String>>,
    from: Option<String>,
    #[serde(default)]
    lenient: bool,
    style: Option<String>,
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
    let prepared = parse_body::<RenderRequest>(body).and_then(|request| {
        let spec = ReadSpec::new(request.from.as_deref(), request.lenient)?;
        let style = request.style.as_deref().map_or(Ok(RenderStyle::Svg), |s| parse_id(s, "style", "style"))?;
        Ok((spec, style, Inputs::new(request.input, request.inputs, &state.config)?))
    });
    let (spec, style, inputs) = match prepared {
        Ok(prepared) => prepared,
        Err(refusal) => return refusal.into_response(),
    };
    answer(inputs, move |input| {
        let reading = spec.read(input)?;
        let diagram = reading
            .position
            .render(style)
            .map_err(|e| ItemError::message(e.to_string()).with_notation(reading.notation))?;
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

/// The rule options of a rules request.
fn rule_options(castling: Option<&str>, swap_restriction: bool, every_rotation: bool) -> Result<RuleOptions, Refusal> {
    let mut options =
        RuleOptions::default().with_khet_swap_restriction(swap_restriction).with_khet_every_rotation(every_rotation);
    if let Some(castling) = castling {
        options = options.with_castling(parse_id::<CastlingMoves>(castling, "castling style", "castling")?);
    }
    Ok(options)
}

/// The move notation asked for, or the game's default; an error item when
/// it belongs to another game.
fn move_notation(asked: Option<MoveNotation>, variant: VariantId) -> Result<MoveNotation, ItemError> {
    let default = variant.move_notations().first().copied().unwrap_or(MoveNotation::Uci);
    match asked {
        None => Ok(default),
        Some(notation) if notation.variant() == variant => Ok(notation),
        Some(notation) => Err(rules_error(&RulesError::WrongNotation { variant, notation }, None)),
    }
}

fn parse_move_notation(id: Option<&str>) -> Result<Option<MoveNotation>, Refusal> {
    id.map(|id| parse_id::<MoveNotation>(id, "move notation", "move_notation")).transpose()
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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MovesRequest {
    input: Option<String>,
    inputs: Option<Vec<String>>,
    from: Option<String>,
    #[serde(default)]
    lenient: bool,
    move_notation: Option<String>,
    castling: Option<String>,
    #[serde(default)]
    khet_swap_restriction: bool,
    #[serde(default)]
    khet_every_rotation: bool,
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
    let prepared = parse_body::<MovesRequest>(body).and_then(|request| {
        let spec = ReadSpec::new(request.from.as_deref(), request.lenient)?;
        let notation = parse_move_notation(request.move_notation.as_deref())?;
        let options =
            rule_options(request.castling.as_deref(), request.khet_swap_restriction, request.khet_every_rotation)?;
        Ok((spec, notation, options, Inputs::new(request.input, request.inputs, &state.config)?))
    });
    let (spec, asked, options, inputs) = match prepared {
        Ok(prepared) => prepared,
        Err(refusal) => return refusal.into_response(),
    };
    answer(inputs, move |input| {
        let reading = spec.read(input)?;
        let variant = reading.position.variant();
        let with_notation = |e: ItemError| e.with_notation(reading.notation);
        let notation = move_notation(asked, variant).map_err(with_notation)?;
        let moves =
            reading.position.legal_moves(notation, &options).map_err(|e| with_notation(rules_error(&e, None)))?;
        let status = reading.position.status(&options).ok().map(Into::into);
        Ok(Moves {
            notation: reading.notation.into(),
            variant: variant.into(),
            move_notation: notation.into(),
            moves,
            status,
        })
    })
    .await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayRequest {
    input: Option<String>,
    inputs: Option<Vec<String>>,
    from: Option<String>,
    #[serde(default)]
    lenient: bool,
    moves: Vec<String>,
    move_notation: Option<String>,
    to: Option<String>,
    castling: Option<String>,
    #[serde(default)]
    khet_swap_restriction: bool,
    #[serde(default)]
    khet_every_rotation: bool,
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
    let prepared = parse_body::<PlayRequest>(body).and_then(|request| {
        let spec = ReadSpec::new(request.from.as_deref(), request.lenient)?;
        let notation = parse_move_notation(request.move_notation.as_deref())?;
        let to = request.to.as_deref().map(|id| parse_id::<Notation>(id, "notation", "to")).transpose()?;
        let options =
            rule_options(request.castling.as_deref(), request.khet_swap_restriction, request.khet_every_rotation)?;
        let inputs = Inputs::new(request.input, request.inputs, &state.config)?;
        Ok((spec, notation, to, options, Arc::new(request.moves), inputs))
    });
    let (spec, asked, to, options, moves, inputs) = match prepared {
        Ok(prepared) => prepared,
        Err(refusal) => return refusal.into_response(),
    };
    answer(inputs, move |input| {
        let reading = spec.read(input)?;
        let variant = reading.position.variant();
        let with_notation = |e: ItemError| e.with_notation(reading.notation);
        let notation = move_notation(asked, variant).map_err(with_notation)?;
        let mut position: AnyPosition = reading.position.clone();
        let mut played = Vec::with_capacity(moves.len());
        for (index, text) in moves.iter().enumerate() {
            match position.play(text, notation, &options) {
                Ok(written) => played.push(written),
                Err(RulesError::Move { error, .. }) => {
                    return Err(with_notation(rules_error(&RulesError::Move { index, error }, Some(&moves))));
                }
                Err(e) => return Err(with_notation(rules_error(&e, None))),
            }
        }
        // The position is written in the notation asked for, else the one
        // read (when it is of this game), else the game's own.
        let to = to.unwrap_or(match reading.notation.variant() {
            Some(v) if v != variant => variant.default_notation(),
            _ => reading.notation,
        });
        let written = position
            .to_notation(to, &WriteOptions::default())
            .map_err(|e| with_notation(ItemError::message(e.to_string())))?;
        let status = position.status(&options).ok().map(Into::into);
        Ok(Played {
            notation: reading.notation.into(),
            variant: variant.into(),
            move_notation: notation.into(),
            played,
            to: to.into(),
            output: written.text,
            status,
        })
    })
    .await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(clippy::struct_excessive_bools)] // the JSON keys
struct PerftRequest {
    input: Option<String>,
    inputs: Option<Vec<String>>,
    from: Option<String>,
    #[serde(default)]
    lenient: bool,
    depth: u32,
    #[serde(default)]
    divide: bool,
    move_notation: Option<String>,
    castling: Option<String>,
    #[serde(default)]
    khet_swap_restriction: bool,
    #[serde(default)]
    khet_every_rotation: bool,
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
    let prepared = parse_body::<PerftRequest>(body).and_then(|request| {
        let spec = ReadSpec::new(request.from.as_deref(), request.lenient)?;
        let max = state.config.max_perft_depth;
        if request.depth > max {
            return Err(bad_request(format!("\"depth\": {} is deeper than the limit of {max}", request.depth)));
        }
        let notation = parse_move_notation(request.move_notation.as_deref())?;
        let options =
            rule_options(request.castling.as_deref(), request.khet_swap_restriction, request.khet_every_rotation)?;
        let inputs = Inputs::new(request.input, request.inputs, &state.config)?;
        Ok((spec, request.depth, request.divide, notation, options, inputs))
    });
    let (spec, depth, divide, asked, options, inputs) = match prepared {
        Ok(prepared) => prepared,
        Err(refusal) => return refusal.into_response(),
    };
    let Ok(permit) = state.perft_jobs.clone().acquire_owned().await else {
        return request_error(StatusCode::SERVICE_UNAVAILABLE, "the service is shutting down").into_response();
    };
    let job = move |input: &str| {
        let reading = spec.read(input)?;
        let variant = reading.position.variant();
        let with_notation = |e: ItemError| e.with_notation(reading.notation);
        let (nodes, divided) = if divide {
            let notation = move_notation(asked, variant).map_err(with_notation)?;
            let divided =
                reading.position.divide(depth, notation, &options).map_err(|e| with_notation(rules_error(&e, None)))?;
            let nodes = divided.iter().map(|d| d.nodes).sum();
            (nodes, Some(divided.into_iter().map(|d| DividedOut { text: d.text, nodes: d.nodes }).collect()))
        } else {
            (reading.position.perft(depth, &options).map_err(|e| with_notation(rules_error(&e, None)))?, None)
        };
        Ok(Perft { notation: reading.notation.into(), variant: variant.into(), depth, nodes, divide: divided })
    };
    // Even one perft may be long: always off the async workers. The permit
    // lives until the count ends, even when the request timed out.
    let result = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        match inputs {
            Inputs::One(input) => Err(job(&input)),
            Inputs::Batch(batch) => Ok(batch_answer(&batch, &job)),
        }
    })
    .await;
    match result {
        Ok(Err(single)) => one(single),
        Ok(Ok(results)) => Json(results).into_response(),
        Err(_) => request_error(StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response(),
    }
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
        },
    })
    .into_response()
}

// ---------------------------------------------------------------- laser

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LaserRequest {
    input: Option<String>,
    inputs: Option<Vec<String>>,
    from: Option<String>,
    #[serde(default)]
    lenient: bool,
    color: Option<String>,
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
    let prepared = parse_body::<LaserRequest>(body).and_then(|request| {
        let spec = ReadSpec::new(request.from.as_deref(), request.lenient)?;
        let color = match request.color.as_deref() {
            None => None,
            Some("silver") => Some(Color::White),
            Some("red") => Some(Color::Black),
            Some(other) => return Err(bad_request(format!("\"color\": unknown side {other:?}; known: silver, red"))),
        };
        Ok((spec, color, Inputs::new(request.input, request.inputs, &state.config)?))
    });
    let (spec, color, inputs) = match prepared {
        Ok(prepared) => prepared,
        Err(refusal) => return refusal.into_response(),
    };
    answer(inputs, move |input| {
        let reading = spec.read(input)?;
        let AnyPosition::Khet(khet) = &reading.position else {
            let variant: &str = reading.position.variant().into();
            return Err(ItemError::message(format!("the laser is Khet's; this is a {variant} position"))
                .with_notation(reading.notation));
        };
        let position = polyfen::polyfen_khet::Position::from_setup(&khet.setup).map_err(|violations| {
            let words: Vec<String> = violations.iter().map(ToString::to_string).collect();
            ItemError::message(format!("illegal position: {}", words.join("; "))).with_notation(reading.notation)
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
