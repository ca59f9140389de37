//! Moves in standard algebraic notation as Fairy-Stockfish writes it
//! (`pyffish.get_san`, the notation pychess.org's PGN uses): the piece's
//! letter (none for a pawn's move), the origin as far as it is needed,
//! `x` for a capture, `@` for a drop, the destination, `=Q` for a
//! promotion, `/H` for a piece gated in, `,e4` for a wall placed, castling
//! `O-O` / `O-O-O`, and `+` or `#` for a check or mate. The Shogi family
//! (`variantTemplate = shogi`) writes Hodges' notation with numbers
//! instead, as Fairy-Stockfish does by default for it: `P-76`, `S*34`,
//! `Bx22+` (promoting), `Bx22=` (not promoting where it may), `+R-24` (a
//! promoted piece), `G26-35` (the origin where two could go).
//!
//! Fairy-Stockfish's long algebraic notation (`NOTATION_LAN`) is SAN with
//! the origin's square always written and `-` for a move that captures
//! nothing, in every game, the Shogi family's too: `e2-e4`, `Ng1xh3`,
//! `P@e4`, `b7-b8=Q`, `Pe4-e5=G`, `Qd1-a1,b1`.

use core::fmt::Write as _;

use super::compile::Rules;
use super::moves::{Move, MoveKind};
use super::position::{Position, base, color, is_piece, kind};

/// The kind index of the pawn.
const PAWN: u8 = 1;

impl Rules {
    /// A legal move of `pos` in Fairy-Stockfish's SAN.
    pub fn san(&self, pos: &Position, m: Move) -> String {
        self.san_among(pos, m, &self.legal_moves(pos))
    }

    /// Every legal move of `pos` with its SAN, in the order of
    /// [`Rules::legal_moves`].
    pub fn legal_san(&self, pos: &Position) -> Vec<(Move, String)> {
        let legal = self.legal_moves(pos);
        legal.iter().map(|&m| (m, self.san_among(pos, m, &legal))).collect()
    }

    /// A legal move of `pos` in Fairy-Stockfish's long algebraic notation.
    pub fn lan(&self, pos: &Position, m: Move) -> String {
        self.san_written(pos, m, &[], true, true)
    }

    /// Every legal move of `pos` with its long algebraic text, in the order
    /// of [`Rules::legal_moves`].
    pub fn legal_lan(&self, pos: &Position) -> Vec<(Move, String)> {
        self.legal_moves(pos).into_iter().map(|m| (m, self.lan(pos, m))).collect()
    }

    /// `m` in SAN, told from the other moves of `legal` (the legal moves
    /// of `pos`).
    fn san_among(&self, pos: &Position, m: Move, legal: &[Move]) -> String {
        self.san_written(pos, m, legal, true, false)
    }

    /// `m` in SAN without the check or mate mark (which costs a move made
    /// and, for a mate, every reply), written into `out` (cleared first,
    /// kept by a reader from move to move): for reading a move by its SAN,
    /// marks aside. Not for the Shogi family, whose `+` promotes.
    pub(crate) fn san_unmarked_into(&self, pos: &Position, m: Move, legal: &[Move], out: &mut String) {
        out.clear();
        self.san_write(pos, m, legal, false, false, out);
    }

    /// `m` in long algebraic notation without the check or mate mark,
    /// written into `out` (cleared first), as
    /// [`Rules::san_unmarked_into`] writes its SAN.
    pub(crate) fn lan_unmarked_into(&self, pos: &Position, m: Move, out: &mut String) {
        out.clear();
        self.san_write(pos, m, &[], false, true, out);
    }

    /// `m` in SAN, or in long algebraic notation (`long`: the origin's
    /// square always, `-` for a move that captures nothing, the Shogi
    /// family's moves too), with or without its check mark.
    fn san_written(&self, pos: &Position, m: Move, legal: &[Move], marks: bool, long: bool) -> String {
        let mut out = String::with_capacity(8);
        self.san_write(pos, m, legal, marks, long, &mut out);
        out
    }

    /// [`Rules::san_written`], appended to `out`.
    #[allow(clippy::fn_params_excessive_bools)]
    fn san_write(&self, pos: &Position, m: Move, legal: &[Move], marks: bool, long: bool, out: &mut String) {
        if self.shogi_notation && !long {
            out.push_str(&self.shogi_move(pos, m, legal, ShogiStyle::HodgesNumber));
            return;
        }
        let us = pos.side;
        let from = usize::from(m.from);
        let to = usize::from(m.to);
        if m.kind == MoveKind::Castling {
            out.push_str(if to > from { "O-O" } else { "O-O-O" });
            if m.gate != 0 {
                out.push('/');
                out.push(self.letter(m.gate).to_ascii_uppercase());
                self.san_square(usize::from(m.gate_sq), out);
            }
        } else {
            let cell = pos.board.get(from).copied().unwrap_or(super::position::EMPTY);
            let moved = kind(cell);
            if let MoveKind::Drop { kind: dropped, promoted } = m.kind {
                // a promoted piece dropped (Micro Shogi's) is written as the
                // piece it is
                let dropped = if promoted {
                    self.promoted[usize::from(dropped) & 63].map_or(dropped, crate::PieceKind::index)
                } else {
                    dropped
                };
                out.push(self.san_letter(dropped));
                out.push('@');
            } else {
                let capture = m.kind == MoveKind::EnPassant
                    || (is_piece(pos.board[to]) && color(pos.board[to]) != us && to != from);
                if moved != PAWN {
                    out.push(self.san_letter(moved));
                }
                if long {
                    self.san_square(from, out);
                } else {
                    self.disambiguate(pos, m, legal, capture, out);
                }
                if capture {
                    out.push('x');
                } else if long {
                    out.push('-');
                }
            }
            self.san_square(to, out);
            self.push_promotion(m, cell, out);
            if m.gate != 0 {
                out.push('/');
                out.push(self.letter(m.gate).to_ascii_uppercase());
            }
        }
        if self.walling != crate::value::WallingRule::None {
            out.push(',');
            // a move placing no wall names a1, as in UCI
            let wall = if m.wall == super::position::NO_SQ { self.sq(0, 0) } else { usize::from(m.wall) };
            self.san_square(wall, out);
        }
        if !marks {
            return;
        }
        // a check is the king's (Fairy-Stockfish marks no attack on another
        // royal piece)
        let next = self.make(pos, m);
        if self.in_check(&next, next.side) {
            out.push(if self.legal_moves(&next).is_empty() { '#' } else { '+' });
        }
    }

    /// What SAN and the family notations write after a move's target for
    /// the piece it promotes or is demoted to (`=Q`). `cell` is the moving
    /// piece's cell before the move.
    pub(super) fn push_promotion(&self, m: Move, cell: u16, out: &mut String) {
        let moved = kind(cell);
        match m.kind {
            MoveKind::Promotion(k) => {
                out.push('=');
                out.push(self.letter(k).to_ascii_uppercase());
            }
            MoveKind::PiecePromotion => {
                let promoted = self.promoted[usize::from(moved) & 63].map_or(moved, crate::PieceKind::index);
                out.push('=');
                out.push(self.letter(promoted).to_ascii_uppercase());
            }
            MoveKind::PieceDemotion => {
                out.push('=');
                out.push(self.letter(base(cell)).to_ascii_uppercase());
            }
            _ => {}
        }
    }

    /// A piece's letter in SAN: its second letter where the game has one
    /// (Xiangqi's `H` and `E`), else its own, in upper case.
    pub(crate) fn san_letter(&self, kind: u8) -> char {
        if let crate::value::Value::PieceLetters(map) = self.def.get(crate::keys::Field::PieceSynonyms)
            && let Some(c) = map.iter().find_map(|(k, c)| (k.index() == kind).then_some(*c))
        {
            return c.to_ascii_uppercase();
        }
        self.letter(kind).to_ascii_uppercase()
    }

    fn san_square(&self, sq: usize, out: &mut String) {
        out.push(char::from(b'a' + self.file_of(sq)));
        push_rank(self.rank_of(sq), out);
    }

    /// How far SAN names the origin of `m`: a pawn's file when it captures,
    /// else the file, the rank or the square that tells the move from those
    /// of the side's other pieces of its type to the same square.
    pub(super) fn origin_needed(&self, pos: &Position, m: Move, legal: &[Move], capture: bool) -> Origin {
        let from = usize::from(m.from);
        let moved = kind(pos.board[from]);
        if moved == PAWN {
            if capture {
                return Origin::File;
            }
            if matches!(m.kind, MoveKind::Promotion(_)) && m.from != m.to && self.sittuyin_promotion {
                return Origin::Square;
            }
        }
        // the other pieces of its type that go there alike: whether any
        // does, and whether one shares its file, its rank
        let (mut any, mut same_file, mut same_rank) = (false, false, false);
        let others = legal
            .iter()
            .filter(|o| o.to == m.to && o.from != m.from && o.kind == m.kind && o.gate == m.gate && o.wall == m.wall)
            .map(|o| usize::from(o.from))
            .filter(|&s| is_piece(pos.board[s]) && kind(pos.board[s]) == moved);
        for s in others {
            any = true;
            same_file |= self.file_of(s) == self.file_of(from);
            same_rank |= self.rank_of(s) == self.rank_of(from);
        }
        if !any {
            Origin::None
        } else if !same_file {
            Origin::File
        } else if !same_rank {
            Origin::Rank
        } else {
            Origin::Square
        }
    }

    /// The origin as far as SAN needs it ([`Rules::origin_needed`]).
    fn disambiguate(&self, pos: &Position, m: Move, legal: &[Move], capture: bool, out: &mut String) {
        let from = usize::from(m.from);
        match self.origin_needed(pos, m, legal, capture) {
            Origin::None => {}
            Origin::File => out.push(char::from(b'a' + self.file_of(from))),
            Origin::Rank => push_rank(self.rank_of(from), out),
            Origin::Square => self.san_square(from, out),
        }
    }

    /// `m` in one of the Shogi family's notations: files from the right
    /// and ranks from the top (as numbers, or letters in Hodges'), `*` for
    /// a drop (Hosking's `'`), `x` for a capture, `-` for another move
    /// (Hosking's only after an origin), `+` promoting, `=` not promoting
    /// where it may.
    pub(super) fn shogi_move(&self, pos: &Position, m: Move, legal: &[Move], style: ShogiStyle) -> String {
        let mut out = String::with_capacity(8);
        let square = |sq: usize, out: &mut String| {
            let _ = write!(out, "{}", self.files - self.file_of(sq));
            let rank = self.ranks - 1 - self.rank_of(sq);
            if style == ShogiStyle::Hodges {
                out.push(char::from(b'a'.saturating_add(rank)));
            } else {
                let _ = write!(out, "{}", rank + 1);
            }
        };
        let to = usize::from(m.to);
        if let MoveKind::Drop { kind: dropped, promoted } = m.kind {
            if promoted {
                out.push('+');
            }
            out.push(self.san_letter(dropped));
            out.push(if style == ShogiStyle::Hosking { '\'' } else { '*' });
            square(to, &mut out);
            return out;
        }
        let from = usize::from(m.from);
        let cell = pos.board[from];
        let (moved, unpromoted) = (kind(cell), base(cell));
        if unpromoted != 0 {
            out.push('+');
            out.push(self.san_letter(unpromoted));
        } else {
            out.push(self.san_letter(moved));
        }
        let ambiguous = legal.iter().any(|o| {
            o.to == m.to
                && o.from != m.from
                && o.kind == m.kind
                && is_piece(pos.board[usize::from(o.from)])
                && kind(pos.board[usize::from(o.from)]) == moved
                && base(pos.board[usize::from(o.from)]) == unpromoted
        });
        if ambiguous {
            square(from, &mut out);
        }
        let capture = is_piece(pos.board[to]) && color(pos.board[to]) != pos.side && to != from;
        if capture {
            out.push('x');
        } else if style != ShogiStyle::Hosking || ambiguous {
            out.push('-');
        }
        square(to, &mut out);
        match m.kind {
            MoveKind::Promotion(k) => {
                out.push('=');
                out.push(self.letter(k).to_ascii_uppercase());
            }
            MoveKind::PiecePromotion => out.push('+'),
            MoveKind::PieceDemotion => out.push('-'),
            MoveKind::Normal
                if legal.iter().any(|o| o.from == m.from && o.to == m.to && o.kind == MoveKind::PiecePromotion) =>
            {
                out.push('=');
            }
            _ => {}
        }
        out
    }
}

/// A rank's number (`rank` from 0), as SAN writes it: `1` to `16`.
fn push_rank(rank: u8, out: &mut String) {
    let number = rank.saturating_add(1);
    if number >= 10 {
        let _ = write!(out, "{number}");
    } else {
        out.push(char::from(b'0' + number));
    }
}

/// How far a move's origin is written to tell it from the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Origin {
    /// Not at all.
    None,
    /// Its file.
    File,
    /// Its rank.
    Rank,
    /// Its square.
    Square,
}

/// The Shogi family's notations Fairy-Stockfish writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ShogiStyle {
    /// Hodges' with numbers: `P-76`, `S*34`.
    HodgesNumber,
    /// Hodges' with letters for the ranks: `P-7f`, `S*3d`.
    Hodges,
    /// Hosking's: `P76`, `S'34`, `G69-58` (the origin where two could go).
    Hosking,
}
