//! What each game gives the game layer: its record adapter,
//! [`RecordAdapter`] (in `polyfen-game`, implemented in each game's crate and
//! named by its `GamePosition::Adapter`), here joined to the facade's list
//! of games. Everything else (the PGN reader, the tree builder, the
//! writer, JSON) is shared.

pub(crate) use polyfen_game::{MoveNotationOf, Step, play_step, read_step, write_step};
pub use polyfen_game::{MoveNote, NULL_MOVE, RecordAdapter, is_null_move};

use crate::AnyPosition;
use crate::any::Member;
use crate::per_game::Listed;

/// The record adapter of a game of the facade's list.
pub(crate) trait ListedAdapter: RecordAdapter<Position: Member> {}

impl<R: RecordAdapter<Position: Member>> ListedAdapter for R {}

/// The playable position of `position`, a position of `R`'s game.
///
/// # Errors
///
/// Why the position cannot be played, in words (a position of another
/// game, or one that breaks the rules).
pub(crate) fn from_any<R: ListedAdapter>(position: &AnyPosition) -> Result<R::Pos, String> {
    match R::Position::of(position) {
        Some(own) => R::from_position(own),
        None => Err(format!("not a {} position", <R::Position as Listed>::VARIANT)),
    }
}

/// The playable position as a position of any game.
pub(crate) fn to_any<R: ListedAdapter>(pos: &R::Pos) -> AnyPosition {
    R::to_position(pos).into_any()
}
