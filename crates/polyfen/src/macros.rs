//! The `games!` macro: from the list of games (`list.rs`), every type and
//! function that has one case per game — the game, notation and
//! move-notation ids, the enum of positions and its JSON form, the
//! dispatch from a notation id to the game that reads it, and the records
//! dispatch: `with_game!` (from a game id to its position type, whose
//! `GamePosition::Rules` is its record adapter) and `PerGame` with
//! `each_game!` (a value of any game, as the tree of a record being read).
//!
//! Each entry names a game's position type (which implements
//! [`polyfen_game::GamePosition`]), its notation type with the variants the
//! facade's [`crate::Notation`] takes over, and likewise its move notations.
//! Nothing else in the facade, the command line, the service or Python
//! names a game's types.

/// Generates the facade's per-game types from the list of games.
macro_rules! games {
    (
        $(
            $(#[doc = $doc:literal])*
            $game:ident($ty:path) {
                notations: $nty:ident :: $nmod:ident [$($(#[$nattr:meta])* $n:ident),+ $(,)?],
                moves: $mty:ident :: $mmod:ident [$($(#[$mattr:meta])* $m:ident),+ $(,)?] $(,)?
            }
        )+
    ) => {
        /// A game polyfen knows. The kebab-case name (`chess`) is the id the
        /// command line and the service use.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Display, EnumString, EnumIter, AsRefStr, IntoStaticStr)]
        #[strum(serialize_all = "kebab-case")]
        pub enum VariantId {
            $( $(#[doc = $doc])* $game, )+
        }

        /// A text notation polyfen reads and writes. The kebab-case name
        /// (`shredder-fen`) is the id the command line and the service use.
        /// Each game's notations are its own (linked from each variant); JSON
        /// writes any game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Display, EnumString, EnumIter, AsRefStr, IntoStaticStr)]
        #[strum(serialize_all = "kebab-case")]
        pub enum Notation {
            $($(
                #[doc = concat!("A ", stringify!($game), " notation: [`", stringify!($nty), "::", stringify!($nmod), "::", stringify!($n), "`].")]
                $(#[$nattr])* $n,
            )+)+
            /// polyfen's JSON form of any position (see the book's JSON chapter).
            Json,
        }

        /// A move notation. The kebab-case name (`uci-1`, `wxf-fsf`) is the id
        /// the command line and the service use.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Display, EnumString, EnumIter, AsRefStr, IntoStaticStr)]
        #[strum(serialize_all = "kebab-case")]
        pub enum MoveNotation {
            $($(
                #[doc = concat!("A ", stringify!($game), " move notation: [`", stringify!($mty), "::", stringify!($mmod), "::", stringify!($m), "`].")]
                $(#[$mattr])* $m,
            )+)+
        }

        /// A position of any game polyfen knows.
        ///
        /// Serializes to and from the JSON form of [`json::JsonPosition`].
        #[enum_dispatch(Position)]
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(into = "json::JsonPosition", try_from = "json::JsonPosition")]
        pub enum AnyPosition {
            $( $(#[doc = $doc])* $game($ty), )+
        }

        impl Notation {
            /// The variant this notation writes, `None` for one that writes any.
            #[must_use]
            pub fn variant(self) -> Option<VariantId> {
                match self {
                    $( $(Notation::$n)|+ => Some(VariantId::$game), )+
                    Notation::Json => None,
                }
            }
        }

        impl MoveNotation {
            /// The game whose moves this notation writes.
            #[must_use]
            pub fn variant(self) -> VariantId {
                match self {
                    $( $(MoveNotation::$m)|+ => VariantId::$game, )+
                }
            }
        }

        impl VariantId {
            /// The notation a position of this variant is written in by default.
            #[must_use]
            pub fn default_notation(self) -> Notation {
                match self {
                    $( VariantId::$game => Notation::from(<$ty as GamePosition>::NOTATIONS[0]), )+
                }
            }

            /// The position notations of this game (JSON aside); the first is
            /// the default.
            #[must_use]
            pub fn notations(self) -> &'static [Notation] {
                match self {
                    $( VariantId::$game => &[$(Notation::$n),+], )+
                }
            }

            /// The move notations of this game; the first is the default.
            #[must_use]
            pub fn move_notations(self) -> &'static [MoveNotation] {
                match self {
                    $( VariantId::$game => &[$(MoveNotation::$m),+], )+
                }
            }

            /// The variant's named positions as `(name, position)`, each written
            /// in the variant's [default notation](VariantId::default_notation).
            #[must_use]
            pub fn setups(self) -> &'static [(&'static str, &'static str)] {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::SETUPS, )+
                }
            }

            /// Where the game's SVG drawing puts each square: the top rank
            /// first, each rank from the left.
            #[must_use]
            pub fn square_boxes(self) -> Vec<polyfen_game::svg::SquareBox> {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::square_boxes(), )+
                }
            }

            /// The ids of the diagram styles the game draws.
            pub(crate) fn style_ids(self) -> &'static [&'static str] {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::STYLES, )+
                }
            }
        }

        $(
            impl From<$nty::$nmod> for Notation {
                fn from(notation: $nty::$nmod) -> Notation {
                    match notation {
                        $( $nty::$nmod::$n => Notation::$n, )+
                    }
                }
            }

            impl From<$mty::$mmod> for MoveNotation {
                fn from(notation: $mty::$mmod) -> MoveNotation {
                    match notation {
                        $( $mty::$mmod::$m => MoveNotation::$m, )+
                    }
                }
            }

            impl crate::listed::Listed for $ty {
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

                fn wrap<F: crate::listed::Family>(value: F::Of<$ty>) -> PerGame<F> {
                    PerGame::$game(value)
                }

                fn unwrap<F: crate::listed::Family>(value: PerGame<F>) -> Result<F::Of<$ty>, PerGame<F>> {
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

                fn write_to(
                    &self,
                    notation: Notation,
                    options: &WriteOptions,
                    out: &mut String,
                    warnings: &mut Vec<String>,
                ) -> Result<(), ConvertError> {
                    if notation == Notation::Json {
                        let json = json::JsonPosition::$game(<$ty as GamePosition>::to_json(self, options));
                        return crate::listed::write_json(&json, out);
                    }
                    crate::listed::write_to(self, notation, options, out, warnings)
                }

                fn violations(&self) -> Vec<String> {
                    <$ty as GamePosition>::violations(self)
                }

                fn render(&self, style: RenderStyle) -> Result<String, ConvertError> {
                    crate::listed::render(self, style)
                }

                fn to_json(&self) -> json::JsonPosition {
                    json::JsonPosition::$game(<$ty as GamePosition>::to_json(self, &WriteOptions::default()))
                }

                fn legal_moves(&self, notation: MoveNotation, options: &RuleOptions) -> Result<Vec<String>, RulesError> {
                    crate::listed::legal_moves(self, notation, options)
                }

                fn play_with(
                    &mut self,
                    text: &str,
                    write_as: MoveNotation,
                    options: &RuleOptions,
                    lenient: bool,
                ) -> Result<Played, RulesError> {
                    crate::listed::play_with(self, text, write_as, options, lenient)
                }

                fn perft(&self, depth: u32, options: &RuleOptions) -> Result<u64, RulesError> {
                    crate::listed::perft_with(self, depth, options, &PerftControl::default())
                }

                fn divide(&self, depth: u32, notation: MoveNotation, options: &RuleOptions) -> Result<Vec<Divided>, RulesError> {
                    crate::listed::divide_with(self, depth, notation, options, &PerftControl::default())
                }

                fn perft_with(&self, depth: u32, options: &RuleOptions, control: &PerftControl) -> Result<u64, RulesError> {
                    crate::listed::perft_with(self, depth, options, control)
                }

                fn divide_with(
                    &self,
                    depth: u32,
                    notation: MoveNotation,
                    options: &RuleOptions,
                    control: &PerftControl,
                ) -> Result<Vec<Divided>, RulesError> {
                    crate::listed::divide_with(self, depth, notation, options, control)
                }

                fn perft_estimate(&self, depth: u32, options: &RuleOptions) -> Result<u64, RulesError> {
                    <$ty as GamePosition>::perft_estimate(self, depth, options).map_err(crate::listed::rules_error::<$ty>)
                }

                fn status(&self, options: &RuleOptions) -> Result<GameStatus, RulesError> {
                    <$ty as GamePosition>::status(self, options).map_err(crate::listed::rules_error::<$ty>)
                }
            }
        )+

        /// A value of a type that depends on the game (see
        /// [`crate::listed::Family`]), of any game: the records dispatch
        /// (`games/build.rs`) keeps the tree of the game being read in one.
        pub(crate) enum PerGame<F: crate::listed::Family> {
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
                    $( $crate::list::PerGame::$game($value) => $body, )+
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
                    Notation::$n => <$ty as GamePosition>::read(input, $nty::$nmod::$n, options, repairs).map(AnyPosition::$game),
                )+)+
                Notation::Json => json::from_json(input),
            }
        }

        pub mod json_position {
            //! The JSON form of any position, one case per game.
            use super::*;

            /// Any position in JSON, tagged by `variant`.
            #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
            #[serde(tag = "variant", rename_all = "kebab-case")]
            pub enum JsonPosition {
                $( $(#[doc = $doc])* $game(<$ty as GamePosition>::Json), )+
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
        }
    };
}

pub(crate) use games;
