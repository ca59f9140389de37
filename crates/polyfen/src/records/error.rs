//! The one error of a game that could not be read, whatever the format.

use std::fmt;

use crate::records::format::RecordFormat;
use crate::records::model::Game;
use crate::records::pgn::{Location, PgnError, PgnRepair};
use crate::records::record_error::RecordError;

/// A game that could not be read, in any format: its number in the input,
/// what went wrong and where (line, column and byte offset in a PGN text;
/// the byte offset alone in a record file, whose location has line and
/// column 0), the tags and repairs read before the problem, and the game as
/// far as it could be read.
///
/// Written `game N: line L, column C: MESSAGE` for a PGN game and
/// `game N: FORMAT: byte B: MESSAGE` for a game of a record file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    /// The game's number in its input, from 1.
    pub game: u64,
    /// The format the game was read from.
    pub format: RecordFormat,
    /// The tags read.
    pub tags: Vec<(String, String)>,
    /// What went wrong, and where.
    pub error: PgnError,
    /// The repairs made before the error.
    pub repairs: Vec<PgnRepair>,
    /// The game read up to the error. In PGN: the tags, every move before
    /// the bad one (the main line, and the variations begun before it,
    /// closed there), the comments, and the rest of the movetext as text
    /// ([`Game::unplayed`]), so that writing it loses nothing; `None` when
    /// the error came before the movetext (a tag, a start position that
    /// cannot be played) and when only checking
    /// ([`crate::records::GameOptions::check_only`]). In a record file: the
    /// game up to the bad record, when its header was read.
    pub partial: Option<Box<Game>>,
}

impl GameError {
    /// Game `game`'s error from a record reader (its tags and repairs are
    /// those of the game read up to it).
    #[must_use]
    pub fn from_record(error: RecordError, game: u64, format: RecordFormat) -> GameError {
        let RecordError { message, offset, partial } = error;
        let (tags, repairs) = partial.as_ref().map(|g| (g.tags.clone(), g.repairs.clone())).unwrap_or_default();
        GameError {
            game,
            format,
            tags,
            error: PgnError::new(message, Location { offset, line: 0, column: 0 }),
            repairs,
            partial,
        }
    }

    /// What went wrong, in words.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.error.message
    }

    /// The byte offset of the problem in the input (the decoded text, for
    /// PGN).
    #[must_use]
    pub fn offset(&self) -> u64 {
        self.error.at.offset
    }

    /// The line of the problem, from 1; `None` in a format read by byte
    /// offset alone (every format but PGN).
    #[must_use]
    pub fn line(&self) -> Option<u64> {
        (self.format == RecordFormat::Pgn).then_some(self.error.at.line)
    }

    /// The column of the problem in characters, from 1; `None` where
    /// [`GameError::line`] is.
    #[must_use]
    pub fn column(&self) -> Option<u64> {
        (self.format == RecordFormat::Pgn).then_some(self.error.at.column)
    }

    /// The error without the game's number: `line L, column C: MESSAGE`
    /// for PGN, `FORMAT: byte B: MESSAGE` for a record file.
    #[must_use]
    pub fn detail(&self) -> Detail<'_> {
        Detail(self)
    }
}

/// A [`GameError`] written without its game's number
/// ([`GameError::detail`]).
#[derive(Clone, Copy, Debug)]
pub struct Detail<'a>(&'a GameError);

impl fmt::Display for Detail<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let error = self.0;
        if error.format != RecordFormat::Pgn {
            write!(f, "{}: ", error.format)?;
        }
        write!(f, "{}", error.error)
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}: {}", self.game, self.detail())
    }
}

impl std::error::Error for GameError {}
