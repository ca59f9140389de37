//! Reading a position: [`read`] (the notation detected, or given),
//! [`read_as`], and what they answer, [`Reading`] and [`ReadError`].

use polyfen_core::{ParseError, Repair};

use crate::detect::eight_ranks;
use crate::{AnyPosition, Notation, Position, ReadOptions, VariantId, detect, json};

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
/// A name `RULES:NAME` names a setup of a game's rules variant
/// (`atomic:standard`, `horde:standard`), read under those rules. With
/// [`ReadOptions::rules`] (any name of a rules variant, see
/// [`VariantId::of_rules`]) the text is read under those rules, and must be
/// a position of their game.
///
/// # Errors
///
/// A [`ReadError`] with the byte span of the first problem.
pub fn read(input: &str, from: Option<Notation>, options: &ReadOptions) -> Result<Reading, ReadError> {
    let Some(name) = options.rules else { return read_plain(input, from, options) };
    let invalid = |notation: Notation, message: String| ReadError {
        notation,
        error: ParseError::new(
            polyfen_core::ParseErrorKind::Invalid { field: "variant", message: message.into() },
            0..input.len(),
        ),
    };
    let Some((game, rules)) = VariantId::of_rules(name) else {
        let notation = from.unwrap_or_else(|| VariantId::first().default_notation());
        let hint = VariantId::unknown_name_hint(name);
        return Err(invalid(notation, format!("{:?} is not a rules variant polyfen plays: {hint}", excerpt(name))));
    };
    let options = options.with_rules(Some(rules.id));
    let plain = read_plain(input, from, &options);
    let other_game = match &plain {
        Ok(reading) => reading.position.variant() != game,
        Err(error) => error.notation.variant().is_some_and(|v| v != game),
    };
    let named = named_setup(input).is_some() || input.trim_start().starts_with('{');
    if from.is_none() && other_game && !named {
        // detected as another game's: it must be a position of the rules'
        // game, in one of its notations (a game defined as data is never
        // detected)
        let mut first = None;
        for &notation in game.notations() {
            match read_as(input, notation, &options) {
                Ok(reading) => return Ok(reading),
                Err(error) => {
                    first.get_or_insert(error);
                }
            }
        }
        if let Some(error) = first.filter(|_| plain.is_err() || game.notations().len() == 1) {
            return Err(error);
        }
    }
    let reading = plain?;
    let read_as = reading.position.variant();
    if read_as != game {
        return Err(invalid(
            reading.notation,
            format!("{} is a variant of {game}, and this is a {read_as} position", rules.id),
        ));
    }
    Ok(reading)
}

/// [`read`] without its rules variant's name resolved.
fn read_plain(input: &str, from: Option<Notation>, options: &ReadOptions) -> Result<Reading, ReadError> {
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
        return named.and_then(|(text, rules)| {
            if let Some(rules) = rules {
                return read(text, from, &options.with_rules(Some(rules)));
            }
            // a game's own setup is a position of that game, even one whose
            // text reads as another's (the game defined as data)
            let game = input.trim().split_once(':').and_then(|(game, _)| game.parse::<VariantId>().ok());
            match game {
                Some(game) if from.is_none() => read_as(text, game.default_notation(), options),
                _ => read_plain(text, from, options),
            }
        });
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

/// `VARIANT:NAME` (`chess:standard`, `khet:classic`) or `RULES:NAME` (a
/// game's rules variant's: `atomic:standard`) as the named setup's text
/// and the rules variant it is read under, or the error naming the setups
/// there are; `None` for any other text.
pub(crate) fn named_setup(input: &str) -> Option<Result<(&'static str, Option<&'static str>), ReadError>> {
    // no ':' (every notation's text), found by one memchr: not a name
    if !input.as_bytes().contains(&b':') {
        return None;
    }
    let (variant, name) = input.trim().split_once(':')?;
    if name.contains([' ', '/']) {
        return None;
    }
    let (variant, rules) = if let Ok(game) = variant.parse::<VariantId>() {
        (game, None)
    } else {
        let (game, rules) = VariantId::of_rules(variant)?;
        (game, Some(rules))
    };
    let found = match rules {
        Some(rules) => rules.setup(name).map(|text| (text, Some(rules.id))),
        None => variant.setup(name).map(|text| (text, None)),
    };
    Some(found.ok_or_else(|| {
        let known: Vec<&str> = match rules {
            Some(rules) => rules.setups.iter().map(|(n, _)| *n).collect(),
            None => variant.setups().iter().map(|(n, _)| *n).collect(),
        };
        let notation = variant.default_notation();
        let variant = rules.map_or_else(|| variant.to_string(), |rules| rules.id.to_owned());
        let start = input.find(':').map_or(0, |i| i + 1);
        ReadError {
            notation,
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
