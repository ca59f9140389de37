//! One move's legality: why a move is not legal ([`IllegalMove`]), and one
//! move checked alone ([`Position::check_move`]): its piece's movement,
//! then played on a copy and the mover's king asked about, and for a pawn
//! dropped in front of the enemy king whether that side has a reply; the
//! whole list is never built for it.

use core::fmt;

use crate::bitboard::{COLUMN, PAWN, STEPS, ZONE, bit};
use crate::types::{Move, Piece, Role, color_name};

use super::{EMPTY, NO_KING, Position, forced};

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// No piece stands on the move's first square.
    NoPiece {
        /// The move.
        mv: Move,
    },
    /// The piece on the first square belongs to the side not to move.
    WrongSide {
        /// The move.
        mv: Move,
        /// The piece.
        piece: Piece,
    },
    /// The piece cannot go there by its movement (or would take a piece of
    /// its own side).
    CannotReach {
        /// The move.
        mv: Move,
        /// The piece.
        piece: Piece,
    },
    /// The move promotes a piece that may not promote there (outside the
    /// zone, or a gold, king or promoted piece).
    CannotPromote {
        /// The move.
        mv: Move,
        /// The piece.
        piece: Piece,
    },
    /// The move leaves unpromoted a piece that could never move again.
    MustPromote {
        /// The move.
        mv: Move,
        /// The piece.
        piece: Piece,
    },
    /// The mover holds no piece of the kind dropped (or the kind cannot be
    /// held: a king or a promoted piece).
    NotInHand {
        /// The move.
        mv: Move,
    },
    /// A piece is dropped on an occupied square.
    Occupied {
        /// The move.
        mv: Move,
    },
    /// A pawn, lance or knight is dropped where it could never move.
    DeadDrop {
        /// The move.
        mv: Move,
    },
    /// A pawn is dropped on a file that holds an unpromoted pawn of the
    /// mover (nifu).
    Nifu {
        /// The move.
        mv: Move,
    },
    /// A pawn drop that would mate (uchifuzume).
    PawnDropMate {
        /// The move.
        mv: Move,
    },
    /// The move leaves the mover's king in check.
    LeavesKingInCheck {
        /// The move.
        mv: Move,
    },
}

impl IllegalMove {
    /// The move refused.
    #[must_use]
    pub const fn mv(self) -> Move {
        match self {
            IllegalMove::NoPiece { mv }
            | IllegalMove::WrongSide { mv, .. }
            | IllegalMove::CannotReach { mv, .. }
            | IllegalMove::CannotPromote { mv, .. }
            | IllegalMove::MustPromote { mv, .. }
            | IllegalMove::NotInHand { mv }
            | IllegalMove::Occupied { mv }
            | IllegalMove::DeadDrop { mv }
            | IllegalMove::Nifu { mv }
            | IllegalMove::PawnDropMate { mv }
            | IllegalMove::LeavesKingInCheck { mv } => mv,
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mv = self.mv();
        let to = mv.to();
        let from = mv.from().map_or_else(String::new, |s| s.to_string());
        match *self {
            IllegalMove::NoPiece { .. } => write!(f, "no piece stands on {from} (move {mv})"),
            IllegalMove::WrongSide { piece, .. } => write!(
                f,
                "{} on {from} cannot move: it is {}'s move",
                piece.describe(),
                color_name(piece.color.other())
            ),
            IllegalMove::CannotReach { piece, .. } => write!(f, "{} on {from} cannot go to {to}", piece.describe()),
            IllegalMove::CannotPromote { piece, .. } => {
                if piece.role.can_promote() {
                    write!(
                        f,
                        "{} cannot promote going from {from} to {to}: neither square is in its promotion zone",
                        piece.describe()
                    )
                } else {
                    write!(f, "{} on {from} cannot promote", piece.describe())
                }
            }
            IllegalMove::MustPromote { piece, .. } => write!(
                f,
                "{} must promote on {to}: unpromoted it could never move again (write {mv}+)",
                piece.describe()
            ),
            IllegalMove::NotInHand { .. } => match mv {
                Move::Drop { role, .. } if role.hand_index().is_some() => {
                    write!(f, "no {} in hand to drop on {to}", role.name())
                }
                Move::Drop { role, .. } => write!(f, "a {} cannot be held in hand or dropped", role.name()),
                Move::Normal { .. } => write!(f, "{mv} is not a drop"),
            },
            IllegalMove::Occupied { .. } => write!(f, "cannot drop on {to}: the square is occupied"),
            IllegalMove::DeadDrop { .. } => write!(f, "cannot drop {mv}: the piece could never move from {to}"),
            IllegalMove::Nifu { .. } => {
                write!(
                    f,
                    "cannot drop a pawn on {to}: file {} already holds an unpromoted pawn of the mover (nifu)",
                    to.file()
                )
            }
            IllegalMove::PawnDropMate { .. } => {
                write!(f, "cannot drop a pawn on {to}: a pawn drop may not mate (uchifuzume)")
            }
            IllegalMove::LeavesKingInCheck { .. } => write!(f, "{mv} would leave the mover's king in check"),
        }
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// Why `m` is not legal, or `Ok` when it is.
    ///
    /// # Errors
    ///
    /// The [`IllegalMove`] that says why.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        let us = self.turn;
        match m {
            Move::Normal { from, to, promote } => {
                let Some(piece) = self.piece_at(from) else {
                    return Err(IllegalMove::NoPiece { mv: m });
                };
                if piece.color != us {
                    return Err(IllegalMove::WrongSide { mv: m, piece });
                }
                let targets =
                    Position::attacks(us, piece.role, from.index(), self.occupied()) & !self.by_color[us.index()];
                if targets & bit(to.index()) == 0 {
                    return Err(IllegalMove::CannotReach { mv: m, piece });
                }
                let zone = ZONE[us.index()];
                let in_zone = (bit(from.index()) | bit(to.index())) & zone != 0;
                if promote && !(piece.role.can_promote() && in_zone) {
                    return Err(IllegalMove::CannotPromote { mv: m, piece });
                }
                if !promote && forced(us, piece.role) & bit(to.index()) != 0 {
                    return Err(IllegalMove::MustPromote { mv: m, piece });
                }
            }
            Move::Drop { role, to } => {
                if role.hand_index().is_none() || self.hand_count(us, role) == 0 {
                    return Err(IllegalMove::NotInHand { mv: m });
                }
                if self.cells[to.index()] != EMPTY {
                    return Err(IllegalMove::Occupied { mv: m });
                }
                if forced(us, role) & bit(to.index()) != 0 {
                    return Err(IllegalMove::DeadDrop { mv: m });
                }
                if role == Role::Pawn && self.pieces(us, Role::Pawn) & COLUMN[to.index() % 9] != 0 {
                    return Err(IllegalMove::Nifu { mv: m });
                }
            }
        }
        // The move is pseudo-legal: it is legal unless it leaves the mover's
        // king attacked, or it is a pawn drop that mates (the pawn checks
        // from in front of the king, and the checked side has no reply).
        let next = self.played(m);
        if next.mover_left_in_check() {
            return Err(IllegalMove::LeavesKingInCheck { mv: m });
        }
        if let Move::Drop { role: Role::Pawn, to } = m {
            let k = self.kings[us.other().index()];
            if k != NO_KING
                && STEPS[us.other().index()][PAWN][usize::from(k)] & bit(to.index()) != 0
                && !next.has_legal_move()
            {
                return Err(IllegalMove::PawnDropMate { mv: m });
            }
        }
        Ok(())
    }

    /// Whether the side that just moved left its own king in check.
    fn mover_left_in_check(&self) -> bool {
        let them = self.turn.other();
        let k = self.kings[them.index()];
        k != NO_KING && self.attackers(usize::from(k), self.turn, self.occupied()) != 0
    }
}
