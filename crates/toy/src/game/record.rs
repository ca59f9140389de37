//! Toy in game records ([`RecordAdapter`]): moves `a1a2`, a null move
//! `0000`, numbered as chess numbers its moves.

use polyfen_game::{GameStatus, MoveError, MoveNote, MoveReading, RecordAdapter};

use super::{ToyMoveNotation, ToyPosition};
use crate::Move;

/// Toy's record adapter.
pub struct ToyAdapter;

impl RecordAdapter for ToyAdapter {
    type Position = ToyPosition;
    type Pos = ToyPosition;
    type Move = Move;

    fn from_position(position: &ToyPosition) -> Result<ToyPosition, String> {
        let violations = position.setup.validate();
        if violations.is_empty() {
            Ok(position.clone())
        } else {
            Err(violations.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))
        }
    }

    fn to_position(pos: &ToyPosition) -> ToyPosition {
        pos.clone()
    }

    /// Toy's one move notation has no lenient forms: a lenient reading
    /// is the strict one.
    fn read_move(
        pos: &ToyPosition,
        reading: MoveReading<'_, ToyMoveNotation>,
        _notes: &mut Vec<MoveNote>,
    ) -> Result<Move, MoveError> {
        pos.legal_move(reading.text)
    }

    fn play(pos: &mut ToyPosition, mv: Move) {
        crate::play(&mut pos.setup, mv);
    }

    fn null_allowed(_pos: &ToyPosition) -> Result<(), String> {
        Ok(())
    }

    fn play_null(pos: &mut ToyPosition) {
        crate::pass(&mut pos.setup);
    }

    fn write_move(_pos: &ToyPosition, mv: Move, _notation: ToyMoveNotation, out: &mut String) {
        use std::fmt::Write;
        let _ = write!(out, "{mv}");
    }

    fn numbering(pos: &ToyPosition) -> (u32, bool) {
        (pos.setup.extras.move_number, pos.setup.extras.turn == polyfen_core::Color::Black)
    }

    fn status(pos: &ToyPosition) -> GameStatus {
        pos.status_now()
    }
}
