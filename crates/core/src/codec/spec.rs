//! The data that makes a notation's placement: [`PlacementSpec`], the
//! [`Leniency`] of a dialect, the [`Repair`]s a lenient read reports, the
//! [`WriteStyle`] of a writer, and the [`AttributeSpec`] of a per-piece
//! attribute field.

use std::borrow::Cow;
use std::ops::Range;

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
    /// A marker written after a letter to mean a promoted piece (`~` in a
    /// crazyhouse FEN: `Q~` is a queen that was a pawn).
    pub suffix: Option<u8>,
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
            suffix: None,
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

    /// The same spec with a promotion suffix.
    #[must_use]
    pub const fn suffix(mut self, suffix: u8) -> PlacementSpec {
        self.suffix = Some(suffix);
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
    /// A hand was read in a lenient form (another order, a kind twice, a
    /// count of one written out).
    Hand,
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
