//! `POST /v1/games/convert`: game records in, games out, with the same
//! limits as the other endpoints and a budget of moves per request.

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use polyfen::games::pgn::{Flow, Here, PgnError, PgnReader, Visitor};
use polyfen::games::{Game, GameOptions, Games, RecordFormat, detect_format, read_record};
use polyfen::{MoveNotation, Position, VariantId};
use serde::{Deserialize, Serialize};

use std::sync::atomic::Ordering;

use crate::AppState;
use crate::api::{request_error, thousands};
use crate::pool::{self, CancelOnDrop};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GamesRequest {
    /// The games as text: PGN, or a `DhtmlXQ` record.
    pgn: Option<String>,
    /// A record file's bytes, base64-encoded (XQF, CBR, CBL, `DhtmlXQ` or
    /// PGN).
    data: Option<String>,
    /// The format of `pgn` or `data` (pgn, xqf, cbr, cbl, dhtmlxq, cbf); by
    /// default found from the content.
    format: Option<String>,
    /// `json` (the default) or `pgn`.
    #[serde(default = "json")]
    to: String,
    /// The move notation to write (default: for PGN, the notation of each
    /// game's first moves; for a record file, the game's PGN notation).
    moves: Option<String>,
    /// Read every game as this game.
    variant: Option<String>,
    /// With `json`: add each game's `positions`, the position after each
    /// move of the main line (for stepping through it).
    #[serde(default)]
    positions: bool,
    /// Also take moves only a lenient reading takes, each reported as a
    /// repair.
    #[serde(default)]
    lenient: bool,
}

fn json() -> String {
    "json".to_owned()
}

/// A game that could not be read.
#[derive(Debug, Serialize)]
struct GameError {
    message: String,
    game: u64,
    line: u64,
    column: u64,
    /// For a binary record: the byte offset of the problem.
    #[serde(skip_serializing_if = "Option::is_none")]
    offset: Option<u64>,
    /// The game read up to the problem, as a good game is answered, when it
    /// could be: a PGN game up to its bad move (the rest of its movetext as
    /// text in `unplayed`), a binary record's up to its bad record.
    #[serde(skip_serializing_if = "Option::is_none")]
    partial: Option<serde_json::Value>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "lowercase")]
enum GameItem {
    Ok(serde_json::Value),
    Error(GameError),
}

#[derive(Debug, Serialize)]
struct GamesAnswer {
    games: Vec<GameItem>,
}

/// Counts the games and moves of a PGN text, reading nothing else.
struct Count {
    games: usize,
    moves: usize,
}

impl Visitor for Count {
    type Output = ();
    fn begin_game(&mut self, _: u64, _: polyfen::games::pgn::Location) {
        self.games += 1;
    }
    fn san(&mut self, _: &str, _: &Here<'_>) -> Flow {
        self.moves += 1;
        Flow::Continue
    }
    fn end_game(&mut self, _: Option<PgnError>) {}
}

/// The positions after each move of a game's main line, in its own notation.
fn positions(game: &polyfen::games::Game) -> serde_json::Value {
    let notation = polyfen::games::position_notation(game.variant);
    let texts: Vec<String> = game
        .main_line(None)
        .map(|line| line.positions)
        .unwrap_or_default()
        .iter()
        .filter_map(|p| p.to_notation(notation, &polyfen::WriteOptions::default()).ok().map(|w| w.text))
        .collect();
    serde_json::json!(texts)
}

fn refuse(status: StatusCode, message: &str) -> Response {
    request_error(status, message).into_response()
}

/// `POST /v1/games/convert`.
pub(crate) async fn convert(State(state): State<AppState>, body: Result<Bytes, BytesRejection>) -> Response {
    let mut request: GamesRequest = match crate::api::parse_body(&state, body).await {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    let pgn_out = match request.to.as_str() {
        "json" => false,
        "pgn" => true,
        other => {
            return refuse(StatusCode::BAD_REQUEST, &format!("\"to\": unknown format {other:?}; known: json, pgn"));
        }
    };
    let Ok(moves) = request.moves.as_deref().map(str::parse::<MoveNotation>).transpose() else {
        let known: Vec<&'static str> = <MoveNotation as strum::IntoEnumIterator>::iter().map(Into::into).collect();
        return refuse(
            StatusCode::BAD_REQUEST,
            &format!("\"moves\": unknown move notation; known: {}", known.join(", ")),
        );
    };
    let Ok(variant) = request.variant.as_deref().map(str::parse::<VariantId>).transpose() else {
        return refuse(StatusCode::BAD_REQUEST, "\"variant\": unknown variant; known: chess, xiangqi, khet");
    };
    let input: Vec<u8> = match (request.pgn.take(), request.data.take()) {
        (Some(text), None) => text.into_bytes(),
        (None, Some(data)) => {
            use base64::Engine as _;
            match base64::engine::general_purpose::STANDARD.decode(data.trim()) {
                Ok(bytes) => bytes,
                Err(e) => return refuse(StatusCode::BAD_REQUEST, &format!("\"data\": not base64: {e}")),
            }
        }
        _ => {
            return refuse(
                StatusCode::BAD_REQUEST,
                "give the games as \"pgn\" (text) or \"data\" (base64 bytes), one of them",
            );
        }
    };
    let format = match request.format.as_deref().map(str::parse::<RecordFormat>).transpose() {
        Ok(format) => format.unwrap_or_else(|| detect_format(&input)),
        Err(e) => return refuse(StatusCode::BAD_REQUEST, &format!("\"format\": {e}")),
    };
    let config = &state.config;
    if format != RecordFormat::Pgn {
        return records(&state, format, input, moves, pgn_out, request.positions).await;
    }
    let (max_games, max_moves) = (config.max_batch, config.max_moves);
    let want_positions = request.positions;
    let lenient = request.lenient;
    let cancel = CancelOnDrop::new();
    let cancelled = cancel.flag();
    let work = move || {
        let input = match String::from_utf8(input) {
            Ok(text) => text,
            // an old Xiangqi file: GB18030 or Big5, found from its bytes
            Err(e) => {
                let bytes = e.into_bytes();
                polyfen::games::detect(&bytes, true).decode(&bytes).0.into_owned()
            }
        };
        // the budget is checked before any move is played
        let mut count = Count { games: 0, moves: 0 };
        let mut reader = PgnReader::new(input.as_bytes());
        while let Ok(Some(())) = reader.read_game(&mut count) {}
        over_budget(count.games, count.moves, max_games, max_moves)?;
        let options = GameOptions::default().with_variant(variant).with_lenient(lenient);
        // with no notation asked for, each game in the notation it is written in
        let firsts = if moves.is_none() { crate::own_notation::first_moves(input.as_bytes()) } else { Vec::new() };
        let mut games = Vec::new();
        for result in Games::new(input.as_bytes(), options) {
            if cancelled.load(Ordering::Relaxed) {
                break;
            }
            let Ok(result) = result else { break };
            let item = match result {
                Ok(game) => {
                    let first = firsts.get(games.len()).map_or(&[][..], Vec::as_slice);
                    let moves = moves.or_else(|| crate::own_notation::own_notation(&game, first));
                    game_item(&game, moves, pgn_out, want_positions)
                }
                Err(bad) => GameItem::Error(GameError {
                    partial: bad.partial.and_then(|partial| {
                        match game_item(&partial, moves, pgn_out, want_positions) {
                            GameItem::Ok(value) => Some(value),
                            GameItem::Error(_) => None,
                        }
                    }),
                    message: bad.error.message,
                    game: bad.game,
                    line: bad.error.at.line,
                    column: bad.error.at.column,
                    offset: None,
                }),
            };
            games.push(item);
        }
        for (i, item) in games.iter_mut().enumerate() {
            if let GameItem::Error(e) = item
                && e.game == 0
            {
                e.game = i as u64 + 1;
            }
        }
        Ok(serialized(&GamesAnswer { games }))
    };
    answer(&state, pool::run(&state.jobs, work).await).await
}

/// The answer as JSON bytes, made on the pool.
fn serialized(answer: &GamesAnswer) -> Vec<u8> {
    serde_json::to_vec(answer).unwrap_or_else(|e| {
        serde_json::to_vec(&serde_json::json!({"error": {"message": format!("cannot write the answer: {e}")}}))
            .unwrap_or_default()
    })
}

/// The answer of the pool's work.
async fn answer(state: &AppState, result: Option<Result<Vec<u8>, String>>) -> Response {
    match result {
        Some(Ok(bytes)) => pool::json_reply(&state.memory, StatusCode::OK, bytes).await,
        Some(Err(too_big)) => refuse(StatusCode::PAYLOAD_TOO_LARGE, &too_big),
        None => refuse(StatusCode::INTERNAL_SERVER_ERROR, "internal error"),
    }
}

/// The refusal of a request over the batch or move budget.
fn over_budget(games: usize, moves: usize, max_games: usize, max_moves: usize) -> Result<(), String> {
    if games > max_games {
        return Err(format!(
            "this request holds {} games; the limit is {} games per request (max_batch)",
            thousands(games as u64),
            thousands(max_games as u64)
        ));
    }
    if moves > max_moves {
        return Err(format!(
            "this request asks for {} moves ({} {}); the limit is {} moves per request (serve --max-moves)",
            thousands(moves as u64),
            thousands(games as u64),
            if games == 1 { "game" } else { "games" },
            thousands(max_moves as u64)
        ));
    }
    Ok(())
}

/// One good game as the answer gives it: PGN text, or the JSON form.
fn game_item(game: &Game, moves: Option<MoveNotation>, pgn_out: bool, want_positions: bool) -> GameItem {
    let error = |message: String| {
        GameItem::Error(GameError { message, game: 0, line: 0, column: 0, offset: None, partial: None })
    };
    if pgn_out {
        let mut text = String::new();
        return match game.write_pgn(moves, &mut text) {
            Ok(()) => {
                let repairs: Vec<_> = game.repairs.iter().map(polyfen::games::RepairJson::from).collect();
                GameItem::Ok(serde_json::json!({ "pgn": text, "repairs": repairs }))
            }
            Err(e) => error(e.to_string()),
        };
    }
    match game.to_json(moves).map(serde_json::to_value) {
        Ok(Ok(mut value)) => {
            if want_positions {
                value["positions"] = positions(game);
            }
            GameItem::Ok(value)
        }
        Ok(Err(e)) => error(e.to_string()),
        Err(e) => error(e.to_string()),
    }
}

/// The games of a record file (XQF, CBR, CBL, `DhtmlXQ`): read off the async
/// threads, each good one answered like a PGN game, each bad one with its
/// byte offset; refused as a whole above the request's move budget.
async fn records(
    state: &AppState,
    format: RecordFormat,
    input: Vec<u8>,
    moves: Option<MoveNotation>,
    pgn_out: bool,
    want_positions: bool,
) -> Response {
    let (max_games, max_moves) = (state.config.max_batch, state.config.max_moves);
    let cancel = CancelOnDrop::new();
    let cancelled = cancel.flag();
    let work = move || {
        let results = read_record(format, &input);
        let plies: usize = results
            .iter()
            .filter_map(|r| r.as_ref().map_or_else(|e| e.partial.as_deref(), Some))
            .map(|g| g.lines(None).map_or(0, |l| l.iter().map(Vec::len).sum()))
            .sum();
        over_budget(results.len(), plies, max_games, max_moves)?;
        let games = results
            .iter()
            .enumerate()
            .take_while(|_| !cancelled.load(Ordering::Relaxed))
            .map(|(i, result)| match result {
                Ok(game) => game_item(game, moves, pgn_out, want_positions),
                Err(e) => GameItem::Error(GameError {
                    message: e.message.clone(),
                    game: i as u64 + 1,
                    line: 0,
                    column: 0,
                    offset: Some(e.offset),
                    partial: e.partial.as_deref().and_then(|game| {
                        match game_item(game, moves, pgn_out, want_positions) {
                            GameItem::Ok(value) => Some(value),
                            GameItem::Error(_) => None,
                        }
                    }),
                }),
            })
            .collect();
        Ok(serialized(&GamesAnswer { games }))
    };
    answer(state, pool::run(&state.jobs, work).await).await
}
