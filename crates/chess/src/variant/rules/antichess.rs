//! Antichess: captures are forced, the king is an ordinary piece (a pawn
//! may promote to one), and which side can no longer lose all its pieces.

use arrayvec::ArrayVec;
use polyfen_core::Color;

use super::DARK;
use super::pseudo_legal::{pseudo_ep, pseudo_moves};
use crate::position::{Move, Position};
use crate::types::Role;

/// Antichess: `color` cannot lose all its pieces any more (python-chess's
/// rules): the other side has none left; or only bishops stand, and ours
/// can never be taken by theirs; or two knights whose colours and turn
/// keep them apart.
pub(super) fn antichess_insufficient(p: &Position, color: Color) -> bool {
    let (ours, theirs) = (p.colors[color.index()], p.colors[color.other().index()]);
    if ours == 0 {
        return false;
    }
    if theirs == 0 {
        return true;
    }
    let occupied = p.occupied();
    if occupied == p.roles[Role::Bishop as usize] {
        let we_light = ours & !DARK != 0;
        let we_dark = ours & DARK != 0;
        return (we_light && theirs & !DARK == 0) || (we_dark && theirs & DARK == 0);
    }
    let knights = p.roles[Role::Knight as usize];
    if occupied == knights && knights.count_ones() == 2 {
        let white_light = p.colors[0] & !DARK != 0;
        let black_dark = p.colors[1] & DARK != 0;
        return (p.turn == Color::White) == ((color == Color::White) ^ white_light ^ black_dark);
    }
    false
}

/// Antichess: the captures when there is one, else every other move; the
/// king is an ordinary piece and a pawn may promote to a king.
#[inline]
pub(super) fn antichess_moves<const N: usize>(p: &Position, list: &mut ArrayVec<Move, N>) {
    if p.colors[0] == 0 || p.colors[1] == 0 {
        return;
    }
    pseudo_moves(p, list, p.colors[p.turn.other().index()], true, true);
    pseudo_ep(p, list);
    if list.is_empty() {
        pseudo_moves(p, list, !p.occupied(), true, true);
    }
}
