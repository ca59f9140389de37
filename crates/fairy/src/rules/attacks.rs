//! Whether a square is attacked: each capture ray of the game walked back
//! from the square, the piece found checked against the types that capture
//! along that ray.

use polyfen_core::Color;

use super::compile::{JANGGI_CANNON, RayKind, Rules, SOLDIER, WAZIR};
use super::position::{BLACK, EMPTY, OFF, Position, WALL, color, is_piece, kind};
use crate::piece::PieceKind;

impl Rules {
    /// Whether `by` attacks `sq`.
    #[allow(clippy::many_single_char_names)]
    pub(crate) fn attacked(&self, pos: &Position, sq: usize, by: Color) -> bool {
        let bi = by.index();
        let rays = if self.restricted_mobility {
            &self.attacks[bi]
        } else {
            // each test of a cell without a branch (`&`, not `&&`): which
            // cells hold an attacker is not foreseeable. A cell is on the
            // board and of the side `by` when its off-board bits are clear
            // and its side bit is `by`'s (an empty cell passes, but its
            // kind, 0, attacks nothing).
            let side = if by == Color::Black { BLACK } else { 0 };
            #[allow(clippy::needless_bitwise_bool)]
            let hit = |c: u16, mask: u64| (c & (0xC000 | BLACK) == side) & (mask & (1u64 << kind(c)) != 0);
            let s = sq as isize;
            let mut leapt = false;
            for &(d, mask) in &self.attack_leaps[bi] {
                leapt |= hit(pos.board[(s - d as isize) as usize], mask);
            }
            if leapt {
                return true;
            }
            for &(d, limit, mask) in &self.attack_slides[bi] {
                let d = d as isize;
                let mut t = s - d;
                let mut n = 1u8;
                loop {
                    let c = pos.board[t as usize];
                    if c != EMPTY {
                        if hit(c, mask) {
                            return true;
                        }
                        break;
                    }
                    if limit != 0 && n >= limit {
                        break;
                    }
                    t -= d;
                    n = n.wrapping_add(1);
                }
            }
            &self.attack_rest[bi]
        };
        for ray in rays {
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
                    let mut hurdle = EMPTY;
                    let mut n = 0u8;
                    loop {
                        t -= d;
                        n += 1;
                        let c = pos.board[t as usize];
                        if c == OFF || (hurdle != EMPTY && c == WALL) || (ray.limit != 0 && n > ray.limit) {
                            break None;
                        }
                        if c != EMPTY {
                            if hurdle != EMPTY {
                                // The janggi cannon does not jump another.
                                if kind(c) == JANGGI_CANNON && is_piece(hurdle) && kind(hurdle) == JANGGI_CANNON {
                                    break None;
                                }
                                break Some(t);
                            }
                            hurdle = c;
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
        self.palace && self.diagonal_lines[sq] && self.palace_attacked(pos, sq, by)
    }

    /// Attacks along Janggi's palace lines, from a square of the lines.
    fn palace_attacked(&self, pos: &Position, sq: usize, by: Color) -> bool {
        let st = self.stride as isize;
        let target = pos.board[sq];
        for d in [st + 1, st - 1, -st + 1, -st - 1] {
            // One step: a wazir, a wazir-king, a soldier coming forward.
            let x = sq as isize - d;
            let c = pos.board[x as usize];
            if is_piece(c) && color(c) == by && self.diagonal_lines[x as usize] {
                let k = kind(c);
                let soldier_dir = (d > 0) == (by == Color::White);
                if k == WAZIR || (k == PieceKind::KING.index() && self.wazir_king) || (k == SOLDIER && soldier_dir) {
                    return true;
                }
            }
            // A rook sliding, a janggi cannon hopping.
            let mut t = sq as isize;
            let mut hurdle = EMPTY;
            loop {
                t -= d;
                let c = pos.board[t as usize];
                if c == OFF || c == WALL {
                    break;
                }
                if c == EMPTY {
                    continue;
                }
                if is_piece(c) && color(c) == by && self.diagonal_lines[t as usize] {
                    let k = kind(c);
                    if hurdle == EMPTY && k == PieceKind::ROOK.index() {
                        return true;
                    }
                    if hurdle != EMPTY
                        && k == JANGGI_CANNON
                        && kind(hurdle) != JANGGI_CANNON
                        && !(is_piece(target) && kind(target) == JANGGI_CANNON)
                    {
                        return true;
                    }
                }
                if hurdle != EMPTY {
                    break;
                }
                hurdle = c;
            }
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

    /// The square of the side to move's royal piece when it is in check.
    pub(crate) fn checked_royal(&self, pos: &Position) -> Option<usize> {
        let k = pos.royal[pos.side().index()];
        (k != super::position::NO_SQ && self.in_check(pos, pos.side())).then_some(usize::from(k))
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

#[cfg(test)]
mod tests {
    use crate::registry;

    /// The attack test reads an empty cell as a piece of kind 0 of either
    /// side: no game's attacks name that kind.
    #[test]
    fn no_attack_is_by_a_piece_of_kind_0() {
        let infos = registry::infos();
        assert!(infos.len() > 100, "the built-in games");
        for info in infos.iter() {
            let rules = registry::rules(info.id).expect("a built-in game");
            for side in 0..2 {
                let leaps = rules.attack_leaps[side].iter().map(|&(_, mask)| mask);
                let slides = rules.attack_slides[side].iter().map(|&(_, _, mask)| mask);
                let rest = rules.attack_rest[side].iter().map(|ray| ray.mask);
                assert!(leaps.chain(slides).chain(rest).all(|mask| mask & 1 == 0), "{}", info.id);
            }
        }
    }
}
