//! What every game's moves share: the report of a move read in a form that
//! is not its notation's standard one ([`MoveRepair`]), and the
//! fixed-capacity list the move generators fill ([`MoveList`]).

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
