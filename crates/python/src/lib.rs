//! The Python module `polyfen._native`, wrapped by the `polyfen` package
//! (python/polyfen): single reads into a [`Position`], and the Arrow batch
//! kernels behind `polyfen.arrow`, which work on an array's buffers with
//! the GIL released, with no Python object per row.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use polyfen::polyfen_core::ParseError;
use polyfen::{
    MoveNotation, Notation, PerftControl, Position as _, ReadError, ReadOptions, RenderStyle, RuleOptions, VariantId,
    WriteOptions, read,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

mod games;
mod plugin;
mod rows;

/// A position of any game polyfen knows, with the notation it was read in.
#[pyclass(module = "polyfen", name = "Position")]
struct Position {
    inner: polyfen::AnyPosition,
    notation: Notation,
}

/// `name` as a notation id, or a `ValueError` listing the known ones.
fn notation(name: &str) -> PyResult<Notation> {
    name.parse().map_err(|_| PyValueError::new_err(format!("unknown notation {name:?}; known: {}", ids::<Notation>())))
}

/// The ids of a facade enum, for error messages.
fn ids<T: strum::IntoEnumIterator + Into<&'static str>>() -> String {
    T::iter().map(Into::into).collect::<Vec<&str>>().join(", ")
}

fn move_notation(name: &str) -> PyResult<MoveNotation> {
    name.parse()
        .map_err(|_| PyValueError::new_err(format!("unknown move notation {name:?}; known: {}", ids::<MoveNotation>())))
}

fn style(name: &str) -> PyResult<RenderStyle> {
    name.parse().map_err(|_| PyValueError::new_err(format!("unknown style {name:?}; known: {}", ids::<RenderStyle>())))
}

/// The 1-based character column of `error` in `input`.
fn column(input: &str, error: &ParseError) -> usize {
    error.char_column(input)
}

/// `polyfen.ReadError(message, column, notation)`.
fn read_error(py: Python<'_>, input: &str, error: &ReadError) -> PyErr {
    let column = column(input, &error.error);
    let message = format!("column {column}: {}", error.error.kind);
    let notation: &'static str = error.notation.into();
    match py
        .import("polyfen._errors")
        .and_then(|m| m.getattr("ReadError"))
        .and_then(|c| c.call1((message, column, notation)))
    {
        Ok(instance) => PyErr::from_value(instance),
        Err(e) => e,
    }
}

fn rules_error(e: &polyfen::RulesError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A rules variant's id from any of its names (`atomic`, `3check`,
/// `King of the Hill`), or the message saying it names none.
pub(crate) fn rules_known(name: &str) -> Result<&'static str, String> {
    polyfen::VariantId::of_rules(name).map(|(_, rules)| rules.id).ok_or_else(|| {
        format!(
            "unknown rules variant {name:?}: {} (polyfen.rules_variants() lists them)",
            polyfen::VariantId::unknown_name_hint(name)
        )
    })
}

/// A rules variant's id from any of its names, or a `ValueError`.
pub(crate) fn rules_id(name: &str) -> PyResult<&'static str> {
    rules_known(name).map_err(PyValueError::new_err)
}

/// The id of the rules variant `name` (any name of it), or the
/// `ValueError` an unknown name gives `read_position`.
#[pyfunction]
fn rules_variant(name: &str) -> PyResult<&'static str> {
    rules_id(name)
}

/// Reads a position, in `notation` or else in the notation detected, under
/// the rules variant `rules` of its game if given (any name of it).
#[pyfunction]
#[pyo3(signature = (text, notation=None, lenient=false, rules=None))]
fn read_position(
    py: Python<'_>,
    text: &str,
    notation: Option<&str>,
    lenient: bool,
    rules: Option<&str>,
) -> PyResult<Position> {
    let from = notation.map(self::notation).transpose()?;
    let rules = rules.map(rules_id).transpose()?;
    match read(text, from, &ReadOptions::lenient(lenient).with_rules(rules)) {
        Ok(reading) => Ok(Position { inner: reading.position, notation: reading.notation }),
        Err(e) => Err(read_error(py, text, &e)),
    }
}

#[pymethods]
impl Position {
    /// The game: "chess", "xiangqi", "khet" or "shogi".
    #[getter]
    fn variant(&self) -> &'static str {
        self.inner.variant().into()
    }

    /// The rules variant of its game the position is played by (chess's
    /// "crazyhouse", "atomic", ...), `None` for the game's own rules.
    #[getter]
    fn rules(&self) -> Option<&'static str> {
        self.inner.rules()
    }

    /// The notation the position was read in.
    #[getter]
    fn notation(&self) -> &'static str {
        self.notation.into()
    }

    /// The position written in `notation` (default: the one it was read in).
    #[pyo3(signature = (notation=None))]
    fn to(&self, notation: Option<&str>) -> PyResult<String> {
        let target = notation.map(self::notation).transpose()?.unwrap_or(self.notation);
        self.inner
            .to_notation(target, &WriteOptions::default())
            .map(|written| written.text)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// Every rule the position breaks, in words; empty when it is legal.
    fn validate(&self) -> Vec<String> {
        self.inner.violations()
    }

    /// Every legal move, in `notation` (default: the game's first).
    #[pyo3(signature = (notation=None))]
    fn legal_moves(&self, notation: Option<&str>) -> PyResult<Vec<String>> {
        let notation = self.move_notation(notation)?;
        self.inner.legal_moves(notation, &RuleOptions::default()).map_err(|e| rules_error(&e))
    }

    /// Plays `move` (in any move notation of the game) and returns it
    /// written in `notation` (default: the game's first); on error the
    /// position is unchanged.
    #[pyo3(signature = (r#move, notation=None))]
    fn play(&mut self, r#move: &str, notation: Option<&str>) -> PyResult<String> {
        let notation = self.move_notation(notation)?;
        self.inner.play(r#move, notation, &RuleOptions::default()).map_err(|e| rules_error(&e))
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep,
    /// counted with the GIL released. A deep count runs on a thread of its
    /// own while this one looks at Python's signals every 50 ms, so Ctrl-C
    /// (`KeyboardInterrupt`) stops it.
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let options = RuleOptions::default();
        let inner = self.inner.clone();
        if depth <= 3 {
            // a few milliseconds at most: not worth a thread
            return py.detach(move || inner.perft(depth, &options)).map_err(|e| rules_error(&e));
        }
        let cancel = AtomicBool::new(false);
        let control = PerftControl::new().with_cancel(&cancel);
        std::thread::scope(|scope| {
            let (done, answer) = mpsc::channel();
            let (inner, control) = (&inner, &control);
            scope.spawn(move || done.send(inner.perft_with(depth, &options, control)));
            let mut answer = answer;
            loop {
                let (back, waited) = py.detach(move || {
                    let waited = answer.recv_timeout(Duration::from_millis(50));
                    (answer, waited)
                });
                answer = back;
                match waited {
                    Ok(nodes) => return nodes.map_err(|e| rules_error(&e)),
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if let Err(interrupt) = py.check_signals() {
                            cancel.store(true, Ordering::Relaxed);
                            // the count ends within a millisecond; the scope waits for it
                            return Err(interrupt);
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        return Err(PyValueError::new_err("perft: the counting thread ended without an answer"));
                    }
                }
            }
        })
    }

    /// A diagram: "ascii", "unicode", "chinese", "chinese-traditional" or
    /// "svg".
    #[pyo3(signature = (style="ascii"))]
    fn render(&self, style: &str) -> PyResult<String> {
        self.inner.render(self::style(style)?).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The SVG diagram, shown by notebooks.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.render("svg")
    }

    /// The JSON form.
    fn to_json(&self) -> PyResult<String> {
        self.to(Some("json"))
    }

    fn __str__(&self) -> PyResult<String> {
        self.to(None)
    }

    fn __repr__(&self) -> PyResult<String> {
        let notation: &'static str = self.notation.into();
        Ok(format!("Position({:?}, notation={notation:?})", self.to(None)?))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.extract::<PyRef<'_, Position>>().is_ok_and(|other| other.inner == self.inner)
    }

    fn __copy__(&self) -> Position {
        Position { inner: self.inner.clone(), notation: self.notation }
    }
}

impl Position {
    fn move_notation(&self, name: Option<&str>) -> PyResult<MoveNotation> {
        match name {
            Some(name) => move_notation(name),
            None => Ok(self.inner.variant().move_notations()[0]),
        }
    }
}

/// Strings of an Arrow array (its offsets, data and validity buffers, as
/// bytes), row `i` being `data[offsets[i]..offsets[i + 1]]`.
struct Strings<'a> {
    offsets: &'a [u8],
    data: &'a [u8],
    validity: Option<&'a [u8]>,
    /// The array's offset into its buffers (a sliced array).
    offset: usize,
    len: usize,
    /// 8-byte offsets (`large_string`) rather than 4-byte ones.
    large: bool,
}

impl Strings<'_> {
    /// Row `i`: `None` for a null; a row that is not UTF-8 is read lossily
    /// (Arrow strings are UTF-8 by definition).
    fn get(&self, i: usize) -> Option<std::borrow::Cow<'_, str>> {
        let at = self.offset + i;
        if let Some(validity) = self.validity
            && validity.get(at / 8).is_none_or(|byte| byte & (1 << (at % 8)) == 0)
        {
            return None;
        }
        let (start, end) = if self.large {
            (read_i64(self.offsets, at), read_i64(self.offsets, at + 1))
        } else {
            (read_i32(self.offsets, at), read_i32(self.offsets, at + 1))
        };
        let bytes = self.data.get(start..end.max(start)).unwrap_or_default();
        Some(String::from_utf8_lossy(bytes))
    }
}

fn read_i32(bytes: &[u8], i: usize) -> usize {
    bytes
        .get(i * 4..i * 4 + 4)
        .and_then(|b| b.try_into().ok())
        .map_or(0, |b| usize::try_from(i32::from_le_bytes(b)).unwrap_or(0))
}

fn read_i64(bytes: &[u8], i: usize) -> usize {
    bytes
        .get(i * 8..i * 8 + 8)
        .and_then(|b| b.try_into().ok())
        .map_or(0, |b| usize::try_from(i64::from_le_bytes(b)).unwrap_or(0))
}

/// An Arrow column being built: validity bitmap, and values as a
/// `large_string` (i64 offsets and data), an `int32` or a `bool` bitmap.
#[derive(Default)]
struct Column {
    validity: Vec<u8>,
    offsets: Vec<u8>,
    data: Vec<u8>,
    len: usize,
}

impl Column {
    fn strings() -> Column {
        Column { offsets: 0i64.to_le_bytes().to_vec(), ..Column::default() }
    }

    fn set_valid(&mut self, valid: bool) {
        if self.len.is_multiple_of(8) {
            self.validity.push(0);
        }
        if valid && let Some(last) = self.validity.last_mut() {
            *last |= 1 << (self.len % 8);
        }
    }

    fn push_str(&mut self, text: Option<&str>) {
        self.set_valid(text.is_some());
        self.data.extend_from_slice(text.unwrap_or_default().as_bytes());
        self.offsets.extend_from_slice(&(self.data.len() as i64).to_le_bytes());
        self.len += 1;
    }

    fn push_i32(&mut self, value: Option<i32>) {
        self.set_valid(value.is_some());
        self.data.extend_from_slice(&value.unwrap_or(0).to_le_bytes());
        self.len += 1;
    }

    fn push_bool(&mut self, value: Option<bool>) {
        self.set_valid(value.is_some());
        if self.len.is_multiple_of(8) {
            self.data.push(0);
        }
        if value == Some(true)
            && let Some(last) = self.data.last_mut()
        {
            *last |= 1 << (self.len % 8);
        }
        self.len += 1;
    }

    /// The column as a dict of bytes: `validity`, `offsets`, `data`.
    fn into_py(self, py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("validity", PyBytes::new(py, &self.validity))?;
        dict.set_item("offsets", PyBytes::new(py, &self.offsets))?;
        dict.set_item("data", PyBytes::new(py, &self.data))?;
        dict.set_item("len", self.len)?;
        Ok(dict)
    }
}

/// The error columns of a batch: for each row, null or the error's
/// column, notation and message.
struct Errors {
    valid: Column,
    column: Column,
    notation: Column,
    message: Column,
}

impl Errors {
    fn new() -> Errors {
        Errors {
            valid: Column::default(),
            column: Column::default(),
            notation: Column::strings(),
            message: Column::strings(),
        }
    }

    fn push(&mut self, error: Option<(usize, &str, &str)>) {
        self.valid.push_bool(Some(error.is_some()));
        self.column.push_i32(error.map(|(c, _, _)| i32::try_from(c).unwrap_or(i32::MAX)));
        self.notation.push_str(error.map(|(_, n, _)| n));
        self.message.push_str(error.map(|(_, _, m)| m));
    }

    fn into_py<'py>(self, py: Python<'py>, out: &Bound<'py, PyDict>) -> PyResult<()> {
        out.set_item("error_valid", self.valid.into_py(py)?)?;
        out.set_item("error_column", self.column.into_py(py)?)?;
        out.set_item("error_notation", self.notation.into_py(py)?)?;
        out.set_item("error_message", self.message.into_py(py)?)?;
        Ok(())
    }
}

/// The arguments every batch kernel takes: the input array's buffers.
#[allow(clippy::too_many_arguments)]
fn strings<'a>(
    offsets: &'a Bound<'_, PyBytes>,
    data: &'a Bound<'_, PyBytes>,
    validity: Option<&'a Bound<'_, PyBytes>>,
    offset: usize,
    len: usize,
    large: bool,
) -> Strings<'a> {
    Strings {
        offsets: offsets.as_bytes(),
        data: data.as_bytes(),
        validity: validity.map(PyBytesMethods::as_bytes),
        offset,
        len,
        large,
    }
}

/// Converts a batch of strings to `to`: the `value` column (null for a
/// null or a bad row) and the error columns.
#[pyfunction]
#[pyo3(signature = (offsets, data, validity, offset, len, large, to, from_=None, lenient=false, rules=None))]
#[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
fn convert_batch<'py>(
    py: Python<'py>,
    offsets: &Bound<'py, PyBytes>,
    data: &Bound<'py, PyBytes>,
    validity: Option<&Bound<'py, PyBytes>>,
    offset: usize,
    len: usize,
    large: bool,
    to: &str,
    from_: Option<&str>,
    lenient: bool,
    rules: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let to = notation(to)?;
    let from = from_.map(notation).transpose()?;
    let input = strings(offsets, data, validity, offset, len, large);
    let options = ReadOptions::lenient(lenient).with_rules(rules.map(rules_id).transpose()?);
    let write = WriteOptions::default();
    value_columns(py, input.len, |i, text| {
        let row = input.get(i)?;
        Some(rows::convert(&row, to, from, options, write, text))
    })
}

/// The `value` column and the error columns of a batch of `len` rows:
/// `row(i, text)` writes the value of row `i` into `text`, or answers the
/// row's error, or `None` for a null row (null in every column).
fn value_columns(
    py: Python<'_>,
    len: usize,
    row: impl Fn(usize, &mut String) -> Option<Result<(), rows::RowError>> + Sync,
) -> PyResult<Bound<'_, PyDict>> {
    let (values, errors) = py.detach(|| {
        let mut values = Column::strings();
        let mut errors = Errors::new();
        let mut text = String::new();
        for i in 0..len {
            match row(i, &mut text) {
                None => {
                    values.push_str(None);
                    errors.push(None);
                }
                Some(Ok(())) => {
                    values.push_str(Some(&text));
                    errors.push(None);
                }
                Some(Err(e)) => {
                    values.push_str(None);
                    errors.push(Some(e.fields()));
                }
            }
        }
        (values, errors)
    });
    let out = PyDict::new(py);
    out.set_item("value", values.into_py(py)?)?;
    errors.into_py(py, &out)?;
    Ok(out)
}

/// Validates a batch of strings: the `valid` column (null for a null or an
/// unreadable row), the violations as one string per row joined by
/// newlines (null when valid), and the error columns.
#[pyfunction]
#[pyo3(signature = (offsets, data, validity, offset, len, large, from_=None, lenient=false, rules=None))]
#[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
fn validate_batch<'py>(
    py: Python<'py>,
    offsets: &Bound<'py, PyBytes>,
    data: &Bound<'py, PyBytes>,
    validity: Option<&Bound<'py, PyBytes>>,
    offset: usize,
    len: usize,
    large: bool,
    from_: Option<&str>,
    lenient: bool,
    rules: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let from = from_.map(notation).transpose()?;
    let options = ReadOptions::lenient(lenient).with_rules(rules.map(rules_id).transpose()?);
    let input = strings(offsets, data, validity, offset, len, large);
    let (valid, violations, variants, errors) = py.detach(|| {
        let mut valid = Column::default();
        let mut violations = Column::strings();
        let mut variants = Column::strings();
        let mut errors = Errors::new();
        for i in 0..input.len {
            let Some(row) = input.get(i) else {
                valid.push_bool(None);
                violations.push_str(None);
                variants.push_str(None);
                errors.push(None);
                continue;
            };
            match rows::validate(&row, from, options) {
                Ok((found, variant)) => {
                    valid.push_bool(Some(found.is_empty()));
                    violations.push_str((!found.is_empty()).then(|| found.join("\n")).as_deref());
                    variants.push_str(Some(variant));
                    errors.push(None);
                }
                Err(e) => {
                    valid.push_bool(None);
                    violations.push_str(None);
                    variants.push_str(None);
                    errors.push(Some(e.fields()));
                }
            }
        }
        (valid, violations, variants, errors)
    });
    let out = PyDict::new(py);
    out.set_item("valid", valid.into_py(py)?)?;
    out.set_item("violations", violations.into_py(py)?)?;
    out.set_item("variant", variants.into_py(py)?)?;
    errors.into_py(py, &out)?;
    Ok(out)
}

/// The buffers of a string column, as the Python side passes them:
/// offsets, data, validity, offset, length, large.
type Buffers<'py> = (Bound<'py, PyBytes>, Bound<'py, PyBytes>, Option<Bound<'py, PyBytes>>, usize, usize, bool);

/// Reads each row's move against the same row's position and writes it in
/// `to`: the `value` column (null for a null or bad row) and the error
/// columns (a bad position's error is about the position's text, a bad
/// move's about the move's).
#[pyfunction]
#[pyo3(signature = (positions, moves, to, from_=None, lenient=false, rules=None))]
#[allow(clippy::needless_pass_by_value)] // PyO3 hands arguments over by value
fn move_batch<'py>(
    py: Python<'py>,
    positions: Buffers<'py>,
    moves: Buffers<'py>,
    to: &str,
    from_: Option<&str>,
    lenient: bool,
    rules: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let to = move_notation(to)?;
    let from = from_.map(notation).transpose()?;
    let read_options = ReadOptions::lenient(lenient).with_rules(rules.map(rules_id).transpose()?);
    let (p, m) = (&positions, &moves);
    let positions = strings(&p.0, &p.1, p.2.as_ref(), p.3, p.4, p.5);
    let moves = strings(&m.0, &m.1, m.2.as_ref(), m.3, m.4, m.5);
    let play = RuleOptions::default();
    value_columns(py, positions.len.min(moves.len), |i, value| {
        let (Some(position), Some(text)) = (positions.get(i), moves.get(i)) else { return None };
        Some(rows::move_to(&position, &text, to, from, read_options, play).map(|written| *value = written))
    })
}

/// The notation ids.
#[pyfunction]
fn notations() -> Vec<&'static str> {
    <Notation as strum::IntoEnumIterator>::iter().map(Into::into).collect()
}

/// The games polyfen knows.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    <VariantId as strum::IntoEnumIterator>::iter().map(Into::into).collect()
}

/// Adds the games of a variants file (Fairy-Stockfish's format) given as
/// its text, `source` naming it in messages; returns their names.
#[pyfunction]
#[pyo3(signature = (text, source="<string>"))]
fn define_variants(text: &str, source: &str) -> PyResult<Vec<&'static str>> {
    polyfen::define_rules(source, text)
        .map(|defined| defined.into_iter().map(|(_, name)| name).collect())
        .map_err(PyValueError::new_err)
}

/// Every rules variant a name reaches: chess's, and each game defined as
/// data (Fairy-Stockfish's built-in games and those added).
#[pyfunction]
fn rules_variants() -> Vec<&'static str> {
    VariantId::rules_ids()
}

/// The native part of the `polyfen` Python package.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Position>()?;
    games::register(m)?;
    m.add_function(wrap_pyfunction!(read_position, m)?)?;
    m.add_function(wrap_pyfunction!(convert_batch, m)?)?;
    m.add_function(wrap_pyfunction!(validate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(move_batch, m)?)?;
    m.add_function(wrap_pyfunction!(notations, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(define_variants, m)?)?;
    m.add_function(wrap_pyfunction!(rules_variants, m)?)?;
    m.add_function(wrap_pyfunction!(rules_variant, m)?)?;
    Ok(())
}
