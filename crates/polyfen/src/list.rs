//! The list of games: the one place where the facade names each game.
//!
//! Each entry is a game's position type (its crate implements
//! [`polyfen_game::GamePosition`] for it), its notation and move-notation
//! types with the ids the facade takes over, and optionally its own record
//! formats ([`polyfen_game::records::RecordFormats`]) with theirs. From this list `ids.rs` makes [`crate::VariantId`], [`crate::Notation`],
//! [`crate::MoveNotation`] and the JSON form, and `any.rs`
//! [`crate::AnyPosition`] the dispatch from an id to its game and the records dispatch (each
//! game's record adapter is its `GamePosition::Adapter`), and `records/format.rs`
//! [`crate::records::RecordFormat`] and its readers and writers; each
//! calls [`with_games`] with its own macro. This module uses nothing of the
//! crate, so every module may use it. Adding a game is its crate and one
//! entry here.

/// Calls the macro `$make` with the list of games.
macro_rules! with_games {
    ($make:ident) => {
        $crate::list::and_test_games! { $make {
        /// Chess and Chess960.
        Chess(polyfen_chess::ChessPosition) {
            notations: polyfen_chess::ChessNotation [Fen, ShredderFen, Epd],
            moves: polyfen_chess::ChessMoveNotation [Uci, San, Lan],
        }
        /// Xiangqi (Chinese chess).
        Xiangqi(polyfen_xiangqi::XiangqiPosition) {
            notations: polyfen_xiangqi::XiangqiNotation [XiangqiFen, XiangqiLegacy],
            moves: polyfen_xiangqi::XiangqiMoveNotation [
                Iccs,
                Ucci,
                #[strum(serialize = "uci-1")]
                Uci1,
                Wxf,
                WxfFsf,
                Chinese,
                ChineseTraditional,
                SanFsf,
            ],
            records: polyfen_xiangqi::XiangqiRecord [Xqf, Cbr, Cbl, DhtmlXq, Cbf],
        }
        /// Khet, the laser game.
        Khet(polyfen_khet::KhetPosition) {
            notations: polyfen_khet::KhetNotation [Pkn],
            moves: polyfen_khet::KhetMoveNotation [Khet],
        }
        /// Shogi (Japanese chess).
        Shogi(polyfen_shogi::ShogiPosition) {
            notations: polyfen_shogi::ShogiNotation [Sfen, CsaBoard, KifBoard],
            moves: polyfen_shogi::ShogiMoveNotation [Usi, Csa, Kif, Ki2, Western, UciFsf, WesternNumeric],
            records: polyfen_shogi::ShogiRecord [Kif, Ki2, Csa, Usi, Jkf],
        }
        /// The games defined as data: Fairy-Stockfish's 121 and those of
        /// any variants file, each one of its rules variants.
        Fairy(polyfen_fairy::FairyPosition) {
            notations: polyfen_fairy::FairyNotation [FairyFen],
            moves: polyfen_fairy::FairyMoveNotation [
                FairyUci,
                FairySan,
                FairyLan,
                FairyWxf,
                FairyJanggi,
                FairyThaiSan,
                FairyThaiLan,
                FairyHosking,
                FairyHodges,
            ],
        }
        } }
    };
}

/// Calls `$make` with the games of the list, and with the `toy` feature
/// also the toy game of the tests (`crates/toy`): a game added by its
/// entry alone, which the tests of every layer above find there.
#[cfg(not(feature = "toy"))]
macro_rules! and_test_games {
    ($make:ident { $($games:tt)* }) => {
        $make! { $($games)* }
    };
}

/// Calls `$make` with the games of the list, and with the `toy` feature
/// also the toy game of the tests (`crates/toy`): a game added by its
/// entry alone, which the tests of every layer above find there.
#[cfg(feature = "toy")]
macro_rules! and_test_games {
    ($make:ident { $($games:tt)* }) => {
        $make! {
            $($games)*
            /// Toy, the test game.
            Toy(polyfen_toy::ToyPosition) {
                notations: polyfen_toy::ToyNotation [ToyFen],
                moves: polyfen_toy::ToyMoveNotation [ToyUci],
            }
        }
    };
}

pub(crate) use {and_test_games, with_games};
