//! CSA moves: `+7776FU`, a drop from `00` (`-0055KA`), and the piece that
//! stands on the target after the move, so a promotion writes the promoted
//! name (`+8822UM`).

use polyfen_core::{Color, MoveRepair};

use super::{MoveErrorKind, MoveParseError, Reader};
use crate::{Move, Role, Square};

/// The CSA name of each role, in [`Role::ALL`] order.
const NAMES: [&str; 14] = ["FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"];

/// The CSA name of a role: `FU`, `UM`.
pub(crate) const fn name(role: Role) -> &'static str {
    NAMES[role.index()]
}

/// The role of a CSA name.
pub(crate) fn role_of(name: &[u8]) -> Option<Role> {
    NAMES.iter().position(|n| n.as_bytes() == name).map(|i| Role::ALL[i])
}

/// The sign of a side: `+` for sente, `-` for gote.
pub(crate) const fn sign(color: Color) -> char {
    match color {
        Color::White => '+',
        Color::Black => '-',
    }
}

/// Writes a square as its two digits, file then rank: `77`.
pub(crate) fn push_square(out: &mut String, sq: Square) {
    out.push(char::from(b'0' + sq.file()));
    out.push(char::from(b'0' + sq.rank()));
}

/// Writes `mv`, a legal move of `position`.
pub(super) fn write(out: &mut String, position: &crate::Position, mv: Move) {
    out.push(sign(position.turn()));
    let role = match mv {
        Move::Normal { from, to, promote } => {
            push_square(out, from);
            push_square(out, to);
            let role = position.piece_at(from).map_or(Role::Pawn, |p| p.role);
            if promote { role.promoted().unwrap_or(role) } else { role }
        }
        Move::Drop { role, to } => {
            out.push_str("00");
            push_square(out, to);
            role
        }
    };
    out.push_str(name(role));
}

/// The square of two digits at `at`, `None` for `00`.
fn digits(r: &Reader<'_>, text: &str, at: usize) -> Result<Option<Square>, MoveParseError> {
    let b = text.as_bytes();
    let digit = |i: usize| b.get(i).filter(|d| d.is_ascii_digit()).map(|d| d - b'0');
    let file = digit(at).ok_or_else(|| r.unexpected(text, at, "a file digit 1-9 (0 for a drop)"))?;
    let rank = digit(at + 1).ok_or_else(|| r.unexpected(text, at + 1, "a rank digit 1-9"))?;
    if (file, rank) == (0, 0) {
        return Ok(None);
    }
    Square::new(file, rank)
        .map(Some)
        .ok_or_else(|| r.error(MoveErrorKind::Illegal(format!("{file}{rank} is not a square (11 to 99)")), at..at + 2))
}

/// Reads a CSA move; a move without its sign is read leniently.
pub(super) fn read(r: &Reader<'_>, text: &str, repairs: &mut Vec<MoveRepair>) -> Result<Move, MoveParseError> {
    let b = text.as_bytes();
    let at = match b.first() {
        Some(b'+') => {
            r.side(Color::White, 0..1)?;
            1
        }
        Some(b'-') => {
            r.side(Color::Black, 0..1)?;
            1
        }
        Some(d) if d.is_ascii_digit() => {
            repairs.push(MoveRepair::new(
                0..0,
                format!("the side's sign is missing: read '{}{text}'", sign(r.position.turn())),
            ));
            0
        }
        _ => return Err(r.unexpected(text, 0, "'+' (sente) or '-' (gote)")),
    };
    let from = digits(r, text, at)?;
    let to = digits(r, text, at + 2)?
        .ok_or_else(|| r.error(MoveErrorKind::Illegal("00 is not a target square".to_owned()), at + 2..at + 4))?;
    let piece_span = at + 4..at + 6;
    let role = b
        .get(piece_span.clone())
        .and_then(role_of)
        .ok_or_else(|| r.unexpected(text, at + 4, "a piece name: FU KY KE GI KI KA HI OU TO NY NK NG UM RY"))?;
    if b.len() > at + 6 {
        return Err(r.unexpected(text, at + 6, "the end of the move"));
    }
    let mv = match from {
        None => {
            if role.hand_index().is_none() {
                let message = format!("{} cannot be dropped: only FU KY KE GI KI KA HI come from a hand", name(role));
                return Err(r.error(MoveErrorKind::Illegal(message), piece_span));
            }
            Move::Drop { role, to }
        }
        Some(from) => {
            let Some(piece) = r.position.piece_at(from) else {
                let near = r.board_moves_to(role.unpromoted(), to);
                let e = r.error(MoveErrorKind::Illegal(format!("no piece stands on {from}")), at..at + 2);
                return Err(r.with_candidates(e, near));
            };
            let promote = if piece.role == role {
                false
            } else if piece.role.promoted() == Some(role) {
                true
            } else {
                let message = format!(
                    "the piece on {from} is a {}, which cannot be {} after the move",
                    piece.role.name(),
                    name(role)
                );
                let near = r.legal.moves().iter().copied().filter(|m| m.from() == Some(from) && m.to() == to).collect();
                return Err(r.with_candidates(r.error(MoveErrorKind::Illegal(message), piece_span), near));
            };
            Move::Normal { from, to, promote }
        }
    };
    r.legal(mv, 0..text.len())
}
