//! [`AnyPosition`], a position of any game of the list (`list.rs`), and
//! the facade's [`Position`] for each game's position type, through the
//! generic functions of `per_game.rs`; reading a text in a game's notation
//! (`read_in`), explaining it, the JSON form's conversions, and the records
//! dispatch: `with_game!` (from a game id to its position type, whose
//! `GamePosition::Adapter` is its record adapter) and `PerGame` with
//! `each_game!` (a value of any game, as the tree of a record being read).

use enum_dispatch::enum_dispatch;
use polyfen_game::{ExtraAnswer, ExtraArgs, GamePosition, PositionText, Standing};
use serde::{Deserialize, Serialize};

use crate::ids::JsonPosition;
use crate::per_game::Listed;
use crate::{
    ConvertError, Divided, GameStatus, MoveNotation, Notation, PerftControl, Played, Position, ReadOptions,
    RenderStyle, RuleOptions, RulesError, VariantId, WriteOptions, Written,
};

/// A type that depends on the game, as the tree of a game record being
/// read depends on its rules: [`PerGame`] holds one of any listed game,
/// monomorphized for each.
pub(crate) trait Family {
    /// The type for the game `P`.
    type Of<P: Member>;
}

/// A game of the list as one of any game: its position in [`AnyPosition`],
/// its value of a [`Family`] in a [`PerGame`].
pub(crate) trait Member: Listed {
    /// The position, if `position` is of this game.
    fn of(position: &AnyPosition) -> Option<&Self>;

    /// The position as a position of any game.
    fn into_any(self) -> AnyPosition;

    /// A value of the game's type in the family `F`, as the one of any game.
    fn wrap<F: Family>(value: F::Of<Self>) -> PerGame<F>;

    /// The value of the family `F`, if it is this game's; else it back.
    ///
    /// # Errors
    ///
    /// Another game's value, unchanged.
    fn unwrap<F: Family>(value: PerGame<F>) -> Result<F::Of<Self>, PerGame<F>>;
}

/// Makes the enum of positions and the per-game impls from the list of games.
macro_rules! any {
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
        /// A position of any game polyfen knows.
        ///
        /// Serializes to and from the JSON form of [`json::JsonPosition`].
        #[enum_dispatch(Position)]
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(into = "JsonPosition", try_from = "JsonPosition")]
        pub enum AnyPosition {
            $( $(#[doc = $doc])* $game($ty), )+
        }

        $(
            impl crate::per_game::Listed for $ty {
                const VARIANT: VariantId = VariantId::$game;

                fn notation(notation: Notation) -> Option<$nty::$nmod> {
                    match notation {
                        $( Notation::$n => Some($nty::$nmod::$n), )+
                        _ => None,
                    }
                }

                fn move_notation(notation: MoveNotation) -> Option<$mty::$mmod> {
                    match notation {
                        $( MoveNotation::$m => Some($mty::$mmod::$m), )+
                        _ => None,
                    }
                }

                fn move_notation_id(notation: $mty::$mmod) -> MoveNotation {
                    MoveNotation::from(notation)
                }
            }

            impl Member for $ty {
                fn of(position: &AnyPosition) -> Option<&$ty> {
                    match position {
                        AnyPosition::$game(p) => Some(p),
                        #[allow(unreachable_patterns, reason = "a list of one game")]
                        _ => None,
                    }
                }

                fn into_any(self) -> AnyPosition {
                    AnyPosition::$game(self)
                }

                fn wrap<F: Family>(value: F::Of<$ty>) -> PerGame<F> {
                    PerGame::$game(value)
                }

                fn unwrap<F: Family>(value: PerGame<F>) -> Result<F::Of<$ty>, PerGame<F>> {
                    match value {
                        PerGame::$game(value) => Ok(value),
                        #[allow(unreachable_patterns, reason = "a list of one game")]
                        other => Err(other),
                    }
                }
            }

            impl Position for $ty {
                fn variant(&self) -> VariantId {
                    VariantId::$game
                }

                fn rules(&self) -> Option<&'static str> {
                    <$ty as GamePosition>::rules_id(self)
                }

                fn write_to(
                    &self,
                    notation: Notation,
                    options: &WriteOptions,
                    out: &mut String,
                    warnings: &mut Vec<String>,
                ) -> Result<(), ConvertError> {
                    if notation == Notation::Json {
                        let json = JsonPosition::$game(<$ty as GamePosition>::to_json(self, options));
                        return crate::per_game::write_json(&json, out);
                    }
                    crate::per_game::write_to(self, notation, options, out, warnings)
                }

                fn violations(&self) -> Vec<String> {
                    <$ty as GamePosition>::violations(self)
                }

                fn render(&self, style: RenderStyle) -> Result<String, ConvertError> {
                    crate::per_game::render(self, style)
                }

                fn to_json(&self) -> JsonPosition {
                    JsonPosition::$game(<$ty as GamePosition>::to_json(self, &WriteOptions::default()))
                }

                fn move_notations(&self) -> Vec<MoveNotation> {
                    crate::per_game::move_notations(self)
                }

                fn legal_moves(&self, notation: MoveNotation, options: &RuleOptions) -> Result<Vec<String>, RulesError> {
                    crate::per_game::legal_moves(self, notation, options)
                }

                fn play_with(
                    &mut self,
                    text: &str,
                    write_as: MoveNotation,
                    options: &RuleOptions,
                    lenient: bool,
                ) -> Result<Played, RulesError> {
                    crate::per_game::play_with(self, text, write_as, options, lenient)
                }

                fn perft(&self, depth: u32, options: &RuleOptions) -> Result<u64, RulesError> {
                    crate::per_game::perft_with(self, depth, options, &PerftControl::default())
                }

                fn divide(&self, depth: u32, notation: MoveNotation, options: &RuleOptions) -> Result<Vec<Divided>, RulesError> {
                    crate::per_game::divide_with(self, depth, notation, options, &PerftControl::default())
                }

                fn perft_with(&self, depth: u32, options: &RuleOptions, control: &PerftControl) -> Result<u64, RulesError> {
                    crate::per_game::perft_with(self, depth, options, control)
                }

                fn divide_with(
                    &self,
                    depth: u32,
                    notation: MoveNotation,
                    options: &RuleOptions,
                    control: &PerftControl,
                ) -> Result<Vec<Divided>, RulesError> {
                    crate::per_game::divide_with(self, depth, notation, options, control)
                }

                fn perft_estimate(&self, depth: u32, options: &RuleOptions) -> Result<u64, RulesError> {
                    <$ty as GamePosition>::perft_estimate(self, depth, options).map_err(crate::per_game::rules_error::<$ty>)
                }

                fn status(&self, options: &RuleOptions) -> Result<GameStatus, RulesError> {
                    <$ty as GamePosition>::status(self, options).map_err(crate::per_game::rules_error::<$ty>)
                }

                fn standing(&self, options: &RuleOptions) -> Result<Standing, RulesError> {
                    <$ty as GamePosition>::standing(self, options).map_err(crate::per_game::rules_error::<$ty>)
                }

                fn pieces(&self) -> usize {
                    <$ty as GamePosition>::pieces(self)
                }

                fn square_boxes(&self) -> Vec<polyfen_game::svg::SquareBox> {
                    <$ty as GamePosition>::board_boxes(self)
                }

                fn extra(&self, name: &str, args: &polyfen_game::ExtraArgs<'_>) -> Result<polyfen_game::ExtraAnswer, RulesError> {
                    crate::extras::extra(self, name, args)
                }
            }
        )+

        /// A value of a type that depends on the game (see
        /// [`Family`]), of any game: the records dispatch
        /// (`records/build.rs`) keeps the tree of the game being read in one.
        pub(crate) enum PerGame<F: Family> {
            $( $game(F::Of<$ty>), )+
        }

        /// Runs `$body` with `$P` the position type of the game `$variant`
        /// (a [`VariantId`]), monomorphized for each game.
        macro_rules! with_game {
            ($variant:expr, $P:ident => $body:expr) => {
                match $variant {
                    $( $crate::VariantId::$game => {
                        type $P = $ty;
                        $body
                    } )+
                }
            };
        }
        pub(crate) use with_game;

        /// Runs `$body` with `$value` bound to the value a [`PerGame`]
        /// holds, monomorphized for each game.
        macro_rules! each_game {
            ($per_game:expr, $value:ident => $body:expr) => {
                match $per_game {
                    $( $crate::any::PerGame::$game($value) => $body, )+
                }
            };
        }
        pub(crate) use each_game;

        /// Reads `input` in `notation` with the game that owns it.
        pub(crate) fn read_in(
            input: &str,
            notation: Notation,
            options: &ReadOptions,
            repairs: &mut Vec<polyfen_core::Repair>,
        ) -> Result<AnyPosition, polyfen_core::ParseError> {
            match notation {
                $($(
                    Notation::$n => <$ty as GamePosition>::read(PositionText { input, notation: $nty::$nmod::$n, options }, repairs).map(AnyPosition::$game),
                )+)+
                Notation::Json => unreachable!("JSON is read by `json::from_json`"),
            }
        }

        /// The parts of `input`, `position`'s text in `notation`, cut by
        /// the position's game (see `explain.rs` and
        /// [`polyfen_game::explain::Explain`]).
        pub(crate) fn explain_position(
            position: &AnyPosition,
            input: &str,
            notation: Notation,
        ) -> Vec<polyfen_game::explain::Part> {
            match position {
                $(
                    AnyPosition::$game(p) => {
                        // `read` answers one of the game's notations (`explain`
                        // words JSON itself): the default is only a fallback.
                        let own = match notation {
                            $( Notation::$n => $nty::$nmod::$n, )+
                            _ => <$ty as GamePosition>::NOTATIONS[0],
                        };
                        polyfen_game::explain::position_parts(p, input, own)
                    }
                )+
            }
        }

        /// The parts of a move `text` of game `variant` in `notation`, cut by
        /// the game; `coordinate` is the move in its first move notation.
        pub(crate) fn explain_move(
            variant: VariantId,
            text: &str,
            notation: MoveNotation,
            coordinate: &str,
        ) -> Vec<polyfen_game::explain::Part> {
            match variant {
                $(
                    VariantId::$game => {
                        // `move_forms` answers one of the game's move notations:
                        // the guess is only a fallback.
                        let own = match notation {
                            $( MoveNotation::$m => $mty::$mmod::$m, )+
                            _ => <$ty as polyfen_game::explain::Explain>::guess_move_notation(text.trim()),
                        };
                        <$ty as polyfen_game::explain::Explain>::move_parts(text, own, coordinate)
                    }
                )+
            }
        }

        /// The move notation of game `variant` a legal move `text` is most
        /// likely written in, when no notation writes it the same way.
        pub(crate) fn guess_move_notation(variant: VariantId, text: &str) -> MoveNotation {
            match variant {
                $( VariantId::$game => MoveNotation::from(<$ty as polyfen_game::explain::Explain>::guess_move_notation(text)), )+
            }
        }

            impl From<AnyPosition> for JsonPosition {
                fn from(position: AnyPosition) -> JsonPosition {
                    match position {
                        $( AnyPosition::$game(p) => JsonPosition::$game(<$ty as GamePosition>::to_json(&p, &WriteOptions::default())), )+
                    }
                }
            }

            impl TryFrom<JsonPosition> for AnyPosition {
                type Error = String;

                fn try_from(json: JsonPosition) -> Result<AnyPosition, String> {
                    let position = match json {
                        $( JsonPosition::$game(j) => <$ty as GamePosition>::from_json(j, "").map(AnyPosition::$game), )+
                    };
                    position.map_err(|e| e.kind.to_string())
                }
            }

            /// Reads the JSON document of the game with id `variant`, `None`
            /// for an id no game has.
            pub(crate) fn read_document(
                variant: &str,
                input: &str,
            ) -> Option<Result<AnyPosition, polyfen_core::ParseError>> {
                $(
                    if variant == <$ty as GamePosition>::ID {
                        return Some(
                            polyfen_game::json::read_document::<<$ty as GamePosition>::Document>(input)
                                .and_then(|doc| <$ty as GamePosition>::from_json(doc.into(), input))
                                .map(AnyPosition::$game),
                        );
                    }
                )+
                None
            }
    };
}

crate::list::with_games!(any);
