//! Xiangqi positions in the facade: standard Xiangqi FEN and the legacy dialect.

use polyfen_core::{ParseError, Repair};
use polyfen_xiangqi::{Fen, LetterSet, Script, XqOptions, lost_in_standard, parse_legacy, write_legacy};

use crate::json::{JsonPosition, XiangqiJson};
use crate::{ConvertError, Notation, Position, RenderStyle, VariantId, WriteOptions};

/// A Xiangqi position as the facade holds it: the setup, with the legacy
/// dialect's `/xRC` marker (if it had one) among its fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XiangqiPosition {
    /// The board and the other fields, the marker included.
    pub setup: Fen,
}

impl XiangqiPosition {
    /// A position from a setup.
    #[must_use]
    pub fn new(setup: Fen) -> XiangqiPosition {
        XiangqiPosition { setup }
    }

    /// Reads `input` as `notation`: `xiangqi-legacy` (or `xiangqi-fen` when
    /// `lenient`) with the legacy dialect's reader, reporting its repairs;
    /// `xiangqi-fen` strictly otherwise.
    pub(crate) fn read(
        input: &str,
        notation: Notation,
        lenient: bool,
        repairs: &mut Vec<Repair>,
    ) -> Result<XiangqiPosition, ParseError> {
        if lenient || notation == Notation::XiangqiLegacy {
            let (setup, found) = parse_legacy(input)?;
            repairs.extend(found);
            Ok(XiangqiPosition::new(setup))
        } else {
            Ok(XiangqiPosition::new(input.parse()?))
        }
    }
}

impl Position for XiangqiPosition {
    fn variant(&self) -> VariantId {
        VariantId::Xiangqi
    }

    fn write_to(
        &self,
        notation: Notation,
        options: &WriteOptions,
        out: &mut String,
        warnings: &mut Vec<String>,
    ) -> Result<(), ConvertError> {
        let xq_options = XqOptions { letters: options.letters };
        match notation {
            Notation::XiangqiFen => {
                self.setup.write(&xq_options, out);
                warnings.extend(lost_in_standard(&self.setup));
            }
            Notation::XiangqiLegacy => write_legacy(&self.setup, &xq_options, out),
            Notation::Json => {
                let json = serde_json::to_string(&JsonPosition::Xiangqi(XiangqiJson::from_position(self)))
                    .map_err(|e| ConvertError::Json(e.to_string()))?;
                out.push_str(&json);
            }
            Notation::Fen | Notation::ShredderFen | Notation::Epd | Notation::Pkn => {
                return Err(ConvertError::WrongVariant { variant: VariantId::Xiangqi, notation });
            }
        }
        Ok(())
    }

    fn violations(&self) -> Vec<String> {
        self.setup.validate().iter().map(ToString::to_string).collect()
    }

    fn render(&self, style: RenderStyle) -> Result<String, ConvertError> {
        let style = match style {
            RenderStyle::Ascii => polyfen_xiangqi::RenderStyle::Ascii,
            RenderStyle::Unicode => polyfen_xiangqi::RenderStyle::Unicode,
            RenderStyle::Chinese => polyfen_xiangqi::RenderStyle::Chinese(Script::Simplified),
            RenderStyle::ChineseTraditional => polyfen_xiangqi::RenderStyle::Chinese(Script::Traditional),
        };
        Ok(polyfen_xiangqi::render(&self.setup, style))
    }

    fn to_json(&self) -> JsonPosition {
        JsonPosition::Xiangqi(XiangqiJson::from_position(self))
    }
}

/// The letter set JSON writes Xiangqi pieces in.
pub(crate) const JSON_LETTERS: LetterSet = LetterSet::Xqbase;
