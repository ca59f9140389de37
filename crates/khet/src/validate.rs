//! The rules a Khet setup must obey to be a position of the game.

use crate::types::KhetSquare;
use core::fmt;

use polyfen_core::Color;

use crate::types::{Facing, Kind, Piece, Square};
use crate::{Board, Pkn, color_name};

/// One rule a Khet setup breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A side's pieces are no set the game can reach. Each side starts with
    /// 1 pharaoh, 1 sphinx, 2 scarabs (or a scarab and an eye of Horus),
    /// 2 anubis and 7 pyramids. Only anubis and pyramids can be captured (a
    /// captured pharaoh ends the game), so fewer of them alone is no
    /// violation; when something else is wrong, the message names every
    /// count that differs from the start, as a hint to the mistake.
    PieceCounts {
        /// The side.
        color: Color,
        /// How many pieces of each kind it has, indexed by [`Kind`] as `usize`.
        counts: [u8; 6],
    },
    /// A piece stands on a square only the other side may use.
    ReservedSquare {
        /// Where.
        square: Square,
        /// The piece.
        piece: Piece,
    },
    /// A sphinx is not on its corner (j1 for silver, a8 for red).
    SphinxSquare {
        /// The sphinx's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// A sphinx on its corner faces off the board (silver must face n or w,
    /// red s or e).
    SphinxFacing {
        /// The sphinx's side.
        color: Color,
        /// Where it faces.
        facing: Facing,
    },
}

/// The counts of a side that differ from the start, and the start counts
/// they differ from, as phrases: `3 scarabs`, `2 scarabs`. Scarabs and eyes
/// of Horus are one group, since an eye replaces a scarab.
fn count_differences(counts: [u8; 6]) -> (Vec<String>, Vec<String>) {
    let (mut found, mut expected) = (Vec::new(), Vec::new());
    let count = |kind: Kind| counts[kind as usize];
    for kind in [Kind::Pharaoh, Kind::Sphinx] {
        if count(kind) != 1 {
            found.push(count_phrase(kind, count(kind)));
            expected.push(count_phrase(kind, 1));
        }
    }
    let (scarabs, eyes) = (count(Kind::Scarab), count(Kind::Eye));
    if u16::from(scarabs) + u16::from(eyes) != 2 || eyes > 1 {
        found.push(count_phrase(Kind::Scarab, scarabs));
        if eyes > 0 {
            found.push(count_phrase(Kind::Eye, eyes));
            expected.push("2 scarabs (or a scarab and an eye of Horus)".to_owned());
        } else {
            expected.push(count_phrase(Kind::Scarab, 2));
        }
    }
    for (kind, start) in [(Kind::Anubis, 2), (Kind::Pyramid, 7)] {
        if count(kind) != start {
            found.push(count_phrase(kind, count(kind)));
            expected.push(count_phrase(kind, start));
        }
    }
    (found, expected)
}

/// The corner a side's sphinx stands on, and the two facings that point
/// into the board from it.
const fn sphinx_home(color: Color) -> (Square, [Facing; 2]) {
    match color {
        Color::White => (crate::J1, [Facing::North, Facing::West]),
        Color::Black => (crate::A8, [Facing::South, Facing::East]),
    }
}

fn count_phrase(kind: Kind, count: u8) -> String {
    match count {
        0 => format!("no {}", kind.name()),
        1 => format!("1 {}", kind.name()),
        n => format!("{n} {}", kind.plural()),
    }
}

fn join(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn reserved_squares(color: Color) -> &'static str {
    match color {
        Color::White => "the j file, b1 and b8",
        Color::Black => "the a file, i1 and i8",
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::PieceCounts { color, counts } => {
                let (found, expected) = count_differences(*counts);
                write!(f, "{} has {}", color_name(*color), join(&found))?;
                if expected.is_empty() { Ok(()) } else { write!(f, ", expected {}", join(&expected)) }
            }
            Violation::ReservedSquare { square, piece } => {
                let owner = piece.color.other();
                write!(
                    f,
                    "{} {} on {square} stands on a square reserved for {} ({})",
                    color_name(piece.color),
                    piece.kind.name(),
                    color_name(owner),
                    reserved_squares(owner)
                )
            }
            Violation::SphinxSquare { color, square } => {
                let (home, _) = sphinx_home(*color);
                write!(f, "the {} sphinx stands on {square}, but it must stand on {home}", color_name(*color))
            }
            Violation::SphinxFacing { color, facing } => {
                let (home, [a, b]) = sphinx_home(*color);
                write!(
                    f,
                    "the {} sphinx on {home} faces {}, off the board; it must face {} or {}",
                    color_name(*color),
                    facing.name(),
                    a.name(),
                    b.name()
                )
            }
        }
    }
}

/// How many pieces of each kind each side has: `counts[color.index()][kind
/// as usize]`.
///
/// # Examples
///
/// ```
/// use polyfen_core::Color;
/// use polyfen_khet::{piece_counts, Kind, Pkn, CLASSIC2};
///
/// let pkn: Pkn = CLASSIC2.parse()?;
/// let silver = piece_counts(&pkn.board)[Color::White.index()];
/// assert_eq!(silver[Kind::Pyramid as usize], 7);
/// assert_eq!(silver[Kind::Scarab as usize], 1);
/// assert_eq!(silver[Kind::Eye as usize], 1);
/// # Ok::<(), polyfen_core::ParseError>(())
/// ```
#[must_use]
pub fn piece_counts(board: &Board) -> [[u8; 6]; 2] {
    let mut counts = [[0u8; 6]; 2];
    for piece in board.iter().flatten() {
        let slot = &mut counts[piece.color.index()][piece.kind as usize];
        *slot = slot.saturating_add(1);
    }
    counts
}

/// True when a side's counts are a set the game can reach.
fn counts_possible(c: [u8; 6]) -> bool {
    c[Kind::Pharaoh as usize] == 1
        && c[Kind::Sphinx as usize] == 1
        && c[Kind::Scarab as usize] + c[Kind::Eye as usize] == 2
        && c[Kind::Eye as usize] <= 1
        && c[Kind::Anubis as usize] <= 2
        && c[Kind::Pyramid as usize] <= 7
}

pub(crate) fn validate(pkn: &Pkn) -> Vec<Violation> {
    let mut out = Vec::new();
    let counts = piece_counts(&pkn.board);
    for color in Color::ALL {
        let counts = counts[color.index()];
        if !counts_possible(counts) {
            out.push(Violation::PieceCounts { color, counts });
        }
    }
    for square in Square::all() {
        let Some(piece) = pkn.board.get(square.index()).copied().flatten() else {
            continue;
        };
        if square.reserved_for() == Some(piece.color.other()) {
            out.push(Violation::ReservedSquare { square, piece });
        }
        if piece.kind == Kind::Sphinx {
            let (home, facings) = sphinx_home(piece.color);
            if square != home {
                out.push(Violation::SphinxSquare { color: piece.color, square });
            } else if !facings.contains(&piece.facing) {
                out.push(Violation::SphinxFacing { color: piece.color, facing: piece.facing });
            }
        }
    }
    out
}
