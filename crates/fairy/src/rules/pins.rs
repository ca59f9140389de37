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

impl Rules {
    /// The exposure of `pos`'s side to move, not in check (`in_check`: all
    /// moves are tested).
    #[allow(clippy::many_single_char_names)]
    pub(crate) fn exposure(&self, pos: &Position, in_check: bool) -> Exposure {
        let us = pos.side;
        let by = us.other();
        let royal = pos.royal[us.index()];
        let mut exposure = Exposure { all: in_check, ..Exposure::default() };
        if in_check || royal == super::position::NO_SQ {
            // No royal piece: nothing to expose.
            return exposure;
        }
        let king = isize::from(royal as i16);
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
        if self.palace && self.diagonal_lines[royal as usize] {
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
        let all = Exposure::everything();
        out.retain(|m| rules.is_legal(pos, &mut scratch, *m, in_check, &all, royals.as_ref()));
        out
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
                let exposure = if rules.fast_legal && rules.checking {
                    rules.exposure(&pos, in_check)
                } else {
                    Exposure::everything()
                };
                let royals = rules.pseudo_royal.then(|| rules.royal_squares(&pos));
                let mut scratch = None;
                let fast: Vec<Move> = pseudo
                    .iter()
                    .copied()
                    .filter(|m| rules.is_legal(&pos, &mut scratch, *m, in_check, &exposure, royals.as_ref()))
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
