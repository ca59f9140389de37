//! The visitor API: what a game's reader is told ([`Visitor`]), in order,
//! and with it what it answers ([`Flow`]), where a token is ([`Here`], its
//! line and column found only when asked for), a comment's bytes checked
//! only when asked for ([`RawText`]), and why a game could not be read
//! ([`PgnError`]).

use std::fmt;

use super::buffer::{Cursor, Stretch};
use super::{Location, PgnRepair};

/// What the visitor wants next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on reading.
    Continue,
    /// Skip: the variation just begun (from [`Visitor::begin_variation`]),
    /// or else the rest of the game's movetext.
    Skip,
}

/// Why a game could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// What is wrong, in words.
    pub message: String,
    /// Where.
    pub at: Location,
}

impl PgnError {
    /// An error `message` at `at`.
    pub fn new(message: impl Into<String>, at: Location) -> PgnError {
        PgnError { message: message.into(), at }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

impl std::error::Error for PgnError {}

/// A comment's bytes as written, checked as UTF-8 only when asked for: a
/// visitor that does not keep comments does not pay for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawText<'a>(pub(super) &'a [u8], pub(super) Stretch<'a>);

impl<'a> RawText<'a> {
    /// Bytes not known to be UTF-8.
    pub(super) fn new(bytes: &'a [u8]) -> RawText<'a> {
        RawText(bytes, Stretch::default())
    }

    /// The bytes.
    #[must_use]
    pub fn as_bytes(&self) -> &'a [u8] {
        self.0
    }

    /// The text, or the byte offset (within it) where it stops being UTF-8.
    /// A comment the reader found in a stretch of the buffer it had checked
    /// already (for the moves around it) is not checked again.
    ///
    /// # Errors
    ///
    /// The offset of the first byte that is not UTF-8.
    #[inline]
    pub fn to_str(&self) -> Result<&'a str, usize> {
        let Stretch { text, offset } = self.1;
        match text.get(offset..offset.wrapping_add(self.0.len())) {
            Some(text) => Ok(text),
            None => std::str::from_utf8(self.0).map_err(|e| e.valid_up_to()),
        }
    }
}

/// A handle on the token being visited, to find its line and column only
/// when they are needed (an error, a repair).
pub struct Here<'a> {
    /// The buffer the token is in.
    pub(super) cursor: &'a Cursor,
    /// The token's index in it.
    pub(super) index: usize,
}

impl Here<'_> {
    /// The token's location.
    #[must_use]
    pub fn location(&self) -> Location {
        self.cursor.locate(self.index)
    }
}

/// What a game's reader is told, in order: [`begin_game`](Visitor::begin_game),
/// the tags, [`begin_movetext`](Visitor::begin_movetext), the movetext's
/// moves, comments, NAGs and variations, the result, and
/// [`end_game`](Visitor::end_game), which returns what the visitor made of
/// the game. Every method but `end_game` has a default that ignores it.
pub trait Visitor {
    /// What a game becomes.
    type Output;

    /// A game begins; `number` counts games from 1.
    fn begin_game(&mut self, number: u64, at: Location) {
        let _ = (number, at);
    }

    /// A tag pair, its value unescaped.
    fn tag(&mut self, name: &str, value: &str) {
        let _ = (name, value);
    }

    /// The tags are over. [`Flow::Skip`] skips the movetext.
    fn begin_movetext(&mut self) -> Flow {
        Flow::Continue
    }

    /// A move's text (without move number and `!?` suffixes).
    /// [`Flow::Skip`] skips the rest of the game.
    fn san(&mut self, text: &str, here: &Here<'_>) -> Flow {
        let _ = (text, here);
        Flow::Continue
    }

    /// A numeric annotation glyph (`$n`, or a `!?` suffix as its number).
    fn nag(&mut self, nag: u8, here: &Here<'_>) -> Flow {
        let _ = (nag, here);
        Flow::Continue
    }

    /// A comment's text, between the braces (or after `;`), as written.
    fn comment(&mut self, text: RawText<'_>, here: &Here<'_>) -> Flow {
        let _ = (text, here);
        Flow::Continue
    }

    /// A variation begins (`here` is its parenthesis). [`Flow::Skip`]
    /// skips it.
    fn begin_variation(&mut self, here: &Here<'_>) -> Flow {
        let _ = here;
        Flow::Continue
    }

    /// A variation ends.
    fn end_variation(&mut self) {}

    /// The result marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
    fn result(&mut self, text: &str) {
        let _ = text;
    }

    /// A repair made while reading.
    fn repair(&mut self, repair: PgnRepair) {
        let _ = repair;
    }

    /// Where the visitor wants the rest of the movetext kept from, when
    /// it is skipped: after the visitor asked to skip it (`error` is
    /// `None`), or after the reader's `error`. An input offset, at most
    /// the start of the token just read; `None` (the default) keeps
    /// nothing.
    fn unplayed_from(&self, error: Option<&PgnError>) -> Option<u64> {
        let _ = error;
        None
    }

    /// The movetext skipped from [`Visitor::unplayed_from`]'s offset to
    /// the game's end, trimmed, without its result marker, which comes as
    /// `result` when one ends the game. Called before
    /// [`Visitor::end_game`], unless the text was over [`MAX_TOKEN`](super::MAX_TOKEN)
    /// bytes.
    fn unplayed(&mut self, text: RawText<'_>, result: Option<&str>) {
        let _ = (text, result);
    }

    /// The game is over; `error` says why it could not be read to its end.
    fn end_game(&mut self, error: Option<PgnError>) -> Self::Output;
}
