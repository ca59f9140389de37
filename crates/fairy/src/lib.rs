//! Games as data: Fairy-Stockfish's variants-file format, read exactly,
//! into definitions polyfen can explain, print and, in later steps, play.
//!
//! - [`Variants`]: a set of games — the 121 Fairy-Stockfish plays built in
//!   (written as a variants file of polyfen's own, [`BUILTIN_INI`]), and
//!   those of any file [`Variants::read`] is given;
//! - [`Definition`]: one game after inheritance, every [`Field`] with its
//!   [`Origin`], the pieces with their letters and moves, written back as a
//!   section by [`Definition::write_section`];
//! - [`Betza`]: a piece's moves in Betza notation, read as Fairy-Stockfish
//!   reads it, as a table of moves and in words;
//! - [`keys`]: every key, its type, default and meaning; [`Region`],
//!   [`PieceSet`] and [`value`] the typed values;
//! - [`Diagnostic`]: each problem of a file, with its line, section and key;
//! - [`FairySetup`]: a position of a defined game in Fairy-Stockfish's FEN,
//!   its board read and written by the core codec through the game's
//!   [`Letters`];
//! - [`Rules`] and [`Position`]: a defined game played — legal moves from
//!   its Betza pieces and rule keys, UCI moves, perft.
//!
//! - [`registry`]: the games a process knows, the built-in ones and those
//!   of the files it was given, each compiled once;
//! - [`FairyPosition`]: those games as one game of polyfen's list (`fairy`,
//!   each game one of its rules variants), for the layers above.
//!
//! Depends on `polyfen-core` and the game contract, `polyfen-game`; does no
//! I/O.

pub mod betza;
pub mod definition;
pub mod error;
pub mod fen;
pub mod game;
pub mod keys;
pub mod piece;
mod reader;
pub mod region;
pub mod registry;
pub mod rules;
pub mod value;

pub use betza::{Betza, BetzaError};
pub use definition::{Definition, Origin, PieceSlot, Provenance};
pub use error::{Diagnostic, Problem, ReadError, Severity};
pub use fen::{Cell, FairySetup, Letters, Piece, Pocket, Violation};
pub use game::{FairyAdapter, FairyJson, FairyMoveNotation, FairyNotation, FairyPosition};
pub use keys::Field;
pub use piece::{PieceKind, PieceSet};
pub use reader::{BUILTIN_INI, BUILTIN_SOURCE, ReadReport, Variants, known_keys};
pub use region::Region;
pub use rules::{FamilyNotation, Move, MoveError, MoveKind, Position, PositionError, Rules};
pub use value::{Outcome, Value};
