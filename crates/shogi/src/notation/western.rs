//! Western (Hodges) moves as Fairy-Stockfish writes them: the piece's
//! letter (`+` before a promoted one), the origin square only when another
//! piece of the kind can legally go to the target, `-` for a move, `x` for
//! a capture, `*` for a drop, the target, and `+` for a promotion or `=`
//! for a promotion declined: `P-7f`, `Bx2b+`, `P*5e`, `S-4h=`, `S5cx4d`,
//! `+R4d-4f`. Fairy-Stockfish's Hodges with numbers (`western-numeric`,
//! the movetext of pychess.org's Shogi records) writes each rank as its
//! digit instead: `P-76`, `Bx22+`, `P*55`, `G68-58`.
//!
//! Read leniently, each with a [`MoveRepair`]: `-` for a capture or `x` for
//! a plain move, a lowercase piece letter, ranks written as digits
//! (`P-76`, as older books do), and a move that could promote
//! written without `+` or `=` (read as declining) or a forced promotion
//! without `+`. An origin written when not needed is standard.

use polyfen_core::MoveRepair;

use super::{Legal, MoveErrorKind, MoveParseError, Reader};
use crate::{Move, Position, Role, Square};

/// Writes a square: its file number and its rank, a letter (`7f`) or,
/// `numeric`, a digit (`76`).
fn push_square(out: &mut String, sq: Square, numeric: bool) {
    if numeric {
        super::csa::push_square(out, sq);
    } else {
        out.push_str(&sq.to_string());
    }
}

/// Writes `mv`, a legal move of `position`, its ranks as letters (`P-7f`)
/// or, `numeric`, as digits (`P-76`, Fairy-Stockfish's Hodges with
/// numbers).
pub(super) fn write(out: &mut String, position: &Position, mv: Move, numeric: bool) {
    match mv {
        Move::Normal { from, to, promote } => {
            let role = position.piece_at(from).map_or(Role::Pawn, |p| p.role);
            if role.is_promoted() {
                out.push('+');
            }
            out.push(char::from(role.letter()));
            let legal = Legal::of(position);
            let others = legal.moves_to(role, to).iter().any(|m| m.from().is_some_and(|f| f != from));
            if others {
                push_square(out, from, numeric);
            }
            out.push(if position.piece_at(to).is_some() { 'x' } else { '-' });
            push_square(out, to, numeric);
            if promote {
                out.push('+');
            } else if legal.promotion_optional(from, to) {
                out.push('=');
            }
        }
        Move::Drop { role, to } => {
            out.push(char::from(role.letter()));
            out.push('*');
            push_square(out, to, numeric);
        }
    }
}

/// Reads a Western move, its ranks standard as letters or, `numeric`, as
/// digits (the other kind read with a repair).
pub(super) fn read(
    r: &Reader<'_>,
    text: &str,
    numeric: bool,
    repairs: &mut Vec<MoveRepair>,
) -> Result<Move, MoveParseError> {
    let b = text.as_bytes();
    let mut at = 0;
    let promoted = b.first() == Some(&b'+');
    if promoted {
        at += 1;
    }
    let letter = b.get(at).copied().unwrap_or(0);
    let role = Role::from_letter(letter, promoted)
        .ok_or_else(|| r.unexpected(text, at, "a piece letter P L N S G B R K ('+' before a promoted one)"))?;
    if letter.is_ascii_lowercase() {
        repairs.push(MoveRepair::new(at..at + 1, "read the lowercase piece letter as uppercase"));
    }
    at += 1;
    // the first square written with the other kind of rank
    let mut other_kind = None;
    let mut square = |i: usize| {
        let pair = b.get(i..i + 2)?;
        if let Some(sq) = Square::parse(pair) {
            if numeric {
                other_kind.get_or_insert(i..i + 2);
            }
            return Some(sq);
        }
        let sq = Square::parse_digits(pair)?;
        if !numeric {
            other_kind.get_or_insert(i..i + 2);
        }
        Some(sq)
    };
    let from = square(at);
    let from_at = at;
    if from.is_some() {
        at += 2;
    }
    let sep_at = at;
    let sep = b.get(at).copied();
    if !matches!(sep, Some(b'-' | b'x' | b'*')) {
        return Err(r.unexpected(text, at, "'-' (a move), 'x' (a capture) or '*' (a drop)"));
    }
    at += 1;
    let to = square(at)
        .ok_or_else(|| r.unexpected(text, at, if numeric { "a square such as 76" } else { "a square such as 7f" }))?;
    at += 2;
    let suffix = match b.get(at) {
        None => None,
        Some(&c @ (b'+' | b'=')) if sep != Some(b'*') => {
            at += 1;
            Some(c == b'+')
        }
        Some(_) => return Err(r.unexpected(text, at, "'+', '=' or the end of the move")),
    };
    if at < b.len() {
        return Err(r.unexpected(text, at, "the end of the move"));
    }
    if let Some(span) = other_kind {
        let how = if numeric {
            "read a rank written as a letter (a-i) as its digit (1-9)"
        } else {
            "read a rank written as a digit (1-9) as its letter (a-i)"
        };
        repairs.push(MoveRepair::new(span, how));
    }
    let span = 0..text.len();
    if sep == Some(b'*') {
        if from.is_some() {
            return Err(r.error(MoveErrorKind::Illegal("a drop has no origin".to_owned()), from_at..from_at + 2));
        }
        return r.legal(Move::Drop { role, to }, span);
    }
    let capture = r.position.piece_at(to).is_some();
    if capture != (sep == Some(b'x')) {
        let how = if capture { "'-' for a capture" } else { "'x' for a move that takes nothing" };
        repairs.push(MoveRepair::new(sep_at..sep_at + 1, format!("read {how}")));
    }
    let mut fits: Vec<Move> =
        r.board_moves_to(role, to).into_iter().filter(|m| from.is_none_or(|f| m.from() == Some(f))).collect();
    if fits.is_empty() {
        let message = match from {
            Some(f) => format!("no legal move of a {} goes from {f} to {to}", role.name()),
            None => format!("no legal move of a {} goes to {to}", role.name()),
        };
        return Err(r.with_candidates(r.error(MoveErrorKind::Illegal(message), span), r.legal.moves_to(role, to)));
    }
    let origins = {
        let mut o: Vec<Square> = fits.iter().filter_map(|m| m.from()).collect();
        o.dedup();
        o
    };
    if origins.len() > 1 {
        return Err(r.ambiguous(text.to_owned(), fits, span));
    }
    match suffix {
        Some(p) => fits.retain(|m| m.is_promotion() == p),
        None if fits.len() > 1 => {
            repairs
                .push(MoveRepair::new(span.clone(), "the move may promote and says neither '+' nor '=': read as '='"));
            fits.retain(|m| !m.is_promotion());
        }
        None => {
            if fits.iter().any(|m| m.is_promotion()) {
                repairs.push(MoveRepair::new(span.clone(), "the piece must promote: read as '+'"));
            }
        }
    }
    if let Some(&mv) = fits.first() {
        return Ok(mv);
    }
    let Some(from) = origins.first().copied() else {
        return Err(r.error(MoveErrorKind::Illegal(format!("no legal move goes to {to}")), span));
    };
    r.legal(Move::Normal { from, to, promote: suffix == Some(true) }, span)
}
