//! Pseudo-legal move generation for the variants whose side to move may
//! have no king to keep safe (white in horde, antichess) or keeps it safe
//! in its own way (atomic): every move of the pieces, promotions (to a king
//! in antichess) and en passant, with no test of the king's safety.

use polyfen_core::Color;

use crate::bitboard::{KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS, bishop_attacks, rook_attacks};
use crate::position::{
    FILE_A, FILE_H, Move, MoveKind, MoveSink, PROMOTIONS, Position, RANK_1, RANK_8, bit, sq, squares,
};
use crate::types::Role;

/// Pushes a pawn's move onto the last rank as each promotion (the king
/// too, in antichess).
#[inline]
pub(super) fn push_promotions<S: MoveSink>(list: &mut S, from: usize, to: usize, king_promotion: bool) {
    let (from, to) = (sq(from as u32), sq(to as u32));
    for p in PROMOTIONS {
        list.push(Move { from, to, role: Role::Pawn, promotion: Some(p), kind: MoveKind::Normal });
    }
    if king_promotion {
        list.push(Move { from, to, role: Role::Pawn, promotion: Some(Role::King), kind: MoveKind::Normal });
    }
}

/// The pseudo-legal moves of the side to move onto `target` (castling and
/// en passant aside): pawns (a double step also from the first rank, as
/// horde's white pawns have), knights, sliders and every king (kings may
/// only move to empty squares when `king_captures` is false, as in atomic).
#[inline]
pub(super) fn pseudo_moves<S: MoveSink>(
    p: &Position,
    list: &mut S,
    target: u64,
    king_promotion: bool,
    king_captures: bool,
) {
    let us = p.turn;
    let ours = p.colors[us.index()];
    let theirs = p.colors[us.other().index()];
    let occupied = ours | theirs;
    let empty = !occupied;
    let pawns = p.roles[Role::Pawn as usize] & ours;
    if pawns != 0 {
        let (single, double, left, right, forward): (u64, u64, u64, u64, i32) = if us == Color::White {
            let single = (pawns << 8) & empty;
            let double = ((single & ((RANK_1 << 8) | (RANK_1 << 16))) << 8) & empty;
            (single, double, ((pawns & !FILE_A) << 7) & theirs, ((pawns & !FILE_H) << 9) & theirs, 8)
        } else {
            let single = (pawns >> 8) & empty;
            let double = ((single & ((RANK_8 >> 8) | (RANK_8 >> 16))) >> 8) & empty;
            (single, double, ((pawns & !FILE_A) >> 9) & theirs, ((pawns & !FILE_H) >> 7) & theirs, -8)
        };
        let last = RANK_1 | RANK_8;
        for (set, delta) in [(left, forward - 1), (right, forward + 1), (single, forward), (double, 2 * forward)] {
            for t in squares(set & target & !last) {
                let (from, to) = (sq((t as i32 - delta) as u32), sq(t as u32));
                list.push(Move { from, to, role: Role::Pawn, promotion: None, kind: MoveKind::Normal });
            }
            for t in squares(set & target & last) {
                push_promotions(list, (t as i32 - delta) as usize, t, king_promotion);
            }
        }
    }
    for s in squares(p.roles[Role::Knight as usize] & ours) {
        list.push_targets(s, Role::Knight, KNIGHT_ATTACKS[s] & target);
    }
    let queens = p.roles[Role::Queen as usize];
    for s in squares(p.roles[Role::Bishop as usize] & ours) {
        list.push_targets(s, Role::Bishop, bishop_attacks(s, occupied) & target);
    }
    for s in squares(p.roles[Role::Rook as usize] & ours) {
        list.push_targets(s, Role::Rook, rook_attacks(s, occupied) & target);
    }
    for s in squares(queens & ours) {
        list.push_targets(s, Role::Queen, (rook_attacks(s, occupied) | bishop_attacks(s, occupied)) & target);
    }
    let king_target = if king_captures { target } else { target & empty };
    for s in squares(p.roles[Role::King as usize] & ours) {
        list.push_targets(s, Role::King, KING_ATTACKS[s] & king_target);
    }
}

/// The pseudo-legal en passant captures.
#[inline]
pub(super) fn pseudo_ep<S: MoveSink>(p: &Position, list: &mut S) {
    let Some(ep) = p.ep else { return };
    let e = ep.index();
    let us = p.turn;
    let them = us.other();
    let captured = if us == Color::White { e.wrapping_sub(8) } else { e + 8 } & 63;
    if p.roles[Role::Pawn as usize] & p.colors[them.index()] & bit(captured) == 0 || p.occupied() & bit(e) != 0 {
        return;
    }
    let capturers = PAWN_ATTACKS[them.index()][e] & p.roles[Role::Pawn as usize] & p.colors[us.index()];
    for s in squares(capturers) {
        list.push(Move { from: sq(s as u32), to: ep, role: Role::Pawn, promotion: None, kind: MoveKind::EnPassant });
    }
}
