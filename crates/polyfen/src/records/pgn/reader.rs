//! The reader: [`PgnReader`], the grammar of a game (`read_game`: the
//! text before it, the tags, the movetext, the text after it) and of its
//! movetext (`read_movetext`, with its fast lane): move numbers, moves and
//! their `!?` suffixes, `{}` and `;` comments, `$n` NAGs, `()` variations
//! (unbalanced ones repaired), results. The tag section is read in
//! `tags.rs` and what is skipped (text between games, the rest of a game
//! after an error) in `skip.rs`, each a block of the reader's methods.

use std::io::{self, Read};

use super::buffer::{Buffer, CHECKED_STRETCH, CLASS, Checked, Cursor, Found, START_BUFFER, WS, skip_ws_in};
use super::visitor::{Flow, Here, PgnError, RawText, Visitor};
use super::{MAX_TOKEN, PgnRepair, excerpt};

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
    /// The input and the place in it.
    pub(super) cur: Buffer<R>,
    /// Games begun so far.
    games: u64,
    /// Whether reading has begun (a byte order mark is taken first).
    started: bool,
    /// A tag's unescaped value.
    pub(super) scratch: String,
    /// Repairs found between games, for the next game.
    pub(super) pending: Vec<PgnRepair>,
    /// Whether the game being read has had a move (or, when skipped, any
    /// token but a move number): after one, `1.` after a blank line starts
    /// a new game.
    pub(super) moves_seen: bool,
    /// Whether the fast lane reads what it can (off only to test that it
    /// reads exactly what the careful path does).
    pub(super) fast: bool,
    /// The names of the game's tags so far, to find a tag that repeats one
    /// (which starts a new game).
    pub(super) tag_names: TagNames,
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
            cur: Buffer::new(buf, end, inner),
            games: 0,
            started: false,
            scratch: String::new(),
            pending: Vec::new(),
            moves_seen: false,
            fast: true,
            tag_names: TagNames::default(),
        }
    }

    /// This reader, with its input placed at `line` (from 1) and byte
    /// `offset` of a larger input (a piece of a file read on its own), so
    /// that locations name the place in the whole.
    #[must_use]
    pub fn starting_at(mut self, line: u64, offset: u64) -> PgnReader<R> {
        self.cur.start_at(line, offset);
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
        self.cur.into_bytes()
    }

    /// Games read so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Bytes of the input consumed so far.
    pub fn bytes_read(&self) -> u64 {
        self.cur.bytes_read()
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
            if self.cur.peek_at(2)?.is_some() && self.cur.buf[self.cur.pos..self.cur.pos + 3] == [0xef, 0xbb, 0xbf] {
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
        visitor.begin_game(self.games, self.cur.here());
        for repair in self.pending.drain(..) {
            visitor.repair(repair);
        }
        self.tag_names.clear();
        if let Err(error) = self.read_tags(visitor)? {
            self.skip_movetext()?;
            return Ok(Some(visitor.end_game(Some(error))));
        }
        if let Some(name) = self.tag_names.repeated.take() {
            // the game has tags and nothing else: the repeated tag is the
            // next game's (python-chess reads it so too)
            let at = self.cur.here();
            let _ = visitor.begin_movetext();
            visitor.repair(PgnRepair {
                message: format!(
                    "the tag {name} repeats a tag of this game: read as the start of a new game, this one without moves and its result '*'"
                ),
                at,
            });
            return Ok(Some(visitor.end_game(None)));
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
            let Some(b) = self.cur.skip_ws()? else {
                self.close_variations(visitor, depth, skipped_open);
                if self.moves_seen {
                    visitor.repair(PgnRepair {
                        message: "the game has no result; read as '*'".into(),
                        at: self.cur.here(),
                    });
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
                    let len = match self.cur.find_byte(0, b'\n')? {
                        Found::At(i) => i,
                        Found::Eof => self.cur.end - self.cur.pos,
                        Found::TooLong => {
                            let here = self.cur.here();
                            self.cur.discard_through(b'\n')?;
                            return Ok(End::Error(PgnError::new(
                                format!("a comment longer than {MAX_TOKEN} bytes"),
                                here,
                            )));
                        }
                    };
                    let at = self.cur.pos;
                    let text = &self.cur.buf[at + 1..at + len];
                    let text = RawText::new(text.strip_suffix(b"\r").unwrap_or(text));
                    let here = Here { cursor: &self.cur, index: at };
                    let flow = visitor.comment(text, &here);
                    self.cur.pos += len;
                    if flow == Flow::Skip {
                        return Ok(End::Skip);
                    }
                }
                b'%' if self.cur.at_line_start() => {
                    self.skip_line()?;
                }
                b'(' if depth == 0 && !self.moves_seen => {
                    visitor.repair(PgnRepair { message: "ignored '(' before any move".into(), at: self.cur.here() });
                    self.cur.pos += 1;
                }
                b'(' => {
                    let flow = visitor.begin_variation(&Here { cursor: &self.cur, index: self.cur.pos });
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
                            at: self.cur.here(),
                        });
                    } else {
                        depth -= 1;
                        visitor.end_variation();
                    }
                    self.cur.pos += 1;
                }
                b'[' => {
                    if self.cur.at_line_start() {
                        self.close_variations(visitor, depth, skipped_open);
                        visitor.repair(PgnRepair {
                            message: "the game has no result; read as '*'".into(),
                            at: self.cur.here(),
                        });
                        return Ok(End::Done);
                    }
                    return Ok(End::Error(PgnError::new("'[' in the movetext", self.cur.here())));
                }
                b'$' => {
                    let here = self.cur.here();
                    let len = match self.cur.find(1, |b| !b.is_ascii_digit())? {
                        Found::At(i) => i,
                        Found::Eof => self.cur.end - self.cur.pos,
                        Found::TooLong => return Ok(End::Error(PgnError::new("a NAG too long", here))),
                    };
                    let digits = &self.cur.buf[self.cur.pos + 1..self.cur.pos + len];
                    let value = std::str::from_utf8(digits).ok().and_then(|d| d.parse::<u8>().ok());
                    let Some(nag) = value else {
                        return Ok(End::Error(PgnError::new("a NAG must be $0 to $255", here)));
                    };
                    let flow = visitor.nag(nag, &Here { cursor: &self.cur, index: self.cur.pos });
                    self.cur.pos += len;
                    if flow == Flow::Skip {
                        return Ok(End::Skip);
                    }
                }
                b'}' | b']' | b'"' => {
                    return Ok(End::Error(PgnError::new(format!("'{}' in the movetext", b as char), self.cur.here())));
                }
                _ => {
                    // a token: move number, result, move with suffixes
                    let len = match self.cur.find(0, |b| CLASS[b as usize] != 0)? {
                        Found::At(i) => i,
                        Found::Eof => self.cur.end - self.cur.pos,
                        Found::TooLong => {
                            return Ok(End::Error(PgnError::new("a move text too long", self.cur.here())));
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
                            at: self.cur.here(),
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
                        let here = Here { cursor: &self.cur, index };
                        if visitor.san(text, &here) == Flow::Skip {
                            self.cur.pos += len;
                            return Ok(End::Skip);
                        }
                    }
                    let flow = nag.map(|nag| visitor.nag(nag, &Here { cursor: &self.cur, index: self.cur.pos + len }));
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
        let cur: &mut Cursor = &mut self.cur;
        let end = cur.end;
        let buf = &cur.buf[..end];
        let mut checked = Checked::default();
        loop {
            let p = skip_ws_in(buf, cur.pos);
            cur.pos = p;
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
                    if q == p + 2 && b == b'1' && self.moves_seen && cur.blank_line_before(p) {
                        return None;
                    }
                    if q < end && CLASS[buf[q] as usize] == WS {
                        cur.pos = q;
                        continue;
                    }
                }
                return None;
            }
            if b == b'{' {
                let k = memchr::memchr(b'}', &buf[p + 1..end])?;
                let text = RawText(&buf[p + 1..p + 1 + k], checked.stretch(p + 1));
                let flow = visitor.comment(text, &Here { cursor: cur, index: p });
                cur.pos = p + k + 2;
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
                let flow = visitor.san(text, &Here { cursor: cur, index: p });
                cur.pos = q;
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
        match self.cur.find_byte(1, b'}')? {
            Found::At(i) => {
                // the search may have moved the buffer: take `pos` after it
                let at = self.cur.pos;
                let text = RawText::new(&self.cur.buf[at + 1..at + i]);
                let here = Here { cursor: &self.cur, index: at };
                let flow = visitor.comment(text, &here);
                self.cur.pos += i + 1;
                Ok((flow == Flow::Skip).then_some(End::Skip))
            }
            Found::Eof => Ok(Some(End::Error(PgnError::new("the comment is not closed with '}'", self.cur.here())))),
            Found::TooLong => {
                let here = self.cur.here();
                self.cur.discard_through(b'}')?;
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
            let Some(b) = self.cur.skip_ws()? else { return Ok(Skipped::GameEnds(depth)) };
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
                    let here = self.cur.here();
                    if !self.cur.discard_through(b'}')? {
                        return Ok(Skipped::Error(PgnError::new("the comment is not closed with '}'", here)));
                    }
                    continue;
                }
                b';' => {
                    self.cur.discard_through(b'\n')?;
                    continue;
                }
                b'[' if self.cur.at_line_start() => return Ok(Skipped::GameEnds(depth)),
                _ if CLASS[b as usize] == 0 => {
                    let Some(len) = self.cur.skipped_token()? else { continue };
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
            at: self.cur.here(),
        });
        for _ in 0..told {
            visitor.end_variation();
        }
    }
}

/// Whether a movetext token starts with white's first move number, `1.`
/// (not `1...`, which continues a move 1).
pub(super) fn is_first_move_number(token: &[u8]) -> bool {
    token.starts_with(b"1.") && token.get(2) != Some(&b'.')
}

/// Whether a token is a result marker.
#[inline]
pub(super) fn is_result(token: &[u8]) -> bool {
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
pub(super) enum End {
    /// At a result token, or with the result missing: at the end of the
    /// input, before the next game's tags, or before `1.` after a blank
    /// line.
    Done,
    /// The visitor asked to skip the rest of the movetext.
    Skip,
    /// With an error; the rest of the game is to be skipped.
    Error(PgnError),
}

/// The names of a game's tags so far: each name once, with a filter of
/// their lengths and end bytes that answers most names not yet seen
/// without a comparison.
#[derive(Debug, Default)]
pub(super) struct TagNames {
    /// The names, each followed by a 0 byte.
    names: Vec<u8>,
    /// A bit per (length, first byte, last byte) hash of each name.
    filter: u64,
    /// A repeated name that stopped the tag section.
    pub(super) repeated: Option<String>,
}

impl TagNames {
    fn clear(&mut self) {
        self.names.clear();
        self.filter = 0;
        self.repeated = None;
    }

    /// Whether `name` is a name of the game's tags so far; if it is not,
    /// it is one now. A repeated name is kept in `repeated`.
    #[inline]
    pub(super) fn repeats(&mut self, name: &str) -> bool {
        let bytes = name.as_bytes();
        let (Some(&first), Some(&last)) = (bytes.first(), bytes.last()) else { return false };
        let hash = (bytes.len() as u64).wrapping_mul(31) ^ u64::from(first).wrapping_mul(7) ^ u64::from(last);
        let bit = 1u64 << (hash % 64);
        if self.filter & bit != 0 && self.names.split(|&b| b == 0).any(|seen| seen == bytes) {
            self.repeated = Some(name.to_owned());
            return true;
        }
        self.filter |= bit;
        self.names.extend_from_slice(bytes);
        self.names.push(0);
        false
    }
}
