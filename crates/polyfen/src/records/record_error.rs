//! The error reading a game's own record format gives (a binary record's,
//! `DhtmlXQ`'s, CBF's), with the byte offset and the game read up to it:
//! the game's [`polyfen_game::records::RecordError`] with its game made a
//! game of any game (format.rs).

use std::fmt;

use crate::records::model::Game;

/// Why a binary record could not be read, and the byte offset (from the
/// start of the file) where the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// What is wrong, in words.
    pub message: String,
    /// The byte offset in the file.
    pub offset: u64,
    /// The game read up to the bad record, when the header was read: its
    /// tags, its start position and every legal move before the record
    /// (the moves of the tree read before it, in XQF's and CBR's preorder).
    pub partial: Option<Box<Game>>,
}

impl RecordError {
    /// An error `message` at byte `offset`, with no game read.
    pub fn new(message: impl Into<String>, offset: usize) -> RecordError {
        RecordError { message: message.into(), offset: offset as u64, partial: None }
    }

    /// The same error, with the game read up to it.
    #[must_use]
    pub fn with_partial(mut self, game: Game) -> RecordError {
        self.partial = Some(Box::new(game));
        self
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for RecordError {}
