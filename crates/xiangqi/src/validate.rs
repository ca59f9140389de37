//! The rules a Xiangqi setup must obey to be a legal position.

use core::fmt;

use polyfen_core::Color;

use crate::tables::{DIAGONALS, HORSE_ATTACK_MASKS, HORSE_ATTACKS, HORSE_STEPS, NONE, RAY_MASKS, SOLDIER_ATTACK_MASKS};
use crate::types::{Piece, Point, Role, Square, color_name};
use crate::{Board, Fen};

/// One rule a Xiangqi setup breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A side has no king or more than one.
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: u32,
    },
    /// A side has more pieces of a role than it starts with (2 advisors,
    /// elephants, horses, chariots and cannons, 5 soldiers).
    TooMany {
        /// The side.
        color: Color,
        /// The role.
        role: Role,
        /// How many it has.
        count: u32,
    },
    /// A king outside its palace (files d–f, ranks 0–2 for red, 7–9 for
    /// black).
    KingOutsidePalace {
        /// The king's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// An advisor off the five points of its palace it can reach.
    AdvisorOffPoint {
        /// The advisor's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// An elephant off the seven points of its own half it can reach.
    ElephantOffPoint {
        /// The elephant's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// A soldier on a point it can never reach: behind its start rank, or
    /// before the river on a file it does not start on.
    SoldierOffPoint {
        /// The soldier's side.
        color: Color,
        /// Where it stands.
        square: Square,
        /// Why it cannot stand there.
        reason: &'static str,
    },
    /// The two kings face each other on one file with nothing between them.
    FacingKings {
        /// The file, 0 = a.
        file: u8,
    },
    /// The side that is not to move is in check.
    OppositeCheck {
        /// The side in check.
        color: Color,
        /// The points of the pieces giving check.
        checkers: Vec<Square>,
    },
}

impl Violation {
    /// Whether the rules refuse to play from a setup with this violation:
    /// a side without exactly one king, more pieces of a kind than a side
    /// starts with, a king outside its palace, facing kings, or the side
    /// not to move in check. Advisors, elephants and soldiers off their
    /// points do not keep the rules from being applied, and are only
    /// reported.
    #[must_use]
    pub const fn blocks_play(&self) -> bool {
        matches!(
            self,
            Violation::KingCount { .. }
                | Violation::TooMany { .. }
                | Violation::KingOutsidePalace { .. }
                | Violation::FacingKings { .. }
                | Violation::OppositeCheck { .. }
        )
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::KingCount { color, count: 0 } => write!(f, "{} has no king", color_name(*color)),
            Violation::KingCount { color, count } => {
                write!(f, "{} has {count} kings, expected 1", color_name(*color))
            }
            Violation::TooMany { color, role, count } => {
                write!(f, "{} has {count} {}s, at most {}", color_name(*color), role.name(), role.max_count())
            }
            Violation::KingOutsidePalace { color, square } => {
                write!(f, "{} king on {square} is outside its palace", color_name(*color))
            }
            Violation::AdvisorOffPoint { color, square } => write!(
                f,
                "{} advisor on {square} is not on one of its five palace points ({})",
                color_name(*color),
                points(&ADVISOR_POINTS[color.index()])
            ),
            Violation::ElephantOffPoint { color, square } => write!(
                f,
                "{} elephant on {square} is not on one of its seven points ({})",
                color_name(*color),
                points(&ELEPHANT_POINTS[color.index()])
            ),
            Violation::SoldierOffPoint { color, square, reason } => {
                write!(f, "{} soldier on {square} {reason}", color_name(*color))
            }
            Violation::FacingKings { file } => {
                write!(f, "the kings face each other on the {} file with nothing between them", (b'a' + file) as char)
            }
            Violation::OppositeCheck { color, checkers } => {
                write!(
                    f,
                    "{} is in check from {} but it is {}'s move",
                    color_name(*color),
                    points(checkers),
                    color_name(color.other())
                )
            }
        }
    }
}

fn points(squares: &[Square]) -> String {
    let mut out = String::new();
    for (i, sq) in squares.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&sq.to_string());
    }
    out
}

const fn sq(file: u8, rank: u8) -> Square {
    match Square::new(file, rank) {
        Some(s) => s,
        None => panic!("point off the board"),
    }
}

/// The five advisor points of each side, red first.
const ADVISOR_POINTS: [[Square; 5]; 2] =
    [[sq(3, 0), sq(5, 0), sq(4, 1), sq(3, 2), sq(5, 2)], [sq(3, 9), sq(5, 9), sq(4, 8), sq(3, 7), sq(5, 7)]];

/// The seven elephant points of each side, red first.
const ELEPHANT_POINTS: [[Square; 7]; 2] = [
    [sq(2, 0), sq(6, 0), sq(0, 2), sq(4, 2), sq(8, 2), sq(2, 4), sq(6, 4)],
    [sq(2, 9), sq(6, 9), sq(0, 7), sq(4, 7), sq(8, 7), sq(2, 5), sq(6, 5)],
];

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// The direction a soldier of `color` moves forward, in ranks.
const fn forward(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// The points of the pieces of `by` that attack `target` on `board`, by the
/// rules of movement: chariots along open lines, cannons over exactly one
/// screen, horses whose leg is free, soldiers forward (and sideways once
/// across the river), the king one step inside its palace or along an open
/// file to the other king (the flying general), advisors and elephants by
/// their own steps (an elephant's eye must be free, and it stays on its
/// half).
///
/// # Examples
///
/// ```
/// use polyfen_core::Color;
/// use polyfen_xiangqi::{attackers, Fen, Square};
///
/// let fen: Fen = "4k4/9/9/9/9/4C4/9/9/4P4/3K5 w".parse()?;
/// let e9 = Square::parse(b"e9").ok_or("no e9")?;
/// // the cannon on e4 needs a screen: none, so no check
/// assert!(attackers(&fen.board, e9, Color::White).is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn attackers(board: &Board, target: Square, by: Color) -> Vec<Square> {
    let mut found = Vec::new();
    visit_attackers(board, target, by, |sq| {
        if !found.contains(&sq) {
            found.push(sq);
        }
        true
    });
    found
}

/// Calls `visit` with each piece of `by` that attacks `target` (a piece may
/// come twice), until `visit` returns `false`.
fn visit_attackers(board: &Board, target: Square, by: Color, mut visit: impl FnMut(Square) -> bool) {
    let at = |sq: Square| board.get(sq.index()).copied().flatten();
    let is = |sq: Square, role: Role| at(sq) == Some(Piece::new(by, role));
    // chariots, cannons and the flying general along the four lines, walked
    // on file and rank (no division by 9 per step)
    let (file, rank) = (i32::from(target.file()), i32::from(target.rank()));
    for (df, dr) in ORTHOGONAL {
        let (mut f, mut r) = (file, rank);
        let mut screens = 0;
        loop {
            f += df;
            r += dr;
            let Some(next) = Square::new(f as u8, r as u8).filter(|_| f >= 0 && r >= 0) else { break };
            let Some(piece) = at(next) else { continue };
            if piece.color() == by {
                let hit = match (screens, piece.role()) {
                    (0, Role::Chariot) | (1, Role::Cannon) => true,
                    // the flying general: the kings see each other along a file
                    (0, Role::King) => df == 0 && matches!(at(target), Some(p) if p.role() == Role::King),
                    _ => false,
                };
                if hit && !visit(next) {
                    return;
                }
            }
            screens += 1;
            if screens > 1 {
                break;
            }
        }
    }
    // a point `df`, `dr` away from the target, by coordinates
    let near = |df: i32, dr: i32| {
        let (f, r) = (file + df, rank + dr);
        if (0..9).contains(&f) && (0..10).contains(&r) { Square::new(f as u8, r as u8) } else { None }
    };
    for ((df, dr), (lf, lr)) in HORSE_STEPS {
        let Some(from) = near(-df, -dr) else { continue };
        if is(from, Role::Horse) && near(lf - df, lr - dr).is_some_and(|leg| at(leg).is_none()) && !visit(from) {
            return;
        }
    }
    // soldiers: one step forward, or sideways once across the river
    if let Some(from) = near(0, -forward(by))
        && is(from, Role::Soldier)
        && !visit(from)
    {
        return;
    }
    if !target.on_side_of(by) {
        for df in [-1, 1] {
            if let Some(from) = near(df, 0)
                && is(from, Role::Soldier)
                && !visit(from)
            {
                return;
            }
        }
    }
    // the king one step inside its palace
    if target.in_palace_of(by) {
        for (df, dr) in ORTHOGONAL {
            if let Some(from) = near(df, dr)
                && is(from, Role::King)
                && !visit(from)
            {
                return;
            }
        }
        for (df, dr) in DIAGONALS {
            if let Some(from) = near(df, dr)
                && is(from, Role::Advisor)
                && !visit(from)
            {
                return;
            }
        }
    }
    // elephants two points diagonally, over a free eye, on their own half
    if target.on_side_of(by) {
        for (df, dr) in DIAGONALS {
            let (Some(eye), Some(from)) = (near(df, dr), near(2 * df, 2 * dr)) else {
                continue;
            };
            if is(from, Role::Elephant) && at(eye).is_none() && !visit(from) {
                return;
            }
        }
    }
}

/// Where a soldier of `color` cannot stand, and why; `None` where it can.
const fn soldier_problem(color: Color, square: Square) -> Option<&'static str> {
    // ranks counted from the soldier's own back rank
    let rank = match color {
        Color::White => square.rank(),
        Color::Black => 9 - square.rank(),
    };
    if rank < 3 {
        Some("is behind its start rank, and soldiers never move backward")
    } else if rank <= 4 && square.file() % 2 == 1 {
        Some("has not crossed the river, so it must be on file a, c, e, g or i")
    } else {
        None
    }
}

pub(crate) fn validate(fen: &Fen) -> Vec<Violation> {
    if quickly_valid(fen) {
        return Vec::new();
    }
    validate_carefully(fen)
}

/// The points each piece may stand on, by [`Piece::index`] (14 is an empty
/// point, allowed everywhere): bit `rank * 9 + file`. Derived from the rules
/// the careful validator words ([`Square::in_palace_of`], [`ADVISOR_POINTS`],
/// [`ELEPHANT_POINTS`], [`soldier_problem`]), so the two cannot disagree.
const ALLOWED: [u128; 15] = {
    let mut table = [(1 << 90) - 1; 15];
    let mut side = 0;
    while side < 2 {
        let color = if side == 0 { Color::White } else { Color::Black };
        let base = side * 7;
        let (mut king, mut soldier) = (0u128, 0u128);
        let mut i = 0;
        while i < 90 {
            if let Some(square) = Square::from_index(i) {
                if crate::types::is_in_palace(square, color) {
                    king |= 1 << i;
                }
                if soldier_problem(color, square).is_none() {
                    soldier |= 1 << i;
                }
            }
            i += 1;
        }
        let (mut advisor, mut elephant) = (0u128, 0u128);
        let mut k = 0;
        while k < 7 {
            if k < 5 {
                advisor |= 1 << ADVISOR_POINTS[side][k].index();
            }
            elephant |= 1 << ELEPHANT_POINTS[side][k].index();
            k += 1;
        }
        table[base + Role::King as usize] = king;
        table[base + Role::Advisor as usize] = advisor;
        table[base + Role::Elephant as usize] = elephant;
        table[base + Role::Soldier as usize] = soldier;
        side += 1;
    }
    table
};

/// The most pieces of each code a side may have, as bytes of one word:
/// each lane holds `127 - max`, so that adding the counts sets a lane's
/// high bit exactly when its count is over the maximum.
const OVER_MAX_BIAS: u128 = {
    let mut bias = 0u128;
    let mut code = 0;
    while code < 14 {
        let max = match code % 7 {
            0 => 1,
            6 => 5,
            _ => 2,
        };
        bias |= ((127 - max) as u128) << (8 * code);
        code += 1;
    }
    bias
};

/// One in the byte lane of each code, for counting into a word.
const ONE_OF: [u128; 16] = {
    let mut table = [0u128; 16];
    let mut code = 0;
    while code < 14 {
        table[code] = 1 << (8 * code);
        code += 1;
    }
    table
};

/// The fast path: true when the setup breaks no rule. One pass over the
/// occupied points only (found eight at a time) builds a bitboard per piece
/// code, in 64-bit halves, and counts the codes in byte lanes; counts and
/// points are then checked a code at a time against [`ALLOWED`]. Check is
/// found with table lookups (a horse near the king is looked at closely)
/// and, along the king's rank and file, from the two nearest pieces each
/// way with no branch. Whenever it cannot say the setup is legal,
/// [`validate_carefully`] finds and words every violation; the two agree (a
/// property test checks it).
#[allow(clippy::needless_bitwise_bool)] // `|` on purpose: `||` would branch on the board
fn quickly_valid(fen: &Fen) -> bool {
    const EMPTY: u8 = 14;
    /// The points before the first that starts an eight-byte word of the
    /// setup. A setup is usually copied (moved out of a `Result`, say) just
    /// before it is checked, in eight- or sixteen-byte pieces from its start;
    /// reading the board in words aligned with those pieces lets each read
    /// take its bytes from one pending write, not wait for several.
    const LEAD: usize = (8 - core::mem::offset_of!(Fen, board) % 8) % 8;
    const WORDS: usize = (90 - LEAD) / 8;
    const TAIL: usize = LEAD + 8 * WORDS;
    let board = &fen.board;
    // the codes of eight points from `start` (empty past `end`)
    let word = |start: usize, end: usize| -> [u8; 8] {
        core::array::from_fn(|k| {
            board.get(start + k).filter(|_| start + k < end).copied().flatten().map_or(EMPTY, |p| p.index() as u8)
        })
    };
    // a byte is nonzero after `^ EMPTY` exactly when the point holds a
    // piece; its high bit says so, then a multiply gathers the eight high
    // bits into one byte
    let occupied_in = |word: [u8; 8]| {
        let x = u64::from_le_bytes(word) ^ 0x0E0E_0E0E_0E0E_0E0E;
        let nonzero = (((x & 0x7F7F_7F7F_7F7F_7F7F) + 0x7F7F_7F7F_7F7F_7F7F) | x) & 0x8080_8080_8080_8080;
        u128::from((nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56)
    };
    // every point's code, and empty up to 127, which stands for "no such
    // point" in the line checks below
    let mut codes = [EMPTY; 128];
    let lead = word(0, LEAD);
    let tail = word(TAIL, 90);
    codes[..8].copy_from_slice(&lead);
    codes[TAIL..TAIL + 8].copy_from_slice(&tail);
    // one bit per occupied point
    let mut all = occupied_in(lead) | occupied_in(tail) << TAIL;
    for start in (LEAD..TAIL).step_by(8) {
        let word = word(start, start + 8);
        codes[start..start + 8].copy_from_slice(&word);
        all |= occupied_in(word) << start;
    }
    let occupied = [all as u64, (all >> 64) as u64];
    // the points of each code, as the low and the high 64 points, and the
    // count of each code in a byte lane of `counts`, on top of a bias
    let mut halves = [[0u64; 16]; 2];
    let mut counts = OVER_MAX_BIAS;
    for ((half, mut word), codes) in halves.iter_mut().zip(occupied).zip(codes.chunks(64)) {
        while word != 0 {
            let bit = word.trailing_zeros();
            word &= word - 1;
            let code = usize::from(codes[bit as usize] & 15);
            half[code] |= 1 << bit;
            counts = counts.wrapping_add(ONE_OF[code]);
        }
    }
    let over = counts & 0x8080_8080_8080_8080_8080_8080_8080_8080;
    // a king's lane still holds its bias when the king is missing
    let no_king = counts as u8 == 126 || (counts >> 56) as u8 == 126;
    let pieces = |code: usize| u128::from(halves[1][code]) << 64 | u128::from(halves[0][code]);
    // only kings, advisors, elephants and soldiers have points they may
    // not stand on
    let off = [0, 1, 2, 6, 7, 8, 9, 13].iter().fold(0, |off, &code| off | (pieces(code) & !ALLOWED[code]));
    if over != 0 || no_king || off != 0 {
        return false;
    }
    // Both kings are in their palaces now, so red's is the lower. They face
    // each other on one file with no piece between.
    let (red, black) = (pieces(0).trailing_zeros() as usize, pieces(7).trailing_zeros() as usize);
    let between = ((1u128 << black) - (1u128 << (red + 1))) & FILE_MASKS[red % 9];
    if red % 9 == black % 9 && all & between == 0 {
        return false;
    }
    let by = fen.extras.turn;
    let target = if by == Color::White { black } else { red };
    let code = |role: Role| Piece::new(by, role).index();
    let soldiers = pieces(code(Role::Soldier));
    if soldiers & SOLDIER_ATTACK_MASKS[by.index()][target] != 0 {
        return false;
    }
    let horse = code(Role::Horse);
    if pieces(horse) & HORSE_ATTACK_MASKS[target] != 0 {
        // a horse near the king: does one have its leg free?
        let (legs, pairs) = (&HORSE_ATTACKS.0[target], &HORSE_ATTACKS.1[target]);
        for (&leg, pair) in legs.iter().zip(pairs) {
            let free = leg != NONE && codes[usize::from(leg)] == EMPTY;
            if free && pair.iter().any(|&h| h != NONE && usize::from(codes[usize::from(h)]) == horse) {
                return false;
            }
        }
    }
    // The first and second pieces from the king each way along its rank and
    // file: a chariot first, or a cannon second, gives check. Worked out for
    // all four ways with no branch (point 127, empty, stands for none).
    let (chariot, cannon) = (code(Role::Chariot) as u8, code(Role::Cannon) as u8);
    let mut check = false;
    for (d, &ray) in RAY_MASKS[target].iter().enumerate() {
        let blockers = all & ray;
        // rays up and right run to higher points
        let (first, second) = if d == 0 || d == 3 {
            let rest = blockers & blockers.wrapping_sub(1);
            (blockers.trailing_zeros().min(127), rest.trailing_zeros().min(127))
        } else {
            let first = 127u32.wrapping_sub(blockers.leading_zeros()) & 127;
            let rest = blockers & !(1u128 << first);
            (first, 127u32.wrapping_sub(rest.leading_zeros()) & 127)
        };
        check |= (codes[first as usize] == chariot) | (codes[second as usize] == cannon);
    }
    !check
}

/// The points of each file.
const FILE_MASKS: [u128; 9] = {
    let mut masks = [0u128; 9];
    let mut i = 0;
    while i < 90 {
        masks[i % 9] |= 1 << i;
        i += 1;
    }
    masks
};

/// Every rule the setup breaks, each worded.
fn validate_carefully(fen: &Fen) -> Vec<Violation> {
    let board = &fen.board;
    let mut out = Vec::new();
    let mut counts = [[0u32; 7]; 2];
    let mut kings: [Option<Square>; 2] = [None; 2];
    let mut placement = Vec::new();
    for square in Square::all() {
        let Some(piece) = board.get(square.index()).copied().flatten() else {
            continue;
        };
        let color = piece.color();
        counts[color.index()][piece.role() as usize] += 1;
        match piece.role() {
            Role::King => {
                kings[color.index()] = Some(square);
                if !square.in_palace_of(color) {
                    placement.push(Violation::KingOutsidePalace { color, square });
                }
            }
            Role::Advisor if !ADVISOR_POINTS[color.index()].contains(&square) => {
                placement.push(Violation::AdvisorOffPoint { color, square });
            }
            Role::Elephant if !ELEPHANT_POINTS[color.index()].contains(&square) => {
                placement.push(Violation::ElephantOffPoint { color, square });
            }
            Role::Soldier => {
                if let Some(reason) = soldier_problem(color, square) {
                    placement.push(Violation::SoldierOffPoint { color, square, reason });
                }
            }
            _ => {}
        }
    }
    for color in Color::ALL {
        let c = &counts[color.index()];
        let kings = c[Role::King as usize];
        if kings != 1 {
            out.push(Violation::KingCount { color, count: kings });
        }
        for role in Role::ALL {
            let count = c[role as usize];
            if role != Role::King && count > role.max_count() {
                out.push(Violation::TooMany { color, role, count });
            }
        }
    }
    out.append(&mut placement);
    let single = |color: Color| kings[color.index()].filter(|_| counts[color.index()][Role::King as usize] == 1);
    let (red, black) = (single(Color::White), single(Color::Black));
    let mut facing = false;
    if let (Some(r), Some(b)) = (red, black) {
        let (low, high) = (r.rank().min(b.rank()), r.rank().max(b.rank()));
        if r.file() == b.file() {
            let open = (low + 1..high).all(|rank| {
                Square::new(r.file(), rank).is_some_and(|s| board.get(s.index()).is_some_and(Option::is_none))
            });
            if open {
                facing = true;
                out.push(Violation::FacingKings { file: r.file() });
            }
        }
    }
    let them = fen.extras.turn.other();
    if let Some(king) = single(them) {
        let mut checkers = attackers(board, king, fen.extras.turn);
        if facing {
            // facing kings are reported once, above
            let own = single(fen.extras.turn);
            checkers.retain(|&sq| Some(sq) != own);
        }
        if !checkers.is_empty() {
            out.push(Violation::OppositeCheck { color: them, checkers });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Both kings in their palaces (sometimes one is missing or doubled),
    /// then for every other kind a count up to one over its limit, on points
    /// it may stand on (sometimes anywhere), and a random side to move: many
    /// setups are valid, and the others break one rule or a few.
    fn setups() -> impl Strategy<Value = Fen> {
        (
            proptest::collection::vec(0..90usize, 2..4),
            proptest::collection::vec(prop_oneof![6 => 0..3usize, 1 => 0..7usize], 12),
            proptest::collection::vec((0..90usize, 0..16u8), 40),
            any::<bool>(),
        )
            .prop_map(|(king_points, counts, points, black)| {
                let mut board = [None; 90];
                let mut points = points.into_iter();
                let place = |board: &mut Board, code: usize, pick: usize, anywhere: bool| {
                    let allowed: Vec<usize> = (0..90).filter(|&i| anywhere || ALLOWED[code] & (1 << i) != 0).collect();
                    let i = allowed[pick % allowed.len()];
                    if board[i].is_none() {
                        let color = if code < 7 { Color::White } else { Color::Black };
                        board[i] = Some(Piece::new(color, Role::ALL[code % 7]));
                    }
                };
                // two kings, or a third one of either color
                for (n, &pick) in king_points.iter().enumerate() {
                    place(&mut board, if n == 0 || (n == 2 && pick % 2 == 0) { 0 } else { 7 }, pick, false);
                }
                for (k, &count) in counts.iter().enumerate() {
                    let code = if k < 6 { k + 1 } else { k + 2 };
                    for _ in 0..count {
                        let (pick, anywhere) = points.next().unwrap_or((0, 1));
                        place(&mut board, code, pick, anywhere == 0);
                    }
                }
                let turn = if black { Color::Black } else { Color::White };
                polyfen_core::Setup { board, extras: crate::XiangqiExtras { turn, ..crate::XiangqiExtras::default() } }
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// The fast path says "valid" exactly when the careful one finds nothing.
        #[test]
        fn fast_path_agrees_with_the_careful_one(fen in setups()) {
            prop_assert_eq!(quickly_valid(&fen), validate_carefully(&fen).is_empty());
        }
    }

    /// The generator makes valid setups often enough for the agreement test
    /// to prove something.
    #[test]
    fn the_generator_makes_valid_setups_too() {
        use proptest::strategy::ValueTree;
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        let mut valid = 0;
        for _ in 0..2000 {
            let Ok(tree) = setups().new_tree(&mut runner) else { continue };
            valid += usize::from(validate_carefully(&tree.current()).is_empty());
        }
        assert!(valid > 200, "only {valid} valid setups of 2000");
    }
}
