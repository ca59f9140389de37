//! Whether a square is attacked: each capture ray of the game walked back
//! from the square, the piece found checked against the types that capture
//! along that ray.

use polyfen_core::Color;

use super::compile::{RayKind, Rules};
use super::position::{EMPTY, OFF, Position, WALL, color, is_piece, kind};

impl Rules {
    /// Whether `by` attacks `sq`.
    #[allow(clippy::many_single_char_names)]
    pub(crate) fn attacked(&self, pos: &Position, sq: usize, by: Color) -> bool {
        for ray in &self.attacks[by.index()] {
            let d = ray.delta as isize;
            let s = sq as isize;
            let found = match ray.kind {
                RayKind::Leap => Some(s - d),
                RayKind::Lame => {
                    let x = s - d;
                    if pos.board[x as usize] != OFF
                        && ray.path.iter().all(|p| pos.board[(x + *p as isize) as usize] == EMPTY)
                    {
                        Some(x)
                    } else {
                        None
                    }
                }
                RayKind::Slide => {
                    let mut t = s;
                    let mut n = 0u8;
                    loop {
                        t -= d;
                        n += 1;
                        let c = pos.board[t as usize];
                        if c == OFF || c == WALL {
                            break None;
                        }
                        if c != EMPTY {
                            break Some(t);
                        }
                        if ray.limit != 0 && n >= ray.limit {
                            break None;
                        }
                    }
                }
                RayKind::Hop => {
                    let mut t = s;
                    let mut hurdle = false;
                    let mut n = 0u8;
                    loop {
                        t -= d;
                        n += 1;
                        let c = pos.board[t as usize];
                        if c == OFF || (hurdle && c == WALL) || (ray.limit != 0 && n > ray.limit) {
                            break None;
                        }
                        if c != EMPTY {
                            if hurdle {
                                break Some(t);
                            }
                            hurdle = true;
                        }
                    }
                }
                RayKind::Grass => {
                    let mut t = s - d;
                    let c = pos.board[t as usize];
                    if c == OFF || c == EMPTY {
                        None
                    } else {
                        loop {
                            t -= d;
                            let c = pos.board[t as usize];
                            if c == OFF || c == WALL {
                                break None;
                            }
                            if c != EMPTY {
                                break Some(t);
                            }
                        }
                    }
                }
            };
            let Some(x) = found else { continue };
            let c = pos.board[x as usize];
            if !is_piece(c) || color(c) != by || ray.mask & (1u64 << kind(c)) == 0 {
                continue;
            }
            if ray.soldier_side && self.relative_rank(by, sq) + 1 < self.soldier_rank {
                continue;
            }
            if self.restricted_mobility && !self.may_stand(by, kind(c), sq) {
                continue;
            }
            return true;
        }
        false
    }

    /// Whether the side `us`'s royal piece is attacked (or, with the flying
    /// general, faces the other one).
    pub(crate) fn in_check(&self, pos: &Position, us: Color) -> bool {
        let k = pos.royal[us.index()];
        if k == super::position::NO_SQ {
            return false;
        }
        let k = usize::from(k);
        if self.attacked(pos, k, us.other()) {
            return true;
        }
        self.flying_general && self.kings_face(pos, k, us)
    }

    /// Whether the king of `us` on `k` sees the other king along its file
    /// or rank with nothing between.
    pub(crate) fn kings_face(&self, pos: &Position, k: usize, us: Color) -> bool {
        let them = pos.royal[us.other().index()];
        if them == super::position::NO_SQ {
            return false;
        }
        for d in [self.stride, -self.stride, 1, -1] {
            let mut t = k as isize;
            loop {
                t += d as isize;
                let c = pos.board[t as usize];
                if c == EMPTY {
                    continue;
                }
                if t as usize == usize::from(them) {
                    return true;
                }
                break;
            }
        }
        false
    }
}
