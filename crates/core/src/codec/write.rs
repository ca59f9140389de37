//! The writers: a branch-free fast path into a stack buffer, and the
//! general way for any [`WriteStyle`] and any piece letters.

use super::alphabet::{Alphabet, Letters};
use super::{PlacementSpec, WriteStyle};
use crate::variant::Variant;

/// The writer's fast path: the whole placement into a stack buffer, a cell
/// at a time with no branch on what a cell holds (a run digit and a letter
/// are written at every cell, and the cursor moves past those that belong).
/// `false` when the variant writes some piece in more than one byte, or the
/// board is too large for the buffer; the caller then writes the general way.
///
/// (Writers a row at a time — a row's empty cells found with word
/// operations, its shape looked up in a table — executed a third fewer
/// instructions but were no faster: as much as twice slower when the row's
/// letters went through memory, as fast when they stayed in registers.)
#[allow(clippy::needless_bitwise_bool)] // `&` on purpose: `&&` would branch on the data
pub(super) fn encode_fast<V: Variant>(board: &[Option<V::Piece>], options: &V::WriteOptions, out: &mut String) -> bool {
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
    // `false` when the bytes are not text (a letter of the variant outside
    // ASCII), for the general way
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
    encode_general(&Letters::<V>(Some(options)), board, style, out);
}

/// Writes `board` as a placement string onto `out` for a game whose spec
/// and letters are known at run time ([`Alphabet`]), the general way.
pub fn encode_placement_in<A: Alphabet>(alphabet: &A, board: &[Option<A::Piece>], style: WriteStyle, out: &mut String) {
    encode_general(alphabet, board, style, out);
}

/// The writer's general way: cell by cell, any style, any piece letters.
pub(super) fn encode_general<A: Alphabet>(
    alphabet: &A,
    board: &[Option<A::Piece>],
    style: WriteStyle,
    out: &mut String,
) {
    let spec = alphabet.spec();
    let files = spec.files as usize;
    let max_run = if alphabet.decimal_runs() { u8::MAX } else { spec.max_run() };
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
                    alphabet.write_piece(piece, out);
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
    if max_run == u8::MAX && run > 0 {
        // decimal runs: the number as it is
        out.push_str(&run.to_string());
        return;
    }
    while run > 0 {
        let n = run.min(max_run);
        let digit = if n == 10 { spec.ten_digit.unwrap_or(b'0') } else { b'0' + n };
        out.push(digit as char);
        run -= n;
    }
}
