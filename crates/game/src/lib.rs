//! The contract between polyfen's games and the layers above them.
//!
//! A game crate (chess, Xiangqi, Khet, ...) depends on `polyfen-core` for
//! its codec and on this crate for everything the facade, the command line,
//! the service and Python ask of a game: [`GamePosition`] (notations, named
//! setups, diagrams, the JSON form, rules), [`RecordAdapter`] (the record
//! adapter: a move of a game record read, played, written and numbered) and
//! [`explain::Explain`] (its texts explained part by part), the options of
//! reading, writing and the rules, the errors and answers of the rules,
//! perft under control ([`PerftControl`]), and the shared pieces of
//! drawings ([`svg`]) and JSON reading ([`json`]), and a game's own record
//! formats ([`records`]: the tree of moves, a record read, the
//! [`records::RecordFormats`] a game lists). Nothing here names a
//! game: the facade's list of games is the one place where games are named
//! together.

mod extra;
mod options;
mod position;
mod record;
mod rules;

pub mod detect;
pub mod explain;
pub mod json;
pub mod records;
pub mod svg;
pub mod tags;

pub use extra::{Extra, ExtraAnswer, ExtraArgs};
pub use options::{PositionText, ReadOptions, RulesChanges, RulesInfo, RulesKey, Scoped, ScopedRules, WriteOptions};
pub use position::{GamePosition, MoveNotationOf, MoveReading, NULL_MOVE, RecordAdapter};
pub use record::{
    NoNullMove, Step, is_null_move, noting_repairs, play_step, playable, read_step, step_text, write_step,
};
pub use rules::{
    CastlingMoves, Counter, Divided, EnPassantPolicy, GameStatus, Judgement, MoveError, MoveNote, MoveToPlay,
    PerftControl, PerftProgress, PerftRun, Played, RuleError, RuleOptions, Standing, Stated, StopReason, Switch,
    Switches, check_perft_depth,
};
