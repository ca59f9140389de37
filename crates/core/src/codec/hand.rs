//! The hand: pieces held off the board, read and written for a
//! [`HandSpec`] (Shogi's counted `2P3pb`, crazyhouse's listed `RBNNNPPp`).

use std::borrow::Cow;

use super::{Leniency, Repair, RepairKind};
use crate::color::Color;
use crate::error::{ParseError, ParseErrorKind};
use crate::hand::{Hand, HandSpec, HandStyle, MAX_KINDS};

/// What may stand in a hand, for messages.
const EXPECTED: &str = "a piece letter of the hand or a count";

/// Reads a hand written in `spec`'s style. `offset` is the byte offset of
/// `text` in the whole input, so that errors and repairs point into it.
///
/// Uppercase letters are the first player's pieces ([`Color::White`]),
/// lowercase the second's. The standard form writes the first player's
/// kinds in [`HandSpec::kinds`] order, then the second's; in the counted
/// style a count precedes a letter when it is above one, and `-` is an
/// empty hand. With [`Leniency::fields`], a counted hand in another order, a
/// kind written twice (the counts add up) or a count of one written out is
/// read and each is reported as a [`Repair`]. A listed hand (a pocket) may
/// list its pieces in any order: the order says nothing.
///
/// # Errors
///
/// A [`ParseError`] naming the byte that does not fit: a letter that is no
/// kind of the hand, a count without a letter, a count above 255, and in a
/// strict read a counted hand out of the standard order.
pub fn decode_hand(
    spec: &HandSpec,
    text: &str,
    offset: usize,
    leniency: &Leniency,
    repairs: &mut Vec<Repair>,
) -> Result<Hand, ParseError> {
    let mut hand = Hand::EMPTY;
    let bytes = text.as_bytes();
    if text == "-" {
        return Ok(hand);
    }
    if spec.style == HandStyle::Listed {
        for (i, &b) in bytes.iter().enumerate() {
            let Some((color, kind)) = spec.kind_of(b) else {
                return Err(ParseError::unexpected(text, i, "hand", EXPECTED).shifted(offset));
            };
            if hand.count(color, kind) == u8::MAX {
                return Err(too_many(offset + i..offset + i + 1));
            }
            hand.add(color, kind);
        }
        return Ok(hand);
    }
    if bytes.is_empty() {
        return Err(ParseError::new(ParseErrorKind::Empty { expected: "a hand ('-' for none)" }, offset..offset));
    }
    let mut last: Option<usize> = None;
    let mut seen = [false; 2 * MAX_KINDS];
    let mut reordered = false;
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        let mut written: Option<u32> = None;
        while let Some(&d) = bytes.get(i).filter(|b| b.is_ascii_digit()) {
            let n = written.unwrap_or(0) * 10 + u32::from(d - b'0');
            if n > 255 {
                return Err(too_many(offset + start..offset + i + 1));
            }
            written = Some(n);
            i += 1;
        }
        let Some(&letter) = bytes.get(i) else {
            return Err(ParseError::unexpected(text, i, "hand", "a piece letter after the count").shifted(offset));
        };
        let Some((color, kind)) = spec.kind_of(letter) else {
            let expected = if written.is_some() { "a piece letter after the count" } else { EXPECTED };
            return Err(ParseError::unexpected(text, i, "hand", expected).shifted(offset));
        };
        i += 1;
        let span = offset + start..offset + i;
        let name = letter as char;
        let n = match written {
            None => 1,
            Some(n @ (0 | 1)) => {
                if !leniency.fields {
                    return Err(invalid(span, format!("a count is written only above one, not as {n}{name}")));
                }
                repairs.push(Repair::of(RepairKind::Hand, span.clone(), format!("read {n}{name} as {n} {name}")));
                n
            }
            Some(n) => n,
        };
        let rank = color.index() * MAX_KINDS + kind;
        if seen[rank] {
            if !leniency.fields {
                return Err(invalid(span, format!("{name} is written twice in the hand")));
            }
            repairs.push(Repair::of(RepairKind::Hand, span.clone(), format!("added up the counts of {name}")));
        } else if last.is_some_and(|l| rank < l) {
            if !leniency.fields {
                return Err(invalid(
                    span,
                    format!("{name} is out of order: a hand is written {}", standard_order(spec)),
                ));
            }
            reordered = true;
        }
        seen[rank] = true;
        last = Some(last.map_or(rank, |l| l.max(rank)));
        let total = u32::from(hand.count(color, kind)) + n;
        let Ok(total) = u8::try_from(total) else {
            return Err(too_many(span));
        };
        hand.set(color, kind, total);
    }
    if reordered {
        repairs.push(Repair::of(
            RepairKind::Hand,
            offset..offset + bytes.len(),
            format!("read a hand written in another order than {}", standard_order(spec)),
        ));
    }
    Ok(hand)
}

/// Writes `hand` in the standard form of `spec`: the first player's kinds in
/// [`HandSpec::kinds`] order, then the second's; `-` for an empty counted
/// hand, nothing for an empty listed one.
pub fn encode_hand(spec: &HandSpec, hand: &Hand, out: &mut String) {
    if hand.is_empty() {
        if spec.style == HandStyle::Counted {
            out.push('-');
        }
        return;
    }
    for color in Color::ALL {
        for kind in 0..spec.kinds.len().min(MAX_KINDS) {
            let n = hand.count(color, kind);
            let letter = char::from(spec.letter(color, kind));
            match spec.style {
                HandStyle::Counted if n > 1 => {
                    out.push_str(&n.to_string());
                    out.push(letter);
                }
                HandStyle::Counted if n == 1 => out.push(letter),
                HandStyle::Counted => {}
                HandStyle::Listed => out.extend(core::iter::repeat_n(letter, usize::from(n))),
            }
        }
    }
}

/// `R B G S N L P, uppercase first`.
fn standard_order(spec: &HandSpec) -> String {
    let kinds: Vec<String> = spec.kinds.iter().map(|&k| char::from(k).to_string()).collect();
    format!("{}, uppercase first", kinds.join(" "))
}

fn invalid(span: core::ops::Range<usize>, message: String) -> ParseError {
    ParseError::new(ParseErrorKind::Invalid { field: "hand", message: Cow::Owned(message) }, span)
}

fn too_many(span: core::ops::Range<usize>) -> ParseError {
    ParseError::new(
        ParseErrorKind::Invalid { field: "hand", message: Cow::Borrowed("more than 255 pieces of a kind") },
        span,
    )
}
