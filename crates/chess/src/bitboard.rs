//! Bitboards: a set of squares as a `u64`, bit `i` for square index `i`,
//! with attack tables computed at compile time.

use polyfen_core::Color;

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
    /// The bitboards of a mailbox board. The occupied squares are found
    /// eight at a time (SWAR on the one-byte cells), and only they are
    /// visited.
    #[must_use]
    pub fn from_board(board: &Board) -> Bitboards {
        const EMPTY: u8 = 12;
        let mut codes = [0u8; 64];
        for (code, cell) in codes.iter_mut().zip(board) {
            *code = cell.map_or(EMPTY, |p| p.index() as u8);
        }
        let occupied = polyfen_core::swar::cells_not_equal(&codes, EMPTY) as u64;
        let mut slots = [0u64; 13];
        let mut rest = occupied;
        while rest != 0 {
            let sq = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            slots[usize::from(codes[sq]).min(12)] |= 1 << sq;
        }
        let mut bb = Bitboards { occupied, ..Bitboards::default() };
        for (slot, &b) in slots.iter().take(12).enumerate() {
            bb.pieces[slot / 6][slot % 6] = b;
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
        (PAWN_ATTACKS[color.other().index()][target] & p[Role::Pawn as usize])
            | (KNIGHT_ATTACKS[target] & p[Role::Knight as usize])
            | (KING_ATTACKS[target] & p[Role::King as usize])
            | (rook_attacks(target, self.occupied) & (p[Role::Rook as usize] | queens))
            | (bishop_attacks(target, self.occupied) & (p[Role::Bishop as usize] | queens))
    }
}

const fn leaper_table(steps: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < steps.len() {
            let (nf, nr) = (f + steps[i].0, r + steps[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
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
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
            loop {
                f += DIRS[d].0;
                r += DIRS[d].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                rays[d][sq] |= 1 << (r * 8 + f);
            }
            sq += 1;
        }
        d += 1;
    }
    rays
};

#[inline]
fn ray(dir: usize, sq: usize, occupied: u64) -> u64 {
    let ray = RAYS[dir][sq];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    let first = if dir < 4 { blockers.trailing_zeros() } else { blockers.ilog2() } as usize;
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

/// The squares strictly between `a` and `b` on a line, else 0.
#[must_use]
pub fn between(a: usize, b: usize) -> u64 {
    RAYS.iter().find(|rays| rays[a] & (1 << b) != 0).map_or(0, |rays| rays[a] & !rays[b] & !(1 << b))
}
