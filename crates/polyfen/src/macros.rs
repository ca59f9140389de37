//! The `games!` macro: from the list of games (`list.rs`), every type and
//! function that has one case per game — the game, notation and
//! move-notation ids, the enum of positions and its JSON form, and the
//! dispatch from a notation id to the game that reads it, and from a
//! position or a game id to the game that explains its text part by part.
//!
//! Each entry names a game's position type (which implements
//! [`polyfen_game::GamePosition`] and [`polyfen_game::explain::Explain`]), its notation type with the variants the
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

            /// The extras the game answers beyond its rules, such as Khet's
            /// `laser` (see [`Position::extra`]).
            #[must_use]
            pub fn extras(self) -> &'static [polyfen_game::Extra] {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::EXTRAS, )+
                }
            }

            /// The names of the game's piece-letter sets
            /// ([`WriteOptions::letters`]); empty for a game with one.
            #[must_use]
            pub fn letter_sets(self) -> &'static [&'static str] {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::LETTER_SETS, )+
                }
            }

            /// The bounds of the sizes of the game's answers.
            #[must_use]
            pub fn bounds(self) -> polyfen_game::Bounds {
                match self {
                    $( VariantId::$game => polyfen_game::Bounds::of::<$ty>(), )+
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

                fn pieces(&self) -> usize {
                    <$ty as GamePosition>::pieces(self)
                }

                fn extra(&self, name: &str, args: &polyfen_game::ExtraArgs<'_>) -> Result<polyfen_game::ExtraAnswer, RulesError> {
                    crate::extras::extra(self, name, args)
                }

                fn extra_bound(&self, name: &str, side: Option<&str>) -> u64 {
                    <$ty as GamePosition>::extra_bound(self, name, side)
                }
            }
        )+

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
