//! What every game's moves share: the report of a move read in a form that
//! is not its notation's standard one ([`MoveRepair`]), the error of a move
//! that could not be read as a legal one ([`MoveParseError`], with the
//! [`Candidate`]s it may have meant), and the fixed-capacity list the move
//! generators fill ([`MoveList`]).

use core::fmt;
use core::ops::{Deref, Range};

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

/// A written move that could not be read as a legal move: what is wrong
/// (`kind`, the game's own), the bytes of the text it is about, the
/// notation it was read in where the game says so (`notation`, `()` where
/// it does not), and the legal moves it may have meant.
///
/// Its message is the kind's, then the candidates, as the kind's
/// [`MoveErrorMessage`] writes them.
///
/// ```
/// use polyfen_core::MoveParseError;
///
/// let mut error = MoveParseError::<String, &str>::new("no rook can go to d4".into(), 0..3);
/// error.candidates = vec!["Rad1", "Rfd1"];
/// assert_eq!(error.to_string(), "no rook can go to d4 (candidates: Rad1, Rfd1)");
/// assert_eq!(error.shifted(4).span, 4..7);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveParseError<K, C = String, N = ()> {
    /// What is wrong.
    pub kind: K,
    /// The bytes of the text the error is about.
    pub span: Range<usize>,
    /// The notation the text was read in, where the game tells it.
    pub notation: N,
    /// The legal moves that fit (an ambiguous move) or come closest (an
    /// illegal one), in the order the game gives them.
    pub candidates: Vec<C>,
}

impl<K, C, N: Default> MoveParseError<K, C, N> {
    /// An error of `kind` about `span`, in no notation yet and with no
    /// candidates.
    #[must_use]
    pub fn new(kind: K, span: Range<usize>) -> Self {
        MoveParseError { kind, span, notation: N::default(), candidates: Vec::new() }
    }
}

impl<K, C, N> MoveParseError<K, C, N> {
    /// The same error with its span moved `by` bytes right, for a move that
    /// is part of a longer text.
    #[must_use]
    pub fn shifted(mut self, by: usize) -> Self {
        self.span = self.span.start + by..self.span.end + by;
        self
    }
}

impl<K: MoveErrorMessage, C: fmt::Display, N> fmt::Display for MoveParseError<K, C, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.write_message(&self.span, &self.candidates, f)
    }
}

impl<K: MoveErrorMessage + fmt::Debug, C: fmt::Display + fmt::Debug, N: fmt::Debug> std::error::Error
    for MoveParseError<K, C, N>
{
}

/// How a kind of [`MoveParseError`] writes the error's message.
pub trait MoveErrorMessage: fmt::Display {
    /// Writes the message of an error of this kind about `span` with
    /// `candidates`: by default the kind, then the candidates in brackets,
    /// `no rook can go to d4 (candidates: Rad1, Rfd1)`.
    ///
    /// # Errors
    ///
    /// Only those of `f`.
    fn write_message(
        &self,
        span: &Range<usize>,
        candidates: &[impl fmt::Display],
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        let _ = span;
        write!(f, "{self}")?;
        for (i, c) in candidates.iter().enumerate() {
            f.write_str(if i == 0 { " (candidates: " } else { ", " })?;
            write!(f, "{c}")?;
        }
        if !candidates.is_empty() {
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// A kind that is its message in words.
impl MoveErrorMessage for String {}

/// A legal move an erroneous text may have meant, and how it is written (in
/// the notation the text was read in); it displays as its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate<M> {
    /// The move.
    pub mv: M,
    /// The move as written.
    pub text: String,
}

impl<M> fmt::Display for Candidate<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A move a [`MoveList`] can hold: a `Copy` type with a value to fill the
/// list's unused slots with (never read).
pub trait ListedMove: Copy {
    /// Any move, for the unused slots.
    const FILLER: Self;
}

/// A fixed-capacity list of at most `N` moves that derefs to a slice of
/// them: the legal moves of a position, on the stack.
#[derive(Clone)]
pub struct MoveList<M, const N: usize> {
    moves: [M; N],
    len: usize,
}

impl<M: ListedMove, const N: usize> MoveList<M, N> {
    /// An empty list.
    #[must_use]
    pub const fn new() -> Self {
        MoveList { moves: [M::FILLER; N], len: 0 }
    }

    /// Adds `m` (ignored when the list is full, which the legal moves of a
    /// game whose `N` is its most moves never make it).
    #[inline]
    pub fn push(&mut self, m: M) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }
}

impl<M: ListedMove, const N: usize> Default for MoveList<M, N> {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<M, const N: usize> Deref for MoveList<M, N> {
    type Target = [M];

    fn deref(&self) -> &[M] {
        &self.moves[..self.len]
    }
}

impl<M: fmt::Debug, const N: usize> fmt::Debug for MoveList<M, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a, M, const N: usize> IntoIterator for &'a MoveList<M, N> {
    type Item = &'a M;
    type IntoIter = core::slice::Iter<'a, M>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::{ListedMove, MoveList};

    impl ListedMove for u8 {
        const FILLER: u8 = 0;
    }

    #[test]
    fn a_full_list_keeps_its_first_moves() {
        let mut list = MoveList::<u8, 3>::new();
        assert!(list.is_empty());
        for m in 1..=4 {
            list.push(m);
        }
        assert_eq!(*list, [1, 2, 3]);
        assert_eq!(format!("{list:?}"), "[1, 2, 3]");
        assert_eq!((&list).into_iter().copied().sum::<u8>(), 6);
        assert!(MoveList::<u8, 3>::default().is_empty());
    }
}
