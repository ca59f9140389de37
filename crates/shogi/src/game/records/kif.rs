//! KIF and KI2 (Kakinoki's formats): the headers (`開始日時：`, `棋戦：`,
//! `先手：`/`後手：` or `下手：`/`上手：`, `手合割：` …) as tags, the start
//! (`手合割` names one of the named starts; a board diagram, read by the
//! crate's `kif-board`, any other), the moves (KIF: `   1 ７六歩(77)   (
//! 0:01/00:00:01)`, one a line, with the time; KI2: `▲７六歩    △３四歩`,
//! several a line), comments (`*`, each line a comment), bookmarks
//! (`&`, kept as a comment `[%bookmark NAME]`), the end (`  97 投了`, and
//! the summary `まで96手で後手の勝ち`) and the variations (`変化：N手`).

use polyfen_game::RuleError;
use std::fmt::Write as _;

use polyfen_game::records::PgnRepair;

use super::{
    Game, KIF_ENDINGS, Line, OWN_TAGS, Outcome, RecordError, Replayed, Tree, emt, finish, handicap_name, lines,
    named_start, plain_comments, replay, start_of, summary, summary_line, time_of,
};
use crate::board::BoardNotation;
use crate::game::ShogiPosition;
use crate::game::record::ShogiPos;
use crate::{Position, ShogiMoveNotation};

/// Which of the two formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Kif,
    Ki2,
}

/// The headers with a tag name of their own (the others keep their name).
pub(super) const HEADERS: [(&str, &str); 12] = [
    ("開始日時", "StartTime"),
    ("終了日時", "EndTime"),
    ("棋戦", "Event"),
    ("場所", "Site"),
    ("持ち時間", "TimeControl"),
    ("戦型", "Opening"),
    ("先手", "Sente"),
    ("下手", "Sente"),
    ("後手", "Gote"),
    ("上手", "Gote"),
    ("手合割", "Handicap"),
    ("表題", "Title"),
];

/// Whether a line belongs to a board diagram.
fn is_board_line(t: &str) -> bool {
    ["後手の持駒", "上手の持駒", "先手の持駒", "下手の持駒", "+---", "|"].iter().any(|p| t.starts_with(p))
        || matches!(t, "先手番" | "後手番" | "上手番" | "下手番")
        || t.trim_start().starts_with('９')
}

/// Reads a KIF or KI2 record.
pub(super) fn read(text: &str, kind: Kind) -> Result<Game, RecordError> {
    let all = lines(text);
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut repairs: Vec<PgnRepair> = Vec::new();
    let mut board: Vec<Line<'_>> = Vec::new();
    let mut handicap: Option<(Line<'_>, String)> = None;
    let mut start_comments: Vec<String> = Vec::new();
    // The header: up to the move header (KIF) or the first move, comment or variation.
    let mut i = 0;
    while let Some(line) = all.get(i) {
        let t = line.text.trim_end_matches([' ', '\u{3000}', '\t', '\r']);
        let t = t.trim_start_matches('\u{feff}');
        if t.starts_with("手数----") {
            i += 1;
            break;
        }
        if t.is_empty() || t.starts_with('#') {
            i += 1;
            continue;
        }
        if is_board_line(t) {
            board.push(*line);
            i += 1;
            continue;
        }
        if t.starts_with(['*', '&', '▲', '△', '☗', '☖'])
            || t.starts_with("変化")
            || t.starts_with("まで")
            || starts_with_number(t)
        {
            break;
        }
        match t.split_once('：') {
            Some((name, value)) => {
                let value = value.trim_matches([' ', '\u{3000}', '\r', '\t']).to_owned();
                if name == "手合割" {
                    handicap = Some((*line, value.clone()));
                }
                let tag = HEADERS.iter().find(|(n, _)| *n == name).map_or(name, |(_, tag)| *tag);
                tags.push((tag.to_owned(), value));
            }
            None => {
                return Err(line.error(
                    0,
                    format!("expected a header (名前：値), a board diagram, the moves' header (手数----指手), a move or a comment, found {t:?}"),
                ));
            }
        }
        i += 1;
    }
    let setup = if board.is_empty() {
        match &handicap {
            None => crate::START_SFEN.parse().map_err(|_| RecordError::new("the even start", 0))?,
            Some((line, name)) => named_start(name).ok_or_else(|| {
                line.error(
                    line.text.find('：').map_or(0, |c| c + '：'.len_utf8()),
                    format!("手合割 {name:?} is not a start this reader knows (平手, 香落ち, 右香落ち, 角落ち, 飛車落ち, 飛香落ち, 二枚落ち, 四枚落ち, 六枚落ち, 八枚落ち, 十枚落ち); give a board diagram"),
                )
            })?,
        }
    } else {
        read_board(&board)?
    };
    let start = ShogiPosition::new(setup);
    let pos = Position::from_setup(&start.setup).map_err(|e| {
        all.first()
            .map_or_else(|| RecordError::new(e.to_string(), 0), |l| l.error(0, format!("the start position: {e}")))
    })?;
    let mut game = Game::new(tags, start);
    let mut tree = Tree::new(ShogiPos { position: pos, last_to: None });
    let mut ending: Option<(String, Outcome)> = None;
    let mut branch_ended = false;
    let notation = if kind == Kind::Kif { ShogiMoveNotation::Kif } else { ShogiMoveNotation::Ki2 };
    while let Some(line) = all.get(i) {
        i += 1;
        let t = line.text.trim_end_matches([' ', '\u{3000}', '\t', '\r']);
        let reading =
            Reading { tree: &mut tree, repairs: &mut repairs, ending: &mut ending, branch_ended: &mut branch_ended };
        let read = match read_line(kind, notation, line, t, reading) {
            Ok(()) => continue,
            Err(error) => error,
        };
        game.repairs = repairs;
        game.unplayed = Some(text.get(line.offset..).unwrap_or("").to_owned());
        if game.comments.is_empty() {
            game.comments = std::mem::take(&mut start_comments);
        }
        return Err(read.with_partial(finish(game, tree, ending)));
    }
    game.repairs = repairs;
    Ok(finish(game, tree, ending))
}

/// Whether a line starts with a move number (spaces, then digits).
fn starts_with_number(t: &str) -> bool {
    t.trim_start_matches(' ').starts_with(|c: char| c.is_ascii_digit())
}

/// Reads a board diagram's lines (the crate's `kif-board`), its errors
/// placed in the record.
fn read_board(board: &[Line<'_>]) -> Result<crate::Sfen, RecordError> {
    let text: String = board.iter().fold(String::new(), |mut block, l| {
        block.push_str(l.text);
        block.push('\n');
        block
    });
    BoardNotation::KifBoard.read(&text).map_err(|e| {
        let line = board.get(e.line.saturating_sub(1)).or(board.last()).copied();
        let block_offset: usize = board.iter().take(e.line.saturating_sub(1)).map(|l| l.text.len() + 1).sum();
        match line {
            Some(line) => line.error(e.offset.saturating_sub(block_offset), format!("board diagram: {}", e.message)),
            None => RecordError::new(e.message, 0),
        }
    })
}

/// What the lines after the header build: the tree of moves, the repairs,
/// the ending the record states, and whether the branch being read has
/// ended.
struct Reading<'a> {
    tree: &'a mut Tree,
    repairs: &'a mut Vec<PgnRepair>,
    ending: &'a mut Option<(String, Outcome)>,
    branch_ended: &'a mut bool,
}

/// One line after the header.
fn read_line(
    kind: Kind,
    notation: ShogiMoveNotation,
    line: &Line<'_>,
    t: &str,
    reading: Reading<'_>,
) -> Result<(), RecordError> {
    let Reading { tree, repairs, ending, branch_ended } = reading;
    if t.is_empty() || t.starts_with('#') {
        return Ok(());
    }
    if let Some(comment) = t.strip_prefix('*') {
        tree.comment(comment);
        return Ok(());
    }
    if let Some(mark) = t.strip_prefix('&') {
        tree.note(format!("[%bookmark {mark}]"));
        return Ok(());
    }
    if let Some(rest) = t.strip_prefix("変化") {
        let number: String = rest
            .trim_start_matches(['：', ':'])
            .trim()
            .trim_end_matches('手')
            .trim()
            .chars()
            .map(|c| if ('０'..='９').contains(&c) { char::from(b'0' + (c as u32 - '０' as u32) as u8) } else { c })
            .collect();
        let number: u32 = number
            .parse()
            .map_err(|_| line.error(0, "expected 変化：N手, N the number of the move the variation replaces"))?;
        tree.branch(number).map_err(|why| line.error(0, why))?;
        *branch_ended = false;
        return Ok(());
    }
    if t.starts_with("まで") {
        if tree.in_main() {
            if ending.is_none() {
                *ending = Some(summary(t));
            }
        } else if !*branch_ended {
            tree.note(format!("[%end {t}]"));
        }
        return Ok(());
    }
    match kind {
        Kind::Kif if starts_with_number(t) => {
            kif_move(notation, line, t, Reading { tree, repairs, ending, branch_ended })
        }
        Kind::Ki2 if t.starts_with(['▲', '△', '☗', '☖']) => {
            let mut starts: Vec<usize> =
                t.char_indices().filter(|(_, c)| matches!(c, '▲' | '△' | '☗' | '☖')).map(|(i, _)| i).collect();
            starts.push(t.len());
            for pair in starts.windows(2) {
                let token = t.get(pair[0]..pair[1]).unwrap_or("").trim_end_matches([' ', '\t']);
                tree.play(notation, token, line, pair[0], repairs)?;
            }
            Ok(())
        }
        _ => match t.split_once('：') {
            Some((name, value)) if !name.is_empty() && tree.current().nodes.is_empty() && tree.in_main() => {
                repairs.push(line.repair(0, format!("a header after the moves' header: {name}：{value}")));
                Ok(())
            }
            _ => Err(line
                .error(0, format!("expected a move, a comment (*), a variation (変化：N手) or the end, found {t:?}"))),
        },
    }
}

/// A KIF move line: `   1 ７六歩(77)   ( 0:01/00:00:01)+`, or an ending
/// (`  97 投了`).
fn kif_move(notation: ShogiMoveNotation, line: &Line<'_>, t: &str, reading: Reading<'_>) -> Result<(), RecordError> {
    let Reading { tree, repairs, ending, branch_ended } = reading;
    let number_start = t.len() - t.trim_start_matches(' ').len();
    let digits = t[number_start..].bytes().take_while(u8::is_ascii_digit).count();
    let number: u32 = t[number_start..number_start + digits]
        .parse()
        .map_err(|_| line.error(number_start, "a move number out of range"))?;
    let mut at = number_start + digits;
    at += t[at..].len() - t[at..].trim_start_matches([' ', '\t']).len();
    // The move: up to an ASCII space, or the time's '(' after the origin's ')'.
    let rest = &t[at..];
    let mut end = rest.find([' ', '\t']).unwrap_or(rest.len());
    if let Some(glued) = rest[..end].find(")(") {
        end = glued + 1;
    }
    let mut token = &rest[..end];
    // `同 歩(23)`: an ASCII space after 同, which the lenient reading takes.
    if token == "同" {
        let more = rest[end..].trim_start_matches(' ');
        let next_end = more.find([' ', '\t']).unwrap_or(more.len());
        end = rest.len() - more.len() + next_end;
        token = &rest[..end];
    }
    token = token.trim_end_matches('+');
    let after = &rest[end..];
    if let Some((word, termination, outcome)) = KIF_ENDINGS.iter().find(|(w, _, _)| token.starts_with(w)) {
        if tree.in_main() {
            *ending = Some(((*termination).to_owned(), *outcome));
        } else {
            tree.note(format!("[%end {word}]"));
        }
        *branch_ended = true;
        return Ok(());
    }
    let expected = tree.next_number();
    if number != expected {
        repairs.push(line.repair(
            number_start,
            format!("move number {number} where {expected} was expected: read as move {expected}"),
        ));
    }
    tree.play(notation, token, line, at, repairs)?;
    if let Some(open) = after.find('(') {
        let inner = after[open + 1..].split(')').next().unwrap_or("");
        let time = inner.split('/').next().unwrap_or("").trim();
        match parse_time(time) {
            Some(seconds) => tree.note(emt(seconds)),
            None => repairs
                .push(line.repair(at + end + open, format!("skipped a time that is not m:ss/h:mm:ss: ({inner})"))),
        }
    }
    Ok(())
}

/// `m:ss` or `h:mm:ss` as seconds.
fn parse_time(text: &str) -> Option<u64> {
    let mut total = 0u64;
    let mut parts = 0;
    for part in text.split(':') {
        total = total.checked_mul(60)?.checked_add(part.trim().parse().ok()?)?;
        parts += 1;
    }
    (parts >= 2).then_some(total)
}

/// The display width of a text (full-width characters count two).
fn width(text: &str) -> usize {
    text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// Writes a game as KIF or KI2 (UTF-8).
pub(super) fn write(game: &Game, kind: Kind) -> Result<String, RuleError> {
    let start = start_of(game)?;
    let mut out = String::new();
    if kind == Kind::Kif {
        out.push_str("#KIF version=2.0 encoding=UTF-8\n");
    }
    let named = handicap_name(&game.start.setup);
    let handicap = named.is_some_and(|n| n != "平手");
    let sente = if handicap { "下手" } else { "先手" };
    let gote = if handicap { "上手" } else { "後手" };
    let header = |out: &mut String, name: &str, tag: &str| {
        if let Some(value) = game.tag(tag) {
            let _ = writeln!(out, "{name}：{value}");
        }
    };
    header(&mut out, "開始日時", "StartTime");
    header(&mut out, "終了日時", "EndTime");
    header(&mut out, "表題", "Title");
    header(&mut out, "棋戦", "Event");
    header(&mut out, "場所", "Site");
    header(&mut out, "持ち時間", "TimeControl");
    header(&mut out, "戦型", "Opening");
    header(&mut out, sente, "Sente");
    header(&mut out, gote, "Gote");
    match named {
        Some(name) => {
            let _ = writeln!(out, "手合割：{name}");
        }
        None => out.push_str(&BoardNotation::KifBoard.write(&game.start.setup)),
    }
    let known =
        ["StartTime", "EndTime", "Title", "Event", "Site", "TimeControl", "Opening", "Sente", "Gote", "Handicap"];
    for (name, value) in &game.tags {
        if !known.contains(&name.as_str()) && !OWN_TAGS.contains(&name.as_str()) && !name.is_empty() {
            let _ = writeln!(out, "{name}：{value}");
        }
    }
    if kind == Kind::Kif {
        out.push_str("手数----指手---------消費時間--\n");
    }
    for comment in &game.comments {
        write_comment(&mut out, comment);
    }
    let (main, end) = replay(&start, &game.moves, 0)?;
    let totals = write_line(&mut out, kind, &main, 1, [0, 0]);
    // The end.
    let termination = game.tag("Termination");
    let result = game.result_text();
    let n = main.len();
    if kind == Kind::Kif
        && let Some(word) = end_word(termination, result, end.position.turn())
    {
        {
            let _ = writeln!(out, "{:>4} {word}", n + 1);
        }
    }
    if let Some(summary) = summary_line(n, termination, result, handicap) {
        out.push_str(&summary);
        out.push('\n');
    }
    write_variations(&mut out, kind, &main, 1, &totals)?;
    Ok(out)
}

/// The end of a variation kept as a comment `[%end 中断]`.
fn end_of(comment: &str) -> Option<&str> {
    comment.strip_prefix("[%end ")?.strip_suffix(']')
}

/// A comment's lines, each after `*`.
fn write_comment(out: &mut String, comment: &str) {
    if let Some(mark) = comment.strip_prefix("[%bookmark ").and_then(|c| c.strip_suffix(']')) {
        out.push('&');
        out.push_str(mark);
        out.push('\n');
        return;
    }
    for line in comment.split('\n') {
        out.push('*');
        out.push_str(line);
        out.push('\n');
    }
}

/// The moves of a line (numbered from `first`), `totals` the time each
/// side used before it; the totals before each move, for its variations.
fn write_line(
    out: &mut String,
    kind: Kind,
    moves: &[Replayed<'_>],
    first: usize,
    mut totals: [u64; 2],
) -> Vec<[u64; 2]> {
    let mut before = Vec::with_capacity(moves.len());
    let mut on_line = 0;
    for (i, r) in moves.iter().enumerate() {
        before.push(totals);
        let number = first + i;
        match kind {
            Kind::Kif => {
                let text = ShogiMoveNotation::Kif.write_after(&r.before.position, r.before.last_to, r.mv);
                let _ = write!(out, "{number:>4} {text}");
                if let Some(seconds) = time_of(&r.node.comments) {
                    let side = usize::from(r.before.position.turn() != polyfen_core::Color::White);
                    totals[side] += seconds;
                    let total = totals[side];
                    out.push_str(&" ".repeat(13usize.saturating_sub(width(&text)).max(1)));
                    let _ = write!(
                        out,
                        "({:>2}:{:02}/{:02}:{:02}:{:02})",
                        seconds / 60,
                        seconds % 60,
                        total / 3600,
                        total / 60 % 60,
                        total % 60
                    );
                }
                if !r.node.variations.is_empty() {
                    out.push('+');
                }
                out.push('\n');
                for comment in plain_comments(&r.node.comments) {
                    match end_of(comment) {
                        Some(end) if end.starts_with("まで") => {
                            let _ = writeln!(out, "{end}");
                        }
                        Some(end) => {
                            let _ = writeln!(out, "{:>4} {end}", number + 1);
                        }
                        None => write_comment(out, comment),
                    }
                }
            }
            Kind::Ki2 => {
                if on_line > 0 {
                    out.push_str(&" ".repeat(12usize.saturating_sub(on_line_width(out)).max(1)));
                }
                let text = ShogiMoveNotation::Ki2.write_after(&r.before.position, r.before.last_to, r.mv);
                out.push_str(&text);
                on_line += 1;
                let comments: Vec<&String> = plain_comments(&r.node.comments).filter(|c| end_of(c).is_none()).collect();
                if on_line == 6 || !comments.is_empty() || i + 1 == moves.len() {
                    out.push('\n');
                    on_line = 0;
                }
                for comment in comments {
                    write_comment(out, comment);
                }
                if let Some(end) = r.node.comments.iter().find_map(|c| end_of(c)) {
                    if on_line > 0 {
                        out.push('\n');
                        on_line = 0;
                    }
                    if end.starts_with("まで") {
                        let _ = writeln!(out, "{end}");
                    } else {
                        let _ = writeln!(out, "まで{number}手で{end}");
                    }
                }
            }
        }
    }
    before
}

/// The display width of the last move written on the open line.
fn on_line_width(out: &str) -> usize {
    let line = &out[out.rfind('\n').map_or(0, |p| p + 1)..];
    let last = line.rfind(['▲', '△']).map_or(line, |at| &line[at..]);
    width(last)
}

/// The variations of a line, the last move's first, each followed by its
/// own (the order Kifu for Windows writes, in which `変化：N手` hangs on
/// the line read last that holds move N).
fn write_variations(
    out: &mut String,
    kind: Kind,
    moves: &[Replayed<'_>],
    first: usize,
    totals: &[[u64; 2]],
) -> Result<(), RuleError> {
    for (i, r) in moves.iter().enumerate().rev() {
        let number = first + i;
        for variation in &r.node.variations {
            let _ = writeln!(out, "\n変化：{number}手");
            for comment in &variation.comments {
                write_comment(out, comment);
            }
            let (line, _) = replay(&r.before, &variation.moves, number - 1)?;
            let before = write_line(out, kind, &line, number, totals.get(i).copied().unwrap_or_default());
            write_variations(out, kind, &line, number, &before)?;
        }
    }
    Ok(())
}

/// KIF's end word for a termination and result, `turn` being the side to
/// move at the end.
fn end_word(termination: Option<&str>, result: &str, turn: polyfen_core::Color) -> Option<&'static str> {
    let mover_won = match (result, turn) {
        ("1-0", polyfen_core::Color::White) | ("0-1", polyfen_core::Color::Black) => Some(true),
        ("1-0" | "0-1", _) => Some(false),
        _ => None,
    };
    Some(match termination? {
        "resign" => "投了",
        "interrupt" => "中断",
        "repetition" => "千日手",
        "impasse" => "持将棋",
        "mate" => "詰み",
        "time forfeit" => "切れ負け",
        "illegal move" if mover_won == Some(true) => "反則勝ち",
        "illegal move" => "反則負け",
        "entering king" => "入玉勝ち",
        "no mate" => "不詰",
        "sealed move" => "封じ手",
        _ => return None,
    })
}
