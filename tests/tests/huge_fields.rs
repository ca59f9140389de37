//! However long a field of the input, an error message quotes only an
//! excerpt of it: every notation of every game, strict and lenient, every
//! field made huge, and moves in every move notation.

use polyfen::{MoveNotation, Notation, Position, ReadOptions, RuleOptions, read};

/// The longest message accepted, in characters: a line, not the input.
const LINE: usize = 400;

const POSITIONS: &[&str] = &[
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq e3 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm e4; id \"x\";",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1/x04",
    "x3arap2/8/8/8/8/8/8/2PARA3X wnnn s 0",
    "{\"variant\":\"chess\",\"board\":{\"e1\":\"K\"},\"side_to_move\":\"white\",\"castling\":\"-\"}",
];

/// `text` with its field `at` (by spaces) replaced by `huge`, or a huge
/// field added after the last.
fn with_huge_field(text: &str, at: usize, huge: &str) -> String {
    let mut fields: Vec<&str> = text.split(' ').collect();
    if at < fields.len() {
        fields[at] = huge;
    } else {
        fields.push(huge);
    }
    fields.join(" ")
}

fn huge_tokens() -> Vec<String> {
    ["e", "9", "K", "/", "€", "\"", "x1", "-"].iter().map(|t| t.repeat(40_000)).collect()
}

#[test]
fn a_huge_field_gets_a_short_error() {
    let notations: Vec<Option<Notation>> =
        std::iter::once(None).chain(<Notation as strum::IntoEnumIterator>::iter().map(Some)).collect();
    let mut checked = 0;
    for position in POSITIONS {
        let fields = position.split(' ').count();
        for huge in huge_tokens() {
            for at in 0..=fields {
                let input = with_huge_field(position, at, &huge);
                for &from in &notations {
                    for lenient in [false, true] {
                        if let Err(e) = read(&input, from, &ReadOptions::lenient(lenient)) {
                            let message = e.to_string();
                            assert!(
                                message.chars().count() <= LINE,
                                "{from:?} lenient={lenient}, field {at} of {position:?}: {} characters: {}…",
                                message.chars().count(),
                                message.chars().take(120).collect::<String>()
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} errors looked at");
}

#[test]
fn a_huge_move_gets_a_short_error() {
    let starts = ["chess:standard", "xiangqi:standard", "khet:classic"];
    for start in starts {
        let reading = read(start, None, &ReadOptions::default()).expect("a named setup");
        for notation in <MoveNotation as strum::IntoEnumIterator>::iter() {
            for huge in huge_tokens() {
                let mut position = reading.position.clone();
                if let Err(e) = position.play(&huge, notation, &RuleOptions::default()) {
                    let message = e.to_string();
                    assert!(
                        message.chars().count() <= LINE,
                        "{start} {notation}: {} characters",
                        message.chars().count()
                    );
                }
            }
        }
    }
}
