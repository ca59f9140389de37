//! The JSON form of a position.
//!
//! One object per position, tagged by `variant`. The board is an object
//! from square names to piece letters (only occupied squares appear); the
//! other fields are the variant's own, named in words. The schema is
//! documented in the book's JSON chapter and in `docs/polyfen.schema.json`.
//!
//! ```json
//! {"variant":"chess","board":{"e1":"K","e8":"k"},"side_to_move":"white",
//!  "castling":"-","en_passant":null,"halfmove_clock":0,"fullmove_number":1}
//! ```

use std::collections::BTreeMap;

use polyfen_chess::{Castling, ChessExtras, Operation, Piece, Square};
use polyfen_core::{Color, ParseError, ParseErrorKind, Setup};
use serde::{Deserialize, Serialize};

use crate::AnyPosition;
use crate::chess::ChessPosition;

/// Any position in JSON, tagged by `variant`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "variant", rename_all = "snake_case")]
pub enum JsonPosition {
    /// A chess position.
    Chess(ChessJson),
}

/// An EPD operation in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsonOperation {
    /// The opcode, such as `bm`.
    pub opcode: String,
    /// The operands as written, such as `Nf3` or `"WAC.001"` (quotes kept).
    pub operands: String,
}

/// A chess position in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChessJson {
    /// Square name → FEN letter, for occupied squares.
    pub board: BTreeMap<String, String>,
    /// `white` or `black`.
    pub side_to_move: String,
    /// The castling field as FEN writes it: `KQkq`, `HAha`, `-`.
    pub castling: String,
    /// The en passant square, or null.
    pub en_passant: Option<String>,
    /// Plies since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The move number, from 1.
    pub fullmove_number: u32,
    /// EPD operations in order (absent when there are none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub operations: Vec<JsonOperation>,
}

impl ChessJson {
    pub(crate) fn from_position(position: &ChessPosition) -> ChessJson {
        let setup = &position.setup;
        let board = setup
            .board
            .iter()
            .enumerate()
            .filter_map(|(i, cell)| {
                let piece = (*cell)?;
                let square = Square::from_index(i as u8)?;
                Some((square.to_string(), (piece.letter() as char).to_string()))
            })
            .collect();
        let mut castling = String::new();
        setup.extras.castling.write(&setup.board, position.castling_style, &mut castling);
        ChessJson {
            board,
            side_to_move: color_name(setup.extras.turn).to_owned(),
            castling,
            en_passant: setup.extras.ep.map(|sq| sq.to_string()),
            halfmove_clock: setup.extras.halfmove,
            fullmove_number: setup.extras.fullmove,
            operations: position
                .operations
                .iter()
                .map(|o| JsonOperation { opcode: o.opcode.clone(), operands: o.operands.clone() })
                .collect(),
        }
    }

    fn into_position(self, input: &str) -> Result<ChessPosition, ParseError> {
        let mut board = [None; 64];
        for (name, letter) in &self.board {
            let square = Square::parse(name.as_bytes())
                .ok_or_else(|| invalid(input, name, format!("{name:?} is not a chess square")))?;
            let piece = match letter.as_bytes() {
                [b] => Piece::from_letter(*b),
                _ => None,
            }
            .ok_or_else(|| invalid(input, letter, format!("{letter:?} is not a FEN piece letter")))?;
            board[square.index()] = Some(piece);
        }
        let turn = match self.side_to_move.as_str() {
            "white" | "w" => Color::White,
            "black" | "b" => Color::Black,
            other => {
                return Err(invalid(input, other, format!("side_to_move {other:?} is not \"white\" or \"black\"")));
            }
        };
        let castling = Castling::parse(&self.castling, 0)
            .map_err(|e| invalid(input, &self.castling, format!("castling {:?}: {}", self.castling, e.kind)))?;
        let ep = match &self.en_passant {
            None => None,
            Some(name) => Some(
                Square::parse(name.as_bytes())
                    .ok_or_else(|| invalid(input, name, format!("en_passant {name:?} is not a square")))?,
            ),
        };
        let setup: polyfen_chess::Fen = Setup {
            board,
            extras: ChessExtras { turn, castling, ep, halfmove: self.halfmove_clock, fullmove: self.fullmove_number },
        };
        let castling_style = setup.extras.castling.style();
        Ok(ChessPosition {
            setup,
            operations: self
                .operations
                .into_iter()
                .map(|o| Operation { opcode: o.opcode, operands: o.operands })
                .collect(),
            castling_style,
        })
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// An error about a value of a JSON document, pointing at the first place
/// the value is written.
fn invalid(input: &str, value: &str, message: String) -> ParseError {
    let quoted = format!("\"{value}\"");
    let at = input.find(&quoted).unwrap_or(0);
    ParseError::new(
        ParseErrorKind::Invalid { field: "JSON position", message: message.into() },
        at..at + quoted.len().min(input.len() - at),
    )
}

/// Reads a position from its JSON form.
///
/// # Errors
///
/// A [`ParseError`] for malformed JSON (at serde's line and column) or a
/// value that is no part of a position.
pub fn from_json(input: &str) -> Result<AnyPosition, ParseError> {
    let json: JsonPosition = serde_json::from_str(input).map_err(|e| {
        let at = byte_offset(input, e.line(), e.column());
        ParseError::new(ParseErrorKind::Invalid { field: "JSON position", message: e.to_string().into() }, at..at)
    })?;
    match json {
        JsonPosition::Chess(chess) => Ok(AnyPosition::Chess(chess.into_position(input)?)),
    }
}

fn byte_offset(input: &str, line: usize, column: usize) -> usize {
    let line_start: usize = input.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    (line_start + column.saturating_sub(1)).min(input.len())
}

impl From<AnyPosition> for JsonPosition {
    fn from(position: AnyPosition) -> JsonPosition {
        crate::Position::to_json(&position)
    }
}

impl TryFrom<JsonPosition> for AnyPosition {
    type Error = String;

    fn try_from(json: JsonPosition) -> Result<AnyPosition, String> {
        match json {
            JsonPosition::Chess(chess) => {
                chess.into_position("").map(AnyPosition::Chess).map_err(|e| e.kind.to_string())
            }
        }
    }
}
