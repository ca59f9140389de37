//! What the reader skips: text between games (each line a repair), the
//! rest of a game's movetext after an error or at the visitor's asking
//! (kept for a visitor that asks for it), and text after a game's result.

use std::io::{self, Read};

use super::buffer::{CLASS, Found, WS};
use super::reader::{PgnReader, is_first_move_number, is_result};
use super::visitor::{PgnError, RawText, Visitor};
use super::{MAX_TOKEN, PgnRepair, excerpt};

/// How far [`PgnReader::starts_movetext`] looks past `(`s that open no
/// variation for the move number of a game without tags.
const STRAY_OPENINGS: usize = 64;

impl<R: Read> PgnReader<R> {
    /// Skips the rest of the movetext, handing it to the visitor when it
    /// asks for it ([`Visitor::unplayed_from`]).
    pub(super) fn skip_unplayed<V: Visitor>(&mut self, visitor: &mut V, error: Option<&PgnError>) -> io::Result<()> {
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
        visitor.unplayed(RawText::new(text), result);
        Ok(())
    }

    /// Skips white space and text that starts no game, keeping a repair for
    /// each skipped line; returns whether a game starts here.
    pub(super) fn skip_to_game(&mut self) -> io::Result<bool> {
        loop {
            let Some(b) = self.cur.skip_ws()? else { return Ok(false) };
            if b == b'[' || self.starts_movetext()? {
                return Ok(true);
            }
            let escape = b == b'%' && self.cur.at_line_start();
            let at = self.cur.here();
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
        while let Some(b) = self.cur.peek_at(i)? {
            if b == b'(' || (i > 0 && CLASS[b as usize] == WS) {
                if i >= STRAY_OPENINGS {
                    return Ok(false);
                }
                i += 1;
                continue;
            }
            break;
        }
        let Some(b) = self.cur.peek_at(i)? else { return Ok(false) };
        if b == b'{' || b == b'*' {
            return Ok(true);
        }
        if !b.is_ascii_digit() {
            return Ok(false);
        }
        let first = i;
        i += 1;
        while let Some(d) = self.cur.peek_at(i)? {
            if d.is_ascii_digit() && i < first + 8 {
                i += 1;
                continue;
            }
            return Ok(d == b'.');
        }
        Ok(false)
    }

    /// Skips to the end of the line; returns a short excerpt of what was skipped.
    pub(super) fn skip_line(&mut self) -> io::Result<String> {
        let excerpt = match self.cur.find_byte(0, b'\n')? {
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
                self.cur.discard_through(b'\n')?;
                e
            }
        };
        Ok(excerpt)
    }

    /// Skips the rest of a game's movetext: to its result (outside
    /// variations), the next line that starts with `[`, or, once the game
    /// has had more than move numbers, `1.` after a blank line (which
    /// [`read_movetext`](Self::read_movetext) takes as a new game too).
    /// Returns whether it ended at a result.
    pub(super) fn skip_movetext(&mut self) -> io::Result<bool> {
        let mut depth = 0usize;
        loop {
            let Some(b) = self.cur.skip_ws()? else { return Ok(false) };
            match b {
                b'[' if self.cur.at_line_start() => return Ok(false),
                b'{' => {
                    self.cur.discard_through(b'}')?;
                }
                b';' => {
                    self.cur.discard_through(b'\n')?;
                }
                b'%' if self.cur.at_line_start() => {
                    self.cur.discard_through(b'\n')?;
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
                    let Some(len) = self.cur.skipped_token()? else { continue };
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
    pub(super) fn skip_after_game<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<()> {
        loop {
            let Some(b) = self.cur.skip_ws()? else { return Ok(()) };
            if b == b'[' || self.starts_movetext()? {
                return Ok(());
            }
            let at = self.cur.here();
            let text = self.skip_line()?;
            if !(b == b'%' && at.column == 1) {
                visitor.repair(PgnRepair { message: format!("skipped text after the game: {text}"), at });
            }
        }
    }
}
