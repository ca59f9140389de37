//! The rules a chess setup must obey to be a legal position.

use core::fmt;

use polyfen_core::Color;

use crate::bitboard::{Bitboards, between};
use crate::castling::{Castling, back_rank};
use crate::types::{Piece, Role, Square};
use crate::{Board, Fen};

/// One rule a chess setup breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A side has no king or more than one.
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: u32,
    },
    /// A pawn stands on rank 1 or rank 8.
    PawnOnBackRank {
        /// Where.
        square: Square,
    },
    /// A side has more than 16 pieces.
    TooManyPieces {
        /// The side.
        color: Color,
        /// How many it has.
        count: u32,
    },
    /// A side has more than 8 pawns.
    TooManyPawns {
        /// The side.
        color: Color,
        /// How many it has.
        count: u32,
    },
    /// A side has more pieces beyond the starting set than it has missing
    /// pawns to have promoted.
    TooMuchMaterial {
        /// The side.
        color: Color,
        /// Pieces beyond the starting set.
        extra: u32,
        /// Pawns that could have promoted.
        missing_pawns: u32,
    },
    /// The side that is not to move is in check.
    OppositeCheck {
        /// The side in check.
        color: Color,
    },
    /// The side to move is in check in a way no last move can give: from
    /// more than two pieces, from two that no single move could have given
    /// together, or (with an en passant square) from a piece the double push
    /// neither moved nor uncovered. Some perft suites use such positions on
    /// purpose; a caller may choose to tolerate this violation alone.
    ImpossibleCheck {
        /// The side in check.
        color: Color,
        /// Why no last move explains it.
        reason: &'static str,
    },
    /// The en passant square cannot follow a double pawn push.
    EnPassant {
        /// The square as written.
        square: Square,
        /// Why not.
        reason: &'static str,
    },
    /// A castling right without the king or rook it needs.
    Castling {
        /// The side.
        color: Color,
        /// The token as written (`K`, `Q` or a file letter).
        token: char,
        /// Why it is not backed.
        reason: &'static str,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::KingCount { color, count: 0 } => write!(f, "{color} has no king"),
            Violation::KingCount { color, count } => {
                write!(f, "{color} has {count} kings, expected 1")
            }
            Violation::PawnOnBackRank { square } => write!(f, "pawn on the back rank at {square}"),
            Violation::TooManyPieces { color, count } => {
                write!(f, "{color} has {count} pieces, at most 16")
            }
            Violation::TooManyPawns { color, count } => {
                write!(f, "{color} has {count} pawns, at most 8")
            }
            Violation::TooMuchMaterial { color, extra, missing_pawns } => write!(
                f,
                "{color} has {extra} pieces beyond the starting set but only {missing_pawns} missing pawns to have promoted"
            ),
            Violation::OppositeCheck { color } => {
                write!(f, "{color} is in check but it is {}'s move", color.other())
            }
            Violation::ImpossibleCheck { color, reason } => {
                write!(f, "{color} is in an impossible check: {reason}")
            }
            Violation::EnPassant { square, reason } => {
                write!(f, "en passant square {square}: {reason}")
            }
            Violation::Castling { color, token, reason } => {
                write!(f, "castling right {token:?} of {color}: {reason}")
            }
        }
    }
}

/// The squares of the pieces of `by` that attack `target` on `board`.
#[must_use]
pub fn attackers(board: &Board, target: Square, by: Color) -> Vec<Square> {
    let bits = Bitboards::from_board(board).attackers(target.index(), by);
    squares(bits).collect()
}

/// The squares of a bitboard, lowest first.
pub(crate) fn squares(bits: u64) -> impl Iterator<Item = Square> {
    crate::bitboard::squares(bits).filter_map(Square::from_index)
}

pub(crate) fn validate(fen: &Fen) -> Vec<Violation> {
    const BACK_RANKS: u64 = 0xFF00_0000_0000_00FF;
    let board = &fen.board;
    let extras = &fen.extras;
    let bb = Bitboards::from_board(board);
    let mut out = Vec::new();
    let pawns = bb.pieces[0][Role::Pawn as usize] | bb.pieces[1][Role::Pawn as usize];
    if pawns & BACK_RANKS != 0 {
        for square in squares(pawns & BACK_RANKS) {
            out.push(Violation::PawnOnBackRank { square });
        }
    }
    for color in Color::ALL {
        let p = &bb.pieces[color.index()];
        let kings = p[Role::King as usize];
        if !kings.is_power_of_two() {
            out.push(Violation::KingCount { color, count: kings.count_ones() });
        }
        let total = (p[0] | p[1] | p[2] | p[3] | p[4] | p[5]).count_ones();
        if total > 16 {
            out.push(Violation::TooManyPieces { color, count: total });
        }
        let pawns = p[Role::Pawn as usize].count_ones();
        if pawns > 8 {
            out.push(Violation::TooManyPawns { color, count: pawns });
        }
        // Counting pieces beyond the starting set (2 knights, bishops, rooks,
        // 1 queen) is only needed when some kind has more: most positions
        // pass with a bit trick and no count.
        let at_most_two = |b: u64| {
            let rest = b & b.wrapping_sub(1);
            rest & rest.wrapping_sub(1) == 0
        };
        let queens = p[Role::Queen as usize];
        let ordinary = at_most_two(p[Role::Knight as usize])
            && at_most_two(p[Role::Bishop as usize])
            && at_most_two(p[Role::Rook as usize])
            && queens & queens.wrapping_sub(1) == 0;
        if !ordinary {
            let extra = p[Role::Knight as usize].count_ones().saturating_sub(2)
                + p[Role::Bishop as usize].count_ones().saturating_sub(2)
                + p[Role::Rook as usize].count_ones().saturating_sub(2)
                + queens.count_ones().saturating_sub(1);
            let missing_pawns = 8u32.saturating_sub(pawns);
            if extra > missing_pawns {
                out.push(Violation::TooMuchMaterial { color, extra, missing_pawns });
            }
        }
    }
    let us = extras.turn;
    let them = us.other();
    let king = |color: Color| {
        let kings = bb.pieces[color.index()][Role::King as usize];
        kings.is_power_of_two().then(|| kings.trailing_zeros() as usize)
    };
    if let Some(their_king) = king(them)
        && bb.attackers(their_king, us) != 0
    {
        out.push(Violation::OppositeCheck { color: them });
    }
    let our_king = king(us);
    if let Some(our_king) = our_king {
        let checkers = bb.attackers(our_king, them);
        if checkers.count_ones() > 2 || (checkers.count_ones() == 2 && !double_check_possible(&bb, checkers)) {
            out.push(Violation::ImpossibleCheck {
                color: us,
                reason: if checkers.count_ones() > 2 {
                    "more than two pieces give check"
                } else {
                    "two pieces give check and neither can have been uncovered"
                },
            });
        }
    }
    if let Some(ep) = extras.ep {
        if let Some(reason) = ep_problem(board, us, ep) {
            out.push(Violation::EnPassant { square: ep, reason });
        } else if let Some(king) = our_king
            && let Some(reason) = ep_check_problem(&bb, us, ep, king)
        {
            out.push(Violation::ImpossibleCheck { color: us, reason });
        }
    }
    if !extras.castling.is_empty() {
        castling_problems(&bb, extras.castling, &mut out);
    }
    out
}

/// Two checkers can come from one move only if at least one of them is a
/// slider whose line the move uncovered: a pawn, knight or king never gives
/// a discovered check, so two of them cannot check together.
fn double_check_possible(bb: &Bitboards, checkers: u64) -> bool {
    let sliders = bb.pieces[0][Role::Bishop as usize]
        | bb.pieces[0][Role::Rook as usize]
        | bb.pieces[0][Role::Queen as usize]
        | bb.pieces[1][Role::Bishop as usize]
        | bb.pieces[1][Role::Rook as usize]
        | bb.pieces[1][Role::Queen as usize];
    checkers & sliders != 0
}

fn ep_problem(board: &Board, turn: Color, ep: Square) -> Option<&'static str> {
    let (rank, dr) = match turn {
        Color::White => (5, -1),
        Color::Black => (2, 1),
    };
    if ep.rank() != rank {
        return Some(if turn == Color::White {
            "with white to move it must be on rank 6"
        } else {
            "with black to move it must be on rank 3"
        });
    }
    if board[ep.index()].is_some() {
        return Some("the square is occupied");
    }
    let pawn_sq = ep.offset(0, dr)?;
    let from_sq = ep.offset(0, -dr)?;
    if board[pawn_sq.index()] != Some(Piece::new(turn.other(), Role::Pawn)) {
        return Some("no pawn stands in front of it that could have just moved two squares");
    }
    if board[from_sq.index()].is_some() {
        return Some("the square the pawn came from is occupied");
    }
    None
}

/// After a double push, the side to move can only be in check from the
/// pushed pawn or from a slider whose line the pawn left.
fn ep_check_problem(bb: &Bitboards, turn: Color, ep: Square, king: usize) -> Option<&'static str> {
    let dr = if turn == Color::White { -1 } else { 1 };
    let pawn_sq = ep.offset(0, dr)?.index();
    let from_sq = ep.offset(0, -dr)?.index();
    let checkers = bb.attackers(king, turn.other());
    for checker in squares(checkers) {
        let c = checker.index();
        if c != pawn_sq && between(king, c) & (1 << from_sq) == 0 {
            return Some("the check comes from a piece that the double push before it neither moved nor uncovered");
        }
    }
    None
}

fn castling_problems(bb: &Bitboards, castling: Castling, out: &mut Vec<Violation>) {
    for color in Color::ALL {
        let bits = castling.bits(color);
        if bits == 0 {
            continue;
        }
        let shift = u32::from(back_rank(color)) * 8;
        let rank = |role: Role| (bb.pieces[color.index()][role as usize] >> shift) as u8;
        let rooks = rank(Role::Rook);
        let kings = rank(Role::King);
        let king = (kings != 0).then(|| kings.trailing_zeros());
        // Each token with the file of its rook (-1 for none), from the
        // h-side to the a-side as the field is written, so that the same
        // right is named whichever style the field used.
        let mut items = [(0i8, 0u16); 10];
        let mut n = 0;
        for bit in 0..10u16 {
            if bits & (1 << bit) == 0 {
                continue;
            }
            let file = match (bit, king) {
                (0..8, _) => Some(u32::from(bit)),
                // K: the outermost rook on the h-side of the king
                (8, Some(k)) => Some(u32::from(rooks) & !((2u32 << k) - 1)).filter(|&r| r != 0).map(u32::ilog2),
                // Q: the outermost rook on the a-side of the king
                (9, Some(k)) => Some(u32::from(rooks) & ((1u32 << k) - 1)).filter(|&r| r != 0).map(u32::trailing_zeros),
                _ => None,
            };
            if let Some(slot) = items.get_mut(n) {
                *slot = (file.map_or(-1, |f| f as i8), bit);
                n += 1;
            }
        }
        let items = &mut items[..n];
        items.sort_unstable_by_key(|&(file, _)| core::cmp::Reverse(file));
        let mut sides = [0u8; 2];
        for &(file, bit) in items.iter() {
            let letter = match bit {
                8 => 'K',
                9 => 'Q',
                f => (b'A' + f as u8) as char,
            };
            let letter = if color == Color::White { letter } else { letter.to_ascii_lowercase() };
            let mut report = |reason| {
                out.push(Violation::Castling { color, token: letter, reason });
            };
            let Some(king) = king else {
                report("the king is not on its back rank");
                continue;
            };
            let Ok(file) = u32::try_from(file) else {
                report("there is no rook on that side of the king");
                continue;
            };
            if rooks & (1 << file) == 0 {
                report("there is no rook on that file of the back rank");
                continue;
            }
            let side = usize::from(file < king);
            sides[side] += 1;
            if sides[side] > 1 {
                report("a second right on the same side of the king");
            }
        }
    }
}
