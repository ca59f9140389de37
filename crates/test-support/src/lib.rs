//! What the polyfen test suites share, written once:
//!
//! - [`corpus`] and [`Corpus`]: a path in the public test corpus, `../shared/corpus`
//!   beside the repository, or a skip said on one line when it is absent
//!   (a failure when `POLYFEN_CORPUS=required`, as CI sets);
//! - [`data_lines`]: the lines of a file of the repository's own
//!   `tests/data`;
//! - [`files_below`]: the files below a folder, at any depth;
//! - [`perft`]: the cases of a perft suite (`id`, `epd`, `perft DEPTH
//!   NODES` lines);
//! - [`Rng`]: a seeded xorshift generator, so that random games are the
//!   same on every run;
//! - [`underline`] and [`carets`]: an input with carets under a span and a message, how
//!   snapshots show an error;
//! - [`process`]: running a binary with arguments and standard input;
//! - [`report`]: a table of named cases as one snapshot;
//! - [`assert_lines_read_back`]: a game record's lines of moves, read back
//!   from what polyfen wrote, against its own and another reader's, and
//!   [`assert_games_read_back_as_recorded`] for each game of a file of
//!   another reader's readings;
//! - [`CHESS_VARIANT_NAMES`]: the names lichess and python-chess write for
//!   the chess variants.
//!
//! It depends on no polyfen crate, so that every crate of the workspace
//! can use it as a dev-dependency. It is not published.

mod corpus;
mod data;
mod files;
mod lines;
mod names;
pub mod perft;
pub mod process;
mod report;
mod rng;
mod span;

pub use corpus::{CORPUS_ENV, Corpus, corpus, corpus_root, tsv_rows};
pub use data::{data_lines, data_path};
pub use files::files_below;
pub use lines::{assert_games_read_back_as_recorded, assert_lines_read_back};
pub use names::CHESS_VARIANT_NAMES;
pub use report::report;
pub use rng::Rng;
pub use span::{carets, underline};
