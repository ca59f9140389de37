//! Bitboards: a set of squares as a `u64`, bit `i` for square index `i`,
//! with attack tables computed at compile time.

use polyfen_core::{Color, const_for};

use crate::Board;
use crate::types::{Piece, Role};

/// Pieces as bitboards: one per color and role, plus the occupancy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bitboards {
    /// `[color][role]`.
    pub pieces: [[u64; 6]; 2],
    /// Every occupied square.
    pub occupied: u64,
}

impl Bitboards {
    /// The bitboards of a mailbox board, with no branch and no loop that
    /// depends on what stands where. A cell's code (0–11 for the pieces, 12
    /// for an empty square) has four bits; gathering each bit of eight cells
    /// at once gives four "bit planes", and each piece's bitboard is the
    /// squares where the planes spell its code.
    #[must_use]
    pub fn from_board(board: &Board) -> Bitboards {
        const EMPTY: u8 = 12;
        let mut codes = [EMPTY; 64];
        for (code, cell) in codes.iter_mut().zip(board) {
            *code = cell.map_or(EMPTY, |p| p.index() as u8);
        }
        let planes = polyfen_core::swar::bit_planes(&codes);
        // only code 12 (0b1100) has both high bits
        let occupied = !(planes[2] & planes[3]) & u128::from(u64::MAX);
        let mut bb = Bitboards { occupied: occupied as u64, ..Bitboards::default() };
        for code in 0..12u8 {
            let squares = polyfen_core::swar::cells_with(&planes, code, occupied) as u64;
            bb.pieces[usize::from(code / 6)][usize::from(code % 6)] = squares;
        }
        bb
    }

    /// The squares of `piece`.
    #[must_use]
    pub const fn of(&self, piece: Piece) -> u64 {
        self.pieces[piece.color() as usize][piece.role() as usize]
    }

    /// The pieces of `color` that attack square `target`.
    #[must_use]
    pub fn attackers(&self, target: usize, color: Color) -> u64 {
        let p = &self.pieces[color.index()];
        let queens = p[Role::Queen as usize];
        let straight = p[Role::Rook as usize] | queens;
        let diagonal = p[Role::Bishop as usize] | queens;
        let mut attackers = (PAWN_ATTACKS[color.other().index()][target] & p[Role::Pawn as usize])
            | (KNIGHT_ATTACKS[target] & p[Role::Knight as usize])
            | (KING_ATTACKS[target] & p[Role::King as usize]);
        // the rays only where a slider of that kind shares a line with the target
        if LINES[0][target] & straight != 0 {
            attackers |= rook_attacks(target, self.occupied) & straight;
        }
        if LINES[1][target] & diagonal != 0 {
            attackers |= bishop_attacks(target, self.occupied) & diagonal;
        }
        attackers
    }
}

const fn leaper_table(steps: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    const_for!(sq in 0..64 => {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        const_for!(i in 0..steps.len() => {
            let (nf, nr) = (f + steps[i].0, r + steps[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1 << (nr * 8 + nf);
            }
        });
    });
    table
}

/// Knight moves from each square.
pub static KNIGHT_ATTACKS: [u64; 64] =
    leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
/// King moves from each square.
pub static KING_ATTACKS: [u64; 64] =
    leaper_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
/// Squares a pawn of each color attacks from each square.
pub static PAWN_ATTACKS: [[u64; 64]; 2] = [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

/// Ray directions: the first four grow the square index, the last four shrink it.
const DIRS: [(i8, i8); 8] = [(1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0), (0, -1), (-1, -1), (1, -1)];

/// The squares along each direction from each square, not including it.
static RAYS: [[u64; 64]; 8] = {
    let mut rays = [[0u64; 64]; 8];
    const_for!(d in 0..8 => {
        const_for!(sq in 0..64 => {
            let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
            loop {
                f += DIRS[d].0;
                r += DIRS[d].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                rays[d][sq] |= 1 << (r * 8 + f);
            }
        });
    });
    rays
};

/// The squares along `dir` from `sq` up to and including the first occupied
/// one. Branch-free: a sentinel at h8 (rising rays) or a1 (falling rays)
/// stands in for "no blocker", and the ray from there is empty.
/// Every square on the same rank or file (`[0]`) or diagonal (`[1]`) as
/// each square, itself excluded.
static LINES: [[u64; 64]; 2] = {
    let mut lines = [[0u64; 64]; 2];
    const_for!(sq in 0..64 => {
        const_for!(d in 0..8 => {
            // directions 0, 1, 4, 5 are straight; 2, 3, 6, 7 diagonal
            let kind = if d % 4 < 2 { 0 } else { 1 };
            lines[kind][sq] |= RAYS[d][sq];
        });
    });
    lines
};

#[inline]
fn ray(dir: usize, sq: usize, occupied: u64) -> u64 {
    let ray = RAYS[dir][sq];
    let blockers = ray & occupied;
    let first = if dir < 4 { (blockers | 1 << 63).trailing_zeros() } else { (blockers | 1).ilog2() } as usize;
    ray ^ RAYS[dir][first]
}

/// The squares a rook on `sq` attacks.
#[must_use]
pub fn rook_attacks(sq: usize, occupied: u64) -> u64 {
    ray(0, sq, occupied) | ray(1, sq, occupied) | ray(4, sq, occupied) | ray(5, sq, occupied)
}

/// The squares a bishop on `sq` attacks.
#[must_use]
pub fn bishop_attacks(sq: usize, occupied: u64) -> u64 {
    ray(2, sq, occupied) | ray(3, sq, occupied) | ray(6, sq, occupied) | ray(7, sq, occupied)
}

/// `[0]`: the squares strictly between two squares on a line (else 0);
/// `[1]`: the whole line through both, ends included (else 0).
static BETWEEN_LINE: [[[u64; 64]; 64]; 2] = {
    let mut t = [[[0u64; 64]; 64]; 2];
    const_for!(a in 0..64 => {
        const_for!(d in 0..8 => {
            // the opposite direction: 0 <-> 4, 1 <-> 5, ...
            let line = RAYS[d][a] | RAYS[(d + 4) % 8][a] | 1 << a;
            let mut seen = 0u64;
            let mut rest = RAYS[d][a];
            while rest != 0 {
                // walk outwards from `a`: the nearest square first
                let b = if d < 4 { rest.trailing_zeros() } else { rest.ilog2() } as usize;
                t[0][a][b] = seen;
                t[1][a][b] = line;
                seen |= 1 << b;
                rest &= !(1 << b);
            }
        });
    });
    t
};

/// The squares strictly between `a` and `b` on a line, else 0.
#[must_use]
#[inline]
pub fn between(a: usize, b: usize) -> u64 {
    BETWEEN_LINE[0][a & 63][b & 63]
}

/// Every square of the line (rank, file or diagonal) through `a` and `b`,
/// both included; 0 when they share no line.
#[must_use]
#[inline]
pub fn line(a: usize, b: usize) -> u64 {
    BETWEEN_LINE[1][a & 63][b & 63]
}

/// Every square on the rank and file of `sq`, itself excluded.
#[must_use]
#[inline]
pub fn straight_lines(sq: usize) -> u64 {
    LINES[0][sq & 63]
}

/// Every square on the diagonals of `sq`, itself excluded.
#[must_use]
#[inline]
pub fn diagonal_lines(sq: usize) -> u64 {
    LINES[1][sq & 63]
}

/// Every square on a rank, file or diagonal through `sq`, itself excluded.
#[must_use]
#[inline]
pub fn lines_through(sq: usize) -> u64 {
    LINES[0][sq & 63] | LINES[1][sq & 63]
}

/// The squares a queen on `sq` attacks.
#[must_use]
#[inline]
pub fn queen_attacks(sq: usize, occupied: u64) -> u64 {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The squares of a bitboard, lowest first.
#[inline]
pub(crate) fn squares(mut bits: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let s = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(s)
    })
}
