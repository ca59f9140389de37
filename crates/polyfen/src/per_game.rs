//! What the facade does the same way for every game of its list: check
//! that a notation is the game's, hand the game its own notation, and turn
//! the game's rule errors into the facade's. The `with_games!` macro
//! (`list.rs`, expanded in `any.rs`) implements [`crate::Position`] for each game's position
//! type with these functions.

#![allow(clippy::trivially_copy_pass_by_ref, reason = "the signatures are those of the Position trait")]

use polyfen_game::{
    Divided, GamePosition, MoveToPlay, PerftControl, PerftRun, Played, RuleError, RuleOptions, WriteOptions,
};

use crate::ids::JsonPosition;
use crate::{ConvertError, MoveNotation, Notation, RenderStyle, RulesError, VariantId};

/// A game of the facade's list: its id, its own notation for a facade
/// notation id when the id is the game's, and its place in the enums the
/// list makes.
pub(crate) trait Listed: GamePosition {
    /// The game's id.
    const VARIANT: VariantId;

    /// The game's notation of id `notation`, if it is the game's.
    fn notation(notation: Notation) -> Option<Self::Notation>;

    /// The game's move notation of id `notation`, if it is the game's.
    fn move_notation(notation: MoveNotation) -> Option<Self::MoveNotation>;

    /// The facade's id of the game's move notation `notation`.
    fn move_notation_id(notation: Self::MoveNotation) -> MoveNotation;
}

/// A game's rule error as the facade's.
pub(crate) fn rules_error<T: Listed>(error: RuleError) -> RulesError {
    match error {
        RuleError::Unsupported(feature) => RulesError::Unsupported { variant: T::VARIANT, feature },
        error => RulesError::Rule(error),
    }
}

/// `notation` as the game's, or the error naming the game's.
fn move_notation<T: Listed>(notation: MoveNotation) -> Result<T::MoveNotation, RulesError> {
    T::move_notation(notation).ok_or(RulesError::WrongNotation { variant: T::VARIANT, notation })
}

/// `notation` as the game's when the position's rules write their moves
/// in it, or the error naming those they are written in.
fn move_notation_of<T: Listed>(position: &T, notation: MoveNotation) -> Result<T::MoveNotation, RulesError> {
    let own = move_notation::<T>(notation)?;
    let writable = position.rules_move_notations();
    if writable.contains(&own) {
        return Ok(own);
    }
    Err(RulesError::NotationOfOtherRules {
        variant: T::VARIANT,
        rules: position.rules_id(),
        notation,
        notations: writable.into_iter().map(T::move_notation_id).collect(),
    })
}

/// The move notations the position's moves are written in.
pub(crate) fn move_notations<T: Listed>(position: &T) -> Vec<MoveNotation> {
    position.rules_move_notations().into_iter().map(T::move_notation_id).collect()
}

pub(crate) fn write_json(json: &JsonPosition, out: &mut String) -> Result<(), ConvertError> {
    let text = serde_json::to_string(json).map_err(|e| ConvertError::Json(e.to_string()))?;
    out.push_str(&text);
    Ok(())
}

pub(crate) fn write_to<T: Listed>(
    position: &T,
    notation: Notation,
    options: &WriteOptions,
    out: &mut String,
    warnings: &mut Vec<String>,
) -> Result<(), ConvertError> {
    let own = T::notation(notation).ok_or(ConvertError::WrongVariant { variant: T::VARIANT, notation })?;
    position.write_to(own, options, out, warnings);
    Ok(())
}

pub(crate) fn render<T: Listed>(position: &T, style: RenderStyle) -> Result<String, ConvertError> {
    let id: &'static str = style.into();
    if T::STYLES.contains(&id) {
        Ok(GamePosition::render(position, id))
    } else {
        Err(ConvertError::WrongStyle { variant: T::VARIANT, style })
    }
}

pub(crate) fn legal_moves<T: Listed>(
    position: &T,
    notation: MoveNotation,
    options: &RuleOptions,
) -> Result<Vec<String>, RulesError> {
    let own = move_notation_of(position, notation)?;
    GamePosition::legal_moves(position, own, options).map_err(rules_error::<T>)
}

pub(crate) fn play_with<T: Listed>(
    position: &mut T,
    text: &str,
    write_as: MoveNotation,
    options: &RuleOptions,
    lenient: bool,
) -> Result<Played, RulesError> {
    let own = move_notation_of(position, write_as)?;
    GamePosition::play_with(position, MoveToPlay { text, write_as: own, lenient }, options).map_err(rules_error::<T>)
}

pub(crate) fn perft_with<T: Listed>(
    position: &T,
    depth: u32,
    options: &RuleOptions,
    control: &PerftControl,
) -> Result<u64, RulesError> {
    GamePosition::perft_with(position, PerftRun { depth, options, control }).map_err(rules_error::<T>)
}

pub(crate) fn divide_with<T: Listed>(
    position: &T,
    depth: u32,
    notation: MoveNotation,
    options: &RuleOptions,
    control: &PerftControl,
) -> Result<Vec<Divided>, RulesError> {
    let own = move_notation_of(position, notation)?;
    GamePosition::divide_with(position, PerftRun { depth, options, control }, own).map_err(rules_error::<T>)
}
