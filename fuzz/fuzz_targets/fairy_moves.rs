//! Games defined as data, played: from the start of the built-in game the
//! first byte picks, or from a FEN of it on the first line, words are
//! played as UCI moves; nothing panics, legal moves' UCI texts (sixteen,
//! spread over the list) are read back as those moves, and the position
//! reached writes a FEN that reads back with the same legal moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyfen_fairy::{Position, Rules, Variants};

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let games = Variants::builtin().definitions();
    let rules = Rules::new(&games[usize::from(choice) % games.len()]);
    let (first, words) = text.split_once('\n').unwrap_or(("", text));
    let Ok(mut position) = Position::from_fen(&rules, first).or_else(|_| Position::start(&rules)) else { return };
    for word in words.split_whitespace().take(8) {
        if let Ok(next) = rules.play_uci(&position, word) {
            position = next;
        }
    }
    // (reading a move text looks it up among the legal moves, which a
    // walling game has thousands of: a few, spread over the list, are read)
    let legal = rules.legal_moves(&position);
    let step = legal.len() / 16 + 1;
    for &m in legal.iter().step_by(step) {
        let uci = rules.uci(&position, m);
        let read =
            rules.parse_uci(&position, &uci).unwrap_or_else(|e| panic!("{uci}, a legal move, does not read: {e}"));
        assert_eq!(rules.uci(&position, read), uci);
    }
    let fen = position.fen(&rules);
    let back = Position::from_fen(&rules, &fen).unwrap_or_else(|e| panic!("{fen} does not read back: {e}"));
    assert_eq!(rules.legal_uci(&back), rules.legal_uci(&position), "{fen}");
});
