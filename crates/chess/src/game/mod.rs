//! The chess game as the layers above it see it ([`GamePosition`]): FEN,
//! Shredder-FEN and EPD; UCI, SAN and LAN moves; diagrams, the JSON form,
//! explanations part by part, the rules and perft; in game records,
//! [`ChessAdapter`] (record.rs). The chess variants are rules of the game
//! ([`GamePosition::rules`]): a position holds the one it plays
//! ([`VariantState`], variants.rs) and a standard one takes the chess code
//! alone.

mod explain;
mod json;
mod record;
mod svg;
mod variants;

use std::borrow::Cow;

use polyfen_core::{Color, Leniency, ParseError, PerftTree, Repair};
use polyfen_game::detect::{Guess, Strength, TextShape};
use polyfen_game::tags::{GameTags, MoveTags};
use polyfen_game::{
    CastlingMoves, Counter, Divided, EnPassantPolicy, GamePosition, GameStatus, MoveError, MoveToPlay, PerftRun,
    Played, PositionText, RuleError, RuleOptions, Standing, WriteOptions, check_perft_depth,
};

pub use self::svg::{svg, svg_with_pocket};
pub use json::{ChessDocument, ChessJson, JsonOperation};
pub use record::{ChessAdapter, ChessPos};
pub use variants::VariantState;

use crate::{CastlingNotation, CastlingStyle, Epd, Fen, FenOptions, Move, Operation, Outcome, render};

/// The position notations of chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChessNotation {
    /// Chess FEN with X-FEN castling (standard FEN for ordinary chess).
    Fen,
    /// Chess FEN with Shredder-FEN castling (rook files).
    ShredderFen,
    /// Extended Position Description: four FEN fields plus operations.
    Epd,
}

/// The move notations of chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChessMoveNotation {
    /// UCI: `e2e4`, `e7e8q`; castling as the king's two-square move (or king
    /// takes rook, see [`RuleOptions::castling`]).
    Uci,
    /// Standard Algebraic Notation: `Nf3`, `exd5`, `O-O`, `e8=Q+`.
    San,
    /// Long algebraic notation: `Ng1-f3`, `e4xd5`.
    Lan,
}

/// A chess position as the layers above the rules hold it: the setup, the
/// EPD operations it came with (if any), and the castling style it was
/// written in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessPosition {
    /// The board and the FEN fields.
    pub setup: Fen,
    /// EPD operations, in order; empty for a FEN.
    pub operations: Vec<Operation>,
    /// The castling style the input used.
    pub castling_style: CastlingStyle,
    /// The variant played and what it adds to the FEN (standard chess by
    /// default).
    pub variant: VariantState,
}

impl ChessPosition {
    /// A position from a setup, with no operations.
    #[must_use]
    pub fn new(setup: Fen) -> ChessPosition {
        let castling_style = setup.extras.castling.style();
        ChessPosition { setup, operations: Vec::new(), castling_style, variant: VariantState::default() }
    }

    /// The position to play from, or why the setup breaks the rules (a check
    /// no last move can give is tolerated, as perft suites need).
    fn rules_position(&self) -> Result<crate::Position, RuleError> {
        crate::Position::from_setup(&self.setup).map_err(|e| RuleError::IllegalPosition(e.to_string()))
    }

    /// The position as written under `options`: with `canonical`, without
    /// the castling rights its kings and rooks do not allow (those
    /// validation reports).
    fn canonical(&self, options: &WriteOptions) -> Cow<'_, ChessPosition> {
        if !options.canonical {
            return Cow::Borrowed(self);
        }
        let mut castling = self.setup.extras.castling;
        for violation in crate::validate::validate(&self.setup) {
            if let crate::Violation::Castling { color, token, .. } = violation {
                let token = match token.to_ascii_lowercase() {
                    'k' => crate::CastlingToken::KingSide,
                    'q' => crate::CastlingToken::QueenSide,
                    file => crate::CastlingToken::File((file as u8).wrapping_sub(b'a') & 7),
                };
                castling.remove(color, token);
            }
        }
        if castling == self.setup.extras.castling {
            return Cow::Borrowed(self);
        }
        let mut cleaned = self.clone();
        cleaned.setup.extras.castling = castling;
        Cow::Owned(cleaned)
    }

    /// The setup to write under an en passant policy: as held, or with the
    /// square only when a legal capture exists.
    fn setup_for(&self, policy: EnPassantPolicy) -> Cow<'_, Fen> {
        match (policy, self.setup.extras.ep) {
            (EnPassantPolicy::Legal, Some(_)) => match crate::Position::from_setup(&self.setup) {
                Ok(pos) if pos.legal_ep_square().is_none() => {
                    let mut setup = self.setup.clone();
                    setup.extras.ep = None;
                    Cow::Owned(setup)
                }
                _ => Cow::Borrowed(&self.setup),
            },
            _ => Cow::Borrowed(&self.setup),
        }
    }
}

/// The deepest perft the facade runs.
const MAX_PERFT_DEPTH: u32 = 20;

/// How UCI writes castling in `pos` under `options`.
fn uci_castling(pos: &crate::Position, castling: CastlingMoves) -> CastlingNotation {
    let takes_rook = match castling {
        CastlingMoves::KingTwoSquares => false,
        CastlingMoves::KingTakesRook => true,
        CastlingMoves::Auto => pos.is_chess960(),
    };
    if takes_rook { CastlingNotation::KingTakesRook } else { CastlingNotation::KingTwoSquares }
}

/// A legal move of `pos` written in `notation` (a chess notation), UCI
/// castling as `castling` says.
fn write_move(pos: &crate::Position, m: Move, notation: ChessMoveNotation, castling: CastlingMoves) -> String {
    match notation {
        ChessMoveNotation::San => pos.san(m),
        ChessMoveNotation::Lan => pos.lan(m),
        ChessMoveNotation::Uci => pos.uci(m, uci_castling(pos, castling)),
    }
}

impl GamePosition for ChessPosition {
    const ID: &'static str = "chess";
    type Notation = ChessNotation;
    const NOTATIONS: &'static [ChessNotation] = &[ChessNotation::Fen, ChessNotation::ShredderFen, ChessNotation::Epd];
    type MoveNotation = ChessMoveNotation;
    const MOVE_NOTATIONS: &'static [ChessMoveNotation] =
        &[ChessMoveNotation::Uci, ChessMoveNotation::San, ChessMoveNotation::Lan];
    const STYLES: &'static [&'static str] = &["ascii", "unicode", "svg"];
    const SETUPS: &'static [(&'static str, &'static str)] = &[("standard", crate::START_FEN)];
    const ENDS: &'static [&'static str] = variants::ENDS;
    const PIECES: &'static [&'static str] = &["K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p"];
    type Json = ChessJson;
    type Document = ChessDocument;
    const JSON_SCHEMA: &'static str = include_str!("position.schema.json");
    type Adapter = ChessAdapter;
    const GAME_TAGS: GameTags = GameTags {
        variant: variants::VARIANT_TAGS,
        game: &["chess"],
        roster: &[
            ("Event", "?"),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "?"),
            ("White", "?"),
            ("Black", "?"),
            ("Result", "*"),
        ],
        ..GameTags::NONE
    };
    const MOVE_TAGS: MoveTags<ChessMoveNotation> = MoveTags { default: Some(ChessMoveNotation::San), ..MoveTags::NONE };

    fn read(
        PositionText { input, notation, options }: PositionText<'_, ChessNotation>,
        repairs: &mut Vec<Repair>,
    ) -> Result<ChessPosition, ParseError> {
        if notation == ChessNotation::Epd {
            let epd = Epd::parse(input)?;
            let castling_style = epd.setup.extras.castling.style();
            let mut position = ChessPosition::new(epd.setup);
            position.operations = epd.operations;
            position.castling_style = castling_style;
            position.variant.variant = options.rules.map(variants::variant_of).unwrap_or_default();
            return Ok(position);
        }
        let leniency = if options.lenient { Leniency::ALL } else { Leniency::default() };
        variants::read_fen(input, options.rules, leniency, repairs)
    }

    fn rules() -> std::borrow::Cow<'static, [polyfen_game::RulesInfo]> {
        std::borrow::Cow::Borrowed(variants::RULES)
    }

    fn rules_id(&self) -> Option<&'static str> {
        if self.variant.is_standard() { None } else { Some(self.variant.variant.id()) }
    }

    /// Writes the position; `canonical` keeps only the castling rights its
    /// kings and rooks allow, as python-chess writes a FEN.
    fn write_to(&self, notation: ChessNotation, options: &WriteOptions, out: &mut String, warnings: &mut Vec<String>) {
        if let Cow::Owned(cleaned) = self.canonical(options) {
            return cleaned.write_to(notation, &options.with_canonical(false), out, warnings);
        }
        let castling = match notation {
            ChessNotation::ShredderFen => CastlingStyle::Shredder,
            _ => CastlingStyle::XFen,
        };
        let fen_options = FenOptions { castling };
        match notation {
            ChessNotation::Fen | ChessNotation::ShredderFen => {
                if !self.operations.is_empty() {
                    let names: Vec<&str> = self.operations.iter().map(|o| o.opcode.as_str()).collect();
                    warnings.push(format!("FEN cannot hold EPD operations; dropped {}", names.join(", ")));
                }
                if self.variant.is_standard() {
                    self.setup_for(options.en_passant).write(&fen_options, out);
                } else {
                    let mut setup = self.variant_setup();
                    setup.extras.chess = self.setup_for(options.en_passant).extras;
                    setup.write(&fen_options, out);
                }
                if castling == CastlingStyle::Shredder {
                    warn_unresolved_castling(&self.setup, warnings);
                }
            }
            ChessNotation::Epd => {
                if !self.variant.is_standard() {
                    warnings.push(format!(
                        "EPD cannot name the chess variant; dropped {} and what it adds to the FEN",
                        self.variant.variant.id()
                    ));
                }
                let extras = &self.setup.extras;
                let has_clock_ops = self.operations.iter().any(|o| o.opcode == "hmvc" || o.opcode == "fmvn");
                if !has_clock_ops && (extras.halfmove != 0 || extras.fullmove != 1) {
                    warnings.push(format!(
                        "EPD has no clock fields; dropped halfmove clock {} and fullmove number {}",
                        extras.halfmove, extras.fullmove
                    ));
                }
                let epd =
                    Epd { setup: self.setup_for(options.en_passant).into_owned(), operations: self.operations.clone() };
                epd.write(&fen_options, out);
            }
        }
    }

    fn square_boxes() -> Vec<polyfen_game::svg::SquareBox> {
        polyfen_game::svg::boxes::<8, 8, b'1'>(polyfen_game::svg::MARGIN)
    }

    fn violations(&self) -> Vec<String> {
        if !self.variant.is_standard() {
            return self.variant_setup().validate().iter().map(ToString::to_string).collect();
        }
        self.setup.validate().iter().map(ToString::to_string).collect()
    }

    /// The pieces on the board and in a crazyhouse pocket.
    fn pieces(&self) -> usize {
        let pocket = self.variant.pocket.as_ref().map_or(0, |pocket| {
            [polyfen_core::Color::White, polyfen_core::Color::Black].into_iter().map(|color| pocket.total(color)).sum()
        });
        self.setup.board.iter().flatten().count() + pocket as usize
    }

    fn render(&self, style: &str) -> String {
        match style {
            "svg" => svg::svg_with_pocket(&self.setup, self.variant.pocket.as_ref()),
            "unicode" => variants::with_variant_lines(render(&self.setup, crate::RenderStyle::Unicode), &self.variant),
            _ => variants::with_variant_lines(render(&self.setup, crate::RenderStyle::Ascii), &self.variant),
        }
    }

    /// The JSON form; `canonical` keeps only the castling rights its kings
    /// and rooks allow.
    fn to_json(&self, options: &WriteOptions) -> ChessJson {
        ChessJson::from_position(&self.canonical(options))
    }

    fn from_json(json: ChessJson, input: &str) -> Result<ChessPosition, ParseError> {
        json.into_position(input)
    }

    fn legal_moves(&self, notation: ChessMoveNotation, options: &RuleOptions) -> Result<Vec<String>, RuleError> {
        if !self.variant.is_standard() {
            let pos = self.variant_position()?;
            let moves = pos.legal_moves();
            return Ok(moves.iter().map(|&m| variants::write_move(&pos, m, notation, options.castling)).collect());
        }
        let pos = self.rules_position()?;
        Ok(pos.legal_moves().iter().map(|&m| write_move(&pos, m, notation, options.castling)).collect())
    }

    /// Reads UCI, SAN (leniently) or LAN; after the move the en passant
    /// square is held after every double push, and EPD operations, which
    /// describe the position before it, are dropped. A null move, `0000`
    /// as UCI writes it or `--` as PGN does, passes the turn (refused in
    /// check): the en passant square is cleared, the halfmove clock grows
    /// and the move number as after any move; it is written `0000` in UCI
    /// and `--` in SAN and LAN.
    fn play_with(
        &mut self,
        play: MoveToPlay<'_, ChessMoveNotation>,
        options: &RuleOptions,
    ) -> Result<Played, RuleError> {
        if !self.variant.is_standard() {
            return variants::play(self, play, options);
        }
        let MoveToPlay { text, write_as, lenient } = play;
        let mut pos = self.rules_position()?;
        if text == "0000" || text == "--" {
            if pos.is_check() {
                let error = MoveError::new("a null move while in check", 0..text.len());
                return Err(RuleError::Move { index: 0, error });
            }
            pos.play_null();
            self.setup = pos.to_setup(self.castling_style);
            self.operations.clear();
            let written = if write_as == ChessMoveNotation::Uci { "0000" } else { "--" };
            return Ok(Played { text: written.to_owned(), repairs: Vec::new() });
        }
        let mut repairs = Vec::new();
        let read = if lenient { pos.parse_move_lenient(text, &mut repairs) } else { pos.parse_move(text) };
        let m = read.map_err(|e| {
            let notation = if e.uci { ChessMoveNotation::Uci } else { ChessMoveNotation::San };
            let candidates = e.candidates.iter().map(|&c| write_move(&pos, c, notation, options.castling)).collect();
            RuleError::Move { index: 0, error: MoveError::new(e.message, e.span).with_candidates(candidates) }
        })?;
        let written = write_move(&pos, m, write_as, options.castling);
        pos.play(m);
        self.setup = pos.to_setup(self.castling_style);
        self.operations.clear();
        Ok(Played { text: written, repairs })
    }

    fn perft_with(&self, PerftRun { depth, control, .. }: PerftRun<'_>) -> Result<u64, RuleError> {
        check_perft_depth(depth, MAX_PERFT_DEPTH)?;
        if !self.variant.is_standard() {
            return control.perft(&self.variant_position()?, depth);
        }
        control.perft(&self.rules_position()?, depth)
    }

    fn divide_with(&self, run: PerftRun<'_>, notation: ChessMoveNotation) -> Result<Vec<Divided>, RuleError> {
        check_perft_depth(run.depth, MAX_PERFT_DEPTH)?;
        if !self.variant.is_standard() {
            let pos = self.variant_position()?;
            let write = |m| variants::write_move(&pos, m, notation, run.options.castling);
            return run.control.divide_written(&pos, run.depth, write);
        }
        let pos = self.rules_position()?;
        run.control.divide_written(&pos, run.depth, |m| write_move(&pos, m, notation, run.options.castling))
    }

    /// What no other game claims: FEN, then EPD (EPD first when there are
    /// operations after the fourth field).
    fn guess(shape: &TextShape) -> Option<Guess<ChessNotation>> {
        let (fen, epd) = (ChessNotation::Fen, ChessNotation::Epd);
        let epd_first = shape.fifth_len > 0 && shape.fifth_letter;
        Some(if epd_first {
            Guess::new(Strength::Fallback, epd, Some(fen))
        } else {
            Guess::new(Strength::Fallback, fen, Some(epd))
        })
    }

    fn perft_estimate(&self, depth: u32, _options: &RuleOptions) -> Result<u64, RuleError> {
        check_perft_depth(depth, MAX_PERFT_DEPTH)?;
        if !self.variant.is_standard() {
            return Ok(self.variant_position()?.perft_estimate(depth));
        }
        Ok(self.rules_position()?.perft_estimate(depth))
    }

    fn status(&self, _options: &RuleOptions) -> Result<GameStatus, RuleError> {
        if !self.variant.is_standard() {
            return Ok(self.variant_position()?.outcome().into());
        }
        Ok(self.rules_position()?.outcome().into())
    }

    /// The status with its result (mate loses, a variant's own end goes to
    /// its winner, stalemate and dead positions draw, fifty moves is
    /// claimed), the king in check (in atomic only while the kings stand
    /// apart, never in antichess), and in three-check the checks each side
    /// still has to give.
    fn standing(&self, _options: &RuleOptions) -> Result<Standing, RuleError> {
        if self.variant.is_standard() {
            let pos = self.rules_position()?;
            let outcome = pos.outcome();
            let mut standing = Standing::new(outcome.into());
            standing.result = chess_result(outcome, pos.turn());
            standing.check = pos.king_of(pos.turn()).filter(|_| pos.is_check()).map(square_name).into_iter().collect();
            return Ok(standing);
        }
        let pos = self.variant_position()?;
        let outcome = pos.outcome();
        let mut standing = Standing::new(outcome.into());
        let turn = pos.turn();
        standing.result = match outcome {
            crate::VariantOutcome::Chess(o) => chess_result(o, turn),
            crate::VariantOutcome::Won { winner, .. } => {
                Some(Standing::result_for_mover(winner == Color::White, Some(true)))
            }
            crate::VariantOutcome::Drawn { .. } => Some("1/2-1/2"),
        };
        standing.check = pos.chess().king_of(turn).filter(|_| pos.is_check()).map(square_name).into_iter().collect();
        if pos.variant() == crate::ChessVariant::ThreeCheck {
            let left = pos.remaining_checks();
            standing.counters = Color::ALL
                .into_iter()
                .map(|c| Counter::new(json::color_name(c), "checks still to give", u32::from(left[c.index()])))
                .collect();
        }
        Ok(standing)
    }
}

/// The result a chess outcome gives, `turn` to move: mate loses, stalemate
/// and a dead position draw; the fifty-move rule is claimed, not given.
fn chess_result(outcome: Outcome, turn: Color) -> Option<&'static str> {
    match outcome {
        Outcome::Checkmate => Some(Standing::result_for_mover(turn == Color::White, Some(false))),
        Outcome::Stalemate | Outcome::InsufficientMaterial => Some("1/2-1/2"),
        Outcome::FiftyMoves | Outcome::Ongoing => None,
    }
}

/// The name of square `s` (0 is a1, 63 is h8), as the diagram names it.
fn square_name(s: usize) -> String {
    let file = char::from(b'a' + (s % 8) as u8);
    format!("{file}{}", s / 8 + 1)
}

/// The game's state, as the rules and the game records tell it.
impl From<Outcome> for GameStatus {
    fn from(outcome: Outcome) -> GameStatus {
        match outcome {
            Outcome::Ongoing => GameStatus::Ongoing,
            Outcome::Checkmate => GameStatus::Checkmate,
            Outcome::Stalemate => GameStatus::Stalemate,
            Outcome::InsufficientMaterial => GameStatus::InsufficientMaterial,
            Outcome::FiftyMoves => GameStatus::FiftyMoves,
        }
    }
}

/// Shredder-FEN names rooks by file; a `K`/`Q` right with no rook behind it
/// has no file to write and stays a letter, which is worth saying.
fn warn_unresolved_castling(setup: &Fen, warnings: &mut Vec<String>) {
    for color in polyfen_core::Color::ALL {
        for token in setup.extras.castling.tokens(color) {
            if crate::Castling::resolve(&setup.board, color, token).is_none() {
                let (letter, side) = match token {
                    crate::CastlingToken::KingSide => ('K', "on the king's side"),
                    crate::CastlingToken::QueenSide => ('Q', "on the queen's side"),
                    crate::CastlingToken::File(file) => (char::from(b'A' + file), "on its file"),
                };
                let letter = if color == polyfen_core::Color::White { letter } else { letter.to_ascii_lowercase() };
                warnings.push(format!(
                    "castling right '{letter}' of {color} names no rook {side}, so Shredder-FEN cannot give \
                     its file and keeps the letter"
                ));
            }
        }
    }
}
