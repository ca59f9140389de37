//! One way to open game records: from a path, bytes or a reader, the
//! format found from the first bytes (or forced) and, for PGN, the text
//! encoding found (or forced); PGN streamed game by game, record files
//! (XQF, CBR, CBL, `DhtmlXQ`, CBF) read whole; every game that cannot be read
//! a [`GameError`], in any format, and the next games read all the same.
//!
//! The command line's `games` commands, the server's `games/convert` and
//! Python's `read_games` all open their inputs here.
//!
//! # Examples
//!
//! ```
//! use polyfen::records::{OpenOptions, RecordFormat, Records};
//!
//! let pgn = b"[White \"A\"]\n\n1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n";
//! let mut records = Records::from_bytes(pgn, &OpenOptions::default());
//! assert_eq!(records.format(), RecordFormat::Pgn);
//! assert_eq!(records.encoding().map(|e| e.name()), Some("UTF-8"));
//!
//! // the first game stops at a bad move: its number, where, and the game
//! // read up to it
//! let bad = records.next().unwrap()?.unwrap_err();
//! assert_eq!(bad.to_string(), "game 1: line 3, column 13: move 2. Ke3: Ke3 is not a legal move (candidates: Ke2)");
//! assert_eq!((bad.game, bad.line(), bad.column(), bad.offset()), (1, Some(3), Some(13), 25));
//! assert_eq!(bad.partial.unwrap().plies(), 2);
//! // and the next game is read all the same
//! assert_eq!(records.next().unwrap()?.unwrap().plies(), 2);
//! assert!(records.next().is_none());
//! # Ok::<(), std::io::Error>(())
//! ```

use std::fs::File;
use std::io::{self, Cursor, Read};
use std::path::Path;

use crate::records::build::{GameOptions, GameResult, Games};
use crate::records::encoding::{Encoding, decode, detect};
use crate::records::error::GameError;
use crate::records::format::{RecordFormat, detect_format};
use crate::records::model::Game;
use crate::records::pgn::PgnReader;
use crate::records::record_error::RecordError;

/// How many bytes of a reader the format and the encoding are found from.
const HEAD: u64 = 64 * 1024;

/// How to open game records: the format and the text encoding, each found
/// from the input when `None`, and how to read the games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct OpenOptions {
    /// Read the input as this format, whatever its content.
    pub format: Option<RecordFormat>,
    /// The text encoding of a PGN input (a `DhtmlXQ` or CBF record is read
    /// as UTF-8 when it is, else as GB18030).
    pub encoding: Option<&'static Encoding>,
    /// How to read each game.
    pub games: GameOptions,
}

impl OpenOptions {
    /// These options with the format forced (or found, with `None`).
    #[must_use]
    pub fn with_format(mut self, format: Option<RecordFormat>) -> OpenOptions {
        self.format = format;
        self
    }

    /// These options with a PGN input's encoding forced (or found, with
    /// `None`).
    #[must_use]
    pub fn with_encoding(mut self, encoding: Option<&'static Encoding>) -> OpenOptions {
        self.encoding = encoding;
        self
    }

    /// These options reading games with `games`.
    #[must_use]
    pub fn with_games(mut self, games: GameOptions) -> OpenOptions {
        self.games = games;
        self
    }

    /// The format of an input that starts with `head`: the forced one, else
    /// the one found ([`detect_format`]).
    #[must_use]
    pub fn format_of(&self, head: &[u8]) -> RecordFormat {
        self.format.unwrap_or_else(|| detect_format(head))
    }

    /// The format of the file at `path`, from its first bytes (the file is
    /// not opened when the format is forced).
    ///
    /// # Errors
    ///
    /// The file's, when it cannot be opened or read.
    pub fn format_of_file(&self, path: impl AsRef<Path>) -> io::Result<RecordFormat> {
        if let Some(format) = self.format {
            return Ok(format);
        }
        let mut head = Vec::new();
        File::open(path)?.take(HEAD).read_to_end(&mut head)?;
        Ok(detect_format(&head))
    }
}

/// The games of one input, each a [`Game`] or a [`GameError`]; an I/O
/// error (of a streamed PGN input) ends the iteration.
pub struct Records<'a> {
    format: RecordFormat,
    encoding: Option<&'static Encoding>,
    options: GameOptions,
    source: Source<'a>,
}

/// Where the games come from.
enum Source<'a> {
    /// A PGN text, decoded to UTF-8, not read yet.
    Text(Box<dyn Read + 'a>),
    /// A PGN text being read game by game.
    Pgn(Box<Games<Box<dyn Read + 'a>>>),
    /// The games of a record file, read whole, and its size.
    Records(std::iter::Enumerate<std::vec::IntoIter<Result<Game, RecordError>>>, u64),
    /// Nothing (only while a text's reading is being started).
    Done,
}

impl Records<'static> {
    /// The games of the file at `path`.
    ///
    /// # Errors
    ///
    /// The file's, when it cannot be opened or read (a record file is read
    /// whole here; a PGN file's later errors end the iteration).
    pub fn open(path: impl AsRef<Path>, options: &OpenOptions) -> io::Result<Records<'static>> {
        Records::from_reader(File::open(path)?, options)
    }
}

impl<'a> Records<'a> {
    /// The games of what `input` reads: the format and a PGN text's
    /// encoding are found from its first 64 KiB; a PGN text is then decoded
    /// and read as it comes, a record file read whole.
    ///
    /// # Errors
    ///
    /// Errors of `input` while finding the format, and while reading a
    /// record file.
    pub fn from_reader(input: impl Read + 'a, options: &OpenOptions) -> io::Result<Records<'a>> {
        let mut input = input;
        let mut head = Vec::new();
        (&mut input).take(HEAD).read_to_end(&mut head)?;
        let format = options.format_of(&head);
        if format != RecordFormat::Pgn {
            let mut bytes = head;
            input.read_to_end(&mut bytes)?;
            return Ok(Records::record(format, &bytes, options.games));
        }
        let (text, encoding) = decode(Cursor::new(head).chain(input), options.encoding)?;
        Ok(Records::text(text, encoding, options.games))
    }

    /// The games of `bytes`, the whole input: the format is found from its
    /// first bytes; a PGN text's encoding from all of them (UTF-8 when they
    /// all are, else detected), and the text decoded as it is read.
    #[must_use]
    pub fn from_bytes(bytes: &'a [u8], options: &OpenOptions) -> Records<'a> {
        let format = options.format_of(bytes);
        if format != RecordFormat::Pgn {
            return Records::record(format, bytes, options.games);
        }
        let encoding = options.encoding.unwrap_or_else(|| text_encoding(bytes));
        if encoding == encoding_rs::UTF_8 {
            return Records::text(Box::new(bytes), encoding, options.games);
        }
        // decoding from a slice reads no more than the slice: no I/O error
        match decode(bytes, Some(encoding)) {
            Ok((text, encoding)) => Records::text(text, encoding, options.games),
            Err(_) => Records::text(Box::new(io::empty()), encoding, options.games),
        }
    }

    /// The games of a piece of a PGN text already decoded to UTF-8 (a piece
    /// cut at a game boundary, read on its own), which starts at `line`
    /// (from 1) and byte `offset` of the whole text: errors and repairs
    /// name their place in the whole. Its games are numbered from 1.
    #[must_use]
    pub fn from_piece(text: Vec<u8>, line: u64, offset: u64, options: GameOptions) -> Records<'a> {
        // the piece is the reader's buffer: read in place
        let rest: Box<dyn Read + 'a> = Box::new(io::empty());
        let reader = PgnReader::after_text(text, rest).starting_at(line, offset);
        Records {
            format: RecordFormat::Pgn,
            encoding: Some(encoding_rs::UTF_8),
            options,
            source: Source::Pgn(Box::new(Games::from_reader(reader, options))),
        }
    }

    fn text(text: Box<dyn Read + 'a>, encoding: &'static Encoding, options: GameOptions) -> Records<'a> {
        Records { format: RecordFormat::Pgn, encoding: Some(encoding), options, source: Source::Text(text) }
    }

    fn record(format: RecordFormat, bytes: &[u8], options: GameOptions) -> Records<'a> {
        let encoding = format.encoding(bytes);
        let games = format.read(bytes).into_iter().enumerate();
        Records { format, encoding, options, source: Source::Records(games, bytes.len() as u64) }
    }

    /// The buffer a PGN text was read in once its reading has begun (a
    /// piece's own bytes for [`Records::from_piece`]), to be used again for
    /// the next piece rather than a fresh allocation.
    #[must_use]
    pub fn into_buffer(self) -> Option<Vec<u8>> {
        match self.source {
            Source::Pgn(games) => Some(games.into_buffer()),
            _ => None,
        }
    }

    /// The format read (found or forced).
    #[must_use]
    pub fn format(&self) -> RecordFormat {
        self.format
    }

    /// The text encoding read: a PGN text's (found or forced), a `DhtmlXQ`
    /// or CBF record's; `None` for a binary record.
    #[must_use]
    pub fn encoding(&self) -> Option<&'static Encoding> {
        self.encoding
    }

    /// Bytes of the input read so far: of a PGN text, the decoded bytes
    /// its games were read from (from the start of the whole text, for a
    /// piece); of a record file, all of it.
    #[must_use]
    pub fn bytes_read(&self) -> u64 {
        match &self.source {
            Source::Text(_) | Source::Done => 0,
            Source::Pgn(games) => games.bytes_read(),
            Source::Records(_, size) => *size,
        }
    }

    /// A PGN input's decoded text (UTF-8), before any game was read from
    /// it, for a reader that cuts it into pieces ([`Records::from_piece`]);
    /// these records back otherwise (a record file, or a text begun).
    ///
    /// # Errors
    ///
    /// These records, when they are not an unread PGN text.
    pub fn into_text(self) -> Result<Box<dyn Read + 'a>, Records<'a>> {
        match self.source {
            Source::Text(text) => Ok(text),
            source => Err(Records { source, ..self }),
        }
    }
}

impl Iterator for Records<'_> {
    type Item = io::Result<GameResult>;

    fn next(&mut self) -> Option<Self::Item> {
        // a text's reader is made at its first game
        if let Source::Text(_) = self.source
            && let Source::Text(text) = std::mem::replace(&mut self.source, Source::Done)
        {
            self.source = Source::Pgn(Box::new(Games::new(text, self.options)));
        }
        match &mut self.source {
            Source::Pgn(games) => games.next(),
            Source::Records(games, _) => {
                let format = self.format;
                games.next().map(|(n, result)| Ok(result.map_err(|e| GameError::from_record(e, n as u64 + 1, format))))
            }
            Source::Text(_) | Source::Done => None,
        }
    }
}

/// The encoding of a whole text: UTF-8 when all of it is, else the one
/// detected from all of it.
fn text_encoding(bytes: &[u8]) -> &'static Encoding {
    if std::str::from_utf8(bytes).is_ok() { encoding_rs::UTF_8 } else { detect(bytes, true) }
}

/// A whole PGN text held in memory, as UTF-8, and its encoding (forced, or
/// found as [`Records::from_bytes`] finds it): the bytes themselves when
/// they are UTF-8, else decoded (a byte order mark removed).
#[must_use]
pub fn decode_text(bytes: Vec<u8>, encoding: Option<&'static Encoding>) -> (String, &'static Encoding) {
    let encoding = encoding.unwrap_or_else(|| text_encoding(&bytes));
    if encoding == encoding_rs::UTF_8 {
        let text = String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        return (text, encoding);
    }
    (encoding.decode_with_bom_removal(&bytes).0.into_owned(), encoding)
}
