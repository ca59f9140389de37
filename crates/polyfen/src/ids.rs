//! The ids of the games and their notations, made from the list of games
//! (`list.rs`): [`VariantId`], [`Notation`], [`MoveNotation`], what each id
//! answers of its game (setups, styles, square boxes, extras, letter sets,
//! rule options, the PGN tags that name it, its guess at a text's
//! notation), and [`JsonPosition`], the JSON form of any position. Nothing
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

        impl VariantId {
            /// Every game, in the list's order.
            pub(crate) const ALL: &'static [VariantId] = &[$(VariantId::$game),+];
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

            /// The PGN tags that name the game in its records, and those
            /// its records are written with.
            pub(crate) fn game_tags(self) -> &'static polyfen_game::tags::GameTags {
                match self {
                    $( VariantId::$game => &<$ty as GamePosition>::GAME_TAGS, )+
                }
            }

            /// The move notation the game's records are expected in, given
            /// their `Format` tag.
            pub(crate) fn expected_moves(self, format: Option<&str>) -> Option<MoveNotation> {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::MOVE_TAGS.expected(format).map(MoveNotation::from), )+
                }
            }

            /// The move notation of the game's records whose `Variant` tag
            /// is `variant`, when they have one of their own (pychess.org's).
            pub(crate) fn written_for_variant_tag(self, variant: &str) -> Option<MoveNotation> {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::MOVE_TAGS.written_for(variant).map(MoveNotation::from), )+
                }
            }

            /// Whether the game's records name their move notation in a
            /// `Format` tag.
            pub(crate) fn has_format_tag(self) -> bool {
                match self {
                    $( VariantId::$game => !<$ty as GamePosition>::MOVE_TAGS.formats.is_empty(), )+
                }
            }

            /// The `Format` tag value that names `notation`, a move notation
            /// of the game.
            pub(crate) fn format_tag(self, notation: MoveNotation) -> Option<&'static str> {
                match (self, notation) {
                    $($( (VariantId::$game, MoveNotation::$m) => <$ty as GamePosition>::MOVE_TAGS.format_of($mty::$mmod::$m), )+)+
                    _ => None,
                }
            }

            /// The game's guess that a text of `shape` is in one of its
            /// notations.
            pub(crate) fn guess(self, shape: &polyfen_game::detect::TextShape) -> Option<polyfen_game::detect::Guess<Notation>> {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::guess(shape).map(|g| {
                        polyfen_game::detect::Guess::new(g.strength, Notation::from(g.first), g.second.map(Notation::from))
                    }), )+
                }
            }

            /// Whether a first move `text` is written as the game writes
            /// moves (see [`GamePosition::claims_move`]).
            pub(crate) fn claims_move(self, text: &str) -> bool {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::claims_move(text), )+
                }
            }

            /// The options of the game's own rules, by name
            /// ([`RuleOptions::with_switch`](crate::RuleOptions::with_switch)).
            #[must_use]
            pub fn rule_switches(self) -> &'static [polyfen_game::Switch] {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::RULE_SWITCHES, )+
                }
            }

            /// The game's rules variants (chess's crazyhouse, atomic ...),
            /// which [`ReadOptions::rules`](crate::ReadOptions) names.
            #[must_use]
            pub fn rules(self) -> std::borrow::Cow<'static, [polyfen_game::RulesInfo]> {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::rules(), )+
                }
            }

            /// Reads definitions of more rules variants for this game (see
            /// [`GamePosition::define_rules`]); `None` for a game whose rules
            /// are not data.
            pub(crate) fn define_rules(self, source: &str, text: &str) -> Option<Result<Vec<&'static str>, String>> {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::define_rules(source, text), )+
                }
            }

            /// Reads definitions of rules variants for a scope alone (see
            /// [`GamePosition::scope_rules`]); `None` for a game whose
            /// rules are not data.
            pub(crate) fn scope_rules(self, source: &str, text: &str) -> Option<Result<polyfen_game::Scoped, String>> {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::scope_rules(source, text), )+
                }
            }

            /// Where a rules variant of this game was defined and its
            /// definition as text (see [`GamePosition::describe_rules`]).
            pub(crate) fn describe_rules(self, id: &str) -> Option<(String, String)> {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::describe_rules(id), )+
                }
            }

            /// A rules variant of this game explained key by key (see
            /// [`GamePosition::explain_rules`]).
            pub(crate) fn explain_rules(self, id: &str) -> Option<polyfen_game::RulesChanges> {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::explain_rules(id), )+
                }
            }

            /// The JSON Schema of the game's JSON form, one definition of
            /// [`crate::schema::position`].
            pub(crate) fn json_schema(self) -> &'static str {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::JSON_SCHEMA, )+
                }
            }

            /// The ids of the game's own ends (see
            /// [`GamePosition::ENDS`]).
            #[must_use]
            pub fn ends(self) -> &'static [&'static str] {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::ENDS, )+
                }
            }

            /// Every piece letter a position of the game may hold on its
            /// board, as its JSON form writes them (see
            /// [`GamePosition::PIECES`]); empty for a game that leaves them
            /// to be learnt from its positions.
            #[must_use]
            pub fn pieces(self) -> &'static [&'static str] {
                match self {
                    $( VariantId::$game => <$ty as GamePosition>::PIECES, )+
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

/// Each game's guess from a text's shape, the surest one (the first of the
/// list on a tie) as the facade's notation ids: the most likely, and the
/// next if any.
pub(crate) fn guess(shape: &polyfen_game::detect::TextShape) -> Option<(Notation, Option<Notation>)> {
    let mut best: Option<polyfen_game::detect::Guess<Notation>> = None;
    for &game in VariantId::ALL {
        if let Some(guess) = game.guess(shape)
            && best.is_none_or(|b| guess.strength > b.strength)
        {
            best = Some(guess);
        }
    }
    best.map(|b| (b.first, b.second))
}

impl VariantId {
    /// The tags that name a player in the game's records: its own (Xiangqi's
    /// `Red`, Shogi's `Sente` and `Gote`), then PGN's `White` and `Black`,
    /// which any game's records may use.
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen::VariantId;
    ///
    /// assert_eq!(VariantId::Chess.player_tags(), ["White", "Black"]);
    /// assert_eq!(VariantId::Shogi.player_tags(), ["Sente", "Gote", "White", "Black"]);
    /// ```
    #[must_use]
    pub fn player_tags(self) -> Vec<&'static str> {
        let mut tags = self.game_tags().players.to_vec();
        for tag in ["White", "Black"] {
            if !tags.contains(&tag) {
                tags.push(tag);
            }
        }
        tags
    }

    /// The game a value of PGN's `Variant` tag names (without regard to
    /// ASCII case or surrounding white space), and the rules variant inside
    /// the game it chooses (`None` for the game's own rules): a value a
    /// game's tags list, else the name of a rules variant (`makruk`);
    /// `None` for a value no game answers to.
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen::VariantId;
    ///
    /// assert_eq!(VariantId::of_variant_tag(" Chess960 "), Some((VariantId::Chess, None)));
    /// assert_eq!(VariantId::of_variant_tag("Chinese Chess"), Some((VariantId::Xiangqi, None)));
    /// assert_eq!(VariantId::of_variant_tag("go"), None);
    /// ```
    #[must_use]
    pub fn of_variant_tag(value: &str) -> Option<(VariantId, Option<&'static str>)> {
        let value = value.trim();
        VariantId::ALL
            .iter()
            .find_map(|&game| game.game_tags().variant_tag(value).map(|tag| (game, tag.rules)))
            .or_else(|| VariantId::of_rules(value).map(|(game, rules)| (game, Some(rules.id))))
    }

    /// The game and the rules variant inside it that `name` names: a rules
    /// variant's id or alias (`atomic`, `3check`, `King of the Hill`), as
    /// each game of the list declares them; `None` for any other name.
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen::VariantId;
    ///
    /// let (game, rules) = VariantId::of_rules("Three-check").unwrap();
    /// assert_eq!((game, rules.id), (VariantId::Chess, "three-check"));
    /// assert!(VariantId::of_rules("chess").is_none());
    /// ```
    #[must_use]
    pub fn of_rules(name: &str) -> Option<(VariantId, polyfen_game::RulesInfo)> {
        let name = name.trim();
        // a game's id names the game, not a rules variant of another one
        // (Fairy-Stockfish's data twin of `xiangqi` is not what `xiangqi`
        // names)
        if VariantId::ALL.iter().any(|&game| polyfen_game::RulesInfo::same_name(game.into(), name)) {
            return None;
        }
        VariantId::ALL
            .iter()
            .find_map(|&game| game.rules().iter().find(|rules| rules.answers_to(name)).map(|&rules| (game, rules)))
    }

    /// The rules variants of this game that its names reach: those whose id
    /// no game before it in the list answers to and that are not a game's
    /// id (Fairy-Stockfish's `crazyhouse` is chess's).
    #[must_use]
    pub fn reachable_rules(self) -> Vec<polyfen_game::RulesInfo> {
        self.rules()
            .iter()
            .copied()
            .filter(|rules| VariantId::of_rules(rules.id).is_some_and(|(game, _)| game == self))
            .collect()
    }

    /// Every game's rules variants' ids, in the list's order, each once
    /// (see [`VariantId::reachable_rules`]).
    #[must_use]
    pub fn rules_ids() -> Vec<&'static str> {
        VariantId::ALL.iter().flat_map(|game| game.reachable_rules().into_iter().map(|rules| rules.id)).collect()
    }

    /// What an error says of `name`, which names no game or rules
    /// variant: the nearest name it may have meant, and how many there are
    /// (`did you mean makruk? 128 games and rules variants are known`).
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen::VariantId;
    ///
    /// assert!(VariantId::unknown_name_hint("makruc").starts_with("did you mean makruk? "));
    /// assert!(VariantId::unknown_name_hint("qqqq").ends_with(" games and rules variants are known"));
    /// assert!(VariantId::unknown_name_hint("Xiangqi").starts_with("xiangqi is a game of its own"));
    /// ```
    #[must_use]
    pub fn unknown_name_hint(name: &str) -> String {
        // a game's own name is no rules variant of it: its own rules are read without one
        if let Some(&game) = VariantId::ALL.iter().find(|&&g| polyfen_game::RulesInfo::same_name(g.into(), name)) {
            return format!("{game} is a game of its own, played by its own rules: read it without rules");
        }
        let games = VariantId::ALL.iter().map(|&game| <&'static str>::from(game));
        let names: Vec<&str> = games.chain(VariantId::rules_ids()).collect();
        let count = format!("{} games and rules variants are known", names.len());
        match polyfen_core::nearest(name.trim(), names) {
            Some(near) => format!("did you mean {near}? {count}"),
            None => count,
        }
    }

    /// The `Variant` tag values an error lists as the variants polyfen
    /// plays, every game's in the list's order.
    pub(crate) fn listed_variant_tags() -> Vec<&'static str> {
        VariantId::ALL
            .iter()
            .flat_map(|game| game.game_tags().variant.iter().filter(|tag| tag.listed).map(|tag| tag.value))
            .collect()
    }

    /// The first game of the list: a game no tag names and no move claims.
    pub(crate) fn first() -> VariantId {
        VariantId::ALL[0]
    }
}

/// Reads a file of game definitions (Fairy-Stockfish's variants-file
/// format; `source` names it in messages) and adds its games, for the
/// life of the process, to the game whose rules are data: then every
/// command, reader and request names them like the games built in.
///
/// # Errors
///
/// Every problem of the file, one per line, each naming the file, line,
/// section and key; then none of its games is added.
///
/// # Examples
///
/// ```
/// use polyfen::Position;
///
/// let added = polyfen::define_rules("mine.ini", "[minichess:chess]\nmaxFile = 5\nmaxRank = 5\nstartFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\ncastling = false\ndoubleStep = false\n").unwrap();
/// assert_eq!(added, [(polyfen::VariantId::Fairy, "minichess")]);
/// let reading = polyfen::read("minichess:standard", None, &polyfen::ReadOptions::default()).unwrap();
/// assert_eq!(reading.position.rules(), Some("minichess"));
/// let error = polyfen::define_rules("bad.ini", "[x:nothing]\n").unwrap_err();
/// assert!(error.contains("bad.ini:1"), "{error}");
/// ```
pub fn define_rules(source: &str, text: &str) -> Result<Vec<(VariantId, &'static str)>, String> {
    for &game in VariantId::ALL {
        if let Some(defined) = game.define_rules(source, text) {
            return defined.map(|ids| ids.into_iter().map(|id| (game, id)).collect());
        }
    }
    Err(format!("{source}: no game of this build reads definitions of games"))
}

/// Games of a variants file defined for a scope of work alone (one request
/// of a service, one page's file), not for the process
/// ([`define_rules`]): they are known on a thread while it is
/// [`RulesScope::enter`]ed, and gone once it is left; a position read in
/// the scope keeps its rules after.
///
/// # Examples
///
/// ```
/// use polyfen::{Position, ReadOptions, RulesScope, VariantId};
///
/// let scope = RulesScope::read("request", "[tinychess:chess]\nmaxRank = 6\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n").unwrap();
/// assert_eq!(scope.ids(), [(VariantId::Fairy, "tinychess")]);
/// assert!(VariantId::of_rules("tinychess").is_none());
/// let reading = scope.run(|| polyfen::read("tinychess:standard", None, &ReadOptions::default())).unwrap();
/// assert_eq!(reading.position.rules(), Some("tinychess"));
/// assert!(VariantId::of_rules("tinychess").is_none(), "known in the scope alone");
/// let error = RulesScope::read("request", "[x:nothing]\n").unwrap_err();
/// assert!(error.contains("request:1"), "{error}");
/// ```
#[derive(Clone, Debug)]
pub struct RulesScope {
    scoped: Vec<(VariantId, polyfen_game::Scoped)>,
}

impl RulesScope {
    /// Reads a file of game definitions (`source` names it in messages)
    /// for a scope alone.
    ///
    /// # Errors
    ///
    /// Every problem of the file, one per line, each naming the file,
    /// line, section and key.
    pub fn read(source: &str, text: &str) -> Result<RulesScope, String> {
        let mut scoped = Vec::new();
        for &game in VariantId::ALL {
            if let Some(scope) = game.scope_rules(source, text) {
                scoped.push((game, scope?));
            }
        }
        if scoped.is_empty() {
            return Err(format!("{source}: no game of this build reads definitions of games"));
        }
        Ok(RulesScope { scoped })
    }

    /// The rules variants the file defined, with their games.
    #[must_use]
    pub fn ids(&self) -> Vec<(VariantId, &'static str)> {
        self.scoped.iter().flat_map(|(game, scope)| scope.ids.iter().map(|&id| (*game, id))).collect()
    }

    /// Makes the scope's games known on this thread until the answer is
    /// dropped (scopes nest).
    #[must_use = "the scope is left when this is dropped"]
    pub fn enter(&self) -> ScopeEntered {
        ScopeEntered { _guards: self.scoped.iter().map(|(_, scope)| scope.rules.enter()).collect() }
    }

    /// Runs `work` in the scope.
    pub fn run<T>(&self, work: impl FnOnce() -> T) -> T {
        let _entered = self.enter();
        work()
    }
}

/// A thread's time in a [`RulesScope`] ([`RulesScope::enter`]).
pub struct ScopeEntered {
    _guards: Vec<Box<dyn core::any::Any>>,
}

/// A rules variant described: its game, where it was defined (a file and
/// line), and its resolved definition as text (every key after
/// inheritance), for any game that has a definition of that name as data
/// (Fairy-Stockfish's twin of `crazyhouse` included); `None` when none has.
#[must_use]
pub fn describe_rules(id: &str) -> Option<(VariantId, String, String)> {
    VariantId::ALL.iter().find_map(|&game| game.describe_rules(id.trim()).map(|(at, text)| (game, at, text)))
}

/// A rules variant defined as data explained key by key: its game, where
/// it was defined, its parent, each key its own section sets (the value
/// the parent gave it, what it means), and how many keys it takes from its
/// parents and from the format's defaults; `None` for a name no game
/// defines as data.
#[must_use]
pub fn explain_rules(id: &str) -> Option<RulesExplained> {
    let id = id.trim();
    VariantId::ALL.iter().find_map(|&game| {
        let changes = game.explain_rules(id)?;
        Some(RulesExplained {
            game,
            name: id.to_owned(),
            defined_at: changes.defined_at,
            parent: changes.parent,
            keys: changes.keys,
            inherited: changes.inherited,
            defaults: changes.defaults,
        })
    })
}

/// A rules variant explained key by key ([`explain_rules`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RulesExplained {
    /// The game it is a rules variant of.
    pub game: VariantId,
    /// Its name.
    pub name: String,
    /// Where it was defined (`builtin.ini:108`).
    pub defined_at: String,
    /// The section it inherits from.
    pub parent: Option<String>,
    /// The keys its own section sets.
    pub keys: Vec<polyfen_game::RulesKey>,
    /// How many keys it takes from its parents.
    pub inherited: usize,
    /// How many keys are the format's defaults.
    pub defaults: usize,
}

/// The games polyfen plays with a crate of their own that a game of the
/// list also defines as data (Fairy-Stockfish's `crazyhouse`, `xiangqi`,
/// `shogi`…): each definition's name, the game that plays it instead,
/// and that game's rules variant (`None` for its standard rules). The two
/// are twins a test can hold against each other.
///
/// # Examples
///
/// ```
/// use polyfen::VariantId;
///
/// let twins = polyfen::data_twins();
/// assert!(twins.contains(&("crazyhouse", VariantId::Chess, Some("crazyhouse"))));
/// assert!(twins.contains(&("xiangqi", VariantId::Xiangqi, None)));
/// ```
#[must_use]
pub fn data_twins() -> Vec<(&'static str, VariantId, Option<&'static str>)> {
    let mut twins = Vec::new();
    for &game in VariantId::ALL {
        for rules in game.rules().iter() {
            if let Ok(own) = rules.id.parse::<VariantId>() {
                if own != game {
                    twins.push((rules.id, own, None));
                }
            } else if let Some((owner, info)) = VariantId::of_rules(rules.id).filter(|&(owner, _)| owner != game) {
                twins.push((rules.id, owner, Some(info.id)));
            }
        }
    }
    twins
}
