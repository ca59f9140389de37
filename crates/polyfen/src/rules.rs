//! Rules in the facade: legal moves, playing moves written in any move
//! notation of the game, and perft, whatever the game.
//!
//! Each game implements its rules in its own crate
//! ([`polyfen_game::GamePosition`]); the facade's [`crate::Position`] hands
//! it the game's own notation and answers [`RulesError`], which adds to the
//! game's errors the two that need the list of games: a move notation of
//! another game, and a feature a game lacks.
//!
//! A long perft ([`crate::Position::perft_with`],
//! [`crate::Position::divide_with`]) may be stopped and watched: a cancel
//! flag, a node budget and a progress callback, each optional
//! ([`PerftControl`]). The default has none, and counts as
//! [`crate::Position::perft`] does, as fast. The count looks at the flag
//! and the budget every few thousand leaves (after each subtree two plies
//! above the leaves), so it stops within microseconds of the flag being set
//! in a release build, and overshoots a budget by at most one such subtree.
//!
//! # Examples
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//!
//! use polyfen::rules::{PerftControl, StopReason};
//! use polyfen::{Position, ReadOptions, RuleError, RuleOptions, RulesError, read};
//!
//! let start = read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", None, &ReadOptions::default())?.position;
//! let options = RuleOptions::default();
//! let cancel = AtomicBool::new(false);
//! let control = PerftControl::new().with_cancel(&cancel).with_node_budget(1_000_000);
//! assert_eq!(start.perft_with(4, &options, &control), Ok(197_281));
//! let Err(RulesError::Rule(RuleError::Stopped { reason, .. })) = start.perft_with(5, &options, &control) else { panic!() };
//! assert_eq!(reason, StopReason::NodeBudget(1_000_000));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use crate::MoveNotation;
use crate::VariantId;

pub use polyfen_game::{
    CastlingMoves, Counter, Divided, EnPassantPolicy, GameStatus, MoveError, PerftControl, PerftProgress, Played,
    RuleError, RuleOptions, Standing, StopReason, Switch, Switches,
};

/// Why a rules request cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// The game has no rules in this build, or not this feature.
    #[error("{variant} has no {feature}")]
    Unsupported {
        /// The position's game.
        variant: VariantId,
        /// What was asked for (`legal moves`, `perft`, ...).
        feature: &'static str,
    },
    /// The move notation belongs to another game.
    #[error(
        "{variant} moves cannot be written in {notation}; {variant} move notations: {}",
        notation_list(variant.move_notations())
    )]
    WrongNotation {
        /// The position's game.
        variant: VariantId,
        /// The notation asked for.
        notation: MoveNotation,
    },
    /// The move notation is the game's, but the position's rules variant
    /// does not write its moves in it (Xiangqi's WXF asked of a game
    /// without Xiangqi's pieces).
    #[error(
        "{} moves cannot be written in {notation}; {} move notations: {}",
        rules.unwrap_or(variant.into()),
        rules.unwrap_or(variant.into()),
        notation_list(notations)
    )]
    NotationOfOtherRules {
        /// The position's game.
        variant: VariantId,
        /// The position's rules variant, `None` for the game's own rules.
        rules: Option<&'static str>,
        /// The notation asked for.
        notation: MoveNotation,
        /// The move notations the position's moves are written in.
        notations: Vec<MoveNotation>,
    },
    /// What the game's rules answered: an illegal position, a move that
    /// is not legal, a limit exceeded, a perft stopped.
    #[error(transparent)]
    Rule(#[from] RuleError),
}

/// `notations` as a list in words: `uci, san, lan`.
pub(crate) fn notation_list(notations: &[MoveNotation]) -> String {
    let names: Vec<&'static str> = notations.iter().map(|&n| n.into()).collect();
    names.join(", ")
}
