//! The games defined as data in game records ([`RecordAdapter`]): moves in
//! Fairy-Stockfish's UCI (`e2e4`, `P@e4`, `a7a8q`), a null move `0000`,
//! numbered as chess numbers its moves; a line's history is judged at its
//! end by the game's repetition rule (`nFoldRule`).

use polyfen_core::Color;
use polyfen_game::{GameStatus, Judgement, MoveError, MoveNote, MoveReading, RecordAdapter, Stated};

use super::{FairyMoveNotation, FairyPosition};
use crate::rules::Move;

/// The record adapter of the games defined as data.
pub struct FairyAdapter;

impl RecordAdapter for FairyAdapter {
    type Position = FairyPosition;
    type Pos = FairyPosition;
    type Move = Move;

    /// PGN as pychess.org writes it: SAN.
    const PGN_NOTATION: FairyMoveNotation = FairyMoveNotation::FairySan;

    fn from_position(position: &FairyPosition) -> Result<FairyPosition, String> {
        if let Some(what) = position.rules.unsupported() {
            return Err(format!("{} is not played yet: {what}", position.name));
        }
        let violations = polyfen_game::GamePosition::violations(position);
        if violations.is_empty() { Ok(position.clone()) } else { Err(violations.join("; ")) }
    }

    fn to_position(pos: &FairyPosition) -> FairyPosition {
        pos.clone()
    }

    /// One move notation, without lenient forms: a lenient reading is the
    /// strict one.
    fn read_move(
        pos: &FairyPosition,
        reading: MoveReading<'_, FairyMoveNotation>,
        _notes: &mut Vec<MoveNote>,
    ) -> Result<Move, MoveError> {
        pos.legal_move(reading.text)
    }

    fn play(pos: &mut FairyPosition, mv: Move) {
        pos.rules.make_in_place(&mut pos.position, mv);
    }

    fn null_allowed(pos: &FairyPosition) -> Result<(), String> {
        if pos.rules.is_check(&pos.position) { Err("the side to move is in check".to_owned()) } else { Ok(()) }
    }

    fn play_null(pos: &mut FairyPosition) {
        *pos.position = pos.rules.null_move(&pos.position);
    }

    fn write_move(pos: &FairyPosition, mv: Move, notation: FairyMoveNotation, out: &mut String) {
        out.push_str(&pos.write(mv, notation));
    }

    fn numbering(pos: &FairyPosition) -> (u32, bool) {
        (pos.position.fullmove, pos.position.side() == Color::Black)
    }

    fn status(pos: &FairyPosition) -> GameStatus {
        pos.status_now()
    }

    const JUDGES_HISTORY: bool = true;

    /// The repetition rule at the line's end (the n-move rule is the last
    /// position's own status): its status when the last position repeats
    /// as often as the rule asks, and the game is not over by other means.
    fn judge(history: &[FairyPosition], _stated: Stated<'_>) -> Judgement {
        let mut judgement = Judgement::default();
        let Some(last) = history.last() else { return judgement };
        if last.status_now() == GameStatus::Ongoing {
            let positions: Vec<_> = history.iter().map(|p| (*p.position).clone()).collect();
            judgement.status = last.rules.history_outcome(&positions).map(super::ended);
        }
        judgement
    }
}
