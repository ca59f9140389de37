//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::ops::Range;

/// A line of carets under `span` of `input` (one caret for an empty span),
/// followed by `message`.
pub fn caret(input: &str, span: &Range<usize>, message: &str) -> String {
    let start = input.get(..span.start).map_or(span.start, |s| s.chars().count());
    let width = input.get(span.clone()).map_or(1, |s| s.chars().count()).max(1);
    format!("  {}{} {message}\n", " ".repeat(start), "^".repeat(width))
}

/// `input` with carets under `span` and `message`: how a snapshot shows an
/// error.
pub fn point(input: &str, span: &Range<usize>, message: &str) -> String {
    format!("  {input}\n{}", caret(input, span, message))
}
