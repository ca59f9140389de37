//! polyfen as WebAssembly, for the browser and Node: the functions the npm
//! package's JavaScript (`js/` beside this crate) wraps.
//!
//! - [`call_text`] answers a request to any endpoint of the service's API
//!   (`convert`, `validate`, `render`, `moves`, `move`, `perft`, `laser`,
//!   `explain`, `games/convert`, `variants` and the `GET` ones) with the
//!   status and the JSON the service answers it with, under the service's
//!   default budgets: the page and anything written against the service
//!   can switch to it unchanged.
//! - [`Position`] is a position read once and asked many things, without
//!   JSON between: written in another notation, checked, its legal moves,
//!   a move played.
//! - [`load_variants`] defines games from a variants file for the life of
//!   the module.
//!
//! Errors reach JavaScript as the JSON text of the service's error object
//! (`{"message", "column", "notation", "candidates"}`), which the package's
//! JavaScript throws as a `PolyfenError` carrying those fields. Nothing
//! here panics on any input (a panic would end the module).

use std::str::FromStr;
use std::sync::LazyLock;

use polyfen::{AnyPosition, MoveNotation, Notation, Position as _, ReadOptions, RuleOptions, RulesError, WriteOptions};
use polyfen_server::Config;
use wasm_bindgen::prelude::wasm_bindgen;

/// The budgets of every call: the service's defaults.
static CONFIG: LazyLock<Config> = LazyLock::new(Config::default);

/// What [`call_text`] answers: the HTTP status the service would answer
/// with, and its JSON text.
#[wasm_bindgen(getter_with_clone)]
#[derive(Clone, Debug)]
pub struct Reply {
    /// 200, or 422 for one input that failed, or 400, 404 or 413 for a
    /// request refused as a whole.
    pub status: u16,
    /// The answer's JSON text.
    pub body: String,
}

/// Answers `request` (a request body's JSON text) to `endpoint` (the path
/// after `/v1/`) as the service does.
#[wasm_bindgen(js_name = callText)]
#[must_use]
pub fn call_text(endpoint: &str, request: &str) -> Reply {
    let answer = polyfen_server::call(endpoint, request, &CONFIG);
    Reply { status: answer.status, body: answer.body }
}

/// `GET /v1/games`: every game's facts and every record format, as JSON.
#[wasm_bindgen]
#[must_use]
pub fn games() -> String {
    polyfen_server::games()
}

/// The version of polyfen this module is.
#[wasm_bindgen]
#[must_use]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// Defines the games of a variants file (its text) for the life of the
/// module: the JSON list of `[game, rules]` pairs it added.
///
/// # Errors
///
/// The file's problems, each naming its line, as an error's JSON.
#[wasm_bindgen(js_name = loadVariants)]
pub fn load_variants(text: &str) -> Result<String, String> {
    let added = polyfen::define_rules("variants", text).map_err(|message| failure(&message, None, None))?;
    let pairs: Vec<(String, &str)> = added.into_iter().map(|(game, id)| (game.to_string(), id)).collect();
    Ok(serde_json::json!(pairs).to_string())
}

/// An error's JSON text: its message, and where there is one, the column
/// (1-based, in characters) and the notation it was read as.
fn failure(message: &str, column: Option<usize>, notation: Option<Notation>) -> String {
    let mut error = serde_json::json!({ "message": message });
    if let Some(column) = column {
        error["column"] = serde_json::json!(column);
    }
    if let Some(notation) = notation {
        error["notation"] = serde_json::json!(notation.to_string());
    }
    error.to_string()
}

/// A rules error's JSON text, with the candidates of an ambiguous move and
/// the column of a move's error.
fn rules_failure(error: &RulesError, text: &str) -> String {
    if let RulesError::Rule(polyfen::RuleError::Move { error, .. }) = error {
        let mut out = serde_json::json!({
            "message": error.to_string(),
            "column": polyfen::char_column(text, error.span.start),
        });
        if !error.candidates.is_empty() {
            out["candidates"] = serde_json::json!(error.candidates);
        }
        return out.to_string();
    }
    failure(&error.to_string(), None, None)
}

/// An id of a strum enum, or the error naming the known ones.
fn id<T: FromStr + strum::IntoEnumIterator + Into<&'static str>>(text: &str, what: &str) -> Result<T, String> {
    T::from_str(text).map_err(|_| {
        let known: Vec<&'static str> = T::iter().map(Into::into).collect();
        failure(&format!("unknown {what} {text:?}; known: {}", known.join(", ")), None, None)
    })
}

/// A position read once and asked many things.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Position {
    position: AnyPosition,
    notation: Notation,
}

#[wasm_bindgen]
#[allow(clippy::needless_pass_by_value)] // wasm-bindgen hands optional strings over owned
impl Position {
    /// Reads `text` in `notation` (or the one detected), under `rules` (a
    /// rules variant's name), leniently when asked (each repair reported
    /// by `repairs`).
    ///
    /// # Errors
    ///
    /// What is wrong and where, as an error's JSON.
    pub fn read(
        text: &str,
        notation: Option<String>,
        rules: Option<String>,
        lenient: bool,
    ) -> Result<Position, String> {
        let from = notation.as_deref().map(|n| id::<Notation>(n, "notation")).transpose()?;
        let rules = match rules.as_deref() {
            Some(name) => Some(polyfen::VariantId::of_rules(name).map(|(_, info)| info.id).ok_or_else(|| {
                let known = polyfen::VariantId::rules_ids().join(", ");
                failure(&format!("unknown rules variant {name:?}; known: {known}"), None, None)
            })?),
            None => None,
        };
        let options = ReadOptions::lenient(lenient).with_rules(rules);
        let reading = polyfen::read(text, from, &options)
            .map_err(|e| failure(&e.error.kind.to_string(), Some(e.error.char_column(text)), Some(e.notation)))?;
        Ok(Position { position: reading.position, notation: reading.notation })
    }

    /// The notation it was read in.
    #[wasm_bindgen(getter)]
    #[must_use]
    pub fn notation(&self) -> String {
        self.notation.to_string()
    }

    /// Its game.
    #[wasm_bindgen(getter)]
    #[must_use]
    pub fn variant(&self) -> String {
        self.position.variant().to_string()
    }

    /// Its rules variant, for a game that has them.
    #[wasm_bindgen(getter)]
    #[must_use]
    pub fn rules(&self) -> Option<String> {
        self.position.rules().map(str::to_owned)
    }

    /// Written in `notation` (by default its game's own).
    ///
    /// # Errors
    ///
    /// A notation of another game, or one that cannot hold the position.
    pub fn to(&self, notation: Option<String>) -> Result<String, String> {
        let notation = match notation.as_deref() {
            Some(n) => id::<Notation>(n, "notation")?,
            None => self.position.variant().default_notation(),
        };
        self.position
            .to_notation(notation, &WriteOptions::default())
            .map(|written| written.text)
            .map_err(|e| failure(&e.to_string(), None, Some(notation)))
    }

    /// What makes it an impossible position of its game, in words: none
    /// for a legal position.
    #[must_use]
    pub fn violations(&self) -> Vec<String> {
        self.position.violations()
    }

    /// Its legal moves in `notation` (by default its game's first move
    /// notation).
    ///
    /// # Errors
    ///
    /// A move notation of another game, or a game without rules.
    pub fn moves(&self, notation: Option<String>) -> Result<Vec<String>, String> {
        let notation = self.move_notation(notation.as_deref())?;
        self.position.legal_moves(notation, &RuleOptions::default()).map_err(|e| rules_failure(&e, ""))
    }

    /// Plays `text` (a move in any move notation of the game) and returns
    /// it written in `notation` (by default the game's first); on error
    /// the position is unchanged.
    ///
    /// # Errors
    ///
    /// Not one legal move (naming the candidates), or as [`Position::moves`].
    pub fn play(&mut self, text: &str, notation: Option<String>) -> Result<String, String> {
        let notation = self.move_notation(notation.as_deref())?;
        self.position.play(text, notation, &RuleOptions::default()).map_err(|e| rules_failure(&e, text))
    }

    /// A copy of it, to play on apart.
    #[wasm_bindgen(js_name = clone)]
    #[must_use]
    pub fn copy(&self) -> Position {
        self.clone()
    }
}

impl Position {
    /// The move notation asked for, or the game's first.
    fn move_notation(&self, asked: Option<&str>) -> Result<MoveNotation, String> {
        match asked {
            Some(n) => id::<MoveNotation>(n, "move notation"),
            None => Ok(self.position.variant().move_notations().first().copied().unwrap_or(MoveNotation::Uci)),
        }
    }
}

/// The games of a record file or a PGN text, read one at a time: each as
/// the JSON text of `{"ok": GAME}` (the game's JSON form, as
/// `games/convert` answers it) or `{"error": {"message", "game", "line",
/// "column", "partial"}}` for a game that could not be read (with what was
/// read of it), until there are no more.
#[wasm_bindgen]
pub struct GameReader {
    records: polyfen::records::Records<'static>,
    /// Whether the input could not be read at all (its error was given).
    done: bool,
}

#[wasm_bindgen]
#[allow(clippy::needless_pass_by_value)] // wasm-bindgen hands optional strings over owned
impl GameReader {
    /// The games of `bytes`, in `format` (by default found from the
    /// bytes: PGN, XQF, CBR, CBL, CBF, `DhtmlXQ`, KIF, KI2, CSA, JKF, USI),
    /// read leniently when asked.
    ///
    /// # Errors
    ///
    /// An unknown format, as an error's JSON.
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: Vec<u8>, format: Option<String>, lenient: bool) -> Result<GameReader, String> {
        use polyfen::records::{GameOptions, OpenOptions, RecordFormat, Records};
        let format = format
            .as_deref()
            .map(str::parse::<RecordFormat>)
            .transpose()
            .map_err(|e| failure(&format!("\"format\": {e}"), None, None))?;
        let open = OpenOptions::default().with_format(format).with_games(GameOptions::default().with_lenient(lenient));
        let records = Records::from_reader(std::io::Cursor::new(bytes), &open)
            .map_err(|e| failure(&e.to_string(), None, None))?;
        Ok(GameReader { records, done: false })
    }

    /// The next game's JSON text, or nothing after the last.
    #[allow(clippy::should_implement_trait)] // JavaScript's iterators call it next
    pub fn next(&mut self) -> Option<String> {
        if self.done {
            return None;
        }
        let item = match self.records.next()? {
            Ok(Ok(game)) => {
                // written straight from the game, with no copy of its texts
                let mut out = String::from("{\"ok\":");
                return Some(match game.write_json(None, &mut out) {
                    Ok(()) => out + "}",
                    Err(e) => serde_json::json!({ "error": { "message": e.to_string() } }).to_string(),
                });
            }
            Ok(Err(bad)) => serde_json::json!({ "error": {
                "message": bad.error.message,
                "game": bad.game,
                "line": bad.error.at.line,
                "column": bad.error.at.column,
                "partial": bad.partial.and_then(|game| game.to_json(None).ok()),
            } }),
            Err(e) => {
                self.done = true;
                serde_json::json!({ "error": { "message": e.to_string() } })
            }
        };
        Some(item.to_string())
    }
}
