//! The part-by-part explanation of any text as a position, and of any text
//! as a move of each game's named setups: no panic, and the parts of a
//! position tile the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyfen::explain::{explain, explain_move_at};
use polyfen::{ReadOptions, VariantId, read};
use strum::IntoEnumIterator;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for lenient in [false, true] {
        if let Ok(explanation) = explain(text, None, &ReadOptions::lenient(lenient)) {
            let covered: usize = explanation.parts.iter().map(|part| part.end - part.start).sum();
            assert_eq!(covered, text.len(), "the parts of {text:?} tile it");
        }
    }
    for variant in VariantId::iter() {
        let start = variant.setups()[0].1;
        let position = read(start, None, &ReadOptions::default()).expect("a setup reads").position;
        let _ = explain_move_at(&position, text);
    }
});
