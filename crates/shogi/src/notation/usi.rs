//! USI moves: `7g7f`, `8h2b+`, `P*5e` (the dropped piece in uppercase).

use super::{MoveErrorKind, MoveParseError, Reader};
use crate::{Move, Role, Square};

/// Reads a USI move and checks it against the legal moves.
pub(super) fn read(r: &Reader<'_>, text: &str) -> Result<Move, MoveParseError> {
    let b = text.as_bytes();
    let square = |at: usize| b.get(at..at + 2).and_then(Square::parse);
    let mv = if b.get(1) == Some(&b'*') {
        let role = b
            .first()
            .and_then(|&l| if l.is_ascii_uppercase() { Role::from_letter(l, false) } else { None })
            .filter(|r| r.hand_index().is_some())
            .ok_or_else(|| r.unexpected(text, 0, "a piece letter R B G S N L P before '*'"))?;
        let to = square(2).ok_or_else(|| r.unexpected(text, bad_square(b, 2), "a square such as 5e"))?;
        if b.len() > 4 {
            return Err(r.unexpected(text, 4, "the end of the move"));
        }
        Move::Drop { role, to }
    } else {
        let from = square(0).ok_or_else(|| r.unexpected(text, bad_square(b, 0), "a square such as 7g"))?;
        let to = square(2).ok_or_else(|| r.unexpected(text, bad_square(b, 2), "a square such as 7f"))?;
        let promote = match b.get(4) {
            None => false,
            Some(b'+') => true,
            Some(_) => return Err(r.unexpected(text, 4, "'+' or the end of the move")),
        };
        if b.len() > 5 {
            return Err(r.unexpected(text, 5, "the end of the move"));
        }
        Move::Normal { from, to, promote }
    };
    r.legal(mv, 0..text.len()).map_err(|mut e| {
        if matches!(e.kind, MoveErrorKind::Illegal(_)) {
            e.span = 0..text.len();
        }
        e
    })
}

/// The first byte of the square at `at` that is wrong.
fn bad_square(b: &[u8], at: usize) -> usize {
    match b.get(at) {
        Some(f) if (b'1'..=b'9').contains(f) => at + 1,
        _ => at,
    }
}
