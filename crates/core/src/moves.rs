//! What every game's move reader shares: the report of a move read in a form
//! that is not its notation's standard one.

use core::fmt;
use core::ops::Range;

/// A move read leniently: the text was not written in a standard form of its
/// notation, and the reader took it to mean the move the message names.
///
/// Strict readers refuse such text; the lenient readers of each game accept
/// it and push one `MoveRepair` per non-standard reading, so that nothing is
/// guessed silently (a wrong guess would corrupt a game record).
///
/// ```
/// use polyfen_core::MoveRepair;
///
/// let repair = MoveRepair::reading(0..2, "c4", "dxc4");
/// assert_eq!(repair.to_string(), "read 'c4' as 'dxc4'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveRepair {
    /// The bytes of the move text that were read leniently.
    pub span: Range<usize>,
    /// What was read, in words: `read 'c4' as 'dxc4'`.
    pub message: String,
}

impl MoveRepair {
    /// A repair with its own message.
    pub fn new(span: Range<usize>, message: impl Into<String>) -> MoveRepair {
        MoveRepair { span, message: message.into() }
    }

    /// The usual repair: `read 'TEXT' as 'STANDARD'`.
    #[must_use]
    pub fn reading(span: Range<usize>, text: &str, standard: &str) -> MoveRepair {
        MoveRepair { span, message: format!("read '{text}' as '{standard}'") }
    }

    /// The same repair with its span moved `by` bytes right, for a move
    /// that is part of a longer text.
    #[must_use]
    pub fn shifted(self, by: usize) -> MoveRepair {
        MoveRepair { span: self.span.start + by..self.span.end + by, message: self.message }
    }
}

impl fmt::Display for MoveRepair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}
