//! Xiangqi's chasing rule (`chasingRule = axf`), as Fairy-Stockfish plays
//! it after the Asian Xiangqi Federation's rules: a side that threatens to
//! take the same piece at every move of a repetition, where the piece is
//! not protected or is worth more than the piece that threatens it, loses
//! (a draw when both sides chase); and checks given beyond ten by one side
//! lengthen the n-move rule.
//!
//! What is chased after a move is decided as Fairy-Stockfish's
//! `Position::chased` decides it: the moved piece's new threats, the
//! threats it uncovers, the protectors it pins and the discovered checks
//! that win a piece. A king or a soldier that has not crossed the river is
//! never chased, a king or an unpromoted soldier never chases, and two
//! pieces of one type that threaten each other do not chase each other
//! (unless one is pinned, or a horse's leg is blocked one way only).
//!
//! These tests run only when a repetition ends the game, on the positions
//! of the repetition, so they are written for clarity on the mailbox board
//! rather than for speed: which pieces threaten a square is asked of the
//! one attack test of the game, on a scratch board where the other pieces
//! of that side are turned into the other side's (they still block and
//! screen, but no longer attack).

use polyfen_core::Color;

use super::compile::{FERS, Rules, SOLDIER};
use super::move_type::MoveKind;
use super::position::{BLACK, EMPTY, NO_SQ, OFF, Position, WALL, color, is_piece, kind};
use crate::keys::Field;
use crate::piece::PieceKind;
use crate::value::{ChasingRule, Value};

const ROOK: u8 = PieceKind::ROOK.index();
const KING: u8 = PieceKind::KING.index();
/// Xiangqi's cannon (`mRcpR`).
const CANNON: u8 = 27;
/// Xiangqi's horse (`nN`).
const HORSE: u8 = 30;
/// Xiangqi's elephant (`nA`).
const ELEPHANT: u8 = 31;

/// A few squares of the board, in no order.
type Squares = Vec<usize>;

fn union(into: &mut Squares, more: impl IntoIterator<Item = usize>) {
    for s in more {
        if !into.contains(&s) {
            into.push(s);
        }
    }
}

/// Fairy-Stockfish's `undo_move_board`: the squares of `b` as they were
/// before move `m` (the piece it moved back on its origin).
fn undo_move(mut b: Squares, m: Option<super::Move>) -> Squares {
    if let Some(m) = m
        && m.from != NO_SQ
        && !matches!(m.kind, MoveKind::Drop { .. })
        && let Some(k) = b.iter().position(|&s| s == usize::from(m.to))
    {
        b[k] = usize::from(m.from);
    }
    b
}

fn intersect(a: Squares, b: &Squares) -> Squares {
    a.into_iter().filter(|s| b.contains(s)).collect()
}

impl Rules {
    /// Whether the game plays Xiangqi's chasing rule.
    pub(crate) fn axf_chasing(&self) -> bool {
        matches!(self.def.get(Field::ChasingRule), Value::ChasingRule(ChasingRule::Axf))
    }

    fn piece_of(pos: &Position, sq: usize, side: Color) -> Option<u8> {
        let c = pos.board[sq];
        (is_piece(c) && color(c) == side).then(|| kind(c))
    }

    /// The pieces of `by` that attack `sq` on `pos`'s board.
    fn attackers_on(&self, pos: &Position, sq: usize, by: Color) -> Squares {
        let own = self.squares_of(pos, by, |_| true);
        let mut scratch = pos.clone();
        for &x in &own {
            scratch.board[x] ^= BLACK;
        }
        own.into_iter()
            .filter(|&x| {
                scratch.board[x] ^= BLACK;
                let hit = x != sq && self.attacked(&scratch, sq, by);
                scratch.board[x] ^= BLACK;
                hit
            })
            .collect()
    }

    /// The squares the piece on `x` attacks on `pos`'s board, whatever
    /// stands on them.
    fn attacks_of(&self, pos: &Position, x: usize) -> Squares {
        let by = color(pos.board[x]);
        let mut scratch = pos.clone();
        for s in self.squares_of(pos, by, |_| true) {
            if s != x {
                scratch.board[s] ^= BLACK;
            }
        }
        self.board_squares().filter(|&t| t != x && self.attacked(&scratch, t, by)).collect()
    }

    /// Fairy-Stockfish's `blockers_for_king`: the pieces of either side
    /// that alone stand between `side`'s king and a piece of the other side
    /// that would attack it without them (a rook's or a cannon's line, a
    /// horse's leg; both screens of a cannon with two).
    fn blockers_for_king(&self, pos: &Position, side: Color) -> Squares {
        let k = pos.royal[side.index()];
        if k == NO_SQ {
            return Vec::new();
        }
        let k = usize::from(k);
        let them = side.other();
        let before = self.attackers_on(pos, k, them);
        let mut scratch = pos.clone();
        self.board_squares()
            .filter(|&b| {
                let cell = pos.board[b];
                if b == k || !is_piece(cell) {
                    return false;
                }
                scratch.board[b] = EMPTY;
                let after = self.attackers_on(&scratch, k, them);
                scratch.board[b] = cell;
                after.iter().any(|a| !before.contains(a))
            })
            .collect()
    }

    /// Whether a rook on `from` would see `sq`: the first piece along one
    /// of the four lines from it.
    fn rook_sees(&self, pos: &Position, from: usize, sq: usize) -> bool {
        [self.stride, -self.stride, 1, -1].into_iter().any(|d| {
            let mut t = from as isize;
            loop {
                t += d as isize;
                let c = pos.board[t as usize];
                if c == OFF || c == WALL {
                    return false;
                }
                if c != EMPTY {
                    return t as usize == sq;
                }
            }
        })
    }

    /// Whether `sq` holds a piece of `side` that may be chased: not a king,
    /// nor a soldier that has not crossed the river.
    fn chaseable(&self, pos: &Position, sq: usize, side: Color) -> bool {
        match Self::piece_of(pos, sq, side) {
            Some(KING) | None => false,
            Some(SOLDIER) => self.relative_rank(side, sq) + 1 >= self.soldier_rank,
            Some(_) => true,
        }
    }

    fn same_line(&self, a: usize, b: usize) -> bool {
        self.file_of(a) == self.file_of(b) || self.rank_of(a) == self.rank_of(b)
    }

    /// The pieces of the side to move at `pos` that the move reaching it
    /// (from `prev`) chases: Fairy-Stockfish's `Position::chased`.
    pub(crate) fn chased(&self, prev: &Position, pos: &Position) -> Squares {
        let mut b = Vec::new();
        let Some(m) = pos.last_move.filter(|m| m.kind != MoveKind::Pass && m.from != NO_SQ) else { return b };
        let (stm, mover) = (pos.side, pos.side.other());
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        let blockers = self.blockers_for_king(pos, stm);
        let mut pins = blockers.clone();
        let their_king = pos.royal[mover.index()];
        if self.flying_general && their_king != NO_SQ {
            let file = self.file_of(usize::from(their_king));
            let on_file = self.squares_of(pos, stm, |_| true);
            let on_file: Squares = on_file.into_iter().filter(|&s| self.file_of(s) == file).collect();
            let others: Squares =
                on_file.iter().copied().filter(|&s| Self::piece_of(pos, s, stm) != Some(KING)).collect();
            if others.len() < on_file.len() && others.len() <= 1 {
                union(&mut pins, others);
            }
        }

        // the moved piece's new threats
        let moved = kind(pos.board[to]);
        if moved != KING && moved != SOLDIER {
            let mut direct: Squares =
                self.attacks_of(pos, to).into_iter().filter(|&s| Self::piece_of(pos, s, stm).is_some()).collect();
            if moved == ROOK || moved == CANNON {
                let along_file = self.file_of(from) == self.file_of(to);
                direct.retain(|&s| {
                    if along_file { self.file_of(s) != self.file_of(to) } else { self.rank_of(s) != self.rank_of(to) }
                });
            }
            self.add_chased(pos, &pins, &mut b, to, moved, direct);
        }

        // the threats it uncovers, of the mover's pieces it unblocks
        let st = self.stride as isize;
        let near = |s: usize, ds: &[isize]| ds.iter().any(|d| s as isize + d == from as isize);
        let candidates: Squares = self
            .squares_of(pos, mover, |k| matches!(k, HORSE | ELEPHANT | CANNON | ROOK))
            .into_iter()
            .filter(|&s| match kind(pos.board[s]) {
                HORSE => near(s, &[1, -1, st, -st]),
                ELEPHANT => near(s, &[st + 1, st - 1, -st + 1, -st - 1]),
                ROOK => self.same_line(s, from),
                _ => self.same_line(s, from) || (s != to && self.same_line(s, to)),
            })
            .collect();
        if !candidates.is_empty() {
            // the board as it was before the move, but for the piece moved
            let mut before = pos.clone();
            before.board[from] = prev.board[from];
            if !is_piece(prev.board[to]) {
                before.board[to] = EMPTY;
            }
            for s in candidates {
                let mut was = before.clone();
                was.board[s] = pos.board[s];
                let old = self.attacks_of(&was, s);
                let new: Squares = self
                    .attacks_of(pos, s)
                    .into_iter()
                    .filter(|&t| Self::piece_of(pos, t, stm).is_some() && !old.contains(&t))
                    .collect();
                self.add_chased(pos, &pins, &mut b, s, kind(pos.board[s]), new);
            }
        }

        // protectors pinned by the move, and discovered checks
        let blockers_before = self.blockers_for_king(prev, stm);
        let new_blockers: Squares = blockers.iter().copied().filter(|s| !blockers_before.contains(s)).collect();
        let their_blockers = self.blockers_for_king(pos, mover);
        for &s in &new_blockers {
            if Self::piece_of(pos, s, stm).is_none() {
                continue;
            }
            for s2 in self.attacks_of(pos, s) {
                if self.chaseable(pos, s2, stm)
                    && self.attackers_on(pos, s2, mover).iter().any(|a| !their_blockers.contains(a))
                {
                    union(&mut b, [s2]);
                }
            }
        }
        let king = pos.royal[stm.index()];
        for &s in &new_blockers {
            if Self::piece_of(pos, s, mover).is_none() || king == NO_SQ {
                continue;
            }
            let king = usize::from(king);
            let king_reach = self.attacks_of(pos, king);
            let mut without = pos.clone();
            without.board[s] = EMPTY;
            without.board[king] = EMPTY;
            for s2 in self.attacks_of(pos, s) {
                if Self::piece_of(pos, s2, stm).is_none() {
                    continue;
                }
                if !king_reach.contains(&s2) || !self.attackers_on(&without, s2, mover).is_empty() {
                    union(&mut b, [s2]);
                }
            }
        }
        b
    }

    /// Fairy-Stockfish's `addChased`: of the pieces of the side to move the
    /// piece on `attacker` (of kind `attacker_kind`) attacks, those it
    /// chases: a stronger piece, or one that is not protected (by a piece
    /// not pinned; the king does not protect a square the other king sees).
    #[allow(clippy::too_many_arguments)]
    fn add_chased(
        &self,
        pos: &Position,
        pins: &Squares,
        b: &mut Squares,
        attacker: usize,
        attacker_kind: u8,
        mut attacks: Squares,
    ) {
        if attacks.iter().all(|s| b.contains(s)) {
            return;
        }
        let stm = pos.side;
        attacks.retain(|&s| self.chaseable(pos, s, stm));
        let of = |s: usize| Self::piece_of(pos, s, stm);
        if matches!(attacker_kind, HORSE | CANNON) {
            union(b, attacks.iter().copied().filter(|&s| of(s) == Some(ROOK)));
        }
        if matches!(attacker_kind, ELEPHANT | FERS) {
            union(b, attacks.iter().copied().filter(|&s| matches!(of(s), Some(ROOK | CANNON | HORSE))));
        }
        let st = self.stride as isize;
        let leg_blocked =
            [st + 1, st - 1, -st + 1, -st - 1].iter().any(|d| is_piece(pos.board[(attacker as isize + d) as usize]));
        if attacker_kind == HORSE && leg_blocked {
            attacks.retain(|&s| of(s) != Some(HORSE) || !self.attacks_of(pos, s).contains(&attacker));
        } else {
            attacks.retain(|&s| of(s) != Some(attacker_kind) || pins.contains(&s));
        }
        let mut without = pos.clone();
        without.board[attacker] = EMPTY;
        let their_king = pos.royal[stm.other().index()];
        let our_king = pos.royal[stm.index()];
        for s in attacks {
            let roots: Squares =
                self.attackers_on(&without, s, stm).into_iter().filter(|r| !pins.contains(r)).collect();
            let fake_king_root = self.flying_general
                && our_king != NO_SQ
                && their_king != NO_SQ
                && roots == [usize::from(our_king)]
                && self.rook_sees(&without, usize::from(their_king), s);
            if roots.is_empty() || fake_king_root {
                union(b, [s]);
            }
        }
    }

    /// Whether each side has chased a piece at every move from the
    /// position `back` plies before the last of `history` to the last:
    /// (the last mover, the side to move), as Fairy-Stockfish follows the
    /// chased pieces back through the moves.
    pub(crate) fn chases(&self, history: &[impl AsRef<Position>], back: usize, window: usize) -> (bool, bool) {
        let last = history.len() - 1;
        let chased =
            |k: usize| if k == 0 { Vec::new() } else { self.chased(history[k - 1].as_ref(), history[k].as_ref()) };
        let mv = |k: usize| history[k].as_ref().last_move;
        let mut them = intersect(undo_move(chased(last), mv(last - 1)), &chased(last - 2));
        let mut us = intersect(undo_move(chased(last - 1), mv(last - 2)), &chased(last - 3));
        let mut i = 4;
        while i <= back {
            if i != last {
                them = intersect(undo_move(them, mv(last - i + 1)), &chased(last - i));
            }
            if i == back {
                break;
            }
            if i < window {
                us = intersect(undo_move(us, mv(last - i)), &chased(last - i - 1));
            }
            i += 2;
        }
        (!them.is_empty(), !us.is_empty())
    }

    /// The plies the n-move rule lengthens by under the chasing rule:
    /// twice the checks beyond ten that one side gave in the last
    /// `window` plies, once 20 plies have been played.
    pub(crate) fn chasing_move_rule_offset(&self, history: &[impl AsRef<Position>], window: usize) -> u32 {
        let last = history.len() - 1;
        if last < 20 {
            return 0;
        }
        let checked = |k: usize| u32::from(self.is_check(history[k].as_ref()));
        let (mut them, mut us) = (checked(last), checked(last - 1));
        let mut i = 2;
        while i < window {
            them += checked(last - i);
            us += checked(last - i - 1);
            i += 2;
        }
        2 * them.max(us).saturating_sub(10)
    }
}
