//! SAN: a move read into its parts ([`San`]) and matched against the
//! legal moves of the piece to the destination (LAN and coordinates are
//! read by the same grammar), and SAN written with minimal disambiguation.

use arrayvec::ArrayVec;
use core::ops::Range;

use super::{MoveError, MoveReader, promotion_of, push_square, square_at, write_castle_or_drop};
use crate::position::{Move, MoveKind, Position};
use crate::types::{Role, Square};

/// A SAN (or LAN, or coordinate) move read into its parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// A move of one piece.
    Normal {
        /// The role of the piece (a pawn when no letter is given).
        role: Role,
        /// The file the piece comes from, if given (0 = a).
        file: Option<u8>,
        /// The rank the piece comes from, if given (0 = rank 1).
        rank: Option<u8>,
        /// Whether `x` (or `:`) was written.
        capture: bool,
        /// The destination.
        to: Square,
        /// The promotion piece, if given.
        promotion: Option<Role>,
    },
    /// Castling: `O-O` (king side, towards the h-file) or `O-O-O`.
    Castle {
        /// True for `O-O`.
        king_side: bool,
    },
}

#[inline]
fn role_of_upper(b: u8) -> Option<Role> {
    match b {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        b'P' => Some(Role::Pawn),
        _ => None,
    }
}

fn file_of(b: Option<&u8>) -> Option<u8> {
    b.filter(|b| (b'a'..=b'h').contains(b)).map(|b| b - b'a')
}

fn rank_of(b: Option<&u8>) -> Option<u8> {
    b.filter(|b| (b'1'..=b'8').contains(b)).map(|b| b - b'1')
}

/// Where the move proper lies in `text`: whitespace, check marks,
/// annotations and `e.p.` trimmed from the ends.
#[inline]
pub(crate) fn trim(text: &[u8]) -> Range<usize> {
    let mut start = 0;
    while start < text.len() && text[start].is_ascii_whitespace() {
        start += 1;
    }
    let mut end = text.len();
    // the common case: a move ending in a square or piece letter, or in one
    // check mark after it
    if end > start + 1 && matches!(text[end - 1], b'+' | b'#') {
        end -= 1;
    }
    if end > start && matches!(text[end - 1], b'1'..=b'8' | b'A'..=b'Z') {
        return start..end;
    }
    loop {
        let before = end;
        while end > start && (text[end - 1].is_ascii_whitespace() || b"+#!?".contains(&text[end - 1])) {
            end -= 1;
        }
        for suffix in [&b"e.p."[..], b"ep.", b"e.p"] {
            if end >= start + suffix.len() + 2 && text[end - suffix.len()..end].eq_ignore_ascii_case(suffix) {
                end -= suffix.len();
                break;
            }
        }
        if end == before {
            return start..end;
        }
    }
}

impl San {
    /// Reads SAN leniently (see the module documentation).
    ///
    /// # Errors
    ///
    /// A [`MoveError`] with the span of the first unexpected byte.
    #[inline]
    pub fn parse(text: &str) -> Result<San, MoveError> {
        San::parse_form(text).map(|(san, _)| san)
    }

    /// Reads SAN leniently and says whether the text is in a standard form
    /// (see the module documentation).
    #[inline]
    pub(crate) fn parse_form(text: &str) -> Result<(San, bool), MoveError> {
        let b = text.as_bytes();
        let Range { start, end } = trim(b);
        if start == end {
            return Err(MoveError::new("empty move: expected a move such as e4, Nf3 or O-O", 0..text.len()));
        }
        let suffix_ok = standard_suffix(text[end..].trim_end().as_bytes());
        let body = &b[start..end];
        let castle = body.iter().all(|c| b"O0o-".contains(c));
        if castle {
            let letters = body.iter().filter(|&&c| c != b'-').count();
            let dashes_ok =
                body.first() != Some(&b'-') && body.last() != Some(&b'-') && !body.windows(2).any(|w| w == b"--");
            let standard = suffix_ok && matches!(body, b"O-O" | b"O-O-O" | b"0-0" | b"0-0-0");
            return match (letters, dashes_ok) {
                (2, true) => Ok((San::Castle { king_side: true }, standard)),
                (3, true) => Ok((San::Castle { king_side: false }, standard)),
                _ => Err(MoveError::new("expected O-O or O-O-O", start..end)),
            };
        }
        let mut standard = suffix_ok;
        let at = |i: usize| if i < end { b.get(i) } else { None };
        let mut i = start;
        let role = match at(i).and_then(|&c| role_of_upper(c)) {
            Some(r) => {
                standard &= r != Role::Pawn;
                i += 1;
                r
            }
            None => Role::Pawn,
        };
        let f1 = file_of(at(i));
        if f1.is_some() {
            i += 1;
        }
        let r1 = rank_of(at(i));
        if r1.is_some() {
            i += 1;
        }
        let separator = at(i).copied().filter(|c| b"x:-".contains(c));
        if separator.is_some() {
            standard &= separator != Some(b':');
            i += 1;
        }
        let (file, rank, to) = match (file_of(at(i)), rank_of(at(i + 1))) {
            (Some(f), Some(r)) => {
                i += 2;
                (f1, r1, Square::new(f, r))
            }
            _ => {
                if let (Some(f), Some(r), None) = (f1, r1, separator) {
                    (None, None, Square::new(f, r))
                } else {
                    let what = match at(i) {
                        Some(&c) if c.is_ascii_graphic() => format!("unexpected {:?}", c as char),
                        Some(_) => "unexpected character".to_owned(),
                        None => "the move ends early".to_owned(),
                    };
                    return Err(MoveError::new(
                        format!("{what}: expected a square such as e4"),
                        i..(i + 1).min(text.len()).max(i),
                    ));
                }
            }
        };
        let Some(to) = to else {
            return Err(MoveError::new("expected a square", start..end));
        };
        let mut promotion = None;
        if i < end {
            let open = b[i];
            let marked = matches!(open, b'=' | b'/' | b'(');
            standard &= matches!(open, b'=') || !marked;
            let letter = if marked { i + 1 } else { i };
            let Some(p) = at(letter).and_then(|&c| promotion_of(c)) else {
                let span = letter.min(end)..(letter + 1).min(end).max(letter.min(end));
                let message = if marked || role == Role::Pawn {
                    "expected a promotion piece Q, R, B or N"
                } else {
                    "unexpected text after the destination square"
                };
                return Err(MoveError::new(message, span));
            };
            promotion = Some(p);
            i = letter + 1;
            if open == b'(' {
                if at(i) == Some(&b')') {
                    i += 1;
                } else {
                    return Err(MoveError::new("expected ')'", i.min(end)..(i + 1).min(end)));
                }
            }
        }
        if i < end {
            return Err(MoveError::new("unexpected text after the move", i..end));
        }
        Ok((San::Normal { role, file, rank, capture: matches!(separator, Some(b'x' | b':')), to, promotion }, standard))
    }
}

impl San {
    /// The standard SAN most movetext is made of, read in one pass: `e4`,
    /// `exd5`, `Nf3`, `Nbd7`, `R1e2`, `Qxe7`, `O-O`, `O-O-O`, each with one
    /// `+` or `#` or none, and nothing around. `None` for anything else
    /// (promotions, LAN, white space, annotations, every lenient form),
    /// which [`San::parse_form`] reads; what this reads, that reads the
    /// same and calls standard (a property test checks it).
    #[expect(
        clippy::inline_always,
        reason = "left to itself the compiler calls it from a record's reader, its San returned through memory: measured two million instructions more in ten megabytes of games"
    )]
    #[inline(always)]
    pub(crate) fn parse_plain(text: &[u8]) -> Option<San> {
        let body = match text {
            [body @ .., b'+' | b'#'] if !body.is_empty() => body,
            _ => text,
        };
        match *body {
            // a pawn push, a pawn capture
            [_, _] => {
                let to = square_at(body)?;
                Some(San::Normal { role: Role::Pawn, file: None, rank: None, capture: false, to, promotion: None })
            }
            [f @ b'a'..=b'h', b'x', ref to @ ..] if to.len() == 2 => Some(San::Normal {
                role: Role::Pawn,
                file: Some(f - b'a'),
                rank: None,
                capture: true,
                to: square_at(to)?,
                promotion: None,
            }),
            [b'O', b'-', b'O'] => Some(San::Castle { king_side: true }),
            [b'O', b'-', b'O', b'-', b'O'] => Some(San::Castle { king_side: false }),
            [letter, ref rest @ ..] if rest.len() >= 2 => {
                // a pawn has no letter in standard SAN
                let role = role_of_upper(letter).filter(|&r| r != Role::Pawn)?;
                let (middle, to) = rest.split_at(rest.len() - 2);
                let to = square_at(to)?;
                let (middle, capture) = match middle {
                    [m @ .., b'x'] => (m, true),
                    m => (m, false),
                };
                let (file, rank) = match *middle {
                    [] => (None, None),
                    [f @ b'a'..=b'h'] => (Some(f - b'a'), None),
                    [r @ b'1'..=b'8'] => (None, Some(r - b'1')),
                    _ => return None,
                };
                Some(San::Normal { role, file, rank, capture, to, promotion: None })
            }
            _ => None,
        }
    }
}

/// Whether what follows a move (white space trimmed) is a standard suffix:
/// FIDE's `e.p.` after an en passant capture, one `+` or `#` at most, then
/// one annotation at most.
#[inline]
pub(crate) fn standard_suffix(suffix: &[u8]) -> bool {
    let suffix = suffix.strip_prefix(b" e.p.").or_else(|| suffix.strip_prefix(b"e.p.")).unwrap_or(suffix);
    let rest = match suffix {
        [b'+' | b'#', rest @ ..] => rest,
        _ => suffix,
    };
    matches!(rest, b"" | b"!" | b"?" | b"!!" | b"??" | b"!?" | b"?!")
}

/// The SAN of a board move but its check mark: the piece letter (or a
/// pawn's file when it captures), as much of the origin as tells it from
/// `others` (the moves of the same kind of piece to the same square; the
/// move itself may be among them), `x` for a capture, the target and a
/// promotion. Standard chess and its variants write their moves with it.
pub(crate) fn write_san_body(out: &mut String, m: Move, capture: bool, others: impl Iterator<Item = Move>) {
    if m.role() == Role::Pawn {
        if capture {
            out.push((b'a' + m.from().file()) as char);
        }
    } else {
        out.push(m.role().letter().to_ascii_uppercase() as char);
        let (mut any, mut same_file, mut same_rank) = (false, false, false);
        for o in others.filter(|o| o.from() != m.from()) {
            any = true;
            same_file |= o.from().file() == m.from().file();
            same_rank |= o.from().rank() == m.from().rank();
        }
        if any {
            if !same_file {
                out.push((b'a' + m.from().file()) as char);
            } else if !same_rank {
                out.push((b'1' + m.from().rank()) as char);
            } else {
                push_square(out, m.from());
            }
        }
    }
    if capture {
        out.push('x');
    }
    push_square(out, m.to());
    if let Some(p) = m.promotion() {
        out.push('=');
        out.push(p.letter().to_ascii_uppercase() as char);
    }
}

impl Position {
    /// Reads a move in SAN, strictly (see the module documentation); LAN
    /// and plain coordinates are read too.
    ///
    /// # Errors
    ///
    /// A [`MoveError`]: a syntax error with its span, or no legal move or
    /// more than one matching, with the candidates; for a text only a
    /// lenient reading takes as a move, an error that names that reading.
    #[inline]
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        self.read_san_or_lan(text, None).map(|(m, _)| m)
    }

    /// The legal move a parsed SAN names, strictly (a pawn move without its
    /// file of departure is a push); `text` is what it was read from, for
    /// the error.
    ///
    /// # Errors
    ///
    /// As [`Position::parse_san`].
    #[inline]
    pub fn san_to_move(&self, san: &San, text: &str) -> Result<Move, MoveError> {
        self.san_match(*san, text, false)
    }

    /// The legal move a parsed SAN names; leniently, a pawn move without
    /// its file of departure may also be a capture.
    #[inline]
    pub(super) fn san_match(&self, san: San, text: &str, lenient: bool) -> Result<Move, MoveError> {
        match self.san_found(san, lenient) {
            Some(m) => Ok(m),
            None => self.san_error(san, text, lenient),
        }
    }

    /// The legal move a parsed SAN names when exactly one does, without an
    /// error to build when none or more than one does: the common case of
    /// [`Position::san_match`], returned in registers (a `Result` carrying
    /// the error is written to memory and read back, which costs more than
    /// the check on a plain move).
    #[inline]
    pub(crate) fn san_found(&self, san: San, lenient: bool) -> Option<Move> {
        if let San::Normal { role, file, rank, to, promotion, .. } = san {
            let file = if role == Role::Pawn && file.is_none() && !lenient { Some(to.file()) } else { file };
            // the common case: exactly one legal move matches
            let from_mask =
                file.map_or(!0u64, |f| 0x0101_0101_0101_0101 << f) & rank.map_or(!0u64, |r| 0xff << (8 * r));
            if promotion.is_none()
                && let Some(m) = self.sole_piece_move(role, to, from_mask)
            {
                return Some(m);
            }
            let mut found = None;
            let mut count = 0;
            let mut moves = ArrayVec::new();
            self.moves_to_into(role, to, &mut moves);
            for m in moves {
                if (1u64 << m.from().index()) & from_mask != 0 && m.promotion() == promotion {
                    count += 1;
                    found = Some(m);
                }
            }
            if let (1, Some(m)) = (count, found) {
                return Some(m);
            }
        } else if let San::Castle { king_side } = san {
            // the common case: the castling is legal
            let mut castles = ArrayVec::<Move, 8>::new();
            self.castling_into(&mut castles);
            return castles.iter().copied().find(|m| (m.to().file() > m.from().file()) == king_side);
        }
        None
    }

    /// The move a parsed SAN names, or the error that says why none or more
    /// than one does: the slow path of [`Position::san_to_move`].
    #[cold]
    fn san_error(&self, san: San, text: &str, lenient: bool) -> Result<Move, MoveError> {
        let span = trim(text.as_bytes());
        let shown = text.get(span.clone()).unwrap_or(text);
        match san {
            San::Castle { king_side } => {
                let castles = self.castling_moves();
                if let Some(m) = castles.iter().copied().find(|m| (m.to().file() > m.from().file()) == king_side) {
                    return Ok(m);
                }
                let side = if king_side { "king side" } else { "queen side" };
                Err(MoveError {
                    message: format!("castling {side} ({shown}) is not legal{}", self.check_note()),
                    span,
                    candidates: castles.to_vec(),
                    uci: false,
                })
            }
            San::Normal { role, file, rank, to, promotion, .. } => {
                let file = if role == Role::Pawn && file.is_none() && !lenient { Some(to.file()) } else { file };
                let file_mask = file.map_or(!0u64, |f| 0x0101_0101_0101_0101 << f);
                let rank_mask = rank.map_or(!0u64, |r| 0xff << (8 * r));
                let mut found = None;
                let mut count = 0;
                let mut promotions = 0;
                let mut moves = ArrayVec::new();
                self.moves_to_into(role, to, &mut moves);
                for m in moves {
                    let from_bit = 1u64 << m.from().index();
                    if from_bit & file_mask & rank_mask == 0 {
                        continue;
                    }
                    if m.promotion().is_some() {
                        promotions += 1;
                    }
                    if promotion.is_none() || m.promotion() == promotion {
                        count += 1;
                        found = Some(m);
                    }
                }
                match (count, found) {
                    (1, Some(m)) if m.promotion().is_none() || promotion.is_some() => Ok(m),
                    (0, _) => {
                        let mut candidates = self.moves_of(role, Some(to)).to_vec();
                        if candidates.is_empty() {
                            candidates = self.moves_of(role, None).to_vec();
                        }
                        if candidates.is_empty() {
                            candidates = self.legal_moves().into_iter().filter(|m| m.to() == to).collect();
                        }
                        let message = if self.pieces(self.turn(), role) == 0 {
                            format!("{shown}: {} has no {}", self.turn(), role.name())
                        } else if promotion.is_some() && role != Role::Pawn {
                            format!("{shown}: only a pawn promotes")
                        } else if promotion.is_some() && promotions == 0 {
                            format!("{shown} is not a promotion, or not legal{}", self.check_note())
                        } else {
                            format!("{shown} is not a legal move{}", self.check_note())
                        };
                        Err(MoveError { message, span, candidates, uci: false })
                    }
                    _ => {
                        let candidates: Vec<Move> = self
                            .moves_of(role, Some(to))
                            .into_iter()
                            .filter(|m| (1u64 << m.from().index()) & file_mask & rank_mask != 0)
                            .collect();
                        let message = if promotions > 0 && promotion.is_none() {
                            format!("{shown} is a promotion: add the piece, as in {to}=Q")
                        } else {
                            format!("{shown} is ambiguous")
                        };
                        Err(MoveError { message, span, candidates, uci: false })
                    }
                }
            }
        }
    }

    /// A legal move in SAN, with minimal disambiguation and `+` or `#`.
    #[must_use]
    pub fn san(&self, m: Move) -> String {
        let mut out = String::with_capacity(8);
        self.write_san(m, &mut out);
        out
    }

    /// Writes a legal move in SAN onto `out`.
    pub fn write_san(&self, m: Move, out: &mut String) {
        if !write_castle_or_drop(m, out) {
            let capture = m.kind() == MoveKind::EnPassant || self.piece_at(m.to()).is_some();
            // no other piece of its kind in reach of its square: none to
            // tell it from, and no list to make
            let rivals = self.movers_to(m.role(), m.to()) & !(1u64 << m.from().index());
            let others =
                if m.role() == Role::Pawn || rivals == 0 { ArrayVec::new() } else { self.moves_to(m.role(), m.to()) };
            write_san_body(out, m, capture, others.iter().copied());
        }
        self.push_check(m, out);
    }

    pub(super) fn push_check(&self, m: Move, out: &mut String) {
        let after = self.played(m);
        if after.is_check() {
            out.push(if after.legal_moves().is_empty() { '#' } else { '+' });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn plain_san_is_read_in_one_pass() {
        for text in ["e4", "exd5+", "Nf3", "Nbd7", "R1e2#", "Qxe7", "Kxe2", "O-O", "O-O-O+"] {
            let plain = San::parse_plain(text.as_bytes());
            assert!(plain.is_some(), "{text}");
            assert_eq!(San::parse_form(text).ok(), plain.map(|san| (san, true)), "{text}");
        }
        // promotions, LAN, annotations, white space and lenient forms are
        // left to the careful reader
        for text in ["e8=Q", "e2e4", "Ng1-f3", "e4!", " e4", "e4 ", "Pe4", "exd6e.p.", "0-0", "o-o", "e4++", "ed5"] {
            assert_eq!(San::parse_plain(text.as_bytes()), None, "{text}");
        }
    }

    proptest! {
        /// What the one-pass reader reads, the careful one reads the same
        /// and calls standard.
        #[test]
        fn plain_san_agrees_with_the_careful_reading(
            text in prop_oneof!["[NBRQKPO0a-hx1-8=+#!? :-]{0,7}", "[NBRQKP]?[a-h1-8]{0,2}[x:-]?[a-h1-9][0-9]?[=+#!?]{0,2}"]
        ) {
            if let Some(san) = San::parse_plain(text.as_bytes()) {
                prop_assert_eq!(San::parse_form(&text).ok(), Some((san, true)));
            }
        }
    }
}
