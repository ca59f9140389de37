//! Compile-time tables of where each piece may go from each point, for move
//! generation and attack tests. Points are indices 0–89 (`rank * 9 +
//! file`); [`NONE`] fills unused slots.

use polyfen_core::{Color, const_for};

use crate::Square;

/// No point: the filler of the unused slots of a table.
pub(crate) const NONE: u8 = 0xFF;

/// The point at `file`, `rank`, or [`NONE`] off the board.
const fn at(file: i32, rank: i32) -> u8 {
    if file >= 0 && file < 9 && rank >= 0 && rank < 10 { (rank * 9 + file) as u8 } else { NONE }
}

const fn file_of(sq: usize) -> i32 {
    (sq % 9) as i32
}

const fn rank_of(sq: usize) -> i32 {
    (sq / 9) as i32
}

/// The side `side` (0 red, 1 black) as a colour.
const fn color(side: usize) -> Color {
    if side == 0 { Color::White } else { Color::Black }
}

/// Inside the palace of side `side` (0 red, 1 black): the rule
/// [`Point::in_palace_of`](crate::Point::in_palace_of) states.
const fn in_palace(side: usize, file: i32, rank: i32) -> bool {
    match point(file, rank) {
        Some(square) => crate::types::is_in_palace(square, color(side)),
        None => false,
    }
}

/// On the own half of side `side`: the rule [`Point::on_side_of`](crate::Point::on_side_of) states.
const fn own_half(side: usize, rank: i32) -> bool {
    match point(0, rank) {
        Some(square) => crate::types::is_on_side(square, color(side)),
        None => false,
    }
}

/// The square at `file`, `rank`, if on the board.
const fn point(file: i32, rank: i32) -> Option<Square> {
    if file >= 0 && file < 9 && rank >= 0 && rank < 10 { Square::new(file as u8, rank as u8) } else { None }
}

/// The rank step forward for side `side`.
const fn forward(side: usize) -> i32 {
    if side == 0 { 1 } else { -1 }
}

/// Up to four targets per point; [`NONE`] after the last.
pub(crate) type Four = [[u8; 4]; 90];

/// The four orthogonal directions as (file, rank) steps: up (towards black),
/// down, left, right. Directions 0 and 1 run along the file.
pub(crate) const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];
pub(crate) const DIAGONALS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The steps of each side from each point one point along `directions`,
/// staying inside its palace.
const fn palace_steps(directions: [(i32, i32); 4]) -> [Four; 2] {
    let mut steps = [[[NONE; 4]; 90]; 2];
    const_for!(side in 0..2 => {
        const_for!(sq in 0..90 => {
            let (f, r) = (file_of(sq), rank_of(sq));
            let mut n = 0;
            const_for!(d in 0..4 => {
                let (nf, nr) = (f + directions[d].0, r + directions[d].1);
                if in_palace(side, nf, nr) {
                    steps[side][sq][n] = at(nf, nr);
                    n += 1;
                }
            });
        });
    });
    steps
}

/// King steps of each side: one point orthogonally, inside its palace.
pub(crate) static KING_STEPS: [Four; 2] = palace_steps(DIRECTIONS);

/// Advisor steps of each side: one point diagonally, inside its palace.
pub(crate) static ADVISOR_STEPS: [Four; 2] = palace_steps(DIAGONALS);

/// Elephant steps of each side: two points diagonally, staying on its own
/// half, with the eye (the point between) in the second table.
pub(crate) static ELEPHANT_STEPS: [(Four, Four); 2] = {
    let mut t = [([[NONE; 4]; 90], [[NONE; 4]; 90]); 2];
    const_for!(side in 0..2 => {
        const_for!(sq in 0..90 => {
            let (f, r) = (file_of(sq), rank_of(sq));
            let mut n = 0;
            const_for!(d in 0..4 => {
                let (df, dr) = DIAGONALS[d];
                let to = at(f + 2 * df, r + 2 * dr);
                if to != NONE && own_half(side, r + 2 * dr) {
                    t[side].0[sq][n] = to;
                    t[side].1[sq][n] = at(f + df, r + dr);
                    n += 1;
                }
            });
        });
    });
    t
};

/// Horse jumps as (file, rank) steps, each with its leg: the step to the
/// point next to the horse in the direction of the long step, which must be
/// empty.
pub(crate) const HORSE_STEPS: [((i32, i32), (i32, i32)); 8] = [
    ((1, 2), (0, 1)),
    ((-1, 2), (0, 1)),
    ((1, -2), (0, -1)),
    ((-1, -2), (0, -1)),
    ((2, 1), (1, 0)),
    ((2, -1), (1, 0)),
    ((-2, 1), (-1, 0)),
    ((-2, -1), (-1, 0)),
];

/// Horse jumps from each point, with the leg (the point next to the horse
/// in the direction of the long step) in the second table.
pub(crate) static HORSE_JUMPS: ([[u8; 8]; 90], [[u8; 8]; 90]) = {
    let mut t = ([[NONE; 8]; 90], [[NONE; 8]; 90]);
    const_for!(sq in 0..90 => {
        let (f, r) = (file_of(sq), rank_of(sq));
        let mut n = 0;
        const_for!(j in 0..8 => {
            let ((df, dr), (lf, lr)) = HORSE_STEPS[j];
            let to = at(f + df, r + dr);
            if to != NONE {
                t.0[sq][n] = to;
                t.1[sq][n] = at(f + lf, r + lr);
                n += 1;
            }
        });
    });
    t
};

/// The points from which a horse attacks each point: for each of the four
/// diagonal neighbours (the leg every such horse needs free, in the first
/// table), the two horse points behind it.
pub(crate) static HORSE_ATTACKS: ([[u8; 4]; 90], [[[u8; 2]; 4]; 90]) = {
    let mut t = ([[NONE; 4]; 90], [[[NONE; 2]; 4]; 90]);
    const_for!(sq in 0..90 => {
        let (f, r) = (file_of(sq), rank_of(sq));
        const_for!(d in 0..4 => {
            let (a, b) = DIAGONALS[d];
            t.0[sq][d] = at(f + a, r + b);
            t.1[sq][d] = [at(f + 2 * a, r + b), at(f + a, r + 2 * b)];
        });
    });
    t
};

/// Soldier steps of each side: forward, and sideways once across the river.
pub(crate) static SOLDIER_STEPS: [[[u8; 3]; 90]; 2] = {
    let mut t = [[[NONE; 3]; 90]; 2];
    const_for!(side in 0..2 => {
        const_for!(sq in 0..90 => {
            let (f, r) = (file_of(sq), rank_of(sq));
            let mut n = 0;
            let ahead = at(f, r + forward(side));
            if ahead != NONE {
                t[side][sq][n] = ahead;
                n += 1;
            }
            if !own_half(side, r) {
                if f > 0 {
                    t[side][sq][n] = at(f - 1, r);
                    n += 1;
                }
                if f < 8 {
                    t[side][sq][n] = at(f + 1, r);
                }
            }
        });
    });
    t
};

/// The points from which a soldier of each side attacks each point.
pub(crate) static SOLDIER_ATTACKS: [[[u8; 3]; 90]; 2] = {
    let mut t = [[[NONE; 3]; 90]; 2];
    const_for!(side in 0..2 => {
        const_for!(from in 0..90 => {
            const_for!(k in 0..3 => {
                let to = SOLDIER_STEPS[side][from][k];
                if to != NONE {
                    let slots = &mut t[side][to as usize];
                    let mut n = 0;
                    while slots[n] != NONE {
                        n += 1;
                    }
                    slots[n] = from as u8;
                }
            });
        });
    });
    t
};

/// The points along each of the four [`DIRECTIONS`] from each point,
/// nearest first, [`NONE`] after the edge.
pub(crate) static RAYS: [[[u8; 9]; 4]; 90] = {
    let mut t = [[[NONE; 9]; 4]; 90];
    const_for!(sq in 0..90 => {
        const_for!(d in 0..4 => {
            let (df, dr) = DIRECTIONS[d];
            let (mut f, mut r) = (file_of(sq) + df, rank_of(sq) + dr);
            let mut n = 0;
            while at(f, r) != NONE {
                t[sq][d][n] = at(f, r);
                n += 1;
                f += df;
                r += dr;
            }
        });
    });
    t
};

/// [`RAYS`] as bits: the points from each point to the edge in each
/// direction, the point itself excluded.
pub(crate) static RAY_MASKS: [[u128; 4]; 90] = {
    let mut t = [[0u128; 4]; 90];
    const_for!(sq in 0..90 => {
        const_for!(d in 0..4 => {
            let mut n = 0;
            while n < 9 && RAYS[sq][d][n] != NONE {
                t[sq][d] |= 1 << RAYS[sq][d][n];
                n += 1;
            }
        });
    });
    t
};

/// The nearest point of `points` (a non-empty subset of a ray in direction
/// `d`) to the ray's start: rays up and right run to higher indices.
#[inline]
pub(crate) const fn nearest(points: u128, d: usize) -> usize {
    if d == 0 || d == 3 { points.trailing_zeros() as usize } else { 127 - points.leading_zeros() as usize }
}

/// A table of up to `N` points per point as bits.
const fn masks<const N: usize>(table: &[[u8; N]; 90]) -> [u128; 90] {
    let mut t = [0u128; 90];
    const_for!(sq in 0..90 => {
        const_for!(k in 0..N => {
            if table[sq][k] != NONE {
                t[sq] |= 1 << table[sq][k];
            }
        });
    });
    t
}

/// [`KING_STEPS`] as bits.
pub(crate) static KING_MASKS: [[u128; 90]; 2] = [masks(&KING_STEPS[0]), masks(&KING_STEPS[1])];

/// [`ADVISOR_STEPS`] as bits.
pub(crate) static ADVISOR_MASKS: [[u128; 90]; 2] = [masks(&ADVISOR_STEPS[0]), masks(&ADVISOR_STEPS[1])];

/// [`SOLDIER_STEPS`] as bits.
pub(crate) static SOLDIER_MASKS: [[u128; 90]; 2] = [masks(&SOLDIER_STEPS[0]), masks(&SOLDIER_STEPS[1])];

/// [`SOLDIER_ATTACKS`] as bits: the points from which a soldier of each
/// side attacks each point.
pub(crate) static SOLDIER_ATTACK_MASKS: [[u128; 90]; 2] = [masks(&SOLDIER_ATTACKS[0]), masks(&SOLDIER_ATTACKS[1])];

/// The points from which a horse attacks each point, legs aside: the
/// horse points of [`HORSE_ATTACKS`] as bits.
pub(crate) static HORSE_ATTACK_MASKS: [u128; 90] = {
    let mut t = [0u128; 90];
    const_for!(sq in 0..90 => {
        const_for!(d in 0..4 => {
            const_for!(k in 0..2 => {
                let h = HORSE_ATTACKS.1[sq][d][k];
                if h != NONE {
                    t[sq] |= 1 << h;
                }
            });
        });
    });
    t
};

/// Horse jumps by leg: for each point, its four orthogonal neighbours (the
/// legs, [`NONE`] off the board) and, for each, the jumps that leg blocks
/// as bits (two, fewer at the edge).
pub(crate) static HORSE_BY_LEG: [([u8; 4], [u128; 4]); 90] = {
    let mut t = [([NONE; 4], [0u128; 4]); 90];
    const_for!(sq in 0..90 => {
        let mut n = 0;
        const_for!(j in 0..8 => {
            let (to, leg) = (HORSE_JUMPS.0[sq][j], HORSE_JUMPS.1[sq][j]);
            if to != NONE {
                let mut slot = 0;
                while slot < n && t[sq].0[slot] != leg {
                    slot += 1;
                }
                if slot == n {
                    t[sq].0[slot] = leg;
                    n += 1;
                }
                t[sq].1[slot] |= 1 << to;
            }
        });
    });
    t
};
