//! The rules a Xiangqi setup must obey to be a legal position.

use core::fmt;

use polyfen_core::Color;

use crate::types::{Piece, Role, Square, color_name};
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

const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
/// Horse jumps as (file, rank) steps, each with its leg: the point next to
/// the horse in the direction of the long step, which must be empty.
const HORSE: [((i8, i8), (i8, i8)); 8] = [
    ((1, 2), (0, 1)),
    ((-1, 2), (0, 1)),
    ((1, -2), (0, -1)),
    ((-1, -2), (0, -1)),
    ((2, 1), (1, 0)),
    ((2, -1), (1, 0)),
    ((-2, 1), (-1, 0)),
    ((-2, -1), (-1, 0)),
];

/// The direction a soldier of `color` moves forward, in ranks.
const fn forward(color: Color) -> i8 {
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
    let at = |sq: Square| board.get(sq.index()).copied().flatten();
    let is = |sq: Square, role: Role| at(sq) == Some(Piece { color: by, role });
    // chariots, cannons and the flying general along the four lines
    for (df, dr) in ORTHOGONAL {
        let mut cur = target;
        let mut screens = 0;
        while let Some(next) = cur.offset(df, dr) {
            cur = next;
            let Some(piece) = at(next) else { continue };
            if piece.color == by {
                let hit = match (screens, piece.role) {
                    (0, Role::Chariot) | (1, Role::Cannon) => true,
                    // the flying general: the kings see each other along a file
                    (0, Role::King) => df == 0 && matches!(at(target), Some(p) if p.role == Role::King),
                    _ => false,
                };
                if hit {
                    found.push(next);
                }
            }
            screens += 1;
            if screens > 1 {
                break;
            }
        }
    }
    for ((df, dr), (lf, lr)) in HORSE {
        let Some(from) = target.offset(-df, -dr) else { continue };
        if is(from, Role::Horse) && from.offset(lf, lr).is_some_and(|leg| at(leg).is_none()) {
            found.push(from);
        }
    }
    // soldiers: one step forward, or sideways once across the river
    if let Some(from) = target.offset(0, -forward(by)) {
        if is(from, Role::Soldier) {
            found.push(from);
        }
    }
    if !target.on_side_of(by) {
        for df in [-1, 1] {
            if let Some(from) = target.offset(df, 0) {
                if is(from, Role::Soldier) {
                    found.push(from);
                }
            }
        }
    }
    // the king one step inside its palace
    if target.in_palace_of(by) {
        for (df, dr) in ORTHOGONAL {
            if let Some(from) = target.offset(df, dr) {
                if is(from, Role::King) && !found.contains(&from) {
                    found.push(from);
                }
            }
        }
        for (df, dr) in DIAGONAL {
            if let Some(from) = target.offset(df, dr) {
                if is(from, Role::Advisor) {
                    found.push(from);
                }
            }
        }
    }
    // elephants two points diagonally, over a free eye, on their own half
    if target.on_side_of(by) {
        for (df, dr) in DIAGONAL {
            let (Some(eye), Some(from)) = (target.offset(df, dr), target.offset(2 * df, 2 * dr)) else {
                continue;
            };
            if is(from, Role::Elephant) && at(eye).is_none() {
                found.push(from);
            }
        }
    }
    found
}

/// Where a soldier of `color` cannot stand, and why; `None` where it can.
fn soldier_problem(color: Color, square: Square) -> Option<&'static str> {
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
    let board = &fen.board;
    let mut out = Vec::new();
    let mut counts = [[0u32; 7]; 2];
    let mut kings: [Option<Square>; 2] = [None; 2];
    let mut placement = Vec::new();
    for square in Square::all() {
        let Some(piece) = board.get(square.index()).copied().flatten() else {
            continue;
        };
        let color = piece.color;
        counts[color.index()][piece.role as usize] += 1;
        match piece.role {
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
