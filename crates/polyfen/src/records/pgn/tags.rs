//! The tag section: `[Name "value"]` pairs, read through a fast lane
//! while the buffer holds the common ones whole, else one by one with their
//! escapes and their repairs (no closing quote or bracket, no quotes, text
//! after the value).

use std::io::{self, Read};
use std::ops::Range;

use super::buffer::{CHECKED_STRETCH, Checked, Cursor, Found, skip_ws_in};
use super::reader::PgnReader;
use super::visitor::{PgnError, Visitor};
use super::{MAX_TOKEN, PgnRepair, excerpt};

/// The longest tag the fast path reads (longer ones take the careful path).
const SHORT_TAG: usize = 512;

impl<R: Read> PgnReader<R> {
    /// Reads the tag section. The outer error is the input's; the inner one
    /// ends the game.
    pub(super) fn read_tags<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Result<(), PgnError>> {
        loop {
            if self.fast {
                self.tag_lane(visitor);
            }
            if self.tag_names.repeated.is_some() {
                return Ok(Ok(()));
            }
            let Some(b) = self.cur.skip_ws()? else { return Ok(Ok(())) };
            match b {
                b'[' => {
                    if let Err(e) = self.read_tag(visitor)? {
                        return Ok(Err(e));
                    }
                    if self.tag_names.repeated.is_some() {
                        return Ok(Ok(()));
                    }
                }
                b'%' if self.cur.at_line_start() => {
                    self.skip_line()?;
                }
                b';' => {
                    self.skip_line()?;
                }
                _ => return Ok(Ok(())),
            }
        }
    }

    /// The common tags (`[Name "value"]`, no escapes) and the white space
    /// between them, read straight from the buffer while it holds them
    /// whole, their text sliced from a stretch checked as UTF-8 at once;
    /// returns at anything else for [`PgnReader::read_tag`] to read, which
    /// reads these tags the same.
    fn tag_lane<V: Visitor>(&mut self, visitor: &mut V) {
        let cur: &mut Cursor = &mut self.cur;
        let end = cur.end;
        let buf = &cur.buf[..end];
        let mut checked = Checked::default();
        loop {
            let p = skip_ws_in(buf, cur.pos);
            cur.pos = p;
            // the window `read_tag` would look in, or less
            let window = &buf[p..end.min(p + SHORT_TAG)];
            if window.first() != Some(&b'[') {
                return;
            }
            let Some((name, value)) = simple_tag_bounds(window) else { return };
            checked.cover(buf, p, p + value.end + 2, CHECKED_STRETCH * 4);
            let (Some(name), Some(text)) =
                (checked.get(p + name.start, p + name.end), checked.get(p + value.start, p + value.end))
            else {
                return;
            };
            if self.tag_names.repeats(name) {
                return;
            }
            visitor.tag(name, text);
            cur.pos = p + value.end + 2;
        }
    }

    fn read_tag<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Result<(), PgnError>> {
        // the common tag, read from the buffer when it holds it whole
        self.cur.peek_at(SHORT_TAG)?;
        let window = &self.cur.buf[self.cur.pos..self.cur.end.min(self.cur.pos + SHORT_TAG)];
        if let Some((name, value, consumed)) = simple_tag(window) {
            if self.tag_names.repeats(name) {
                return Ok(Ok(()));
            }
            visitor.tag(name, value);
            self.cur.pos += consumed;
            return Ok(Ok(()));
        }
        // a tag ends on its line; where it starts is found only when needed
        let len = match self.cur.find_byte(0, b'\n')? {
            Found::At(i) => i,
            Found::Eof => self.cur.end - self.cur.pos,
            Found::TooLong => {
                let start = self.cur.here();
                self.cur.discard_through(b'\n')?;
                return Ok(Err(PgnError::new(format!("a tag longer than {MAX_TOKEN} bytes"), start)));
            }
        };
        let start = self.cur.here();
        let line_bytes = &self.cur.buf[self.cur.pos..self.cur.pos + len];
        let Ok(line) = std::str::from_utf8(line_bytes) else {
            self.cur.pos += len;
            return Ok(Err(PgnError::new("the tag is not UTF-8 text (see --encoding)", start)));
        };
        let (consumed, result) = parse_tag(line, &mut self.scratch);
        match result {
            Err(message) => {
                self.cur.pos += len;
                Ok(Err(PgnError::new(message, start)))
            }
            Ok((name, _)) if self.tag_names.repeats(name) => Ok(Ok(())),
            Ok((name, repair)) => {
                if let Some(message) = repair {
                    visitor.repair(PgnRepair { message, at: start });
                }
                visitor.tag(name, &self.scratch);
                self.cur.pos += consumed;
                Ok(Ok(()))
            }
        }
    }
}

/// The common tag `[Name "value"]` with no escapes, read straight from the
/// bytes: name, value, and the bytes taken. `None` for anything else, which
/// [`parse_tag`] reads.
fn simple_tag(line: &[u8]) -> Option<(&str, &str, usize)> {
    let (name, value) = simple_tag_bounds(line)?;
    // one check of the whole tag, then slices of it (its delimiters are ASCII)
    let text = std::str::from_utf8(&line[..value.end]).ok()?;
    Some((text.get(name)?, text.get(value.clone())?, value.end + 2))
}

/// Where the name and the value of the common tag at the start of `line`
/// lie (the tag ends two bytes after its value), not yet checked as UTF-8.
#[inline]
fn simple_tag_bounds(line: &[u8]) -> Option<(Range<usize>, Range<usize>)> {
    let name_len = line.get(1..)?.iter().position(|&b| !(b.is_ascii_alphanumeric() || b == b'_'))?;
    if name_len == 0 || line.get(1 + name_len) != Some(&b' ') || line.get(2 + name_len) != Some(&b'"') {
        return None;
    }
    let open = 3 + name_len;
    let close = open + memchr::memchr2(b'"', b'\\', line.get(open..)?)?;
    if line[close] != b'"' || line.get(close + 1) != Some(&b']') {
        return None;
    }
    Some((1..1 + name_len, open..close))
}

/// Reads the tag at the start of `line` (which starts with `[`): its name,
/// its unescaped value into `value`, and a repair if it was not well formed.
/// Returns how many bytes of `line` the tag takes.
fn parse_tag<'a>(line: &'a str, value: &mut String) -> (usize, Result<(&'a str, Option<String>), String>) {
    value.clear();
    let inner = &line[1..];
    let name_len = inner.find(|c: char| c.is_whitespace() || c == '"' || c == ']').unwrap_or(inner.len());
    let name = &inner[..name_len];
    // PGN's symbol characters: letters, digits and `_ + # = : -`
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b"_+#=:-".contains(&b)) {
        return (line.len(), Err(format!("a tag with no name: {}", excerpt(line.as_bytes()))));
    }
    let after_name = 1 + name_len;
    let rest = &line[after_name..];
    let rest_start = after_name + (rest.len() - rest.trim_start().len());
    let rest = rest.trim_start();
    if let Some(quoted) = rest.strip_prefix('"') {
        let mut chars = quoted.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some((_, e @ ('"' | '\\'))) => value.push(e),
                    Some((_, other)) => {
                        value.push('\\');
                        value.push(other);
                    }
                    None => value.push('\\'),
                },
                '"' => {
                    let closed = rest_start + 1 + i + 1;
                    let after = &line[closed..];
                    let trimmed = after.trim_start();
                    if let Some(tail) = trimmed.strip_prefix(']') {
                        let consumed = line.len() - tail.len();
                        return (consumed, Ok((name, None)));
                    }
                    let repair = if trimmed.trim().is_empty() {
                        "read a tag with no closing ']'".to_owned()
                    } else {
                        format!("ignored {} after the tag's value", excerpt(trimmed.as_bytes()))
                    };
                    return (line.len(), Ok((name, Some(repair))));
                }
                c => value.push(c),
            }
        }
        let trimmed = value.trim_end().strip_suffix(']').unwrap_or(value.trim_end()).to_owned();
        *value = trimmed;
        (line.len(), Ok((name, Some("read a tag value with no closing quote".to_owned()))))
    } else {
        let (text, consumed) = match rest.find(']') {
            Some(i) => (&rest[..i], rest_start + i + 1),
            None => (rest, line.len()),
        };
        value.push_str(text.trim());
        (consumed, Ok((name, Some(format!("read the tag {name}'s value without quotes")))))
    }
}
