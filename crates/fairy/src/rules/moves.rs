//! Moves and their pseudo-legal generation from the compiled rays: steps,
//! slides, hops, pawn double steps, en passant, promotions (pawn-style and
//! Shogi-style), demotions, drops, castling and passes.

use polyfen_core::Color;

use super::compile::{FERS, JANGGI_CANNON, RayKind, Rules, SOLDIER, WAZIR};
use super::position::{EMPTY, NO_SQ, OFF, Position, WALL, color, is_piece, kind};
use crate::piece::PieceKind;
use crate::value::WallingRule;

pub use super::move_type::{Move, MoveKind};

thread_local! {
    /// The squares one piece reaches, reused from piece to piece.
    static SCRATCH: core::cell::RefCell<Vec<(usize, bool, bool)>> = core::cell::RefCell::new(Vec::with_capacity(64));
}

/// Where a piece's targets go: `(to, is capture, is en passant)`.
pub(crate) trait TargetSink {
    fn target(&mut self, to: usize, capture: bool, ep: bool);

    /// Whether a ray from `from` by steps of `delta` (one step alone
    /// unless `rides`) may bring a target the sink keeps: a ray that
    /// cannot is not walked. By default every ray may.
    fn wants(&self, from: usize, delta: i16, rides: bool) -> bool {
        let _ = (from, delta, rides);
        true
    }
}

impl TargetSink for Vec<(usize, bool, bool)> {
    fn target(&mut self, to: usize, capture: bool, ep: bool) {
        self.push((to, capture, ep));
    }
}

/// The targets of a plain piece, each a normal move (en passant targets,
/// which a plain piece does not take, left out).
struct Direct<'a> {
    from: u16,
    out: &'a mut Vec<Move>,
}

impl TargetSink for Direct<'_> {
    fn target(&mut self, to: usize, _capture: bool, ep: bool) {
        if !ep {
            self.out.push(Move::new(self.from, to as u16, MoveKind::Normal));
        }
    }
}

/// A sink's targets to some squares alone, the rays that cannot reach
/// them not walked.
struct Toward<'a, S> {
    only: &'a [usize],
    sink: S,
}

impl<S: TargetSink> TargetSink for Toward<'_, S> {
    fn target(&mut self, to: usize, capture: bool, ep: bool) {
        if self.only.contains(&to) {
            self.sink.target(to, capture, ep);
        }
    }

    fn wants(&self, from: usize, delta: i16, rides: bool) -> bool {
        let delta = isize::from(delta);
        self.only.iter().any(|&to| {
            let step = to as isize - from as isize;
            if rides { step % delta == 0 && step / delta > 0 } else { step == delta }
        })
    }
}

/// A sink lent is the sink.
impl<S: TargetSink> TargetSink for &mut S {
    fn target(&mut self, to: usize, capture: bool, ep: bool) {
        (**self).target(to, capture, ep);
    }

    fn wants(&self, from: usize, delta: i16, rides: bool) -> bool {
        (**self).wants(from, delta, rides)
    }
}

impl Rules {
    /// Every pseudo-legal move of the side to move, appended to `out`.
    pub(crate) fn pseudo_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        let ours = self.board_squares().filter(|&s| is_piece(pos.board[s]) && color(pos.board[s]) == us);
        self.pseudo_moves_from(pos, out, ours, None, true);
    }

    /// [`Rules::pseudo_moves`] of the side's pieces on the squares `from`
    /// (each once, each holding a piece of the side to move), those of
    /// their rays alone that may reach the squares `toward` where given
    /// (and some others), and the drops where `drops`; the castlings,
    /// passes and the moves of the games' own rules (Cambodian first
    /// moves, Sittuyin's promotions) all the same, wherever they go.
    pub(crate) fn pseudo_moves_from(
        &self,
        pos: &Position,
        out: &mut Vec<Move>,
        from: impl IntoIterator<Item = usize>,
        toward: Option<&[usize]>,
        drops: bool,
    ) {
        let us = pos.side;
        let ci = us.index();
        for from in from {
            self.piece_moves(pos, from, pos.board[from], toward, out);
        }
        // Cambodian first moves: the king's leap, the fers's double step.
        if self.cambodian && pos.gates[ci] != 0 {
            let up = if us == Color::White { self.stride } else { -self.stride } as isize;
            let k = pos.royal[ci];
            if k != NO_SQ && pos.is_gate(self, us, usize::from(k)) && !self.in_check(pos, us) {
                for d in [up + 2, up - 2] {
                    let to = (isize::from(k as i16) + d) as usize;
                    if pos.board[to] == EMPTY && self.may_stand(us, PieceKind::KING.index(), to) {
                        out.push(Move::new(k, to as u16, MoveKind::Normal));
                    }
                }
            }
            for file in 0..self.files {
                let from = self.sq(file, self.castling_rank[ci]);
                let c = pos.board[from];
                if pos.is_gate(self, us, from) && is_piece(c) && color(c) == us && kind(c) == FERS {
                    let to = (from as isize + 2 * up) as usize;
                    if pos.board[to] == EMPTY {
                        out.push(Move::new(from as u16, to as u16, MoveKind::Normal));
                    }
                }
            }
        }
        if self.sittuyin_promotion {
            self.sittuyin_promotions(pos, out);
        }
        // Drops.
        if self.drops && drops {
            for k in &self.kinds {
                let ki = k.index();
                if !self.free_drops && pos.hand[ci][usize::from(ki)] == 0 {
                    continue;
                }
                self.drops_of(pos, ki, out);
            }
        }
        // Castling.
        if self.castling && pos.castling & (0b11 << (2 * ci)) != 0 {
            let ksq = usize::from(pos.castling_king[ci]);
            for side in 0..2 {
                let right = ci * 2 + side;
                if pos.castling & (1 << right) == 0 {
                    continue;
                }
                let rsq = usize::from(pos.castling_rook[right]);
                if self.castling_clear(pos, ksq, rsq, side == 0) {
                    out.push(Move::new(ksq as u16, rsq as u16, MoveKind::Castling));
                }
            }
        }
        // Seirawan gating: a piece from the hand enters on the square a
        // piece leaves from a gate (or on the rook's square when castling).
        if self.seirawan && pos.gates[ci] != 0 {
            let n = out.len();
            for i in 0..n {
                let m = out[i];
                if matches!(m.kind, MoveKind::Drop { .. } | MoveKind::Pass) {
                    continue;
                }
                let mut squares = [NO_SQ; 2];
                if pos.is_gate(self, us, usize::from(m.from)) {
                    squares[0] = m.from;
                }
                if m.kind == MoveKind::Castling && pos.is_gate(self, us, usize::from(m.to)) {
                    squares[1] = m.to;
                }
                for sq in squares.into_iter().filter(|&s| s != NO_SQ) {
                    for k in &self.kinds {
                        let ki = k.index();
                        let pawn_barred = ki == PieceKind::PAWN.index()
                            && ((!self.first_rank_pawn_drops && self.relative_rank(us, usize::from(sq)) == 0)
                                || (!self.zone_pawn_drops && self.promotion_zone[ci][usize::from(sq)]));
                        if pos.hand[ci][usize::from(ki)] > 0
                            && !pawn_barred
                            && self.drop_region[ci][usize::from(sq)]
                            && self.may_stand(us, ki, usize::from(sq))
                        {
                            out.push(Move { gate: ki, gate_sq: sq, ..m });
                        }
                    }
                }
            }
        }
        if self.walling != WallingRule::None {
            self.add_walls(pos, out);
        }
        // Passes.
        if self.pass[ci] || self.pass_on_stalemate[ci] {
            let sq = if pos.royal[ci] == NO_SQ {
                self.board_squares().find(|&s| is_piece(pos.board[s]) && color(pos.board[s]) == us)
            } else {
                Some(usize::from(pos.royal[ci]))
            };
            if let Some(s) = sq {
                out.push(Move::new(s as u16, s as u16, MoveKind::Pass));
            }
        }
    }

    /// The king's and rook's destinations of a castling.
    pub(crate) fn castling_targets(&self, color: Color, king: usize, rook: usize) -> (usize, usize) {
        let rank = self.castling_rank[color.index()];
        let kingside = rook > king;
        let kto = self.sq(if kingside { self.castling_kingside_file } else { self.castling_queenside_file }, rank);
        let rto = if kingside { kto - 1 } else { kto + 1 };
        (kto, rto)
    }

    fn castling_clear(&self, pos: &Position, ksq: usize, rsq: usize, _kingside: bool) -> bool {
        let (kto, rto) = self.castling_targets(pos.side, ksq, rsq);
        let between = |a: usize, b: usize| {
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            (lo..=hi).filter(move |&s| s != a)
        };
        between(rsq, rto).chain(between(ksq, kto)).all(|s| s == ksq || s == rsq || pos.board[s] == EMPTY)
    }

    fn drops_of(&self, pos: &Position, ki: u8, out: &mut Vec<Move>) {
        let us = pos.side;
        let ci = us.index();
        let mut blocked_files = [false; 16];
        if self.drop_no_doubled.map(PieceKind::index) == Some(ki) {
            let mut counts = [0i32; 16];
            for rank in 0..self.ranks {
                for file in 0..self.files {
                    let c = pos.board[self.sq(file, rank)];
                    if is_piece(c) && color(c) == us && kind(c) == ki {
                        counts[usize::from(file)] += 1;
                    }
                }
            }
            for f in 0..16 {
                blocked_files[f] = counts[f] >= self.drop_no_doubled_count;
            }
        }
        let promoted = if self.drop_promoted { self.promoted[usize::from(ki)] } else { None };
        let sites = (self.enclosing_drop != crate::value::EnclosingRule::None).then(|| self.drop_sites(pos));
        for rank in 0..self.ranks {
            for file in 0..self.files {
                let to = self.sq(file, rank);
                if pos.board[to] != EMPTY || !self.drop_region[ci][to] || blocked_files[usize::from(file)] {
                    continue;
                }
                if self.sittuyin_rook_drop && ki == PieceKind::ROOK.index() && self.relative_rank(us, to) != 0 {
                    continue;
                }
                if let Some(sites) = &sites
                    && !self.enclosing_ok(pos, to, us, sites)
                {
                    continue;
                }
                if ki == PieceKind::PAWN.index() {
                    if !self.zone_pawn_drops && self.promotion_zone[ci][to] {
                        continue;
                    }
                    if !self.first_rank_pawn_drops && self.relative_rank(us, to) == 0 {
                        continue;
                    }
                }
                if !self.may_stand(us, ki, to) {
                    continue;
                }
                if promoted.is_some() {
                    out.push(Move::new(NO_SQ, to as u16, MoveKind::Drop { kind: ki, promoted: true }));
                }
                out.push(Move::new(NO_SQ, to as u16, MoveKind::Drop { kind: ki, promoted: false }));
            }
        }
    }

    /// The squares a piece reaches: quiet moves and captures (`to`, is capture).
    pub(crate) fn targets(&self, pos: &Position, from: usize, cell: u16, out: &mut impl TargetSink) {
        let us = color(cell);
        let ki = kind(cell);
        let ci = us.index();
        let initial_ok = self.double_step[ci][from];
        let soldier_promoted = ki == SOLDIER && self.relative_rank(us, from) + 1 >= self.soldier_rank;
        for ray in &self.rays[usize::from(ki)][ci] {
            if ray.initial && !initial_ok {
                continue;
            }
            if ray.soldier_side && !soldier_promoted {
                continue;
            }
            if !out.wants(from, ray.delta, !matches!(ray.kind, RayKind::Leap | RayKind::Lame)) {
                continue;
            }
            let (quiet, capture) = if ray.initial { (ray.quiet, false) } else { (ray.quiet, ray.capture) };
            let d = ray.delta as isize;
            match ray.kind {
                RayKind::Leap | RayKind::Lame => {
                    if ray.kind == RayKind::Lame
                        && ray.path.iter().any(|p| pos.board[(from as isize + *p as isize) as usize] != EMPTY)
                    {
                        continue;
                    }
                    let to = (from as isize + d) as usize;
                    Self::push_target(pos, us, to, quiet, capture, ray.capture && !ray.quiet, out);
                }
                RayKind::Slide => {
                    let mut to = from as isize;
                    let mut n = 0u8;
                    loop {
                        to += d;
                        n += 1;
                        let c = pos.board[to as usize];
                        if c == OFF || c == WALL {
                            break;
                        }
                        Self::push_target(pos, us, to as usize, quiet, capture, ray.capture && !ray.quiet, out);
                        if c != EMPTY || (ray.limit != 0 && n >= ray.limit) {
                            break;
                        }
                    }
                }
                RayKind::Hop | RayKind::Grass => {
                    let mut to = from as isize;
                    let mut n = 0u8;
                    loop {
                        to += d;
                        n += 1;
                        let c = pos.board[to as usize];
                        if c == OFF {
                            break;
                        }
                        if c != EMPTY {
                            break;
                        }
                    }
                    let hurdle = pos.board[to as usize];
                    if hurdle == OFF || (ki == JANGGI_CANNON && is_piece(hurdle) && kind(hurdle) == JANGGI_CANNON) {
                        continue;
                    }
                    loop {
                        to += d;
                        n += 1;
                        let c = pos.board[to as usize];
                        if c == OFF || c == WALL || (ray.limit != 0 && n > ray.limit) {
                            break;
                        }
                        if ki == JANGGI_CANNON && is_piece(c) && kind(c) == JANGGI_CANNON {
                            break;
                        }
                        Self::push_target(pos, us, to as usize, quiet, capture, false, out);
                        if c != EMPTY || ray.kind == RayKind::Grass {
                            break;
                        }
                    }
                }
            }
        }
        if self.palace && self.diagonal_lines[from] {
            self.palace_targets(pos, from, cell, out);
        }
    }

    /// Janggi's moves along the palace's diagonal lines: a wazir (or a
    /// wazir-king) steps as a fers, a soldier as a pawn captures, a rook
    /// slides as a bishop and the janggi cannon hops along them, from and
    /// to squares of the lines.
    fn palace_targets(&self, pos: &Position, from: usize, cell: u16, out: &mut impl TargetSink) {
        let us = color(cell);
        let ki = kind(cell);
        let s = self.stride as isize;
        let diagonals = [s + 1, s - 1, -s + 1, -s - 1];
        let on = |t: isize| self.diagonal_lines[t as usize];
        let wazir = ki == WAZIR || (ki == PieceKind::KING.index() && self.wazir_king);
        if wazir || ki == SOLDIER {
            for d in diagonals {
                if ki == SOLDIER && (d > 0) != (us == Color::White) {
                    continue;
                }
                let t = from as isize + d;
                if pos.board[t as usize] != OFF && on(t) {
                    Self::push_target(pos, us, t as usize, true, true, false, out);
                }
            }
        } else if ki == PieceKind::ROOK.index() || ki == JANGGI_CANNON {
            for d in diagonals {
                let mut t = from as isize;
                let mut hurdle = ki != JANGGI_CANNON;
                loop {
                    t += d;
                    let c = pos.board[t as usize];
                    if c == OFF || c == WALL {
                        break;
                    }
                    if !hurdle {
                        if c != EMPTY {
                            if kind(c) == JANGGI_CANNON {
                                break;
                            }
                            hurdle = true;
                        }
                        continue;
                    }
                    if ki == JANGGI_CANNON && is_piece(c) && kind(c) == JANGGI_CANNON {
                        break;
                    }
                    if on(t) {
                        Self::push_target(pos, us, t as usize, true, true, false, out);
                    }
                    if c != EMPTY {
                        break;
                    }
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
    fn push_target(
        pos: &Position,
        us: Color,
        to: usize,
        quiet: bool,
        capture: bool,
        ep_capable: bool,
        out: &mut impl TargetSink,
    ) {
        let c = pos.board[to];
        if c == EMPTY {
            if quiet {
                out.target(to, false, false);
            } else if ep_capable && pos.ep_len > 0 && pos.ep_squares().contains(&(to as u16)) {
                out.target(to, true, true);
            }
        } else if capture && is_piece(c) && color(c) != us {
            out.target(to, true, false);
        }
    }

    /// The moves of the piece `cell` on `from`, of its rays that may reach
    /// the squares `toward` alone where given, appended to `out`.
    fn piece_moves(&self, pos: &Position, from: usize, cell: u16, toward: Option<&[usize]>, out: &mut Vec<Move>) {
        let us = color(cell);
        let ci = us.index();
        let ki = kind(cell);
        let direct = |out: &mut Vec<Move>| {
            let mut sink = Direct { from: from as u16, out };
            match toward {
                None => self.targets(pos, from, cell, &mut sink),
                Some(only) => self.targets(pos, from, cell, &mut Toward { only, sink }),
            }
        };
        if self.plain[ci][usize::from(ki)] {
            // No promotion, en passant, mobility region or doubled ray:
            // each target is one move.
            direct(out);
            return;
        }
        if self.calm[usize::from(ki)][ci].get(from).copied().unwrap_or(false)
            && (pos.ep_len == 0 || !self.ep_taker[ci][usize::from(ki)])
        {
            // Far from its zones and its region's edges, with no en passant
            // to take: each target is one move, and so is a pawn's step of two or three.
            direct(out);
            if ki == PieceKind::PAWN.index() {
                self.pawn_steps(pos, us, from, |to| out.push(Move::new(from as u16, to as u16, MoveKind::Normal)));
            }
            return;
        }
        // A buffer kept between calls: no allocation per position.
        let mut targets = SCRATCH.with(|s| core::mem::take(&mut *s.borrow_mut()));
        targets.clear();
        match toward {
            None => self.targets(pos, from, cell, &mut targets),
            Some(only) => self.targets(pos, from, cell, &mut Toward { only, sink: &mut targets }),
        }
        if self.overlap[usize::from(ki)] {
            targets.sort_unstable();
            targets.dedup();
        }
        let pawn = ki == PieceKind::PAWN.index();
        if pawn {
            self.pawn_steps(pos, us, from, |to| targets.push((to, false, false)));
        }
        let ep_taker = self.ep_taker[ci][usize::from(ki)];
        let pawn_type = pawn || PieceKind::from_index(ki).is_some_and(|k| self.promotion_pawns[ci].contains(k));
        let zone = if self.sittuyin_promotion && pawn { &self.sittuyin_no_zone } else { &self.promotion_zone[ci] };
        let prom = self.promoted[usize::from(ki)].filter(|p| self.limit_ok(pos, us, p.index()));
        let demote = self.demotion && super::position::base(cell) != 0;
        let from_zone = zone[from];
        for &(to, capture, ep) in &targets {
            if !self.may_stand(us, ki, to) {
                continue;
            }
            if ep && !ep_taker {
                continue;
            }
            let normal_kind = if ep { MoveKind::EnPassant } else { MoveKind::Normal };
            let mv = |k| Move::new(from as u16, to as u16, k);
            let mut normal = true;
            if pawn_type && zone[to] {
                if self.mandatory_pawn {
                    normal = false;
                }
                if !ep {
                    for p in self.promotion_pieces[ci].kinds() {
                        if self.limit_ok(pos, us, p.index()) && self.kinds.contains(&p) {
                            out.push(mv(MoveKind::Promotion(p.index())));
                        }
                    }
                }
            }
            if prom.is_some() || demote {
                let may = (from_zone || zone[to]) && (!self.promotion_on_capture || capture);
                if self.mandatory_piece && (from_zone || zone[to]) && (capture || !self.promotion_on_capture) {
                    normal = false;
                }
                if may && !ep {
                    if prom.is_some() && (zone[to] || !pawn) {
                        out.push(mv(MoveKind::PiecePromotion));
                    }
                    if demote {
                        out.push(mv(MoveKind::PieceDemotion));
                    }
                }
            }
            if normal {
                out.push(mv(normal_kind));
            }
        }
        SCRATCH.with(|s| *s.borrow_mut() = targets);
    }

    /// A pawn's double and triple steps from its regions, to `push`.
    fn pawn_steps(&self, pos: &Position, us: Color, from: usize, mut push: impl FnMut(usize)) {
        let ci = us.index();
        if !(self.double_step[ci][from] || self.triple_step[ci][from]) {
            return;
        }
        let ki = PieceKind::PAWN.index();
        let up = if us == Color::White { self.stride } else { -self.stride } as isize;
        let free = |s: isize| pos.board[s as usize] == EMPTY && self.may_stand(us, ki, s as usize);
        let one = from as isize + up;
        let two = one + up;
        if free(one) && free(two) {
            if self.double_step[ci][from] {
                push(two as usize);
            }
            if self.triple_step[ci][from] && free(two + up) {
                push((two + up) as usize);
            }
        }
    }

    pub(crate) fn limit_ok(&self, pos: &Position, us: Color, ki: u8) -> bool {
        let limit = self.promotion_limit[usize::from(ki) & 63];
        limit <= 0 || self.count(pos, us, ki) < limit
    }

    /// The pieces of a kind a side has on the board.
    pub(crate) fn count(&self, pos: &Position, us: Color, ki: u8) -> i32 {
        let mut n = 0;
        for rank in 0..self.ranks {
            for file in 0..self.files {
                let c = pos.board[self.sq(file, rank)];
                if is_piece(c) && color(c) == us && kind(c) == ki {
                    n += 1;
                }
            }
        }
        n
    }

    /// Each move with each wall it may place (walling games); with
    /// `wallOrMove`, a wall alone instead of a move.
    fn add_walls(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        let ci = us.index();
        let mut moves: Vec<Move> = Vec::with_capacity(out.len());
        if self.wall_or_move {
            moves.extend(out.iter().copied());
            let first = self.board_squares().find(|&s| is_piece(pos.board[s]) && color(pos.board[s]) == us);
            if let Some(s) = first {
                let null = Move::new(s as u16, s as u16, MoveKind::Pass);
                self.walls_of(pos, null, ci, &mut moves);
            }
        } else {
            for &m in out.iter() {
                if matches!(m.kind, MoveKind::Drop { .. } | MoveKind::Pass) {
                    moves.push(m);
                } else {
                    self.walls_of(pos, m, ci, &mut moves);
                }
            }
        }
        *out = moves;
    }

    fn walls_of(&self, pos: &Position, m: Move, ci: usize, out: &mut Vec<Move>) {
        let from = usize::from(m.from);
        let to = usize::from(m.to);
        let mut free = vec![false; pos.board.len()];
        for rank in 0..self.ranks {
            for file in 0..self.files {
                let s = self.sq(file, rank);
                free[s] = (pos.board[s] == EMPTY || s == from) && s != to;
            }
        }
        if m.kind == MoveKind::Castling {
            let (kto, rto) = self.castling_targets(pos.side, from, to);
            for s in [to, kto, rto] {
                free[s] = !free[s];
            }
        }
        if m.kind == MoveKind::EnPassant {
            let c = self.ep_capture_square(pos, to);
            free[c] = !free[c];
        }
        let arrows = if self.walling == WallingRule::Arrow {
            let mut without = pos.clone();
            let cell = pos.board[from];
            without.board[from] = EMPTY;
            let mut targets = Vec::new();
            self.targets(&without, to, cell, &mut targets);
            Some(targets.into_iter().filter(|t| !t.1).map(|t| t.0).collect::<Vec<usize>>())
        } else {
            None
        };
        for rank in 0..self.ranks {
            for file in 0..self.files {
                let s = self.sq(file, rank);
                if !free[s] || !self.walling_region[ci][s] {
                    continue;
                }
                if arrows.as_ref().is_some_and(|a| !a.contains(&s)) {
                    continue;
                }
                if self.walling == WallingRule::Past && s != from {
                    continue;
                }
                if self.walling == WallingRule::Edge {
                    let edge = file == 0 || rank == 0 || file + 1 == self.files || rank + 1 == self.ranks;
                    let st = self.stride as isize;
                    let by_wall = [1, -1, st, -st].iter().any(|d| pos.board[(s as isize + d) as usize] == WALL);
                    if !edge && !by_wall {
                        continue;
                    }
                }
                out.push(Move { wall: s as u16, ..m });
            }
        }
    }

    /// Sittuyin's promotions: a pawn on the promotion squares (any pawn,
    /// when it is the last) becomes a fers where it stands or on a square
    /// the fers reaches, if the fers would attack no piece there.
    fn sittuyin_promotions(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        let ci = us.index();
        let p = PieceKind::PAWN.index();
        let pawns = self.squares_of(pos, us, |ki| ki == p);
        let last = pawns.len() == 1;
        for &from in &pawns {
            if !last && !self.promotion_zone[ci][from] {
                continue;
            }
            for k in self.promotion_pieces[ci].kinds() {
                let ki = k.index();
                if !self.kinds.contains(&k) || !self.limit_ok(pos, us, ki) {
                    continue;
                }
                let cell = super::position::piece(ki, us, 0, false);
                let mut reach = Vec::new();
                self.targets(pos, from, cell, &mut reach);
                let mut squares: Vec<usize> = reach.iter().filter(|t| !t.1).map(|t| t.0).collect();
                squares.push(from);
                for to in squares {
                    let mut tmp = pos.clone();
                    tmp.board[from] = EMPTY;
                    tmp.board[to] = cell;
                    let mut attacks = Vec::new();
                    self.targets(&tmp, to, cell, &mut attacks);
                    if !attacks.iter().any(|t| t.1) {
                        out.push(Move::new(from as u16, to as u16, MoveKind::Promotion(ki)));
                    }
                }
            }
        }
    }
}
