//! The writers: a branch-free fast path into a stack buffer, and the
//! general way for any [`WriteStyle`] and any piece letters.

use super::fast::{HIGH, LOW7, lanes_equal};
use super::{PlacementSpec, WriteStyle};
use crate::variant::Variant;

/// What a row of at most eight cells is written as, for each set of empty
/// cells (bit `c` set when cell `c` is empty; cells past the row's end
/// count as pieces and are never named): up to eight bytes, each a run
/// digit or `0x80 | c` for the letter of cell `c`, and how many there are.
#[derive(Clone, Copy)]
struct RowShape {
    bytes: [u8; 8],
    len: u8,
}

/// [`RowShape`]s of rows `files` cells wide, by empty set.
const fn row_shapes(files: usize) -> [RowShape; 256] {
    let mut shapes = [RowShape { bytes: [0; 8], len: 0 }; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut shape = RowShape { bytes: [0; 8], len: 0 };
        let mut run = 0u8;
        let mut cell = 0;
        while cell < files {
            if mask & (1 << cell) != 0 {
                run += 1;
            } else {
                if run > 0 {
                    shape.bytes[shape.len as usize] = b'0' + run;
                    shape.len += 1;
                    run = 0;
                }
                shape.bytes[shape.len as usize] = 0x80 | cell as u8;
                shape.len += 1;
            }
            cell += 1;
        }
        if run > 0 {
            shape.bytes[shape.len as usize] = b'0' + run;
            shape.len += 1;
        }
        shapes[mask] = shape;
        mask += 1;
    }
    shapes
}

/// The shapes of every row width from one to eight cells.
static ROW_SHAPES: [[RowShape; 256]; 8] = [
    row_shapes(1),
    row_shapes(2),
    row_shapes(3),
    row_shapes(4),
    row_shapes(5),
    row_shapes(6),
    row_shapes(7),
    row_shapes(8),
];

/// The writer's fast path: the whole placement into a stack buffer with no
/// branch on what a cell holds. A row of at most eight cells is written a
/// row at a time: its letters looked up, the set of its empty cells found
/// from them with a few word operations, and the row's shape (which bytes
/// are run digits, which are letters) taken from a table by that set. A
/// wider row is written a cell at a time (a run digit and a letter are
/// written at every cell, and the cursor moves past those that belong).
/// `false` when the variant writes some piece in more than one byte, or the
/// board is too large for the buffer; the caller then writes the general way.
pub(super) fn encode_fast<V: Variant>(board: &[Option<V::Piece>], options: &V::WriteOptions, out: &mut String) -> bool {
    let spec = &V::SPEC;
    let files = spec.files as usize;
    let ranks = spec.ranks as usize;
    if files > usize::from(spec.max_run()) || board.len() != spec.cells() || spec.cells() + ranks > 256 {
        return false;
    }
    if (1..=8).contains(&files) {
        return encode_rows::<V>(board, options, out);
    }
    encode_cells::<V>(board, options, out)
}

/// Pushes the fast path's `bytes` onto `out`; `false` when they are not
/// text (a letter of the variant outside ASCII), for the general way.
fn push_ascii(bytes: &[u8], out: &mut String) -> bool {
    match core::str::from_utf8(bytes) {
        Ok(text) => {
            out.push_str(text);
            true
        }
        Err(_) => false,
    }
}

/// [`encode_fast`] for rows of one to eight cells, a row at a time.
fn encode_rows<V: Variant>(board: &[Option<V::Piece>], options: &V::WriteOptions, out: &mut String) -> bool {
    let spec = &V::SPEC;
    let files = spec.files as usize;
    let ranks = spec.ranks as usize;
    let shapes = &ROW_SHAPES[(files - 1) & 7];
    // eight bytes of slack: a row's shape is always copied whole
    let mut buf = [0u8; 256 + 8];
    let mut pos = 0usize;
    for row in 0..ranks {
        let start = spec.index(row, 0);
        let Some(cells) = board.get(start..start + files) else { return false };
        let mut letters = [0u8; 8];
        for (letter, &cell) in letters.iter_mut().zip(cells) {
            let Some(byte) = V::cell_letter(cell, options) else { return false };
            *letter = byte;
        }
        // the high bit of each byte that is zero (an empty cell); letters
        // are never zero, and a byte of 0x80 or more is no ASCII letter,
        // which `push_ascii` turns away
        let word = u64::from_le_bytes(letters);
        let empty = lanes_equal(word & LOW7, 0) & !word & HIGH;
        // gather those eight high bits into one byte
        let empty = ((empty >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
        let mask = if files == 8 { empty } else { empty & ((1 << files) - 1) };
        let shape = &shapes[mask & 255];
        let at = pos & 255;
        for (slot, &byte) in buf[at..at + 8].iter_mut().zip(&shape.bytes) {
            *slot = if byte & 0x80 != 0 { letters[usize::from(byte & 7)] } else { byte };
        }
        pos += usize::from(shape.len);
        if row + 1 < ranks {
            buf[pos & 255] = spec.separator;
            pos += 1;
        }
    }
    push_ascii(&buf[..pos.min(256)], out)
}

/// [`encode_fast`] for any row width, a cell at a time.
#[allow(clippy::needless_bitwise_bool)] // `&` on purpose: `&&` would branch on the data
fn encode_cells<V: Variant>(board: &[Option<V::Piece>], options: &V::WriteOptions, out: &mut String) -> bool {
    let spec = &V::SPEC;
    let files = spec.files as usize;
    let ranks = spec.ranks as usize;
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
    push_ascii(&buf[..pos.min(256)], out)
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
pub(super) fn encode_general<V: Variant>(
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
