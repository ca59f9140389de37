//! The rules a Shogi setup must keep, checked apart from parsing: every
//! violation found, each a [`Violation`] naming the side, square or kind.
//!
//! A side without a king is allowed: mate problems (tsume) leave out the
//! attacking side's king, and records start from such diagrams.
//! [`Violation::NoKing`] reports it, and
//! [`Position::from_setup`](crate::Position::from_setup) lets it through
//! ([`Violation::blocks_play`]): that side simply cannot be checked. So it
//! does with nifu and pieces that could never move, which some composed
//! problems use; it refuses two kings of a side, more pieces than a set
//! holds, and the side not to move in check.
//!
//! [`Position::from_setup`] lives here, beside the rules it checks, so that
//! the rules' module needs nothing of validation.
//!
//! A promoted king or gold (`+K`, `+G`), a king in hand or a promoted piece
//! in hand cannot be written as a [`Piece`](crate::Piece) or a hand at all:
//! the SFEN reader refuses them as malformed, with the span.

use core::fmt;

use polyfen_core::{Color, Setup};

use crate::bitboard::{self, Bitboard, COLUMN, LAST_RANK, LAST_TWO, bit};
use crate::types::{Piece, Role, Square, color_name};
use crate::{Position, Shogi};

/// Why a setup cannot be played: the rules it breaks that keep the rules
/// from being applied (see [`Violation::blocks_play`]). A side without a
/// king is allowed, as in mate problems.
pub type PositionError = polyfen_core::PositionError<Violation>;

impl Position {
    /// The position of a setup, if it can be played.
    ///
    /// # Errors
    ///
    /// A [`PositionError`] listing each violation that
    /// [`Violation::blocks_play`]: two kings of a side, more pieces than a
    /// set holds, the side not to move in check.
    pub fn from_setup(setup: &Setup<Shogi>) -> Result<Position, PositionError> {
        let violations: Vec<Violation> = setup.validate().into_iter().filter(Violation::blocks_play).collect();
        if !violations.is_empty() {
            return Err(PositionError { violations });
        }
        Ok(Position::unchecked(setup))
    }
}

/// A broken rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Violation {
    /// A side has no king. Allowed for reading and playing (mate problems
    /// have no attacker's king), but reported.
    NoKing {
        /// The side.
        color: Color,
    },
    /// A side has more than one king.
    TooManyKings {
        /// The side.
        color: Color,
        /// How many.
        count: u32,
    },
    /// More pieces of a kind than one set holds, on the board (a promoted
    /// piece counts as its kind) and in both hands together.
    TooMany {
        /// The unpromoted kind.
        role: Role,
        /// How many there are.
        count: u32,
        /// How many a set holds.
        max: u32,
    },
    /// An unpromoted pawn or lance on its last rank, or knight on its last
    /// two: it could never move.
    DeadPiece {
        /// Where.
        square: Square,
        /// The piece.
        piece: Piece,
    },
    /// Two or more unpromoted pawns of one side on a file (nifu).
    Nifu {
        /// The side.
        color: Color,
        /// The file, 1–9.
        file: u8,
    },
    /// The side not to move is in check: its king could be taken.
    OppositeCheck {
        /// The side in check.
        color: Color,
        /// Its king's square.
        king: Square,
    },
}

impl Violation {
    /// Whether the rules refuse to play from a setup with this violation:
    /// more than one king of a side, more pieces than a set holds, or the
    /// side not to move in check. A missing king, nifu and pieces that can
    /// never move do not keep the rules from being applied (mate problems
    /// use them: `9fu`, nine pawns on a file), and are only reported.
    #[must_use]
    pub const fn blocks_play(&self) -> bool {
        matches!(self, Violation::TooManyKings { .. } | Violation::TooMany { .. } | Violation::OppositeCheck { .. })
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Violation::NoKing { color } => write!(
                f,
                "{} has no king (allowed, as in mate problems: that side cannot be checked)",
                color_name(color)
            ),
            Violation::TooManyKings { color, count } => {
                write!(f, "{} has {count} kings, at most 1 allowed", color_name(color))
            }
            Violation::TooMany { role, count, max } => write!(
                f,
                "{count} {}s on the board and in hand, but a set holds {max} (promoted pieces count as their kind)",
                role.name()
            ),
            Violation::DeadPiece { square, piece } => {
                let ranks = if piece.role == Role::Knight { "last two ranks" } else { "last rank" };
                write!(f, "{} on {square}, on its {ranks}, could never move", piece.describe())
            }
            Violation::Nifu { color, file } => {
                write!(f, "{} has two unpromoted pawns on file {file} (nifu)", color_name(color))
            }
            Violation::OppositeCheck { color, king } => write!(
                f,
                "{} is in check (king on {king}) but it is {}'s move",
                color_name(color),
                color_name(color.other())
            ),
        }
    }
}

/// Every violation of `setup`, in the order: kings, counts, dead pieces,
/// nifu, check of the side not to move (when it has one king). One pass
/// over the board makes bitboards of each side and role; the rest is read
/// from them.
pub(crate) fn validate(setup: &Setup<Shogi>) -> Vec<Violation> {
    let mut out = Vec::new();
    let mut by_color: [Bitboard; 2] = [0; 2];
    let mut by_role: [Bitboard; 14] = [0; 14];
    let mut counts = [0u32; 8];
    for (i, piece) in setup.board.iter().enumerate() {
        if let Some(piece) = *piece {
            counts[piece.role.unpromoted().index()] += 1;
            by_color[piece.color.index()] |= bit(i);
            by_role[piece.role.index()] |= bit(i);
        }
    }
    let kings = by_role[Role::King.index()];
    let king_count = |color: Color| (kings & by_color[color.index()]).count_ones();
    for color in Color::ALL {
        for (k, role) in Role::HAND.iter().enumerate() {
            counts[role.index()] += u32::from(setup.extras.hand.count(color, k));
        }
    }
    for color in Color::ALL {
        match king_count(color) {
            0 => out.push(Violation::NoKing { color }),
            1 => {}
            count => out.push(Violation::TooManyKings { color, count }),
        }
    }
    for role in [Role::King, Role::Rook, Role::Bishop, Role::Gold, Role::Silver, Role::Knight, Role::Lance, Role::Pawn]
    {
        let (count, max) = (counts[role.index()], role.set_count());
        if count > max {
            out.push(Violation::TooMany { role, count, max });
        }
    }
    let pawns = by_role[Role::Pawn.index()];
    let dead = Color::ALL.iter().fold(0, |dead, &color| {
        let c = color.index();
        let last = (pawns | by_role[Role::Lance.index()]) & LAST_RANK[c];
        dead | ((last | (by_role[Role::Knight.index()] & LAST_TWO[c])) & by_color[c])
    });
    for i in bitboard::squares(dead) {
        if let (Some(square), Some(piece)) = (Square::from_index(i), setup.board[i]) {
            out.push(Violation::DeadPiece { square, piece });
        }
    }
    for color in Color::ALL {
        let ours = pawns & by_color[color.index()];
        // file 9 is column 0
        for (column, &cells) in COLUMN.iter().enumerate() {
            let on_file = ours & cells;
            if on_file != 0 && !bitboard::single(on_file) {
                out.push(Violation::Nifu { color, file: 9 - column as u8 });
            }
        }
    }
    // with two kings "the king" is not one square: that is reported above
    let waiting = setup.extras.turn.other();
    let king = kings & by_color[waiting.index()];
    if king != 0 && bitboard::single(king) {
        let king = Square::at(king.trailing_zeros());
        if Position::attacked_on(&by_color, &by_role, king, waiting.other()) {
            out.push(Violation::OppositeCheck { color: waiting, king });
        }
    }
    out
}
