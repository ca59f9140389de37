//! The ids of the games and their notations, made from the list of games
//! (`list.rs`): [`VariantId`], [`Notation`], [`MoveNotation`], what each id
//! answers of its game (setups, styles, square boxes, extras, letter sets,
//! bounds), and [`JsonPosition`], the JSON form of any position. Nothing
//! here reads or plays a position: that is `any.rs`, above this module.

use polyfen_game::GamePosition;
use serde::{Deserialize, Serialize};
use strum::{AsRefStr, Display, EnumIter, EnumString, IntoStaticStr};

/// Makes the ids from the list of games.
macro_rules! ids {
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

        /// Any position in JSON, tagged by `variant`.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(tag = "variant", rename_all = "kebab-case")]
        pub enum JsonPosition {
            $( $(#[doc = $doc])* $game(<$ty as GamePosition>::Json), )+
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

        )+
    };
}

crate::list::with_games!(ids);
