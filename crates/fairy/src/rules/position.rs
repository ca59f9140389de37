//! A position of a compiled game: the padded board, the hands, the side to
//! move and the state the rules carry from move to move (castling rights,
//! en passant squares, check counters, the move that reached it).

use polyfen_core::Color;

use super::compile::{CELLS, Rules};
use super::move_type::Move;
use crate::fen::{Cell, FairySetup, Letters, Pocket};
use crate::piece::PieceKind;

/// An empty cell.
pub(crate) const EMPTY: u16 = 0;
/// A cell off the board.
pub(crate) const OFF: u16 = 0xFFFF;
/// A wall.
pub(crate) const WALL: u16 = 0xFFFE;
pub(crate) const BLACK: u16 = 0x40;
pub(crate) const TILDE: u16 = 0x2000;

/// A cell's piece: kind, side, the kind it was before a Shogi-style
/// promotion, and crazyhouse's promoted mark.
pub(crate) const fn piece(kind: u8, color: Color, base: u8, tilde: bool) -> u16 {
    (kind as u16 & 63)
        | if matches!(color, Color::Black) { BLACK } else { 0 }
        | ((base as u16 & 63) << 7)
        | if tilde { TILDE } else { 0 }
}

pub(crate) const fn is_piece(c: u16) -> bool {
    // neither empty (0) nor off the board or a wall (0x4000 and above),
    // in one comparison
    c.wrapping_sub(1) < 0x3FFF
}

pub(crate) const fn kind(c: u16) -> u8 {
    (c & 63) as u8
}

pub(crate) const fn base(c: u16) -> u8 {
    ((c >> 7) & 63) as u8
}

pub(crate) fn color(c: u16) -> Color {
    if c & BLACK != 0 { Color::Black } else { Color::White }
}

/// A position of a game its [`Rules`] play.
#[derive(Debug, PartialEq, Eq)]
pub struct Position {
    /// The padded board: its first [`Position::cells`] cells the game's
    /// (its ranks and files and the padding about them), the rest
    /// [`OFF`].
    pub(crate) board: [u16; CELLS],
    /// How many of the board's cells the game uses.
    pub(crate) cells: u16,
    pub(crate) hand: [[u8; 64]; 2],
    pub(crate) side: Color,
    /// White kingside, white queenside, black kingside, black queenside.
    pub(crate) castling: u8,
    pub(crate) castling_rook: [u16; 4],
    pub(crate) castling_king: [u16; 2],
    /// Gates by side: a bit per file of the side's castling rank.
    pub(crate) gates: [u16; 2],
    pub(crate) ep: [u16; 4],
    pub(crate) ep_len: u8,
    pub(crate) checks: [u8; 2],
    pub(crate) royal: [u16; 2],
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// A counting game's running count: its limit and the plies counted
    /// (limit 0: no count runs).
    pub(crate) count_limit: u16,
    pub(crate) count_ply: u16,
    /// The last move and the one before were passes (bits 0 and 1); the
    /// position before had the kings facing (bit 2, Janggi's bikjang); the
    /// last move was a castling that wins (bit 3, `castlingWins`); the last
    /// move was a drop (bit 4); the last move captured (bit 5).
    pub(crate) history: u8,
    /// The move that reached the position (`None`: set up from a FEN), which
    /// Janggi's move repetition reads back through a game's positions.
    pub(crate) last_move: Option<Move>,
}

/// A copy made into a position copies the cells its game uses, not the
/// board's every cell (those beyond are off the board in both).
impl Clone for Position {
    fn clone(&self) -> Self {
        let mut copy = Position { board: [OFF; CELLS], ..*self };
        let used = usize::from(self.cells);
        copy.board[..used].copy_from_slice(&self.board[..used]);
        copy
    }

    fn clone_from(&mut self, source: &Self) {
        // every field named, so that a new one is not forgotten
        let Position {
            board,
            cells,
            hand,
            side,
            castling,
            castling_rook,
            castling_king,
            gates,
            ep,
            ep_len,
            checks,
            royal,
            halfmove,
            fullmove,
            count_limit,
            count_ply,
            history,
            last_move,
        } = source;
        let used = usize::from(self.cells.max(*cells));
        self.board[..used].copy_from_slice(&board[..used]);
        self.cells = *cells;
        self.hand = *hand;
        self.side = *side;
        self.castling = *castling;
        self.castling_rook = *castling_rook;
        self.castling_king = *castling_king;
        self.gates = *gates;
        self.ep = *ep;
        self.ep_len = *ep_len;
        self.checks = *checks;
        self.royal = *royal;
        self.halfmove = *halfmove;
        self.fullmove = *fullmove;
        self.count_limit = *count_limit;
        self.count_ply = *count_ply;
        self.history = *history;
        self.last_move = *last_move;
    }
}

/// A position is its own history entry ([`Rules::history_outcome`] reads a
/// game's positions, or anything that holds them, without copying them).
impl AsRef<Position> for Position {
    fn as_ref(&self) -> &Position {
        self
    }
}

/// Why a setup cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The FEN does not read.
    #[error("{0}")]
    Fen(String),
    /// The setup's board is not the game's.
    #[error("the board is {0}×{1}, the game's is {2}×{3}")]
    Size(u8, u8, u8, u8),
}

pub(crate) use super::move_type::NO_SQ;

/// Each side's pseudo-royal squares, by colour index.
pub(crate) type RoyalSquares = [RoyalsOf; 2];

/// The pseudo-royal squares of one side: a few, kept inline.
pub(crate) type RoyalsOf = smallvec::SmallVec<[usize; 4]>;

impl Rules {
    /// The squares of the pieces of `side` whose kind is one `of_kind`
    /// takes, in the order of [`Rules::board_squares`].
    pub(crate) fn squares_of(&self, pos: &Position, side: Color, of_kind: impl Fn(u8) -> bool) -> Vec<usize> {
        self.board_squares()
            .filter(|&s| {
                let cell = pos.board[s];
                is_piece(cell) && color(cell) == side && of_kind(kind(cell))
            })
            .collect()
    }
}

impl Position {
    /// The side to move.
    pub fn side(&self) -> Color {
        self.side
    }

    /// The piece on (`file`, `rank`), from 0: its side, type, and the type
    /// it was before a Shogi-style promotion.
    pub fn piece_at(&self, rules: &Rules, file: u8, rank: u8) -> Option<(Color, PieceKind, Option<PieceKind>)> {
        if file >= rules.files || rank >= rules.ranks {
            return None;
        }
        let c = self.board[rules.sq(file, rank)];
        if !is_piece(c) {
            return None;
        }
        let k = PieceKind::from_index(kind(c))?;
        Some((color(c), k, PieceKind::from_index(base(c))))
    }

    /// How many of `kind` `color` holds in hand.
    pub fn in_hand(&self, color: Color, kind: PieceKind) -> u8 {
        self.hand[color.index()][usize::from(kind.index()) & 63]
    }

    pub(crate) fn ep_squares(&self) -> &[u16] {
        &self.ep[..usize::from(self.ep_len)]
    }

    pub(crate) fn push_ep(&mut self, sq: usize) {
        if usize::from(self.ep_len) < self.ep.len() && !self.ep_squares().contains(&(sq as u16)) {
            self.ep[usize::from(self.ep_len)] = sq as u16;
            self.ep_len += 1;
        }
    }

    /// The position a setup describes.
    ///
    /// # Errors
    ///
    /// A board of another size than the game's.
    pub fn from_setup(rules: &Rules, setup: &FairySetup) -> Result<Position, PositionError> {
        if setup.files != rules.files || setup.ranks != rules.ranks {
            return Err(PositionError::Size(setup.files, setup.ranks, rules.files, rules.ranks));
        }
        let mut pos = Position {
            board: [OFF; CELLS],
            cells: u16::try_from(rules.cells()).unwrap_or(u16::MAX),
            hand: [[0; 64]; 2],
            side: setup.side,
            castling: 0,
            castling_rook: [NO_SQ; 4],
            castling_king: [NO_SQ; 2],
            gates: [0; 2],
            ep: [NO_SQ; 4],
            ep_len: 0,
            checks: setup.checks.unwrap_or([0, 0]),
            royal: [NO_SQ; 2],
            halfmove: setup.halfmove,
            fullmove: setup.fullmove,
            count_limit: 0,
            count_ply: 0,
            history: 0,
            last_move: None,
        };
        if let Some(limit) = setup.counting.filter(|_| rules.counting != crate::value::CountingRule::None) {
            // Fairy-Stockfish reads the plies counted from the halfmove field.
            pos.count_limit = u16::try_from(limit).unwrap_or(u16::MAX);
            pos.count_ply = u16::try_from(setup.halfmove).unwrap_or(u16::MAX);
            pos.halfmove = 0;
        }
        for rank in 0..rules.ranks {
            for file in 0..rules.files {
                let s = rules.sq(file, rank);
                pos.board[s] = match setup.at(file, rank) {
                    None => EMPTY,
                    Some(Cell::Wall) => WALL,
                    Some(Cell::Piece(p)) => piece(p.kind.index(), p.color, p.base.map_or(0, PieceKind::index), p.tilde),
                };
                if pos.board[s] != EMPTY
                    && pos.board[s] != WALL
                    && kind(pos.board[s]) == PieceKind::KING.index()
                    && rules.royal
                {
                    pos.royal[color(pos.board[s]).index()] = s as u16;
                }
            }
        }
        for color in Color::ALL {
            for k in &rules.kinds {
                pos.hand[color.index()][usize::from(k.index())] = setup.pocket.count(color, *k);
            }
        }
        for &(f, r) in &setup.en_passant {
            let s = rules.sq(f, r);
            if rules.ep_region[setup.side.index()][s] {
                pos.push_ep(s);
            }
        }
        pos.read_castling(rules, &setup.castling);
        Ok(pos)
    }

    /// Reads a FEN of the game.
    ///
    /// # Errors
    ///
    /// The FEN does not read.
    pub fn from_fen(rules: &Rules, fen: &str) -> Result<Position, PositionError> {
        let letters = Letters::new(&rules.def);
        let setup = FairySetup::parse(&rules.def, &letters, fen).map_err(|e| PositionError::Fen(e.to_string()))?;
        Position::from_setup(rules, &setup)
    }

    /// The game's start position.
    ///
    /// # Errors
    ///
    /// The definition's start FEN does not read.
    pub fn start(rules: &Rules) -> Result<Position, PositionError> {
        Position::from_fen(rules, rules.def.text(crate::keys::Field::StartFen))
    }

    /// The position as a setup (its FEN written by [`FairySetup::write`]).
    pub fn to_setup(&self, rules: &Rules) -> FairySetup {
        let letters = Letters::new(&rules.def);
        let mut setup = FairySetup::parse(&rules.def, &letters, rules.def.text(crate::keys::Field::StartFen))
            .unwrap_or_else(|_| FairySetup {
                files: rules.files,
                ranks: rules.ranks,
                board: vec![None; usize::from(rules.files) * usize::from(rules.ranks)],
                pocket: Pocket::default(),
                has_pocket: false,
                side: Color::White,
                castling: "-".to_owned(),
                en_passant: Vec::new(),
                checks: None,
                counting: None,
                halfmove: 0,
                fullmove: 1,
            });
        for rank in 0..rules.ranks {
            for file in 0..rules.files {
                let c = self.board[rules.sq(file, rank)];
                let idx = usize::from(rank) * usize::from(rules.files) + usize::from(file);
                setup.board[idx] = if c == WALL {
                    Some(Cell::Wall)
                } else if is_piece(c) {
                    PieceKind::from_index(kind(c)).map(|k| {
                        Cell::Piece(crate::fen::Piece {
                            color: color(c),
                            kind: k,
                            base: PieceKind::from_index(base(c)),
                            tilde: c & TILDE != 0 && ((rules.captures_to_hand && !rules.drop_loop) || rules.two_boards),
                        })
                    })
                } else {
                    None
                };
            }
        }
        let mut pocket = Pocket::default();
        for color in Color::ALL {
            for k in &rules.kinds {
                for _ in 0..self.in_hand(color, *k) {
                    pocket.add(color, *k);
                }
            }
        }
        setup.pocket = pocket;
        setup.side = self.side;
        let mut castling = String::new();
        for color in Color::ALL {
            let ci = color.index();
            let rights = self.castling & (0b11 << (ci * 2)) != 0;
            for side in 0..2 {
                if self.castling & (1 << (ci * 2 + side)) != 0 {
                    // `K` and `Q` where they read back as this rook (and
                    // always where gates are read from them), else the
                    // rook's file, as X-FEN writes a rook not the outermost
                    let file = rules.file_of(usize::from(self.castling_rook[ci * 2 + side]));
                    let named = rules.gating || self.castling_letter_file(rules, color, side == 0) == file;
                    let letter = if rules.chess960 || !named { b'A' + file } else { [b'K', b'Q'][side] };
                    castling.push(color.case(letter) as char);
                }
            }
            let hand = self.hand[ci].iter().any(|&n| n > 0);
            if !rules.gating || self.gates[ci] == 0 || (rules.seirawan && !hand && !rules.captures_to_hand) {
                continue;
            }
            for f in 0..rules.files {
                let sq = rules.sq(f, rules.castling_rank[ci]);
                let named = (!rules.chess960 && rights && sq == usize::from(self.castling_king[ci]))
                    || (0..2).any(|side| {
                        self.castling & (1 << (ci * 2 + side)) != 0
                            && sq == usize::from(self.castling_rook[ci * 2 + side])
                    });
                if self.gates[ci] & (1 << f) != 0 && !named {
                    castling.push(color.case(b'A' + f) as char);
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        setup.castling = castling;
        setup.en_passant =
            self.ep_squares().iter().map(|&s| (rules.file_of(usize::from(s)), rules.rank_of(usize::from(s)))).collect();
        if setup.checks.is_some() {
            setup.checks = Some(self.checks);
        }
        setup.counting = (self.count_limit != 0).then_some(u32::from(self.count_limit));
        setup.halfmove = if self.count_limit != 0 { u32::from(self.count_ply) } else { self.halfmove };
        setup.fullmove = self.fullmove;
        setup
    }

    /// The FEN of the position, as [`FairySetup::write`] writes it.
    pub fn fen(&self, rules: &Rules) -> String {
        self.to_setup(rules).write(&Letters::new(&rules.def))
    }

    /// Whether `sq` is one of `c`'s gates (a square on its castling rank
    /// the castling field names).
    pub(crate) fn is_gate(&self, rules: &Rules, c: Color, sq: usize) -> bool {
        rules.rank_of(sq) == rules.castling_rank[c.index()] && self.gates[c.index()] & (1 << rules.file_of(sq)) != 0
    }

    /// Whether the square of the file `f` on `c`'s castling rank holds one
    /// of `c`'s castling rooks.
    fn is_castling_rook(&self, rules: &Rules, c: Color, f: u8) -> bool {
        let cell = self.board[rules.sq(f, rules.castling_rank[c.index()])];
        is_piece(cell)
            && color(cell) == c
            && PieceKind::from_index(kind(cell)).is_some_and(|k| rules.castling_rooks[c.index()].contains(k))
    }

    /// The file of the rook a castling field's `K` (`kingside`) or `Q`
    /// names for `c`, as Fairy-Stockfish reads it: the first of its castling
    /// rooks from the game's kingside (queenside) rook file inwards, else
    /// the last file looked at.
    fn castling_letter_file(&self, rules: &Rules, c: Color, kingside: bool) -> u8 {
        let rook_ok = |f: u8| self.is_castling_rook(rules, c, f);
        if kingside {
            let mut f = rules.castling_rook_kingside_file;
            while !rook_ok(f) && f > 0 {
                f -= 1;
            }
            f
        } else {
            let mut f = rules.castling_rook_queenside_file;
            while !rook_ok(f) && f + 1 < rules.files {
                f += 1;
            }
            f
        }
    }

    fn read_castling(&mut self, rules: &Rules, field: &str) {
        if field == "-" || !(rules.castling || rules.gating) {
            return;
        }
        for b in field.bytes() {
            let c = if b.is_ascii_lowercase() { Color::Black } else { Color::White };
            let ci = c.index();
            let rank = rules.castling_rank[ci];
            let upper = b.to_ascii_uppercase();
            let rook_file = match upper {
                b'K' if rules.castling => self.castling_letter_file(rules, c, true),
                b'Q' if rules.castling => self.castling_letter_file(rules, c, false),
                b'A'..=b'P' if upper - b'A' < rules.files => upper - b'A',
                _ => continue,
            };
            if rules.castling
                && self.castling_king[ci] == NO_SQ
                && let Some(king_kind) = rules.castling_king[ci]
            {
                let kings: Vec<u8> = (0..rules.files)
                    .filter(|&f| {
                        let cell = self.board[rules.sq(f, rank)];
                        is_piece(cell) && color(cell) == c && kind(cell) == king_kind.index()
                    })
                    .collect();
                let file = if kings.len() == 1 || (rules.chess960 && !kings.is_empty()) {
                    kings[0]
                } else {
                    rules.castling_king_file
                };
                if kings.contains(&file) {
                    self.castling_king[ci] = rules.sq(file, rank) as u16;
                }
            }
            if rules.gating {
                let cell = self.board[rules.sq(rook_file, rank)];
                if is_piece(cell) && color(cell) == c {
                    self.gates[ci] |= 1 << rook_file;
                }
                if matches!(upper, b'K' | b'Q') && self.castling_king[ci] != NO_SQ {
                    self.gates[ci] |= 1 << rules.file_of(usize::from(self.castling_king[ci]));
                } else if !rules.seirawan || self.hand[ci].iter().any(|&n| n > 0) || rules.captures_to_hand {
                    continue;
                }
            }
            if !rules.castling || self.castling_king[ci] == NO_SQ || !self.is_castling_rook(rules, c, rook_file) {
                continue;
            }
            self.set_castling_right(rules, ci, rules.sq(rook_file, rank));
        }
        // Gates on the king and rooks of a Chess960 gating game: castling rights.
        if rules.gating && rules.castling {
            for color in Color::ALL {
                let ci = color.index();
                let k = self.castling_king[ci];
                let hand = self.hand[ci].iter().any(|&n| n > 0);
                if k == NO_SQ
                    || !self.is_gate(rules, color, usize::from(k))
                    || self.castling & (0b11 << (2 * ci)) != 0
                    || (rules.seirawan && !hand && !rules.captures_to_hand)
                {
                    continue;
                }
                for f in 0..rules.files {
                    let sq = rules.sq(f, rules.castling_rank[ci]);
                    let cell = self.board[sq];
                    if self.is_gate(rules, color, sq)
                        && is_piece(cell)
                        && color == super::position::color(cell)
                        && PieceKind::from_index(kind(cell)).is_some_and(|k| rules.castling_rooks[ci].contains(k))
                    {
                        self.set_castling_right(rules, ci, sq);
                    }
                }
            }
        }
    }

    fn set_castling_right(&mut self, _rules: &Rules, ci: usize, rsq: usize) {
        let ksq = usize::from(self.castling_king[ci]);
        let right = ci * 2 + usize::from(rsq < ksq);
        self.castling |= 1 << right;
        self.castling_rook[right] = rsq as u16;
    }
}

#[cfg(test)]
mod tests {
    use super::Position;
    use crate::registry;

    /// A copy of a position is equal to it, a copy made into a position of
    /// a game of any other size too, its cells beyond the game's off the
    /// board.
    #[test]
    fn a_copy_is_its_position_whatever_the_board_copied_into() {
        let starts: Vec<Position> = ["makruk", "grand", "shogi", "minishogi", "xiangqi", "capablanca"]
            .iter()
            .map(|name| {
                let rules = registry::rules(name).expect("a built-in game");
                Position::start(&rules).expect("its start")
            })
            .collect();
        for a in &starts {
            assert_eq!(&a.clone(), a);
            assert!(a.board[usize::from(a.cells)..].iter().all(|&c| c == super::OFF));
            for b in &starts {
                let mut into = b.clone();
                into.clone_from(a);
                assert_eq!(&into, a);
            }
        }
    }
}
