//! A legal chess position and its moves: legal move generation on
//! bitboards (checkers and pin masks, no make/unmake test per move), playing
//! a move by copy, and the state of the game. The generator puts its
//! moves into a [`MoveSink`]: a list, or only their number (perft's last
//! ply, [`Position::count_moves`]).
//!
//! Chess960 is the same game with other starting squares: castling rights
//! are rook squares, and a castling move is stored as the king taking its
//! own rook.
//!
//! The move type is in `moves.rs`, the generator and its sinks in
//! `generate.rs`; this file holds the position: made from a setup and
//! written back, its pieces and attacks, playing a move, the outcome and
//! perft.

mod generate;
mod moves;

use polyfen_core::Color;

pub(crate) use crate::bitboard::squares;
use crate::bitboard::{
    Bitboards, KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS, bishop_attacks, diagonal_lines, rook_attacks, straight_lines,
};
use crate::castling::{Castling, CastlingStyle, CastlingToken, back_rank};
use crate::types::{Piece, Role, Square};
use crate::validate::Violation;
use crate::{Board, ChessExtras, Fen};

pub(crate) use generate::{MoveCount, MoveSink};
pub use moves::{Move, MoveKind, MoveList};

/// Why a setup cannot be played from: every rule it breaks (never only
/// [`Violation::ImpossibleCheck`], which positions tolerate), separated by
/// `; ` when displayed.
pub type PositionError = polyfen_core::PositionError<Violation>;

/// How the game stands in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move has a legal move and no draw applies.
    Ongoing,
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Neither side has the material to mate.
    InsufficientMaterial,
    /// A hundred plies without a capture or pawn move: a draw may be claimed.
    FiftyMoves,
}

pub(crate) const RANK_1: u64 = 0xff;
pub(crate) const RANK_8: u64 = 0xff << 56;
pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;
pub(crate) const FILE_H: u64 = FILE_A << 7;
pub(crate) const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

#[inline]
pub(crate) const fn bit(sq: usize) -> u64 {
    1 << (sq & 63)
}

#[inline]
pub(crate) fn sq(index: u32) -> Square {
    Square::from_index(index as usize & 63).unwrap_or(Square::new(0, 0).expect("a1 is a square"))
}

/// A legal chess position (standard or Chess960): a small `Copy` value, so
/// that playing a move makes a new one.
///
/// # Examples
///
/// ```
/// use polyfen_chess::{Fen, Position, START_FEN};
///
/// let fen: Fen = START_FEN.parse()?;
/// let pos = Position::from_setup(&fen)?;
/// assert_eq!(pos.legal_moves().len(), 20);
/// assert_eq!(pos.perft(3), 8902);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) roles: [u64; 6],
    pub(crate) colors: [u64; 2],
    pub(crate) turn: Color,
    /// The squares of the rooks that keep a castling right.
    pub(crate) castling: u64,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
}

impl Position {
    /// The position of a setup that obeys the rules, with one tolerance: a
    /// check no last move can give ([`Violation::ImpossibleCheck`]), which
    /// some perft suites use on purpose.
    ///
    /// # Errors
    ///
    /// The setup's other violations.
    pub fn from_setup(fen: &Fen) -> Result<Position, PositionError> {
        let violations: Vec<Violation> =
            fen.validate().into_iter().filter(|v| !matches!(v, Violation::ImpossibleCheck { .. })).collect();
        if !violations.is_empty() {
            return Err(PositionError { violations });
        }
        Ok(Position::from_setup_unchecked(fen))
    }

    /// The position of a setup, not validated: what a variant with rules
    /// of its own builds on once it has validated the setup itself.
    pub(crate) fn from_setup_unchecked(fen: &Fen) -> Position {
        let bb = Bitboards::from_board(&fen.board);
        let mut pos = Position {
            roles: [0; 6],
            colors: [0; 2],
            turn: fen.extras.turn,
            castling: 0,
            ep: fen.extras.ep,
            halfmove: fen.extras.halfmove,
            fullmove: fen.extras.fullmove,
        };
        for color in Color::ALL {
            for role in Role::ALL {
                let b = bb.pieces[color.index()][role as usize];
                pos.roles[role as usize] |= b;
                pos.colors[color.index()] |= b;
            }
            for token in fen.extras.castling.tokens(color) {
                if let Some(file) = Castling::resolve(&fen.board, color, token) {
                    let s = usize::from(back_rank(color)) * 8 + usize::from(file);
                    if pos.roles[Role::Rook as usize] & pos.colors[color.index()] & bit(s) != 0 {
                        pos.castling |= bit(s);
                    }
                }
            }
        }
        pos
    }

    /// The position as a setup, castling written with tokens of `style`
    /// (`K`/`Q` for the outermost rooks in X-FEN, files in Shredder-FEN) and
    /// the en passant square as held.
    #[must_use]
    pub fn to_setup(&self, style: CastlingStyle) -> Fen {
        let board = self.board();
        let mut castling = Castling::NONE;
        for s in squares(self.castling) {
            let color = if s < 8 { Color::White } else { Color::Black };
            let file = (s & 7) as u8;
            let token = match style {
                CastlingStyle::Shredder => CastlingToken::File(file),
                CastlingStyle::XFen => [CastlingToken::KingSide, CastlingToken::QueenSide]
                    .into_iter()
                    .find(|&t| Castling::resolve(&board, color, t) == Some(file))
                    .unwrap_or(CastlingToken::File(file)),
            };
            castling.insert(color, token);
        }
        Fen {
            board,
            extras: ChessExtras {
                turn: self.turn,
                castling,
                ep: self.ep,
                halfmove: self.halfmove,
                fullmove: self.fullmove,
            },
        }
    }

    /// The board as 64 cells.
    #[must_use]
    pub fn board(&self) -> Board {
        let mut board = [None; 64];
        for color in Color::ALL {
            for role in Role::ALL {
                for s in squares(self.roles[role as usize] & self.colors[color.index()]) {
                    board[s] = Some(Piece::new(color, role));
                }
            }
        }
        board
    }

    /// The piece on `square`.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let b = bit(square.index());
        let color = if self.colors[0] & b != 0 {
            Color::White
        } else if self.colors[1] & b != 0 {
            Color::Black
        } else {
            return None;
        };
        Some(Piece::new(color, self.role_at(square.index())?))
    }

    #[inline]
    pub(crate) fn role_at(&self, s: usize) -> Option<Role> {
        let b = bit(s);
        Role::ALL.into_iter().find(|&r| self.roles[r as usize] & b != 0)
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The en passant square as held: as read, or after every double push.
    #[must_use]
    pub const fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// The en passant square only when a legal en passant capture exists.
    #[must_use]
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep?;
        let mut list = MoveList::new();
        self.generate_ep(&mut list, !0);
        (!list.is_empty()).then_some(ep)
    }

    /// The same position with the en passant square set to `ep` (as held;
    /// move generation still checks that a capture is possible).
    #[must_use]
    pub fn with_ep_square(mut self, ep: Option<Square>) -> Position {
        self.ep = ep;
        self
    }

    /// Plies since the last capture or pawn move.
    #[must_use]
    pub const fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number, from 1.
    #[must_use]
    pub const fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The squares of the rooks that keep a castling right, as a bitboard.
    #[must_use]
    pub const fn castling_rooks(&self) -> u64 {
        self.castling
    }

    /// True when a castling right needs Chess960 rules to describe: a king
    /// off the e-file or a rook off the a- and h-files.
    #[must_use]
    pub fn is_chess960(&self) -> bool {
        squares(self.castling).any(|s| {
            let color = if s < 8 { Color::White } else { Color::Black };
            let king = self.roles[Role::King as usize] & self.colors[color.index()];
            let e_file = if color == Color::White { 4 } else { 60 };
            king != bit(e_file) || (s & 7 != 0 && s & 7 != 7)
        })
    }

    /// The bitboard of `color`'s pieces of `role`.
    #[must_use]
    pub const fn pieces(&self, color: Color, role: Role) -> u64 {
        self.roles[role as usize] & self.colors[color as usize]
    }

    #[inline]
    pub(crate) fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    #[inline]
    pub(crate) fn king_of(&self, color: Color) -> Option<usize> {
        let k = self.roles[Role::King as usize] & self.colors[color.index()];
        (k != 0).then(|| k.trailing_zeros() as usize)
    }

    /// The pieces of `by` attacking `s` with `occupied` as the occupancy.
    #[inline]
    pub(crate) fn attackers_to(&self, s: usize, by: Color, occupied: u64) -> u64 {
        let them = self.colors[by.index()];
        let queens = self.roles[Role::Queen as usize];
        let straight = (self.roles[Role::Rook as usize] | queens) & them;
        let diagonal = (self.roles[Role::Bishop as usize] | queens) & them;
        let mut attackers = ((PAWN_ATTACKS[by.other().index()][s] & self.roles[Role::Pawn as usize])
            | (KNIGHT_ATTACKS[s] & self.roles[Role::Knight as usize])
            | (KING_ATTACKS[s] & self.roles[Role::King as usize]))
            & them;
        // the rays only where a slider of that kind shares a line with `s`
        if straight_lines(s) & straight != 0 {
            attackers |= rook_attacks(s, occupied) & straight;
        }
        if diagonal_lines(s) & diagonal != 0 {
            attackers |= bishop_attacks(s, occupied) & diagonal;
        }
        attackers
    }

    /// True when `by` attacks `s` with `occupied` as the occupancy.
    #[inline]
    pub(crate) fn attacked(&self, s: usize, by: Color, occupied: u64) -> bool {
        self.attacked_by(s, by, self.colors[by.index()], occupied)
    }

    /// True when the pieces `them` of `by` attack `s` with `occupied` as
    /// the occupancy.
    #[inline]
    pub(crate) fn attacked_by(&self, s: usize, by: Color, them: u64, occupied: u64) -> bool {
        if (PAWN_ATTACKS[by.other().index()][s] & self.roles[Role::Pawn as usize]
            | KNIGHT_ATTACKS[s] & self.roles[Role::Knight as usize]
            | KING_ATTACKS[s] & self.roles[Role::King as usize])
            & them
            != 0
        {
            return true;
        }
        let queens = self.roles[Role::Queen as usize];
        let straight = (self.roles[Role::Rook as usize] | queens) & them;
        let diagonal = (self.roles[Role::Bishop as usize] | queens) & them;
        (straight_lines(s) & straight != 0 && rook_attacks(s, occupied) & straight != 0)
            || (diagonal_lines(s) & diagonal != 0 && bishop_attacks(s, occupied) & diagonal != 0)
    }

    /// The pieces giving check to the side to move.
    #[must_use]
    pub fn checkers(&self) -> u64 {
        self.king_of(self.turn).map_or(0, |k| self.attackers_to(k, self.turn.other(), self.occupied()))
    }

    /// True when the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers() != 0
    }

    /// Plays a legal move of this position (a move from another position
    /// gives a meaningless result, never a panic).
    #[inline]
    pub fn play(&mut self, m: Move) {
        let us = self.turn;
        let them = us.other();
        let from = m.from.index();
        let to = m.to.index();
        self.ep = None;
        self.halfmove = self.halfmove.saturating_add(1);
        match m.kind {
            MoveKind::Castle => {
                let rank = usize::from(back_rank(us)) * 8;
                let king_side = to > from;
                let king_to = rank + if king_side { 6 } else { 2 };
                let rook_to = rank + if king_side { 5 } else { 3 };
                self.roles[Role::King as usize] = (self.roles[Role::King as usize] & !bit(from)) | bit(king_to);
                self.roles[Role::Rook as usize] = (self.roles[Role::Rook as usize] & !bit(to)) | bit(rook_to);
                self.colors[us.index()] =
                    (self.colors[us.index()] & !(bit(from) | bit(to))) | bit(king_to) | bit(rook_to);
                self.castling &= !(RANK_1 << rank);
            }
            MoveKind::EnPassant => {
                let captured = if us == Color::White { to.wrapping_sub(8) } else { to + 8 } & 63;
                self.roles[Role::Pawn as usize] ^= bit(from) | bit(to) | bit(captured);
                self.colors[us.index()] ^= bit(from) | bit(to);
                self.colors[them.index()] &= !bit(captured);
                self.halfmove = 0;
            }
            MoveKind::Drop => {
                // the pocket is the variant's to keep; a pawn dropped is a
                // pawn move and zeroes the clock (python-chess and shakmaty
                // agree)
                self.roles[m.role as usize] |= bit(to);
                self.colors[us.index()] |= bit(to);
                if m.role == Role::Pawn {
                    self.halfmove = 0;
                }
            }
            MoveKind::Normal => {
                // a piece taken on `to` leaves every board, with no branch
                // on whether there is one or which it is (capture or not is
                // hard to predict)
                let taken = self.colors[them.index()] & bit(to);
                for r in &mut self.roles {
                    *r &= !taken;
                }
                self.colors[them.index()] &= !taken;
                let role = m.role;
                self.roles[role as usize] &= !bit(from);
                self.roles[m.promotion.unwrap_or(role) as usize] |= bit(to);
                self.colors[us.index()] = (self.colors[us.index()] & !bit(from)) | bit(to);
                let king_rights = if role == Role::King { RANK_1 << (usize::from(back_rank(us)) * 8) } else { 0 };
                self.castling &= !(taken | bit(from) | king_rights);
                if taken != 0 || role == Role::Pawn {
                    self.halfmove = 0;
                }
                if role == Role::Pawn && from ^ to == 16 {
                    self.ep = Square::from_index(usize::midpoint(from, to));
                }
            }
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = them;
    }

    /// Plays a null move: the turn passes, the en passant square is
    /// cleared, the halfmove clock grows and, after Black, the move number.
    /// The caller checks that the side to move is not in check (passing
    /// in check leaves a king that can be taken).
    pub fn play_null(&mut self) {
        self.ep = None;
        self.halfmove = self.halfmove.saturating_add(1);
        if self.turn == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = self.turn.other();
    }

    /// The position after `m`.
    #[must_use]
    pub fn played(&self, m: Move) -> Position {
        let mut p = *self;
        p.play(m);
        p
    }

    /// True when the side to move is checkmated.
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.legal_moves().is_empty()
    }

    /// True when neither side has the material to mate: no pawn, rook or
    /// queen, and either at most one minor piece in all or only bishops, all
    /// on squares of one color.
    #[must_use]
    pub fn has_insufficient_material(&self) -> bool {
        const DARK: u64 = 0xAA55_AA55_AA55_AA55;
        let heavy =
            self.roles[Role::Pawn as usize] | self.roles[Role::Rook as usize] | self.roles[Role::Queen as usize];
        if heavy != 0 {
            return false;
        }
        let knights = self.roles[Role::Knight as usize];
        let bishops = self.roles[Role::Bishop as usize];
        let minors = knights | bishops;
        minors.count_ones() <= 1 || (knights == 0 && (bishops & DARK == 0 || bishops & !DARK == 0))
    }

    /// How the game stands: mate and stalemate first, then the draws.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        if self.legal_moves().is_empty() {
            if self.is_check() { Outcome::Checkmate } else { Outcome::Stalemate }
        } else if self.has_insufficient_material() {
            Outcome::InsufficientMaterial
        } else if self.halfmove >= 100 {
            Outcome::FiftyMoves
        } else {
            Outcome::Ongoing
        }
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep
    /// (the last ply counted, not played nor listed). Split by the first
    /// move, watched or estimated, it is [`PerftTree`](polyfen_core::PerftTree)'s.
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen_chess::{Fen, Position, START_FEN};
    /// use polyfen_core::PerftTree;
    ///
    /// let pos = Position::from_setup(&START_FEN.parse::<Fen>()?)?;
    /// assert_eq!(pos.perft(4), 197_281);
    /// assert_eq!(pos.perft_watched(4, &mut ()), Ok(197_281));
    /// assert_eq!(pos.divide(1).len(), 20);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_moves() as u64,
            _ => self.legal_moves().iter().map(|&m| self.played(m).perft(depth - 1)).sum(),
        }
    }
}

polyfen_core::perft_tree!(
    /// The legal move tree: divide, the watched perft and the estimate.
    Position, Move, MoveList
);

#[cfg(test)]
mod tests {
    use super::*;
    use arrayvec::ArrayVec;

    fn pos(fen: &str) -> Position {
        let fen: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        Position::from_setup(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// Positions along seeded random games (xorshift), from the start and
    /// from positions with pins, checks, en passant and promotions near.
    fn random_positions(count: usize) -> Vec<Position> {
        let starts = [
            crate::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "4k3/8/8/2KpP2r/8/8/8/8 w - d6 0 1",
        ];
        let starts: Vec<Position> = starts.iter().map(|f| pos(f)).collect();
        let mut rng = polyfen_test_support::Rng::new(0x2545_f491_4f6c_dd1d);
        let mut below = |n: usize| rng.below(n);
        let mut out = Vec::with_capacity(count);
        while out.len() < count {
            let mut p = starts[below(starts.len())];
            for _ in 0..=below(100) {
                out.push(p);
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p.play(moves[below(moves.len())]);
            }
        }
        out.truncate(count);
        out
    }

    /// Counting the legal moves agrees with listing them.
    #[test]
    fn the_count_of_moves_agrees_with_the_list() {
        for p in random_positions(3000) {
            assert_eq!(p.count_moves(), p.legal_moves().len(), "{}", p.to_setup(CastlingStyle::XFen));
        }
    }

    /// The fast path of reading a move either finds exactly the one legal
    /// move the full generation finds, or steps aside: every role, every
    /// destination, every square, file and rank of departure.
    #[test]
    fn sole_piece_move_agrees_with_the_full_generation() {
        let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
        let mut masks = vec![!0u64];
        masks.extend((0..8).map(|f| FILE_A << f));
        masks.extend((0..8).map(|r| RANK_1 << (8 * r)));
        masks.extend((0..64).map(bit));
        let mut fast = [0usize; 6];
        for p in random_positions(600) {
            for role in roles {
                for index in 0..64 {
                    let to = sq(index);
                    let mut all = ArrayVec::new();
                    p.moves_to_into(role, to, &mut all);
                    for &mask in &masks {
                        let careful: Vec<Move> = all
                            .iter()
                            .copied()
                            .filter(|m| bit(m.from().index()) & mask != 0 && m.promotion().is_none())
                            .collect();
                        if let Some(m) = p.sole_piece_move(role, to, mask) {
                            assert_eq!(careful, [m], "{role:?} to {to} from {mask:#x} in {:?}", p.board());
                            fast[role as usize] += 1;
                        }
                    }
                }
            }
        }
        // the fast path is taken for every role
        assert!(fast.iter().all(|&n| n > 300), "{fast:?}");
    }

    /// Reading UCI without listing the legal moves either finds the move
    /// the careful reading finds or steps aside, for every pair of squares;
    /// and the two readings answer alike, errors included.
    #[test]
    fn the_plain_uci_move_agrees_with_the_careful_reading() {
        let mut fast = 0;
        for (n, p) in random_positions(600).into_iter().enumerate() {
            for from in (0..64).map(sq) {
                for to in (0..64).map(sq) {
                    let [a, b] = from.name();
                    let [c, d] = to.name();
                    let text = String::from_utf8(vec![a, b, c, d]).expect("ASCII");
                    if let Some(m) = p.plain_uci_move(from, to) {
                        assert_eq!(p.parse_uci_carefully(&text), Ok(m), "{text} in {:?}", p.board());
                        fast += 1;
                    }
                    if n < 6 {
                        assert_eq!(p.parse_uci(&text), p.parse_uci_carefully(&text), "{text} in {:?}", p.board());
                    }
                }
            }
        }
        assert!(fast > 5_000, "{fast}");
    }
}
