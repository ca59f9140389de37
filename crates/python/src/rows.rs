//! What one row of a batch becomes, the same in the Arrow kernels
//! (`polyfen.arrow`, lib.rs) and the Polars plugin (plugin.rs): each builds
//! its own columns from these answers.

use polyfen::RuleError;
use polyfen::{MoveNotation, Notation, Position as _, ReadError, ReadOptions, RuleOptions, WriteOptions, read};

/// A bad row's error struct: the 1-based character column, the notation it
/// was read as and the message.
pub(crate) struct RowError {
    column: usize,
    notation: &'static str,
    message: String,
}

impl RowError {
    /// The error of reading `input`.
    pub(crate) fn read(input: &str, error: &ReadError) -> RowError {
        RowError {
            column: error.error.char_column(input),
            notation: error.notation.into(),
            message: error.error.kind.to_string(),
        }
    }

    /// The fields, as the error columns' builders take them.
    pub(crate) fn fields(&self) -> (usize, &str, &str) {
        (self.column, self.notation, &self.message)
    }
}

/// `row` written in `to` onto `text` (cleared first).
pub(crate) fn convert(
    row: &str,
    to: Notation,
    from: Option<Notation>,
    options: ReadOptions,
    write: WriteOptions,
    text: &mut String,
) -> Result<(), RowError> {
    let reading = read(row, from, &options).map_err(|e| RowError::read(row, &e))?;
    text.clear();
    let mut warnings = Vec::new();
    reading.position.write_to(to, &write, text, &mut warnings).map_err(|e| RowError {
        column: 0,
        notation: reading.notation.into(),
        message: e.to_string(),
    })
}

/// `row` checked: its rule violations (empty when valid) and its game.
pub(crate) fn validate(
    row: &str,
    from: Option<Notation>,
    options: ReadOptions,
) -> Result<(Vec<String>, &'static str), RowError> {
    let reading = read(row, from, &options).map_err(|e| RowError::read(row, &e))?;
    Ok((reading.position.violations(), reading.position.variant().into()))
}

/// The move `text`, read in the position `position`, written in `to`; a bad
/// position's error is about the position's text, a bad move's about the
/// move's.
pub(crate) fn move_to(
    position: &str,
    text: &str,
    to: MoveNotation,
    from: Option<Notation>,
    options: ReadOptions,
    rules: RuleOptions,
) -> Result<String, RowError> {
    let mut board = read(position, from, &options).map_err(|e| RowError::read(position, &e))?.position;
    board.play(text, to, &rules).map_err(|e| match e {
        polyfen::RulesError::Rule(RuleError::Move { error, .. }) => RowError {
            column: polyfen::char_column(text, error.span.start),
            notation: to.into(),
            message: error.to_string(),
        },
        e => RowError { column: 0, notation: to.into(), message: e.to_string() },
    })
}
