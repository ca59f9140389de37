//! Chinese vertical-line notation: `炮二平五`, `马８进７`, `前车退三`,
//! `一兵平八`, in simplified or traditional characters.
//!
//! Written as xqbase writes it: red files and distances in Chinese numerals,
//! black's in fullwidth digits, 前/中/后 for two or three pieces on a file,
//! 一…五 (Chinese numerals for both sides) for four or five pawns on a file
//! and for every pawn of two files with two or more pawns. Read in every form:
//! ASCII digits, the variant characters 俥 傌 硨 砲 包, the mark after the piece
//! (车前平三) and the traditional mark with the file (前兵九平八).
//! Read leniently, each reported as a repair: red's king, advisor and
//! elephant written with black's characters 將 士 象 (as cchess writes red in
//! traditional script), and black's moves in Chinese numerals (as older
//! cchess wrote them).

use core::fmt;
use core::ops::Range;

use polyfen_core::Color;

use super::vertical::{self, Facts, Mark, Op, Spec, Which};
use super::{Found, MoveErrorKind, MoveParseError, On, XiangqiMoveNotation, side};
use crate::{Move, Role};

/// Chinese numerals 0–10.
const NUMERALS: [char; 11] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
/// Fullwidth digits 0–9.
const FULLWIDTH: [char; 10] = ['０', '１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// The pieces in role order: `[script][side][role]`, simplified first.
const PIECES: [[[char; 7]; 2]; 2] = [
    [['帅', '仕', '相', '马', '车', '炮', '兵'], ['将', '士', '象', '马', '车', '炮', '卒']],
    [['帥', '仕', '相', '馬', '車', '炮', '兵'], ['將', '士', '象', '馬', '車', '炮', '卒']],
];

/// Writes a file or distance (1–9) of `color`.
#[inline]
fn numeral<W: fmt::Write + ?Sized>(out: &mut W, color: Color, n: u8) -> fmt::Result {
    let table: &[char] = if color == Color::White { &NUMERALS } else { &FULLWIDTH };
    match table.get(usize::from(n)) {
        Some(&c) => out.write_char(c),
        None => write!(out, "{n}"),
    }
}

/// Writes a pawn number (Chinese numerals for both sides).
#[inline]
fn ordinal<W: fmt::Write + ?Sized>(out: &mut W, n: u8) -> fmt::Result {
    match NUMERALS.get(usize::from(n)) {
        Some(&c) => out.write_char(c),
        None => write!(out, "{n}"),
    }
}

/// Writes the move of `facts` as xqbase does, in traditional characters when
/// `traditional`.
#[inline]
pub(super) fn write<W: fmt::Write + ?Sized>(out: &mut W, facts: Facts, traditional: bool) -> fmt::Result {
    let color = facts.piece.color();
    let role = facts.piece.role();
    let ch = PIECES[usize::from(traditional)][color.index()][role as usize];
    let g = facts.group;
    let rear = if traditional { '後' } else { '后' };
    if matches!(role, Role::Advisor | Role::Elephant) || g.n < 2 {
        out.write_char(ch)?;
        numeral(out, color, facts.file)?;
    } else {
        if role == Role::Soldier && g.doubled_files >= 2 {
            ordinal(out, g.global)?;
        } else {
            match (g.n, g.index) {
                (2 | 3, 1) => out.write_char('前')?,
                (3, 2) => out.write_char('中')?,
                (2 | 3, _) => out.write_char(rear)?,
                (_, i) => ordinal(out, i)?,
            }
        }
        out.write_char(ch)?;
    }
    out.write_char(match facts.op {
        Op::Forward if traditional => '進',
        Op::Forward => '进',
        Op::Backward => '退',
        Op::Sideways => '平',
    })?;
    numeral(out, color, facts.target)
}

/// How a number is written: Chinese numerals are red's, digits black's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Script {
    Numerals,
    Digits,
}

/// One character of a Chinese move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Piece(Role, Option<Color>),
    Num(u8, Script),
    Mark(Mark),
    Op(Op),
}

/// What a character is, and whether it is a traditional form.
fn classify(c: char) -> Option<(Tok, bool)> {
    use Color::{Black, White};
    let piece = |role, color| Some((Tok::Piece(role, color), false));
    let traditional = |role| Some((Tok::Piece(role, None), true));
    match c {
        '帅' => piece(Role::King, Some(White)),
        '帥' => Some((Tok::Piece(Role::King, Some(White)), true)),
        '将' => piece(Role::King, Some(Black)),
        '將' => Some((Tok::Piece(Role::King, Some(Black)), true)),
        '仕' => piece(Role::Advisor, Some(White)),
        '士' => piece(Role::Advisor, Some(Black)),
        '相' => piece(Role::Elephant, Some(White)),
        '象' => piece(Role::Elephant, Some(Black)),
        '马' => piece(Role::Horse, None),
        '馬' | '傌' => traditional(Role::Horse),
        '车' => piece(Role::Chariot, None),
        '車' | '俥' | '硨' => traditional(Role::Chariot),
        '炮' | '包' => piece(Role::Cannon, None),
        '砲' => traditional(Role::Cannon),
        '兵' => piece(Role::Soldier, Some(White)),
        '卒' => piece(Role::Soldier, Some(Black)),
        '前' => Some((Tok::Mark(Mark::Front), false)),
        '中' => Some((Tok::Mark(Mark::Middle), false)),
        '后' => Some((Tok::Mark(Mark::Rear), false)),
        '後' => Some((Tok::Mark(Mark::Rear), true)),
        '进' => Some((Tok::Op(Op::Forward), false)),
        '進' => Some((Tok::Op(Op::Forward), true)),
        '退' => Some((Tok::Op(Op::Backward), false)),
        '平' => Some((Tok::Op(Op::Sideways), false)),
        '零' => Some((Tok::Num(0, Script::Numerals), false)),
        '0'..='9' => Some((Tok::Num(c as u8 - b'0', Script::Digits), false)),
        '０'..='９' => Some((Tok::Num((c as u32 - '０' as u32) as u8, Script::Digits), false)),
        _ => NUMERALS.iter().position(|&n| n == c).map(|n| (Tok::Num(n as u8, Script::Numerals), false)),
    }
}

/// What a Chinese move is made of, for error messages.
const EXPECTED_CHAR: &str = "a piece (车马相仕帅炮兵, 将士象卒, 車馬俥傌砲包...), a numeral, 前/中/后 or 进/退/平";

/// At most this many characters make a move (前兵九平八 has six).
const MAX_TOKENS: usize = 6;

/// Reads a Chinese move.
pub(super) fn read(
    on: On<'_>,
    text: &str,
    style: Option<XiangqiMoveNotation>,
    lenient: bool,
) -> Result<(Move, XiangqiMoveNotation, bool), MoveParseError> {
    let On { board, turn, legal } = on;
    let mut toks: [(Tok, usize, usize); MAX_TOKENS] = [(Tok::Op(Op::Sideways), 0, 0); MAX_TOKENS];
    let mut count = 0;
    let mut traditional = false;
    for (at, c) in text.char_indices() {
        if c.is_whitespace() {
            continue;
        }
        let span = at..at + c.len_utf8();
        let Some((tok, trad)) = classify(c) else {
            return Err(MoveParseError::new(MoveErrorKind::Unexpected { found: c, expected: EXPECTED_CHAR }, span));
        };
        traditional |= trad;
        let Some(slot) = toks.get_mut(count) else {
            return Err(MoveParseError::new(
                MoveErrorKind::Unexpected { found: c, expected: "the end of the move" },
                span,
            ));
        };
        *slot = (tok, span.start, span.end);
        count += 1;
    }
    let toks = &toks[..count];
    let detected = style.unwrap_or(if traditional {
        XiangqiMoveNotation::ChineseTraditional
    } else {
        XiangqiMoveNotation::Chinese
    });
    let (spec, standard) = grammar(text, toks, turn, lenient).map_err(|e| e.in_style(detected))?;
    let (m, strict) = vertical::resolve(board, turn, legal, core::slice::from_ref(&spec), detected)?;
    Ok((m, detected, strict && standard))
}

/// The error at token `i` (or the end), which is not `expected`.
fn unexpected(text: &str, toks: &[(Tok, usize, usize)], i: usize, expected: &'static str) -> MoveParseError {
    match toks.get(i) {
        Some(&(_, start, end)) => {
            let found = text.get(start..end).and_then(|s| s.chars().next()).unwrap_or('\u{fffd}');
            MoveParseError::new(MoveErrorKind::Unexpected { found, expected }, start..end)
        }
        None => MoveParseError::new(MoveErrorKind::UnexpectedEnd { expected }, text.len()..text.len()),
    }
}

/// Reads the tokens as `[mark|number] piece [mark] [file] way target`,
/// and whether they are written in a standard form. `lenient` also takes
/// two forms other tools write, answering `false` for them: red's king,
/// advisor and elephant as 將 士 象 (black's characters, which cchess
/// writes for red in traditional script), and black's files and distances
/// in Chinese numerals (red's, as older cchess wrote black's moves).
fn grammar(
    text: &str,
    toks: &[(Tok, usize, usize)],
    turn: Color,
    lenient: bool,
) -> Result<(Spec, bool), MoveParseError> {
    let mut standard = true;
    let mut i = 0;
    let mut mark = None;
    let mut number = None;
    match toks.first() {
        Some(&(Tok::Mark(m), ..)) => {
            mark = Some(m);
            i = 1;
        }
        Some(&(Tok::Num(k, _), start, end)) => {
            if k == 0 {
                return Err(out_of_range(text, start..end, "pawn numbers are 一 to 五"));
            }
            number = Some(k);
            i = 1;
        }
        _ => {}
    }
    let Some(&(Tok::Piece(role, piece_color), piece_start, piece_end)) = toks.get(i) else {
        return Err(unexpected(text, toks, i, "a piece character (车马炮相仕帅兵 ...)"));
    };
    i += 1;
    if let (None, None, Some(&(Tok::Mark(m), ..))) = (mark, number, toks.get(i)) {
        mark = Some(m);
        i += 1;
    }
    let mut file = None;
    if let Some(&(Tok::Num(f, script), start, end)) = toks.get(i) {
        if !(1..=9).contains(&f) {
            let found = text.get(start..end).unwrap_or_default().to_owned();
            return Err(MoveParseError::new(
                MoveErrorKind::ImpossibleFile { found, expected: "files are 一 to 九 for red, １ to ９ for black" },
                start..end,
            ));
        }
        file = Some((f, script, start..end));
        i += 1;
    }
    let piece_span = toks.first().map_or(0, |t| t.1)..toks.get(i.saturating_sub(1)).map_or(piece_end, |t| t.2);
    let Some(&(Tok::Op(op), op_start, _)) = toks.get(i) else {
        let expected = if file.is_some() || mark.is_some() || number.is_some() {
            "进, 退 or 平 (forward, backward, sideways)"
        } else {
            "a file numeral, 前/中/后 or 进/退/平"
        };
        return Err(unexpected(text, toks, i, expected));
    };
    i += 1;
    let Some(&(Tok::Num(target, target_script), t_start, t_end)) = toks.get(i) else {
        return Err(unexpected(text, toks, i, "a distance or destination file (一…九, １…９)"));
    };
    if !(1..=9).contains(&target) {
        return Err(out_of_range(text, t_start..t_end, "distances and destination files are 1 to 9"));
    }
    i += 1;
    if i < toks.len() {
        return Err(unexpected(text, toks, i, "the end of the move"));
    }
    // the side: the piece's character when it has one, else the numerals
    // (red's 將 士 象, read leniently: then the numerals give the side)
    let piece_color = match piece_color {
        Some(Color::Black)
            if lenient
                && turn == Color::White
                && matches!(role, Role::King | Role::Advisor | Role::Elephant)
                && target_script == Script::Numerals =>
        {
            standard = false;
            None
        }
        other => other,
    };
    match piece_color {
        Some(c) if c != turn => {
            let what = text.get(piece_start..piece_end).unwrap_or_default().to_owned();
            return Err(MoveParseError::new(
                MoveErrorKind::WrongSide { what, side: side(c), turn: side(turn) },
                piece_start..piece_end,
            ));
        }
        Some(_) => {}
        None => {
            let (script, span) = match &file {
                Some((_, s, span)) => (*s, span.clone()),
                None => (target_script, t_start..t_end),
            };
            if script != target_script {
                let found = text.get(t_start..t_end).and_then(|s| s.chars().next()).unwrap_or('\u{fffd}');
                let expected = if script == Script::Numerals {
                    "a Chinese numeral like the file (red writes numerals, black digits)"
                } else {
                    "a digit like the file (red writes numerals, black digits)"
                };
                return Err(MoveParseError::new(MoveErrorKind::Unexpected { found, expected }, t_start..t_end));
            }
            let written = if script == Script::Numerals { Color::White } else { Color::Black };
            if lenient && written == Color::White && turn == Color::Black {
                standard = false;
            } else if written != turn {
                let what = if script == Script::Numerals {
                    "a move written in Chinese numerals"
                } else {
                    "a move written in digits"
                };
                return Err(MoveParseError::new(
                    MoveErrorKind::WrongSide { what: what.into(), side: side(written), turn: side(turn) },
                    span,
                ));
            }
        }
    }
    let file = file.map(|(f, ..)| f);
    let which = match (mark, number, file) {
        (Some(m), _, f) => Which::Mark(m, f),
        (None, Some(k), f) => Which::Ordinal(k, f),
        (None, None, Some(f)) => Which::File(f),
        (None, None, None) => return Err(unexpected(text, toks, i - 2, "a file numeral or 前/中/后")),
    };
    Ok((Spec { role: Some(role), which, op, target, piece_span, motion_span: op_start..t_end }, standard))
}

/// A number out of range at `span`.
fn out_of_range(text: &str, span: Range<usize>, expected: &'static str) -> MoveParseError {
    let found = text.get(span.clone()).unwrap_or_default().to_owned();
    MoveParseError::new(MoveErrorKind::OutOfRange { found, expected }, span)
}
