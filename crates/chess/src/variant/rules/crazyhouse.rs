//! Crazyhouse: the legal drops from the pocket, and playing a move with
//! its pocket (a piece taken joins the taker's, a drop leaves it, a
//! promoted piece keeps its mark).

use super::VariantPosition;
use crate::bitboard::between;
use crate::castling::back_rank;
use crate::position::{Move, MoveKind, MoveSink, RANK_1, RANK_8, bit, sq, squares};
use crate::types::Role;
use crate::variant::fen::{POCKET_KINDS, pocket_kind};

impl VariantPosition {
    /// Crazyhouse: the legal drops, onto the empty squares (pawns not on
    /// the first or last rank), or onto the squares between the king and
    /// the one piece that gives check (none in the other variants, whose
    /// pockets are empty).
    pub(crate) fn drops<S: MoveSink>(&self, list: &mut S) {
        let p = &self.pos;
        let us = p.turn;
        if self.pocket.total(us) == 0 {
            return;
        }
        let empty = !p.occupied();
        let target = match p.king_of(us) {
            None => empty,
            Some(king) => {
                let checkers = p.attackers_to(king, us.other(), p.occupied());
                if checkers == 0 {
                    empty
                } else if checkers.is_power_of_two() {
                    between(king, checkers.trailing_zeros() as usize) & empty
                } else {
                    0
                }
            }
        };
        for (kind, role) in POCKET_KINDS.into_iter().enumerate() {
            if self.pocket.count(us, kind) == 0 {
                continue;
            }
            let squares_to = if role == Role::Pawn { target & !(RANK_1 | RANK_8) } else { target };
            for s in squares(squares_to) {
                let to = sq(s as u32);
                list.push(Move { from: to, to, role, promotion: None, kind: MoveKind::Drop });
            }
        }
    }

    /// Crazyhouse: a drop leaves the pocket; a piece taken joins the
    /// taker's pocket (as a pawn if it was promoted); a promoted piece
    /// keeps its mark as it moves.
    pub(super) fn crazyhouse_play(&mut self, m: Move) {
        let us = self.pos.turn;
        let (from, to) = (bit(m.from.index()), bit(m.to.index()));
        match m.kind {
            MoveKind::Drop => {
                self.pocket.remove(us, pocket_kind(m.role));
            }
            MoveKind::EnPassant => self.pocket.add(us, pocket_kind(Role::Pawn)),
            MoveKind::Castle => {
                if self.promoted & to != 0 {
                    let rank = usize::from(back_rank(us)) * 8;
                    let rook_to = rank + if m.to > m.from { 5 } else { 3 };
                    self.promoted = (self.promoted & !to) | bit(rook_to);
                }
            }
            MoveKind::Normal => {
                if self.pos.colors[us.other().index()] & to != 0 {
                    let taken = if self.promoted & to != 0 {
                        Role::Pawn
                    } else {
                        self.pos.role_at(m.to.index()).unwrap_or(Role::Pawn)
                    };
                    self.pocket.add(us, pocket_kind(taken));
                }
                let moved = self.promoted & from != 0 || m.promotion.is_some();
                self.promoted &= !(from | to);
                if moved {
                    self.promoted |= to;
                }
            }
        }
        self.pos.play(m);
    }
}
