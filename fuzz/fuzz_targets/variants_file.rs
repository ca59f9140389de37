//! Fairy-Stockfish's variants-file format: any text read after the
//! built-in games never panics; every game a file defines has a resolved
//! definition that writes itself, and a start position that reads as a FEN
//! of its board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyfen_fairy::{FairySetup, Field, Letters, Variants};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut variants = Variants::new();
    let Ok(report) = variants.read("fuzz.ini", text) else { return };
    let _ = report;
    let builtin = Variants::builtin().len();
    for def in variants.definitions().iter().skip(builtin).take(8) {
        let _ = def.write_section(true);
        let letters = Letters::new(def);
        if let Ok(setup) = FairySetup::parse(def, &letters, def.text(Field::StartFen)) {
            let _ = setup.validate(def, &letters);
        }
    }
});
