//! The steps every game's records share, on a game's [`RecordAdapter`] (its
//! record adapter, beside [`crate::GamePosition`]): null moves
//! ([`is_null_move`], kept as [`NULL_MOVE`]), reading, playing and writing
//! a [`Step`]. Everything else (the PGN reader, the tree builder, the
//! writer, JSON) is the facade's and the same for every game.

use polyfen_core::MoveRepair;

use crate::{GamePosition, MoveError, MoveNotationOf, MoveNote, MoveReading, NULL_MOVE, RecordAdapter};

/// Whether `text` is a null move as game records and engines write it:
/// `--` (PGN), `Z0` (`ChessBase`), `0000` (UCI) or `@@@@`.
#[must_use]
pub fn is_null_move(text: &str) -> bool {
    matches!(text, "--" | "Z0" | "0000" | "@@@@")
}

/// One step of a line: a move of the game, or a null move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<M> {
    /// A legal move.
    Move(M),
    /// A null move: the turn passes.
    Null,
}

/// Reads a step written in any notation of the game: a null move (see
/// [`is_null_move`]; a form other than the one `expected` writes is
/// noted), else a move, leniently when the strict reading fails and
/// `lenient` is set.
///
/// # Errors
///
/// A null move the position does not allow, or the strict reading's
/// [`MoveError`] (also when the lenient reading fails too).
#[inline]
pub fn read_step<R: RecordAdapter>(
    pos: &R::Pos,
    text: &str,
    expected: Option<MoveNotationOf<R>>,
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
    let read = R::read_move(pos, MoveReading { text, expected, lenient: false }, notes);
    match read {
        Err(_) if lenient => {
            notes.clear();
            let lenient = R::read_move(pos, MoveReading { text, expected, lenient: true }, notes);
            lenient.map(Step::Move).or_else(|_| read.map(Step::Move))
        }
        read => read.map(Step::Move),
    }
}

/// Runs a lenient reading, `read`, which pushes one [`MoveRepair`] onto the
/// list it is given for each non-standard reading, and notes each repair in
/// `notes`.
///
/// # Errors
///
/// The reading's.
pub fn noting_repairs<T>(
    notes: &mut Vec<MoveNote>,
    read: impl FnOnce(&mut Vec<MoveRepair>) -> Result<T, MoveError>,
) -> Result<T, MoveError> {
    let mut repairs = Vec::new();
    let read = read(&mut repairs)?;
    notes.extend(repairs.into_iter().map(MoveNote::from));
    Ok(read)
}

/// The position moves are played on of `input`, a position of `R`'s game
/// written in the game's default notation.
///
/// # Errors
///
/// The reading's error, or why the position cannot be played, in words.
pub fn playable<R: RecordAdapter>(input: &str) -> Result<R::Pos, String> {
    let position = R::Position::read_default(input).map_err(|e| e.to_string())?;
    R::from_position(&position)
}

/// Plays a step.
#[inline]
pub fn play_step<R: RecordAdapter>(pos: &mut R::Pos, step: Step<R::Move>) {
    match step {
        Step::Move(mv) => R::play(pos, mv),
        Step::Null => R::play_null(pos),
    }
}

/// A null move asked of a notation that has none (ICCS, WXF, Chinese):
/// the caller names the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoNullMove;

/// Writes a step in `notation`.
///
/// # Errors
///
/// [`NoNullMove`] for a null move in a notation that has none.
pub fn write_step<R: RecordAdapter>(
    pos: &R::Pos,
    step: Step<R::Move>,
    notation: MoveNotationOf<R>,
    out: &mut String,
) -> Result<(), NoNullMove> {
    match step {
        Step::Move(mv) => R::write_move(pos, mv, notation, out),
        Step::Null => out.push_str(R::null_text(notation).ok_or(NoNullMove)?),
    }
    Ok(())
}

/// Writes a step in `notation` as a string of its own, as
/// [`write_step`] does.
///
/// # Errors
///
/// As [`write_step`].
pub fn step_text<R: RecordAdapter>(
    pos: &R::Pos,
    step: Step<R::Move>,
    notation: MoveNotationOf<R>,
) -> Result<String, NoNullMove> {
    let mut out = String::new();
    write_step::<R>(pos, step, notation, &mut out).map(|()| out)
}
