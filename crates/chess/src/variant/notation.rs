//! The move notations of the variants: UCI, SAN and LAN as in chess (see
//! the `notation` module, whose one reading path both read through), each
//! read against the variant's legal moves, plus
//! crazyhouse's drops (`N@f3`; a pawn's `P@e4`, also read as `@e4`) and
//! antichess's promotion to a king (`e8=K`, `e7e8k`).
//!
//! SAN ends in `#` when the move ends the game with a win (a mate, or the
//! variant's own end: the third check, a king on the centre, a king
//! exploded, the last piece given away), `+` for a check: as python-chess
//! and lichess write it.

use arrayvec::ArrayVec;
use core::ops::Range;
use polyfen_core::MoveRepair;

use super::rules::{VariantMoveList, VariantOutcome, VariantPosition};
use crate::notation::{
    CastlingNotation, MoveError, MoveReader, MoveSyntax, San, check_note, is_uci_shaped, lenient_reading, square_at,
    trim, write_castle_or_drop, write_lan_body, write_san_body,
};
use crate::position::{Move, MoveKind, MoveList, Outcome};
use crate::types::{Role, Square};

/// A drop read from text: `N@f3`, `P@e4`, `@e4`.
fn parse_drop(body: &[u8]) -> Option<(Role, Square)> {
    let (role, rest) = match body {
        [b'@', rest @ ..] => (Role::Pawn, rest),
        [letter, b'@', rest @ ..] => (Role::from_letter(*letter).filter(|r| *r != Role::King)?, rest),
        _ => return None,
    };
    match rest {
        [_, _] => Some((role, square_at(rest)?)),
        _ => None,
    }
}

impl VariantPosition {
    fn note(&self) -> String {
        check_note(self.legal_moves().is_empty(), self.is_check(), self.turn())
    }

    /// Reads a move in UCI (`e2e4`, `e7e8q`, castling as `e1g1` or `e1h1`,
    /// drops as `N@f3`) against the variant's legal moves.
    ///
    /// # Errors
    ///
    /// A [`MoveError`] for text that is not UCI or not a legal move, with
    /// the legal moves of the piece (or to the square) as candidates.
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let b = text.trim().as_bytes();
        let offset = text.len() - text.trim_start().len();
        let span = offset..offset + b.len();
        let err =
            |message: String, candidates: Vec<Move>| MoveError { message, span: span.clone(), candidates, uci: true };
        let moves = self.legal_moves();
        // UCI writes the piece's letter, in uppercase
        if let Some((role, to)) = parse_drop(b).filter(|_| b.first().is_some_and(u8::is_ascii_uppercase)) {
            return moves.iter().copied().find(|m| m.is_drop() && m.role() == role && m.to() == to).ok_or_else(|| {
                let candidates = moves.iter().copied().filter(|m| m.is_drop() && m.to() == to).collect();
                err(format!("{} is not a legal drop{}", text.trim(), self.note()), candidates)
            });
        }
        if !is_uci_shaped(b) {
            return Err(err(format!("{:?} is not a UCI move such as e2e4, e7e8q or N@f3", text.trim()), Vec::new()));
        }
        let (Some(from), Some(to)) = (square_at(&b[..2]), square_at(&b[2..4])) else {
            return Err(err("expected two squares".to_owned(), Vec::new()));
        };
        let promotion = b.get(4).and_then(|&c| crate::notation::promotion_of(c));
        let from_here = || moves.iter().copied().filter(move |m| m.from() == from && !m.is_drop());
        if let Some(m) = from_here().find(|m| !m.is_castle() && m.to() == to && m.promotion() == promotion) {
            return Ok(m);
        }
        if promotion.is_none()
            && let Some(m) = from_here().find(|m| m.is_castle() && (m.to() == to || m.king_destination() == to))
        {
            return Ok(m);
        }
        let promotions: Vec<Move> = from_here().filter(|m| m.to() == to && m.promotion().is_some()).collect();
        if !promotions.is_empty() && promotion.is_none() {
            return Err(err(format!("{} is a promotion: add the piece (q, r, b or n)", text.trim()), promotions));
        }
        let mut candidates: Vec<Move> = from_here().collect();
        if candidates.is_empty() {
            candidates = moves.iter().copied().filter(|m| m.to() == to).collect();
        }
        Err(err(format!("{} is not a legal move{}", text.trim(), self.note()), candidates))
    }

    /// Reads a move in SAN (or LAN), strictly.
    ///
    /// # Errors
    ///
    /// As [`crate::Position::parse_san`].
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        self.read_san_or_lan(text, None).map(|(m, _)| m)
    }

    /// Reads a move in any notation, strictly: UCI when the text has its
    /// shape and names a legal move, else SAN.
    ///
    /// # Errors
    ///
    /// As [`crate::Position::parse_move`].
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.read_move(text, None).map(|(m, _)| m)
    }

    /// Reads a move in any notation, leniently, pushing a [`MoveRepair`]
    /// per non-standard reading.
    ///
    /// # Errors
    ///
    /// As [`VariantPosition::parse_move`].
    pub fn parse_move_lenient(&self, text: &str, repairs: &mut Vec<MoveRepair>) -> Result<Move, MoveError> {
        self.read_move(text, Some(repairs)).map(|(m, _)| m)
    }

    /// Reads a move in any notation and says which it was read in:
    /// strictly without `repairs`, leniently with them.
    ///
    /// # Errors
    ///
    /// As [`VariantPosition::parse_move`].
    pub fn read_move(
        &self,
        text: &str,
        repairs: Option<&mut Vec<MoveRepair>>,
    ) -> Result<(Move, MoveSyntax), MoveError> {
        self.read_any(text, repairs)
    }

    fn read_drop(
        &self,
        text: &str,
        span: Range<usize>,
        repairs: Option<&mut Vec<MoveRepair>>,
    ) -> Result<(Move, MoveSyntax), MoveError> {
        let body = &text.as_bytes()[span.clone()];
        let Some((role, to)) = parse_drop(body) else {
            return Err(MoveError {
                message: format!("{:?} is not a drop such as N@f3 or P@e4", text.get(span.clone()).unwrap_or(text)),
                span,
                candidates: Vec::new(),
                uci: false,
            });
        };
        // the drops alone: the other legal moves are never a drop
        let mut moves = VariantMoveList::new();
        self.drops(&mut moves);
        let Some(m) = moves.iter().copied().find(|m| m.is_drop() && m.role() == role && m.to() == to) else {
            let candidates = moves.iter().copied().filter(|m| m.is_drop() && m.to() == to).collect();
            let shown = text.get(span.clone()).unwrap_or(text);
            return Err(MoveError {
                message: format!("{shown} is not a legal drop{}", self.note()),
                span,
                candidates,
                uci: false,
            });
        };
        // a pawn's drop written without its letter is python-chess's and
        // chess.com's form: standard too; a letter in lowercase is not
        let letter_ok = body.first().is_some_and(|&b| b == b'@' || b.is_ascii_uppercase());
        if letter_ok && crate::notation::standard_suffix(text[span.end..].trim_end().as_bytes()) {
            return Ok((m, MoveSyntax::San));
        }
        let standard_form = self.san(m);
        lenient_reading(text, span, m, MoveSyntax::San, &standard_form, repairs)
    }

    /// The legal move a parsed SAN names; leniently, a pawn move without
    /// its file of departure may also be a capture.
    fn san_match(&self, san: San, text: &str, lenient: bool) -> Result<Move, MoveError> {
        // the common case: the one legal move of the role to the square,
        // found among those moves alone; anything else (none, several, a
        // variant without that short cut) is decided on the whole list
        if let San::Normal { role, file, rank, to, promotion, .. } = san {
            let file = if role == Role::Pawn && file.is_none() && !lenient { Some(to.file()) } else { file };
            let mut near = ArrayVec::new();
            if self.moves_to_into(role, to, &mut near) {
                let mut matching = near.iter().filter(|m| {
                    file.is_none_or(|f| m.from().file() == f)
                        && rank.is_none_or(|r| m.from().rank() == r)
                        && (promotion.is_none() || m.promotion() == promotion)
                });
                if let (Some(&m), None) = (matching.next(), matching.next())
                    && (m.promotion().is_none() || promotion.is_some())
                {
                    return Ok(m);
                }
            }
        }
        let span = trim(text.as_bytes());
        let shown = text.get(span.clone()).unwrap_or(text);
        let moves = self.legal_moves();
        match san {
            San::Castle { king_side } => {
                let castles: Vec<Move> = moves.iter().copied().filter(|m| m.is_castle()).collect();
                if let Some(&m) = castles.iter().find(|m| (m.to().file() > m.from().file()) == king_side) {
                    return Ok(m);
                }
                let side = if king_side { "king side" } else { "queen side" };
                Err(MoveError {
                    message: format!("castling {side} ({shown}) is not legal{}", self.note()),
                    span,
                    candidates: castles,
                    uci: false,
                })
            }
            San::Normal { role, file, rank, to, promotion, .. } => {
                let file = if role == Role::Pawn && file.is_none() && !lenient { Some(to.file()) } else { file };
                let from_ok =
                    |m: &Move| file.is_none_or(|f| m.from().file() == f) && rank.is_none_or(|r| m.from().rank() == r);
                let of_role = |m: &&Move| m.role() == role && m.kind() != MoveKind::Castle && !m.is_drop();
                let matching: MoveList = moves
                    .iter()
                    .filter(of_role)
                    .filter(|m| m.to() == to && from_ok(m) && (promotion.is_none() || m.promotion() == promotion))
                    .copied()
                    .collect();
                match matching.as_slice() {
                    [m] if m.promotion().is_none() || promotion.is_some() => Ok(*m),
                    [] => {
                        let mut candidates: Vec<Move> =
                            moves.iter().filter(of_role).filter(|m| m.to() == to).copied().collect();
                        if candidates.is_empty() {
                            candidates = moves.iter().filter(of_role).copied().collect();
                        }
                        if candidates.is_empty() {
                            candidates = moves.iter().copied().filter(|m| m.to() == to).collect();
                        }
                        let message = if self.chess().pieces(self.turn(), role) == 0 {
                            format!("{shown}: {} has no {}", self.turn(), role.name())
                        } else if promotion.is_some() && role != Role::Pawn {
                            format!("{shown}: only a pawn promotes")
                        } else {
                            format!("{shown} is not a legal move{}", self.note())
                        };
                        Err(MoveError { message, span, candidates, uci: false })
                    }
                    several => {
                        let message = if promotion.is_none() && several.iter().any(|m| m.promotion().is_some()) {
                            format!("{shown} is a promotion: add the piece, as in {to}=Q")
                        } else {
                            format!("{shown} is ambiguous")
                        };
                        Err(MoveError { message, span, candidates: several.to_vec(), uci: false })
                    }
                }
            }
        }
    }

    /// A legal move in UCI (drops as `N@f3`).
    #[must_use]
    pub fn uci(&self, m: Move, castling: CastlingNotation) -> String {
        self.chess().uci(m, castling)
    }

    /// A legal move in SAN, with minimal disambiguation among the
    /// variant's legal moves and `+` or `#`.
    #[must_use]
    pub fn san(&self, m: Move) -> String {
        let mut out = String::with_capacity(8);
        self.write_san(m, &mut out);
        out
    }

    /// Writes a legal move in SAN onto `out`.
    pub fn write_san(&self, m: Move, out: &mut String) {
        if !write_castle_or_drop(m, out) {
            let capture = m.kind() == MoveKind::EnPassant || self.chess().piece_at(m.to()).is_some();
            // a pawn's SAN names no competitor: no list to make for it
            let legal = if m.role() == Role::Pawn { ArrayVec::new() } else { self.legal_moves() };
            let others = legal
                .iter()
                .copied()
                .filter(|o| o.role() == m.role() && o.to() == m.to() && !o.is_castle() && !o.is_drop());
            write_san_body(out, m, capture, others);
        }
        self.push_check(m, out);
    }

    /// `#` when the move wins (mate or the variant's own end), `+` for a
    /// check.
    fn push_check(&self, m: Move, out: &mut String) {
        let after = self.played(m);
        let won = matches!(after.outcome(), VariantOutcome::Won { .. } | VariantOutcome::Chess(Outcome::Checkmate));
        if won {
            out.push('#');
        } else if after.is_check() {
            out.push('+');
        }
    }

    /// A legal move in long algebraic notation: `Ng1-f3`, `e4xd5`,
    /// `N@f3`, `O-O`.
    #[must_use]
    pub fn lan(&self, m: Move) -> String {
        let mut out = String::with_capacity(10);
        write_lan_body(self.chess(), m, &mut out);
        self.push_check(m, &mut out);
        out
    }
}

/// The variants read their moves through chess's path, with drops.
impl MoveReader for VariantPosition {
    #[inline]
    fn uci_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_uci(text)
    }

    #[inline]
    fn san_move(&self, san: San, text: &str, lenient: bool) -> Result<Move, MoveError> {
        self.san_match(san, text, lenient)
    }

    /// Read as standard chess reads it where the variant's moves on the
    /// board are chess's.
    #[inline]
    fn plain_san_move(&self, san: San, text: &str) -> Option<Move> {
        if self.plays_chess_moves() {
            self.chess().san_found(san, false)
        } else {
            self.san_match(san, text, false).ok()
        }
    }

    fn drop_move(
        &self,
        text: &str,
        span: Range<usize>,
        repairs: Option<&mut Vec<MoveRepair>>,
    ) -> Option<Result<(Move, MoveSyntax), MoveError>> {
        Some(self.read_drop(text, span, repairs))
    }

    fn standard_form(&self, m: Move, syntax: MoveSyntax) -> String {
        if syntax == MoveSyntax::Lan { self.lan(m) } else { self.san(m) }
    }
}
