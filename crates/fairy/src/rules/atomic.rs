//! Atomic captures: a capture blasts the capturer and every piece next to
//! the square but pawns (`blastOnCapture`, less `blastImmuneTypes`), and
//! the legality Fairy-Stockfish gives it with pseudo-royal kings: no move
//! may blast one's own king, a king touching the other is not in check,
//! and blasting the other king wins whatever else.

use polyfen_core::Color;

use super::compile::Rules;
use super::moves::{Move, MoveKind};
use super::position::{BLACK, EMPTY, NO_SQ, Position, TILDE, base, color, is_piece, kind};
use crate::piece::PieceKind;

pub(crate) use super::position::RoyalSquares;

impl Rules {
    /// The squares a capture on `to` blasts: its neighbours holding pieces
    /// other than pawns, and `to`; with `immune`, less the immune types.
    pub(crate) fn blast_squares(&self, pos: &Position, to: usize, immune: bool) -> Vec<usize> {
        let (cells, n) = self.blast_cells(pos, to, immune);
        cells[..n].to_vec()
    }

    /// [`Rules::blast_squares`] without allocating: the squares and how many.
    pub(crate) fn blast_cells(&self, pos: &Position, to: usize, immune: bool) -> ([usize; 9], usize) {
        let st = self.stride as isize;
        let mut out = [0usize; 9];
        let mut n = 0;
        for d in [0, 1, -1, st, -st, st + 1, st - 1, -st + 1, -st - 1] {
            let s = (to as isize + d) as usize;
            let c = pos.board[s];
            if !is_piece(c) || (d != 0 && kind(c) == PieceKind::PAWN.index()) {
                continue;
            }
            if immune && PieceKind::from_index(kind(c)).is_some_and(|k| self.blast_immune.contains(k)) {
                continue;
            }
            out[n] = s;
            n += 1;
        }
        (out, n)
    }

    /// Whether a kind turns into a wall when it captures.
    pub(crate) fn petrifies(&self, k: u8) -> bool {
        PieceKind::from_index(k).is_some_and(|k| self.petrify_types.contains(k))
    }

    /// Removes what a capture on `to` blasts from `next` (the position
    /// after the capture): with `only_capturer`, the capturer alone (a
    /// petrifying capture). A petrifying capturer, and with
    /// `petrifyBlastPieces` every piece blasted, leaves a wall.
    pub(crate) fn blast(&self, next: &mut Position, to: usize, only_capturer: bool) {
        let squares = if only_capturer { vec![to] } else { self.blast_squares(next, to, true) };
        for s in squares {
            let c = next.board[s];
            next.board[s] = if (s == to && self.petrifies(kind(c))) || (s != to && self.petrify_blast) {
                super::position::WALL
            } else {
                EMPTY
            };
            if self.captures_to_hand {
                let promoted = base(c) != 0 || c & TILDE != 0;
                let back = if !promoted || self.drop_loop {
                    kind(c)
                } else if base(c) != 0 {
                    base(c)
                } else {
                    PieceKind::PAWN.index()
                };
                let hand = &mut next.hand[color(c).other().index()][usize::from(back) & 63];
                *hand = hand.saturating_add(1);
            }
            for ci in 0..2 {
                if next.royal[ci] == s as u16 {
                    next.royal[ci] = NO_SQ;
                }
            }
            if next.castling != 0 {
                for right in 0..4 {
                    if next.castling_rook[right] == s as u16 || next.castling_king[right / 2] == s as u16 {
                        next.castling &= !(1 << right);
                    }
                }
            }
        }
    }

    /// The pseudo-royal squares of each side (by colour index): the
    /// squares of the pieces of the extinction types of a type of which
    /// the side has at most one above the extinction count, in one pass
    /// over the board.
    pub(crate) fn royal_squares(&self, pos: &Position) -> RoyalSquares {
        let types = self.extinction_types;
        let mask = if types.has_star() { !0u64 } else { types.0 };
        let mut found: RoyalSquares = Default::default();
        let mut counts = [[0i32; 64]; 2];
        for s in self.board_squares() {
            let cell = pos.board[s];
            if is_piece(cell) && mask >> kind(cell) & 1 != 0 {
                let ci = usize::from(cell & BLACK != 0);
                counts[ci][usize::from(kind(cell))] += 1;
                found[ci].push(s);
            }
        }
        let most = self.extinction_count + 1;
        for (side, counts) in found.iter_mut().zip(&counts) {
            if side.iter().any(|&s| counts[usize::from(kind(pos.board[s]))] > most) {
                side.retain(|s| counts[usize::from(kind(pos.board[*s]))] <= most);
            }
        }
        found
    }

    pub(crate) fn touches(&self, a: usize, b: usize) -> bool {
        let (fa, ra) = (i16::from(self.file_of(a)), i16::from(self.rank_of(a)));
        let (fb, rb) = (i16::from(self.file_of(b)), i16::from(self.rank_of(b)));
        a != b && (fa - fb).abs() <= 1 && (ra - rb).abs() <= 1
    }

    /// Whether a move of an atomic game with pseudo-royal kings leaves the
    /// mover's kings safe, as Fairy-Stockfish's legality reads it.
    /// `scratch` is a copy of `pos` (made when first needed): the move is
    /// tried on it, and it is given back as it was.
    pub(crate) fn atomic_safe(
        &self,
        pos: &Position,
        m: Move,
        royals: &RoyalSquares,
        lines: Option<&super::pins::Exposure>,
        scratch: &mut Option<Position>,
    ) -> bool {
        // A quiet move of a piece other than the one pseudo-royal king that
        // opens no line to it.
        if let Some(lines) = lines
            && matches!(m.kind, MoveKind::Normal | MoveKind::Promotion(_))
            && m.gate == 0
            && m.wall == NO_SQ
            && !is_piece(pos.board[usize::from(m.to)])
            && royals[pos.side.index()].first() != Some(&usize::from(m.from))
            && !lines.needs_test(Some(usize::from(m.from)), usize::from(m.to))
        {
            return true;
        }
        if m.wall != NO_SQ && self.walling == crate::value::WallingRule::Duck {
            // The duck leaves every square it stood on: try it on a copy.
            return self.atomic_safe_on(pos, m, royals, &mut pos.clone(), &mut Undo::forgetful());
        }
        let tmp = scratch.get_or_insert_with(|| pos.clone());
        let mut undo = Undo::default();
        let safe = self.atomic_safe_on(pos, m, royals, tmp, &mut undo);
        undo.restore(tmp);
        safe
    }

    fn atomic_safe_on(
        &self,
        pos: &Position,
        m: Move,
        royals: &RoyalSquares,
        tmp: &mut Position,
        undo: &mut Undo,
    ) -> bool {
        let us = pos.side;
        let them = us.other();
        let from = usize::from(m.from);
        let to = usize::from(m.to);
        let ours = &royals[us.index()];
        let theirs = &royals[them.index()];
        if ours.contains(&from) && self.petrifies(kind(pos.board[from])) && Rules::is_capture(pos, m) {
            return false;
        }
        // The board as the legality sees it after the move.
        let mut kto = to;
        // Whether the move takes a piece of theirs of the extinction types
        // (which may change which of theirs are pseudo-royal).
        let mut lost_theirs = false;
        match m.kind {
            MoveKind::Drop { .. } | MoveKind::Pass => {}
            MoveKind::Castling => {
                let (k, r) = self.castling_targets(us, from, to);
                kto = k;
                if ours.contains(&from) {
                    let mut without = pos.clone();
                    without.board[from] = EMPTY;
                    let step: isize = if kto > from { 1 } else { -1 };
                    let mut s = from as isize;
                    loop {
                        if from != kto && s == kto as isize {
                            break;
                        }
                        let su = s as usize;
                        if !theirs.iter().any(|&t| self.touches(t, su)) && self.attacked(&without, su, them) {
                            return false;
                        }
                        if from == kto {
                            break;
                        }
                        s += step;
                    }
                }
                let (king, rook) = (pos.board[from], pos.board[to]);
                undo.set(tmp, from, EMPTY);
                undo.set(tmp, to, EMPTY);
                undo.set(tmp, k, king);
                undo.set(tmp, r, rook);
            }
            _ => {
                let taken = if m.kind == MoveKind::EnPassant { self.ep_capture_square(pos, to) } else { to };
                let capture = is_piece(pos.board[taken]) && taken != from;
                if taken != to {
                    undo.set(tmp, taken, EMPTY);
                }
                undo.set(tmp, to, pos.board[from]);
                undo.set(tmp, from, EMPTY);
                if capture {
                    let (blasted, n) = self.blast_cells(tmp, to, false);
                    let theirs_royal = |c: u16| {
                        is_piece(c)
                            && color(c) == them
                            && (self.extinction_types.has_star()
                                || PieceKind::from_index(kind(c)).is_some_and(|k| self.extinction_types.contains(k)))
                    };
                    lost_theirs = theirs_royal(pos.board[taken])
                        || blasted[..n].iter().any(|&s| s != to && theirs_royal(pos.board[s]));
                    for &s in &blasted[..n] {
                        undo.set(tmp, s, EMPTY);
                    }
                }
            }
        }
        if let MoveKind::Drop { kind: k, .. } = m.kind {
            undo.set(tmp, to, super::position::piece(k, us, 0, false));
        }
        if m.gate != 0 {
            undo.set(tmp, usize::from(m.gate_sq), super::position::piece(m.gate, us, 0, false));
        }
        if m.wall != NO_SQ {
            if self.walling == crate::value::WallingRule::Duck {
                for c in &mut tmp.board {
                    if *c == super::position::WALL {
                        *c = EMPTY;
                    }
                }
            }
            undo.set(tmp, usize::from(m.wall), super::position::WALL);
        }
        let moved = |s: usize| if s == from && m.kind != MoveKind::Pass { kto } else { s };
        let dropped = match m.kind {
            MoveKind::Drop { kind: k, .. }
                if PieceKind::from_index(k).is_some_and(|k| self.extinction_types.contains(k)) =>
            {
                Some(to)
            }
            _ => None,
        };
        let royals = || ours.iter().map(|&s| moved(s)).chain(dropped);
        // Blasting one's own king is illegal.
        if royals().any(|s| !is_piece(tmp.board[s])) {
            return false;
        }
        // Blasting theirs wins.
        if theirs.iter().any(|&s| !is_piece(tmp.board[s]) || color(tmp.board[s]) != them) {
            return true;
        }
        // A move that takes none of their pieces of the extinction types
        // leaves their pseudo-royal pieces as they were.
        let recount = lost_theirs;
        let counted;
        let theirs_after = if recount {
            counted = self.royal_squares(tmp);
            &counted[them.index()]
        } else {
            theirs
        };
        // The piece on the mover's target square does not attack (it is the
        // mover's own, or was blasted).
        let except = tmp.board[kto];
        let hide = is_piece(except) && color(except) == them;
        if hide {
            tmp.board[kto] = EMPTY;
        }
        let safe = royals().all(|s| theirs_after.iter().any(|&t| self.touches(t, s)) || !self.attacked(tmp, s, them));
        if hide {
            tmp.board[kto] = except;
        }
        safe
    }

    /// Whether a pseudo-royal piece of `c` is attacked (a king touching the
    /// other's is not, in atomic games), or with duple check all of its
    /// candidates are.
    pub(crate) fn pseudo_checked(&self, pos: &Position, c: Color) -> bool {
        let them = c.other();
        let royals = self.royal_squares(pos);
        let theirs = &royals[them.index()];
        let safe = |s: usize| self.blast && theirs.iter().any(|&t| self.touches(t, s));
        if royals[c.index()].iter().any(|&s| !safe(s) && self.attacked(pos, s, them)) {
            return true;
        }
        if self.duple_check {
            let candidates = self
                .squares_of(pos, c, |ki| PieceKind::from_index(ki).is_some_and(|k| self.extinction_types.contains(k)));
            return !candidates.is_empty() && candidates.iter().all(|&s| !safe(s) && self.attacked(pos, s, them));
        }
        false
    }
}

/// The squares a trial changed on a scratch board, to give it back.
#[derive(Default)]
struct Undo {
    cells: [(usize, u16); 24],
    n: usize,
    /// Keeps nothing: the board is a copy thrown away.
    forget: bool,
}

impl Undo {
    fn forgetful() -> Undo {
        Undo { forget: true, ..Undo::default() }
    }

    fn set(&mut self, board: &mut Position, sq: usize, cell: u16) {
        if !self.forget {
            self.cells[self.n] = (sq, board.board[sq]);
            self.n += 1;
        }
        board.board[sq] = cell;
    }

    fn restore(&self, board: &mut Position) {
        for &(sq, cell) in self.cells[..self.n].iter().rev() {
            board.board[sq] = cell;
        }
    }
}
