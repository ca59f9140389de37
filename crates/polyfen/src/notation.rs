//! The diagram styles, and what the game ids answer beyond what the list
//! of games makes: the styles a game draws and its named setups by name.

use std::sync::LazyLock;

use strum::{AsRefStr, Display, EnumIter, EnumString, IntoEnumIterator, IntoStaticStr};

use crate::VariantId;

impl VariantId {
    /// The diagram styles [`crate::Position::render`] draws this variant in.
    #[must_use]
    pub fn styles(self) -> &'static [RenderStyle] {
        static STYLES: LazyLock<Vec<Vec<RenderStyle>>> = LazyLock::new(|| {
            VariantId::iter()
                .map(|variant| {
                    let ids = variant.style_ids().iter();
                    ids.map(|id| id.parse().expect("every game's style is one of RenderStyle")).collect()
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
    /// assert_eq!(VariantId::Xiangqi.setup("Standard"), Some(polyfen::polyfen_xiangqi::START_FEN));
    /// ```
    #[must_use]
    pub fn setup(self, name: &str) -> Option<&'static str> {
        self.setups().iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|&(_, position)| position)
    }
}

/// The look of a text diagram. Not every game has every style:
/// [`VariantId::styles`] lists a game's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Display, EnumString, EnumIter, AsRefStr, IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
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
