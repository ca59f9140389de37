//! Xiangqi positions in the facade: standard Xiangqi FEN and the legacy dialect.

use polyfen_core::{ParseError, Repair};
use polyfen_xiangqi::{Fen, LetterSet, MoveStyle, Script, XqOptions, lost_in_standard, parse_legacy, write_legacy};

use crate::json::{JsonPosition, XiangqiJson};
use crate::rules::{Divided, GameStatus, MoveError, MoveNotation, PerftControl, Played, RuleOptions, RulesError};
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

/// The deepest perft the facade runs: depth 7 from the start position is
/// already about 2·10¹¹ leaves.
pub const MAX_PERFT_DEPTH: u32 = 8;

fn check_depth(depth: u32) -> Result<(), RulesError> {
    if depth > MAX_PERFT_DEPTH {
        return Err(RulesError::Limit(format!(
            "perft depth {depth} is above the limit of {MAX_PERFT_DEPTH} for xiangqi"
        )));
    }
    Ok(())
}

/// The Xiangqi move style of a move notation.
fn move_style_of(notation: MoveNotation) -> Result<MoveStyle, RulesError> {
    Ok(match notation {
        MoveNotation::Iccs => MoveStyle::Iccs,
        MoveNotation::Ucci => MoveStyle::Ucci,
        MoveNotation::Uci1 => MoveStyle::Uci1,
        MoveNotation::Wxf => MoveStyle::Wxf,
        MoveNotation::WxfFsf => MoveStyle::WxfFsf,
        MoveNotation::Chinese => MoveStyle::Chinese,
        MoveNotation::ChineseTraditional => MoveStyle::ChineseTraditional,
        MoveNotation::Uci | MoveNotation::San | MoveNotation::Lan | MoveNotation::Khet => {
            return Err(RulesError::WrongNotation { variant: VariantId::Xiangqi, notation });
        }
    })
}

impl XiangqiPosition {
    /// The position with its rules, or why the rules cannot be played on it.
    ///
    /// # Errors
    ///
    /// [`RulesError::IllegalPosition`] with the violations that make the
    /// rules impossible (see [`polyfen_xiangqi::Position::from_setup`]).
    pub fn rules(&self) -> Result<polyfen_xiangqi::Position, RulesError> {
        polyfen_xiangqi::Position::from_setup(&self.setup).map_err(|e| RulesError::IllegalPosition(e.to_string()))
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
            RenderStyle::Svg => return Ok(crate::svg::xiangqi(&self.setup)),
            RenderStyle::Chinese => polyfen_xiangqi::RenderStyle::Chinese(Script::Simplified),
            RenderStyle::ChineseTraditional => polyfen_xiangqi::RenderStyle::Chinese(Script::Traditional),
        };
        Ok(polyfen_xiangqi::render(&self.setup, style))
    }

    fn to_json(&self) -> JsonPosition {
        JsonPosition::Xiangqi(XiangqiJson::from_position(self))
    }

    fn perft(&self, depth: u32, _options: &RuleOptions) -> Result<u64, RulesError> {
        check_depth(depth)?;
        Ok(self.rules()?.perft(depth))
    }

    fn divide(&self, depth: u32, notation: MoveNotation, _options: &RuleOptions) -> Result<Vec<Divided>, RulesError> {
        check_depth(depth)?;
        let style = move_style_of(notation)?;
        let position = self.rules()?;
        Ok(position
            .divide(depth)
            .into_iter()
            .map(|(m, nodes)| Divided { text: position.format_move(m, style), nodes })
            .collect())
    }

    fn perft_with(&self, depth: u32, options: &RuleOptions, control: &PerftControl) -> Result<u64, RulesError> {
        if control.is_plain() {
            return self.perft(depth, options);
        }
        check_depth(depth)?;
        let position = self.rules()?;
        control.run(|watch| position.perft_watched(depth, watch))
    }

    fn divide_with(
        &self,
        depth: u32,
        notation: MoveNotation,
        options: &RuleOptions,
        control: &PerftControl,
    ) -> Result<Vec<Divided>, RulesError> {
        if control.is_plain() {
            return self.divide(depth, notation, options);
        }
        check_depth(depth)?;
        let style = move_style_of(notation)?;
        let position = self.rules()?;
        let divided = control.run(|watch| position.divide_watched(depth, watch))?;
        Ok(divided.into_iter().map(|(m, nodes)| Divided { text: position.format_move(m, style), nodes }).collect())
    }

    fn perft_estimate(&self, depth: u32, _options: &RuleOptions) -> Result<u64, RulesError> {
        check_depth(depth)?;
        Ok(self.rules()?.perft_estimate(depth))
    }

    fn status(&self, _options: &RuleOptions) -> Result<GameStatus, RulesError> {
        Ok(match self.rules()?.status() {
            polyfen_xiangqi::Status::Ongoing => GameStatus::Ongoing,
            polyfen_xiangqi::Status::Checkmate => GameStatus::Checkmate,
            polyfen_xiangqi::Status::Stalemate => GameStatus::Stalemate,
        })
    }

    fn legal_moves(&self, notation: MoveNotation, _options: &RuleOptions) -> Result<Vec<String>, RulesError> {
        let style = move_style_of(notation)?;
        let position = self.rules()?;
        let board = position.board();
        Ok(position.legal_moves().iter().map(|&m| polyfen_xiangqi::format_move(&board, m, style)).collect())
    }

    /// Reads ICCS, UCCI, uci-1, WXF (either style) or Chinese (either
    /// script); see [`polyfen_xiangqi::read_move`]. The candidates of an
    /// error are written in the notation the move was read as. The legacy
    /// marker, which describes the position before the move, is dropped.
    fn play_with(
        &mut self,
        text: &str,
        write_as: MoveNotation,
        _options: &RuleOptions,
        lenient: bool,
    ) -> Result<Played, RulesError> {
        let style = move_style_of(write_as)?;
        let mut position = self.rules()?;
        let mut repairs = Vec::new();
        let read = if lenient { position.parse_move_lenient(text, &mut repairs) } else { position.parse_move(text) };
        let m = read.map_err(|e| RulesError::Move {
            index: 0,
            error: MoveError::new(e.kind.to_string(), e.span)
                .with_candidates(e.candidates.into_iter().map(|c| c.text).collect()),
        })?;
        let written = position.format_move(m, style);
        position.play(m);
        self.setup = position.to_setup();
        Ok(Played { text: written, repairs })
    }
}

/// The letter set JSON writes Xiangqi pieces in.
pub(crate) const JSON_LETTERS: LetterSet = LetterSet::Xqbase;
