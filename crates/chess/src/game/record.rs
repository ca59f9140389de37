//! Chess in game records ([`RecordAdapter`]): SAN, LAN and UCI moves, read
//! per move whatever the file's notation, the ones the file does not name
//! noted; null moves written `--`, or `0000` in UCI.

use polyfen_core::Color;
use polyfen_game::{
    CastlingMoves, GameStatus, MoveError, MoveNote, MoveReading, NULL_MOVE, RecordAdapter, noting_repairs,
};

use super::{ChessMoveNotation, ChessPosition, uci_castling, variants, write_move};
use crate::notation::MoveReader;
use crate::{CastlingStyle, Move, MoveSyntax, Position, VariantPosition};

/// Chess: SAN, LAN and UCI.
pub struct ChessAdapter;

/// A chess position to play on, with the castling style to write it in:
/// standard chess on its own generator, or a chess variant's.
#[derive(Clone, Debug)]
pub enum ChessPos {
    /// Standard chess (and Chess960).
    Standard {
        /// The position.
        pos: Position,
        /// How its castling rights are written.
        style: CastlingStyle,
    },
    /// A chess variant.
    Variant {
        /// The position.
        pos: VariantPosition,
        /// How its castling rights are written.
        style: CastlingStyle,
    },
}

/// Reads a move of a variant's game in any notation, noting a move not in
/// the file's notation as the standard reader does.
fn read_variant_move(
    pos: &VariantPosition,
    MoveReading { text, expected, lenient }: MoveReading<'_, ChessMoveNotation>,
    notes: &mut Vec<MoveNote>,
) -> Result<Move, MoveError> {
    let mut repairs = Vec::new();
    let read = pos.read_move(text, if lenient { Some(&mut repairs) } else { None });
    let (m, syntax) = read.map_err(|e| variants::move_error(pos, e, CastlingMoves::Auto))?;
    notes.extend(repairs.into_iter().map(MoveNote::from));
    if expected.is_none_or(|e| e == ChessMoveNotation::San) {
        let kind = match syntax {
            MoveSyntax::Uci => Some("UCI"),
            MoveSyntax::Lan => Some("long algebraic"),
            MoveSyntax::San => None,
        };
        if let Some(kind) = kind {
            notes.push(MoveNote {
                span: 0..text.len(),
                message: format!("read the {kind} move '{text}' as '{}'", pos.san(m)),
            });
        }
    }
    Ok(m)
}

/// The chess reader's error as the game layer's, its candidates written
/// in the notation the move was read as.
fn move_error(pos: &Position, e: crate::MoveError) -> MoveError {
    let notation = if e.uci { ChessMoveNotation::Uci } else { ChessMoveNotation::San };
    let candidates = e.candidates.iter().map(|&c| write_move(pos, c, notation, CastlingMoves::Auto)).collect();
    MoveError::new(e.message, e.span).with_candidates(candidates)
}

impl RecordAdapter for ChessAdapter {
    type Position = ChessPosition;
    type Pos = ChessPos;
    type Move = Move;

    const PGN_NOTATION: ChessMoveNotation = ChessMoveNotation::San;

    fn from_position(position: &ChessPosition) -> Result<ChessPos, String> {
        let style = position.castling_style;
        if !position.variant.is_standard() {
            let pos = position.variant_position().map_err(|e| e.to_string())?;
            return Ok(ChessPos::Variant { pos, style });
        }
        let pos = Position::from_setup(&position.setup).map_err(|e| e.to_string())?;
        Ok(ChessPos::Standard { pos, style })
    }

    fn to_position(pos: &ChessPos) -> ChessPosition {
        match pos {
            ChessPos::Standard { pos, style } => {
                let mut chess = ChessPosition::new(pos.to_setup(*style));
                chess.castling_style = *style;
                chess
            }
            ChessPos::Variant { pos, style } => {
                let mut chess = ChessPosition::from_variant_setup(&pos.to_setup(*style));
                chess.castling_style = *style;
                chess
            }
        }
    }

    /// Plain SAN naming a legal move of standard chess (which is never
    /// shaped as UCI, and never noted): the first step of the SAN reader.
    #[inline]
    fn read_plain(pos: &ChessPos, text: &str) -> Option<Move> {
        match pos {
            ChessPos::Standard { pos, .. } => {
                MoveReader::plain_san_move(pos, crate::San::parse_plain(text.as_bytes())?, text)
            }
            ChessPos::Variant { .. } => None,
        }
    }

    /// UCI neither promoting nor castling, of standard chess.
    #[inline]
    fn read_kept(pos: &ChessPos, text: &str) -> Option<Move> {
        match pos {
            ChessPos::Standard { pos, .. } => pos.plain_uci(text),
            ChessPos::Variant { .. } => None,
        }
    }

    #[inline]
    fn read_move(
        pos: &ChessPos,
        reading: MoveReading<'_, ChessMoveNotation>,
        notes: &mut Vec<MoveNote>,
    ) -> Result<Move, MoveError> {
        let p = match pos {
            ChessPos::Standard { pos, .. } => pos,
            ChessPos::Variant { pos, .. } => return read_variant_move(pos, reading, notes),
        };
        let MoveReading { text, expected, lenient } = reading;
        if lenient {
            return noting_repairs(notes, |repairs| {
                p.read_move(text, Some(repairs)).map(|(mv, _)| mv).map_err(|e| move_error(p, e))
            });
        }
        // the common case: SAN (which also reads LAN), straight to its reader
        if !is_uci_shaped(text.as_bytes()) {
            return match p.parse_san(text) {
                Ok(m) => {
                    if expected.is_none_or(|e| e == ChessMoveNotation::San) && is_lan_shaped(text.as_bytes()) {
                        notes.push(MoveNote {
                            span: 0..text.len(),
                            message: format!("read the long algebraic move '{text}' as '{}'", p.san(m)),
                        });
                    }
                    Ok(m)
                }
                Err(e) => {
                    let candidates = e
                        .candidates
                        .iter()
                        .map(|&c| write_move(p, c, ChessMoveNotation::San, CastlingMoves::Auto))
                        .collect();
                    Err(MoveError::new(e.message, e.span).with_candidates(candidates))
                }
            };
        }
        // UCI as the model keeps its moves: straight to its reader (the
        // general one decides when it fails)
        let read = if expected == Some(ChessMoveNotation::Uci) {
            p.parse_uci(text).or_else(|_| p.parse_move(text))
        } else {
            p.parse_move(text)
        };
        match read {
            Ok(m) => {
                if expected.is_none_or(|e| e == ChessMoveNotation::San) {
                    let bytes = text.as_bytes();
                    if is_uci_shaped(bytes) && p.parse_uci(text).is_ok() {
                        notes.push(MoveNote {
                            span: 0..text.len(),
                            message: format!("read the UCI move '{text}' as '{}'", p.san(m)),
                        });
                    } else if is_lan_shaped(bytes) {
                        notes.push(MoveNote {
                            span: 0..text.len(),
                            message: format!("read the long algebraic move '{text}' as '{}'", p.san(m)),
                        });
                    }
                }
                Ok(m)
            }
            Err(e) => Err(move_error(p, e)),
        }
    }

    #[inline]
    fn play(pos: &mut ChessPos, mv: Move) {
        match pos {
            ChessPos::Standard { pos, .. } => pos.play(mv),
            ChessPos::Variant { pos, .. } => pos.play(mv),
        }
    }

    fn null_allowed(pos: &ChessPos) -> Result<(), String> {
        match pos {
            ChessPos::Standard { pos, .. } if pos.is_check() => Err("a null move while in check".into()),
            ChessPos::Standard { .. } => Ok(()),
            ChessPos::Variant { .. } => Err(variants::NO_NULL_MOVE.into()),
        }
    }

    fn play_null(pos: &mut ChessPos) {
        if let ChessPos::Standard { pos, .. } = pos {
            pos.play_null();
        }
    }

    fn null_text(notation: ChessMoveNotation) -> Option<&'static str> {
        Some(if notation == ChessMoveNotation::Uci { NULL_MOVE } else { "--" })
    }

    fn write_move(pos: &ChessPos, mv: Move, notation: ChessMoveNotation, out: &mut String) {
        // SAN and UCI, the common cases, straight onto `out`
        match (pos, notation) {
            (ChessPos::Standard { pos, .. }, ChessMoveNotation::San) => pos.write_san(mv, out),
            (ChessPos::Variant { pos, .. }, ChessMoveNotation::San) => pos.write_san(mv, out),
            (ChessPos::Standard { pos, .. }, ChessMoveNotation::Uci) => {
                pos.write_uci(mv, uci_castling(pos, CastlingMoves::Auto), out);
            }
            (ChessPos::Variant { pos, .. }, ChessMoveNotation::Uci) => {
                pos.chess().write_uci(mv, uci_castling(pos.chess(), CastlingMoves::Auto), out);
            }
            (ChessPos::Standard { pos, .. }, _) => out.push_str(&write_move(pos, mv, notation, CastlingMoves::Auto)),
            (ChessPos::Variant { pos, .. }, _) => {
                out.push_str(&variants::write_move(pos, mv, notation, CastlingMoves::Auto));
            }
        }
    }

    fn numbering(pos: &ChessPos) -> (u32, bool) {
        let p = match pos {
            ChessPos::Standard { pos, .. } => pos,
            ChessPos::Variant { pos, .. } => pos.chess(),
        };
        (p.fullmove_number(), p.turn() == Color::Black)
    }

    fn status(pos: &ChessPos) -> GameStatus {
        match pos {
            ChessPos::Standard { pos, .. } => pos.outcome().into(),
            ChessPos::Variant { pos, .. } => pos.outcome().into(),
        }
    }
}

/// The shape of a UCI move: `e2e4`, `e7e8q`.
fn is_uci_shaped(b: &[u8]) -> bool {
    (b.len() == 4 || (b.len() == 5 && matches!(b[4], b'q' | b'r' | b'b' | b'n')))
        && matches!(b[0], b'a'..=b'h')
        && matches!(b[1], b'1'..=b'8')
        && matches!(b[2], b'a'..=b'h')
        && matches!(b[3], b'1'..=b'8')
}

/// `from-to` long algebraic shape (`e2-e4`, `Ng1-f3`, `e4xd5`), which SAN
/// files should not hold.
fn is_lan_shaped(text: &[u8]) -> bool {
    if text.len() < 5 {
        return false;
    }
    let t = match text.first() {
        Some(b'N' | b'B' | b'R' | b'Q' | b'K') => &text[1..],
        _ => text,
    };
    t.len() >= 5
        && matches!(t[0], b'a'..=b'h')
        && t[1].is_ascii_digit()
        && matches!(t[2], b'-' | b'x' | b':')
        && matches!(t[3], b'a'..=b'h')
        && t[4].is_ascii_digit()
}

#[cfg(test)]
mod tests {
    use polyfen_game::{GameStatus, RecordAdapter, Step, play_step, read_step, step_text};

    use super::{ChessAdapter, ChessPos};
    use crate::{ChessMoveNotation, ChessPosition, START_FEN};

    fn start() -> ChessPos {
        ChessAdapter::from_position(&ChessPosition::new(START_FEN.parse().expect("the start"))).expect("playable")
    }

    #[test]
    fn a_record_move_is_read_in_any_notation_noted_and_written_in_each() {
        let mut pos = start();
        let mut notes = Vec::new();
        let e4 = read_step::<ChessAdapter>(&pos, "e2e4", Some(ChessMoveNotation::San), false, &mut notes).unwrap();
        let noted: Vec<&str> = notes.iter().map(|n| n.message.as_str()).collect();
        assert_eq!(noted, ["read the UCI move 'e2e4' as 'e4'"]);
        assert_eq!(step_text::<ChessAdapter>(&pos, e4, ChessMoveNotation::San), Ok("e4".to_owned()));
        assert_eq!(step_text::<ChessAdapter>(&pos, e4, ChessMoveNotation::Lan), Ok("e2-e4".to_owned()));
        assert_eq!(step_text::<ChessAdapter>(&pos, e4, ChessAdapter::COORDINATES), Ok("e2e4".to_owned()));
        notes.clear();
        assert!(read_step::<ChessAdapter>(&pos, "e4", Some(ChessMoveNotation::San), false, &mut notes).is_ok());
        assert!(notes.is_empty());
        play_step::<ChessAdapter>(&mut pos, e4);
        assert_eq!(ChessAdapter::numbering(&pos), (1, true));
        let error = read_step::<ChessAdapter>(&pos, "Nd5", None, false, &mut notes).unwrap_err();
        assert_eq!(error.span, 0..3);
        let null = read_step::<ChessAdapter>(&pos, "Z0", Some(ChessMoveNotation::San), false, &mut notes).unwrap();
        assert!(matches!(null, Step::Null));
        assert_eq!(notes.last().map(|n| n.message.as_str()), Some("read 'Z0' as the null move '--'"));
        assert_eq!(step_text::<ChessAdapter>(&pos, null, ChessMoveNotation::San), Ok("--".to_owned()));
        assert_eq!(step_text::<ChessAdapter>(&pos, null, ChessMoveNotation::Uci), Ok("0000".to_owned()));
        play_step::<ChessAdapter>(&mut pos, null);
        assert_eq!(ChessAdapter::numbering(&pos), (2, false));
        assert_eq!(ChessAdapter::status(&pos), GameStatus::Ongoing);
        let back = ChessAdapter::to_position(&pos);
        assert_eq!(back.setup.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
    }

    #[test]
    fn the_status_of_a_record_is_the_rules_one() {
        let mated = ChessPosition::new("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1".parse().expect("a FEN"));
        assert_eq!(
            ChessAdapter::status(&ChessAdapter::from_position(&mated).expect("playable")),
            GameStatus::Checkmate
        );
        let no_kings = ChessPosition::new("8/8/8/8/8/8/8/8 w - - 0 1".parse().expect("a FEN"));
        assert!(ChessAdapter::from_position(&no_kings).is_err());
    }
}
