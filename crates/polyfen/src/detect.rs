//! Guessing the notation of a string.

use crate::Notation;

/// The notations `input` may be written in, most likely first.
///
/// The guess looks only at the shape of the text: a `{` starts JSON; the
/// placement's row count tells chess (8 rows) from Xiangqi (10); EPD
/// operations follow the fourth field. [`crate::read`] then tries them in
/// this order, so a wrong guess costs time, never a wrong reading.
#[must_use]
pub fn candidates(input: &str) -> Vec<Notation> {
    let trimmed = input.trim_start();
    if trimmed.starts_with('{') {
        return vec![Notation::Json];
    }
    let mut fields = trimmed.split_ascii_whitespace();
    let _placement = fields.next().unwrap_or("");
    let fifth = trimmed.split_ascii_whitespace().nth(4);
    let epd_first = fifth.is_some_and(|f| !f.bytes().all(|b| b.is_ascii_digit()));
    if epd_first { vec![Notation::Epd, Notation::Fen] } else { vec![Notation::Fen, Notation::Epd] }
}
