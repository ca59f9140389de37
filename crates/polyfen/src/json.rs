//! The JSON form of a position.
//!
//! One object per position, tagged by `variant` (`chess`, `xiangqi`,
//! `khet`). The board is an object from square names to piece letters (only
//! occupied squares appear); the other fields are the variant's own, named in
//! words. Every field a notation holds is there, so a position goes from a
//! notation to JSON and back without loss. The schema is documented in the
//! book's JSON chapter and in `docs/polyfen.schema.json`.
//!
//! ```json
//! {"variant":"chess","board":{"e1":"K","e8":"k"},"side_to_move":"white",
//!  "castling":"-","en_passant":null,"halfmove_clock":0,"fullmove_number":1}
//! {"variant":"xiangqi","board":{"e0":"K","e9":"k"},"side_to_move":"red",
//!  "halfmove_clock":0,"fullmove_number":1,"marker":{"row":0,"col":4}}
//! {"variant":"khet","board":{"j1":"X","a8":"x"},"facing":{"j1":"n","a8":"s"},
//!  "side_to_move":"silver","turn_counter":0}
//! ```
//!
//! [`from_json`] reports a value that is no part of a position with the
//! byte span of that value, so that a tool can print its column.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;

use polyfen_chess::{Castling, ChessExtras, Operation, Piece, Square};
use polyfen_core::{Color, ParseError, ParseErrorKind, Setup};
use polyfen_khet::{Facing, KhetExtras};
use polyfen_xiangqi::{Marker, XiangqiExtras};
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use crate::AnyPosition;
use crate::chess::ChessPosition;
use crate::khet::KhetPosition;
use crate::xiangqi::{JSON_LETTERS, XiangqiPosition};

/// Any position in JSON, tagged by `variant`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "variant", rename_all = "snake_case")]
pub enum JsonPosition {
    /// A chess position.
    Chess(ChessJson),
    /// A Xiangqi position.
    Xiangqi(XiangqiJson),
    /// A Khet position.
    Khet(KhetJson),
}

/// An EPD operation in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsonOperation {
    /// The opcode, such as `bm`.
    pub opcode: String,
    /// The operands as written, such as `Nf3` or `"WAC.001"` (quotes kept).
    pub operands: String,
}

/// A chess position in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChessJson {
    /// Square name → FEN letter, for occupied squares.
    #[serde(deserialize_with = "board_map")]
    pub board: BTreeMap<String, String>,
    /// `white` or `black`.
    pub side_to_move: String,
    /// The castling field as FEN writes it: `KQkq`, `HAha`, `-`.
    pub castling: String,
    /// The en passant square, or null.
    pub en_passant: Option<String>,
    /// Plies since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The move number, from 1.
    pub fullmove_number: u32,
    /// EPD operations in order (absent when there are none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub operations: Vec<JsonOperation>,
}

/// A Xiangqi position in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct XiangqiJson {
    /// Point name (`a0` to `i9`, rank 0 on red's side) → xqbase letter
    /// (`KABNRCP` red, `kabnrcp` black), for occupied points. WXF and ICCS
    /// letters are read too.
    #[serde(deserialize_with = "board_map")]
    pub board: BTreeMap<String, String>,
    /// `red` or `black`.
    pub side_to_move: String,
    /// Plies since the last capture.
    pub halfmove_clock: u32,
    /// The move number, from 1.
    pub fullmove_number: u32,
    /// The legacy dialect's `/xRC` last-picked marker, or null.
    #[serde(default)]
    pub marker: Option<JsonMarker>,
}

/// The legacy Xiangqi `/xRC` marker in JSON, in the dialect's own
/// coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsonMarker {
    /// The row from the top, 0–9 (0 is black's back rank, rank 9).
    pub row: u8,
    /// The column from the left, 0–8 (0 is file a).
    pub col: u8,
}

/// A Khet position in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KhetJson {
    /// Square name (`a1` to `j8`) → PKN letter (`ARPSXE` silver, `arpsxe`
    /// red), for occupied squares.
    #[serde(deserialize_with = "board_map")]
    pub board: BTreeMap<String, String>,
    /// Square name → facing (`n`, `e`, `s`, `w`), for every piece of the
    /// board and no other square.
    #[serde(deserialize_with = "facing_map")]
    pub facing: BTreeMap<String, String>,
    /// `silver` or `red`.
    pub side_to_move: String,
    /// The turn counter as written.
    pub turn_counter: u32,
}

/// The documents [`from_json`] reads: the variant structs with the tag as a
/// field of their own, read directly (not through serde's buffering of
/// internally tagged enums) so that serde's errors keep their positions.
macro_rules! document {
    ($doc:ident => $json:ident { $($(#[$attr:meta])* $field:ident: $ty:ty,)* }) => {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct $doc {
            #[serde(rename = "variant")]
            _variant: de::IgnoredAny,
            $($(#[$attr])* $field: $ty,)*
        }

        impl From<$doc> for $json {
            fn from(doc: $doc) -> $json {
                $json { $($field: doc.$field,)* }
            }
        }
    };
}

document!(ChessDocument => ChessJson {
    #[serde(deserialize_with = "board_map")]
    board: BTreeMap<String, String>,
    side_to_move: String,
    castling: String,
    en_passant: Option<String>,
    halfmove_clock: u32,
    fullmove_number: u32,
    #[serde(default)]
    operations: Vec<JsonOperation>,
});

document!(XiangqiDocument => XiangqiJson {
    #[serde(deserialize_with = "board_map")]
    board: BTreeMap<String, String>,
    side_to_move: String,
    halfmove_clock: u32,
    fullmove_number: u32,
    #[serde(default)]
    marker: Option<JsonMarker>,
});

document!(KhetDocument => KhetJson {
    #[serde(deserialize_with = "board_map")]
    board: BTreeMap<String, String>,
    #[serde(deserialize_with = "facing_map")]
    facing: BTreeMap<String, String>,
    side_to_move: String,
    turn_counter: u32,
});

/// The `variant` of a document, read first to pick the document type.
#[derive(Deserialize)]
struct Tag {
    variant: Option<String>,
}

/// The message of a duplicate key in a square map; [`from_json`] finds the
/// duplicate by it.
const DUPLICATE: &str = "the square ";

/// A map from square names that refuses a square named twice (a
/// `BTreeMap` would keep the last one silently).
struct SquareMap(&'static str);

impl<'de> Visitor<'de> for SquareMap {
    type Value = BTreeMap<String, String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an object from square names to strings")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out = BTreeMap::new();
        while let Some((square, value)) = map.next_entry::<String, String>()? {
            if out.contains_key(&square) {
                return Err(de::Error::custom(format_args!("{DUPLICATE}{square:?} appears twice in {}", self.0)));
            }
            out.insert(square, value);
        }
        Ok(out)
    }
}

fn board_map<'de, D: Deserializer<'de>>(deserializer: D) -> Result<BTreeMap<String, String>, D::Error> {
    deserializer.deserialize_map(SquareMap("board"))
}

fn facing_map<'de, D: Deserializer<'de>>(deserializer: D) -> Result<BTreeMap<String, String>, D::Error> {
    deserializer.deserialize_map(SquareMap("facing"))
}

impl ChessJson {
    pub(crate) fn from_position(position: &ChessPosition) -> ChessJson {
        let setup = &position.setup;
        let board = setup
            .board
            .iter()
            .enumerate()
            .filter_map(|(i, cell)| {
                let piece = (*cell)?;
                let square = Square::from_index(i)?;
                Some((square.to_string(), (piece.letter() as char).to_string()))
            })
            .collect();
        let mut castling = String::new();
        setup.extras.castling.write(&setup.board, position.castling_style, &mut castling);
        ChessJson {
            board,
            side_to_move: chess_color_name(setup.extras.turn).to_owned(),
            castling,
            en_passant: setup.extras.ep.map(|sq| sq.to_string()),
            halfmove_clock: setup.extras.halfmove,
            fullmove_number: setup.extras.fullmove,
            operations: position
                .operations
                .iter()
                .map(|o| JsonOperation { opcode: o.opcode.clone(), operands: o.operands.clone() })
                .collect(),
        }
    }

    fn into_position(self, input: &str) -> Result<ChessPosition, ParseError> {
        let mut board = [None; 64];
        for (name, letter) in &self.board {
            let square = Square::parse(name.as_bytes())
                .ok_or_else(|| at_key(input, &["board", name], format!("{name:?} is not a chess square")))?;
            let piece = match letter.as_bytes() {
                [b] => Piece::from_letter(*b),
                _ => None,
            }
            .ok_or_else(|| at_value(input, &["board", name], format!("{letter:?} is not a FEN piece letter")))?;
            board[square.index()] = Some(piece);
        }
        let turn = match self.side_to_move.as_str() {
            "white" | "w" => Color::White,
            "black" | "b" => Color::Black,
            other => {
                return Err(at_value(
                    input,
                    &["side_to_move"],
                    format!("side_to_move {other:?} is not \"white\" or \"black\""),
                ));
            }
        };
        let castling = Castling::parse(&self.castling, 0)
            .map_err(|e| at_value(input, &["castling"], format!("castling {:?}: {}", self.castling, e.kind)))?;
        let ep = match &self.en_passant {
            None => None,
            Some(name) => Some(
                Square::parse(name.as_bytes())
                    .ok_or_else(|| at_value(input, &["en_passant"], format!("en_passant {name:?} is not a square")))?,
            ),
        };
        let setup: polyfen_chess::Fen = Setup {
            board,
            extras: ChessExtras { turn, castling, ep, halfmove: self.halfmove_clock, fullmove: self.fullmove_number },
        };
        let castling_style = setup.extras.castling.style();
        Ok(ChessPosition {
            setup,
            operations: self
                .operations
                .into_iter()
                .map(|o| Operation { opcode: o.opcode, operands: o.operands })
                .collect(),
            castling_style,
        })
    }
}

impl XiangqiJson {
    pub(crate) fn from_position(position: &XiangqiPosition) -> XiangqiJson {
        let setup = &position.setup;
        let board = polyfen_xiangqi::Square::all()
            .filter_map(|square| {
                let piece = setup.board.get(square.index()).copied().flatten()?;
                Some((square.to_string(), (piece.letter(JSON_LETTERS) as char).to_string()))
            })
            .collect();
        let extras = &setup.extras;
        XiangqiJson {
            board,
            side_to_move: polyfen_xiangqi::color_name(extras.turn).to_owned(),
            halfmove_clock: extras.halfmove,
            fullmove_number: extras.fullmove,
            marker: extras.marker.map(|m| JsonMarker { row: m.row, col: m.col }),
        }
    }

    fn into_position(self, input: &str) -> Result<XiangqiPosition, ParseError> {
        let mut board = [None; 90];
        for (name, letter) in &self.board {
            let square = polyfen_xiangqi::Square::parse(name.as_bytes()).ok_or_else(|| {
                at_key(input, &["board", name], format!("{name:?} is not a Xiangqi point (a0 to i9)"))
            })?;
            let piece = match letter.as_bytes() {
                [b] => polyfen_xiangqi::Piece::from_letter(*b),
                _ => None,
            }
            .ok_or_else(|| {
                at_value(
                    input,
                    &["board", name],
                    format!("{letter:?} is not a Xiangqi piece letter (KABNRCP, kabnrcp, or the WXF or ICCS letters)"),
                )
            })?;
            board[square.index()] = Some(piece);
        }
        let turn = match self.side_to_move.as_str() {
            "red" | "r" | "w" => Color::White,
            "black" | "b" => Color::Black,
            other => {
                return Err(at_value(
                    input,
                    &["side_to_move"],
                    format!("side_to_move {other:?} is not \"red\" or \"black\""),
                ));
            }
        };
        let marker = match self.marker {
            None => None,
            Some(JsonMarker { row, col }) if row <= 9 && col <= 8 => Some(Marker { row, col }),
            Some(JsonMarker { row, col }) => {
                let (key, message) = if row > 9 {
                    ("row", format!("marker row {row} is not 0-9 (the row from the top)"))
                } else {
                    ("col", format!("marker col {col} is not 0-8 (the column from the left)"))
                };
                return Err(at_value(input, &["marker", key], message));
            }
        };
        let extras = XiangqiExtras { turn, halfmove: self.halfmove_clock, fullmove: self.fullmove_number, marker };
        Ok(XiangqiPosition::new(Setup { board, extras }))
    }
}

impl KhetJson {
    pub(crate) fn from_position(position: &KhetPosition, canonical: bool) -> KhetJson {
        let setup = &position.setup;
        let mut board = BTreeMap::new();
        let mut facing = BTreeMap::new();
        for square in polyfen_khet::Square::all() {
            let Some(piece) = setup.board.get(square.index()).copied().flatten() else {
                continue;
            };
            let turned = if canonical { piece.canonical_facing() } else { piece.facing };
            board.insert(square.to_string(), (piece.letter() as char).to_string());
            facing.insert(square.to_string(), (turned.letter() as char).to_string());
        }
        KhetJson {
            board,
            facing,
            side_to_move: polyfen_khet::color_name(setup.extras.turn).to_owned(),
            turn_counter: setup.extras.turn_counter,
        }
    }

    fn into_position(self, input: &str) -> Result<KhetPosition, ParseError> {
        let mut board = [None; 80];
        for (name, letter) in &self.board {
            let square = polyfen_khet::Square::parse(name.as_bytes())
                .ok_or_else(|| at_key(input, &["board", name], format!("{name:?} is not a Khet square (a1 to j8)")))?;
            let mut piece = match letter.as_bytes() {
                [b] => polyfen_khet::Piece::from_letter(*b),
                _ => None,
            }
            .ok_or_else(|| {
                at_value(input, &["board", name], format!("{letter:?} is not a PKN piece letter (ARPSXE, arpsxe)"))
            })?;
            let Some(turned) = self.facing.get(name) else {
                return Err(at_key(input, &["board", name], format!("the piece on {name} has no facing")));
            };
            piece.facing = match turned.as_bytes() {
                [b] => Facing::from_letter(*b),
                _ => None,
            }
            .ok_or_else(|| {
                at_value(input, &["facing", name], format!("facing {turned:?} is not \"n\", \"e\", \"s\" or \"w\""))
            })?;
            board[square.index()] = Some(piece);
        }
        if let Some(name) = self.facing.keys().find(|name| !self.board.contains_key(*name)) {
            return Err(at_key(input, &["facing", name], format!("{name:?} has a facing but no piece")));
        }
        let turn = match self.side_to_move.as_str() {
            "silver" | "s" => Color::White,
            "red" | "r" => Color::Black,
            other => {
                return Err(at_value(
                    input,
                    &["side_to_move"],
                    format!("side_to_move {other:?} is not \"silver\" or \"red\""),
                ));
            }
        };
        let extras = KhetExtras { turn, turn_counter: self.turn_counter };
        Ok(KhetPosition::new(Setup { board, extras }))
    }
}

fn chess_color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// An error about a JSON position at `span`.
fn json_error(message: String, span: Range<usize>) -> ParseError {
    ParseError::new(ParseErrorKind::Invalid { field: "JSON position", message: message.into() }, span)
}

/// An error about the value of the key at `path` (each key found after the
/// one before it), pointing at the value; at the start when it cannot be
/// found.
fn at_value(input: &str, path: &[&str], message: String) -> ParseError {
    let span = find_key(input, path, 0).map_or(0..0, |key| value_span(input, key.end));
    json_error(message, span)
}

/// An error about the key at `path` itself, pointing at the key.
fn at_key(input: &str, path: &[&str], message: String) -> ParseError {
    json_error(message, find_key(input, path, 0).unwrap_or(0..0))
}

/// The span of the quoted key at the end of `path`, each key looked for
/// after the one before, skipping the first `skip` matches of the last.
///
/// A key is a quoted string followed by `:`, so values that read like a key
/// are not taken for one.
fn find_key(input: &str, path: &[&str], skip: usize) -> Option<Range<usize>> {
    let mut from = 0;
    let mut found = None;
    for (i, key) in path.iter().enumerate() {
        let quoted = format!("\"{key}\"");
        let mut skip = if i + 1 == path.len() { skip } else { 0 };
        loop {
            let at = from + input.get(from..)?.find(&quoted)?;
            let end = at + quoted.len();
            from = end;
            let rest = input.get(end..)?.trim_start();
            if rest.starts_with(':') {
                if skip == 0 {
                    found = Some(at..end);
                    break;
                }
                skip -= 1;
            }
        }
    }
    found
}

/// The span of the value after the key ending at `key_end`: a string with
/// its quotes, or a number or literal.
fn value_span(input: &str, key_end: usize) -> Range<usize> {
    let Some(after) = input.get(key_end..) else {
        return key_end..key_end;
    };
    let colon = after.find(':').map_or(0, |i| i + 1);
    let rest = &after[colon..];
    let start = key_end + colon + (rest.len() - rest.trim_start().len());
    let value = &input[start..];
    let len = if let Some(body) = value.strip_prefix('"') {
        let mut escaped = false;
        body.char_indices()
            .find(|&(_, c)| {
                let close = c == '"' && !escaped;
                escaped = c == '\\' && !escaped;
                close
            })
            .map_or(value.len(), |(i, _)| i + 2)
    } else {
        value.find([',', '}', ']', ' ', '\t', '\n', '\r']).unwrap_or(value.len())
    };
    start..start + len
}

/// A serde error as a [`ParseError`] pointing at where serde stopped, or at
/// the start of the value it stopped after, or at a duplicate square.
fn serde_error(input: &str, e: &serde_json::Error) -> ParseError {
    let mut message = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    if let Some(stripped) = message.strip_suffix(&suffix) {
        message.truncate(stripped.len());
    }
    let mut at = byte_offset(input, e.line(), e.column());
    if e.is_data() {
        if let Some(span) = duplicate_span(input, &message) {
            return json_error(message, span);
        }
        // serde stops just after the value it could not take: point at the value
        at = token_start(input, at);
    }
    json_error(message, at..at)
}

/// The span of the second entry of a duplicate square, from its message.
fn duplicate_span(input: &str, message: &str) -> Option<Range<usize>> {
    let rest = message.strip_prefix(DUPLICATE)?;
    let square: String = rest.strip_prefix('"')?.chars().take_while(|&c| c != '"').collect();
    let map = rest.rsplit(' ').next()?;
    find_key(input, &[map, &square], 1)
}

/// The start of the token that ends just before byte `at` (a string, a
/// number, a literal or a key), or `at` when there is none.
fn token_start(input: &str, at: usize) -> usize {
    let Some(before) = input.get(..at) else {
        return at;
    };
    let trimmed = before.trim_end();
    if let Some(body) = trimmed.strip_suffix('"') {
        // the opening quote: the last quote not escaped
        let mut i = body.len();
        while let Some(q) = body[..i].rfind('"') {
            let backslashes = body[..q].bytes().rev().take_while(|&b| b == b'\\').count();
            if backslashes % 2 == 0 {
                return q;
            }
            i = q;
        }
        return at;
    }
    let start = trimmed.rfind([',', ':', '{', '[', ' ', '\t', '\n', '\r']);
    match start {
        Some(s) if s + 1 < trimmed.len() => s + 1,
        _ => at,
    }
}

/// Reads a position from its JSON form.
///
/// # Errors
///
/// A [`ParseError`] for malformed JSON (at serde's line and column), or for
/// a value that is no part of a position, pointing at that value.
pub fn from_json(input: &str) -> Result<AnyPosition, ParseError> {
    let start = input.len() - input.trim_start().len();
    if !input[start..].starts_with('{') {
        let message = "a JSON position is an object, written from '{' to '}'".to_owned();
        return Err(json_error(message, start..start + input[start..].chars().next().map_or(0, char::len_utf8)));
    }
    let tag: Tag = serde_json::from_str(input).map_err(|e| serde_error(input, &e))?;
    let position = match tag.variant.as_deref() {
        Some("chess") => {
            let doc: ChessDocument = serde_json::from_str(input).map_err(|e| serde_error(input, &e))?;
            AnyPosition::Chess(ChessJson::from(doc).into_position(input)?)
        }
        Some("xiangqi") => {
            let doc: XiangqiDocument = serde_json::from_str(input).map_err(|e| serde_error(input, &e))?;
            AnyPosition::Xiangqi(XiangqiJson::from(doc).into_position(input)?)
        }
        Some("khet") => {
            let doc: KhetDocument = serde_json::from_str(input).map_err(|e| serde_error(input, &e))?;
            AnyPosition::Khet(KhetJson::from(doc).into_position(input)?)
        }
        Some(other) => {
            return Err(at_value(
                input,
                &["variant"],
                format!("variant {other:?} is not \"chess\", \"xiangqi\" or \"khet\""),
            ));
        }
        None => {
            return Err(json_error(
                "missing field `variant` (\"chess\", \"xiangqi\" or \"khet\")".to_owned(),
                start..start,
            ));
        }
    };
    Ok(position)
}

fn byte_offset(input: &str, line: usize, column: usize) -> usize {
    let line_start: usize = input.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    let mut at = (line_start + column.saturating_sub(1)).min(input.len());
    while !input.is_char_boundary(at) {
        at -= 1;
    }
    at
}

impl From<AnyPosition> for JsonPosition {
    fn from(position: AnyPosition) -> JsonPosition {
        crate::Position::to_json(&position)
    }
}

impl TryFrom<JsonPosition> for AnyPosition {
    type Error = String;

    fn try_from(json: JsonPosition) -> Result<AnyPosition, String> {
        let position = match json {
            JsonPosition::Chess(chess) => chess.into_position("").map(AnyPosition::Chess),
            JsonPosition::Xiangqi(xiangqi) => xiangqi.into_position("").map(AnyPosition::Xiangqi),
            JsonPosition::Khet(khet) => khet.into_position("").map(AnyPosition::Khet),
        };
        position.map_err(|e| e.kind.to_string())
    }
}
