//! The public chess corpus: every valid FEN parses, validates and round-trips
//! byte for byte; every invalid one is rejected; every EPD of the perft
//! suites parses.

use polyfen_chess::{Epd, Violation, parse_fen};
use polyfen_test_support::{data_lines, perft};

/// Each of the `count` FENs of the data file `file` parses, is valid and
/// is written back byte for byte.
fn valid_and_round_trips(file: &str, count: usize) {
    let lines = data_lines(file);
    assert_eq!(lines.len(), count);
    for line in &lines {
        let (fen, options) = parse_fen(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        let violations = fen.validate();
        assert!(violations.is_empty(), "{line}: {violations:?}");
        assert_eq!(&fen.to_string_with(&options), line);
    }
}

#[test]
fn cozy_valid_parse_validate_and_round_trip() {
    valid_and_round_trips("chess/cozy_valid.sfens", 10_000);
}

#[test]
fn cozy_chess960_start_positions_round_trip() {
    valid_and_round_trips("chess/cozy_chess960_start_positions.sfens", 960);
}

#[test]
fn cozy_invalid_all_rejected() {
    let lines = data_lines("chess/cozy_invalid.sfens");
    assert_eq!(lines.len(), 9_992);
    let mut accepted = Vec::new();
    for line in &lines {
        if let Ok((fen, _)) = parse_fen(line)
            && fen.validate().is_empty()
        {
            accepted.push(line.clone());
        }
    }
    assert!(accepted.is_empty(), "{} accepted, e.g. {:?}", accepted.len(), &accepted[..accepted.len().min(10)]);
}

#[test]
fn every_perft_epd_parses() {
    let mut count = 0;
    let mut impossible = 0;
    for file in ["chess/pychess_tricky.perft", "chess/pychess_chess960.perft", "chess/pychess_random.perft"] {
        for epd in perft::epds(&data_lines(file).join("\n")) {
            let parsed: Epd = epd.parse().unwrap_or_else(|e| panic!("{epd}: {e}"));
            let v = parsed.setup.validate();
            assert!(v.iter().all(|v| matches!(v, Violation::ImpossibleCheck { .. })), "{epd}: {v:?}");
            impossible += usize::from(!v.is_empty());
            count += 1;
        }
    }
    assert_eq!(count, 7817);
    // the en passant trick positions of the tricky suite
    assert_eq!(impossible, 3);
}
