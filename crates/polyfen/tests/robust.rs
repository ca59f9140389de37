//! No input makes `read` panic, whatever the notation asked for and the
//! leniency; whatever reads can be written, validated and drawn.

use polyfen::{Notation, Position, ReadOptions, RenderStyle, WriteOptions, read};
use proptest::prelude::*;
use strum::IntoEnumIterator;

/// Reads `input` every way there is and uses whatever reads.
fn exercise(input: &str) {
    let mut froms: Vec<Option<Notation>> = vec![None];
    froms.extend(Notation::iter().map(Some));
    for from in froms {
        for lenient in [false, true] {
            let Ok(reading) = read(input, from, &ReadOptions::lenient(lenient)) else {
                continue;
            };
            let position = &reading.position;
            for notation in Notation::iter() {
                let _ = position.to_notation(notation, &WriteOptions::default().with_canonical(lenient));
            }
            let _ = position.violations();
            for style in RenderStyle::iter() {
                let _ = position.render(style);
            }
            // the error's span is inside the input, on character boundaries
            for repair in &reading.repairs {
                assert!(repair.span.end <= input.len(), "{input:?}: {repair:?}");
            }
        }
        if let Err(e) = read(input, from, &ReadOptions::default()) {
            assert!(e.error.span.start <= input.len(), "{input:?}: {e:?}");
            let _ = e.error.char_column(input);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn any_text(s in "\\PC{0,120}") {
        exercise(&s);
    }

    #[test]
    fn xiangqi_shaped(s in "[rnbakcpRNBAKCPehgmEHGMxX1-9/]{0,100}( [wWrRbBgG-]{0,2}( [-]{0,2}( [-]{0,2}( [0-9]{0,3}( [0-9]{0,3}(/x[0-9]{0,3})?)?)?)?)?)?") {
        exercise(&s);
    }

    #[test]
    fn khet_shaped(s in "[ARPSXEarpsxe0-9/]{0,90}( [neswx-]{0,30}( [srwb]{0,2}( [0-9]{0,11})?)?)?") {
        exercise(&s);
    }

    #[test]
    fn json_shaped(s in "\\{\"variant\":\"(chess|xiangqi|khet|go)\",\"board\":\\{(\"[a-k][0-9]{1,2}\":\"[A-Za-z]{0,2}\",?){0,4}\\},(\"facing\":\\{(\"[a-k][0-9]\":\"[a-z]{0,2}\",?){0,3}\\},)?\"side_to_move\":\"[a-z]{0,6}\",(\"halfmove_clock\":-?[0-9]{1,11},)?(\"fullmove_number\":[0-9]{1,3},)?(\"turn_counter\":[0-9]{1,11},)?(\"marker\":(null|\\{\"row\":[0-9]{1,3},\"col\":[0-9]{1,3}\\}),)?\"x\":\"\\PC{0,3}\"\\}") {
        exercise(&s);
    }

    /// Short text of any kind, read with the defaults.
    #[test]
    fn short_text_with_the_defaults(s in "\\PC{0,100}") {
        let _ = read(&s, None, &ReadOptions::default());
    }

    /// Chess's JSON form with fields out of range or misspelt.
    #[test]
    fn chess_json_shaped(s in "\\{\"variant\":\"chess\",\"board\":\\{(\"[a-j][0-9]{1,2}\":\"[A-Za-z]{0,2}\",?){0,4}\\},\"side_to_move\":\"[a-z]{0,6}\",\"castling\":\"[A-Za-z-]{0,5}\",\"en_passant\":(null|\"[a-z0-9]{0,3}\"),\"halfmove_clock\":[0-9]{1,3},\"fullmove_number\":[0-9]{1,3}\\}") {
        let _ = read(&s, None, &ReadOptions::default());
    }
}
