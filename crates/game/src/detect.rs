//! The shape of a text that may be a position, gathered in one pass over
//! its bytes without allocating ([`TextShape`]), and a game's guess from it
//! that the text is in one of its notations ([`Guess`]): each game's
//! [`crate::GamePosition::guess`] reads the shape, and the facade's
//! detection takes the surest guess, the first game of its list on a tie.

use polyfen_core::swar::{HIGH, bytes_below, bytes_equal, lanes, padded_chunk};

/// How sure a game is that a text is in one of its notations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strength {
    /// The game's notations are what is left when no game claims the text
    /// (chess FEN).
    Fallback,
    /// The shape is the game's (ten ranks: Xiangqi).
    Likely,
    /// The shape is no other game's (Khet's rotation letters).
    Sure,
}

/// A game's guess that a text is in one of its notations: one or two, the
/// most likely first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guess<N> {
    /// How sure the game is.
    pub strength: Strength,
    /// The most likely notation.
    pub first: N,
    /// The next most likely, if any.
    pub second: Option<N>,
}

impl<N> Guess<N> {
    /// A guess of `strength`: `first`, then `second`.
    pub const fn new(strength: Strength, first: N, second: Option<N>) -> Guess<N> {
        Guess { strength, first, second }
    }
}

/// What a guess of a position's notation needs to know about a text,
/// gathered in one pass over its bytes ([`TextShape::scan`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // independent facts, not a state
pub struct TextShape {
    /// `/` in the placement (the rows, less one).
    pub slashes: usize,
    /// Two `/` in a row in the placement.
    pub empty_rows: bool,
    /// A `0` in the placement.
    pub ten_digit: bool,
    /// Rows of the placement exactly 10 cells wide.
    pub ten_wide_rows: usize,
    /// A row of the placement less than 9 cells wide.
    pub short_row: bool,
    /// The cells of the placement's widest row.
    pub widest_row: usize,
    /// A letter only Xiangqi's letter sets use (`c h g m`, either case)
    /// in the placement of a board of neither 8 nor 10 ranks.
    pub xiangqi_letter: bool,
    /// The second field's length.
    pub second_len: usize,
    /// The second field's first byte.
    pub second_byte: u8,
    /// Whether the second field is all rotation letters (`n e s w`).
    pub second_rotations: bool,
    /// The fifth field's length (an EPD opcode's, or a clock's).
    pub fifth_len: usize,
    /// Whether the fifth field starts with a letter (an EPD opcode does; a
    /// clock, even a wrong one like `-1`, does not).
    pub fifth_letter: bool,
    /// A field after the first is a move number with the legacy `/x` marker.
    pub marker: bool,
    /// The fields after the placement.
    pub fields: usize,
    /// A `+` in the placement (Shogi's promoted pieces), read on a board of
    /// neither 8 nor 10 ranks.
    pub plus: bool,
    /// The text starts with a line of a CSA board: `P1`…`P9` followed by a
    /// cell (` * `, `+FU`, `-KY`), `PI`, `P+` or `P-`.
    pub csa_board: bool,
    /// The text starts with a line of a KIF board diagram: `後手の持駒`,
    /// `上手の持駒`, the file digits `９ ８ ７`…, or the frame `+---`.
    pub kif_board: bool,
}

/// Byte classes of [`CLASS`].
const SPACE: u8 = 1;
const SLASH: u8 = 2;
const ZERO: u8 = 4;
const XIANGQI: u8 = 8;
const PLUS: u8 = 16;

/// The class of each byte: ASCII whitespace, `/`, `0`, a Xiangqi letter
/// (`c h g m`, either case), or `+`.
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
        } else if byte == b'+' {
            PLUS
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

impl TextShape {
    /// Scans `bytes` (with no leading whitespace) once.
    #[must_use]
    pub fn scan(bytes: &[u8]) -> TextShape {
        let mut shape = TextShape { second_rotations: true, ..TextShape::default() };
        shape.csa_board = matches!(bytes, [b'P', b'1'..=b'9', b' ' | b'+' | b'-', ..] | [b'P', b'I' | b'+' | b'-', ..]);
        shape.kif_board =
            ["後手の持駒", "上手の持駒", "９ ８ ７", "+---"].iter().any(|head| bytes.starts_with(head.as_bytes()));
        let i = match placement_words(bytes, &mut shape) {
            Some(end) => end,
            None => placement_bytes(bytes, &mut shape),
        };
        shape.fields(&bytes[i..]);
        shape
    }

    /// The rows of the placement.
    #[must_use]
    pub const fn rows(&self) -> usize {
        self.slashes + 1
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
        shape.fields = field;
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
fn placement_words(bytes: &[u8], shape: &mut TextShape) -> Option<usize> {
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
        // (past 24 `/` a lane may carry into the next: the board is then
        // left to the byte loop, and the sums of this step are not used)
        not_nines |= !bytes_equal(cell_sums ^ eights.wrapping_add(slash_sums), 0) & slash;
        cells = cell_sums >> 56;
        slashes = slash_sums >> 56;
        previous_slash = (slash >> 63) << 7;
        if cells > 200 || slashes > 24 {
            return None;
        }
        if end < 8 {
            let rows = slashes + 1;
            let (ten_wide, short, widest) = if rows == 8 && not_eights == 0 && cells == 64 {
                (0, true, 8)
            } else if rows == 10 && not_nines == 0 && cells == 90 {
                (0, false, 9)
            } else {
                return None;
            };
            shape.widest_row = widest;
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
fn placement_bytes(bytes: &[u8], shape: &mut TextShape) -> usize {
    let mut i = 0;
    let mut flags = 0u8;
    let (mut slashes, mut empty_rows, mut ten_wide, mut short) = (0usize, 0usize, 0usize, 0usize);
    // cells so far, and the cells before the current row
    let (mut cells, mut row_start, mut previous_slash, mut widest) = (0usize, 0usize, 0usize, 0usize);
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
        widest = widest.max(row);
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
    shape.widest_row = widest.max(width);
    shape.ten_digit = flags & ZERO != 0;
    shape.xiangqi_letter = flags & XIANGQI != 0;
    shape.plus = flags & PLUS != 0;
    i
}

#[cfg(test)]
mod tests {
    use super::{Strength, TextShape};

    #[test]
    fn the_shape_of_a_text_is_read_in_one_pass() {
        let chess = TextShape::scan(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!((chess.rows(), chess.ten_digit, chess.second_len, chess.second_byte), (8, false, 1, b'w'));
        let legacy = TextShape::scan(b"rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04");
        assert!(legacy.empty_rows && legacy.marker && legacy.short_row);
        let khet = TextShape::scan(b"x3ssss/0/0/0/0/0/0/0 w");
        assert!(khet.ten_digit && khet.ten_wide_rows == 7 && khet.widest_row == 10);
        assert_eq!(chess.widest_row, 8);
        assert_eq!(TextShape::scan(b"kpppp/5/5/5/PPPPK w 1").widest_row, 5);
        let turned = TextShape::scan(b"8/8 nesw");
        assert!(turned.second_rotations && turned.second_len == 4);
        let epd = TextShape::scan(b"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;");
        assert!(epd.fifth_letter && epd.fifth_len == 2);
        assert!(Strength::Sure > Strength::Likely && Strength::Likely > Strength::Fallback);
        let sfen = TextShape::scan(b"lnsgkgsnl/1r5b1/ppppppp+pp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1");
        assert!(sfen.plus && sfen.fields == 3 && sfen.rows() == 9 && sfen.xiangqi_letter);
        assert!(TextShape::scan(b"P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI").csa_board);
        assert!(TextShape::scan(b"PI\n+\n").csa_board);
        assert!(TextShape::scan("後手の持駒：なし\n  ９ ８".as_bytes()).kif_board);
        assert!(!TextShape::scan(b"PNBRQK/8 w").csa_board);
    }
}
