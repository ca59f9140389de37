//! The chess variants inside the chess game: what a [`ChessPosition`]
//! holds beyond a chess FEN when it plays a variant ([`VariantState`]), the
//! variants as the game declares them to the layers above
//! ([`GamePosition::rules`](polyfen_game::GamePosition::rules), the PGN
//! `Variant` tags that choose them), and the rules answered through
//! [`VariantPosition`]. A standard position never comes here.

use core::fmt::Write as _;

use polyfen_core::{Hand, Leniency, ParseError, Repair};
use polyfen_game::tags::VariantTag;
use polyfen_game::{CastlingMoves, GameStatus, MoveError, MoveToPlay, Played, RuleError, RuleOptions, RulesInfo};

use super::{ChessMoveNotation, ChessPosition, uci_castling};
use crate::variant::fen::{looks_like_crazyhouse, to_chess};
use crate::{ChessVariant, Move, VariantEnd, VariantFen, VariantOutcome, VariantPosition};

/// What a chess position holds beyond its FEN fields when it plays a
/// variant: the variant, three-check's counters, crazyhouse's pocket and
/// promoted pieces. The default is standard chess.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct VariantState {
    /// The rules the position plays.
    pub variant: ChessVariant,
    /// Three-check: the checks white and black still need, as read
    /// (`None`: no counters written, 3 each).
    pub remaining_checks: Option<[u8; 2]>,
    /// Crazyhouse: the pieces each side holds, as read (`None`: no pocket
    /// written, empty).
    pub pocket: Option<Hand>,
    /// Crazyhouse: the squares of the pieces that were pawns (`~`), as a
    /// bitboard.
    pub promoted: u64,
}

impl VariantState {
    /// True for standard chess (and Chess960).
    #[must_use]
    pub fn is_standard(&self) -> bool {
        self.variant == ChessVariant::Standard
    }
}

/// The variant's start position's setup names.
macro_rules! rules {
    ($($variant:ident: [$($alias:literal),*]),* $(,)?) => {
        /// The chess variants as the game declares them, in
        /// [`ChessVariant::ALL`]'s order (standard chess aside).
        pub(crate) const RULES: &[RulesInfo] = &[$(RulesInfo {
            id: ChessVariant::$variant.id(),
            aliases: &[$($alias),*],
            tag: ChessVariant::$variant.pgn_name(),
            setups: &[("standard", ChessVariant::$variant.start_fen())],
        }),*];
    };
}

rules! {
    Crazyhouse: ["zh"],
    ThreeCheck: ["3check", "Three-check"],
    KingOfTheHill: ["King of the Hill", "kingOfTheHill", "koth"],
    Atomic: [],
    // not `giveaway`: Fairy-Stockfish and python-chess play that with
    // castling rights, which lichess's antichess has not
    Antichess: [],
    Horde: [],
    RacingKings: ["Racing Kings"],
}

/// The `Variant` tag values that name chess: its own rules, then those
/// that choose a chess variant, as lichess and python-chess write them
/// (compared without regard to case).
pub(crate) const VARIANT_TAGS: &[VariantTag] = &[
    VariantTag::alias("standard"),
    VariantTag::named("chess"),
    VariantTag::named("chess960"),
    VariantTag::alias("chess 960"),
    VariantTag::alias("fischerandom"),
    VariantTag::alias("fischer random"),
    VariantTag::alias("from position"),
    VariantTag::alias("normal"),
    VariantTag::named("crazyhouse").with_rules("crazyhouse"),
    VariantTag::named("three-check").with_rules("three-check"),
    VariantTag::alias("threecheck").with_rules("three-check"),
    VariantTag::alias("3check").with_rules("three-check"),
    VariantTag::named("king of the hill").with_rules("king-of-the-hill"),
    VariantTag::alias("kingofthehill").with_rules("king-of-the-hill"),
    VariantTag::alias("king-of-the-hill").with_rules("king-of-the-hill"),
    VariantTag::alias("koth").with_rules("king-of-the-hill"),
    VariantTag::named("atomic").with_rules("atomic"),
    VariantTag::named("antichess").with_rules("antichess"),
    VariantTag::named("horde").with_rules("horde"),
    VariantTag::named("racing kings").with_rules("racing-kings"),
    VariantTag::alias("racingkings").with_rules("racing-kings"),
    VariantTag::alias("racing-kings").with_rules("racing-kings"),
];

/// The variant a rules id of [`RULES`] names (an unknown id: standard).
pub(crate) fn variant_of(rules: &str) -> ChessVariant {
    rules.parse().unwrap_or_default()
}

/// The ids of the chess variants' own ends, as [`GameStatus::Ended`] names
/// them: the kebab-case name of each [`VariantEnd`], in its order.
pub(super) const ENDS: &[&str] =
    &["three-checks", "king-of-the-hill", "king-exploded", "pieces-lost", "no-moves", "kings-race"];

// one id for each end, the last end's the last
const _: () = assert!(ENDS.len() == VariantEnd::KingsRace as usize + 1);

/// The kebab-case id of a variant's own end of the game.
const fn end_id(end: VariantEnd) -> &'static str {
    ENDS[end as usize]
}

impl From<VariantOutcome> for GameStatus {
    fn from(outcome: VariantOutcome) -> GameStatus {
        match outcome {
            VariantOutcome::Chess(outcome) => outcome.into(),
            VariantOutcome::Won { end, .. } | VariantOutcome::Drawn { end } => GameStatus::Ended(end_id(end)),
        }
    }
}

impl ChessPosition {
    /// A position of a variant's setup.
    #[must_use]
    pub fn from_variant_setup(fen: &VariantFen) -> ChessPosition {
        let promoted = fen
            .board
            .iter()
            .enumerate()
            .filter(|(_, cell)| cell.is_some_and(|p| p.promoted))
            .fold(0u64, |bits, (s, _)| bits | (1 << s));
        let mut position = ChessPosition::new(to_chess(fen));
        position.variant = VariantState {
            variant: fen.extras.variant,
            remaining_checks: fen.extras.remaining_checks,
            pocket: fen.extras.pocket,
            promoted,
        };
        position
    }

    /// The position as a setup of its variant (standard chess too).
    #[must_use]
    pub fn variant_setup(&self) -> VariantFen {
        let state = &self.variant;
        let mut fen = state.variant.setup_from_chess(&self.setup);
        fen.extras.remaining_checks = state.remaining_checks;
        fen.extras.pocket = state.pocket;
        if state.variant == ChessVariant::ThreeCheck && fen.extras.remaining_checks.is_none() {
            fen.extras.remaining_checks = Some([3, 3]);
        }
        if state.variant == ChessVariant::Crazyhouse && fen.extras.pocket.is_none() {
            fen.extras.pocket = Some(Hand::default());
        }
        for (s, cell) in fen.board.iter_mut().enumerate() {
            if let Some(piece) = cell
                && state.promoted & (1 << s) != 0
            {
                piece.promoted = true;
            }
        }
        fen
    }

    /// The variant's position to play from, or why its setup breaks the
    /// variant's rules.
    pub(crate) fn variant_position(&self) -> Result<VariantPosition, RuleError> {
        VariantPosition::from_setup(&self.variant_setup()).map_err(|e| RuleError::IllegalPosition(e.to_string()))
    }

    /// Takes the position of `pos` after a move, keeping the castling
    /// style; EPD operations are dropped.
    pub(crate) fn set_variant_position(&mut self, pos: &VariantPosition) {
        let style = self.castling_style;
        *self = ChessPosition::from_variant_setup(&pos.to_setup(style));
        self.castling_style = style;
    }
}

/// Reads a FEN (or Shredder-FEN) under the variant `rules` names, or, when
/// `rules` is `None`, as standard chess unless the text carries a
/// variant's own fields (a pocket: crazyhouse; counters: three-check).
pub(crate) fn read_fen(
    input: &str,
    rules: Option<&str>,
    leniency: Leniency,
    repairs: &mut Vec<Repair>,
) -> Result<ChessPosition, ParseError> {
    let variant = rules.map(variant_of);
    if let Some(variant) = variant.filter(|v| *v != ChessVariant::Standard) {
        let mut fen = VariantFen::parse_with(input, &leniency, repairs)?;
        fen.extras.variant = variant;
        return Ok(ChessPosition::from_variant_setup(&fen));
    }
    let before = repairs.len();
    match polyfen_core::Setup::parse_with(input, &leniency, repairs) {
        Ok(fen) => Ok(ChessPosition::new(fen)),
        Err(error) => {
            repairs.truncate(before);
            match VariantFen::parse_with(input, &leniency, repairs) {
                Ok(fen) if fen.extras.variant != ChessVariant::Standard => Ok(ChessPosition::from_variant_setup(&fen)),
                Err(variant_error) if looks_like_crazyhouse(input) => Err(variant_error),
                _ => {
                    repairs.truncate(before);
                    Err(error)
                }
            }
        }
    }
}

/// A legal move of a variant's position written in `notation`.
pub(crate) fn write_move(
    pos: &VariantPosition,
    m: Move,
    notation: ChessMoveNotation,
    castling: CastlingMoves,
) -> String {
    match notation {
        ChessMoveNotation::San => pos.san(m),
        ChessMoveNotation::Lan => pos.lan(m),
        ChessMoveNotation::Uci => pos.uci(m, uci_castling(pos.chess(), castling)),
    }
}

/// The chess reader's error for a variant's move, candidates written in the
/// notation the move was read as.
pub(crate) fn move_error(pos: &VariantPosition, e: crate::MoveError, castling: CastlingMoves) -> MoveError {
    let notation = if e.uci { ChessMoveNotation::Uci } else { ChessMoveNotation::San };
    let candidates = e.candidates.iter().map(|&c| write_move(pos, c, notation, castling)).collect();
    MoveError::new(e.message, e.span).with_candidates(candidates)
}

/// Why a variant's game takes no null move.
pub(crate) const NO_NULL_MOVE: &str = "a null move in a chess variant's game";

/// [`ChessPosition::play_with`](polyfen_game::GamePosition::play_with) for
/// a variant.
pub(crate) fn play(
    position: &mut ChessPosition,
    MoveToPlay { text, write_as, lenient }: MoveToPlay<'_, ChessMoveNotation>,
    options: &RuleOptions,
) -> Result<Played, RuleError> {
    let mut pos = position.variant_position()?;
    if text == "0000" || text == "--" {
        return Err(RuleError::Move { index: 0, error: MoveError::new(NO_NULL_MOVE, 0..text.len()) });
    }
    let mut repairs = Vec::new();
    let read = if lenient { pos.parse_move_lenient(text, &mut repairs) } else { pos.parse_move(text) };
    let m = read.map_err(|e| RuleError::Move { index: 0, error: move_error(&pos, e, options.castling) })?;
    let written = write_move(&pos, m, write_as, options.castling);
    pos.play(m);
    position.set_variant_position(&pos);
    Ok(Played { text: written, repairs })
}

/// A text diagram with what the variant adds below it: the pocket's
/// pieces (white's first, as FEN lists them) and the checks each side
/// still needs.
pub(crate) fn with_variant_lines(mut diagram: String, state: &VariantState) -> String {
    if let Some(pocket) = &state.pocket {
        let mut held = String::new();
        polyfen_core::codec::encode_hand(
            &polyfen_core::HandSpec { kinds: b"QRBNP", style: polyfen_core::HandStyle::Listed },
            pocket,
            &mut held,
        );
        if !diagram.ends_with('\n') {
            diagram.push('\n');
        }
        let _ = writeln!(diagram, "pocket: {}", if held.is_empty() { "-" } else { &held });
    }
    if let Some([white, black]) = state.remaining_checks {
        if !diagram.ends_with('\n') {
            diagram.push('\n');
        }
        let _ = writeln!(diagram, "checks to win: white {white}, black {black}");
    }
    diagram
}
