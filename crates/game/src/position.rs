//! The two traits a game implements: [`GamePosition`], what it gives the
//! layers above it for its positions — its notations, named setups,
//! diagrams, JSON form and rules —, and [`RecordAdapter`], its record adapter:
//! how the game-record layer reads, plays, writes and numbers its moves.

use std::fmt;

use polyfen_core::{ParseError, Repair};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{
    Divided, Extra, ExtraAnswer, ExtraArgs, GameStatus, Judgement, MoveError, MoveNote, MoveToPlay, PerftRun, Played,
    PositionText, ReadOptions, RuleError, RuleOptions, RulesInfo, Standing, Stated, WriteOptions,
};

/// A position of one game, as the facade and every layer above it use it.
///
/// A game crate implements this for its position type; the facade's list of
/// games (`with_games!` in `crates/polyfen/src/list.rs`) turns the implementations into one enum of
/// positions and one id enum each for games, notations and move notations,
/// so the command line, the service and Python learn of a game from that
/// list alone. The game's notations are its own types: the facade hands a
/// game only notations of that game, so a game never sees another's.
pub trait GamePosition: Clone + fmt::Debug + PartialEq + Eq + Send + Sync + Sized + 'static {
    /// The game's id, as users type it: `chess`, `xiangqi`, `khet`.
    const ID: &'static str;
    /// The game's position notations (JSON, which every game has, aside).
    type Notation: Copy + Eq + fmt::Debug + Send + Sync + 'static;
    /// Every position notation of the game; the first is the default.
    const NOTATIONS: &'static [Self::Notation];
    /// The game's move notations.
    type MoveNotation: Copy + Eq + fmt::Debug + Send + Sync + 'static;
    /// Every move notation of the game; the first is the default.
    const MOVE_NOTATIONS: &'static [Self::MoveNotation];
    /// The ids of the diagram styles [`GamePosition::render`] draws, `svg`
    /// among them.
    const STYLES: &'static [&'static str];
    /// The named positions as `(name, position)`, each written in the
    /// default notation.
    const SETUPS: &'static [(&'static str, &'static str)];
    /// The JSON form: an object whose fields are the game's own (the facade
    /// adds the `variant` tag).
    type Json: Serialize + DeserializeOwned + Clone + fmt::Debug + PartialEq + Eq + Send + Sync;
    /// The document the JSON form is read from: the fields of
    /// [`GamePosition::Json`] and the `variant` tag, declared with
    /// [`crate::document!`] so that errors keep their positions.
    type Document: DeserializeOwned + Into<Self::Json>;
    /// The JSON Schema (2020-12) of the JSON form with its `variant` tag,
    /// as one definition of the facade's position schema: it may refer to
    /// the shared `#/$defs/count` and to definitions of its own under
    /// `#/$defs/<ID>/$defs/`.
    const JSON_SCHEMA: &'static str;
    /// The names of the game's piece-letter sets, which
    /// [`WriteOptions::letters`] names; the first is the default. Empty for a
    /// game with one set of letters.
    const LETTER_SETS: &'static [&'static str] = &[];
    /// The extras the game answers beyond its rules (see
    /// [`GamePosition::extra`]), such as Khet's `laser`.
    const EXTRAS: &'static [Extra] = &[];

    /// The game's record adapter: how the game-record layer reads, plays,
    /// writes and numbers the game's moves.
    type Adapter: RecordAdapter<Position = Self>;
    /// The PGN tags that name the game in its records, and those its
    /// records are written with.
    const GAME_TAGS: crate::tags::GameTags = crate::tags::GameTags::NONE;
    /// What the game's PGN tags say of the notation of its moves.
    const MOVE_TAGS: crate::tags::MoveTags<Self::MoveNotation> = crate::tags::MoveTags::NONE;

    /// The options of the game's own rules ([`RuleOptions::with_switch`]),
    /// each off unless turned on.
    const RULE_SWITCHES: &'static [crate::Switch] = &[];

    /// Every piece letter a position of the game may hold on its board, as
    /// its JSON form writes them (Shogi's promoted `+P` too), the first
    /// player's first: what a board editor offers. Empty for a game whose
    /// pieces are learnt from its positions (the layers above take those
    /// of its setups).
    const PIECES: &'static [&'static str] = &[];

    /// The ids of the game's own ends ([`GameStatus::Ended`]) that its
    /// positions or records may reach, beyond the ends every game shares.
    const ENDS: &'static [&'static str] = &[];

    /// The game's rules variants (chess's crazyhouse, atomic ...): other
    /// rules played on its board, which [`ReadOptions::rules`] names and
    /// [`GamePosition::rules_id`] answers; empty for a game with one set
    /// of rules. A game whose rules are data answers with those it knows
    /// now: its own, those [`GamePosition::define_rules`] added, and on a
    /// thread in a scope of [`GamePosition::scope_rules`] that scope's.
    fn rules() -> std::borrow::Cow<'static, [RulesInfo]> {
        std::borrow::Cow::Borrowed(&[])
    }

    /// Reads definitions of more rules variants from `text` (a file named
    /// `source` in messages), for a game whose rules are data: `None` for a
    /// game that takes none (the default), else the ids it defined, or
    /// every problem of the text, each naming its line.
    fn define_rules(source: &str, text: &str) -> Option<Result<Vec<&'static str>, String>> {
        let _ = (source, text);
        None
    }

    /// Reads definitions of rules variants from `text` (named `source` in
    /// messages) for a scope of work alone, as [`GamePosition::define_rules`]
    /// reads them for the process: the variants are known only on a thread
    /// that entered the answer's [`Scoped::rules`] (and each `Self` read
    /// there keeps its rules after). `None` for a game whose rules are not
    /// data (the default), else the scope, or every problem of the text.
    fn scope_rules(source: &str, text: &str) -> Option<Result<crate::Scoped, String>> {
        let _ = (source, text);
        None
    }

    /// A rules variant of [`GamePosition::rules`] described: where it was
    /// defined (`builtin.ini:120`, a file and line, or the game's crate),
    /// and, for a game whose rules are data, its resolved definition as
    /// text (every key after inheritance); `None` for an id the game does
    /// not have.
    fn describe_rules(id: &str) -> Option<(String, String)> {
        let _ = id;
        None
    }

    /// A rules variant of [`GamePosition::rules`] explained key by key:
    /// where it was defined, the parent it inherits from, each key its own
    /// definition sets (with the value the parent gave it and what it
    /// means), and how many keys it takes from its parents and from the
    /// defaults; `None` for an id the game does not define as data.
    fn explain_rules(id: &str) -> Option<crate::RulesChanges> {
        let _ = id;
        None
    }

    /// The move notations this position's moves are written in: by default
    /// every one of the game's ([`GamePosition::MOVE_NOTATIONS`]); a game
    /// whose rules variants write their moves in notations of their own
    /// (the games defined as data: Xiangqi's WXF for Xiangqi's pieces)
    /// answers with those of the position's rules, the default first. The
    /// facade refuses the others before it asks the game.
    fn rules_move_notations(&self) -> Vec<Self::MoveNotation> {
        Self::MOVE_NOTATIONS.to_vec()
    }

    /// The id of the rules variant the position is played by (one of
    /// [`GamePosition::rules`]), `None` for the game's own rules.
    fn rules_id(&self) -> Option<&'static str> {
        None
    }

    /// The game's guess that a text of `shape` is in one of its notations
    /// (see [`crate::detect`]); `None` when it is not the game's shape.
    fn guess(shape: &crate::detect::TextShape) -> Option<crate::detect::Guess<Self::Notation>> {
        let _ = shape;
        None
    }

    /// Whether the first move of a movetext without tags is written as this
    /// game writes moves (Xiangqi's ICCS or Chinese numerals), for a game
    /// that no tag names; no game claiming it, the first of the list is
    /// taken.
    fn claims_move(text: &str) -> bool {
        let _ = text;
        false
    }

    /// Reads a position's `input` written in its `notation`, leniently
    /// when its `options` say so, pushing what a lenient reading repaired
    /// onto `repairs`.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the byte span of the first problem.
    fn read(text: PositionText<'_, Self::Notation>, repairs: &mut Vec<Repair>) -> Result<Self, ParseError>;

    /// Reads a position written in the game's default notation (the first
    /// of [`GamePosition::NOTATIONS`]), strictly.
    ///
    /// # Errors
    ///
    /// As [`GamePosition::read`].
    fn read_default(input: &str) -> Result<Self, ParseError> {
        let options = ReadOptions::default();
        Self::read(PositionText { input, notation: Self::NOTATIONS[0], options: &options }, &mut Vec::new())
    }

    /// Writes the position in `notation` onto `out`, pushing onto
    /// `warnings` what the notation cannot hold.
    fn write_to(&self, notation: Self::Notation, options: &WriteOptions, out: &mut String, warnings: &mut Vec<String>);

    /// Every rule the position breaks, in words; empty when it is legal.
    fn violations(&self) -> Vec<String>;

    /// The pieces of the position: those on the board and, in a game that
    /// keeps pieces off it (a hand, a pocket), those too, each counted
    /// (a service bounds a diagram's size by it).
    fn pieces(&self) -> usize;

    /// A diagram in `style`, one of [`GamePosition::STYLES`] (`svg` is an
    /// SVG drawing).
    fn render(&self, style: &str) -> String;

    /// Where [`GamePosition::render`]'s SVG drawing puts each square (see
    /// [`crate::svg::boxes`]).
    fn square_boxes() -> Vec<crate::svg::SquareBox>;

    /// Where this position's drawing puts each square: the game's board
    /// ([`GamePosition::square_boxes`]) unless its rules variant has its
    /// own (a game whose rules are data; there `square_boxes` is the
    /// largest board).
    fn board_boxes(&self) -> Vec<crate::svg::SquareBox> {
        Self::square_boxes()
    }

    /// The JSON form (`options` may change how a field is written, as Khet's
    /// canonical facings).
    fn to_json(&self, options: &WriteOptions) -> Self::Json;

    /// The position of a JSON form read from `input` (whose text spans
    /// errors name; see [`crate::json`]).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the field at fault.
    fn from_json(json: Self::Json, input: &str) -> Result<Self, ParseError>;

    /// Every legal move, written in `notation`, in the game's generation
    /// order.
    ///
    /// # Errors
    ///
    /// [`RuleError::IllegalPosition`] when moves cannot be generated,
    /// [`RuleError::Unsupported`] for a game without rules.
    fn legal_moves(&self, notation: Self::MoveNotation, options: &RuleOptions) -> Result<Vec<String>, RuleError> {
        let _ = (notation, options);
        Err(RuleError::Unsupported("legal moves"))
    }

    /// Reads the move's `text` in any move notation of the game (and, when
    /// it is `lenient`, the non-standard forms, each reported), plays it,
    /// and returns it written in its `write_as`. On error the position is
    /// unchanged.
    ///
    /// # Errors
    ///
    /// [`RuleError::Move`] (index 0) when the text is not one legal move,
    /// naming the candidates; otherwise as [`GamePosition::legal_moves`].
    fn play_with(
        &mut self,
        play: MoveToPlay<'_, Self::MoveNotation>,
        options: &RuleOptions,
    ) -> Result<Played, RuleError> {
        let _ = (play, options);
        Err(RuleError::Unsupported("moves"))
    }

    /// The number of leaf nodes of the legal move tree the run's `depth`
    /// plies deep, under its `control` (with the default control, the plain
    /// fast count).
    ///
    /// # Errors
    ///
    /// [`RuleError::Stopped`] when the control stopped it, [`RuleError::Limit`]
    /// for a depth over the game's cap; otherwise as
    /// [`GamePosition::legal_moves`].
    fn perft_with(&self, run: PerftRun<'_>) -> Result<u64, RuleError> {
        let _ = run;
        Err(RuleError::Unsupported("perft"))
    }

    /// Perft split by the first move, under the run's control: each legal
    /// move written in `notation`, with the leaf count one ply less deep
    /// below it.
    ///
    /// # Errors
    ///
    /// As [`GamePosition::perft_with`].
    fn divide_with(&self, run: PerftRun<'_>, notation: Self::MoveNotation) -> Result<Vec<Divided>, RuleError> {
        let _ = (run, notation);
        Err(RuleError::Unsupported("perft"))
    }

    /// A quick, deterministic estimate of the perft leaf count (see the
    /// facade's `Position::perft_estimate`).
    ///
    /// # Errors
    ///
    /// As [`GamePosition::perft_with`].
    fn perft_estimate(&self, depth: u32, options: &RuleOptions) -> Result<u64, RuleError> {
        let _ = (depth, options);
        Err(RuleError::Unsupported("perft"))
    }

    /// Whether the game goes on, and if not why.
    ///
    /// # Errors
    ///
    /// As [`GamePosition::legal_moves`].
    fn status(&self, options: &RuleOptions) -> Result<GameStatus, RuleError> {
        let _ = options;
        Err(RuleError::Unsupported("game status"))
    }

    /// What a board shows of the game beside its pieces: its
    /// [`GamePosition::status`], the result that gives, the royal pieces
    /// in check, the game's counters. By default the status alone.
    ///
    /// # Errors
    ///
    /// As [`GamePosition::status`].
    fn standing(&self, options: &RuleOptions) -> Result<Standing, RuleError> {
        self.status(options).map(Standing::new)
    }

    /// Answers the extra named `name` (one of [`GamePosition::EXTRAS`]) for
    /// this position, asked with `args`.
    ///
    /// # Errors
    ///
    /// [`RuleError::Unsupported`] for a name the game has no extra of or a
    /// side it does not name; otherwise as the extra says (Khet's laser:
    /// [`RuleError::IllegalPosition`] when no sphinx can fire).
    fn extra(&self, name: &str, args: &ExtraArgs<'_>) -> Result<ExtraAnswer, RuleError> {
        let _ = (name, args);
        Err(RuleError::Unsupported("such extra"))
    }
}

/// A null move in the model, in every game's coordinates: `0000`, as UCI
/// writes it.
pub const NULL_MOVE: &str = "0000";

/// A move's text to read ([`RecordAdapter::read_move`]), with what the
/// reading knows of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveReading<'a, N> {
    /// The move as written.
    pub text: &'a str,
    /// The file's notation, if it names one: a move read in another is
    /// noted.
    pub expected: Option<N>,
    /// Whether the forms only a lenient reading takes are read too.
    pub lenient: bool,
}

/// The move notation of the game whose records `R` reads.
pub type MoveNotationOf<R> = <<R as RecordAdapter>::Position as GamePosition>::MoveNotation;

/// One game's rules as the game layer uses them. A game implements this
/// (and names it as its [`GamePosition::Adapter`]) and its moves can be read
/// from and written to every game-record format. Every method is called
/// per move, monomorphized for the game: no call goes through a pointer.
pub trait RecordAdapter {
    /// The game's position, as the layers above it hold it.
    type Position: GamePosition;
    /// A position moves can be played on.
    type Pos: Clone;
    /// A legal move of a position.
    type Move: Copy;

    /// The coordinate notation the model keeps moves in: by default the
    /// game's first move notation.
    const COORDINATES: MoveNotationOf<Self> = <Self::Position as GamePosition>::MOVE_NOTATIONS[0];
    /// The notation a game's PGN is written in when none is asked for: by
    /// default the coordinates.
    const PGN_NOTATION: MoveNotationOf<Self> = Self::COORDINATES;

    /// The playable position of a position of the game.
    ///
    /// # Errors
    ///
    /// Why the position cannot be played, in words.
    fn from_position(position: &Self::Position) -> Result<Self::Pos, String>;

    /// The position as the layers above hold it.
    fn to_position(pos: &Self::Pos) -> Self::Position;

    /// Reads a move written in any notation of the game. The reading's
    /// `expected` is the file's notation, if it names one: a move read in
    /// another is noted. With its `lenient`, also the forms only a lenient
    /// reading takes, noting each such reading in `notes`: asked so when
    /// the strict reading failed and the reader was asked to be lenient.
    ///
    /// # Errors
    ///
    /// A [`MoveError`] naming the span and the candidates.
    fn read_move(
        pos: &Self::Pos,
        reading: MoveReading<'_, MoveNotationOf<Self>>,
        notes: &mut Vec<MoveNote>,
    ) -> Result<Self::Move, MoveError>;

    /// The move a text names when it is in the game's most common form and
    /// names a legal move, with nothing to note: what [`Self::read_move`]
    /// reads then, found without an error to build or a `Result` to pass
    /// back through memory (a game record's reader asks this first, per
    /// move). `None` leaves the text to [`Self::read_move`]; by default
    /// every text is.
    #[inline]
    fn read_plain(_pos: &Self::Pos, _text: &str) -> Option<Self::Move> {
        None
    }

    /// The move a text of the model names ([`Self::COORDINATES`], as a
    /// game's tree keeps its moves) in its common form, when it is legal:
    /// what [`Self::read_move`] reads then, found without its error or
    /// notes (the writers replay every move of a tree). `None` leaves the
    /// text to [`Self::read_move`]; by default every text is.
    #[inline]
    fn read_kept(_pos: &Self::Pos, _text: &str) -> Option<Self::Move> {
        None
    }

    /// Plays a legal move.
    fn play(pos: &mut Self::Pos, mv: Self::Move);

    /// Whether the side to move may pass (play a null move).
    ///
    /// # Errors
    ///
    /// Why not, in words.
    fn null_allowed(pos: &Self::Pos) -> Result<(), String>;

    /// Plays a null move: the turn passes, nothing moves.
    fn play_null(pos: &mut Self::Pos);

    /// How `notation` writes a null move, or `None` when it cannot: by
    /// default as the model keeps it, [`NULL_MOVE`], in every notation.
    fn null_text(notation: MoveNotationOf<Self>) -> Option<&'static str> {
        let _ = notation;
        Some(NULL_MOVE)
    }

    /// Writes a legal move in `notation`.
    fn write_move(pos: &Self::Pos, mv: Self::Move, notation: MoveNotationOf<Self>, out: &mut String);

    /// The move number and whether the second player is to move.
    fn numbering(pos: &Self::Pos) -> (u32, bool);

    /// Whether the game goes on, and if not why.
    fn status(pos: &Self::Pos) -> GameStatus;

    /// Whether the game has outcomes only a line's history tells (Shogi's
    /// repetition), so that the game layer keeps a line's positions and
    /// asks [`RecordAdapter::judge`] at its end. By default not: the game layer
    /// keeps no history and asks nothing.
    const JUDGES_HISTORY: bool = false;

    /// What the rules say of the end of a line that its last position alone
    /// does not tell, and where the record's stated ending disagrees with
    /// them. `history` holds the line's positions from its start to the one
    /// after its last move; `stated` is how the record says the game ended.
    /// Asked only when [`RecordAdapter::JUDGES_HISTORY`]; by default nothing.
    fn judge(history: &[Self::Pos], stated: Stated<'_>) -> Judgement {
        let _ = (history, stated);
        Judgement::default()
    }

    /// Keeps `pos`, the position after a move of a line, in the line's
    /// `history` for [`RecordAdapter::judge`]: by default pushed onto it. A
    /// game may forget the positions its judge reads no more (those before
    /// an irreversible move), so long as [`RecordAdapter::judge`] tells the
    /// same of what it keeps as of the whole line.
    fn remember(history: &mut Vec<Self::Pos>, pos: &Self::Pos) {
        history.push(pos.clone());
    }
}
