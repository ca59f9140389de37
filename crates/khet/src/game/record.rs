//! Khet in game records ([`RecordAdapter`]): `h2g2`, `h2+`, `h2-`, every
//! rotation a move of its own; a null move written `0000`.

use polyfen_core::Color;
use polyfen_game::{GameStatus, MoveError, MoveNote, MoveReading, RecordAdapter, noting_repairs};

use super::{KhetMoveNotation, KhetPosition};
use crate::{Move, Position, Rules};

/// Khet: `h2g2`, `h2+`, `h2-`.
pub struct KhetAdapter;

/// The rules Khet games are played by: every rotation a move of its own
/// (a record may hold a pharaoh's turn), no swap restriction.
const KHET_RULES: Rules = Rules { swap_restriction: false, every_rotation: true };

/// A Khet position to play on, with its move count.
#[derive(Clone, Debug)]
pub struct KhetPos {
    /// The position.
    pub pos: Position,
    /// Plies played since the record's start.
    plies: u32,
    /// The move number of the start.
    first: u32,
    /// Whether the second player moved first.
    second_first: bool,
}

impl RecordAdapter for KhetAdapter {
    type Position = KhetPosition;
    type Pos = KhetPos;
    type Move = Move;

    fn from_position(position: &KhetPosition) -> Result<KhetPos, String> {
        let pos = Position::from_setup(&position.setup).map_err(|violations| {
            let words: Vec<String> = violations.iter().map(ToString::to_string).collect();
            words.join("; ")
        })?;
        let second_first = pos.turn() == Color::Black;
        Ok(KhetPos { first: pos.turn_counter().max(1), pos, plies: 0, second_first })
    }

    fn to_position(pos: &KhetPos) -> KhetPosition {
        KhetPosition::new(pos.pos.to_setup())
    }

    fn read_move(
        pos: &KhetPos,
        MoveReading { text, lenient, .. }: MoveReading<'_, KhetMoveNotation>,
        notes: &mut Vec<MoveNote>,
    ) -> Result<Move, MoveError> {
        if lenient {
            return noting_repairs(notes, |repairs| {
                pos.pos.parse_move_lenient(text, &KHET_RULES, repairs).map_err(|e| MoveError::new(e.kind, e.span))
            });
        }
        pos.pos.parse_move(text, &KHET_RULES).map_err(|e| {
            let candidates = match Move::parse(text) {
                Ok(mv) => pos
                    .pos
                    .legal_moves(&KHET_RULES)
                    .iter()
                    .filter(|m| m.from() == mv.from())
                    .map(ToString::to_string)
                    .collect(),
                Err(_) => Vec::new(),
            };
            MoveError::new(e.kind, e.span).with_candidates(candidates)
        })
    }

    fn play(pos: &mut KhetPos, mv: Move) {
        // read_move checked it
        pos.pos.play_legal(mv);
        pos.plies += 1;
    }

    fn null_allowed(_pos: &KhetPos) -> Result<(), String> {
        Ok(())
    }

    fn play_null(pos: &mut KhetPos) {
        pos.pos.play_null();
        pos.plies += 1;
    }

    fn write_move(_pos: &KhetPos, mv: Move, _notation: KhetMoveNotation, out: &mut String) {
        use std::fmt::Write;
        let _ = write!(out, "{mv}");
    }

    fn numbering(pos: &KhetPos) -> (u32, bool) {
        let index = pos.plies + u32::from(pos.second_first);
        (pos.first + index / 2, index % 2 == 1)
    }

    fn status(pos: &KhetPos) -> GameStatus {
        pos.pos.outcome().into()
    }
}

#[cfg(test)]
mod tests {
    use polyfen_game::{GameStatus, RecordAdapter, Step, play_step, playable, read_step, write_step};

    use super::KhetAdapter;
    use crate::{CLASSIC, KhetMoveNotation};

    #[test]
    fn a_record_move_is_read_played_numbered_and_written() {
        let mut pos = playable::<KhetAdapter>(CLASSIC).expect("playable");
        assert_eq!(KhetAdapter::numbering(&pos), (1, false));
        let first = pos.pos.legal_moves(&super::KHET_RULES)[0].to_string();
        let mut notes = Vec::new();
        let step = read_step::<KhetAdapter>(&pos, &first, Some(KhetMoveNotation::Khet), false, &mut notes).unwrap();
        let mut written = String::new();
        write_step::<KhetAdapter>(&pos, step, KhetAdapter::COORDINATES, &mut written).unwrap();
        assert_eq!(written, first);
        play_step::<KhetAdapter>(&mut pos, step);
        assert_eq!(KhetAdapter::numbering(&pos), (1, true));
        let null = read_step::<KhetAdapter>(&pos, "--", Some(KhetMoveNotation::Khet), false, &mut notes).unwrap();
        assert!(matches!(null, Step::Null));
        assert_eq!(notes.last().map(|n| n.message.as_str()), Some("read '--' as the null move '0000'"));
        play_step::<KhetAdapter>(&mut pos, null);
        assert_eq!(KhetAdapter::numbering(&pos), (2, false));
        assert_eq!(KhetAdapter::status(&pos), GameStatus::Ongoing);
        let error = read_step::<KhetAdapter>(&pos, "a9a8", None, false, &mut notes).unwrap_err();
        assert!(!error.message.is_empty());
        assert_ne!(KhetAdapter::to_position(&pos).setup.to_string(), CLASSIC);
    }
}
