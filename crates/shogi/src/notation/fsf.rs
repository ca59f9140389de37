//! Shogi moves as Fairy-Stockfish writes them (its UCI): squares named as
//! on a chess board seen from the first player's side, files `a` to `i`
//! from the left (USI's 9 to 1) and ranks `1` to `9` from the first
//! player's side (USI's `i` to `a`); drops with `@` (`P@e5`), promotions
//! with `+` (`b2h8+`). A move is the USI move of the same squares, read
//! and written through USI, letter for letter the same length.

/// A USI square (`7g`) in Fairy-Stockfish's names (`c3`), `None` for text
/// that is not one.
fn square_to_fsf(usi: &[u8]) -> Option<[u8; 2]> {
    match usi {
        [f @ b'1'..=b'9', r @ b'a'..=b'i'] => Some([b'a' + (b'9' - f), b'9' - (r - b'a')]),
        _ => None,
    }
}

/// A Fairy-Stockfish square (`c3`) in USI's names (`7g`).
fn square_to_usi(fsf: &[u8]) -> Option<[u8; 2]> {
    match fsf {
        [f @ b'a'..=b'i', r @ b'1'..=b'9'] => Some([b'9' - (f - b'a'), b'a' + (b'9' - r)]),
        _ => None,
    }
}

/// Translates each square of a move and its drop mark, the rest as is.
fn translate(text: &str, drop_from: u8, drop_to: u8, square: fn(&[u8]) -> Option<[u8; 2]>) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    if b.len() >= 2 && b[1] == drop_from {
        out.extend_from_slice(&[b[0], drop_to]);
        i = 2;
    }
    while i < b.len() {
        if let Some(sq) = b.get(i..i + 2).and_then(square) {
            out.extend_from_slice(&sq);
            i += 2;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_owned())
}

/// A USI move (`7g7f`, `P*5e`, `8h2b+`) as Fairy-Stockfish writes it
/// (`c3c4`, `P@e5`, `b2h8+`).
#[must_use]
pub(crate) fn from_usi(usi: &str) -> String {
    translate(usi, b'*', b'@', square_to_fsf)
}

/// A move written as Fairy-Stockfish writes it, as USI: squares and the
/// drop mark translated, anything else left for the USI reader to name.
#[must_use]
pub(crate) fn to_usi(fsf: &str) -> String {
    translate(fsf, b'@', b'*', square_to_usi)
}

#[cfg(test)]
mod tests {
    use super::{from_usi, to_usi};

    #[test]
    fn moves_translate_both_ways() {
        for (usi, fsf) in [("7g7f", "c3c4"), ("P*5e", "P@e5"), ("8h2b+", "b2h8+"), ("1a1b", "i9i8")] {
            assert_eq!(from_usi(usi), fsf);
            assert_eq!(to_usi(fsf), usi);
        }
        // what is not a square is left for the reader to refuse
        assert_eq!(to_usi("z9a1"), "z99i");
    }
}
