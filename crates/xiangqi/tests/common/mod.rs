//! Helpers shared by the test files: showing a span under its input.

#![allow(dead_code)]

use std::fmt::Write;
use std::ops::Range;

/// `input` on one line and, on the next, `^` under the characters of
/// `span` (one `^` for an empty span at the end) followed by `message`.
pub fn underline(input: &str, span: &Range<usize>, message: &str) -> String {
    let chars_before = |at: usize| {
        let mut at = at.min(input.len());
        while !input.is_char_boundary(at) {
            at -= 1;
        }
        input[..at].chars().count()
    };
    let start = chars_before(span.start);
    let width = chars_before(span.end).saturating_sub(start).max(1);
    let mut out = String::new();
    let _ = writeln!(out, "  {input}");
    let _ = writeln!(out, "  {}{} {message}", " ".repeat(start), "^".repeat(width));
    out
}
