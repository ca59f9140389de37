//! Atomic: a capture explodes the capturing piece and every piece but
//! pawns around the square; the moves are generated pseudo-legally and a
//! move is kept when its own king survives and is not left in check (kings
//! side by side are never in check), or the enemy king exploded. Also
//! which side can no longer win.

use arrayvec::ArrayVec;
use polyfen_core::Color;

use super::DARK;
use super::pseudo_legal::{pseudo_ep, pseudo_moves};
use crate::bitboard::{KING_ATTACKS, between};
use crate::castling::back_rank;
use crate::position::{Move, MoveKind, Position, RANK_1, bit, squares};
use crate::types::Role;

/// Atomic: `color` cannot win any more (python-chess's rules): a bare king;
/// or only bishops left on both sides that can never explode each other;
/// or against a bare king, a single minor piece or rook, or two knights.
pub(super) fn atomic_insufficient(p: &Position, color: Color) -> bool {
    let kings = p.roles[Role::King as usize];
    let (ours, theirs) = (p.colors[color.index()], p.colors[color.other().index()]);
    if theirs & kings == 0 {
        return false;
    }
    if ours & !kings == 0 {
        return true;
    }
    let bishops = p.roles[Role::Bishop as usize];
    if theirs & !kings != 0 {
        if p.occupied() == bishops | kings {
            let (white, black) = (bishops & p.colors[0], bishops & p.colors[1]);
            if white & DARK == 0 {
                return black & !DARK == 0;
            }
            if white & !DARK == 0 {
                return black & DARK == 0;
            }
        }
        return false;
    }
    if p.roles[Role::Queen as usize] | p.roles[Role::Pawn as usize] != 0 {
        return false;
    }
    let knights = p.roles[Role::Knight as usize];
    if (knights | bishops | p.roles[Role::Rook as usize]).is_power_of_two() {
        return true;
    }
    p.occupied() == knights | kings && knights.count_ones() <= 2
}

/// Atomic: true when `color`'s king is attacked and does not stand beside
/// the enemy king (taking it would explode both).
pub(super) fn atomic_in_check(p: &Position, color: Color) -> bool {
    let Some(king) = p.king_of(color) else { return false };
    let theirs = p.roles[Role::King as usize] & p.colors[color.other().index()];
    KING_ATTACKS[king] & theirs == 0 && p.attacked(king, color.other(), p.occupied())
}

/// Atomic: plays a move; a capture explodes the capturer and every piece
/// but the pawns on the squares around the capture, and rights to castle
/// with what exploded.
#[inline]
pub(super) fn atomic_play(p: &mut Position, m: Move) {
    let them = p.turn.other();
    let capture = m.kind == MoveKind::EnPassant
        || (m.kind == MoveKind::Normal && p.colors[them.index()] & bit(m.to.index()) != 0);
    p.play(m);
    if capture {
        let to = m.to.index();
        let blast = (KING_ATTACKS[to] & !p.roles[Role::Pawn as usize] & p.occupied()) | bit(to);
        for color in Color::ALL {
            if p.roles[Role::King as usize] & p.colors[color.index()] & blast != 0 {
                p.castling &= !(RANK_1 << (usize::from(back_rank(color)) * 8));
            }
        }
        for r in &mut p.roles {
            *r &= !blast;
        }
        p.colors[0] &= !blast;
        p.colors[1] &= !blast;
        p.castling &= !blast;
    }
}

/// Atomic: the pseudo-legal moves (a king never captures), castling with
/// atomic attacks, each kept when legal once played.
pub(super) fn atomic_moves<const N: usize>(p: &Position, list: &mut ArrayVec<Move, N>) {
    let us = p.turn;
    let kings = p.roles[Role::King as usize];
    if kings & p.colors[0] == 0 || kings & p.colors[1] == 0 {
        return;
    }
    pseudo_moves(p, list, !p.colors[us.index()], false, false);
    pseudo_ep(p, list);
    atomic_castling(p, list);
    list.retain(|m| atomic_legal(p, *m));
}

/// Atomic: true when the pseudo-legal move `m` keeps the mover's king on
/// the board and out of check, or explodes the enemy king. A move that
/// takes nothing (castling aside) explodes nothing: it is legal when the
/// kings stand side by side afterwards or no enemy piece attacks the
/// mover's king through the board as it is then; the others are played.
#[inline]
pub(super) fn atomic_legal(p: &Position, m: Move) -> bool {
    let us = p.turn;
    let them = us.other();
    let theirs = p.colors[them.index()];
    let (from, to) = (m.from.index(), m.to.index());
    if m.kind != MoveKind::Normal || theirs & bit(to) != 0 {
        return atomic_legal_played(p, m);
    }
    let Some(king) = p.king_of(us) else { return false };
    let king = if from == king { to } else { king };
    let their_king = p.roles[Role::King as usize] & theirs;
    KING_ATTACKS[king] & their_king != 0 || !p.attacked_by(king, them, theirs, p.occupied() ^ bit(from) ^ bit(to))
}

/// Atomic: [`atomic_legal`] by playing the move with its explosion.
pub(super) fn atomic_legal_played(p: &Position, m: Move) -> bool {
    let us = p.turn;
    let mut after = *p;
    atomic_play(&mut after, m);
    let ours = after.roles[Role::King as usize] & after.colors[us.index()];
    let theirs = after.roles[Role::King as usize] & after.colors[us.other().index()];
    ours != 0 && (theirs == 0 || !atomic_in_check(&after, us))
}

/// Atomic castling: as in chess (Chess960 too), but a square beside the
/// enemy king is never attacked for the king.
pub(super) fn atomic_castling<const N: usize>(p: &Position, list: &mut ArrayVec<Move, N>) {
    let us = p.turn;
    let Some(king) = p.king_of(us) else { return };
    let their_king = p.king_of(us.other()).map_or(0, |k| KING_ATTACKS[k]);
    let attacked = |path: u64, occupied: u64| squares(path & !their_king).any(|s| p.attacked(s, us.other(), occupied));
    let occupied = p.occupied();
    for castling in p.open_castlings(king) {
        let king_to = castling.king_to;
        if attacked(between(king, king_to) | bit(king), occupied ^ bit(king))
            || attacked(bit(king_to), occupied ^ castling.movers ^ bit(castling.rook_to))
        {
            continue;
        }
        list.push(castling.to_move(king));
    }
}
