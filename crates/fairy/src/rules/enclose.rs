//! Reversi-like rules: where a drop may go (`enclosingDrop`: reversi's
//! enclosing drops, snort's, Ataxx's next to one's own, connect four's on
//! top) and which of the other side's pieces a move turns over
//! (`flipEnclosedPieces`: reversi's lines, Ataxx's and quadwrangle's
//! neighbours).

use polyfen_core::Color;

use super::compile::Rules;
use super::moves::{Move, MoveKind};
use super::position::{EMPTY, OFF, Position, color, is_piece, piece};
use crate::value::EnclosingRule;

/// Where the enclosing rule lets drops go at a position: whether a square
/// of the start region is still open (then only those), and connect four's
/// landing squares from any side.
pub(crate) struct DropSites {
    start_open: bool,
    anyside: Vec<usize>,
}

impl Rules {
    fn neighbours(&self) -> [isize; 8] {
        let st = self.stride as isize;
        [1, -1, st, -st, st + 1, st - 1, -st + 1, -st - 1]
    }

    fn owned(pos: &Position, s: isize, c: Color) -> bool {
        let cell = pos.board[s as usize];
        is_piece(cell) && color(cell) == c
    }

    /// The squares of one's own pieces a reversi line from `s` reaches over
    /// the other side's pieces (and, for where a drop may go, over walls, as
    /// Fairy-Stockfish's masks have it), at least two squares away.
    fn reversi_ends(&self, pos: &Position, s: usize, c: Color, over_walls: bool) -> Vec<(isize, isize)> {
        self.neighbours()
            .into_iter()
            .filter_map(|d| Self::reversi_end(pos, s, c, over_walls, d).map(|t| (t, d)))
            .collect()
    }

    /// The end of the reversi line from `s` in direction `d`, if one.
    fn reversi_end(pos: &Position, from: usize, side: Color, over_walls: bool, step: isize) -> Option<isize> {
        let mut at = from as isize + step;
        let mut over = 0;
        while Self::owned(pos, at, side.other()) || (over_walls && pos.board[at as usize] == super::position::WALL) {
            at += step;
            over += 1;
        }
        (over > 0 && Self::owned(pos, at, side)).then_some(at)
    }

    /// What of `pos` decides where a drop may go by the enclosing rule,
    /// found once for all the drops.
    pub(crate) fn drop_sites(&self, pos: &Position) -> DropSites {
        let start = &self.enclosing_start;
        DropSites {
            start_open: self.board_squares().any(|s| start[s] && pos.board[s] == EMPTY),
            anyside: if self.enclosing_drop == EnclosingRule::Anyside { self.anyside(pos) } else { Vec::new() },
        }
    }

    /// Whether `c` may drop on `to` by the game's enclosing rule.
    pub(crate) fn enclosing_ok(&self, pos: &Position, to: usize, c: Color, sites: &DropSites) -> bool {
        if sites.start_open {
            return self.enclosing_start[to];
        }
        let st = self.stride as isize;
        let t = to as isize;
        match self.enclosing_drop {
            EnclosingRule::Reversi => {
                self.neighbours().iter().any(|d| Self::owned(pos, t + d, c.other()))
                    && self.neighbours().into_iter().any(|d| Self::reversi_end(pos, to, c, true, d).is_some())
            }
            EnclosingRule::Snort => ![1, -1, st, -st].iter().any(|d| Self::owned(pos, t + d, c.other())),
            EnclosingRule::Top => self.rank_of(to) == 0 || !matches!(pos.board[(t - st) as usize], EMPTY | OFF),
            EnclosingRule::Ataxx => self.neighbours().iter().any(|d| Self::owned(pos, t + d, c)),
            EnclosingRule::Anyside => sites.anyside.contains(&to),
            _ => true,
        }
    }

    /// Connect four from any side: on each rank and file open at its end,
    /// the first square a piece pushed in from that end stops on, as
    /// Fairy-Stockfish takes it (the lowest such square of the line).
    fn anyside(&self, pos: &Position) -> Vec<usize> {
        let occupied = |f: i16, r: i16| {
            (0..i16::from(self.files)).contains(&f)
                && (0..i16::from(self.ranks)).contains(&r)
                && pos.board[self.sq(f as u8, r as u8)] != EMPTY
        };
        let (files, ranks) = (i16::from(self.files), i16::from(self.ranks));
        let mut out = Vec::new();
        let mut first = |line: Vec<(i16, i16)>, stop: &dyn Fn(i16, i16) -> bool| {
            if let Some(&(f, r)) = line.iter().find(|&&(f, r)| !occupied(f, r) && stop(f, r)) {
                out.push(self.sq(f as u8, r as u8));
            }
        };
        for r in 0..ranks {
            if !occupied(0, r) {
                first((0..files).map(|f| (f, r)).collect(), &|f, r| occupied(f + 1, r) || f == files - 1);
            }
            if !occupied(files - 1, r) {
                first((0..files).map(|f| (f, r)).collect(), &|f, r| occupied(f - 1, r) || f == 0);
            }
        }
        for f in 0..files {
            if !occupied(f, 0) {
                first((0..ranks).map(|r| (f, r)).collect(), &|f, r| occupied(f, r + 1) || r == ranks - 1);
            }
            if !occupied(f, ranks - 1) {
                first((0..ranks).map(|r| (f, r)).collect(), &|f, r| occupied(f, r - 1) || r == 0);
            }
        }
        out
    }

    /// Turns over the pieces a move encloses, in `next`, seen from `pos`.
    pub(crate) fn flip(&self, pos: &Position, next: &mut Position, m: Move) {
        if m.kind == MoveKind::Pass {
            return;
        }
        let us = pos.side;
        let to = usize::from(m.to);
        let t = to as isize;
        let mut flipped: Vec<usize> = Vec::new();
        match self.flip_enclosed {
            EnclosingRule::Reversi => {
                for (end, d) in self.reversi_ends(pos, to, us, false) {
                    let mut s = t + d;
                    while s != end {
                        flipped.push(s as usize);
                        s += d;
                    }
                }
            }
            EnclosingRule::Ataxx | EnclosingRule::Quadwrangle => {
                let ours_near = self.neighbours().iter().any(|d| Self::owned(pos, t + d, us));
                if self.flip_enclosed == EnclosingRule::Ataxx || ours_near || m.kind == MoveKind::Normal {
                    for d in self.neighbours() {
                        if Self::owned(pos, t + d, us.other()) {
                            flipped.push((t + d) as usize);
                        }
                    }
                }
            }
            _ => {}
        }
        for s in flipped {
            let cell = next.board[s];
            next.board[s] = piece(super::position::kind(cell), us, super::position::base(cell), false);
        }
    }
}
