//! Notation, variant and style identifiers: the names users type.

use strum::{AsRefStr, Display, EnumIter, EnumString, IntoStaticStr};

/// A text notation polyfen reads and writes. The kebab-case name
/// (`shredder-fen`) is the id the command line and the service use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Display, EnumString, EnumIter, AsRefStr, IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum Notation {
    /// Chess FEN with X-FEN castling (standard FEN for ordinary chess).
    Fen,
    /// Chess FEN with Shredder-FEN castling (rook files).
    ShredderFen,
    /// Extended Position Description: four FEN fields plus operations.
    Epd,
    /// Standard Xiangqi FEN (`rnbakabnr/9/1c5c1/... w - - 0 1`).
    XiangqiFen,
    /// The legacy Xiangqi dialect of an old blog format: empty ranks as `//`,
    /// short ranks, legacy side letters and the `/xRC` marker.
    XiangqiLegacy,
    /// Khet's Peterson Khet Notation: placement, rotations, side, turn counter.
    Pkn,
    /// polyfen's JSON form of any position (see the book's JSON chapter).
    Json,
}

impl Notation {
    /// The variant this notation writes, `None` for one that writes any.
    #[must_use]
    pub fn variant(self) -> Option<VariantId> {
        match self {
            Notation::Fen | Notation::ShredderFen | Notation::Epd => Some(VariantId::Chess),
            Notation::XiangqiFen | Notation::XiangqiLegacy => Some(VariantId::Xiangqi),
            Notation::Pkn => Some(VariantId::Khet),
            Notation::Json => None,
        }
    }
}

/// A game polyfen knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Display, EnumString, EnumIter, AsRefStr, IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum VariantId {
    /// Chess and Chess960.
    Chess,
    /// Xiangqi (Chinese chess).
    Xiangqi,
    /// Khet, the laser game.
    Khet,
}

/// The named positions of chess.
const CHESS_SETUPS: &[(&str, &str)] = &[("standard", polyfen_chess::START_FEN)];

/// The named positions of Xiangqi.
const XIANGQI_SETUPS: &[(&str, &str)] = &[("standard", polyfen_xiangqi::START_FEN)];

impl VariantId {
    /// The notation a position of this variant is written in by default.
    #[must_use]
    pub fn default_notation(self) -> Notation {
        match self {
            VariantId::Chess => Notation::Fen,
            VariantId::Xiangqi => Notation::XiangqiFen,
            VariantId::Khet => Notation::Pkn,
        }
    }

    /// The diagram styles [`crate::Position::render`] draws this variant in.
    #[must_use]
    pub fn styles(self) -> &'static [RenderStyle] {
        match self {
            VariantId::Chess | VariantId::Khet => &[RenderStyle::Ascii, RenderStyle::Unicode, RenderStyle::Svg],
            VariantId::Xiangqi => &[
                RenderStyle::Ascii,
                RenderStyle::Unicode,
                RenderStyle::Chinese,
                RenderStyle::ChineseTraditional,
                RenderStyle::Svg,
            ],
        }
    }

    /// The variant's named positions as `(name, position)`, each written in
    /// the variant's [default notation](VariantId::default_notation):
    /// `standard` for chess and Xiangqi, Khet's `classic`, `imhotep`,
    /// `dynasty`, `classic2`, `imhotep2` and `dynasty2`.
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen::VariantId;
    ///
    /// let names: Vec<&str> = VariantId::Khet.setups().iter().map(|(name, _)| *name).collect();
    /// assert_eq!(names, ["classic", "imhotep", "dynasty", "classic2", "imhotep2", "dynasty2"]);
    /// assert_eq!(VariantId::Xiangqi.setup("Standard"), Some(polyfen_xiangqi::START_FEN));
    /// ```
    #[must_use]
    pub fn setups(self) -> &'static [(&'static str, &'static str)] {
        match self {
            VariantId::Chess => CHESS_SETUPS,
            VariantId::Xiangqi => XIANGQI_SETUPS,
            VariantId::Khet => polyfen_khet::SETUPS,
        }
    }

    /// The named position `name` (matched without regard to case), if the
    /// variant has one of that name.
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
