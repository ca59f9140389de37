//! The legacy dialect (docs/src/lenient-dialects.md): a table of legacy inputs and the
//! standard FEN each must become, and the repairs each reading reports.

use std::fmt::Write;

use polyfen_test_support::underline;
use polyfen_xiangqi::{Marker, parse_legacy};

/// Reads `input` in the legacy dialect and checks its standard form;
/// returns the input, its standard form and the repairs for the snapshot.
fn check(input: &str, expected: &str) -> String {
    let (fen, repairs) = parse_legacy(input).unwrap_or_else(|e| panic!("{input}: {e}"));
    assert_eq!(fen.to_string(), expected, "{input}");
    let mut report = format!("{input}\n  => {expected}\n");
    for repair in &repairs {
        assert!(repair.span.start <= repair.span.end && repair.span.end <= input.len(), "{repair:?}");
        let _ = writeln!(report, "     {repair}");
    }
    report
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const SEED_BOARD: &str = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR";

#[test]
fn legacy_to_standard() {
    let cases = [
        // the seed's own example
        (format!("{SEED_BOARD} w - - 0 1/x04"), START.to_owned()),
        (format!("{SEED_BOARD} w - - 0 1"), START.to_owned()),
        (SEED_BOARD.to_owned(), START.to_owned()),
        // side letters: w W r R red, b B g G black
        (format!("{SEED_BOARD} W - - 0 1"), START.to_owned()),
        (format!("{SEED_BOARD} r - - 0 1"), START.to_owned()),
        (format!("{SEED_BOARD} R - - 0 1"), START.to_owned()),
        (format!("{SEED_BOARD} b - - 0 1"), START.replace(" w ", " b ")),
        (format!("{SEED_BOARD} B - - 0 1"), START.replace(" w ", " b ")),
        (format!("{SEED_BOARD} g - - 0 1"), START.replace(" w ", " b ")),
        (format!("{SEED_BOARD} G - - 0 12/x95"), START.replace(" w - - 0 1", " b - - 0 12")),
        // unrecognised letters are one empty point each
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/xxxxxxxxx/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".to_owned(), START.to_owned()),
        ("3k.4/9/9/9/9/9/9/9/9/4K#3 w - - 0 1".to_owned(), "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1".to_owned()),
        // missing ranks at the end, short ranks
        ("4k".to_owned(), "4k4/9/9/9/9/9/9/9/9/9 w - - 0 1".to_owned()),
        ("3k/////////4K b".to_owned(), "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1".to_owned()),
        // the unused fields
        (format!("{SEED_BOARD} w KQkq e3 5 20"), START.replace("0 1", "5 20")),
        (format!("{SEED_BOARD} w - - - 1"), START.to_owned()),
        (format!("{SEED_BOARD} w 5 20/x00"), START.replace("0 1", "5 20")),
        // standard FEN reads unchanged, WXF letters too
        (START.to_owned(), START.to_owned()),
        ("rheakaehr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RHEAKAEHR w - - 0 1".to_owned(), START.to_owned()),
    ];
    let report: String = cases.iter().map(|(input, expected)| check(input, expected)).collect();
    insta::assert_snapshot!(report);
}

/// Where each repair of the seed's example points, shown under the input.
#[test]
fn repairs_point_at_what_they_repaired() {
    let input = format!("{SEED_BOARD} g - - 0 1/x04");
    let (_, repairs) = parse_legacy(&input).unwrap();
    let report: String = repairs.iter().map(|r| underline(&input, &r.span, &r.message)).collect();
    insta::assert_snapshot!(report);
}

#[test]
fn marker_is_kept_as_data() {
    let (fen, _) = parse_legacy(&format!("{SEED_BOARD} w - - 0 1/x04")).unwrap();
    let marker = fen.extras.marker.unwrap();
    assert_eq!(marker, Marker { row: 0, col: 4 });
    assert_eq!(marker.to_string(), "/x04");
    assert_eq!(marker.square().map(|s| s.to_string()).as_deref(), Some("e9"));
    let e0 = "/x94".parse::<Marker>().unwrap().square().unwrap();
    assert_eq!(e0.to_string(), "e0");
    let (fen, _) = parse_legacy(&format!("{SEED_BOARD} w - - 0 1/x98")).unwrap();
    let sq = fen.extras.marker.and_then(Marker::square).unwrap();
    assert_eq!(sq.to_string(), "i0");
    assert_eq!(Marker::from_square(sq), Marker { row: 9, col: 8 });
    assert!("/x9".parse::<Marker>().is_err());
}
