//! The rules a chess setup must obey to be a legal position.

use core::fmt;

use polyfen_core::Color;

use crate::castling::{Castling, CastlingToken, back_rank, king_file};
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

const KNIGHT: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The squares of the pieces of `by` that attack `target` on `board`.
#[must_use]
pub fn attackers(board: &Board, target: Square, by: Color) -> Vec<Square> {
    let mut found = Vec::new();
    let is = |sq: Square, role: Role| board[sq.index()] == Some(Piece { color: by, role });
    let pawn_dr = if by == Color::White { -1 } else { 1 };
    for df in [-1, 1] {
        if let Some(sq) = target.offset(df, pawn_dr) {
            if is(sq, Role::Pawn) {
                found.push(sq);
            }
        }
    }
    for (df, dr) in KNIGHT {
        if let Some(sq) = target.offset(df, dr) {
            if is(sq, Role::Knight) {
                found.push(sq);
            }
        }
    }
    for (df, dr) in KING {
        if let Some(sq) = target.offset(df, dr) {
            if is(sq, Role::King) {
                found.push(sq);
            }
        }
    }
    for (dirs, slider) in [(ROOK_DIRS, Role::Rook), (BISHOP_DIRS, Role::Bishop)] {
        for (df, dr) in dirs {
            let mut cur = target;
            while let Some(sq) = cur.offset(df, dr) {
                if let Some(p) = board[sq.index()] {
                    if p.color == by && (p.role == slider || p.role == Role::Queen) {
                        found.push(sq);
                    }
                    break;
                }
                cur = sq;
            }
        }
    }
    found
}

pub(crate) fn validate(fen: &Fen) -> Vec<Violation> {
    let board = &fen.board;
    let extras = &fen.extras;
    let mut out = Vec::new();
    let mut counts = [[0u32; 6]; 2];
    let mut kings: [Option<Square>; 2] = [None; 2];
    for (i, cell) in board.iter().enumerate() {
        if let Some(p) = cell {
            counts[p.color.index()][p.role as usize] += 1;
            let sq = Square::from_index(i as u8).unwrap_or_else(|| unreachable!());
            if p.role == Role::King {
                kings[p.color.index()] = Some(sq);
            }
            if p.role == Role::Pawn && (sq.rank() == 0 || sq.rank() == 7) {
                out.push(Violation::PawnOnBackRank { square: sq });
            }
        }
    }
    for color in Color::ALL {
        let c = &counts[color.index()];
        let king_count = c[Role::King as usize];
        if king_count != 1 {
            out.push(Violation::KingCount { color, count: king_count });
        }
        let total: u32 = c.iter().sum();
        if total > 16 {
            out.push(Violation::TooManyPieces { color, count: total });
        }
        let pawns = c[Role::Pawn as usize];
        if pawns > 8 {
            out.push(Violation::TooManyPawns { color, count: pawns });
        }
        let extra = c[Role::Knight as usize].saturating_sub(2)
            + c[Role::Bishop as usize].saturating_sub(2)
            + c[Role::Rook as usize].saturating_sub(2)
            + c[Role::Queen as usize].saturating_sub(1);
        let missing_pawns = 8u32.saturating_sub(pawns);
        if extra > missing_pawns {
            out.push(Violation::TooMuchMaterial { color, extra, missing_pawns });
        }
    }
    let us = extras.turn;
    let them = us.other();
    if let (Some(their_king), 1) = (kings[them.index()], counts[them.index()][Role::King as usize]) {
        if !attackers(board, their_king, us).is_empty() {
            out.push(Violation::OppositeCheck { color: them });
        }
    }
    if let (Some(our_king), 1) = (kings[us.index()], counts[us.index()][Role::King as usize]) {
        let checkers = attackers(board, our_king, them);
        if checkers.len() > 2 || (checkers.len() == 2 && !double_check_possible(board, &checkers)) {
            out.push(Violation::ImpossibleCheck {
                color: us,
                reason: if checkers.len() > 2 {
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
        } else if let Some(king) = kings[us.index()].filter(|_| counts[us.index()][Role::King as usize] == 1) {
            if let Some(reason) = ep_check_problem(board, us, ep, king) {
                out.push(Violation::ImpossibleCheck { color: us, reason });
            }
        }
    }
    castling_problems(board, extras.castling, &mut out);
    out
}

/// Two checkers can come from one move only if at least one of them is a
/// slider whose line the move uncovered: a pawn, knight or king never gives
/// a discovered check, so two of them cannot check together.
fn double_check_possible(board: &Board, checkers: &[Square]) -> bool {
    let slider =
        |sq: &Square| board[sq.index()].is_some_and(|p| matches!(p.role, Role::Bishop | Role::Rook | Role::Queen));
    checkers.iter().any(slider)
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
    if board[pawn_sq.index()] != Some(Piece { color: turn.other(), role: Role::Pawn }) {
        return Some("no pawn stands in front of it that could have just moved two squares");
    }
    if board[from_sq.index()].is_some() {
        return Some("the square the pawn came from is occupied");
    }
    None
}

/// After a double push, the side to move can only be in check from the
/// pushed pawn or from a slider whose line the pawn left.
fn ep_check_problem(board: &Board, turn: Color, ep: Square, king: Square) -> Option<&'static str> {
    let dr = if turn == Color::White { -1 } else { 1 };
    let pawn_sq = ep.offset(0, dr)?;
    let from_sq = ep.offset(0, -dr)?;
    for checker in attackers(board, king, turn.other()) {
        if checker == pawn_sq || between(king, checker, from_sq) {
            continue;
        }
        return Some("the check comes from a piece that the double push before it neither moved nor uncovered");
    }
    None
}

/// True when `sq` lies strictly between `a` and `b` on a rank, file or diagonal.
fn between(a: Square, b: Square, sq: Square) -> bool {
    let (df, dr) = (i16::from(b.file()) - i16::from(a.file()), i16::from(b.rank()) - i16::from(a.rank()));
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return false;
    }
    let steps = df.abs().max(dr.abs());
    let (sf, sr) = (df.signum(), dr.signum());
    (1..steps).any(|k| {
        i16::from(a.file()) + sf * k == i16::from(sq.file()) && i16::from(a.rank()) + sr * k == i16::from(sq.rank())
    })
}

fn castling_problems(board: &Board, castling: Castling, out: &mut Vec<Violation>) {
    for color in Color::ALL {
        let mut sides = [0u8; 2];
        for token in castling.tokens(color) {
            let letter = match token {
                CastlingToken::KingSide => 'K',
                CastlingToken::QueenSide => 'Q',
                CastlingToken::File(f) => (b'A' + f) as char,
            };
            let letter = if color == Color::White { letter } else { letter.to_ascii_lowercase() };
            let mut report = |reason| {
                out.push(Violation::Castling { color, token: letter, reason });
            };
            let Some(king) = king_file(board, color) else {
                report("the king is not on its back rank");
                continue;
            };
            let Some(file) = Castling::resolve(board, color, token) else {
                report("there is no rook on that side of the king");
                continue;
            };
            let rook = Square::new(file, back_rank(color)).and_then(|sq| board[sq.index()]);
            if rook != Some(Piece { color, role: Role::Rook }) {
                report("there is no rook on that file of the back rank");
                continue;
            }
            if file == king {
                report("the rook cannot stand on the king's square");
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
