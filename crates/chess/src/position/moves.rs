//! A chess move as the generator makes it: its squares, the piece, a
//! promotion and what it does besides moving one piece ([`MoveKind`]), and
//! the list of a position's legal moves ([`MoveList`]).

use core::fmt;

use arrayvec::ArrayVec;

use crate::types::{Role, Square};

/// What a move does besides moving one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or capture on the destination square (promotions included).
    Normal,
    /// A pawn takes a pawn that has just moved two squares past it.
    EnPassant,
    /// Castling, stored as the king taking its own rook.
    Castle,
    /// Crazyhouse: a piece from the pocket put on an empty square, stored
    /// with the square as both departure and destination.
    Drop,
}

/// A legal move of some position.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) role: Role,
    pub(crate) promotion: Option<Role>,
    pub(crate) kind: MoveKind,
}

impl Move {
    /// The square the piece leaves (the king's, for castling).
    #[must_use]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The destination; for castling, the square of the rook.
    #[must_use]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The role of the piece that moves (the king, for castling).
    #[must_use]
    pub const fn role(self) -> Role {
        self.role
    }

    /// The role a pawn promotes to.
    #[must_use]
    pub const fn promotion(self) -> Option<Role> {
        self.promotion
    }

    /// Normal, en passant or castling.
    #[must_use]
    pub const fn kind(self) -> MoveKind {
        self.kind
    }

    /// True for castling.
    #[must_use]
    pub fn is_castle(self) -> bool {
        self.kind == MoveKind::Castle
    }

    /// True for a crazyhouse drop.
    #[must_use]
    pub fn is_drop(self) -> bool {
        self.kind == MoveKind::Drop
    }

    /// Where the king lands, for castling: the g-file or c-file of its rank.
    #[must_use]
    pub fn king_destination(self) -> Square {
        if self.kind == MoveKind::Castle {
            let file = if self.to.file() > self.from.file() { 6 } else { 2 };
            Square::new(file, self.from.rank()).unwrap_or(self.to)
        } else {
            self.to
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} {}{}", self.role, self.from, self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "={p:?}")?;
        }
        match self.kind {
            MoveKind::Normal => Ok(()),
            MoveKind::EnPassant => f.write_str(" e.p."),
            MoveKind::Castle => f.write_str(" castle"),
            MoveKind::Drop => f.write_str(" drop"),
        }
    }
}

/// At most 218 moves are legal in any chess position.
pub type MoveList = ArrayVec<Move, 256>;
