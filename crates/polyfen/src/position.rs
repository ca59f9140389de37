//! What every position can do, whatever its game ([`Position`]), and what
//! writing one answers: [`Written`], [`ConvertError`]. Reading is in
//! `read.rs`; the enum of positions in `any.rs`.

use enum_dispatch::enum_dispatch;

use crate::ids::JsonPosition;
use crate::{
    Divided, GameStatus, MoveNotation, Notation, PerftControl, Played, RenderStyle, RuleOptions, RulesError, Standing,
    VariantId, WriteOptions, styles,
};
use polyfen_game::{ExtraAnswer, ExtraArgs};

/// A position written in some notation, with what the notation could not hold.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// The text.
    pub text: String,
    /// Information the target notation could not hold, in words.
    pub warnings: Vec<String>,
}

/// Why a position cannot be written or drawn as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConvertError {
    /// The notation belongs to another game.
    #[error("a {variant} position cannot be written as {notation}")]
    WrongVariant {
        /// The position's game.
        variant: VariantId,
        /// The notation asked for.
        notation: Notation,
    },
    /// The diagram style belongs to another game.
    #[error(
        "a {variant} position cannot be drawn in the {style} style; {variant} styles: {}",
        styles::style_list(variant.styles())
    )]
    WrongStyle {
        /// The position's game.
        variant: VariantId,
        /// The style asked for.
        style: RenderStyle,
    },
    /// JSON serialization failed.
    #[error("cannot write JSON: {0}")]
    Json(String),
}

/// What every position can do, whatever its game.
#[enum_dispatch]
pub trait Position {
    /// The game.
    fn variant(&self) -> VariantId;

    /// The id of the game's rules variant the position plays (chess's
    /// `atomic`, one of [`VariantId::rules`]), `None` for the game's own
    /// rules.
    fn rules(&self) -> Option<&'static str>;

    /// Writes the position in `notation` onto `out`, pushing onto `warnings`
    /// what the notation cannot hold.
    ///
    /// # Errors
    ///
    /// [`ConvertError::WrongVariant`] for a notation of another game.
    fn write_to(
        &self,
        notation: Notation,
        options: &WriteOptions,
        out: &mut String,
        warnings: &mut Vec<String>,
    ) -> Result<(), ConvertError>;

    /// Every rule the position breaks, in words; empty when it is legal.
    fn violations(&self) -> Vec<String>;

    /// A text diagram.
    ///
    /// # Errors
    ///
    /// [`ConvertError::WrongStyle`] for a style of another game.
    fn render(&self, style: RenderStyle) -> Result<String, ConvertError>;

    /// The JSON form.
    fn to_json(&self) -> JsonPosition;

    /// The position written in `notation`.
    ///
    /// # Errors
    ///
    /// As [`Position::write_to`].
    fn to_notation(&self, notation: Notation, options: &WriteOptions) -> Result<Written, ConvertError> {
        let mut written = Written::default();
        self.write_to(notation, options, &mut written.text, &mut written.warnings)?;
        Ok(written)
    }

    /// The move notations this position's moves are written in: its
    /// game's ([`VariantId::move_notations`]), less those its rules variant
    /// does not write (a game defined as data writes Xiangqi's WXF only
    /// with Xiangqi's pieces, Thai SAN only with Makruk's), the default
    /// first.
    fn move_notations(&self) -> Vec<MoveNotation> {
        self.variant().move_notations().to_vec()
    }

    /// Every legal move, written in `notation` (one of
    /// [`Position::move_notations`]), in the game's generation order.
    ///
    /// # Errors
    ///
    /// [`RulesError::WrongNotation`] for a notation of another game,
    /// [`RulesError::NotationOfOtherRules`] for one of the game's that the
    /// position's rules variant does not write,
    /// [`RuleError::IllegalPosition`] when moves cannot be generated,
    /// [`RulesError::Unsupported`] for a game without rules.
    fn legal_moves(&self, notation: MoveNotation, options: &RuleOptions) -> Result<Vec<String>, RulesError> {
        let _ = (notation, options);
        Err(RulesError::Unsupported { variant: self.variant(), feature: "legal moves" })
    }

    /// Reads `text` strictly as a move in any move notation of the game,
    /// plays it, and returns it written in `write_as`. On error the
    /// position is unchanged. A text only a lenient reading takes (see
    /// [`Position::play_with`]) is an error that names that reading.
    ///
    /// # Errors
    ///
    /// [`RuleError::Move`] (index 0) when the text is not one legal move,
    /// naming the candidates; otherwise as [`Position::legal_moves`].
    fn play(&mut self, text: &str, write_as: MoveNotation, options: &RuleOptions) -> Result<String, RulesError> {
        self.play_with(text, write_as, options, false).map(|played| played.text)
    }

    /// [`Position::play`], strictly or (`lenient`) also reading the
    /// non-standard forms of each game's move notations (a chess pawn
    /// capture written as a push, `c4` for `dxc4`), each reported as a
    /// [`MoveRepair`] in the answer. On error the position is unchanged.
    ///
    /// # Errors
    ///
    /// As [`Position::play`].
    fn play_with(
        &mut self,
        text: &str,
        write_as: MoveNotation,
        options: &RuleOptions,
        lenient: bool,
    ) -> Result<Played, RulesError> {
        let _ = (text, write_as, options, lenient);
        Err(RulesError::Unsupported { variant: self.variant(), feature: "moves" })
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep.
    ///
    /// # Errors
    ///
    /// As [`Position::legal_moves`].
    fn perft(&self, depth: u32, options: &RuleOptions) -> Result<u64, RulesError> {
        let _ = (depth, options);
        Err(RulesError::Unsupported { variant: self.variant(), feature: "perft" })
    }

    /// Perft split by the first move: each legal move, written in
    /// `notation`, with the leaf count `depth - 1` plies below it.
    ///
    /// # Errors
    ///
    /// As [`Position::legal_moves`].
    fn divide(&self, depth: u32, notation: MoveNotation, options: &RuleOptions) -> Result<Vec<Divided>, RulesError> {
        let _ = (depth, notation, options);
        Err(RulesError::Unsupported { variant: self.variant(), feature: "perft" })
    }

    /// [`Position::perft`] under `control`: it may be cancelled from
    /// another thread, held to a node budget and watched through a progress
    /// callback (see [`PerftControl`]). With the default control it is the
    /// plain perft.
    ///
    /// # Errors
    ///
    /// [`RuleError::Stopped`] when the flag or the budget stopped it,
    /// with the leaves counted so far; otherwise as [`Position::perft`].
    fn perft_with(&self, depth: u32, options: &RuleOptions, control: &PerftControl) -> Result<u64, RulesError> {
        let _ = (depth, options, control);
        Err(RulesError::Unsupported { variant: self.variant(), feature: "perft" })
    }

    /// [`Position::divide`] under `control`, as [`Position::perft_with`].
    ///
    /// # Errors
    ///
    /// As [`Position::perft_with`] and [`Position::divide`].
    fn divide_with(
        &self,
        depth: u32,
        notation: MoveNotation,
        options: &RuleOptions,
        control: &PerftControl,
    ) -> Result<Vec<Divided>, RulesError> {
        let _ = (depth, notation, options, control);
        Err(RulesError::Unsupported { variant: self.variant(), feature: "perft" })
    }

    /// A quick estimate of [`Position::perft`]'s leaf count, for refusing
    /// work before starting it: exact up to depth 2; deeper, the mean of
    /// Knuth's estimator (the product of the move counts along a random
    /// path) over about 200 seeded random paths shared out among the root
    /// moves, so the same position always gets the same estimate. It takes
    /// well under a millisecond in a release build (chess perft 7, Xiangqi
    /// 6, Khet 5: 0.16–0.5 ms measured). Measured against the real counts
    /// (`bench/examples/perft_control.rs`): 0.80–1.24 times the count on
    /// every position of the chess perft suites at depths 3–6 (7,800
    /// positions, 99% within 0.89–1.12), 0.92–1.02 on the start positions
    /// (chess 7, Xiangqi 5, Khet 4), 0.95–1.13 on random Xiangqi and Khet
    /// positions at depths 3–4.
    ///
    /// # Errors
    ///
    /// As [`Position::perft`].
    fn perft_estimate(&self, depth: u32, options: &RuleOptions) -> Result<u64, RulesError> {
        let _ = (depth, options);
        Err(RulesError::Unsupported { variant: self.variant(), feature: "perft" })
    }

    /// Whether the game goes on, and if not why.
    ///
    /// # Errors
    ///
    /// As [`Position::legal_moves`].
    fn status(&self, options: &RuleOptions) -> Result<GameStatus, RulesError> {
        let _ = options;
        Err(RulesError::Unsupported { variant: self.variant(), feature: "game status" })
    }

    /// What a board shows of the game beside its pieces: the status, the
    /// result it gives (`1-0`, `0-1`, `1/2-1/2`), the squares of the royal
    /// pieces in check, the game's counters (three-check's checks).
    ///
    /// # Errors
    ///
    /// As [`Position::status`].
    fn standing(&self, options: &RuleOptions) -> Result<Standing, RulesError> {
        let _ = options;
        Err(RulesError::Unsupported { variant: self.variant(), feature: "game status" })
    }

    /// The pieces of the position: on the board and, in a game that keeps
    /// pieces off it (Shogi's hands, crazyhouse's pocket), off it too.
    fn pieces(&self) -> usize;

    /// Where the position's SVG drawing puts each square: its game's
    /// board ([`VariantId::square_boxes`]), or for a game whose rules are
    /// data the board of its rules variant.
    fn square_boxes(&self) -> Vec<polyfen_game::svg::SquareBox>;

    /// Answers the extra named `name`, one of the game's
    /// [`VariantId::extras`] (Khet's `laser`), asked with `args`: its text,
    /// JSON, side, removed squares and, when `args` name a style, diagram.
    ///
    /// # Errors
    ///
    /// [`RulesError::Unsupported`] for an extra or a side the game does not
    /// have (see [`crate::extras::missing`] for the words of the first);
    /// otherwise as the extra says (the laser:
    /// [`RuleError::IllegalPosition`] when no sphinx can fire).
    fn extra(&self, name: &str, args: &ExtraArgs<'_>) -> Result<ExtraAnswer, RulesError>;
}
