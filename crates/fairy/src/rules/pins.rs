//! The squares whose moves may expose the royal piece, found once per
//! position so that the legality of the other moves needs no attack test.
//!
//! Seen from the royal square, along each attack ray of the other side:
//! a slide's first piece of the mover's, when a piece that slides that way
//! stands behind it (a pin); a lame leap's blocking squares; every square
//! of a hopper's or grasshopper's line, which a piece leaving or entering
//! may open or close; the squares between the kings of a game with the
//! flying general; the palace lines where they cross the royal square.
//! A move from a square of none of these, to a square of no hopper's line,
//! cannot leave the royal piece attacked when it was not in check before.

use polyfen_core::Color;

use super::compile::{CELLS, RayKind, Rules};
use super::position::{EMPTY, OFF, Position, WALL, color, is_piece, kind};

const WORDS: usize = CELLS.div_ceil(64);

/// A set of cells.
#[derive(Clone, Copy, Default)]
struct Cells([u64; WORDS]);

impl Cells {
    fn insert(&mut self, sq: usize) {
        self.0[sq / 64] |= 1 << (sq % 64);
    }

    fn contains(&self, sq: usize) -> bool {
        self.0[sq / 64] & (1 << (sq % 64)) != 0
    }
}

/// What a position's royal piece is exposed through.
#[derive(Clone, Copy, Default)]
pub(crate) struct Exposure {
    /// Every move needs the attack test (in check, or no royal piece to
    /// look from).
    all: bool,
    /// A move from one of these needs it.
    from: Cells,
    /// A move (or drop) to one of these needs it.
    to: Cells,
}

impl Exposure {
    /// Every move tested.
    pub(crate) fn everything() -> Exposure {
        Exposure { all: true, ..Exposure::default() }
    }

    /// Whether a move from `from` to `to` (a drop: `from` None) needs the
    /// attack test.
    pub(crate) fn needs_test(&self, from: Option<usize>, to: usize) -> bool {
        self.all || from.is_some_and(|f| self.from.contains(f)) || self.to.contains(to)
    }
}

/// A position's lines to both royal pieces, found once for all its moves.
#[derive(Clone, Copy)]
pub(crate) struct Lines {
    /// To the mover's.
    pub(crate) exposure: Exposure,
    /// To the other side's, where the game forbids some checks.
    pub(crate) checks: Option<Checks>,
    /// To the mover's pseudo-royal pieces when none is attacked (in an
    /// atomic game its one king, or it touches the other's): where a move
    /// of another piece needs no trial (in an atomic game a quiet one).
    pub(crate) pseudo: Option<Exposure>,
    /// In a game of pseudo-royal pieces tried on a scratch board: the
    /// mover's royal pieces not attacked, each with its lines.
    pub(crate) safe: SafeRoyals,
}

/// The most royal pieces [`SafeRoyals`] keeps.
const SAFE_ROYALS: usize = 4;

/// Royal pieces of the side to move that are not attacked, each with the
/// lines a move must touch to leave it attacked.
#[derive(Clone, Copy, Default)]
pub(crate) struct SafeRoyals {
    each: [(usize, Exposure); SAFE_ROYALS],
    n: usize,
    /// Every royal piece was looked at and none is attacked.
    all: bool,
    /// Some were not looked at: there are more than [`SAFE_ROYALS`].
    capped: bool,
}

impl SafeRoyals {
    /// Whether a move from `from` (None: a drop) to `to` of a piece other
    /// than the one on `royal`, and not en passant, leaves the royal piece
    /// on `royal` unattacked.
    pub(crate) fn stays_safe(&self, royal: usize, from: Option<usize>, to: usize) -> bool {
        self.each[..self.n].iter().any(|(r, lines)| *r == royal && !lines.needs_test(from, to))
    }

    /// The lines to all of them, when every one is safe.
    fn union(&self) -> Option<Exposure> {
        self.all.then(|| {
            let mut all = Exposure::default();
            for (_, lines) in &self.each[..self.n] {
                for w in 0..WORDS {
                    all.from.0[w] |= lines.from.0[w];
                    all.to.0[w] |= lines.to.0[w];
                }
            }
            all
        })
    }
}

impl Lines {
    /// Nothing known: every move tried. A constant, so that a trial of a
    /// move or two does not build its some hundred bytes each time.
    pub(crate) const NONE: Lines = Lines {
        exposure: Exposure { all: true, from: Cells([0; WORDS]), to: Cells([0; WORDS]) },
        checks: None,
        pseudo: None,
        safe: SafeRoyals {
            each: [(0, Exposure { all: false, from: Cells([0; WORDS]), to: Cells([0; WORDS]) }); SAFE_ROYALS],
            n: 0,
            all: false,
            capped: false,
        },
    };
}

/// The most kinds of attack a [`Checks`] tells apart; a game with more is
/// tested at every move.
const MASKS: usize = 8;

/// Where a move of the side to move may give check to the other side's
/// royal piece: by opening a line to it ([`Exposure`] seen from that piece,
/// with the mover's pieces both blocking and attacking), or directly, from
/// squares of a kind's attack on it.
#[derive(Clone, Copy, Default)]
pub(crate) struct Checks {
    lines: Exposure,
    /// Squares from which the kinds of a mask attack the royal piece.
    direct: [(u64, Cells); MASKS],
    masks: usize,
}

impl Checks {
    /// Whether a move from `from` (None: a drop) to `to` that leaves a
    /// piece of kind `kind` on `to` may give check.
    pub(crate) fn may_check(&self, from: Option<usize>, to: usize, kind: u8) -> bool {
        self.lines.needs_test(from, to)
            || self.direct[..self.masks].iter().any(|(mask, cells)| mask & (1u64 << kind) != 0 && cells.contains(to))
    }
}

impl Rules {
    /// The exposure of `pos`'s side to move, not in check (`in_check`: all
    /// moves are tested).
    pub(crate) fn exposure(&self, pos: &Position, in_check: bool) -> Exposure {
        let us = pos.side;
        let royal = pos.royal[us.index()];
        if in_check || royal == super::position::NO_SQ {
            // No royal piece: nothing to expose.
            return Exposure { all: in_check, ..Exposure::default() };
        }
        self.lines_to(pos, usize::from(royal), us, us.other())
    }

    /// Where a move of `pos`'s side to move may check the other side's
    /// royal piece (every move, where it has none or the flying general
    /// may face it).
    pub(crate) fn checks(&self, pos: &Position) -> Checks {
        let us = pos.side;
        let royal = pos.royal[us.other().index()];
        let mut checks = Checks::default();
        if royal == super::position::NO_SQ || self.flying_general {
            checks.lines.all = true;
            return checks;
        }
        checks.lines = self.lines_to(pos, usize::from(royal), us, us);
        let king = isize::from(royal as i16);
        let cell = |t: isize| pos.board[t as usize];
        for ray in &self.attacks[us.index()] {
            let slot = match checks.direct[..checks.masks].iter().position(|(m, _)| *m == ray.mask) {
                Some(i) => i,
                None if checks.masks < MASKS => {
                    checks.direct[checks.masks].0 = ray.mask;
                    checks.masks += 1;
                    checks.masks - 1
                }
                None => {
                    checks.lines.all = true;
                    return checks;
                }
            };
            let d = ray.delta as isize;
            let cells = &mut checks.direct[slot].1;
            match ray.kind {
                RayKind::Leap | RayKind::Lame => {
                    let t = king - d;
                    if cell(t) != OFF {
                        cells.insert(t as usize);
                    }
                }
                RayKind::Slide => {
                    let mut t = king;
                    let mut n = 0u8;
                    loop {
                        t -= d;
                        n += 1;
                        let c = cell(t);
                        if c == OFF || c == WALL || (ray.limit != 0 && n > ray.limit) {
                            break;
                        }
                        cells.insert(t as usize);
                        if c != EMPTY {
                            break;
                        }
                    }
                }
                // The lines already send every move over them to the test.
                RayKind::Hop | RayKind::Grass => {}
            }
        }
        checks
    }

    /// For a game of pseudo-royal pieces (no blast, no duple check), the
    /// lines to all of the mover's, and to its royal king, when none is
    /// attacked.
    pub(crate) fn pseudo_exposure(&self, pos: &Position, royals: &super::position::RoyalSquares) -> Option<Exposure> {
        let us = pos.side;
        if self.duple_check {
            return None;
        }
        let mut all = Exposure::default();
        let king = Some(pos.royal[us.index()]).filter(|&k| k != super::position::NO_SQ).map(usize::from);
        for &s in royals[us.index()].iter().chain(king.as_ref()) {
            if self.attacked(pos, s, us.other()) {
                return None;
            }
            let lines = self.lines_to(pos, s, us, us.other());
            for w in 0..WORDS {
                all.from.0[w] |= lines.from.0[w];
                all.to.0[w] |= lines.to.0[w];
            }
        }
        Some(all)
    }

    /// The mover's royal and pseudo-royal pieces not attacked (the first
    /// [`SAFE_ROYALS`]), each with its lines, for a game whose moves are
    /// tried on a scratch board (no blast, no duple check, no flying
    /// general).
    pub(crate) fn safe_royals(&self, pos: &Position, royals: &super::position::RoyalSquares) -> SafeRoyals {
        let mut safe = SafeRoyals::default();
        if self.blast || self.duple_check || self.flying_general {
            return safe;
        }
        let us = pos.side;
        let king = Some(pos.royal[us.index()]).filter(|&k| k != super::position::NO_SQ).map(usize::from);
        safe.all = true;
        for &s in royals[us.index()].iter().chain(king.as_ref()) {
            if safe.n == SAFE_ROYALS {
                safe.capped = true;
                safe.all = false;
                break;
            }
            if self.attacked(pos, s, us.other()) {
                safe.all = false;
            } else {
                safe.each[safe.n] = (s, self.lines_to(pos, s, us, us.other()));
                safe.n += 1;
            }
        }
        safe
    }

    /// [`Rules::pseudo_exposure`] from the safe royal pieces already found.
    pub(crate) fn pseudo_exposure_from(
        &self,
        pos: &Position,
        royals: &super::position::RoyalSquares,
        safe: &SafeRoyals,
    ) -> Option<Exposure> {
        if self.duple_check {
            return None;
        }
        if safe.capped || self.blast || self.flying_general {
            return self.pseudo_exposure(pos, royals);
        }
        safe.union()
    }

    /// For an atomic game, the lines to the mover's pseudo-royal piece
    /// when it has one and it is not attacked; nothing to test when it
    /// touches the other's (a quiet move of another piece keeps it so).
    pub(crate) fn atomic_exposure(&self, pos: &Position, royals: &super::position::RoyalSquares) -> Option<Exposure> {
        let us = pos.side;
        let [king] = royals[us.index()][..] else { return None };
        if royals[us.other().index()].iter().any(|&t| self.touches(t, king)) {
            return Some(Exposure::default());
        }
        if self.attacked(pos, king, us.other()) {
            return None;
        }
        Some(self.lines_to(pos, king, us, us.other()))
    }

    /// The squares a move of `blocker`'s must leave or enter to be tested,
    /// seen from the royal square `royal` along `by`'s attack rays.
    #[allow(clippy::many_single_char_names)]
    fn lines_to(&self, pos: &Position, royal: usize, blocker: Color, by: Color) -> Exposure {
        let us = blocker;
        let mut exposure = Exposure::default();
        let king = royal as isize;
        let cell = |t: isize| pos.board[t as usize];
        for ray in &self.attacks[by.index()] {
            let d = ray.delta as isize;
            match ray.kind {
                RayKind::Leap => {}
                RayKind::Lame => {
                    let x = king - d;
                    if cell(x) != OFF {
                        for p in &ray.path {
                            exposure.from.insert((x + *p as isize) as usize);
                        }
                    }
                }
                RayKind::Slide => {
                    let mut t = king;
                    let mut n = 0u8;
                    let mut pinned = None;
                    loop {
                        t -= d;
                        n += 1;
                        let c = cell(t);
                        if c == OFF || c == WALL || (ray.limit != 0 && n > ray.limit) {
                            break;
                        }
                        if c == EMPTY {
                            continue;
                        }
                        match pinned {
                            None if is_piece(c) && color(c) == us => pinned = Some(t),
                            Some(p) if is_piece(c) && color(c) == by && ray.mask & (1u64 << kind(c)) != 0 => {
                                exposure.from.insert(p as usize);
                                break;
                            }
                            _ => break,
                        }
                    }
                }
                RayKind::Hop | RayKind::Grass => {
                    let mut t = king - d;
                    while cell(t) != OFF {
                        exposure.from.insert(t as usize);
                        exposure.to.insert(t as usize);
                        t -= d;
                    }
                }
            }
        }
        if self.flying_general {
            for d in [self.stride as isize, -(self.stride as isize), 1, -1] {
                let mut t = king + d;
                while cell(t) != OFF {
                    exposure.from.insert(t as usize);
                    t += d;
                }
            }
        }
        if self.palace && self.diagonal_lines[royal] {
            for sq in self.board_squares().filter(|&s| self.diagonal_lines[s]) {
                exposure.from.insert(sq);
                exposure.to.insert(sq);
            }
        }
        exposure
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variants;
    use crate::rules::moves::Move;

    #[test]
    fn cells_hold_every_square() {
        let mut c = Cells::default();
        c.insert(0);
        c.insert(CELLS - 1);
        assert!(c.contains(0) && c.contains(CELLS - 1) && !c.contains(1));
    }

    /// The legal moves with every move tried on the board.
    fn tried(rules: &Rules, pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        rules.pseudo_moves(pos, &mut out);
        let in_check = rules.in_check(pos, pos.side);
        let royals = rules.pseudo_royal.then(|| rules.royal_squares(pos));
        let mut scratch = None;
        let all = Lines::NONE;
        out.retain(|m| rules.is_legal(pos, &mut scratch, *m, in_check, &all, royals.as_ref()));
        out
    }

    /// Where checks may not be given, a move that opens a line to the other
    /// king (a knight from between a rook and the king), and one that
    /// checks directly, are tried and found illegal.
    #[test]
    fn a_check_discovered_or_given_is_tried() {
        let variants = Variants::builtin();
        let rules = Rules::new(variants.get("racingkings").expect("racing kings is built in"));
        let pos = Position::from_fen(&rules, "8/8/8/8/8/k7/N7/R6K w - - 0 1").expect("reads");
        let uci: Vec<String> = rules.legal_moves(&pos).iter().map(|m| rules.uci(&pos, *m)).collect();
        assert!(uci.iter().all(|m| !m.starts_with("a2")), "the knight may not leave the rook's line: {uci:?}");
        assert!(uci.contains(&"h1g2".to_owned()) && uci.contains(&"a1b1".to_owned()), "{uci:?}");
        assert_eq!(rules.legal_moves(&pos), tried(&rules, &pos));
        let pos = Position::from_fen(&rules, "8/8/8/8/8/8/k7/3N3K w - - 0 1").expect("reads");
        let uci: Vec<String> = rules.legal_moves(&pos).iter().map(|m| rules.uci(&pos, *m)).collect();
        assert!(!uci.contains(&"d1c3".to_owned()), "{uci:?}");
        assert!(uci.contains(&"d1e3".to_owned()), "{uci:?}");
        assert_eq!(rules.legal_moves(&pos), tried(&rules, &pos));
    }

    /// In every built-in game, along a line of play chosen by a fixed
    /// sequence, the moves the exposure lets through untried are the
    /// moves trying each on the board finds legal.
    #[test]
    fn untried_moves_are_the_tried_ones() {
        let variants = Variants::builtin();
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        for name in variants.names() {
            let rules = Rules::new(variants.get(name).expect("a listed game"));
            let Ok(mut pos) = Position::start(&rules) else { continue };
            for ply in 0..60 {
                if rules.immediate_end(&pos) {
                    break;
                }
                let mut pseudo = Vec::new();
                rules.pseudo_moves(&pos, &mut pseudo);
                let in_check = rules.in_check(&pos, pos.side);
                let royals = rules.pseudo_royal.then(|| rules.royal_squares(&pos));
                let lines = rules.lines(&pos, in_check, royals.as_ref());
                let royals = rules.pseudo_royal.then(|| rules.royal_squares(&pos));
                let mut scratch = None;
                let fast: Vec<Move> = pseudo
                    .iter()
                    .copied()
                    .filter(|m| rules.is_legal(&pos, &mut scratch, *m, in_check, &lines, royals.as_ref()))
                    .collect();
                assert_eq!(fast, tried(&rules, &pos), "{name} after {ply} plies: {}", pos.fen(&rules));
                if fast.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                let m = fast[(seed >> 33) as usize % fast.len()];
                pos = rules.make(&pos, m);
            }
        }
    }
}
