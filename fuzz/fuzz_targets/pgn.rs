//! PGN of every game: the streaming reader takes any bytes without a panic;
//! each game read is written again as PGN and as its JSON form, and the PGN
//! written reads back as a game with the same main line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyfen::records::{GameOptions, Games};

fuzz_target!(|data: &[u8]| {
    for result in Games::new(data, GameOptions::default()).take(16) {
        let Ok(result) = result else { break };
        let game = match result {
            Ok(game) => game,
            Err(error) => match error.partial {
                Some(game) => *game,
                None => continue,
            },
        };
        let _ = game.to_json(None);
        let mut pgn = String::new();
        if game.write_pgn(None, &mut pgn).is_err() {
            continue;
        }
        let line = game.lines(None).ok().and_then(|lines| lines.into_iter().next());
        let back = polyfen::records::read_pgn(&pgn, GameOptions::default());
        let back = back.into_iter().next().unwrap_or_else(|| panic!("the PGN written reads back: {pgn}"));
        let back = back.unwrap_or_else(|e| panic!("the PGN written reads back: {e}\n{pgn}"));
        let back_line = back.lines(None).ok().and_then(|lines| lines.into_iter().next());
        assert_eq!(line, back_line, "{pgn}");
    }
});
