//! Guessing the notation of a string.

use crate::Notation;

/// The notations `input` may be written in, most likely first.
///
/// The guess looks only at the shape of the text:
///
/// - a `{` starts JSON;
/// - Khet PKN has a second field of rotation letters (`n e s w`, more than
///   one), a `0` (ten empty squares) in the placement, or 8 ranks most of
///   which are 10 squares wide;
/// - Xiangqi has 10 ranks (standard Xiangqi FEN first, then the legacy
///   dialect); the legacy dialect comes first when the input has its
///   `/x` marker after the move number, or empty ranks (`//`) and not the
///   8 ranks of chess; a placement with a cannon (`c`) or a WXF or ICCS
///   letter but neither 8 nor 10 ranks is read as Xiangqi FEN, whose error
///   says how many ranks it should have;
/// - anything else is chess: FEN, then EPD (EPD first when there are
///   operations after the fourth field).
///
/// [`crate::read`] tries the notations in this order and takes the first
/// that reads; a lenient dialect is only listed for text of its game's
/// shape, so a wrong guess costs time, never a wrong reading.
///
/// # Examples
///
/// ```
/// use polyfen::{candidates, Notation};
///
/// let legacy = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04";
/// assert_eq!(candidates(legacy), [Notation::XiangqiLegacy, Notation::XiangqiFen]);
/// assert_eq!(candidates(polyfen::polyfen_khet::CLASSIC), [Notation::Pkn]);
/// assert_eq!(candidates("8/8/8/8/8/8/8/K6k w - - 0 1"), [Notation::Fen, Notation::Epd]);
/// ```
#[must_use]
pub fn candidates(input: &str) -> Vec<Notation> {
    let trimmed = input.trim_start();
    if trimmed.starts_with('{') {
        return vec![Notation::Json];
    }
    let mut fields = trimmed.split_ascii_whitespace();
    let placement = fields.next().unwrap_or("");
    let second = fields.next();
    let rows = placement.bytes().filter(|&b| b == b'/').count() + 1;

    let rotations = second.is_some_and(|f| f.len() > 1 && f.bytes().all(|b| matches!(b, b'n' | b'e' | b's' | b'w')));
    let ten_digit = placement.bytes().any(|b| b == b'0');
    let ten_wide = rows == 8 && placement.split('/').filter(|row| width(row) == 10).count() * 2 > rows;
    if rotations || ten_digit || ten_wide {
        return vec![Notation::Pkn];
    }

    let marker = trimmed.split_ascii_whitespace().skip(1).any(is_marked_move_number);
    let empty_rows = placement.contains("//");
    if marker || (empty_rows && rows != 8) {
        return vec![Notation::XiangqiLegacy, Notation::XiangqiFen];
    }
    if rows == 10 {
        return vec![Notation::XiangqiFen, Notation::XiangqiLegacy];
    }
    if rows != 8 && placement.bytes().any(|b| matches!(b.to_ascii_lowercase(), b'c' | b'h' | b'g' | b'm')) {
        return vec![Notation::XiangqiFen];
    }

    let fifth = trimmed.split_ascii_whitespace().nth(4);
    let epd_first = fifth.is_some_and(|f| !f.bytes().all(|b| b.is_ascii_digit()));
    if epd_first { vec![Notation::Epd, Notation::Fen] } else { vec![Notation::Fen, Notation::Epd] }
}

/// The number of cells a row of a placement describes: a digit is a run
/// (`0` ten), anything else one cell.
fn width(row: &str) -> usize {
    row.bytes()
        .map(|b| match b {
            b'0' => 10,
            b'1'..=b'9' => usize::from(b - b'0'),
            _ => 1,
        })
        .sum()
}

/// A move number with the legacy Xiangqi marker (`1/x04`): digits, then
/// `/x` and whatever follows, so that a malformed marker is reported by the
/// legacy reader.
fn is_marked_move_number(field: &str) -> bool {
    field.split_once("/x").is_some_and(|(number, _)| !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
}
