//! Shogi as the layers above it see it ([`GamePosition`]): SFEN, USI
//! moves, diagrams, the JSON form, explanations part by part, the rules and
//! perft; in game records, [`ShogiAdapter`] (record.rs); its own record
//! formats KIF, KI2 and CSA, [`ShogiRecord`] (records/).

mod explain;
mod fsf;
mod glyphs;
mod json;
mod record;
mod records;
mod render;
mod svg;

use polyfen_core::{Leniency, ParseError, PerftTree, Repair, Setup};
use polyfen_game::detect::{Guess, Strength, TextShape};
use polyfen_game::tags::{GameTags, MoveTags, VariantTag};
use polyfen_game::{
    Divided, GamePosition, GameStatus, MoveError, MoveToPlay, PerftRun, Played, PositionText, RuleError, RuleOptions,
    Standing, WriteOptions, check_perft_depth,
};

pub use self::json::{ShogiDocument, ShogiJson};
pub use self::record::ShogiAdapter;
pub use self::records::ShogiRecord;
pub use self::render::ascii;
pub use self::svg::svg;
use crate::board::{BoardError, BoardNotation};
use crate::{Move, MoveParseError, Position, Sfen, ShogiMoveNotation, Square, Status};

/// The position notations of Shogi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShogiNotation {
    /// SFEN: placement, side, hands, move number.
    Sfen,
    /// The CSA position lines: `P1`…`P9` (or `PI` and the pieces removed),
    /// `P+`/`P-` hands, the side `+`/`-`.
    CsaBoard,
    /// The KIF board diagram (BOD): the hands, the framed board with `v`
    /// before gote's pieces, the side to move.
    KifBoard,
}

impl ShogiNotation {
    /// The board notation of the crate this is, if it is one.
    fn board(self) -> Option<BoardNotation> {
        match self {
            ShogiNotation::Sfen => None,
            ShogiNotation::CsaBoard => Some(BoardNotation::CsaBoard),
            ShogiNotation::KifBoard => Some(BoardNotation::KifBoard),
        }
    }
}

/// A Shogi position as the layers above the rules hold it: the setup, and
/// the square the last move went to, when it was reached by a move (what
/// KIF and KI2 write `同` for).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShogiPosition {
    /// The board, the side to move, the hands and the move number.
    pub setup: Sfen,
    /// Where the last move went, if the position was reached by one.
    pub last_to: Option<Square>,
}

impl ShogiPosition {
    /// A position from a setup, reached by no move.
    #[must_use]
    pub fn new(setup: Sfen) -> ShogiPosition {
        ShogiPosition { setup, last_to: None }
    }

    /// The position to play from, or why the setup breaks the rules.
    fn rules(&self) -> Result<Position, RuleError> {
        Position::from_setup(&self.setup).map_err(|e| RuleError::IllegalPosition(e.to_string()))
    }
}

/// A board notation's error as a parse error at its byte offset.
fn board_error(board: BoardNotation, e: &BoardError) -> ParseError {
    let kind = polyfen_core::ParseErrorKind::Invalid {
        field: board.name(),
        message: format!("line {}, column {}: {}", e.line, e.column, e.message).into(),
    };
    ParseError::new(kind, e.offset..e.offset + 1)
}

/// The deepest perft the facade runs.
const MAX_PERFT_DEPTH: u32 = 20;

/// The notation a move text is written in, from its shape: CSA starts
/// with its side's sign and a digit (`+7776FU`), KI2 with a side's mark
/// (`▲７六歩`), KIF in Japanese otherwise (`７六歩(77)`), USI with a
/// digit (`7g7f`) or a drop's star (`P*5e`, which Western writes the same
/// way; `P*76` is Western with numbers), Western with a piece letter
/// (`P-7f`, `+R4d-4f`), with numbers when the target's rank is a digit
/// (`P-76`, `G68-58`).
#[must_use]
pub fn notation_of(text: &str) -> ShogiMoveNotation {
    let text = text.trim();
    let b = text.as_bytes();
    match b {
        [b'+' | b'-', d, ..] if d.is_ascii_digit() => ShogiMoveNotation::Csa,
        _ if text.starts_with(['▲', '△', '☗', '☖']) => ShogiMoveNotation::Ki2,
        _ if !text.is_ascii() => {
            if text.contains('(') {
                ShogiMoveNotation::Kif
            } else {
                ShogiMoveNotation::Ki2
            }
        }
        [d, ..] if d.is_ascii_digit() => ShogiMoveNotation::Usi,
        [_, b'*', _, d, ..] if d.is_ascii_digit() => ShogiMoveNotation::WesternNumeric,
        [_, b'*', ..] => ShogiMoveNotation::Usi,
        [b'a'..=b'i', b'1'..=b'9', ..] | [_, b'@', ..] => ShogiMoveNotation::UciFsf,
        // the target after the mark: `P-7f`, or with a rank's digit `P-76`
        _ => match b.iter().rposition(|c| matches!(c, b'-' | b'x' | b'*')).and_then(|at| b.get(at + 2)) {
            Some(d) if d.is_ascii_digit() => ShogiMoveNotation::WesternNumeric,
            _ => ShogiMoveNotation::Western,
        },
    }
}

/// Reads a move in the notation its shape says (see [`notation_of`]), or
/// in `expected` when a record names its notation; the last move having
/// gone to `previous`.
fn read_any(
    pos: &Position,
    previous: Option<Square>,
    text: &str,
    expected: Option<ShogiMoveNotation>,
    lenient: bool,
    repairs: &mut Vec<polyfen_core::MoveRepair>,
) -> Result<Move, MoveParseError> {
    let notation = expected.unwrap_or_else(|| notation_of(text));
    if lenient { notation.read_lenient(pos, previous, text, repairs) } else { notation.read_after(pos, previous, text) }
}

/// A reader's error as the rules' (the move at index 0).
fn move_error(e: &MoveParseError) -> MoveError {
    let candidates = e.candidates.iter().map(|c| c.text.clone()).collect();
    MoveError::new(e.kind.to_string(), e.span.clone()).with_candidates(candidates)
}

impl GamePosition for ShogiPosition {
    const ID: &'static str = "shogi";
    type Notation = ShogiNotation;
    const NOTATIONS: &'static [ShogiNotation] =
        &[ShogiNotation::Sfen, ShogiNotation::CsaBoard, ShogiNotation::KifBoard];
    type MoveNotation = ShogiMoveNotation;
    const MOVE_NOTATIONS: &'static [ShogiMoveNotation] = &ShogiMoveNotation::ALL;
    const STYLES: &'static [&'static str] = &["ascii", "unicode", "svg"];
    const SETUPS: &'static [(&'static str, &'static str)] = &SETUP_IDS;
    type Json = ShogiJson;
    type Document = ShogiDocument;
    const JSON_SCHEMA: &'static str = include_str!("position.schema.json");
    const ENDS: &'static [&'static str] = &[IMPASSE_DECLARATION.id(), SENNICHITE.id(), PERPETUAL_CHECK.id()];
    /// The eight kinds and the six promoted ones, sente's then gote's.
    const PIECES: &'static [&'static str] = &[
        "K", "R", "B", "G", "S", "N", "L", "P", "+R", "+B", "+S", "+N", "+L", "+P", "k", "r", "b", "g", "s", "n", "l",
        "p", "+r", "+b", "+s", "+n", "+l", "+p",
    ];
    type Adapter = ShogiAdapter;
    const GAME_TAGS: GameTags = GameTags {
        variant: &[VariantTag::named("shogi")],
        game: &["shogi"],
        players: &["Sente", "Gote"],
        names: Some(("Variant", "shogi")),
        ..GameTags::NONE
    };
    const MOVE_TAGS: MoveTags<ShogiMoveNotation> = MoveTags {
        default: None,
        formats: &[
            ("USI", ShogiMoveNotation::Usi),
            ("CSA", ShogiMoveNotation::Csa),
            ("KIF", ShogiMoveNotation::Kif),
            ("KI2", ShogiMoveNotation::Ki2),
            ("Western", ShogiMoveNotation::Western),
        ],
        // pychess.org's records: Fairy-Stockfish's name, Hodges with numbers
        variants: &[("shogi", ShogiMoveNotation::WesternNumeric)],
    };

    fn read(
        PositionText { input, notation, options }: PositionText<'_, ShogiNotation>,
        repairs: &mut Vec<Repair>,
    ) -> Result<ShogiPosition, ParseError> {
        if let Some(board) = notation.board() {
            return board.read(input).map(ShogiPosition::new).map_err(|e| board_error(board, &e));
        }
        let leniency = if options.lenient { Leniency::ALL } else { Leniency::default() };
        // Fairy-Stockfish's form, its hand in brackets: the SFEN it stands
        // for, an error spanning the whole text
        if let Some(sfen) = fsf::to_sfen(input) {
            let whole = |e: ParseError| ParseError { span: 0..input.len(), ..e };
            return Ok(ShogiPosition::new(
                Setup::parse_with(&sfen.map_err(whole)?, &leniency, repairs).map_err(whole)?,
            ));
        }
        Ok(ShogiPosition::new(Setup::parse_with(input, &leniency, repairs)?))
    }

    /// Writes SFEN, or a board notation, which has no move number: one
    /// other than 1 is dropped with a warning.
    fn write_to(&self, notation: ShogiNotation, _options: &WriteOptions, out: &mut String, warnings: &mut Vec<String>) {
        match notation.board() {
            None => self.setup.write(&(), out),
            Some(board) => {
                let number = self.setup.extras.move_number;
                if number != 1 {
                    warnings.push(format!("{board} has no move number; dropped move number {number}"));
                }
                out.push_str(board.write(&self.setup).trim_end_matches('\n'));
            }
        }
    }

    fn square_boxes() -> Vec<polyfen_game::svg::SquareBox> {
        svg::square_boxes()
    }

    fn violations(&self) -> Vec<String> {
        self.setup.validate().iter().map(ToString::to_string).collect()
    }

    /// The pieces on the board and in both hands.
    fn pieces(&self) -> usize {
        let hands: u32 = [polyfen_core::Color::White, polyfen_core::Color::Black]
            .into_iter()
            .map(|color| self.setup.extras.hand.total(color))
            .sum();
        self.setup.board.iter().flatten().count() + hands as usize
    }

    fn render(&self, style: &str) -> String {
        match style {
            "svg" => svg(&self.setup),
            "unicode" => BoardNotation::KifBoard.write(&self.setup),
            _ => ascii(&self.setup),
        }
    }

    fn to_json(&self, _options: &WriteOptions) -> ShogiJson {
        ShogiJson::from_position(self)
    }

    fn from_json(json: ShogiJson, input: &str) -> Result<ShogiPosition, ParseError> {
        json.into_position(input)
    }

    /// A CSA board (`P1-KY…`, `PI`) or a KIF board diagram (`後手の持駒`,
    /// `９ ８ ７`) by its first line; else SFEN: nine ranks, a side `b` or
    /// `w` (either case), or another side with a `+` in the placement or
    /// exactly SFEN's three fields after it, and at most four fields, with
    /// no empty rank (`//`) or legacy marker, which only the legacy Xiangqi
    /// dialect writes: no other game's position looks so.
    fn guess(shape: &TextShape) -> Option<Guess<ShogiNotation>> {
        if shape.csa_board {
            return Some(Guess::new(Strength::Sure, ShogiNotation::CsaBoard, None));
        }
        if shape.kif_board {
            return Some(Guess::new(Strength::Sure, ShogiNotation::KifBoard, None));
        }
        let side = shape.second_len == 1 && matches!(shape.second_byte, b'b' | b'w' | b'B' | b'W');
        let plain = !shape.empty_rows && !shape.marker && shape.fifth_len == 0;
        // a bad side letter, but SFEN's promoted pieces or its three fields
        // (side, hand, number; Xiangqi FEN has five): still Shogi, whose
        // error names the side
        let sfen_like = shape.plus || shape.fields == 3;
        (shape.rows() == 9 && (side || sfen_like) && plain).then_some(Guess::new(
            Strength::Sure,
            ShogiNotation::Sfen,
            None,
        ))
    }

    /// A USI move (`7g7f`, `8h2b+`, `P*5e`), a CSA move (`+7776FU`) or a
    /// KIF or KI2 move (Japanese, with a side's mark or a full-width file
    /// digit first).
    fn claims_move(text: &str) -> bool {
        let csa = text.len() == 7 && text.starts_with(['+', '-']) && text.as_bytes()[1].is_ascii_digit();
        let japanese =
            text.starts_with(['▲', '△', '☗', '☖', '同', '１', '２', '３', '４', '５', '６', '７', '８', '９']);
        if csa || japanese {
            return true;
        }
        let square = |f: u8, r: u8| (b'1'..=b'9').contains(&f) && (b'a'..=b'i').contains(&r);
        match text.as_bytes() {
            [p, b'*', f, r] => b"RBGSNLP".contains(p) && square(*f, *r),
            [f1, r1, f2, r2] | [f1, r1, f2, r2, b'+'] => square(*f1, *r1) && square(*f2, *r2),
            _ => false,
        }
    }

    fn legal_moves(&self, notation: ShogiMoveNotation, _options: &RuleOptions) -> Result<Vec<String>, RuleError> {
        let pos = self.rules()?;
        Ok(pos.legal_moves().iter().map(|&m| notation.write_after(&pos, self.last_to, m)).collect())
    }

    /// Reads a move in any notation, found from its shape (see
    /// [`notation_of`]; leniently, the other writers' forms too, each
    /// reported), plays it and writes it in `write_as`. KIF and KI2 read
    /// and write `同` for the square the move that reached this position
    /// went to.
    fn play_with(
        &mut self,
        MoveToPlay { text, write_as, lenient }: MoveToPlay<'_, ShogiMoveNotation>,
        _options: &RuleOptions,
    ) -> Result<Played, RuleError> {
        let mut pos = self.rules()?;
        let mut repairs = Vec::new();
        let m = read_any(&pos, self.last_to, text, None, lenient, &mut repairs)
            .map_err(|e| RuleError::Move { index: 0, error: move_error(&e) })?;
        let written = write_as.write_after(&pos, self.last_to, m);
        pos.play(m);
        self.setup = pos.to_setup();
        self.last_to = Some(m.to());
        Ok(Played { text: written, repairs })
    }

    fn perft_with(&self, PerftRun { depth, control, .. }: PerftRun<'_>) -> Result<u64, RuleError> {
        check_perft_depth(depth, MAX_PERFT_DEPTH)?;
        control.perft(&self.rules()?, depth)
    }

    fn divide_with(&self, run: PerftRun<'_>, notation: ShogiMoveNotation) -> Result<Vec<Divided>, RuleError> {
        check_perft_depth(run.depth, MAX_PERFT_DEPTH)?;
        let pos = self.rules()?;
        run.control.divide_written(&pos, run.depth, |m| notation.write_after(&pos, self.last_to, m))
    }

    fn perft_estimate(&self, depth: u32, _options: &RuleOptions) -> Result<u64, RuleError> {
        check_perft_depth(depth, MAX_PERFT_DEPTH)?;
        Ok(self.rules()?.perft_estimate(depth))
    }

    /// Checkmate, or no legal move without check (a loss too in Shogi, only
    /// met in composed positions: reported as [`GameStatus::Stalemate`]),
    /// else `impasse-declaration` when the side to move may declare a win
    /// by entering king ([`crate::impasse_declaration`]).
    fn status(&self, _options: &RuleOptions) -> Result<GameStatus, RuleError> {
        Ok(status_of(&self.rules()?))
    }

    /// The status with its result (checkmate or no legal move loses; a win
    /// by entering king is declared, not given) and the king in check.
    fn standing(&self, _options: &RuleOptions) -> Result<Standing, RuleError> {
        let position = self.rules()?;
        let mut standing = Standing::new(status_of(&position));
        let sente = position.turn() == polyfen_core::Color::White;
        if position.status() != Status::Ongoing {
            standing.result = Some(Standing::result_for_mover(sente, Some(false)));
        }
        if position.is_check() {
            standing.check.extend(position.king(position.turn()).map(|k| k.to_string()));
        }
        Ok(standing)
    }
}

/// The named starts as `(id, SFEN)`.
const SETUP_IDS: [(&str, &str); crate::SETUPS.len()] = {
    let mut out = [("", ""); crate::SETUPS.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = (crate::SETUPS[i].0, crate::SETUPS[i].2);
        i += 1;
    }
    out
};

/// The status of a side to move that may declare a win by entering king
/// ([`crate::impasse_declaration`]), as chess's `fifty-moves` says a draw
/// may be claimed.
pub(crate) const IMPASSE_DECLARATION: GameStatus = GameStatus::Ended("impasse-declaration");
/// A fourth repetition, a draw ([`crate::Repetition::Draw`]).
pub(crate) const SENNICHITE: GameStatus = GameStatus::Ended("sennichite");
/// A fourth repetition with every move of one side a check: that side lost
/// ([`crate::Repetition::PerpetualCheck`]).
pub(crate) const PERPETUAL_CHECK: GameStatus = GameStatus::Ended("perpetual-check");

/// The status of a position: checkmate or no legal move, else the impasse
/// declaration the side to move may make, else ongoing.
fn status_of(position: &Position) -> GameStatus {
    match position.status() {
        Status::Ongoing if crate::impasse_declaration(position).is_some() => IMPASSE_DECLARATION,
        status => status.into(),
    }
}

/// The status a repetition ends the game with.
fn repetition_status(repetition: crate::Repetition) -> GameStatus {
    match repetition {
        crate::Repetition::Draw => SENNICHITE,
        crate::Repetition::PerpetualCheck { .. } => PERPETUAL_CHECK,
    }
}

/// The game's state, as the rules and the game records tell it.
impl From<Status> for GameStatus {
    fn from(status: Status) -> GameStatus {
        match status {
            Status::Ongoing => GameStatus::Ongoing,
            Status::Checkmate => GameStatus::Checkmate,
            Status::NoLegalMove => GameStatus::Stalemate,
        }
    }
}
