//! Game records: `polyfen.read_games` iterates the games of a file or of
//! bytes, in every format the command line's `games` commands read (PGN of
//! every game in any text encoding, XQF, CBR, CBL, `DhtmlXQ`, and Shogi's
//! KIF, KI2 and CSA). A PGN input is streamed game by game, so memory stays
//! flat whatever its size; a record file is read whole, as the command line
//! does.

use std::fmt::Write as _;
use std::io::Cursor;

use polyfen::records::{
    Game as RustGame, GameError, GameOptions, OpenOptions, RecordFormat, Records, encoding_for, position_notation,
};
use polyfen::{Position as _, VariantId, WriteOptions};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::{move_notation, notation};

/// What a bad game does to the iteration.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OnError {
    /// `__next__` raises `ReadError`; the next call reads the next game.
    Raise,
    /// The `ReadError` is yielded in the game's place.
    Yield,
    /// The game is left out.
    Skip,
}

/// An iterator over the games of a file or of bytes.
#[pyclass(module = "polyfen", name = "GameReader", unsendable)]
pub(crate) struct GameReader {
    /// The games; `None` after an I/O error.
    records: Option<Records<'static>>,
    on_error: OnError,
    format: RecordFormat,
}

/// One game's outcome: a game, or the arguments of its `ReadError`.
enum Outcome {
    Game(Box<RustGame>),
    Bad(Bad),
}

/// A game that could not be read: the arguments of its `ReadError`.
struct Bad {
    message: String,
    column: Option<u64>,
    line: Option<u64>,
    offset: u64,
    game: u64,
    /// The game read up to the problem: a PGN game up to its bad move, a
    /// record file's up to its bad record.
    partial: Option<Box<RustGame>>,
}

impl GameReader {
    fn next_outcome(&mut self) -> Option<std::io::Result<Outcome>> {
        match self.records.as_mut()?.next()? {
            Ok(Ok(game)) => Some(Ok(Outcome::Game(Box::new(game)))),
            Ok(Err(bad)) => Some(Ok(Outcome::Bad(bad_game(bad)))),
            Err(e) => {
                self.records = None;
                Some(Err(e))
            }
        }
    }
}

fn bad_game(bad: GameError) -> Bad {
    Bad {
        message: bad.to_string(),
        column: bad.column(),
        line: bad.line(),
        offset: bad.offset(),
        game: bad.game,
        partial: bad.partial,
    }
}

/// `polyfen.ReadError` for a bad game.
fn game_error(py: Python<'_>, bad: Bad, format: RecordFormat) -> PyResult<Bound<'_, PyAny>> {
    let Bad { message, column, line, offset, game, partial } = bad;
    let kwargs = PyDict::new(py);
    kwargs.set_item("line", line)?;
    kwargs.set_item("offset", offset)?;
    kwargs.set_item("game", game)?;
    if let Some(partial) = partial {
        kwargs.set_item("partial", Bound::new(py, Game { inner: *partial })?)?;
    }
    py.import("polyfen._errors")?.getattr("ReadError")?.call((message, column, format.name()), Some(&kwargs))
}

#[pymethods]
impl GameReader {
    /// Opens `path`, or reads `data`, and finds the format from the first
    /// bytes (or takes `format`). Raises `OSError` when the file cannot be
    /// read, `ValueError` for an unknown option.
    #[new]
    #[pyo3(signature = (path=None, data=None, variant=None, lenient=false, encoding=None, format=None, errors="raise"))]
    #[allow(clippy::needless_pass_by_value)] // PyO3 hands arguments over by value
    fn new(
        path: Option<std::path::PathBuf>,
        data: Option<Vec<u8>>,
        variant: Option<&str>,
        lenient: bool,
        encoding: Option<&str>,
        format: Option<&str>,
        errors: &str,
    ) -> PyResult<GameReader> {
        let on_error = match errors {
            "raise" => OnError::Raise,
            "yield" => OnError::Yield,
            "skip" => OnError::Skip,
            _ => {
                return Err(PyValueError::new_err(format!("errors={errors:?}: one of \"raise\", \"yield\", \"skip\"")));
            }
        };
        // a game's id, or a rules variant of a game by any of its names
        let (variant, rules) = match variant {
            None => (None, None),
            Some(v) => match (v.parse::<VariantId>(), VariantId::of_rules(v)) {
                (Ok(game), _) => (Some(game), None),
                (Err(_), Some((game, rules))) => (Some(game), Some(rules.id)),
                (Err(_), None) => {
                    return Err(PyValueError::new_err(format!(
                        "unknown variant {v:?}; a game or a rules variant: {}",
                        VariantId::rules_ids().join(", ")
                    )));
                }
            },
        };
        let encoding = encoding
            .map(|e| {
                encoding_for(e).ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "unknown encoding {e:?}; for example utf-8, gb18030, gbk, big5, latin1"
                    ))
                })
            })
            .transpose()?;
        let forced = format.map(|f| f.parse::<RecordFormat>().map_err(PyValueError::new_err)).transpose()?;
        let options = OpenOptions::default()
            .with_format(forced)
            .with_encoding(encoding)
            .with_games(GameOptions::default().with_variant(variant).with_rules(rules).with_lenient(lenient));
        let records = match (path, data) {
            (Some(path), None) => Records::open(path, &options)?,
            (None, Some(data)) => Records::from_reader(Cursor::new(data), &options)?,
            _ => return Err(PyValueError::new_err("give a path or bytes")),
        };
        Ok(GameReader { format: records.format(), records: Some(records), on_error })
    }

    /// The format read: "pgn", "xqf", "cbr", "cbl", "dhtmlxq", "cbf", "kif",
    /// "ki2", "csa", "usi" or "jkf".
    #[getter]
    fn format(&self) -> &'static str {
        self.format.name()
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        loop {
            let Some(outcome) = self.next_outcome() else { return Ok(None) };
            match outcome? {
                Outcome::Game(game) => return Ok(Some(Bound::new(py, Game { inner: *game })?.into_any())),
                Outcome::Bad(bad) => match self.on_error {
                    OnError::Skip => {}
                    OnError::Yield => return Ok(Some(game_error(py, bad, self.format)?)),
                    OnError::Raise => return Err(PyErr::from_value(game_error(py, bad, self.format)?)),
                },
            }
        }
    }

    fn __repr__(&self) -> String {
        format!("GameReader(format={:?})", self.format.name())
    }
}

/// A game record: tags, a start position, the moves (with comments, NAGs
/// and variations) and a result.
#[pyclass(module = "polyfen", name = "Game", frozen)]
pub(crate) struct Game {
    inner: RustGame,
}

fn rules_error(e: &polyfen::RulesError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn move_notation_of(name: Option<&str>) -> PyResult<Option<polyfen::MoveNotation>> {
    name.map(move_notation).transpose()
}

#[pymethods]
impl Game {
    /// The game: "chess", "xiangqi", "khet" or "shogi".
    #[getter]
    fn variant(&self) -> &'static str {
        self.inner.variant.into()
    }

    /// The rules variant of its game the game is played by (chess's
    /// "crazyhouse", as its `Variant` tag names it), `None` for the game's
    /// own rules.
    #[getter]
    fn rules(&self) -> Option<&'static str> {
        self.inner.start.rules()
    }

    /// The tags as a dict (the first of tags with the same name).
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in &self.inner.tags {
            if !dict.contains(name)? {
                dict.set_item(name, value)?;
            }
        }
        Ok(dict)
    }

    /// The tag pairs in file order, duplicates kept.
    #[getter]
    fn tags(&self) -> Vec<(String, String)> {
        self.inner.tags.clone()
    }

    /// The result: the movetext's marker, else the `Result` tag, else "*".
    #[getter]
    fn result(&self) -> &str {
        self.inner.result_text()
    }

    /// The start position in the game's own notation.
    #[getter]
    fn start(&self) -> PyResult<String> {
        self.write_position(&self.inner.start, None)
    }

    /// Comments before the first move.
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.inner.comments.clone()
    }

    /// What a lenient reading repaired, each with its line and column.
    #[getter]
    fn repairs(&self) -> Vec<String> {
        self.inner.repairs.iter().map(ToString::to_string).collect()
    }

    /// What the record's ending disagrees with or leaves unsaid, as the
    /// command line prints them and the JSON's "warnings" lists them (a
    /// Shogi line whose last position is the fourth repetition the record
    /// does not state, an impasse declaration the position does not
    /// allow ...); empty when there is nothing to say.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        match self.inner.main_line(None) {
            Ok(line) => line.warnings,
            Err(_) => self.inner.warnings.clone(),
        }
    }

    /// The movetext not played, as written: in a game read up to a bad
    /// move (`ReadError.partial`), from that move to the game's end; else
    /// None.
    #[getter]
    fn unplayed(&self) -> Option<&str> {
        self.inner.unplayed.as_deref()
    }

    /// Moves of the main line.
    #[getter]
    fn plies(&self) -> usize {
        self.inner.plies()
    }

    /// The main line's moves in `notation` (when None: the notation a PGN
    /// game's moves are written in, else the game's PGN notation, SAN for
    /// chess).
    #[pyo3(signature = (notation=None))]
    fn moves(&self, notation: Option<&str>) -> PyResult<Vec<String>> {
        let notation = move_notation_of(notation)?;
        self.inner.main_line(notation).map(|line| line.moves).map_err(|e| rules_error(&e))
    }

    /// The position after each move of the main line, in `notation` (the
    /// game's own position notation when None).
    #[pyo3(signature = (notation=None))]
    fn positions(&self, notation: Option<&str>) -> PyResult<Vec<String>> {
        let line = self.inner.main_line(None).map_err(|e| rules_error(&e))?;
        line.positions.iter().map(|p| self.write_position(p, notation)).collect()
    }

    /// Every line of play, root to leaf, main line first (variations
    /// after), each a list of moves in `notation`.
    #[pyo3(signature = (notation=None))]
    fn lines(&self, notation: Option<&str>) -> PyResult<Vec<Vec<String>>> {
        let notation = move_notation_of(notation)?;
        self.inner.lines(notation).map_err(|e| rules_error(&e))
    }

    /// The state at the end of the main line: "ongoing", "checkmate",
    /// "stalemate", ...
    #[getter]
    fn status(&self) -> PyResult<&'static str> {
        self.inner.main_line(None).map(|line| line.status.into()).map_err(|e| rules_error(&e))
    }

    /// The game as PGN, moves in `notation` (when None: the notation a PGN
    /// game's moves are written in, else the game's PGN notation).
    #[pyo3(signature = (notation=None))]
    fn to_pgn(&self, notation: Option<&str>) -> PyResult<String> {
        let mut out = String::new();
        self.inner.write_pgn(move_notation_of(notation)?, &mut out).map_err(|e| rules_error(&e))?;
        Ok(out)
    }

    /// The JSON form (docs/game.schema.json): tags, start, main line, the
    /// whole move tree with comments, NAGs and variations, end and status.
    #[pyo3(signature = (notation=None))]
    fn to_json(&self, notation: Option<&str>) -> PyResult<String> {
        let json = self.inner.to_json(move_notation_of(notation)?).map_err(|e| rules_error(&e))?;
        serde_json::to_string(&json).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The JSON form as Python objects (dicts and lists).
    #[pyo3(signature = (notation=None))]
    fn to_dict<'py>(&self, py: Python<'py>, notation: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
        let text = self.to_json(notation)?;
        py.import("json")?.getattr("loads")?.call1((text,))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let game = &self.inner;
        let text = |s: &str| PyString::new(py, s).repr().map(|r| r.to_string());
        let mut out = format!("Game({}", text(game.variant.into())?);
        // the players, under the tag names of the games that have them
        for tag in ["White", "Black", "Red", "Sente", "Gote"] {
            if let Some(value) = game.tag(tag) {
                let _ = write!(out, ", {}={}", tag.to_ascii_lowercase(), text(value)?);
            }
        }
        let _ = write!(out, ", result={}, plies={})", text(game.result_text())?, game.plies());
        Ok(out)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.extract::<PyRef<'_, Game>>().is_ok_and(|other| other.inner == self.inner)
    }
}

impl Game {
    fn write_position(&self, position: &polyfen::AnyPosition, name: Option<&str>) -> PyResult<String> {
        let target = match name {
            Some(name) => notation(name)?,
            None => position_notation(self.inner.variant),
        };
        position
            .to_notation(target, &WriteOptions::default())
            .map(|written| written.text)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

/// Registers the classes.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GameReader>()?;
    m.add_class::<Game>()?;
    Ok(())
}
