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
//! The rules of one position know nothing of the game's history:
//! repetition (sennichite), which needs the positions before, and the
//! impasse declaration's count (jishogi) are in `outcome.rs`, over
//! [`Position::key`] and the pieces in the camp.

use core::fmt;

use polyfen_core::{Color, ListedMove, PerftTree, Setup};

use crate::bitboard::{
    self, ALL, Bitboard, COLUMN, GOLD, KING, KNIGHT, LAST_RANK, LAST_TWO, PAWN, SILVER, STEPS, ZONE, bit,
};
use crate::types::{Move, Piece, Role, Square, color_name};
use crate::{Board, Shogi, ShogiExtras};

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

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// No piece stands on the move's first square.
    NoPiece {
        /// The move.
        mv: Move,
    },
    /// The piece on the first square belongs to the side not to move.
    WrongSide {
        /// The move.
        mv: Move,
        /// The piece.
        piece: Piece,
    },
    /// The piece cannot go there by its movement (or would take a piece of
    /// its own side).
    CannotReach {
        /// The move.
        mv: Move,
        /// The piece.
        piece: Piece,
    },
    /// The move promotes a piece that may not promote there (outside the
    /// zone, or a gold, king or promoted piece).
    CannotPromote {
        /// The move.
        mv: Move,
        /// The piece.
        piece: Piece,
    },
    /// The move leaves unpromoted a piece that could never move again.
    MustPromote {
        /// The move.
        mv: Move,
        /// The piece.
        piece: Piece,
    },
    /// The mover holds no piece of the kind dropped (or the kind cannot be
    /// held: a king or a promoted piece).
    NotInHand {
        /// The move.
        mv: Move,
    },
    /// A piece is dropped on an occupied square.
    Occupied {
        /// The move.
        mv: Move,
    },
    /// A pawn, lance or knight is dropped where it could never move.
    DeadDrop {
        /// The move.
        mv: Move,
    },
    /// A pawn is dropped on a file that holds an unpromoted pawn of the
    /// mover (nifu).
    Nifu {
        /// The move.
        mv: Move,
    },
    /// A pawn drop that would mate (uchifuzume).
    PawnDropMate {
        /// The move.
        mv: Move,
    },
    /// The move leaves the mover's king in check.
    LeavesKingInCheck {
        /// The move.
        mv: Move,
    },
}

impl IllegalMove {
    /// The move refused.
    #[must_use]
    pub const fn mv(self) -> Move {
        match self {
            IllegalMove::NoPiece { mv }
            | IllegalMove::WrongSide { mv, .. }
            | IllegalMove::CannotReach { mv, .. }
            | IllegalMove::CannotPromote { mv, .. }
            | IllegalMove::MustPromote { mv, .. }
            | IllegalMove::NotInHand { mv }
            | IllegalMove::Occupied { mv }
            | IllegalMove::DeadDrop { mv }
            | IllegalMove::Nifu { mv }
            | IllegalMove::PawnDropMate { mv }
            | IllegalMove::LeavesKingInCheck { mv } => mv,
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mv = self.mv();
        let to = mv.to();
        let from = mv.from().map_or_else(String::new, |s| s.to_string());
        match *self {
            IllegalMove::NoPiece { .. } => write!(f, "no piece stands on {from} (move {mv})"),
            IllegalMove::WrongSide { piece, .. } => write!(
                f,
                "{} on {from} cannot move: it is {}'s move",
                piece.describe(),
                color_name(piece.color.other())
            ),
            IllegalMove::CannotReach { piece, .. } => write!(f, "{} on {from} cannot go to {to}", piece.describe()),
            IllegalMove::CannotPromote { piece, .. } => {
                if piece.role.can_promote() {
                    write!(
                        f,
                        "{} cannot promote going from {from} to {to}: neither square is in its promotion zone",
                        piece.describe()
                    )
                } else {
                    write!(f, "{} on {from} cannot promote", piece.describe())
                }
            }
            IllegalMove::MustPromote { piece, .. } => write!(
                f,
                "{} must promote on {to}: unpromoted it could never move again (write {mv}+)",
                piece.describe()
            ),
            IllegalMove::NotInHand { .. } => match mv {
                Move::Drop { role, .. } if role.hand_index().is_some() => {
                    write!(f, "no {} in hand to drop on {to}", role.name())
                }
                Move::Drop { role, .. } => write!(f, "a {} cannot be held in hand or dropped", role.name()),
                Move::Normal { .. } => write!(f, "{mv} is not a drop"),
            },
            IllegalMove::Occupied { .. } => write!(f, "cannot drop on {to}: the square is occupied"),
            IllegalMove::DeadDrop { .. } => write!(f, "cannot drop {mv}: the piece could never move from {to}"),
            IllegalMove::Nifu { .. } => {
                write!(
                    f,
                    "cannot drop a pawn on {to}: file {} already holds an unpromoted pawn of the mover (nifu)",
                    to.file()
                )
            }
            IllegalMove::PawnDropMate { .. } => {
                write!(f, "cannot drop a pawn on {to}: a pawn drop may not mate (uchifuzume)")
            }
            IllegalMove::LeavesKingInCheck { .. } => write!(f, "{mv} would leave the mover's king in check"),
        }
    }
}

impl std::error::Error for IllegalMove {}

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

    /// The legal moves.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = Lister(MoveList::new());
        self.generate(&mut list);
        list.0
    }

    /// The number of legal moves, without listing them.
    #[must_use]
    pub fn count_legal(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(&mut counter);
        counter.0
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

    /// Why `m` is not legal, or `Ok` when it is.
    ///
    /// # Errors
    ///
    /// The [`IllegalMove`] that says why.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        let us = self.turn;
        match m {
            Move::Normal { from, to, promote } => {
                let Some(piece) = self.piece_at(from) else {
                    return Err(IllegalMove::NoPiece { mv: m });
                };
                if piece.color != us {
                    return Err(IllegalMove::WrongSide { mv: m, piece });
                }
                let targets =
                    Position::attacks(us, piece.role, from.index(), self.occupied()) & !self.by_color[us.index()];
                if targets & bit(to.index()) == 0 {
                    return Err(IllegalMove::CannotReach { mv: m, piece });
                }
                let zone = ZONE[us.index()];
                let in_zone = (bit(from.index()) | bit(to.index())) & zone != 0;
                if promote && !(piece.role.can_promote() && in_zone) {
                    return Err(IllegalMove::CannotPromote { mv: m, piece });
                }
                if !promote && forced(us, piece.role) & bit(to.index()) != 0 {
                    return Err(IllegalMove::MustPromote { mv: m, piece });
                }
            }
            Move::Drop { role, to } => {
                if role.hand_index().is_none() || self.hand_count(us, role) == 0 {
                    return Err(IllegalMove::NotInHand { mv: m });
                }
                if self.cells[to.index()] != EMPTY {
                    return Err(IllegalMove::Occupied { mv: m });
                }
                if forced(us, role) & bit(to.index()) != 0 {
                    return Err(IllegalMove::DeadDrop { mv: m });
                }
                if role == Role::Pawn && self.pieces(us, Role::Pawn) & COLUMN[to.index() % 9] != 0 {
                    return Err(IllegalMove::Nifu { mv: m });
                }
            }
        }
        // The move is pseudo-legal: it is legal unless it leaves the mover's
        // king attacked, or it is a pawn drop that mates (the pawn checks
        // from in front of the king, and the checked side has no reply).
        let next = self.played(m);
        if next.mover_left_in_check() {
            return Err(IllegalMove::LeavesKingInCheck { mv: m });
        }
        if let Move::Drop { role: Role::Pawn, to } = m {
            let k = self.kings[us.other().index()];
            if k != NO_KING
                && STEPS[us.other().index()][PAWN][usize::from(k)] & bit(to.index()) != 0
                && !next.has_legal_move()
            {
                return Err(IllegalMove::PawnDropMate { mv: m });
            }
        }
        Ok(())
    }

    /// Whether the side that just moved left its own king in check.
    fn mover_left_in_check(&self) -> bool {
        let them = self.turn.other();
        let k = self.kings[them.index()];
        k != NO_KING && self.attackers(usize::from(k), self.turn, self.occupied()) != 0
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

    fn has_legal_move(&self) -> bool {
        let mut any = Any(false);
        self.generate(&mut any);
        any.0
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep
    /// (1 at depth 0). Split by the first move, watched or estimated, it is
    /// [`PerftTree`]'s.
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen_core::PerftTree;
    /// use polyfen_shogi::Position;
    ///
    /// assert_eq!(Position::start().perft(3), 25_470);
    /// assert_eq!(Position::start().perft_watched(3, &mut ()), Ok(25_470));
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal(),
            _ => {
                let mut recurse = Recurse { parent: self, depth: depth - 1, total: 0 };
                self.generate(&mut recurse);
                recurse.total
            }
        }
    }

    /// Generates the legal moves into `sink`.
    fn generate<S: Sink>(&self, sink: &mut S) {
        let us = self.turn;
        let c = us.index();
        let occ = self.occupied();
        let own = self.by_color[c];
        let mut board_targets = ALL & !own;
        let mut drop_targets = ALL & !occ;
        let mut pinned = 0;
        let k = self.kings[c];
        let k = usize::from(k);
        if k != usize::from(NO_KING) {
            let enemy = Attackers::of(self, us.other());
            let lifted = occ & !bit(k);
            for to in bitboard::squares(STEPS[c][KING][k] & !own) {
                if enemy.to(to, lifted) == 0 {
                    sink.normal(us, Role::King, k, bit(to));
                    if sink.done() {
                        return;
                    }
                }
            }
            // the checkers and the pinned pieces in one look along the lines
            // through the king: a slider with nothing between checks, with
            // one piece between pins it
            let mut checkers = enemy.steppers_to(k);
            let snipers = (bitboard::rook_empty(k) & enemy.rooks)
                | (bitboard::bishop_empty(k) & enemy.bishops)
                | (bitboard::lance(us, k, 0) & enemy.lances);
            for s in bitboard::squares(snipers) {
                let b = bitboard::between(k, s) & occ;
                if b == 0 {
                    checkers |= bit(s);
                } else if bitboard::single(b) {
                    pinned |= b;
                }
            }
            pinned &= own;
            if checkers != 0 {
                if checkers & (checkers - 1) != 0 {
                    return;
                }
                let checker = checkers.trailing_zeros() as usize;
                let between = bitboard::between(k, checker);
                board_targets &= between | checkers;
                drop_targets &= between;
            }
        }
        let r = &self.by_role;
        // the pawns that are not pinned all at once: one step forward each
        let pawns = r[Role::Pawn.index()] & own;
        let steps = match us {
            Color::White => (pawns & !pinned) >> 9,
            Color::Black => ((pawns & !pinned) << 9) & ALL,
        } & board_targets;
        if steps != 0 {
            sink.pawns(us, steps);
            if sink.done() {
                return;
            }
        }
        // the other pieces, those that move alike together (the golds and
        // the promoted small pieces); a pinned piece stays on its line
        let moves = Moves { us, k, pinned, targets: board_targets };
        let golds = (r[Role::Gold.index()]
            | r[Role::Tokin.index()]
            | r[Role::PromotedLance.index()]
            | r[Role::PromotedKnight.index()]
            | r[Role::PromotedSilver.index()])
            & own;
        let done = moves.each(sink, Role::Pawn, pawns & pinned, |sq| STEPS[c][PAWN][sq])
            || moves.each(sink, Role::Lance, r[Role::Lance.index()] & own, |sq| bitboard::lance(us, sq, occ))
            || moves.each(sink, Role::Knight, r[Role::Knight.index()] & own & !pinned, |sq| STEPS[c][KNIGHT][sq])
            || moves.each(sink, Role::Silver, r[Role::Silver.index()] & own, |sq| STEPS[c][SILVER][sq])
            || moves.each(sink, Role::Gold, golds, |sq| STEPS[c][GOLD][sq])
            || moves.each(sink, Role::Bishop, r[Role::Bishop.index()] & own, |sq| bitboard::bishop(sq, occ))
            || moves.each(sink, Role::Rook, r[Role::Rook.index()] & own, |sq| bitboard::rook(sq, occ))
            || moves.each(sink, Role::Horse, r[Role::Horse.index()] & own, |sq| {
                bitboard::bishop(sq, occ) | STEPS[c][KING][sq]
            })
            || moves.each(sink, Role::Dragon, r[Role::Dragon.index()] & own, |sq| {
                bitboard::rook(sq, occ) | STEPS[c][KING][sq]
            });
        if done || drop_targets == 0 {
            return;
        }
        let hand = &self.hands[c];
        for (i, &n) in hand.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let role = Role::HAND[i];
            let mut t = drop_targets & !forced(us, role);
            if role == Role::Pawn {
                t &= !bitboard::files_of(pawns);
                t &= !self.mating_pawn_drop(t);
            }
            if t != 0 {
                sink.drops(role, t);
                if sink.done() {
                    return;
                }
            }
        }
    }

    /// The square (as a bitboard, or 0) among `targets` where a pawn drop
    /// would give mate.
    fn mating_pawn_drop(&self, targets: Bitboard) -> Bitboard {
        let us = self.turn;
        let them = us.other();
        let k = self.kings[them.index()];
        if k == NO_KING {
            return 0;
        }
        let front = STEPS[them.index()][PAWN][usize::from(k)] & targets;
        if front == 0 {
            return 0;
        }
        let to = Square::at(front.trailing_zeros());
        if self.played(Move::Drop { role: Role::Pawn, to }).has_legal_move() { 0 } else { front }
    }
}

/// The squares where a piece of `role` of `color` must promote (or may not
/// be dropped): the last rank for pawns and lances, the last two for
/// knights.
#[inline]
const fn forced(color: Color, role: Role) -> Bitboard {
    match role {
        Role::Pawn | Role::Lance => LAST_RANK[color as usize],
        Role::Knight => LAST_TWO[color as usize],
        _ => 0,
    }
}

/// The pieces of one side grouped by how they attack: what the attack
/// tests of one move generation ask, gathered once.
struct Attackers {
    /// The side whose pieces these are.
    by: Color,
    pawns: Bitboard,
    knights: Bitboard,
    silvers: Bitboard,
    /// Golds and the promoted small pieces.
    golds: Bitboard,
    /// Kings, horses and dragons: one step in every direction.
    kings: Bitboard,
    lances: Bitboard,
    /// Rooks and dragons.
    rooks: Bitboard,
    /// Bishops and horses.
    bishops: Bitboard,
}

impl Attackers {
    #[inline]
    fn of(position: &Position, by: Color) -> Attackers {
        Attackers::on(&position.by_color, &position.by_role, by)
    }

    /// The pieces of `by` among bitboards of each side and each role.
    #[inline]
    fn on(by_color: &[Bitboard; 2], r: &[Bitboard; 14], by: Color) -> Attackers {
        let theirs = by_color[by.index()];
        Attackers {
            by,
            pawns: r[Role::Pawn.index()] & theirs,
            knights: r[Role::Knight.index()] & theirs,
            silvers: r[Role::Silver.index()] & theirs,
            golds: (r[Role::Gold.index()]
                | r[Role::Tokin.index()]
                | r[Role::PromotedLance.index()]
                | r[Role::PromotedKnight.index()]
                | r[Role::PromotedSilver.index()])
                & theirs,
            kings: (r[Role::King.index()] | r[Role::Horse.index()] | r[Role::Dragon.index()]) & theirs,
            lances: r[Role::Lance.index()] & theirs,
            rooks: (r[Role::Rook.index()] | r[Role::Dragon.index()]) & theirs,
            bishops: (r[Role::Bishop.index()] | r[Role::Horse.index()]) & theirs,
        }
    }

    /// The pieces that attack `sq` by one step (a horse's or dragon's step
    /// included).
    #[inline]
    fn steppers_to(&self, sq: usize) -> Bitboard {
        let o = self.by.other().index();
        (STEPS[o][PAWN][sq] & self.pawns)
            | (STEPS[o][KNIGHT][sq] & self.knights)
            | (STEPS[o][SILVER][sq] & self.silvers)
            | (STEPS[o][GOLD][sq] & self.golds)
            | (STEPS[o][KING][sq] & self.kings)
    }

    /// The pieces that attack `sq` with `occ` occupied. A slider's rays are
    /// only followed when a slider of that kind stands on one of the lines
    /// through `sq`.
    #[inline]
    fn to(&self, sq: usize, occ: Bitboard) -> Bitboard {
        let mut a = self.steppers_to(sq);
        let forward = self.by.other();
        if self.lances & bitboard::lance(forward, sq, 0) != 0 {
            a |= bitboard::lance(forward, sq, occ) & self.lances;
        }
        if self.rooks & bitboard::rook_empty(sq) != 0 {
            a |= bitboard::rook(sq, occ) & self.rooks;
        }
        if self.bishops & bitboard::bishop_empty(sq) != 0 {
            a |= bitboard::bishop(sq, occ) & self.bishops;
        }
        a
    }
}

/// What the board moves of one generation share: the mover, its king's
/// square, its pinned pieces and the squares its pieces may go to.
struct Moves {
    us: Color,
    k: usize,
    pinned: Bitboard,
    targets: Bitboard,
}

impl Moves {
    /// Hands `sink` the moves of each of `pieces` (all of `role`'s way of
    /// moving), whose targets `attacks` gives; true when the sink is done.
    #[inline]
    fn each<S: Sink>(&self, sink: &mut S, role: Role, pieces: Bitboard, attacks: impl Fn(usize) -> Bitboard) -> bool {
        for from in bitboard::squares(pieces) {
            let mut t = attacks(from) & self.targets;
            if self.pinned & bit(from) != 0 {
                t &= bitboard::ray_through(self.k, from);
            }
            if t != 0 {
                sink.normal(self.us, role, from, t);
                if sink.done() {
                    return true;
                }
            }
        }
        false
    }
}

/// The legal move tree: divide, the watched perft and the estimate.
impl PerftTree for Position {
    type Move = Move;
    type Moves = MoveList;

    fn moves(&self) -> MoveList {
        self.legal_moves()
    }

    fn child(&self, m: Move) -> Option<Position> {
        Some(self.played(m))
    }

    fn perft(&self, depth: u32) -> u64 {
        Position::perft(self, depth)
    }
}

/// Where the legal moves go: a list, a count, or a yes/no.
trait Sink {
    /// The moves of the piece of `role` on `from` to each of `targets`,
    /// with the promotion choices the rules give.
    fn normal(&mut self, color: Color, role: Role, from: usize, targets: Bitboard);
    /// Drops of `role` on each of `targets`.
    fn drops(&mut self, role: Role, targets: Bitboard);
    /// The one-step moves of `color`'s pawns to each of `targets`.
    #[inline]
    fn pawns(&mut self, color: Color, targets: Bitboard) {
        for to in bitboard::squares(targets) {
            let from = if color == Color::White { to + 9 } else { to - 9 };
            self.normal(color, Role::Pawn, from, bit(to));
            if self.done() {
                return;
            }
        }
    }
    /// Whether the generation may stop.
    fn done(&self) -> bool {
        false
    }
}

/// The targets of a board move where it may promote and where it must.
#[inline]
fn promotion_sets(color: Color, role: Role, from: usize, targets: Bitboard) -> (Bitboard, Bitboard) {
    if !role.can_promote() {
        return (0, 0);
    }
    let zone = ZONE[color.index()];
    let may = if bit(from) & zone != 0 { targets } else { targets & zone };
    (may, targets & forced(color, role))
}

/// Calls `f` with each move of the piece of `role` on `from` to each of
/// `targets`, with the promotion choices the rules give.
#[inline]
fn expand(color: Color, role: Role, from: usize, targets: Bitboard, mut f: impl FnMut(Move)) {
    let (may, must) = promotion_sets(color, role, from, targets);
    let from = Square::at(from as u32);
    for to in bitboard::squares(targets) {
        let b = bit(to);
        let to = Square::at(to as u32);
        if must & b == 0 {
            f(Move::Normal { from, to, promote: false });
        }
        if may & b != 0 {
            f(Move::Normal { from, to, promote: true });
        }
    }
}

struct Lister(MoveList);

impl Sink for Lister {
    #[inline]
    fn normal(&mut self, color: Color, role: Role, from: usize, targets: Bitboard) {
        expand(color, role, from, targets, |m| self.0.push(m));
    }

    #[inline]
    fn drops(&mut self, role: Role, targets: Bitboard) {
        for to in bitboard::squares(targets) {
            self.0.push(Move::Drop { role, to: Square::at(to as u32) });
        }
    }
}

/// Plays each move as it is generated and counts the perft below it, so
/// that no list is built.
struct Recurse<'a> {
    parent: &'a Position,
    depth: u32,
    total: u64,
}

impl Sink for Recurse<'_> {
    #[inline]
    fn normal(&mut self, color: Color, role: Role, from: usize, targets: Bitboard) {
        let (parent, depth) = (self.parent, self.depth);
        let mut total = 0;
        expand(color, role, from, targets, |m| total += parent.played(m).perft(depth));
        self.total += total;
    }

    #[inline]
    fn drops(&mut self, role: Role, targets: Bitboard) {
        for to in bitboard::squares(targets) {
            self.total += self.parent.played(Move::Drop { role, to: Square::at(to as u32) }).perft(self.depth);
        }
    }
}

struct Counter(u64);

impl Sink for Counter {
    #[inline]
    fn normal(&mut self, color: Color, role: Role, from: usize, targets: Bitboard) {
        // every target once, once more where it may promote, once less
        // where it must (where it must, it may)
        let (may, must) = promotion_sets(color, role, from, targets);
        self.0 += u64::from(targets.count_ones());
        if may != 0 {
            self.0 += u64::from(may.count_ones() - must.count_ones());
        }
    }

    #[inline]
    fn drops(&mut self, _role: Role, targets: Bitboard) {
        self.0 += u64::from(targets.count_ones());
    }

    /// A pawn step ends in the zone whenever it starts there: it may promote
    /// exactly where it arrives in the zone, and must on the last rank.
    #[inline]
    fn pawns(&mut self, color: Color, targets: Bitboard) {
        let c = color.index();
        self.0 += u64::from(targets.count_ones());
        let zone = targets & ZONE[c];
        if zone != 0 {
            self.0 += u64::from(zone.count_ones() - (targets & LAST_RANK[c]).count_ones());
        }
    }
}

struct Any(bool);

impl Sink for Any {
    fn normal(&mut self, _: Color, _: Role, _: usize, targets: Bitboard) {
        self.0 |= targets != 0;
    }

    fn drops(&mut self, _: Role, targets: Bitboard) {
        self.0 |= targets != 0;
    }

    fn done(&self) -> bool {
        self.0
    }
}
