//! An input with carets under a span: how the snapshot tests show where
//! an error or a repair points.

use std::ops::Range;

/// `input` on one line and, on the next, `^` under the characters of
/// `span` followed by `message`, each line indented by two spaces and
/// ended by a newline. The span is in bytes and is shown in characters;
/// an empty span, or one past the end, gets one `^`; a bound inside a
/// character counts from that character's start.
#[must_use]
pub fn underline(input: &str, span: &Range<usize>, message: &str) -> String {
    format!("  {input}\n{}", carets(input, span, message))
}

/// The second line of [`underline`] alone: `^` under the characters of
/// `span` of `input`, then `message`, indented by two spaces and ended by a
/// newline (for a report that shows the input once above several spans).
#[must_use]
pub fn carets(input: &str, span: &Range<usize>, message: &str) -> String {
    let chars_before = |at: usize| {
        let mut at = at.min(input.len());
        while !input.is_char_boundary(at) {
            at -= 1;
        }
        input[..at].chars().count()
    };
    let start = chars_before(span.start);
    let width = chars_before(span.end).saturating_sub(start).max(1);
    format!("  {}{} {message}\n", " ".repeat(start), "^".repeat(width))
}

#[cfg(test)]
mod tests {
    use super::{carets, underline};

    #[test]
    fn carets_stand_under_the_characters_of_the_span() {
        for (input, span, message, expected) in [
            ("8/8 x", 4..5, "not a side", "  8/8 x\n      ^ not a side\n"),
            ("abc", 0..3, "all", "  abc\n  ^^^ all\n"),
            // an empty span or one past the end gets one caret
            ("abc", 3..3, "end", "  abc\n     ^ end\n"),
            ("abc", 7..9, "past", "  abc\n     ^ past\n"),
            // bytes are counted as characters: 炮 is three bytes
            ("炮二平五", 3..9, "x", "  炮二平五\n   ^^ x\n"),
            // a bound inside a character counts from its start
            ("炮二", 1..3, "x", "  炮二\n  ^ x\n"),
        ] {
            assert_eq!(underline(input, &span, message), expected, "{input} {span:?}");
        }
    }

    #[test]
    fn carets_alone_are_the_second_line() {
        assert_eq!(carets("8/8 x", &(4..5), "not a side"), "      ^ not a side\n");
    }
}
