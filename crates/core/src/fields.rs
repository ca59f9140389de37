//! Splitting a notation line into space-separated fields, with byte offsets.

use crate::error::{ParseError, ParseErrorKind};

/// One field of a notation line and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field<'a> {
    /// The field's text, never empty.
    pub text: &'a str,
    /// Its byte offset in the whole line.
    pub start: usize,
}

impl Field<'_> {
    /// The byte range of the field in the whole line.
    #[must_use]
    pub fn span(&self) -> core::ops::Range<usize> {
        self.start..self.start + self.text.len()
    }

    /// The field as an integer from `min` to `max`.
    ///
    /// # Errors
    ///
    /// [`ParseErrorKind::Number`] when the field is not such a number.
    pub fn number(&self, field: &'static str, min: u32, max: u32) -> Result<u32, ParseError> {
        let bytes = self.text.as_bytes();
        let mut value: Option<u32> = (!bytes.is_empty()).then_some(0);
        for &b in bytes {
            value = value.and_then(|v| {
                let digit = b.is_ascii_digit().then(|| u32::from(b - b'0'))?;
                v.checked_mul(10)?.checked_add(digit)
            });
        }
        if let Some(value) = value.filter(|v| (min..=max).contains(v)) {
            Ok(value)
        } else {
            Err(ParseError::new(
                ParseErrorKind::Number { field, found: crate::error::excerpt(self.text), min, max },
                self.span(),
            ))
        }
    }

    /// The value of the field among fixed words (a side to move, a flag):
    /// `choices` pairs each word with its value.
    ///
    /// ```
    /// use polyfen_core::{Color, Fields};
    ///
    /// let side = Fields::new("x b").nth(1).ok_or("a field")?;
    /// let sides = [("b", Color::White), ("w", Color::Black)];
    /// assert_eq!(side.one_of("side to move", "'b' or 'w'", &sides)?, Color::White);
    /// let wrong = Fields::new("x v").nth(1).ok_or("a field")?;
    /// assert_eq!(wrong.one_of("side to move", "'b' or 'w'", &sides).unwrap_err().span, 2..3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// An unexpected-text error at the field, naming `field` and what was
    /// `expected`, for any other word.
    pub fn one_of<T: Copy>(
        &self,
        field: &'static str,
        expected: &'static str,
        choices: &[(&str, T)],
    ) -> Result<T, ParseError> {
        choices
            .iter()
            .find(|(word, _)| *word == self.text)
            .map(|&(_, value)| value)
            .ok_or_else(|| ParseError::unexpected(self.text, 0, field, expected).shifted(self.start))
    }
}

/// An iterator over the space-separated fields of a line.
///
/// Runs of ASCII white space separate fields; leading and trailing white
/// space is ignored.
#[derive(Clone, Debug)]
pub struct Fields<'a> {
    line: &'a str,
    pos: usize,
}

impl<'a> Fields<'a> {
    /// The fields of `line`.
    #[must_use]
    pub fn new(line: &'a str) -> Fields<'a> {
        Fields { line, pos: 0 }
    }

    /// The fields of `line` from byte `pos` on.
    #[must_use]
    pub fn starting_at(line: &'a str, pos: usize) -> Fields<'a> {
        Fields { line, pos: pos.min(line.len()) }
    }

    /// The whole line.
    #[must_use]
    pub fn line(&self) -> &'a str {
        self.line
    }

    /// The byte offset just after the last field returned (the end of the
    /// line once the fields are used up).
    #[must_use]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Everything not yet returned, with leading white space skipped, and
    /// its offset; `None` when only white space is left.
    #[must_use]
    pub fn rest(&self) -> Option<Field<'a>> {
        let bytes = self.line.as_bytes();
        let mut start = self.pos;
        while start < bytes.len() && bytes[start].is_ascii_whitespace() {
            start += 1;
        }
        let text = self.line[start..].trim_end();
        if text.is_empty() { None } else { Some(Field { text, start }) }
    }

    /// Takes everything not yet returned.
    pub fn take_rest(&mut self) -> Option<Field<'a>> {
        let rest = self.rest();
        self.pos = self.line.len();
        rest
    }

    /// The next field, or an error naming it as missing.
    ///
    /// # Errors
    ///
    /// [`ParseErrorKind::MissingField`] at the end of the line.
    pub fn expect(&mut self, field: &'static str, expected: &'static str) -> Result<Field<'a>, ParseError> {
        let end = self.line.len();
        self.next().ok_or_else(|| ParseError::new(ParseErrorKind::MissingField { field, expected }, end..end))
    }

    /// An error unless every field has been read.
    ///
    /// # Errors
    ///
    /// [`ParseErrorKind::ExtraField`] naming the first unread field.
    pub fn finish(&mut self, last_field: &'static str) -> Result<(), ParseError> {
        match self.next() {
            None => Ok(()),
            Some(extra) => Err(ParseError::new(
                ParseErrorKind::ExtraField { found: crate::error::excerpt(extra.text), last_field },
                extra.span(),
            )),
        }
    }
}

impl<'a> Iterator for Fields<'a> {
    type Item = Field<'a>;

    fn next(&mut self) -> Option<Field<'a>> {
        let bytes = self.line.as_bytes();
        let mut start = self.pos;
        while start < bytes.len() && bytes[start].is_ascii_whitespace() {
            start += 1;
        }
        if start >= bytes.len() {
            self.pos = bytes.len();
            return None;
        }
        let mut end = start;
        while end < bytes.len() && !bytes[end].is_ascii_whitespace() {
            end += 1;
        }
        self.pos = end;
        Some(Field { text: &self.line[start..end], start })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_with_offsets() {
        let mut f = Fields::new("  ab  c d ");
        assert_eq!(f.next(), Some(Field { text: "ab", start: 2 }));
        assert_eq!(f.rest(), Some(Field { text: "c d", start: 6 }));
        assert_eq!(f.next(), Some(Field { text: "c", start: 6 }));
        assert_eq!(f.next(), Some(Field { text: "d", start: 8 }));
        assert_eq!(f.next(), None);
        assert!(f.finish("last").is_ok());
    }

    #[test]
    fn numbers() {
        let f = Field { text: "120", start: 4 };
        assert_eq!(f.number("clock", 0, 999), Ok(120));
        let e = Field { text: "12x", start: 4 }.number("clock", 0, 999).unwrap_err();
        assert_eq!(e.span, 4..7);
        assert!(Field { text: "99999999999", start: 0 }.number("n", 0, u32::MAX).is_err());
        assert!(Field { text: "4294967296", start: 0 }.number("n", 0, u32::MAX).is_err());
        assert_eq!(Field { text: "4294967295", start: 0 }.number("n", 0, u32::MAX), Ok(u32::MAX));
    }
}
