//! CBF, the XML record of `CCBridge` (象棋桥): one Xiangqi game. Read, not
//! written.
//!
//! A document whose root element is `ChineseChessRecord`: a `Head` whose
//! child elements are the header (`Name` the title, `Contest`, `Round`,
//! `Date`, `Site`, `Red`, `Black`, their teams, `ECCO`, `RecordResult` — 1
//! red wins, 2 black wins, 3 or 4 a draw, as in CBR — and `FEN`, the start
//! position), and a `MoveList` of `Move` elements, each with a `value`
//! `XY-XY`: from and to, a file digit (0 = file a) and a row digit counted
//! from black's back rank (0 = rank 9). The first `Move`, `00-00`, stands
//! for the start; the others are the main line in order. A `comment`
//! attribute is the move's comment (the first `Move`'s, the game's).
//!
//! Header elements with other names are kept as tags of their own name;
//! anything else the reader does not use (attributes of `Move` other than
//! `value`, `comment` and `end`, elements inside a `Move`, other elements of
//! the root) is reported as a repair with its byte offset, never dropped
//! silently. A bad move keeps the game up to it in
//! [`RecordError::partial`].
//!
//! The XML is read by a small reader of its own: elements, attributes in
//! single or double quotes, text, the five named entities and character
//! references, CDATA, comments, processing instructions and a DOCTYPE
//! (skipped); elements nested deeper than 64 are refused.

use polyfen_game::records::{Node, Record, record_repair};
use polyfen_game::{ReadOptions, RecordAdapter};

use super::{Game, RecordError, fen_text, read_fen};
use crate::{START_FEN, Square, XiangqiAdapter};

/// The root element's name.
const ROOT: &str = "ChineseChessRecord";

/// How deep elements may nest.
const MAX_DEPTH: usize = 64;

/// Header elements and the tags they are read into.
const HEADER: [(&str, &str); 15] = [
    ("Name", "Title"),
    ("Contest", "Event"),
    ("ContestType", "EventType"),
    ("Round", "Round"),
    ("Group", "Group"),
    ("Table", "Table"),
    ("Date", "Date"),
    ("Site", "Site"),
    ("TimeRule", "TimeControl"),
    ("Red", "Red"),
    ("RedTeam", "RedTeam"),
    ("Black", "Black"),
    ("BlackTeam", "BlackTeam"),
    ("Commentator", "Annotator"),
    ("ECCO", "ECCO"),
];

/// An element read: its name, attributes (name, value, offset of the
/// value), text, children, and the offset of its `<`.
#[derive(Debug, Default)]
struct Element {
    name: String,
    attributes: Vec<(String, String, usize)>,
    text: String,
    children: Vec<Element>,
    at: usize,
}

impl Element {
    fn attribute(&self, name: &str) -> Option<&(String, String, usize)> {
        self.attributes.iter().find(|(n, ..)| n == name)
    }

    fn child(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }
}

/// Reads a CBF document (one game).
///
/// # Errors
///
/// A [`RecordError`] with the byte offset in `text`: XML that is not well
/// formed (an unclosed or mismatched element, an unknown entity, elements
/// nested too deep), no `ChineseChessRecord` root, a `FEN` that cannot be
/// read or played, a move value that is not `XY-XY` or names a move that is
/// not legal. After the header, the error holds the game read up to it.
pub(super) fn read_cbf(text: &str) -> Result<Game, RecordError> {
    let root = parse(text)?;
    if root.name != ROOT {
        return Err(RecordError::new(format!("the root element is <{}>, not <{ROOT}>", root.name), root.at));
    }
    let start = read_fen(START_FEN, ReadOptions::default())
        .map_err(|e| RecordError::new(format!("the start position: {e}"), 0))?;
    let mut game = Record::new(vec![("Game".to_owned(), "Chinese Chess".to_owned())], start);
    let mut result = "*";
    for child in &root.children {
        match child.name.as_str() {
            "Head" => {
                for field in &child.children {
                    let value = field.text.trim();
                    match field.name.as_str() {
                        "FEN" if !value.is_empty() => {
                            game.start = read_fen(value, ReadOptions::default())
                                .map_err(|e| RecordError::new(format!("the FEN cannot be read: {e}"), field.at))?;
                            let written = fen_text(&game.start);
                            if written != START_FEN {
                                game.tags.push(("FEN".to_owned(), written));
                            }
                        }
                        "RecordResult" => {
                            result = match value {
                                "1" => "1-0",
                                "2" => "0-1",
                                "3" | "4" => "1/2-1/2",
                                _ => "*",
                            };
                        }
                        _ if value.is_empty() => {}
                        name => {
                            let tag = HEADER.iter().find(|(n, _)| *n == name).map_or(name, |(_, t)| *t);
                            game.tags.push((tag.to_owned(), value.to_owned()));
                        }
                    }
                }
            }
            "MoveList" => {}
            other => game.repairs.push(record_repair(format!("the element <{other}> is not read"), child.at)),
        }
    }
    game.tags.push(("Result".to_owned(), result.to_owned()));
    game.result = Some(result.to_owned());
    let Some(list) = root.child("MoveList") else { return Ok(game) };
    match read_moves(list, &mut game) {
        Ok(()) => Ok(game),
        Err(e) => Err(e.with_partial(game)),
    }
}

/// Reads the moves of `list` into `game`'s main line.
fn read_moves(list: &Element, game: &mut Game) -> Result<(), RecordError> {
    let mut pos = None;
    for (i, mv) in list.children.iter().enumerate() {
        if mv.name != "Move" {
            game.repairs.push(record_repair(format!("the element <{}> in the move list is not read", mv.name), mv.at));
            continue;
        }
        for (name, _, at) in &mv.attributes {
            if !matches!(name.as_str(), "value" | "comment" | "end") {
                game.repairs.push(record_repair(format!("the attribute {name} of a move is not read"), *at));
            }
        }
        if let Some(inner) = mv.children.first() {
            game.repairs
                .push(record_repair(format!("the element <{}> inside a move is not read", inner.name), inner.at));
        }
        let comment = mv.attribute("comment").map(|(_, c, _)| c.trim().to_owned()).filter(|c| !c.is_empty());
        let Some((_, value, at)) = mv.attribute("value") else {
            return Err(RecordError::new("a move without a value", mv.at));
        };
        if i == 0 && value.trim() == "00-00" {
            game.comments.extend(comment);
            continue;
        }
        let (from, to) = squares(value.trim()).ok_or_else(|| {
            RecordError::new(
                format!("the move value {value:?} is not XY-XY (file 0-8, row 0-9 from black's side)"),
                *at,
            )
        })?;
        if pos.is_none() {
            pos = Some(
                XiangqiAdapter::from_position(&game.start)
                    .map_err(|e| RecordError::new(format!("the start position cannot be played: {e}"), *at))?,
            );
        }
        let Some(before) = pos.as_mut() else { continue };
        let mv = crate::Move::new(from, to);
        if let Err(e) = before.check_move(mv) {
            return Err(RecordError::new(format!("an illegal move: {e}"), *at));
        }
        let mut text = String::new();
        XiangqiAdapter::write_move(before, mv, XiangqiAdapter::COORDINATES, &mut text);
        let mut node = Node::new(text);
        node.comments.extend(comment);
        game.moves.push(node);
        XiangqiAdapter::play(before, mv);
    }
    Ok(())
}

/// The points of a value `XY-XY`.
fn squares(value: &str) -> Option<(Square, Square)> {
    let b = value.as_bytes();
    if b.len() != 5 || b[2] != b'-' {
        return None;
    }
    let point = |x: u8, y: u8| {
        let (x, y) = (x.checked_sub(b'0')?, y.checked_sub(b'0')?);
        (x <= 8 && y <= 9).then(|| Square::new(x, 9 - y)).flatten()
    };
    Some((point(b[0], b[1])?, point(b[3], b[4])?))
}

/// Reads the XML document `text` into its root element, with an explicit
/// stack of open elements.
fn parse(text: &str) -> Result<Element, RecordError> {
    let bytes = text.as_bytes();
    let mut at = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut open: Vec<Element> = Vec::new();
    let mut root: Option<Element> = None;
    while at < bytes.len() {
        if bytes[at] != b'<' {
            let end = memchr::memchr(b'<', &bytes[at..]).map_or(bytes.len(), |i| at + i);
            let raw = &text[at..end];
            match open.last_mut() {
                Some(element) => element.text.push_str(&unescape(raw, at)?),
                None if raw.trim().is_empty() => {}
                None => return Err(RecordError::new("text outside the root element", at)),
            }
            at = end;
            continue;
        }
        let rest = &text[at..];
        if let Some(body) = rest.strip_prefix("<!--") {
            at += 4 + find(body, "-->", at)? + 3;
        } else if let Some(body) = rest.strip_prefix("<![CDATA[") {
            let length = find(body, "]]>", at)?;
            match open.last_mut() {
                Some(element) => element.text.push_str(&body[..length]),
                None => return Err(RecordError::new("CDATA outside the root element", at)),
            }
            at += 9 + length + 3;
        } else if rest.starts_with("<?") || rest.starts_with("<!") {
            at += find(rest, ">", at)? + 1;
        } else if let Some(body) = rest.strip_prefix("</") {
            let end = find(body, ">", at)?;
            let name = body[..end].trim();
            let Some(element) = open.pop() else {
                return Err(RecordError::new(format!("</{name}> closes no element"), at));
            };
            if element.name != name {
                return Err(RecordError::new(format!("</{name}> closes <{}>", element.name), at));
            }
            close(element, &mut open, &mut root, at)?;
            at += 2 + end + 1;
        } else {
            let (element, empty, length) = start_tag(text, at)?;
            if empty {
                close(element, &mut open, &mut root, at)?;
            } else {
                if open.len() >= MAX_DEPTH {
                    return Err(RecordError::new(format!("elements nested deeper than {MAX_DEPTH}"), at));
                }
                open.push(element);
            }
            at += length;
        }
    }
    if let Some(element) = open.last() {
        return Err(RecordError::new(format!("<{}> is not closed", element.name), element.at));
    }
    root.ok_or_else(|| RecordError::new("no root element", text.len()))
}

/// Hangs a finished element on its parent, or makes it the root.
fn close(element: Element, open: &mut [Element], root: &mut Option<Element>, at: usize) -> Result<(), RecordError> {
    match open.last_mut() {
        Some(parent) => parent.children.push(element),
        None if root.is_none() => *root = Some(element),
        None => return Err(RecordError::new("a second root element", at)),
    }
    Ok(())
}

/// Where `needle` starts in `haystack` (which starts at `at` in the
/// document), or an error at `at`.
fn find(haystack: &str, needle: &str, at: usize) -> Result<usize, RecordError> {
    haystack.find(needle).ok_or_else(|| RecordError::new(format!("the markup is not ended by {needle}"), at))
}

/// Reads the start tag at `at`: the element, whether it is empty (`/>`),
/// and the tag's length.
fn start_tag(text: &str, at: usize) -> Result<(Element, bool, usize), RecordError> {
    let bytes = text.as_bytes();
    let mut i = at + 1;
    let name_end = |i: usize| {
        bytes[i..]
            .iter()
            .position(|&b| b.is_ascii_whitespace() || b == b'>' || b == b'/' || b == b'=')
            .map_or(bytes.len(), |n| i + n)
    };
    let end = name_end(i);
    if end == i {
        return Err(RecordError::new("a '<' that starts no element", at));
    }
    let mut element = Element { name: text[i..end].to_owned(), at, ..Element::default() };
    i = end;
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        match bytes.get(i) {
            None => return Err(RecordError::new(format!("the tag <{}> is not closed", element.name), at)),
            Some(b'>') => return Ok((element, false, i + 1 - at)),
            Some(b'/') if bytes.get(i + 1) == Some(&b'>') => return Ok((element, true, i + 2 - at)),
            Some(_) => {}
        }
        let end = name_end(i);
        if end == i {
            return Err(RecordError::new(format!("an unexpected character in the tag <{}>", element.name), i));
        }
        let name = text[i..end].to_owned();
        i = end;
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if bytes.get(i) != Some(&b'=') {
            return Err(RecordError::new(format!("the attribute {name} has no value"), i));
        }
        i += 1;
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let Some(&quote @ (b'"' | b'\'')) = bytes.get(i) else {
            return Err(RecordError::new(format!("the value of {name} is not quoted"), i));
        };
        let Some(length) = memchr::memchr(quote, &bytes[i + 1..]) else {
            return Err(RecordError::new(format!("the value of {name} is not ended"), i));
        };
        let value = unescape(&text[i + 1..i + 1 + length], i + 1)?;
        element.attributes.push((name, value, i + 1));
        i += 1 + length + 1;
    }
}

/// `raw` with its entities replaced (`raw` starts at `at`).
fn unescape(raw: &str, at: usize) -> Result<String, RecordError> {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let offset = at + (raw.len() - rest.len()) + amp;
        let after = &rest[amp + 1..];
        let Some(semi) = after.find(';').filter(|&s| s <= 12) else {
            return Err(RecordError::new("a '&' that starts no entity", offset));
        };
        let name = &after[..semi];
        let c = match name {
            "lt" => Some('<'),
            "gt" => Some('>'),
            "amp" => Some('&'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => name
                .strip_prefix("#x")
                .or_else(|| name.strip_prefix("#X"))
                .map(|hex| u32::from_str_radix(hex, 16))
                .or_else(|| name.strip_prefix('#').map(str::parse::<u32>))
                .and_then(Result::ok)
                .and_then(char::from_u32),
        };
        let Some(c) = c else {
            return Err(RecordError::new(format!("an unknown entity &{name};"), offset));
        };
        out.push(c);
        rest = &after[semi + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Whether `head` is the start of a CBF document: after a byte-order mark
/// and white space, markup (`<`), and the root element's name in it.
pub(super) fn looks_like_cbf(head: &[u8]) -> bool {
    let text = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let Some(first) = text.iter().position(|b| !b.is_ascii_whitespace()) else { return false };
    text[first] == b'<'
        && memchr::memmem::find(&text[first..text.len().min(first + 4096)], b"<ChineseChessRecord").is_some()
}
