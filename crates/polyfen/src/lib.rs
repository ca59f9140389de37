//! polyfen: read, check, convert and write the text notations of several
//! board games through one generic codec.
//!
//! This is the crate users depend on. It puts the variant crates (chess,
//! Xiangqi, Khet) behind one type, [`AnyPosition`], and one entry point,
//! [`read`], which detects the notation of a string (or takes the one you
//! name) and returns the position with what a lenient reading repaired.
//! Every position can be written in any notation of its game and in JSON
//! ([`Position::write_to`]), validated ([`Position::violations`]) and drawn
//! ([`Position::render`]); each game's named start positions are in
//! [`VariantId::setups`].
//!
//! # Examples
//!
//! ```
//! use polyfen::{read, Notation, Position, ReadOptions, WriteOptions};
//!
//! let reading = read("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", None, &ReadOptions::default())?;
//! assert_eq!(reading.notation, Notation::Fen);
//! let shredder = reading.position.to_notation(Notation::ShredderFen, &WriteOptions::default())?;
//! assert_eq!(shredder.text, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
//! assert!(reading.position.violations().is_empty());
//!
//! let legacy = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04";
//! let reading = read(legacy, None, &ReadOptions::default())?;
//! assert_eq!(reading.notation, Notation::XiangqiLegacy);
//! let standard = reading.position.to_notation(Notation::XiangqiFen, &WriteOptions::default())?;
//! assert_eq!(standard.text, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
//! assert_eq!(standard.warnings.len(), 1); // the marker /x04 has no place in standard FEN
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// `Position` before `AnyPosition`: enum_dispatch implements the trait for
// the enum where it meets the second of the two.
mod position;

mod any;
mod detect;
pub mod explain;
pub mod extras;
mod ids;
pub mod json;
mod list;
mod per_game;
mod read;
pub mod records;
pub mod rules;
pub mod schema;
mod styles;
pub mod svg;

pub use any::AnyPosition;
pub use detect::{Candidates, candidates, detect};
pub use ids::{
    MoveNotation, Notation, RulesExplained, RulesScope, ScopeEntered, VariantId, data_twins, define_rules,
    describe_rules, explain_rules,
};
pub use polyfen_game::{ReadOptions, RulesInfo, RulesKey, WriteOptions};
pub use position::{ConvertError, Position, Written};
pub use read::{ReadError, Reading, read, read_as};
pub use rules::{
    CastlingMoves, Counter, Divided, EnPassantPolicy, GameStatus, MoveError, PerftControl, PerftProgress, Played,
    RuleError, RuleOptions, RulesError, Standing, StopReason, Switch, Switches,
};
pub use styles::{RenderStyle, letter_set, letter_sets};
pub use {
    polyfen_chess, polyfen_core, polyfen_core::MoveRepair, polyfen_core::char_column, polyfen_fairy, polyfen_game,
    polyfen_khet, polyfen_shogi, polyfen_xiangqi,
};

/// The chapter "The JSON schema" of the book, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/src/json.md")]
pub struct JsonChapter;

/// The chapter "Reading a notation, part by part" of the book, compiled
/// and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/src/reading-part-by-part.md")]
pub struct ReadingChapter;

/// The chapter "Game records" of the book, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/src/game-records.md")]
pub struct GameRecordsChapter;

/// The chapter "Xiangqi record files" of the book, compiled and run as doc
/// tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/src/xiangqi-records.md")]
pub struct XiangqiRecordsChapter;

/// The chapter "polyfen at scale" of the book, compiled and run as doc
/// tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/src/at-scale.md")]
pub struct AtScaleChapter;
