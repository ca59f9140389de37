//! What each game gives the game layer: its record adapter,
//! [`GameRules`] (in `polyfen-game`, implemented in each game's crate and
//! named by its `GamePosition::Rules`), here joined to the facade's list
//! of games. Everything else (the PGN reader, the tree builder, the
//! writer, JSON) is shared.

pub use polyfen_game::{GameRules, MoveNote, NULL_MOVE, is_null_move};
pub(crate) use polyfen_game::{MoveNotationOf, Step, play_step, read_step, write_step};

use crate::AnyPosition;
use crate::any::Member;
use crate::listed::Listed;

/// The record adapter of a game of the facade's list.
pub(crate) trait ListedRules: GameRules<Position: Member> {}

impl<R: GameRules<Position: Member>> ListedRules for R {}

/// The playable position of `position`, a position of `R`'s game.
///
/// # Errors
///
/// Why the position cannot be played, in words (a position of another
/// game, or one that breaks the rules).
pub(crate) fn from_any<R: ListedRules>(position: &AnyPosition) -> Result<R::Pos, String> {
    match R::Position::of(position) {
        Some(own) => R::from_position(own),
        None => Err(format!("not a {} position", <R::Position as Listed>::VARIANT)),
    }
}

/// The playable position as a position of any game.
pub(crate) fn to_any<R: ListedRules>(pos: &R::Pos) -> AnyPosition {
    R::to_position(pos).into_any()
}
