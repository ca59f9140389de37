//! Explaining a notation part by part: which bytes of a position (or a move)
//! stand for what.
//!
//! [`explain`] reads a position in any notation and cuts its text into
//! [`Part`]s: each rank or row of the placement (with, inside it, each piece
//! letter and each run digit), each separator, each field after the board
//! and the spaces between them. Every part has its byte span, its value and a
//! one-sentence meaning, and names the squares it describes. The top-level
//! parts tile the input (every byte is in exactly one of them) and the parts
//! inside a part tile that part. A lenient reading's repairs are listed on
//! the part where they happened.
//!
//! [`explain_move`] does the same for a move read against a position.
//!
//! # Examples
//!
//! ```
//! use polyfen::explain::explain;
//! use polyfen::ReadOptions;
//!
//! let explained = explain("4k3/8/8/8/8/8/8/4K2R w K - 0 1", None, &ReadOptions::default())?;
//! let castling = explained.parts.iter().find(|p| p.kind == "castling").unwrap();
//! assert_eq!((castling.start, castling.end), (23, 24));
//! assert_eq!(castling.parts[0].squares, ["h1"]);
//! let first_rank = &explained.parts[0];
//! assert_eq!(first_rank.text, "4k3");
//! assert_eq!(first_rank.squares.len(), 8);
//! # Ok::<(), polyfen::ReadError>(())
//! ```

use polyfen_chess::{Castling, CastlingToken};
use polyfen_core::{Color, Repair};
use serde::Serialize;

use crate::rules::{MoveNotation, RuleOptions, RulesError};
use crate::{AnyPosition, Notation, Position, ReadError, ReadOptions, VariantId, read};

/// One piece of the text and what it stands for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Part {
    /// The first byte of the part in the input.
    pub start: usize,
    /// One past the last byte of the part.
    pub end: usize,
    /// The text of the part.
    pub text: String,
    /// What kind of part it is: `rank`, `piece`, `run`, `separator`,
    /// `space`, `side`, `castling`, `castling-right`, `en-passant`,
    /// `halfmove`, `fullmove`, `rotations`, `rotation`, `turn-counter`,
    /// `marker`, `unused`, `operations`, `extra`, `json`, and for moves
    /// `piece`, `from`, `to`, `capture`, `disambiguation`, `promotion`,
    /// `check`, `castle`, `file`, `sign`, `target`, `order`, `rotate`,
    /// `annotation`.
    pub kind: &'static str,
    /// The value the part holds, in words (`white king on e1`, `black`).
    pub value: String,
    /// One sentence saying what the part means.
    pub meaning: String,
    /// The squares (or points) the part describes, by name (`e1`).
    pub squares: Vec<String>,
    /// What a lenient reading repaired here.
    pub repairs: Vec<String>,
    /// The parts inside this one (a rank's cells, the castling letters, the
    /// rotation letters), which tile it.
    pub parts: Vec<Part>,
}

impl Part {
    fn new(input: &str, start: usize, end: usize, kind: &'static str) -> Part {
        Part {
            start,
            end,
            text: input.get(start..end).unwrap_or_default().to_owned(),
            kind,
            value: String::new(),
            meaning: String::new(),
            squares: Vec::new(),
            repairs: Vec::new(),
            parts: Vec::new(),
        }
    }

    fn with(mut self, value: impl Into<String>, meaning: impl Into<String>) -> Part {
        self.value = value.into();
        self.meaning = meaning.into();
        self
    }

    fn on(mut self, squares: Vec<String>) -> Part {
        self.squares = squares;
        self
    }
}

/// A position or a move cut into parts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Explanation {
    /// The game.
    #[serde(serialize_with = "as_name")]
    pub variant: VariantId,
    /// The notation of the text: a position notation (`fen`) or a move
    /// notation (`san`).
    pub notation: String,
    /// The parts, in the order of the text; they tile it.
    pub parts: Vec<Part>,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde hands the field by reference
fn as_name<S: serde::Serializer>(variant: &VariantId, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(variant.into())
}

/// Why a move cannot be explained.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExplainError {
    /// The position could not be read.
    #[error("position: {0}")]
    Position(#[from] ReadError),
    /// The move is not one legal move of the position.
    #[error("{0}")]
    Move(#[from] RulesError),
}

/// The board geometry of a game: files, ranks, the rank of the first row
/// written, the value of a run digit and the names of squares.
#[derive(Clone, Copy)]
struct Geometry {
    files: u8,
    ranks: u8,
    bottom_first: bool,
    ten_digit: Option<char>,
    /// The rank number written for rank index 0 (`1` for chess, `0` for Xiangqi).
    first_label: u8,
    cell: &'static str,
    row: &'static str,
}

impl Geometry {
    fn of(variant: VariantId) -> Geometry {
        match variant {
            VariantId::Chess => Geometry {
                files: 8,
                ranks: 8,
                bottom_first: false,
                ten_digit: None,
                first_label: 1,
                cell: "square",
                row: "rank",
            },
            VariantId::Xiangqi => Geometry {
                files: 9,
                ranks: 10,
                bottom_first: false,
                ten_digit: None,
                first_label: 0,
                cell: "point",
                row: "rank",
            },
            VariantId::Khet => Geometry {
                files: 10,
                ranks: 8,
                bottom_first: true,
                ten_digit: Some('0'),
                first_label: 1,
                cell: "square",
                row: "rank",
            },
        }
    }

    /// The rank index of the `row`-th row written, if on the board.
    fn rank_of_row(self, row: usize) -> Option<u8> {
        let row = u8::try_from(row).ok().filter(|&r| r < self.ranks)?;
        Some(if self.bottom_first { row } else { self.ranks - 1 - row })
    }

    fn name(self, file: u8, rank: u8) -> String {
        format!("{}{}", char::from(b'a' + file), u32::from(rank) + u32::from(self.first_label))
    }

    fn rank_label(self, rank: u8) -> u32 {
        u32::from(rank) + u32::from(self.first_label)
    }
}

/// The piece on a square of a position, in words (`white rook`).
fn piece_words(position: &AnyPosition, file: u8, rank: u8) -> Option<String> {
    match position {
        AnyPosition::Chess(p) => p.setup.piece_at(file, rank).map(|piece| {
            let color = if piece.color() == Color::White { "white" } else { "black" };
            format!("{color} {}", piece.role().name())
        }),
        AnyPosition::Xiangqi(p) => p.setup.piece_at(file, rank).map(polyfen_xiangqi::Piece::describe),
        AnyPosition::Khet(p) => p.setup.piece_at(file, rank).map(|piece| {
            format!("{} {} facing {}", polyfen_khet::color_name(piece.color), piece.kind.name(), piece.facing.name())
        }),
    }
}

fn color_words(variant: VariantId, color: Color) -> &'static str {
    match (variant, color) {
        (VariantId::Chess, Color::White) => "white",
        (VariantId::Chess | VariantId::Xiangqi, Color::Black) => "black",
        (VariantId::Xiangqi, Color::White) | (VariantId::Khet, Color::Black) => "red",
        (VariantId::Khet, Color::White) => "silver",
    }
}

/// Explains a position: reads `input` (in `from`, or the notation detected)
/// and cuts it into parts.
///
/// # Errors
///
/// A [`ReadError`] when the text is no position.
pub fn explain(input: &str, from: Option<Notation>, options: &ReadOptions) -> Result<Explanation, ReadError> {
    let reading = read(input, from, options)?;
    let variant = reading.position.variant();
    let mut parts = if reading.notation == Notation::Json {
        vec![Part::new(input, 0, input.len(), "json").with(
            variant.to_string(),
            "The JSON form names every field by key; write it in a text notation to see it part by part.",
        )]
    } else {
        text_parts(input, &reading.position, reading.notation)
    };
    attach_repairs(&mut parts, &reading.repairs, input.len());
    Ok(Explanation { variant, notation: reading.notation.to_string(), parts })
}

/// Puts each repair on the innermost part that holds its span (or, for a
/// span across parts, its first byte; the last part for a repair at the end
/// of the input).
fn attach_repairs(parts: &mut [Part], repairs: &[Repair], len: usize) {
    for repair in repairs {
        let start = repair.span.start.min(len.saturating_sub(1));
        let end = repair.span.end.clamp(start + 1, len.max(start + 1));
        if let Some(part) = innermost(parts, start, end) {
            part.repairs.push(repair.message.to_string());
        } else if let Some(last) = parts.last_mut() {
            last.repairs.push(repair.message.to_string());
        }
    }
}

fn innermost(parts: &mut [Part], start: usize, end: usize) -> Option<&mut Part> {
    let part = parts.iter_mut().find(|p| p.start <= start && start < p.end)?;
    if part.parts.iter().any(|c| c.start <= start && end <= c.end) {
        return innermost(&mut part.parts, start, end);
    }
    Some(part)
}

/// The spans of the whitespace-separated fields of `input` and of the
/// whitespace between them: `(start, end, is_space)`.
fn tokens(input: &str) -> Vec<(usize, usize, bool)> {
    let mut out: Vec<(usize, usize, bool)> = Vec::new();
    for (i, c) in input.char_indices() {
        let space = c.is_ascii_whitespace();
        let end = i + c.len_utf8();
        match out.last_mut() {
            Some(last) if last.2 == space => last.1 = end,
            _ => out.push((i, end, space)),
        }
    }
    out
}

fn text_parts(input: &str, position: &AnyPosition, notation: Notation) -> Vec<Part> {
    let variant = position.variant();
    let geometry = Geometry::of(variant);
    let mut parts = Vec::new();
    let mut field = 0usize;
    let mut pieces_in_order = Vec::new();
    let mut rest_start = None;
    for (start, end, space) in tokens(input) {
        if space {
            parts.push(
                Part::new(input, start, end, "space")
                    .with("space", "Spaces separate the fields; they stand for nothing themselves."),
            );
            continue;
        }
        if field == 0 {
            placement_parts(input, start, end, position, geometry, &mut parts, &mut pieces_in_order);
        } else if notation == Notation::Epd && field >= 4 {
            rest_start.get_or_insert(start);
        } else {
            field_parts(input, start, end, field, position, notation, &pieces_in_order, &mut parts);
        }
        field += 1;
    }
    if let Some(start) = rest_start {
        // The EPD operations run from the first operation to the end,
        // spaces and all: one part.
        let end = input.trim_end().len().max(start);
        parts.retain(|p| p.end <= start || p.start >= end);
        let names: Vec<String> = match position {
            AnyPosition::Chess(chess) => chess.operations.iter().map(|op| op.opcode.clone()).collect(),
            _ => Vec::new(),
        };
        let index = parts.iter().position(|p| p.start >= end).unwrap_or(parts.len());
        parts.insert(
            index,
            Part::new(input, start, end, "operations").with(
                names.join(", "),
                "EPD operations: an opcode and its operands, each ended by ';' (best move, id, comments ...).",
            ),
        );
    }
    parts
}

#[allow(clippy::too_many_arguments)]
fn placement_parts(
    input: &str,
    start: usize,
    end: usize,
    position: &AnyPosition,
    geometry: Geometry,
    parts: &mut Vec<Part>,
    pieces_in_order: &mut Vec<(u8, u8)>,
) {
    let text = &input[start..end];
    let mut row = 0usize;
    let mut row_start = start;
    let mut finish_row = |row: usize, row_start: usize, row_end: usize, parts: &mut Vec<Part>| {
        if row_start < row_end {
            parts.push(row_part(input, row_start, row_end, row, position, geometry, pieces_in_order));
        }
    };
    for (i, c) in text.char_indices() {
        if c == '/' {
            let at = start + i;
            finish_row(row, row_start, at, parts);
            let empty_before = row_start == at;
            let meaning = match (geometry.rank_of_row(row), geometry.rank_of_row(row + 1)) {
                (Some(done), Some(next)) if empty_before => format!(
                    "Ends {row} {label}, written empty (every {cell} of it empty), and starts {row} {next_label}.",
                    row = geometry.row,
                    label = geometry.rank_label(done),
                    cell = geometry.cell,
                    next_label = geometry.rank_label(next),
                ),
                (Some(done), Some(next)) => format!(
                    "Ends {row} {} and starts {row} {}.",
                    geometry.rank_label(done),
                    geometry.rank_label(next),
                    row = geometry.row
                ),
                _ => "A separator beyond the last rank of the board.".to_owned(),
            };
            parts.push(Part::new(input, at, at + 1, "separator").with("/", meaning));
            row += 1;
            row_start = at + 1;
        }
    }
    finish_row(row, row_start, end, parts);
}

fn row_part(
    input: &str,
    start: usize,
    end: usize,
    row: usize,
    position: &AnyPosition,
    geometry: Geometry,
    pieces_in_order: &mut Vec<(u8, u8)>,
) -> Part {
    let rank = geometry.rank_of_row(row);
    let mut file = 0u32;
    let mut cells = Vec::new();
    let mut row_squares = Vec::new();
    let mut described = Vec::new();
    for (i, c) in input[start..end].char_indices() {
        let at = start + i;
        let run = match c {
            '1'..='9' => Some(c as u32 - '0' as u32),
            _ if Some(c) == geometry.ten_digit => Some(10),
            _ => None,
        };
        let squares_from = |first: u32, count: u32| -> Vec<String> {
            let Some(rank) = rank else { return Vec::new() };
            (first..first + count)
                .filter_map(|f| u8::try_from(f).ok().filter(|&f| f < geometry.files))
                .map(|f| geometry.name(f, rank))
                .collect()
        };
        let part = if let Some(count) = run {
            let squares = squares_from(file, count);
            let meaning = match (squares.first(), squares.last()) {
                (Some(a), Some(b)) if a == b => format!("The digit {c} stands for one empty {}: {a}.", geometry.cell),
                (Some(a), Some(b)) => {
                    format!("The digit {c} stands for {count} empty {}s, {a} to {b}.", geometry.cell)
                }
                _ => format!("The digit {c} would stand for {count} empty cells, past the edge of the board."),
            };
            file += count;
            Part::new(input, at, at + c.len_utf8(), "run").with(format!("{count} empty"), meaning).on(squares)
        } else {
            let squares = squares_from(file, 1);
            let piece = rank
                .zip(u8::try_from(file).ok().filter(|&f| f < geometry.files))
                .and_then(|(rank, f)| piece_words(position, f, rank).map(|words| (f, rank, words)));
            file += 1;
            match (piece, squares.first()) {
                (Some((f, r, words)), Some(square)) => {
                    pieces_in_order.push((f, r));
                    described.push(format!("{words} on {square}"));
                    let meaning = format!("The letter {c} puts a {words} on {square}.");
                    Part::new(input, at, at + c.len_utf8(), "piece").with(words, meaning).on(squares)
                }
                (None, Some(square)) => {
                    let meaning = format!("{c} is no piece letter; {square} was read as empty.");
                    Part::new(input, at, at + c.len_utf8(), "run").with("empty", meaning).on(squares)
                }
                _ => Part::new(input, at, at + c.len_utf8(), "extra")
                    .with(c.to_string(), "A cell past the edge of the board; it was not read."),
            }
        };
        row_squares.extend(part.squares.iter().cloned());
        cells.push(part);
    }
    let mut padded = String::new();
    if let Some(rank) = rank {
        let missing: Vec<String> = (file..u32::from(geometry.files))
            .filter_map(|f| u8::try_from(f).ok())
            .map(|f| geometry.name(f, rank))
            .collect();
        match (missing.first(), missing.last()) {
            (Some(a), Some(b)) if a == b => padded = format!(" The rank is short: {a} is read as empty."),
            (Some(a), Some(b)) => padded = format!(" The rank is short: {a} to {b} are read as empty."),
            _ => {}
        }
        row_squares.extend(missing);
    }
    let (value, meaning) = match rank {
        Some(rank) => {
            let label = geometry.rank_label(rank);
            let pieces = if described.is_empty() { "no pieces".to_owned() } else { described.join(", ") };
            (
                format!("{} {label}", geometry.row),
                format!(
                    "{} {label}, from file a to file {}: {pieces}.{padded}",
                    capitalized(geometry.row),
                    char::from(b'a' + geometry.files - 1)
                ),
            )
        }
        None => ("beyond the board".to_owned(), "A row past the last rank of the board.".to_owned()),
    };
    let mut part = Part::new(input, start, end, "rank").with(value, meaning).on(row_squares);
    part.parts = cells;
    part
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
}

#[allow(clippy::too_many_arguments)]
fn field_parts(
    input: &str,
    start: usize,
    end: usize,
    field: usize,
    position: &AnyPosition,
    notation: Notation,
    pieces_in_order: &[(u8, u8)],
    parts: &mut Vec<Part>,
) {
    let text = &input[start..end];
    let part = |kind| Part::new(input, start, end, kind);
    match position {
        AnyPosition::Chess(chess) => {
            let extras = &chess.setup.extras;
            let variant = VariantId::Chess;
            parts.push(match field {
                1 => side_part(part("side"), variant, extras.turn),
                2 => castling_part(input, start, end, &chess.setup.board, extras.castling),
                3 => match extras.ep {
                    Some(square) => {
                        let name = String::from_utf8_lossy(&square.name()).into_owned();
                        let meaning = format!(
                            "A pawn has just moved two squares, passing {name}; an enemy pawn may capture onto {name} en passant."
                        );
                        part("en-passant").with(name.clone(), meaning).on(vec![name])
                    }
                    None => part("en-passant").with("none", "No pawn can be taken en passant ('-' for none)."),
                },
                4 => part("halfmove").with(
                    extras.halfmove.to_string(),
                    format!(
                        "{} plies since the last capture or pawn move (the fifty-move rule draws at 100).",
                        extras.halfmove
                    ),
                ),
                5 => part("fullmove").with(
                    extras.fullmove.to_string(),
                    format!("The game is at move {}; the number grows after each black move.", extras.fullmove),
                ),
                _ => part("extra").with(text, "A field after the last one the notation has."),
            });
        }
        AnyPosition::Xiangqi(xq) => {
            let extras = &xq.setup.extras;
            if field == 1 {
                parts.push(side_part(part("side"), VariantId::Xiangqi, extras.turn));
                return;
            }
            if let Some(cut) = text.find("/x") {
                let (number, marker) = (start..start + cut, start + cut..end);
                if !number.is_empty() {
                    parts.push(xiangqi_number(input, number, field, notation, extras.halfmove, extras.fullmove));
                }
                let (value, squares, meaning) = match extras.marker.and_then(|m| m.square().map(|s| (m, s))) {
                    Some((marker, square)) => {
                        let name = square.to_string();
                        let meaning = format!(
                            "The legacy marker of the last picked piece: row {} from the top, column {} from the left, the point {name}; standard Xiangqi FEN has no place for it.",
                            marker.row, marker.col,
                        );
                        (name.clone(), vec![name], meaning)
                    }
                    None => (String::new(), Vec::new(), "A legacy marker that names no point.".to_owned()),
                };
                parts.push(Part::new(input, marker.start, marker.end, "marker").with(value, meaning).on(squares));
            } else {
                parts.push(xiangqi_number(input, start..end, field, notation, extras.halfmove, extras.fullmove));
            }
        }
        AnyPosition::Khet(khet) => {
            let extras = &khet.setup.extras;
            parts.push(match field {
                1 => rotations_part(input, start, end, position, pieces_in_order),
                2 => side_part(part("side"), VariantId::Khet, extras.turn),
                3 => part("turn-counter").with(
                    extras.turn_counter.to_string(),
                    format!("The turn counter, {}, kept as written.", extras.turn_counter),
                ),
                _ => part("extra").with(text, "A field after the last one PKN has."),
            });
        }
    }
}

fn xiangqi_number(
    input: &str,
    span: core::ops::Range<usize>,
    field: usize,
    notation: Notation,
    halfmove: u32,
    fullmove: u32,
) -> Part {
    let text = input.get(span.clone()).unwrap_or_default();
    let part = Part::new(input, span.start, span.end, "unused");
    let numeric = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    match field {
        2 | 3 if !numeric || notation == Notation::XiangqiFen => part.with(
            text,
            "A placeholder where chess has castling rights and an en passant square; Xiangqi has neither, so it is '-'.",
        ),
        _ if numeric && text.parse::<u32>().ok() == Some(fullmove) && field >= 3 => {
            let mut part = part.with(
                fullmove.to_string(),
                format!("The game is at move {fullmove}; the number grows after each black move."),
            );
            part.kind = "fullmove";
            part
        }
        _ if numeric && text.parse::<u32>().ok() == Some(halfmove) => {
            let mut part = part.with(
                halfmove.to_string(),
                format!("{halfmove} plies since the last capture (the sixty-move rule counts 120)."),
            );
            part.kind = "halfmove";
            part
        }
        _ => part.with(text, "A field the reader does not use."),
    }
}

fn side_part(part: Part, variant: VariantId, turn: Color) -> Part {
    let side = color_words(variant, turn);
    let meaning = format!("{} moves next.", capitalized(side));
    part.with(side, meaning)
}

fn castling_part(input: &str, start: usize, end: usize, board: &polyfen_chess::Board, castling: Castling) -> Part {
    let text = &input[start..end];
    let part = Part::new(input, start, end, "castling");
    if castling.is_empty() {
        return part.with("none", "Neither side may castle ('-' for none).");
    }
    let mut letters = Vec::new();
    let mut squares = Vec::new();
    for (i, c) in text.char_indices() {
        let at = start + i;
        let token = match c {
            'K' => Some((Color::White, CastlingToken::KingSide)),
            'Q' => Some((Color::White, CastlingToken::QueenSide)),
            'k' => Some((Color::Black, CastlingToken::KingSide)),
            'q' => Some((Color::Black, CastlingToken::QueenSide)),
            'A'..='H' => Some((Color::White, CastlingToken::File(c as u8 - b'A'))),
            'a'..='h' => Some((Color::Black, CastlingToken::File(c as u8 - b'a'))),
            _ => None,
        };
        let letter = Part::new(input, at, at + c.len_utf8(), "castling-right");
        letters.push(match token {
            Some((color, token)) => {
                let side = color_words(VariantId::Chess, color);
                let rank = polyfen_chess::back_rank(color);
                let how = match token {
                    CastlingToken::KingSide => "the outermost rook on the h-side of its king",
                    CastlingToken::QueenSide => "the outermost rook on the a-side of its king",
                    CastlingToken::File(_) => "the rook on the file this letter names",
                };
                match Castling::resolve(board, color, token) {
                    Some(file) => {
                        let square = format!("{}{}", char::from(b'a' + file), rank + 1);
                        squares.push(square.clone());
                        letter
                            .with(
                                format!("{side} with the rook on {square}"),
                                format!("{c}: {side} may still castle with {how}, the rook on {square}."),
                            )
                            .on(vec![square])
                    }
                    None => letter.with(side, format!("{c}: {side} may castle with {how}, but there is no such rook.")),
                }
            }
            None => letter.with(c.to_string(), "Not a castling letter."),
        });
    }
    let mut part =
        part.with(text, "Castling rights: each letter names a rook its side may still castle with.").on(squares);
    part.parts = letters;
    part
}

fn rotations_part(input: &str, start: usize, end: usize, position: &AnyPosition, pieces: &[(u8, u8)]) -> Part {
    let geometry = Geometry::of(VariantId::Khet);
    let text = &input[start..end];
    let mut letters = Vec::new();
    let mut squares = Vec::new();
    for (n, (i, c)) in text.char_indices().enumerate() {
        let at = start + i;
        let letter = Part::new(input, at, at + c.len_utf8(), "rotation");
        letters.push(match pieces.get(n) {
            Some(&(file, rank)) => {
                let square = geometry.name(file, rank);
                let words = piece_words(position, file, rank).unwrap_or_default();
                squares.push(square.clone());
                letter
                    .with(
                        words.clone(),
                        format!("Rotation letter {} (piece {}, in the order the placement writes them): the {words} on {square}.", c, n + 1),
                    )
                    .on(vec![square])
            }
            None => letter.with(c.to_string(), "A rotation letter with no piece left to turn; it was ignored."),
        });
    }
    let mut part = Part::new(input, start, end, "rotations")
        .with(
            format!("{} rotations", letters.len()),
            "The rotations: one letter n, e, s or w for each piece, in the order the placement writes the pieces.",
        )
        .on(squares);
    part.parts = letters;
    part
}

/// Explains a move: reads `position` (in `from` or the notation detected),
/// checks that `text` is one legal move there (in any move notation of the
/// game), and cuts `text` into parts.
///
/// # Errors
///
/// [`ExplainError::Position`] when the position cannot be read,
/// [`ExplainError::Move`] when the text is not one legal move.
///
/// # Examples
///
/// ```
/// use polyfen::explain::explain_move;
/// use polyfen::ReadOptions;
///
/// let explained = explain_move("chess:standard", None, "Nf3", &ReadOptions::default())?;
/// let kinds: Vec<&str> = explained.parts.iter().map(|p| p.kind).collect();
/// assert_eq!(kinds, ["piece", "to"]);
/// assert_eq!(explained.parts[1].squares, ["f3"]);
/// # Ok::<(), polyfen::explain::ExplainError>(())
/// ```
pub fn explain_move(
    position: &str,
    from: Option<Notation>,
    text: &str,
    options: &ReadOptions,
) -> Result<Explanation, ExplainError> {
    let reading = read_named(position, from, *options)?;
    Ok(explain_move_at(&reading.position, text)?)
}

/// Explains a move of `position`: checks that `text` is one legal move there
/// (in any move notation of the game) and cuts `text` into parts.
///
/// # Errors
///
/// A [`RulesError`] when the text is not one legal move.
pub fn explain_move_at(position: &AnyPosition, text: &str) -> Result<Explanation, RulesError> {
    let (notation, written) = move_forms(position, text)?;
    let variant = position.variant();
    let coordinate = written.first().map(|(_, w)| w.clone()).unwrap_or_default();
    let parts = move_parts(text, variant, notation, &coordinate);
    Ok(Explanation { variant, notation: notation.to_string(), parts })
}

/// A position read from text or named as `VARIANT:NAME` (`chess:standard`).
fn read_named(position: &str, from: Option<Notation>, options: ReadOptions) -> Result<crate::Reading, ReadError> {
    if let Some((variant, name)) = position.split_once(':')
        && let Some(setup) = variant.parse::<VariantId>().ok().and_then(|v| v.setup(name))
    {
        return read(setup, None, &options);
    }
    read(position, from, &options)
}

/// The move `text` written in every move notation of the game, and the
/// notation `text` is written in.
///
/// # Errors
///
/// A [`RulesError`] when `text` is not one legal move of `position`.
pub fn move_forms(
    position: &AnyPosition,
    text: &str,
) -> Result<(MoveNotation, Vec<(MoveNotation, String)>), RulesError> {
    let variant = position.variant();
    let rules = RuleOptions::default();
    let mut forms = Vec::new();
    for &notation in variant.move_notations() {
        let mut after = position.clone();
        forms.push((notation, after.play(text, notation, &rules)?));
    }
    let trimmed = text.trim();
    let strip = |s: &str| s.trim_end_matches(['+', '#', '!', '?']).to_owned();
    let notation = forms
        .iter()
        .find(|(_, w)| w == trimmed)
        .or_else(|| forms.iter().find(|(_, w)| strip(w) == strip(trimmed)))
        .or_else(|| forms.iter().find(|(_, w)| w.eq_ignore_ascii_case(trimmed)))
        .map_or_else(|| guess_move_notation(variant, trimmed), |(n, _)| *n);
    Ok((notation, forms))
}

fn guess_move_notation(variant: VariantId, text: &str) -> MoveNotation {
    let squares = text.bytes().filter(u8::is_ascii_lowercase).count() >= 2
        && text.bytes().filter(u8::is_ascii_digit).count() >= 2;
    match variant {
        VariantId::Chess if text.contains('-') && !text.starts_with(['O', '0']) => MoveNotation::Lan,
        VariantId::Chess if squares && text.len() <= 5 => MoveNotation::Uci,
        VariantId::Chess => MoveNotation::San,
        VariantId::Xiangqi if !text.is_ascii() => MoveNotation::Chinese,
        VariantId::Xiangqi if squares => MoveNotation::Iccs,
        VariantId::Xiangqi => MoveNotation::Wxf,
        VariantId::Khet => MoveNotation::Khet,
    }
}

/// The squares a coordinate move (`e2e4`, `H2-E2`, `h2g2`, `h2+`) names.
fn coordinate_squares(coordinate: &str) -> Vec<String> {
    let lower = coordinate.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i].is_ascii_lowercase() && bytes[i + 1].is_ascii_digit() {
            out.push(lower[i..i + 2].to_owned());
            i += 2;
        } else {
            i += 1;
        }
    }
    out
}

/// The move's squares: where the piece starts and where it ends.
struct Ends<'a> {
    from: &'a str,
    to: &'a str,
}

fn move_parts(text: &str, variant: VariantId, notation: MoveNotation, coordinate: &str) -> Vec<Part> {
    let squares = coordinate_squares(coordinate);
    let from = squares.first().cloned().unwrap_or_default();
    let to = squares.get(1).cloned().unwrap_or_else(|| from.clone());
    let ends = Ends { from: &from, to: &to };
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    // The length in chars of a square name starting at char `k`: a file
    // letter and one or two digits (`uci-1` writes rank 10).
    let square_len = |k: usize| -> usize {
        let Some(&(_, letter)) = chars.get(k) else { return 0 };
        let letter_ok =
            if variant == VariantId::Xiangqi { letter.is_ascii_alphabetic() } else { letter.is_ascii_lowercase() };
        let digits = chars[k + 1..].iter().take(2).take_while(|(_, c)| c.is_ascii_digit()).count();
        let digits =
            if variant == VariantId::Xiangqi && notation == MoveNotation::Uci1 { digits } else { digits.min(1) };
        if letter_ok && digits > 0 { 1 + digits } else { 0 }
    };
    let last_square = (0..chars.len()).rev().find(|&k| square_len(k) > 0 && (k == 0 || square_len(k - 1) == 0));
    let mut parts: Vec<Part> = Vec::new();
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k].1;
        let start = chars[k].0;
        let end_of = |n: usize| chars.get(k + n).map_or(text.len(), |c| c.0);
        if c.is_whitespace() {
            parts.push(
                Part::new(text, start, end_of(1), "space").with("space", "Space around the move; it means nothing."),
            );
            k += 1;
            continue;
        }
        let (part, n) = match notation {
            MoveNotation::Wxf | MoveNotation::WxfFsf => (wxf_part(text, &chars, k, &ends), 1),
            MoveNotation::Chinese | MoveNotation::ChineseTraditional => (chinese_part(text, &chars, k, &ends), 1),
            _ => {
                let len = square_len(k);
                if len > 0 {
                    let seen = parts.iter().any(|p| matches!(p.kind, "from" | "disambiguation"));
                    let part = Part::new(text, start, end_of(len), "to");
                    let written = part.text.clone();
                    let part = if notation == MoveNotation::San && Some(k) != last_square {
                        let mut part = part.with(
                            written.clone(),
                            format!(
                                "Which piece moves: the one on {written}, since another could go to the same square."
                            ),
                        );
                        part.kind = "disambiguation";
                        part.on(vec![ends.from.to_owned()])
                    } else if notation != MoveNotation::San && !seen {
                        let mut part = part.with(ends.from, format!("The square of the piece that moves: {written}."));
                        part.kind = "from";
                        part.on(vec![ends.from.to_owned()])
                    } else {
                        part.with(ends.to, format!("The square the piece goes to: {written}."))
                            .on(vec![ends.to.to_owned()])
                    };
                    (part, len)
                } else {
                    coordinate_like(text, &chars, k, variant, notation, &ends)
                }
            }
        };
        parts.push(part);
        k += n.max(1);
    }
    parts
}

fn coordinate_like(
    text: &str,
    chars: &[(usize, char)],
    k: usize,
    variant: VariantId,
    notation: MoveNotation,
    ends: &Ends<'_>,
) -> (Part, usize) {
    let start = chars[k].0;
    let end_of = |n: usize| chars.get(k + n).map_or(text.len(), |c| c.0);
    let c = chars[k].1;
    let one = |kind, value: String, meaning: String| (Part::new(text, start, end_of(1), kind).with(value, meaning), 1);
    let chess = variant == VariantId::Chess;
    match c {
        'O' | '0' if chess && k == 0 => {
            let n = chars.iter().take_while(|(_, c)| matches!(c, 'O' | '0' | '-')).count();
            let part = Part::new(text, start, end_of(n), "castle");
            let long = part.text.matches(['O', '0']).count() >= 3;
            let meaning = if long {
                "Castling on the queen side (the a-side): the king and the rook pass each other."
            } else {
                "Castling on the king side (the h-side): the king and the rook pass each other."
            };
            let value = part.text.clone();
            (part.with(value, meaning).on(vec![ends.from.to_owned(), ends.to.to_owned()]), n)
        }
        'K' | 'Q' | 'R' | 'B' | 'N' if chess && k == 0 => {
            let (s, e) = (start, end_of(1));
            let part = Part::new(text, s, e, "piece")
                .with(role_word(c), format!("{c} names the piece that moves: a {}.", role_word(c)))
                .on(vec![ends.from.to_owned()]);
            (part, 1)
        }
        '=' | 'Q' | 'R' | 'B' | 'N' | 'q' | 'r' | 'b' | 'n'
            if chess && k > 0 && (c.is_ascii_uppercase() || c == '=' || notation == MoveNotation::Uci) =>
        {
            let n = if c == '=' && chars.get(k + 1).is_some_and(|(_, p)| "QRBNqrbn".contains(*p)) { 2 } else { 1 };
            let letter = chars.get(k + n - 1).map_or('Q', |p| p.1).to_ascii_uppercase();
            let meaning = format!("The pawn is promoted to a {} on {}.", role_word(letter), ends.to);
            let part = Part::new(text, start, end_of(n), "promotion").with(role_word(letter), meaning);
            (part.on(vec![ends.to.to_owned()]), n)
        }
        'x' | ':' => one("capture", "capture".to_owned(), "The move takes the piece on the target square.".to_owned()),
        '-' | '+' if variant == VariantId::Khet => {
            let way = if c == '+' { "clockwise" } else { "anticlockwise" };
            let part = Part::new(text, start, end_of(1), "rotate")
                .with(way, format!("The piece on {} turns a quarter {way}.", ends.from))
                .on(vec![ends.from.to_owned()]);
            (part, 1)
        }
        '-' => one("separator", "-".to_owned(), "Separates the square left from the square reached.".to_owned()),
        '+' => one("check", "check".to_owned(), "The move gives check.".to_owned()),
        '#' => one("check", "checkmate".to_owned(), "The move gives checkmate.".to_owned()),
        '!' | '?' => {
            one("annotation", c.to_string(), "A comment on the move's quality; it does not change the move.".to_owned())
        }
        'a'..='h' if notation == MoveNotation::San => {
            let part = Part::new(text, start, end_of(1), "disambiguation")
                .with(
                    format!("file {c}"),
                    format!(
                        "Which piece moves: the one on file {c} (a pawn names the file it leaves when it captures)."
                    ),
                )
                .on(vec![ends.from.to_owned()]);
            (part, 1)
        }
        '1'..='8' if notation == MoveNotation::San => {
            let part = Part::new(text, start, end_of(1), "disambiguation")
                .with(
                    format!("rank {c}"),
                    format!("Which piece moves: the one on rank {c}, since another on its file could go there too."),
                )
                .on(vec![ends.from.to_owned()]);
            (part, 1)
        }
        _ => one("extra", c.to_string(), "A character the move reader passed over.".to_owned()),
    }
}

fn role_word(letter: char) -> &'static str {
    match letter {
        'K' => "king",
        'Q' => "queen",
        'R' => "rook",
        'B' => "bishop",
        'N' => "knight",
        _ => "piece",
    }
}

fn wxf_part(text: &str, chars: &[(usize, char)], k: usize, ends: &Ends<'_>) -> Part {
    let (from, to) = (ends.from, ends.to);
    let (s, e) = (chars[k].0, chars.get(k + 1).map_or(text.len(), |c| c.0));
    let c = chars[k].1;
    let part = Part::new(text, s, e, "piece");
    let is_sign = |c: char| matches!(c, '+' | '-' | '.' | '=');
    // The sign is the last of + - . = (the first of `P++1` says which soldier).
    let sign = chars.iter().rposition(|(_, c)| is_sign(*c));
    let before_sign = sign.is_none_or(|at| k < at);
    let leading_digits = chars.iter().take_while(|(_, c)| c.is_ascii_digit()).count();
    if before_sign && c.is_ascii_alphabetic() {
        let role = xiangqi_role_word(c);
        part.with(role, format!("{c} names the piece that moves: a {role}.")).on(vec![from.to_owned()])
    } else if before_sign && (matches!(c, '+' | '-') || (k == 0 && c.is_ascii_digit() && leading_digits == 2)) {
        let which = match c {
            '+' => "the front one".to_owned(),
            '-' => "the rear one".to_owned(),
            _ => format!("number {c} counted from the front"),
        };
        let mut part =
            part.with(which.clone(), format!("{c}: several like pieces stand on one file, and {which} moves."));
        part.kind = "order";
        part.on(vec![from.to_owned()])
    } else if before_sign && c.is_ascii_digit() {
        let mut part = part
            .with(format!("file {c}"), format!("The file the piece stands on, {c}, counted from the mover's right."));
        part.kind = "file";
        part.on(vec![from.to_owned()])
    } else if is_sign(c) {
        let meaning = match c {
            '+' => "+: the piece moves forward, toward the other side.",
            '-' => "-: the piece moves backward, toward its own side.",
            _ => "The piece moves sideways along its rank.",
        };
        let mut part = part.with(c.to_string(), meaning);
        part.kind = "sign";
        part
    } else if c.is_ascii_digit() {
        let mut part = part.with(c.to_string(), target_meaning(c, ends));
        part.kind = "target";
        part.on(vec![to.to_owned()])
    } else {
        let mut part = part.with(c.to_string(), "A character the move reader passed over.");
        part.kind = "extra";
        part
    }
}

/// What the last numeral of a WXF or Chinese move counts: the file reached
/// when the piece changes file, the ranks gone when it stays on its file.
fn target_meaning(c: char, ends: &Ends<'_>) -> String {
    if ends.from.get(..1) == ends.to.get(..1) {
        format!("{c}: the number of ranks the piece goes along its file, to {}.", ends.to)
    } else {
        format!("{c}: the file the piece reaches, counted from the mover's right: it lands on {}.", ends.to)
    }
}

fn xiangqi_role_word(letter: char) -> &'static str {
    match letter.to_ascii_uppercase() {
        'K' | 'G' => "king (general)",
        'A' => "advisor",
        'B' | 'E' => "elephant",
        'N' | 'H' => "horse",
        'R' => "chariot",
        'C' => "cannon",
        'P' => "soldier",
        _ => "piece",
    }
}

fn chinese_part(text: &str, chars: &[(usize, char)], k: usize, ends: &Ends<'_>) -> Part {
    let (from, to) = (ends.from, ends.to);
    let (s, e) = (chars[k].0, chars.get(k + 1).map_or(text.len(), |c| c.0));
    let c = chars[k].1;
    let part = Part::new(text, s, e, "piece");
    let seen_sign = chars[..k].iter().any(|(_, c)| matches!(c, '进' | '進' | '退' | '平'));
    let numeral = "一二三四五六七八九１２３４５６７８９123456789".contains(c);
    let piece = "帅帥将將仕士相象马馬車车炮砲兵卒".contains(c);
    let next_is_piece = chars.get(k + 1).is_some_and(|(_, n)| "帅帥将將仕士相象马馬車车炮砲兵卒".contains(*n));
    if k == 0 && ("前后後中".contains(c) || (numeral && next_is_piece)) {
        let mut part = part.with(
            c.to_string(),
            format!(
                "{c}: several like pieces stand on one file, and this names which one moves ({}).",
                match c {
                    '前' => "the front one",
                    '后' | '後' => "the rear one",
                    '中' => "the middle one",
                    _ => "counted from the front",
                }
            ),
        );
        part.kind = "order";
        part.on(vec![from.to_owned()])
    } else if piece {
        part.with(c.to_string(), format!("{c} names the piece that moves.")).on(vec![from.to_owned()])
    } else if matches!(c, '进' | '進' | '退' | '平') {
        let meaning = match c {
            '平' => "平: the piece moves sideways along its rank.",
            '退' => "退: the piece moves backward, toward its own side.",
            _ => "进: the piece moves forward, toward the other side.",
        };
        let mut part = part.with(c.to_string(), meaning);
        part.kind = "sign";
        part
    } else if numeral && !seen_sign {
        let mut part = part.with(
            c.to_string(),
            format!(
                "{c}: the file the piece stands on, counted from the mover's right (red writes 一…九, black １…９)."
            ),
        );
        part.kind = "file";
        part.on(vec![from.to_owned()])
    } else if numeral {
        let mut part = part.with(c.to_string(), target_meaning(c, ends));
        part.kind = "target";
        part.on(vec![to.to_owned()])
    } else {
        let mut part = part.with(c.to_string(), "A character the move reader passed over.");
        part.kind = "extra";
        part
    }
}
