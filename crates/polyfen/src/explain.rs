//! Explaining a notation part by part: which bytes of a position (or a move)
//! stand for what.
//!
//! [`explain`] reads a position in any notation and cuts its text into
//! [`Part`]s: each rank or row of the placement (with, inside it, each piece
//! letter and each run digit), each separator, each field after the board
//! and the spaces between them. Every part has its byte span, its value and a
//! one-sentence meaning, and names the squares it describes. The top-level
//! parts tile the input (every byte is in exactly one of them) and the parts
//! inside a part tile that part. A lenient reading's repairs are listed on
//! the part where they happened.
//!
//! [`explain_move`] does the same for a move read against a position.
//!
//! What is the same for every game is here and in `polyfen_game::explain`
//! ([`Part`], the placement's ranks and cells, the repairs put on their
//! parts); each game explains its own fields and moves in its crate
//! ([`polyfen_game::explain::Explain`]), reached through the list of games.
//!
//! # Examples
//!
//! ```
//! use polyfen::explain::explain;
//! use polyfen::ReadOptions;
//!
//! let explained = explain("4k3/8/8/8/8/8/8/4K2R w K - 0 1", None, &ReadOptions::default())?;
//! let castling = explained.parts.iter().find(|p| p.kind == "castling").unwrap();
//! assert_eq!((castling.start, castling.end), (23, 24));
//! assert_eq!(castling.parts[0].squares, ["h1"]);
//! let first_rank = &explained.parts[0];
//! assert_eq!(first_rank.text, "4k3");
//! assert_eq!(first_rank.squares.len(), 8);
//! # Ok::<(), polyfen::ReadError>(())
//! ```

pub use polyfen_game::explain::Part;
use polyfen_game::explain::attach_repairs;
use serde::Serialize;

use crate::rules::{MoveNotation, RuleOptions, RulesError};
use crate::{AnyPosition, Notation, Position, ReadError, ReadOptions, VariantId, any, read};

/// A position or a move cut into parts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Explanation {
    /// The game.
    #[serde(serialize_with = "as_name")]
    pub variant: VariantId,
    /// The notation of the text: a position notation (`fen`) or a move
    /// notation (`san`).
    pub notation: String,
    /// The parts, in the order of the text; they tile it.
    pub parts: Vec<Part>,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde hands the field by reference
fn as_name<S: serde::Serializer>(variant: &VariantId, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(variant.into())
}

/// Why a move cannot be explained.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExplainError {
    /// The position could not be read.
    #[error("position: {0}")]
    Position(#[from] ReadError),
    /// The move is not one legal move of the position.
    #[error("{0}")]
    Move(#[from] RulesError),
}

/// Explains a position: reads `input` (in `from`, or the notation detected)
/// and cuts it into parts.
///
/// # Errors
///
/// A [`ReadError`] when the text is no position.
pub fn explain(input: &str, from: Option<Notation>, options: &ReadOptions) -> Result<Explanation, ReadError> {
    let reading = read(input, from, options)?;
    // a named setup (`makruk:standard`) is explained as its text
    let input = match crate::read::named_setup(input) {
        Some(Ok((text, _))) => text,
        _ => input,
    };
    let variant = reading.position.variant();
    let mut parts = if reading.notation == Notation::Json {
        vec![Part::new(input, 0, input.len(), "json").with(
            variant.to_string(),
            "The JSON form names every field by key; write it in a text notation to see it part by part.",
        )]
    } else {
        any::explain_position(&reading.position, input, reading.notation)
    };
    attach_repairs(&mut parts, &reading.repairs, input.len());
    Ok(Explanation { variant, notation: reading.notation.to_string(), parts })
}

/// Explains a move: reads `position` (in `from` or the notation detected),
/// checks that `text` is one legal move there (in any move notation of the
/// game), and cuts `text` into parts.
///
/// # Errors
///
/// [`ExplainError::Position`] when the position cannot be read,
/// [`ExplainError::Move`] when the text is not one legal move.
///
/// # Examples
///
/// ```
/// use polyfen::explain::explain_move;
/// use polyfen::ReadOptions;
///
/// let explained = explain_move("chess:standard", None, "Nf3", &ReadOptions::default())?;
/// let kinds: Vec<&str> = explained.parts.iter().map(|p| p.kind).collect();
/// assert_eq!(kinds, ["piece", "to"]);
/// assert_eq!(explained.parts[1].squares, ["f3"]);
/// # Ok::<(), polyfen::explain::ExplainError>(())
/// ```
pub fn explain_move(
    position: &str,
    from: Option<Notation>,
    text: &str,
    options: &ReadOptions,
) -> Result<Explanation, ExplainError> {
    let reading = read_named(position, from, *options)?;
    Ok(explain_move_at(&reading.position, text)?)
}

/// Explains a move of `position`: checks that `text` is one legal move there
/// (in any move notation of the game) and cuts `text` into parts.
///
/// # Errors
///
/// A [`RulesError`] when the text is not one legal move.
pub fn explain_move_at(position: &AnyPosition, text: &str) -> Result<Explanation, RulesError> {
    let (notation, written) = move_forms(position, text)?;
    let variant = position.variant();
    let coordinate = written.first().map(|(_, w)| w.clone()).unwrap_or_default();
    let parts = any::explain_move(variant, text, notation, &coordinate);
    Ok(Explanation { variant, notation: notation.to_string(), parts })
}

/// A position read from text or named as `VARIANT:NAME` (`chess:standard`).
fn read_named(position: &str, from: Option<Notation>, options: ReadOptions) -> Result<crate::Reading, ReadError> {
    if let Some((variant, name)) = position.split_once(':')
        && let Some(setup) = variant.parse::<VariantId>().ok().and_then(|v| v.setup(name))
    {
        return read(setup, None, &options);
    }
    read(position, from, &options)
}

/// The move `text` written in every move notation of the position
/// ([`Position::move_notations`]), and the notation `text` is written in.
///
/// # Errors
///
/// A [`RulesError`] when `text` is not one legal move of `position`.
pub fn move_forms(
    position: &AnyPosition,
    text: &str,
) -> Result<(MoveNotation, Vec<(MoveNotation, String)>), RulesError> {
    let variant = position.variant();
    let rules = RuleOptions::default();
    let mut forms = Vec::new();
    for notation in position.move_notations() {
        let mut after = position.clone();
        forms.push((notation, after.play(text, notation, &rules)?));
    }
    let trimmed = text.trim();
    let strip = |s: &str| s.trim_end_matches(['+', '#', '!', '?']).to_owned();
    let notation = forms
        .iter()
        .find(|(_, w)| w == trimmed)
        .or_else(|| forms.iter().find(|(_, w)| strip(w) == strip(trimmed)))
        .or_else(|| forms.iter().find(|(_, w)| w.eq_ignore_ascii_case(trimmed)))
        .map_or_else(|| any::guess_move_notation(variant, trimmed), |(n, _)| *n);
    Ok((notation, forms))
}
