//! Shogi in game records ([`GameRules`]): moves read and written in USI.
//! Shogi has no null move, so a record's `--` is refused.

use polyfen_core::Color;
use polyfen_game::{GameRules, GameStatus, MoveError, MoveNote};

use super::{ShogiMoveNotation, ShogiPosition, move_error, write_move};
use crate::usi::{read_move, read_move_lenient};
use crate::{Move, Position};

/// Shogi's moves in game records.
pub struct ShogiRules;

impl GameRules for ShogiRules {
    type Position = ShogiPosition;
    type Pos = Position;
    type Move = Move;

    const COORDINATES: ShogiMoveNotation = ShogiMoveNotation::Usi;
    const PGN_NOTATION: ShogiMoveNotation = ShogiMoveNotation::Usi;

    fn from_position(position: &ShogiPosition) -> Result<Position, String> {
        Position::from_setup(&position.setup).map_err(|e| e.to_string())
    }

    fn to_position(pos: &Position) -> ShogiPosition {
        ShogiPosition::new(pos.to_setup())
    }

    fn read_move(
        pos: &Position,
        text: &str,
        _expected: Option<ShogiMoveNotation>,
        _notes: &mut Vec<MoveNote>,
    ) -> Result<Move, MoveError> {
        read_move(pos, text).map_err(|e| move_error(pos, &e, ShogiMoveNotation::Usi))
    }

    fn read_move_lenient(
        pos: &Position,
        text: &str,
        _expected: Option<ShogiMoveNotation>,
        notes: &mut Vec<MoveNote>,
    ) -> Result<Move, MoveError> {
        let (mv, repairs) = read_move_lenient(pos, text).map_err(|e| move_error(pos, &e, ShogiMoveNotation::Usi))?;
        notes.extend(repairs.into_iter().map(|r| MoveNote { span: r.span, message: r.message }));
        Ok(mv)
    }

    fn play(pos: &mut Position, mv: Move) {
        pos.play(mv);
    }

    fn null_allowed(_pos: &Position) -> Result<(), String> {
        Err("Shogi has no null move: a side must move or drop".into())
    }

    /// Never called, as [`ShogiRules::null_allowed`] refuses every null
    /// move; it passes the turn if it is.
    fn play_null(pos: &mut Position) {
        let mut setup = pos.to_setup();
        setup.extras.turn = setup.extras.turn.other();
        setup.extras.move_number += 1;
        if let Ok(passed) = Position::from_setup(&setup) {
            *pos = passed;
        }
    }

    fn null_text(_notation: ShogiMoveNotation) -> Option<&'static str> {
        None
    }

    fn write_move(pos: &Position, mv: Move, notation: ShogiMoveNotation, out: &mut String) {
        out.push_str(&write_move(pos, mv, notation));
    }

    /// The pair of moves a ply belongs to, counted from the first side to
    /// move: sente's ply `n` (the SFEN move number) is in pair `n / 2 + 1`,
    /// gote's in pair `(n + 1) / 2`, so that an even game numbers
    /// `1. 7g7f 3c3d 2. …` and a handicap game, where gote moves first,
    /// `1… 3c3d 2. 7g7f 2… …`.
    fn numbering(pos: &Position) -> (u32, bool) {
        let n = pos.move_number().max(1);
        match pos.turn() {
            Color::White => (n / 2 + 1, false),
            Color::Black => (n.div_ceil(2), true),
        }
    }

    fn status(pos: &Position) -> GameStatus {
        pos.status().into()
    }
}

#[cfg(test)]
mod tests {
    use polyfen_game::{GameRules, NoNullMove, Step, play_step, read_step, write_step};

    use super::ShogiRules;
    use crate::game::{ShogiMoveNotation, ShogiPosition};
    use crate::{Position, START_SFEN};

    fn write(pos: &Position, step: Step<crate::Move>) -> Result<String, NoNullMove> {
        let mut out = String::new();
        write_step::<ShogiRules>(pos, step, ShogiMoveNotation::Usi, &mut out).map(|()| out)
    }

    #[test]
    fn record_moves_are_read_played_and_numbered() {
        let start = ShogiPosition::new(START_SFEN.parse().expect("the start"));
        let mut pos = ShogiRules::from_position(&start).expect("playable");
        let mut notes = Vec::new();
        assert_eq!(ShogiRules::numbering(&pos), (1, false));
        let step = read_step::<ShogiRules>(&pos, "7g7f", None, false, &mut notes).unwrap();
        assert_eq!(write(&pos, step), Ok("7g7f".to_owned()));
        play_step::<ShogiRules>(&mut pos, step);
        assert_eq!(ShogiRules::numbering(&pos), (1, true));
        let lenient = read_step::<ShogiRules>(&pos, "3C3D", None, true, &mut notes).unwrap();
        assert_eq!(write(&pos, lenient), Ok("3c3d".to_owned()));
        assert_eq!(notes.len(), 1, "{notes:?}");
        play_step::<ShogiRules>(&mut pos, lenient);
        assert_eq!(ShogiRules::numbering(&pos), (2, false));
        let bad = read_step::<ShogiRules>(&pos, "7f7d", None, false, &mut notes).unwrap_err();
        assert!(!bad.to_string().is_empty());
        assert!(read_step::<ShogiRules>(&pos, "--", None, true, &mut notes).is_err(), "no null move");

        let handicap = ShogiPosition::new(crate::setup("lance").expect("a handicap"));
        let pos = ShogiRules::from_position(&handicap).expect("playable");
        assert_eq!(ShogiRules::numbering(&pos), (1, true), "gote moves first");
        let mut pos = pos;
        let step = read_step::<ShogiRules>(&pos, "3c3d", None, false, &mut notes).unwrap();
        play_step::<ShogiRules>(&mut pos, step);
        assert_eq!(ShogiRules::numbering(&pos), (2, false));
    }
}
