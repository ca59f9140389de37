//! The JSON form of a chess position: the board as an object from square
//! names to FEN letters, and the FEN fields named in words (the schema is
//! in the book's JSON chapter).

use std::collections::BTreeMap;

use polyfen_core::codec::{decode_hand, encode_hand};
use polyfen_core::{Color, HandSpec, HandStyle, Leniency, ParseError, Setup};
use polyfen_game::json::{at_key, at_value, board_map, side_to_move};
use serde::{Deserialize, Serialize};

use crate::game::ChessPosition;
use crate::{Castling, ChessExtras, ChessVariant, Operation, Piece, Square};
use polyfen_game::GamePosition;

/// Crazyhouse's pocket as FEN lists it (the codec variant's own).
const POCKET: HandSpec = HandSpec { kinds: b"QRBNP", style: HandStyle::Listed };

/// An EPD operation in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsonOperation {
    /// The opcode, such as `bm`.
    pub opcode: String,
    /// The operands as written, such as `Nf3` or `"WAC.001"` (quotes kept).
    pub operands: String,
}

polyfen_game::document! {
    /// A chess position in JSON.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct ChessJson read from ChessDocument {
        /// Square name → FEN letter, for occupied squares.
        #[serde(deserialize_with = "board_map")]
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
        /// The chess variant played, by its id (`atomic`, `crazyhouse` ...);
        /// absent for standard chess.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub rules: Option<String>,
        /// Crazyhouse: the pieces in hand as FEN lists them between brackets
        /// (`QNp`, white's first; empty for none); absent when not held.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub pocket: Option<String>,
        /// Three-check: the checks white and black still need to win; absent
        /// when not held.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub remaining_checks: Option<[u8; 2]>,
    }
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
                let square = Square::from_index(i)?;
                let mut letter = (piece.letter() as char).to_string();
                if position.variant.promoted & (1 << i) != 0 {
                    letter.push('~');
                }
                Some((square.to_string(), letter))
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
            rules: position.rules_id().map(str::to_owned),
            pocket: position.variant.pocket.map(|hand| {
                let mut out = String::new();
                encode_hand(&POCKET, &hand, &mut out);
                out
            }),
            remaining_checks: position.variant.remaining_checks,
        }
    }

    pub(crate) fn into_position(self, input: &str) -> Result<ChessPosition, ParseError> {
        let mut board = [None; 64];
        let mut promoted = 0u64;
        for (name, letter) in &self.board {
            let square = Square::parse(name.as_bytes())
                .ok_or_else(|| at_key(input, &["board", name], format!("{name:?} is not a chess square")))?;
            let piece = match letter.as_bytes() {
                [b] => Piece::from_letter(*b),
                [b, b'~'] => {
                    promoted |= 1 << square.index();
                    Piece::from_letter(*b)
                }
                _ => None,
            }
            .ok_or_else(|| at_value(input, &["board", name], format!("{letter:?} is not a FEN piece letter")))?;
            board[square.index()] = Some(piece);
        }
        let turn = side_to_move(input, &self.side_to_move, &["white", "w"], &["black", "b"])?;
        let castling = Castling::parse(&self.castling, 0)
            .map_err(|e| at_value(input, &["castling"], format!("castling {:?}: {}", self.castling, e.kind)))?;
        let ep = match &self.en_passant {
            None => None,
            Some(name) => Some(
                Square::parse(name.as_bytes())
                    .ok_or_else(|| at_value(input, &["en_passant"], format!("en_passant {name:?} is not a square")))?,
            ),
        };
        let setup: crate::Fen = Setup {
            board,
            extras: ChessExtras { turn, castling, ep, halfmove: self.halfmove_clock, fullmove: self.fullmove_number },
        };
        let castling_style = setup.extras.castling.style();
        let mut position = ChessPosition::new(setup);
        position.castling_style = castling_style;
        if let Some(rules) = &self.rules {
            let variant = rules
                .parse::<ChessVariant>()
                .ok()
                .filter(|v| *v != ChessVariant::Standard)
                .ok_or_else(|| at_value(input, &["rules"], format!("rules {rules:?} is not a chess variant")))?;
            position.variant.variant = variant;
        }
        if let Some(pocket) = &self.pocket {
            let hand = decode_hand(&POCKET, pocket, 0, &Leniency::default(), &mut Vec::new())
                .map_err(|e| at_value(input, &["pocket"], format!("pocket {pocket:?}: {}", e.kind)))?;
            position.variant.pocket = Some(hand);
        }
        position.variant.remaining_checks = self.remaining_checks;
        position.variant.promoted = promoted;
        position.operations =
            self.operations.into_iter().map(|o| Operation { opcode: o.opcode, operands: o.operands }).collect();
        Ok(position)
    }
}

pub(crate) fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}
