//! The streaming PGN reader: one tokenizer for the movetext of every game.
//!
//! The reader knows PGN's grammar (tag pairs, move numbers, moves, `{}` and
//! `;` comments, `%` escape lines, `$n` NAGs and `!?` suffixes, `()`
//! variations, results) and nothing of any game: a move is a token handed to
//! the [`Visitor`], which reads it with the rules of its game. It reads from
//! any [`BufRead`]-free [`Read`] through one buffer of bounded size, so files
//! of any size are read in constant memory, and it does not allocate per
//! move: the visitor gets slices of the buffer.
//!
//! Real files are messy. The reader takes a UTF-8 byte order mark, CRLF line
//! ends, `%` lines, `;` comments, blank lines between tags, a missing tag
//! section (a game may start with `1.`), a missing result (a game without
//! tags then starts at the next line starting with `[`, or at `1.` after a
//! blank line once the game has had a move), unbalanced variations (a `)`
//! that closes none and a `(` before any move are dropped, variations open
//! where the game ends are closed there), and text between games; every
//! repair is reported to the visitor ([`Visitor::repair`]) with its line and
//! column. A game that cannot be read (an unclosed comment, a tag or comment
//! over [`MAX_TOKEN`] bytes, text that is not UTF-8, or an error the visitor
//! raises) ends with a [`PgnError`] naming the line and column, and reading
//! goes on with the next game; the rest of its movetext, skipped, is handed
//! to a visitor that asks for it ([`Visitor::unplayed`]), so that the game
//! can be kept up to the error. A null move's `0000` is a move, not a move
//! number.

use std::cell::Cell;
use std::fmt;
use std::io::{self, Read};
use std::ops::Range;

pub use polyfen_game::records::{Location, PgnRepair};

/// The most bytes one token (a tag or a comment) may take; a longer one is
/// an error of its game, and the reader skips it without keeping it.
pub const MAX_TOKEN: usize = 16 << 20;

/// The longest tag the fast path reads (longer ones take the careful path).
const SHORT_TAG: usize = 512;

/// How far [`PgnReader::starts_movetext`] looks past `(`s that open no
/// variation for the move number of a game without tags.
const STRAY_OPENINGS: usize = 64;

/// The buffer's starting size; it grows only while a token needs it.
const START_BUFFER: usize = 256 << 10;

/// What the visitor wants next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on reading.
    Continue,
    /// Skip: the variation just begun (from [`Visitor::begin_variation`]),
    /// or else the rest of the game's movetext.
    Skip,
}

/// Why a game could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// What is wrong, in words.
    pub message: String,
    /// Where.
    pub at: Location,
}

impl PgnError {
    /// An error `message` at `at`.
    pub fn new(message: impl Into<String>, at: Location) -> PgnError {
        PgnError { message: message.into(), at }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

impl std::error::Error for PgnError {}

/// A comment's bytes as written, checked as UTF-8 only when asked for: a
/// visitor that does not keep comments does not pay for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawText<'a>(&'a [u8]);

impl<'a> RawText<'a> {
    /// The bytes.
    #[must_use]
    pub fn as_bytes(&self) -> &'a [u8] {
        self.0
    }

    /// The text, or the byte offset (within it) where it stops being UTF-8.
    ///
    /// # Errors
    ///
    /// The offset of the first byte that is not UTF-8.
    pub fn to_str(&self) -> Result<&'a str, usize> {
        std::str::from_utf8(self.0).map_err(|e| e.valid_up_to())
    }
}

/// A handle on the token being visited, to find its line and column only
/// when they are needed (an error, a repair).
pub struct Here<'a> {
    reader: &'a Cursor,
    index: usize,
}

impl Here<'_> {
    /// The token's location.
    #[must_use]
    pub fn location(&self) -> Location {
        self.reader.locate(self.index)
    }
}

/// What a game's reader is told, in order: [`begin_game`](Visitor::begin_game),
/// the tags, [`begin_movetext`](Visitor::begin_movetext), the movetext's
/// moves, comments, NAGs and variations, the result, and
/// [`end_game`](Visitor::end_game), which returns what the visitor made of
/// the game. Every method but `end_game` has a default that ignores it.
pub trait Visitor {
    /// What a game becomes.
    type Output;

    /// A game begins; `number` counts games from 1.
    fn begin_game(&mut self, number: u64, at: Location) {
        let _ = (number, at);
    }

    /// A tag pair, its value unescaped.
    fn tag(&mut self, name: &str, value: &str) {
        let _ = (name, value);
    }

    /// The tags are over. [`Flow::Skip`] skips the movetext.
    fn begin_movetext(&mut self) -> Flow {
        Flow::Continue
    }

    /// A move's text (without move number and `!?` suffixes).
    /// [`Flow::Skip`] skips the rest of the game.
    fn san(&mut self, text: &str, here: &Here<'_>) -> Flow {
        let _ = (text, here);
        Flow::Continue
    }

    /// A numeric annotation glyph (`$n`, or a `!?` suffix as its number).
    fn nag(&mut self, nag: u8, here: &Here<'_>) -> Flow {
        let _ = (nag, here);
        Flow::Continue
    }

    /// A comment's text, between the braces (or after `;`), as written.
    fn comment(&mut self, text: RawText<'_>, here: &Here<'_>) -> Flow {
        let _ = (text, here);
        Flow::Continue
    }

    /// A variation begins (`here` is its parenthesis). [`Flow::Skip`]
    /// skips it.
    fn begin_variation(&mut self, here: &Here<'_>) -> Flow {
        let _ = here;
        Flow::Continue
    }

    /// A variation ends.
    fn end_variation(&mut self) {}

    /// The result marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
    fn result(&mut self, text: &str) {
        let _ = text;
    }

    /// A repair made while reading.
    fn repair(&mut self, repair: PgnRepair) {
        let _ = repair;
    }

    /// Where the visitor wants the rest of the movetext kept from, when
    /// it is skipped: after the visitor asked to skip it (`error` is
    /// `None`), or after the reader's `error`. An input offset, at most
    /// the start of the token just read; `None` (the default) keeps
    /// nothing.
    fn unplayed_from(&self, error: Option<&PgnError>) -> Option<u64> {
        let _ = error;
        None
    }

    /// The movetext skipped from [`Visitor::unplayed_from`]'s offset to
    /// the game's end, trimmed, without its result marker, which comes as
    /// `result` when one ends the game. Called before
    /// [`Visitor::end_game`], unless the text was over [`MAX_TOKEN`]
    /// bytes.
    fn unplayed(&mut self, text: RawText<'_>, result: Option<&str>) {
        let _ = (text, result);
    }

    /// The game is over; `error` says why it could not be read to its end.
    fn end_game(&mut self, error: Option<PgnError>) -> Self::Output;
}

/// How much of the buffer the fast lane checks as UTF-8 at once, from the
/// move it needs checked.
const CHECKED_STRETCH: usize = 256;

/// The byte classes of the movetext.
const WS: u8 = 1;
const DELIM: u8 = 2;

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

static CLASS: [u8; 256] = classes();

/// The buffer and the counts that place its bytes in the input.
struct Cursor {
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    eof: bool,
    /// Input offset of `buf[0]`.
    base: u64,
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
    /// [`Visitor::unplayed_from`]): the bytes before `buf[0]`, and the index
    /// in `buf` it starts from.
    kept: Option<Vec<u8>>,
    kept_from: usize,
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

    fn locate(&self, index: usize) -> Location {
        let index = index.min(self.end);
        let (lines, column) = self.count_to(index);
        Location { offset: self.base + index as u64, line: lines + 1, column: column + 1 }
    }

    /// Whether the white space before `index` holds a blank line.
    fn blank_line_before(&self, index: usize) -> bool {
        trailing_newlines(&self.buf[..index.min(self.end)], self.newlines_before) >= 2
    }
}

/// A stretch of the read buffer checked as UTF-8 at once, from which the
/// fast lanes slice their text instead of checking each piece alone.
#[derive(Clone, Copy, Default)]
struct Checked<'a> {
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
    fn cover(&mut self, buf: &'a [u8], from: usize, to: usize, len: usize) {
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

    /// `buf[from..to]` as text, when the stretch holds it as such (a place
    /// before the stretch wraps to one past its end: `None`).
    #[inline]
    fn get(&self, from: usize, to: usize) -> Option<&'a str> {
        self.text.get(from.wrapping_sub(self.at)..to.wrapping_sub(self.at))
    }
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

/// Whether a movetext token starts with white's first move number, `1.`
/// (not `1...`, which continues a move 1).
fn is_first_move_number(token: &[u8]) -> bool {
    token.starts_with(b"1.") && token.get(2) != Some(&b'.')
}

/// UTF-8 characters in `bytes` (bytes that are not continuation bytes).
fn chars(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count() as u64
}

/// Where a search ended.
enum Found {
    /// At this index of the buffer.
    At(usize),
    /// The input ended first.
    Eof,
    /// The token is longer than [`MAX_TOKEN`].
    TooLong,
}

/// How skipping a variation ended.
enum Skipped {
    /// At its `)`.
    Closed,
    /// Where the game ends, with this many variations (the skipped one and
    /// those in it) open.
    GameEnds(usize),
    /// With an error that ends the game.
    Error(PgnError),
}

/// How a game's movetext ended.
enum End {
    /// At a result token, or with the result missing: at the end of the
    /// input, before the next game's tags, or before `1.` after a blank
    /// line.
    Done,
    /// The visitor asked to skip the rest of the movetext.
    Skip,
    /// With an error; the rest of the game is to be skipped.
    Error(PgnError),
}

/// A streaming PGN reader over any [`Read`].
///
/// # Examples
///
/// ```
/// use polyfen::records::pgn::{Flow, Here, PgnError, PgnReader, Visitor};
///
/// /// Counts the moves of each game.
/// struct Count(usize);
///
/// impl Visitor for Count {
///     type Output = usize;
///     fn begin_game(&mut self, _: u64, _: polyfen::records::pgn::Location) {
///         self.0 = 0;
///     }
///     fn san(&mut self, _: &str, _: &Here<'_>) -> Flow {
///         self.0 += 1;
///         Flow::Continue
///     }
///     fn begin_variation(&mut self, _: &Here<'_>) -> Flow {
///         Flow::Skip
///     }
///     fn end_game(&mut self, _: Option<PgnError>) -> usize {
///         self.0
///     }
/// }
///
/// let pgn = "[Event \"?\"]\n\n1. e4 e5 (1... c5) 2. Nf3 {a comment} 1-0\n\n1. d4 *\n";
/// let mut reader = PgnReader::new(pgn.as_bytes());
/// let mut counts = Vec::new();
/// while let Some(moves) = reader.read_game(&mut Count(0))? {
///     counts.push(moves);
/// }
/// assert_eq!(counts, [3, 1]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct PgnReader<R> {
    inner: R,
    cur: Cursor,
    games: u64,
    started: bool,
    scratch: String,
    /// Repairs found between games, for the next game.
    pending: Vec<PgnRepair>,
    /// Whether the game being read has had a move (or, when skipped, any
    /// token but a move number): after one, `1.` after a blank line starts
    /// a new game.
    moves_seen: bool,
    /// Whether the fast lane reads what it can (off only to test that it
    /// reads exactly what the careful path does).
    fast: bool,
}

impl<R: Read> PgnReader<R> {
    /// A reader of `inner`, which must be UTF-8 (see
    /// [`crate::records::decode`] for other encodings).
    pub fn new(inner: R) -> PgnReader<R> {
        PgnReader::with_text(vec![0; START_BUFFER], 0, inner)
    }

    /// A reader of `text`, then of what `inner` reads: a piece of a text
    /// already in memory is read in place, with no copy and no buffer of its
    /// own. `text` must be UTF-8 as for [`PgnReader::new`].
    pub fn after_text(text: Vec<u8>, inner: R) -> PgnReader<R> {
        let end = text.len();
        PgnReader::with_text(text, end, inner)
    }

    /// A reader whose buffer is `buf`, of which the first `end` bytes are
    /// the input's start.
    fn with_text(buf: Vec<u8>, end: usize, inner: R) -> PgnReader<R> {
        PgnReader {
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
            games: 0,
            started: false,
            scratch: String::new(),
            pending: Vec::new(),
            moves_seen: false,
            fast: true,
        }
    }

    /// This reader, with its input placed at `line` (from 1) and byte
    /// `offset` of a larger input (a piece of a file read on its own), so
    /// that locations name the place in the whole.
    #[must_use]
    pub fn starting_at(mut self, line: u64, offset: u64) -> PgnReader<R> {
        self.cur.lines_before = line.saturating_sub(1);
        self.cur.base = offset;
        self.cur.column_before = 0;
        self.cur.newlines_before = 0;
        self.cur.checkpoint.set((0, self.cur.lines_before, 0));
        self
    }

    /// This reader with the fast lane off: every token read by the careful
    /// path. For tests that check the two read alike.
    #[doc(hidden)]
    #[must_use]
    pub fn careful_only(mut self) -> PgnReader<R> {
        self.fast = false;
        self
    }

    /// The reader's buffer, given back for another reader (see
    /// [`PgnReader::after_text`]) once this one is done.
    #[must_use]
    pub fn into_buffer(self) -> Vec<u8> {
        self.cur.buf
    }

    /// Games read so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Bytes of the input consumed so far.
    pub fn bytes_read(&self) -> u64 {
        self.cur.base + self.cur.pos as u64
    }

    /// Reads more input, keeping `buf[pos..end]`. Returns whether bytes came.
    fn fill(&mut self) -> io::Result<bool> {
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
    fn peek_at(&mut self, ahead: usize) -> io::Result<Option<u8>> {
        while self.cur.pos + ahead >= self.cur.end {
            if !self.fill()? {
                return Ok(None);
            }
        }
        Ok(Some(self.cur.buf[self.cur.pos + ahead]))
    }

    /// The index (from `pos`) of the first byte at or after `from` that
    /// `stop` accepts, reading more input as needed.
    fn find(&mut self, from: usize, stop: impl Fn(u8) -> bool) -> io::Result<Found> {
        let mut i = from;
        loop {
            let c = &self.cur;
            if let Some(k) = c.buf[(c.pos + i).min(c.end)..c.end].iter().position(|&b| stop(b)) {
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

    /// The index (from `pos`) of the first `byte` at or after `from`.
    fn find_byte(&mut self, from: usize, byte: u8) -> io::Result<Found> {
        let mut i = from;
        loop {
            let c = &self.cur;
            if let Some(k) = memchr::memchr(byte, &c.buf[(c.pos + i).min(c.end)..c.end]) {
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

    fn here(&self) -> Location {
        self.cur.locate(self.cur.pos)
    }

    /// Consumes input up to and including the next `byte`, without keeping
    /// it (for tokens over [`MAX_TOKEN`]). Returns whether `byte` was found.
    fn discard_through(&mut self, byte: u8) -> io::Result<bool> {
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
    fn at_line_start(&self) -> bool {
        let c = &self.cur;
        if c.pos == 0 { c.base == 0 || c.column_before == 0 } else { c.buf[c.pos - 1] == b'\n' }
    }

    /// Skips white space; returns the next byte.
    fn skip_ws(&mut self) -> io::Result<Option<u8>> {
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

    /// Reads the next game, telling `visitor` what it holds; `None` when
    /// the input has no more games.
    ///
    /// # Errors
    ///
    /// Only errors of the underlying reader; a game that cannot be read is
    /// reported to the visitor ([`Visitor::end_game`]) instead.
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Option<V::Output>> {
        if !self.started {
            self.started = true;
            if self.peek_at(2)?.is_some() && self.cur.buf[self.cur.pos..self.cur.pos + 3] == [0xef, 0xbb, 0xbf] {
                self.cur.pos += 3;
            }
        }
        if !self.skip_to_game()? {
            // text with no game after it: an error, so that it is not lost
            if self.pending.is_empty() {
                return Ok(None);
            }
            self.games += 1;
            let first = self.pending.remove(0);
            visitor.begin_game(self.games, first.at);
            let more = self.pending.len();
            self.pending.clear();
            let message = if more == 0 {
                format!("no game here: {}", first.message)
            } else {
                format!("no game here: {} (and {more} more line(s))", first.message)
            };
            return Ok(Some(visitor.end_game(Some(PgnError::new(message, first.at)))));
        }
        self.games += 1;
        self.moves_seen = false;
        visitor.begin_game(self.games, self.here());
        for repair in self.pending.drain(..) {
            visitor.repair(repair);
        }
        if let Err(error) = self.read_tags(visitor)? {
            self.skip_movetext()?;
            return Ok(Some(visitor.end_game(Some(error))));
        }
        let end = if visitor.begin_movetext() == Flow::Skip { End::Skip } else { self.read_movetext(visitor)? };
        match end {
            End::Skip => {
                self.skip_unplayed(visitor, None)?;
                self.skip_after_game(visitor)?;
                Ok(Some(visitor.end_game(None)))
            }
            End::Done => {
                self.skip_after_game(visitor)?;
                Ok(Some(visitor.end_game(None)))
            }
            End::Error(error) => {
                self.skip_unplayed(visitor, Some(&error))?;
                Ok(Some(visitor.end_game(Some(error))))
            }
        }
    }

    /// Skips the rest of the movetext, handing it to the visitor when it
    /// asks for it ([`Visitor::unplayed_from`]).
    fn skip_unplayed<V: Visitor>(&mut self, visitor: &mut V, error: Option<&PgnError>) -> io::Result<()> {
        let c = &mut self.cur;
        let from = visitor.unplayed_from(error).and_then(|offset| offset.checked_sub(c.base));
        let Some(from) = from.and_then(|f| usize::try_from(f).ok()).filter(|&f| f <= c.end) else {
            self.skip_movetext()?;
            return Ok(());
        };
        c.kept = Some(Vec::new());
        c.kept_from = from;
        let at_result = self.skip_movetext()?;
        let c = &mut self.cur;
        let Some(mut kept) = c.kept.take() else { return Ok(()) };
        if c.kept_from < c.pos {
            kept.extend_from_slice(&c.buf[c.kept_from..c.pos]);
        }
        if kept.len() > MAX_TOKEN {
            return Ok(());
        }
        let mut text = kept.as_slice();
        let mut result = None;
        if at_result {
            let start = text.iter().rposition(|&b| CLASS[b as usize] != 0).map_or(0, |i| i + 1);
            result = std::str::from_utf8(&text[start..]).ok();
            text = &text[..start];
        }
        let text = text.trim_ascii();
        visitor.unplayed(RawText(text), result);
        Ok(())
    }

    /// Skips white space and text that starts no game, keeping a repair for
    /// each skipped line; returns whether a game starts here.
    fn skip_to_game(&mut self) -> io::Result<bool> {
        loop {
            let Some(b) = self.skip_ws()? else { return Ok(false) };
            if b == b'[' || self.starts_movetext()? {
                return Ok(true);
            }
            let escape = b == b'%' && self.at_line_start();
            let at = self.here();
            let text = self.skip_line()?;
            if !escape {
                self.pending.push(PgnRepair { message: format!("skipped text between games: {text}"), at });
            }
        }
    }

    /// Whether the input at `pos` starts a game without tags: a move number
    /// (`1.`), a comment or a result, perhaps after `(`s that open no
    /// variation (the movetext drops them with a repair).
    fn starts_movetext(&mut self) -> io::Result<bool> {
        let mut i = 0;
        while let Some(b) = self.peek_at(i)? {
            if b == b'(' || (i > 0 && CLASS[b as usize] == WS) {
                if i >= STRAY_OPENINGS {
                    return Ok(false);
                }
                i += 1;
                continue;
            }
            break;
        }
        let Some(b) = self.peek_at(i)? else { return Ok(false) };
        if b == b'{' || b == b'*' {
            return Ok(true);
        }
        if !b.is_ascii_digit() {
            return Ok(false);
        }
        let first = i;
        i += 1;
        while let Some(d) = self.peek_at(i)? {
            if d.is_ascii_digit() && i < first + 8 {
                i += 1;
                continue;
            }
            return Ok(d == b'.');
        }
        Ok(false)
    }

    /// Skips to the end of the line; returns a short excerpt of what was skipped.
    fn skip_line(&mut self) -> io::Result<String> {
        let excerpt = match self.find_byte(0, b'\n')? {
            Found::At(i) => {
                let line = &self.cur.buf[self.cur.pos..self.cur.pos + i];
                let e = excerpt(line);
                self.cur.pos += i + 1;
                e
            }
            Found::Eof => {
                let e = excerpt(&self.cur.buf[self.cur.pos..self.cur.end]);
                self.cur.pos = self.cur.end;
                e
            }
            Found::TooLong => {
                let e = excerpt(&self.cur.buf[self.cur.pos..self.cur.end]);
                self.discard_through(b'\n')?;
                e
            }
        };
        Ok(excerpt)
    }

    /// Reads the tag section. The outer error is the input's; the inner one
    /// ends the game.
    fn read_tags<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Result<(), PgnError>> {
        loop {
            if self.fast {
                self.tag_lane(visitor);
            }
            let Some(b) = self.skip_ws()? else { return Ok(Ok(())) };
            match b {
                b'[' => {
                    if let Err(e) = self.read_tag(visitor)? {
                        return Ok(Err(e));
                    }
                }
                b'%' if self.at_line_start() => {
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
        let end = self.cur.end;
        let buf = &self.cur.buf[..end];
        let mut checked = Checked::default();
        loop {
            let mut p = self.cur.pos;
            while p < end && CLASS[buf[p] as usize] == WS {
                p += 1;
            }
            self.cur.pos = p;
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
            visitor.tag(name, text);
            self.cur.pos = p + value.end + 2;
        }
    }

    fn read_tag<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Result<(), PgnError>> {
        // the common tag, read from the buffer when it holds it whole
        self.peek_at(SHORT_TAG)?;
        let window = &self.cur.buf[self.cur.pos..self.cur.end.min(self.cur.pos + SHORT_TAG)];
        if let Some((name, value, consumed)) = simple_tag(window) {
            visitor.tag(name, value);
            self.cur.pos += consumed;
            return Ok(Ok(()));
        }
        // a tag ends on its line; where it starts is found only when needed
        let len = match self.find_byte(0, b'\n')? {
            Found::At(i) => i,
            Found::Eof => self.cur.end - self.cur.pos,
            Found::TooLong => {
                let start = self.here();
                self.discard_through(b'\n')?;
                return Ok(Err(PgnError::new(format!("a tag longer than {MAX_TOKEN} bytes"), start)));
            }
        };
        let start = self.here();
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

    /// Reads movetext until the result, the next game's tags, `1.` after a
    /// blank line (a new game without tags) or the end.
    ///
    /// Unbalanced variations are read with a repair: a `)` that closes
    /// none is dropped, and so is a `(` before any move (there is nothing
    /// for it to replace); variations still open when the game ends are
    /// closed there.
    fn read_movetext<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<End> {
        // variations open: told to the visitor, and skipped at its asking
        let mut depth = 0usize;
        let mut skipped_open = 0usize;
        loop {
            if self.fast
                && let Some(end) = self.fast_lane(visitor)
            {
                return Ok(end);
            }
            let Some(b) = self.skip_ws()? else {
                self.close_variations(visitor, depth, skipped_open);
                if self.moves_seen {
                    visitor
                        .repair(PgnRepair { message: "the game has no result; read as '*'".into(), at: self.here() });
                }
                return Ok(End::Done);
            };
            match b {
                b'{' => {
                    if let Some(end) = self.comment(visitor)? {
                        return Ok(end);
                    }
                }
                b';' => {
                    let len = match self.find_byte(0, b'\n')? {
                        Found::At(i) => i,
                        Found::Eof => self.cur.end - self.cur.pos,
                        Found::TooLong => {
                            let here = self.here();
                            self.discard_through(b'\n')?;
                            return Ok(End::Error(PgnError::new(
                                format!("a comment longer than {MAX_TOKEN} bytes"),
                                here,
                            )));
                        }
                    };
                    let at = self.cur.pos;
                    let text = &self.cur.buf[at + 1..at + len];
                    let text = RawText(text.strip_suffix(b"\r").unwrap_or(text));
                    let here = Here { reader: &self.cur, index: at };
                    let flow = visitor.comment(text, &here);
                    self.cur.pos += len;
                    if flow == Flow::Skip {
                        return Ok(End::Skip);
                    }
                }
                b'%' if self.at_line_start() => {
                    self.skip_line()?;
                }
                b'(' if depth == 0 && !self.moves_seen => {
                    visitor.repair(PgnRepair { message: "ignored '(' before any move".into(), at: self.here() });
                    self.cur.pos += 1;
                }
                b'(' => {
                    let flow = visitor.begin_variation(&Here { reader: &self.cur, index: self.cur.pos });
                    self.cur.pos += 1;
                    if flow == Flow::Skip {
                        match self.skip_variation()? {
                            Skipped::Closed => {}
                            // the game ends there: the loop reads its end
                            Skipped::GameEnds(open) => skipped_open = open,
                            Skipped::Error(error) => return Ok(End::Error(error)),
                        }
                    } else {
                        depth += 1;
                    }
                }
                b')' => {
                    if depth == 0 {
                        visitor.repair(PgnRepair {
                            message: "ignored ')' that closes no variation".into(),
                            at: self.here(),
                        });
                    } else {
                        depth -= 1;
                        visitor.end_variation();
                    }
                    self.cur.pos += 1;
                }
                b'[' => {
                    if self.at_line_start() {
                        self.close_variations(visitor, depth, skipped_open);
                        visitor.repair(PgnRepair {
                            message: "the game has no result; read as '*'".into(),
                            at: self.here(),
                        });
                        return Ok(End::Done);
                    }
                    return Ok(End::Error(PgnError::new("'[' in the movetext", self.here())));
                }
                b'$' => {
                    let here = self.here();
                    let len = match self.find(1, |b| !b.is_ascii_digit())? {
                        Found::At(i) => i,
                        Found::Eof => self.cur.end - self.cur.pos,
                        Found::TooLong => return Ok(End::Error(PgnError::new("a NAG too long", here))),
                    };
                    let digits = &self.cur.buf[self.cur.pos + 1..self.cur.pos + len];
                    let value = std::str::from_utf8(digits).ok().and_then(|d| d.parse::<u8>().ok());
                    let Some(nag) = value else {
                        return Ok(End::Error(PgnError::new("a NAG must be $0 to $255", here)));
                    };
                    let flow = visitor.nag(nag, &Here { reader: &self.cur, index: self.cur.pos });
                    self.cur.pos += len;
                    if flow == Flow::Skip {
                        return Ok(End::Skip);
                    }
                }
                b'}' | b']' | b'"' => {
                    return Ok(End::Error(PgnError::new(format!("'{}' in the movetext", b as char), self.here())));
                }
                _ => {
                    // a token: move number, result, move with suffixes
                    let len = match self.find(0, |b| CLASS[b as usize] != 0)? {
                        Found::At(i) => i,
                        Found::Eof => self.cur.end - self.cur.pos,
                        Found::TooLong => {
                            return Ok(End::Error(PgnError::new("a move text too long", self.here())));
                        }
                    };
                    let start = self.cur.pos;
                    let token = &self.cur.buf[start..start + len];
                    if is_result(token) {
                        self.close_variations(visitor, depth, skipped_open);
                        let token = &self.cur.buf[start..start + len];
                        let text = std::str::from_utf8(token).unwrap_or("*");
                        visitor.result(text);
                        self.cur.pos += len;
                        return Ok(End::Done);
                    }
                    if depth == 0 && self.moves_seen && is_first_move_number(token) && self.cur.blank_line_before(start)
                    {
                        // a new game without tags (and this one without its result)
                        visitor.repair(PgnRepair {
                            message:
                                "the game has no result; read as '*' (a new game starts at move 1 after a blank line)"
                                    .into(),
                            at: self.here(),
                        });
                        return Ok(End::Done);
                    }
                    // strip a move number: digits then dots
                    let mut skip = 0;
                    while skip < token.len() && token[skip].is_ascii_digit() {
                        skip += 1;
                    }
                    if skip > 0 && skip < token.len() && token[skip] == b'.' {
                        while skip < token.len() && token[skip] == b'.' {
                            skip += 1;
                        }
                    } else if token.iter().all(|&b| b == b'.') {
                        skip = token.len();
                    } else if token == b"0000" {
                        // UCI's null move, not a move number
                        skip = 0;
                    } else if skip == token.len() {
                        // a bare number: a move number without its dot
                    } else {
                        skip = 0;
                    }
                    let mut body = &token[skip..];
                    // annotation suffixes
                    let mut suffix = body.len();
                    while suffix > 0 && matches!(body[suffix - 1], b'!' | b'?') {
                        suffix -= 1;
                    }
                    let nag = suffix_nag(&body[suffix..]);
                    let bad_suffix = suffix < body.len() && nag.is_none();
                    body = &body[..suffix];
                    if body.is_empty() && !bad_suffix && nag.is_none() {
                        self.cur.pos += len;
                        continue;
                    }
                    if bad_suffix {
                        let at = self.cur.locate(start + skip + suffix);
                        return Ok(End::Error(PgnError::new(
                            format!("unknown annotation {}", excerpt(&token[skip + suffix..])),
                            at,
                        )));
                    }
                    let index = start + skip;
                    if !body.is_empty() {
                        let Ok(text) = std::str::from_utf8(body) else {
                            return Ok(End::Error(PgnError::new(
                                "a move that is not UTF-8 text (see --encoding)",
                                self.cur.locate(index),
                            )));
                        };
                        self.moves_seen = true;
                        let here = Here { reader: &self.cur, index };
                        if visitor.san(text, &here) == Flow::Skip {
                            self.cur.pos += len;
                            return Ok(End::Skip);
                        }
                    }
                    let flow = nag.map(|nag| visitor.nag(nag, &Here { reader: &self.cur, index: self.cur.pos + len }));
                    self.cur.pos += len;
                    if flow == Some(Flow::Skip) {
                        return Ok(End::Skip);
                    }
                }
            }
        }
    }

    /// The tokens most movetext is made of — move numbers, plain moves and
    /// comments — read straight from the buffer while it holds them whole;
    /// returns at anything else (or near the buffer's end) for the careful
    /// path to read. `Some` ends the movetext (the visitor skipped).
    #[inline]
    fn fast_lane<V: Visitor>(&mut self, visitor: &mut V) -> Option<End> {
        // the buffer does not move here; moves are sliced from a stretch of
        // it checked as UTF-8 at once (`checked`), not
        // each checked alone
        let end = self.cur.end;
        let buf = &self.cur.buf[..end];
        let mut checked = Checked::default();
        loop {
            let mut p = self.cur.pos;
            while p < end && CLASS[buf[p] as usize] == WS {
                p += 1;
            }
            self.cur.pos = p;
            if p + 1 >= end {
                return None;
            }
            let b = buf[p];
            if b.is_ascii_digit() {
                // a move number, `12.` or `12...`
                let mut q = p + 1;
                while q < end && buf[q].is_ascii_digit() {
                    q += 1;
                }
                if q < end && buf[q] == b'.' {
                    while q < end && buf[q] == b'.' {
                        q += 1;
                    }
                    // `1.` after a blank line may start a new game: the
                    // careful path decides
                    if q == p + 2 && b == b'1' && self.moves_seen && self.cur.blank_line_before(p) {
                        return None;
                    }
                    if q < end && CLASS[buf[q] as usize] == WS {
                        self.cur.pos = q;
                        continue;
                    }
                }
                return None;
            }
            if b == b'{' {
                let k = memchr::memchr(b'}', &buf[p + 1..end])?;
                let text = RawText(&buf[p + 1..p + 1 + k]);
                let flow = visitor.comment(text, &Here { reader: &self.cur, index: p });
                self.cur.pos = p + k + 2;
                if flow == Flow::Skip {
                    return Some(End::Skip);
                }
                continue;
            }
            if b.is_ascii_alphabetic() {
                let mut q = p + 1;
                while q < end && CLASS[buf[q] as usize] == 0 {
                    q += 1;
                }
                if q >= end || matches!(buf[q - 1], b'!' | b'?') {
                    return None;
                }
                checked.cover(buf, p, q, CHECKED_STRETCH);
                let text = checked.get(p, q)?;
                self.moves_seen = true;
                let flow = visitor.san(text, &Here { reader: &self.cur, index: p });
                self.cur.pos = q;
                if flow == Flow::Skip {
                    return Some(End::Skip);
                }
                continue;
            }
            return None;
        }
    }

    /// Reads a `{}` comment at `pos`; `Some` ends the movetext.
    fn comment<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Option<End>> {
        match self.find_byte(1, b'}')? {
            Found::At(i) => {
                // the search may have moved the buffer: take `pos` after it
                let at = self.cur.pos;
                let text = RawText(&self.cur.buf[at + 1..at + i]);
                let here = Here { reader: &self.cur, index: at };
                let flow = visitor.comment(text, &here);
                self.cur.pos += i + 1;
                Ok((flow == Flow::Skip).then_some(End::Skip))
            }
            Found::Eof => Ok(Some(End::Error(PgnError::new("the comment is not closed with '}'", self.here())))),
            Found::TooLong => {
                let here = self.here();
                self.discard_through(b'}')?;
                Ok(Some(End::Error(PgnError::new(format!("a comment longer than {MAX_TOKEN} bytes"), here))))
            }
        }
    }

    /// Skips a variation whose `(` was consumed, and those inside it: to
    /// its `)`, or to where the game ends with some still open (the input's
    /// end, a line starting with `[`, a result), which is left to read.
    fn skip_variation(&mut self) -> io::Result<Skipped> {
        let mut depth = 1usize;
        loop {
            let Some(b) = self.skip_ws()? else { return Ok(Skipped::GameEnds(depth)) };
            match b {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.cur.pos += 1;
                        return Ok(Skipped::Closed);
                    }
                }
                b'{' => {
                    let here = self.here();
                    if !self.discard_through(b'}')? {
                        return Ok(Skipped::Error(PgnError::new("the comment is not closed with '}'", here)));
                    }
                    continue;
                }
                b';' => {
                    self.discard_through(b'\n')?;
                    continue;
                }
                b'[' if self.at_line_start() => return Ok(Skipped::GameEnds(depth)),
                _ if CLASS[b as usize] == 0 => {
                    let len = match self.find(0, |b| CLASS[b as usize] != 0)? {
                        Found::At(i) => i.max(1),
                        Found::Eof => (self.cur.end - self.cur.pos).max(1),
                        Found::TooLong => {
                            self.cur.pos = self.cur.end;
                            continue;
                        }
                    };
                    let token = &self.cur.buf[self.cur.pos..(self.cur.pos + len).min(self.cur.end)];
                    if is_result(token) {
                        return Ok(Skipped::GameEnds(depth));
                    }
                    self.cur.pos = (self.cur.pos + len).min(self.cur.end);
                    continue;
                }
                _ => {}
            }
            self.cur.pos += 1;
        }
    }

    /// Closes the variations still open where the game ends — `told` ones
    /// the visitor was told of, `skipped` ones inside a variation it
    /// skipped — with a repair.
    fn close_variations<V: Visitor>(&mut self, visitor: &mut V, told: usize, skipped: usize) {
        let open = told + skipped;
        if open == 0 {
            return;
        }
        let s = if open == 1 { "" } else { "s" };
        visitor.repair(PgnRepair {
            message: format!("closed {open} unclosed variation{s} where the game ends"),
            at: self.here(),
        });
        for _ in 0..told {
            visitor.end_variation();
        }
    }

    /// Skips the rest of a game's movetext: to its result (outside
    /// variations), the next line that starts with `[`, or, once the game
    /// has had more than move numbers, `1.` after a blank line (which
    /// [`read_movetext`](Self::read_movetext) takes as a new game too).
    /// Returns whether it ended at a result.
    fn skip_movetext(&mut self) -> io::Result<bool> {
        let mut depth = 0usize;
        loop {
            let Some(b) = self.skip_ws()? else { return Ok(false) };
            match b {
                b'[' if self.at_line_start() => return Ok(false),
                b'{' => {
                    self.discard_through(b'}')?;
                }
                b';' => {
                    self.discard_through(b'\n')?;
                }
                b'%' if self.at_line_start() => {
                    self.discard_through(b'\n')?;
                }
                b'(' => {
                    depth += 1;
                    self.cur.pos += 1;
                }
                b')' => {
                    depth = depth.saturating_sub(1);
                    self.cur.pos += 1;
                }
                _ => {
                    let len = match self.find(0, |b| CLASS[b as usize] != 0)? {
                        Found::At(i) => i.max(1),
                        Found::Eof => (self.cur.end - self.cur.pos).max(1),
                        Found::TooLong => {
                            self.cur.pos = self.cur.end;
                            continue;
                        }
                    };
                    let start = self.cur.pos;
                    let token = &self.cur.buf[start..(start + len).min(self.cur.end)];
                    if depth == 0 && self.moves_seen && is_first_move_number(token) && self.cur.blank_line_before(start)
                    {
                        return Ok(false);
                    }
                    let result = depth == 0 && is_result(token);
                    let number = token.first().is_some_and(u8::is_ascii_digit)
                        && token.iter().all(|&b| b.is_ascii_digit() || b == b'.');
                    self.moves_seen |= !number;
                    self.cur.pos = (start + len).min(self.cur.end);
                    if result {
                        return Ok(true);
                    }
                }
            }
        }
    }

    /// After a result: text up to the next game (a line starting with `[`
    /// or a move number) is reported and skipped.
    fn skip_after_game<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<()> {
        loop {
            let Some(b) = self.skip_ws()? else { return Ok(()) };
            if b == b'[' || self.starts_movetext()? {
                return Ok(());
            }
            let at = self.here();
            let text = self.skip_line()?;
            if !(b == b'%' && at.column == 1) {
                visitor.repair(PgnRepair { message: format!("skipped text after the game: {text}"), at });
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

/// Whether a token is a result marker.
#[inline]
fn is_result(token: &[u8]) -> bool {
    match *token {
        [b'*'] | [b'1', b'/', b'2', b'-', b'1', b'/', b'2'] | [0xc2, 0xbd, b'-', 0xc2, 0xbd] => true,
        [a, b'-', b] => (a == b'1' && b == b'0') || (a == b'0' && b == b'1'),
        _ => false,
    }
}

/// The NAG of a move suffix (`!` = 1, `?` = 2, `!!` = 3, `??` = 4, `!?` = 5,
/// `?!` = 6); `None` for no suffix or an unknown one.
pub fn suffix_nag(suffix: &[u8]) -> Option<u8> {
    Some(match suffix {
        b"!" => 1,
        b"?" => 2,
        b"!!" => 3,
        b"??" => 4,
        b"!?" => 5,
        b"?!" => 6,
        _ => return None,
    })
}

/// A short, printable excerpt of `bytes` for a message: at most 40
/// characters, quoted.
pub(crate) fn excerpt(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim();
    let mut out = String::from("'");
    for (i, c) in text.chars().enumerate() {
        if i == 40 {
            out.push('…');
            break;
        }
        out.extend(c.escape_debug());
    }
    out.push('\'');
    out
}
