//! Every move notation of every game: words played from a named setup
//! (or its rules variant's) in each of the game's move notations, strictly
//! and leniently, never panic; every legal move of each position reached,
//! written in each move notation, is read back by that notation as the same
//! move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyfen::{Position, ReadOptions, RuleOptions, VariantId, read};
use strum::IntoEnumIterator;

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let mut starts: Vec<(&str, Option<&'static str>)> = Vec::new();
    for variant in VariantId::iter() {
        starts.extend(variant.setups().iter().map(|&(_, fen)| (fen, None)));
        for rules in variant.reachable_rules() {
            starts.extend(rules.setups.iter().map(|&(_, fen)| (fen, Some(rules.id))));
        }
    }
    let (start, rules) = starts[usize::from(choice) % starts.len()];
    let options = ReadOptions::default().with_rules(rules);
    let Ok(reading) = read(start, None, &options) else { panic!("a setup reads: {start}") };
    let mut position = reading.position;
    let notations = position.variant().move_notations();
    let rule_options = RuleOptions::default();
    for (k, word) in text.split_whitespace().take(12).enumerate() {
        let notation = notations[k % notations.len()];
        let mut played = false;
        for lenient in [false, true] {
            let mut next = position.clone();
            if next.play_with(word, notation, &rule_options, lenient).is_ok() {
                position = next;
                played = true;
                break;
            }
        }
        if !played {
            continue;
        }
        for &written_as in notations {
            let Ok(moves) = position.legal_moves(written_as, &rule_options) else { break };
            for mv in moves.iter().take(64) {
                let mut again = position.clone();
                let text = again
                    .play(mv, written_as, &rule_options)
                    .unwrap_or_else(|e| panic!("{mv} ({written_as}), a legal move, does not play: {e}"));
                assert_eq!(&text, mv, "{written_as} reads {mv} back as {text}");
            }
        }
    }
});
