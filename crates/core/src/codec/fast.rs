//! The strict reader's fast paths: a well-formed placement read eight bytes
//! a step or one byte a step. They never decide alone: anything that does
//! not fit makes them step aside for the careful reader.

use super::{PlacementSpec, RowOrder};
use crate::swar::{HIGH, LANES, LOW7, lanes_at_least, lanes_equal};
use crate::variant::Variant;

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
pub(super) fn decode_strict_fast<V: Variant>(bytes: &[u8], board: &mut [Option<V::Piece>]) -> Option<(usize, usize)> {
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
    // a promotion prefix (Shogi's `+`) only the byte loop reads
    if spec.files > 15 || cells > 200 || spec.prefix.is_some() {
        decode_strict_bytes::<V>(bytes, board)
    } else if longest < 8 * 9 {
        decode_strict_words::<V, 9>(bytes, board)
    } else if longest < 8 * 16 {
        decode_strict_words::<V, 16>(bytes, board)
    } else {
        decode_strict_words::<V, 32>(bytes, board)
    }
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
/// flag, and variants look letters up in a table. The spec's prefix
/// (Shogi's `+`) makes the next byte a promoted piece: it writes nothing
/// and must be followed by a letter that promotes.
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
    let mut promoted = false;
    let mut bad = false;
    let mut len = bytes.len();
    for (i, &b) in bytes.iter().enumerate() {
        if b <= b' ' {
            len = i;
            break;
        }
        let is_prefix = spec.prefix == Some(b);
        let piece = V::piece_from_ascii(b, promoted);
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
        bad |= (advance == 0) & !row_done & !is_prefix;
        bad |= prev_digit & is_digit;
        bad |= promoted & !is_piece;
        // Cells go in writing order; digits and separators write `None` at
        // `pos`, a cell not yet written.
        board[pos.min(cells - 1)] = piece;
        pieces += usize::from(is_piece);
        prev_digit = is_digit;
        promoted = is_prefix;
        pos += advance;
        row_end += if row_done { files } else { 0 };
    }
    bad |= promoted;
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
