//! The input buffer: one buffer of bounded size over any [`Read`], refilled
//! as the reader goes (keeping the token being read, growing only while a
//! token needs it, up to [`MAX_TOKEN`]), the counts that place its bytes in
//! the input (line, column, byte offset, the newlines before a token), the
//! searches that read more input as needed, the movetext's byte classes,
//! and a stretch of it checked as UTF-8 at once for the fast lanes.

use std::cell::Cell;
use std::io::{self, Read};
use std::ops::{Deref, DerefMut};

use super::{Location, MAX_TOKEN};

/// The buffer's starting size; it grows only while a token needs it.
pub(super) const START_BUFFER: usize = 256 << 10;

/// How much of the buffer the fast lane checks as UTF-8 at once, from the
/// move it needs checked.
pub(super) const CHECKED_STRETCH: usize = 256;

/// The byte classes of the movetext: white space, a delimiter (a byte
/// that ends a token), and 0 for any other byte ([`CLASS`]).
pub(super) const WS: u8 = 1;
const DELIM: u8 = 2;

/// The class of each byte.
const fn classes() -> [u8; 256] {
    let mut t = [0u8; 256];
    t[b' ' as usize] = WS;
    t[b'\t' as usize] = WS;
    t[b'\r' as usize] = WS;
    t[b'\n' as usize] = WS;
    t[0x0b] = WS;
    t[0x0c] = WS;
    t[b'{' as usize] = DELIM;
    t[b'}' as usize] = DELIM;
    t[b'(' as usize] = DELIM;
    t[b')' as usize] = DELIM;
    t[b';' as usize] = DELIM;
    t[b'$' as usize] = DELIM;
    t[b'[' as usize] = DELIM;
    t[b']' as usize] = DELIM;
    t[b'"' as usize] = DELIM;
    t
}

pub(super) static CLASS: [u8; 256] = classes();

/// The buffer and the counts that place its bytes in the input.
pub(super) struct Cursor {
    /// The bytes read and not yet dropped.
    pub(super) buf: Vec<u8>,
    /// The next byte to read.
    pub(super) pos: usize,
    /// The end of the bytes read (the rest of `buf` is room).
    pub(super) end: usize,
    /// Whether the input has ended.
    eof: bool,
    /// Input offset of `buf[0]`.
    pub(super) base: u64,
    /// Lines before `buf[0]` (newlines seen).
    lines_before: u64,
    /// Characters between the last newline before `buf[0]` and `buf[0]`.
    column_before: u64,
    /// Newlines in the white space that ends at `buf[0]` (counted to 2),
    /// so that a blank line before a token is seen whatever was dropped.
    newlines_before: u8,
    /// The last place located: its index, the newlines before it and its
    /// column (from 0), so that locating as reading goes on costs each byte
    /// once.
    checkpoint: Cell<(usize, u64, u64)>,
    /// The skipped movetext being kept for the visitor (see
    /// [`super::Visitor::unplayed_from`]): the bytes before `buf[0]`, and
    /// the index in `buf` it starts from.
    pub(super) kept: Option<Vec<u8>>,
    pub(super) kept_from: usize,
}

impl Cursor {
    /// The newlines before `index` and its column (from 0).
    fn count_to(&self, index: usize) -> (u64, u64) {
        let (at, lines, column) = self.checkpoint.get();
        let (from, lines, column) =
            if at <= index { (at, lines, column) } else { (0, self.lines_before, self.column_before) };
        let seg = &self.buf[from..index];
        let newlines = memchr::memchr_iter(b'\n', seg).count() as u64;
        let column = match memchr::memrchr(b'\n', seg) {
            Some(nl) => chars(&seg[nl + 1..]),
            None => column + chars(seg),
        };
        self.checkpoint.set((index, lines + newlines, column));
        (lines + newlines, column)
    }

    /// Where `buf[index]` is in the input.
    pub(super) fn locate(&self, index: usize) -> Location {
        let index = index.min(self.end);
        let (lines, column) = self.count_to(index);
        Location { offset: self.base + index as u64, line: lines + 1, column: column + 1 }
    }

    /// Whether the white space before `index` holds a blank line.
    #[inline]
    pub(super) fn blank_line_before(&self, index: usize) -> bool {
        trailing_newlines(&self.buf[..index.min(self.end)], self.newlines_before) >= 2
    }
}

/// Where a comment lies in a stretch of the buffer already checked as
/// UTF-8 (for the moves around it), if it lies in one: the stretch's text
/// and the comment's offset in it, looked at only when the comment's text
/// is asked for ([`super::RawText::to_str`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Stretch<'a> {
    pub(super) text: &'a str,
    pub(super) offset: usize,
}

/// A stretch of the read buffer checked as UTF-8 at once, from which the
/// fast lanes slice their text instead of checking each piece alone.
#[derive(Clone, Copy, Default)]
pub(super) struct Checked<'a> {
    /// The stretch's text: up to its first byte that is not UTF-8.
    text: &'a str,
    /// Where it starts in the buffer.
    at: usize,
}

impl<'a> Checked<'a> {
    /// Makes `buf[from..to]` part of the checked stretch when it is not,
    /// checking anew from `from` at least `len` bytes (or to the buffer's
    /// end).
    #[inline]
    pub(super) fn cover(&mut self, buf: &'a [u8], from: usize, to: usize, len: usize) {
        if from < self.at || to > self.at + self.text.len() {
            let stretch = &buf[from..buf.len().min(from + len).max(to)];
            self.text = match std::str::from_utf8(stretch) {
                Ok(text) => text,
                // the text before the first byte that is not UTF-8
                Err(e) => std::str::from_utf8(&stretch[..e.valid_up_to()]).unwrap_or(""),
            };
            self.at = from;
        }
    }

    /// The stretch, for a text that starts at `from` (and may not lie in it).
    #[inline]
    pub(super) fn stretch(&self, from: usize) -> Stretch<'a> {
        Stretch { text: self.text, offset: from.wrapping_sub(self.at) }
    }

    /// `buf[from..to]` as text, when the stretch holds it as such (a place
    /// before the stretch wraps to one past its end: `None`).
    #[inline]
    pub(super) fn get(&self, from: usize, to: usize) -> Option<&'a str> {
        self.text.get(from.wrapping_sub(self.at)..to.wrapping_sub(self.at))
    }
}

/// The index of the first byte at or after `from` in `bytes` that is not
/// white space (`bytes.len()` if none is).
#[inline]
pub(super) fn skip_ws_in(bytes: &[u8], mut from: usize) -> usize {
    while from < bytes.len() && CLASS[bytes[from] as usize] == WS {
        from += 1;
    }
    from
}

/// Newlines (counted to 2) in the white space that ends `bytes`, adding
/// `carried` (those before `bytes`) when `bytes` is all white space.
fn trailing_newlines(bytes: &[u8], carried: u8) -> u8 {
    let mut newlines = 0u8;
    for &b in bytes.iter().rev() {
        if CLASS[b as usize] != WS {
            return newlines;
        }
        if b == b'\n' {
            newlines += 1;
            if newlines >= 2 {
                return 2;
            }
        }
    }
    newlines.saturating_add(carried).min(2)
}

/// UTF-8 characters in `bytes` (bytes that are not continuation bytes).
fn chars(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count() as u64
}

/// Where a search ended.
pub(super) enum Found {
    /// At this index of the buffer.
    At(usize),
    /// The input ended first.
    Eof,
    /// The token is longer than [`MAX_TOKEN`].
    TooLong,
}

/// The buffer over its input: the [`Cursor`] (which it dereferences to)
/// and the reader it is refilled from.
pub(super) struct Buffer<R> {
    inner: R,
    cur: Cursor,
}

impl<R> Deref for Buffer<R> {
    type Target = Cursor;

    #[inline]
    fn deref(&self) -> &Cursor {
        &self.cur
    }
}

impl<R> DerefMut for Buffer<R> {
    #[inline]
    fn deref_mut(&mut self) -> &mut Cursor {
        &mut self.cur
    }
}

impl<R: Read> Buffer<R> {
    /// A buffer `buf` over `inner`, of which the first `end` bytes are the
    /// input's start.
    pub(super) fn new(buf: Vec<u8>, end: usize, inner: R) -> Buffer<R> {
        Buffer {
            inner,
            cur: Cursor {
                buf,
                pos: 0,
                end,
                eof: false,
                base: 0,
                lines_before: 0,
                column_before: 0,
                newlines_before: 0,
                checkpoint: Cell::new((0, 0, 0)),
                kept: None,
                kept_from: 0,
            },
        }
    }

    /// Places the input at `line` (from 1) and byte `offset` of a larger
    /// input.
    pub(super) fn start_at(&mut self, line: u64, offset: u64) {
        self.cur.lines_before = line.saturating_sub(1);
        self.cur.base = offset;
        self.cur.column_before = 0;
        self.cur.newlines_before = 0;
        self.cur.checkpoint.set((0, self.cur.lines_before, 0));
    }

    /// The buffer's bytes, given back.
    pub(super) fn into_bytes(self) -> Vec<u8> {
        self.cur.buf
    }

    /// Bytes of the input consumed so far.
    pub(super) fn bytes_read(&self) -> u64 {
        self.cur.base + self.cur.pos as u64
    }

    /// Reads more input, keeping `buf[pos..end]`. Returns whether bytes came.
    pub(super) fn fill(&mut self) -> io::Result<bool> {
        if self.cur.eof {
            return Ok(false);
        }
        let c = &mut self.cur;
        if c.pos > 0 {
            let (lines, column) = c.count_to(c.pos);
            c.lines_before = lines;
            c.column_before = column;
            c.newlines_before = trailing_newlines(&c.buf[..c.pos], c.newlines_before);
            c.checkpoint.set((0, lines, column));
            if let Some(kept) = c.kept.as_mut()
                && c.kept_from < c.pos
            {
                kept.extend_from_slice(&c.buf[c.kept_from..c.pos]);
                if kept.len() > MAX_TOKEN {
                    c.kept = None;
                }
            }
            c.kept_from = c.kept_from.saturating_sub(c.pos);
            c.base += c.pos as u64;
            c.buf.copy_within(c.pos..c.end, 0);
            c.end -= c.pos;
            c.pos = 0;
        }
        if c.end == c.buf.len() {
            if c.buf.len() >= MAX_TOKEN + 1024 {
                return Ok(false);
            }
            let grown = (c.buf.len() * 2).clamp(START_BUFFER, MAX_TOKEN + 1024);
            c.buf.resize(grown, 0);
        }
        loop {
            match self.inner.read(&mut c.buf[c.end..]) {
                Ok(0) => {
                    c.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    c.end += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// The byte at `pos + ahead`, reading more input if needed; `None` at the end.
    pub(super) fn peek_at(&mut self, ahead: usize) -> io::Result<Option<u8>> {
        while self.cur.pos + ahead >= self.cur.end {
            if !self.fill()? {
                return Ok(None);
            }
        }
        Ok(Some(self.cur.buf[self.cur.pos + ahead]))
    }

    /// The index (from `pos`) of the first byte at or after `from` that
    /// `stop` accepts, reading more input as needed.
    pub(super) fn find(&mut self, from: usize, stop: impl Fn(u8) -> bool) -> io::Result<Found> {
        self.search(from, |bytes| bytes.iter().position(|&b| stop(b)))
    }

    /// The index (from `pos`) of the first `byte` at or after `from`.
    pub(super) fn find_byte(&mut self, from: usize, byte: u8) -> io::Result<Found> {
        self.search(from, |bytes| memchr::memchr(byte, bytes))
    }

    /// The index (from `pos`) of what `first` finds first in the bytes at
    /// or after `from`, reading more input as needed.
    #[inline]
    fn search(&mut self, from: usize, first: impl Fn(&[u8]) -> Option<usize>) -> io::Result<Found> {
        let mut i = from;
        loop {
            let c = &self.cur;
            if let Some(k) = first(&c.buf[(c.pos + i).min(c.end)..c.end]) {
                return Ok(Found::At(i + k));
            }
            i = c.end - c.pos;
            if i > MAX_TOKEN {
                return Ok(Found::TooLong);
            }
            if !self.fill()? {
                return Ok(if self.cur.eof { Found::Eof } else { Found::TooLong });
            }
        }
    }

    /// The length (at least 1) of the token at `pos`, for a token skipped
    /// (up to the next white space or delimiter, or the input's end);
    /// `None` for one longer than [`MAX_TOKEN`], with `pos` moved past what
    /// the buffer holds of it.
    pub(super) fn skipped_token(&mut self) -> io::Result<Option<usize>> {
        Ok(match self.find(0, |b| CLASS[b as usize] != 0)? {
            Found::At(i) => Some(i.max(1)),
            Found::Eof => Some((self.cur.end - self.cur.pos).max(1)),
            Found::TooLong => {
                self.cur.pos = self.cur.end;
                None
            }
        })
    }

    /// Where `pos` is in the input.
    pub(super) fn here(&self) -> Location {
        self.cur.locate(self.cur.pos)
    }

    /// Consumes input up to and including the next `byte`, without keeping
    /// it (for tokens over [`MAX_TOKEN`]). Returns whether `byte` was found.
    pub(super) fn discard_through(&mut self, byte: u8) -> io::Result<bool> {
        loop {
            let c = &mut self.cur;
            if let Some(k) = memchr::memchr(byte, &c.buf[c.pos..c.end]) {
                c.pos += k + 1;
                return Ok(true);
            }
            c.pos = c.end;
            if !self.fill()? {
                return Ok(false);
            }
        }
    }

    /// Whether `pos` is at the start of a line.
    pub(super) fn at_line_start(&self) -> bool {
        let c = &self.cur;
        if c.pos == 0 { c.base == 0 || c.column_before == 0 } else { c.buf[c.pos - 1] == b'\n' }
    }

    /// Skips white space; returns the next byte.
    pub(super) fn skip_ws(&mut self) -> io::Result<Option<u8>> {
        loop {
            let c = &mut self.cur;
            while c.pos < c.end {
                let b = c.buf[c.pos];
                if CLASS[b as usize] != WS {
                    return Ok(Some(b));
                }
                c.pos += 1;
            }
            if !self.fill()? {
                return Ok(None);
            }
        }
    }
}
