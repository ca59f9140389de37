//! The list of games: the one place where the facade names each game.
//!
//! Each entry is a game's position type (its crate implements
//! [`polyfen_game::GamePosition`] for it), its notation and move-notation
//! types with the ids the facade takes over. From this list the `games!`
//! macro (`macros.rs`) makes [`crate::VariantId`], [`crate::Notation`],
//! [`crate::MoveNotation`], [`crate::AnyPosition`] and its JSON form, the
//! dispatch from an id to its game, and the records dispatch (each game's
//! record adapter is its `GamePosition::Rules`). Adding a game is its crate
//! and one entry here.

use enum_dispatch::enum_dispatch;
use polyfen_game::GamePosition;
use serde::{Deserialize, Serialize};
use strum::{AsRefStr, Display, EnumIter, EnumString, IntoStaticStr};

use crate::{
    ConvertError, Divided, GameStatus, PerftControl, Played, Position, ReadOptions, RenderStyle, RuleOptions,
    RulesError, WriteOptions, json,
};

crate::macros::games! {
    /// Chess and Chess960.
    Chess(polyfen_chess::ChessPosition) {
        notations: polyfen_chess::ChessNotation [Fen, ShredderFen, Epd],
        moves: polyfen_chess::ChessMoveNotation [Uci, San, Lan],
    }
    /// Xiangqi (Chinese chess).
    Xiangqi(polyfen_xiangqi::XiangqiPosition) {
        notations: polyfen_xiangqi::XiangqiNotation [XiangqiFen, XiangqiLegacy],
        moves: polyfen_xiangqi::MoveStyle [
            Iccs,
            Ucci,
            #[strum(serialize = "uci-1")]
            Uci1,
            Wxf,
            WxfFsf,
            Chinese,
            ChineseTraditional,
        ],
    }
    /// Khet, the laser game.
    Khet(polyfen_khet::KhetPosition) {
        notations: polyfen_khet::KhetNotation [Pkn],
        moves: polyfen_khet::KhetMoveNotation [Khet],
    }
}
