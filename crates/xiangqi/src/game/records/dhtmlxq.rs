//! `DhtmlXQ`, the tag form of Xiangqi games in Chinese web pages: read and
//! written.
//!
//! A record is a run of tags `[DhtmlXQ_name]value[/DhtmlXQ_name]`, often
//! inside HTML. Points are two digits, the file (0–8 from red's left) and
//! the row (0–9 from black's side). `binit` gives the 32 pieces' points in
//! a fixed order (red chariot, horse, elephant, advisor, king, advisor,
//! elephant, horse, chariot, two cannons, five soldiers, then black's; `99`
//! for a piece not on the board); `movelist` is the main line, four digits a
//! move. A variation `move_P_K_I` is line `I`, played instead of the move at
//! ply `K` (counted from 1 at the start) of line `P` (the main line is 0).
//! `comment{N}` follows the main line's ply `N` (0: before the first move),
//! `comment{L}_{N}` line `L`'s; `||` is a line break in a comment. The
//! other tags are the header: title, event, date, place, round, red, black,
//! result (红胜, 黑胜, 和棋).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use polyfen_core::Color;
use polyfen_game::records::{Node, Raw, Record, line_of};
use polyfen_game::{ReadOptions, RecordAdapter, RuleError};

use super::{Game, RecordError, SLOTS, fen_text, hang, read_fen};
use crate::game::XiangqiPosition;
use crate::{Fen, Piece, START_FEN, Square, XiangqiAdapter, XiangqiExtras};

/// Header tags and the PGN tags they are read into.
const HEADER: [(&str, &str); 9] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("red", "Red"),
    ("black", "Black"),
    ("redteam", "RedTeam"),
    ("blackteam", "BlackTeam"),
];

/// Tags of the viewer, not of the game.
const VIEWER: [&str; 5] = ["ver", "init", "generator", "firstnum", "type"];

/// One tag of the record: its name (after `DhtmlXQ_`), its value and where
/// the value starts.
struct Tag<'a> {
    name: &'a str,
    value: &'a str,
    at: usize,
}

/// Every `[DhtmlXQ_name]value[/DhtmlXQ_name]` of `text`.
fn tags(text: &str) -> Result<Vec<Tag<'_>>, RecordError> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("[DhtmlXQ_") {
        let open = from + i;
        let name_start = open + "[DhtmlXQ_".len();
        let Some(close) = text[name_start..].find(']').map(|j| name_start + j) else {
            return Err(RecordError::new("a DhtmlXQ tag that is not closed with ']'", open));
        };
        let name = &text[name_start..close];
        let value_start = close + 1;
        let end_tag = format!("[/DhtmlXQ_{name}]");
        let Some(end) = text[value_start..].find(&end_tag).map(|j| value_start + j) else {
            return Err(RecordError::new(format!("[DhtmlXQ_{name}] has no [/DhtmlXQ_{name}]"), open));
        };
        out.push(Tag { name, value: &text[value_start..end], at: value_start });
        from = end + end_tag.len();
    }
    Ok(out)
}

/// A `DhtmlXQ` point (file digit, row digit from black's side).
fn point(file: u8, row: u8) -> Option<Square> {
    let (file, row) = (file.checked_sub(b'0')?, row.checked_sub(b'0')?);
    (file < 9 && row < 10).then(|| Square::new(file, 9 - row)).flatten()
}

/// The moves of a move list: four digits each.
fn moves(value: &str, at: usize) -> Result<Vec<(Square, Square, usize)>, RecordError> {
    let digits: Vec<(usize, u8)> = value.bytes().enumerate().filter(|(_, b)| !b.is_ascii_whitespace()).collect();
    if !digits.len().is_multiple_of(4) {
        return Err(RecordError::new(
            format!("a move list of {} digits, not four a move", digits.len()),
            at + digits.last().map_or(0, |d| d.0),
        ));
    }
    digits
        .chunks_exact(4)
        .map(|m| match (point(m[0].1, m[1].1), point(m[2].1, m[3].1)) {
            (Some(from), Some(to)) => Ok((from, to, at + m[0].0)),
            _ => Err(RecordError::new(
                format!(
                    "'{}' is no move: four digits, file and row of two points",
                    m.iter().map(|d| d.1 as char).collect::<String>()
                ),
                at + m[0].0,
            )),
        })
        .collect()
}

/// Reads a `DhtmlXQ` record (the first one in `text`, which may be a whole
/// web page).
///
/// # Errors
///
/// A [`RecordError`] with the byte offset in `text`: no record, a tag not
/// closed, a bad `binit` or move list, a variation that hangs on no line,
/// an illegal move.
pub(super) fn read_dhtmlxq(text: &str) -> Result<Game, RecordError> {
    let all = tags(text)?;
    if all.is_empty() {
        return Err(RecordError::new("no DhtmlXQ record (no [DhtmlXQ_...] tag)", 0));
    }
    let mut header = Vec::new();
    let mut binit = None;
    let mut fen = None;
    let mut main = None;
    let mut variations: BTreeMap<u32, (u32, usize, &str, usize)> = BTreeMap::new();
    let mut comments: Vec<(u32, usize, String)> = Vec::new();
    let mut result = "*";
    for tag in &all {
        let number = |s: &str| {
            s.parse::<u32>().map_err(|_| RecordError::new(format!("[DhtmlXQ_{}] names no line", tag.name), tag.at))
        };
        match tag.name {
            "binit" => binit = Some(tag),
            "fen" => fen = Some(tag),
            "movelist" => main = Some(tag),
            "result" => {
                let v = tag.value;
                result = if v.contains('和') {
                    "1/2-1/2"
                } else if v.contains('红') && v.contains('胜') {
                    "1-0"
                } else if v.contains('黑') && v.contains('胜') {
                    "0-1"
                } else {
                    "*"
                };
            }
            name if name.starts_with("move_") => {
                let parts: Vec<&str> = name["move_".len()..].split('_').collect();
                let [parent, ply, id] = parts[..] else {
                    return Err(RecordError::new(
                        format!("[DhtmlXQ_{name}]: a variation is move_PARENT_PLY_ID"),
                        tag.at,
                    ));
                };
                let ply = usize::try_from(number(ply)?).unwrap_or(usize::MAX);
                variations.insert(number(id)?, (number(parent)?, ply, tag.value, tag.at));
            }
            name if name.starts_with("comment") => {
                let key = &name["comment".len()..];
                let (line, ply) = match key.split_once('_') {
                    Some((line, ply)) => (number(line)?, number(ply)?),
                    None => (0, number(key)?),
                };
                let comment = tag.value.replace("||", "\n");
                if !comment.trim().is_empty() {
                    comments.push((line, usize::try_from(ply).unwrap_or(usize::MAX), comment));
                }
            }
            name => {
                if let Some((_, pgn)) = HEADER.iter().find(|(d, _)| *d == name) {
                    if !tag.value.trim().is_empty() {
                        header.push(((*pgn).to_owned(), tag.value.trim().to_owned()));
                    }
                } else if !VIEWER.contains(&name) && !tag.value.trim().is_empty() {
                    header.push((format!("DhtmlXQ_{name}"), tag.value.trim().to_owned()));
                }
            }
        }
    }
    let main_moves = match main {
        Some(tag) => moves(tag.value, tag.at)?,
        None => Vec::new(),
    };
    let start = start_position(fen, binit, main_moves.first().map(|m| m.0))?;
    let mut raws = Raw::root();
    let mut positions = Vec::new();
    if let Ok(pos) = XiangqiAdapter::from_position(&start) {
        positions.push(pos);
    } else if !main_moves.is_empty() {
        let at = binit.or(fen).map_or(0, |t| t.at);
        return Err(RecordError::new("the start position cannot be played", at));
    }
    // each line's path: the raw node at each ply from the start
    let mut paths: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    let mut path = vec![0];
    extend(&mut raws, &mut positions, &mut path, &main_moves)?;
    paths.insert(0, path);
    for (&id, &(parent, ply, value, at)) in &variations {
        let Some(parent_path) = paths.get(&parent) else {
            return Err(RecordError::new(
                format!("variation {id} hangs on line {parent}, which comes later or not at all"),
                at,
            ));
        };
        if ply == 0 || ply > parent_path.len() {
            return Err(RecordError::new(
                format!("variation {id} starts at ply {ply}, past the end of line {parent}"),
                at,
            ));
        }
        let mut path = parent_path[..ply].to_vec();
        extend(&mut raws, &mut positions, &mut path, &moves(value, at)?)?;
        paths.insert(id, path);
    }
    let mut game_comments = Vec::new();
    for (line, ply, comment) in comments {
        match paths.get(&line).and_then(|p| p.get(ply)) {
            Some(0) | None if ply == 0 => game_comments.push(comment),
            Some(&node) => match &mut raws[node].comment {
                Some(c) => {
                    c.push('\n');
                    c.push_str(&comment);
                }
                empty => *empty = Some(comment),
            },
            None => game_comments.push(comment),
        }
    }
    let moves = line_of(&mut raws, 0);
    let mut tags_out = vec![("Game".to_owned(), "Chinese Chess".to_owned())];
    let fen_text = fen_text(&start);
    if fen_text != START_FEN {
        tags_out.push(("FEN".to_owned(), fen_text));
    }
    tags_out.extend(header);
    tags_out.push(("Result".to_owned(), result.to_owned()));
    let mut game = Record::new(tags_out, start);
    game.comments = game_comments;
    game.moves = moves;
    game.result = Some(result.to_owned());
    Ok(game)
}

/// Plays `moves` from the end of `path`, adding a node for each (a line
/// that repeats another's move stays a line of its own).
fn extend(
    raws: &mut Vec<Raw>,
    positions: &mut Vec<crate::Position>,
    path: &mut Vec<usize>,
    moves: &[(Square, Square, usize)],
) -> Result<(), RecordError> {
    for &(from, to, at) in moves {
        let parent = *path.last().unwrap_or(&0);
        let Some(&pos) = positions.get(parent) else {
            return Err(RecordError::new("a move after a position that cannot be played", at));
        };
        let mv = crate::Move::new(from, to);
        let mut next = Vec::with_capacity(1);
        hang(raws, &mut next, (parent, pos), mv, None, false, true)
            .map_err(|e| RecordError::new(format!("an illegal move: {e}"), at))?;
        if let Some((index, after)) = next.pop() {
            positions.push(after);
            path.push(index);
        }
    }
    Ok(())
}

/// The start: the `fen` tag, else `binit`, else the standard start; red to
/// move unless the first move is black's.
fn start_position(
    fen: Option<&Tag<'_>>,
    binit: Option<&Tag<'_>>,
    first: Option<Square>,
) -> Result<XiangqiPosition, RecordError> {
    if let Some(tag) = fen {
        return read_fen(tag.value.trim(), ReadOptions::lenient(true))
            .map_err(|e| RecordError::new(format!("the fen tag cannot be read: {e}"), tag.at));
    }
    let mut board: [Option<Piece>; 90] = [None; 90];
    if let Some(tag) = binit {
        let digits: Vec<u8> = tag.value.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
        if digits.len() != 64 || !digits.iter().all(u8::is_ascii_digit) {
            return Err(RecordError::new("binit holds 64 digits, two for each of the 32 pieces", tag.at));
        }
        for (slot, pair) in digits.chunks_exact(2).enumerate() {
            let Some(square) = point(pair[0], pair[1]) else { continue };
            if board[square.index()].is_some() {
                return Err(RecordError::new(format!("two pieces on {square}"), tag.at + slot * 2));
            }
            let color = if slot < 16 { Color::White } else { Color::Black };
            board[square.index()] = Some(Piece::new(color, SLOTS[slot % 16]));
        }
    } else {
        let standard: Fen = START_FEN.parse().map_err(|_| RecordError::new("the start", 0))?;
        board = standard.board;
    }
    let turn = first.and_then(|s| board[s.index()]).map_or(Color::White, Piece::color);
    Ok(XiangqiPosition::new(Fen { board, extras: XiangqiExtras { turn, halfmove: 0, fullmove: 1, marker: None } }))
}

/// A line still to write: its id, its parent's, its first ply, its moves,
/// and the comments before them.
type Pending<'a> = (u32, u32, usize, &'a [Node], Vec<String>);

/// A point as `DhtmlXQ` digits.
fn digits(square: Square, out: &mut String) {
    out.push(char::from(b'0' + square.file()));
    out.push(char::from(b'0' + (9 - square.rank())));
}

/// Writes a Xiangqi game as a `DhtmlXQ` record: the header, `binit`, the
/// main line, every variation and every comment.
///
/// # Errors
///
/// [`RuleError`] for a game that is not Xiangqi, a start position `binit`
/// cannot hold (more pieces of a kind than its slots), or a move that does
/// not replay.
pub(super) fn write_dhtmlxq(game: &Game) -> Result<String, RuleError> {
    let start = &game.start;
    let mut out = String::from("[DhtmlXQ]\n");
    for (name, pgn) in HEADER {
        if let Some(value) = game.tag(pgn) {
            let _ = writeln!(out, "[DhtmlXQ_{name}]{}[/DhtmlXQ_{name}]", clean(value));
        }
    }
    let result = match game.result_text() {
        "1-0" => "红胜",
        "0-1" => "黑胜",
        "1/2-1/2" => "和棋",
        _ => "未知",
    };
    let _ = writeln!(out, "[DhtmlXQ_result]{result}[/DhtmlXQ_result]");
    // binit: each piece into the first free slot of its kind
    let mut slots = ["99"; 32].map(String::from);
    let mut used = [false; 32];
    for square in Square::all() {
        let Some(piece) = start.setup.board[square.index()] else { continue };
        let base = if piece.color() == Color::White { 0 } else { 16 };
        let Some(slot) = (0..16).find(|&i| SLOTS[i] == piece.role() && !used[base + i]) else {
            return Err(RuleError::IllegalPosition(format!("too many {}s for DhtmlXQ's binit", piece.role().name())));
        };
        used[base + slot] = true;
        let mut text = String::new();
        digits(square, &mut text);
        slots[base + slot] = text;
    }
    out.push_str("[DhtmlXQ_binit]");
    out.push_str(&slots.concat());
    out.push_str("[/DhtmlXQ_binit]\n");
    if start.setup.extras.turn == Color::Black {
        out.push_str("[DhtmlXQ_fen]");
        out.push_str(&fen_text(start));
        out.push_str("[/DhtmlXQ_fen]\n");
    }
    // lines: (id, parent, first ply, moves); comments by (line, ply)
    let mut lines: Vec<(u32, u32, usize, String)> = Vec::new();
    let mut notes: Vec<(u32, usize, String)> = Vec::new();
    let game_comment = game.comments.join("\n");
    if !game_comment.is_empty() {
        notes.push((0, 0, game_comment));
    }
    let mut pending: Vec<Pending<'_>> = vec![(0, 0, 1, &game.moves, Vec::new())];
    let mut next_id = 1;
    while let Some((id, parent, first, nodes, lead)) = pending.pop() {
        let mut text = String::new();
        for (j, node) in nodes.iter().enumerate() {
            let b = node.mv.as_bytes();
            let (Some(from), Some(to)) =
                (Square::parse(b.get(..2).unwrap_or_default()), Square::parse(b.get(2..4).unwrap_or_default()))
            else {
                return Err(RuleError::IllegalPosition(format!("'{}' is not a Xiangqi move in coordinates", node.mv)));
            };
            digits(from, &mut text);
            digits(to, &mut text);
            let mut said = if j == 0 { lead.clone() } else { Vec::new() };
            said.extend(node.comments.iter().cloned());
            if !said.is_empty() {
                notes.push((id, first + j, said.join("\n")));
            }
            for variation in &node.variations {
                pending.push((next_id, id, first + j, &variation.moves, variation.comments.clone()));
                next_id += 1;
            }
        }
        lines.push((id, parent, first, text));
    }
    lines.sort_by_key(|l| l.0);
    for (id, parent, first, text) in &lines {
        if *id == 0 {
            let _ = writeln!(out, "[DhtmlXQ_movelist]{text}[/DhtmlXQ_movelist]");
        } else {
            let _ = writeln!(out, "[DhtmlXQ_move_{parent}_{first}_{id}]{text}[/DhtmlXQ_move_{parent}_{first}_{id}]");
        }
    }
    for (line, ply, text) in notes {
        let key = if line == 0 { ply.to_string() } else { format!("{line}_{ply}") };
        let _ = writeln!(out, "[DhtmlXQ_comment{key}]{}[/DhtmlXQ_comment{key}]", clean(&text).replace('\n', "||"));
    }
    out.push_str("[/DhtmlXQ]\n");
    Ok(out)
}

/// A value with what would end its tag early taken out.
fn clean(value: &str) -> String {
    value.replace("[/DhtmlXQ", "［/DhtmlXQ").replace("||", "| |")
}
