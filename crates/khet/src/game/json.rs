//! The JSON form of a Khet position: the board and the facings as objects
//! from square names to letters, the side to move and the turn counter
//! (the schema is in the book's JSON chapter); and the laser shot in JSON.

use std::collections::BTreeMap;

use polyfen_core::{ParseError, Setup};
use polyfen_game::json::{at_key, at_value, board_map, facing_map, side_to_move};
use serde::{Deserialize, Serialize};

use super::KhetPosition;
use crate::{BeamEnd, Facing, KhetExtras, Laser};

polyfen_game::document! {
    /// A Khet position in JSON.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct KhetJson read from KhetDocument {
        /// Square name (`a1` to `j8`) → PKN letter (`ARPSXE` silver, `arpsxe`
        /// red), for occupied squares.
        #[serde(deserialize_with = "board_map")]
        pub board: BTreeMap<String, String>,
        /// Square name → facing (`n`, `e`, `s`, `w`), for every piece of the
        /// board and no other square.
        #[serde(deserialize_with = "facing_map")]
        pub facing: BTreeMap<String, String>,
        /// `silver` or `red`.
        pub side_to_move: String,
        /// The turn counter as written.
        pub turn_counter: u32,
    }
}

impl KhetJson {
    pub(crate) fn from_position(position: &KhetPosition, canonical: bool) -> KhetJson {
        let setup = &position.setup;
        let mut board = BTreeMap::new();
        let mut facing = BTreeMap::new();
        for square in crate::Square::all() {
            let Some(piece) = setup.board.get(square.index()).copied().flatten() else {
                continue;
            };
            let turned = if canonical { piece.canonical_facing() } else { piece.facing };
            board.insert(square.to_string(), (piece.letter() as char).to_string());
            facing.insert(square.to_string(), (turned.letter() as char).to_string());
        }
        KhetJson {
            board,
            facing,
            side_to_move: crate::color_name(setup.extras.turn).to_owned(),
            turn_counter: setup.extras.turn_counter,
        }
    }

    pub(crate) fn into_position(self, input: &str) -> Result<KhetPosition, ParseError> {
        let mut board = [None; 80];
        for (name, letter) in &self.board {
            let square = crate::Square::parse(name.as_bytes())
                .ok_or_else(|| at_key(input, &["board", name], format!("{name:?} is not a Khet square (a1 to j8)")))?;
            let mut piece = match letter.as_bytes() {
                [b] => crate::Piece::from_letter(*b),
                _ => None,
            }
            .ok_or_else(|| {
                at_value(input, &["board", name], format!("{letter:?} is not a PKN piece letter (ARPSXE, arpsxe)"))
            })?;
            let Some(turned) = self.facing.get(name) else {
                return Err(at_key(input, &["board", name], format!("the piece on {name} has no facing")));
            };
            piece.facing = match turned.as_bytes() {
                [b] => Facing::from_letter(*b),
                _ => None,
            }
            .ok_or_else(|| {
                at_value(input, &["facing", name], format!("facing {turned:?} is not \"n\", \"e\", \"s\" or \"w\""))
            })?;
            board[square.index()] = Some(piece);
        }
        if let Some(name) = self.facing.keys().find(|name| !self.board.contains_key(*name)) {
            return Err(at_key(input, &["facing", name], format!("{name:?} has a facing but no piece")));
        }
        let turn = side_to_move(input, &self.side_to_move, &["silver", "s"], &["red", "r"])?;
        let extras = KhetExtras { turn, turn_counter: self.turn_counter };
        Ok(KhetPosition::new(Setup { board, extras }))
    }
}

/// A laser shot in JSON: who fired, each beam's squares, bounces and
/// outcome, and what the shot removes.
///
/// ```json
/// {"color":"silver","sphinx":"j1","direction":"west",
///  "beams":[{"start":"j1","direction":"west","path":["i1","h1","g1","f1"],"bounces":[],
///            "outcome":{"kind":"removed","square":"f1","piece":"A","facing":"n"}}],
///  "removed":[{"square":"f1","piece":"A","facing":"n"}],"pharaohs_lost":[]}
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LaserJson {
    /// The side that fired: `silver` or `red`.
    pub color: String,
    /// The sphinx's square.
    pub sphinx: String,
    /// The way the sphinx fired: `north`, `east`, `south` or `west`.
    pub direction: String,
    /// The beams: the sphinx's first, then those an eye of Horus split off
    /// (each starting at its eye, going straight on).
    pub beams: Vec<BeamJson>,
    /// The pieces removed, each once.
    pub removed: Vec<PieceJson>,
    /// The sides whose pharaoh was removed (they lose).
    pub pharaohs_lost: Vec<String>,
}

/// One beam of a laser shot in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BeamJson {
    /// Where it starts (not part of `path`).
    pub start: String,
    /// The way it leaves `start`.
    pub direction: String,
    /// The squares it enters, in order, including the last.
    pub path: Vec<String>,
    /// Each mirror that turned it.
    pub bounces: Vec<BounceJson>,
    /// How it ends.
    pub outcome: OutcomeJson,
}

/// A bounce in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BounceJson {
    /// The mirror's square.
    pub square: String,
    /// The beam's direction before.
    pub from: String,
    /// The beam's direction after.
    pub to: String,
}

/// A piece on a square in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceJson {
    /// The square.
    pub square: String,
    /// The PKN letter.
    pub piece: String,
    /// The facing letter.
    pub facing: String,
}

/// How a beam ends, in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OutcomeJson {
    /// `left_board`, `absorbed`, `removed` or `repeats` (back at an eye of
    /// Horus the way an earlier beam crossed it).
    pub kind: String,
    /// The last square on the board, the absorbing or removed piece's
    /// square, or the eye's.
    pub square: String,
    /// For `left_board`, the way the beam went off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub direction: Option<String>,
    /// For `absorbed` and `removed`, the piece's PKN letter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// For `absorbed` and `removed`, the piece's facing letter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facing: Option<String>,
}

impl From<&Laser> for LaserJson {
    fn from(laser: &Laser) -> LaserJson {
        let beams = laser
            .beams
            .iter()
            .map(|beam| {
                let (kind, square, direction, piece) = match beam.end {
                    BeamEnd::LeftBoard { square, direction } => ("left_board", square, Some(direction), None),
                    BeamEnd::Absorbed { square, piece } => ("absorbed", square, None, Some(piece)),
                    BeamEnd::Removed { square, piece } => ("removed", square, None, Some(piece)),
                    BeamEnd::Repeats { square } => ("repeats", square, None, None),
                };
                BeamJson {
                    start: beam.start.to_string(),
                    direction: beam.direction.name().to_owned(),
                    path: beam.path.iter().map(ToString::to_string).collect(),
                    bounces: beam
                        .bounces
                        .iter()
                        .map(|b| BounceJson {
                            square: b.square.to_string(),
                            from: b.from.name().to_owned(),
                            to: b.to.name().to_owned(),
                        })
                        .collect(),
                    outcome: OutcomeJson {
                        kind: kind.to_owned(),
                        square: square.to_string(),
                        direction: direction.map(|d| d.name().to_owned()),
                        piece: piece.map(|p| (p.letter() as char).to_string()),
                        facing: piece.map(|p| (p.facing.letter() as char).to_string()),
                    },
                }
            })
            .collect();
        LaserJson {
            color: crate::color_name(laser.color).to_owned(),
            sphinx: laser.sphinx.to_string(),
            direction: laser.direction.name().to_owned(),
            beams,
            removed: laser
                .removed()
                .into_iter()
                .map(|(square, piece)| PieceJson {
                    square: square.to_string(),
                    piece: (piece.letter() as char).to_string(),
                    facing: (piece.facing.letter() as char).to_string(),
                })
                .collect(),
            pharaohs_lost: laser.pharaohs_hit().into_iter().map(|c| crate::color_name(c).to_owned()).collect(),
        }
    }
}
