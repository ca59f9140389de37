//! Castling rights in standard, X-FEN and Shredder-FEN form.
//!
//! The field is kept as written, one token per right: `K`/`Q` (the
//! outermost rook on that side of the king, as X-FEN defines them) or a file
//! letter (the rook on that file, as Shredder-FEN and X-FEN's inner rooks
//! write it). Resolving a token to a rook needs the board; so does writing
//! the other style. Nothing is resolved while parsing, so a right without its
//! king or rook survives to validation, which reports it.

use polyfen_core::{Color, ParseError, ParseErrorKind};

use crate::Board;
use crate::types::{Piece, Role, Square};

/// How the castling field is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingStyle {
    /// X-FEN: `KQkq` for the outermost rooks, a file letter for an inner
    /// rook. Identical to standard FEN for ordinary chess.
    #[default]
    XFen,
    /// Shredder-FEN: always the rook's file, `HAha`.
    Shredder,
}

/// The bits of the file tokens, one per file.
const FILES: u16 = 0xff;
const KING_SIDE: u16 = 1 << 8;
const QUEEN_SIDE: u16 = 1 << 9;

/// The castling rights as written: for each side a set of tokens (`K`, `Q`
/// and the files `a`–`h`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Castling {
    tokens: [u16; 2],
}

/// One castling token of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingToken {
    /// `K`: the outermost rook on the king's h-side.
    KingSide,
    /// `Q`: the outermost rook on the king's a-side.
    QueenSide,
    /// A file letter: the rook on that file (0 = a).
    File(u8),
}

impl Castling {
    /// No rights (`-`).
    pub const NONE: Castling = Castling { tokens: [0; 2] };
    /// `KQkq`.
    pub const ALL: Castling = Castling { tokens: [KING_SIDE | QUEEN_SIDE; 2] };

    /// Reads a castling field (`-`, `KQkq`, `HAha`, `Kkd` ...), tokens in
    /// any order. `offset` is the field's byte offset in the line.
    ///
    /// # Errors
    ///
    /// An unexpected character or a token given twice.
    pub fn parse(text: &str, offset: usize) -> Result<Castling, ParseError> {
        const EXPECTED: &str = "'-' or the letters K, Q, k, q, A-H, a-h";
        if text == "-" {
            return Ok(Castling::NONE);
        }
        let mut castling = Castling::NONE;
        for (i, &b) in text.as_bytes().iter().enumerate() {
            let (color, bit) = match b {
                b'K' => (Color::White, KING_SIDE),
                b'Q' => (Color::White, QUEEN_SIDE),
                b'k' => (Color::Black, KING_SIDE),
                b'q' => (Color::Black, QUEEN_SIDE),
                b'A'..=b'H' => (Color::White, 1 << (b - b'A')),
                b'a'..=b'h' => (Color::Black, 1 << (b - b'a')),
                _ => {
                    return Err(ParseError::unexpected(text, i, "castling field", EXPECTED).shifted(offset));
                }
            };
            let set = &mut castling.tokens[color.index()];
            if *set & bit != 0 {
                return Err(ParseError::new(
                    ParseErrorKind::Invalid {
                        field: "castling field",
                        message: format!("{:?} is written twice", b as char).into(),
                    },
                    offset + i..offset + i + 1,
                ));
            }
            *set |= bit;
        }
        Ok(castling)
    }

    /// True when neither side has a right.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.tokens[0] == 0 && self.tokens[1] == 0
    }

    /// The tokens of `color` as bits: files a–h are bits 0–7, `K` bit 8,
    /// `Q` bit 9.
    #[must_use]
    pub const fn bits(&self, color: Color) -> u16 {
        self.tokens[color as usize]
    }

    /// Adds a token for `color`.
    pub fn insert(&mut self, color: Color, token: CastlingToken) {
        self.tokens[color.index()] |= token_bit(token);
    }

    /// Removes a token of `color`.
    pub fn remove(&mut self, color: Color, token: CastlingToken) {
        self.tokens[color.index()] &= !token_bit(token);
    }

    /// Removes every right of `color`.
    pub fn clear(&mut self, color: Color) {
        self.tokens[color.index()] = 0;
    }

    /// The tokens of `color` as written, in no particular order.
    pub fn tokens(&self, color: Color) -> impl Iterator<Item = CastlingToken> {
        let set = self.tokens[color.index()];
        let files = (0..8u8).filter(move |f| set & (1 << f) != 0).map(CastlingToken::File);
        let k = (set & KING_SIDE != 0).then_some(CastlingToken::KingSide);
        let q = (set & QUEEN_SIDE != 0).then_some(CastlingToken::QueenSide);
        k.into_iter().chain(q).chain(files)
    }

    /// The style the field was written in: Shredder when it names files
    /// only, X-FEN otherwise (including `-` and `KQkq`).
    #[must_use]
    pub fn style(&self) -> CastlingStyle {
        let letters = (self.tokens[0] | self.tokens[1]) & 0xff;
        let sides = (self.tokens[0] | self.tokens[1]) & (KING_SIDE | QUEEN_SIDE);
        if letters != 0 && sides == 0 { CastlingStyle::Shredder } else { CastlingStyle::XFen }
    }

    /// The file of the rook a token names on `board`, if that rook exists:
    /// `K`/`Q` resolve to the outermost rook of `color` on its back rank on
    /// that side of its king.
    #[must_use]
    pub fn resolve(board: &Board, color: Color, token: CastlingToken) -> Option<u8> {
        let back = back_rank(color);
        let rook = Piece::new(color, Role::Rook);
        match token {
            CastlingToken::File(f) => Some(f),
            CastlingToken::KingSide => {
                let king = king_file(board, color)?;
                (king + 1..8).rev().find(|&f| cell(board, f, back) == Some(rook))
            }
            CastlingToken::QueenSide => {
                let king = king_file(board, color)?;
                (0..king).find(|&f| cell(board, f, back) == Some(rook))
            }
        }
    }

    /// Writes the field in `style`: white's tokens first, each side's from
    /// the h-side to the a-side (`KQkq`, `HAha`).
    pub fn write(&self, board: &Board, style: CastlingStyle, out: &mut String) {
        if self.is_empty() {
            out.push('-');
            return;
        }
        if style == CastlingStyle::XFen && (self.tokens[0] | self.tokens[1]) & FILES == 0 {
            // only K and Q rights, the common case: written in that order
            // with no need of the board (a king-side rook is always on a
            // later file than a queen-side one)
            for (set, [k, q]) in self.tokens.iter().zip([*b"KQ", *b"kq"]) {
                if set & KING_SIDE != 0 {
                    out.push(k as char);
                }
                if set & QUEEN_SIDE != 0 {
                    out.push(q as char);
                }
            }
            return;
        }
        for color in Color::ALL {
            let mut items: [(i8, u8); 10] = [(0, 0); 10];
            let mut n = 0;
            for token in self.tokens(color) {
                let file = Castling::resolve(board, color, token);
                let letter = match (style, token) {
                    (CastlingStyle::Shredder, _) | (CastlingStyle::XFen, CastlingToken::File(_)) => {
                        match (style, token, file) {
                            // an outermost rook is written K or Q in X-FEN
                            (CastlingStyle::XFen, _, Some(f)) => xfen_letter(board, color, f),
                            (_, CastlingToken::KingSide, None) => b'k',
                            (_, CastlingToken::QueenSide, None) => b'q',
                            (_, _, Some(f)) | (_, CastlingToken::File(f), None) => b'a' + f,
                        }
                    }
                    (CastlingStyle::XFen, CastlingToken::KingSide) => b'k',
                    (CastlingStyle::XFen, CastlingToken::QueenSide) => b'q',
                };
                let key = match (letter, file) {
                    (_, Some(f)) => f as i8,
                    (b'k', None) => 8,
                    _ => -1,
                };
                if let Some(slot) = items.get_mut(n) {
                    *slot = (key, letter);
                    n += 1;
                }
            }
            let items = &mut items[..n];
            items.sort_unstable_by(|a, b| b.cmp(a));
            let mut last = 0u8;
            for &(_, letter) in items.iter() {
                if letter != last {
                    out.push(color.case(letter) as char);
                }
                last = letter;
            }
        }
    }
}

/// The X-FEN letter of the rook on file `f`: `k`/`q` for the outermost rook
/// on its side of the king, else the file letter.
fn xfen_letter(board: &Board, color: Color, f: u8) -> u8 {
    match king_file(board, color) {
        Some(k) if f > k && Castling::resolve(board, color, CastlingToken::KingSide) == Some(f) => b'k',
        Some(k) if f < k && Castling::resolve(board, color, CastlingToken::QueenSide) == Some(f) => b'q',
        _ => b'a' + f,
    }
}

const fn token_bit(token: CastlingToken) -> u16 {
    match token {
        CastlingToken::KingSide => KING_SIDE,
        CastlingToken::QueenSide => QUEEN_SIDE,
        CastlingToken::File(f) => 1 << (f & 7),
    }
}

/// The back rank of `color`: 0 for white, 7 for black.
#[must_use]
pub const fn back_rank(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

fn cell(board: &Board, file: u8, rank: u8) -> Option<Piece> {
    Square::new(file, rank).and_then(|sq| board[sq.index()])
}

/// The file of `color`'s king on its back rank, if exactly there.
#[must_use]
pub fn king_file(board: &Board, color: Color) -> Option<u8> {
    let king = Piece::new(color, Role::King);
    (0..8).find(|&f| cell(board, f, back_rank(color)) == Some(king))
}
