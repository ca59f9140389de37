//! The games defined as data as the layers above a game see them:
//! [`GamePosition`] (their notation, setups, JSON form and schema,
//! diagrams and rules), [`Explain`] (a FEN part by part) and, in
//! `record.rs`, their record adapter.
//!
//! One game of the facade's list, `fairy`, holds every game of the
//! [`registry`](crate::registry): each is one of its rules variants
//! (`makruk`, `janggi`, a user's own), named by
//! [`ReadOptions::rules`](polyfen_game::ReadOptions) and answered by
//! [`GamePosition::rules_id`]. Without a name a position is read under
//! Fairy-Stockfish's own `fairy` game (chess with fairy pieces).

mod draw;
mod glyphs;
mod read_move;
#[cfg(test)]
mod read_move_tests;
mod record;
mod shogi_parts;

use core::fmt::Write as _;
use std::collections::BTreeMap;
use std::sync::Arc;

use polyfen_core::{Color, ParseError, ParseErrorKind, PerftTree, Repair};
use polyfen_game::explain::{Explain, Field, Geometry, MoveText, Part, SquareSyntax, side_part};
use polyfen_game::json::{at_key, at_value, board_map, side_to_move};
use polyfen_game::svg::{CELL, MARGIN, SquareBox};
use polyfen_game::tags::{GameTags, MoveTags, VariantTag};
use polyfen_game::{
    Counter, Divided, GamePosition, GameStatus, MoveToPlay, PerftRun, Played, PositionText, RuleError, RuleOptions,
    RulesInfo, Standing, WriteOptions,
};
use serde::{Deserialize, Serialize};

pub use record::FairyAdapter;

use crate::fen::{FairySetup, Letters, parse_square, square_name};
use crate::registry;
use crate::rules::{FamilyNotation, Move, Position, Rules};
use crate::value::Outcome;

/// The notation of positions of the games defined as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FairyNotation {
    /// Fairy-Stockfish's FEN: X-FEN with pockets `[..]`, promoted `~` and
    /// `+`, check counters, walls `*` and runs of empty squares of two
    /// digits.
    FairyFen,
}

/// The move notation of the games defined as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FairyMoveNotation {
    /// UCI as Fairy-Stockfish writes it: `e2e4`, `a7a8q`, `P@e4`, `8h2b+`,
    /// `e1g1h` (a gating), `a10a9`.
    FairyUci,
    /// SAN as Fairy-Stockfish writes it (`pyffish.get_san`, pychess.org's
    /// PGN): `Nf3`, `exd5`, `N@e4`, `a8=Q`, `Ha3` (Xiangqi's second
    /// letters), `O-O/H` (a gating), `Qa3,a4` (a wall), `+` and `#`; for
    /// the Shogi family Hodges' notation with numbers, its default there
    /// (`P-76`, `S*34`, `Bx22+`, `+R-24`).
    FairySan,
    /// Long algebraic notation as Fairy-Stockfish writes it
    /// (`NOTATION_LAN`), for every game, the Shogi family's too: SAN with
    /// the origin's square always and `-` for a move that captures
    /// nothing: `e2-e4`, `Ng1xh3`, `P@e4`, `b7-b8=Q`, `Pe4-e5=G`,
    /// `Qd1-a1,b1` (a wall).
    FairyLan,
    /// Xiangqi's WXF as Fairy-Stockfish writes it (`NOTATION_XIANGQI_WXF`),
    /// for the games whose pieces are all Xiangqi's (xiangqi, manchu,
    /// supply, minixiangqi, a user's own): `H2+3`, `C8=5`, `R+=3`, `17+1`,
    /// `P@54`.
    FairyWxf,
    /// Janggi's notation as Fairy-Stockfish writes it (`NOTATION_JANGGI`),
    /// for the games of Janggi's pieces: each square its rank from the top
    /// (the tenth `0`) then its file, `C82-85`, `R01x11+`.
    FairyJanggi,
    /// Thai SAN as Fairy-Stockfish writes it (`NOTATION_THAI_SAN`), for the
    /// games whose pieces all have a Thai letter (makruk, makpong,
    /// cambodian, asean, sittuyin): `ม-ง๒`, `ก๔`, `คxง๕`.
    FairyThaiSan,
    /// Thai long algebraic as Fairy-Stockfish writes it
    /// (`NOTATION_THAI_LAN`), for the same games: `ม ข๑-ง๒`, `บ ค๔xง๕`.
    FairyThaiLan,
    /// Hosking's notation as Fairy-Stockfish writes it
    /// (`NOTATION_SHOGI_HOSKING`), for the Shogi family: `P76`, `S'34`,
    /// `G69-58`.
    FairyHosking,
    /// Hodges' notation with letters for the ranks as Fairy-Stockfish writes
    /// it (`NOTATION_SHOGI_HODGES`), for the Shogi family: `P-7f`, `S*3d`,
    /// `Bx2b+`.
    FairyHodges,
}

impl FairyMoveNotation {
    /// Every move notation of the games defined as data, the default first.
    pub const ALL: [FairyMoveNotation; 9] = [
        FairyMoveNotation::FairyUci,
        FairyMoveNotation::FairySan,
        FairyMoveNotation::FairyLan,
        FairyMoveNotation::FairyWxf,
        FairyMoveNotation::FairyJanggi,
        FairyMoveNotation::FairyThaiSan,
        FairyMoveNotation::FairyThaiLan,
        FairyMoveNotation::FairyHosking,
        FairyMoveNotation::FairyHodges,
    ];

    /// The family notation this is, if it is one.
    pub const fn family(self) -> Option<FamilyNotation> {
        match self {
            FairyMoveNotation::FairyUci | FairyMoveNotation::FairySan | FairyMoveNotation::FairyLan => None,
            FairyMoveNotation::FairyWxf => Some(FamilyNotation::Wxf),
            FairyMoveNotation::FairyJanggi => Some(FamilyNotation::Janggi),
            FairyMoveNotation::FairyThaiSan => Some(FamilyNotation::ThaiSan),
            FairyMoveNotation::FairyThaiLan => Some(FamilyNotation::ThaiLan),
            FairyMoveNotation::FairyHosking => Some(FamilyNotation::Hosking),
            FairyMoveNotation::FairyHodges => Some(FamilyNotation::Hodges),
        }
    }

    /// The move notation a family notation is.
    const fn of_family(family: FamilyNotation) -> FairyMoveNotation {
        match family {
            FamilyNotation::Wxf => FairyMoveNotation::FairyWxf,
            FamilyNotation::Janggi => FairyMoveNotation::FairyJanggi,
            FamilyNotation::ThaiSan => FairyMoveNotation::FairyThaiSan,
            FamilyNotation::ThaiLan => FairyMoveNotation::FairyThaiLan,
            FamilyNotation::Hosking => FairyMoveNotation::FairyHosking,
            FamilyNotation::Hodges => FairyMoveNotation::FairyHodges,
        }
    }
}

/// The game Fairy-Stockfish calls `fairy`, which a position names no other.
pub const DEFAULT_RULES: &str = "fairy";

/// The ids of the game's own ends, for the side to move: a rule of the
/// game (extinction, a flag reached, the last check given, a connection,
/// a full board...) ended it with a win, a loss or a draw.
pub const ENDS: &[&str] = &["side-to-move-wins", "side-to-move-loses", "drawn-by-rule"];

/// The status of an end by a rule, for the side to move.
pub(crate) fn ended(outcome: Outcome) -> GameStatus {
    match outcome {
        Outcome::Win => GameStatus::Ended(ENDS[0]),
        Outcome::Loss => GameStatus::Ended(ENDS[1]),
        _ => GameStatus::Ended(ENDS[2]),
    }
}

/// A position of a game defined as data, with the game's rules.
pub struct FairyPosition {
    name: &'static str,
    rules: Arc<Rules>,
    /// Boxed: a board of up to 16 × 16 cells is large beside the other
    /// games' positions in the facade's enum of them.
    position: Box<Position>,
}

impl Clone for FairyPosition {
    fn clone(&self) -> Self {
        FairyPosition { name: self.name, rules: Arc::clone(&self.rules), position: self.position.clone() }
    }

    /// Into the same box: a line's history reuses its positions' memory.
    fn clone_from(&mut self, source: &Self) {
        self.name = source.name;
        if !Arc::ptr_eq(&self.rules, &source.rules) {
            self.rules = Arc::clone(&source.rules);
        }
        self.position.clone_from(&source.position);
    }
}

/// A game's position is read as its rules' position where a line's history
/// is judged ([`Rules::history_outcome`]).
impl AsRef<Position> for FairyPosition {
    fn as_ref(&self) -> &Position {
        &self.position
    }
}

impl core::fmt::Debug for FairyPosition {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // the rules by name, the position as its FEN
        f.debug_struct("FairyPosition").field("rules", &self.name).field("fen", &self.fen()).finish_non_exhaustive()
    }
}

/// Two positions are equal when their game and FEN are: what a move's
/// history leaves beside the FEN (the last move a pass or a drop) is not
/// part of a position as written.
impl PartialEq for FairyPosition {
    fn eq(&self, other: &FairyPosition) -> bool {
        self.name == other.name && (self.position == other.position || self.setup() == other.setup())
    }
}

impl Eq for FairyPosition {}

polyfen_game::document! {
    /// A position of a game defined as data in JSON.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct FairyJson read from FairyDocument {
        /// The game (`makruk`, `janggi`, a name of a user's file).
        pub rules: String,
        /// Square name (`a1`, `j10`) → what stands there: a piece letter
        /// (upper case white), with `+` before it for a piece promoted
        /// Shogi-style (the letter of what it was) or `~` after it for one that
        /// goes to the hand as a pawn; `*` for a wall.
        #[serde(deserialize_with = "board_map")]
        pub board: BTreeMap<String, String>,
        /// The pieces in hand, upper case white (`PPn`), in a game with a hand.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub pocket: Option<String>,
        /// `white` or `black`.
        pub side_to_move: String,
        /// The castling and gating field as FEN writes it (`KQkq`, `-`).
        pub castling: String,
        /// The en passant squares, if any (`e3`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub en_passant: Option<String>,
        /// The checks each side may still give, in a check-counting game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub remaining_checks: Option<[u8; 2]>,
        /// While a count of Makruk, Cambodian or ASEAN chess runs: its limit
        /// in plies (the halfmove clock then holds the plies counted).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub counting_limit: Option<u32>,
        /// Plies since the last capture or pawn move.
        pub halfmove_clock: u32,
        /// The move number.
        pub fullmove_number: u32,
    }
}

fn color_name(color: Color) -> &'static str {
    if color == Color::White { "white" } else { "black" }
}

fn unknown_rules(name: &str, span: core::ops::Range<usize>) -> ParseError {
    ParseError::new(
        ParseErrorKind::Invalid {
            field: "rules",
            message: format!("no game defined as data is named {name:?} (`polyfen variants` lists them)").into(),
        },
        span,
    )
}

impl FairyPosition {
    /// A kind of piece named in words: a predefined piece by its name
    /// (`knight`), a game's own piece by the name of its moves and its
    /// key (`knight-wazir (customPiece1)`), else by its letter and key
    /// (`piece a (customPiece1)`).
    fn kind_words(&self, kind: crate::PieceKind) -> String {
        if kind.custom_slot().is_none() {
            return kind.name();
        }
        let slot = self.rules.def.slot(kind);
        let named = slot.betza.as_deref().and_then(|b| crate::Betza::parse(b).ok()).and_then(|b| b.name());
        match (named, slot.letter) {
            (Some(name), _) => format!("{name} ({kind})"),
            (None, Some(letter)) => format!("piece {letter} ({kind})"),
            (None, None) => kind.name(),
        }
    }

    /// The start position of the game `name`.
    ///
    /// # Errors
    ///
    /// No game has the name, or its start FEN does not read.
    pub fn start(name: &str) -> Result<FairyPosition, ParseError> {
        let (name, rules) = registry::game(name).ok_or_else(|| unknown_rules(name, 0..0))?;
        let position = Position::start(&rules).map_err(|e| {
            ParseError::new(ParseErrorKind::Invalid { field: "startFen", message: e.to_string().into() }, 0..0)
        })?;
        Ok(FairyPosition { name, rules, position: Box::new(position) })
    }

    /// Reads a FEN of the game `name`.
    ///
    /// # Errors
    ///
    /// No game has the name, or the FEN does not fit it (the span names
    /// where).
    pub fn from_fen(name: &str, fen: &str) -> Result<FairyPosition, ParseError> {
        let (name, rules) = registry::game(name).ok_or_else(|| unknown_rules(name, 0..0))?;
        let letters = Letters::new(&rules.def);
        let setup = FairySetup::parse(&rules.def, &letters, fen)?;
        let position = Position::from_setup(&rules, &setup).map_err(|e| {
            ParseError::new(ParseErrorKind::Invalid { field: "position", message: e.to_string().into() }, 0..fen.len())
        })?;
        Ok(FairyPosition { name, rules, position: Box::new(position) })
    }

    /// The game's name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The game's rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The position, for the game's rules.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The FEN, as `pyffish.get_fen` writes it.
    pub fn fen(&self) -> String {
        self.position.fen(&self.rules)
    }

    fn setup(&self) -> FairySetup {
        self.position.to_setup(&self.rules)
    }

    fn letters(&self) -> Letters {
        Letters::new(&self.rules.def)
    }

    fn playable(&self) -> Result<(), RuleError> {
        match self.rules.unsupported() {
            Some(what) => Err(RuleError::IllegalPosition(format!("{} is not played yet: {what}", self.name))),
            None => Ok(()),
        }
    }

    /// The status at this position alone: an end by a rule at once, a
    /// checkmate or stalemate, the n-move rule (the halfmove clock at twice
    /// `nMoveRule`); the ends a history decides are the record adapter's.
    fn status_now(&self) -> GameStatus {
        if self.rules.is_immediate_end(&self.position) {
            return self.rules.outcome(&self.position).map_or(GameStatus::Ended(ENDS[2]), ended);
        }
        if self.rules.legal_moves(&self.position).is_empty() {
            return if self.rules.is_check(&self.position) { GameStatus::Checkmate } else { GameStatus::Stalemate };
        }
        self.rules.history_outcome(std::slice::from_ref(&*self.position)).map_or(GameStatus::Ongoing, ended)
    }

    /// The move notations the position's moves are written in: UCI, SAN,
    /// long algebraic and the family notations of its game's pieces
    /// ([`Rules::writes`]).
    pub fn move_notations(&self) -> Vec<FairyMoveNotation> {
        let families = self.rules.family_notations().into_iter().map(FairyMoveNotation::of_family);
        let everyones = [FairyMoveNotation::FairyUci, FairyMoveNotation::FairySan, FairyMoveNotation::FairyLan];
        everyones.into_iter().chain(families).collect()
    }

    /// Whether the position's moves are written in `notation`.
    fn writes(&self, notation: FairyMoveNotation) -> bool {
        notation.family().is_none_or(|family| self.rules.writes(family))
    }

    /// The error for a move notation the position's game does not write
    /// (the facade names the game's own before it asks).
    fn not_written() -> RuleError {
        RuleError::Unsupported("such move notation for its pieces")
    }

    /// Every legal move with its text in `notation`, in generation order.
    fn legal_written(&self, notation: FairyMoveNotation) -> Vec<(Move, String)> {
        match notation.family() {
            Some(family) => self.rules.legal_in(&self.position, family),
            None if notation == FairyMoveNotation::FairySan => self.rules.legal_san(&self.position),
            None if notation == FairyMoveNotation::FairyLan => self.rules.legal_lan(&self.position),
            None => {
                let moves = self.rules.legal_moves(&self.position);
                moves.into_iter().map(|m| (m, self.rules.uci(&self.position, m))).collect()
            }
        }
    }

    /// A legal move written in `notation`.
    pub(crate) fn write(&self, mv: Move, notation: FairyMoveNotation) -> String {
        match notation.family() {
            Some(family) => self.rules.write_in(&self.position, mv, family),
            None if notation == FairyMoveNotation::FairySan => self.rules.san(&self.position, mv),
            None if notation == FairyMoveNotation::FairyLan => self.rules.lan(&self.position, mv),
            None => self.rules.uci(&self.position, mv),
        }
    }

    fn tree(&self) -> Tree<'_> {
        Tree { rules: &self.rules, position: (*self.position).clone() }
    }
}

/// The legal move tree of a position, for the perft tools.
struct Tree<'a> {
    rules: &'a Rules,
    position: Position,
}

impl PerftTree for Tree<'_> {
    type Move = Move;
    type Moves = Vec<Move>;

    fn moves(&self) -> Vec<Move> {
        self.rules.legal_moves(&self.position)
    }

    fn child(&self, m: Move) -> Option<Self> {
        Some(Tree { rules: self.rules, position: self.rules.make(&self.position, m) })
    }

    fn perft(&self, depth: u32) -> u64 {
        self.rules.perft(&self.position, depth)
    }
}

/// The deepest perft asked of a game defined as data.
const PERFT_DEPTH_LIMIT: u32 = 12;

impl GamePosition for FairyPosition {
    const ID: &'static str = "fairy";
    type Notation = FairyNotation;
    const NOTATIONS: &'static [FairyNotation] = &[FairyNotation::FairyFen];
    type MoveNotation = FairyMoveNotation;
    const MOVE_NOTATIONS: &'static [FairyMoveNotation] = &FairyMoveNotation::ALL;
    const STYLES: &'static [&'static str] = &["ascii", "unicode", "svg"];
    /// The start of Fairy-Stockfish's `fairy` game (its chess start: the
    /// fairy pieces are there to be placed); a test checks it is the
    /// definition's.
    const SETUPS: &'static [(&'static str, &'static str)] =
        &[("standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")];
    type Json = FairyJson;
    type Document = FairyDocument;
    const JSON_SCHEMA: &'static str = include_str!("position.schema.json");
    type Adapter = FairyAdapter;
    const ENDS: &'static [&'static str] = ENDS;
    const GAME_TAGS: GameTags =
        GameTags { variant: &[VariantTag::named("fairy")], names: Some(("Variant", "Fairy")), ..GameTags::NONE };
    const MOVE_TAGS: MoveTags<FairyMoveNotation> =
        MoveTags { default: Some(FairyMoveNotation::FairyUci), ..MoveTags::NONE };

    fn rules() -> std::borrow::Cow<'static, [RulesInfo]> {
        registry::infos()
    }

    fn scope_rules(source: &str, text: &str) -> Option<Result<polyfen_game::Scoped, String>> {
        Some(
            registry::scope(source, text)
                .map(|scope| polyfen_game::Scoped { ids: scope.names(), rules: std::sync::Arc::new(scope) }),
        )
    }

    fn define_rules(source: &str, text: &str) -> Option<Result<Vec<&'static str>, String>> {
        Some(
            registry::define(source, text).map(|names| names.iter().filter_map(|n| registry::static_name(n)).collect()),
        )
    }

    fn describe_rules(id: &str) -> Option<(String, String)> {
        let def = registry::definition(id)?;
        let (source, line) = def.location();
        Some((format!("{source}:{line}"), def.write_section(true)))
    }

    fn explain_rules(id: &str) -> Option<polyfen_game::RulesChanges> {
        let def = registry::definition(id)?;
        let parent = def.parent().and_then(registry::definition);
        let (source, line) = def.location();
        let (inherited, defaults) = def.inherited();
        Some(polyfen_game::RulesChanges::new(
            format!("{source}:{line}"),
            def.parent().map(str::to_owned),
            def.changes(parent.as_ref()),
            inherited,
            defaults,
        ))
    }

    /// `None` for Fairy-Stockfish's own `fairy` game, the one a position
    /// names no other by.
    fn rules_id(&self) -> Option<&'static str> {
        (self.name != DEFAULT_RULES).then_some(self.name)
    }

    fn read(
        PositionText { input, options, .. }: PositionText<'_, FairyNotation>,
        _repairs: &mut Vec<Repair>,
    ) -> Result<FairyPosition, ParseError> {
        FairyPosition::from_fen(options.rules.unwrap_or(DEFAULT_RULES), input)
    }

    fn write_to(
        &self,
        _notation: FairyNotation,
        _options: &WriteOptions,
        out: &mut String,
        _warnings: &mut Vec<String>,
    ) {
        out.push_str(&self.fen());
    }

    fn violations(&self) -> Vec<String> {
        self.setup().validate(&self.rules.def, &self.letters()).iter().map(ToString::to_string).collect()
    }

    fn pieces(&self) -> usize {
        let setup = self.setup();
        let hand: usize = Color::ALL
            .iter()
            .flat_map(|&c| setup.pocket.kinds(c).map(move |k| (c, k)))
            .map(|(c, k)| usize::from(setup.pocket.count(c, k)))
            .sum();
        setup.pieces().count() + hand
    }

    fn render(&self, style: &str) -> String {
        match style {
            "svg" => draw::svg(self),
            "unicode" => draw::unicode(self),
            _ => draw::ascii(self),
        }
    }

    /// The squares of the largest board a game defined as data may have,
    /// 16 × 16 (each game's drawing uses its own corner of it).
    fn square_boxes() -> Vec<SquareBox> {
        boxes(16, 16)
    }

    fn board_boxes(&self) -> Vec<SquareBox> {
        boxes(self.rules.files(), self.rules.ranks())
    }

    fn to_json(&self, _options: &WriteOptions) -> FairyJson {
        let setup = self.setup();
        let letters = self.letters();
        let mut board = BTreeMap::new();
        for rank in 0..setup.ranks {
            for file in 0..setup.files {
                if let Some(cell) = setup.at(file, rank) {
                    let mut text = String::new();
                    polyfen_core::codec::Alphabet::write_piece(&letters, cell, &mut text);
                    board.insert(square_name(file, rank), text);
                }
            }
        }
        let fen = setup.write(&letters);
        let pocket = fen.split_once('[').and_then(|(_, rest)| rest.split_once(']')).map(|(p, _)| p.to_owned());
        let en_passant: String = setup.en_passant.iter().map(|&(f, r)| square_name(f, r)).collect();
        FairyJson {
            rules: self.name.to_owned(),
            board,
            pocket: pocket.filter(|_| setup.has_pocket),
            side_to_move: color_name(setup.side).to_owned(),
            castling: setup.castling.clone(),
            en_passant: (!en_passant.is_empty()).then_some(en_passant),
            remaining_checks: setup.checks,
            counting_limit: setup.counting,
            halfmove_clock: setup.halfmove,
            fullmove_number: setup.fullmove,
        }
    }

    fn from_json(json: FairyJson, input: &str) -> Result<FairyPosition, ParseError> {
        let (_, rules) = registry::game(&json.rules)
            .ok_or_else(|| at_value(input, &["rules"], format!("no game defined as data is named {:?}", json.rules)))?;
        let (files, ranks) = (rules.files(), rules.ranks());
        let letters = Letters::new(&rules.def);
        let mut cells: BTreeMap<(u8, u8), &str> = BTreeMap::new();
        for (name, text) in &json.board {
            let at = parse_square(name, files, ranks).ok_or_else(|| {
                at_key(
                    input,
                    &["board", name],
                    format!("{name:?} is not a square of {} (a1 to {})", json.rules, square_name(files - 1, ranks - 1)),
                )
            })?;
            let bytes = text.as_bytes();
            let (prefixed, rest) = match bytes {
                [b'+', rest @ ..] => (true, rest),
                _ => (false, bytes),
            };
            let (letter, suffixed) = match rest {
                [letter] => (Some(*letter), false),
                [letter, b'~'] => (Some(*letter), true),
                _ => (None, false),
            };
            let cell = letter.and_then(|l| polyfen_core::codec::Alphabet::piece(&letters, l, prefixed, suffixed));
            if cell.is_none() {
                return Err(at_value(
                    input,
                    &["board", name],
                    format!(
                        "{text:?} is not a piece of {} (its letter, `+` before the letter of what a promoted piece \
                         was, `~` after a piece that was a pawn) or a wall `*`",
                        json.rules
                    ),
                ));
            }
            cells.insert(at, text);
        }
        let mut fen = String::new();
        for rank in (0..ranks).rev() {
            let mut run = 0;
            for file in 0..files {
                match cells.get(&(file, rank)) {
                    Some(text) => {
                        if run > 0 {
                            let _ = write!(fen, "{run}");
                            run = 0;
                        }
                        fen.push_str(text);
                    }
                    None => run += 1,
                }
            }
            if run > 0 {
                let _ = write!(fen, "{run}");
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        if let Some(pocket) = &json.pocket {
            let _ = write!(fen, "[{pocket}]");
        }
        let side = side_to_move(input, &json.side_to_move, &["white", "w"], &["black", "b"])?;
        let _ = write!(
            fen,
            " {} {} {}",
            if side == Color::White { 'w' } else { 'b' },
            json.castling,
            match (json.counting_limit, json.en_passant.as_deref()) {
                (Some(limit), _) => limit.to_string(),
                (None, ep) => ep.unwrap_or("-").to_owned(),
            }
        );
        if let Some([w, b]) = json.remaining_checks {
            let _ = write!(fen, " {w}+{b}");
        }
        let _ = write!(fen, " {} {}", json.halfmove_clock, json.fullmove_number);
        FairyPosition::from_fen(&json.rules, &fen).map_err(|e| {
            let field = match &e.kind {
                ParseErrorKind::Invalid { field, .. } => *field,
                _ => "board",
            };
            let key = match field {
                "castling" => "castling",
                "en passant" => "en_passant",
                "pocket" => "pocket",
                "halfmove clock" => "halfmove_clock",
                "fullmove number" => "fullmove_number",
                "check counter" => "remaining_checks",
                "counting limit" => "counting_limit",
                "side to move" => "side_to_move",
                _ => "board",
            };
            at_value(input, &[key], e.to_string())
        })
    }

    /// UCI, SAN, long algebraic and the family notations of the game's
    /// pieces.
    fn rules_move_notations(&self) -> Vec<FairyMoveNotation> {
        self.move_notations()
    }

    fn legal_moves(&self, notation: FairyMoveNotation, _options: &RuleOptions) -> Result<Vec<String>, RuleError> {
        self.playable()?;
        if !self.writes(notation) {
            return Err(Self::not_written());
        }
        Ok(match notation {
            FairyMoveNotation::FairyUci => self.rules.legal_uci(&self.position),
            _ => self.legal_written(notation).into_iter().map(|(_, text)| text).collect(),
        })
    }

    fn play_with(
        &mut self,
        MoveToPlay { text, write_as, .. }: MoveToPlay<'_, FairyMoveNotation>,
        _options: &RuleOptions,
    ) -> Result<Played, RuleError> {
        self.playable()?;
        if !self.writes(write_as) {
            return Err(Self::not_written());
        }
        let mv = self.legal_move(text).map_err(|error| RuleError::Move { index: 0, error })?;
        let written = self.write(mv, write_as);
        self.rules.make_in_place(&mut self.position, mv);
        Ok(Played { text: written, repairs: Vec::new() })
    }

    fn perft_with(&self, PerftRun { depth, control, .. }: PerftRun<'_>) -> Result<u64, RuleError> {
        self.playable()?;
        polyfen_game::check_perft_depth(depth, PERFT_DEPTH_LIMIT)?;
        control.perft(&self.tree(), depth)
    }

    fn divide_with(&self, run: PerftRun<'_>, notation: FairyMoveNotation) -> Result<Vec<Divided>, RuleError> {
        self.playable()?;
        if !self.writes(notation) {
            return Err(Self::not_written());
        }
        polyfen_game::check_perft_depth(run.depth, PERFT_DEPTH_LIMIT)?;
        run.control.divide_written(&self.tree(), run.depth, |mv| self.write(mv, notation))
    }

    fn perft_estimate(&self, depth: u32, _options: &RuleOptions) -> Result<u64, RuleError> {
        self.playable()?;
        polyfen_game::check_perft_depth(depth, PERFT_DEPTH_LIMIT)?;
        Ok(self.tree().perft_estimate(depth))
    }

    fn status(&self, _options: &RuleOptions) -> Result<GameStatus, RuleError> {
        self.playable()?;
        Ok(self.status_now())
    }

    /// The status with the result the game's values give it (its
    /// checkmate, stalemate and immediate-end values, the n-move rule), the
    /// royal piece in check, and where checks are counted the checks each
    /// side still has to give.
    fn standing(&self, _options: &RuleOptions) -> Result<Standing, RuleError> {
        self.playable()?;
        let pos = &*self.position;
        let mut standing = Standing::new(self.status_now());
        let ended = self.rules.is_immediate_end(pos) || self.rules.legal_moves(pos).is_empty();
        let outcome =
            if ended { self.rules.outcome(pos) } else { self.rules.history_outcome(std::slice::from_ref(pos)) };
        let first = pos.side() == Color::White;
        standing.result = match outcome {
            Some(Outcome::Win) => Some(Standing::result_for_mover(first, Some(true))),
            Some(Outcome::Loss) => Some(Standing::result_for_mover(first, Some(false))),
            Some(Outcome::Draw) => Some("1/2-1/2"),
            Some(Outcome::None) | None => None,
        };
        if let Some(royal) = self.rules.checked_royal(pos) {
            standing.check.push(square_name(self.rules.file_of(royal), self.rules.rank_of(royal)));
        }
        if self.rules.check_counting {
            standing.counters = Color::ALL
                .into_iter()
                .map(|c| Counter::new(color_name(c), "checks still to give", u32::from(pos.checks[c.index()])))
                .collect();
        }
        Ok(standing)
    }
}

impl Explain for FairyPosition {
    fn geometry(&self) -> Geometry {
        Geometry {
            files: self.rules.files(),
            ranks: self.rules.ranks(),
            bottom_first: false,
            ten_digit: None,
            first_label: 1,
            cell: "square",
            row: "rank",
            prefix: Some('+'),
            names: None,
        }
    }

    const SUFFIX: Option<char> = Some('~');

    fn piece_words(&self, file: u8, rank: u8) -> Option<String> {
        let (color, kind, base) = self.position.piece_at(&self.rules, file, rank)?;
        let name = |kind: crate::PieceKind| self.kind_words(kind);
        Some(match base {
            Some(base) => format!("{} {} (a promoted {})", color_name(color), name(kind), name(base)),
            None => format!("{} {}", color_name(color), name(kind)),
        })
    }

    /// Its moves told from its Betza definition (the game's own, else the
    /// predefined piece's): `moves or captures one square diagonally
    /// (Betza F)`.
    fn piece_moves(&self, file: u8, rank: u8) -> Option<String> {
        let (_, kind, _) = self.position.piece_at(&self.rules, file, rank)?;
        let slot = self.rules.def.slot(kind);
        let betza = slot.betza.as_deref().or(kind.predefined().map(|p| p.betza)).filter(|b| !b.is_empty())?;
        let moves = crate::Betza::parse(betza).ok()?;
        let special = kind.predefined().and_then(|p| p.special).map_or(String::new(), |s| format!("; {s}"));
        Some(format!("{}{special} (Betza {betza})", moves.explain()))
    }

    fn color_words(color: Color) -> &'static str {
        color_name(color)
    }

    fn placement_hand_part(&self, input: &str, start: usize, end: usize) -> Option<Part> {
        let text = input.get(start..end)?;
        if !text.starts_with('[') {
            return None;
        }
        let mut words = Vec::new();
        let letters = self.letters();
        for b in text.bytes().filter(u8::is_ascii_alphabetic) {
            if let Some((color, kind)) = letters.kind_of(b) {
                words.push(format!("{} {kind}", color_name(color)));
            }
        }
        let value = if words.is_empty() { "empty".to_owned() } else { words.join(", ") };
        Some(
            Part::new(input, start, end, "pocket")
                .with(value, "The pieces in hand, which may be dropped on the board."),
        )
    }

    fn field_parts(&self, field: Field<'_>, _notation: FairyNotation, _pieces: &[(u8, u8)], parts: &mut Vec<Part>) {
        let Field { input, start, end, index } = field;
        let part = |kind| Part::new(input, start, end, kind);
        let text = field.text();
        // the numbers after the en passant field: the halfmove clock, then
        // the move number (a check counter, `3+3`, may stand between)
        let numbers_before = polyfen_game::explain::tokens(&input[..start])
            .iter()
            .filter(|&&(_, _, space)| !space)
            .skip(4)
            .filter(|&&(s, e, _)| !input[s..e].contains('+'))
            .count();
        let counting = self.position.count_limit != 0;
        parts.push(match index {
            1 => side_part::<FairyPosition>(part("side"), self.position.side()),
            2 => part("castling")
                .with(text, "The castling rights and the gates (Seirawan gating), as X-FEN writes them; `-` for none."),
            3 if counting => part("counting-limit").with(
                text,
                format!(
                    "The counting limit, {text} plies: the side with more pieces must mate before the count passes \
                     it, or the game is drawn (Makruk-style counting)."
                ),
            ),
            3 => part("en-passant").with(text, "The squares a pawn may be taken on en passant; `-` for none."),
            _ if text.contains('+') => {
                part("checks").with(text, "The checks each side may still give before it wins (white's, then black's).")
            }
            _ if numbers_before == 0 && counting => part("counted-plies")
                .with(text, format!("The plies counted so far, {text}, towards the counting limit.")),
            _ if numbers_before == 0 => part("halfmove")
                .with(text, format!("The halfmove clock, {text}: plies since the last capture or pawn move.")),
            _ if numbers_before == 1 => part("fullmove").with(text, format!("The move number, {text}.")),
            _ => part("extra").with(text, "A field after the last one Fairy-Stockfish's FEN has."),
        });
    }

    /// UCI and SAN as Fairy-Stockfish writes them: a drop's piece and `@`
    /// (`P@e4`, Shogi's `+P@e4`), SAN's piece letter, a promotion (`=Q`,
    /// UCI's trailing letter, Shogi's `+`), the squares.
    /// The Shogi family's moves (Hodges', Hosking's, and SAN as those games
    /// write it, `P*53`) are cut into their parts as well; a move in
    /// another family notation is one part, the move from its square to
    /// its square.
    fn move_parts(text: &str, notation: FairyMoveNotation, coordinate: &str) -> Vec<Part> {
        let san = matches!(notation, FairyMoveNotation::FairySan | FairyMoveNotation::FairyLan);
        let m = MoveText::new(text, coordinate);
        let shogi = matches!(notation, FairyMoveNotation::FairyHodges | FairyMoveNotation::FairyHosking)
            || (san && !text.contains(m.to.as_str()));
        if let Some(parts) = shogi.then(|| shogi_parts::parts(&m)).flatten() {
            return parts;
        }
        if notation.family().is_some() {
            let squares = if m.from == m.to { vec![m.to.clone()] } else { vec![m.from.clone(), m.to.clone()] };
            let name = match notation {
                FairyMoveNotation::FairyWxf => "Xiangqi's WXF",
                FairyMoveNotation::FairyJanggi => "Janggi's notation",
                FairyMoveNotation::FairyThaiSan => "Thai SAN",
                FairyMoveNotation::FairyThaiLan => "Thai long algebraic notation",
                FairyMoveNotation::FairyHosking => "Hosking's notation",
                _ => "Hodges' notation",
            };
            let meaning = format!("The move {coordinate}, in {name} as Fairy-Stockfish writes it.");
            return vec![Part::new(text, 0, text.len(), "move").with(text.to_owned(), meaning).on(squares)];
        }
        let drop_at = m.chars.iter().position(|&(_, c)| c == '@' || c == '*');
        let syntax = SquareSyntax { any_case: false, two_digit_ranks: true };
        m.coordinate_parts(syntax, san, |m, k| {
            let c = m.chars.get(k)?.1;
            if let Some(at) = drop_at.filter(|&at| k < at) {
                let piece: String = m.chars[k..at].iter().map(|&(_, c)| c).collect();
                let mark = m.chars[at].1;
                let meaning =
                    format!("The piece dropped from the pocket: {piece}, put on the square after the `{mark}`.");
                return Some((m.part(k, at + 1 - k, "drop").with(piece, meaning).on(vec![m.to.clone()]), at + 1 - k));
            }
            let after_square = k > 0 && m.chars[k - 1].1.is_ascii_digit();
            if san && k == 0 && c.is_ascii_uppercase() {
                let meaning = format!("The piece that moves: the one written {c}.");
                return Some((m.part(k, 1, "piece").with(c.to_string(), meaning).on(vec![m.from.clone()]), 1));
            }
            if c == '=' && m.chars.get(k + 1).is_some_and(|c| c.1.is_ascii_alphabetic()) {
                let to = m.chars[k + 1].1;
                let meaning = format!("The piece promotes to the one written {to}.");
                return Some((m.part(k, 2, "promotion").with(to.to_string(), meaning).on(vec![m.to.clone()]), 2));
            }
            if !san && after_square && (c.is_ascii_lowercase() || c == '+') {
                let meaning = if c == '+' {
                    "The piece promotes as Shogi's pieces do.".to_owned()
                } else {
                    format!("The piece promotes to the one written {c}.")
                };
                return Some((m.part(k, 1, "promotion").with(c.to_string(), meaning).on(vec![m.to.clone()]), 1));
            }
            None
        })
    }

    fn guess_move_notation(text: &str) -> FairyMoveNotation {
        guess_notation(text)
    }
}

/// Where the drawing of a board of `files` × `ranks` puts each square: the
/// top rank first, each rank from the left.
fn boxes(files: u8, ranks: u8) -> Vec<SquareBox> {
    let mut out = Vec::with_capacity(usize::from(files) * usize::from(ranks));
    for rank in (0..ranks).rev() {
        for file in 0..files {
            out.push(SquareBox {
                name: square_name(file, rank),
                x: MARGIN + i32::from(file) * CELL,
                y: MARGIN + (i32::from(ranks) - 1 - i32::from(rank)) * CELL,
                size: CELL,
            });
        }
    }
    out
}

/// The move notation a text is likely in: UCI when it starts with two
/// squares (`e2e4`, `a10a9`) or is a drop (`P@e4`, `+P@e4`, the same text
/// in SAN), else SAN (`Nf3`, `exd5`, `O-O`).
fn guess_notation(text: &str) -> FairyMoveNotation {
    let b = text.trim().trim_start_matches('+').as_bytes();
    let square = |at: usize| -> Option<usize> {
        b.get(at).filter(|c| c.is_ascii_lowercase())?;
        let digits = b[at + 1..].iter().take(2).take_while(|c| c.is_ascii_digit()).count();
        (digits > 0).then_some(at + 1 + digits)
    };
    let uci = b.get(1) == Some(&b'@') || square(0).and_then(square).is_some();
    if uci { FairyMoveNotation::FairyUci } else { FairyMoveNotation::FairySan }
}
