//! Bitboards of the 81 squares in a `u128` (bit `i` is the square of codec
//! index `i`: row 0 the rank `a`, column 0 the file 9; sente moves up the
//! board, towards row 0), the step attacks of
//! every piece as tables built at compile time, and the sliding attacks of
//! rooks, bishops and lances: each ray cut at its nearest blocker, found
//! with one bit scan (lowest for the rays that go up the indices, highest
//! for the others).

use polyfen_core::{Color, const_for};

/// A set of squares.
pub(crate) type Bitboard = u128;

/// Every square.
pub(crate) const ALL: Bitboard = (1 << 81) - 1;

/// The square's bit.
#[inline]
pub(crate) const fn bit(index: usize) -> Bitboard {
    1 << index
}

/// The eight directions as (row, column) steps: the four that go up the
/// indices first (`+9`, `+1`, `+10`, `+8`), then their opposites in the
/// same order.
const DIRS: [(i8, i8); 8] = [(1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1)];

const N: usize = 0;
const E: usize = 1;
const NE: usize = 2;
const NW: usize = 3;
const S: usize = 4;
const W: usize = 5;
const SW: usize = 6;
const SE: usize = 7;

/// The squares from `sq` (excluded) to the edge in each direction.
const RAYS: [[Bitboard; 81]; 8] = {
    let mut rays = [[0; 81]; 8];
    const_for!(d in 0..8 => {
        const_for!(sq in 0..81 => {
            let (mut r, mut c) = ((sq / 9) as i8, (sq % 9) as i8);
            let mut b = 0;
            loop {
                r += DIRS[d].0;
                c += DIRS[d].1;
                if r < 0 || r > 8 || c < 0 || c > 8 {
                    break;
                }
                b |= 1 << (r as usize * 9 + c as usize);
            }
            rays[d][sq] = b;
        });
    });
    rays
};

/// The squares one step of `steps` (`+1` row forward) away from `sq` for
/// `color` (0 sente, whose forward is towards row 0; 1 gote).
const fn steps_from(sq: usize, color: usize, steps: &[(i8, i8)]) -> Bitboard {
    let (r0, c0) = ((sq / 9) as i8, (sq % 9) as i8);
    let sign = if color == 0 { -1 } else { 1 };
    let mut b = 0;
    const_for!(i in 0..steps.len() => {
        let r = r0 + steps[i].0 * sign;
        let c = c0 + steps[i].1;
        if r >= 0 && r <= 8 && c >= 0 && c <= 8 {
            b |= 1 << (r as usize * 9 + c as usize);
        }
    });
    b
}

/// The step patterns as (forward, sideways) steps: pawn, knight, silver,
/// gold, king.
const PATTERNS: [&[(i8, i8)]; 5] = [
    &[(1, 0)],
    &[(2, -1), (2, 1)],
    &[(1, -1), (1, 0), (1, 1), (-1, -1), (-1, 1)],
    &[(1, -1), (1, 0), (1, 1), (0, -1), (0, 1), (-1, 0)],
    &[(1, -1), (1, 0), (1, 1), (0, -1), (0, 1), (-1, -1), (-1, 0), (-1, 1)],
];

pub(crate) const PAWN: usize = 0;
pub(crate) const KNIGHT: usize = 1;
pub(crate) const SILVER: usize = 2;
pub(crate) const GOLD: usize = 3;
pub(crate) const KING: usize = 4;

/// `STEPS[color][pattern][square]`.
pub(crate) const STEPS: [[[Bitboard; 81]; 5]; 2] = {
    let mut t = [[[0; 81]; 5]; 2];
    const_for!(color in 0..2 => {
        const_for!(p in 0..5 => {
            const_for!(sq in 0..81 => {
                t[color][p][sq] = steps_from(sq, color, PATTERNS[p]);
            });
        });
    });
    t
};

/// The nine squares of row `n` (rank `a` is row 0).
const fn row(n: usize) -> Bitboard {
    0x1ff << (n * 9)
}

/// A side's promotion zone: the three ranks farthest from it.
pub(crate) const ZONE: [Bitboard; 2] = [row(0) | row(1) | row(2), row(6) | row(7) | row(8)];

/// A side's last rank (where pawns and lances may not stand unpromoted).
pub(crate) const LAST_RANK: [Bitboard; 2] = [row(0), row(8)];

/// A side's last two ranks (where knights may not stand unpromoted).
pub(crate) const LAST_TWO: [Bitboard; 2] = [row(0) | row(1), row(8) | row(7)];

/// The nine squares of each column (file `9 - column`).
pub(crate) const COLUMN: [Bitboard; 9] = {
    let mut t = [0; 9];
    const_for!(c in 0..9 => {
        const_for!(r in 0..9 => {
            t[c] |= 1 << (r * 9 + c);
        });
    });
    t
};

/// Whether `b`, known not to be empty, holds one square. Not
/// `is_power_of_two`, which counts the bits: without a popcount
/// instruction (the baseline x86-64 target) that is a dozen operations.
#[inline]
#[allow(clippy::manual_is_power_of_two)]
pub(crate) const fn single(b: Bitboard) -> bool {
    b & (b - 1) == 0
}

/// The whole columns (files) that hold a square of `b`: its nine rows
/// folded onto row 0, then copied down the board (for nifu).
#[inline]
pub(crate) fn files_of(b: Bitboard) -> Bitboard {
    let mut x = b | (b >> 45);
    x |= x >> 27;
    x |= x >> 18;
    x |= x >> 9;
    let row = x & 0x1ff;
    let mut y = row | (row << 9);
    y |= y << 18;
    y |= y << 36;
    y | (row << 72)
}

/// The ray from `sq` in direction `d`, cut after its first blocker in `occ`.
#[inline]
fn ray(d: usize, sq: usize, occ: Bitboard) -> Bitboard {
    let ray = RAYS[d][sq];
    let blockers = ray & occ;
    if blockers == 0 {
        return ray;
    }
    let first = if d < 4 { blockers.trailing_zeros() } else { blockers.ilog2() };
    ray ^ RAYS[d][first as usize]
}

/// The squares a rook on `sq` reaches with `occ` occupied.
#[inline]
pub(crate) fn rook(sq: usize, occ: Bitboard) -> Bitboard {
    ray(N, sq, occ) | ray(S, sq, occ) | ray(E, sq, occ) | ray(W, sq, occ)
}

/// The squares a bishop on `sq` reaches with `occ` occupied.
#[inline]
pub(crate) fn bishop(sq: usize, occ: Bitboard) -> Bitboard {
    ray(NE, sq, occ) | ray(NW, sq, occ) | ray(SE, sq, occ) | ray(SW, sq, occ)
}

/// The squares a lance of `color` on `sq` reaches with `occ` occupied.
#[inline]
pub(crate) fn lance(color: Color, sq: usize, occ: Bitboard) -> Bitboard {
    ray(if color == Color::White { S } else { N }, sq, occ)
}

/// The rook's rays from `sq` on an empty board.
#[inline]
pub(crate) fn rook_empty(sq: usize) -> Bitboard {
    RAYS[N][sq] | RAYS[S][sq] | RAYS[E][sq] | RAYS[W][sq]
}

/// The bishop's rays from `sq` on an empty board.
#[inline]
pub(crate) fn bishop_empty(sq: usize) -> Bitboard {
    RAYS[NE][sq] | RAYS[NW][sq] | RAYS[SE][sq] | RAYS[SW][sq]
}

/// The direction from `a` to `b` when they share a line, else `None`.
#[inline]
fn direction(a: usize, b: usize) -> Option<usize> {
    let dr = (b / 9) as i32 - (a / 9) as i32;
    let dc = (b % 9) as i32 - (a % 9) as i32;
    if a == b || (dr != 0 && dc != 0 && dr.abs() != dc.abs()) {
        return None;
    }
    let d = match (dr.signum(), dc.signum()) {
        (1, 0) => N,
        (0, 1) => E,
        (1, 1) => NE,
        (1, -1) => NW,
        (-1, 0) => S,
        (0, -1) => W,
        (-1, -1) => SW,
        _ => SE,
    };
    Some(d)
}

/// The squares strictly between `a` and `b` on a line (empty if they share
/// none).
#[inline]
pub(crate) fn between(a: usize, b: usize) -> Bitboard {
    match direction(a, b) {
        Some(d) => RAYS[d][a] & RAYS[(d + 4) % 8][b],
        None => 0,
    }
}

/// The squares beyond `a` in the direction of `b` (to the edge): where a
/// piece on `b` pinned against a king on `a` may go, with `between`.
#[inline]
pub(crate) fn ray_through(a: usize, b: usize) -> Bitboard {
    match direction(a, b) {
        Some(d) => RAYS[d][a],
        None => 0,
    }
}

/// The squares of a bitboard, lowest first.
#[inline]
pub(crate) fn squares(mut b: Bitboard) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if b == 0 {
            return None;
        }
        let sq = b.trailing_zeros() as usize;
        b &= b - 1;
        Some(sq)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_stop_at_the_first_blocker_and_include_it() {
        // a rook on 5e (row 4, column 4) with blockers on 5c and 3e
        let sq = 4 * 9 + 4;
        let occ = bit(6 * 9 + 4) | bit(4 * 9 + 6);
        let a = rook(sq, occ);
        assert_eq!(a.count_ones(), 4 + 2 + 4 + 2);
        assert!(a & bit(6 * 9 + 4) != 0 && a & bit(7 * 9 + 4) == 0);
        assert_eq!(bishop(sq, 0).count_ones(), 16);
        assert_eq!(lance(Color::White, sq, 0).count_ones(), 4);
        assert_eq!(lance(Color::Black, sq, 0).count_ones(), 4);
        assert_eq!(between(0, 80).count_ones(), 7);
        assert_eq!(between(0, 10), 0);
        assert_eq!(between(0, 11), 0);
    }

    #[test]
    fn steps_are_mirrored_for_gote() {
        let sq = 4 * 9 + 4;
        assert_eq!(STEPS[0][KNIGHT][sq], bit(2 * 9 + 3) | bit(2 * 9 + 5));
        assert_eq!(STEPS[1][KNIGHT][sq], bit(6 * 9 + 3) | bit(6 * 9 + 5));
        assert_eq!(STEPS[0][GOLD][sq].count_ones(), 6);
        assert_eq!(STEPS[0][KING][0].count_ones(), 3);
        assert_eq!(COLUMN[0].count_ones(), 9);
        for (c, &column) in COLUMN.iter().enumerate() {
            for r in 0..9 {
                assert_eq!(files_of(bit(r * 9 + c)), column);
            }
        }
        assert_eq!(files_of(bit(0) | bit(80)), COLUMN[0] | COLUMN[8]);
        assert_eq!(files_of(0), 0);
        assert_eq!(ALL.count_ones(), 81);
    }
}
