//! A Xiangqi move: a piece going from one point to another.

use crate::Square;

/// A move from one point to another; captures are moves onto an occupied
/// point. Which piece moves is the board's business.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The point the piece leaves.
    pub from: Square,
    /// The point it goes to.
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}
