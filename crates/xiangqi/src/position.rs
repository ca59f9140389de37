//! A Xiangqi position that knows the rules: legal moves, playing them,
//! check, mate, stalemate and perft.
//!
//! The board is a 90-point mailbox of one-byte codes beside a `u128` of
//! each side's points. A piece's targets are a set of points: steps from
//! compile-time tables ([`crate::tables`]) masked by the occupied points, and
//! for chariots and cannons the rays cut at the nearest blocker, found with
//! one bit scan. A move is legal when it leaves the mover's king unattacked
//! (the facing kings count as an attack); the test looks only at the lines
//! through the king, the horses behind its diagonal neighbours and the
//! soldiers next to it, on the occupancy after the move, without copying
//! the board. When the side to move is not in check most moves cannot
//! change that, and they are counted as a set.

use core::fmt;

use polyfen_core::{Color, ListedMove, Setup};

use crate::tables::{
    ADVISOR_MASKS, ELEPHANT_STEPS, HORSE_ATTACKS, HORSE_BY_LEG, KING_MASKS, NONE, RAY_MASKS, SOLDIER_ATTACKS,
    SOLDIER_MASKS, nearest,
};
use crate::types::{Piece, Role, Square, color_name};
use crate::validate::Violation;
use crate::{Board, Fen, Move, XiangqiExtras};

/// An empty point's code.
const EMPTY: u8 = 0;
/// The codes' role part: the [`Role`] index plus one.
const KING: u8 = 1;
const ADVISOR: u8 = 2;
const ELEPHANT: u8 = 3;
const HORSE: u8 = 4;
const CHARIOT: u8 = 5;
const CANNON: u8 = 6;
const SOLDIER: u8 = 7;

/// A piece's one-byte code: side in bit 3, role index plus one in bits 0–2.
const fn code_of(piece: Piece) -> u8 {
    ((piece.color() as u8) << 3) | (piece.role() as u8 + 1)
}

/// The piece of a code, `None` for an empty point.
const fn piece_of(code: u8) -> Option<Piece> {
    let role = code & 7;
    if role == 0 {
        return None;
    }
    let color = if code >> 3 == 0 { Color::White } else { Color::Black };
    Some(Piece::new(color, Role::ALL[(role - 1) as usize]))
}

const fn bit(sq: usize) -> u128 {
    1 << sq
}

/// The point of an index below 90.
fn square(index: u8) -> Square {
    Square::from_index(index as usize).unwrap_or(A0)
}

const A0: Square = match Square::from_index(0) {
    Some(sq) => sq,
    None => panic!("a0"),
};

/// The most moves a position can have (119 with a full set of pieces,
/// and no side may have more).
pub const MAX_MOVES: usize = 128;

/// The legal moves of a position: a fixed-capacity list that derefs to a
/// slice of [`Move`]s.
pub type MoveList = polyfen_core::MoveList<Move, MAX_MOVES>;

impl ListedMove for Move {
    const FILLER: Move = Move::new(A0, A0);
}

/// Whether the game goes on in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has a legal move.
    Ongoing,
    /// The side to move is in check and has no legal move: it has lost.
    Checkmate,
    /// The side to move is not in check but has no legal move: in Xiangqi it
    /// has lost too.
    Stalemate,
}

/// Why a setup cannot be played: the rule violations that make the rules
/// impossible to apply (a missing or extra king, a king outside its
/// palace, too many pieces of a kind, facing kings, the side not to move in
/// check). Pieces off their usual points (an elephant across the river, a
/// soldier behind its start rank) are allowed.
///
/// The violations come in the order [`Fen::validate`](polyfen_core::Setup::validate)
/// finds them, separated by `; ` when displayed.
pub type PositionError = polyfen_core::PositionError<Violation>;

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// No piece stands on the move's first point.
    NoPiece {
        /// The move.
        mv: Move,
    },
    /// The piece on the first point belongs to the side not to move.
    WrongSide {
        /// The move.
        mv: Move,
        /// The piece.
        piece: Piece,
    },
    /// The piece cannot go there by the rules of its movement (or would
    /// take a piece of its own side).
    CannotReach {
        /// The move.
        mv: Move,
        /// The piece.
        piece: Piece,
    },
    /// The move would leave the mover's king in check or facing the other
    /// king.
    LeavesKingInCheck {
        /// The move.
        mv: Move,
        /// The piece.
        piece: Piece,
    },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMove::NoPiece { mv } => write!(f, "no piece stands on {} (move {}{})", mv.from, mv.from, mv.to),
            IllegalMove::WrongSide { mv, piece } => write!(
                f,
                "the {} on {} cannot move: it is {}'s move",
                piece.describe(),
                mv.from,
                color_name(piece.color().other())
            ),
            IllegalMove::CannotReach { mv, piece } => {
                write!(f, "the {} on {} cannot go to {}", piece.describe(), mv.from, mv.to)
            }
            IllegalMove::LeavesKingInCheck { mv, piece } => write!(
                f,
                "the {} on {} cannot go to {}: it would leave {}'s king in check",
                piece.describe(),
                mv.from,
                mv.to,
                color_name(piece.color())
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A legal Xiangqi position: a board whose rules can be played, the side to
/// move and the clocks. Cheap to copy.
///
/// # Examples
///
/// ```
/// use polyfen_xiangqi::{Fen, Position, Status, START_FEN};
///
/// let fen: Fen = START_FEN.parse()?;
/// let position = Position::from_setup(&fen)?;
/// assert_eq!(position.legal_moves().len(), 44);
/// assert_eq!(position.perft(2), 1920);
/// assert_eq!(position.status(), Status::Ongoing);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// The code of each point ([`code_of`], 0 empty).
    cells: [u8; 90],
    /// Each side's points.
    occupied: [u128; 2],
    /// Each side's king.
    kings: [u8; 2],
    turn: Color,
    halfmove: u32,
    fullmove: u32,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_setup())
    }
}

impl Position {
    /// The start position.
    #[must_use]
    pub fn start() -> Position {
        let mut cells = [EMPTY; 90];
        let back = [CHARIOT, HORSE, ELEPHANT, ADVISOR, KING, ADVISOR, ELEPHANT, HORSE, CHARIOT];
        for (file, &role) in back.iter().enumerate() {
            cells[file] = role;
            cells[81 + file] = 8 | role;
        }
        for file in [1, 7] {
            cells[18 + file] = CANNON;
            cells[63 + file] = 8 | CANNON;
        }
        for file in [0, 2, 4, 6, 8] {
            cells[27 + file] = SOLDIER;
            cells[54 + file] = 8 | SOLDIER;
        }
        Position::from_cells(cells, Color::White, 0, 1)
    }

    fn from_cells(cells: [u8; 90], turn: Color, halfmove: u32, fullmove: u32) -> Position {
        let mut occupied = [0u128; 2];
        let mut kings = [0u8; 2];
        for (i, &c) in cells.iter().enumerate() {
            if c != EMPTY {
                occupied[usize::from(c >> 3)] |= bit(i);
                if c & 7 == KING {
                    kings[usize::from(c >> 3)] = i as u8;
                }
            }
        }
        Position { cells, occupied, kings, turn, halfmove, fullmove }
    }

    /// The position of a setup, if the rules can be played on it.
    ///
    /// # Errors
    ///
    /// A [`PositionError`] listing each violation that makes the rules
    /// impossible: a side without exactly one king, a king outside its
    /// palace, more pieces of a kind than a side starts with, facing kings,
    /// or the side not to move in check.
    pub fn from_setup(setup: &Fen) -> Result<Position, PositionError> {
        let violations: Vec<Violation> = setup.validate().into_iter().filter(Violation::blocks_play).collect();
        if !violations.is_empty() {
            return Err(PositionError { violations });
        }
        let mut cells = [EMPTY; 90];
        for (cell, piece) in cells.iter_mut().zip(&setup.board) {
            *cell = piece.map_or(EMPTY, code_of);
        }
        let extras = &setup.extras;
        Ok(Position::from_cells(cells, extras.turn, extras.halfmove, extras.fullmove))
    }

    /// The position of `board` with `turn` to move, unchecked: for writing
    /// a move of a board in a notation that looks at the legal moves.
    pub(crate) fn on_board(board: &Board, turn: Color) -> Position {
        let mut cells = [EMPTY; 90];
        for (cell, piece) in cells.iter_mut().zip(board) {
            *cell = piece.map_or(EMPTY, code_of);
        }
        Position::from_cells(cells, turn, 0, 1)
    }

    /// The setup of this position (with no legacy marker).
    #[must_use]
    pub fn to_setup(&self) -> Fen {
        Setup {
            board: self.board(),
            extras: XiangqiExtras { turn: self.turn, halfmove: self.halfmove, fullmove: self.fullmove, marker: None },
        }
    }

    /// The piece on `sq`.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        piece_of(self.cells[sq.index()])
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> Board {
        let mut board = [None; 90];
        for (cell, &code) in board.iter_mut().zip(&self.cells) {
            *cell = piece_of(code);
        }
        board
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture.
    #[must_use]
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The move number, from 1, counting up after black's move.
    #[must_use]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The king of `color`.
    #[must_use]
    pub fn king(&self, color: Color) -> Square {
        square(self.kings[color.index()])
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        let us = self.turn.index();
        attacked(&self.cells, self.occupied[0] | self.occupied[1], self.kings[us] as usize, us ^ 1, NO_POINT)
    }

    /// The legal moves, ordered by the point the piece leaves, then by the
    /// point it goes to.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = Lister(MoveList::new());
        self.generate(&mut list);
        list.0
    }

    /// The number of legal moves.
    #[must_use]
    pub fn count_legal(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(&mut counter);
        counter.0
    }

    /// Whether `m` is a legal move.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_move(m).is_ok()
    }

    /// Why `m` is not legal, or `Ok` when it is.
    ///
    /// # Errors
    ///
    /// The [`IllegalMove`] that says why.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        let (from, to) = (m.from.index(), m.to.index());
        let Some(piece) = piece_of(self.cells[from]) else {
            return Err(IllegalMove::NoPiece { mv: m });
        };
        if piece.color() != self.turn {
            return Err(IllegalMove::WrongSide { mv: m, piece });
        }
        if self.targets(from) & bit(to) == 0 {
            return Err(IllegalMove::CannotReach { mv: m, piece });
        }
        if !self.safe_after(from, to) {
            return Err(IllegalMove::LeavesKingInCheck { mv: m, piece });
        }
        Ok(())
    }

    /// Plays `m`, which the caller knows to be legal (an illegal move
    /// leaves a board that may break the rules, but never panics).
    pub fn play(&mut self, m: Move) {
        self.play_indices(m.from.index(), m.to.index());
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

    /// Plays a null move: the turn passes, the halfmove clock grows and,
    /// after Black, the move number. The caller checks that the side to
    /// move is not in check.
    pub fn play_null(&mut self) {
        self.halfmove = self.halfmove.saturating_add(1);
        if self.turn == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = self.turn.other();
    }

    fn play_indices(&mut self, from: usize, to: usize) {
        let piece = self.cells[from];
        if piece == EMPTY {
            return;
        }
        let captured = self.cells[to];
        self.cells[to] = piece;
        self.cells[from] = EMPTY;
        let side = usize::from(piece >> 3);
        self.occupied[side] ^= bit(from) | bit(to);
        if captured == EMPTY {
            self.halfmove = self.halfmove.saturating_add(1);
        } else {
            self.occupied[usize::from(captured >> 3)] &= !bit(to);
            self.halfmove = 0;
        }
        if piece & 7 == KING {
            self.kings[side] = to as u8;
        }
        if self.turn == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = self.turn.other();
    }

    /// Whether the game goes on, or the side to move has lost by checkmate
    /// or stalemate.
    #[must_use]
    pub fn status(&self) -> Status {
        let mut any = Any(false);
        self.generate(&mut any);
        if any.0 {
            Status::Ongoing
        } else if self.is_check() {
            Status::Checkmate
        } else {
            Status::Stalemate
        }
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep
    /// (1 at depth 0). Split by the first move, watched or estimated, it is
    /// [`PerftTree`](polyfen_core::PerftTree)'s.
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen_core::PerftTree;
    /// use polyfen_xiangqi::{Fen, Position, START_FEN};
    ///
    /// let position = Position::from_setup(&START_FEN.parse::<Fen>()?)?;
    /// assert_eq!(position.perft(3), 79_666);
    /// assert_eq!(position.perft_watched(3, &mut ()), Ok(79_666));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal(),
            _ => {
                let mut total = 0;
                for m in &self.legal_moves() {
                    let mut next = *self;
                    next.play(*m);
                    total += next.perft(depth - 1);
                }
                total
            }
        }
    }

    /// Hands every legal move to `sink`. Out of check, only moves that
    /// [`Position::exposures`] names are tested; the others are handed over
    /// as a set. In check, every move is tested.
    fn generate<S: Sink>(&self, sink: &mut S) {
        let us = self.turn.index();
        let (from_risky, to_risky) = self.exposures().unwrap_or((!0, !0));
        let mut own = self.occupied[us];
        while own != 0 {
            let from = own.trailing_zeros() as usize;
            own &= own - 1;
            let targets = self.targets(from);
            let risky = if from_risky & bit(from) != 0 { targets } else { targets & to_risky };
            if S::BULK {
                sink.all(from, targets & !risky);
                let mut rest = risky;
                while rest != 0 {
                    let to = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if self.safe_after(from, to) {
                        sink.one(from, to);
                    }
                }
            } else {
                let mut rest = targets;
                while rest != 0 {
                    let to = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if risky & bit(to) == 0 || self.safe_after(from, to) {
                        sink.one(from, to);
                    }
                }
            }
            if sink.done() {
                return;
            }
        }
    }

    /// Out of check, the moves that might expose the king of the side to
    /// move: the points whose piece may not leave without a test (the king
    /// itself; a piece whose leaving opens a line to a chariot, a cannon or
    /// the other king; a horse's leg with the horse behind it) and the empty
    /// points a piece may not land on without a test (before a cannon that
    /// is first on a line from the king). `None` when in check.
    fn exposures(&self) -> Option<(u128, u128)> {
        let us = self.turn.index();
        let cells = &self.cells;
        let occ = self.occupied[0] | self.occupied[1];
        let king = self.kings[us] as usize;
        let side = ((us ^ 1) as u8) << 3;
        let (chariot, cannon, horse, other_king) = (side | CHARIOT, side | CANNON, side | HORSE, side | KING);
        let (mut from_risky, mut to_risky) = (bit(king), 0);
        for (d, &ray) in RAY_MASKS[king].iter().enumerate() {
            let blockers = occ & ray;
            if blockers == 0 {
                continue;
            }
            let first = nearest(blockers, d);
            let code = cells[first];
            if code == chariot || (d < 2 && code == other_king) {
                return None;
            }
            let beyond = RAY_MASKS[first][d];
            if code == cannon {
                to_risky |= ray & !beyond;
            }
            let rest = blockers & beyond;
            if rest == 0 {
                continue;
            }
            let second = nearest(rest, d);
            let code = cells[second];
            if code == cannon {
                return None;
            }
            if code == chariot || (d < 2 && code == other_king) {
                from_risky |= bit(first);
            }
            let rest = rest & RAY_MASKS[second][d];
            if rest != 0 && cells[nearest(rest, d)] == cannon {
                from_risky |= bit(first) | bit(second);
            }
        }
        let (legs, horses) = (&HORSE_ATTACKS.0[king], &HORSE_ATTACKS.1[king]);
        for (&leg, pair) in legs.iter().zip(horses) {
            if leg == NONE || !pair.iter().any(|&h| h != NONE && cells[usize::from(h)] == horse) {
                continue;
            }
            if occ & bit(usize::from(leg)) == 0 {
                return None;
            }
            from_risky |= bit(usize::from(leg));
        }
        if SOLDIER_ATTACKS[us ^ 1][king].iter().any(|&s| s != NONE && cells[usize::from(s)] == side | SOLDIER) {
            return None;
        }
        Some((from_risky, to_risky))
    }

    /// Whether the mover's king is safe after moving the piece on `from`
    /// to `to`.
    fn safe_after(&self, from: usize, to: usize) -> bool {
        let piece = self.cells[from];
        let us = usize::from(piece >> 3) & 1;
        let occ = ((self.occupied[0] | self.occupied[1]) & !bit(from)) | bit(to);
        let king = if piece & 7 == KING { to } else { self.kings[us] as usize };
        !attacked(&self.cells, occ, king, us ^ 1, to)
    }

    /// The points the piece on `from` may go to by its movement rules,
    /// whether or not the move leaves its king in check.
    fn targets(&self, from: usize) -> u128 {
        let code = self.cells[from];
        let side = usize::from(code >> 3) & 1;
        let own = self.occupied[side];
        let occ = own | self.occupied[side ^ 1];
        match code & 7 {
            KING => KING_MASKS[side][from] & !own,
            ADVISOR => ADVISOR_MASKS[side][from] & !own,
            SOLDIER => SOLDIER_MASKS[side][from] & !own,
            ELEPHANT => {
                let (targets, eyes) = &ELEPHANT_STEPS[side];
                let mut t = 0;
                for (&to, &eye) in targets[from].iter().zip(&eyes[from]) {
                    if to != NONE && occ & bit(usize::from(eye)) == 0 {
                        t |= bit(usize::from(to));
                    }
                }
                t & !own
            }
            HORSE => {
                let (legs, jumps) = &HORSE_BY_LEG[from];
                let mut t = 0;
                for (&leg, &jump) in legs.iter().zip(jumps) {
                    if leg != NONE && occ & bit(usize::from(leg)) == 0 {
                        t |= jump;
                    }
                }
                t & !own
            }
            CHARIOT => {
                let mut t = 0;
                for (d, &ray) in RAY_MASKS[from].iter().enumerate() {
                    let blockers = occ & ray;
                    t |= if blockers == 0 { ray } else { ray & !RAY_MASKS[nearest(blockers, d)][d] };
                }
                t & !own
            }
            CANNON => {
                let enemy = self.occupied[side ^ 1];
                let mut t = 0;
                for (d, &ray) in RAY_MASKS[from].iter().enumerate() {
                    let blockers = occ & ray;
                    if blockers == 0 {
                        t |= ray;
                        continue;
                    }
                    let screen = nearest(blockers, d);
                    let beyond = RAY_MASKS[screen][d];
                    t |= ray & !beyond & !bit(screen);
                    let behind = blockers & beyond;
                    if behind != 0 {
                        t |= bit(nearest(behind, d)) & enemy;
                    }
                }
                t
            }
            _ => 0,
        }
    }
}

impl Position {
    /// The position after `m`, which the caller knows to be legal: a child
    /// of the legal move tree.
    fn played(&self, m: Move) -> Position {
        let mut next = *self;
        next.play(m);
        next
    }
}

polyfen_core::perft_tree!(
    /// The legal move tree: divide, the watched perft and the estimate.
    Position, Move, MoveList, count = count_legal
);

/// No point: the `ignore` of [`attacked`] when nothing is to be ignored.
const NO_POINT: usize = 90;

/// Where the legal moves go: a list, a count, or a yes/no.
trait Sink {
    /// Whether [`Sink::all`] takes sets of moves at once (else each move
    /// comes to [`Sink::one`], in order).
    const BULK: bool;
    /// One move.
    fn one(&mut self, from: usize, to: usize);
    /// The moves from `from` to each point of `targets`.
    fn all(&mut self, from: usize, targets: u128);
    /// Whether no more moves are wanted.
    fn done(&self) -> bool {
        false
    }
}

struct Lister(MoveList);

impl Sink for Lister {
    const BULK: bool = false;

    fn one(&mut self, from: usize, to: usize) {
        self.0.push(Move::new(square(from as u8), square(to as u8)));
    }

    fn all(&mut self, from: usize, targets: u128) {
        let mut rest = targets;
        while rest != 0 {
            self.one(from, rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    }
}

struct Counter(u64);

impl Sink for Counter {
    const BULK: bool = true;

    fn one(&mut self, _from: usize, _to: usize) {
        self.0 += 1;
    }

    fn all(&mut self, _from: usize, targets: u128) {
        self.0 += u64::from(targets.count_ones());
    }
}

struct Any(bool);

impl Sink for Any {
    const BULK: bool = true;

    fn one(&mut self, _from: usize, _to: usize) {
        self.0 = true;
    }

    fn all(&mut self, _from: usize, targets: u128) {
        self.0 |= targets != 0;
    }

    fn done(&self) -> bool {
        self.0
    }
}

/// Whether a piece of side `by` (0 red, 1 black) attacks the king on
/// `king`, with `occ` the occupied points and `ignore` a point whose piece
/// in `cells` has just been captured (or [`NO_POINT`]): a chariot (or the
/// other king, along the file) first on a line, a cannon second on a line,
/// a horse with a free leg, or a soldier. Advisors and elephants never
/// reach the other palace.
fn attacked(cells: &[u8; 90], occ: u128, king: usize, by: usize, ignore: usize) -> bool {
    let side = (by as u8) << 3;
    let at = |sq: usize| if sq == ignore { EMPTY } else { cells[sq] };
    for (d, &ray) in RAY_MASKS[king].iter().enumerate() {
        let blockers = occ & ray;
        if blockers == 0 {
            continue;
        }
        let first = nearest(blockers, d);
        let code = at(first);
        if code == side | CHARIOT || (d < 2 && code == side | KING) {
            return true;
        }
        let behind = blockers & RAY_MASKS[first][d];
        if behind != 0 && at(nearest(behind, d)) == side | CANNON {
            return true;
        }
    }
    let (legs, horses) = (&HORSE_ATTACKS.0[king], &HORSE_ATTACKS.1[king]);
    for (&leg, pair) in legs.iter().zip(horses) {
        if leg != NONE && occ & bit(usize::from(leg)) == 0 {
            for &h in pair {
                if h != NONE && at(usize::from(h)) == side | HORSE {
                    return true;
                }
            }
        }
    }
    SOLDIER_ATTACKS[by][king].iter().any(|&s| s != NONE && at(usize::from(s)) == side | SOLDIER)
}
