//! Legal move generation: checkers and pins first, then each kind of move
//! made legal as it is generated (see the parent module), into a [`Sink`]:
//! a list, a count (perft's last ply) or a yes/no.

use polyfen_core::Color;

use crate::bitboard::{self, ALL, Bitboard, GOLD, KING, KNIGHT, LAST_RANK, LAST_TWO, PAWN, SILVER, STEPS, ZONE, bit};
use crate::types::{Move, Role, Square};

use super::{MoveList, NO_KING, Position};

impl Position {
    /// The legal moves.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = Lister(MoveList::new());
        self.generate(&mut list);
        list.0
    }

    /// The number of legal moves, without listing them.
    #[must_use]
    pub fn count_legal(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(&mut counter);
        counter.0
    }

    pub(super) fn has_legal_move(&self) -> bool {
        let mut any = Any(false);
        self.generate(&mut any);
        any.0
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep
    /// (1 at depth 0). Split by the first move, watched or estimated, it is
    /// [`PerftTree`]'s.
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen_core::PerftTree;
    /// use polyfen_shogi::Position;
    ///
    /// assert_eq!(Position::start().perft(3), 25_470);
    /// assert_eq!(Position::start().perft_watched(3, &mut ()), Ok(25_470));
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal(),
            _ => {
                let mut recurse = Recurse { parent: self, depth: depth - 1, total: 0 };
                self.generate(&mut recurse);
                recurse.total
            }
        }
    }

    /// Generates the legal moves into `sink`.
    pub(super) fn generate<S: Sink>(&self, sink: &mut S) {
        let us = self.turn;
        let c = us.index();
        let occ = self.occupied();
        let own = self.by_color[c];
        let mut board_targets = ALL & !own;
        let mut drop_targets = ALL & !occ;
        let mut pinned = 0;
        let k = self.kings[c];
        let k = usize::from(k);
        if k != usize::from(NO_KING) {
            let enemy = Attackers::of(self, us.other());
            let lifted = occ & !bit(k);
            for to in bitboard::squares(STEPS[c][KING][k] & !own) {
                if enemy.to(to, lifted) == 0 {
                    sink.normal(us, Role::King, k, bit(to));
                    if sink.done() {
                        return;
                    }
                }
            }
            // the checkers and the pinned pieces in one look along the lines
            // through the king: a slider with nothing between checks, with
            // one piece between pins it
            let mut checkers = enemy.steppers_to(k);
            let snipers = (bitboard::rook_empty(k) & enemy.rooks)
                | (bitboard::bishop_empty(k) & enemy.bishops)
                | (bitboard::lance(us, k, 0) & enemy.lances);
            for s in bitboard::squares(snipers) {
                let b = bitboard::between(k, s) & occ;
                if b == 0 {
                    checkers |= bit(s);
                } else if bitboard::single(b) {
                    pinned |= b;
                }
            }
            pinned &= own;
            if checkers != 0 {
                if checkers & (checkers - 1) != 0 {
                    return;
                }
                let checker = checkers.trailing_zeros() as usize;
                let between = bitboard::between(k, checker);
                board_targets &= between | checkers;
                drop_targets &= between;
            }
        }
        let r = &self.by_role;
        // the pawns that are not pinned all at once: one step forward each
        let pawns = r[Role::Pawn.index()] & own;
        let steps = match us {
            Color::White => (pawns & !pinned) >> 9,
            Color::Black => ((pawns & !pinned) << 9) & ALL,
        } & board_targets;
        if steps != 0 {
            sink.pawns(us, steps);
            if sink.done() {
                return;
            }
        }
        // the other pieces, those that move alike together (the golds and
        // the promoted small pieces); a pinned piece stays on its line
        let moves = Moves { us, k, pinned, targets: board_targets };
        let golds = (r[Role::Gold.index()]
            | r[Role::Tokin.index()]
            | r[Role::PromotedLance.index()]
            | r[Role::PromotedKnight.index()]
            | r[Role::PromotedSilver.index()])
            & own;
        let done = moves.each(sink, Role::Pawn, pawns & pinned, |sq| STEPS[c][PAWN][sq])
            || moves.each(sink, Role::Lance, r[Role::Lance.index()] & own, |sq| bitboard::lance(us, sq, occ))
            || moves.each(sink, Role::Knight, r[Role::Knight.index()] & own & !pinned, |sq| STEPS[c][KNIGHT][sq])
            || moves.each(sink, Role::Silver, r[Role::Silver.index()] & own, |sq| STEPS[c][SILVER][sq])
            || moves.each(sink, Role::Gold, golds, |sq| STEPS[c][GOLD][sq])
            || moves.each(sink, Role::Bishop, r[Role::Bishop.index()] & own, |sq| bitboard::bishop(sq, occ))
            || moves.each(sink, Role::Rook, r[Role::Rook.index()] & own, |sq| bitboard::rook(sq, occ))
            || moves.each(sink, Role::Horse, r[Role::Horse.index()] & own, |sq| {
                bitboard::bishop(sq, occ) | STEPS[c][KING][sq]
            })
            || moves.each(sink, Role::Dragon, r[Role::Dragon.index()] & own, |sq| {
                bitboard::rook(sq, occ) | STEPS[c][KING][sq]
            });
        if done || drop_targets == 0 {
            return;
        }
        let hand = &self.hands[c];
        for (i, &n) in hand.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let role = Role::HAND[i];
            let mut t = drop_targets & !forced(us, role);
            if role == Role::Pawn {
                t &= !bitboard::files_of(pawns);
                t &= !self.mating_pawn_drop(t);
            }
            if t != 0 {
                sink.drops(role, t);
                if sink.done() {
                    return;
                }
            }
        }
    }

    /// The square (as a bitboard, or 0) among `targets` where a pawn drop
    /// would give mate.
    fn mating_pawn_drop(&self, targets: Bitboard) -> Bitboard {
        let us = self.turn;
        let them = us.other();
        let k = self.kings[them.index()];
        if k == NO_KING {
            return 0;
        }
        let front = STEPS[them.index()][PAWN][usize::from(k)] & targets;
        if front == 0 {
            return 0;
        }
        let to = Square::at(front.trailing_zeros());
        if self.played(Move::Drop { role: Role::Pawn, to }).has_legal_move() { 0 } else { front }
    }
}

/// The squares where a piece of `role` of `color` must promote (or may not
/// be dropped): the last rank for pawns and lances, the last two for
/// knights.
#[inline]
pub(super) const fn forced(color: Color, role: Role) -> Bitboard {
    match role {
        Role::Pawn | Role::Lance => LAST_RANK[color as usize],
        Role::Knight => LAST_TWO[color as usize],
        _ => 0,
    }
}

/// The pieces of one side grouped by how they attack: what the attack
/// tests of one move generation ask, gathered once.
pub(super) struct Attackers {
    /// The side whose pieces these are.
    by: Color,
    pawns: Bitboard,
    knights: Bitboard,
    silvers: Bitboard,
    /// Golds and the promoted small pieces.
    golds: Bitboard,
    /// Kings, horses and dragons: one step in every direction.
    kings: Bitboard,
    lances: Bitboard,
    /// Rooks and dragons.
    rooks: Bitboard,
    /// Bishops and horses.
    bishops: Bitboard,
}

impl Attackers {
    #[inline]
    pub(super) fn of(position: &Position, by: Color) -> Attackers {
        Attackers::on(&position.by_color, &position.by_role, by)
    }

    /// The pieces of `by` among bitboards of each side and each role.
    #[inline]
    pub(super) fn on(by_color: &[Bitboard; 2], r: &[Bitboard; 14], by: Color) -> Attackers {
        let theirs = by_color[by.index()];
        Attackers {
            by,
            pawns: r[Role::Pawn.index()] & theirs,
            knights: r[Role::Knight.index()] & theirs,
            silvers: r[Role::Silver.index()] & theirs,
            golds: (r[Role::Gold.index()]
                | r[Role::Tokin.index()]
                | r[Role::PromotedLance.index()]
                | r[Role::PromotedKnight.index()]
                | r[Role::PromotedSilver.index()])
                & theirs,
            kings: (r[Role::King.index()] | r[Role::Horse.index()] | r[Role::Dragon.index()]) & theirs,
            lances: r[Role::Lance.index()] & theirs,
            rooks: (r[Role::Rook.index()] | r[Role::Dragon.index()]) & theirs,
            bishops: (r[Role::Bishop.index()] | r[Role::Horse.index()]) & theirs,
        }
    }

    /// The pieces that attack `sq` by one step (a horse's or dragon's step
    /// included).
    #[inline]
    fn steppers_to(&self, sq: usize) -> Bitboard {
        let o = self.by.other().index();
        (STEPS[o][PAWN][sq] & self.pawns)
            | (STEPS[o][KNIGHT][sq] & self.knights)
            | (STEPS[o][SILVER][sq] & self.silvers)
            | (STEPS[o][GOLD][sq] & self.golds)
            | (STEPS[o][KING][sq] & self.kings)
    }

    /// The pieces that attack `sq` with `occ` occupied. A slider's rays are
    /// only followed when a slider of that kind stands on one of the lines
    /// through `sq`.
    #[inline]
    pub(super) fn to(&self, sq: usize, occ: Bitboard) -> Bitboard {
        let mut a = self.steppers_to(sq);
        let forward = self.by.other();
        if self.lances & bitboard::lance(forward, sq, 0) != 0 {
            a |= bitboard::lance(forward, sq, occ) & self.lances;
        }
        if self.rooks & bitboard::rook_empty(sq) != 0 {
            a |= bitboard::rook(sq, occ) & self.rooks;
        }
        if self.bishops & bitboard::bishop_empty(sq) != 0 {
            a |= bitboard::bishop(sq, occ) & self.bishops;
        }
        a
    }
}

/// What the board moves of one generation share: the mover, its king's
/// square, its pinned pieces and the squares its pieces may go to.
pub(super) struct Moves {
    us: Color,
    k: usize,
    pinned: Bitboard,
    targets: Bitboard,
}

impl Moves {
    /// Hands `sink` the moves of each of `pieces` (all of `role`'s way of
    /// moving), whose targets `attacks` gives; true when the sink is done.
    #[inline]
    fn each<S: Sink>(&self, sink: &mut S, role: Role, pieces: Bitboard, attacks: impl Fn(usize) -> Bitboard) -> bool {
        for from in bitboard::squares(pieces) {
            let mut t = attacks(from) & self.targets;
            if self.pinned & bit(from) != 0 {
                t &= bitboard::ray_through(self.k, from);
            }
            if t != 0 {
                sink.normal(self.us, role, from, t);
                if sink.done() {
                    return true;
                }
            }
        }
        false
    }
}

/// Where the legal moves go: a list, a count, or a yes/no.
pub(super) trait Sink {
    /// The moves of the piece of `role` on `from` to each of `targets`,
    /// with the promotion choices the rules give.
    fn normal(&mut self, color: Color, role: Role, from: usize, targets: Bitboard);
    /// Drops of `role` on each of `targets`.
    fn drops(&mut self, role: Role, targets: Bitboard);
    /// The one-step moves of `color`'s pawns to each of `targets`.
    #[inline]
    fn pawns(&mut self, color: Color, targets: Bitboard) {
        for to in bitboard::squares(targets) {
            let from = if color == Color::White { to + 9 } else { to - 9 };
            self.normal(color, Role::Pawn, from, bit(to));
            if self.done() {
                return;
            }
        }
    }
    /// Whether the generation may stop.
    fn done(&self) -> bool {
        false
    }
}

/// The targets of a board move where it may promote and where it must.
#[inline]
fn promotion_sets(color: Color, role: Role, from: usize, targets: Bitboard) -> (Bitboard, Bitboard) {
    if !role.can_promote() {
        return (0, 0);
    }
    let zone = ZONE[color.index()];
    let may = if bit(from) & zone != 0 { targets } else { targets & zone };
    (may, targets & forced(color, role))
}

/// Calls `f` with each move of the piece of `role` on `from` to each of
/// `targets`, with the promotion choices the rules give.
#[inline]
fn expand(color: Color, role: Role, from: usize, targets: Bitboard, mut f: impl FnMut(Move)) {
    let (may, must) = promotion_sets(color, role, from, targets);
    let from = Square::at(from as u32);
    for to in bitboard::squares(targets) {
        let b = bit(to);
        let to = Square::at(to as u32);
        if must & b == 0 {
            f(Move::Normal { from, to, promote: false });
        }
        if may & b != 0 {
            f(Move::Normal { from, to, promote: true });
        }
    }
}

pub(super) struct Lister(MoveList);

impl Sink for Lister {
    #[inline]
    fn normal(&mut self, color: Color, role: Role, from: usize, targets: Bitboard) {
        expand(color, role, from, targets, |m| self.0.push(m));
    }

    #[inline]
    fn drops(&mut self, role: Role, targets: Bitboard) {
        for to in bitboard::squares(targets) {
            self.0.push(Move::Drop { role, to: Square::at(to as u32) });
        }
    }
}

/// Plays each move as it is generated and counts the perft below it, so
/// that no list is built.
pub(super) struct Recurse<'a> {
    parent: &'a Position,
    depth: u32,
    total: u64,
}

impl Sink for Recurse<'_> {
    #[inline]
    fn normal(&mut self, color: Color, role: Role, from: usize, targets: Bitboard) {
        let (parent, depth) = (self.parent, self.depth);
        let mut total = 0;
        expand(color, role, from, targets, |m| total += parent.played(m).perft(depth));
        self.total += total;
    }

    #[inline]
    fn drops(&mut self, role: Role, targets: Bitboard) {
        for to in bitboard::squares(targets) {
            self.total += self.parent.played(Move::Drop { role, to: Square::at(to as u32) }).perft(self.depth);
        }
    }
}

pub(super) struct Counter(u64);

impl Sink for Counter {
    #[inline]
    fn normal(&mut self, color: Color, role: Role, from: usize, targets: Bitboard) {
        // every target once, once more where it may promote, once less
        // where it must (where it must, it may)
        let (may, must) = promotion_sets(color, role, from, targets);
        self.0 += u64::from(targets.count_ones());
        if may != 0 {
            self.0 += u64::from(may.count_ones() - must.count_ones());
        }
    }

    #[inline]
    fn drops(&mut self, _role: Role, targets: Bitboard) {
        self.0 += u64::from(targets.count_ones());
    }

    /// A pawn step ends in the zone whenever it starts there: it may promote
    /// exactly where it arrives in the zone, and must on the last rank.
    #[inline]
    fn pawns(&mut self, color: Color, targets: Bitboard) {
        let c = color.index();
        self.0 += u64::from(targets.count_ones());
        let zone = targets & ZONE[c];
        if zone != 0 {
            self.0 += u64::from(zone.count_ones() - (targets & LAST_RANK[c]).count_ones());
        }
    }
}

pub(super) struct Any(bool);

impl Sink for Any {
    fn normal(&mut self, _: Color, _: Role, _: usize, targets: Bitboard) {
        self.0 |= targets != 0;
    }

    fn drops(&mut self, _: Role, targets: Bitboard) {
        self.0 |= targets != 0;
    }

    fn done(&self) -> bool {
        self.0
    }
}
