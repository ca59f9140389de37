//! UCI: a move as its two squares and a promotion letter (`e2e4`,
//! `e7e8q`), castling as the king's two squares or as king takes rook.

use super::{MoveError, promotion_of, push_square};
use crate::position::{Move, MoveKind, Position};
use crate::types::Square;

/// How UCI writes castling.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingNotation {
    /// The king's move of two squares (`e1g1`), as standard chess writes it.
    #[default]
    KingTwoSquares,
    /// The king takes its own rook (`e1h1`), as Chess960 engines write it.
    KingTakesRook,
}

pub(crate) fn is_uci_shaped(b: &[u8]) -> bool {
    matches!(
        b,
        [b'a'..=b'h', b'1'..=b'8', b'a'..=b'h', b'1'..=b'8']
            | [b'a'..=b'h', b'1'..=b'8', b'a'..=b'h', b'1'..=b'8', b'q' | b'r' | b'b' | b'n' | b'k']
    )
}

impl Position {
    /// Reads a move in UCI (`e2e4`, `e7e8q`; castling as `e1g1` or as king
    /// takes rook `e1h1`).
    ///
    /// # Errors
    ///
    /// A [`MoveError`] for text that is not UCI or not a legal move, with
    /// the legal moves of the piece (or to the square) as candidates.
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        // the common case: a move neither promoting nor castling, found
        // without listing every legal move (anything else is read below)
        if let Some(m) = self.plain_uci(text) {
            return Ok(m);
        }
        self.parse_uci_carefully(text)
    }

    /// The legal move a UCI text of four bytes names, neither promoting
    /// nor castling, when [`Position::plain_uci_move`] finds it; `None`
    /// leaves the text to [`Position::parse_uci_carefully`].
    #[inline]
    pub(crate) fn plain_uci(&self, text: &str) -> Option<Move> {
        let [f0, f1, t0, t1] = *text.as_bytes() else { return None };
        self.plain_uci_move(Square::parse(&[f0, f1])?, Square::parse(&[t0, t1])?)
    }

    /// The legal move from `from` to `to` of the piece of the side to move
    /// standing on `from`, neither promoting nor castling, when
    /// [`Position::sole_piece_move`] finds it; `None` leaves it to the
    /// careful reading.
    #[inline]
    pub(crate) fn plain_uci_move(&self, from: Square, to: Square) -> Option<Move> {
        let b = 1u64 << from.index();
        if self.colors[self.turn.index()] & b == 0 {
            return None;
        }
        let role = self.role_at(from.index())?;
        self.sole_piece_move(role, to, b)
    }

    /// [`Position::parse_uci`] for any text: every form, and the errors.
    pub(crate) fn parse_uci_carefully(&self, text: &str) -> Result<Move, MoveError> {
        let b = text.trim().as_bytes();
        let offset = text.len() - text.trim_start().len();
        let span = offset..offset + b.len();
        let uci_error =
            |message: String, candidates: Vec<Move>| MoveError { message, span: span.clone(), candidates, uci: true };
        if !is_uci_shaped(b) {
            return Err(uci_error(format!("{:?} is not a UCI move such as e2e4 or e7e8q", text.trim()), Vec::new()));
        }
        let (Some(from), Some(to)) = (Square::parse(&b[..2]), Square::parse(&b[2..4])) else {
            return Err(uci_error("expected two squares".to_owned(), Vec::new()));
        };
        let promotion = b.get(4).and_then(|&c| promotion_of(c));
        let moves = self.legal_moves();
        let mut from_here = moves.iter().copied().filter(|m| m.from() == from);
        if let Some(m) = from_here.clone().find(|m| !m.is_castle() && m.to() == to && m.promotion() == promotion) {
            return Ok(m);
        }
        if promotion.is_none()
            && let Some(m) = from_here.find(|m| m.is_castle() && (m.to() == to || m.king_destination() == to))
        {
            return Ok(m);
        }
        let promotions: Vec<Move> =
            moves.iter().copied().filter(|m| m.from() == from && m.to() == to && m.promotion().is_some()).collect();
        if !promotions.is_empty() && promotion.is_none() {
            return Err(uci_error(format!("{} is a promotion: add the piece (q, r, b or n)", text.trim()), promotions));
        }
        let mut candidates: Vec<Move> = moves.iter().copied().filter(|m| m.from() == from).collect();
        if candidates.is_empty() {
            candidates = moves.iter().copied().filter(|m| m.to() == to).collect();
        }
        Err(uci_error(format!("{} is not a legal move{}", text.trim(), self.check_note()), candidates))
    }

    /// A legal move in UCI.
    #[must_use]
    pub fn uci(&self, m: Move, castling: CastlingNotation) -> String {
        let mut out = String::with_capacity(5);
        self.write_uci(m, castling, &mut out);
        out
    }

    /// Writes a legal move in UCI onto `out`.
    pub fn write_uci(&self, m: Move, castling: CastlingNotation, out: &mut String) {
        if m.is_drop() {
            out.push(m.role().letter().to_ascii_uppercase() as char);
            out.push('@');
            push_square(out, m.to());
            return;
        }
        push_square(out, m.from());
        let to = match (m.kind(), castling) {
            // a king already on its castling square can only take its rook
            (MoveKind::Castle, CastlingNotation::KingTwoSquares) if m.king_destination() != m.from() => {
                m.king_destination()
            }
            _ => m.to(),
        };
        push_square(out, to);
        if let Some(p) = m.promotion() {
            out.push(p.letter() as char);
        }
    }
}
