//! The Xiangqi game as the layers above it see it ([`GamePosition`]):
//! standard Xiangqi FEN and the legacy dialect; ICCS, UCCI, uci-1, WXF and
//! Chinese moves; diagrams, the JSON form, explanations part by part, the
//! rules and perft; in game records, [`XiangqiAdapter`] (record.rs); its own
//! record formats, [`XiangqiRecord`] (XQF, CBR/CBL, CBF, `DhtmlXQ`:
//! `records/`).

mod explain;
mod glyphs;
mod json;
mod record;
mod records;
mod svg;

use polyfen_core::{ParseError, PerftTree, Repair};
use polyfen_game::detect::{Guess, Strength, TextShape};
use polyfen_game::tags::{GameTags, MoveTags, VariantTag};
use polyfen_game::{
    Divided, GamePosition, GameStatus, MoveError, MoveToPlay, PerftRun, Played, PositionText, RuleError, RuleOptions,
    Standing, WriteOptions,
};

pub use self::json::{JsonMarker, XiangqiDocument, XiangqiJson};
pub use self::record::XiangqiAdapter;
pub use self::records::XiangqiRecord;
pub use self::svg::svg;
use crate::{Fen, LetterSet, Script, XiangqiMoveNotation, XqOptions, lost_in_standard, parse_legacy, write_legacy};

/// The position notations of Xiangqi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum XiangqiNotation {
    /// Standard Xiangqi FEN (`rnbakabnr/9/1c5c1/... w - - 0 1`).
    XiangqiFen,
    /// The legacy dialect of an old blog format: empty ranks as `//`, short
    /// ranks, legacy side letters and the `/xRC` marker.
    XiangqiLegacy,
}

/// A Xiangqi position as the layers above the rules hold it: the setup,
/// with the legacy dialect's `/xRC` marker (if it had one) among its fields.
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

    /// The position with its rules, or why the rules cannot be played on it.
    ///
    /// # Errors
    ///
    /// [`RuleError::IllegalPosition`] with the violations that make the
    /// rules impossible (see [`crate::Position::from_setup`]).
    pub fn rules(&self) -> Result<crate::Position, RuleError> {
        crate::Position::from_setup(&self.setup).map_err(|e| RuleError::IllegalPosition(e.to_string()))
    }
}

/// The deepest perft the facade runs: depth 7 from the start position is
/// already about 2·10¹¹ leaves.
pub const MAX_PERFT_DEPTH: u32 = 8;

fn check_depth(depth: u32) -> Result<(), RuleError> {
    if depth > MAX_PERFT_DEPTH {
        return Err(RuleError::Limit(format!(
            "perft depth {depth} is above the limit of {MAX_PERFT_DEPTH} for xiangqi"
        )));
    }
    Ok(())
}

/// The letter set JSON writes Xiangqi pieces in.
pub(crate) const JSON_LETTERS: LetterSet = LetterSet::Xqbase;

impl From<LetterSet> for &'static str {
    fn from(letters: LetterSet) -> &'static str {
        letters.name()
    }
}

impl GamePosition for XiangqiPosition {
    const ID: &'static str = "xiangqi";
    type Notation = XiangqiNotation;
    const NOTATIONS: &'static [XiangqiNotation] = &[XiangqiNotation::XiangqiFen, XiangqiNotation::XiangqiLegacy];
    type MoveNotation = XiangqiMoveNotation;
    const MOVE_NOTATIONS: &'static [XiangqiMoveNotation] = &XiangqiMoveNotation::ALL;
    const STYLES: &'static [&'static str] = &["ascii", "unicode", "chinese", "chinese-traditional", "svg"];
    const SETUPS: &'static [(&'static str, &'static str)] = &[("standard", crate::START_FEN)];
    const PIECES: &'static [&'static str] = &["K", "A", "B", "N", "R", "C", "P", "k", "a", "b", "n", "r", "c", "p"];
    type Json = XiangqiJson;
    type Document = XiangqiDocument;
    const JSON_SCHEMA: &'static str = include_str!("position.schema.json");
    type Adapter = XiangqiAdapter;
    const GAME_TAGS: GameTags = GameTags {
        variant: &[VariantTag::named("xiangqi"), VariantTag::alias("chinese chess")],
        game: &["chinese chess", "xiangqi"],
        // Xiangqi records name the first player Red
        players: &["Red", "RedTeam"],
        names: Some(("Game", "Chinese Chess")),
        ..GameTags::NONE
    };
    const MOVE_TAGS: MoveTags<XiangqiMoveNotation> = MoveTags {
        default: None,
        formats: &[
            ("ICCS", XiangqiMoveNotation::Iccs),
            ("WXF", XiangqiMoveNotation::Wxf),
            ("WXF", XiangqiMoveNotation::WxfFsf),
            ("Chinese", XiangqiMoveNotation::Chinese),
            ("Chinese", XiangqiMoveNotation::ChineseTraditional),
            // not xqbase's, but needed to read these coordinates back
            ("UCCI", XiangqiMoveNotation::Ucci),
            ("uci-1", XiangqiMoveNotation::Uci1),
        ],
        // pychess.org's records: Fairy-Stockfish's name, its SAN
        variants: &[("xiangqi", XiangqiMoveNotation::SanFsf)],
    };
    const LETTER_SETS: &'static [&'static str] =
        &[LetterSet::Xqbase.name(), LetterSet::Wxf.name(), LetterSet::Iccs.name()];

    /// Reads `input` as `notation`: `xiangqi-legacy` (or `xiangqi-fen` when
    /// lenient) with the legacy dialect's reader, reporting its repairs;
    /// `xiangqi-fen` strictly otherwise.
    fn read(
        PositionText { input, notation, options }: PositionText<'_, XiangqiNotation>,
        repairs: &mut Vec<Repair>,
    ) -> Result<XiangqiPosition, ParseError> {
        if options.lenient || notation == XiangqiNotation::XiangqiLegacy {
            let (setup, found) = parse_legacy(input)?;
            repairs.extend(found);
            Ok(XiangqiPosition::new(setup))
        } else {
            Ok(XiangqiPosition::new(input.parse()?))
        }
    }

    fn write_to(
        &self,
        notation: XiangqiNotation,
        options: &WriteOptions,
        out: &mut String,
        warnings: &mut Vec<String>,
    ) {
        let xq_options = XqOptions { letters: options.letters.parse().unwrap_or_default() };
        match notation {
            XiangqiNotation::XiangqiFen => {
                self.setup.write(&xq_options, out);
                warnings.extend(lost_in_standard(&self.setup));
            }
            XiangqiNotation::XiangqiLegacy => write_legacy(&self.setup, &xq_options, out),
        }
    }

    fn square_boxes() -> Vec<polyfen_game::svg::SquareBox> {
        polyfen_game::svg::boxes::<9, 10, b'0'>(svg::XQ_MARGIN - polyfen_game::svg::CELL / 2)
    }

    fn violations(&self) -> Vec<String> {
        self.setup.validate().iter().map(ToString::to_string).collect()
    }

    fn pieces(&self) -> usize {
        self.setup.board.iter().flatten().count()
    }

    fn render(&self, style: &str) -> String {
        let style = match style {
            "svg" => return svg(&self.setup),
            "unicode" => crate::RenderStyle::Unicode,
            "chinese" => crate::RenderStyle::Chinese(Script::Simplified),
            "chinese-traditional" => crate::RenderStyle::Chinese(Script::Traditional),
            _ => crate::RenderStyle::Ascii,
        };
        crate::render(&self.setup, style)
    }

    fn to_json(&self, _options: &WriteOptions) -> XiangqiJson {
        XiangqiJson::from_position(self)
    }

    fn from_json(json: XiangqiJson, input: &str) -> Result<XiangqiPosition, ParseError> {
        json.into_position(input)
    }

    fn perft_with(&self, PerftRun { depth, control, .. }: PerftRun<'_>) -> Result<u64, RuleError> {
        check_depth(depth)?;
        control.perft(&self.rules()?, depth)
    }

    fn divide_with(&self, run: PerftRun<'_>, notation: XiangqiMoveNotation) -> Result<Vec<Divided>, RuleError> {
        check_depth(run.depth)?;
        let position = self.rules()?;
        run.control.divide_written(&position, run.depth, |m| position.format_move(m, notation))
    }

    /// Likely: 10 ranks (standard Xiangqi FEN first, then the legacy
    /// dialect); the legacy dialect first when the text has its `/x`
    /// marker after the move number, or 10 ranks of which one is short of
    /// 9 points (the dialect leaves out trailing empty points) or one of
    /// its own side letters (`W R B G g`), or empty ranks (`//`) and not the
    /// 8 ranks of chess; Xiangqi FEN alone for a placement with a letter
    /// only Xiangqi uses but neither 8 nor 10 ranks (its error says how
    /// many ranks it should have).
    fn guess(shape: &TextShape) -> Option<Guess<XiangqiNotation>> {
        let (fen, legacy) = (XiangqiNotation::XiangqiFen, XiangqiNotation::XiangqiLegacy);
        let rows = shape.rows();
        let legacy_side = shape.second_len == 1 && matches!(shape.second_byte, b'W' | b'R' | b'B' | b'G' | b'g');
        let legacy_ten = rows == 10 && (legacy_side || shape.short_row);
        if shape.marker || (shape.empty_rows && rows != 8) || legacy_ten {
            return Some(Guess::new(Strength::Likely, legacy, Some(fen)));
        }
        if rows == 10 {
            return Some(Guess::new(Strength::Likely, fen, Some(legacy)));
        }
        (rows != 8 && shape.xiangqi_letter).then_some(Guess::new(Strength::Likely, fen, None))
    }

    /// A move in Chinese numerals (not ASCII), or ICCS (`H2-E2`).
    fn claims_move(text: &str) -> bool {
        let b = text.as_bytes();
        let iccs = b.len() == 5 && b[0].is_ascii_uppercase() && b[2] == b'-' && b[3].is_ascii_uppercase();
        !text.is_ascii() || iccs
    }

    fn perft_estimate(&self, depth: u32, _options: &RuleOptions) -> Result<u64, RuleError> {
        check_depth(depth)?;
        Ok(self.rules()?.perft_estimate(depth))
    }

    fn status(&self, _options: &RuleOptions) -> Result<GameStatus, RuleError> {
        Ok(self.rules()?.status().into())
    }

    /// The status with its result (no legal move loses, in check or not)
    /// and the general in check.
    fn standing(&self, _options: &RuleOptions) -> Result<Standing, RuleError> {
        let position = self.rules()?;
        let status = position.status();
        let mut standing = Standing::new(status.into());
        let red = position.turn() == polyfen_core::Color::White;
        if status != crate::Status::Ongoing {
            standing.result = Some(Standing::result_for_mover(red, Some(false)));
        }
        if position.is_check() {
            standing.check.push(position.king(position.turn()).to_string());
        }
        Ok(standing)
    }

    fn legal_moves(&self, notation: XiangqiMoveNotation, _options: &RuleOptions) -> Result<Vec<String>, RuleError> {
        let position = self.rules()?;
        let legal = position.legal_moves();
        Ok(legal.iter().map(|&m| position.format_move_among(&legal, m, notation)).collect())
    }

    /// Reads ICCS, UCCI, uci-1, WXF (either style), Chinese (either
    /// script) or SAN; see [`crate::read_move`]. The candidates of an error are
    /// written in the notation the move was read as. The legacy marker,
    /// which describes the position before the move, is dropped.
    fn play_with(
        &mut self,
        MoveToPlay { text, write_as, lenient }: MoveToPlay<'_, XiangqiMoveNotation>,
        _options: &RuleOptions,
    ) -> Result<Played, RuleError> {
        let mut position = self.rules()?;
        let mut repairs = Vec::new();
        let read = if lenient { position.parse_move_lenient(text, &mut repairs) } else { position.parse_move(text) };
        let m = read.map_err(|e| RuleError::Move {
            index: 0,
            error: MoveError::new(e.kind.to_string(), e.span)
                .with_candidates(e.candidates.into_iter().map(|c| c.text).collect()),
        })?;
        let written = position.format_move(m, write_as);
        position.play(m);
        self.setup = position.to_setup();
        Ok(Played { text: written, repairs })
    }
}

/// The game's state, as the rules and the game records tell it.
impl From<crate::Status> for GameStatus {
    fn from(status: crate::Status) -> GameStatus {
        match status {
            crate::Status::Ongoing => GameStatus::Ongoing,
            crate::Status::Checkmate => GameStatus::Checkmate,
            crate::Status::Stalemate => GameStatus::Stalemate,
        }
    }
}
