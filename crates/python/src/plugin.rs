//! The Polars expression plugin: `convert`, `validate`, `variant` and
//! `move_to` as native Polars expressions, called by Polars on each batch
//! of a column from its own threads, without Python.
//!
//! Python polars (`register_plugin_function`, in polyfen/polars.py) finds
//! each expression as two C symbols of this module, `_polars_plugin_NAME`
//! (the work) and `_polars_plugin_field_NAME` (the result's type), which
//! [`exports`] defines over the safe functions here. That is the protocol
//! pyo3-polars' `#[polars_expr]` implements; it is written out here with
//! polars-ffi because pyo3-polars' macro crate depends on the Polars
//! planner, which made the wheel's build compile the Polars crates twice.
//!
//! No global allocator: pyo3-polars offers `PolarsAllocator`, which hands
//! this module's allocations to Python polars' allocator, but it picks its
//! allocator at the module's first allocation — when `import polyfen` loads
//! the module — by importing the `polars.polars._allocator` capsule, so
//! `import polyfen` would import polars (or fall back to the system
//! allocator for good where polars is not installed). Sharing the allocator
//! is not needed for soundness: columns cross between Polars and this module
//! through the Arrow C data interface, whose release callbacks free each
//! buffer in the module that allocated it (the inputs with Polars'
//! allocator, the results and their schemas with this module's), and the
//! error message Polars copies stays owned here. So the module keeps Rust's
//! default (system) allocator, whether or not Polars is used.

use polars_arrow::bitmap::Bitmap;
use polars_core::prelude::*;
use polyfen::{MoveNotation, Notation, Position as _, ReadOptions, RuleOptions, WriteOptions, read};
use serde::Deserialize;

use crate::rows;

/// The keyword arguments polyfen/polars.py registers each expression with.
#[derive(Deserialize)]
struct Options {
    #[serde(default)]
    to: Option<String>,
    #[serde(default)]
    from_: Option<String>,
    #[serde(default)]
    lenient: bool,
    /// A rules variant of the positions' game, by any of its names.
    #[serde(default)]
    rules: Option<String>,
}

impl Options {
    /// The read options: lenient or not, under the rules variant named.
    fn read(&self) -> PolarsResult<ReadOptions> {
        let rules = self
            .rules
            .as_deref()
            .map(|name| crate::rules_known(name).map_err(|message| polars_err!(ComputeError: "{}", message)))
            .transpose()?;
        Ok(ReadOptions::lenient(self.lenient).with_rules(rules))
    }
}

fn error_fields() -> Vec<Field> {
    vec![
        Field::new("column".into(), DataType::Int32),
        Field::new("notation".into(), DataType::String),
        Field::new("message".into(), DataType::String),
    ]
}

fn converted_type(fields: &[Field]) -> Field {
    Field::new(
        fields[0].name().clone(),
        DataType::Struct(vec![
            Field::new("value".into(), DataType::String),
            Field::new("error".into(), DataType::Struct(error_fields())),
        ]),
    )
}

fn validated_type(fields: &[Field]) -> Field {
    Field::new(
        fields[0].name().clone(),
        DataType::Struct(vec![
            Field::new("valid".into(), DataType::Boolean),
            Field::new("variant".into(), DataType::String),
            Field::new("violations".into(), DataType::List(Box::new(DataType::String))),
            Field::new("error".into(), DataType::Struct(error_fields())),
        ]),
    )
}

fn string_type(fields: &[Field]) -> Field {
    Field::new(fields[0].name().clone(), DataType::String)
}

/// The error struct column being built.
struct Errors {
    valid: Vec<bool>,
    column: PrimitiveChunkedBuilder<Int32Type>,
    notation: StringChunkedBuilder,
    message: StringChunkedBuilder,
}

impl Errors {
    fn new(len: usize) -> Errors {
        Errors {
            valid: Vec::with_capacity(len),
            column: PrimitiveChunkedBuilder::new("column".into(), len),
            notation: StringChunkedBuilder::new("notation".into(), len),
            message: StringChunkedBuilder::new("message".into(), len),
        }
    }

    fn push(&mut self, error: Option<(usize, &str, &str)>) {
        self.valid.push(error.is_some());
        self.column.append_option(error.map(|(c, _, _)| i32::try_from(c).unwrap_or(i32::MAX)));
        self.notation.append_option(error.map(|(_, n, _)| n));
        self.message.append_option(error.map(|(_, _, m)| m));
    }

    fn finish(self) -> PolarsResult<Series> {
        let len = self.valid.len();
        let fields = [
            self.column.finish().into_series(),
            self.notation.finish().into_series(),
            self.message.finish().into_series(),
        ];
        let errors = StructChunked::from_series("error".into(), len, fields.iter())?;
        Ok(errors.with_outer_validity(Some(Bitmap::from_iter(self.valid))).into_series())
    }
}

fn notation(name: &str) -> PolarsResult<Notation> {
    name.parse().map_err(|_| polars_err!(ComputeError: "unknown notation {:?}", name))
}

fn from(options: &Options) -> PolarsResult<Option<Notation>> {
    options.from_.as_deref().map(notation).transpose()
}

fn strings(series: &Series) -> PolarsResult<&StringChunked> {
    series.str()
}

fn structure(name: &PlSmallStr, len: usize, fields: &[Series], valid: Vec<bool>) -> PolarsResult<Series> {
    let out = StructChunked::from_series(name.clone(), len, fields.iter())?;
    Ok(out.with_outer_validity(Some(Bitmap::from_iter(valid))).into_series())
}

fn convert(inputs: &[Series], kwargs: &Options) -> PolarsResult<Series> {
    let input = strings(&inputs[0])?;
    let to = notation(kwargs.to.as_deref().unwrap_or("fen"))?;
    let from = from(kwargs)?;
    let options = kwargs.read()?;
    let write = WriteOptions::default();
    let rows = input
        .into_iter()
        .map(|row| row.map(|row| move |text: &mut String| rows::convert(row, to, from, options, write, text)));
    value_struct(inputs[0].name(), input.len(), rows)
}

/// The `value` field and the error fields of a struct column of `len`
/// rows: each row `None` (a null row, null in every field) or what writes
/// the row's value into the text it is given, or answers its error.
fn value_struct<F: FnOnce(&mut String) -> Result<(), rows::RowError>>(
    name: &PlSmallStr,
    len: usize,
    rows: impl Iterator<Item = Option<F>>,
) -> PolarsResult<Series> {
    let mut values = StringChunkedBuilder::new("value".into(), len);
    let mut errors = Errors::new(len);
    let mut valid = Vec::with_capacity(len);
    let mut text = String::new();
    for row in rows {
        valid.push(row.is_some());
        let Some(row) = row else {
            values.append_null();
            errors.push(None);
            continue;
        };
        match row(&mut text) {
            Ok(()) => {
                values.append_value(&text);
                errors.push(None);
            }
            Err(e) => {
                values.append_null();
                errors.push(Some(e.fields()));
            }
        }
    }
    structure(name, len, &[values.finish().into_series(), errors.finish()?], valid)
}

fn validate(inputs: &[Series], kwargs: &Options) -> PolarsResult<Series> {
    let input = strings(&inputs[0])?;
    let from = from(kwargs)?;
    let options = kwargs.read()?;
    let len = input.len();
    let mut valid_rows = Vec::with_capacity(len);
    let mut valid = BooleanChunkedBuilder::new("valid".into(), len);
    let mut variants = StringChunkedBuilder::new("variant".into(), len);
    let mut violations = ListStringChunkedBuilder::new("violations".into(), len, 0);
    let mut errors = Errors::new(len);
    for row in input {
        valid_rows.push(row.is_some());
        let Some(row) = row else {
            valid.append_null();
            variants.append_null();
            violations.append_null();
            errors.push(None);
            continue;
        };
        match rows::validate(row, from, options) {
            Ok((found, variant)) => {
                valid.append_value(found.is_empty());
                variants.append_value(variant);
                if found.is_empty() {
                    violations.append_null();
                } else {
                    violations.append_values_iter(found.iter().map(String::as_str));
                }
                errors.push(None);
            }
            Err(e) => {
                valid.append_null();
                variants.append_null();
                violations.append_null();
                errors.push(Some(e.fields()));
            }
        }
    }
    let fields = [
        valid.finish().into_series(),
        variants.finish().into_series(),
        violations.finish().into_series(),
        errors.finish()?,
    ];
    structure(inputs[0].name(), len, &fields, valid_rows)
}

fn variant(inputs: &[Series], kwargs: &Options) -> PolarsResult<Series> {
    let input = strings(&inputs[0])?;
    let from = from(kwargs)?;
    let options = kwargs.read()?;
    let out: StringChunked = input
        .iter()
        .map(|row| {
            let reading = read(row?, from, &options).ok()?;
            Some(<&'static str>::from(reading.position.variant()))
        })
        .collect();
    Ok(out.with_name(inputs[0].name().clone()).into_series())
}

fn move_to(inputs: &[Series], kwargs: &Options) -> PolarsResult<Series> {
    let moves = strings(&inputs[0])?;
    let positions = strings(&inputs[1])?;
    let name = kwargs.to.as_deref().unwrap_or("uci");
    let to: MoveNotation = name.parse().map_err(|_| polars_err!(ComputeError: "unknown move notation {:?}", name))?;
    let from = from(kwargs)?;
    let options = kwargs.read()?;
    let rules = RuleOptions::default();
    let len = moves.len();
    polars_ensure!(positions.len() == len, ShapeMismatch: "{} moves but {} positions", len, positions.len());
    let rows = moves.iter().zip(positions.iter()).map(|(text, position)| {
        let (Some(text), Some(position)) = (text, position) else { return None };
        Some(move |value: &mut String| {
            rows::move_to(position, text, to, from, options, rules).map(|written| *value = written)
        })
    });
    value_struct(inputs[0].name(), len, rows)
}

/// The C entry points Python polars calls, the crate's only unsafe code
/// (hence the allowance on this module alone; the crate denies unsafe code):
/// `#[unsafe(no_mangle)]` functions taking raw pointers from Polars, as
/// pyo3-polars' `#[polars_expr]` would generate them. Each reads its
/// inputs, calls the safe function above inside `catch_unwind` (a panic must
/// not cross the C boundary; Polars then reports `PANIC`), and writes its
/// result, or leaves the result empty and the error message for
/// `_polars_plugin_get_last_error_message`.
#[allow(unsafe_code)]
mod exports {
    use std::cell::RefCell;
    use std::ffi::{CString, c_char};
    use std::panic::{AssertUnwindSafe, catch_unwind};

    use polars_arrow::ffi::{ArrowSchema, export_field_to_c, import_field_from_c};
    use polars_core::prelude::*;
    use polars_ffi::version_0::{CallerContext, SeriesExport, export_series, import_series_buffer};

    use super::Options;

    thread_local! {
        static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
    }

    fn set_error(message: &str) {
        let message = CString::new(message.replace('\0', " ")).unwrap_or_default();
        LAST_ERROR.with(|last| last.replace(message));
    }

    /// The plugin protocol's version (polars-ffi's), major in the high 16 bits.
    ///
    /// # Safety
    /// None needed; `unsafe` as every entry point of the protocol.
    #[unsafe(no_mangle)]
    pub unsafe extern "C" fn _polars_plugin_get_version() -> u32 {
        let (major, minor) = polars_ffi::get_version();
        (u32::from(major) << 16) + u32::from(minor)
    }

    /// The message of the last error on this thread, valid until the next
    /// call that fails on it.
    ///
    /// # Safety
    /// The caller copies the message before calling into the plugin again.
    #[unsafe(no_mangle)]
    pub unsafe extern "C" fn _polars_plugin_get_last_error_message() -> *const c_char {
        LAST_ERROR.with(|last| last.borrow().as_ptr())
    }

    /// Runs `f` with panics caught, keeping its error message.
    fn guarded<T>(f: impl FnOnce() -> PolarsResult<T>) -> Option<T> {
        match catch_unwind(AssertUnwindSafe(f)) {
            Ok(Ok(out)) => Some(out),
            Ok(Err(e)) => {
                set_error(&e.to_string());
                None
            }
            Err(_) => {
                set_error("PANIC");
                None
            }
        }
    }

    /// The keyword arguments, which Python polars passes pickled.
    ///
    /// # Safety
    /// `ptr` points to `len` readable bytes.
    unsafe fn options(ptr: *const u8, len: usize) -> PolarsResult<Options> {
        // SAFETY: the caller's promise
        let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
        serde_pickle::from_slice(bytes, serde_pickle::DeOptions::default())
            .map_err(|e| polars_err!(InvalidOperation: "could not parse the keyword arguments: {e}"))
    }

    /// The result's field from the input fields.
    ///
    /// # Safety
    /// `fields` points to `len` valid Arrow schemas, which stay the caller's;
    /// `out` to an Arrow schema that is overwritten (the caller's is empty).
    unsafe fn field(fields: *const ArrowSchema, len: usize, out: *mut ArrowSchema, of: fn(&[Field]) -> Field) {
        let found = guarded(|| {
            // SAFETY: the caller's promise
            let fields = unsafe { std::slice::from_raw_parts(fields, len) };
            let fields = fields
                .iter()
                // SAFETY: each schema is valid (the caller's promise)
                .map(|f| unsafe { import_field_from_c(f) }.map(|f| Field::from(&f)))
                .collect::<PolarsResult<Vec<Field>>>()?;
            Ok(export_field_to_c(&of(&fields).to_arrow(CompatLevel::newest())))
        });
        if let Some(schema) = found {
            // SAFETY: `out` is valid for writes (the caller's promise)
            unsafe { *out = schema };
        }
    }

    /// The result column from the input columns.
    ///
    /// # Safety
    /// `inputs` points to `len` valid exported Series, which this function
    /// takes over (Polars' release callbacks free them); `kwargs` to
    /// `kwargs_len` bytes; `out` to an exported Series that is overwritten
    /// (the caller's is empty) and that the caller then owns.
    unsafe fn series(
        inputs: *mut SeriesExport,
        len: usize,
        kwargs: *const u8,
        kwargs_len: usize,
        out: *mut SeriesExport,
        of: fn(&[Series], &Options) -> PolarsResult<Series>,
    ) {
        let found = guarded(|| {
            // SAFETY: the caller's promise
            let inputs = unsafe { import_series_buffer(inputs, len) }?;
            // SAFETY: the caller's promise
            let options = unsafe { options(kwargs, kwargs_len) }?;
            Ok(export_series(&of(&inputs, &options)?))
        });
        if let Some(series) = found {
            // SAFETY: `out` is valid for writes (the caller's promise)
            unsafe { *out = series };
        }
    }

    /// An expression's two entry points.
    macro_rules! expression {
        ($run:ident, $field:ident, $safe:path, $type:path) => {
            /// The expression's result column (see [`series`]).
            ///
            /// # Safety
            /// As [`series`]; Polars calls it so.
            #[unsafe(no_mangle)]
            pub unsafe extern "C" fn $run(
                inputs: *mut SeriesExport,
                len: usize,
                kwargs: *const u8,
                kwargs_len: usize,
                out: *mut SeriesExport,
                _context: *mut CallerContext,
            ) {
                // SAFETY: the caller's promise
                unsafe { series(inputs, len, kwargs, kwargs_len, out, $safe) }
            }

            /// The expression's result type (see [`field`]).
            ///
            /// # Safety
            /// As [`field`]; Polars calls it so.
            #[unsafe(no_mangle)]
            pub unsafe extern "C" fn $field(
                fields: *const ArrowSchema,
                len: usize,
                out: *mut ArrowSchema,
                _kwargs: *const u8,
                _kwargs_len: usize,
            ) {
                // SAFETY: the caller's promise
                unsafe { field(fields, len, out, $type) }
            }
        };
    }

    expression!(_polars_plugin_convert, _polars_plugin_field_convert, super::convert, super::converted_type);
    expression!(_polars_plugin_validate, _polars_plugin_field_validate, super::validate, super::validated_type);
    expression!(_polars_plugin_variant, _polars_plugin_field_variant, super::variant, super::string_type);
    expression!(_polars_plugin_move_to, _polars_plugin_field_move_to, super::move_to, super::converted_type);
}
