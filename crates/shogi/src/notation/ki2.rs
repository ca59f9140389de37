//! KI2 moves (Kakinoki, no origin): the side's mark, the target (or `同`),
//! the piece before the move, the relative words the JSA rules ask for,
//! `打` and `成`/`不成`: `▲７六歩`, `△同銀右`, `▲６八銀右引`, `▲６三銀打`,
//! `▲同歩成`, `△７七角不成`.
//!
//! The relative words (Japan Shogi Association rules), written only when
//! more than one piece of the kind can legally go to the target: the
//! motion 上 (forward), 引 (back) or 寄 (sideways) if no other such piece
//! moves the same way; else 直 for a piece going straight forward (not for
//! 龍 and 馬); else 左 or 右 (from the mover's side) if the piece stands
//! farthest left or right of them all; else both, the side then the
//! motion (`右引`). `打` only when a piece on the board could also go
//! there; `成`/`不成` whenever the move could promote; a full-width space
//! after `同` only when one character follows (`同　歩`, `同歩成`,
//! `同銀右`).
//!
//! Read leniently, each with a [`MoveRepair`]: the words as cshogi counts
//! them (left and right among the pieces moving the same way:
//! `▲６八銀右`), words counting a pinned piece (`▲６七金左`), `打` where
//! it is not needed, words that are more than needed, the old 行 and 入 for
//! 上, `同　` before several characters (tsshogi), no side mark, an ASCII
//! file digit, a missing `不成` (read as not promoting) or `成` (when the
//! piece must promote) and `生` for `不成`.

use polyfen_core::{Color, MoveRepair};

use super::ja::{self, WIDE_SPACE};
use super::kif::{Target, read_target};
use super::{Legal, MoveErrorKind, MoveParseError, Reader, attackers_of};
use crate::{Move, Position, Role, Square};

/// The side marks: `▲` sente, `△` gote.
const fn mark(color: Color) -> char {
    match color {
        Color::White => '▲',
        Color::Black => '△',
    }
}

/// Writes `mv`, a legal move of `position`, after a move to `previous`.
pub(super) fn write(out: &mut String, position: &Position, previous: Option<Square>, mv: Move) {
    out.push(mark(position.turn()));
    let legal = Legal::of(position);
    let mut body = String::new();
    match mv {
        Move::Normal { from, to, promote } => {
            let role = position.piece_at(from).map_or(Role::Pawn, |p| p.role);
            body.push_str(ja::name(role));
            let froms = legal_froms(&legal, role, to);
            if froms.len() > 1 {
                body.push_str(&words(position.turn(), role, from, to, &froms, false));
            }
            if promote {
                body.push('成');
            } else if legal.promotion_optional(from, to) {
                body.push_str("不成");
            }
        }
        Move::Drop { role, to } => {
            body.push_str(ja::name(role));
            if !legal_froms(&legal, role, to).is_empty() {
                body.push('打');
            }
        }
    }
    if previous == Some(mv.to()) {
        out.push('同');
        if body.chars().count() == 1 {
            out.push(WIDE_SPACE);
        }
    } else {
        ja::write_square(out, mv.to());
    }
    out.push_str(&body);
}

/// The squares from which a piece of `role` of the side to move can
/// legally go to `to`.
fn legal_froms(legal: &Legal<'_>, role: Role, to: Square) -> Vec<Square> {
    let mut froms: Vec<Square> = legal.moves_to(role, to).iter().filter_map(|m| m.from()).collect();
    froms.dedup();
    froms
}

/// How far `from` → `to` goes forward for `color` (negative: back).
fn forward(color: Color, from: Square, to: Square) -> i8 {
    let d = from.rank() as i8 - to.rank() as i8;
    if color == Color::White { d } else { -d }
}

/// The motion word of a move: 上 forward, 引 back, 寄 sideways.
fn motion(color: Color, from: Square, to: Square) -> &'static str {
    match forward(color, from, to) {
        1.. => "上",
        0 => "寄",
        _ => "引",
    }
}

/// How far right a square stands from `color`'s side: smaller is more to
/// the right (file 1 is sente's right, gote's left).
fn rightness(color: Color, sq: Square) -> u8 {
    if color == Color::White { sq.file() } else { 10 - sq.file() }
}

/// The relative words of the move `from` → `to` of a piece of `role`
/// among the pieces on `froms` that can go there (`from` among them).
/// `cshogi`: left and right are counted among the pieces that move the
/// same way, as cshogi does, rather than among all.
fn words(color: Color, role: Role, from: Square, to: Square, froms: &[Square], cshogi: bool) -> String {
    let m = motion(color, from, to);
    let same: Vec<Square> = froms.iter().copied().filter(|&f| motion(color, f, to) == m).collect();
    if same.len() <= 1 {
        return m.to_owned();
    }
    if !matches!(role, Role::Dragon | Role::Horse) && from.file() == to.file() && forward(color, from, to) > 0 {
        return "直".to_owned();
    }
    let pool = if cshogi { &same } else { froms };
    let x = rightness(color, from);
    let at_x = pool.iter().filter(|&&f| rightness(color, f) == x).count();
    let min = pool.iter().map(|&f| rightness(color, f)).min().unwrap_or(x);
    let max = pool.iter().map(|&f| rightness(color, f)).max().unwrap_or(x);
    let side = if x == min {
        "右"
    } else if x == max {
        "左"
    } else {
        ""
    };
    if at_x == 1 && !side.is_empty() {
        return side.to_owned();
    }
    format!("{side}{m}")
}

/// The side marks read: `▲ ☗` sente, `△ ▽ ☖` gote.
fn read_mark(c: char) -> Option<Color> {
    match c {
        '▲' | '☗' => Some(Color::White),
        '△' | '▽' | '☖' => Some(Color::Black),
        _ => None,
    }
}

/// The relative words read, 行 and 入 being old spellings of 上.
const WORDS: [char; 8] = ['右', '左', '直', '上', '引', '寄', '行', '入'];

/// Reads a KI2 move.
#[allow(clippy::too_many_lines)] // one reading, step by step
pub(super) fn read(r: &Reader<'_>, text: &str, repairs: &mut Vec<MoveRepair>) -> Result<Move, MoveParseError> {
    let mut at = 0;
    match text.chars().next().and_then(read_mark) {
        Some(color) => {
            let len = text.chars().next().map_or(0, char::len_utf8);
            r.side(color, 0..len)?;
            at = len;
        }
        None => repairs.push(MoveRepair::new(0..0, "the side's mark (▲ or △) is missing")),
    }
    let target_at = at;
    let (to, next, target) = read_target(r, text, at)?;
    at = next;
    if let Target::Square { ascii: true } = target {
        repairs.push(MoveRepair::new(target_at..target_at + 1, "read the ASCII file digit as a full-width one"));
    }
    let (role, len, _) = ja::read_piece(text.get(at..).unwrap_or(""))
        .ok_or_else(|| r.unexpected(text, at, "a piece: 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍"))?;
    let body_at = at;
    at += len;
    let words_at = at;
    let mut written = String::new();
    while let Some(c) = text.get(at..).and_then(|rest| rest.chars().next()).filter(|c| WORDS.contains(c)) {
        if matches!(c, '行' | '入') {
            repairs.push(MoveRepair::new(at..at + c.len_utf8(), format!("read the old word {c} as 上")));
            written.push('上');
        } else {
            written.push(c);
        }
        at += c.len_utf8();
    }
    let words_span = words_at..at;
    let rest = text.get(at..).unwrap_or("");
    let drop = rest.starts_with('打');
    if drop {
        at += '打'.len_utf8();
    }
    let rest = text.get(at..).unwrap_or("");
    let promote = if let Some(after) = rest.strip_prefix("不成") {
        at += rest.len() - after.len();
        Some(false)
    } else if rest.starts_with('生') {
        repairs.push(MoveRepair::new(at..at + '生'.len_utf8(), "read 生 as 不成"));
        at += '生'.len_utf8();
        Some(false)
    } else if rest.starts_with('成') {
        at += '成'.len_utf8();
        Some(true)
    } else {
        None
    };
    if at < text.len() {
        return Err(r.unexpected(text, at, "the end of the move"));
    }
    if let Target::Same { spaced, ascii_space } = target {
        if ascii_space {
            repairs.push(MoveRepair::new(target_at..body_at, "read the ASCII space after 同 as a full-width one"));
        }
        let one = text.get(body_at..).map_or(0, |b| b.chars().count()) == 1;
        if spaced != one {
            let how = if one {
                "without the full-width space before one character"
            } else {
                "with a full-width space before several characters"
            };
            repairs.push(MoveRepair::new(target_at..body_at, format!("read 同 written {how}")));
        }
    }
    let span = 0..text.len();
    let froms = legal_froms(&r.legal, role, to);
    if drop {
        if !written.is_empty() || promote.is_some() {
            let e = r.error(
                MoveErrorKind::Illegal("a drop takes no relative word, 成 or 不成".to_owned()),
                words_at..text.len(),
            );
            return Err(e);
        }
        let mv = r.legal(Move::Drop { role, to }, span.clone())?;
        if froms.is_empty() {
            repairs.push(MoveRepair::new(span, "打 is not needed: no piece on the board can go there"));
        }
        return Ok(mv);
    }
    if froms.is_empty() {
        let drop = Move::Drop { role, to };
        if written.is_empty() && promote.is_none() && r.legal.contains(drop) {
            return Ok(drop);
        }
        let message = format!("no {} of {} can go to {to}", role.name(), super::color_name(r.position.turn()));
        return Err(r.with_candidates(r.error(MoveErrorKind::Illegal(message), span), r.legal.moves_to(role, to)));
    }
    let color = r.position.turn();
    let standard = |f: Square| if froms.len() > 1 { words(color, role, f, to, &froms, false) } else { String::new() };
    let from = if let Some(&f) = froms.iter().find(|&&f| standard(f) == written) {
        f
    } else {
        let f = lenient_from(r.position, role, to, &froms, &written).ok_or_else(|| {
            let fits = filter(color, to, &froms, &written);
            let moves = |fs: &[Square]| -> Vec<Move> {
                r.board_moves_to(role, to).into_iter().filter(|m| m.from().is_some_and(|f| fs.contains(&f))).collect()
            };
            if fits.len() > 1 {
                r.ambiguous(text.to_owned(), moves(&fits), body_at..words_span.end)
            } else {
                let message = format!("no {} fits the words {written:?}", role.name());
                r.with_candidates(r.error(MoveErrorKind::Illegal(message), words_span.clone()), moves(&froms))
            }
        })?;
        let standard_words = standard(f);
        let message = if standard_words.is_empty() {
            format!("the relative words {written} are not needed")
        } else {
            format!("read the relative words {written} as {standard_words}")
        };
        repairs.push(MoveRepair::new(words_span, message));
        f
    };
    let promote = match promote {
        Some(p) => {
            if !p && !r.legal.contains(Move::Normal { from, to, promote: true }) {
                repairs.push(MoveRepair::new(span.clone(), "不成 is not needed: the move cannot promote"));
            }
            p
        }
        None if r.legal.promotion_optional(from, to) => {
            repairs
                .push(MoveRepair::new(span.clone(), "the move may promote and says neither 成 nor 不成: read as 不成"));
            false
        }
        None => {
            let forced = !r.legal.contains(Move::Normal { from, to, promote: false })
                && r.legal.contains(Move::Normal { from, to, promote: true });
            if forced {
                repairs.push(MoveRepair::new(span.clone(), "the piece must promote: read as 成"));
            }
            forced
        }
    };
    r.legal(Move::Normal { from, to, promote }, span)
}

/// The one origin other writers' words name: cshogi's left and right,
/// words counting pinned pieces, or the words read as constraints (more
/// words than needed).
fn lenient_from(position: &Position, role: Role, to: Square, froms: &[Square], written: &str) -> Option<Square> {
    let color = position.turn();
    let unique = |fits: Vec<Square>| if let [f] = fits.as_slice() { Some(*f) } else { None };
    let spelled = |pool: &[Square], cshogi: bool| {
        unique(
            froms
                .iter()
                .copied()
                .filter(|&f| pool.len() > 1 && words(color, role, f, to, pool, cshogi) == written)
                .collect(),
        )
    };
    let attackers = attackers_of(position, role, to);
    spelled(froms, true)
        .or_else(|| spelled(&attackers, false))
        .or_else(|| spelled(&attackers, true))
        .or_else(|| if written.is_empty() { None } else { unique(filter(color, to, froms, written)) })
}

/// The origins among `froms` that the words fit, each word read as a
/// constraint: the motion words, 直 straight forward, 左 and 右 the
/// farthest left or right of those left.
fn filter(color: Color, to: Square, froms: &[Square], written: &str) -> Vec<Square> {
    let mut fits: Vec<Square> = froms.to_vec();
    for c in written.chars() {
        match c {
            '上' | '引' | '寄' => {
                let word = c.to_string();
                fits.retain(|&f| motion(color, f, to) == word);
            }
            '直' => fits.retain(|&f| f.file() == to.file() && forward(color, f, to) > 0),
            _ => {}
        }
    }
    for c in written.chars() {
        let pick = match c {
            '右' => fits.iter().map(|&f| rightness(color, f)).min(),
            '左' => fits.iter().map(|&f| rightness(color, f)).max(),
            _ => continue,
        };
        if let Some(x) = pick {
            fits.retain(|&f| rightness(color, f) == x);
        }
    }
    fits
}
