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
//!
//! The module is cut as pgn-reader cuts its own: the visitor API
//! (`visitor.rs`: [`Visitor`], [`Flow`], [`Here`], [`RawText`],
//! [`PgnError`]), the input buffer and its refills (`buffer.rs`), and the
//! reader, [`PgnReader`], whose grammar is the game and its movetext in
//! `reader.rs`, the tag section in `tags.rs` and what it skips in
//! `skip.rs`.

mod buffer;
mod reader;
mod skip;
mod tags;
mod visitor;

pub use polyfen_game::records::{Location, PgnRepair};
pub use reader::{PgnReader, suffix_nag};
pub use visitor::{Flow, Here, PgnError, RawText, Visitor};

/// The most bytes one token (a tag or a comment) may take; a longer one is
/// an error of its game, and the reader skips it without keeping it.
pub const MAX_TOKEN: usize = 16 << 20;

/// A short, printable excerpt of `bytes` for a message: at most 40
/// characters, quoted.
fn excerpt(bytes: &[u8]) -> String {
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
