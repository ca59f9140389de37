//! The choices of reading and writing that are not part of a notation's id.

use crate::EnPassantPolicy;

/// Choices for writing that are not part of the notation id. Each applies
/// to the notations named and is ignored by the others.
///
/// # Examples
///
/// ```
/// use polyfen_game::{EnPassantPolicy, WriteOptions};
///
/// let options = WriteOptions::default().with_letters("wxf").with_en_passant(EnPassantPolicy::Legal);
/// assert_eq!(options.letters, "wxf");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriteOptions {
    /// The name of the piece-letter set to write, for a game that has more
    /// than one (Xiangqi's `xqbase`, `wxf`, `iccs` in `xiangqi-fen` and
    /// `xiangqi-legacy`); empty for the game's default. JSON always writes
    /// the default letters.
    pub letters: &'static str,
    /// Write the position's canonical form instead of as read: every Khet
    /// scarab and eye of Horus facing `n` or `e` (the same pieces as `s`
    /// and `w`) in `pkn` and JSON; only the chess castling rights the
    /// kings and rooks allow (as python-chess writes a FEN).
    pub canonical: bool,
    /// When chess FEN and EPD write the en passant square.
    pub en_passant: EnPassantPolicy,
}

impl WriteOptions {
    /// These options with the letter set named `letters` (a game's letter
    /// set type converts into its name).
    #[must_use]
    pub fn with_letters(mut self, letters: impl Into<&'static str>) -> WriteOptions {
        self.letters = letters.into();
        self
    }

    /// These options with the chess en passant policy `policy`.
    #[must_use]
    pub fn with_en_passant(mut self, policy: EnPassantPolicy) -> WriteOptions {
        self.en_passant = policy;
        self
    }

    /// These options writing the canonical form (`true`: Khet's facings,
    /// chess's castling rights the pieces allow) or the position as read.
    #[must_use]
    pub fn with_canonical(mut self, canonical: bool) -> WriteOptions {
        self.canonical = canonical;
        self
    }
}

/// A position's text to read ([`crate::GamePosition::read`]): the text,
/// the notation it is written in and the choices of reading.
#[derive(Clone, Copy, Debug)]
pub struct PositionText<'a, N> {
    /// The text.
    pub input: &'a str,
    /// The notation it is written in.
    pub notation: N,
    /// The choices of reading.
    pub options: &'a ReadOptions,
}

/// Choices for reading.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadOptions {
    /// Accept the lenient forms of the notation and report each repair:
    /// each game says what its lenient reading takes (for chess the core's
    /// lenient codec, for `xiangqi-fen` the legacy dialect, for `pkn` the
    /// reference program's reading).
    pub lenient: bool,
    /// The rules variant of the game to read the position under, by its id
    /// (one of [`crate::GamePosition::rules`], such as chess's `atomic`);
    /// `None` for the game's own rules, or those the text itself names (a
    /// game may recognise a variant's own fields, as chess a pocket). A game
    /// without rules variants ignores it.
    pub rules: Option<&'static str>,
}

impl ReadOptions {
    /// Strict (`false`) or lenient (`true`) reading.
    #[must_use]
    pub fn lenient(lenient: bool) -> ReadOptions {
        ReadOptions { lenient, rules: None }
    }

    /// These options reading under the rules variant `rules` (`None`: the
    /// game's own).
    #[must_use]
    pub fn with_rules(mut self, rules: Option<&'static str>) -> ReadOptions {
        self.rules = rules;
        self
    }
}

/// A rules variant of a game ([`crate::GamePosition::rules`]): other rules
/// played on the game's board and pieces (chess's atomic, crazyhouse ...),
/// declared by the game so that the layers above it can name them without
/// knowing them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesInfo {
    /// The id users type and output writes (`atomic`, `three-check`).
    pub id: &'static str,
    /// Other names it is known by, compared without regard to ASCII case,
    /// spaces, dashes and underscores (`3check`, `King of the Hill`).
    pub aliases: &'static [&'static str],
    /// The value a PGN `Variant` tag names it with when written
    /// (`Atomic`, `King of the Hill`).
    pub tag: &'static str,
    /// Its named setups as `(name, position)`, each written in the game's
    /// default notation and read under these rules (`standard` first).
    pub setups: &'static [(&'static str, &'static str)],
}

impl RulesInfo {
    /// Whether `name` is this variant's id or one of its aliases (ASCII
    /// case, spaces, dashes and underscores aside).
    #[must_use]
    pub fn answers_to(&self, name: &str) -> bool {
        RulesInfo::same_name(self.id, name) || self.aliases.iter().any(|alias| RulesInfo::same_name(alias, name))
    }

    /// Whether two names are the same without regard to ASCII case, spaces,
    /// dashes and underscores (`King of the Hill`, `kingofthehill`).
    #[must_use]
    pub fn same_name(a: &str, b: &str) -> bool {
        fn key(s: &str) -> impl Iterator<Item = u8> + '_ {
            s.bytes().filter(|b| !matches!(b, b' ' | b'-' | b'_')).map(|b| b.to_ascii_lowercase())
        }
        key(a).eq(key(b))
    }

    /// The named setup `name`'s text, if the variant has it.
    #[must_use]
    pub fn setup(&self, name: &str) -> Option<&'static str> {
        self.setups.iter().find(|(n, _)| *n == name).map(|&(_, text)| text)
    }
}

/// A key a rules variant's definition sets itself, beside what its parent
/// gave it ([`crate::GamePosition::explain_rules`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct RulesKey {
    /// The key, as the definition writes it (`promotionRegionWhite`).
    pub key: String,
    /// Its value (`*6 *7 *8`).
    pub value: String,
    /// The value the parent gave it, when that was another; `None` when it
    /// is the same or the parent has no such key.
    pub was: Option<String>,
    /// What the key means, in a sentence.
    pub meaning: String,
}

impl RulesKey {
    /// The key `key` set to `value` (the parent's `was`), meaning `meaning`.
    #[must_use]
    pub fn new(key: String, value: String, was: Option<String>, meaning: String) -> RulesKey {
        RulesKey { key, value, was, meaning }
    }
}

/// A rules variant explained key by key ([`crate::GamePosition::explain_rules`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RulesChanges {
    /// Where it was defined (`builtin.ini:108`, a file and line).
    pub defined_at: String,
    /// The section it inherits from.
    pub parent: Option<String>,
    /// The keys its own section sets.
    pub keys: Vec<RulesKey>,
    /// How many keys it takes from its parents.
    pub inherited: usize,
    /// How many keys are the format's defaults.
    pub defaults: usize,
}

impl RulesChanges {
    /// A rules variant defined at `defined_at` from `parent`, setting
    /// `keys`, taking `inherited` keys from its parents and `defaults` from
    /// the defaults.
    #[must_use]
    pub fn new(
        defined_at: String,
        parent: Option<String>,
        keys: Vec<RulesKey>,
        inherited: usize,
        defaults: usize,
    ) -> RulesChanges {
        RulesChanges { defined_at, parent, keys, inherited, defaults }
    }
}

/// Rules variants defined for a scope of work alone (one request of a
/// service), not for the process: [`ScopedRules::enter`] makes them known
/// on the calling thread until the guard it returns is dropped, beside
/// every game the process knows ([`crate::GamePosition::scope_rules`]).
pub trait ScopedRules: Send + Sync {
    /// Makes the rules known on this thread until the guard is dropped
    /// (scopes nest: dropping the guard brings back the one before).
    fn enter(&self) -> Box<dyn core::any::Any>;
}

/// What [`crate::GamePosition::scope_rules`] made of a text: the rules to
/// enter and the ids of the variants it defined, in the text's order.
#[derive(Clone)]
pub struct Scoped {
    /// The rules, to enter where the work runs.
    pub rules: std::sync::Arc<dyn ScopedRules>,
    /// The ids the text defined.
    pub ids: Vec<&'static str>,
}

impl core::fmt::Debug for Scoped {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Scoped").field("ids", &self.ids).finish_non_exhaustive()
    }
}
