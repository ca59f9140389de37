//! Playing a move: the position after it, made in place or on a copy.

use polyfen_core::Color;

use super::compile::Rules;
use super::moves::{Move, MoveKind};
use super::position::{EMPTY, NO_SQ, Position, TILDE, base, color, is_piece, kind, piece};
use crate::piece::PieceKind;

impl Rules {
    /// The position after `m`, which must be one of the position's
    /// pseudo-legal moves.
    pub(crate) fn make(&self, pos: &Position, m: Move) -> Position {
        let mut next = pos.clone();
        self.play_on(&mut next, m, Some(pos));
        next
    }

    /// Plays `m`, one of the position's pseudo-legal moves, on `pos`
    /// itself: [`Rules::make`] without a copy of the position, but where
    /// the rules read the position before the move once it has changed
    /// (flipping enclosed pieces, gates), there a copy of it is kept.
    pub(crate) fn make_in_place(&self, pos: &mut Position, m: Move) {
        if self.reads_before(pos) {
            let before = pos.clone();
            self.play_on(pos, m, Some(&before));
        } else {
            self.play_on(pos, m, None);
        }
    }

    /// Whether playing a move on `pos` reads the whole position before it
    /// once it has changed: to flip the pieces it encloses, or to clear
    /// the gates it leaves or takes.
    fn reads_before(&self, pos: &Position) -> bool {
        self.flip_enclosed != crate::value::EnclosingRule::None || self.gated(pos)
    }

    /// Whether a game of gates has some left on `pos`.
    fn gated(&self, pos: &Position) -> bool {
        self.gating && (pos.gates[0] | pos.gates[1]) != 0
    }

    /// Plays `m` on `next`, the position before it: what is read of that
    /// position is read before it changes, but for the flips and the gates
    /// ([`Rules::reads_before`]), read of `before`, a copy of it, which
    /// must be given where they are read.
    fn play_on(&self, next: &mut Position, m: Move, before: Option<&Position>) {
        let us = next.side;
        let them = us.other();
        let ci = us.index();
        let from = usize::from(m.from);
        let to = usize::from(m.to);
        // what of the position before the move is read once it has changed
        let history = next.history;
        let faced = self.bikjang && self.kings_face_now(next);
        let gated = self.gated(next);
        let capsq = if m.kind == MoveKind::EnPassant { self.ep_capture_square(next, to) } else { to };
        next.ep_len = 0;
        next.halfmove += 1;
        let mut taken = None;
        match m.kind {
            MoveKind::Pass => {}
            MoveKind::Drop { kind: ki, promoted } => {
                if !self.free_drops {
                    next.hand[ci][usize::from(ki)] = next.hand[ci][usize::from(ki)].saturating_sub(1);
                }
                let cell = match self.promoted[usize::from(ki)] {
                    Some(p) if promoted => piece(p.index(), us, ki, false),
                    _ => piece(ki, us, 0, false),
                };
                next.board[to] = cell;
                if self.royal && kind(cell) == PieceKind::KING.index() {
                    next.royal[ci] = to as u16;
                }
                next.halfmove = 0;
                if self.castling_dropped && self.castling && self.rank_of(to) == self.castling_rank[ci] {
                    self.castle_dropped(next, us, to, kind(cell));
                }
            }
            MoveKind::Castling => {
                let king = next.board[from];
                let rook = next.board[to];
                let (kto, rto) = self.castling_targets(us, from, to);
                next.board[from] = EMPTY;
                next.board[to] = EMPTY;
                next.board[kto] = king;
                next.board[rto] = rook;
                if next.royal[ci] == m.from {
                    next.royal[ci] = kto as u16;
                }
                next.castling &= !(0b11 << (2 * ci));
                if self.opposite_castling {
                    // The other side may not castle to the same side.
                    next.castling &= !(1 << (them.index() * 2 + usize::from(to < from)));
                }
            }
            _ => {
                let cell = next.board[from];
                let ki = kind(cell);
                let captured = if capsq == from { EMPTY } else { next.board[capsq] };
                if is_piece(captured) {
                    taken = Some(kind(captured));
                    next.halfmove = 0;
                    next.board[capsq] = EMPTY;
                    if self.captures_to_hand {
                        let promoted = base(captured) != 0 || captured & TILDE != 0;
                        let back = if !promoted || self.drop_loop {
                            kind(captured)
                        } else if base(captured) != 0 {
                            base(captured)
                        } else {
                            self.main_pawn[color(captured).index()].map_or(kind(captured), PieceKind::index)
                        };
                        let n = &mut next.hand[ci][usize::from(back) & 63];
                        *n = n.saturating_add(1);
                    }
                    if next.royal[them.index()] == capsq as u16 {
                        next.royal[them.index()] = NO_SQ;
                    }
                }
                next.board[from] = EMPTY;
                next.board[to] = match m.kind {
                    MoveKind::Promotion(p) => piece(p, us, 0, true),
                    MoveKind::PiecePromotion => {
                        piece(self.promoted[usize::from(ki)].map_or(ki, PieceKind::index), us, ki, false)
                    }
                    MoveKind::PieceDemotion => piece(base(cell), us, 0, false),
                    _ => cell,
                };
                if next.royal[ci] == m.from {
                    next.royal[ci] = to as u16;
                }
                // Promotions, and moves of the n-move rule's types that cannot
                // go back, are irreversible.
                let irreversible = matches!(m.kind, MoveKind::Promotion(_))
                    || (m.kind == MoveKind::PiecePromotion && !self.demotion)
                    || (PieceKind::from_index(ki).is_some_and(|k| self.n_move_types[ci].contains(k))
                        && !self.steps_back(us, ki, to, from));
                if irreversible {
                    next.halfmove = 0;
                }
                if m.kind == MoveKind::Normal {
                    self.set_ep(next, from, to, ki);
                }
                if self.blast && is_piece(captured) {
                    self.blast(next, to, false);
                } else if is_piece(captured) && self.petrifies(ki) {
                    self.blast(next, to, true);
                }
                if next.castling != 0 {
                    for right in 0..4 {
                        if next.castling & (1 << right) == 0 {
                            continue;
                        }
                        let (rook, king) = (next.castling_rook[right], next.castling_king[right / 2]);
                        if m.from == rook || m.from == king || m.to == rook || m.to == king {
                            next.castling &= !(1 << right);
                        }
                    }
                }
            }
        }
        if self.flip_enclosed != crate::value::EnclosingRule::None
            && let Some(before) = before
        {
            self.flip(before, next, m);
        }
        if m.wall != NO_SQ {
            if self.walling == crate::value::WallingRule::Duck {
                for c in &mut next.board {
                    if *c == super::position::WALL {
                        *c = EMPTY;
                    }
                }
            }
            next.board[usize::from(m.wall)] = super::position::WALL;
        }
        if m.gate != 0 {
            next.board[usize::from(m.gate_sq)] = piece(m.gate, us, 0, false);
            let n = &mut next.hand[ci][usize::from(m.gate) & 63];
            *n = n.saturating_sub(1);
        }
        if gated && let Some(before) = before {
            self.update_gates(before, next, m);
        }
        next.history = u8::from(m.kind == MoveKind::Pass) | ((history & 1) << 1);
        if faced {
            next.history |= 4;
        }
        if matches!(m.kind, MoveKind::Drop { .. }) {
            next.history |= 16;
        }
        if taken.is_some() {
            next.history |= 32;
        }
        next.last_move = Some(m);
        if m.kind == MoveKind::Castling {
            let right = ci * 2 + usize::from(m.to < m.from);
            if self.castling_wins & (1 << right) != 0 {
                next.history |= 8;
            }
        }
        if self.check_counting && self.in_check(next, them) {
            next.checks[ci] = next.checks[ci].saturating_sub(1);
        }
        next.side = them;
        if us == Color::Black {
            next.fullmove += 1;
        }
        if self.counting != crate::value::CountingRule::None {
            self.update_count(next, taken, matches!(m.kind, MoveKind::Promotion(_)));
        }
    }

    /// A dropped king on its file, or rook in a corner, of the castling
    /// rank gets the castling rights it would have had.
    fn castle_dropped(&self, next: &mut Position, us: Color, to: usize, k: u8) {
        let ci = us.index();
        let rank = self.castling_rank[ci];
        let is_rook = |c: u16| {
            is_piece(c)
                && color(c) == us
                && PieceKind::from_index(kind(c)).is_some_and(|k| self.castling_rooks[ci].contains(k))
        };
        let corners = [self.sq(0, rank), self.sq(self.files - 1, rank)];
        if Some(k) == self.castling_king[ci].map(PieceKind::index) && self.file_of(to) == self.castling_king_file {
            next.castling_king[ci] = to as u16;
            for r in corners {
                if is_rook(next.board[r]) {
                    let right = ci * 2 + usize::from(r < to);
                    next.castling |= 1 << right;
                    next.castling_rook[right] = r as u16;
                }
            }
        } else if PieceKind::from_index(k).is_some_and(|k| self.castling_rooks[ci].contains(k)) && corners.contains(&to)
        {
            let ksq = self.sq(self.castling_king_file.min(self.files - 1), rank);
            let kc = next.board[ksq];
            if is_piece(kc) && color(kc) == us && Some(kind(kc)) == self.castling_king[ci].map(PieceKind::index) {
                next.castling_king[ci] = ksq as u16;
                let right = ci * 2 + usize::from(to < ksq);
                next.castling |= 1 << right;
                next.castling_rook[right] = to as u16;
            }
        }
    }

    fn update_gates(&self, pos: &Position, next: &mut Position, m: Move) {
        let us = pos.side;
        let them = us.other();
        let (ci, ti) = (us.index(), them.index());
        let from = usize::from(m.from);
        let to = usize::from(m.to);
        let clear = |next: &mut Position, c: Color, sq: usize| {
            if pos.is_gate(self, c, sq) {
                next.gates[c.index()] &= !(1 << self.file_of(sq));
            }
        };
        if !matches!(m.kind, MoveKind::Drop { .. }) {
            clear(next, us, from);
        }
        if m.kind == MoveKind::Castling {
            clear(next, us, to);
        }
        if !matches!(m.kind, MoveKind::Castling) {
            clear(next, them, to);
        }
        if self.seirawan && !self.captures_to_hand && next.hand[ci].iter().all(|&n| n == 0) {
            next.gates[ci] = 0;
        }
        // A rook that comes to aim at the king takes away its first leap.
        if self.cambodian && m.kind != MoveKind::Castling && kind(pos.board[from]) == PieceKind::ROOK.index() {
            let k = pos.royal[ti];
            if k != NO_SQ && next.is_gate(self, them, usize::from(k)) {
                let k = usize::from(k);
                if self.file_of(k) == self.file_of(to) || self.rank_of(k) == self.rank_of(to) {
                    next.gates[ti] &= !(1 << self.file_of(k));
                }
            }
        }
    }

    /// Whether a kind's quiet moves (not its first moves) lead from `from`
    /// to `to` on an empty board.
    fn steps_back(&self, us: Color, ki: u8, from: usize, to: usize) -> bool {
        let dist = to as isize - from as isize;
        self.rays[usize::from(ki)][us.index()].iter().filter(|r| r.quiet && !r.initial).any(|r| {
            let d = r.delta as isize;
            if d == 0 || dist % d != 0 || dist / d < 1 {
                return false;
            }
            let k = dist / d;
            let on_line = (1..=k).all(|i| self.on_board((from as isize + i * d) as i16));
            on_line
                && match r.kind {
                    super::compile::RayKind::Slide => r.limit == 0 || k <= isize::from(r.limit),
                    super::compile::RayKind::Hop => false,
                    _ => k == 1,
                }
        })
    }

    /// The en passant squares of a normal move of a `ki` from `from` to
    /// `to`, played on `next` (the side not yet changed): a pawn's, where
    /// a pawn of the other side stands beside the square it lands on (a
    /// square of neither the move's origin nor its target), or another
    /// kind's first move.
    fn set_ep(&self, next: &mut Position, from: usize, to: usize, ki: u8) {
        let us = next.side;
        let them = us.other();
        let push = if us == Color::White { self.stride } else { -self.stride } as isize;
        let dist = to as isize - from as isize;
        if ki == PieceKind::PAWN.index() {
            if dist == 2 * push || dist == 3 * push {
                let other_takers = self.ep_types[them.index()].kinds().any(|k| k != PieceKind::PAWN);
                let mut mark = |sq: isize| {
                    let sq = sq as usize;
                    if !self.ep_region[them.index()][sq] {
                        return;
                    }
                    let pawn_near = [sq as isize + push - 1, sq as isize + push + 1].iter().any(|&s| {
                        let c = next.board[s as usize];
                        is_piece(c) && color(c) == them && kind(c) == PieceKind::PAWN.index()
                    });
                    if pawn_near || other_takers {
                        next.push_ep(sq);
                    }
                };
                mark(to as isize - push);
                if dist == 3 * push {
                    mark(to as isize - 2 * push);
                }
            }
            return;
        }
        let rays = &self.rays[usize::from(ki)][us.index()];
        if !rays.iter().any(|r| r.initial) {
            return;
        }
        let reaches = |initial: bool| {
            rays.iter().filter(|r| r.initial == initial && r.quiet).any(|r| {
                let d = r.delta as isize;
                if d == 0 || dist % d != 0 || dist / d < 1 {
                    return false;
                }
                let k = dist / d;
                match r.kind {
                    super::compile::RayKind::Slide => r.limit == 0 || k <= isize::from(r.limit),
                    _ => k == 1,
                }
            })
        };
        if reaches(true) && !reaches(false) {
            let (ff, fr) = (i32::from(self.file_of(from)), i32::from(self.rank_of(from)));
            let (tf, tr) = (i32::from(self.file_of(to)), i32::from(self.rank_of(to)));
            let (df, dr) = (tf - ff, tr - fr);
            if df == 0 || dr == 0 || df.abs() == dr.abs() {
                let step = (dr.signum() as isize) * self.stride as isize + df.signum() as isize;
                let mut s = from as isize + step;
                while s != to as isize {
                    if self.ep_region[them.index()][s as usize] {
                        next.push_ep(s as usize);
                    }
                    s += step;
                }
            }
            if self.ep_region[them.index()][to] {
                next.push_ep(to);
            }
        }
    }

    /// The square of the piece an en passant capture on `to` takes.
    pub(crate) fn ep_capture_square(&self, pos: &Position, to: usize) -> usize {
        let white = pos.side == Color::White;
        let occupied: Vec<u16> =
            pos.ep_squares().iter().copied().filter(|&s| is_piece(pos.board[usize::from(s)])).collect();
        if !occupied.is_empty() {
            let s = if white { occupied.iter().min() } else { occupied.iter().max() };
            return usize::from(*s.unwrap_or(&(to as u16)));
        }
        let step = if white { -self.stride } else { self.stride } as isize;
        let them = pos.side.other();
        let mut s = to as isize + step;
        while self.on_board(s as i16) {
            let c = pos.board[s as usize];
            if is_piece(c) && color(c) == them {
                return s as usize;
            }
            s += step;
        }
        to
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::corpus_rows;

    /// Over the positions of the fairy corpus, every pseudo-legal move
    /// played in place leaves the position its copy does.
    #[test]
    fn a_move_played_in_place_leaves_the_position_made_on_a_copy() {
        let Some(rows) = corpus_rows::rows() else { return };
        let mut played = 0usize;
        let mut differences = Vec::new();
        for corpus_rows::Row { name, fen, rules, position: pos, .. } in &rows {
            let mut pseudo = Vec::new();
            rules.pseudo_moves(pos, &mut pseudo);
            for m in pseudo {
                played += 1;
                let mut in_place = pos.clone();
                rules.make_in_place(&mut in_place, m);
                if in_place != rules.make(pos, m) && differences.len() < 10 {
                    differences.push(format!("{name} {fen}: {m:?}"));
                }
            }
        }
        assert!(differences.is_empty(), "{}", differences.join("\n"));
        assert!(played > 0, "no move played");
    }
}
