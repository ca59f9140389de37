//! Every game's own record formats (XQF, CBR, CBL, CBF, DhtmlXQ, KIF,
//! KI2, CSA, JKF, USI): a reading of any bytes, as the format the first
//! byte picks or as the format detected, never panics; a game read is
//! written again in each written format of its game and read back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyfen::records::{RecordFormat, detect_format};

fuzz_target!(|data: &[u8]| {
    let Some((&choice, bytes)) = data.split_first() else { return };
    let own: Vec<RecordFormat> = RecordFormat::ALL.iter().copied().filter(|f| f.variant().is_some()).collect();
    let format = match usize::from(choice) % (own.len() + 1) {
        0 => detect_format(bytes),
        k => own[k - 1],
    };
    if format.variant().is_none() {
        return;
    }
    for game in format.read(bytes).into_iter().take(8).flatten() {
        let _ = format.cannot_hold(&game);
        if !format.is_written() {
            continue;
        }
        let Ok(written) = format.write(&game) else { continue };
        let again = format.read(&written);
        assert!(!again.is_empty(), "{format} reads back what it wrote");
        if let Some(Err(e)) = again.first() {
            panic!("{format} does not read back what it wrote: {e}");
        }
    }
});
