//! `POST /v1/games/convert`: game records in, games out, with the same
//! limits as the other endpoints, a budget of moves per request, and a
//! bound of the answer's bytes estimated before the work
//! ([`GamesBound`], held to `serve --max-reply-bytes`).

use bytes::Bytes;
use http::StatusCode;
use polyfen::records::pgn::PgnReader;
use polyfen::records::{
    Game, GameJson, GameOptions, GameResult, OpenOptions, RecordFormat, Records, RepairJson, decode_text,
};
use polyfen::{MoveNotation, Position, VariantId};
use serde::{Deserialize, Serialize};

use std::sync::atomic::{AtomicBool, Ordering};

use crate::api::request::{parse_id, rules_named};
use crate::estimate::GamesBound;
use crate::pool;
use crate::refusal::{Refusal, thousands};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GamesRequest {
    /// The games as text: PGN, or a `DhtmlXQ` record.
    pgn: Option<String>,
    /// A record file's bytes, base64-encoded (XQF, CBR, CBL, `DhtmlXQ` or
    /// PGN).
    data: Option<String>,
    /// One game in its JSON form (`docs/game.schema.json`), as
    /// `games/convert` answers it: its tree is played and answered like a
    /// game read from a record (the page sends its moves so).
    game: Option<Box<GameJson>>,
    /// The format of `pgn` or `data` (`pgn`, or a game's own: the names
    /// `GET /v1/games` lists); by default found from the content.
    format: Option<String>,
    /// `json` (the default) or `pgn`.
    #[serde(default = "json")]
    to: String,
    /// The move notation to write (default: for PGN, the notation of each
    /// game's first moves; for a record file, the game's PGN notation).
    moves: Option<String>,
    /// Read every game as this game, whatever its tags say.
    variant: Option<String>,
    /// Read every game under this rules variant of its game (`crazyhouse`,
    /// or another of its names), whatever its tags say.
    rules: Option<String>,
    /// The text of a variants file defining games for this request alone
    /// (each then named by `rules`, or by a game's `Variant` tag).
    variants: Option<String>,
    /// With `json`: add each game's `positions`, the position after each
    /// move of the main line (for stepping through it), and its
    /// `numbering`.
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
    partial: Option<Box<GameOut>>,
}

impl GameError {
    /// An error of game `game` with no message or place yet.
    fn at(game: u64) -> GameError {
        GameError { message: String::new(), game, line: 0, column: 0, offset: None, partial: None }
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "lowercase")]
enum GameItem {
    Ok(GameOut),
    Error(GameError),
}

/// One good game: its JSON form (with its positions when asked), or its
/// PGN text and repairs.
#[derive(Debug, Serialize)]
#[serde(untagged)]
enum GameOut {
    Json {
        #[serde(flatten)]
        game: Box<GameJson>,
        #[serde(skip_serializing_if = "Option::is_none")]
        positions: Option<Vec<String>>,
        /// With the positions: how the moves are numbered.
        #[serde(skip_serializing_if = "Option::is_none")]
        numbering: Option<Numbering>,
    },
    Pgn {
        pgn: String,
        repairs: Vec<RepairJson>,
    },
}

/// The number of a game's first move and whether the second player makes
/// it, from which a page numbers the moves as the PGN writer does.
#[derive(Debug, Serialize)]
struct Numbering {
    number: u32,
    second: bool,
}

/// What the answer is asked to hold.
#[derive(Clone, Copy, Debug)]
struct Asked {
    moves: Option<MoveNotation>,
    pgn_out: bool,
    positions: bool,
}

/// The games read before the work: a PGN text (read again by the work)
/// or a record file's games, with the bound of the answer.
enum Source {
    Pgn(String),
    Records(Vec<GameResult>),
    /// A game's JSON form played, or why it cannot be.
    Json(Box<Result<Game, String>>),
}

/// The games of a request: a record's bytes, or one game's JSON form.
enum Input {
    Bytes(Vec<u8>),
    Game(Box<GameJson>),
}

/// The positions after each move of a game's main line, in its own notation.
fn positions(game: &Game) -> Vec<String> {
    let notation = polyfen::records::position_notation(game.variant);
    game.main_line(None)
        .map(|line| line.positions)
        .unwrap_or_default()
        .iter()
        .filter_map(|p| p.to_notation(notation, &polyfen::WriteOptions::default()).ok().map(|w| w.text))
        .collect()
}

/// A games request checked, its games not yet read.
struct Prepared {
    /// The games the request defines for itself.
    scope: Option<polyfen::RulesScope>,
    input: Input,
    open: OpenOptions,
    options: GameOptions,
    asked: Asked,
    lenient: bool,
}

/// Checks a games request's fields (in the scope of its own games).
fn prepare(mut request: GamesRequest) -> Result<Prepared, Refusal> {
    let scope = crate::api::request::scope_of(request.variants.as_deref())?;
    let entered = scope.as_ref().map(polyfen::RulesScope::enter);
    let pgn_out = match request.to.as_str() {
        "json" => false,
        "pgn" => true,
        other => {
            return Err(Refusal(
                StatusCode::BAD_REQUEST,
                format!("\"to\": unknown format {other:?}; known: json, pgn"),
            ));
        }
    };
    let parsed = request.moves.as_deref().map(|id| parse_id::<MoveNotation>(id, "move notation", "moves")).transpose();
    let moves = parsed?;
    let variant = request.variant.as_deref().map(|id| parse_id::<VariantId>(id, "variant", "variant")).transpose()?;
    let (variant, rules) = match request.rules.as_deref().map(rules_named).transpose() {
        Ok(None) => (variant, None),
        Ok(Some((game, rules))) if variant.is_none_or(|v| v == game) => (Some(game), Some(rules)),
        Ok(Some((game, rules))) => {
            let message = format!("\"rules\": {rules} is a variant of {game}, not of {}", variant.unwrap_or(game));
            return Err(Refusal(StatusCode::BAD_REQUEST, message));
        }
        Err(message) => return Err(Refusal(StatusCode::BAD_REQUEST, message)),
    };
    let input = match (request.pgn.take(), request.data.take(), request.game.take()) {
        (Some(text), None, None) => Input::Bytes(text.into_bytes()),
        (None, Some(data), None) => {
            use base64::Engine as _;
            match base64::engine::general_purpose::STANDARD.decode(data.trim()) {
                Ok(bytes) => Input::Bytes(bytes),
                Err(e) => return Err(Refusal(StatusCode::BAD_REQUEST, format!("\"data\": not base64: {e}"))),
            }
        }
        (None, None, Some(game)) => {
            // a game's JSON form names its game and rules itself
            if let Some(field) = [("variant", &request.variant), ("rules", &request.rules), ("format", &request.format)]
                .into_iter()
                .find_map(|(name, value)| value.is_some().then_some(name))
            {
                let message = format!("\"{field}\": a game's JSON form (\"game\") names its own {field}");
                return Err(Refusal(StatusCode::BAD_REQUEST, message));
            }
            Input::Game(game)
        }
        _ => {
            return Err(Refusal(
                StatusCode::BAD_REQUEST,
                "give the games as \"pgn\" (text), \"data\" (base64 bytes) or \"game\" (one game's JSON form), \
                 one of them"
                    .to_owned(),
            ));
        }
    };
    let format = match request.format.as_deref().map(str::parse::<RecordFormat>).transpose() {
        Ok(format) => format,
        Err(e) => return Err(Refusal(StatusCode::BAD_REQUEST, format!("\"format\": {e}"))),
    };
    let options = GameOptions::default().with_variant(variant).with_rules(rules).with_lenient(request.lenient);
    let open = OpenOptions::default().with_format(format).with_games(options);
    let asked = Asked { moves, pgn_out, positions: request.positions };
    drop(entered);
    Ok(Prepared { scope, input, open, options, asked, lenient: request.lenient })
}

/// Reads the games of a request before the work (a PGN text counted, a
/// record file's games read, a game's JSON form played), in the scope of
/// its games: what the work answers from and the bytes its answer may
/// take; refused, saying why, over the request's game, move or reply
/// budget.
fn read_games(
    input: Input,
    open: &OpenOptions,
    asked: Asked,
    lenient: bool,
    scope: Option<&polyfen::RulesScope>,
    config: &crate::Config,
) -> Result<(Source, u64), String> {
    let _entered = scope.map(polyfen::RulesScope::enter);
    let mut bound = GamesBound::new(asked.positions, lenient, asked.moves);
    let input = match input {
        Input::Bytes(input) => input,
        Input::Game(json) => {
            // every move played now, the game counted as a record's
            let game = json.to_game().map_err(|e| format!("\"game\": {e}"));
            match &game {
                Ok(game) => bound.game_model(game),
                Err(message) => bound.bad_record(message),
            }
            over_budget(&bound, config)?;
            return Ok::<_, String>((Source::Json(Box::new(game)), bound.bytes));
        }
    };
    let source = if open.format_of(&input) == RecordFormat::Pgn {
        // the whole text, decoded (an old Xiangqi file: GB18030 or
        // Big5, found from its bytes), read here and again by the work
        let (input, _) = decode_text(input, None);
        let mut reader = PgnReader::new(input.as_bytes());
        while let Ok(Some(())) = reader.read_game(&mut bound) {}
        Source::Pgn(input)
    } else {
        // a record file's games are read (no I/O error from bytes)
        let results: Vec<GameResult> = Records::from_bytes(&input, open).map_while(Result::ok).collect();
        for result in &results {
            match result {
                Ok(game) => bound.game_model(game),
                Err(e) => {
                    bound.bad_record(e.message());
                    if let Some(partial) = &e.partial {
                        bound.game_model(partial);
                    }
                }
            }
        }
        Source::Records(results)
    };
    over_budget(&bound, config)?;
    Ok::<_, String>((source, bound.bytes))
}

/// `POST /v1/games/convert` handed over by a caller, answered at once.
pub(crate) fn convert_now(body: &[u8], config: &crate::Config) -> (StatusCode, Vec<u8>) {
    let run = || {
        let request: GamesRequest = crate::api::request::parse_now(body, config)?;
        let Prepared { scope, input, open, options, asked, lenient } = prepare(request)?;
        let (source, reply) = read_games(input, &open, asked, lenient, scope.as_ref(), config)
            .map_err(|too_big| Refusal(StatusCode::PAYLOAD_TOO_LARGE, too_big))?;
        let _entered = scope.as_ref().map(polyfen::RulesScope::enter);
        let reply = usize::try_from(reply).unwrap_or(usize::MAX);
        let pieces = write_answer(source, options, asked, &AtomicBool::new(false), reply)
            .map_err(|grown| Refusal(StatusCode::PAYLOAD_TOO_LARGE, grown))?;
        Ok::<_, Refusal>((StatusCode::OK, pieces.concat()))
    };
    run().unwrap_or_else(|refusal| refusal.answer())
}

/// `POST /v1/games/convert`: the games are read once before the work (a
/// PGN text counted, a record file's games read), refused over the
/// request's game, move or reply budget; then the reply's memory is held,
/// and the games are answered one by one straight into the reply's bytes.
#[cfg(feature = "service")]
pub(crate) async fn convert(
    axum::extract::State(state): axum::extract::State<crate::AppState>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> axum::response::Response {
    use axum::response::IntoResponse as _;

    use crate::pool::CancelOnDrop;
    let refuse = |status: StatusCode, message: &str| crate::refusal::request_error(status, message).into_response();
    let request: GamesRequest = match crate::api::request::parse_body(&state, body).await {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    let Prepared { scope, input, open, options, asked, lenient } = match prepare(request) {
        Ok(prepared) => prepared,
        Err(refusal) => return refusal.into_response(),
    };
    let config = std::sync::Arc::clone(&state.config);
    // the work below runs on other threads, each entering the scope
    let (read_scope, work_scope) = (scope.clone(), scope);
    let read = move || read_games(input, &open, asked, lenient, read_scope.as_ref(), &config);
    // a reading, like a large body's parsing, waits for no heavy job: a
    // request over a budget is refused while the pool is busy
    let (source, reply) = match pool::run(&state.parses, read).await {
        Some(Ok(read)) => read,
        Some(Err(too_big)) => return refuse(StatusCode::PAYLOAD_TOO_LARGE, &too_big),
        None => return refuse(StatusCode::INTERNAL_SERVER_ERROR, "internal error"),
    };
    // the reply's memory is held before the work, the job's permit next
    let reply = usize::try_from(reply).unwrap_or(usize::MAX);
    let memory = if reply > pool::SMALL_REPLY {
        match state.memory.hold(reply).await {
            Some(permit) => Some(permit),
            None => return crate::refusal::shutting_down(),
        }
    } else {
        None
    };
    let cancel = CancelOnDrop::new();
    let cancelled = cancel.flag();
    let work = move || {
        let _entered = work_scope.as_ref().map(polyfen::RulesScope::enter);
        write_answer(source, options, asked, &cancelled, reply)
    };
    match pool::run(&state.jobs, work).await {
        Some(Ok(bytes)) => pool::held_reply(&state.memory, memory, StatusCode::OK, bytes).await,
        Some(Err(grown)) => refuse(StatusCode::PAYLOAD_TOO_LARGE, &grown),
        None => refuse(StatusCode::INTERNAL_SERVER_ERROR, "internal error"),
    }
}

/// The answer's bytes as pieces of [`pool::CHUNK`] bytes: no buffer of
/// the whole answer is ever made (nor copied to grow), and each piece is
/// let go as soon as it is written out.
#[derive(Default)]
struct Pieces {
    done: Vec<Bytes>,
    piece: Vec<u8>,
    len: usize,
}

impl std::io::Write for Pieces {
    fn write(&mut self, mut bytes: &[u8]) -> std::io::Result<usize> {
        let written = bytes.len();
        while !bytes.is_empty() {
            if self.piece.capacity() == 0 {
                self.piece.reserve_exact(pool::CHUNK);
            }
            let room = pool::CHUNK - self.piece.len();
            let (now, rest) = bytes.split_at(room.min(bytes.len()));
            self.piece.extend_from_slice(now);
            if self.piece.len() == pool::CHUNK {
                self.done.push(Bytes::from(std::mem::take(&mut self.piece)));
            }
            bytes = rest;
        }
        self.len += written;
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Pieces {
    /// Every piece, the last one too.
    fn into_pieces(mut self) -> Vec<Bytes> {
        if !self.piece.is_empty() {
            self.done.push(Bytes::from(self.piece));
        }
        self.done
    }
}

/// The answer, `{"games": [...]}`, written game by game into pieces of
/// [`pool::CHUNK`] bytes: no game's answer is kept once written. Should it
/// grow past `limit` (the bound held for it, which the tests check is
/// never reached) the work stops there with a refusal.
fn write_answer(
    source: Source,
    options: GameOptions,
    asked: Asked,
    cancelled: &AtomicBool,
    limit: usize,
) -> Result<Vec<Bytes>, String> {
    use std::io::Write as _;
    let mut out = Pieces::default();
    let _ = out.write_all(b"{\"games\":[");
    let push = |out: &mut Pieces, index: usize, item: &GameItem| {
        if index > 0 {
            let _ = out.write_all(b",");
        }
        if let Err(e) = serde_json::to_writer(&mut *out, item) {
            let message = GameError { message: format!("cannot write the answer: {e}"), ..GameError::at(0) };
            let _ = serde_json::to_writer(&mut *out, &GameItem::Error(message));
        }
        if out.len > limit {
            return Err(format!(
                "this request's answer grew past its estimate of {} bytes; nothing was answered",
                thousands(limit as u64)
            ));
        }
        Ok(())
    };
    match source {
        Source::Pgn(input) => {
            // the text decoded before, UTF-8, read as PGN
            let open = OpenOptions::default().with_format(Some(RecordFormat::Pgn)).with_games(options);
            for (index, result) in Records::from_bytes(input.as_bytes(), &open).enumerate() {
                if cancelled.load(Ordering::Relaxed) {
                    break;
                }
                let Ok(result) = result else { break };
                let item = match result {
                    Ok(game) => game_item(&game, index as u64 + 1, asked),
                    Err(bad) => GameItem::Error(GameError {
                        partial: bad.partial.and_then(|game| partial(&game, asked)),
                        message: bad.error.message,
                        game: if bad.game == 0 { index as u64 + 1 } else { bad.game },
                        line: bad.error.at.line,
                        column: bad.error.at.column,
                        offset: None,
                    }),
                };
                push(&mut out, index, &item)?;
            }
        }
        Source::Records(results) => {
            for (index, result) in results.iter().enumerate() {
                if cancelled.load(Ordering::Relaxed) {
                    break;
                }
                let item = match result {
                    Ok(game) => game_item(game, index as u64 + 1, asked),
                    Err(e) => GameItem::Error(GameError {
                        message: e.message().to_owned(),
                        offset: Some(e.offset()),
                        partial: e.partial.as_deref().and_then(|game| partial(game, asked)),
                        ..GameError::at(e.game)
                    }),
                };
                push(&mut out, index, &item)?;
            }
        }
        Source::Json(game) => {
            let item = match *game {
                Ok(game) => game_item(&game, 1, asked),
                Err(message) => GameItem::Error(GameError { message, ..GameError::at(1) }),
            };
            push(&mut out, 0, &item)?;
        }
    }
    let _ = out.write_all(b"]}");
    Ok(out.into_pieces())
}

/// The refusal of a request over the batch, move or reply budget.
fn over_budget(bound: &GamesBound, config: &crate::Config) -> Result<(), String> {
    let (games, moves) = (bound.games, bound.moves);
    if games > config.max_batch {
        return Err(format!(
            "this request holds {} games; the limit is {} games per request (max_batch)",
            thousands(games as u64),
            thousands(config.max_batch as u64)
        ));
    }
    if moves > config.max_moves {
        return Err(format!(
            "this request asks for {} moves ({} {}); the limit is {} moves per request (serve --max-moves)",
            thousands(moves as u64),
            thousands(games as u64),
            if games == 1 { "game" } else { "games" },
            thousands(config.max_moves as u64)
        ));
    }
    if bound.bytes > config.max_reply_bytes as u64 {
        return Err(format!(
            "this request's answer may take up to {} bytes ({} {}, {} {}{}); the limit is {} bytes per answer \
             (serve --max-reply-bytes); send fewer games at once",
            thousands(bound.bytes),
            thousands(games as u64),
            if games == 1 { "game" } else { "games" },
            thousands(moves as u64),
            if moves == 1 { "move" } else { "moves" },
            if bound.positions { " with their positions" } else { "" },
            thousands(config.max_reply_bytes as u64)
        ));
    }
    Ok(())
}

/// A game read up to a problem, answered as a good game is, when it can be.
fn partial(game: &Game, asked: Asked) -> Option<Box<GameOut>> {
    match game_item(game, 0, asked) {
        GameItem::Ok(out) => Some(Box::new(out)),
        GameItem::Error(_) => None,
    }
}

/// One good game (game `number` of the request) as the answer gives it:
/// PGN text, or the JSON form.
fn game_item(game: &Game, number: u64, asked: Asked) -> GameItem {
    let error = |message: String| GameItem::Error(GameError { message, ..GameError::at(number) });
    if asked.pgn_out {
        let mut text = String::new();
        return match game.write_pgn(asked.moves, &mut text) {
            Ok(()) => {
                GameItem::Ok(GameOut::Pgn { pgn: text, repairs: game.repairs.iter().map(RepairJson::from).collect() })
            }
            Err(e) => error(e.to_string()),
        };
    }
    match game.to_json(asked.moves) {
        Ok(json) => GameItem::Ok(GameOut::Json {
            game: Box::new(json),
            positions: asked.positions.then(|| positions(game)),
            numbering: if asked.positions {
                game.numbering().map(|(number, second)| Numbering { number, second })
            } else {
                None
            },
        }),
        Err(e) => error(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Write as _;
    use std::sync::atomic::AtomicBool;

    use polyfen::MoveNotation;
    use polyfen::records::pgn::PgnReader;
    use polyfen::records::{GameOptions, OpenOptions, RecordFormat, Records};

    use super::{Asked, Source, write_answer};
    use crate::estimate::GamesBound;

    use polyfen_test_support::corpus;

    /// Every way of asking: JSON with and without positions, PGN, in each
    /// move notation of the game (and the default one).
    fn asks(notations: &[MoveNotation]) -> Vec<Asked> {
        let mut asks = Vec::new();
        for moves in std::iter::once(None).chain(notations.iter().copied().map(Some)) {
            for (pgn_out, positions) in [(false, false), (false, true), (true, false)] {
                asks.push(Asked { moves, pgn_out, positions });
            }
        }
        asks
    }

    /// The real answer's length and the bound, for a PGN text.
    fn pgn(text: &str, asked: Asked, lenient: bool) -> (usize, u64) {
        let mut bound = GamesBound::new(asked.positions, lenient, asked.moves);
        let mut reader = PgnReader::new(text.as_bytes());
        while let Ok(Some(())) = reader.read_game(&mut bound) {}
        let options = GameOptions::default().with_lenient(lenient);
        let answer = write_answer(Source::Pgn(text.to_owned()), options, asked, &AtomicBool::new(false), usize::MAX)
            .expect("an answer");
        (answer.concat().len(), bound.bytes)
    }

    /// Knight moves to and fro, `n` of them, numbered.
    fn shuffle(n: usize) -> String {
        shuffle_of(n, ["Nf3", "Nf6", "Ng1", "Ng8"])
    }

    /// `moves` again and again, `n` of them, numbered.
    fn shuffle_of(n: usize, moves: [&str; 4]) -> String {
        let mut text = String::new();
        for i in 0..n {
            if i % 2 == 0 {
                let _ = write!(text, "{}. ", i / 2 + 1);
            }
            text.push_str(moves[i % 4]);
            text.push(' ');
        }
        text + "*\n\n"
    }

    #[test]
    fn the_games_bound_holds() {
        let chess = [MoveNotation::San, MoveNotation::Uci, MoveNotation::Lan];
        let xiangqi = [
            MoveNotation::Iccs,
            MoveNotation::Wxf,
            MoveNotation::Chinese,
            MoveNotation::ChineseTraditional,
            MoveNotation::Ucci,
        ];
        let mut texts: Vec<(String, &[MoveNotation])> = vec![
            (shuffle(1), &chess),
            (shuffle(400).repeat(20), &chess),
            ("*\n\n".repeat(200), &chess),
            // moves in UCI and long algebraic form, each noted as read
            (shuffle_of(400, ["g1f3", "g8f6", "f3g1", "f6g8"]), &chess),
            (shuffle_of(400, ["Ng1-f3", "Ng8-f6", "Nf3-g1", "Nf6-g8"]), &chess),
            ("1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 *\n\n1. e2-e4 e7-e5 2. Ng1-f3 Nb8xc6 *\n\n".repeat(30), &chess),
            // control characters and quotes in tags and comments, NAGs,
            // variations, and games that fail on a move with candidates
            (
                format!(
                    "[Event \"\\\"\u{1}\u{2}\\\\\"]\n[Site \"\t\"]\n\n{{\u{1}\u{1}\"\"}} 1. e4 $1 $2 {{\u{3}}} (1. d4 {{\\\\}} \
                     (1. c4 $5) 1... d5) 1... e5 !? 2. Nf3 *\n\n1. f6 *\n\n[FEN \"{}\"]\n\n1. Qz8 *\n\n{}",
                    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                    "1. e4 e5 2. Ke3 *\n\n".repeat(30)
                ),
                &chess,
            ),
            // FEN tags read with repairs (one per unknown letter), and one
            // that cannot be read
            ("[FEN \"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 *\n\n".to_owned(), &chess),
            (format!("[FEN \"k{}K w - - 0 1\"]\n\n*\n\n", &["????????"; 8].join("/")[1..70]).repeat(10), &chess),
            (
                format!("[FEN \"???k?????/{}/????K???? w - - 0 1\"]\n\n*\n\n", ["?????????"; 8].join("/")).repeat(10),
                &xiangqi,
            ),
            ("[FEN \"k/1/1/1/1/1/1/K w - - 0 1\"]\n\n*\n\n".repeat(10), &chess),
            (format!("[FEN \"{}\"]\n\n1. e4 *\n\n", "x/".repeat(400)), &chess),
            ("[Game \"Chinese Chess\"]\n\n1. H2-E2 H8+7 2. H1+3 R9.8 3. R1.2 C8+4 *\n\n".repeat(40), &xiangqi),
            (format!("[Game \"Chinese Chess\"]\n\n{}", shuffle_of(400, ["H2+3", "H8+7", "H3-2", "H7-8"])), &xiangqi),
            // in the notation the games are written in when none is asked for
            ("[Game \"Chinese Chess\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n\n".repeat(40), &xiangqi),
            ("[Game \"Chinese Chess\"]\n\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ *\n\n".repeat(40), &xiangqi),
            ("[Variant \"Khet\"]\n\n1. c1c2 *\n\n".repeat(40), &[MoveNotation::Khet]),
        ];
        // and the lichess games of the public corpus, where it is
        if let Some(path) = corpus("pgn/lichess_db_1000k.pgn") {
            let lichess = std::fs::read_to_string(path).expect("the corpus");
            let cut = lichess[..200_000].rfind("\n\n[Event").expect("a game boundary");
            texts.push((lichess[..cut].to_owned(), &chess));
        }
        for (text, notations) in &texts {
            for asked in asks(notations) {
                for lenient in [false, true] {
                    let (real, bound) = pgn(text, asked, lenient);
                    assert!(real as u64 <= bound, "{asked:?} lenient {lenient}: {real} > {bound}: {text:.80}");
                }
            }
        }
        // leniently read moves, each repaired
        let (real, bound) = pgn(
            "[FEN \"4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2\"]\n\n2. f6 *\n\n",
            Asked { moves: None, pgn_out: false, positions: true },
            true,
        );
        assert!(real as u64 <= bound, "{real} > {bound}");
    }

    #[test]
    fn the_games_bound_holds_for_record_files() {
        let Some(dir) = corpus("xiangqi-records/xqf") else { return };
        let mut files: Vec<_> = std::fs::read_dir(&dir).expect("the corpus").flatten().map(|e| e.path()).collect();
        files.sort();
        let xiangqi = [MoveNotation::Iccs, MoveNotation::Chinese];
        for path in files.iter().take(40) {
            let bytes = std::fs::read(path).expect("a file");
            for asked in asks(&xiangqi) {
                let open = OpenOptions::default().with_format(Some(RecordFormat::Xqf));
                let results: Vec<_> = Records::from_bytes(&bytes, &open).map_while(Result::ok).collect();
                let mut bound = GamesBound::new(asked.positions, false, asked.moves);
                for result in &results {
                    match result {
                        Ok(game) => bound.game_model(game),
                        Err(e) => bound.bad_record(e.message()),
                    }
                }
                let answer = write_answer(
                    Source::Records(results),
                    GameOptions::default(),
                    asked,
                    &AtomicBool::new(false),
                    usize::MAX,
                )
                .expect("an answer")
                .concat();
                assert!(answer.len() as u64 <= bound.bytes, "{path:?} {asked:?}: {} > {}", answer.len(), bound.bytes);
            }
        }
    }

    #[test]
    fn an_answer_over_its_limit_stops() {
        let text = shuffle(400).repeat(5);
        let asked = Asked { moves: None, pgn_out: false, positions: true };
        let options = GameOptions::default();
        let whole = write_answer(Source::Pgn(text.clone()), options, asked, &AtomicBool::new(false), usize::MAX)
            .expect("an answer")
            .concat();
        // pieces of 64 KiB, the last one shorter, that make valid JSON
        let pieces = write_answer(Source::Pgn(text.clone()), options, asked, &AtomicBool::new(false), usize::MAX)
            .expect("an answer");
        assert!(pieces.len() > 2 && pieces[..pieces.len() - 1].iter().all(|p| p.len() == 64 * 1024));
        assert!(serde_json::from_slice::<serde_json::Value>(&whole).is_ok());
        let refused = write_answer(Source::Pgn(text), options, asked, &AtomicBool::new(false), whole.len() / 2);
        assert!(refused.is_err_and(|message| message.contains("grew past its estimate")));
    }
}
