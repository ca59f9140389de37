//! XQF (`XQStudio`) Xiangqi records: the reader of every version in use
//! (1.0 to 1.8, the encrypted ones included) and the writer of 1.0.
//!
//! A file is a 1024-byte header (signature `XQ`, the version byte, the key
//! bytes, the 32 pieces' points, the result, the game type, and Pascal
//! strings in GB18030: title, event, date, site, players, ...) and then the
//! move records in preorder: a record (from, to, a flag byte telling whether
//! a next move, a variation and a comment follow) is followed by the tree of
//! its next move, then by its variation (another move instead of it). From
//! version 1.1 the key bytes scramble the pieces' points, the moves, and the
//! comments' lengths, and every byte after the header is shifted by a
//! 32-byte key stream.
//!
//! XQF has no side to move: the first move's piece gives it, red in a
//! diagram without moves, unless red to move cannot be played and black to
//! move can (a mate shown, black in check): then black, reported as a
//! repair. A bad record keeps the game read up to it in
//! [`RecordError::partial`].

use polyfen_core::Color;
use polyfen_game::records::{Node, Raw, record_repair};
use polyfen_game::{MoveReading, RecordAdapter, RuleError};

use super::{Game, RecordError, SLOTS, finish, hang, result_of, setup};
use crate::{Piece, Square, XiangqiAdapter};

/// The size of the header; the move records start here.
const HEADER: usize = 0x400;

/// The header's Pascal strings: offset of the length byte, capacity, and
/// the tag they are read into.
const STRINGS: [(usize, usize, &str); 11] = [
    (0x50, 63, "Title"),
    (0xD0, 63, "Event"),
    (0x110, 15, "Date"),
    (0x120, 15, "Site"),
    (0x130, 15, "Red"),
    (0x140, 15, "Black"),
    (0x150, 63, "TimeControl"),
    (0x190, 15, "RedTime"),
    (0x1A0, 15, "BlackTime"),
    (0x1D0, 15, "Annotator"),
    (0x1E0, 15, "Author"),
];

/// The result byte.
const RESULT: usize = 0x33;
/// The game-type byte.
const TYPE: usize = 0x40;

/// The game types `XQStudio` knows, in the order of the type byte.
const TYPES: [&str; 4] = ["Full", "Opening", "Middlegame", "Endgame"];

/// The text every key stream is masked from.
const STREAM_MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The keys of an encrypted file (all zero for version 1.0).
#[derive(Clone, Copy, Default)]
struct Keys {
    piece: u8,
    from: u8,
    to: u8,
    comment: u32,
    stream: [u8; 32],
}

/// The key function of `XQStudio`.
fn square54(key: u8, by: u8) -> u8 {
    let k = u32::from(key);
    let value = (((((k * k) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8).wrapping_mul(u32::from(by));
    value.to_le_bytes()[0]
}

impl Keys {
    fn of(head: &[u8]) -> Keys {
        let (mask, or) = (head[3], &head[8..12]);
        let (sum, xy, xyf, xyt) = (head[12], head[13], head[14], head[15]);
        let piece = square54(xy, xy);
        let from = square54(xyf, piece);
        let to = square54(xyt, from);
        let comment = (u32::from(sum) * 256 + u32::from(xy)) % 32000 + 767;
        let bytes = [(sum & mask) | or[0], (xy & mask) | or[1], (xyf & mask) | or[2], (xyt & mask) | or[3]];
        let mut stream = [0u8; 32];
        for (i, s) in stream.iter_mut().enumerate() {
            *s = STREAM_MASK[i] & bytes[i % 4];
        }
        Keys { piece, from, to, comment, stream }
    }
}

/// The move records, decrypted, with a cursor.
struct Records<'a> {
    bytes: &'a [u8],
    at: usize,
    keys: Keys,
    version: u8,
}

/// One move record.
struct Record {
    from: u8,
    to: u8,
    next: bool,
    sibling: bool,
    comment: Option<String>,
}

impl Records<'_> {
    fn take(&mut self, n: usize, what: &str) -> Result<Vec<u8>, RecordError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(RecordError::new(format!("the file ends inside {what}"), self.at));
        };
        let out = self.bytes[self.at..end]
            .iter()
            .enumerate()
            .map(|(i, &b)| b.wrapping_sub(self.keys.stream[(self.at + i - HEADER) % 32]))
            .collect();
        self.at = end;
        Ok(out)
    }

    fn record(&mut self) -> Result<Record, RecordError> {
        let head = self.take(4, "a move record")?;
        let (next, sibling, has_comment) = if self.version <= 10 {
            (head[2] & 0xF0 != 0, head[2] & 0x0F != 0, true)
        } else {
            (head[2] & 0x80 != 0, head[2] & 0x40 != 0, head[2] & 0x20 != 0)
        };
        let mut comment = None;
        if has_comment {
            let at = self.at;
            let raw = self.take(4, "a comment length")?;
            let length = u32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]]);
            let length = if self.version <= 10 {
                i64::from(length as i32)
            } else {
                i64::from(length) - i64::from(self.keys.comment)
            };
            if length < 0 || usize::try_from(length).map_or(true, |l| l > self.bytes.len() - self.at) {
                return Err(RecordError::new(
                    format!("a comment length of {length} bytes, past the end of the file (a wrong key?)"),
                    at,
                ));
            }
            if length > 0 {
                let text = self.take(usize::try_from(length).unwrap_or(0), "a comment")?;
                let (text, _, _) = encoding_rs::GB18030.decode(&text);
                comment = Some(text.into_owned());
            }
        }
        let (from, to) = if self.version <= 10 {
            (head[0].wrapping_sub(0x18), head[1].wrapping_sub(0x20))
        } else {
            (
                head[0].wrapping_sub(0x18).wrapping_sub(self.keys.from),
                head[1].wrapping_sub(0x20).wrapping_sub(self.keys.to),
            )
        };
        Ok(Record { from, to, next, sibling, comment })
    }
}

/// An XQF point value (`file * 10 + rank`) as a point.
fn square(value: u8) -> Option<Square> {
    if value >= 90 {
        return None;
    }
    Square::new(value / 10, value % 10)
}

/// Reads an XQF file.
///
/// # Errors
///
/// A [`RecordError`] with the byte offset: not an XQF file, a version it
/// does not know, two pieces on one point, an impossible position, a
/// record or comment that runs past the end (a truncated file or a wrong
/// key), a move from or to outside the board, an illegal move.
pub(super) fn read_xqf(bytes: &[u8]) -> Result<Game, RecordError> {
    if bytes.len() < 2 || &bytes[..2] != b"XQ" {
        return Err(RecordError::new("not an XQF file (no 'XQ' signature)", 0));
    }
    if bytes.len() < HEADER {
        return Err(RecordError::new(format!("the file ends inside the {HEADER}-byte header"), bytes.len()));
    }
    let version = bytes[2];
    if !(10..=18).contains(&version) {
        return Err(RecordError::new(format!("unknown XQF version byte {version} (10 to 18 are known)"), 2));
    }
    let keys = if version <= 10 { Keys::default() } else { Keys::of(bytes) };
    let mut slots = [0u8; 32];
    for (i, &b) in bytes[16..48].iter().enumerate() {
        let slot = if version >= 12 { (usize::from(keys.piece) + i + 1) % 32 } else { i };
        slots[slot] = b;
    }
    let mut board: [Option<Piece>; 90] = [None; 90];
    for (slot, &value) in slots.iter().enumerate() {
        let Some(sq) = square(value.wrapping_sub(keys.piece)) else { continue };
        let color = if slot < 16 { Color::White } else { Color::Black };
        let offset = if version >= 12 { 16 } else { 16 + slot };
        if board[sq.index()].is_some() {
            let name = String::from_utf8_lossy(&sq.name()).into_owned();
            return Err(RecordError::new(format!("two pieces on {name}"), offset));
        }
        board[sq.index()] = Some(Piece::new(color, SLOTS[slot % 16]));
    }

    let mut records = Records { bytes, at: HEADER, keys, version };
    let mut game = Game::new(header_tags(bytes), setup(board, Color::White));
    game.result = game.tag("Result").map(str::to_owned);
    let mut raws = Raw::root();
    let read = read_moves(&mut records, board, &mut game, &mut raws);
    finish(game, &mut raws, read)
}

/// The tags of an XQF header: the game, its strings, the result and the
/// game type.
fn header_tags(bytes: &[u8]) -> Vec<(String, String)> {
    let mut tags = vec![("Game".to_owned(), "Chinese Chess".to_owned())];
    for (offset, capacity, name) in STRINGS {
        let length = usize::from(bytes[offset]).min(capacity);
        let raw = &bytes[offset + 1..offset + 1 + length];
        let raw = raw.split(|&b| b == 0).next().unwrap_or_default();
        if raw.is_empty() {
            continue;
        }
        let (text, _, _) = encoding_rs::GB18030.decode(raw);
        let text = text.trim();
        if !text.is_empty() {
            tags.push((name.to_owned(), text.to_owned()));
        }
    }
    let result = result_of(bytes[RESULT]);
    tags.push(("Result".to_owned(), result.to_owned()));
    let kind = bytes[TYPE];
    let kind = TYPES.get(usize::from(kind)).map_or_else(|| kind.to_string(), |t| (*t).to_owned());
    tags.push(("GameType".to_owned(), kind));
    tags
}

/// Reads the root record (the game's comment), finds the side to move and
/// reads the move records into `raws`, setting `game`'s start position and
/// comments as it goes: on an error, what was read so far stays there.
fn read_moves(
    records: &mut Records<'_>,
    board: [Option<Piece>; 90],
    game: &mut Game,
    raws: &mut Vec<Raw>,
) -> Result<(), RecordError> {
    let (bytes, keys, version) = (records.bytes, records.keys, records.version);
    if records.at < bytes.len() {
        let root = records.record()?;
        game.comments.extend(root.comment);
    }
    // The side to move is the side of the first move's piece.
    let mut turn = Color::White;
    if records.at + 4 <= bytes.len() {
        let mut peek = Records { bytes, at: records.at, keys, version };
        let first = peek.take(4, "a move record")?;
        let from = if version <= 10 {
            first[0].wrapping_sub(0x18)
        } else {
            first[0].wrapping_sub(0x18).wrapping_sub(keys.from)
        };
        if let Some(piece) = square(from).and_then(|sq| board[sq.index()]) {
            turn = piece.color();
        }
    }
    game.start = setup(board, turn);
    let no_moves = records.at + 4 > bytes.len();
    let start_pos = match XiangqiAdapter::from_position(&game.start) {
        Ok(pos) => Some(pos),
        // A diagram without moves (a mate shown): the side in check is
        // the side to move, and the reading says so.
        Err(e) if no_moves && XiangqiAdapter::from_position(&setup(board, Color::Black)).is_ok() => {
            game.start = setup(board, Color::Black);
            game.repairs.push(record_repair(
                format!("a diagram without moves with red to move cannot be played ({e}): black, in check, is given the move"),
                16,
            ));
            XiangqiAdapter::from_position(&game.start).ok()
        }
        Err(e) if !no_moves => {
            return Err(RecordError::new(format!("the start position cannot be played: {e}"), 16));
        }
        // A diagram without moves whose position cannot be played (both
        // kings in check): kept as it is, red to move.
        Err(_) => None,
    };

    // Records in preorder, read with a stack: (parent, position before).
    let mut pending = Vec::new();
    if let Some(pos) = start_pos
        && records.at < bytes.len()
    {
        pending.push((0usize, pos));
    }
    while let Some((parent, pos)) = pending.pop() {
        let at = records.at;
        let record = records.record()?;
        let (Some(from), Some(to)) = (square(record.from), square(record.to)) else {
            return Err(RecordError::new(
                format!("a move from point {} to point {}, outside the board (a wrong key?)", record.from, record.to),
                at,
            ));
        };
        let mv = crate::Move::new(from, to);
        hang(raws, &mut pending, (parent, pos), mv, record.comment, record.sibling, record.next)
            .map_err(|e| RecordError::new(format!("an illegal move: {e}"), at))?;
    }
    Ok(())
}

/// Writes a Xiangqi game as XQF 1.0 (not encrypted): the header's strings
/// from the tags, the start position, and the whole tree with comments.
///
/// # Errors
///
/// [`RuleError`] when a move of its tree is not
/// legal, or its start position has a piece XQF has no slot for.
pub(super) fn write_xqf(game: &Game) -> Result<Vec<u8>, RuleError> {
    let pos = XiangqiAdapter::from_position(&game.start).map_err(RuleError::IllegalPosition)?;
    let mut out = vec![0u8; HEADER];
    out[0] = b'X';
    out[1] = b'Q';
    out[2] = 10;
    let mut slots = [0xFFu8; 32];
    for sq in Square::all() {
        let Some(piece) = pos.piece_at(sq) else { continue };
        let base = if piece.color() == Color::White { 0 } else { 16 };
        let free = (0..16).find(|&i| SLOTS[i] == piece.role() && slots[base + i] == 0xFF);
        let Some(i) = free else {
            return Err(RuleError::IllegalPosition(format!("too many {}s for XQF", piece.role().name())));
        };
        slots[base + i] = sq.file() * 10 + sq.rank();
    }
    out[16..48].copy_from_slice(&slots);
    out[RESULT] = match game.result_text() {
        "1-0" => 1,
        "0-1" => 2,
        "1/2-1/2" => 3,
        _ => 0,
    };
    if let Some(kind) = game.tag("GameType")
        && let Some(i) = TYPES.iter().position(|t| t.eq_ignore_ascii_case(kind))
    {
        out[TYPE] = u8::try_from(i).unwrap_or(0);
    }
    for (offset, capacity, name) in STRINGS {
        let Some(value) = game.tag(name) else { continue };
        let mut value = value;
        let mut encoded = encoding_rs::GB18030.encode(value).0;
        while encoded.len() > capacity {
            let mut cut = value.len() - 1;
            while !value.is_char_boundary(cut) {
                cut -= 1;
            }
            value = &value[..cut];
            encoded = encoding_rs::GB18030.encode(value).0;
        }
        let length = encoded.len();
        out[offset] = u8::try_from(length).unwrap_or(0);
        out[offset + 1..offset + 1 + length].copy_from_slice(&encoded[..length]);
    }
    // the root record holds the game's comment
    let comment = game.comments.join("\n");
    write_record(&mut out, (0, 0), !game.moves.is_empty(), false, &comment);
    write_tree(&mut out, &pos, &game.moves)?;
    Ok(out)
}

/// One record of XQF 1.0.
fn write_record(out: &mut Vec<u8>, (from, to): (u8, u8), next: bool, sibling: bool, comment: &str) {
    let flags = if next { 0xF0 } else { 0 } | if sibling { 0x0F } else { 0 };
    out.extend_from_slice(&[from.wrapping_add(0x18), to.wrapping_add(0x20), flags, 0]);
    let (encoded, _, _) = encoding_rs::GB18030.encode(comment);
    let length = u32::try_from(encoded.len()).unwrap_or(0);
    out.extend_from_slice(&length.to_le_bytes());
    out.extend_from_slice(&encoded[..length as usize]);
}

/// Writes a line and its variations in preorder, with an explicit stack.
fn write_tree(out: &mut Vec<u8>, start: &crate::Position, line: &[Node]) -> Result<(), RuleError> {
    /// A move to write: the node, the position before it, the line it
    /// continues, and its alternatives still to come after it.
    struct Item<'a> {
        node: &'a Node,
        pos: crate::Position,
        rest: &'a [Node],
        siblings: Vec<(&'a [Node], Vec<String>)>,
        comments: Vec<String>,
        index: usize,
    }
    fn item<'a>(
        moves: &'a [Node],
        pos: crate::Position,
        siblings: Vec<(&'a [Node], Vec<String>)>,
        comments: Vec<String>,
        index: usize,
    ) -> Option<Item<'a>> {
        let (node, rest) = moves.split_first()?;
        Some(Item { node, pos, rest, siblings, comments, index })
    }
    let mut stack: Vec<Item<'_>> = Vec::new();
    if let Some(first) = line.first() {
        let siblings = first.variations.iter().map(|v| (v.moves.as_slice(), v.comments.clone())).collect();
        stack.extend(item(line, *start, siblings, Vec::new(), 0));
    }
    while let Some(Item { node, pos, rest, mut siblings, comments, index }) = stack.pop() {
        let mut notes = Vec::new();
        let reading = MoveReading { text: &node.mv, expected: Some(XiangqiAdapter::COORDINATES), lenient: false };
        let mv =
            XiangqiAdapter::read_move(&pos, reading, &mut notes).map_err(|error| RuleError::Move { index, error })?;
        let mut text: Vec<String> = comments;
        text.extend(node.comments.iter().cloned());
        let from = mv.from.file() * 10 + mv.from.rank();
        let to = mv.to.file() * 10 + mv.to.rank();
        // drop empty variations
        siblings.retain(|(moves, _)| !moves.is_empty());
        write_record(out, (from, to), !rest.is_empty(), !siblings.is_empty(), &text.join("\n"));
        if !siblings.is_empty() {
            let (moves, comments) = siblings.remove(0);
            if let Some(first) = moves.first() {
                siblings.extend(first.variations.iter().map(|v| (v.moves.as_slice(), v.comments.clone())));
            }
            stack.extend(item(moves, pos, siblings, comments, index));
        }
        if let Some(next) = rest.first() {
            let mut after = pos;
            XiangqiAdapter::play(&mut after, mv);
            let alternatives = next.variations.iter().map(|v| (v.moves.as_slice(), v.comments.clone())).collect();
            stack.extend(item(rest, after, alternatives, Vec::new(), index + 1));
        }
    }
    Ok(())
}
