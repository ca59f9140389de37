//! Game-record file formats: PGN (every game's, read by `pgn.rs`) and each
//! game's own formats, which the list of games names (`list.rs`: a game's
//! [`RecordFormats`] enum); which one a file is, from its content (each
//! game's detection asked in the list's order, else PGN); reading a file of
//! a game's format with the game's reader and writing one with its writer,
//! the records turned into [`Game`]s of any game. The error those readers
//! give is in `record_error.rs`, which this module imports.

use polyfen_game::RuleError;
use std::fmt;
use std::str::FromStr;

use encoding_rs::Encoding;
use polyfen_game::records::{self, RecordFormats};
use polyfen_game::{GamePosition, RecordAdapter};

use crate::VariantId;
use crate::any::Member;
use crate::per_game::rules_error;
use crate::records::model::Game;
use crate::records::record_error::RecordError;
use crate::rules::RulesError;

/// Makes [`RecordFormat`] and its dispatch from the list of games.
macro_rules! formats {
    (
        $(
            $(#[doc = $doc:literal])*
            $game:ident($ty:path) {
                notations: $nty:ident :: $nmod:ident [$($(#[$nattr:meta])* $n:ident),+ $(,)?],
                moves: $mty:ident :: $mmod:ident [$($(#[$mattr:meta])* $m:ident),+ $(,)?] $(,)?
                $(records: $rty:ident :: $rmod:ident [$($r:ident),+ $(,)?] $(,)?)?
            }
        )+
    ) => {
        /// A game-record file format: PGN, of any game, or a format of one
        /// game (linked from each variant). Its name (`xqf`) is the id the
        /// command line and the service use.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum RecordFormat {
            /// PGN, of any game, in any text encoding.
            Pgn,
            $($($(
                #[doc = concat!("A ", stringify!($game), " record format: [`", stringify!($rty), "::", stringify!($rmod), "::", stringify!($r), "`].")]
                $r,
            )+)?)+
        }

        impl RecordFormat {
            /// Every format: PGN, then each game's in the list's order.
            pub const ALL: &'static [RecordFormat] = &[RecordFormat::Pgn, $($($(RecordFormat::$r,)+)?)+];

            /// The format's name as the command line writes it.
            #[must_use]
            pub fn name(self) -> &'static str {
                match self {
                    RecordFormat::Pgn => "pgn",
                    $($($( RecordFormat::$r => RecordFormats::name($rty::$rmod::$r), )+)?)+
                }
            }

            /// The extensions of the format's file names, without the dot,
            /// the usual one first: what a file picker offers. A file is
            /// read by its content ([`detect_format`]), whatever its name.
            ///
            /// ```
            /// use polyfen::records::RecordFormat;
            ///
            /// assert_eq!(RecordFormat::Pgn.extensions(), ["pgn"]);
            /// assert_eq!(RecordFormat::Kif.extensions(), ["kif", "kifu"]);
            /// ```
            #[must_use]
            pub fn extensions(self) -> &'static [&'static str] {
                match self {
                    RecordFormat::Pgn => &["pgn"],
                    $($($( RecordFormat::$r => RecordFormats::extensions($rty::$rmod::$r), )+)?)+
                }
            }

            /// Whether the format is binary (read as bytes, not decoded as text).
            #[must_use]
            pub fn is_binary(self) -> bool {
                match self {
                    RecordFormat::Pgn => false,
                    $($($( RecordFormat::$r => RecordFormats::is_binary($rty::$rmod::$r), )+)?)+
                }
            }

            /// Whether games are written in this format ([`write_record`],
            /// or [`Game::write_pgn`] for PGN); CBR, CBL and CBF are read
            /// only.
            ///
            /// ```
            /// use polyfen::records::RecordFormat;
            ///
            /// assert!(RecordFormat::Pgn.is_written() && RecordFormat::Xqf.is_written());
            /// assert!(!RecordFormat::Cbr.is_written());
            /// ```
            #[must_use]
            pub fn is_written(self) -> bool {
                match self {
                    RecordFormat::Pgn => true,
                    $($($( RecordFormat::$r => RecordFormats::is_written($rty::$rmod::$r), )+)?)+
                }
            }

            /// The game whose format this is; `None` for PGN, every game's.
            #[must_use]
            pub fn variant(self) -> Option<VariantId> {
                match self {
                    RecordFormat::Pgn => None,
                    $($($( RecordFormat::$r => Some(VariantId::$game), )+)?)+
                }
            }

            /// The text encoding a game's text format reads `bytes` in;
            /// `None` for a binary format and for PGN (whose encoding is
            /// found by `open.rs`).
            pub(crate) fn encoding(self, bytes: &[u8]) -> Option<&'static Encoding> {
                let label = match self {
                    RecordFormat::Pgn => None,
                    $($($( RecordFormat::$r => RecordFormats::encoding($rty::$rmod::$r, bytes), )+)?)+
                };
                label.and_then(|label| Encoding::for_label(label.as_bytes()))
            }
        }

        $($(
            impl From<$rty::$rmod> for RecordFormat {
                fn from(format: $rty::$rmod) -> RecordFormat {
                    match format {
                        $( $rty::$rmod::$r => RecordFormat::$r, )+
                    }
                }
            }
        )?)+

        /// The format of a record from its first bytes: each game's own
        /// formats asked in the list's order (XQF, CBR, CBL, CBF, `DhtmlXQ`:
        /// the magic bytes of a binary record, an XML root, a tag near the
        /// start), else PGN.
        ///
        /// # Examples
        ///
        /// ```
        /// use polyfen::records::{RecordFormat, detect_format};
        ///
        /// assert_eq!(detect_format(b"XQ\x0a\0\0"), RecordFormat::Xqf);
        /// assert_eq!(detect_format(b"CCBridgeLibrary\0"), RecordFormat::Cbl);
        /// assert_eq!(detect_format(b"<p>[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"), RecordFormat::DhtmlXq);
        /// assert_eq!(detect_format(b"<?xml version=\"1.0\"?>\n<ChineseChessRecord Version=\"1.0\">"), RecordFormat::Cbf);
        /// assert_eq!(detect_format(b"[Event \"?\"]"), RecordFormat::Pgn);
        /// ```
        #[must_use]
        pub fn detect_format(head: &[u8]) -> RecordFormat {
            $($(
                if let Some(format) = <$rty::$rmod as RecordFormats>::detect(head) {
                    return RecordFormat::from(format);
                }
            )?)+
            RecordFormat::Pgn
        }

        /// Reads the games of a record in `format` (one of a game's own)
        /// from its bytes: one game, or every game of a library (CBL), each
        /// read or failed on its own.
        ///
        /// # Errors
        ///
        /// Each game's [`RecordError`], with the byte offset in `bytes`; for
        /// PGN (which [`crate::records::Games`] reads as a stream), an error
        /// saying so. [`crate::records::Records`] opens an input of any format
        /// and numbers these errors as [`crate::records::GameError`]s.
        pub fn read_record(format: RecordFormat, bytes: &[u8]) -> Vec<Result<Game, RecordError>> {
            match format {
                RecordFormat::Pgn => vec![Err(RecordError::new(format!("{format} is not read by read_record"), 0))],
                $($($(
                    RecordFormat::$r => RecordFormats::read($rty::$rmod::$r, bytes).into_iter().map(game_of::<$ty>).collect(),
                )+)?)+
            }
        }

        /// Writes `game` in `format` (one of a game's own that is written).
        ///
        /// # Errors
        ///
        /// [`RuleError::IllegalPosition`] for a game of another game than
        /// the format's, or one the format cannot hold; [`RuleError::Move`]
        /// for a move that does not replay; [`RulesError::Unsupported`] for
        /// PGN (written by [`Game::write_pgn`]) and a format read only.
        pub fn write_record(format: RecordFormat, game: &Game) -> Result<Vec<u8>, RulesError> {
            match format {
                RecordFormat::Pgn => Err(RulesError::Unsupported { variant: game.variant, feature: "PGN through write_record" }),
                $($($(
                    RecordFormat::$r => write_with::<$ty, _>($rty::$rmod::$r, game),
                )+)?)+
            }
        }

        /// What writing `game` in `format` leaves out because the format
        /// has no place for it (CSA's variations, a USI line's comments
        /// and result…), each in words: the warnings [`write_record`]'s
        /// caller reports. Nothing for PGN, a format read only, or a game
        /// of another game (which [`write_record`] refuses).
        #[must_use]
        pub fn record_cannot_hold(format: RecordFormat, game: &Game) -> Vec<String> {
            match format {
                RecordFormat::Pgn => Vec::new(),
                $($($(
                    RecordFormat::$r => cannot_hold_with::<$ty, _>($rty::$rmod::$r, game),
                )+)?)+
            }
        }
    };
}

crate::list::with_games!(formats);

/// A game's record of its own format as a game of any game, its main
/// line's end judged by its rules when they judge history.
fn record_of<P: Member>(record: records::Record<P>) -> Game {
    let records::Record { tags, start, comments, moves, result, repairs, unplayed } = record;
    let mut game = Game {
        variant: P::VARIANT,
        tags,
        start: start.into_any(),
        comments,
        moves,
        result,
        repairs,
        unplayed,
        warnings: Vec::new(),
    };
    if <P::Adapter as RecordAdapter>::JUDGES_HISTORY
        && let Ok(line) = game.main_line(None)
    {
        game.warnings = line.warnings;
    }
    game
}

/// A game's reading of one record as the facade's.
fn game_of<P: Member>(read: Result<records::Record<P>, records::RecordError<P>>) -> Result<Game, RecordError> {
    read.map(record_of).map_err(|records::RecordError { message, offset, partial }| RecordError {
        message,
        offset,
        partial: partial.map(|game| Box::new(record_of(*game))),
    })
}

/// Writes `game` with the writer of `format`, a format of the game `P`.
fn write_with<P: Member, F: RecordFormats<Position = P>>(format: F, game: &Game) -> Result<Vec<u8>, RulesError> {
    if game.variant != P::VARIANT {
        return Err(RulesError::Rule(RuleError::IllegalPosition(format!("{}, not {}", format.holds(), game.variant))));
    }
    let record = record_for::<P>(game)?;
    match format.write(&record) {
        Some(written) => written.map_err(rules_error::<P>),
        None => Err(RulesError::Unsupported { variant: P::VARIANT, feature: "writer of this record format" }),
    }
}

/// `game` as a record of the game `P`, for its writers.
fn record_for<P: Member>(game: &Game) -> Result<records::Record<P>, RulesError> {
    let Some(start) = P::of(&game.start) else {
        return Err(RulesError::Rule(RuleError::IllegalPosition(format!(
            "not a {} position",
            <P as GamePosition>::ID
        ))));
    };
    Ok(records::Record {
        tags: game.tags.clone(),
        start: start.clone(),
        comments: game.comments.clone(),
        moves: game.moves.clone(),
        result: game.result.clone(),
        repairs: Vec::new(),
        unplayed: None,
    })
}

/// What the writer of `format`, a format of the game `P`, leaves out of `game`.
fn cannot_hold_with<P: Member, F: RecordFormats<Position = P>>(format: F, game: &Game) -> Vec<String> {
    if game.variant != P::VARIANT {
        return Vec::new();
    }
    record_for::<P>(game).map(|record| format.cannot_hold(&record)).unwrap_or_default()
}

impl fmt::Display for RecordFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RecordFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<RecordFormat, String> {
        let lower = s.to_ascii_lowercase();
        RecordFormat::ALL.iter().copied().find(|format| format.name() == lower).ok_or_else(|| {
            let names: Vec<&str> = RecordFormat::ALL.iter().map(|format| format.name()).collect();
            format!("unknown game-record format {s:?}; one of {}", names.join(", "))
        })
    }
}

/// The one game of a record file of `format`.
fn one(format: RecordFormat, bytes: &[u8]) -> Result<Game, RecordError> {
    read_record(format, bytes).into_iter().next().unwrap_or_else(|| Err(RecordError::new("no game", 0)))
}

// The readers and writers of Xiangqi's formats by name, as the public API
// has them: each is `read_record` or `write_record` with its format.

/// Reads an XQF file (Xiangqi).
///
/// # Errors
///
/// A [`RecordError`] with the byte offset: not an XQF file, a version it
/// does not know, two pieces on one point, an impossible position, a
/// record or comment that runs past the end (a truncated file or a wrong
/// key), a move from or to outside the board, an illegal move.
///
/// # Examples
///
/// ```
/// use polyfen::records::{read_xqf, write_xqf, GameOptions, read_pgn};
///
/// let game = read_pgn("[Game \"Chinese Chess\"]\n\n1. H2-E2 H9-G7 *", GameOptions::default()).remove(0)?;
/// let bytes = write_xqf(&game)?;
/// assert!(bytes.starts_with(b"XQ\x0a"));
/// let back = read_xqf(&bytes)?;
/// assert_eq!(back.lines(None)?, vec![vec!["H2-E2".to_owned(), "H9-G7".to_owned()]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_xqf(bytes: &[u8]) -> Result<Game, RecordError> {
    one(RecordFormat::Xqf, bytes)
}

/// Writes a Xiangqi game as XQF 1.0 (not encrypted): the header's strings
/// from the tags, the start position, and the whole tree with comments.
///
/// # Errors
///
/// [`RulesError`] when the game is not Xiangqi, a move of its tree is not
/// legal, or its start position has a piece XQF has no slot for.
pub fn write_xqf(game: &Game) -> Result<Vec<u8>, RulesError> {
    write_record(RecordFormat::Xqf, game)
}

/// Reads a CBR file (one Xiangqi game).
///
/// # Errors
///
/// A [`RecordError`] with the byte offset: not a CBR record, a header or
/// move record cut short, a move from or to no point, a move that is not
/// legal, a position that cannot be played.
pub fn read_cbr(bytes: &[u8]) -> Result<Game, RecordError> {
    one(RecordFormat::Cbr, bytes)
}

/// Reads every game of a CBL library, each read or failed on its own
/// (an empty slot is no game).
///
/// # Errors
///
/// Not a library: one error. Otherwise each bad game's [`RecordError`],
/// with the byte offset in the library.
pub fn read_cbl(bytes: &[u8]) -> Vec<Result<Game, RecordError>> {
    read_record(RecordFormat::Cbl, bytes)
}

/// Reads a CBF document (one Xiangqi game).
///
/// # Errors
///
/// A [`RecordError`] with the byte offset in `text`: XML that is not well
/// formed (an unclosed or mismatched element, an unknown entity, elements
/// nested too deep), no `ChineseChessRecord` root, a `FEN` that cannot be
/// read or played, a move value that is not `XY-XY` or names a move that is
/// not legal. After the header, the error holds the game read up to it.
///
/// # Examples
///
/// ```
/// use polyfen::records::read_cbf;
///
/// let cbf = r#"<?xml version="1.0" encoding="UTF-8"?>
/// <ChineseChessRecord Version="1.0">
///  <Head><Red>红方</Red><RecordResult>1</RecordResult></Head>
///  <MoveList><Move value="00-00"/><Move value="77-47"/><Move value="70-62" end="1"/></MoveList>
/// </ChineseChessRecord>"#;
/// let game = read_cbf(cbf)?;
/// assert_eq!(game.lines(None)?, vec![vec!["H2-E2".to_owned(), "H9-G7".to_owned()]]);
/// assert_eq!(game.tag("Red"), Some("红方"));
/// assert_eq!(game.result_text(), "1-0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_cbf(text: &str) -> Result<Game, RecordError> {
    one(RecordFormat::Cbf, text.as_bytes())
}

/// Reads a `DhtmlXQ` record (the first one in `text`, which may be a whole
/// web page).
///
/// # Errors
///
/// A [`RecordError`] with the byte offset in `text`: no record, a tag not
/// closed, a bad `binit` or move list, a variation that hangs on no line,
/// an illegal move.
///
/// # Examples
///
/// ```
/// use polyfen::records::{read_dhtmlxq, write_dhtmlxq};
///
/// let page = "<div>[DhtmlXQ][DhtmlXQ_red]许银川[/DhtmlXQ_red][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\
///             [DhtmlXQ_move_0_2_1]1242[/DhtmlXQ_move_0_2_1][DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1][/DhtmlXQ]</div>";
/// let game = read_dhtmlxq(page)?;
/// assert_eq!(game.tag("Red"), Some("许银川"));
/// let lines = game.lines(None)?;
/// assert_eq!(lines, [["H2-E2", "H9-G7"], ["H2-E2", "B7-E7"]]);
/// assert_eq!(game.moves[0].comments, ["中炮"]);
/// let back = read_dhtmlxq(&write_dhtmlxq(&game)?)?;
/// assert_eq!(back.lines(None)?, lines);
/// assert_eq!(back.moves, game.moves);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_dhtmlxq(text: &str) -> Result<Game, RecordError> {
    one(RecordFormat::DhtmlXq, text.as_bytes())
}

/// Writes a Xiangqi game as a `DhtmlXQ` record: the header, `binit`, the
/// main line, every variation and every comment.
///
/// # Errors
///
/// [`RulesError`] for a game that is not Xiangqi, a start position `binit`
/// cannot hold (more pieces of a kind than its slots), or a move that does
/// not replay.
pub fn write_dhtmlxq(game: &Game) -> Result<String, RulesError> {
    let bytes = write_record(RecordFormat::DhtmlXq, game)?;
    Ok(String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}
