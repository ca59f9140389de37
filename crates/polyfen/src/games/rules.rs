//! What each game gives the game layer: its playable position, how a move's
//! text is read and written, and how moves are numbered. Everything else
//! (the PGN reader, the tree builder, the writer, JSON) is shared.

use polyfen_chess::{CastlingNotation, CastlingStyle};
use polyfen_core::Color;

use crate::rules::{GameStatus, MoveError, MoveNotation};
use crate::{AnyPosition, ChessPosition, KhetPosition, VariantId, XiangqiPosition};

/// A move read leniently: what was done, and the bytes of the move's text
/// it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNote {
    /// The bytes of the move text.
    pub span: std::ops::Range<usize>,
    /// What was read, in words.
    pub message: String,
}

/// One game's rules as the game layer uses them. Implemented for chess,
/// Xiangqi and Khet; a new game implements this and its moves can be read
/// from and written to every game-record format.
pub trait GameRules {
    /// A position moves can be played on.
    type Pos: Clone;
    /// A legal move of a position.
    type Move: Copy;

    /// The game.
    const VARIANT: VariantId;
    /// The coordinate notation the model keeps moves in.
    const COORDINATES: MoveNotation;

    /// The playable position of a facade position of this game.
    ///
    /// # Errors
    ///
    /// Why the position cannot be played, in words.
    fn from_any(position: &AnyPosition) -> Result<Self::Pos, String>;

    /// The facade position.
    fn to_any(pos: &Self::Pos) -> AnyPosition;

    /// Reads a move written in any notation of the game. `expected` is the
    /// file's notation, if it names one: a move read in another is noted.
    ///
    /// # Errors
    ///
    /// A [`MoveError`] naming the span and the candidates.
    fn read_move(
        pos: &Self::Pos,
        text: &str,
        expected: Option<MoveNotation>,
        notes: &mut Vec<MoveNote>,
    ) -> Result<Self::Move, MoveError>;

    /// Reads a move as [`GameRules::read_move`] and also the forms only a
    /// lenient reading takes, noting each such reading in `notes`. Called
    /// when the strict reading failed and the reader was asked to be
    /// lenient; by default the strict reading again.
    ///
    /// # Errors
    ///
    /// As [`GameRules::read_move`].
    fn read_move_lenient(
        pos: &Self::Pos,
        text: &str,
        expected: Option<MoveNotation>,
        notes: &mut Vec<MoveNote>,
    ) -> Result<Self::Move, MoveError> {
        Self::read_move(pos, text, expected, notes)
    }

    /// Plays a legal move.
    fn play(pos: &mut Self::Pos, mv: Self::Move);

    /// Whether the side to move may pass (play a null move).
    ///
    /// # Errors
    ///
    /// Why not, in words.
    fn null_allowed(pos: &Self::Pos) -> Result<(), String>;

    /// Plays a null move: the turn passes, nothing moves.
    fn play_null(pos: &mut Self::Pos);

    /// How `notation` (one of the game's) writes a null move, or `None`
    /// when it cannot.
    fn null_text(notation: MoveNotation) -> Option<&'static str>;

    /// Writes a legal move in `notation` (one of the game's).
    fn write_move(pos: &Self::Pos, mv: Self::Move, notation: MoveNotation, out: &mut String);

    /// The move number and whether the second player is to move.
    fn numbering(pos: &Self::Pos) -> (u32, bool);

    /// Whether the game goes on, and if not why.
    fn status(pos: &Self::Pos) -> GameStatus;
}

/// A null move in the model, in every game's coordinates: `0000`, as UCI
/// writes it.
pub const NULL_MOVE: &str = "0000";

/// Whether `text` is a null move as game records and engines write it:
/// `--` (PGN), `Z0` (`ChessBase`), `0000` (UCI) or `@@@@`.
#[must_use]
pub fn is_null_move(text: &str) -> bool {
    matches!(text, "--" | "Z0" | "0000" | "@@@@")
}

/// One step of a line: a move of the game, or a null move.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step<M> {
    /// A legal move.
    Move(M),
    /// A null move: the turn passes.
    Null,
}

/// Reads a step written in any notation of the game: a null move (see
/// [`is_null_move`]; a form other than the one `expected` writes is
/// noted), else a move, leniently when the strict reading fails and
/// `lenient` is set.
pub(crate) fn read_step<R: GameRules>(
    pos: &R::Pos,
    text: &str,
    expected: Option<MoveNotation>,
    lenient: bool,
    notes: &mut Vec<MoveNote>,
) -> Result<Step<R::Move>, MoveError> {
    if is_null_move(text) {
        R::null_allowed(pos).map_err(|why| MoveError::new(why, 0..text.len()))?;
        let usual = match expected {
            Some(n) => R::null_text(n) == Some(text),
            None => text == "--" || text == NULL_MOVE,
        };
        if !usual {
            let written = expected.and_then(R::null_text).unwrap_or("--");
            notes
                .push(MoveNote { span: 0..text.len(), message: format!("read '{text}' as the null move '{written}'") });
        }
        return Ok(Step::Null);
    }
    let read = R::read_move(pos, text, expected, notes);
    match read {
        Err(_) if lenient => {
            notes.clear();
            R::read_move_lenient(pos, text, expected, notes).map(Step::Move).or_else(|_| read.map(Step::Move))
        }
        read => read.map(Step::Move),
    }
}

/// Plays a step.
pub(crate) fn play_step<R: GameRules>(pos: &mut R::Pos, step: Step<R::Move>) {
    match step {
        Step::Move(mv) => R::play(pos, mv),
        Step::Null => R::play_null(pos),
    }
}

/// Writes a step in `notation`.
///
/// # Errors
///
/// A null move in a notation that has none, naming it.
pub(crate) fn write_step<R: GameRules>(
    pos: &R::Pos,
    step: Step<R::Move>,
    notation: MoveNotation,
    out: &mut String,
) -> Result<(), MoveError> {
    match step {
        Step::Move(mv) => R::write_move(pos, mv, notation, out),
        Step::Null => match R::null_text(notation) {
            Some(text) => out.push_str(text),
            None => return Err(MoveError::new(format!("{notation} cannot write a null move"), 0..0)),
        },
    }
    Ok(())
}

/// Chess: SAN, LAN and UCI.
pub struct ChessRules;

/// A chess position to play on, with the castling style to write it in.
#[derive(Clone, Debug)]
pub struct ChessPos {
    /// The position.
    pub pos: polyfen_chess::Position,
    /// How its castling rights are written.
    pub style: CastlingStyle,
}

impl GameRules for ChessRules {
    type Pos = ChessPos;
    type Move = polyfen_chess::Move;

    const VARIANT: VariantId = VariantId::Chess;
    const COORDINATES: MoveNotation = MoveNotation::Uci;

    fn from_any(position: &AnyPosition) -> Result<ChessPos, String> {
        let AnyPosition::Chess(chess) = position else { return Err("not a chess position".into()) };
        let pos = polyfen_chess::Position::from_setup(&chess.setup).map_err(|e| e.to_string())?;
        Ok(ChessPos { pos, style: chess.castling_style })
    }

    fn to_any(pos: &ChessPos) -> AnyPosition {
        let mut chess = ChessPosition::new(pos.pos.to_setup(pos.style));
        chess.castling_style = pos.style;
        AnyPosition::Chess(chess)
    }

    #[inline]
    fn read_move(
        pos: &ChessPos,
        text: &str,
        expected: Option<MoveNotation>,
        notes: &mut Vec<MoveNote>,
    ) -> Result<polyfen_chess::Move, MoveError> {
        let p = &pos.pos;
        // the common case: SAN (which also reads LAN), straight to its reader
        if !is_uci_shaped(text.as_bytes()) {
            return match p.parse_san(text) {
                Ok(m) => {
                    if expected.is_none_or(|e| e == MoveNotation::San) && is_lan_shaped(text.as_bytes()) {
                        notes.push(MoveNote {
                            span: 0..text.len(),
                            message: format!("read the long algebraic move '{text}' as '{}'", p.san(m)),
                        });
                    }
                    Ok(m)
                }
                Err(e) => {
                    let candidates = e.candidates.iter().map(|&c| write_chess(p, c, MoveNotation::San)).collect();
                    Err(MoveError::new(e.message, e.span).with_candidates(candidates))
                }
            };
        }
        let result = p.parse_move(text);
        match result {
            Ok(m) => {
                if expected.is_none_or(|e| e == MoveNotation::San) {
                    let bytes = text.as_bytes();
                    if is_uci_shaped(bytes) && p.parse_uci(text).is_ok() {
                        notes.push(MoveNote {
                            span: 0..text.len(),
                            message: format!("read the UCI move '{text}' as '{}'", p.san(m)),
                        });
                    } else if is_lan_shaped(bytes) {
                        notes.push(MoveNote {
                            span: 0..text.len(),
                            message: format!("read the long algebraic move '{text}' as '{}'", p.san(m)),
                        });
                    }
                }
                Ok(m)
            }
            Err(e) => {
                let notation = if e.uci { MoveNotation::Uci } else { MoveNotation::San };
                let candidates = e.candidates.iter().map(|&c| write_chess(p, c, notation)).collect();
                Err(MoveError::new(e.message, e.span).with_candidates(candidates))
            }
        }
    }

    fn read_move_lenient(
        pos: &ChessPos,
        text: &str,
        _expected: Option<MoveNotation>,
        notes: &mut Vec<MoveNote>,
    ) -> Result<polyfen_chess::Move, MoveError> {
        let mut repairs = Vec::new();
        let (mv, _) = pos.pos.read_move(text, Some(&mut repairs)).map_err(|e| {
            let notation = if e.uci { MoveNotation::Uci } else { MoveNotation::San };
            let candidates = e.candidates.iter().map(|&c| write_chess(&pos.pos, c, notation)).collect();
            MoveError::new(e.message, e.span).with_candidates(candidates)
        })?;
        notes.extend(repairs.into_iter().map(|r| MoveNote { span: r.span, message: r.message }));
        Ok(mv)
    }

    fn play(pos: &mut ChessPos, mv: polyfen_chess::Move) {
        pos.pos.play(mv);
    }

    fn null_allowed(pos: &ChessPos) -> Result<(), String> {
        if pos.pos.is_check() { Err("a null move while in check".into()) } else { Ok(()) }
    }

    fn play_null(pos: &mut ChessPos) {
        pos.pos.play_null();
    }

    fn null_text(notation: MoveNotation) -> Option<&'static str> {
        Some(if notation == MoveNotation::Uci { NULL_MOVE } else { "--" })
    }

    fn write_move(pos: &ChessPos, mv: polyfen_chess::Move, notation: MoveNotation, out: &mut String) {
        out.push_str(&write_chess(&pos.pos, mv, notation));
    }

    fn numbering(pos: &ChessPos) -> (u32, bool) {
        (pos.pos.fullmove_number(), pos.pos.turn() == Color::Black)
    }

    fn status(pos: &ChessPos) -> GameStatus {
        match pos.pos.outcome() {
            polyfen_chess::Outcome::Ongoing => GameStatus::Ongoing,
            polyfen_chess::Outcome::Checkmate => GameStatus::Checkmate,
            polyfen_chess::Outcome::Stalemate => GameStatus::Stalemate,
            polyfen_chess::Outcome::InsufficientMaterial => GameStatus::InsufficientMaterial,
            polyfen_chess::Outcome::FiftyMoves => GameStatus::FiftyMoves,
        }
    }
}

/// The shape of a UCI move: `e2e4`, `e7e8q`.
fn is_uci_shaped(b: &[u8]) -> bool {
    (b.len() == 4 || (b.len() == 5 && matches!(b[4], b'q' | b'r' | b'b' | b'n')))
        && matches!(b[0], b'a'..=b'h')
        && matches!(b[1], b'1'..=b'8')
        && matches!(b[2], b'a'..=b'h')
        && matches!(b[3], b'1'..=b'8')
}

/// `from-to` long algebraic shape (`e2-e4`, `Ng1-f3`, `e4xd5`), which SAN
/// files should not hold.
fn is_lan_shaped(text: &[u8]) -> bool {
    if text.len() < 5 {
        return false;
    }
    let t = match text.first() {
        Some(b'N' | b'B' | b'R' | b'Q' | b'K') => &text[1..],
        _ => text,
    };
    t.len() >= 5
        && matches!(t[0], b'a'..=b'h')
        && t[1].is_ascii_digit()
        && matches!(t[2], b'-' | b'x' | b':')
        && matches!(t[3], b'a'..=b'h')
        && t[4].is_ascii_digit()
}

fn write_chess(pos: &polyfen_chess::Position, mv: polyfen_chess::Move, notation: MoveNotation) -> String {
    match notation {
        MoveNotation::San => pos.san(mv),
        MoveNotation::Lan => pos.lan(mv),
        _ => {
            let castling =
                if pos.is_chess960() { CastlingNotation::KingTakesRook } else { CastlingNotation::KingTwoSquares };
            pos.uci(mv, castling)
        }
    }
}

/// Xiangqi: ICCS, UCCI, uci-1, WXF and Chinese, each read per move.
pub struct XiangqiRules;

/// The Xiangqi move style of one of its notations.
fn style(notation: MoveNotation) -> polyfen_xiangqi::MoveStyle {
    use polyfen_xiangqi::MoveStyle;
    match notation {
        MoveNotation::Iccs => MoveStyle::Iccs,
        MoveNotation::Uci1 => MoveStyle::Uci1,
        MoveNotation::Wxf => MoveStyle::Wxf,
        MoveNotation::WxfFsf => MoveStyle::WxfFsf,
        MoveNotation::Chinese => MoveStyle::Chinese,
        MoveNotation::ChineseTraditional => MoveStyle::ChineseTraditional,
        _ => MoveStyle::Ucci,
    }
}

impl GameRules for XiangqiRules {
    type Pos = polyfen_xiangqi::Position;
    type Move = polyfen_xiangqi::Move;

    const VARIANT: VariantId = VariantId::Xiangqi;
    const COORDINATES: MoveNotation = MoveNotation::Ucci;

    fn from_any(position: &AnyPosition) -> Result<Self::Pos, String> {
        let AnyPosition::Xiangqi(x) = position else { return Err("not a Xiangqi position".into()) };
        x.rules().map_err(|e| e.to_string())
    }

    fn to_any(pos: &Self::Pos) -> AnyPosition {
        AnyPosition::Xiangqi(XiangqiPosition::new(pos.to_setup()))
    }

    /// Reads any Xiangqi notation, detected per move; coordinates are read
    /// as UCCI or uci-1 only, when the file names that notation (the two
    /// can read the same text as different legal moves).
    fn read_move(
        pos: &Self::Pos,
        text: &str,
        expected: Option<MoveNotation>,
        _notes: &mut Vec<MoveNote>,
    ) -> Result<Self::Move, MoveError> {
        // coordinates that name a legal move need no other reading (a uci-1
        // file reads its own way)
        if expected != Some(MoveNotation::Uci1)
            && let Some(mv) = coordinates_move(text.as_bytes())
            && pos.is_legal(mv)
        {
            return Ok(mv);
        }
        let read = match expected {
            Some(n @ (MoveNotation::Ucci | MoveNotation::Uci1)) => pos.parse_move_as(text, style(n)),
            _ => pos.parse_move(text),
        };
        read.map_err(|e| {
            MoveError::new(e.kind.to_string(), e.span)
                .with_candidates(e.candidates.into_iter().map(|c| c.text).collect())
        })
    }

    fn read_move_lenient(
        pos: &Self::Pos,
        text: &str,
        _expected: Option<MoveNotation>,
        notes: &mut Vec<MoveNote>,
    ) -> Result<Self::Move, MoveError> {
        let mut repairs = Vec::new();
        let (mv, _) = pos.read_move_lenient(text, &mut repairs).map_err(|e| {
            MoveError::new(e.kind.to_string(), e.span)
                .with_candidates(e.candidates.into_iter().map(|c| c.text).collect())
        })?;
        notes.extend(repairs.into_iter().map(|r| MoveNote { span: r.span, message: r.message }));
        Ok(mv)
    }

    fn play(pos: &mut Self::Pos, mv: Self::Move) {
        pos.play(mv);
    }

    fn null_allowed(pos: &Self::Pos) -> Result<(), String> {
        if pos.is_check() { Err("a null move while in check".into()) } else { Ok(()) }
    }

    fn play_null(pos: &mut Self::Pos) {
        pos.play_null();
    }

    /// UCCI and uci-1 write `0000`, as UCI does; ICCS, WXF and the Chinese
    /// notation have no null move.
    fn null_text(notation: MoveNotation) -> Option<&'static str> {
        matches!(notation, MoveNotation::Ucci | MoveNotation::Uci1).then_some(NULL_MOVE)
    }

    fn write_move(pos: &Self::Pos, mv: Self::Move, notation: MoveNotation, out: &mut String) {
        let _ = pos.write_move(out, mv, style(notation));
    }

    fn numbering(pos: &Self::Pos) -> (u32, bool) {
        (pos.fullmove(), pos.turn() == Color::Black)
    }

    fn status(pos: &Self::Pos) -> GameStatus {
        match pos.status() {
            polyfen_xiangqi::Status::Ongoing => GameStatus::Ongoing,
            polyfen_xiangqi::Status::Checkmate => GameStatus::Checkmate,
            polyfen_xiangqi::Status::Stalemate => GameStatus::Stalemate,
        }
    }
}

/// The move an ICCS (`H2-E2`) or UCCI (`h2e2`) text names, if it has one
/// of those shapes.
fn coordinates_move(b: &[u8]) -> Option<polyfen_xiangqi::Move> {
    let (from, to) = match b {
        [f1 @ b'A'..=b'I', r1 @ b'0'..=b'9', b'-', f2 @ b'A'..=b'I', r2 @ b'0'..=b'9'] => {
            ((f1 - b'A', r1 - b'0'), (f2 - b'A', r2 - b'0'))
        }
        [f1 @ b'a'..=b'i', r1 @ b'0'..=b'9', f2 @ b'a'..=b'i', r2 @ b'0'..=b'9'] => {
            ((f1 - b'a', r1 - b'0'), (f2 - b'a', r2 - b'0'))
        }
        _ => return None,
    };
    let from = polyfen_xiangqi::Square::new(from.0, from.1)?;
    let to = polyfen_xiangqi::Square::new(to.0, to.1)?;
    Some(polyfen_xiangqi::Move::new(from, to))
}

/// Khet: `h2g2`, `h2+`, `h2-`.
pub struct KhetRules;

/// The rules Khet games are played by: every rotation a move of its own
/// (a record may hold a pharaoh's turn), no swap restriction.
const KHET_RULES: polyfen_khet::Rules = polyfen_khet::Rules { swap_restriction: false, every_rotation: true };

/// A Khet position to play on, with its move count.
#[derive(Clone, Debug)]
pub struct KhetPos {
    /// The position.
    pub pos: polyfen_khet::Position,
    /// Plies played since the record's start.
    plies: u32,
    /// The move number of the start.
    first: u32,
    /// Whether the second player moved first.
    second_first: bool,
}

impl GameRules for KhetRules {
    type Pos = KhetPos;
    type Move = polyfen_khet::Move;

    const VARIANT: VariantId = VariantId::Khet;
    const COORDINATES: MoveNotation = MoveNotation::Khet;

    fn from_any(position: &AnyPosition) -> Result<KhetPos, String> {
        let AnyPosition::Khet(k) = position else { return Err("not a Khet position".into()) };
        let pos = polyfen_khet::Position::from_setup(&k.setup).map_err(|violations| {
            let words: Vec<String> = violations.iter().map(ToString::to_string).collect();
            words.join("; ")
        })?;
        let second_first = pos.turn() == Color::Black;
        Ok(KhetPos { first: pos.turn_counter().max(1), pos, plies: 0, second_first })
    }

    fn to_any(pos: &KhetPos) -> AnyPosition {
        AnyPosition::Khet(KhetPosition::new(pos.pos.to_setup()))
    }

    fn read_move(
        pos: &KhetPos,
        text: &str,
        _expected: Option<MoveNotation>,
        _notes: &mut Vec<MoveNote>,
    ) -> Result<polyfen_khet::Move, MoveError> {
        pos.pos.parse_move(text, &KHET_RULES).map_err(|e| {
            let candidates = match polyfen_khet::Move::parse(text) {
                Ok(mv) => pos
                    .pos
                    .legal_moves(&KHET_RULES)
                    .iter()
                    .filter(|m| m.from() == mv.from())
                    .map(ToString::to_string)
                    .collect(),
                Err(_) => Vec::new(),
            };
            MoveError::new(e.message, e.span).with_candidates(candidates)
        })
    }

    fn read_move_lenient(
        pos: &KhetPos,
        text: &str,
        _expected: Option<MoveNotation>,
        notes: &mut Vec<MoveNote>,
    ) -> Result<polyfen_khet::Move, MoveError> {
        let mut repairs = Vec::new();
        let mv = pos
            .pos
            .parse_move_lenient(text, &KHET_RULES, &mut repairs)
            .map_err(|e| MoveError::new(e.message, e.span))?;
        notes.extend(repairs.into_iter().map(|r| MoveNote { span: r.span, message: r.message }));
        Ok(mv)
    }

    fn play(pos: &mut KhetPos, mv: polyfen_khet::Move) {
        // read_move checked it
        pos.pos.play_legal(mv);
        pos.plies += 1;
    }

    fn null_allowed(_pos: &KhetPos) -> Result<(), String> {
        Ok(())
    }

    fn play_null(pos: &mut KhetPos) {
        pos.pos.play_null();
        pos.plies += 1;
    }

    /// Khet's notation writes the model's `0000`.
    fn null_text(_notation: MoveNotation) -> Option<&'static str> {
        Some(NULL_MOVE)
    }

    fn write_move(_pos: &KhetPos, mv: polyfen_khet::Move, _notation: MoveNotation, out: &mut String) {
        use std::fmt::Write;
        let _ = write!(out, "{mv}");
    }

    fn numbering(pos: &KhetPos) -> (u32, bool) {
        let index = pos.plies + u32::from(pos.second_first);
        (pos.first + index / 2, index % 2 == 1)
    }

    fn status(pos: &KhetPos) -> GameStatus {
        match pos.pos.outcome() {
            polyfen_khet::Outcome::Ongoing => GameStatus::Ongoing,
            _ => GameStatus::PharaohLost,
        }
    }
}
