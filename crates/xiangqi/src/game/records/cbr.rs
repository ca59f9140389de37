//! CBR and CBL (`CCBridge`, 象棋桥) Xiangqi records: a single game, and a
//! library of games.
//!
//! A CBR file is a 2214-byte header and then the moves. The header holds
//! the signature `CCBridge Record\0`, UTF-16LE strings (title at byte 180,
//! event at 692, red at 1076, black at 1300, each ended by a NUL), the
//! result byte (2076: 1 red wins, 2 black wins, 3 or 4 a draw), the side to
//! move (2116: 1 red) and the 90 points of the board (2120), row by row from
//! black's back rank, each a piece code (`0x11`–`0x17` red chariot, horse,
//! elephant, advisor, king, cannon, soldier; `0x21`–`0x27` black's) or 0.
//! Then a game comment (a 32-bit flag, and when it is not 0 a 32-bit length
//! and that many bytes of UTF-16LE) and the move records in preorder: four
//! bytes (flags, unused, from, to; points numbered like the board), flag 1
//! meaning the line ends here, 2 that another move is played instead of
//! this one, 4 that a comment follows (a 32-bit length and the text). A
//! record of four zero bytes ends a line.
//!
//! A CBL library starts with `CCBridgeLibrary\0` and its name (UTF-16LE at
//! byte 64); its games are CBR records in 4096-byte slots from the first
//! record after byte 101,952. A record with an empty board is a section
//! heading (its title names a part of the library): not a game, it is
//! reported as a repair of the game after it, whose `Section` tag (and its
//! section's) holds the title.
//!
//! A bad record keeps the game read up to it in [`RecordError::partial`].

use polyfen_core::Color;
use polyfen_game::RecordAdapter;
use polyfen_game::records::{PgnRepair, Raw, Record, record_repair};

use super::{Game, RecordError, finish, hang, result_of, setup};
use crate::{Piece, Role, Square, XiangqiAdapter};

/// The signature of a CBR record.
pub(super) const CBR_MAGIC: &[u8; 16] = b"CCBridge Record\0";
/// The signature of a CBL library.
pub(super) const CBL_MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";
/// The size of a CBR header; the game comment and the moves follow.
const HEADER: usize = 2214;
/// Where a library's games may start, and the size of their slots.
const LIBRARY_GAMES: usize = 101_952;
const SLOT: usize = 4096;

/// The header's strings: offset, capacity in bytes, tag.
const STRINGS: [(usize, usize, &str); 4] =
    [(180, 128, "Title"), (692, 64, "Event"), (1076, 64, "Red"), (1300, 64, "Black")];
const RESULT: usize = 2076;
const SIDE: usize = 2116;
const BOARD: usize = 2120;

/// The roles of piece codes 1 to 7 (in the low nibble).
const ROLES: [Role; 7] =
    [Role::Chariot, Role::Horse, Role::Elephant, Role::Advisor, Role::King, Role::Cannon, Role::Soldier];

/// A UTF-16LE string ended by a NUL (or by the end of `bytes`).
fn utf16(bytes: &[u8]) -> String {
    let end = bytes.chunks_exact(2).position(|c| c == [0, 0]).map_or(bytes.len() & !1, |i| i * 2);
    let (text, _) = encoding_rs::UTF_16LE.decode_without_bom_handling(&bytes[..end]);
    text.trim().to_owned()
}

/// A CBR point (`row * 9 + file`, row 0 black's back rank) as a point.
fn point(value: u8) -> Option<Square> {
    (value < 90).then(|| Square::new(value % 9, 9 - value / 9)).flatten()
}

/// Reads the bytes of a record, counting offsets from `base` in the file.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
    base: usize,
}

impl Cursor<'_> {
    fn error(&self, message: impl Into<String>, at: usize) -> RecordError {
        RecordError::new(message, self.base + at)
    }

    fn take(&mut self, n: usize, what: &str) -> Result<&[u8], RecordError> {
        match self.at.checked_add(n).filter(|&end| end <= self.bytes.len()) {
            Some(end) => {
                let out = &self.bytes[self.at..end];
                self.at = end;
                Ok(out)
            }
            None => Err(self.error(format!("the record ends inside {what}"), self.at)),
        }
    }

    fn int(&mut self, what: &str) -> Result<u32, RecordError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// A length-prefixed UTF-16LE text.
    fn text(&mut self, what: &str) -> Result<String, RecordError> {
        let at = self.at;
        let length = self.int(what)?;
        let length = usize::try_from(length).unwrap_or(usize::MAX);
        if length > self.bytes.len() - self.at {
            return Err(self.error(format!("{what} of {length} bytes runs past the end of the record"), at));
        }
        Ok(utf16(self.take(length, what)?))
    }
}

/// Reads a CBR file (one game).
///
/// # Errors
///
/// A [`RecordError`] with the byte offset: not a CBR record, a header or
/// move record cut short, a move from or to no point, a move that is not
/// legal, a position that cannot be played.
pub(super) fn read_cbr(bytes: &[u8]) -> Result<Game, RecordError> {
    read_at(bytes, 0)
}

/// Reads every game of a CBL library, each read or failed on its own
/// (an empty slot is no game).
///
/// # Errors
///
/// Not a library: one error. Otherwise each bad game's [`RecordError`],
/// with the byte offset in the library.
pub(super) fn read_cbl(bytes: &[u8]) -> Vec<Result<Game, RecordError>> {
    if !bytes.starts_with(CBL_MAGIC) {
        return vec![Err(RecordError::new("not a CBL library (no 'CCBridgeLibrary' signature)", 0))];
    }
    let library = bytes.get(64..576).map(utf16).unwrap_or_default();
    let Some(first) = bytes
        .get(LIBRARY_GAMES..)
        .and_then(|rest| memchr::memmem::find(rest, &CBR_MAGIC[..15]))
        .map(|i| LIBRARY_GAMES + i)
    else {
        return Vec::new();
    };
    let mut games: Vec<Result<Game, RecordError>> = Vec::new();
    // the section the games are in, and the headings not yet reported
    let mut section: Option<String> = None;
    let mut headings: Vec<PgnRepair> = Vec::new();
    let mut at = first;
    while at < bytes.len() {
        if bytes[at..].starts_with(CBR_MAGIC) {
            let mut game = read_at(&bytes[at..], at);
            if let Ok(heading) = &game
                && is_heading(heading)
            {
                let title = heading.tag("Title").unwrap_or_default().to_owned();
                let comment: usize = heading.comments.iter().map(|c| c.chars().count()).sum();
                let left_out = if comment > 0 {
                    format!("; its comment ({comment} characters) is left out")
                } else {
                    String::new()
                };
                headings.push(record_repair(
                    format!(
                        "a section heading {title:?} (a record with an empty board), not a game: its title is the Section tag of the games after it{left_out}"
                    ),
                    at,
                ));
                section = (!title.is_empty()).then_some(title);
                at += SLOT;
                continue;
            }
            if let Some(game) = game.as_mut().map_or_else(|e| e.partial.as_deref_mut(), Some) {
                if !library.is_empty() {
                    game.tags.push(("Library".to_owned(), library.clone()));
                }
                if let Some(section) = &section {
                    game.tags.push(("Section".to_owned(), section.clone()));
                }
                game.repairs.append(&mut headings);
            }
            games.push(game);
        }
        at += SLOT;
    }
    if !headings.is_empty() {
        // headings after the last game: said on the last game
        if let Some(Some(game)) = games.last_mut().map(|g| g.as_mut().map_or_else(|e| e.partial.as_deref_mut(), Some)) {
            game.repairs.append(&mut headings);
        } else {
            let offset = usize::try_from(headings[0].at.offset).unwrap_or(0);
            let n = headings.len();
            games.push(Err(RecordError::new(format!("a library of {n} section heading(s) and no game"), offset)));
        }
    }
    games
}

/// Whether a record read is a library's section heading: no pieces on its
/// board (its title names a part of the library, its comment tells of it).
fn is_heading(game: &Game) -> bool {
    game.start.setup.board.iter().all(Option::is_none)
}

/// Reads the CBR record at the start of `bytes`, `base` bytes into its file.
fn read_at(bytes: &[u8], base: usize) -> Result<Game, RecordError> {
    if !bytes.starts_with(CBR_MAGIC) {
        return Err(RecordError::new("not a CBR record (no 'CCBridge Record' signature)", base));
    }
    if bytes.len() < HEADER {
        return Err(RecordError::new(format!("the record ends inside its {HEADER}-byte header"), base + bytes.len()));
    }
    let mut board: [Option<Piece>; 90] = [None; 90];
    for (i, &code) in bytes[BOARD..BOARD + 90].iter().enumerate() {
        if code == 0 {
            continue;
        }
        let color = match code >> 4 {
            1 => Color::White,
            2 => Color::Black,
            _ => return Err(RecordError::new(format!("an unknown piece code {code:#04x}"), base + BOARD + i)),
        };
        let Some(&role) = ROLES.get(usize::from(code & 15).wrapping_sub(1)) else {
            return Err(RecordError::new(format!("an unknown piece code {code:#04x}"), base + BOARD + i));
        };
        #[allow(clippy::cast_possible_truncation)] // i < 90
        let Some(square) = point(i as u8) else { continue };
        board[square.index()] = Some(Piece::new(color, role));
    }
    let mut game =
        Record::new(header_tags(bytes), setup(board, if bytes[SIDE] == 1 { Color::White } else { Color::Black }));
    game.result = game.tag("Result").map(str::to_owned);
    let mut raws = Raw::root();
    let mut cursor = Cursor { bytes, at: HEADER, base };
    let read = read_moves(&mut cursor, board, &mut game, &mut raws);
    finish(game, &mut raws, read)
}

/// The tags of a CBR header: the game, its strings and the result.
fn header_tags(bytes: &[u8]) -> Vec<(String, String)> {
    let mut tags = vec![("Game".to_owned(), "Chinese Chess".to_owned())];
    for (offset, capacity, name) in STRINGS {
        let text = utf16(&bytes[offset..offset + capacity]);
        if !text.is_empty() {
            tags.push((name.to_owned(), text));
        }
    }
    let result = result_of(bytes[RESULT]);
    tags.push(("Result".to_owned(), result.to_owned()));
    tags
}

/// Reads the game comment, finds the side to move and reads the move
/// records into `raws`, setting `game`'s start position and comments as it
/// goes: on an error, what was read so far stays there.
fn read_moves(
    cursor: &mut Cursor<'_>,
    board: [Option<Piece>; 90],
    game: &mut Game,
    raws: &mut Vec<Raw>,
) -> Result<(), RecordError> {
    let bytes = cursor.bytes;
    if cursor.at < bytes.len() && cursor.int("the game comment's flag")? != 0 {
        let text = cursor.text("the game comment")?;
        if !text.is_empty() {
            game.comments.push(text);
        }
    }
    // The side to move: the header's, unless the first move is the other
    // side's (the first move's piece decides, as CCBridge plays it). A
    // record of four zero bytes ends the moves: it is no move.
    let first = bytes.get(cursor.at..cursor.at + 4).filter(|r| *r != [0, 0, 0, 0]);
    if let Some(first) = first
        && let Some(piece) = point(first[2]).and_then(|s| board[s.index()])
    {
        game.start = setup(board, piece.color());
    }
    // a record with an empty board is a library's heading (its title
    // names a part of the library): whatever follows it is no move
    let heading = board.iter().all(Option::is_none);
    if heading || first.is_none() {
        return Ok(());
    }
    let pos = XiangqiAdapter::from_position(&game.start)
        .map_err(|e| RecordError::new(format!("the start position cannot be played: {e}"), cursor.base + BOARD))?;
    // records in preorder, read with a stack: (parent, position before)
    let mut pending = vec![(0usize, pos)];
    while let Some((parent, pos)) = pending.pop() {
        let at = cursor.at;
        if at + 4 > bytes.len() {
            // the file ends where a line would go on: the line ends
            break;
        }
        let record = cursor.take(4, "a move record")?;
        let (flags, from, to) = (record[0], record[2], record[3]);
        if record == [0, 0, 0, 0] {
            continue;
        }
        let comment = if flags & 4 != 0 { Some(cursor.text("a move's comment")?) } else { None };
        let (Some(from), Some(to)) = (point(from), point(to)) else {
            return Err(cursor.error(format!("a move from point {from} to point {to}, outside the board"), at));
        };
        let mv = crate::Move::new(from, to);
        let comment = comment.filter(|c| !c.is_empty());
        hang(raws, &mut pending, (parent, pos), mv, comment, flags & 2 != 0, flags & 1 == 0)
            .map_err(|e| cursor.error(format!("an illegal move: {e}"), at))?;
    }
    Ok(())
}
