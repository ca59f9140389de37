//! Chess positions in the facade: FEN, Shredder-FEN, EPD.

use polyfen_chess::{CastlingStyle, Epd, Fen, FenOptions, Operation, render};
use polyfen_core::{Leniency, ParseError, Setup};

use crate::json::{ChessJson, JsonPosition};
use crate::{ConvertError, Notation, Position, RenderStyle, VariantId, WriteOptions};

/// A chess position as the facade holds it: the setup, the EPD operations
/// it came with (if any), and the castling style it was written in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessPosition {
    /// The board and the FEN fields.
    pub setup: Fen,
    /// EPD operations, in order; empty for a FEN.
    pub operations: Vec<Operation>,
    /// The castling style the input used.
    pub castling_style: CastlingStyle,
}

impl ChessPosition {
    /// A position from a setup, with no operations.
    #[must_use]
    pub fn new(setup: Fen) -> ChessPosition {
        let castling_style = setup.extras.castling.style();
        ChessPosition { setup, operations: Vec::new(), castling_style }
    }

    pub(crate) fn read(
        input: &str,
        notation: Notation,
        leniency: Leniency,
        repairs: &mut Vec<polyfen_core::Repair>,
    ) -> Result<ChessPosition, ParseError> {
        match notation {
            Notation::Epd => {
                let epd = Epd::parse(input)?;
                let castling_style = epd.setup.extras.castling.style();
                Ok(ChessPosition { setup: epd.setup, operations: epd.operations, castling_style })
            }
            _ => Ok(ChessPosition::new(Setup::parse_with(input, &leniency, repairs)?)),
        }
    }
}

impl Position for ChessPosition {
    fn variant(&self) -> VariantId {
        VariantId::Chess
    }

    fn write_to(
        &self,
        notation: Notation,
        _options: &WriteOptions,
        out: &mut String,
        warnings: &mut Vec<String>,
    ) -> Result<(), ConvertError> {
        let castling = match notation {
            Notation::ShredderFen => CastlingStyle::Shredder,
            _ => CastlingStyle::XFen,
        };
        let fen_options = FenOptions { castling };
        match notation {
            Notation::Fen | Notation::ShredderFen => {
                if !self.operations.is_empty() {
                    let names: Vec<&str> = self.operations.iter().map(|o| o.opcode.as_str()).collect();
                    warnings.push(format!("FEN cannot hold EPD operations; dropped {}", names.join(", ")));
                }
                self.setup.write(&fen_options, out);
                if castling == CastlingStyle::Shredder {
                    warn_unresolved_castling(&self.setup, warnings);
                }
            }
            Notation::Epd => {
                let extras = &self.setup.extras;
                let has_clock_ops = self.operations.iter().any(|o| o.opcode == "hmvc" || o.opcode == "fmvn");
                if !has_clock_ops && (extras.halfmove != 0 || extras.fullmove != 1) {
                    warnings.push(format!(
                        "EPD has no clock fields; dropped halfmove clock {} and fullmove number {}",
                        extras.halfmove, extras.fullmove
                    ));
                }
                let epd = Epd { setup: self.setup.clone(), operations: self.operations.clone() };
                epd.write(&fen_options, out);
            }
            Notation::Json => {
                let json = serde_json::to_string(&self.to_json()).map_err(|e| ConvertError::Json(e.to_string()))?;
                out.push_str(&json);
            }
            Notation::XiangqiFen | Notation::XiangqiLegacy | Notation::Pkn => {
                return Err(ConvertError::WrongVariant { variant: VariantId::Chess, notation });
            }
        }
        Ok(())
    }

    fn violations(&self) -> Vec<String> {
        self.setup.validate().iter().map(ToString::to_string).collect()
    }

    fn render(&self, style: RenderStyle) -> Result<String, ConvertError> {
        let style = match style {
            RenderStyle::Ascii => polyfen_chess::RenderStyle::Ascii,
            RenderStyle::Unicode => polyfen_chess::RenderStyle::Unicode,
            RenderStyle::Chinese | RenderStyle::ChineseTraditional => {
                return Err(ConvertError::WrongStyle { variant: VariantId::Chess, style });
            }
        };
        Ok(render(&self.setup, style))
    }

    fn to_json(&self) -> JsonPosition {
        JsonPosition::Chess(ChessJson::from_position(self))
    }
}

/// Shredder-FEN names rooks by file; a `K`/`Q` right with no rook behind it
/// has no file to write and stays a letter, which is worth saying.
fn warn_unresolved_castling(setup: &Fen, warnings: &mut Vec<String>) {
    for color in polyfen_core::Color::ALL {
        for token in setup.extras.castling.tokens(color) {
            if polyfen_chess::Castling::resolve(&setup.board, color, token).is_none() {
                warnings.push(format!("castling right of {color} names no rook, so Shredder-FEN cannot give its file"));
            }
        }
    }
}
