//! Coordinate notations: ICCS `H2-E2`, UCCI `h2e2` (ranks 0–9) and uci-1
//! `h3e3` (ranks 1–10). They name two points, so writing needs no board.

use core::fmt;
use core::ops::Range;

use super::{Found, MoveErrorKind, MoveParseError, On, XiangqiMoveNotation, char_at, side};
use crate::{Move, Square};

/// Writes `mv` as coordinates in `style` (a coordinate style).
#[inline]
pub(super) fn write<W: fmt::Write + ?Sized>(out: &mut W, mv: Move, style: XiangqiMoveNotation) -> fmt::Result {
    let mut buf = [0u8; 7];
    let mut len = 0;
    let (case, dash, first) = match style {
        XiangqiMoveNotation::Iccs => (b'A', true, 0),
        XiangqiMoveNotation::Uci1 => (b'a', false, 1),
        _ => (b'a', false, 0),
    };
    for (i, sq) in [mv.from, mv.to].into_iter().enumerate() {
        if i == 1 && dash {
            buf[len] = b'-';
            len += 1;
        }
        buf[len] = case + sq.file();
        let rank = sq.rank() + first;
        if rank >= 10 {
            buf[len + 1] = b'1';
            buf[len + 2] = b'0' + rank - 10;
            len += 3;
        } else {
            buf[len + 1] = b'0' + rank;
            len += 2;
        }
    }
    // the buffer holds ASCII only
    out.write_str(core::str::from_utf8(&buf[..len]).unwrap_or_default())
}

/// Whether `text` has the shape of coordinates: a letter, digits, maybe a
/// `-`, a letter (the rest is checked by [`read`]).
pub(super) fn looks_like(text: &[u8]) -> bool {
    let mut i = 1;
    if !text.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let digits = text.iter().skip(1).take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return false;
    }
    i += digits;
    if text.get(i) == Some(&b'-') {
        i += 1;
    }
    text.get(i).is_some_and(u8::is_ascii_alphabetic)
}

/// One written point: its file, the rank number as written, its bytes.
struct Written {
    file: u8,
    rank: u8,
    span: Range<usize>,
}

/// Reads `letter digits` at `at`.
fn point(text: &str, at: &mut usize) -> Result<Written, MoveParseError> {
    let bytes = text.as_bytes();
    let start = *at;
    let Some(&letter) = bytes.get(start) else {
        return Err(MoveParseError::new(
            MoveErrorKind::UnexpectedEnd { expected: "a point such as e2 (a file a-i and a rank)" },
            start..start,
        ));
    };
    if !letter.is_ascii_alphabetic() {
        let (found, span) = char_at(text, start);
        return Err(MoveParseError::new(MoveErrorKind::Unexpected { found, expected: "a file letter a-i" }, span));
    }
    let file = letter.to_ascii_lowercase().wrapping_sub(b'a');
    if file > 8 {
        return Err(MoveParseError::new(
            MoveErrorKind::ImpossibleFile { found: format!("{:?}", letter as char), expected: "files are a to i" },
            start..start + 1,
        ));
    }
    let digits = bytes.iter().skip(start + 1).take_while(|b| b.is_ascii_digit()).count();
    let end = start + 1 + digits;
    if digits == 0 {
        if start + 1 >= bytes.len() {
            return Err(MoveParseError::new(
                MoveErrorKind::UnexpectedEnd { expected: "a rank 0-9 (or 1-10)" },
                end..end,
            ));
        }
        let (found, span) = char_at(text, start + 1);
        return Err(MoveParseError::new(MoveErrorKind::Unexpected { found, expected: "a rank 0-9 (or 1-10)" }, span));
    }
    let written = text.get(start + 1..end).unwrap_or_default();
    let rank = match written.parse::<u8>() {
        Ok(r) if r <= 10 && digits <= 2 => r,
        _ => {
            return Err(MoveParseError::new(
                MoveErrorKind::OutOfRange {
                    found: format!("rank {written}"),
                    expected: "ranks are 0-9 (ICCS, UCCI) or 1-10 (uci-1)",
                },
                start + 1..end,
            ));
        }
    };
    *at = end;
    Ok(Written { file, rank, span: start..end })
}

/// The move of two written points with ranks counted from `first` (0 or
/// 1), if both are on the board.
fn reading(from: &Written, to: &Written, first: u8) -> Option<Move> {
    let a = Square::new(from.file, from.rank.checked_sub(first)?)?;
    let b = Square::new(to.file, to.rank.checked_sub(first)?)?;
    Some(Move::new(a, b))
}

/// Reads coordinates; `style` (a coordinate style) fixes the ranks, `None`
/// reads UCCI unless only the uci-1 reading is legal.
pub(super) fn read(
    on: On<'_>,
    text: &str,
    style: Option<XiangqiMoveNotation>,
) -> Result<(Move, XiangqiMoveNotation), MoveParseError> {
    let On { board, turn, legal } = on;
    let mut at = 0;
    let from = point(text, &mut at)?;
    let dash = text.as_bytes().get(at) == Some(&b'-');
    if dash {
        at += 1;
    }
    let to = point(text, &mut at)?;
    if at < text.len() {
        let (found, span) = char_at(text, at);
        return Err(MoveParseError::new(MoveErrorKind::Unexpected { found, expected: "the end of the move" }, span));
    }
    let zero_style = if dash { XiangqiMoveNotation::Iccs } else { XiangqiMoveNotation::Ucci };
    let readings: [(Option<Move>, XiangqiMoveNotation); 2] = match style {
        Some(XiangqiMoveNotation::Uci1) => {
            [(reading(&from, &to, 1), XiangqiMoveNotation::Uci1), (None, XiangqiMoveNotation::Uci1)]
        }
        Some(s) => [(reading(&from, &to, 0), s), (None, s)],
        None => [(reading(&from, &to, 0), zero_style), (reading(&from, &to, 1), XiangqiMoveNotation::Uci1)],
    };
    for (m, s) in readings {
        if let Some(m) = m.filter(|m| legal.contains(m)) {
            return Ok((m, s));
        }
    }
    // no reading is legal: explain the most telling one
    let own = |m: &Move| board[m.from.index()].is_some_and(|p| p.color() == turn);
    let chosen = readings
        .iter()
        .find(|(m, _)| m.as_ref().is_some_and(own))
        .or_else(|| readings.iter().find(|(m, _)| m.is_some()))
        .copied();
    let Some((Some(m), s)) = chosen else {
        let (bad, expected) = match style {
            Some(XiangqiMoveNotation::Uci1) => (if from.rank == 0 { &from } else { &to }, "uci-1 counts ranks 1-10"),
            _ => (if from.rank == 10 { &from } else { &to }, "ICCS and UCCI count ranks 0-9"),
        };
        return Err(MoveParseError::new(
            MoveErrorKind::OutOfRange { found: format!("rank {}", bad.rank), expected },
            bad.span.start + 1..bad.span.end,
        ));
    };
    let from_text = text.get(from.span.clone()).unwrap_or_default();
    let to_text = text.get(to.span.clone()).unwrap_or_default();
    let err = match board[m.from.index()] {
        None => {
            let candidates = legal.iter().copied().filter(|c| c.to == m.to).collect();
            MoveParseError::new(MoveErrorKind::NoPiece { piece: format!("piece on {from_text}") }, from.span.clone())
                .with_candidates(board, candidates, s)
        }
        Some(p) if p.color() != turn => MoveParseError::new(
            MoveErrorKind::WrongSide {
                what: format!("the {} on {from_text}", p.describe()),
                side: side(p.color()),
                turn: side(turn),
            },
            from.span.clone(),
        )
        .in_style(s),
        Some(p) => {
            let candidates = legal.iter().copied().filter(|c| c.from == m.from).collect();
            MoveParseError::new(
                MoveErrorKind::Illegal {
                    piece: format!("the {} on {from_text}", p.describe()),
                    motion: format!("to {to_text}"),
                },
                to.span.clone(),
            )
            .with_candidates(board, candidates, s)
        }
    };
    Err(err)
}
