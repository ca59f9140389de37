//! The careful reader: every byte checked, every error named, every repair
//! reported. It hands a strict read to the fast paths first.

use std::borrow::Cow;
use std::ops::Range;

use super::alphabet::{Alphabet, Letters};
use super::fast::decode_strict_fast;
use super::{Leniency, PlacementSpec, Repair, RepairKind};
use crate::error::{ParseError, ParseErrorKind, count};
use crate::hand::Hand;
use crate::variant::Variant;

struct Cursor<'a> {
    spec: &'a PlacementSpec,
    input: &'a str,
    offset: usize,
    /// Runs are decimal numbers of any length ([`Alphabet::decimal_runs`]).
    decimal: bool,
}

impl Cursor<'_> {
    /// Row `row`, which starts at byte `row_start`, ends at `at` (its
    /// separator, or the empty end of the placement) with only `col` cells:
    /// an empty row read as such when `empty` (nothing in it) and the
    /// leniency allows it, else padded with empty cells if it allows that,
    /// else the error, on `at`.
    fn short_row(
        &self,
        leniency: Leniency,
        repairs: &mut Vec<Repair>,
        (row, col): (usize, usize),
        row_start: usize,
        at: Range<usize>,
        empty: bool,
    ) -> Result<(), ParseError> {
        let spec = self.spec;
        if empty && leniency.empty_rows {
            repairs.push(Repair::of(
                RepairKind::Row,
                self.offset + at.start..self.offset + at.end,
                format!("read an empty {} {}", spec.row_word, spec.row_label(row)),
            ));
        } else if leniency.pad_short_rows {
            repairs.push(Repair::of(
                RepairKind::Row,
                self.offset + row_start..self.offset + at.start,
                format!(
                    "padded {} {} with {}",
                    spec.row_word,
                    spec.row_label(row),
                    count(spec.files as usize - col, "empty ", cell_singular(spec), spec.cell_word)
                ),
            ));
        } else {
            return Err(self.row_error(row, col as u32, at));
        }
        Ok(())
    }

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
            if self.decimal && b.is_ascii_digit() {
                let (run, len) = decimal_run(&bytes[i..]);
                cells = cells.saturating_add(run);
                i += len;
                continue;
            }
            if b.is_ascii_digit() && b != b'0' {
                cells += u32::from(b - b'0');
            } else if Some(b) == self.spec.ten_digit {
                cells += 10;
            } else if Some(b) == self.spec.prefix || Some(b) == self.spec.suffix || (0x80..0xC0).contains(&b) {
                // a prefix, a suffix or a UTF-8 continuation byte adds no cell
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
/// letter, a row that is too long or too short, too many or too few rows;
/// after rows that fit, a bracketed group at the end (crazyhouse holdings,
/// [`ParseErrorKind::Holdings`]).
#[allow(clippy::missing_panics_doc)]
pub fn decode_placement<V: Variant>(
    input: &str,
    offset: usize,
    leniency: &Leniency,
    board: &mut [Option<V::Piece>],
    repairs: &mut Vec<Repair>,
) -> Result<usize, ParseError> {
    let spec = &V::SPEC;
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
        if let Some((pieces, len)) = decode_strict_fast::<V>(input.as_bytes(), board)
            && len == input.len()
        {
            return Ok(pieces);
        }
        // Something does not fit: read again carefully to say what and where.
        board.fill(None);
    }
    if V::POCKET.is_some()
        && let Some((rows_end, pocket)) = pocket_span::<V>(input.as_bytes(), *leniency)
    {
        return Err(ParseError::new(
            ParseErrorKind::Invalid {
                field: "placement",
                message: Cow::Owned(format!(
                    "a pocket {:?} after the board, where only the board is read",
                    crate::error::excerpt(&input[rows_end..])
                )),
            },
            offset + pocket.start..offset + pocket.end,
        ));
    }
    // A bracketed group at the end is no row: the rows before it are read
    // (their errors come first), then the group is named for what it is.
    let holdings = holdings_start::<V>(input.as_bytes());
    let rows = holdings.map_or(input, |at| &input[..at]);
    let cursor = Cursor { spec, input: rows, offset, decimal: false };
    let pieces = decode_rows(&Letters::<V>(None), &cursor, *leniency, board, repairs)?;
    match holdings {
        Some(at) => Err(ParseError::new(
            ParseErrorKind::Holdings { found: crate::error::excerpt(&input[at..]), notation: V::NOTATION_NAME },
            offset + at..offset + input.len(),
        )),
        None => Ok(pieces),
    }
}

/// Where a bracketed group that ends the placement starts (`[Qn]` in
/// `RNBQKBNR[Qn]`, the holdings of a crazyhouse FEN): a `[` that is no
/// piece letter, closed by the last byte, with no bracket between.
fn holdings_start<V: Variant>(bytes: &[u8]) -> Option<usize> {
    if bytes.last() != Some(&b']') || V::piece_from_ascii(b'[', false).is_some() {
        return None;
    }
    let at = bytes.iter().rposition(|&b| b == b'[')?;
    let inside = bytes.get(at + 1..bytes.len() - 1)?;
    (!inside.contains(&b']')).then_some(at)
}

/// Where the rows of a placement end and its pocket is, for a variant with
/// a [`Variant::POCKET`]: the bytes between brackets that close the
/// placement (`RNBQKBNR[Qn]`), or the row after the last rank
/// (`RNBQKBNR/Qn`, the form with one row more). `None` when neither is
/// written.
fn pocket_span<V: Variant>(bytes: &[u8], leniency: Leniency) -> Option<(usize, Range<usize>)> {
    if let Some(at) = holdings_start::<V>(bytes) {
        return Some((at, at + 1..bytes.len() - 1));
    }
    if leniency.ignore_separator {
        return None;
    }
    let sep = V::SPEC.separator;
    let at = bytes.iter().enumerate().filter(|&(_, &b)| b == sep).nth(V::SPEC.ranks as usize - 1)?.0;
    // only letters of the hand may follow: anything else is a row too many,
    // which the row reader names
    let pocket = &bytes[at + 1..];
    let hand = V::POCKET?;
    pocket.iter().all(|&b| hand.kind_of(b).is_some()).then_some((at, at + 1..bytes.len()))
}

/// Reads a placement that may end with a pocket (see
/// [`Variant::POCKET`]): the board into `board` as [`decode_placement`]
/// does, and the pocket, if one is written, read by
/// [`decode_hand`](super::decode_hand). For a variant without a pocket it
/// is [`decode_placement`] with no pocket.
///
/// # Errors
///
/// As [`decode_placement`], and as [`decode_hand`](super::decode_hand) for
/// the pocket.
pub fn decode_placement_pocket<V: Variant>(
    input: &str,
    offset: usize,
    leniency: &Leniency,
    board: &mut [Option<V::Piece>],
    repairs: &mut Vec<Repair>,
) -> Result<(usize, Option<Hand>), ParseError> {
    let (Some(hand_spec), Some((rows_end, pocket))) = (V::POCKET, pocket_span::<V>(input.as_bytes(), *leniency)) else {
        return decode_placement::<V>(input, offset, leniency, board, repairs).map(|n| (n, None));
    };
    let pieces = decode_placement::<V>(&input[..rows_end], offset, leniency, board, repairs)?;
    let hand = super::decode_hand(&hand_spec, &input[pocket.clone()], offset + pocket.start, leniency, repairs)?;
    Ok((pieces, Some(hand)))
}

/// Reads a placement string of a game whose spec and letters are known at
/// run time ([`Alphabet`]) into `board`, as [`decode_placement`] does for a
/// [`Variant`], and returns the number of pieces placed. There is no fast
/// path and no pocket: a pocket is split off by the caller.
///
/// # Errors
///
/// As [`decode_placement`].
pub fn decode_placement_in<A: Alphabet>(
    alphabet: &A,
    input: &str,
    offset: usize,
    leniency: &Leniency,
    board: &mut [Option<A::Piece>],
    repairs: &mut Vec<Repair>,
) -> Result<usize, ParseError> {
    let spec = alphabet.spec();
    if board.len() != spec.cells() || spec.files == 0 || spec.ranks == 0 {
        return Err(ParseError::new(
            ParseErrorKind::Invalid {
                field: "placement",
                message: Cow::Borrowed("the board does not match its placement spec"),
            },
            offset..offset,
        ));
    }
    board.fill(None);
    let cursor = Cursor { spec, input, offset, decimal: alphabet.decimal_runs() };
    decode_rows(alphabet, &cursor, *leniency, board, repairs)
}

/// The length of the decimal number at the start of `bytes` and its value
/// (saturating: no board has that many cells).
fn decimal_run(bytes: &[u8]) -> (u32, usize) {
    let len = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    let run = bytes[..len].iter().fold(0u32, |n, &d| n.saturating_mul(10).saturating_add(u32::from(d - b'0')));
    (run.min(1 << 16), len)
}

/// The careful loop of [`decode_placement`] over the rows of `cursor`.
fn decode_rows<A: Alphabet>(
    alphabet: &A,
    cursor: &Cursor<'_>,
    leniency: Leniency,
    board: &mut [Option<A::Piece>],
    repairs: &mut Vec<Repair>,
) -> Result<usize, ParseError> {
    let (spec, input, offset) = (cursor.spec, cursor.input, cursor.offset);
    let files = spec.files as usize;
    let ranks = spec.ranks as usize;
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
                cursor.short_row(leniency, repairs, (row, col), row_start, i..i + 1, col == 0)?;
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
        let mut digits = 1;
        let run = if cursor.decimal && (b'1'..=b'9').contains(&b) {
            let (run, len) = decimal_run(&bytes[i..]);
            digits = len;
            Some(run)
        } else if (b'1'..=b'9').contains(&b) {
            Some(u32::from(b - b'0'))
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
            col = col.saturating_add(run as usize);
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
            i += digits;
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
        let suffixed = !promoted && spec.suffix.is_some() && bytes.get(i + 1).copied() == spec.suffix;
        if let Some(piece) = alphabet.piece(letter, promoted, suffixed) {
            board[spec.index(row, col)] = Some(piece);
            pieces += 1;
            col += 1;
            i += 1 + usize::from(suffixed);
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
        let end = bytes.len();
        cursor.short_row(leniency, repairs, (row, col), row_start, end..end, col == 0 && row_start == end)?;
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
