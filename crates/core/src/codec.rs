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
/// `bytes`, up to the first space, in one pass with no data-dependent
/// branch. Cells are counted in writing order; each check only raises a
/// flag, and variants look letters up in a table. It returns the number of
/// pieces and the length of the placement, or `None` when anything does not
/// fit, and the careful loop of [`decode_placement`] then finds and names it.
#[inline]
#[allow(clippy::needless_bitwise_bool)] // `&` on purpose: `&&` would branch on the data
fn decode_strict_fast<V: Variant>(bytes: &[u8], board: &mut [Option<V::Piece>]) -> Option<(usize, usize)> {
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

/// Writes `board` as a placement string onto `out`.
pub fn encode_placement<V: Variant>(
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

/// Writes the per-piece attribute field of `board` onto `out`, one letter
/// per piece in the order the placement writes them.
pub fn encode_attributes<V: Variant>(board: &[Option<V::Piece>], options: &V::WriteOptions, out: &mut String) {
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
