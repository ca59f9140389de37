//! Reading PKN the way the reference program does, reporting each repair.
//!
//! The reference program ignores `/` entirely (the squares simply flow on
//! in writing order) and zips rotations onto pieces until the shorter of the
//! two runs out, so pieces without a rotation are dropped and extra
//! rotations ignored. [`parse_lenient`] reads the same strings and says what
//! it ignored or dropped, each with the bytes it is about.

use std::ops::Range;

use polyfen_core::{Fields, Leniency, ParseError, ParseErrorKind, Repair, RepairKind, Setup};

use crate::Pkn;

const FILES: usize = 10;
const CELLS: usize = 80;

/// The lenient forms [`parse_lenient`] accepts: separators are ignored
/// (so adjacent runs add up), and the rotation field may be shorter or
/// longer than the number of pieces.
pub const LENIENCY: Leniency = Leniency {
    empty_rows: false,
    pad_short_rows: false,
    unknown_as_empty: false,
    ignore_separator: true,
    adjacent_digits: true,
    attribute_count: true,
    fields: false,
};

/// Reads a PKN as the reference program does, returning what was repaired.
///
/// Every `/` is ignored and the squares flow on from rank to rank; a `/`
/// that is not at the end of a rank, a rank end without `/`, and runs
/// written next to each other are each reported. Pieces left without a
/// rotation are dropped and extra rotations ignored, and both are reported.
/// A well-formed PKN reads as with [`str::parse`] and gives no repairs.
///
/// This is not [`Setup::parse_lenient`], which applies the core's general
/// [`Leniency::ALL`] (padding short ranks and so on) and keeps `/` meaningful.
///
/// # Errors
///
/// A [`ParseError`] for what the reference program cannot read either: an
/// unknown letter, more or fewer than 80 squares, a bad rotation letter, a
/// bad side or turn counter.
///
/// # Examples
///
/// ```
/// use polyfen_khet::{parse_lenient, CLASSIC};
///
/// // no separators and one rotation short: the last piece (h8) is dropped
/// let input = "2PARA3X7P26p3p1P1SS1p1Pp1P1ss1p1P3P62p7x3arap2 wnnnnneewwsnsnsneewwsssss s 0";
/// let (pkn, repairs) = parse_lenient(input)?;
/// assert_eq!(pkn.piece_at(7, 7), None);
/// assert_eq!(repairs.len(), 8);
/// assert_eq!(repairs[0].to_string(), "no '/' after rank 1: read on into rank 2 at column 8");
/// assert_eq!(repairs[7].to_string(), "dropped 1 piece that had no rotation at column 73");
///
/// let (pkn, repairs) = parse_lenient(CLASSIC)?;
/// assert!(repairs.is_empty());
/// assert_eq!(pkn.to_string(), CLASSIC);
/// # Ok::<(), polyfen_core::ParseError>(())
/// ```
pub fn parse_lenient(input: &str) -> Result<(Pkn, Vec<Repair>), ParseError> {
    let Some(placement) = Fields::new(input).next() else {
        return Err(ParseError::new(ParseErrorKind::Empty { expected: "a placement" }, 0..0));
    };
    let mut repairs = separator_repairs(placement.text, placement.start);
    // The separators are taken out before the line reaches the codec (which
    // would skip them too) so that the repairs above can describe them by
    // rank; the spans of the codec's errors and repairs are mapped back.
    let span_map = SpanMap::new(placement.text, placement.start);
    let mut line = String::with_capacity(input.len());
    line.push_str(input.get(..placement.start).unwrap_or_default());
    line.extend(placement.text.chars().filter(|&c| c != '/'));
    line.push_str(input.get(placement.start + placement.text.len()..).unwrap_or_default());

    let mut codec_repairs = Vec::new();
    let setup = Setup::parse_with(&line, &LENIENCY, &mut codec_repairs)
        .map_err(|e| ParseError::new(e.kind, span_map.span(e.span)))?;
    // adjacent runs are reported above, with the runs they add up
    repairs.extend(
        codec_repairs
            .into_iter()
            .filter(|r| r.kind != RepairKind::AdjacentDigits)
            .map(|r| Repair::of(r.kind, span_map.span(r.span), r.message)),
    );
    repairs.sort_by_key(|r| r.span.start);
    Ok((setup, repairs))
}

/// Maps byte positions of the line without separators back onto the input.
struct SpanMap {
    /// Where the placement starts (the same in both lines).
    start: usize,
    /// For each byte of the compact placement, its offset in the original.
    offsets: Vec<usize>,
    /// How many separators were taken out.
    removed: usize,
}

impl SpanMap {
    fn new(placement: &str, start: usize) -> SpanMap {
        let offsets: Vec<usize> = placement.bytes().enumerate().filter(|&(_, b)| b != b'/').map(|(i, _)| i).collect();
        SpanMap { start, removed: placement.len() - offsets.len(), offsets }
    }

    fn position(&self, pos: usize) -> usize {
        if pos < self.start {
            return pos;
        }
        match self.offsets.get(pos - self.start) {
            Some(&offset) => self.start + offset,
            None => pos + self.removed,
        }
    }

    fn span(&self, span: Range<usize>) -> Range<usize> {
        let start = self.position(span.start);
        let end = if span.end > span.start { self.position(span.end - 1) + 1 } else { start };
        start..end
    }
}

/// The repairs that ignoring separators makes: each `/` that is not at the
/// end of a rank, each rank end without `/`, and runs written next to each
/// other (which add up).
fn separator_repairs(text: &str, offset: usize) -> Vec<Repair> {
    let mut out = Vec::new();
    let mut cells = 0usize;
    // the cell count at the last rank end that has been dealt with
    let mut rank_end_seen = 0usize;
    // a run of digits: where it starts, how many digits, how many squares
    let mut digits: Option<(usize, usize, usize)> = None;
    let flush = |digits: &mut Option<(usize, usize, usize)>, out: &mut Vec<Repair>, end: usize| {
        if let Some((start, count, total)) = digits.take()
            && count > 1
        {
            out.push(Repair::new(
                offset + start..offset + end,
                format!(
                    "read the adjacent runs {:?} as one run of {total} empty squares",
                    text.get(start..end).unwrap_or_default()
                ),
            ));
        }
    };
    for (i, b) in text.bytes().enumerate() {
        if b == b'/' {
            flush(&mut digits, &mut out, i);
            let message = if cells == 0 {
                "ignored '/' before the first square".to_owned()
            } else if cells >= CELLS {
                "ignored '/' after the last rank".to_owned()
            } else if !cells.is_multiple_of(FILES) {
                format!("ignored '/' in the middle of rank {}", cells / FILES + 1)
            } else if rank_end_seen == cells {
                format!("ignored an extra '/' after rank {}", cells / FILES)
            } else {
                rank_end_seen = cells;
                continue;
            };
            out.push(Repair::new(offset + i..offset + i + 1, message));
            continue;
        }
        if cells > rank_end_seen && cells < CELLS && cells.is_multiple_of(FILES) {
            // runs on both sides of a missing '/' are not adjacent runs
            flush(&mut digits, &mut out, i);
            let rank = cells / FILES;
            out.push(Repair::new(
                offset + i..offset + i + 1,
                format!("no '/' after rank {rank}: read on into rank {}", rank + 1),
            ));
            rank_end_seen = cells;
        }
        let run = match b {
            b'1'..=b'9' => usize::from(b - b'0'),
            b'0' => 10,
            _ => {
                flush(&mut digits, &mut out, i);
                cells += 1;
                continue;
            }
        };
        let end = cells + run;
        let crossed = (cells / FILES + 1) * FILES;
        if end > crossed && crossed < CELLS {
            let rank = crossed / FILES;
            out.push(Repair::new(
                offset + i..offset + i + 1,
                format!("no '/' after rank {rank}: the run of {run} empty squares goes on into rank {}", rank + 1),
            ));
            rank_end_seen = crossed;
        }
        cells = end;
        digits = match digits {
            Some((start, count, total)) => Some((start, count + 1, total + run)),
            None => Some((i, 1, run)),
        };
    }
    flush(&mut digits, &mut out, text.len());
    out
}
