//! Reading a position: [`read`] (the notation detected, or given),
//! [`read_as`], and what they answer, [`Reading`] and [`ReadError`].

use polyfen_core::{ParseError, Repair};

use crate::detect::eight_ranks;
use crate::{AnyPosition, Notation, ReadOptions, VariantId, detect, json};

/// A position read from text, with its notation and the repairs a lenient
/// reading made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The position.
    pub position: AnyPosition,
    /// The notation it was read in (detected or given).
    pub notation: Notation,
    /// What a lenient reading changed; empty for a strict one.
    pub repairs: Vec<Repair>,
}

/// A [`ParseError`] and the notation it was read as.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct ReadError {
    /// The notation the input was read as (the most likely one when detected).
    pub notation: Notation,
    /// What went wrong, and where.
    pub error: ParseError,
}

/// Reads a position, in `from` or else in the notation detected.
///
/// Detection ([`detect`]) looks at the text once, without allocating, and
/// tries the notations it lists, most likely first; the first that reads
/// is taken. When none does, the error is the most likely notation's.
///
/// A board of 8 ranks (7 `/` and no `0` before the first space) is first
/// read as strict chess FEN, before detection: a strict FEN that reads is
/// exactly a text detection puts FEN first for (8 ranks of 8 squares, a
/// one-letter side, no `/x` marker, digits only in the clocks, no field
/// after them), so the answer is the same and the common case pays
/// nothing for detection. Any other text, and a FEN that does not read,
/// goes through detection.
///
/// # Errors
///
/// A [`ReadError`] with the byte span of the first problem.
pub fn read(input: &str, from: Option<Notation>, options: &ReadOptions) -> Result<Reading, ReadError> {
    // a text with a '/' is never a setup's name, so the common case, a
    // strict FEN, is tried before looking for one
    if from.is_none()
        && !options.lenient
        && eight_ranks(input.as_bytes())
        && let Ok(reading) = read_as(input, Notation::Fen, options)
    {
        return Ok(reading);
    }
    if let Some(named) = named_setup(input) {
        return named.and_then(|text| read(text, from, options));
    }
    if let Some(notation) = from {
        return read_as(input, notation, options);
    }
    let guess = detect::detect(input);
    let first = read_as(input, guess.first(), options);
    if first.is_ok() {
        return first;
    }
    for &notation in &guess.as_slice()[1..] {
        if let Ok(reading) = read_as(input, notation, options) {
            return Ok(reading);
        }
    }
    first
}

/// `VARIANT:NAME` (`chess:standard`, `khet:classic`) as the named
/// setup's text, or the error naming the setups the variant has; `None`
/// for any other text.
fn named_setup(input: &str) -> Option<Result<&'static str, ReadError>> {
    // no ':' (every notation's text), found by one memchr: not a name
    if !input.as_bytes().contains(&b':') {
        return None;
    }
    let (variant, name) = input.trim().split_once(':')?;
    let variant = variant.parse::<VariantId>().ok()?;
    if name.contains([' ', '/']) {
        return None;
    }
    Some(variant.setup(name).ok_or_else(|| {
        let known: Vec<&str> = variant.setups().iter().map(|(n, _)| *n).collect();
        let start = input.find(':').map_or(0, |i| i + 1);
        ReadError {
            notation: variant.default_notation(),
            error: ParseError::new(
                polyfen_core::ParseErrorKind::Invalid {
                    field: "setup name",
                    message: format!("{variant} has no setup {:?}; its setups: {}", excerpt(name), known.join(", "))
                        .into(),
                },
                start..input.len(),
            ),
        }
    }))
}

/// At most 32 characters of `text`, for a message.
fn excerpt(text: &str) -> String {
    let mut out: String = text.chars().take(32).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

/// Reads a position in `notation`.
///
/// # Errors
///
/// A [`ReadError`] with the byte span of the first problem.
pub fn read_as(input: &str, notation: Notation, options: &ReadOptions) -> Result<Reading, ReadError> {
    let mut repairs = Vec::new();
    let position = if notation == Notation::Json {
        json::from_json(input)
    } else {
        crate::any::read_in(input, notation, options, &mut repairs)
    };
    position.map(|position| Reading { position, notation, repairs }).map_err(|error| ReadError { notation, error })
}
