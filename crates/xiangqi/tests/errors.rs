//! Error messages for a curated set of bad inputs, in both readers: each
//! names the field, what was expected, and the column (shown with carets).

use polyfen_test_support::underline;
use polyfen_xiangqi::{Fen, parse_legacy};

/// Reads `input` with the reader named `reader`, which must fail, and
/// returns the report line for the snapshot; checks that the message ends
/// with the column of the span.
fn check(reader: &str, input: &str) -> String {
    let result = match reader {
        "standard" => input.parse::<Fen>().map(|_| ()),
        "legacy" => parse_legacy(input).map(|_| ()),
        _ => unreachable!("no reader {reader}"),
    };
    let Err(e) = result else {
        panic!("{reader} reader accepted {input:?}");
    };
    let message = e.to_string();
    assert!(message.ends_with(&format!("at column {}", e.span.start + 1)), "{message}");
    assert!(e.span.end <= input.len() && e.span.start <= e.span.end, "{e:?}");
    underline(input, &e.span, &message)
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

#[test]
fn standard_reader_errors() {
    let cases = [
        String::new(),
        "   ".to_owned(),
        // placement
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P1/1C5C1/9/RNBAKABNR w - - 0 1".to_owned(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C2/9/RNBAKABNR w - - 0 1".to_owned(),
        "rnbakabnr/9/1c5c/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".to_owned(),
        "rnbakabnr//1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".to_owned(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w - - 0 1".to_owned(),
        "rnbakabnr/9/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".to_owned(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/4x4/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".to_owned(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/4Q4/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".to_owned(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/0/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".to_owned(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/54/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".to_owned(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/4車4/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".to_owned(),
        // side to move
        format!("{START} x - - 0 1"),
        format!("{START} W - - 0 1"),
        format!("{START} g - - 0 1"),
        format!("{START} red - - 0 1"),
        format!("{START} 0 1"),
        // the fields in between
        format!("{START} w KQkq - 0 1"),
        format!("{START} w - e3 0 1"),
        format!("{START} w - 0 1"),
        format!("{START} w 0"),
        // clocks and the move number
        format!("{START} w - - x 1"),
        format!("{START} w - - 0 -1"),
        format!("{START} w - - 0 99999999999"),
        format!("{START} w - - 0 1/x04"),
        format!("{START} w 0 1/x04"),
        format!("{START} w - - 0 1 extra"),
        format!("{START} w 0 1 2"),
    ];
    let report: String = cases.iter().map(|input| check("standard", input)).collect();
    insta::assert_snapshot!(report);
}

#[test]
fn legacy_reader_errors() {
    let legacy = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR";
    let cases = [
        String::new(),
        format!("{legacy} x - - 0 1"),
        format!("{legacy} red - - 0 1"),
        format!("{legacy} w - - 0 1/x4"),
        format!("{legacy} w - - 0 1/y04"),
        format!("{legacy} w - - 0 1/x49"),
        format!("{legacy} w - - 0 one"),
        format!("{legacy} w - - 0/x04 1"),
        format!("{legacy} w 0"),
        format!("{legacy} w - - 0 1 2"),
        "rnbakabnrr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w".to_owned(),
        "r/n/b/a/k/a/b/n/r/c/p w".to_owned(),
        "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNB將KABNR w".to_owned(),
        "rnbakabnr//1c5c/p1p1p1p1p//45//P1P1P1P1P/1C5C//RNBAKABNR w".to_owned(),
    ];
    let report: String = cases.iter().map(|input| check("legacy", input)).collect();
    insta::assert_snapshot!(report);
}
