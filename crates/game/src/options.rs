//! The choices of reading and writing that are not part of a notation's id.

use crate::EnPassantPolicy;

/// Choices for writing that are not part of the notation id. Each applies
/// to the notations named and is ignored by the others.
///
/// # Examples
///
/// ```
/// use polyfen_game::{EnPassantPolicy, WriteOptions};
///
/// let options = WriteOptions::default().with_letters("wxf").with_en_passant(EnPassantPolicy::Legal);
/// assert_eq!(options.letters, "wxf");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriteOptions {
    /// The name of the piece-letter set to write, for a game that has more
    /// than one (Xiangqi's `xqbase`, `wxf`, `iccs` in `xiangqi-fen` and
    /// `xiangqi-legacy`); empty for the game's default. JSON always writes
    /// the default letters.
    pub letters: &'static str,
    /// Write every Khet scarab and eye of Horus facing `n` or `e` (the same
    /// pieces as `s` and `w`) in `pkn` and JSON, instead of as read.
    pub canonical: bool,
    /// When chess FEN and EPD write the en passant square.
    pub en_passant: EnPassantPolicy,
}

impl WriteOptions {
    /// These options with the letter set named `letters` (a game's letter
    /// set type converts into its name).
    #[must_use]
    pub fn with_letters(mut self, letters: impl Into<&'static str>) -> WriteOptions {
        self.letters = letters.into();
        self
    }

    /// These options with the chess en passant policy `policy`.
    #[must_use]
    pub fn with_en_passant(mut self, policy: EnPassantPolicy) -> WriteOptions {
        self.en_passant = policy;
        self
    }

    /// These options with canonical Khet facings (`true`) or facings as read.
    #[must_use]
    pub fn with_canonical(mut self, canonical: bool) -> WriteOptions {
        self.canonical = canonical;
        self
    }
}

/// Choices for reading.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadOptions {
    /// Accept the lenient forms of the notation and report each repair:
    /// each game says what its lenient reading takes (for chess the core's
    /// lenient codec, for `xiangqi-fen` the legacy dialect, for `pkn` the
    /// reference program's reading).
    pub lenient: bool,
}

impl ReadOptions {
    /// Strict (`false`) or lenient (`true`) reading.
    #[must_use]
    pub fn lenient(lenient: bool) -> ReadOptions {
        ReadOptions { lenient }
    }
}
