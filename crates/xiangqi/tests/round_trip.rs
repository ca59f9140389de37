//! Standard Xiangqi FEN: every accepted form reads, writes the canonical
//! form, and the canonical form reads back to the same setup; the legacy
//! dialect writes back byte for byte.

use std::fmt::Write;

use polyfen_xiangqi::{Fen, LetterSet, START_FEN, XqOptions, parse_fen, parse_legacy, to_legacy_string};

/// Reads `input` as standard FEN, checks that it writes `expected` and that
/// `expected` reads back to the same setup and writes itself.
fn check(input: &str, expected: &str) {
    let fen: Fen = input.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
    assert_eq!(fen.to_string(), expected, "{input}");
    let again: Fen = expected.parse().unwrap_or_else(|e| panic!("{expected}: {e}"));
    assert_eq!(again, fen, "{expected}");
    assert_eq!(again.to_string(), expected);
}

const MIDGAME: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

#[test]
fn standard_forms() {
    let board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
    for (input, expected) in [
        (START_FEN, START_FEN),
        // short forms
        (board, START_FEN),
        (&format!("{board} w"), START_FEN),
        (&format!("{board} w 0 1"), START_FEN),
        (&format!("{board} w - -"), START_FEN),
        (&format!("{board} w - - 0"), START_FEN),
        (&format!("{board} b 12 40"), &format!("{board} b - - 12 40")),
        // red as 'r', white space around and between
        (&format!("{board} r - - 0 1"), START_FEN),
        (&format!("  {board}\tr  -  - 0 1 \n"), START_FEN),
        // every letter set, and mixtures
        ("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1", START_FEN),
        ("rnmgkgmnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNMGKGMNR w - - 0 1", START_FEN),
        ("rhbgkamnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNEAKGMHR w - - 0 1", START_FEN),
        (MIDGAME, MIDGAME),
        ("9/9/9/9/9/9/9/9/9/9 b - - 4294967295 4294967295", "9/9/9/9/9/9/9/9/9/9 b - - 4294967295 4294967295"),
    ] {
        check(input, expected);
    }
}

/// Each letter set writes its own letters and reads back (every set is read
/// on input), and `parse_fen` finds the set a string was written in.
#[test]
fn letter_sets() {
    let fen: Fen = MIDGAME.parse().unwrap();
    let mut report = String::new();
    for letters in LetterSet::ALL {
        let options = XqOptions { letters };
        let written = fen.to_string_with(&options);
        let (again, found) = parse_fen(&written).unwrap();
        assert_eq!(again, fen);
        assert_eq!(found, options);
        let _ = writeln!(report, "{letters:>6}: {written}");
        assert_eq!(letters.name().parse::<LetterSet>(), Ok(letters));
    }
    assert_eq!("WXF".parse::<LetterSet>(), Ok(LetterSet::Wxf));
    assert_eq!(
        "fide".parse::<LetterSet>().unwrap_err().to_string(),
        "unknown letter set \"fide\", expected xqbase, wxf or iccs"
    );
    insta::assert_snapshot!(report);
}

/// Standard and legacy strings: what each reader makes of them, in both
/// forms. Legacy strings written by the legacy writer come back byte for
/// byte.
#[test]
fn snapshot_of_both_forms() {
    let inputs = [
        START_FEN,
        MIDGAME,
        "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04",
        "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1",
        "4k/////////4K b - - 7 31/x94",
        "2bak4/4a4/4b4/9/9/9/9/9/4A4/3AK4 w 3 20",
    ];
    let mut report = String::new();
    for input in inputs {
        let (fen, repairs) = parse_legacy(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        let legacy = to_legacy_string(&fen, &XqOptions::default());
        let standard = fen.to_string();
        let _ = writeln!(report, "input:    {input}");
        let _ = writeln!(report, "standard: {standard}");
        let _ = writeln!(report, "legacy:   {legacy}");
        let _ = writeln!(report, "repairs:  {}", repairs.len());
        // the legacy form is a fixed point of the legacy reader and writer
        let (back, _) = parse_legacy(&legacy).unwrap();
        assert_eq!(back, fen);
        assert_eq!(to_legacy_string(&back, &XqOptions::default()), legacy);
        // the standard form reads strictly, without the marker
        let strict: Fen = standard.parse().unwrap();
        assert_eq!(strict.board, fen.board);
        assert_eq!(strict.extras.marker, None);
    }
    insta::assert_snapshot!(report);
}

#[test]
fn seed_example_round_trips_byte_for_byte() {
    let seed = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04";
    let (fen, _) = parse_legacy(seed).unwrap();
    assert_eq!(to_legacy_string(&fen, &XqOptions::default()), seed);
    assert_eq!(fen.to_string(), START_FEN);
    assert!(polyfen_xiangqi::lost_in_standard(&fen).is_some());
    let start: Fen = START_FEN.parse().unwrap();
    assert_eq!(fen.board, start.board);
    assert!(polyfen_xiangqi::lost_in_standard(&start).is_none());
}
