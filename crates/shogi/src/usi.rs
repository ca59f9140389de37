//! USI moves and `position` commands, read against the legal moves.
//!
//! A USI move names squares by file digit and rank letter: `7g7f`, a
//! promotion `8h2b+`, a drop `P*5e` (the dropped piece always in
//! uppercase). [`parse_move`] reads the text alone; [`read_move`] reads it
//! in a position and accepts only a legal move, and an error names the
//! bytes at fault, what is wrong (from the rules: a piece that cannot go
//! there, a promotion outside the zone, nifu, a mating pawn drop ...) and
//! the legal moves the text may have meant. [`read_move_lenient`] also
//! takes the letters in the other case (`p*5e`, `7G7F`), reporting each
//! reading. [`read_position_command`] reads `position startpos moves ...`
//! and `position sfen <sfen> moves ...` into the start and the moves, an
//! error naming the move by its number.

use core::fmt;
use core::ops::Range;

use polyfen_core::{Leniency, MoveErrorMessage, MoveRepair, ParseError, Setup};

use crate::{IllegalMove, Move, Position, PositionError, Role, START_SFEN, Sfen, Square};

/// What is wrong with a written USI move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveErrorKind {
    /// Nothing was written.
    #[error("empty move, expected a USI move such as 7g7f, 8h2b+ or P*5e")]
    Empty,
    /// A character that cannot stand here.
    #[error("unexpected {found:?}, expected {expected}")]
    Unexpected {
        /// The character found.
        found: char,
        /// What could stand there.
        expected: &'static str,
    },
    /// The text stops before the move is complete.
    #[error("the move ends too early, expected {expected}")]
    UnexpectedEnd {
        /// What was still expected.
        expected: &'static str,
    },
    /// A well-formed move the rules refuse.
    #[error("{0}")]
    Illegal(IllegalMove),
    /// The text names a legal move only when read leniently.
    #[error("{text} is not standard USI: only a lenient reading takes it, as {reading}")]
    NotStandard {
        /// The text as written.
        text: String,
        /// The move it was read as.
        reading: String,
    },
}

/// A written move that could not be read as a legal move: what is wrong,
/// the byte span of the faulty part, and the legal moves that come closest,
/// sorted: for a board move those of the same piece to the same square (the
/// other promotion choice), else those of the same piece, else those to the
/// same square; for a drop the legal moves to its square.
pub type MoveParseError = polyfen_core::MoveParseError<MoveErrorKind, Move>;

/// USI's kinds of error write the candidates in brackets after them.
impl MoveErrorMessage for MoveErrorKind {}

const FILE: &str = "a file digit 1-9";
const RANK: &str = "a rank letter a-i";
const START: &str = "a file digit 1-9 or a piece letter (R B G S N L P) for a drop";

/// Reads a USI move, its syntax only (no position is asked).
///
/// # Errors
///
/// A [`MoveParseError`] naming the byte that does not fit.
///
/// ```
/// use polyfen_shogi::usi::parse_move;
///
/// assert_eq!(parse_move("8h2b+")?.to_string(), "8h2b+");
/// assert_eq!(parse_move("P*5e")?.to_string(), "P*5e");
/// assert!(parse_move("7g7z").is_err());
/// # Ok::<(), polyfen_shogi::usi::MoveParseError>(())
/// ```
pub fn parse_move(text: &str) -> Result<Move, MoveParseError> {
    parse(text, false).map(|(m, _)| m)
}

/// Reads `text`; `lenient` also takes the letters in the other case. The
/// flag says whether the lenient reading was needed.
fn parse(text: &str, lenient: bool) -> Result<(Move, bool), MoveParseError> {
    let bytes = text.as_bytes();
    if bytes.is_empty() {
        return Err(MoveParseError::new(MoveErrorKind::Empty, 0..0));
    }
    let mut recased = false;
    let mut square = |at: usize| -> Result<Square, MoveParseError> {
        let file = byte(text, at, FILE)?;
        if !(b'1'..=b'9').contains(&file) {
            return Err(unexpected(text, at, FILE));
        }
        let mut rank = byte(text, at + 1, RANK)?;
        if lenient && (b'A'..=b'I').contains(&rank) {
            rank = rank.to_ascii_lowercase();
            recased = true;
        }
        if !(b'a'..=b'i').contains(&rank) {
            return Err(unexpected(text, at + 1, RANK));
        }
        Square::parse(&[file, rank]).ok_or_else(|| unexpected(text, at, FILE))
    };
    let (m, end) = if bytes[0].is_ascii_digit() {
        let from = square(0)?;
        let to = square(2)?;
        let promote = bytes.get(4) == Some(&b'+');
        (Move::Normal { from, to, promote }, if promote { 5 } else { 4 })
    } else {
        let letter = bytes[0];
        let role = match Role::from_letter(letter, false) {
            Some(role) if role != Role::King && (letter.is_ascii_uppercase() || lenient) => role,
            _ => return Err(unexpected(text, 0, START)),
        };
        let lower = letter.is_ascii_lowercase();
        if byte(text, 1, "'*' after the piece letter of a drop")? != b'*' {
            return Err(unexpected(text, 1, "'*' after the piece letter of a drop"));
        }
        let to = square(2)?;
        recased |= lower;
        (Move::Drop { role, to }, 4)
    };
    if end < bytes.len() {
        let expected = if matches!(m, Move::Normal { promote: false, .. }) {
            "'+' or the end of the move"
        } else {
            "the end of the move"
        };
        return Err(unexpected(text, end, expected));
    }
    Ok((m, recased))
}

fn byte(text: &str, at: usize, expected: &'static str) -> Result<u8, MoveParseError> {
    text.as_bytes()
        .get(at)
        .copied()
        .ok_or_else(|| MoveParseError::new(MoveErrorKind::UnexpectedEnd { expected }, text.len()..text.len()))
}

fn unexpected(text: &str, at: usize, expected: &'static str) -> MoveParseError {
    let found = text.get(at..).and_then(|rest| rest.chars().next()).unwrap_or('\u{fffd}');
    let mut end = at + found.len_utf8();
    while !text.is_char_boundary(end.min(text.len())) {
        end += 1;
    }
    MoveParseError::new(MoveErrorKind::Unexpected { found, expected }, at..end.min(text.len()))
}

/// Reads a USI move in `position`: a legal move, or an error naming what is
/// wrong and the legal moves that come closest.
///
/// # Errors
///
/// A [`MoveParseError`]: malformed text, or [`MoveErrorKind::Illegal`]
/// with the rule the move breaks; a text in the other case says it is
/// [`MoveErrorKind::NotStandard`] when the lenient reading would take it.
///
/// ```
/// use polyfen_shogi::{Position, usi::read_move};
///
/// let position = Position::start();
/// assert_eq!(read_move(&position, "7g7f")?.to_string(), "7g7f");
/// let error = read_move(&position, "7g7e").unwrap_err();
/// assert_eq!(error.to_string(), "sente's pawn on 7g cannot go to 7e (candidates: 7g7f)");
/// # Ok::<(), polyfen_shogi::usi::MoveParseError>(())
/// ```
pub fn read_move(position: &Position, text: &str) -> Result<Move, MoveParseError> {
    match parse(text, false) {
        Ok((m, _)) => checked(position, text, m),
        Err(e) => {
            if let Ok((m, true)) = parse(text, true)
                && position.is_legal(m)
            {
                return Err(MoveParseError::new(
                    MoveErrorKind::NotStandard { text: text.to_owned(), reading: m.to_string() },
                    0..text.len(),
                ));
            }
            Err(e)
        }
    }
}

/// [`read_move`] that also takes the letters in the other case (`p*5e`,
/// `7G7F`), reporting the reading as a [`MoveRepair`].
///
/// # Errors
///
/// As [`read_move`].
pub fn read_move_lenient(position: &Position, text: &str) -> Result<(Move, Vec<MoveRepair>), MoveParseError> {
    let (m, recased) = parse(text, true)?;
    let m = checked(position, text, m)?;
    let repairs = if recased { vec![MoveRepair::reading(0..text.len(), text, &m.to_string())] } else { Vec::new() };
    Ok((m, repairs))
}

/// `m` if legal in `position`, else the rules' reason and the candidates.
fn checked(position: &Position, text: &str, m: Move) -> Result<Move, MoveParseError> {
    let Err(illegal) = position.check_move(m) else {
        return Ok(m);
    };
    let legal = position.legal_moves();
    let pick = |keep: &dyn Fn(&Move) -> bool| -> Vec<Move> { legal.iter().copied().filter(|c| keep(c)).collect() };
    let mut candidates = match m {
        Move::Normal { from, to, .. } => {
            let mut c = pick(&|c| c.from() == Some(from) && c.to() == to);
            if c.is_empty() {
                c = pick(&|c| c.from() == Some(from));
            }
            if c.is_empty() {
                c = pick(&|c| c.to() == to);
            }
            c
        }
        Move::Drop { to, .. } => pick(&|c| c.to() == to),
    };
    candidates.sort_unstable_by_key(ToString::to_string);
    Err(MoveParseError { candidates, ..MoveParseError::new(MoveErrorKind::Illegal(illegal), 0..text.len()) })
}

/// A `position` command read: the start and the moves played from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCommand {
    /// The start (`startpos` is the even start).
    pub start: Sfen,
    /// The moves, each legal where it is played.
    pub moves: Vec<Move>,
}

impl PositionCommand {
    /// The position after the moves.
    ///
    /// # Errors
    ///
    /// The [`PositionError`] of a start the rules cannot play (never for a
    /// command read by [`read_position_command`]).
    pub fn position(&self) -> Result<Position, PositionError> {
        let mut p = Position::from_setup(&self.start)?;
        for &m in &self.moves {
            p.play(m);
        }
        Ok(p)
    }
}

/// Writes the command: `position startpos moves ...` from the even start,
/// `position sfen <sfen> moves ...` from another; no `moves` without moves.
impl fmt::Display for PositionCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let start = self.start.to_string();
        if start == START_SFEN {
            f.write_str("position startpos")?;
        } else {
            write!(f, "position sfen {start}")?;
        }
        for (i, m) in self.moves.iter().enumerate() {
            f.write_str(if i == 0 { " moves " } else { " " })?;
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

/// Why a `position` command could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CommandErrorKind {
    /// A word that cannot stand here.
    #[error("expected {expected}, found {found:?}")]
    Expected {
        /// What could stand there.
        expected: &'static str,
        /// What was found (empty at the end).
        found: String,
    },
    /// The SFEN does not read.
    #[error("{0}")]
    Sfen(Box<ParseError>),
    /// The SFEN reads but the rules cannot play from it.
    #[error("the start cannot be played: {0}")]
    Start(PositionError),
    /// A move does not read or is not legal where it is played.
    #[error("move {number} ({text:?}): {error}")]
    Move {
        /// The move's number in the command, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// What is wrong with it.
        error: Box<MoveParseError>,
    },
}

/// A `position` command that could not be read: what is wrong and the
/// bytes of the line it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError {
    /// What is wrong.
    pub kind: CommandErrorKind,
    /// The bytes of the line at fault.
    pub span: Range<usize>,
}

/// The error, then its column in the line (an SFEN's own error says it).
impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            CommandErrorKind::Sfen(e) => write!(f, "{e}"),
            kind => write!(f, "{kind} (at column {})", self.span.start + 1),
        }
    }
}

impl std::error::Error for CommandError {}

/// Reads `position startpos [moves m1 m2 ...]` or `position sfen <board>
/// <side> <hand> <number> [moves ...]` (the word `position` may be left
/// out), playing every move.
///
/// # Errors
///
/// A [`CommandError`] naming the bytes at fault: a missing or unknown word,
/// an SFEN that does not read (its own error, with the span in the line),
/// a start the rules refuse, or the first move that does not read or is
/// illegal, by its number from 1.
///
/// ```
/// use polyfen_shogi::usi::read_position_command;
///
/// let command = read_position_command("position startpos moves 7g7f 3c3d 8h2b+")?;
/// assert_eq!(command.moves.len(), 3);
/// let error = read_position_command("position startpos moves 7g7f 7g7f").unwrap_err();
/// assert_eq!(error.span, 29..33);
/// assert!(error.to_string().starts_with("move 2 (\"7g7f\"): no piece stands on 7g"));
/// # Ok::<(), polyfen_shogi::usi::CommandError>(())
/// ```
pub fn read_position_command(line: &str) -> Result<PositionCommand, CommandError> {
    let words: Vec<(usize, &str)> = words(line).collect();
    let mut i = usize::from(words.first().is_some_and(|w| w.1 == "position"));
    let expected = |i: usize, expected: &'static str| {
        let (at, found) = words.get(i).copied().unwrap_or((line.len(), ""));
        CommandError {
            kind: CommandErrorKind::Expected { expected, found: found.to_owned() },
            span: at..at + found.len(),
        }
    };
    let mut start_span = words.get(i).map_or(0..0, |&(at, w)| at..at + w.len());
    let start: Sfen = match words.get(i).map(|w| w.1) {
        Some("startpos") => {
            i += 1;
            START_SFEN.parse().map_err(|e| CommandError { kind: CommandErrorKind::Sfen(Box::new(e)), span: 0..0 })?
        }
        Some("sfen") => {
            i += 1;
            let first = i;
            while words.get(i).is_some_and(|w| w.1 != "moves") {
                i += 1;
            }
            let Some(&(from, _)) = words.get(first).filter(|_| i > first) else {
                return Err(expected(first, "an SFEN after 'sfen'"));
            };
            let (last_at, last) = words[i - 1];
            start_span = from..last_at + last.len();
            let text = &line[start_span.clone()];
            Setup::parse_with(text, &Leniency::default(), &mut Vec::new()).map_err(|e| {
                let e = e.shifted(from);
                CommandError { span: e.span.clone(), kind: CommandErrorKind::Sfen(Box::new(e)) }
            })?
        }
        _ => return Err(expected(i, "'startpos' or 'sfen'")),
    };
    let mut position = Position::from_setup(&start)
        .map_err(|e| CommandError { kind: CommandErrorKind::Start(e), span: start_span })?;
    let mut moves = Vec::new();
    if i < words.len() {
        if words[i].1 != "moves" {
            return Err(expected(i, "'moves' or the end of the line"));
        }
        for (number, &(at, text)) in words[i + 1..].iter().enumerate() {
            let m = read_move(&position, text).map_err(|error| {
                let error = error.shifted(at);
                CommandError {
                    span: error.span.clone(),
                    kind: CommandErrorKind::Move { number: number + 1, text: text.to_owned(), error: Box::new(error) },
                }
            })?;
            position.play(m);
            moves.push(m);
        }
    }
    Ok(PositionCommand { start, moves })
}

/// The words of a line separated by white space, with their byte offsets.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split(|c: char| c.is_ascii_whitespace())
        .scan(0, |at, w| {
            let start = *at;
            *at += w.len() + 1;
            Some((start, w))
        })
        .filter(|(_, w)| !w.is_empty())
}
