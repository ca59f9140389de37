//! Game records: one model and one reader design for every game.
//!
//! A [`Game`] is tags, a start position, a tree of moves (the main line and
//! nested variations) with comments and NAGs, and a result. The PGN reader
//! ([`pgn::PgnReader`]) knows PGN's grammar and nothing of any game; its
//! [`pgn::Visitor`] gets each move's text, and the [`GameBuilder`] reads it
//! with the rules of the game the tags name ([`RecordAdapter`]: chess SAN, LAN
//! and UCI; every Xiangqi notation, detected per move; Khet). The writer
//! ([`Game::write_pgn`]) and the JSON form ([`GameJson`]) write the moves in
//! any notation of the game.
//!
//! A null move (a pass, as annotators show a threat) is read from `--`,
//! `Z0`, `0000` or `@@@@` in every game ([`is_null_move`]), refused in
//! check, and kept as [`NULL_MOVE`]; it is written `--` in SAN and LAN,
//! `0000` in UCI, UCCI, uci-1 and Khet's notation, and ICCS, WXF and the
//! Chinese notation, which have none, refuse to write it. A game with a bad
//! move is a [`GameError`] that keeps the game read up to it
//! ([`GameError::partial`], the rest of its movetext in [`Game::unplayed`]).
//!
//! [`Records`] opens an input of any format — a path, bytes or a reader,
//! the format and encoding found or forced — and gives its games, each a
//! [`Game`] or a [`GameError`], the one error of every format.
//!
//! # Examples
//!
//! ```
//! use polyfen::MoveNotation;
//! use polyfen::records::{GameOptions, read_pgn};
//!
//! let pgn = r#"[Game "Chinese Chess"]
//! [Format "ICCS"]
//!
//! 1. H2-E2 H9-G7 2. H0-G2 {a quiet start} *
//! "#;
//! let game = read_pgn(pgn, GameOptions::default()).remove(0)?;
//! let mut chinese = String::new();
//! game.write_pgn(Some(MoveNotation::Chinese), &mut chinese)?;
//! assert!(chinese.contains("1. 炮二平五 马８进７ 2. 马二进三 {a quiet start} *"));
//! assert!(chinese.contains("[Format \"Chinese\"]"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod adapter;
mod build;
mod encoding;
mod error;
mod format;
pub mod json;
mod model;
mod open;
pub mod pgn;
mod record_error;
mod write;

pub use adapter::{MoveNote, NULL_MOVE, RecordAdapter, is_null_move};
pub use build::{GameBuilder, GameOptions, GameResult, Games, read_pgn};
pub use encoding::{Encoding, decode, detect, encoding_for};
pub use error::{Detail, GameError};
pub use format::{RecordFormat, detect_format};
pub use json::{GameJson, NodeJson, RepairJson, VariationJson};
pub use model::{Command, Eval, Game, Node, Variation, commands};
pub use open::{OpenOptions, Records, decode_text};
pub use record_error::RecordError;
pub use write::{LINE_WIDTH, MainLine, coordinates, pgn_notation, play_null, position_notation};
