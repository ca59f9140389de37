//! WXF notation, as the WXF page writes it (`wxf`) and as Fairy-Stockfish
//! writes it (`wxf-fsf`), and every form of both (plus xqbase's
//! `P.`/`Pa` pawns and `B`/`N` letters) on input.

use core::fmt;

use super::vertical::{self, Facts, Mark, Op, Spec, Which, other_on_file};
use super::{MoveErrorKind, MoveParseError, On, XiangqiMoveNotation, char_at};
use crate::{Board, Move, Piece, Point, Role, Square};

/// WXF letters in role order.
const LETTERS: &[u8; 7] = b"KAEHRCP";

/// A small byte buffer: a WXF move has at most 6 bytes.
struct Buf {
    bytes: [u8; 8],
    len: usize,
}

impl Buf {
    #[inline]
    fn push(&mut self, b: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }

    /// Pushes a number (a file 1–9, or a place on a file up to 10).
    #[inline]
    fn number(&mut self, n: u8) {
        if n >= 10 {
            self.push(b'0' + n / 10);
        }
        self.push(b'0' + n % 10);
    }
}

/// Whether the other piece like `piece` on the file of `mv.from` could make
/// the same step and stay on its region of the board (Fairy-Stockfish writes
/// `+`/`-` only then, else the file).
fn other_can_step(board: &Board, mv: Move, piece: Piece) -> bool {
    let Some(other) = other_on_file(board, piece, mv.from) else {
        return false;
    };
    let rank = i16::from(other.rank()) + i16::from(mv.to.rank()) - i16::from(mv.from.rank());
    let Some(to) = u8::try_from(rank).ok().and_then(|r| Square::new(mv.to.file(), r)) else {
        return false;
    };
    match piece.role() {
        Role::King | Role::Advisor => to.in_palace_of(piece.color()),
        Role::Elephant => to.on_side_of(piece.color()),
        _ => true,
    }
}

/// Writes the move of `facts` in WXF: Fairy-Stockfish's form when `fsf`,
/// else the WXF page's.
#[inline]
pub(super) fn write<W: fmt::Write + ?Sized>(
    out: &mut W,
    board: &Board,
    mv: Move,
    facts: Facts,
    fsf: bool,
) -> fmt::Result {
    let mut buf = Buf { bytes: [0; 8], len: 0 };
    let role = facts.piece.role();
    let letter = LETTERS[role as usize];
    let g = facts.group;
    if fsf {
        let multi = g.doubled_files >= 2;
        if g.n >= 3 || (multi && g.n >= 2) {
            buf.number(g.index);
        } else {
            buf.push(letter);
        }
        if g.n == 2 && !multi && other_can_step(board, mv, facts.piece) {
            buf.push(if g.index == 1 { b'+' } else { b'-' });
        } else {
            buf.number(facts.file);
        }
    } else if matches!(role, Role::Advisor | Role::Elephant) || g.n < 2 {
        buf.push(letter);
        buf.number(facts.file);
    } else if role == Role::Soldier && g.doubled_files >= 2 && g.n <= 3 {
        // pawns on two files: the file first, then + - or the file again
        buf.number(facts.file);
        match (g.n, g.index) {
            (_, 1) => buf.push(b'+'),
            (3, 2) => buf.number(facts.file),
            _ => buf.push(b'-'),
        }
    } else {
        match (g.n, g.index) {
            (2 | 3, 1) | (4 | 5, 2) => {
                buf.push(letter);
                buf.push(b'+');
            }
            (4 | 5, 1) => {
                buf.push(b'+');
                buf.push(b'+');
            }
            (n, i) if n <= 5 && i == n => {
                if n >= 4 {
                    buf.push(b'-');
                } else {
                    buf.push(letter);
                }
                buf.push(b'-');
            }
            (4 | 5, i) if i == g.n - 1 => {
                buf.push(letter);
                buf.push(b'-');
            }
            // the middle of three or five; more cannot be written apart
            _ => {
                buf.push(letter);
                buf.number(facts.file);
            }
        }
    }
    buf.push(match facts.op {
        Op::Forward => b'+',
        Op::Backward => b'-',
        Op::Sideways if fsf => b'=',
        Op::Sideways => b'.',
    });
    buf.number(facts.target);
    out.write_str(core::str::from_utf8(&buf.bytes[..buf.len]).unwrap_or_default())
}

/// What may start a WXF move.
const EXPECTED_START: &str = "a piece letter (K A E B H N R C P), a file digit, ++ or --";
/// What may follow the piece letter.
const EXPECTED_WHICH: &str = "a file 1-9, + or - (front or rear), . (middle) or a-e (xqbase's pawn numbers)";
/// What may follow the piece.
const EXPECTED_OP: &str = "+ (forward), - (backward), . or = (sideways)";

/// The error for byte `at` of `text`, which is not `expected`.
fn unexpected(text: &str, at: usize, expected: &'static str) -> MoveParseError {
    if at >= text.len() {
        return MoveParseError::new(MoveErrorKind::UnexpectedEnd { expected }, text.len()..text.len());
    }
    let (found, span) = char_at(text, at);
    MoveParseError::new(MoveErrorKind::Unexpected { found, expected }, span)
}

/// A file digit 1–9 at byte `at`.
fn file_digit(text: &str, at: usize) -> Result<u8, MoveParseError> {
    match text.as_bytes().get(at) {
        Some(b'0') => Err(MoveParseError::new(
            MoveErrorKind::ImpossibleFile { found: "0".into(), expected: "files are 1-9 from the mover's right" },
            at..at + 1,
        )),
        Some(&d @ b'1'..=b'9') => Ok(d - b'0'),
        _ => Err(unexpected(text, at, EXPECTED_WHICH)),
    }
}

/// Reads the piece part: role, which piece, and a second reading when the
/// text has two (`33`: the WXF page's middle pawn or Fairy-Stockfish's pawn
/// number 3). Returns the bytes read and whether only Fairy-Stockfish writes
/// the form.
#[allow(clippy::type_complexity)]
fn piece_part(
    text: &str,
    style: Option<XiangqiMoveNotation>,
) -> Result<((Option<Role>, Which), Option<(Option<Role>, Which)>, usize, bool), MoveParseError> {
    let bytes = text.as_bytes();
    let Some(&first) = bytes.first() else {
        return Err(MoveParseError::new(MoveErrorKind::Empty, 0..0));
    };
    match first {
        b'+' | b'-' => {
            if bytes.get(1) != Some(&first) {
                return Err(unexpected(text, 1, "a second + or - (++ foremost, -- rearmost)"));
            }
            let mark = if first == b'+' { Mark::First } else { Mark::Last };
            Ok(((None, Which::Mark(mark, None)), None, 2, false))
        }
        b'0'..=b'9' => {
            let d1 = file_digit(text, 0)?;
            match bytes.get(1) {
                Some(b'+') => Ok(((Some(Role::Soldier), Which::Mark(Mark::Plus, Some(d1))), None, 2, false)),
                Some(b'-') => Ok(((Some(Role::Soldier), Which::Mark(Mark::Minus, Some(d1))), None, 2, false)),
                Some(b'0'..=b'9') => {
                    let d2 = file_digit(text, 1)?;
                    // only pawns are ever numbered (no other piece has three on a
                    // file or two doubled files), so the number names a pawn
                    let numbered = (Some(Role::Soldier), Which::Ordinal(d1, Some(d2)));
                    let middle = (Some(Role::Soldier), Which::Mark(Mark::Middle, Some(d1)));
                    // only Fairy-Stockfish writes `=`, only the WXF page `.`
                    Ok(match (style, d1 == d2, bytes.get(2)) {
                        (_, false, _) | (Some(XiangqiMoveNotation::WxfFsf), true, _) | (None, true, Some(b'=')) => {
                            (numbered, None, 2, true)
                        }
                        (Some(_), true, _) | (None, true, Some(b'.')) => (middle, None, 2, false),
                        (None, true, _) => (middle, Some(numbered), 2, false),
                    })
                }
                _ => Err(unexpected(text, 1, "+ or - (front or rear pawn) or a file digit")),
            }
        }
        _ => {
            let Some(role) = Role::from_letter(first) else {
                return Err(unexpected(text, 0, EXPECTED_START));
            };
            let which = match bytes.get(1) {
                Some(b'+') => Which::Mark(Mark::Plus, None),
                Some(b'-') => Which::Mark(Mark::Minus, None),
                Some(b'.') => Which::Mark(Mark::Middle, None),
                Some(&c @ (b'a'..=b'e' | b'A'..=b'E')) => Which::Ordinal(c.to_ascii_lowercase() - b'a' + 1, None),
                _ => Which::File(file_digit(text, 1)?),
            };
            Ok(((Some(role), which), None, 2, false))
        }
    }
}

/// Reads a WXF move; `style` decides how a digit-first move with two equal
/// digits is read (`None`: both ways).
pub(super) fn read(
    on: On<'_>,
    text: &str,
    style: Option<XiangqiMoveNotation>,
) -> Result<(Move, XiangqiMoveNotation, bool), MoveParseError> {
    let On { board, turn, legal } = on;
    let (main, second, mut at, fsf_form) = piece_part(text, style)?;
    let bytes = text.as_bytes();
    let piece_span = 0..at;
    let mut fsf = fsf_form;
    let op = match bytes.get(at) {
        Some(b'+') => Op::Forward,
        Some(b'-') => Op::Backward,
        Some(b'.') => Op::Sideways,
        Some(b'=') => {
            fsf = true;
            Op::Sideways
        }
        // `C25`: nothing for sideways, after a plain file only
        Some(b'0'..=b'9') if matches!(main.1, Which::File(_)) => {
            at -= 1;
            Op::Sideways
        }
        _ => return Err(unexpected(text, at, EXPECTED_OP)),
    };
    at += 1;
    let target = match bytes.get(at) {
        Some(&d @ b'1'..=b'9') => d - b'0',
        Some(b'0') => {
            return Err(MoveParseError::new(
                MoveErrorKind::OutOfRange { found: "0".into(), expected: "distances and destination files are 1-9" },
                at..at + 1,
            ));
        }
        _ => return Err(unexpected(text, at, "a distance or destination file 1-9")),
    };
    at += 1;
    if at < text.len() {
        return Err(unexpected(text, at, "the end of the move"));
    }
    let detected = style.unwrap_or(if fsf { XiangqiMoveNotation::WxfFsf } else { XiangqiMoveNotation::Wxf });
    let motion_span = piece_span.end..text.len();
    let spec = |(role, which): (Option<Role>, Which)| Spec {
        role,
        which,
        op,
        target,
        piece_span: piece_span.clone(),
        motion_span: motion_span.clone(),
    };
    let first = spec(main);
    let (m, strict) = match second {
        None => vertical::resolve(board, turn, legal, core::slice::from_ref(&first), detected),
        Some(other) => vertical::resolve(board, turn, legal, &[first, spec(other)], detected),
    }?;
    Ok((m, detected, strict))
}
