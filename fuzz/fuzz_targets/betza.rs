//! Betza notation: any text parses or is refused without a panic, and a
//! piece parsed is explained and lists its moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyfen_fairy::Betza;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if text.len() > 256 {
        return;
    }
    if let Ok(betza) = Betza::parse(text) {
        let _ = betza.explain();
        let _ = betza.moves();
    }
});
