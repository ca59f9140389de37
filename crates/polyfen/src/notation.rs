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
    /// polyfen's JSON form of any position (see the book's JSON chapter).
    Json,
}

impl Notation {
    /// The variant this notation writes, `None` for one that writes any.
    #[must_use]
    pub fn variant(self) -> Option<VariantId> {
        match self {
            Notation::Fen | Notation::ShredderFen | Notation::Epd => Some(VariantId::Chess),
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
}

impl VariantId {
    /// The notation a position of this variant is written in by default.
    #[must_use]
    pub fn default_notation(self) -> Notation {
        match self {
            VariantId::Chess => Notation::Fen,
        }
    }
}

/// The look of a text diagram.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Display, EnumString, EnumIter, AsRefStr)]
#[strum(serialize_all = "kebab-case")]
pub enum RenderStyle {
    /// Letters and ASCII lines.
    #[default]
    Ascii,
    /// Unicode figurines.
    Unicode,
}
