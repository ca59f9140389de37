//! The legal moves of some pieces to some squares, found without
//! generating the others: what reading a move by its piece and the squares
//! it names needs. A piece can reach a square only by one of the steps its
//! rays take ([`Rules::reach_steps`]), so only the pieces standing one such
//! step before a named square have their moves generated.

use polyfen_core::Color;
use smallvec::SmallVec;

use super::compile::{CELLS, RayKind, Reach, Rules};
use super::moves::Move;
use super::position::{BLACK, EMPTY, OFF, Position, is_piece};
use crate::piece::PieceKind;

impl Rules {
    /// The ways a piece of kind `k` of the side `ci` may come to a square,
    /// each a [`Reach`]: each ray's delta, ridden as far as the largest
    /// board lets it (a slide stopped by the first piece, a hop's or a
    /// grasshopper's ridden past its hurdle), a pawn's double and triple
    /// steps where the game has them, and, with Janggi's palace, the
    /// diagonal steps along its lines. A superset of the origins of the piece's moves on any
    /// board of the game: its promotions, en passant captures, gates and
    /// walls go where its rays do; each delta once, ridden through pieces
    /// where any of its ways does.
    pub(crate) fn reach_steps(&self, k: u8, ci: usize) -> Vec<Reach> {
        let ki = usize::from(k);
        let longest = self.files.max(self.ranks);
        let mut ways: Vec<Reach> = Vec::new();
        let mut ride = |delta: i16, far: u8, through: bool| match ways.iter_mut().find(|w| w.delta == delta) {
            Some(way) => {
                way.far = way.far.max(far);
                way.through |= through;
            }
            None => ways.push(Reach { delta, far, through }),
        };
        for ray in &self.rays[ki][ci] {
            match ray.kind {
                RayKind::Leap | RayKind::Lame => ride(ray.delta, 1, false),
                RayKind::Slide => ride(ray.delta, longest, false),
                RayKind::Hop | RayKind::Grass => ride(ray.delta, longest, true),
            }
        }
        if k == PieceKind::PAWN.index() {
            // its steps of two or three from the regions that allow them
            let up = if ci == 0 { self.stride } else { -self.stride };
            let far = if self.triple_step[ci].contains(&true) {
                3
            } else if self.double_step[ci].contains(&true) {
                2
            } else {
                0
            };
            if far > 0 {
                ride(up, far, true);
            }
        }
        if self.palace {
            for d in [self.stride + 1, self.stride - 1, -self.stride + 1, -self.stride - 1] {
                ride(d, longest, true);
            }
        }
        ways.sort_unstable_by_key(|w| w.delta);
        ways
    }

    /// Each letter SAN writes for a piece ([`Rules::san_letter`]) with the
    /// kinds it names, a bit per kind index.
    pub(crate) fn san_letters(&self) -> Vec<(char, u64)> {
        let mut out: Vec<(char, u64)> = Vec::new();
        for k in 0..64u8 {
            let letter = self.san_letter(k);
            match out.iter_mut().find(|(c, _)| *c == letter) {
                Some((_, kinds)) => *kinds |= 1 << k,
                None => out.push((letter, 1 << k)),
            }
        }
        out
    }

    /// The kinds whose SAN letter is `letter`, a bit per kind index.
    pub(crate) fn san_kinds(&self, letter: char) -> u64 {
        self.san_kinds.iter().find(|(c, _)| *c == letter).map_or(0, |&(_, kinds)| kinds)
    }

    /// The legal moves of `pos` to the squares `to` of the side's pieces
    /// whose kind is in `kinds` (a bit per kind index), and of the drops
    /// to them where `drops`, into `out` (cleared first); the castlings,
    /// passes and the game's own moves (Cambodian first moves, Sittuyin's
    /// promotions) to them too. The moves of other pieces are never made
    /// or checked. `None` where the rules choose among the legal moves as
    /// a whole (a capture or a drop compulsory, a pass only when nothing
    /// else is legal): there [`Rules::legal_into`] it is.
    pub(crate) fn legal_to(
        &self,
        pos: &Position,
        out: &mut Vec<Move>,
        (kinds, drops): (u64, bool),
        to: &[usize],
    ) -> Option<()> {
        out.clear();
        if self.must_capture || self.must_drop || self.pass_on_stalemate.iter().any(|&pass| pass) {
            return None;
        }
        if self.immediate_end(pos) {
            return Some(());
        }
        let us = pos.side;
        let ci = us.index();
        // the squares of the pieces of those kinds one of their steps away
        // from a square named, each once
        let mut from: SmallVec<[usize; 16]> = SmallVec::new();
        let side = if us == Color::Black { BLACK } else { 0 };
        for &target in to {
            let mut left = kinds;
            while left != 0 {
                let k = left.trailing_zeros() as u8;
                left &= left - 1;
                // a piece of the side of kind k: the cell's kind and side
                // bits compared at once
                let wanted = u16::from(k) | side;
                for way in &self.reach[usize::from(k)][ci] {
                    let mut s = target;
                    for _ in 0..way.far {
                        let Some(next) = s.checked_sub_signed(isize::from(way.delta)).filter(|&s| s < CELLS) else {
                            break;
                        };
                        s = next;
                        let cell = pos.board[s];
                        if cell == EMPTY {
                            continue;
                        }
                        if cell & (63 | BLACK) == wanted && is_piece(cell) {
                            from.push(s);
                        }
                        // beyond a piece only a hop, off the board nothing
                        if !way.through || cell == OFF {
                            break;
                        }
                    }
                }
            }
        }
        from.sort_unstable();
        from.dedup();
        self.pseudo_moves_from(pos, out, from, Some(to), drops);
        out.retain(|m| to.contains(&usize::from(m.to)));
        if !out.is_empty() {
            self.retain_legal_tried(pos, out);
        }
        Some(())
    }
}
