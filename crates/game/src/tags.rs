//! How a game's PGN tags name it and what they say of its moves: data each
//! game declares ([`crate::GamePosition::GAME_TAGS`],
//! [`crate::GamePosition::MOVE_TAGS`],
//! [`crate::GamePosition::claims_move`]) and the facade's record builder
//! and writer loop over, in the order of its list of games. A `Variant`
//! tag value can choose a rules variant inside its game ([`VariantTag`]),
//! not only the game.

/// A value of PGN's `Variant` tag a game answers to (compared without
/// regard to ASCII case), and the rules variant inside the game it
/// chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantTag {
    /// The value, in lowercase (`chess960`, `xiangqi`).
    pub value: &'static str,
    /// The rules variant inside the game (`atomic` for chess), `None` for
    /// the game's own rules.
    pub rules: Option<&'static str>,
    /// Whether an error naming the variants polyfen plays lists it (an
    /// alias such as `normal` is not listed).
    pub listed: bool,
}

impl VariantTag {
    /// A value listed among the variants polyfen plays.
    #[must_use]
    pub const fn named(value: &'static str) -> VariantTag {
        VariantTag { value, rules: None, listed: true }
    }

    /// Another spelling of a value, not listed.
    #[must_use]
    pub const fn alias(value: &'static str) -> VariantTag {
        VariantTag { value, rules: None, listed: false }
    }

    /// The same value choosing the rules variant `rules` of the game.
    #[must_use]
    pub const fn with_rules(self, rules: &'static str) -> VariantTag {
        VariantTag { rules: Some(rules), ..self }
    }
}

/// The tags that name a game in its records, and those it writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameTags {
    /// The `Variant` tag values that name the game.
    pub variant: &'static [VariantTag],
    /// The `Game` tag values (lowercase) that name the game.
    pub game: &'static [&'static str],
    /// Tags that name the first player in the game's records (Xiangqi's
    /// `Red`): one of them and no `White` tag names the game.
    pub players: &'static [&'static str],
    /// The tag that names the start position among the game's setups
    /// (Khet's `Setup`), if the game has one.
    pub setup: Option<&'static str>,
    /// The setup a game starts from when no tag says.
    pub default_setup: &'static str,
    /// Tags written first, in this order, with their value when the game
    /// has none (chess's seven-tag roster; `Result` is the game's result).
    pub roster: &'static [(&'static str, &'static str)],
    /// The tag and value that name the game, written first when the game
    /// has no such tag (Xiangqi's `Game "Chinese Chess"`).
    pub names: Option<(&'static str, &'static str)>,
}

impl GameTags {
    /// No tag names the game; it starts from its `standard` setup.
    pub const NONE: GameTags = GameTags {
        variant: &[],
        game: &[],
        players: &[],
        setup: None,
        default_setup: "standard",
        roster: &[],
        names: None,
    };

    /// The `Variant` tag entry of `value` (any case), if it names the game.
    #[must_use]
    pub fn variant_tag(&self, value: &str) -> Option<&'static VariantTag> {
        self.variant.iter().find(|tag| tag.value.eq_ignore_ascii_case(value))
    }
}

/// What a game's tags say of the notation of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTags<N: 'static> {
    /// The notation a file's moves are expected in when no `Format` tag
    /// says (chess SAN); `None`: any, found per move.
    pub default: Option<N>,
    /// `Format` tag values and the notation each names, read without
    /// regard to case (the first entry of a notation is the one written).
    pub formats: &'static [(&'static str, N)],
    /// `Variant` tag values (any case) of records that write their moves
    /// in a notation of their own, with that notation: pychess.org's
    /// `xiangqi` games in Fairy-Stockfish's SAN. Such a game is written
    /// back in it when no notation is asked for and no `Format` tag names
    /// one (polyfen's own Shogi PGN says `Variant "shogi"` and `Format
    /// "USI"`).
    pub variants: &'static [(&'static str, N)],
}

impl<N: Copy + PartialEq + 'static> MoveTags<N> {
    /// No `Format` tag; moves in any of the game's notations.
    pub const NONE: MoveTags<N> = MoveTags { default: None, formats: &[], variants: &[] };

    /// The notation the `Format` tag `format` names, else the default.
    #[must_use]
    pub fn expected(&self, format: Option<&str>) -> Option<N> {
        let named = format.and_then(|f| {
            let f = f.trim();
            self.formats.iter().find(|(value, _)| value.eq_ignore_ascii_case(f)).map(|&(_, n)| n)
        });
        named.or(self.default)
    }

    /// The notation of the records whose `Variant` tag is `variant`, if
    /// they have one of their own.
    #[must_use]
    pub fn written_for(&self, variant: &str) -> Option<N> {
        let variant = variant.trim();
        self.variants.iter().find(|(value, _)| value.eq_ignore_ascii_case(variant)).map(|&(_, n)| n)
    }

    /// The `Format` tag value that names `notation`, if there is one.
    #[must_use]
    pub fn format_of(&self, notation: N) -> Option<&'static str> {
        self.formats.iter().find(|&&(_, n)| n == notation).map(|&(value, _)| value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variant_tag_names_its_game_and_its_rules() {
        const TAGS: GameTags = GameTags {
            variant: &[
                VariantTag::named("chess"),
                VariantTag::alias("normal"),
                VariantTag::named("atomic").with_rules("atomic"),
            ],
            ..GameTags::NONE
        };
        assert_eq!(TAGS.variant_tag("Normal").map(|t| (t.rules, t.listed)), Some((None, false)));
        assert_eq!(TAGS.variant_tag("ATOMIC").and_then(|t| t.rules), Some("atomic"));
        assert!(TAGS.variant_tag("khet").is_none());
    }

    #[test]
    fn a_format_tag_names_a_notation_and_a_notation_its_format() {
        const MOVES: MoveTags<u8> =
            MoveTags { default: Some(0), formats: &[("ICCS", 1), ("WXF", 2), ("WXF", 3)], variants: &[("xiangqi", 4)] };
        assert_eq!(MOVES.expected(Some(" wxf ")), Some(2));
        assert_eq!(MOVES.expected(Some("other")), Some(0));
        assert_eq!(MOVES.expected(None), Some(0));
        assert_eq!(MOVES.format_of(3), Some("WXF"));
        assert_eq!(MOVES.format_of(0), None);
        assert_eq!(MoveTags::<u8>::NONE.expected(Some("ICCS")), None);
    }
}
