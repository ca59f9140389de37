//! KIF moves (Kakinoki): the target (`７六`, or `同　` for the previous
//! move's square), the piece before the move in kanji, `成` for a promotion,
//! `打` for a drop, and the origin in ASCII digits: `７六歩(77)`,
//! `同　歩(23)`, `５五角打`, `２三歩成(24)`.
//!
//! Written as Kifu for Windows and tsshogi write it: promoted pieces
//! `成銀 成桂 成香`, `玉`, `龍`, no `不成`. Read also: `全 圭 杏`, `王`, `竜`
//! (other writers' spellings of the same pieces) and `不成`; leniently, with a
//! [`MoveRepair`] each, `同` without the full-width space, an ASCII file
//! digit, and a board move without its origin.

use polyfen_core::MoveRepair;

use super::ja::{self, WIDE_SPACE};
use super::{MoveErrorKind, MoveParseError, Reader};
use crate::{Move, Position, Square};

/// Writes `mv`, a legal move of `position`, after a move to `previous`.
pub(super) fn write(out: &mut String, position: &Position, previous: Option<Square>, mv: Move) {
    let to = mv.to();
    if previous == Some(to) {
        out.push('同');
        out.push(WIDE_SPACE);
    } else {
        ja::write_square(out, to);
    }
    match mv {
        Move::Normal { from, promote, .. } => {
            out.push_str(position.piece_at(from).map_or("", |p| ja::name(p.role)));
            if promote {
                out.push('成');
            }
            out.push('(');
            super::csa::push_square(out, from);
            out.push(')');
        }
        Move::Drop { role, .. } => {
            out.push_str(ja::name(role));
            out.push('打');
        }
    }
}

/// The target of a KIF or KI2 move at the start of `text`: a square or
/// `同` (with or without its full-width space). Returns the square, the
/// bytes read, and how it was written.
pub(super) fn read_target(r: &Reader<'_>, text: &str, at: usize) -> Result<(Square, usize, Target), MoveParseError> {
    let rest = text.get(at..).unwrap_or("");
    if let Some(after) = rest.strip_prefix('同') {
        let to = r.previous.ok_or_else(|| r.error(MoveErrorKind::NoPrevious, at..at + '同'.len_utf8()))?;
        let wide = after.starts_with(WIDE_SPACE);
        let ascii_space = !wide && after.starts_with(' ');
        let len = '同'.len_utf8() + if wide { WIDE_SPACE.len_utf8() } else { usize::from(ascii_space) };
        return Ok((to, at + len, Target::Same { spaced: wide || ascii_space, ascii_space }));
    }
    if let Some((sq, len, ascii)) = ja::read_square(rest) {
        return Ok((sq, at + len, Target::Square { ascii }));
    }
    match rest.chars().next().filter(|c| ja::FILES.contains(c) || c.is_ascii_digit()) {
        Some(f) => Err(r.unexpected(text, at + f.len_utf8(), "a rank 一 to 九")),
        None => Err(r.unexpected(text, at, "a square such as ７六 or 同")),
    }
}

/// How a target was written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Target {
    /// `同`, with or without its space, which may be an ASCII one.
    Same { spaced: bool, ascii_space: bool },
    /// A square, its file in ASCII or not.
    Square { ascii: bool },
}

/// Reads a KIF move.
pub(super) fn read(r: &Reader<'_>, text: &str, repairs: &mut Vec<MoveRepair>) -> Result<Move, MoveParseError> {
    let (to, mut at, target) = read_target(r, text, 0)?;
    match target {
        Target::Same { spaced: false, .. } => {
            repairs.push(MoveRepair::new(0..at, "read '同' without its full-width space as '同　'"));
        }
        Target::Same { ascii_space: true, .. } => {
            repairs.push(MoveRepair::new(0..at, "read the ASCII space after '同' as a full-width one"));
        }
        Target::Square { ascii: true } => {
            repairs.push(MoveRepair::new(0..1, "read the ASCII file digit as a full-width one"));
        }
        _ => {}
    }
    let piece_at = at;
    let (role, len, _) = ja::read_piece(text.get(at..).unwrap_or(""))
        .ok_or_else(|| r.unexpected(text, at, "a piece: 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍"))?;
    at += len;
    let rest = text.get(at..).unwrap_or("");
    let (promote, drop) = if let Some(after) = rest.strip_prefix("不成") {
        at += rest.len() - after.len();
        (Some(false), false)
    } else if rest.starts_with('成') {
        at += '成'.len_utf8();
        (Some(true), false)
    } else if rest.starts_with('打') {
        at += '打'.len_utf8();
        (None, true)
    } else {
        (None, false)
    };
    let rest = text.get(at..).unwrap_or("");
    let from = if rest.is_empty() {
        None
    } else {
        let b = rest.as_bytes();
        if drop || b.first() != Some(&b'(') {
            return Err(r.unexpected(
                text,
                at,
                if drop { "the end of the move" } else { "'(' and the origin, such as (77)" },
            ));
        }
        let digit = |i: usize| b.get(i).filter(|d| (b'1'..=b'9').contains(d)).map(|d| d - b'0');
        let file = digit(1).ok_or_else(|| r.unexpected(text, at + 1, "the origin's file digit 1-9"))?;
        let rank = digit(2).ok_or_else(|| r.unexpected(text, at + 2, "the origin's rank digit 1-9"))?;
        if b.get(3) != Some(&b')') {
            return Err(r.unexpected(text, at + 3, "')'"));
        }
        if b.len() > 4 {
            return Err(r.unexpected(text, at + 4, "the end of the move"));
        }
        Square::new(file, rank)
    };
    let span = 0..text.len();
    if drop {
        return r.legal(Move::Drop { role, to }, span);
    }
    if let Some(from) = from {
        match r.position.piece_at(from) {
            Some(p) if p.role == role => {}
            found => {
                let what = found.map_or_else(|| "no piece".to_owned(), |p| format!("a {}", p.role.name()));
                let message = format!("the origin {from} holds {what}, not a {}", role.name());
                let near = r.board_moves_to(role, to);
                return Err(r.with_candidates(r.error(MoveErrorKind::Illegal(message), piece_at..text.len()), near));
            }
        }
        return r.legal(Move::Normal { from, to, promote: promote == Some(true) }, span);
    }
    // No origin: only a lenient reading takes it, when one legal move fits.
    let fits: Vec<Move> =
        r.legal.moves_to(role, to).into_iter().filter(|m| m.is_promotion() == (promote == Some(true))).collect();
    match fits.as_slice() {
        [mv] => {
            let standard = r.notation.write_after(r.position, r.previous, *mv);
            repairs.push(MoveRepair::reading(span, text, &standard));
            Ok(*mv)
        }
        [] => {
            let message = format!("no legal move of a {} goes to {to}", role.name());
            Err(r.with_candidates(r.error(MoveErrorKind::Illegal(message), span), r.legal.moves_to(role, to)))
        }
        _ => Err(r.ambiguous(format!("{text} (without its origin)"), fits, span)),
    }
}
