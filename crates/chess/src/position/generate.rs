//! Legal move generation on bitboards: checkers and pin masks, no
//! make/unmake test per move; the moves of one piece to one square found
//! alone (SAN's common case), castling and en passant, and the sinks the
//! generator puts its moves into: a list, or only their number (perft's
//! last ply).

use arrayvec::ArrayVec;
use polyfen_core::Color;

use super::{FILE_A, FILE_H, Move, MoveKind, MoveList, PROMOTIONS, Position, RANK_1, RANK_8, bit, sq, squares};
use crate::bitboard::{
    KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS, between, bishop_attacks, diagonal_lines, line, lines_through,
    rook_attacks, straight_lines,
};
use crate::castling::back_rank;
use crate::types::{Role, Square};

impl Position {
    /// Our pieces that stand alone between our king and an enemy slider.
    #[inline]
    fn pinned(&self, king: usize) -> u64 {
        let us = self.colors[self.turn.index()];
        let them = self.colors[self.turn.other().index()];
        let queens = self.roles[Role::Queen as usize];
        let straight = (self.roles[Role::Rook as usize] | queens) & them;
        let diagonal = (self.roles[Role::Bishop as usize] | queens) & them;
        let mut snipers = 0;
        if straight_lines(king) & straight != 0 {
            snipers |= rook_attacks(king, them) & straight;
        }
        if diagonal_lines(king) & diagonal != 0 {
            snipers |= bishop_attacks(king, them) & diagonal;
        }
        let occupied = us | them;
        let mut pinned = 0;
        for s in squares(snipers) {
            let b = between(king, s) & occupied;
            if b & (b.wrapping_sub(1)) == 0 {
                pinned |= b & us;
            }
        }
        pinned
    }

    /// Every legal move, pawns first then pieces, castling last.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, !0, !0, true);
        list
    }

    /// The number of legal moves, counted without listing them (a piece's
    /// moves by the number of its target squares).
    #[must_use]
    pub fn count_moves(&self) -> usize {
        let mut count = MoveCount(0);
        self.generate(&mut count, !0, !0, true);
        count.0
    }

    /// The legal moves of `role` to `to` (any destination for `None`),
    /// castling excluded.
    #[must_use]
    pub fn moves_of(&self, role: Role, to: Option<Square>) -> MoveList {
        if let Some(t) = to {
            self.moves_to(role, t).into_iter().collect()
        } else {
            let mut list = MoveList::new();
            self.generate(&mut list, self.pieces(self.turn, role), !0, false);
            list
        }
    }

    /// The legal moves of `role` to `to`, castling excluded: what reading a
    /// move needs, without generating the others. (At most 12 moves can
    /// share a role and destination: 8 sliders, or 3 pawns promoting.)
    #[must_use]
    #[inline]
    pub fn moves_to(&self, role: Role, to: Square) -> ArrayVec<Move, 32> {
        let mut list = ArrayVec::new();
        self.moves_to_into(role, to, &mut list);
        list
    }

    /// The one legal move of a piece of `role` of the side to move from
    /// `from_mask` to `to`, promotions aside, in the common case: exactly one
    /// such piece reaches `to`, and once it has moved no enemy piece attacks
    /// its king. Pawns: a push to an empty square
    /// or a capture of a piece standing on `to`, never onto the last rank
    /// and never to the en passant square; the king: a step to a square no
    /// enemy piece attacks. `None` when any of that fails; the full
    /// generation then decides.
    #[expect(
        clippy::inline_always,
        reason = "left to itself the compiler sometimes calls it from the SAN and UCI readers, its Option<Move> returned through memory: measured a fifth more instructions in reading SAN"
    )]
    #[inline(always)]
    pub(crate) fn sole_piece_move(&self, role: Role, to: Square, from_mask: u64) -> Option<Move> {
        let t = to.index();
        let us = self.turn;
        let ours = self.colors[us.index()];
        if ours & bit(t) != 0 {
            return None;
        }
        let occupied = self.occupied();
        let reach = match role {
            Role::Knight => KNIGHT_ATTACKS[t],
            Role::Bishop => bishop_attacks(t, occupied),
            Role::Rook => rook_attacks(t, occupied),
            Role::Queen => rook_attacks(t, occupied) | bishop_attacks(t, occupied),
            Role::Pawn => self.pawn_reach(t, occupied)?,
            Role::King => return self.sole_king_move(to, from_mask),
        };
        let from = self.pieces(us, role) & reach & from_mask;
        if from == 0 || from & (from - 1) != 0 {
            return None;
        }
        let king = self.king_of(us)?;
        // legal when no enemy piece attacks the king once the piece has
        // moved: lines through `from` open, the piece on `to` taken
        let them = self.colors[us.other().index()] & !bit(t);
        if self.attacked_by(king, us.other(), them, (occupied ^ from) | bit(t)) {
            return None;
        }
        let f = from.trailing_zeros() as usize;
        Some(Move { from: sq(f as u32), to, role, promotion: None, kind: MoveKind::Normal })
    }

    /// The squares a pawn of the side to move would come from to reach `t`
    /// without promoting: a push onto an empty square (two from its first
    /// rank over an empty one), or a capture of an enemy piece on `t`.
    /// `None` for the last rank and the en passant square (the full
    /// generation decides those).
    #[inline]
    fn pawn_reach(&self, t: usize, occupied: u64) -> Option<u64> {
        if bit(t) & (RANK_1 | RANK_8) != 0 || self.ep.is_some_and(|ep| ep.index() == t) {
            return None;
        }
        let us = self.turn;
        if self.colors[us.other().index()] & bit(t) != 0 {
            return Some(PAWN_ATTACKS[us.other().index()][t]);
        }
        if occupied & bit(t) != 0 {
            return None;
        }
        // `t` is on ranks 2 to 7, so one square back is on the board
        let (one, double_rank) = if us == Color::White { (t - 8, 3) } else { (t + 8, 4) };
        let two = if t / 8 == double_rank && occupied & bit(one) == 0 {
            if us == Color::White { bit(t - 16) } else { bit(t + 16) }
        } else {
            0
        };
        Some(bit(one) | two)
    }

    /// The king's step to `to` (from `from_mask`) when it is legal: not
    /// onto a piece of its own, nor onto a square an enemy piece attacks
    /// once the king has left its own. Castling is never this.
    #[inline]
    fn sole_king_move(&self, to: Square, from_mask: u64) -> Option<Move> {
        let t = to.index();
        let us = self.turn;
        let king = self.king_of(us)?;
        if KING_ATTACKS[t] & bit(king) & from_mask == 0 || self.colors[us.index()] & bit(t) != 0 {
            return None;
        }
        if self.attacked(t, us.other(), self.occupied() ^ bit(king)) {
            return None;
        }
        Some(Move { from: sq(king as u32), to, role: Role::King, promotion: None, kind: MoveKind::Normal })
    }

    /// [`Position::moves_to`] onto a list the caller holds (no copy of the
    /// list on the way back).
    #[inline]
    pub(crate) fn moves_to_into(&self, role: Role, to: Square, list: &mut ArrayVec<Move, 32>) {
        let from = self.movers_to(role, to);
        if from != 0 {
            self.generate(list, from, bit(to.index()), false);
        }
    }

    /// The pieces of `role` of the side to move that might move to `to`:
    /// the squares it would attack were it such a piece (pawns: pushes and
    /// captures). Those of [`Position::moves_to`] are among them.
    #[inline]
    pub(crate) fn movers_to(&self, role: Role, to: Square) -> u64 {
        let t = to.index();
        let occupied = self.occupied();
        let reach = match role {
            Role::Pawn => {
                let pushes = if self.turn == Color::White {
                    (bit(t) >> 8) | (bit(t) >> 16)
                } else {
                    (bit(t) << 8) | (bit(t) << 16)
                };
                PAWN_ATTACKS[self.turn.other().index()][t] | pushes
            }
            Role::Knight => KNIGHT_ATTACKS[t],
            Role::Bishop => bishop_attacks(t, occupied),
            Role::Rook => rook_attacks(t, occupied),
            Role::Queen => rook_attacks(t, occupied) | bishop_attacks(t, occupied),
            Role::King => KING_ATTACKS[t],
        };
        self.pieces(self.turn, role) & reach
    }

    /// The legal castling moves.
    #[must_use]
    pub fn castling_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.castling_into(&mut list);
        list
    }

    /// The legal castling moves (one per rook with castling rights on the
    /// back rank: eight at most), pushed onto `list`.
    pub(crate) fn castling_into<const N: usize>(&self, list: &mut ArrayVec<Move, N>) {
        if let Some(king) = self.king_of(self.turn)
            && self.checkers() == 0
        {
            self.generate_castling(list, king);
        }
    }

    /// Legal moves from `from_mask` to `to_mask` (castling, stored as king
    /// takes rook, only with `castles`).
    pub(crate) fn generate<S: MoveSink>(&self, list: &mut S, from_mask: u64, to_mask: u64, castles: bool) {
        let Some(king) = self.king_of(self.turn) else {
            return;
        };
        let us = self.turn;
        let ours = self.colors[us.index()];
        let occupied = self.occupied();
        let checkers = self.attackers_to(king, us.other(), occupied);

        if checkers & checkers.wrapping_sub(1) == 0 {
            let target = if checkers == 0 {
                !ours
            } else {
                let c = checkers.trailing_zeros() as usize;
                checkers | between(king, c)
            } & to_mask;
            // only a piece on a line through the king can be pinned
            let pinned = if lines_through(king) & from_mask & ours & !bit(king) == 0 { 0 } else { self.pinned(king) };
            self.generate_pawns(list, from_mask & !pinned, target);
            let knights = self.roles[Role::Knight as usize] & ours & from_mask & !pinned;
            for s in squares(knights) {
                list.push_targets(s, Role::Knight, KNIGHT_ATTACKS[s] & target);
            }
            let queens = self.roles[Role::Queen as usize];
            for (role, movers) in [
                (Role::Bishop, self.roles[Role::Bishop as usize]),
                (Role::Rook, self.roles[Role::Rook as usize]),
                (Role::Queen, queens),
            ] {
                for s in squares(movers & ours & from_mask & !pinned) {
                    let attacks = match role {
                        Role::Bishop => bishop_attacks(s, occupied),
                        Role::Rook => rook_attacks(s, occupied),
                        _ => rook_attacks(s, occupied) | bishop_attacks(s, occupied),
                    };
                    list.push_targets(s, role, attacks & target);
                }
            }
            // a pinned piece moves along its pin only (a knight never can)
            for s in squares(pinned & from_mask & !self.roles[Role::Knight as usize]) {
                let along = line(king, s) & target;
                let attacks = match self.role_at(s) {
                    Some(Role::Pawn) => {
                        self.generate_pawns(list, bit(s), along);
                        continue;
                    }
                    Some(role @ Role::Bishop) => (role, bishop_attacks(s, occupied)),
                    Some(role @ Role::Rook) => (role, rook_attacks(s, occupied)),
                    Some(role @ Role::Queen) => (role, rook_attacks(s, occupied) | bishop_attacks(s, occupied)),
                    _ => continue,
                };
                list.push_targets(s, attacks.0, attacks.1 & along);
            }
            if self.ep.is_some() {
                self.generate_ep(list, from_mask & to_mask_for_ep(self.ep, to_mask));
            }
        }
        if from_mask & bit(king) != 0 {
            let without_king = occupied ^ bit(king);
            for t in squares(KING_ATTACKS[king] & !ours & to_mask) {
                if !self.attacked(t, us.other(), without_king) {
                    list.push(Move {
                        from: sq(king as u32),
                        to: sq(t as u32),
                        role: Role::King,
                        promotion: None,
                        kind: MoveKind::Normal,
                    });
                }
            }
            if castles && checkers == 0 {
                self.generate_castling(list, king);
            }
        }
    }

    /// Pawn pushes and captures (not en passant) of the pawns in `from_mask`
    /// onto `target`, set-wise.
    #[inline]
    fn generate_pawns<S: MoveSink>(&self, list: &mut S, from_mask: u64, target: u64) {
        let us = self.turn;
        let pawns = self.roles[Role::Pawn as usize] & self.colors[us.index()] & from_mask;
        if pawns == 0 {
            return;
        }
        let theirs = self.colors[us.other().index()];
        let empty = !self.occupied();
        let (single, double, left, right, forward): (u64, u64, u64, u64, i32) = if us == Color::White {
            let single = (pawns << 8) & empty;
            let double = ((single & (RANK_1 << 16)) << 8) & empty;
            (single, double, ((pawns & !FILE_A) << 7) & theirs, ((pawns & !FILE_H) << 9) & theirs, 8)
        } else {
            let single = (pawns >> 8) & empty;
            let double = ((single & (RANK_8 >> 16)) >> 8) & empty;
            (single, double, ((pawns & !FILE_A) >> 9) & theirs, ((pawns & !FILE_H) >> 7) & theirs, -8)
        };
        let last = RANK_1 | RANK_8;
        for (set, delta) in [(left, forward - 1), (right, forward + 1), (single, forward), (double, 2 * forward)] {
            let set = set & target;
            list.push_pawns(set & !last, delta);
            list.push_promotions(set & last, delta);
        }
    }

    /// En passant captures by the pawns in `from_mask`, each tested by
    /// playing it on the bitboards (it removes two pieces from a line).
    pub(crate) fn generate_ep<S: MoveSink>(&self, list: &mut S, from_mask: u64) {
        let Some(ep) = self.ep else { return };
        let Some(king) = self.king_of(self.turn) else { return };
        let us = self.turn;
        let them = us.other();
        let e = ep.index();
        let captured = if us == Color::White { e.wrapping_sub(8) } else { e + 8 } & 63;
        let their_pawns = self.roles[Role::Pawn as usize] & self.colors[them.index()];
        if their_pawns & bit(captured) == 0 || self.occupied() & bit(e) != 0 {
            return;
        }
        let capturers =
            PAWN_ATTACKS[them.index()][e] & self.roles[Role::Pawn as usize] & self.colors[us.index()] & from_mask;
        for s in squares(capturers) {
            let occupied = (self.occupied() ^ bit(s) ^ bit(captured)) | bit(e);
            let mut after = *self;
            after.roles[Role::Pawn as usize] &= !bit(captured);
            after.colors[them.index()] &= !bit(captured);
            if !after.attacked(king, them, occupied) {
                list.push(Move {
                    from: sq(s as u32),
                    to: ep,
                    role: Role::Pawn,
                    promotion: None,
                    kind: MoveKind::EnPassant,
                });
            }
        }
    }

    pub(crate) fn generate_castling<S: MoveSink>(&self, list: &mut S, king: usize) {
        let us = self.turn;
        let occupied = self.occupied();
        for castling in self.open_castlings(king) {
            let rest = occupied ^ castling.movers;
            let path = between(king, castling.king_to) | bit(castling.king_to);
            if squares(path).all(|s| !self.attacked(s, us.other(), rest)) {
                list.push(castling.to_move(king));
            }
        }
    }

    /// The castlings the side to move still has with the king on `king`
    /// (Chess960's too) whose squares are empty but for the king and the
    /// rook: none when the king is off its back rank. Whether the king
    /// passes an attacked square is the caller's to say, by its rules.
    pub(crate) fn open_castlings(&self, king: usize) -> impl Iterator<Item = OpenCastling> {
        let us = self.turn;
        let rank = usize::from(back_rank(us)) * 8;
        let rooks = if king & !7 == rank {
            self.castling & self.roles[Role::Rook as usize] & self.colors[us.index()] & (RANK_1 << rank)
        } else {
            0
        };
        let occupied = self.occupied();
        squares(rooks).filter_map(move |r| {
            let king_side = r > king;
            let king_to = rank + if king_side { 6 } else { 2 };
            let rook_to = rank + if king_side { 5 } else { 3 };
            let movers = bit(king) | bit(r);
            let must_be_empty = (between(king, king_to) | bit(king_to) | between(r, rook_to) | bit(rook_to)) & !movers;
            (occupied & must_be_empty == 0).then_some(OpenCastling { rook: r, king_to, rook_to, movers })
        })
    }
}

/// A castling whose squares are empty ([`Position::open_castlings`]).
pub(crate) struct OpenCastling {
    /// The rook's square.
    pub(crate) rook: usize,
    /// Where the king goes.
    pub(crate) king_to: usize,
    /// Where the rook goes.
    pub(crate) rook_to: usize,
    /// The king's and the rook's squares.
    pub(crate) movers: u64,
}

impl OpenCastling {
    /// The castling as a move of the king on `king`: onto its rook.
    pub(crate) fn to_move(&self, king: usize) -> Move {
        Move {
            from: sq(king as u32),
            to: sq(self.rook as u32),
            role: Role::King,
            promotion: None,
            kind: MoveKind::Castle,
        }
    }
}

/// Where the generator puts the moves it finds: a list of them, or only
/// their number ([`MoveCount`], for the last ply of perft).
pub(crate) trait MoveSink {
    /// One move.
    fn push(&mut self, m: Move);
    /// A move of the piece of `role` on `from` to each of `targets`.
    fn push_targets(&mut self, from: usize, role: Role, targets: u64);
    /// A pawn's move onto each of `targets` from `delta` squares back, not
    /// promoting.
    fn push_pawns(&mut self, targets: u64, delta: i32);
    /// A pawn's move onto each of `targets` (on the last rank) from `delta`
    /// squares back, as each of [`PROMOTIONS`].
    fn push_promotions(&mut self, targets: u64, delta: i32);
}

/// The pawn move to `t` from `delta` squares before it, promoting to
/// `promotion`.
#[inline]
fn pawn_move(t: usize, delta: i32, promotion: Option<Role>) -> Move {
    Move { from: sq((t as i32 - delta) as u32), to: sq(t as u32), role: Role::Pawn, promotion, kind: MoveKind::Normal }
}

impl<const N: usize> MoveSink for ArrayVec<Move, N> {
    #[inline]
    fn push(&mut self, m: Move) {
        ArrayVec::push(self, m);
    }

    #[inline]
    fn push_targets(&mut self, from: usize, role: Role, targets: u64) {
        let from = sq(from as u32);
        for t in squares(targets) {
            ArrayVec::push(self, Move { from, to: sq(t as u32), role, promotion: None, kind: MoveKind::Normal });
        }
    }

    #[inline]
    fn push_pawns(&mut self, targets: u64, delta: i32) {
        for t in squares(targets) {
            ArrayVec::push(self, pawn_move(t, delta, None));
        }
    }

    #[inline]
    fn push_promotions(&mut self, targets: u64, delta: i32) {
        for t in squares(targets) {
            for p in PROMOTIONS {
                ArrayVec::push(self, pawn_move(t, delta, Some(p)));
            }
        }
    }
}

/// The number of moves a generator found, without the moves.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct MoveCount(pub(crate) usize);

impl MoveSink for MoveCount {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline]
    fn push_targets(&mut self, _: usize, _: Role, targets: u64) {
        self.0 += targets.count_ones() as usize;
    }

    #[inline]
    fn push_pawns(&mut self, targets: u64, _: i32) {
        self.0 += targets.count_ones() as usize;
    }

    #[inline]
    fn push_promotions(&mut self, targets: u64, _: i32) {
        self.0 += targets.count_ones() as usize * PROMOTIONS.len();
    }
}

/// The destination mask for en passant captures: all pawns may try when the
/// en passant square is among the destinations asked for, none otherwise.
#[inline]
fn to_mask_for_ep(ep: Option<Square>, to_mask: u64) -> u64 {
    match ep {
        Some(e) if to_mask & bit(e.index()) != 0 => !0,
        _ => 0,
    }
}
