//! The rules a setup of a chess variant must obey: standard chess's
//! ([`Violation`]), less what the variant allows, plus its own.

use core::fmt;

use polyfen_core::Color;

use super::VariantFen;
use crate::bitboard::{Bitboards, KING_ATTACKS};
use crate::position::RANK_8;
use crate::types::{Role, Square};
use crate::validate::{Violation, squares};
use crate::variant::ChessVariant;

/// One rule a setup of a chess variant breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantViolation {
    /// A rule of standard chess that the variant keeps.
    Chess(Violation),
    /// Antichess: castling rights, in a game without castling.
    AntichessCastling,
    /// Horde: white has a king.
    HordeWhiteKing {
        /// How many kings white has.
        count: u32,
    },
    /// Horde: white has more pieces than the horde's 36.
    HordeTooManyPieces {
        /// How many white has.
        count: u32,
    },
    /// Racing kings: a pawn on the board.
    RacingKingsPawn {
        /// Where.
        square: Square,
    },
    /// Racing kings: more pieces of a kind than a side starts with (two
    /// knights, bishops and rooks, one queen).
    RacingKingsMaterial {
        /// The side.
        color: Color,
        /// The kind.
        role: Role,
        /// How many it has.
        count: u32,
    },
    /// Racing kings: both kings on the eighth rank with black to move:
    /// black got there first, and the race was over before.
    RacingKingsOver,
    /// Racing kings: a side is in check, which no move may give.
    RacingKingsCheck {
        /// The side in check.
        color: Color,
    },
    /// Three-check: a side needs more than 3 checks, or both have none
    /// left.
    CheckCounters {
        /// The checks white and black still need, as written.
        remaining: [u8; 2],
    },
    /// Crazyhouse: the board and the pockets hold more pieces than the
    /// two sets.
    PocketTooFull {
        /// Pieces on the board and in the pockets.
        count: u32,
    },
    /// Crazyhouse: the board and the pockets hold more pawns than the
    /// two sets (promoted pieces, marked `~`, count as pieces).
    CrazyhousePawns {
        /// Pawns on the board and in the pockets.
        count: u32,
    },
}

impl fmt::Display for VariantViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantViolation::Chess(v) => v.fmt(f),
            VariantViolation::AntichessCastling => f.write_str("antichess has no castling, but rights are given"),
            VariantViolation::HordeWhiteKing { count } => {
                write!(f, "in horde white has no king, but {count} stand on the board")
            }
            VariantViolation::HordeTooManyPieces { count } => {
                write!(f, "white has {count} pieces, at most the horde's 36")
            }
            VariantViolation::RacingKingsPawn { square } => {
                write!(f, "racing kings has no pawns, but one stands at {square}")
            }
            VariantViolation::RacingKingsMaterial { color, role, count } => {
                let most = if *role == Role::Queen { 1 } else { 2 };
                write!(f, "{color} has {count} {}s, but racing kings starts with {most}", role.name())
            }
            VariantViolation::RacingKingsOver => {
                f.write_str("both kings stand on the eighth rank with black to move: the race was over before")
            }
            VariantViolation::RacingKingsCheck { color } => {
                write!(f, "{color} is in check, which racing kings forbids")
            }
            VariantViolation::CheckCounters { remaining: [w, b] } => {
                write!(f, "three-check counters {w}+{b}: each side needs 0 to 3 checks, and not both 0")
            }
            VariantViolation::PocketTooFull { count } => {
                write!(f, "the board and the pockets hold {count} pieces, at most 32")
            }
            VariantViolation::CrazyhousePawns { count } => {
                write!(f, "the board and the pockets hold {count} pawns, at most 16")
            }
        }
    }
}

pub(crate) fn validate(fen: &VariantFen) -> Vec<VariantViolation> {
    let chess = super::to_chess(fen);
    let bb = Bitboards::from_board(&chess.board);
    let variant = fen.extras.variant;
    let turn = fen.extras.chess.turn;
    let kings = |c: Color| bb.pieces[c.index()][Role::King as usize];
    let kings_touch = || {
        let (w, b) = (kings(Color::White), kings(Color::Black));
        w.is_power_of_two() && b.is_power_of_two() && KING_ATTACKS[w.trailing_zeros() as usize] & b != 0
    };
    let keep = |v: &Violation| -> bool {
        match (variant, v) {
            (
                ChessVariant::Antichess,
                Violation::KingCount { .. }
                | Violation::OppositeCheck { .. }
                | Violation::ImpossibleCheck { .. }
                | Violation::Castling { .. }
                | Violation::TooMuchMaterial { .. },
            )
            | (
                ChessVariant::Horde,
                Violation::KingCount { color: Color::White, .. }
                | Violation::TooManyPieces { color: Color::White, .. }
                | Violation::TooManyPawns { color: Color::White, .. }
                | Violation::TooMuchMaterial { color: Color::White, .. },
            )
            | (
                ChessVariant::Crazyhouse,
                Violation::TooManyPieces { .. } | Violation::TooManyPawns { .. } | Violation::TooMuchMaterial { .. },
            )
            | (ChessVariant::Atomic, Violation::ImpossibleCheck { .. }) => false,
            (ChessVariant::Horde, Violation::PawnOnBackRank { square }) => {
                !(square.rank() == 0 && chess.board[square.index()].is_some_and(|p| p.color() == Color::White))
            }
            // kings side by side are not in check, nor a king whose enemy
            // has exploded
            (ChessVariant::Atomic, Violation::OppositeCheck { .. }) => !kings_touch() && kings(turn) != 0,
            // the side to move may have lost its king: the game is over
            (ChessVariant::Atomic, Violation::KingCount { color, count: 0 }) => *color != turn,
            _ => true,
        }
    };
    let mut out: Vec<VariantViolation> =
        crate::validate::validate(&chess).into_iter().filter(keep).map(VariantViolation::Chess).collect();
    match variant {
        ChessVariant::Antichess => {
            if !fen.extras.chess.castling.is_empty() {
                out.push(VariantViolation::AntichessCastling);
            }
        }
        ChessVariant::Horde => {
            let white = kings(Color::White).count_ones();
            if white != 0 {
                out.push(VariantViolation::HordeWhiteKing { count: white });
            }
            let count = bb.pieces[0].iter().fold(0, |a, b| a | b).count_ones();
            if count > 36 {
                out.push(VariantViolation::HordeTooManyPieces { count });
            }
        }
        ChessVariant::RacingKings => {
            let pawns = bb.pieces[0][Role::Pawn as usize] | bb.pieces[1][Role::Pawn as usize];
            out.extend(squares(pawns).map(|square| VariantViolation::RacingKingsPawn { square }));
            for color in Color::ALL {
                for (role, most) in [(Role::Knight, 2), (Role::Bishop, 2), (Role::Rook, 2), (Role::Queen, 1)] {
                    let count = bb.pieces[color.index()][role as usize].count_ones();
                    if count > most {
                        out.push(VariantViolation::RacingKingsMaterial { color, role, count });
                    }
                }
            }
            if turn == Color::Black && kings(Color::White) & RANK_8 != 0 && kings(Color::Black) & RANK_8 != 0 {
                out.push(VariantViolation::RacingKingsOver);
            }
            for color in Color::ALL {
                let k = kings(color);
                if k.is_power_of_two() && bb.attackers(k.trailing_zeros() as usize, color.other()) != 0 {
                    // the side not to move in check is standard chess's violation already
                    if color == turn {
                        out.push(VariantViolation::RacingKingsCheck { color });
                    }
                }
            }
        }
        ChessVariant::ThreeCheck => {
            let remaining = fen.extras.checks_to_win();
            if remaining.iter().any(|&r| r > 3) || remaining == [0, 0] {
                out.push(VariantViolation::CheckCounters { remaining });
            }
        }
        ChessVariant::Crazyhouse => {
            let pocket = fen.extras.pocket.unwrap_or_default();
            let count = bb.occupied.count_ones() + pocket.total(Color::White) + pocket.total(Color::Black);
            if count > 32 {
                out.push(VariantViolation::PocketTooFull { count });
            }
            let pawn = super::pocket_kind(Role::Pawn);
            let pawns = (bb.pieces[0][Role::Pawn as usize] | bb.pieces[1][Role::Pawn as usize]).count_ones()
                + u32::from(pocket.count(Color::White, pawn))
                + u32::from(pocket.count(Color::Black, pawn));
            if pawns > 16 {
                out.push(VariantViolation::CrazyhousePawns { count: pawns });
            }
        }
        ChessVariant::Standard | ChessVariant::KingOfTheHill | ChessVariant::Atomic => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn violations(variant: ChessVariant, text: &str) -> Vec<String> {
        variant.parse_fen(text).unwrap().validate().iter().map(ToString::to_string).collect()
    }

    #[test]
    fn each_variant_relaxes_and_adds_its_rules() {
        // antichess: any number of kings, none at all, no castling
        assert!(violations(ChessVariant::Antichess, "8/1p6/8/8/8/8/P7/8 w - - 0 1").is_empty());
        assert!(violations(ChessVariant::Antichess, "kk6/8/8/8/8/8/8/KKK5 w - - 0 1").is_empty());
        assert_eq!(
            violations(ChessVariant::Antichess, crate::START_FEN),
            ["antichess has no castling, but rights are given"]
        );
        // horde: white pawns on rank 1, no white king
        assert!(violations(ChessVariant::Horde, "4k3/8/8/8/8/8/8/PPPP4 b - - 0 1").is_empty());
        assert_eq!(
            violations(ChessVariant::Horde, "4k3/8/8/8/8/8/8/PPPPK3 b - - 0 1"),
            ["in horde white has no king, but 1 stand on the board"]
        );
        assert_eq!(violations(ChessVariant::Horde, "p3k3/8/8/8/8/8/8/8 b - - 0 1").len(), 1);
        // racing kings: no pawns, no check for the side to move either
        assert_eq!(violations(ChessVariant::RacingKings, "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1").len(), 0);
        assert_eq!(
            violations(ChessVariant::RacingKings, "8/8/8/8/6P1/8/k1r4K/8 w - - 0 1"),
            ["racing kings has no pawns, but one stands at g4", "white is in check, which racing kings forbids"]
        );
        assert_eq!(
            violations(ChessVariant::RacingKings, "8/8/8/8/8/8/krbnNBRK/qrbnNBNQ w - - 0 1"),
            ["white has 3 knights, but racing kings starts with 2"]
        );
        assert_eq!(
            violations(ChessVariant::RacingKings, "k6K/8/8/8/8/8/8/8 b - - 0 1"),
            ["both kings stand on the eighth rank with black to move: the race was over before"]
        );
        // atomic: kings side by side are not in check
        assert!(violations(ChessVariant::Atomic, "8/8/8/3kK3/8/8/8/8 w - - 0 1").is_empty());
        assert_eq!(violations(ChessVariant::Standard, "8/8/8/3kK3/8/8/8/8 w - - 0 1").len(), 1);
        // atomic: the side to move may have lost its king, not the side that moved
        assert!(violations(ChessVariant::Atomic, "8/8/8/3k4/8/8/8/8 w - - 0 1").is_empty());
        assert_eq!(violations(ChessVariant::Atomic, "8/8/8/3k4/8/8/8/8 b - - 0 1"), ["white has no king"]);
        // three-check: counters from 0 to 3
        assert_eq!(
            violations(ChessVariant::ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 4+3 0 1"),
            ["three-check counters 4+3: each side needs 0 to 3 checks, and not both 0"]
        );
        assert!(violations(ChessVariant::ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 0+3 0 1").is_empty());
        // crazyhouse: the pockets count with the board
        assert!(
            violations(ChessVariant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[QQRRBBNNPPPPPPPPqqrrbbnnpppppp] w - - 0 1")
                .is_empty()
        );
        assert_eq!(
            violations(ChessVariant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[QQRRBBNNPPPPPPPPqqrrbbnnppppppppp] w - - 0 1"),
            [
                "the board and the pockets hold 35 pieces, at most 32",
                "the board and the pockets hold 17 pawns, at most 16"
            ]
        );
    }
}
