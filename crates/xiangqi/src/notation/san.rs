//! SAN as Fairy-Stockfish writes Xiangqi moves (`pyffish.get_san`, the
//! movetext of pychess.org's PGN): the piece's WXF letter (`KAEHRCP`, the
//! soldier's too), the origin's file, rank or point when another piece of
//! its kind can legally go to the same point (the file first, then the
//! rank, then both), `x` for a capture, the point with files `a`–`i` from
//! red's left and ranks `1`–`10` from red's side, and `+` for a check or
//! `#` for a mate: `Cbf3`, `Hc3`, `C6f7`, `Cxh10`, `Rd8+`.
//!
//! Read strictly with or without the check mark and with an origin written
//! when not needed; leniently (each with a repair) also the letters of FEN
//! (`B`, `N`), and `x` where nothing is taken or none where something is.

use core::fmt;

use super::{Found, MoveErrorKind, MoveParseError, On, XiangqiMoveNotation, char_at};
use crate::{Board, Move, Position, Role, Square};

/// SAN's letters in role order (WXF's).
const LETTERS: &[u8; 7] = b"KAEHRCP";

/// How far the origin of a move is written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Origin {
    None,
    File,
    Rank,
    Point,
}

/// How far SAN names the origin of `mv` to tell it from the legal moves of
/// the side's other pieces of its role to the same point.
fn origin_needed(board: &Board, legal: &[Move], mv: Move, role: Role) -> Origin {
    let (mut any, mut same_file, mut same_rank) = (false, false, false);
    for other in legal.iter().filter(|o| o.to == mv.to && o.from != mv.from) {
        if board[other.from.index()].is_some_and(|p| p.role() == role) {
            any = true;
            same_file |= other.from.file() == mv.from.file();
            same_rank |= other.from.rank() == mv.from.rank();
        }
    }
    match (any, same_file, same_rank) {
        (false, ..) => Origin::None,
        (true, false, _) => Origin::File,
        (true, true, false) => Origin::Rank,
        (true, true, true) => Origin::Point,
    }
}

/// Writes a point's rank, `1`–`10`.
fn write_rank<W: fmt::Write + ?Sized>(out: &mut W, sq: Square) -> fmt::Result {
    let number = sq.rank() + 1;
    if number >= 10 { out.write_str("10") } else { out.write_char(char::from(b'0' + number)) }
}

/// Writes a point: its file letter and rank number.
fn write_point<W: fmt::Write + ?Sized>(out: &mut W, sq: Square) -> fmt::Result {
    out.write_char(char::from(b'a' + sq.file()))?;
    write_rank(out, sq)
}

/// Writes `mv`, a legal move of `position` among `legal` (its legal moves),
/// in SAN with its check or mate mark.
pub(super) fn write<W: fmt::Write + ?Sized>(out: &mut W, position: &Position, legal: &[Move], mv: Move) -> fmt::Result {
    let board = position.board();
    let Some(piece) = board[mv.from.index()] else {
        return super::coord::write(out, mv, XiangqiMoveNotation::Iccs);
    };
    let role = piece.role();
    out.write_char(char::from(LETTERS[role as usize]))?;
    match origin_needed(&board, legal, mv, role) {
        Origin::None => {}
        Origin::File => out.write_char(char::from(b'a' + mv.from.file()))?,
        Origin::Rank => write_rank(out, mv.from)?,
        Origin::Point => write_point(out, mv.from)?,
    }
    if board[mv.to.index()].is_some() {
        out.write_char('x')?;
    }
    write_point(out, mv.to)?;
    let mut next = *position;
    next.play(mv);
    if next.is_check() {
        out.write_char(if next.count_legal() == 0 { '#' } else { '+' })?;
    }
    Ok(())
}

/// Whether `text` has SAN's shape: a piece letter, maybe a file and a rank
/// or `x`, and a point with a lowercase file (`Cbf3`, `C6f7`, `Pxe4`,
/// `Ke10+`); WXF ends with a sign and a number, coordinates (but `C6f7`)
/// with a point whose file is of the other case or after a `-`.
pub(super) fn looks_like(text: &[u8]) -> bool {
    let body = strip_marks(text);
    // an uppercase letter: `h2e2` is UCCI's
    if body.len() < 3 || !matches!(body[0], b'K' | b'A' | b'E' | b'H' | b'R' | b'C' | b'P' | b'B' | b'N') {
        return false;
    }
    let digits = body.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    let Some(&file) = body.len().checked_sub(digits + 1).and_then(|i| body.get(i)) else {
        return false;
    };
    (1..=2).contains(&digits) && matches!(file, b'a'..=b'i') && body.len() > digits + 1
}

/// `text` without its check or mate mark.
fn strip_marks(text: &[u8]) -> &[u8] {
    match text.last() {
        Some(b'+' | b'#') => &text[..text.len() - 1],
        _ => text,
    }
}

/// A number of one or two digits at `at`, and where it ends.
fn number(bytes: &[u8], at: usize) -> Option<(u8, usize)> {
    let digits = bytes.get(at..)?.iter().take(2).take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let value = bytes[at..at + digits].iter().fold(0u8, |n, b| n * 10 + (b - b'0'));
    Some((value, at + digits))
}

/// A rank number 1–10 as a rank from 0, or the error of the digits at
/// `span`.
fn rank(value: u8, span: core::ops::Range<usize>, text: &str) -> Result<u8, MoveParseError> {
    if (1..=10).contains(&value) {
        return Ok(value - 1);
    }
    let found = text.get(span.clone()).unwrap_or_default().to_owned();
    Err(MoveParseError::new(MoveErrorKind::OutOfRange { found, expected: "SAN's ranks are 1-10" }, span))
}

/// Reads a SAN move: the move, the style, and whether it was written
/// strictly (`false`: only a lenient reading takes it).
pub(super) fn read(on: On<'_>, text: &str) -> Result<(Move, XiangqiMoveNotation, bool), MoveParseError> {
    const STYLE: XiangqiMoveNotation = XiangqiMoveNotation::SanFsf;
    let On { board, turn, legal } = on;
    let bytes = text.as_bytes();
    if !looks_like(bytes) {
        let (found, span) = char_at(text, 0);
        let kind = MoveErrorKind::Unexpected { found, expected: "a move in SAN such as Cbf3 or Hc3" };
        return Err(MoveParseError::new(kind, span));
    }
    let body = strip_marks(bytes);
    let letter = bytes[0];
    let role = Role::from_letter(letter).ok_or_else(|| {
        let (found, span) = char_at(text, 0);
        MoveParseError::new(MoveErrorKind::Unexpected { found, expected: "a piece letter K A E H R C P" }, span)
    })?;
    let mut strict = LETTERS[role as usize] == letter;
    // the point the move goes to ends the text: a file and its rank
    let digits = body.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    let to_at = body.len() - digits - 1;
    // one or two digits, as `looks_like` found
    let (value, _) = number(body, to_at + 1).unwrap_or_default();
    let to_rank = rank(value, to_at + 1..body.len(), text)?;
    let to = Square::new(body[to_at] - b'a', to_rank).ok_or_else(|| {
        MoveParseError::new(
            MoveErrorKind::OutOfRange { found: text[to_at..body.len()].to_owned(), expected: "a point a1-i10" },
            to_at..body.len(),
        )
    })?;
    // between them: the origin as far as written, and `x`
    let mut at = 1;
    let mut from_file = None;
    let mut from_rank = None;
    if at < to_at && matches!(bytes[at], b'a'..=b'i') {
        from_file = Some(bytes[at] - b'a');
        at += 1;
    }
    if at < to_at
        && let Some((value, end)) = number(&bytes[..to_at], at)
    {
        from_rank = Some(rank(value, at..end, text)?);
        at = end;
    }
    let capture_written = at < to_at && bytes[at] == b'x';
    if capture_written {
        at += 1;
    }
    if at != to_at {
        let (found, span) = char_at(text, at);
        return Err(MoveParseError::new(
            MoveErrorKind::Unexpected { found, expected: "the origin's file or rank, x (a capture) or the point" },
            span,
        ));
    }
    let ours = |sq: Square| board[sq.index()].filter(|p| p.color() == turn && p.role() == role);
    let fits: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            m.to == to
                && ours(m.from).is_some()
                && from_file.is_none_or(|f| m.from.file() == f)
                && from_rank.is_none_or(|r| m.from.rank() == r)
        })
        .collect();
    let piece_span = 0..to_at;
    match fits[..] {
        [mv] => {
            strict &= capture_written == board[to.index()].is_some();
            Ok((mv, STYLE, strict))
        }
        [] => {
            let mut candidates: Vec<Move> =
                legal.iter().copied().filter(|m| m.to == to && ours(m.from).is_some()).collect();
            if candidates.is_empty() {
                candidates = legal.iter().copied().filter(|m| ours(m.from).is_some()).collect();
            }
            let piece = format!("{} {}", super::side(turn), role.name());
            let at_origin = |sq: Square| {
                ours(sq).is_some()
                    && from_file.is_none_or(|f| sq.file() == f)
                    && from_rank.is_none_or(|r| sq.rank() == r)
            };
            let origin = match (from_file, from_rank) {
                (Some(f), Some(r)) => Some(format!("on {}{}", char::from(b'a' + f), r + 1)),
                (Some(f), None) => Some(format!("on file {}", char::from(b'a' + f))),
                (None, Some(r)) => Some(format!("on rank {}", r + 1)),
                (None, None) => None,
            };
            let kind = if let Some(origin) = origin.filter(|_| !Square::all().any(at_origin)) {
                MoveErrorKind::NoPiece { piece: format!("{piece} {origin}") }
            } else if Square::all().any(|sq| ours(sq).is_some()) {
                let mut point = String::new();
                let _ = write_point(&mut point, to);
                MoveErrorKind::Illegal { piece: format!("a {piece}"), motion: format!("to {point}") }
            } else {
                MoveErrorKind::NoPiece { piece }
            };
            Err(MoveParseError::new(kind, 0..body.len()).with_candidates(board, candidates, STYLE))
        }
        _ => {
            let description = text.to_owned();
            let kind = MoveErrorKind::Ambiguous { description, count: fits.len() };
            Err(MoveParseError::new(kind, piece_span).with_candidates(board, fits, STYLE))
        }
    }
}
