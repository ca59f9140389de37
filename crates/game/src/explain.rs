//! Explaining a text part by part, the pieces every game shares: [`Part`]
//! and its builders, the board [`Geometry`] a placement is read against, the
//! placement's ranks and cells ([`position_parts`]), the fields and spaces
//! of a text ([`tokens`]), a lenient reading's repairs put on their parts
//! ([`attach_repairs`]), and a move's squares and common characters
//! ([`MoveText`]).
//!
//! A game implements [`Explain`]: its geometry, the words for a piece and a
//! side, the parts of its fields after the placement, and the parts of a
//! move in each of its move notations; a game whose placement holds more
//! than cells says so too: a marker after a piece letter
//! ([`Explain::SUFFIX`], crazyhouse's `~`) and a hand written with the
//! placement ([`Explain::placement_hand_part`], crazyhouse's pocket). The facade's `explain` module reads
//! the text and hands it to the game through its list of games.

use polyfen_core::{Color, Repair};
use serde::Serialize;

use crate::GamePosition;

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
    /// `annotation`, `side`, `drop`, `relative` (Shogi's KI2 words that
    /// say which piece moves).
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
    /// The part `start..end` of `input`, of `kind`, with no value or
    /// meaning yet.
    #[must_use]
    pub fn new(input: &str, start: usize, end: usize, kind: &'static str) -> Part {
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

    /// The part with its value and meaning.
    #[must_use]
    pub fn with(mut self, value: impl Into<String>, meaning: impl Into<String>) -> Part {
        self.value = value.into();
        self.meaning = meaning.into();
        self
    }

    /// The part naming `squares`.
    #[must_use]
    pub fn on(mut self, squares: Vec<String>) -> Part {
        self.squares = squares;
        self
    }

    /// The part of another kind.
    #[must_use]
    pub fn with_kind(mut self, kind: &'static str) -> Part {
        self.kind = kind;
        self
    }
}

/// The board geometry of a game as an explanation names it: files, ranks,
/// the rank of the first row written, the value of a run digit and the
/// names of squares.
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    /// The number of files.
    pub files: u8,
    /// The number of ranks.
    pub ranks: u8,
    /// Whether the placement writes the bottom rank first (Khet) rather
    /// than the top one.
    pub bottom_first: bool,
    /// The digit that stands for a run of ten empty cells, if any.
    pub ten_digit: Option<char>,
    /// The rank number written for rank index 0 (`1` for chess, `0` for Xiangqi).
    pub first_label: u8,
    /// The word for a cell (`square`, `point`).
    pub cell: &'static str,
    /// The word for a row (`rank`).
    pub row: &'static str,
    /// A marker written before a piece letter, which belongs to the piece
    /// (`+` of a promoted Shogi piece).
    pub prefix: Option<char>,
    /// How the game names squares and ranks, when not as chess does (file
    /// letters from `a`, rank numbers from [`Geometry::first_label`]).
    pub names: Option<Names>,
}

/// How a game names its squares and ranks, for a game that does not name
/// them as chess does: Shogi names a square by its file number, counted
/// from the right, and its rank letter (`7g`).
#[derive(Clone, Copy, Debug)]
pub struct Names {
    /// The name of the square on `file` and `rank` (indices from 0, as
    /// [`Geometry`] counts them).
    pub square: fn(u8, u8) -> String,
    /// The name of rank index `rank`.
    pub rank: fn(u8) -> String,
    /// The files of a row in the order written, in words: `from file 9 to file 1`.
    pub across: &'static str,
}

impl Geometry {
    /// A board of `files` by `ranks` squares named as chess names them:
    /// file letters from `a`, rank numbers from 1, the top rank written
    /// first, no digit for ten empty squares and no piece prefix.
    #[must_use]
    pub const fn chess_like(files: u8, ranks: u8) -> Geometry {
        Geometry {
            files,
            ranks,
            bottom_first: false,
            ten_digit: None,
            first_label: 1,
            cell: "square",
            row: "rank",
            prefix: None,
            names: None,
        }
    }

    /// The rank index of the `row`-th row written, if on the board.
    #[must_use]
    pub fn rank_of_row(self, row: usize) -> Option<u8> {
        let row = u8::try_from(row).ok().filter(|&r| r < self.ranks)?;
        Some(if self.bottom_first { row } else { self.ranks - 1 - row })
    }

    /// The name of the square on `file` and `rank` (indices from 0): `e1`.
    #[must_use]
    pub fn name(self, file: u8, rank: u8) -> String {
        match self.names {
            Some(names) => (names.square)(file, rank),
            None => format!("{}{}", char::from(b'a' + file), u32::from(rank) + u32::from(self.first_label)),
        }
    }

    /// The name of rank index `rank`: the number written for it (`1`), or
    /// the game's own name.
    #[must_use]
    pub fn rank_label(self, rank: u8) -> String {
        match self.names {
            Some(names) => (names.rank)(rank),
            None => (u32::from(rank) + u32::from(self.first_label)).to_string(),
        }
    }

    /// The files of a row in the order written, in words.
    fn across(self) -> String {
        match self.names {
            Some(names) => names.across.to_owned(),
            None => format!("from file a to file {}", char::from(b'a' + self.files - 1)),
        }
    }
}

/// One field after the placement: the text it is in, its span and its
/// index (1 for the first field after the placement).
#[derive(Clone, Copy, Debug)]
pub struct Field<'a> {
    /// The whole text the field is in.
    pub input: &'a str,
    /// The first byte of the field.
    pub start: usize,
    /// One past the last byte of the field.
    pub end: usize,
    /// Which field it is, the placement being field 0.
    pub index: usize,
}

impl<'a> Field<'a> {
    /// The field's text.
    pub fn text(&self) -> &'a str {
        &self.input[self.start..self.end]
    }
}

/// What a game adds to explain its positions and moves part by part.
pub trait Explain: GamePosition {
    /// The board of this position as the explanation names it (a game
    /// whose rules are data has one board size per rules variant).
    fn geometry(&self) -> Geometry;

    /// The piece on `file` and `rank` (indices from 0), in words
    /// (`white rook`), `None` for an empty square.
    fn piece_words(&self, file: u8, rank: u8) -> Option<String>;

    /// How the piece on `file` and `rank` moves, in words, for a game whose
    /// pieces are defined by their moves (`moves or captures one square
    /// diagonally (Betza F)`); `None` by default, where a piece's name says
    /// it.
    fn piece_moves(&self, file: u8, rank: u8) -> Option<String> {
        let _ = (file, rank);
        None
    }

    /// A side in words (`white`, `red`, `silver`).
    fn color_words(color: Color) -> &'static str;

    /// Pushes onto `parts` the parts of `field`, a field after the
    /// placement written in `notation`; `pieces` are the squares of the
    /// placement's pieces, `(file, rank)`, in the order it writes them.
    fn field_parts(&self, field: Field<'_>, notation: Self::Notation, pieces: &[(u8, u8)], parts: &mut Vec<Part>);

    /// A marker written after a piece letter, which belongs to the piece
    /// (`~` of a crazyhouse piece that was a pawn): the letter and the
    /// marker are one cell, explained by [`Explain::piece_words`].
    const SUFFIX: Option<char> = None;

    /// The part of a hand written with the placement, `start..end` of
    /// `input`: after the board in brackets (`[Qn]`), or as a row past the
    /// last rank with the separator before it (`/Qn`), as crazyhouse's
    /// pocket is written; `None` (the default) for a game whose placement
    /// holds no hand, whose extra cells are then explained as such.
    fn placement_hand_part(&self, input: &str, start: usize, end: usize) -> Option<Part> {
        let _ = (input, start, end);
        None
    }

    /// The field from which the rest of a text in `notation` is one part
    /// (EPD's operations), if the notation has one.
    fn tail_from(notation: Self::Notation) -> Option<usize> {
        let _ = notation;
        None
    }

    /// The one part from the field [`Explain::tail_from`] names to the end
    /// of the text, `start..end` of `input`.
    fn tail_part(&self, input: &str, start: usize, end: usize) -> Part {
        Part::new(input, start, end, "extra")
            .with(input.get(start..end).unwrap_or_default(), "Fields after the last one the notation has.")
    }

    /// The parts of the move `text` written in `notation`; `coordinate` is
    /// the same move written in the game's first move notation, whose
    /// squares ([`coordinate_squares`]) are where the piece starts and ends.
    fn move_parts(text: &str, notation: Self::MoveNotation, coordinate: &str) -> Vec<Part>;

    /// The move notation `text` (a legal move that no notation of the game
    /// writes the same way) is most likely written in.
    fn guess_move_notation(text: &str) -> Self::MoveNotation;
}

/// Puts each repair on the innermost part that holds its span (or, for a
/// span across parts, its first byte; the last part for a repair at the end
/// of the input).
pub fn attach_repairs(parts: &mut [Part], repairs: &[Repair], len: usize) {
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
#[must_use]
pub fn tokens(input: &str) -> Vec<(usize, usize, bool)> {
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

/// `word` with its first letter in upper case.
#[must_use]
pub fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
}

/// The side to move: `part` with the side's words and meaning.
#[must_use]
pub fn side_part<T: Explain>(part: Part, turn: Color) -> Part {
    let side = T::color_words(turn);
    let meaning = format!("{} moves next.", capitalized(side));
    part.with(side, meaning)
}

/// The parts of a position's text written in `notation`: the placement's
/// ranks (with their cells) and separators, each field after it as the game
/// explains it, and the spaces between them; they tile `input`.
pub fn position_parts<T: Explain>(position: &T, input: &str, notation: T::Notation) -> Vec<Part> {
    let geometry = position.geometry();
    let tail_from = T::tail_from(notation);
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
            let placement = Placement { input, position, geometry };
            placement.parts(start, end, &mut parts, &mut pieces_in_order);
        } else if tail_from.is_some_and(|from| field >= from) {
            rest_start.get_or_insert(start);
        } else {
            position.field_parts(Field { input, start, end, index: field }, notation, &pieces_in_order, &mut parts);
        }
        field += 1;
    }
    if let Some(start) = rest_start {
        // The tail runs from its first field to the end, spaces and all:
        // one part.
        let end = input.trim_end().len().max(start);
        parts.retain(|p| p.end <= start || p.start >= end);
        let index = parts.iter().position(|p| p.start >= end).unwrap_or(parts.len());
        parts.insert(index, position.tail_part(input, start, end));
    }
    parts
}

/// The placement of a position's text, read against its game's geometry.
struct Placement<'a, T> {
    input: &'a str,
    position: &'a T,
    geometry: Geometry,
}

impl<T: Explain> Placement<'_, T> {
    fn parts(&self, start: usize, end: usize, parts: &mut Vec<Part>, pieces_in_order: &mut Vec<(u8, u8)>) {
        let (input, geometry) = (self.input, self.geometry);
        // a hand written with the placement: in brackets after the board,
        // or a row past the last rank (its separator with it)
        let past_last_rank = input[start..end]
            .match_indices('/')
            .nth(usize::from(geometry.ranks).saturating_sub(1))
            .map(|(i, _)| start + i);
        let hand_start = input[start..end].find('[').map(|i| start + i).into_iter().chain(past_last_rank).min();
        let (end, hand) = match hand_start.and_then(|at| Some((at, self.position.placement_hand_part(input, at, end)?)))
        {
            Some((at, hand)) => (at, Some(hand)),
            None => (end, None),
        };
        self.board_parts(start, end, parts, pieces_in_order);
        parts.extend(hand);
    }

    fn board_parts(&self, start: usize, end: usize, parts: &mut Vec<Part>, pieces_in_order: &mut Vec<(u8, u8)>) {
        let (input, geometry) = (self.input, self.geometry);
        let text = &input[start..end];
        let mut row = 0usize;
        let mut row_start = start;
        let mut finish_row = |row: usize, row_start: usize, row_end: usize, parts: &mut Vec<Part>| {
            if row_start < row_end {
                parts.push(self.row_part(row_start, row_end, row, pieces_in_order));
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

    fn row_part(&self, start: usize, end: usize, row: usize, pieces_in_order: &mut Vec<(u8, u8)>) -> Part {
        let (input, geometry) = (self.input, self.geometry);
        let rank = geometry.rank_of_row(row);
        let mut file = 0u32;
        let mut cells = Vec::new();
        let mut row_squares = Vec::new();
        let mut described = Vec::new();
        let mut marked: Option<usize> = None;
        let mut chars = input[start..end].char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if Some(c) == geometry.prefix && marked.is_none() {
                // the marker and the letter after it are one cell
                marked = Some(start + i);
                continue;
            }
            let at = marked.take().unwrap_or(start + i);
            let mut letter_end = start + i + c.len_utf8();
            // a marker after a letter belongs to it too
            if let Some(&(j, next)) = chars.peek()
                && Some(next) == T::SUFFIX
                && !c.is_ascii_digit()
            {
                letter_end = start + j + next.len_utf8();
                chars.next();
            }
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
                    (Some(a), Some(b)) if a == b => {
                        format!("The digit {c} stands for one empty {}: {a}.", geometry.cell)
                    }
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
                    .and_then(|(rank, f)| self.position.piece_words(f, rank).map(|words| (f, rank, words)));
                file += 1;
                match (piece, squares.first()) {
                    (Some((f, r, words)), Some(square)) => {
                        pieces_in_order.push((f, r));
                        described.push(format!("{words} on {square}"));
                        let written = &input[at..letter_end];
                        let moves = rank
                            .and_then(|r| self.position.piece_moves(f, r))
                            .map_or(String::new(), |moves| format!(" It {moves}."));
                        let meaning = if written.len() > c.len_utf8() {
                            format!("{written} puts a {words} on {square}.{moves}")
                        } else {
                            format!("The letter {c} puts a {words} on {square}.{moves}")
                        };
                        Part::new(input, at, letter_end, "piece").with(words, meaning).on(squares)
                    }
                    (None, Some(square)) => {
                        let meaning = format!("{c} is no piece letter; {square} was read as empty.");
                        Part::new(input, at, letter_end, "run").with("empty", meaning).on(squares)
                    }
                    _ => Part::new(input, at, letter_end, "extra")
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
                    format!("{} {label}, {}: {pieces}.{padded}", capitalized(geometry.row), geometry.across()),
                )
            }
            None => ("beyond the board".to_owned(), "A row past the last rank of the board.".to_owned()),
        };
        let mut part = Part::new(input, start, end, "rank").with(value, meaning).on(row_squares);
        part.parts = cells;
        part
    }
}

/// Whether `text` looks like a move written with square names: two file
/// letters and two digits at least.
#[must_use]
pub fn names_squares(text: &str) -> bool {
    text.bytes().filter(u8::is_ascii_lowercase).count() >= 2 && text.bytes().filter(u8::is_ascii_digit).count() >= 2
}

/// The squares a coordinate move (`e2e4`, `H2-E2`, `h2g2`, `h2+`, and on
/// boards of more than nine ranks `b9a10`) names.
#[must_use]
pub fn coordinate_squares(coordinate: &str) -> Vec<String> {
    let lower = coordinate.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i].is_ascii_lowercase() && bytes[i + 1].is_ascii_digit() {
            let digits = if bytes.get(i + 2).is_some_and(u8::is_ascii_digit) { 2 } else { 1 };
            out.push(lower[i..=i + digits].to_owned());
            i += 1 + digits;
        } else {
            i += 1;
        }
    }
    out
}

/// How a move notation writes squares: which file letters and how many
/// rank digits.
#[derive(Clone, Copy, Debug, Default)]
pub struct SquareSyntax {
    /// File letters in either case (`H2-E2`), not only lower case.
    pub any_case: bool,
    /// Ranks of up to two digits (`a10`), not one.
    pub two_digit_ranks: bool,
}

/// A move's text cut into characters, with the squares the move leaves and
/// reaches.
#[derive(Clone, Debug)]
pub struct MoveText<'a> {
    /// The move as written.
    pub text: &'a str,
    /// Its characters with their byte offsets.
    pub chars: Vec<(usize, char)>,
    /// The square the piece starts on.
    pub from: String,
    /// The square the piece ends on (the start square for a move that
    /// stays, as a rotation).
    pub to: String,
}

impl<'a> MoveText<'a> {
    /// The move `text`, whose squares are those of `coordinate`, the move
    /// written in the game's first move notation.
    #[must_use]
    pub fn new(text: &'a str, coordinate: &str) -> MoveText<'a> {
        let squares = coordinate_squares(coordinate);
        let from = squares.first().cloned().unwrap_or_default();
        let to = squares.get(1).cloned().unwrap_or_else(|| from.clone());
        MoveText { text, chars: text.char_indices().collect(), from, to }
    }

    /// The byte offset `n` characters after character `k` (the end of the
    /// text past its last character).
    #[must_use]
    pub fn end_of(&self, k: usize, n: usize) -> usize {
        self.chars.get(k + n).map_or(self.text.len(), |c| c.0)
    }

    /// The part of the `n` characters from character `k`, of `kind`.
    #[must_use]
    pub fn part(&self, k: usize, n: usize, kind: &'static str) -> Part {
        let start = self.chars.get(k).map_or(self.text.len(), |c| c.0);
        Part::new(self.text, start, self.end_of(k, n), kind)
    }

    /// The parts of the move: spaces as such, and from each other character
    /// the part `each` makes of it, with the number of characters it takes
    /// (at least one). `each` is given the parts made so far.
    pub fn parts(&self, mut each: impl FnMut(&[Part], usize) -> (Part, usize)) -> Vec<Part> {
        let mut parts: Vec<Part> = Vec::new();
        let mut k = 0;
        while k < self.chars.len() {
            if self.chars[k].1.is_whitespace() {
                parts.push(self.part(k, 1, "space").with("space", "Space around the move; it means nothing."));
                k += 1;
                continue;
            }
            let (part, n) = each(&parts, k);
            parts.push(part);
            k += n.max(1);
        }
        parts
    }

    /// The length in characters of a square name starting at character
    /// `k`: a file letter and one (or two) digits; 0 for none.
    #[must_use]
    pub fn square_len(&self, k: usize, syntax: SquareSyntax) -> usize {
        let Some(&(_, letter)) = self.chars.get(k) else { return 0 };
        let letter_ok = if syntax.any_case { letter.is_ascii_alphabetic() } else { letter.is_ascii_lowercase() };
        let digits = self.chars[k + 1..].iter().take(2).take_while(|(_, c)| c.is_ascii_digit()).count();
        let digits = if syntax.two_digit_ranks { digits } else { digits.min(1) };
        if letter_ok && digits > 0 { 1 + digits } else { 0 }
    }

    /// The parts of a move written with square names (UCI, SAN, ICCS,
    /// Khet's): each square as where the piece starts or ends (in SAN, a
    /// square before the last one says which piece moves), and each other
    /// character as `special` makes it, or else as a capture, separator,
    /// check, annotation or a character passed over.
    pub fn coordinate_parts(
        &self,
        syntax: SquareSyntax,
        san: bool,
        special: impl Fn(&MoveText<'_>, usize) -> Option<(Part, usize)>,
    ) -> Vec<Part> {
        let last_square = (0..self.chars.len())
            .rev()
            .find(|&k| self.square_len(k, syntax) > 0 && (k == 0 || self.square_len(k - 1, syntax) == 0));
        self.parts(|parts, k| {
            let len = self.square_len(k, syntax);
            if len == 0 {
                return special(self, k).unwrap_or_else(|| self.common_part(k));
            }
            // after the square left (or a drop's piece) a square is the target
            let seen = parts.iter().any(|p| matches!(p.kind, "from" | "disambiguation" | "drop"));
            let part = self.part(k, len, "to");
            let written = part.text.clone();
            let part = if san && Some(k) != last_square {
                part.with(
                    written.clone(),
                    format!("Which piece moves: the one on {written}, since another could go to the same square."),
                )
                .with_kind("disambiguation")
                .on(vec![self.from.clone()])
            } else if !san && !seen {
                part.with(self.from.as_str(), format!("The square of the piece that moves: {written}."))
                    .with_kind("from")
                    .on(vec![self.from.clone()])
            } else {
                part.with(self.to.as_str(), format!("The square the piece goes to: {written}."))
                    .on(vec![self.to.clone()])
            };
            (part, len)
        })
    }

    /// The part of character `k` when it is one every game writes alike: a
    /// capture (`x`, `:`), a separator (`-`), check (`+`, `#`), an
    /// annotation (`!`, `?`), or else a character the reader passed over.
    #[must_use]
    pub fn common_part(&self, k: usize) -> (Part, usize) {
        let c = self.chars.get(k).map_or(' ', |c| c.1);
        let one = |kind, value: String, meaning: &str| (self.part(k, 1, kind).with(value, meaning), 1);
        match c {
            'x' | ':' => one("capture", "capture".to_owned(), "The move takes the piece on the target square."),
            '-' => one("separator", "-".to_owned(), "Separates the square left from the square reached."),
            '+' => one("check", "check".to_owned(), "The move gives check."),
            '#' => one("check", "checkmate".to_owned(), "The move gives checkmate."),
            '!' | '?' => {
                one("annotation", c.to_string(), "A comment on the move's quality; it does not change the move.")
            }
            _ => one("extra", c.to_string(), "A character the move reader passed over."),
        }
    }
}

#[cfg(test)]
mod tests {
    //! The shared pieces: fields and spaces, repairs on the innermost part,
    //! a move's squares and characters.

    use polyfen_core::Repair;

    use super::{MoveText, Part, SquareSyntax, attach_repairs, coordinate_squares, names_squares, tokens};

    #[test]
    fn tokens_tile_fields_and_spaces() {
        assert_eq!(tokens("8/8 w  -"), [(0, 3, false), (3, 4, true), (4, 5, false), (5, 7, true), (7, 8, false)]);
        assert!(tokens("").is_empty());
    }

    #[test]
    fn a_repair_sits_on_the_innermost_part_holding_it() {
        let input = "ab cd";
        let mut rank = Part::new(input, 0, 2, "rank");
        rank.parts = vec![Part::new(input, 0, 1, "piece"), Part::new(input, 1, 2, "piece")];
        let mut parts = vec![rank, Part::new(input, 2, 3, "space"), Part::new(input, 3, 5, "side")];
        let repair = |span| Repair::new(span, "repaired");
        attach_repairs(&mut parts, &[repair(1..2), repair(0..2), repair(9..9)], input.len());
        assert_eq!(parts[0].parts[1].repairs, ["repaired"]);
        assert_eq!(parts[0].repairs, ["repaired"]);
        assert_eq!(parts[2].repairs, ["repaired"]);
    }

    #[test]
    fn a_move_names_its_squares() {
        assert_eq!(coordinate_squares("H2-E2"), ["h2", "e2"]);
        assert_eq!(coordinate_squares("j1+"), ["j1"]);
        assert_eq!(coordinate_squares("b9a10"), ["b9", "a10"]);
        assert_eq!(coordinate_squares("a10a9+"), ["a10", "a9"]);
        assert!(names_squares("e2e4") && !names_squares("Nf3"));
        let m = MoveText::new("b3b10", "b3b10");
        assert_eq!(m.square_len(2, SquareSyntax::default()), 2);
        assert_eq!(m.square_len(2, SquareSyntax { any_case: false, two_digit_ranks: true }), 3);
        let m = MoveText::new("H2-E2", "h2e2");
        assert_eq!(m.square_len(0, SquareSyntax::default()), 0);
        let kinds: Vec<&str> = m
            .coordinate_parts(SquareSyntax { any_case: true, two_digit_ranks: false }, false, |_, _| None)
            .iter()
            .map(|p| p.kind)
            .collect();
        assert_eq!(kinds, ["from", "separator", "to"]);
        let m = MoveText::new(" e4!", "e2e4");
        let parts = m.coordinate_parts(SquareSyntax::default(), true, |_, _| None);
        let kinds: Vec<&str> = parts.iter().map(|p| p.kind).collect();
        assert_eq!(kinds, ["space", "to", "annotation"]);
        assert_eq!(parts[1].squares, ["e4"]);
    }
}
