//! The diagram styles, and what the game ids answer beyond what the list
//! of games makes: the styles a game draws and its named setups by name.

use std::sync::LazyLock;

use std::str::FromStr;

use strum::IntoEnumIterator;

use crate::VariantId;

impl VariantId {
    /// The diagram styles [`crate::Position::render`] draws this variant in.
    #[must_use]
    pub fn styles(self) -> &'static [RenderStyle] {
        static STYLES: LazyLock<Vec<Vec<RenderStyle>>> = LazyLock::new(|| {
            VariantId::iter()
                .map(|variant| {
                    let ids = variant.style_ids().iter();
                    ids.map(|&id| {
                        NAMED.iter().find(|(_, named)| *named == id).map_or(RenderStyle::Own(id), |&(style, _)| style)
                    })
                    .collect()
                })
                .collect()
        });
        &STYLES[self as usize]
    }

    /// The named position `name` (matched without regard to case), if the
    /// variant has one of that name ([`VariantId::setups`] lists them:
    /// `standard` for chess and Xiangqi, Khet's `classic`, `imhotep`,
    /// `dynasty`, `classic2`, `imhotep2` and `dynasty2`).
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen::VariantId;
    ///
    /// let names: Vec<&str> = VariantId::Khet.setups().iter().map(|(name, _)| *name).collect();
    /// assert_eq!(names, ["classic", "imhotep", "dynasty", "classic2", "imhotep2", "dynasty2"]);
    /// let standard = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    /// assert_eq!(VariantId::Xiangqi.setup("Standard"), Some(standard));
    /// ```
    #[must_use]
    pub fn setup(self, name: &str) -> Option<&'static str> {
        self.setups().iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|&(_, position)| position)
    }
}

/// The look of a text diagram, written by its kebab-case id (`ascii`,
/// `chinese-traditional`). Not every game has every style:
/// [`VariantId::styles`] lists a game's. The styles several games share
/// are named here; a style only one game draws and this enum does not name
/// is [`RenderStyle::Own`], its id one of the game's
/// ([`polyfen_game::GamePosition::STYLES`]), so that a game adds a style
/// without a change to the facade.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RenderStyle {
    /// Letters and ASCII lines.
    #[default]
    Ascii,
    /// Unicode figurines and box-drawing lines.
    Unicode,
    /// Xiangqi in simplified Chinese characters.
    Chinese,
    /// Xiangqi in traditional Chinese characters.
    ChineseTraditional,
    /// An SVG drawing (every game; see [`crate::svg`]).
    Svg,
    /// A style of a game's own, by its id.
    Own(&'static str),
}

/// The styles this enum names, with their ids.
const NAMED: [(RenderStyle, &str); 5] = [
    (RenderStyle::Ascii, "ascii"),
    (RenderStyle::Unicode, "unicode"),
    (RenderStyle::Chinese, "chinese"),
    (RenderStyle::ChineseTraditional, "chinese-traditional"),
    (RenderStyle::Svg, "svg"),
];

impl RenderStyle {
    /// The style's kebab-case id.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            RenderStyle::Ascii => "ascii",
            RenderStyle::Unicode => "unicode",
            RenderStyle::Chinese => "chinese",
            RenderStyle::ChineseTraditional => "chinese-traditional",
            RenderStyle::Svg => "svg",
            RenderStyle::Own(id) => id,
        }
    }

    /// Every style: those named here, then the games' own, each once in
    /// the list's order.
    fn all() -> &'static [RenderStyle] {
        static ALL: LazyLock<Vec<RenderStyle>> = LazyLock::new(|| {
            let mut all: Vec<RenderStyle> = NAMED.iter().map(|&(style, _)| style).collect();
            for variant in VariantId::iter() {
                for &id in variant.style_ids() {
                    if !all.iter().any(|style| style.id() == id) {
                        all.push(RenderStyle::Own(id));
                    }
                }
            }
            all
        });
        &ALL
    }
}

polyfen_core::display_name!(RenderStyle, id, pad, str);

impl FromStr for RenderStyle {
    type Err = strum::ParseError;

    /// A style by its id, exactly as written: one named here or a game's own.
    fn from_str(s: &str) -> Result<RenderStyle, strum::ParseError> {
        RenderStyle::all().iter().copied().find(|style| style.id() == s).ok_or(strum::ParseError::VariantNotFound)
    }
}

impl IntoEnumIterator for RenderStyle {
    type Iterator = std::iter::Copied<std::slice::Iter<'static, RenderStyle>>;

    fn iter() -> Self::Iterator {
        RenderStyle::all().iter().copied()
    }
}

/// `styles` as a list in words: `ascii, unicode`.
pub(crate) fn style_list(styles: &[RenderStyle]) -> String {
    let names: Vec<&'static str> = styles.iter().map(|&s| s.into()).collect();
    names.join(", ")
}

/// The names of every game's piece-letter sets ([`crate::WriteOptions::letters`]),
/// each once, in the list's order: Xiangqi's `xqbase`, `wxf`, `iccs`.
#[must_use]
pub fn letter_sets() -> Vec<&'static str> {
    let mut sets: Vec<&'static str> = Vec::new();
    for variant in <VariantId as strum::IntoEnumIterator>::iter() {
        for &set in variant.letter_sets() {
            if !sets.contains(&set) {
                sets.push(set);
            }
        }
    }
    sets
}

/// The letter set named `name` (in any case), one of [`letter_sets`].
#[must_use]
pub fn letter_set(name: &str) -> Option<&'static str> {
    letter_sets().into_iter().find(|set| set.eq_ignore_ascii_case(name))
}
