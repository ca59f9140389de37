//! Detection is right the first time: for every corpus line of the three
//! games, and for positions of random playouts written in every notation of
//! their game, the most likely notation [`polyfen::detect`] names is the
//! one the line reads in, so that reading never pays for a failed guess.

use polyfen::polyfen_xiangqi::LetterSet;
use polyfen::{
    AnyPosition, Notation, Position, ReadOptions, RuleOptions, VariantId, WriteOptions, detect, read, read_as,
};
use polyfen_test_support::Rng;
use polyfen_test_support::data_lines;

/// Asserts that `line` reads in the first notation detected, and that
/// [`read`] says so; returns the position.
fn first_guess_reads(line: &str) -> AnyPosition {
    let first = detect(line).first();
    let reading = read_as(line, first, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("{line}: detected {first}, which does not read: {e}"));
    let detected = read(line, None, &ReadOptions::default()).expect("reads as detected");
    assert_eq!(detected.notation, first, "{line}");
    reading.position
}

/// The chess corpus lines that are positions: every line of a `.sfens`
/// file, and the EPDs of a perft suite.
fn chess_lines(file: &str, perft: bool) -> Vec<String> {
    if perft { polyfen_test_support::perft::epds(&data_lines(file).join("\n")) } else { data_lines(file) }
}

#[test]
fn every_valid_chess_corpus_line_reads_as_first_detected() {
    let mut count = 0;
    for (file, perft) in [
        ("chess/cozy_valid.sfens", false),
        ("chess/cozy_chess960_start_positions.sfens", false),
        ("chess/pychess_random.perft", true),
        ("chess/pychess_chess960.perft", true),
        ("chess/pychess_tricky.perft", true),
    ] {
        for line in chess_lines(file, perft) {
            first_guess_reads(&line);
            count += 1;
        }
    }
    assert!(count > 11_000, "{count}");
}

/// An invalid line that reads at all reads in the first notation detected.
#[test]
fn invalid_chess_corpus_lines_that_read_read_as_first_detected() {
    for line in chess_lines("chess/cozy_invalid.sfens", false) {
        if let Ok(reading) = read(&line, None, &ReadOptions::default()) {
            assert_eq!(reading.notation, detect(&line).first(), "{line}");
        }
    }
}

/// The FEN tags of the public Xiangqi game records.
#[test]
fn xiangqi_record_fens_read_as_first_detected() {
    let Some(dir) = polyfen_test_support::corpus("xiangqi-records/cchess-tests") else { return };
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("directory entry").path();
        if path.extension().is_none_or(|e| !e.eq_ignore_ascii_case("pgn")) {
            continue;
        }
        let text = String::from_utf8_lossy(&std::fs::read(&path).expect("readable")).into_owned();
        for line in text.lines() {
            if let Some(fen) = line.trim().strip_prefix("[FEN \"").and_then(|rest| rest.strip_suffix("\"]")) {
                let position = first_guess_reads(fen);
                assert_eq!(position.variant(), VariantId::Xiangqi, "{fen}");
                count += 1;
            }
        }
    }
    assert!(count >= 2, "{count}");
}

/// Positions along random playouts from each named setup of `variant`.
fn playouts(variant: VariantId, per_setup: usize, rng: &mut Rng) -> Vec<AnyPosition> {
    let options = RuleOptions::default();
    let notation = variant.move_notations()[0];
    let mut out = Vec::new();
    for &(_, setup) in variant.setups() {
        let mut position = read(setup, None, &ReadOptions::default()).expect("setups read").position;
        for _ in 0..per_setup {
            out.push(position.clone());
            let moves = position.legal_moves(notation, &options).unwrap_or_default();
            if moves.is_empty() {
                position = read(setup, None, &ReadOptions::default()).expect("setups read").position;
                continue;
            }
            let chosen = &moves[rng.below(moves.len())];
            position.play(chosen, notation, &options).expect("a legal move plays");
        }
    }
    out
}

/// Every notation of `variant` (and its written variations) that a line
/// can be in.
fn written_forms(variant: VariantId) -> Vec<(Notation, WriteOptions)> {
    let plain = WriteOptions::default();
    match variant {
        VariantId::Chess => vec![(Notation::Fen, plain), (Notation::ShredderFen, plain), (Notation::Epd, plain)],
        VariantId::Xiangqi => [LetterSet::Xqbase, LetterSet::Wxf, LetterSet::Iccs]
            .into_iter()
            .flat_map(|letters| {
                let options = plain.with_letters(letters);
                [(Notation::XiangqiFen, options), (Notation::XiangqiLegacy, options)]
            })
            .collect(),
        VariantId::Khet => vec![(Notation::Pkn, plain), (Notation::Pkn, plain.with_canonical(true))],
        // the board diagrams span several lines: no line is one
        VariantId::Shogi => vec![(Notation::Sfen, plain)],
        // a game defined as data is read with its name: no text is
        // detected as one
        VariantId::Fairy => Vec::new(),
    }
}

#[test]
fn playout_positions_in_every_notation_read_as_first_detected() {
    let mut rng = Rng::new(0x00DE_7EC7);
    for variant in [VariantId::Chess, VariantId::Xiangqi, VariantId::Khet, VariantId::Shogi] {
        let positions = playouts(variant, 150, &mut rng);
        assert!(positions.len() >= 150, "{variant}");
        for position in &positions {
            for (notation, options) in written_forms(variant) {
                let line = position.to_notation(notation, &options).expect("writes").text;
                let read_back = first_guess_reads(&line);
                assert_eq!(read_back.variant(), variant, "{line}");
                let json = position.to_notation(Notation::Json, &options).expect("writes").text;
                assert_eq!(first_guess_reads(&json).variant(), variant, "{json}");
            }
        }
    }
}
