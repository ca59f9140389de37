//! Racing kings: the end of the race, and the rule that no move may give
//! check.

use arrayvec::ArrayVec;
use polyfen_core::Color;

use crate::bitboard::{KING_ATTACKS, KNIGHT_ATTACKS, between, bishop_attacks, line, rook_attacks};
use crate::position::{Move, Position, RANK_8, bit, squares};
use crate::types::Role;

/// Racing kings: the race is over when a king stands on the eighth rank,
/// unless white got there and black, to move, can still follow onto a
/// square of the eighth rank that white does not attack.
#[inline]
pub(super) fn race_over(p: &Position) -> bool {
    let kings = p.roles[Role::King as usize];
    if kings & RANK_8 == 0 {
        return false;
    }
    let black_king = kings & p.colors[Color::Black.index()];
    if p.turn == Color::White || black_king & RANK_8 != 0 || black_king == 0 {
        return true;
    }
    let k = black_king.trailing_zeros() as usize;
    let targets = KING_ATTACKS[k] & RANK_8 & !p.colors[Color::Black.index()];
    squares(targets).all(|t| p.attackers_to(t, Color::White, p.occupied()) != 0)
}

/// Racing kings: drops every move that gives check, directly or by
/// uncovering a line. Racing kings has no pawns, so no promotion, en
/// passant or castling gives one; a king never gives a direct check (it
/// cannot step beside the other).
#[inline]
pub(super) fn drop_checks<const N: usize>(p: &Position, list: &mut ArrayVec<Move, N>) {
    let us = p.turn;
    let Some(k) = p.king_of(us.other()) else { return };
    let occupied = p.occupied();
    let ours = p.colors[us.index()];
    let queens = p.roles[Role::Queen as usize];
    let straight = rook_attacks(k, occupied);
    let diagonal = bishop_attacks(k, occupied);
    // our pieces alone between the king and one of our sliders
    let mut blockers = 0;
    let snipers = (rook_attacks(k, 0) & (p.roles[Role::Rook as usize] | queens)
        | bishop_attacks(k, 0) & (p.roles[Role::Bishop as usize] | queens))
        & ours;
    for s in squares(snipers) {
        let b = between(k, s) & occupied;
        if b.is_power_of_two() {
            blockers |= b & ours;
        }
    }
    list.retain(|m| {
        let (from, to) = (m.from.index(), bit(m.to.index()));
        let direct = match m.role {
            Role::Knight => KNIGHT_ATTACKS[k],
            Role::Bishop => diagonal,
            Role::Rook => straight,
            Role::Queen => straight | diagonal,
            Role::Pawn | Role::King => 0,
        };
        let uncovered = blockers & bit(from) != 0 && line(k, from) & to == 0;
        direct & to == 0 && !uncovered
    });
}
