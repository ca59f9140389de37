//! The one placement codec: a board written as rows of cells, driven by data.
//!
//! Chess FEN, Xiangqi FEN and Khet PKN all write a board as rows separated
//! by `/`, with digits for runs of empty cells. They differ only in the
//! numbers and letters, which a [`PlacementSpec`] holds; the piece alphabet
//! comes from the [`Variant`]. Lenient dialects are a [`Leniency`], not
//! another parser, and every repair a lenient read makes is reported as a
//! [`Repair`].
//!
//! Per-piece attributes (Khet's rotations) are a first-class part of the
//! codec: a separate field with one letter per placed piece, zipped onto the
//! pieces in the order the placement writes them ([`decode_attributes`],
//! [`encode_attributes`]).

use std::borrow::Cow;
use std::ops::Range;

use crate::error::{ParseError, ParseErrorKind};
use crate::variant::Variant;

/// Which row of the board a placement writes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowOrder {
    /// The second player's back rank first, as chess FEN and Xiangqi FEN do.
    TopFirst,
    /// The first player's back rank first, as Khet PKN does.
    BottomFirst,
}

/// The data that makes one notation's placement string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacementSpec {
    /// Board width in cells.
    pub files: u8,
    /// Board height in cells.
    pub ranks: u8,
    /// Which row comes first.
    pub row_order: RowOrder,
    /// A digit that stands for a run of ten empty cells (`0` in Khet PKN).
    pub ten_digit: Option<u8>,
    /// The row separator, `/` everywhere so far.
    pub separator: u8,
    /// A marker written before a letter to mean the promoted piece (`+` in
    /// Shogi-style placements).
    pub prefix: Option<u8>,
    /// The word for a row in messages: `rank`.
    pub row_word: &'static str,
    /// The word for cells in messages: `squares`, `points`.
    pub cell_word: &'static str,
    /// The label people give the first player's back rank (1 in chess, 0 in
    /// Xiangqi's ICCS coordinates).
    pub first_rank_label: u16,
    /// What may stand where a piece is expected, for messages.
    pub expected_cell: &'static str,
}

impl PlacementSpec {
    /// A FEN-style grid of `files` × `ranks`: top row first, digits 1–9,
    /// `/` between rows, no prefix, ranks labelled from 1. Change what
    /// differs with the other `const` methods.
    ///
    /// ```
    /// use polyfen_core::{PlacementSpec, RowOrder};
    /// const SPEC: PlacementSpec = PlacementSpec::grid(10, 8).rows(RowOrder::BottomFirst).ten_digit(b'0');
    /// assert_eq!(SPEC.cells(), 80);
    /// ```
    #[must_use]
    pub const fn grid(files: u8, ranks: u8) -> PlacementSpec {
        PlacementSpec {
            files,
            ranks,
            row_order: RowOrder::TopFirst,
            ten_digit: None,
            separator: b'/',
            prefix: None,
            row_word: "rank",
            cell_word: "squares",
            first_rank_label: 1,
            expected_cell: "a piece letter, a digit or '/'",
        }
    }

    /// The same spec with another row order.
    #[must_use]
    pub const fn rows(mut self, order: RowOrder) -> PlacementSpec {
        self.row_order = order;
        self
    }

    /// The same spec with a digit that means ten empty cells.
    #[must_use]
    pub const fn ten_digit(mut self, digit: u8) -> PlacementSpec {
        self.ten_digit = Some(digit);
        self
    }

    /// The same spec with a promotion prefix.
    #[must_use]
    pub const fn prefix(mut self, prefix: u8) -> PlacementSpec {
        self.prefix = Some(prefix);
        self
    }

    /// The same spec with other words for rows and cells in messages.
    #[must_use]
    pub const fn words(mut self, row_word: &'static str, cell_word: &'static str) -> PlacementSpec {
        self.row_word = row_word;
        self.cell_word = cell_word;
        self
    }

    /// The same spec with the first player's back rank labelled `label`.
    #[must_use]
    pub const fn first_rank_label(mut self, label: u16) -> PlacementSpec {
        self.first_rank_label = label;
        self
    }

    /// The same spec with another description of what may stand in a cell.
    #[must_use]
    pub const fn expecting(mut self, expected_cell: &'static str) -> PlacementSpec {
        self.expected_cell = expected_cell;
        self
    }

    /// The number of cells on the board.
    #[must_use]
    pub const fn cells(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// The cell index (`rank * files + file`, rank 0 at the first player's
    /// side) of the cell at `col` in written row `row`.
    #[must_use]
    pub const fn index(&self, row: usize, col: usize) -> usize {
        let rank = match self.row_order {
            RowOrder::TopFirst => self.ranks as usize - 1 - row,
            RowOrder::BottomFirst => row,
        };
        rank * self.files as usize + col
    }

    /// The label people give written row `row`.
    #[must_use]
    pub const fn row_label(&self, row: usize) -> u16 {
        let rank = match self.row_order {
            RowOrder::TopFirst => self.ranks as usize - 1 - row,
            RowOrder::BottomFirst => row,
        };
        rank as u16 + self.first_rank_label
    }

    /// The longest run one digit can write.
    #[must_use]
    pub const fn max_run(&self) -> u8 {
        if self.ten_digit.is_some() { 10 } else { 9 }
    }

    /// The cell indices in the order the placement writes them.
    pub fn written_order(&self) -> impl Iterator<Item = usize> + '_ {
        let files = self.files as usize;
        (0..self.ranks as usize).flat_map(move |row| (0..files).map(move |col| self.index(row, col)))
    }
}

/// The lenient forms a reader accepts. The default accepts none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)]
pub struct Leniency {
    /// A row with no cells (`//`) is an empty row.
    pub empty_rows: bool,
    /// A row with too few cells is padded with empty cells; missing rows at
    /// the end are empty.
    pub pad_short_rows: bool,
    /// A letter that is no piece stands for one empty cell.
    pub unknown_as_empty: bool,
    /// Separators are ignored and cells flow on in writing order.
    pub ignore_separator: bool,
    /// Two digits in a row add up instead of being an error.
    pub adjacent_digits: bool,
    /// A per-piece attribute field may be shorter or longer than the number
    /// of pieces: pieces without an attribute are dropped, extra attributes
    /// ignored.
    pub attribute_count: bool,
    /// The variant's lenient forms of the fields after the placement (for
    /// example Xiangqi's legacy side letters).
    pub fields: bool,
}

impl Leniency {
    /// Every lenient form.
    pub const ALL: Leniency = Leniency {
        empty_rows: true,
        pad_short_rows: true,
        unknown_as_empty: true,
        ignore_separator: false,
        adjacent_digits: true,
        attribute_count: true,
        fields: true,
    };
}

/// What kind of thing a lenient read repaired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RepairKind {
    /// An empty or short row was padded, or missing rows added.
    Row,
    /// An unknown letter was read as an empty cell.
    UnknownLetter,
    /// A separator was ignored.
    Separator,
    /// Two adjacent run digits were added up.
    AdjacentDigits,
    /// Pieces without an attribute were dropped, or extra attributes ignored.
    Attribute,
    /// A field after the placement was read in a lenient form.
    Field,
}

/// What a lenient read changed, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repair {
    /// What kind of repair it is.
    pub kind: RepairKind,
    /// The bytes of the input the repair is about.
    pub span: Range<usize>,
    /// What was done, in words.
    pub message: Cow<'static, str>,
}

impl Repair {
    /// A repair of a field after the placement ([`RepairKind::Field`]) at `span`.
    pub fn new(span: Range<usize>, message: impl Into<Cow<'static, str>>) -> Repair {
        Repair::of(RepairKind::Field, span, message)
    }

    /// A repair of `kind` at `span`.
    pub fn of(kind: RepairKind, span: Range<usize>, message: impl Into<Cow<'static, str>>) -> Repair {
        Repair { kind, span, message: message.into() }
    }
}

impl core::fmt::Display for Repair {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} at column {}", self.message, self.span.start + 1)
    }
}

/// How a placement is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteStyle {
    /// Leave a row without pieces empty (`//`) instead of writing its run.
    pub empty_rows_blank: bool,
    /// Leave out the run of empty cells at the end of each row.
    pub drop_trailing_runs: bool,
}

struct Cursor<'a> {
    spec: &'a PlacementSpec,
    input: &'a str,
    offset: usize,
}

impl Cursor<'_> {
    fn row_error(&self, row: usize, found: u32, span: Range<usize>) -> ParseError {
        ParseError::new(
            ParseErrorKind::RowLength {
                row_word: self.spec.row_word,
                label: self.spec.row_label(row),
                found,
                expected: self.spec.files,
                cell_word: self.spec.cell_word,
            },
            span.start + self.offset..span.end + self.offset,
        )
    }

    /// The number of cells the row starting at byte `start` describes, and
    /// where it ends.
    fn measure_row(&self, start: usize) -> (u32, usize) {
        let bytes = self.input.as_bytes();
        let mut cells: u32 = 0;
        let mut i = start;
        while i < bytes.len() && bytes[i] != self.spec.separator {
            let b = bytes[i];
            if b.is_ascii_digit() && b != b'0' {
                cells += u32::from(b - b'0');
            } else if Some(b) == self.spec.ten_digit {
                cells += 10;
            } else if Some(b) == self.spec.prefix || (0x80..0xC0).contains(&b) {
                // a prefix or a UTF-8 continuation byte adds no cell
            } else {
                cells += 1;
            }
            i += 1;
        }
        (cells, i)
    }
}

/// Reads a placement string into `board` (indexed `rank * files + file`,
/// which must hold [`PlacementSpec::cells`] cells) and returns the number
/// of pieces placed.
///
/// `offset` is the byte offset of `input` in the whole line, so that errors
/// and repairs point into the line. Repairs made under `leniency` are pushed
/// onto `repairs`.
///
/// # Errors
///
/// A [`ParseError`] naming the first byte that does not fit: an unknown
/// letter, a row that is too long or too short, too many or too few rows.
#[allow(clippy::missing_panics_doc)]
pub fn decode_placement<V: Variant>(
    input: &str,
    offset: usize,
    leniency: &Leniency,
    board: &mut [Option<V::Piece>],
    repairs: &mut Vec<Repair>,
) -> Result<usize, ParseError> {
    let spec = &V::SPEC;
    let cursor = Cursor { spec, input, offset };
    let files = spec.files as usize;
    let ranks = spec.ranks as usize;
    if board.len() != spec.cells() {
        // A variant whose board type does not match its spec is a bug in the
        // variant, not bad input; report it rather than index out of range.
        return Err(ParseError::new(
            ParseErrorKind::Invalid {
                field: "placement",
                message: Cow::Borrowed("the variant's board does not match its placement spec"),
            },
            offset..offset,
        ));
    }
    board.fill(None);
    if *leniency == Leniency::default() {
        if let Some((pieces, len)) = decode_strict_fast::<V>(input.as_bytes(), board) {
            if len == input.len() {
                return Ok(pieces);
            }
        }
        // Something does not fit: read again carefully to say what and where.
        board.fill(None);
    }
    let bytes = input.as_bytes();
    if bytes.is_empty() {
        return Err(ParseError::new(ParseErrorKind::Empty { expected: "a placement" }, offset..offset));
    }
    let mut row = 0usize;
    let mut col = 0usize;
    let mut row_start = 0usize;
    let mut pieces = 0usize;
    let mut prev_digit = false;
    let mut i = 0usize;
    while i < bytes.len() {
        let b = bytes[i];
        if b == spec.separator && leniency.ignore_separator {
            // Where the separator ends a full row it says what the cells
            // already say; anywhere else, say that it was ignored.
            let at_row_end = col == files && row + 1 < ranks;
            if !at_row_end {
                repairs.push(Repair::of(
                    RepairKind::Separator,
                    offset + i..offset + i + 1,
                    format!("ignored a separator inside {} {}", spec.row_word, spec.row_label(row)),
                ));
            }
            prev_digit = false;
            i += 1;
            continue;
        }
        if b == spec.separator {
            if col < files {
                if col == 0 && leniency.empty_rows {
                    repairs.push(Repair::of(
                        RepairKind::Row,
                        offset + i..offset + i + 1,
                        format!("read an empty {} {}", spec.row_word, spec.row_label(row)),
                    ));
                } else if leniency.pad_short_rows {
                    repairs.push(Repair::of(
                        RepairKind::Row,
                        offset + row_start..offset + i,
                        format!(
                            "padded {} {} with {}",
                            spec.row_word,
                            spec.row_label(row),
                            count(files - col, "empty ", cell_singular(spec), spec.cell_word)
                        ),
                    ));
                } else {
                    return Err(cursor.row_error(row, col as u32, i..i + 1));
                }
            }
            row += 1;
            col = 0;
            row_start = i + 1;
            prev_digit = false;
            if row >= ranks {
                return Err(ParseError::new(
                    ParseErrorKind::RowCount {
                        row_word: spec.row_word,
                        found: row as u32 + 1 + input[i + 1..].matches(char::from(spec.separator)).count() as u32,
                        expected: spec.ranks,
                    },
                    offset + i..offset + i + 1,
                ));
            }
            i += 1;
            continue;
        }
        let run = if (b'1'..=b'9').contains(&b) {
            Some(b - b'0')
        } else if Some(b) == spec.ten_digit {
            Some(10)
        } else {
            None
        };
        if let Some(run) = run {
            if prev_digit {
                if !leniency.adjacent_digits {
                    return Err(ParseError::unexpected(
                        input,
                        i,
                        "placement",
                        "a piece or a separator after a run of empty cells (one digit per run)",
                    )
                    .shifted(offset));
                }
                repairs.push(Repair::of(
                    RepairKind::AdjacentDigits,
                    offset + i - 1..offset + i + 1,
                    "added up two adjacent run digits",
                ));
            }
            prev_digit = true;
            col += usize::from(run);
            if col > files {
                if leniency.ignore_separator {
                    // cells flow on into the next rows
                    while col > files {
                        col -= files;
                        row += 1;
                    }
                    if row >= ranks || (row == ranks - 1 && col > files) {
                        return Err(too_many_cells(spec, i, offset));
                    }
                } else {
                    let (found, end) = cursor.measure_row(row_start);
                    return Err(cursor.row_error(row, found, i..end));
                }
            }
            i += 1;
            continue;
        }
        prev_digit = false;
        let start = i;
        let mut promoted = false;
        let mut letter = b;
        if Some(b) == spec.prefix {
            promoted = true;
            i += 1;
            letter = bytes.get(i).copied().unwrap_or(0);
        }
        if leniency.ignore_separator && col == files {
            col = 0;
            row += 1;
            if row >= ranks {
                return Err(too_many_cells(spec, start, offset));
            }
        }
        if col >= files {
            let (found, end) = cursor.measure_row(row_start);
            return Err(cursor.row_error(row, found, start..end));
        }
        if let Some(piece) = V::piece_from_ascii(letter, promoted) {
            board[spec.index(row, col)] = Some(piece);
            pieces += 1;
            col += 1;
            i += 1;
        } else if leniency.unknown_as_empty && !promoted && letter.is_ascii_graphic() {
            repairs.push(Repair::of(
                RepairKind::UnknownLetter,
                offset + start..offset + i + 1,
                format!("read unknown letter {:?} as an empty {}", letter as char, cell_singular(spec)),
            ));
            col += 1;
            i += 1;
        } else {
            return Err(ParseError::unexpected(input, i, "placement", spec.expected_cell).shifted(offset));
        }
    }
    // end of input
    if leniency.ignore_separator {
        let filled = row * files + col;
        if filled != spec.cells() {
            if leniency.pad_short_rows {
                repairs.push(Repair::of(
                    RepairKind::Row,
                    offset + bytes.len()..offset + bytes.len(),
                    format!(
                        "padded the board with {}",
                        count(spec.cells() - filled, "empty ", cell_singular(spec), spec.cell_word)
                    ),
                ));
            } else {
                return Err(ParseError::new(
                    ParseErrorKind::Invalid {
                        field: "placement",
                        message: Cow::Owned(format!(
                            "it describes {filled} {}, expected {}",
                            spec.cell_word,
                            spec.cells()
                        )),
                    },
                    offset..offset + bytes.len(),
                ));
            }
        }
        return Ok(pieces);
    }
    if col < files {
        if col == 0 && row_start == bytes.len() && leniency.empty_rows {
            repairs.push(Repair::of(
                RepairKind::Row,
                offset + bytes.len()..offset + bytes.len(),
                format!("read an empty {} {}", spec.row_word, spec.row_label(row)),
            ));
        } else if leniency.pad_short_rows {
            repairs.push(Repair::of(
                RepairKind::Row,
                offset + row_start..offset + bytes.len(),
                format!(
                    "padded {} {} with {}",
                    spec.row_word,
                    spec.row_label(row),
                    count(files - col, "empty ", cell_singular(spec), spec.cell_word)
                ),
            ));
        } else {
            return Err(cursor.row_error(row, col as u32, bytes.len()..bytes.len()));
        }
    }
    if row + 1 < ranks {
        if leniency.pad_short_rows {
            repairs.push(Repair::of(
                RepairKind::Row,
                offset + bytes.len()..offset + bytes.len(),
                format!("added {} empty {}s at the end", ranks - row - 1, spec.row_word),
            ));
        } else {
            return Err(ParseError::new(
                ParseErrorKind::RowCount { row_word: spec.row_word, found: row as u32 + 1, expected: spec.ranks },
                offset + bytes.len()..offset + bytes.len(),
            ));
        }
    }
    Ok(pieces)
}

/// The run length of each byte that is a digit 1–9, else 0.
const RUNS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut d = 1;
    while d <= 9 {
        table[b'0' as usize + d] = d as u8;
        d += 1;
    }
    table
};

/// The strict reader's fast path: a well-formed placement at the start of
/// `bytes`, up to the first byte at or below a space. It returns the number
/// of pieces and the length of the placement, or `None` when anything does
/// not fit (or the spec is one it does not handle), and the careful loop of
/// [`decode_placement`] then finds and names it. `board` must be empty
/// (all `None`) on entry; after `None` it may hold anything.
///
/// Placements are read eight bytes at a time ([`decode_strict_words`]) when
/// the spec allows, else one byte at a time ([`decode_strict_bytes`]).
#[inline]
fn decode_strict_fast<V: Variant>(bytes: &[u8], board: &mut [Option<V::Piece>]) -> Option<(usize, usize)> {
    let spec = &V::SPEC;
    // A spec whose separator, ten digit or prefix is also a digit 1-9, a
    // piece letter or white space has no fast path: the careful loop
    // decides. All of this is constant once `V` is known (the lookups of
    // constant bytes fold away).
    let plain = |b: u8| b > b' ' && !(b'1'..=b'9').contains(&b) && V::piece_from_ascii(b, false).is_none();
    let coherent = plain(spec.separator)
        && spec.ten_digit.is_none_or(|t| plain(t) && t != spec.separator)
        && spec.prefix.is_none_or(|p| V::piece_from_ascii(p, false).is_none())
        && (b'1'..=b'9').all(|d| V::piece_from_ascii(d, false).is_none())
        && V::piece_from_ascii(0, false).is_none()
        && spec.files > 0
        && spec.ranks > 0;
    if !coherent {
        return None;
    }
    // The word reader needs rows of at most 15 cells and at most 200 cells,
    // so that its sums stay exact and every cell (and the one after the
    // last) is numbered in a byte (see `Words::word`); it keeps the cells of
    // the whole words of the longest valid placement (every cell a letter).
    let cells = spec.cells();
    let longest = cells + spec.ranks as usize - 1;
    if spec.files > 15 || cells > 200 {
        decode_strict_bytes::<V>(bytes, board)
    } else if longest < 8 * 9 {
        decode_strict_words::<V, 9>(bytes, board)
    } else if longest < 8 * 16 {
        decode_strict_words::<V, 16>(bytes, board)
    } else {
        decode_strict_words::<V, 32>(bytes, board)
    }
}

/// Each byte lane of a word holding 1.
const LANES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each lane.
const HIGH: u64 = 0x8080_8080_8080_8080;
/// The low seven bits of each lane.
const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The high bit of each lane of `w7` (lanes below 0x80) that equals `b`
/// (below 0x80). Exact: no lane borrows from or carries into another.
const fn lanes_equal(w7: u64, b: u8) -> u64 {
    !((w7 ^ (LANES * b as u64)) + LOW7) & HIGH
}

/// The high bit of each lane of `w7` (lanes below 0x80) that is at least
/// `b` (at most 0x80). Exact, as [`lanes_equal`].
const fn lanes_at_least(w7: u64, b: u8) -> u64 {
    (w7 + LANES * (0x80 - b as u64)) & HIGH
}

/// The high bit of each lane of `w` whose low seven bits are at most a
/// space: where the placement ends (badly, unless at white space).
const fn lanes_ending(w: u64) -> u64 {
    !lanes_at_least(w & LOW7, b' ' + 1) & HIGH
}

/// The running state of the word reader.
struct Words {
    /// Where the current row starts, in writing order.
    row_start: usize,
    /// The cells of the current row written so far (at most `files`, unless
    /// `bad`).
    col: u64,
    /// The letters read: the pieces, if every letter is one.
    letters: u64,
    /// The high bit of lane 0 set if the last byte read was a run digit.
    carry: u64,
    /// Nonzero once anything did not fit.
    bad: u64,
}

impl Words {
    /// Reads the lanes of `w` whose high bit is in `valid`: checks their
    /// digits and separators, moves on, and returns the cell each lane
    /// writes in writing order, one per byte lane (digits and separators: a
    /// cell not yet written; lanes past the end: the cell after the last).
    #[inline(always)]
    #[allow(clippy::inline_always)] // measured: plain `#[inline]` reads chess placements ~5% slower
    fn word(&mut self, spec: &PlacementSpec, w: u64, valid: u64) -> u64 {
        let files = u64::from(spec.files);
        let w7 = w & LOW7;
        // Bytes that are no ASCII are no placement; the rest is read in
        // seven bits.
        self.bad |= w & valid;
        let digits = lanes_at_least(w7, b'1') & !lanes_at_least(w7, b'9' + 1) & valid;
        let tens = match spec.ten_digit {
            Some(t) if t < 0x80 => lanes_equal(w7, t) & valid,
            _ => 0,
        };
        let seps = if spec.separator < 0x80 { lanes_equal(w7, spec.separator) & valid } else { 0 };
        let runs = digits | tens;
        // 1 in each lane that must hold a piece letter
        let letter_lanes = ((runs | seps) ^ valid) >> 7;
        // How far each byte moves on: 1 for a letter, the run for a digit,
        // 0 for a separator; plus `col` in lane 0, so that the sums count
        // cells from the start of the current row. While `col` is at most
        // `files` (at most 15) every sum stays below 128: no lane carries
        // into the next, and lanes compare exactly.
        let advance = letter_lanes | (w & ((digits >> 7) * 0x0f)) | ((tens >> 7) * 10);
        let inclusive = advance.wrapping_add(self.col).wrapping_mul(LANES);
        let exclusive = (inclusive << 8) | self.col;
        // two run digits in a row, also across words
        self.bad |= runs & ((runs << 8) | self.carry);
        self.carry = runs >> 56;
        // The k-th separator of the word (from 1) must stand where the k-th
        // row from here ends, `k * files` cells from the start of the
        // current row. (A row that runs long shows at its separator, or in
        // `col` at the end of the word.)
        let row_ends = (seps >> 7).wrapping_mul(LANES * files);
        self.bad |= (inclusive ^ row_ends).wrapping_add(LOW7) & seps;
        // Cells in writing order: below 256 while the placement fits, as the
        // board has at most 200 cells; else they are wrong, and not used.
        let at = exclusive.wrapping_add((self.row_start as u64).wrapping_mul(LANES));
        let rows = row_ends >> 56;
        self.row_start += rows as usize;
        self.col = (inclusive >> 56).wrapping_sub(rows);
        self.bad |= u64::from(self.col > files);
        self.letters += letter_lanes.wrapping_mul(LANES) >> 56;
        at
    }
}

/// Looks the eight `letters` up and writes them into `scratch` at the cells
/// in `at`. Digits and separators write `None` at a cell not yet written. A
/// letter that is no piece writes `None` too, and the count of pieces at the
/// end finds it.
#[inline(always)]
#[allow(clippy::inline_always)] // as `Words::word`
fn place_word<V: Variant>(scratch: &mut [Option<V::Piece>; 256], letters: &[u8; 8], at: &[u8; 8]) {
    for (&letter, &cell) in letters.iter().zip(at) {
        scratch[usize::from(cell)] = V::piece_from_ascii(letter, false);
    }
}

/// [`decode_strict_fast`] eight bytes at a time (SWAR), for placements of at
/// most `M` whole words (and the bytes left).
///
/// Each round checks one word with arithmetic on all eight bytes at once
/// (digits, separators where rows end, two digits in a row), finds the cell
/// each byte writes from sums of how far the bytes move on, and keeps those
/// cells in memory; then it looks up and writes the letters of the word
/// before, loading their cells back: the arithmetic of one word and the
/// loads of the other overlap. Cells go into a scratch board in writing
/// order, with room for the bytes past the end, which is copied into `board`
/// in board order at the end.
#[inline]
fn decode_strict_words<V: Variant, const M: usize>(
    bytes: &[u8],
    board: &mut [Option<V::Piece>],
) -> Option<(usize, usize)> {
    const SPACES: u64 = LANES * b' ' as u64;
    let spec = &V::SPEC;
    let files = spec.files as usize;
    let cells = spec.cells();
    let mut words = Words { row_start: 0, col: 0, letters: 0, carry: 0, bad: 0 };
    let mut scratch: [Option<V::Piece>; 256] = const { [None; 256] };
    // the cells of the whole words, and the letters of the last one read
    let mut at = [[0u8; 8]; M];
    let mut before: &[u8; 8] = &[0; 8];
    let mut whole = 0usize;
    let mut chunks = bytes.chunks_exact(8);
    let (last, ends) = loop {
        let Some(chunk) = chunks.next() else {
            // the bytes left, padded with spaces
            let rest = chunks.remainder();
            let shift = 8 * rest.len() as u32;
            let rest = if let Some(tail) = bytes.last_chunk::<8>() {
                // the last eight bytes, moved down (none if `rest` is empty)
                u64::from_le_bytes(*tail).checked_shr(64 - shift).unwrap_or(0)
            } else {
                rest.iter().rev().fold(0, |w, &b| (w << 8) | u64::from(b))
            };
            let w = rest | (SPACES << shift);
            break (w, lanes_ending(w));
        };
        let letters: &[u8; 8] = chunk.try_into().ok()?;
        let w = u64::from_le_bytes(*letters);
        let ends = lanes_ending(w);
        if ends != 0 {
            break (w, ends);
        }
        // `None`: longer than any valid placement
        *at.get_mut(whole)? = words.word(spec, w, HIGH).to_le_bytes();
        if let Some(previous) = whole.checked_sub(1) {
            place_word::<V>(&mut scratch, before, &at[previous]);
        }
        before = letters;
        whole += 1;
    };
    if let Some(previous) = whole.checked_sub(1) {
        place_word::<V>(&mut scratch, before, &at[previous]);
    }
    // The last word: lanes before the first byte at or below a space.
    let valid = ends.wrapping_sub(1) & !ends & HIGH;
    let letters = (last & ((valid >> 7) * 0xff)).to_le_bytes();
    let last_at = words.word(spec, last, valid).to_le_bytes();
    place_word::<V>(&mut scratch, &letters, &last_at);
    let len = 8 * whole + (ends.trailing_zeros() / 8) as usize;

    let ends_well = bytes.get(len).is_none_or(u8::is_ascii_whitespace);
    let rows_full = words.col == files as u64 && words.row_start + files == cells;
    let written = scratch.get(..cells)?;
    // every letter a piece
    let pieces: usize = written
        .chunks(128)
        .map(|cells| usize::from(cells.iter().fold(0u8, |n, cell| n + u8::from(cell.is_some()))))
        .sum();
    if !(words.bad == 0 && rows_full && pieces as u64 == words.letters && ends_well && len > 0) {
        return None;
    }
    let board = board.get_mut(..cells)?.chunks_exact_mut(files);
    let written = written.chunks_exact(files);
    match spec.row_order {
        // the first row written is the top one
        RowOrder::TopFirst => board.rev().zip(written).for_each(|(to, from)| to.copy_from_slice(from)),
        RowOrder::BottomFirst => board.zip(written).for_each(|(to, from)| to.copy_from_slice(from)),
    }
    Some((pieces, len))
}

/// [`decode_strict_fast`] one byte at a time, with no data-dependent
/// branch. Cells are counted in writing order; each check only raises a
/// flag, and variants look letters up in a table.
#[allow(clippy::needless_bitwise_bool)] // `&` on purpose: `&&` would branch on the data
fn decode_strict_bytes<V: Variant>(bytes: &[u8], board: &mut [Option<V::Piece>]) -> Option<(usize, usize)> {
    let spec = &V::SPEC;
    let files = spec.files as usize;
    let cells = spec.cells();
    // with the length known here, the stores below need no bounds checks
    let board = board.get_mut(..cells)?;
    let mut pos = 0usize; // cells written so far, in writing order
    let mut row_end = files; // where the current row ends, in writing order
    let mut pieces = 0usize;
    let mut prev_digit = false;
    let mut bad = false;
    let mut len = bytes.len();
    for (i, &b) in bytes.iter().enumerate() {
        if b <= b' ' {
            len = i;
            break;
        }
        let piece = V::piece_from_ascii(b, false);
        let mut run = RUNS[b as usize] as usize;
        if spec.ten_digit == Some(b) {
            run = 10;
        }
        let is_piece = piece.is_some();
        let is_digit = run != 0;
        let advance = if is_piece { 1 } else { run };
        // A separator is right only where a row ends, and anything else that
        // does not advance is wrong. A row that runs long is caught by the
        // separator after it (or the end), where `pos` is past `row_end`.
        let row_done = (b == spec.separator) & (pos == row_end);
        bad |= (advance == 0) & !row_done;
        bad |= prev_digit & is_digit;
        // Cells go in writing order; digits and separators write `None` at
        // `pos`, a cell not yet written.
        board[pos.min(cells - 1)] = piece;
        pieces += usize::from(is_piece);
        prev_digit = is_digit;
        pos += advance;
        row_end += if row_done { files } else { 0 };
    }
    let ends_well = bytes.get(len).is_none_or(u8::is_ascii_whitespace);
    if spec.row_order == RowOrder::TopFirst {
        // writing order to board order: the first row written is the top one
        let (mut low, mut high) = (0, spec.ranks as usize - 1);
        while low < high {
            let (front, back) = board.split_at_mut(high * files);
            front[low * files..(low + 1) * files].swap_with_slice(&mut back[..files]);
            low += 1;
            high -= 1;
        }
    }
    (!bad && ends_well && len > 0 && pos == cells && row_end == cells).then_some((pieces, len))
}

/// Reads the placement field that starts at byte `start` of `line` (up to
/// the next white space) into `board`, and returns the number of pieces
/// placed and the byte offset where the field ends. Errors and repairs point
/// into `line`.
///
/// # Errors
///
/// As [`decode_placement`].
pub fn decode_placement_field<V: Variant>(
    line: &str,
    start: usize,
    leniency: &Leniency,
    board: &mut [Option<V::Piece>],
    repairs: &mut Vec<Repair>,
) -> Result<(usize, usize), ParseError> {
    let rest = line.as_bytes().get(start..).unwrap_or_default();
    if *leniency == Leniency::default() && board.len() == V::SPEC.cells() {
        board.fill(None);
        if let Some((pieces, len)) = decode_strict_fast::<V>(rest, board) {
            return Ok((pieces, start + len));
        }
    }
    let len = rest.iter().position(u8::is_ascii_whitespace).unwrap_or(rest.len());
    let text = line.get(start..start + len).unwrap_or_default();
    let pieces = decode_placement::<V>(text, start, leniency, board, repairs)?;
    Ok((pieces, start + len))
}

/// `n` and the noun, singular or plural: `1 empty point`, `2 empty points`.
pub(crate) fn count(n: usize, adjective: &str, singular: &str, plural: &str) -> String {
    format!("{n} {adjective}{}", if n == 1 { singular } else { plural })
}

fn cell_singular(spec: &PlacementSpec) -> &'static str {
    spec.cell_word.strip_suffix('s').unwrap_or(spec.cell_word)
}

fn too_many_cells(spec: &PlacementSpec, at: usize, offset: usize) -> ParseError {
    ParseError::new(
        ParseErrorKind::Invalid {
            field: "placement",
            message: Cow::Owned(format!("more than {} {}", spec.cells(), spec.cell_word)),
        },
        offset + at..offset + at + 1,
    )
}

/// The writer's fast path: the whole placement into a stack buffer, one cell
/// at a time with no branch on what a cell holds (a run digit and a letter
/// are written at every cell, and the cursor moves past those that belong).
/// `false` when the variant writes some piece in more than one byte, or the
/// board is too large for the buffer; the caller then writes the general way.
#[allow(clippy::needless_bitwise_bool)] // `&` on purpose: `&&` would branch on the data
fn encode_fast<V: Variant>(board: &[Option<V::Piece>], options: &V::WriteOptions, out: &mut String) -> bool {
    let spec = &V::SPEC;
    let files = spec.files as usize;
    let ranks = spec.ranks as usize;
    if files > usize::from(spec.max_run()) || board.len() != spec.cells() || spec.cells() + ranks > 256 {
        return false;
    }
    let ten = spec.ten_digit.unwrap_or(b'0');
    let mut buf = [0u8; 256];
    let mut pos = 0usize;
    for row in 0..ranks {
        let start = spec.index(row, 0);
        let Some(cells) = board.get(start..start + files) else { return false };
        let mut run = 0usize;
        for &cell in cells {
            let Some(letter) = V::cell_letter(cell, options) else { return false };
            let is_piece = letter != 0;
            let digit = if run == 10 { ten } else { b'0' + run as u8 };
            buf[pos & 255] = digit;
            pos += usize::from(is_piece & (run > 0));
            buf[pos & 255] = letter;
            pos += usize::from(is_piece);
            run = if is_piece { 0 } else { run + 1 };
        }
        buf[pos & 255] = if run == 10 { ten } else { b'0' + run as u8 };
        pos += usize::from(run > 0);
        if row + 1 < ranks {
            buf[pos & 255] = spec.separator;
            pos += 1;
        }
    }
    match core::str::from_utf8(&buf[..pos.min(256)]) {
        Ok(text) => {
            out.push_str(text);
            true
        }
        Err(_) => false,
    }
}

/// Writes `board` as a placement string onto `out`.
pub fn encode_placement<V: Variant>(
    board: &[Option<V::Piece>],
    options: &V::WriteOptions,
    style: WriteStyle,
    out: &mut String,
) {
    if style == WriteStyle::default() && encode_fast::<V>(board, options, out) {
        return;
    }
    encode_general::<V>(board, options, style, out);
}

/// The writer's general way: cell by cell, any style, any piece letters.
fn encode_general<V: Variant>(
    board: &[Option<V::Piece>],
    options: &V::WriteOptions,
    style: WriteStyle,
    out: &mut String,
) {
    let spec = &V::SPEC;
    let files = spec.files as usize;
    let max_run = spec.max_run();
    for row in 0..spec.ranks as usize {
        if row > 0 {
            out.push(spec.separator as char);
        }
        let mut run: u8 = 0;
        for col in 0..files {
            match board.get(spec.index(row, col)).copied().flatten() {
                Some(piece) => {
                    push_run(spec, max_run, run, out);
                    run = 0;
                    V::write_piece(piece, options, out);
                }
                None => run += 1,
            }
        }
        let blank_row = style.empty_rows_blank && run as usize == files;
        if !style.drop_trailing_runs && !blank_row {
            push_run(spec, max_run, run, out);
        }
    }
}

fn push_run(spec: &PlacementSpec, max_run: u8, mut run: u8, out: &mut String) {
    while run > 0 {
        let n = run.min(max_run);
        let digit = if n == 10 { spec.ten_digit.unwrap_or(b'0') } else { b'0' + n };
        out.push(digit as char);
        run -= n;
    }
}

/// Zips a per-piece attribute field onto the pieces of `board`, in the order
/// the placement writes them.
///
/// `offset` is the byte offset of `field` in the whole line.
///
/// # Errors
///
/// A letter the variant does not know as an attribute, or (unless
/// [`Leniency::attribute_count`]) a field whose length differs from the
/// number of pieces.
pub fn decode_attributes<V: Variant>(
    field: &str,
    offset: usize,
    leniency: &Leniency,
    board: &mut [Option<V::Piece>],
    repairs: &mut Vec<Repair>,
) -> Result<(), ParseError> {
    let Some(attr) = V::ATTRIBUTE else {
        return Ok(());
    };
    let spec = &V::SPEC;
    // `-` is the field of a board without pieces
    let bytes = if field == "-" && board.iter().all(Option::is_none) { &[] } else { field.as_bytes() };
    let mut next = 0usize;
    let mut pieces = 0u32;
    let mut dropped = 0u32;
    for index in spec.written_order() {
        let Some(cell) = board.get_mut(index) else {
            continue;
        };
        let Some(piece) = cell.as_mut() else {
            continue;
        };
        pieces += 1;
        match bytes.get(next) {
            Some(&b) => {
                if !V::apply_attribute(piece, b) {
                    return Err(ParseError::unexpected(field, next, attr.field, attr.expected).shifted(offset));
                }
                next += 1;
            }
            None if leniency.attribute_count => {
                *cell = None;
                dropped += 1;
            }
            None => {
                let count = pieces
                    + spec
                        .written_order()
                        .skip_while(|&i| i != index)
                        .skip(1)
                        .filter(|&i| board.get(i).is_some_and(Option::is_some))
                        .count() as u32;
                return Err(ParseError::new(
                    ParseErrorKind::AttributeCount {
                        pieces: count,
                        attributes: bytes.len() as u32,
                        attribute_word: attr.plural,
                        attribute_singular: attr.singular,
                    },
                    offset + bytes.len()..offset + bytes.len(),
                ));
            }
        }
    }
    if dropped > 0 {
        repairs.push(Repair::of(
            RepairKind::Attribute,
            offset + bytes.len()..offset + bytes.len(),
            format!("dropped {} that had no {}", count(dropped as usize, "", "piece", "pieces"), attr.singular),
        ));
    }
    if next < bytes.len() {
        if leniency.attribute_count {
            repairs.push(Repair::of(
                RepairKind::Attribute,
                offset + next..offset + bytes.len(),
                format!("ignored {}", count(bytes.len() - next, "extra ", attr.singular, attr.plural)),
            ));
        } else {
            return Err(ParseError::new(
                ParseErrorKind::AttributeCount {
                    pieces,
                    attributes: bytes.len() as u32,
                    attribute_word: attr.plural,
                    attribute_singular: attr.singular,
                },
                offset + next..offset + bytes.len(),
            ));
        }
    }
    Ok(())
}

/// Writes the per-piece attribute field of `board` onto `out`: one letter
/// per piece in the order the placement writes them, `-` for a board
/// without pieces.
pub fn encode_attributes<V: Variant>(board: &[Option<V::Piece>], options: &V::WriteOptions, out: &mut String) {
    // an empty field would be no field to a reader: `-` says "no pieces"
    if board.iter().all(Option::is_none) {
        out.push('-');
        return;
    }
    for index in V::SPEC.written_order() {
        if let Some(piece) = board.get(index).copied().flatten() {
            if let Some(b) = V::attribute(piece, options) {
                out.push(b as char);
            }
        }
    }
}

/// The name and letters of a per-piece attribute field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttributeSpec {
    /// The field's name in messages: `rotation field`.
    pub field: &'static str,
    /// One attribute: `rotation`.
    pub singular: &'static str,
    /// Several: `rotations`.
    pub plural: &'static str,
    /// The letters allowed, for messages.
    pub expected: &'static str,
}

#[cfg(test)]
mod tests {
    //! The fast path of the strict reader against the careful loop, on test
    //! variants with the specs of the real ones (and a few odd ones).

    use core::num::NonZeroU8;

    use proptest::prelude::*;

    use super::*;
    use crate::{Color, Fields, Setup};

    /// A piece: its letter, so that a one-byte `Option` as in chess.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Letter(NonZeroU8);

    /// A piece of three bytes, as in Khet, looked up by a `match`.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Wide {
        color: Color,
        kind: u8,
        flag: bool,
    }

    /// A test variant: a spec, a piece type and its letters.
    macro_rules! variant {
        ($name:ident, $spec:expr, $piece:ty, $lookup:expr, $write:expr) => {
            struct $name;

            impl Variant for $name {
                const ID: &'static str = stringify!($name);
                const SPEC: PlacementSpec = $spec;
                const COLOR_NAMES: [&'static str; 2] = ["white", "black"];
                type Piece = $piece;
                type Board = [Option<$piece>; { $spec.cells() }];
                type Extras = ();
                type WriteOptions = ();
                type Violation = String;

                fn empty_board() -> Self::Board {
                    [None; { $spec.cells() }]
                }

                fn piece_from_ascii(letter: u8, promoted: bool) -> Option<$piece> {
                    let lookup: fn(u8, bool) -> Option<$piece> = $lookup;
                    lookup(letter, promoted)
                }

                fn write_piece(piece: $piece, (): &(), out: &mut String) {
                    let write: fn($piece, &mut String) = $write;
                    write(piece, out);
                }

                // one ASCII byte when the piece is written as one (so the
                // writer's fast path is exercised), else the general way
                fn cell_letter(cell: Option<$piece>, (): &()) -> Option<u8> {
                    let Some(piece) = cell else { return Some(0) };
                    let mut text = String::new();
                    Self::write_piece(piece, &(), &mut text);
                    match text.as_bytes() {
                        [b] if b.is_ascii() && *b != 0 => Some(*b),
                        _ => None,
                    }
                }

                fn piece_color(_: $piece) -> Color {
                    Color::White
                }

                fn parse_extras(
                    _: &mut Fields<'_>,
                    _: &Self::Board,
                    _: &Leniency,
                    _: &mut Vec<Repair>,
                ) -> Result<(), ParseError> {
                    Ok(())
                }

                fn write_extras((): &(), _: &Self::Board, (): &(), _: &mut String) {}

                fn validate(_: &Setup<Self>) -> Vec<String> {
                    Vec::new()
                }
            }
        };
    }

    fn letter_piece(letters: &[u8], letter: u8, promoted: bool) -> Option<Letter> {
        NonZeroU8::new(letter).filter(|_| !promoted && letters.contains(&letter)).map(Letter)
    }

    fn write_letter(piece: Letter, out: &mut String) {
        out.push(char::from(piece.0.get()));
    }

    const CHESS: &[u8] = b"KQRBNPkqrbnp";

    variant!(ChessLike, PlacementSpec::grid(8, 8), Letter, |b, p| letter_piece(CHESS, b, p), write_letter);

    const XIANGQI: &[u8] = b"KABNRCPkabnrcpGEMHgemh";

    variant!(XiangqiLike, PlacementSpec::grid(9, 10), Letter, |b, p| letter_piece(XIANGQI, b, p), write_letter);

    variant!(
        KhetLike,
        PlacementSpec::grid(10, 8).rows(RowOrder::BottomFirst).ten_digit(b'0'),
        Wide,
        |b, promoted| {
            let kind = match b.to_ascii_uppercase() {
                b'A' => 0,
                b'R' => 1,
                b'P' => 2,
                b'S' => 3,
                b'X' => 4,
                b'E' => 5,
                _ => return None,
            };
            Some(Wide { color: Color::of_ascii_case(b)?, kind, flag: promoted })
        },
        |piece, out| out.push(char::from(piece.color.case(b"ARPSXE"[piece.kind as usize])))
    );

    const SHOGI: &[u8] = b"KGSBRPkgsbrp";

    variant!(
        ShogiLike,
        PlacementSpec::grid(5, 5).prefix(b'+'),
        Wide,
        |b, promoted| {
            let kind = SHOGI.iter().position(|&l| l == b)? as u8;
            Some(Wide { color: Color::of_ascii_case(b)?, kind, flag: promoted })
        },
        |piece, out| {
            if piece.flag {
                out.push('+');
            }
            out.push(char::from(SHOGI[piece.kind as usize]));
        }
    );

    // the ten digit is a letter, and the separator not '/'
    const ODD: &[u8] = b"abcxyz";

    variant!(
        OddLike,
        PlacementSpec { separator: b'|', ..PlacementSpec::grid(3, 4).ten_digit(b'T') },
        Letter,
        |b, p| letter_piece(ODD, b, p),
        write_letter
    );

    // too wide for the word reader: the byte reader
    variant!(
        GoLike,
        PlacementSpec::grid(19, 3).ten_digit(b'0'),
        Letter,
        |b, p| letter_piece(b"bw", b, p),
        write_letter
    );

    // the widest rows the word reader takes, but too many cells: the byte
    // reader
    variant!(
        Wide15,
        PlacementSpec::grid(15, 17).rows(RowOrder::BottomFirst),
        Letter,
        |b, p| letter_piece(CHESS, b, p),
        write_letter
    );

    // the most rows the word reader takes, and its longest placements
    variant!(
        Tall15,
        PlacementSpec::grid(10, 15).ten_digit(b'0'),
        Letter,
        |b, p| letter_piece(CHESS, b, p),
        write_letter
    );

    /// The careful loop alone: a leniency that reads a placement as
    /// strictly as the default one, but is not it (its flag is only about
    /// the fields after the placement).
    const CAREFUL: Leniency = Leniency {
        empty_rows: false,
        pad_short_rows: false,
        unknown_as_empty: false,
        ignore_separator: false,
        adjacent_digits: false,
        attribute_count: false,
        fields: true,
    };

    /// What the careful loop says of the field at the start of `line`.
    fn careful<V: Variant>(line: &str) -> (Result<usize, ParseError>, Vec<Option<V::Piece>>, usize) {
        let len = line.bytes().position(|b| b.is_ascii_whitespace()).unwrap_or(line.len());
        let mut board = vec![None; V::SPEC.cells()];
        let read = decode_placement::<V>(&line[..len], 0, &CAREFUL, &mut board, &mut Vec::new());
        (read, board, len)
    }

    /// The fast path agrees with the careful loop on `line`, and with the
    /// strict reader on the whole field; returns whether it read it.
    fn agrees<V: Variant>(line: &str) -> Result<bool, TestCaseError> {
        let mut board = vec![None; V::SPEC.cells()];
        let fast = decode_strict_fast::<V>(line.as_bytes(), &mut board);
        let (read, careful_board, len) = careful::<V>(line);
        if let Some((pieces, fast_len)) = fast {
            prop_assert_eq!(fast_len, len, "length of {:?}", line);
            prop_assert_eq!(read.as_ref().ok(), Some(&pieces), "pieces of {:?}", line);
            prop_assert_eq!(&board, &careful_board, "board of {:?}", line);
        }
        // and through the public readers, which use the fast path
        let mut strict_board = vec![None; V::SPEC.cells()];
        let strict = decode_placement::<V>(&line[..len], 0, &Leniency::default(), &mut strict_board, &mut Vec::new());
        prop_assert_eq!(&strict, &read, "strict read of {:?}", line);
        if read.is_ok() {
            prop_assert_eq!(&strict_board, &careful_board, "strict board of {:?}", line);
        }
        let field = decode_placement_field::<V>(line, 0, &Leniency::default(), &mut strict_board, &mut Vec::new());
        prop_assert_eq!(field, read.map(|p| (p, len)), "field read of {:?}", line);
        Ok(fast.is_some())
    }

    /// Boards of `V` with pieces from its letters, empty cells more likely.
    fn boards<V: Variant>() -> impl Strategy<Value = Vec<Option<V::Piece>>> {
        let letters = V::SPEC.cells();
        proptest::collection::vec(prop_oneof![3 => Just(None), 2 => any::<u8>().prop_map(Some)], letters).prop_map(
            |cells| {
                cells
                    .into_iter()
                    .map(|cell| {
                        cell.and_then(|i| {
                            let letters = variant_letters::<V>();
                            V::piece_from_ascii(letters[i as usize % letters.len()], false)
                        })
                    })
                    .collect()
            },
        )
    }

    /// The piece letters of a test variant.
    fn variant_letters<V: Variant>() -> Vec<u8> {
        (0..=255u8).filter(|&b| V::piece_from_ascii(b, false).is_some()).collect()
    }

    /// Every valid placement reads on the fast path, alone or followed by
    /// fields, and as the careful loop reads it.
    fn valid_reads_fast<V: Variant<WriteOptions = ()>>(
        board: &[Option<V::Piece>],
        tail: &str,
    ) -> Result<(), TestCaseError> {
        let mut placement = String::new();
        encode_placement::<V>(board, &(), WriteStyle::default(), &mut placement);
        let line = format!("{placement}{tail}");
        if careful::<V>(&line).0.is_err() {
            // runs longer than one digit (on boards wider than 9 or 10) are
            // written as adjacent digits, which strict reading refuses
            prop_assert!(V::SPEC.files > V::SPEC.max_run());
            prop_assert!(!agrees::<V>(&line)?);
            return Ok(());
        }
        let mut read = vec![None; V::SPEC.cells()];
        let fast = decode_strict_fast::<V>(line.as_bytes(), &mut read);
        let pieces = board.iter().flatten().count();
        prop_assert_eq!(fast, Some((pieces, placement.len())), "fast read of {:?}", line);
        prop_assert_eq!(&read[..], board, "board of {:?}", line);
        prop_assert!(agrees::<V>(&line)?);
        Ok(())
    }

    /// A string of bytes and characters that placements are made of, and
    /// some that they are not.
    fn fen_ish() -> impl Strategy<Value = String> {
        let alphabet: Vec<char> = "KQRBNPkqrbnpACEGHMSXaceghmsxTbw0123456789//// \t+|-xé€\u{1}\r\n~".chars().collect();
        proptest::collection::vec(proptest::sample::select(alphabet), 0..120)
            .prop_map(|chars| chars.into_iter().collect())
    }

    /// A valid placement with one byte changed, dropped or doubled.
    fn near_valid<V: Variant<WriteOptions = ()>>() -> impl Strategy<Value = String> {
        let alphabet: Vec<u8> = b"KPkpARxe0123456789/ +|T".to_vec();
        (boards::<V>(), any::<prop::sample::Index>(), proptest::sample::select(alphabet), 0..4u8, 0..3u8).prop_map(
            |(board, at, byte, edit, style)| {
                let style = WriteStyle { empty_rows_blank: style == 1, drop_trailing_runs: style == 2 };
                let mut placement = String::new();
                encode_placement::<V>(&board, &(), style, &mut placement);
                let mut bytes = placement.into_bytes();
                let i = at.index(bytes.len() + 1);
                match edit {
                    0 if i < bytes.len() => bytes[i] = byte,
                    1 if i < bytes.len() => {
                        bytes.remove(i);
                    }
                    2 if i < bytes.len() => bytes.insert(i, bytes[i]),
                    _ => bytes.insert(i, byte),
                }
                String::from_utf8(bytes).unwrap_or_default()
            },
        )
    }

    macro_rules! agreement {
        ($($test:ident: $variant:ty),* $(,)?) => {$(
            mod $test {
                use super::*;

                proptest! {
                    #![proptest_config(ProptestConfig::with_cases(2000))]

                    #[test]
                    fn random_strings_agree(line in fen_ish()) {
                        agrees::<$variant>(&line)?;
                    }

                    #[test]
                    fn near_valid_placements_agree(line in near_valid::<$variant>(), tail in "( [a-z0-9-]{0,3}){0,2}") {
                        agrees::<$variant>(&format!("{line}{tail}"))?;
                    }

                    #[test]
                    fn valid_placements_read_fast(board in boards::<$variant>(), tail in "([ \t\n][a-z0-9 -]{0,6})?") {
                        valid_reads_fast::<$variant>(&board, &tail)?;
                    }

                    /// The writer's fast path writes what the general one does.
                    #[test]
                    fn fast_writer_agrees(board in boards::<$variant>()) {
                        let mut fast = String::new();
                        let used = encode_fast::<$variant>(&board, &(), &mut fast);
                        let mut general = String::new();
                        encode_general::<$variant>(&board, &(), WriteStyle::default(), &mut general);
                        if used {
                            prop_assert_eq!(fast, general);
                        }
                    }
                }
            }
        )*};
    }

    agreement!(
        chess_like: ChessLike,
        xiangqi_like: XiangqiLike,
        khet_like: KhetLike,
        odd_like: OddLike,
        go_like: GoLike,
        wide15: Wide15,
        tall15: Tall15,
    );

    mod shogi_like {
        use super::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(2000))]

            #[test]
            fn random_strings_agree(line in fen_ish()) {
                agrees::<ShogiLike>(&line)?;
            }

            #[test]
            fn near_valid_placements_agree(line in near_valid::<ShogiLike>()) {
                agrees::<ShogiLike>(&line)?;
            }

            // pieces without the prefix
            #[test]
            fn valid_placements_read_fast(board in boards::<ShogiLike>(), tail in "([ \t\n][a-z0-9 -]{0,6})?") {
                valid_reads_fast::<ShogiLike>(&board, &tail)?;
            }

            // pieces with it, read by the careful loop
            #[test]
            fn promoted_placements_agree(board in boards::<ShogiLike>(), at in any::<prop::sample::Index>()) {
                let mut placement = String::new();
                encode_placement::<ShogiLike>(&board, &(), WriteStyle::default(), &mut placement);
                let letters: Vec<usize> = placement.match_indices(|c: char| c.is_ascii_alphabetic()).map(|(i, _)| i).collect();
                if !letters.is_empty() {
                    placement.insert(letters[at.index(letters.len())], '+');
                }
                agrees::<ShogiLike>(&placement)?;
            }
        }
    }

    #[test]
    fn reads_known_placements() {
        let start = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        let mut board = vec![None; 64];
        assert_eq!(decode_strict_fast::<ChessLike>(start.as_bytes(), &mut board), Some((32, 45)));
        assert_eq!(board[0], ChessLike::piece_from_ascii(b'R', false));
        assert_eq!(board[28], ChessLike::piece_from_ascii(b'P', false));
        assert_eq!(board[63], ChessLike::piece_from_ascii(b'r', false));
        for line in ["8/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/8 w", "k7/8/8/8/8/8/8/7K\n"] {
            let mut board = vec![None; 64];
            assert!(decode_strict_fast::<ChessLike>(line.as_bytes(), &mut board).is_some(), "{line:?}");
        }
        for line in [
            "",
            " 8/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/8/",
            "8/8/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/7",
            "8/8/8/8/8/8/8/9",
            "8/8/8/8/8/8/8/71",
            "8/8/8/8/8/8/8/8\u{1}",
            "8/8/8/8/8/8/8/8x",
            "8/8/8/8/8/8/8/8é",
            "8/8/8/8/8/8/8/44",
            "9/7/8/8/8/8/8/8",
            "8/8/8/8/8/8/8//8",
            "8/8/8/8/8/8/8/7x",
        ] {
            let mut board = vec![None; 64];
            assert_eq!(decode_strict_fast::<ChessLike>(line.as_bytes(), &mut board), None, "{line:?}");
        }
        let khet = "x3aras2/3p6/2p7/p1p1ss1p1p/p1p1ss1p1p/6p3/7p2/2pa1a3x";
        let mut board = vec![None; 80];
        assert_eq!(decode_strict_fast::<KhetLike>(khet.as_bytes(), &mut board), Some((25, khet.len())));
        let mut board = vec![None; 80];
        assert!(decode_strict_fast::<KhetLike>(b"0/0/0/0/0/0/0/0", &mut board).is_some());
        let xiangqi = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let mut board = vec![None; 90];
        assert_eq!(decode_strict_fast::<XiangqiLike>(xiangqi.as_bytes(), &mut board), Some((32, 59)));
        assert_eq!(board[4], XiangqiLike::piece_from_ascii(b'K', false));
        assert_eq!(board[85], XiangqiLike::piece_from_ascii(b'k', false));
    }

    #[test]
    fn refuses_placements_longer_than_any_valid_one() {
        // more whole words than the word reader keeps
        for n in [70, 71, 72, 73, 79, 80, 81, 200] {
            let line = "p".repeat(n);
            let mut board = vec![None; 64];
            assert_eq!(decode_strict_fast::<ChessLike>(line.as_bytes(), &mut board), None, "{n}");
            agrees::<ChessLike>(&line).unwrap();
        }
        let longest = ["pppppppp"; 8].join("/");
        let mut board = vec![None; 64];
        assert_eq!(decode_strict_fast::<ChessLike>(longest.as_bytes(), &mut board), Some((64, 71)));
        let longest = ["pppppppppp"; 15].join("/");
        let mut board = vec![None; 150];
        assert_eq!(decode_strict_fast::<Tall15>(longest.as_bytes(), &mut board), Some((150, 164)));
        assert_eq!(decode_strict_fast::<Tall15>(format!("{longest}/").as_bytes(), &mut board), None);
    }
}
