//! The rules that make a pseudo-legal move legal: the royal piece not left attacked, castling not
//! through check, the flying general, the Makpong rule, checks not allowed
//! or not by drops, immobile pieces, mandatory captures, passing only when
//! stalemated; and the ends of the game that leave no move (extinction, a
//! flag reached, the last check given).

use polyfen_core::Color;

use super::compile::Rules;
use super::moves::{Move, MoveKind};
use super::pins::{Exposure, Lines, SafeRoyals};
use super::position::RoyalSquares;
use super::position::{EMPTY, NO_SQ, Position, base, color, is_piece, kind, piece};
use crate::keys::Field;
use crate::piece::{PieceKind, PieceSet};
use crate::value::Outcome;

/// The result for the other side.
pub(crate) fn negate(o: Outcome) -> Outcome {
    match o {
        Outcome::Win => Outcome::Loss,
        Outcome::Loss => Outcome::Win,
        other => other,
    }
}

impl Rules {
    /// Whether a pseudo-legal move is legal. In games whose legality is the
    /// royal piece's safety (and the checks a move may not give), the move
    /// is tried on `scratch`, a copy of `pos` made when first needed,
    /// changing and restoring only the squares it touches; a move that
    /// cannot open a line to the royal piece, nor give a check it may not
    /// give (`lines`), is not tried.
    pub(crate) fn is_legal(
        &self,
        pos: &Position,
        scratch: &mut Option<Position>,
        m: Move,
        in_check: bool,
        lines: &Lines,
        royals: Option<&RoyalSquares>,
    ) -> bool {
        let Lines { exposure, checks, .. } = lines;
        let checks = checks.as_ref();
        if !self.fast_legal {
            return self.legal_by_trial(pos, scratch, m, (in_check, lines), royals);
        }
        if !self.pre_checks(pos, m, in_check) {
            return false;
        }
        let checks_theirs = self.checks_theirs(m);
        // A move that cannot open a line to the royal piece (nor give a
        // check it may not give) is legal.
        let from = match m.kind {
            MoveKind::Normal | MoveKind::Promotion(_) | MoveKind::PiecePromotion | MoveKind::PieceDemotion
                if m.from != pos.royal[pos.side.index()] =>
            {
                Some(Some(usize::from(m.from)))
            }
            MoveKind::Drop { .. } | MoveKind::Pass => Some(None),
            _ => None,
        };
        // Whether the move may give a check it may not give (a royal
        // move, tried for its own safety, need not be tried for this).
        let may_check = checks_theirs
            && match (checks, m.kind) {
                (Some(_), MoveKind::Castling | MoveKind::EnPassant | MoveKind::Pass) | (None, _) => true,
                (Some(_), _) if m.gate != 0 => true,
                (Some(checks), MoveKind::Drop { .. }) => {
                    checks.may_check(None, usize::from(m.to), self.placed_kind(pos, m))
                }
                (Some(checks), _) => {
                    checks.may_check(Some(usize::from(m.from)), usize::from(m.to), self.placed_kind(pos, m))
                }
            };
        if let Some(from) = from
            && !exposure.needs_test(from, usize::from(m.to))
            && !may_check
        {
            return true;
        }
        let us = pos.side;
        let them = us.other();
        let scratch = scratch.get_or_insert_with(|| pos.clone());
        let mut saved = Saved::default();
        let (king, captured) = self.play_on_board(pos, scratch, m, &mut saved);
        let exposed = |scratch: &Position, k: usize, c: Color| {
            self.attacked(scratch, k, c.other()) || (self.flying_general && self.kings_face(scratch, k, c))
        };
        let mut legal = king == usize::from(NO_SQ) || !exposed(scratch, king, us);
        if legal && may_check {
            let theirs = pos.royal[them.index()];
            if theirs != NO_SQ && theirs != captured {
                // The flying general looks from the mover's new king square.
                let royal = scratch.royal[us.index()];
                if king != usize::from(NO_SQ) {
                    scratch.royal[us.index()] = king as u16;
                }
                legal = !exposed(scratch, usize::from(theirs), them);
                scratch.royal[us.index()] = royal;
            }
        }
        saved.restore(scratch);
        legal
    }

    /// Plays `m` on `scratch`'s board alone (the cells it changes kept in
    /// `saved`, to be given back): the square of the mover's royal piece
    /// after it ([`NO_SQ`] none), and the square of the piece it captures
    /// ([`NO_SQ`] none).
    fn play_on_board(&self, pos: &Position, scratch: &mut Position, m: Move, saved: &mut Saved) -> (usize, u16) {
        let us = pos.side;
        let from = usize::from(m.from);
        let to = usize::from(m.to);
        let mut king = usize::from(pos.royal[us.index()]);
        let mut captured = NO_SQ;
        match m.kind {
            MoveKind::Pass => {}
            MoveKind::Drop { kind: k, promoted } => {
                let cell = match self.promoted[usize::from(k)] {
                    Some(p) if promoted => piece(p.index(), us, k, false),
                    _ => piece(k, us, 0, false),
                };
                saved.set(scratch, to, cell);
            }
            MoveKind::Castling => {
                let (kto, rto) = self.castling_targets(us, from, to);
                let (k, r) = (pos.board[from], pos.board[to]);
                saved.set(scratch, from, EMPTY);
                saved.set(scratch, to, EMPTY);
                saved.set(scratch, kto, k);
                saved.set(scratch, rto, r);
                if pos.royal[us.index()] == m.from {
                    king = kto;
                }
            }
            _ => {
                let cell = pos.board[from];
                let ki = kind(cell);
                let moved = match m.kind {
                    MoveKind::Promotion(p) => piece(p, us, 0, true),
                    MoveKind::PiecePromotion => {
                        piece(self.promoted[usize::from(ki)].map_or(ki, PieceKind::index), us, ki, false)
                    }
                    MoveKind::PieceDemotion => piece(base(cell), us, 0, false),
                    _ => cell,
                };
                if m.kind == MoveKind::EnPassant {
                    let capsq = self.ep_capture_square(pos, to);
                    captured = capsq as u16;
                    saved.set(scratch, capsq, EMPTY);
                } else if is_piece(pos.board[to]) {
                    captured = m.to;
                }
                saved.set(scratch, from, EMPTY);
                saved.set(scratch, to, moved);
                if pos.royal[us.index()] == m.from {
                    king = to;
                }
            }
        }
        if m.gate != 0 {
            // A piece gated in from the hand (Seirawan).
            saved.set(scratch, usize::from(m.gate_sq), piece(m.gate, us, 0, false));
        }
        (king, captured)
    }

    /// Whether a pseudo-legal move is legal, and the position after it.
    /// The rules a move must meet that the position before it decides:
    /// castling not out of or through check, gates not blocked, the Makpong
    /// rule, immobile pieces, bishops on both colours.
    fn pre_checks(&self, pos: &Position, m: Move, in_check: bool) -> bool {
        let us = pos.side;
        let them = us.other();
        if m.kind == MoveKind::Castling {
            if m.gate != 0 {
                let (kto, rto) = self.castling_targets(us, usize::from(m.from), usize::from(m.to));
                if usize::from(m.gate_sq) == kto || usize::from(m.gate_sq) == rto {
                    return false;
                }
            }
            let royal = pos.royal[us.index()] == m.from;
            if royal {
                if in_check {
                    return false;
                }
                let (kto, _) = self.castling_targets(us, usize::from(m.from), usize::from(m.to));
                let from = usize::from(m.from);
                let step: isize = if kto > from { -1 } else { 1 };
                let mut s = kto as isize;
                while s != from as isize {
                    if self.attacked(pos, s as usize, them)
                        || (self.flying_general && self.kings_face(pos, s as usize, us))
                    {
                        return false;
                    }
                    s += step;
                }
            }
        }
        if self.makpong && in_check && pos.royal[us.index()] == m.from && m.kind != MoveKind::Pass {
            let mut tmp = pos.clone();
            if !is_piece(tmp.board[usize::from(m.to)]) {
                return false;
            }
            tmp.board[usize::from(m.to)] = EMPTY;
            if self.attacked(&tmp, usize::from(m.from), them) {
                return false;
            }
        }
        if self.immobility_illegal {
            let moved = match m.kind {
                MoveKind::Normal => Some(kind(pos.board[usize::from(m.from)])),
                MoveKind::Drop { kind: k, promoted } => {
                    Some(if promoted { self.promoted[usize::from(k)].map_or(k, PieceKind::index) } else { k })
                }
                _ => None,
            };
            if let Some(k) = moved
                && !self.mobile[usize::from(k)][us.index()][usize::from(m.to)]
            {
                return false;
            }
        }
        if self.opposite_bishops
            && let MoveKind::Drop { kind: k, .. } = m.kind
            && !self.bishops_balanced(pos, k, usize::from(m.to))
        {
            return false;
        }
        true
    }

    pub(crate) fn try_move(&self, pos: &Position, m: Move, in_check: bool) -> Option<Position> {
        let royals = self.pseudo_royal.then(|| self.royal_squares(pos));
        self.try_move_with(pos, m, in_check, royals.as_ref())
    }

    /// Whether a move of a game whose legality [`Rules::try_move`] decides
    /// is legal, without making the position after it when nothing of that
    /// position is asked: no royal piece of the mover's to be checked, no
    /// bikjang, no mutual immunity, no check it may not give.
    fn legal_by_trial(
        &self,
        pos: &Position,
        scratch: &mut Option<Position>,
        m: Move,
        (in_check, lines): (bool, &Lines),
        royals: Option<&RoyalSquares>,
    ) -> bool {
        if !self.legal_before(pos, scratch, m, (in_check, lines), royals) {
            return false;
        }
        // A plain move of a piece other than a pseudo-royal one, opening no
        // line to them.
        if let (Some(exposure), Some(royals)) = (&lines.pseudo, royals)
            && !self.blast
            && !self.bikjang
            && m.kind == MoveKind::Normal
            && m.gate == 0
            && m.wall == NO_SQ
            && !self.checks_theirs(m)
            && !royals[pos.side.index()].contains(&usize::from(m.from))
            && pos.royal[pos.side.index()] != m.from
            && !exposure.needs_test(Some(usize::from(m.from)), usize::from(m.to))
        {
            return true;
        }
        if let Some(legal) = self.pseudo_royal_trial(pos, scratch, m, royals, &lines.safe) {
            return legal;
        }
        if let Some(legal) = self.royal_trial(pos, scratch, m) {
            return legal;
        }
        let needs_position = pos.royal[pos.side.index()] != NO_SQ
            || self.bikjang
            || (self.pseudo_royal && !self.blast)
            || self.checks_theirs(m);
        !needs_position || self.try_move_with(pos, m, in_check, royals).is_some()
    }

    /// In a game of pseudo-royal pieces whose moves change nothing but the
    /// cells they move from, to and capture on (no blast, petrifying,
    /// flipping, wall or gate, no check it may not give, no duple check,
    /// bikjang or flying general), whether a move or a drop is legal,
    /// tried on `scratch` and its cells given back; `None` where the move
    /// needs the whole position after it.
    fn pseudo_royal_trial(
        &self,
        pos: &Position,
        scratch: &mut Option<Position>,
        m: Move,
        royals: Option<&RoyalSquares>,
        safe: &SafeRoyals,
    ) -> Option<bool> {
        let drops_king = self.royal
            && matches!(m.kind, MoveKind::Drop { .. })
            && self.placed_kind(pos, m) == PieceKind::KING.index();
        let simple = self.pseudo_royal
            && !self.bikjang
            && !self.duple_check
            && !self.flying_general
            && !drops_king
            && !matches!(m.kind, MoveKind::Castling | MoveKind::Pass)
            && self.changes_only_its_cells(m);
        if !simple {
            return None;
        }
        let us = pos.side;
        let computed;
        let ours = if let Some(r) = royals {
            &r[us.index()]
        } else {
            computed = self.royal_squares(pos);
            &computed[us.index()]
        };
        let scratch = scratch.get_or_insert_with(|| pos.clone());
        let mut saved = Saved::default();
        let (king, _) = self.play_on_board(pos, scratch, m, &mut saved);
        // A royal piece not attacked before, not moved, whose lines the
        // move does not touch, is not attacked after it.
        let plain = matches!(m.kind, MoveKind::Normal | MoveKind::Drop { .. });
        let from = (!matches!(m.kind, MoveKind::Drop { .. })).then_some(usize::from(m.from));
        let untested = |s: usize| plain && Some(s) != from && safe.stays_safe(s, from, usize::from(m.to));
        let legal = (king == usize::from(NO_SQ) || untested(king) || !self.attacked(scratch, king, us.other()))
            && self.pseudo_royals_safe(pos, m, scratch, ours, untested);
        saved.restore(scratch);
        Some(legal)
    }

    /// Whether `m` changes nothing but the cells it moves from, to and
    /// captures on (no blast, petrifying, flipping, wall or gate), and the
    /// legality asks nothing of the other side's safety after it (no check
    /// it may not give): what a trial on a scratch board can tell.
    fn changes_only_its_cells(&self, m: Move) -> bool {
        !self.blast
            && self.petrify_types.is_empty()
            && self.flip_enclosed == crate::value::EnclosingRule::None
            && m.gate == 0
            && m.wall == NO_SQ
            && !self.checks_theirs(m)
    }

    /// In a game of one royal piece whose moves change nothing but the
    /// cells they move from, to and capture on (no blast, petrifying,
    /// flipping, wall or gate, no check it may not give), whether a move
    /// is legal: tried on `scratch`, its cells given back, the royal piece
    /// not attacked after it, nor facing the other with the flying general
    /// or when the kings faced before it (bikjang, where a pass is
    /// legal); `None` where the move needs the whole position after it.
    fn royal_trial(&self, pos: &Position, scratch: &mut Option<Position>, m: Move) -> Option<bool> {
        let us = pos.side;
        let simple = !self.pseudo_royal && pos.royal[us.index()] != NO_SQ && self.changes_only_its_cells(m);
        if !simple {
            return None;
        }
        let bikjang = self.bikjang && self.kings_face_now(pos);
        if bikjang && m.kind == MoveKind::Pass {
            return Some(true);
        }
        let scratch = scratch.get_or_insert_with(|| pos.clone());
        let mut saved = Saved::default();
        let (king, _) = self.play_on_board(pos, scratch, m, &mut saved);
        let legal = !self.attacked(scratch, king, us.other())
            && !((self.flying_general || bikjang) && self.kings_face(scratch, king, us));
        saved.restore(scratch);
        Some(legal)
    }

    /// What of `pos` lets moves be found legal untried: the lines to the
    /// mover's royal piece and, where checks may be forbidden, to the
    /// other's.
    pub(crate) fn lines(&self, pos: &Position, in_check: bool, royals: Option<&RoyalSquares>) -> Lines {
        let safe = royals.map(|r| self.safe_royals(pos, r)).unwrap_or_default();
        Lines {
            exposure: if self.fast_legal { self.exposure(pos, in_check) } else { Exposure::everything() },
            checks: (self.fast_legal && self.may_forbid_checks()).then(|| self.checks(pos)),
            pseudo: royals.and_then(|r| {
                if self.blast { self.atomic_exposure(pos, r) } else { self.pseudo_exposure_from(pos, r, &safe) }
            }),
            safe,
        }
    }

    /// Whether some move may be one that may not give check.
    pub(crate) fn may_forbid_checks(&self) -> bool {
        !self.checking || !self.drop_checks || self.sittuyin_promotion
    }

    /// The kind a move leaves on its target square.
    pub(crate) fn placed_kind(&self, pos: &Position, m: Move) -> u8 {
        match m.kind {
            MoveKind::Drop { kind: k, promoted } => {
                if promoted {
                    self.promoted[usize::from(k)].map_or(k, PieceKind::index)
                } else {
                    k
                }
            }
            MoveKind::Promotion(p) => p,
            MoveKind::PiecePromotion => {
                let ki = kind(pos.board[usize::from(m.from)]);
                self.promoted[usize::from(ki)].map_or(ki, PieceKind::index)
            }
            MoveKind::PieceDemotion => base(pos.board[usize::from(m.from)]),
            _ => kind(pos.board[usize::from(m.from)]),
        }
    }

    /// Whether a move may not give check: the game forbids checks, or
    /// checks by drops, or a Sittuyin promotion's.
    fn checks_theirs(&self, m: Move) -> bool {
        let is_drop = matches!(m.kind, MoveKind::Drop { .. });
        let sittuyin = self.sittuyin_promotion && matches!(m.kind, MoveKind::Promotion(_));
        !self.checking || (is_drop && !self.drop_checks) || sittuyin
    }

    /// The rules of legality the position before the move decides.
    fn legal_before(
        &self,
        pos: &Position,
        scratch: &mut Option<Position>,
        m: Move,
        (in_check, lines): (bool, &Lines),
        royals: Option<&RoyalSquares>,
    ) -> bool {
        if !self.pre_checks(pos, m, in_check) {
            return false;
        }
        // Mutually immune pieces do not take each other.
        if self.mutually_immune.0 != 0
            && self.is_capture_now(pos, m)
            && PieceKind::from_index(kind(pos.board[usize::from(m.from)]))
                .is_some_and(|k| self.mutually_immune.contains(k))
            && kind(pos.board[usize::from(m.from)]) == kind(pos.board[usize::from(m.to)])
        {
            return false;
        }
        match royals {
            Some(r) if self.blast => self.atomic_safe(pos, m, r, lines.pseudo.as_ref(), scratch),
            _ => true,
        }
    }

    fn try_move_with(
        &self,
        pos: &Position,
        m: Move,
        in_check: bool,
        royals: Option<&RoyalSquares>,
    ) -> Option<Position> {
        let us = pos.side;
        let them = us.other();
        if !self.legal_before(pos, &mut None, m, (in_check, &Lines::NONE), royals) {
            return None;
        }
        let bikjang = self.bikjang && self.kings_face_now(pos);
        if bikjang && m.kind == MoveKind::Pass {
            return Some(self.make(pos, m));
        }
        let next = self.make(pos, m);
        let unwalled;
        let seen = if m.wall == NO_SQ || self.pseudo_royal {
            &next
        } else {
            unwalled = self.make(pos, Move { wall: NO_SQ, ..m });
            &unwalled
        };
        if self.in_check(seen, us) {
            return None;
        }
        if bikjang && self.kings_face_now(seen) {
            return None;
        }
        if self.pseudo_royal && !self.blast {
            let computed;
            let ours = if let Some(r) = royals {
                &r[us.index()]
            } else {
                computed = self.royal_squares(pos);
                &computed[us.index()]
            };
            if !self.pseudo_royals_safe(pos, m, &next, ours, |_| false) {
                return None;
            }
        }
        if self.checks_theirs(m) && self.in_check(&next, them) {
            return None;
        }
        Some(next)
    }

    /// With pseudo-royal pieces (the last ones of the extinction types),
    /// whether none of the mover's is left attacked, and (duple check) not
    /// all of its candidates at once.
    /// Squares for which `untested` holds are known not to be attacked.
    fn pseudo_royals_safe(
        &self,
        pos: &Position,
        m: Move,
        next: &Position,
        royals: &[usize],
        untested: impl Fn(usize) -> bool,
    ) -> bool {
        let us = pos.side;
        let them = us.other();
        let from = usize::from(m.from);
        let to = usize::from(m.to);
        let types = self.extinction_types;
        let in_types = |k: u8| PieceKind::from_index(k).is_some_and(|k| types.contains(k)) || types.has_star();
        let kto = if m.kind == MoveKind::Castling { self.castling_targets(us, from, to).0 } else { to };
        // Petrifying a pseudo-royal piece is illegal.
        if royals.contains(&from) && self.petrifies(kind(pos.board[from])) && Rules::is_capture(pos, m) {
            return false;
        }
        if m.kind == MoveKind::Castling && royals.contains(&from) {
            let step: isize = if kto > from { 1 } else { -1 };
            let mut s = from as isize;
            loop {
                if s == kto as isize && from != kto {
                    break;
                }
                if self.attacked(pos, s as usize, them) {
                    return false;
                }
                if from == kto {
                    break;
                }
                s += step;
            }
        }
        // Each pseudo-royal square after the move: the pieces moved
        // followed, a promotion to a type of which there are then too many
        // to be royal taking all of them out, a piece of the types dropped
        // or promoted to added.
        let followed = |s: usize| {
            if m.kind != MoveKind::Pass && !matches!(m.kind, MoveKind::Drop { .. }) && s == from {
                kto
            } else if m.kind == MoveKind::Castling && s == to {
                self.castling_targets(us, from, to).1
            } else {
                s
            }
        };
        let (too_many, added) = match m.kind {
            MoveKind::Drop { kind: k, .. } if in_types(k) => (None, Some(to)),
            MoveKind::Promotion(p) if in_types(p) => {
                if self.count(pos, us, p) > self.extinction_count {
                    (Some(p), None)
                } else {
                    (None, Some(to))
                }
            }
            _ => (None, None),
        };
        let after = royals.iter().map(|&s| followed(s)).filter(|&s| too_many.is_none_or(|p| kind(next.board[s]) != p));
        if after.chain(added).any(|s| !untested(s) && self.attacked(next, s, them)) {
            return false;
        }
        if self.duple_check {
            let candidates = self.squares_of(next, us, in_types);
            if !candidates.is_empty() && candidates.iter().all(|&s| self.attacked(next, s, them)) {
                return false;
            }
        }
        true
    }

    /// Whether a drop leaves room for the side's bishops on both colours
    /// (`dropOppositeColoredBishop`).
    fn bishops_balanced(&self, pos: &Position, k: u8, to: usize) -> bool {
        let us = pos.side;
        let ci = us.index();
        let b = PieceKind::BISHOP.index();
        let dark = |s: usize| (self.file_of(s) + self.rank_of(s)).is_multiple_of(2);
        let bishops = self.squares_of(pos, us, |ki| ki == b);
        let total = bishops.len() as i32 + i32::from(pos.hand[ci][usize::from(b)]);
        if k == b {
            let same = bishops.iter().filter(|&&s| dark(s) == dark(to)).count() as i32;
            return same < (total + 1) / 2;
        }
        let free: Vec<usize> = self
            .board_squares()
            .filter(|&s| pos.board[s] == EMPTY && s != to && self.drop_region[ci][s] && self.may_stand(us, b, s))
            .collect();
        let on = |want: bool| {
            (bishops.iter().filter(|&&s| dark(s) == want).count() + free.iter().filter(|&&s| dark(s) == want).count())
                as i32
        };
        on(true) >= total / 2 && on(false) >= total / 2
    }

    /// Whether the position ends the game at once, leaving no move.
    pub(crate) fn immediate_end(&self, pos: &Position) -> bool {
        self.immediate_result(pos).is_some()
    }

    /// How the position ends the game at once by a rule of the game, for
    /// the side to move, if it does.
    pub(crate) fn immediate_result(&self, pos: &Position) -> Option<Outcome> {
        let stm = pos.side;
        if self.extinction && (!self.pseudo_royal || self.blast) {
            // Each side's pieces of the extinction types, and in all, on
            // the board and in hand: counted in one pass that stops once
            // every count is above the extinction count (no side is then
            // extinct).
            let limit = self.extinction_count;
            let star = self.extinction_types.has_star();
            let types = self.extinction_types.0 & !PieceSet::star().0;
            let mut by_kind = [[0i32; 64]; 2];
            let mut all = [0i32; 2];
            let mut short = 0;
            for ci in 0..2 {
                let hand = &pos.hand[ci];
                all[ci] = hand.iter().map(|&h| i32::from(h)).sum::<i32>();
                short += i32::from(star && all[ci] <= limit);
                for k in self.extinction_types.kinds() {
                    let k = usize::from(k.index());
                    by_kind[ci][k] = i32::from(hand[k]);
                    short += i32::from(by_kind[ci][k] <= limit);
                }
            }
            if short > 0 {
                for s in self.board_squares() {
                    let cell = pos.board[s];
                    if !is_piece(cell) {
                        continue;
                    }
                    let ci = color(cell).index();
                    if star {
                        all[ci] += 1;
                        short -= i32::from(all[ci] == limit + 1);
                    }
                    let k = usize::from(kind(cell));
                    if types & (1u64 << k) != 0 {
                        by_kind[ci][k] += 1;
                        short -= i32::from(by_kind[ci][k] == limit + 1);
                    }
                    if short == 0 {
                        break;
                    }
                }
            }
            let count = |c: Color, k: Option<PieceKind>| -> i32 {
                match k {
                    Some(k) => by_kind[c.index()][usize::from(k.index())],
                    None => all[c.index()],
                }
            };
            for c in [stm.other(), stm] {
                let types = core::iter::once(None).filter(|_| star).chain(self.extinction_types.kinds().map(Some));
                for k in types {
                    if count(c, k) <= self.extinction_count
                        && count(c.other(), k)
                            >= self.extinction_opponent_count + i32::from(self.extinction_claim && c == stm)
                    {
                        let v = self.outcome_of(Field::ExtinctionValue);
                        return Some(if c == stm { v } else { negate(v) });
                    }
                }
            }
        }
        if (self.flag_move || self.flag_safe) && self.flag_reached(pos, stm) {
            let them_king = self.flag_piece[stm.other().index()] == Some(PieceKind::KING);
            let drawish = (self.flag_move && stm == Color::White && them_king) || (self.flag_safe && !self.flag_move);
            return Some(if drawish && self.flag_reached(pos, stm.other()) { Outcome::Draw } else { Outcome::Win });
        }
        let king_flag = self.flag_piece[stm.index()] == Some(PieceKind::KING);
        if (!self.flag_move || self.flag_safe || king_flag) && self.flag_reached(pos, stm.other()) {
            // Racing kings: black may still draw by reaching the flag too.
            if self.flag_move && king_flag && stm == Color::Black && !self.in_check(pos, stm) {
                let mut moves = Vec::new();
                self.pseudo_moves(pos, &mut moves);
                let k = pos.royal[stm.index()];
                for m in moves {
                    if m.from == k
                        && m.kind == MoveKind::Normal
                        && self.flag_region[stm.index()][usize::from(m.to)]
                        && self.try_move(pos, m, false).is_some()
                    {
                        return None;
                    }
                }
            }
            return Some(Outcome::Loss);
        }
        if self.check_counting && pos.checks[stm.other().index()] == 0 {
            return Some(Outcome::Loss);
        }
        if self.castling_wins != 0 {
            if pos.history & 8 != 0 {
                return Some(Outcome::Loss);
            }
            for c in [stm.other(), stm] {
                let mask = self.castling_wins & (0b11 << (2 * c.index()));
                if mask != 0 && pos.castling & mask == 0 {
                    return Some(if c == stm { Outcome::Loss } else { Outcome::Win });
                }
            }
        }
        if self.connects && self.connected(pos) {
            return Some(negate(self.outcome_of(Field::ConnectValue)));
        }
        // Two passes in a row, bikjang twice, or a full board end the game.
        if (pos.history & 3 == 3 && !self.wall_or_move)
            || (self.bikjang && pos.history & 4 != 0 && self.kings_face_now(pos))
        {
            return Some(self.material_result(pos).unwrap_or(Outcome::Draw));
        }
        if self.full_board_ends && (0..self.ranks).all(|r| (0..self.files).all(|f| pos.board[self.sq(f, r)] != EMPTY)) {
            return Some(self.material_result(pos).unwrap_or(Outcome::Draw));
        }
        None
    }

    /// Whether the two kings face each other on an open file or rank.
    pub(crate) fn kings_face_now(&self, pos: &Position) -> bool {
        let k = pos.royal[pos.side.index()];
        k != NO_SQ && self.kings_face(pos, usize::from(k), pos.side)
    }

    fn flag_reached(&self, pos: &Position, c: Color) -> bool {
        let ci = c.index();
        if !self.has_flag[ci] {
            return false;
        }
        let squares = &self.flag_squares[ci];
        let on_flag = |s: &&usize| {
            let cell = pos.board[**s];
            is_piece(cell) && color(cell) == c && self.flag_piece[ci].is_none_or(|k| kind(cell) == k.index())
        };
        let on = squares.iter().filter(on_flag).count() as i32;
        let full = || squares.iter().all(|&s| pos.board[s] != EMPTY);
        let reached = on > 0 && (on >= self.flag_count || (self.flag_blocked_win && full()));
        if reached && self.flag_safe && (!self.flag_move || c == pos.side.other()) && on == self.flag_count {
            return !squares.iter().filter(on_flag).any(|&s| self.attacked(pos, s, c.other()));
        }
        reached
    }

    /// Keeps the pseudo-legal moves of `out` that are legal, and says
    /// whether the side to move is in check.
    pub(super) fn retain_legal(&self, pos: &Position, out: &mut Vec<Move>) -> bool {
        let ci = pos.side.index();
        if self.free_without_royal && pos.royal[ci] == NO_SQ && pos.castling & (3 << (2 * ci)) == 0 {
            // nothing of the side to be kept safe, nothing else refused
            return false;
        }
        let in_check = self.in_check(pos, pos.side);
        let mut scratch = None;
        let royals = self.pseudo_royal.then(|| self.royal_squares(pos));
        let lines = self.lines(pos, in_check, royals.as_ref());
        out.retain(|m| self.is_legal(pos, &mut scratch, *m, in_check, &lines, royals.as_ref()));
        in_check
    }

    /// The legal moves, into `out` (cleared first).
    pub(crate) fn legal_into(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        if self.immediate_end(pos) {
            return;
        }
        self.pseudo_moves(pos, out);
        let in_check = self.retain_legal(pos, out);
        if self.must_capture && out.iter().any(|m| Rules::is_capture(pos, *m)) {
            out.retain(|m| Rules::is_capture(pos, *m));
        }
        if self.must_drop {
            let ci = pos.side.index();
            let in_hand = match self.must_drop_type {
                Some(k) => pos.hand[ci][usize::from(k.index())] > 0,
                None => pos.hand[ci].iter().any(|&n| n > 0),
            };
            if in_hand {
                if let Some(k) = self.must_drop_type {
                    out.retain(|m| !matches!(m.kind, MoveKind::Drop { kind, .. } if kind != k.index()));
                }
                if out.iter().any(|m| matches!(m.kind, MoveKind::Drop { .. })) {
                    out.retain(|m| matches!(m.kind, MoveKind::Drop { .. }));
                }
            }
        }
        if self.pass_on_stalemate[pos.side.index()] && !in_check && out.iter().any(|m| m.kind != MoveKind::Pass) {
            out.retain(|m| m.kind != MoveKind::Pass);
        }
    }

    fn is_capture_now(&self, pos: &Position, m: Move) -> bool {
        let _ = self;
        Rules::is_capture(pos, m)
    }

    /// Whether a move captures.
    pub(crate) fn is_capture(pos: &Position, m: Move) -> bool {
        match m.kind {
            MoveKind::EnPassant => true,
            MoveKind::Castling | MoveKind::Drop { .. } | MoveKind::Pass => false,
            _ => is_piece(pos.board[usize::from(m.to)]),
        }
    }
}

/// The cells a trial on a scratch board changed, to give them back.
#[derive(Default)]
struct Saved {
    cells: [(usize, u16); 5],
    n: usize,
}

impl Saved {
    fn set(&mut self, scratch: &mut Position, sq: usize, cell: u16) {
        self.cells[self.n] = (sq, scratch.board[sq]);
        self.n += 1;
        scratch.board[sq] = cell;
    }

    fn restore(&self, scratch: &mut Position) {
        for &(sq, cell) in self.cells[..self.n].iter().rev() {
            scratch.board[sq] = cell;
        }
    }
}
