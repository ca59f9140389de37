//! Shogi as Fairy-Stockfish writes it (`lnsgkgsnl/…/LNSGKGSNL[-] w 0 1`):
//! the hand in brackets after the board, upper case for the first player,
//! who is Fairy-Stockfish's white and moves first, then perhaps empty
//! castling and en passant fields, the halfmove clock and the fullmove
//! number. It is read as the SFEN it stands for.

use polyfen_core::{ParseError, ParseErrorKind};

/// The order SFEN writes a hand in.
const HAND_ORDER: &[u8] = b"RBGSNLPrbgsnlp";

/// The SFEN of a position written in Fairy-Stockfish's form, `None` for a
/// text that is not in that form (no bracket after the board), or the
/// error naming the field that does not fit.
pub(crate) fn to_sfen(input: &str) -> Option<Result<String, ParseError>> {
    let text = input.trim();
    let mut fields = text.split_ascii_whitespace();
    let first = fields.next()?;
    let open = first.find('[')?;
    let invalid = |field: &'static str, message: String| {
        Err(ParseError::new(ParseErrorKind::Invalid { field, message: message.into() }, 0..input.len()))
    };
    let (board, hand) = (&first[..open], &first[open + 1..]);
    let Some(hand) = hand.strip_suffix(']') else {
        return Some(invalid("hand", format!("{first:?}: the hand in brackets is not closed")));
    };
    let mut counts = [0u32; 14];
    for b in hand.bytes().filter(|&b| b != b'-') {
        let Some(i) = HAND_ORDER.iter().position(|&h| h == b) else {
            return Some(invalid("hand", format!("{:?} is not a piece a hand holds (RBGSNLP, rbgsnlp)", b as char)));
        };
        counts[i] += 1;
    }
    let mut sfen_hand = String::new();
    for (i, &n) in counts.iter().enumerate() {
        if n > 1 {
            sfen_hand.push_str(&n.to_string());
        }
        if n > 0 {
            sfen_hand.push(HAND_ORDER[i] as char);
        }
    }
    if sfen_hand.is_empty() {
        sfen_hand.push('-');
    }
    // white (the first player, sente) moves first
    let first_player = match fields.next() {
        Some("w") => true,
        Some("b") => false,
        other => return Some(invalid("side to move", format!("{other:?} is not w or b"))),
    };
    let rest: Vec<&str> = fields.collect();
    // castling and en passant fields, which a Shogi position leaves empty
    let numbers: Vec<&str> = rest.iter().copied().skip_while(|&f| f == "-").collect();
    let fullmove: u32 = match numbers.as_slice() {
        [] => 1,
        [_halfmove, fullmove] => match fullmove.parse() {
            Ok(n) if n >= 1 => n,
            _ => return Some(invalid("fullmove number", format!("{fullmove:?} is not a move number"))),
        },
        _ => return Some(invalid("position", format!("{:?}: not a halfmove clock and a move number", rest.join(" ")))),
    };
    let ply = 2 * (fullmove - 1) + if first_player { 1 } else { 2 };
    let side = if first_player { 'b' } else { 'w' };
    Some(Ok(format!("{board} {side} {sfen_hand} {ply}")))
}

#[cfg(test)]
mod tests {
    use super::to_sfen;

    #[test]
    fn fairy_stockfish_forms_are_their_sfen() {
        let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
        assert_eq!(to_sfen(&format!("{start}[-] w 0 1")).unwrap().unwrap(), format!("{start} b - 1"));
        assert_eq!(to_sfen(&format!("{start}[PPnRb] b - - 1 16")).unwrap().unwrap(), format!("{start} w R2Pbn 32"));
        assert!(to_sfen(&format!("{start} b - 1")).is_none());
        assert!(to_sfen(&format!("{start}[X] w 0 1")).unwrap().is_err());
        assert!(to_sfen(&format!("{start}[- w 0 1")).unwrap().is_err());
    }
}
