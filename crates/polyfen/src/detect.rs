//! Guessing the notation of a string, in one pass over its bytes and
//! without allocating.

use polyfen_core::swar::{HIGH, bytes_below, bytes_equal, lanes, padded_chunk};

use crate::Notation;

/// The notations an input may be written in, most likely first: one or
/// two, held inline (no allocation). Made by [`detect`].
///
/// # Examples
///
/// ```
/// use polyfen::{detect, Notation};
///
/// let guess = detect("8/8/8/8/8/8/8/K6k w - - 0 1");
/// assert_eq!(guess.first(), Notation::Fen);
/// assert_eq!(guess.as_slice(), [Notation::Fen, Notation::Epd]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidates {
    list: [Notation; 2],
    len: u8,
}

impl Candidates {
    const fn one(notation: Notation) -> Candidates {
        Candidates { list: [notation, notation], len: 1 }
    }

    const fn two(first: Notation, second: Notation) -> Candidates {
        Candidates { list: [first, second], len: 2 }
    }

    /// The most likely notation.
    #[must_use]
    pub const fn first(&self) -> Notation {
        self.list[0]
    }

    /// Every candidate, most likely first.
    #[must_use]
    pub fn as_slice(&self) -> &[Notation] {
        &self.list[..usize::from(self.len)]
    }

    /// The candidates, most likely first.
    pub fn iter(&self) -> core::slice::Iter<'_, Notation> {
        self.as_slice().iter()
    }
}

impl<'a> IntoIterator for &'a Candidates {
    type Item = &'a Notation;
    type IntoIter = core::slice::Iter<'a, Notation>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// The notations `input` may be written in, most likely first.
///
/// The guess looks only at the shape of the text, in one pass over its
/// bytes:
///
/// - a `{` starts JSON;
/// - Khet PKN has a second field of rotation letters (`n e s w`, more than
///   one), a `0` (ten empty squares) in the placement, or 8 ranks most of
///   which are 10 squares wide;
/// - Xiangqi has 10 ranks (standard Xiangqi FEN first, then the legacy
///   dialect); the legacy dialect comes first when the input has its
///   `/x` marker after the move number, or 10 ranks of which one is short
///   of 9 points (the dialect leaves out trailing empty points) or one of
///   its own side letters (`W R B G g`), or empty ranks (`//`) and not the
///   8 ranks of chess; a placement with a cannon (`c`) or a WXF or ICCS
///   letter but neither 8 nor 10 ranks is read as Xiangqi FEN, whose error
///   says how many ranks it should have;
/// - anything else is chess: FEN, then EPD (EPD first when there are
///   operations after the fourth field).
///
/// [`crate::read`] tries the notations in this order and takes the first
/// that reads; a lenient dialect is only listed for text of its game's
/// shape, so a wrong guess costs time, never a wrong reading.
///
/// # Examples
///
/// ```
/// use polyfen::{detect, Notation};
///
/// let legacy = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04";
/// assert_eq!(detect(legacy).as_slice(), [Notation::XiangqiLegacy, Notation::XiangqiFen]);
/// assert_eq!(detect(polyfen::polyfen_khet::CLASSIC).as_slice(), [Notation::Pkn]);
/// assert_eq!(detect("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;").first(), Notation::Epd);
/// ```
#[must_use]
pub fn detect(input: &str) -> Candidates {
    let trimmed = input.trim_start();
    let bytes = trimmed.as_bytes();
    if bytes.first() == Some(&b'{') {
        return Candidates::one(Notation::Json);
    }
    let shape = Shape::scan(bytes);
    let rows = shape.slashes + 1;

    let rotations = shape.second_len > 1 && shape.second_rotations;
    let ten_wide = rows == 8 && shape.ten_wide_rows * 2 > rows;
    if rotations || shape.ten_digit || ten_wide {
        return Candidates::one(Notation::Pkn);
    }
    let legacy_side = shape.second_len == 1 && matches!(shape.second_byte, b'W' | b'R' | b'B' | b'G' | b'g');
    let legacy_ten = rows == 10 && (legacy_side || shape.short_row);
    if shape.marker || (shape.empty_rows && rows != 8) || legacy_ten {
        return Candidates::two(Notation::XiangqiLegacy, Notation::XiangqiFen);
    }
    if rows == 10 {
        return Candidates::two(Notation::XiangqiFen, Notation::XiangqiLegacy);
    }
    if rows != 8 && shape.xiangqi_letter {
        return Candidates::one(Notation::XiangqiFen);
    }
    if shape.fifth_len > 0 && shape.fifth_letter {
        Candidates::two(Notation::Epd, Notation::Fen)
    } else {
        Candidates::two(Notation::Fen, Notation::Epd)
    }
}

/// The notations `input` may be written in, most likely first, as a
/// vector: [`detect`]'s answer, allocated.
///
/// # Examples
///
/// ```
/// use polyfen::{candidates, Notation};
///
/// let legacy = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04";
/// assert_eq!(candidates(legacy), [Notation::XiangqiLegacy, Notation::XiangqiFen]);
/// assert_eq!(candidates(polyfen::polyfen_khet::CLASSIC), [Notation::Pkn]);
/// assert_eq!(candidates("8/8/8/8/8/8/8/K6k w - - 0 1"), [Notation::Fen, Notation::Epd]);
/// ```
#[must_use]
pub fn candidates(input: &str) -> Vec<Notation> {
    detect(input).as_slice().to_vec()
}

/// What [`detect`] needs to know about an input, gathered in one pass.
#[derive(Default)]
#[allow(clippy::struct_excessive_bools)] // independent facts, not a state
struct Shape {
    /// `/` in the placement (the rows, less one).
    slashes: usize,
    /// Two `/` in a row in the placement.
    empty_rows: bool,
    /// A `0` in the placement.
    ten_digit: bool,
    /// Rows of the placement exactly 10 cells wide.
    ten_wide_rows: usize,
    /// A row of the placement less than 9 cells wide.
    short_row: bool,
    /// A Xiangqi letter (`c h g m`, either case) in the placement.
    xiangqi_letter: bool,
    /// The second field's length, its first byte, and whether it is all
    /// rotation letters.
    second_len: usize,
    second_byte: u8,
    second_rotations: bool,
    /// The fifth field's length and whether it starts with a letter (an
    /// EPD opcode does; a clock, even a wrong one like `-1`, does not).
    fifth_len: usize,
    fifth_letter: bool,
    /// A field after the first is a move number with the legacy `/x` marker.
    marker: bool,
}

/// Byte classes of [`CLASS`].
const SPACE: u8 = 1;
const SLASH: u8 = 2;
const ZERO: u8 = 4;
const XIANGQI: u8 = 8;

/// The class of each byte: ASCII whitespace, `/`, `0`, or a Xiangqi letter
/// (`c h g m`, either case).
static CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = if byte.is_ascii_whitespace() {
            SPACE
        } else if byte == b'/' {
            SLASH
        } else if byte == b'0' {
            ZERO
        } else if matches!(byte.to_ascii_lowercase(), b'c' | b'h' | b'g' | b'm') {
            XIANGQI
        } else {
            0
        };
        b += 1;
    }
    table
};

/// The cells each byte of a placement stands for: a digit its run (`0`
/// ten), `/` none, anything else one.
static WIDTH: [u8; 256] = {
    let mut table = [1u8; 256];
    table[b'/' as usize] = 0;
    table[b'0' as usize] = 10;
    let mut d = 1;
    while d <= 9 {
        table[(b'0' + d) as usize] = d;
        d += 1;
    }
    table
};

/// Where a field stands on being a marked move number (`digits/x...`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Marker {
    Digits(usize),
    Slash,
    No,
}

impl Shape {
    /// Scans `bytes` (with no leading whitespace) once.
    fn scan(bytes: &[u8]) -> Shape {
        let mut shape = Shape { second_rotations: true, ..Shape::default() };
        let i = match placement_words(bytes, &mut shape) {
            Some(end) => end,
            None => placement_bytes(bytes, &mut shape),
        };
        shape.fields(&bytes[i..]);
        shape
    }

    /// Scans the fields after the placement (`bytes` starts at the
    /// whitespace after it).
    fn fields(&mut self, bytes: &[u8]) {
        let shape = self;
        let mut i = 0;
        // the fields after it
        let mut field = 0usize;
        let mut marker = Marker::No;
        let mut in_field = false;
        while let Some(&b) = bytes.get(i) {
            i += 1;
            if CLASS[usize::from(b)] & SPACE != 0 {
                in_field = false;
                continue;
            }
            if !in_field {
                in_field = true;
                field += 1;
                marker = Marker::Digits(0);
                if field == 1 {
                    shape.second_byte = b;
                }
            }
            match field {
                1 => {
                    shape.second_len += 1;
                    shape.second_rotations &= matches!(b, b'n' | b'e' | b's' | b'w');
                }
                4 => {
                    if shape.fifth_len == 0 {
                        shape.fifth_letter = b.is_ascii_alphabetic();
                    }
                    shape.fifth_len += 1;
                }
                _ => {}
            }
            marker = match (marker, b) {
                (Marker::Digits(n), b'0'..=b'9') => Marker::Digits(n + 1),
                (Marker::Digits(n), b'/') if n > 0 => Marker::Slash,
                (Marker::Slash, b'x') => {
                    shape.marker = true;
                    Marker::No
                }
                _ => Marker::No,
            };
        }
    }
}

/// Whether the text up to its first ASCII whitespace has exactly 7 `/` and
/// no `0`: the shape of a chess board, checked eight bytes a step. A
/// cheap filter for [`crate::read`], which tries strict FEN first on it.
pub(crate) fn eight_ranks(bytes: &[u8]) -> bool {
    let mut slashes = 0;
    let mut at = 0;
    loop {
        let chunk = padded_chunk(bytes, at, b' ');
        let word = u64::from_le_bytes(chunk);
        let low = bytes_below(word, b'!');
        let inside = if low == 0 { HIGH } else { HIGH & (low - 1) };
        if bytes_equal(word, b'0') & inside != 0 {
            return false;
        }
        // the lanes' high bits summed by one multiply (no popcount
        // instruction is assumed)
        slashes += ((bytes_equal(word, b'/') & inside) >> 7).wrapping_mul(lanes(1)) >> 56;
        if low != 0 || slashes > 7 {
            return slashes == 7;
        }
        at += 8;
    }
}

/// Scans the placement eight bytes a step, into `shape`; returns where it
/// ends, or `None` when the bytes alone do not settle the guess, which
/// [`placement_bytes`] then does.
///
/// This is the path of well-formed boards: each step finds the bytes that
/// are `/`, `0` and digits as bit masks, each byte's cells (a digit its
/// run, `/` none, anything else one) and, with one multiplication each,
/// the running sums of cells and of `/`. A board whose every row is 8 cells
/// (chess) or 9 (Xiangqi) has, at its k-th `/`, 8k or 9k cells before it:
/// that is checked for all rows at once, without a branch per row. Any
/// other board (Khet, the legacy dialect, a malformed row, a control
/// character, a board of more than 200 cells) goes to the byte loop.
fn placement_words(bytes: &[u8], shape: &mut Shape) -> Option<usize> {
    let (mut slashes, mut cells) = (0u64, 0u64);
    let (mut empty_rows, mut zero, mut not_eights, mut not_nines) = (false, false, 0u64, 0u64);
    let mut previous_slash = 0u64;
    let mut at = 0;
    loop {
        let chunk = padded_chunk(bytes, at, b' ');
        let word = u64::from_le_bytes(chunk);
        // the first byte below `!` ends the placement
        let low = bytes_below(word, b'!');
        let end = (low.trailing_zeros() / 8) as usize;
        if low != 0 && !chunk[end].is_ascii_whitespace() {
            return None;
        }
        let inside = if end >= 8 { HIGH } else { HIGH & ((1u64 << (end * 8)) - 1) };
        let slash = bytes_equal(word, b'/') & inside;
        let zeros = bytes_equal(word, b'0') & inside;
        let digits = bytes_below(word, b'9' + 1) & !bytes_below(word, b'0') & inside;
        zero |= zeros != 0;
        empty_rows |= (slash & ((slash << 8) | previous_slash)) != 0;
        // cells per byte: digits their value ('0' ten), others one, '/' none
        let digit_lanes = (digits >> 7) * 0xff;
        let values = ((word & digit_lanes) - (lanes(b'0') & digit_lanes)) + (zeros >> 7) * 10;
        let ones = (inside & !digits & !slash) >> 7;
        // running sums: cells before each byte's end, `/` up to each byte
        let cell_sums = (values + ones).wrapping_mul(lanes(1)).wrapping_add(cells * lanes(1));
        let slash_sums = (slash >> 7).wrapping_mul(lanes(1)).wrapping_add(slashes * lanes(1));
        let eights = slash_sums << 3;
        not_eights |= !bytes_equal(cell_sums ^ eights, 0) & slash;
        not_nines |= !bytes_equal(cell_sums ^ (eights + slash_sums), 0) & slash;
        cells = cell_sums >> 56;
        slashes = slash_sums >> 56;
        previous_slash = (slash >> 63) << 7;
        if cells > 200 || slashes > 24 {
            return None;
        }
        if end < 8 {
            let rows = slashes + 1;
            let (ten_wide, short) = if rows == 8 && not_eights == 0 && cells == 64 {
                (0, true)
            } else if rows == 10 && not_nines == 0 && cells == 90 {
                (0, false)
            } else {
                return None;
            };
            shape.slashes = slashes as usize;
            shape.empty_rows = empty_rows;
            shape.ten_digit = zero;
            shape.ten_wide_rows = ten_wide;
            shape.short_row = short;
            // a Xiangqi letter only counts on a board of neither 8 nor 10 ranks
            shape.xiangqi_letter = false;
            return Some(at + end);
        }
        at += 8;
    }
}

/// Scans the placement a byte at a time, into `shape`; returns where it
/// ends.
fn placement_bytes(bytes: &[u8], shape: &mut Shape) -> usize {
    let mut i = 0;
    let mut flags = 0u8;
    let (mut slashes, mut empty_rows, mut ten_wide, mut short) = (0usize, 0usize, 0usize, 0usize);
    // cells so far, and the cells before the current row
    let (mut cells, mut row_start, mut previous_slash) = (0usize, 0usize, 0usize);
    while let Some(&b) = bytes.get(i) {
        let class = CLASS[usize::from(b)];
        if class & SPACE != 0 {
            break;
        }
        flags |= class;
        let slash = usize::from(class & SLASH != 0);
        let row = cells - row_start;
        slashes += slash;
        empty_rows |= slash & previous_slash;
        ten_wide += slash & usize::from(row == 10);
        short |= slash & usize::from(row < 9);
        row_start = if slash == 1 { cells } else { row_start };
        cells += usize::from(WIDTH[usize::from(b)]);
        previous_slash = slash;
        i += 1;
    }
    let width = cells - row_start;
    shape.slashes = slashes;
    shape.empty_rows = empty_rows != 0;
    shape.ten_wide_rows = ten_wide + usize::from(width == 10);
    shape.short_row = short != 0 || width < 9;
    shape.ten_digit = flags & ZERO != 0;
    shape.xiangqi_letter = flags & XIANGQI != 0;
    i
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{Notation, candidates};

    /// The guess as it was written first, in several passes with
    /// allocations: the reference the one-pass scan must agree with
    /// (with the legacy side letters and short ranks it did not look at).
    fn reference(input: &str) -> Vec<Notation> {
        let trimmed = input.trim_start();
        if trimmed.starts_with('{') {
            return vec![Notation::Json];
        }
        let mut fields = trimmed.split_ascii_whitespace();
        let placement = fields.next().unwrap_or("");
        let second = fields.next();
        let rows = placement.bytes().filter(|&b| b == b'/').count() + 1;
        let width = |row: &str| -> usize {
            row.bytes()
                .map(|b| match b {
                    b'0' => 10,
                    b'1'..=b'9' => usize::from(b - b'0'),
                    _ => 1,
                })
                .sum()
        };
        let rotations =
            second.is_some_and(|f| f.len() > 1 && f.bytes().all(|b| matches!(b, b'n' | b'e' | b's' | b'w')));
        let ten_digit = placement.bytes().any(|b| b == b'0');
        let ten_wide = rows == 8 && placement.split('/').filter(|row| width(row) == 10).count() * 2 > rows;
        if rotations || ten_digit || ten_wide {
            return vec![Notation::Pkn];
        }
        let marked = |field: &str| {
            field
                .split_once("/x")
                .is_some_and(|(number, _)| !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
        };
        let marker = trimmed.split_ascii_whitespace().skip(1).any(marked);
        let empty_rows = placement.contains("//");
        let legacy_side = matches!(second, Some("W" | "R" | "B" | "G" | "g"));
        let short_row = placement.split('/').any(|row| width(row) < 9);
        if marker || (empty_rows && rows != 8) || (rows == 10 && (legacy_side || short_row)) {
            return vec![Notation::XiangqiLegacy, Notation::XiangqiFen];
        }
        if rows == 10 {
            return vec![Notation::XiangqiFen, Notation::XiangqiLegacy];
        }
        if rows != 8 && placement.bytes().any(|b| matches!(b.to_ascii_lowercase(), b'c' | b'h' | b'g' | b'm')) {
            return vec![Notation::XiangqiFen];
        }
        let fifth = trimmed.split_ascii_whitespace().nth(4);
        let epd_first = fifth.is_some_and(|f| f.as_bytes()[0].is_ascii_alphabetic());
        if epd_first { vec![Notation::Epd, Notation::Fen] } else { vec![Notation::Fen, Notation::Epd] }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn one_pass_agrees_with_the_reference(input in "[ \t{/0-9a-zA-Z\\-;\"]{0,90}") {
            prop_assert_eq!(candidates(&input), reference(&input));
        }

        #[test]
        fn one_pass_agrees_on_any_string(input in any::<String>()) {
            prop_assert_eq!(candidates(&input), reference(&input));
        }

        #[test]
        fn one_pass_agrees_on_boards_of_exact_widths(
            rank_count in 7usize..12,
            width in 8usize..10,
            odd_rank in 0usize..16,
            odd_width in 7usize..11,
            cells in proptest::collection::vec(proptest::collection::vec(proptest::option::of("[pnbrqkcahePRNBQKCAHE]"), 11), 12),
            fields in proptest::collection::vec("[-0-9wbrgRGBWnes/xKQkq;]{1,6}", 0..7),
        ) {
            let ranks: Vec<String> = cells.iter().take(rank_count).enumerate().map(|(i, rank)| {
                let mut text = String::new();
                let mut run = 0;
                for cell in &rank[..if i == odd_rank { odd_width } else { width }] {
                    match cell {
                        None => run += 1,
                        Some(piece) => {
                            if run > 0 {
                                text.push_str(&run.to_string());
                                run = 0;
                            }
                            text.push_str(piece);
                        }
                    }
                }
                if run > 0 {
                    text.push_str(&run.to_string());
                }
                text
            }).collect();
            let input = format!("{} {}", ranks.join("/"), fields.join(" "));
            prop_assert_eq!(candidates(&input), reference(&input));
        }

        #[test]
        fn one_pass_agrees_on_notation_shapes(
            rows in proptest::collection::vec("[0-9prnbqkcahePRNBQKCAHE]{0,11}", 1..12),
            fields in proptest::collection::vec("[-0-9wbrgRGBWnes/xKQkq;]{1,6}", 0..7),
        ) {
            let input = format!("{} {}", rows.join("/"), fields.join(" "));
            prop_assert_eq!(candidates(&input), reference(&input));
        }
    }
}
