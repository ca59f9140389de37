//! Game-record file formats: PGN (every game's, read by `pgn/`) and each
//! game's own formats, which the list of games names (`list.rs`: a game's
//! [`RecordFormats`] enum); which one a file is, from its content (each
//! game's detection asked in the list's order, else PGN); reading a file of
//! a game's format with the game's reader and writing one with its writer
//! ([`RecordFormat::read`], [`RecordFormat::write`]), the records turned
//! into [`Game`]s of any game. Every question about a game's format goes
//! through one trait object, [`OwnFormat`], made for each listed game's
//! [`RecordFormats`] by one generic impl, so that a game's formats need
//! nothing here but its entry in the list. The error those readers give is
//! in `record_error.rs`, which this module imports.

use std::str::FromStr;

use encoding_rs::Encoding;
use polyfen_game::records::{self, RecordFormats};
use polyfen_game::{GamePosition, RecordAdapter, RuleError};

use crate::VariantId;
use crate::any::Member;
use crate::per_game::{Listed, rules_error};
use crate::records::model::Game;
use crate::records::record_error::RecordError;
use crate::rules::RulesError;

/// Makes [`RecordFormat`], its game's format behind each id and
/// [`detect_format`] from the list of games.
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

            /// The game's format this is; `None` for PGN, every game's.
            fn own(self) -> Option<&'static dyn OwnFormat> {
                match self {
                    RecordFormat::Pgn => None,
                    $($($( RecordFormat::$r => Some(&$rty::$rmod::$r), )+)?)+
                }
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
    };
}

crate::list::with_games!(formats);

impl RecordFormat {
    /// The format's name as the command line writes it.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.own().map_or("pgn", OwnFormat::name)
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
        self.own().map_or(&["pgn"], OwnFormat::extensions)
    }

    /// Whether the format is binary (read as bytes, not decoded as text).
    #[must_use]
    pub fn is_binary(self) -> bool {
        self.own().is_some_and(OwnFormat::is_binary)
    }

    /// Whether games are written in this format ([`RecordFormat::write`],
    /// or [`Game::write_pgn`] for PGN); CBR, CBL and CBF are read only.
    ///
    /// ```
    /// use polyfen::records::RecordFormat;
    ///
    /// assert!(RecordFormat::Pgn.is_written() && RecordFormat::Xqf.is_written());
    /// assert!(!RecordFormat::Cbr.is_written());
    /// ```
    #[must_use]
    pub fn is_written(self) -> bool {
        self.own().is_none_or(OwnFormat::is_written)
    }

    /// The game whose format this is; `None` for PGN, every game's.
    #[must_use]
    pub fn variant(self) -> Option<VariantId> {
        self.own().map(OwnFormat::variant)
    }

    /// The text encoding a game's text format reads `bytes` in; `None` for
    /// a binary format and for PGN (whose encoding is found by `open.rs`).
    pub(crate) fn encoding(self, bytes: &[u8]) -> Option<&'static Encoding> {
        let label = self.own()?.encoding(bytes)?;
        Encoding::for_label(label.as_bytes())
    }

    /// Reads the games of a record in this format (one of a game's own)
    /// from its bytes, all of them: one game, or every game of a library
    /// (CBL), each read or failed on its own. [`crate::records::Records`]
    /// opens an input of any format, PGN among them, and numbers these
    /// errors as [`crate::records::GameError`]s.
    ///
    /// # Errors
    ///
    /// Each game's [`RecordError`], with the byte offset in `bytes` and the
    /// game read up to it when its header was read (the game's own reader
    /// says what it refuses); for PGN (which [`crate::records::Games`]
    /// reads as a stream), an error saying so.
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen::records::{GameOptions, RecordFormat, read_pgn};
    ///
    /// let game = read_pgn("[Game \"Chinese Chess\"]\n\n1. H2-E2 H9-G7 *", GameOptions::default()).remove(0)?;
    /// let bytes = RecordFormat::Xqf.write(&game)?;
    /// assert!(bytes.starts_with(b"XQ\x0a"));
    /// let back = RecordFormat::Xqf.read(&bytes).remove(0)?;
    /// assert_eq!(back.lines(None)?, vec![vec!["H2-E2".to_owned(), "H9-G7".to_owned()]]);
    ///
    /// let cbf = r#"<?xml version="1.0" encoding="UTF-8"?>
    /// <ChineseChessRecord Version="1.0">
    ///  <Head><Red>红方</Red><RecordResult>1</RecordResult></Head>
    ///  <MoveList><Move value="00-00"/><Move value="77-47"/><Move value="70-62" end="1"/></MoveList>
    /// </ChineseChessRecord>"#;
    /// let game = RecordFormat::Cbf.read(cbf.as_bytes()).remove(0)?;
    /// assert_eq!(game.lines(None)?, back.lines(None)?);
    /// assert_eq!(game.tag("Red"), Some("红方"));
    /// assert_eq!(game.result_text(), "1-0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn read(self, bytes: &[u8]) -> Vec<Result<Game, RecordError>> {
        match self.own() {
            Some(own) => own.read(bytes),
            None => vec![Err(RecordError::new(format!("{self} is not read by RecordFormat::read"), 0))],
        }
    }

    /// Writes `game` in this format (one of a game's own that is written).
    ///
    /// # Errors
    ///
    /// [`RuleError::IllegalPosition`] for a game of another game than
    /// the format's, or one the format cannot hold; [`RuleError::Move`]
    /// for a move that does not replay; [`RulesError::Unsupported`] for
    /// PGN (written by [`Game::write_pgn`]) and a format read only.
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen::records::{GameOptions, RecordFormat, read_pgn};
    ///
    /// let game = read_pgn("[Game \"Chinese Chess\"]\n\n1. H2-E2 (1. B2-E2) H9-G7 *", GameOptions::default()).remove(0)?;
    /// let page = RecordFormat::DhtmlXq.write(&game)?;
    /// assert!(page.starts_with(b"[DhtmlXQ]"));
    /// let back = RecordFormat::DhtmlXq.read(&page).remove(0)?;
    /// assert_eq!(back.moves, game.moves);
    /// assert!(RecordFormat::Cbr.write(&game).is_err()); // read only
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write(self, game: &Game) -> Result<Vec<u8>, RulesError> {
        match self.own() {
            Some(own) => own.write(game),
            None => Err(RulesError::Unsupported { variant: game.variant, feature: "PGN through RecordFormat::write" }),
        }
    }

    /// What writing `game` in this format leaves out because the format
    /// has no place for it (CSA's variations, a USI line's comments and
    /// result…), each in words: the warnings [`RecordFormat::write`]'s
    /// caller reports. Nothing for PGN, a format read only, or a game of
    /// another game (which [`RecordFormat::write`] refuses).
    #[must_use]
    pub fn cannot_hold(self, game: &Game) -> Vec<String> {
        self.own().map(|own| own.cannot_hold(game)).unwrap_or_default()
    }
}

/// A game's own record format as the facade asks it: a listed game's
/// [`RecordFormats`], its records made games of any game.
trait OwnFormat: Sync {
    fn name(&self) -> &'static str;
    fn extensions(&self) -> &'static [&'static str];
    fn is_binary(&self) -> bool;
    fn is_written(&self) -> bool;
    fn variant(&self) -> VariantId;
    fn encoding(&self, bytes: &[u8]) -> Option<&'static str>;
    fn read(&self, bytes: &[u8]) -> Vec<Result<Game, RecordError>>;
    fn write(&self, game: &Game) -> Result<Vec<u8>, RulesError>;
    fn cannot_hold(&self, game: &Game) -> Vec<String>;
}

impl<F: RecordFormats> OwnFormat for F
where
    F::Position: Member,
{
    fn name(&self) -> &'static str {
        RecordFormats::name(*self)
    }

    fn extensions(&self) -> &'static [&'static str] {
        RecordFormats::extensions(*self)
    }

    fn is_binary(&self) -> bool {
        RecordFormats::is_binary(*self)
    }

    fn is_written(&self) -> bool {
        RecordFormats::is_written(*self)
    }

    fn variant(&self) -> VariantId {
        F::Position::VARIANT
    }

    fn encoding(&self, bytes: &[u8]) -> Option<&'static str> {
        RecordFormats::encoding(*self, bytes)
    }

    fn read(&self, bytes: &[u8]) -> Vec<Result<Game, RecordError>> {
        RecordFormats::read(*self, bytes).into_iter().map(game_of).collect()
    }

    fn write(&self, game: &Game) -> Result<Vec<u8>, RulesError> {
        if game.variant != F::Position::VARIANT {
            return Err(RulesError::Rule(RuleError::IllegalPosition(format!(
                "{}, not {}",
                self.holds(),
                game.variant
            ))));
        }
        let record = record_for::<F::Position>(game)?;
        match RecordFormats::write(*self, &record) {
            Some(written) => written.map_err(rules_error::<F::Position>),
            None => {
                Err(RulesError::Unsupported { variant: F::Position::VARIANT, feature: "writer of this record format" })
            }
        }
    }

    fn cannot_hold(&self, game: &Game) -> Vec<String> {
        if game.variant != F::Position::VARIANT {
            return Vec::new();
        }
        record_for::<F::Position>(game).map(|record| RecordFormats::cannot_hold(*self, &record)).unwrap_or_default()
    }
}

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
        written: Vec::new(),
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

polyfen_core::display_name!(RecordFormat, name);

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
