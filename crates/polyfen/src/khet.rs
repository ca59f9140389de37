//! Khet positions in the facade: PKN.

use polyfen_core::{ParseError, Repair};
use polyfen_khet::{Pkn, PknOptions, parse_lenient};

use crate::json::{JsonPosition, KhetJson};
use crate::{ConvertError, Notation, Position, RenderStyle, VariantId, WriteOptions};

/// A Khet position as the facade holds it: the setup, every piece with the
/// facing it was read with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KhetPosition {
    /// The board (pieces with their facings), the side to move and the turn
    /// counter.
    pub setup: Pkn,
}

impl KhetPosition {
    /// A position from a setup.
    #[must_use]
    pub fn new(setup: Pkn) -> KhetPosition {
        KhetPosition { setup }
    }

    /// Reads PKN strictly, or like the reference program when `lenient`
    /// ([`polyfen_khet::parse_lenient`]: `/` ignored, pieces without a
    /// rotation dropped), reporting each repair.
    pub(crate) fn read(input: &str, lenient: bool, repairs: &mut Vec<Repair>) -> Result<KhetPosition, ParseError> {
        if lenient {
            let (setup, found) = parse_lenient(input)?;
            repairs.extend(found);
            Ok(KhetPosition::new(setup))
        } else {
            Ok(KhetPosition::new(input.parse()?))
        }
    }
}

impl Position for KhetPosition {
    fn variant(&self) -> VariantId {
        VariantId::Khet
    }

    fn write_to(
        &self,
        notation: Notation,
        options: &WriteOptions,
        out: &mut String,
        _warnings: &mut Vec<String>,
    ) -> Result<(), ConvertError> {
        match notation {
            Notation::Pkn => self.setup.write(&PknOptions { canonical: options.canonical }, out),
            Notation::Json => {
                let json = serde_json::to_string(&JsonPosition::Khet(KhetJson::from_position(self, options.canonical)))
                    .map_err(|e| ConvertError::Json(e.to_string()))?;
                out.push_str(&json);
            }
            Notation::Fen | Notation::ShredderFen | Notation::Epd | Notation::XiangqiFen | Notation::XiangqiLegacy => {
                return Err(ConvertError::WrongVariant { variant: VariantId::Khet, notation });
            }
        }
        Ok(())
    }

    fn violations(&self) -> Vec<String> {
        self.setup.validate().iter().map(ToString::to_string).collect()
    }

    fn render(&self, style: RenderStyle) -> Result<String, ConvertError> {
        let style = match style {
            RenderStyle::Ascii => polyfen_khet::RenderStyle::Ascii,
            RenderStyle::Unicode => polyfen_khet::RenderStyle::Unicode,
            RenderStyle::Chinese | RenderStyle::ChineseTraditional => {
                return Err(ConvertError::WrongStyle { variant: VariantId::Khet, style });
            }
        };
        Ok(polyfen_khet::render(&self.setup, style))
    }

    fn to_json(&self) -> JsonPosition {
        JsonPosition::Khet(KhetJson::from_position(self, false))
    }
}
