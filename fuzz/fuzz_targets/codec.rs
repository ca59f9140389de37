//! The placement codec, differential: its one-pass fast path against its
//! careful loop. The first byte picks a game's placement (chess, the chess
//! variants', Xiangqi, Khet, Shogi), the rest is a line. The strict reader
//! (which takes the fast path where it can) and the careful loop alone give
//! the same answer, the same board and the same error; the field reader
//! agrees with both; and a board read is written and read back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyfen_core::codec::{decode_placement, decode_placement_field, encode_placement};
use polyfen_core::{Leniency, ParseError, Variant, WriteStyle};

/// A leniency that reads a placement as strictly as the default one but
/// is not it (its one flag is about the fields after the placement), so
/// the readers take their careful loop.
fn careful() -> Leniency {
    Leniency { fields: true, ..Leniency::default() }
}

fn read<V: Variant>(field: &str, leniency: &Leniency) -> (Result<usize, ParseError>, Vec<Option<V::Piece>>) {
    let mut board = vec![None; V::SPEC.cells()];
    let read = decode_placement::<V>(field, 0, leniency, &mut board, &mut Vec::new());
    (read, board)
}

fn check<V: Variant>(line: &str) {
    let len = line.bytes().position(|b| b.is_ascii_whitespace()).unwrap_or(line.len());
    let field = &line[..len];
    let (strict, strict_board) = read::<V>(field, &Leniency::default());
    let (careful, careful_board) = read::<V>(field, &careful());
    assert_eq!(strict, careful, "{line:?}");
    let mut board = vec![None; V::SPEC.cells()];
    let whole = decode_placement_field::<V>(line, 0, &Leniency::default(), &mut board, &mut Vec::new());
    assert_eq!(whole, careful.clone().map(|pieces| (pieces, len)), "field of {line:?}");
    if careful.is_ok() {
        assert_eq!(strict_board, careful_board, "{line:?}");
        assert_eq!(board, careful_board, "field of {line:?}");
        let mut written = String::new();
        encode_placement::<V>(&careful_board, &V::WriteOptions::default(), WriteStyle::default(), &mut written);
        let (again, again_board) = read::<V>(&written, &Leniency::default());
        assert_eq!(again, careful, "{line:?} written as {written:?}");
        assert_eq!(again_board, careful_board, "{line:?} written as {written:?}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else { return };
    let Ok(line) = std::str::from_utf8(rest) else { return };
    match choice % 5 {
        0 => check::<polyfen_chess::Chess>(line),
        1 => check::<polyfen_chess::ChessVariants>(line),
        2 => check::<polyfen_xiangqi::Xiangqi>(line),
        3 => check::<polyfen_khet::Khet>(line),
        _ => check::<polyfen_shogi::Shogi>(line),
    }
});
