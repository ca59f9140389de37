//! Xiangqi in game records ([`RecordAdapter`]): ICCS, UCCI, uci-1, WXF and
//! Chinese, each read per move; null moves written `0000` in UCCI and
//! uci-1, which alone have one.

use polyfen_core::Color;
use polyfen_game::{GameStatus, MoveError, MoveNote, MoveReading, NULL_MOVE, RecordAdapter, noting_repairs};

use super::XiangqiPosition;
use crate::{Move, MoveParseError, Position, Square, XiangqiMoveNotation};

/// Xiangqi: ICCS, UCCI, uci-1, WXF and Chinese, each read per move.
pub struct XiangqiAdapter;

/// The reader's error as the game layer's.
fn move_error(e: MoveParseError) -> MoveError {
    MoveError::new(e.kind.to_string(), e.span).with_candidates(e.candidates.into_iter().map(|c| c.text).collect())
}

impl RecordAdapter for XiangqiAdapter {
    type Position = XiangqiPosition;
    type Pos = Position;
    type Move = Move;

    const COORDINATES: XiangqiMoveNotation = XiangqiMoveNotation::Ucci;
    const PGN_NOTATION: XiangqiMoveNotation = XiangqiMoveNotation::Iccs;

    fn from_position(position: &XiangqiPosition) -> Result<Position, String> {
        position.rules().map_err(|e| e.to_string())
    }

    fn to_position(pos: &Position) -> XiangqiPosition {
        XiangqiPosition::new(pos.to_setup())
    }

    /// Reads any Xiangqi notation, detected per move; coordinates are read
    /// as UCCI or uci-1 only, when the file names that notation (the two
    /// can read the same text as different legal moves).
    fn read_move(
        pos: &Position,
        MoveReading { text, expected, lenient }: MoveReading<'_, XiangqiMoveNotation>,
        notes: &mut Vec<MoveNote>,
    ) -> Result<Move, MoveError> {
        if lenient {
            return noting_repairs(notes, |repairs| {
                pos.read_move_lenient(text, repairs).map(|(mv, _)| mv).map_err(move_error)
            });
        }
        // coordinates that name a legal move need no other reading (a uci-1
        // file reads its own way)
        if expected != Some(XiangqiMoveNotation::Uci1)
            && let Some(mv) = coordinates_move(text.as_bytes())
            && pos.is_legal(mv)
        {
            return Ok(mv);
        }
        let read = match expected {
            Some(n @ (XiangqiMoveNotation::Ucci | XiangqiMoveNotation::Uci1)) => pos.parse_move_as(text, n),
            _ => pos.parse_move(text),
        };
        read.map_err(move_error)
    }

    fn play(pos: &mut Position, mv: Move) {
        pos.play(mv);
    }

    fn null_allowed(pos: &Position) -> Result<(), String> {
        if pos.is_check() { Err("a null move while in check".into()) } else { Ok(()) }
    }

    fn play_null(pos: &mut Position) {
        pos.play_null();
    }

    /// UCCI and uci-1 write `0000`, as UCI does; ICCS, WXF and the Chinese
    /// notation have no null move.
    fn null_text(notation: XiangqiMoveNotation) -> Option<&'static str> {
        matches!(notation, XiangqiMoveNotation::Ucci | XiangqiMoveNotation::Uci1).then_some(NULL_MOVE)
    }

    fn write_move(pos: &Position, mv: Move, notation: XiangqiMoveNotation, out: &mut String) {
        let _ = pos.write_move(out, mv, notation);
    }

    fn numbering(pos: &Position) -> (u32, bool) {
        (pos.fullmove(), pos.turn() == Color::Black)
    }

    fn status(pos: &Position) -> GameStatus {
        pos.status().into()
    }
}

/// The move an ICCS (`H2-E2`) or UCCI (`h2e2`) text names, if it has one
/// of those shapes.
fn coordinates_move(b: &[u8]) -> Option<Move> {
    let (from, to) = match b {
        [f1 @ b'A'..=b'I', r1 @ b'0'..=b'9', b'-', f2 @ b'A'..=b'I', r2 @ b'0'..=b'9'] => {
            ((f1 - b'A', r1 - b'0'), (f2 - b'A', r2 - b'0'))
        }
        [f1 @ b'a'..=b'i', r1 @ b'0'..=b'9', f2 @ b'a'..=b'i', r2 @ b'0'..=b'9'] => {
            ((f1 - b'a', r1 - b'0'), (f2 - b'a', r2 - b'0'))
        }
        _ => return None,
    };
    let from = Square::new(from.0, from.1)?;
    let to = Square::new(to.0, to.1)?;
    Some(Move::new(from, to))
}

#[cfg(test)]
mod tests {
    use polyfen_game::{NoNullMove, RecordAdapter, play_step, playable, read_step, step_text};

    use super::XiangqiAdapter;
    use crate::{START_FEN, XiangqiMoveNotation};

    #[test]
    fn a_record_move_is_read_in_any_notation_and_written_in_each() {
        let mut pos = playable::<XiangqiAdapter>(START_FEN).expect("playable");
        let mut notes = Vec::new();
        for text in ["H2-E2", "h2e2", "C2.5", "炮二平五"] {
            let step = read_step::<XiangqiAdapter>(&pos, text, None, false, &mut notes).unwrap();
            assert_eq!(
                step_text::<XiangqiAdapter>(&pos, step, XiangqiAdapter::COORDINATES),
                Ok("h2e2".to_owned()),
                "{text}"
            );
        }
        // uci-1 counts ranks from 1: the same text is another move
        let uci1 =
            read_step::<XiangqiAdapter>(&pos, "h3e3", Some(XiangqiMoveNotation::Uci1), false, &mut notes).unwrap();
        assert_eq!(step_text::<XiangqiAdapter>(&pos, uci1, XiangqiMoveNotation::Iccs), Ok("H2-E2".to_owned()));
        assert_eq!(step_text::<XiangqiAdapter>(&pos, uci1, XiangqiMoveNotation::Chinese), Ok("炮二平五".to_owned()));
        play_step::<XiangqiAdapter>(&mut pos, uci1);
        assert_eq!(XiangqiAdapter::numbering(&pos), (1, true));
        let null = read_step::<XiangqiAdapter>(&pos, "--", Some(XiangqiMoveNotation::Iccs), false, &mut notes).unwrap();
        assert_eq!(notes.last().map(|n| n.message.as_str()), Some("read '--' as the null move '--'"));
        assert_eq!(step_text::<XiangqiAdapter>(&pos, null, XiangqiMoveNotation::Iccs), Err(NoNullMove));
        assert_eq!(step_text::<XiangqiAdapter>(&pos, null, XiangqiMoveNotation::Ucci), Ok("0000".to_owned()));
        play_step::<XiangqiAdapter>(&mut pos, null);
        assert_eq!(XiangqiAdapter::numbering(&pos), (2, false));
        assert!(XiangqiAdapter::to_position(&pos).setup.to_string().starts_with("rnbakabnr/9/1c5c1/"));
    }
}
