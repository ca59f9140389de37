//! A FEN of a game defined as data: any text read as a position of the
//! built-in game the first byte picks never panics, and a position read is
//! written as Fairy-Stockfish writes it and reads back to the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyfen_fairy::{FairySetup, Letters, Variants};

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let games = Variants::builtin().definitions();
    let def = &games[usize::from(choice) % games.len()];
    let letters = Letters::new(def);
    let Ok(setup) = FairySetup::parse(def, &letters, text) else { return };
    let _ = setup.validate(def, &letters);
    let written = setup.write(&letters);
    let back = FairySetup::parse(def, &letters, &written)
        .unwrap_or_else(|e| panic!("{written:?}, written from {text:?}, does not read back: {e}"));
    assert_eq!(back.write(&letters), written, "{text:?}");
});
