//! The rules of the chess variants: a [`VariantPosition`] is a chess
//! [`Position`] with the variant it plays and the state the variant adds
//! (three-check's counters), its legal moves, playing them, the variant's
//! own ends of the game, and perft.
//!
//! Every entry point matches on the variant once and then runs code made
//! for that variant alone (functions generic over a constant variant
//! code), so that a perft of one variant never asks which variant it is
//! per move, and standard chess runs [`Position`]'s own generator.
//!
//! - King of the hill, three-check, racing kings and black in horde are
//!   played by the standard generator, with the variant's end of the game
//!   checked first (racing kings also drops every move that gives check).
//! - White in horde (no king), antichess and atomic are generated
//!   pseudo-legally: the kingless side's moves are all legal; antichess
//!   keeps the captures when there is one; atomic keeps a move when its
//!   own king survives and is not left in check (kings side by side are
//!   never in check), or the enemy king exploded: a capture (or castling)
//!   is played with its explosion to see, a move that takes nothing is
//!   tested on the board as it would be.
//! - The last ply of perft is counted, not listed, wherever the variant's
//!   generator can count (all but atomic and racing kings).
//! - Each variant's own rules are in a file of its own (`atomic.rs`,
//!   `antichess.rs`, `racing_kings.rs`, `crazyhouse.rs`, and `horde.rs`
//!   with horde's insufficient material, which side cannot win and the
//!   fortress); the pseudo-legal generator they share is in
//!   `pseudo_legal.rs`. This file holds the API and the dispatch.

use arrayvec::ArrayVec;
use polyfen_core::{Color, Hand, PositionError};

use super::ChessVariant;
use super::fen::{VariantExtras, VariantFen, pocket_kind};
use super::validate::VariantViolation;
use crate::castling::{CastlingStyle, back_rank};
use crate::position::{Move, MoveCount, Outcome, Position, RANK_8, bit, squares};
use crate::types::Role;
use crate::validate::Violation;

mod antichess;
mod atomic;
mod crazyhouse;
mod horde;
mod pseudo_legal;
mod racing_kings;

use antichess::{antichess_insufficient, antichess_moves};
use atomic::{atomic_in_check, atomic_insufficient, atomic_moves, atomic_play};
use pseudo_legal::{pseudo_ep, pseudo_moves};
use racing_kings::{drop_checks, race_over};

/// d4, e4, d5 and e5: a king there wins king of the hill.
const CENTER: u64 = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36);

// the variants as constants, for the code made for each
const CRAZYHOUSE: u8 = 1;
const THREE_CHECK: u8 = 2;
const KING_OF_THE_HILL: u8 = 3;
const ATOMIC: u8 = 4;
const ANTICHESS: u8 = 5;
const HORDE: u8 = 6;
const RACING_KINGS: u8 = 7;

/// Why a variant's game ended in its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantEnd {
    /// Three-check: a side gave its third check.
    ThreeChecks,
    /// King of the hill: a king reached the centre.
    KingOfTheHill,
    /// Atomic: a king exploded.
    KingExploded,
    /// Antichess: a side lost all its pieces (and wins); horde: white lost
    /// all its pieces (and loses).
    PiecesLost,
    /// Antichess: the side to move has no legal move, and wins.
    NoMoves,
    /// Racing kings: a king reached the eighth rank (both: a draw).
    KingsRace,
}

/// How a variant's game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantOutcome {
    /// As in chess: ongoing, mate, stalemate, the draws.
    Chess(Outcome),
    /// The variant's own end, won by `winner`.
    Won {
        /// The winner.
        winner: Color,
        /// How.
        end: VariantEnd,
    },
    /// The variant's own end, drawn.
    Drawn {
        /// How.
        end: VariantEnd,
    },
}

impl VariantOutcome {
    /// True while the game goes on.
    #[must_use]
    pub const fn is_ongoing(self) -> bool {
        matches!(self, VariantOutcome::Chess(Outcome::Ongoing))
    }
}

/// The legal moves of a variant's position: more than chess's 218 can be
/// legal in crazyhouse, where every empty square takes a drop of each kind
/// in the pocket (the board and the pockets hold 32 pieces at most).
pub type VariantMoveList = ArrayVec<Move, 512>;

/// Why a variant's setup cannot be played from.
pub type VariantPositionError = PositionError<VariantViolation>;

/// A legal position of a chess variant: a small `Copy` value, so that
/// playing a move makes a new one.
///
/// # Examples
///
/// ```
/// use polyfen_chess::{ChessVariant, VariantPosition};
///
/// let horde = VariantPosition::start(ChessVariant::Horde);
/// assert_eq!(horde.legal_moves().len(), 8);
/// assert_eq!(horde.perft(3), 1274);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VariantPosition {
    variant: ChessVariant,
    pos: Position,
    /// Three-check: the checks white and black still need.
    remaining_checks: [u8; 2],
    /// Crazyhouse: the pieces each side holds to drop.
    pocket: Hand,
    /// Crazyhouse: the squares of the pieces that were pawns.
    promoted: u64,
}

impl VariantPosition {
    /// The position of a setup that obeys its variant's rules (a check no
    /// last move can give is tolerated, as in chess).
    ///
    /// # Errors
    ///
    /// The setup's other violations.
    pub fn from_setup(fen: &VariantFen) -> Result<VariantPosition, VariantPositionError> {
        let violations: Vec<VariantViolation> = fen
            .validate()
            .into_iter()
            .filter(|v| !matches!(v, VariantViolation::Chess(Violation::ImpossibleCheck { .. })))
            .collect();
        if !violations.is_empty() {
            return Err(PositionError { violations });
        }
        let promoted = fen
            .board
            .iter()
            .enumerate()
            .filter(|(_, cell)| cell.is_some_and(|p| p.promoted))
            .fold(0, |bits, (s, _)| bits | bit(s));
        Ok(VariantPosition {
            variant: fen.extras.variant,
            pos: Position::from_setup_unchecked(&super::fen::to_chess(fen)),
            remaining_checks: fen.extras.checks_to_win(),
            pocket: fen.extras.pocket.unwrap_or_default(),
            promoted: if fen.extras.variant == ChessVariant::Crazyhouse { promoted } else { 0 },
        })
    }

    /// The start position of `variant`.
    #[must_use]
    pub fn start(variant: ChessVariant) -> VariantPosition {
        VariantPosition::from_setup(&variant.start_setup())
            .unwrap_or_else(|_| unreachable!("the start positions are legal"))
    }

    /// The variant played.
    #[must_use]
    pub const fn variant(&self) -> ChessVariant {
        self.variant
    }

    /// The board, side to move, castling, en passant and clocks as a chess
    /// position (for reading the board; its moves are standard chess's).
    #[must_use]
    pub const fn chess(&self) -> &Position {
        &self.pos
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.pos.turn
    }

    /// Three-check: the checks white and black still need to win (3 and
    /// 3 in the other variants).
    #[must_use]
    pub const fn remaining_checks(&self) -> [u8; 2] {
        self.remaining_checks
    }

    /// Crazyhouse: the pieces each side holds, by the kinds of
    /// [`VariantFen`]'s pocket (`QRBNP`).
    #[must_use]
    pub const fn pocket(&self) -> &Hand {
        &self.pocket
    }

    /// Crazyhouse: the squares of the pieces that were pawns, as a
    /// bitboard.
    #[must_use]
    pub const fn promoted(&self) -> u64 {
        self.promoted
    }

    /// The position as a setup, castling written with tokens of `style`.
    #[must_use]
    pub fn to_setup(&self, style: CastlingStyle) -> VariantFen {
        let mut fen = self.variant.setup_from_chess(&self.pos.to_setup(style));
        match self.variant {
            ChessVariant::ThreeCheck => fen.extras.remaining_checks = Some(self.remaining_checks),
            ChessVariant::Crazyhouse => {
                fen.extras.pocket = Some(self.pocket);
                for s in squares(self.promoted) {
                    if let Some(cell) = fen.board.get_mut(s).and_then(Option::as_mut) {
                        cell.promoted = true;
                    }
                }
            }
            _ => {}
        }
        fen
    }

    /// The extras of [`VariantPosition::to_setup`] in X-FEN style.
    #[must_use]
    pub fn extras(&self) -> VariantExtras {
        self.to_setup(CastlingStyle::XFen).extras
    }

    /// True when the side to move is in check: never in antichess, nor in
    /// atomic while the kings stand side by side.
    #[must_use]
    pub fn is_check(&self) -> bool {
        match self.variant {
            ChessVariant::Antichess => false,
            ChessVariant::Atomic => atomic_in_check(&self.pos, self.pos.turn),
            _ => self.pos.is_check(),
        }
    }

    /// Every legal move (none once the variant's game is over).
    #[must_use]
    pub fn legal_moves(&self) -> VariantMoveList {
        match self.variant {
            ChessVariant::Standard => self.pos.legal_moves().into_iter().collect(),
            ChessVariant::Crazyhouse => self.moves_v::<CRAZYHOUSE>(),
            ChessVariant::ThreeCheck => self.moves_v::<THREE_CHECK>(),
            ChessVariant::KingOfTheHill => self.moves_v::<KING_OF_THE_HILL>(),
            ChessVariant::Atomic => self.moves_v::<ATOMIC>(),
            ChessVariant::Antichess => self.moves_v::<ANTICHESS>(),
            ChessVariant::Horde => self.moves_v::<HORDE>(),
            ChessVariant::RacingKings => self.moves_v::<RACING_KINGS>(),
        }
    }

    /// Plays a legal move of this position (a move from another position
    /// gives a meaningless result, never a panic).
    pub fn play(&mut self, m: Move) {
        match self.variant {
            ChessVariant::Standard => self.pos.play(m),
            ChessVariant::Crazyhouse => self.play_v::<CRAZYHOUSE>(m),
            ChessVariant::ThreeCheck => self.play_v::<THREE_CHECK>(m),
            ChessVariant::KingOfTheHill => self.play_v::<KING_OF_THE_HILL>(m),
            ChessVariant::Atomic => self.play_v::<ATOMIC>(m),
            ChessVariant::Antichess => self.play_v::<ANTICHESS>(m),
            ChessVariant::Horde => self.play_v::<HORDE>(m),
            ChessVariant::RacingKings => self.play_v::<RACING_KINGS>(m),
        }
    }

    /// The position after `m`.
    #[must_use]
    pub fn played(&self, m: Move) -> VariantPosition {
        let mut p = *self;
        p.play(m);
        p
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep.
    /// Split by the first move, watched or estimated, it is [`PerftTree`](polyfen_core::PerftTree)'s.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        match self.variant {
            ChessVariant::Standard => self.pos.perft(depth),
            ChessVariant::Crazyhouse => self.perft_v::<CRAZYHOUSE>(depth),
            ChessVariant::ThreeCheck => self.perft_v::<THREE_CHECK>(depth),
            ChessVariant::KingOfTheHill => self.perft_v::<KING_OF_THE_HILL>(depth),
            ChessVariant::Atomic => self.perft_v::<ATOMIC>(depth),
            ChessVariant::Antichess => self.perft_v::<ANTICHESS>(depth),
            ChessVariant::Horde => self.perft_v::<HORDE>(depth),
            ChessVariant::RacingKings => self.perft_v::<RACING_KINGS>(depth),
        }
    }

    /// The variant's own end of the game, if it has come: three checks
    /// given, a king on the centre, a king exploded, a side without pieces,
    /// the kings' race finished.
    #[must_use]
    pub fn variant_end(&self) -> Option<VariantOutcome> {
        let p = &self.pos;
        let kings = p.roles[Role::King as usize];
        let won = |winner: Color, end: VariantEnd| Some(VariantOutcome::Won { winner, end });
        match self.variant {
            ChessVariant::Standard | ChessVariant::Crazyhouse => None,
            ChessVariant::ThreeCheck => {
                let zero = Color::ALL.into_iter().find(|c| self.remaining_checks[c.index()] == 0)?;
                won(zero, VariantEnd::ThreeChecks)
            }
            ChessVariant::KingOfTheHill => {
                let on = Color::ALL.into_iter().find(|c| kings & p.colors[c.index()] & CENTER != 0)?;
                won(on, VariantEnd::KingOfTheHill)
            }
            ChessVariant::Atomic => {
                let lost = Color::ALL.into_iter().find(|c| kings & p.colors[c.index()] == 0)?;
                won(lost.other(), VariantEnd::KingExploded)
            }
            ChessVariant::Antichess => {
                let empty = Color::ALL.into_iter().find(|c| p.colors[c.index()] == 0)?;
                won(empty, VariantEnd::PiecesLost)
            }
            ChessVariant::Horde => match (p.colors[0] == 0, p.colors[1] == 0) {
                (false, false) => None,
                (true, true) => Some(VariantOutcome::Drawn { end: VariantEnd::PiecesLost }),
                (true, false) => won(Color::Black, VariantEnd::PiecesLost),
                (false, true) => won(Color::White, VariantEnd::PiecesLost),
            },
            ChessVariant::RacingKings => {
                if !race_over(p) {
                    return None;
                }
                let home = |c: Color| kings & p.colors[c.index()] & RANK_8 != 0;
                match (home(Color::White), home(Color::Black)) {
                    (true, true) => Some(VariantOutcome::Drawn { end: VariantEnd::KingsRace }),
                    (true, false) => won(Color::White, VariantEnd::KingsRace),
                    _ => won(Color::Black, VariantEnd::KingsRace),
                }
            }
        }
    }

    /// True when neither side can win any more, by the variant's rules as
    /// python-chess has them: chess's in standard chess; bare kings in
    /// three-check; in crazyhouse at most three pieces in all, board and
    /// pockets, none a pawn, rook, queen or promoted piece; atomic's and
    /// antichess's own; in horde a fortress, as lichess has it (the horde
    /// blocked for good, the king only walking). Never in king of the hill
    /// and racing kings (a king can always walk).
    #[must_use]
    pub fn has_insufficient_material(&self) -> bool {
        let p = &self.pos;
        match self.variant {
            ChessVariant::Standard => p.has_insufficient_material(),
            ChessVariant::ThreeCheck => p.occupied() == p.roles[Role::King as usize],
            ChessVariant::Crazyhouse => {
                let pocket = |kind: usize| Color::ALL.iter().any(|&c| self.pocket.count(c, kind) > 0);
                let heavy = p.roles[Role::Pawn as usize] | p.roles[Role::Rook as usize] | p.roles[Role::Queen as usize];
                p.occupied().count_ones() + self.pocket.total(Color::White) + self.pocket.total(Color::Black) <= 3
                    && self.promoted == 0
                    && heavy == 0
                    && ![Role::Pawn, Role::Rook, Role::Queen].into_iter().any(|r| pocket(pocket_kind(r)))
            }
            ChessVariant::Atomic => Color::ALL.into_iter().all(|c| atomic_insufficient(p, c)),
            ChessVariant::Antichess => Color::ALL.into_iter().all(|c| antichess_insufficient(p, c)),
            ChessVariant::Horde => self.is_horde_fortress(),
            ChessVariant::KingOfTheHill | ChessVariant::RacingKings => false,
        }
    }

    /// True when `color` cannot possibly win, whatever the other side
    /// plays: in horde as lichess judges it (the horde without the material
    /// to mate, or a fortress; the side with a king can always win by
    /// taking the horde), in atomic and antichess by their own rules; in
    /// the other variants when neither side can win
    /// ([`VariantPosition::has_insufficient_material`]).
    #[must_use]
    pub fn has_insufficient_material_for(&self, color: Color) -> bool {
        match self.variant {
            ChessVariant::Horde => self.horde_cannot_win(color),
            ChessVariant::Atomic => atomic_insufficient(&self.pos, color),
            ChessVariant::Antichess => antichess_insufficient(&self.pos, color),
            _ => self.has_insufficient_material(),
        }
    }

    /// How the game stands: the variant's own end first, then mate and
    /// stalemate (antichess: no move wins), then the draws: insufficient
    /// material ([`VariantPosition::has_insufficient_material`]) and the
    /// fifty-move rule (not in crazyhouse, as python-chess and lichess have
    /// it).
    #[must_use]
    pub fn outcome(&self) -> VariantOutcome {
        if let Some(end) = self.variant_end() {
            return end;
        }
        if self.legal_moves().is_empty() {
            return match self.variant {
                ChessVariant::Antichess => VariantOutcome::Won { winner: self.pos.turn, end: VariantEnd::NoMoves },
                _ if self.is_check() => VariantOutcome::Chess(Outcome::Checkmate),
                _ => VariantOutcome::Chess(Outcome::Stalemate),
            };
        }
        if self.has_insufficient_material() {
            VariantOutcome::Chess(Outcome::InsufficientMaterial)
        } else if self.pos.halfmove >= 100 && self.variant != ChessVariant::Crazyhouse {
            VariantOutcome::Chess(Outcome::FiftyMoves)
        } else {
            VariantOutcome::Chess(Outcome::Ongoing)
        }
    }

    fn moves_v<const V: u8>(&self) -> VariantMoveList {
        let mut list = VariantMoveList::new();
        self.moves_into::<V, 512>(&mut list);
        list
    }

    /// The legal moves onto a list of the caller's (of 256 moves where no
    /// more can be legal, 512 for crazyhouse's drops and the pseudo-legal
    /// lists of atomic, antichess and horde).
    fn moves_into<const V: u8, const N: usize>(&self, list: &mut ArrayVec<Move, N>) {
        let p = &self.pos;
        match V {
            THREE_CHECK if self.remaining_checks.contains(&0) => {}
            KING_OF_THE_HILL if p.roles[Role::King as usize] & CENTER != 0 => {}
            RACING_KINGS => {
                if !race_over(p) {
                    p.generate(list, !0, !0, true);
                    drop_checks(p, list);
                }
            }
            HORDE => {
                if p.colors[0] == 0 || p.colors[1] == 0 {
                } else if p.king_of(p.turn).is_some() {
                    p.generate(list, !0, !0, true);
                } else {
                    pseudo_moves(p, list, !p.colors[p.turn.index()], false, true);
                    pseudo_ep(p, list);
                }
            }
            ANTICHESS => antichess_moves(p, list),
            ATOMIC => atomic_moves(p, list),
            CRAZYHOUSE => {
                p.generate(list, !0, !0, true);
                self.drops(list);
            }
            _ => p.generate(list, !0, !0, true),
        }
    }

    /// The number of legal moves, counted without listing them where the
    /// variant's generator can (the last ply of perft): the standard
    /// generator's variants, crazyhouse's drops, horde's white, antichess.
    fn count_v<const V: u8, const N: usize>(&self) -> usize {
        let p = &self.pos;
        let mut count = MoveCount(0);
        match V {
            THREE_CHECK if self.remaining_checks.contains(&0) => {}
            KING_OF_THE_HILL if p.roles[Role::King as usize] & CENTER != 0 => {}
            THREE_CHECK | KING_OF_THE_HILL => p.generate(&mut count, !0, !0, true),
            HORDE => {
                if p.colors[0] == 0 || p.colors[1] == 0 {
                } else if p.king_of(p.turn).is_some() {
                    p.generate(&mut count, !0, !0, true);
                } else {
                    pseudo_moves(p, &mut count, !p.colors[p.turn.index()], false, true);
                    pseudo_ep(p, &mut count);
                }
            }
            ANTICHESS => {
                if p.colors[0] != 0 && p.colors[1] != 0 {
                    pseudo_moves(p, &mut count, p.colors[p.turn.other().index()], true, true);
                    pseudo_ep(p, &mut count);
                    if count.0 == 0 {
                        pseudo_moves(p, &mut count, !p.occupied(), true, true);
                    }
                }
            }
            CRAZYHOUSE => {
                p.generate(&mut count, !0, !0, true);
                self.drops(&mut count);
            }
            _ => {
                let mut list = ArrayVec::<Move, N>::new();
                self.moves_into::<V, N>(&mut list);
                return list.len();
            }
        }
        count.0
    }

    /// The legal moves of `role` to `to`, castling and drops aside: what
    /// reading a move in SAN needs, without generating the others, for the
    /// variants played by the standard generator (with the variant's end
    /// of the game first, and racing kings' checks dropped). `false`, with
    /// nothing pushed, for the others (atomic, antichess, horde's white):
    /// the caller filters the whole list of legal moves then.
    pub(crate) fn moves_to_into(&self, role: Role, to: crate::Square, list: &mut ArrayVec<Move, 32>) -> bool {
        let p = &self.pos;
        if self.plays_chess_moves() {
            p.moves_to_into(role, to, list);
            return true;
        }
        match self.variant {
            ChessVariant::ThreeCheck | ChessVariant::KingOfTheHill => true,
            ChessVariant::RacingKings => {
                if !race_over(p) {
                    p.moves_to_into(role, to, list);
                    drop_checks(p, list);
                }
                true
            }
            _ => false,
        }
    }

    /// True when the legal moves on the board are standard chess's
    /// ([`Position`]'s): in standard chess and crazyhouse (drops aside),
    /// in three-check and king of the hill until their end, in horde for
    /// the side with a king while both have pieces.
    pub(crate) fn plays_chess_moves(&self) -> bool {
        let p = &self.pos;
        match self.variant {
            ChessVariant::Standard | ChessVariant::Crazyhouse => true,
            ChessVariant::ThreeCheck => !self.remaining_checks.contains(&0),
            ChessVariant::KingOfTheHill => p.roles[Role::King as usize] & CENTER == 0,
            ChessVariant::Horde => p.colors[0] != 0 && p.colors[1] != 0 && p.king_of(p.turn).is_some(),
            ChessVariant::Atomic | ChessVariant::Antichess | ChessVariant::RacingKings => false,
        }
    }

    #[inline]
    fn play_v<const V: u8>(&mut self, m: Move) {
        let us = self.pos.turn;
        match V {
            ATOMIC => atomic_play(&mut self.pos, m),
            CRAZYHOUSE => self.crazyhouse_play(m),
            THREE_CHECK => {
                self.pos.play(m);
                if self.pos.is_check() {
                    let left = &mut self.remaining_checks[us.index()];
                    *left = left.saturating_sub(1);
                }
            }
            HORDE => {
                self.pos.play(m);
                // a pawn's double step from its first rank leaves no en
                // passant square (python-chess, shakmaty and lichess agree)
                if m.role == Role::Pawn && m.from.rank() == back_rank(us) {
                    self.pos.ep = None;
                }
            }
            _ => self.pos.play(m),
        }
    }

    fn perft_v<const V: u8>(&self, depth: u32) -> u64 {
        match V {
            CRAZYHOUSE | ATOMIC | ANTICHESS | HORDE => self.perft_n::<V, 512>(depth),
            _ => self.perft_n::<V, 256>(depth),
        }
    }

    fn perft_n<const V: u8, const N: usize>(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_v::<V, N>() as u64;
        }
        let mut moves = ArrayVec::<Move, N>::new();
        self.moves_into::<V, N>(&mut moves);
        moves
            .iter()
            .map(|&m| {
                let mut child = *self;
                child.play_v::<V>(m);
                child.perft_n::<V, N>(depth - 1)
            })
            .sum()
    }
}

polyfen_core::perft_tree!(
    /// The legal move tree of a variant: divide, the watched perft and the
    /// estimate.
    VariantPosition, Move, VariantMoveList
);

/// The dark squares, a1 among them.
const DARK: u64 = 0xAA55_AA55_AA55_AA55;

#[cfg(test)]
mod tests {
    use super::atomic::{atomic_legal, atomic_legal_played};
    use super::*;
    use crate::position::sq;

    /// Counting each variant's legal moves agrees with listing them,
    /// atomic's test of a move that takes nothing agrees with playing it,
    /// and the moves of a role to a square found alone are those of the
    /// whole list, along random games of every variant.
    #[test]
    fn counts_and_atomic_legality_have_slow_twins() {
        let mut rng = polyfen_test_support::Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut below = |n: usize| rng.below(n);
        let (mut quiet, mut near_checked) = (0, 0);
        for variant in ChessVariant::ALL {
            for _ in 0..30 {
                let mut pos = VariantPosition::start(variant);
                for ply in 0..120 {
                    let moves = pos.legal_moves();
                    let count = match variant {
                        ChessVariant::Standard => pos.pos.count_moves(),
                        ChessVariant::Crazyhouse => pos.count_v::<CRAZYHOUSE, 512>(),
                        ChessVariant::ThreeCheck => pos.count_v::<THREE_CHECK, 256>(),
                        ChessVariant::KingOfTheHill => pos.count_v::<KING_OF_THE_HILL, 256>(),
                        ChessVariant::Atomic => pos.count_v::<ATOMIC, 512>(),
                        ChessVariant::Antichess => pos.count_v::<ANTICHESS, 512>(),
                        ChessVariant::Horde => pos.count_v::<HORDE, 512>(),
                        ChessVariant::RacingKings => pos.count_v::<RACING_KINGS, 256>(),
                    };
                    let fen = pos.to_setup(CastlingStyle::XFen);
                    assert_eq!(count, moves.len(), "{variant} {fen}");
                    if variant == ChessVariant::Atomic && pos.variant_end().is_none() {
                        let mut pseudo = VariantMoveList::new();
                        pseudo_moves(&pos.pos, &mut pseudo, !pos.pos.colors[pos.pos.turn.index()], false, false);
                        for m in pseudo {
                            assert_eq!(atomic_legal(&pos.pos, m), atomic_legal_played(&pos.pos, m), "{fen} {m:?}");
                            quiet += usize::from(pos.pos.colors[pos.pos.turn.other().index()] & bit(m.to.index()) == 0);
                        }
                    }
                    let roles = if ply % 4 == 0 { &Role::ALL[..] } else { &[] };
                    for &role in roles {
                        for index in 0..64 {
                            let to = sq(index);
                            let mut near = ArrayVec::new();
                            if pos.moves_to_into(role, to, &mut near) {
                                let all: Vec<Move> = moves
                                    .iter()
                                    .copied()
                                    .filter(|m| m.role == role && m.to == to && !m.is_castle() && !m.is_drop())
                                    .collect();
                                assert_eq!(near.to_vec(), all, "{variant} {fen} {role:?} {to}");
                                near_checked += 1;
                            }
                        }
                    }
                    if moves.is_empty() {
                        break;
                    }
                    pos.play(moves[below(moves.len())]);
                }
            }
        }
        assert!(quiet > 10_000, "{quiet}");
        assert!(near_checked > 30_000, "{near_checked}");
    }

    /// The racing kings filter of checking moves agrees with playing each
    /// move and asking whether it checks, along random games.
    #[test]
    fn racing_kings_check_filter_has_a_slow_twin() {
        let mut rng = polyfen_test_support::Rng::new(0x2545_f491_4f6c_dd1d);
        let mut below = |n: usize| rng.below(n);
        let mut checked = 0;
        for _ in 0..40 {
            let mut pos = VariantPosition::start(ChessVariant::RacingKings);
            for _ in 0..60 {
                let fast = pos.legal_moves();
                if !race_over(&pos.pos) {
                    let mut slow = VariantMoveList::new();
                    pos.pos.generate(&mut slow, !0, !0, true);
                    slow.retain(|m| !pos.pos.played(*m).is_check());
                    assert_eq!(fast, slow, "{}", pos.to_setup(CastlingStyle::XFen));
                    checked += 1;
                }
                if fast.is_empty() {
                    break;
                }
                pos.play(fast[below(fast.len())]);
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
