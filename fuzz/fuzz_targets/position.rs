//! Every position notation of every game, detected or named: a reading
//! never panics; a position read is written in every notation of its game
//! and drawn in every style; its JSON form reads back equal, and a text
//! written without a warning reads back equal in its own notation.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyfen::{Notation, Position, ReadOptions, WriteOptions, read, read_as};
use strum::IntoEnumIterator;

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let notations: Vec<Notation> = Notation::iter().collect();
    let from = match usize::from(choice) % (notations.len() + 1) {
        0 => None,
        k => Some(notations[k - 1]),
    };
    for lenient in [false, true] {
        let options = ReadOptions::lenient(lenient);
        let Ok(reading) = (match from {
            Some(notation) => read_as(text, notation, &options),
            None => read(text, None, &options),
        }) else {
            continue;
        };
        let position = reading.position;
        let _ = position.violations();
        let variant = position.variant();
        for &notation in variant.notations() {
            for canonical in [false, true] {
                let written = position
                    .to_notation(notation, &WriteOptions::default().with_canonical(canonical))
                    .expect("a game writes each of its notations");
                if notation == Notation::Json {
                    let back = read_as(&written.text, Notation::Json, &ReadOptions::default())
                        .unwrap_or_else(|e| panic!("the JSON form {} does not read back: {e}", written.text));
                    assert_eq!(back.position, position, "the JSON form {}", written.text);
                } else if written.warnings.is_empty() && !canonical && notation == reading.notation && !lenient {
                    let back = read_as(&written.text, notation, &ReadOptions::default())
                        .unwrap_or_else(|e| panic!("{} written as {notation} does not read back: {e}", written.text));
                    let again = back.position.to_notation(notation, &WriteOptions::default()).expect("written");
                    assert_eq!(again.text, written.text, "{text:?} written as {notation}");
                }
            }
        }
        for &style in variant.styles() {
            let _ = position.render(style);
        }
    }
});
