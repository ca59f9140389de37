//! The JSON form of a Xiangqi position: the board as an object from point
//! names to xqbase letters, the other fields named in words, and the legacy
//! dialect's marker (the schema is in the book's JSON chapter).

use std::collections::BTreeMap;

use polyfen_core::{ParseError, Setup};
use polyfen_game::json::{at_key, at_value, board_map, side_to_move};
use serde::{Deserialize, Serialize};

use super::{JSON_LETTERS, XiangqiPosition};
use crate::{Marker, XiangqiExtras};

polyfen_game::document! {
    /// A Xiangqi position in JSON.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct XiangqiJson read from XiangqiDocument {
        /// Point name (`a0` to `i9`, rank 0 on red's side) → xqbase letter
        /// (`KABNRCP` red, `kabnrcp` black), for occupied points. WXF and ICCS
        /// letters are read too.
        #[serde(deserialize_with = "board_map")]
        pub board: BTreeMap<String, String>,
        /// `red` or `black`.
        pub side_to_move: String,
        /// Plies since the last capture.
        pub halfmove_clock: u32,
        /// The move number, from 1.
        pub fullmove_number: u32,
        /// The legacy dialect's `/xRC` last-picked marker, or null.
        #[serde(default)]
        pub marker: Option<JsonMarker>,
    }
}

/// The legacy Xiangqi `/xRC` marker in JSON, in the dialect's own
/// coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsonMarker {
    /// The row from the top, 0–9 (0 is black's back rank, rank 9).
    pub row: u8,
    /// The column from the left, 0–8 (0 is file a).
    pub col: u8,
}

impl XiangqiJson {
    pub(crate) fn from_position(position: &XiangqiPosition) -> XiangqiJson {
        let setup = &position.setup;
        let board = crate::Square::all()
            .filter_map(|square| {
                let piece = setup.board.get(square.index()).copied().flatten()?;
                Some((square.to_string(), (piece.letter(JSON_LETTERS) as char).to_string()))
            })
            .collect();
        let extras = &setup.extras;
        XiangqiJson {
            board,
            side_to_move: crate::color_name(extras.turn).to_owned(),
            halfmove_clock: extras.halfmove,
            fullmove_number: extras.fullmove,
            marker: extras.marker.map(|m| JsonMarker { row: m.row, col: m.col }),
        }
    }

    pub(crate) fn into_position(self, input: &str) -> Result<XiangqiPosition, ParseError> {
        let mut board = [None; 90];
        for (name, letter) in &self.board {
            let square = crate::Square::parse(name.as_bytes()).ok_or_else(|| {
                at_key(input, &["board", name], format!("{name:?} is not a Xiangqi point (a0 to i9)"))
            })?;
            let piece = match letter.as_bytes() {
                [b] => crate::Piece::from_letter(*b),
                _ => None,
            }
            .ok_or_else(|| {
                at_value(
                    input,
                    &["board", name],
                    format!("{letter:?} is not a Xiangqi piece letter (KABNRCP, kabnrcp, or the WXF or ICCS letters)"),
                )
            })?;
            board[square.index()] = Some(piece);
        }
        let turn = side_to_move(input, &self.side_to_move, &["red", "r", "w"], &["black", "b"])?;
        let marker = match self.marker {
            None => None,
            Some(JsonMarker { row, col }) if row <= 9 && col <= 8 => Some(Marker { row, col }),
            Some(JsonMarker { row, col }) => {
                let (key, message) = if row > 9 {
                    ("row", format!("marker row {row} is not 0-9 (the row from the top)"))
                } else {
                    ("col", format!("marker col {col} is not 0-8 (the column from the left)"))
                };
                return Err(at_value(input, &["marker", key], message));
            }
        };
        let extras = XiangqiExtras { turn, halfmove: self.halfmove_clock, fullmove: self.fullmove_number, marker };
        Ok(XiangqiPosition::new(Setup { board, extras }))
    }
}
