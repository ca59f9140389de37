//! A Shogi position that knows the rules: legal moves (board moves with
//! optional or forced promotion, drops), playing them, check, checkmate and
//! perft.
//!
//! The board is an 81-square mailbox of one-byte codes beside bitboards
//! ([`crate::bitboard`]) of each side and each role. Legal moves are made
//! legal as they are generated, never by playing and taking back: the
//! checkers of the mover's king and its pinned pieces are found first; in
//! double check only the king moves; in check the other pieces may only
//! take the checker or step between, drops only between; a pinned piece
//! stays on its line; a king step is tested against the attacks with the
//! king lifted off the board. Drops leave out the files that already hold
//! an unpromoted pawn of the mover (nifu), the ranks a piece could never
//! leave, and the pawn drop that would mate (uchifuzume), which is tested
//! by asking whether the mated side has any legal reply. The pawns that are
//! not pinned step all at once (one shift of their bitboard), and a
//! square's attackers follow a slider's rays only when such a slider stands
//! on a line through it; the checkers and the pins come out of one look
//! along the king's lines, the attackers of a side are gathered once per
//! generation, the pieces that move alike (golds and the promoted small
//! pieces) are walked together, and the files closed to a pawn drop are
//! one folded bitboard. Perft counts the last ply without listing it (a
//! count of targets, plus those where a promotion is optional) and plays
//! each move above as it is generated. One move checked alone
//! ([`Position::check_move`]) is tested by itself: its piece's movement,
//! then played on a copy and the mover's king asked about, and for a pawn
//! dropped in front of the enemy king whether that side has a reply; the
//! whole list is never built for it.
//!
//! The generator, the move list and count and perft are in `generate.rs`;
//! why a move is not legal and one move checked alone in `legality.rs`;
//! this file holds the position: made from a setup and written back, its
//! pieces and attacks, playing a move and the status.
//!
//! The rules of one position know nothing of the game's history:
//! repetition (sennichite), which needs the positions before, and the
//! impasse declaration's count (jishogi) are in `outcome.rs`, over
//! [`Position::key`] and the pieces in the camp.

mod generate;
mod legality;

use core::fmt;

use polyfen_core::{Color, ListedMove, Setup};

use crate::bitboard::{self, Bitboard, GOLD, KING, KNIGHT, PAWN, SILVER, STEPS, bit};
use crate::types::{Move, Piece, Role, Square};
use crate::{Board, Shogi, ShogiExtras};

use generate::{Attackers, forced};
pub use legality::IllegalMove;

/// An empty square's code.
const EMPTY: u8 = 0;

/// A piece's one-byte code: the role index plus one in bits 0–3, the side
/// in bit 4.
#[inline]
const fn code_of(piece: Piece) -> u8 {
    piece.role as u8 + 1 + ((piece.color as u8) << 4)
}

/// The piece of a code, `None` for an empty square.
#[inline]
fn piece_of(code: u8) -> Option<Piece> {
    if code == EMPTY {
        return None;
    }
    let role = Role::ALL[usize::from((code & 15) - 1)];
    let color = if code & 16 == 0 { Color::White } else { Color::Black };
    Some(Piece { color, role })
}

/// No square: a side without a king.
const NO_KING: u8 = 81;

/// The most legal moves a position can have: 593 is the known maximum, in
/// a composed position.
pub const MAX_MOVES: usize = 600;

/// The legal moves of a position: a fixed-capacity list that derefs to a
/// slice of [`Move`]s.
pub type MoveList = polyfen_core::MoveList<Move, MAX_MOVES>;

impl ListedMove for Move {
    const FILLER: Move = Move::Drop { role: Role::Pawn, to: Square::at(0) };
}

/// Whether the game goes on in a position. Shogi has no stalemate: a side
/// with no legal move has lost, in check or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has a legal move.
    Ongoing,
    /// The side to move is in check and has no legal move: it has lost.
    Checkmate,
    /// The side to move is not in check but has no legal move (only in
    /// composed positions): it has lost too.
    NoLegalMove,
}

/// What makes two positions the same for repetition: the board, the hands
/// and the side to move ([`Position::key`]); the move number is left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PositionKey {
    cells: [u8; 81],
    hands: [[u8; 7]; 2],
    turn: Color,
}

/// A legal Shogi position: a board whose rules can be played, the pieces
/// in hand, the side to move and the move number. Cheap to copy.
///
/// # Examples
///
/// ```
/// use polyfen_shogi::{Position, Status};
///
/// let position = Position::start();
/// assert_eq!(position.legal_moves().len(), 30);
/// assert_eq!(position.perft(2), 900);
/// assert_eq!(position.status(), Status::Ongoing);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    cells: [u8; 81],
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 14],
    hands: [[u8; 7]; 2],
    kings: [u8; 2],
    turn: Color,
    move_number: u32,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Position").field(&self.to_setup().to_string()).finish()
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The even (no handicap) start position, sente to move.
    #[must_use]
    pub fn start() -> Position {
        let setup: Setup<Shogi> =
            crate::START_SFEN.parse().unwrap_or_else(|_| Setup { board: [None; 81], extras: ShogiExtras::default() });
        Position::from_board(&setup.board, &setup.extras)
    }

    /// The position of a setup, not checked (validation and
    /// [`Position::from_setup`] check it).
    pub(crate) fn unchecked(setup: &Setup<Shogi>) -> Position {
        Position::from_board(&setup.board, &setup.extras)
    }

    /// Whether a piece of `by` attacks `sq` on a board given as bitboards
    /// of each side and each role (what validation builds, without a
    /// whole position).
    pub(crate) fn attacked_on(by_color: &[Bitboard; 2], by_role: &[Bitboard; 14], sq: Square, by: Color) -> bool {
        Attackers::on(by_color, by_role, by).to(sq.index(), by_color[0] | by_color[1]) != 0
    }

    /// The position of a board and fields, not checked.
    fn from_board(board: &Board, extras: &ShogiExtras) -> Position {
        let mut p = Position {
            cells: [EMPTY; 81],
            by_color: [0; 2],
            by_role: [0; 14],
            hands: [[0; 7]; 2],
            kings: [NO_KING; 2],
            turn: extras.turn,
            move_number: extras.move_number,
        };
        for (i, piece) in board.iter().enumerate() {
            if let Some(piece) = *piece {
                p.put(i, piece);
            }
        }
        for color in Color::ALL {
            for (k, n) in p.hands[color.index()].iter_mut().enumerate() {
                *n = extras.hand.count(color, k);
            }
        }
        p
    }

    #[inline]
    fn put(&mut self, i: usize, piece: Piece) {
        self.cells[i] = code_of(piece);
        self.by_color[piece.color.index()] |= bit(i);
        self.by_role[piece.role.index()] |= bit(i);
        if piece.role == Role::King {
            self.kings[piece.color.index()] = i as u8;
        }
    }

    /// The setup of this position.
    #[must_use]
    pub fn to_setup(&self) -> Setup<Shogi> {
        let mut hand = polyfen_core::Hand::EMPTY;
        for color in Color::ALL {
            for (k, &n) in self.hands[color.index()].iter().enumerate() {
                hand.set(color, k, n);
            }
        }
        Setup { board: self.board(), extras: ShogiExtras { turn: self.turn, hand, move_number: self.move_number } }
    }

    /// The board, indexed as the codec does ([`Square::index`]).
    #[must_use]
    pub fn board(&self) -> Board {
        let mut board = [None; 81];
        for (cell, &code) in board.iter_mut().zip(&self.cells) {
            *cell = piece_of(code);
        }
        board
    }

    /// The piece on `sq`.
    #[must_use]
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        piece_of(self.cells[sq.index()])
    }

    /// How many pieces of `role` (an unpromoted kind other than the king)
    /// `color` holds in hand; 0 for another role.
    #[must_use]
    pub fn hand_count(&self, color: Color, role: Role) -> u8 {
        role.hand_index().map_or(0, |k| self.hands[color.index()][k])
    }

    /// The side to move.
    #[must_use]
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The move number (SFEN counts plies: it grows after every move).
    #[must_use]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The square of `color`'s king, `None` when it has none (mate
    /// problems leave out the attacker's king).
    #[must_use]
    pub fn king(&self, color: Color) -> Option<Square> {
        let k = self.kings[color.index()];
        (k != NO_KING).then(|| Square::at(u32::from(k)))
    }

    fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_role[role.index()] & self.by_color[color.index()]
    }

    /// The pieces of `by` that attack `sq` with `occ` occupied.
    #[inline]
    fn attackers(&self, sq: usize, by: Color, occ: Bitboard) -> Bitboard {
        Attackers::of(self, by).to(sq, occ)
    }

    /// The squares a piece of `color` and `role` on `sq` attacks.
    #[inline]
    fn attacks(color: Color, role: Role, sq: usize, occ: Bitboard) -> Bitboard {
        let c = color.index();
        match role {
            Role::Pawn => STEPS[c][PAWN][sq],
            Role::Knight => STEPS[c][KNIGHT][sq],
            Role::Silver => STEPS[c][SILVER][sq],
            Role::Gold | Role::Tokin | Role::PromotedLance | Role::PromotedKnight | Role::PromotedSilver => {
                STEPS[c][GOLD][sq]
            }
            Role::King => STEPS[c][KING][sq],
            Role::Lance => bitboard::lance(color, sq, occ),
            Role::Bishop => bitboard::bishop(sq, occ),
            Role::Rook => bitboard::rook(sq, occ),
            Role::Horse => bitboard::bishop(sq, occ) | STEPS[c][KING][sq],
            Role::Dragon => bitboard::rook(sq, occ) | STEPS[c][KING][sq],
        }
    }

    /// The pieces giving check to the side to move.
    fn checkers(&self) -> Bitboard {
        let k = self.kings[self.turn.index()];
        if k == NO_KING { 0 } else { self.attackers(usize::from(k), self.turn.other(), self.occupied()) }
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers() != 0
    }

    /// What makes two positions the same one for repetition (sennichite):
    /// the board, both hands and the side to move, not the move number.
    #[must_use]
    pub fn key(&self) -> PositionKey {
        PositionKey { cells: self.cells, hands: self.hands, turn: self.turn }
    }

    /// The pieces of `color` on `squares`, with their roles.
    pub(crate) fn pieces_on(&self, color: Color, squares: Bitboard) -> impl Iterator<Item = Role> + '_ {
        let mine = self.by_color[color.index()] & squares;
        self.cells
            .iter()
            .enumerate()
            .filter(move |&(i, _)| mine & bit(i) != 0)
            .filter_map(|(_, &c)| piece_of(c))
            .map(|p| p.role)
    }

    /// Whether `color`'s king is attacked (in check, whoever is to move).
    pub(crate) fn king_attacked(&self, color: Color) -> bool {
        let k = self.kings[color.index()];
        k != NO_KING && self.attackers(usize::from(k), color.other(), self.occupied()) != 0
    }

    /// The legal moves of a piece of `role` (promoted or not, as it stands
    /// before the move) that end on `to`, drops of `role` included: what
    /// the notations that name a piece and its target tell apart.
    #[must_use]
    pub fn moves_to(&self, role: Role, to: Square) -> Vec<Move> {
        self.legal_moves()
            .iter()
            .copied()
            .filter(|m| {
                m.to() == to
                    && match *m {
                        Move::Normal { from, .. } => self.piece_at(from).is_some_and(|p| p.role == role),
                        Move::Drop { role: r, .. } => r == role,
                    }
            })
            .collect()
    }

    /// Whether `m` is legal.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_move(m).is_ok()
    }

    /// Whether `m` (a legal move) gives check.
    #[must_use]
    pub fn gives_check(&self, m: Move) -> bool {
        let mut next = *self;
        next.play(m);
        next.is_check()
    }

    /// Plays `m`, which the caller knows to be legal (an illegal move leaves
    /// a board that may break the rules, but never panics).
    pub fn play(&mut self, m: Move) {
        let us = self.turn;
        match m {
            Move::Normal { from, to, promote } => {
                let (from, to) = (from.index(), to.index());
                let Some(piece) = piece_of(self.cells[from]) else {
                    return;
                };
                if let Some(captured) = piece_of(self.cells[to]) {
                    self.by_color[captured.color.index()] &= !bit(to);
                    self.by_role[captured.role.index()] &= !bit(to);
                    if captured.role == Role::King {
                        self.kings[captured.color.index()] = NO_KING;
                    } else if let Some(k) = captured.role.unpromoted().hand_index() {
                        let n = &mut self.hands[us.index()][k];
                        *n = n.saturating_add(1);
                    }
                }
                self.cells[from] = EMPTY;
                self.by_color[us.index()] &= !bit(from);
                self.by_role[piece.role.index()] &= !bit(from);
                let role = if promote { piece.role.promoted().unwrap_or(piece.role) } else { piece.role };
                self.put(to, Piece { color: us, role });
            }
            Move::Drop { role, to } => {
                let Some(k) = role.hand_index() else {
                    return;
                };
                let n = &mut self.hands[us.index()][k];
                *n = n.saturating_sub(1);
                if self.cells[to.index()] == EMPTY {
                    self.put(to.index(), Piece { color: us, role });
                }
            }
        }
        self.turn = us.other();
        self.move_number = self.move_number.saturating_add(1);
    }

    /// The position after `m`, which the caller knows to be legal.
    #[must_use]
    pub fn played(&self, m: Move) -> Position {
        let mut next = *self;
        next.play(m);
        next
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    ///
    /// The [`IllegalMove`] that says why not; the position is unchanged.
    pub fn play_checked(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.check_move(m)?;
        self.play(m);
        Ok(())
    }

    /// Whether the game goes on, or the side to move has lost.
    #[must_use]
    pub fn status(&self) -> Status {
        if self.has_legal_move() {
            Status::Ongoing
        } else if self.is_check() {
            Status::Checkmate
        } else {
            Status::NoLegalMove
        }
    }
}

polyfen_core::perft_tree!(
    /// The legal move tree: divide, the watched perft and the estimate.
    Position, Move, MoveList
);
