//! The JSON form of a Shogi position: the board as an object from square
//! names (`7g`) to SFEN letters (`P`, `+p`), the side to move in words,
//! each side's hand as an object from a kind's letter to its count, and the
//! move number (the schema is in the book's JSON chapter).

use std::collections::BTreeMap;

use polyfen_core::{Color, Hand, ParseError, Setup};
use polyfen_game::json::{at_key, at_value, board_map, side_to_move};
use serde::{Deserialize, Serialize};

use super::ShogiPosition;
use crate::{Piece, Role, ShogiExtras, Square, color_name};

polyfen_game::document! {
    /// A Shogi position in JSON.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct ShogiJson read from ShogiDocument {
        /// Square name (`9a` to `1i`: file digit, rank letter) → SFEN letter
        /// (`KRBGSNLP` sente, `krbgsnlp` gote, `+` before a promoted piece),
        /// for occupied squares.
        #[serde(deserialize_with = "board_map")]
        pub board: BTreeMap<String, String>,
        /// `sente` or `gote`.
        pub side_to_move: String,
        /// Each side's pieces in hand: `sente` and `gote`, each an object from
        /// a kind's uppercase letter (`R B G S N L P`) to its count; kinds not
        /// held are left out.
        pub hands: Hands,
        /// The move number, counting plies from 1.
        pub move_number: u32,
    }
}

/// Both hands in JSON.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hands {
    /// Sente's hand.
    #[serde(default)]
    pub sente: BTreeMap<String, u8>,
    /// Gote's hand.
    #[serde(default)]
    pub gote: BTreeMap<String, u8>,
}

impl ShogiJson {
    pub(crate) fn from_position(position: &ShogiPosition) -> ShogiJson {
        let setup = &position.setup;
        let board = Square::all()
            .filter_map(|square| {
                let piece = setup.board[square.index()]?;
                Some((square.to_string(), letters(piece)))
            })
            .collect();
        let extras = &setup.extras;
        let hand = |color: Color| {
            Role::HAND
                .iter()
                .enumerate()
                .filter(|&(kind, _)| extras.hand.count(color, kind) > 0)
                .map(|(kind, role)| ((role.letter() as char).to_string(), extras.hand.count(color, kind)))
                .collect()
        };
        ShogiJson {
            board,
            side_to_move: color_name(extras.turn).to_owned(),
            hands: Hands { sente: hand(Color::White), gote: hand(Color::Black) },
            move_number: extras.move_number,
        }
    }

    pub(crate) fn into_position(self, input: &str) -> Result<ShogiPosition, ParseError> {
        let mut board = [None; 81];
        for (name, letter) in &self.board {
            let square = Square::parse(name.as_bytes()).ok_or_else(|| {
                at_key(
                    input,
                    &["board", name],
                    format!("{name:?} is not a Shogi square (9a to 1i: a file digit, a rank letter)"),
                )
            })?;
            let piece = piece(letter).ok_or_else(|| {
                at_value(
                    input,
                    &["board", name],
                    format!("{letter:?} is not a Shogi piece (KRBGSNLP, krbgsnlp, + before a promoted piece)"),
                )
            })?;
            board[square.index()] = Some(piece);
        }
        let turn = side_to_move(input, &self.side_to_move, &["sente", "b", "black"], &["gote", "w", "white"])?;
        let mut hand = Hand::EMPTY;
        for (color, side, held) in
            [(Color::White, "sente", &self.hands.sente), (Color::Black, "gote", &self.hands.gote)]
        {
            for (letter, &count) in held {
                let kind = match letter.as_bytes() {
                    [b] => Role::HAND.iter().position(|r| r.letter() == b.to_ascii_uppercase()),
                    _ => None,
                }
                .ok_or_else(|| {
                    at_key(
                        input,
                        &["hands", side, letter],
                        format!("{letter:?} is no kind a hand holds (R B G S N L P)"),
                    )
                })?;
                hand.set(color, kind, count);
            }
        }
        let extras = ShogiExtras { turn, hand, move_number: self.move_number };
        Ok(ShogiPosition::new(Setup { board, extras }))
    }
}

/// A piece's SFEN letters: `P`, `+p`.
fn letters(piece: Piece) -> String {
    let letter = piece.color.case(piece.role.letter()) as char;
    if piece.role.is_promoted() { format!("+{letter}") } else { letter.to_string() }
}

/// The piece SFEN letters stand for.
fn piece(text: &str) -> Option<Piece> {
    let (promoted, letter) = match text.as_bytes() {
        [b'+', l] => (true, *l),
        [l] => (false, *l),
        _ => return None,
    };
    let color = Color::of_ascii_case(letter)?;
    Some(Piece { color, role: Role::from_letter(letter, promoted)? })
}
