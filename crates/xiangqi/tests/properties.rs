//! Property tests: writing then reading is the identity, in both forms and
//! every letter set, and no input, however broken, makes a reader panic.

use polyfen_core::Color;
use polyfen_xiangqi::{
    Board, Fen, LetterSet, Marker, Piece, RenderStyle, Role, XiangqiExtras, XqOptions, parse_legacy, render,
    to_legacy_string,
};
use proptest::prelude::*;

fn piece() -> impl Strategy<Value = Piece> {
    (any::<bool>(), 0..7usize)
        .prop_map(|(red, role)| Piece::new(if red { Color::White } else { Color::Black }, Role::ALL[role]))
}

/// Boards from empty to full, mostly sparse like real positions.
fn board() -> impl Strategy<Value = Board> {
    (1..100u32).prop_flat_map(|density| {
        proptest::collection::vec(proptest::option::weighted(f64::from(density) / 100.0, piece()), 90).prop_map(
            |cells| {
                let mut board: Board = [None; 90];
                for (cell, value) in board.iter_mut().zip(cells) {
                    *cell = value;
                }
                board
            },
        )
    })
}

fn setup(with_marker: bool) -> impl Strategy<Value = Fen> {
    (board(), any::<bool>(), any::<u32>(), any::<u32>(), proptest::option::of((0..10u8, 0..9u8))).prop_map(
        move |(board, red, halfmove, fullmove, marker)| Fen {
            board,
            extras: XiangqiExtras {
                turn: if red { Color::White } else { Color::Black },
                halfmove,
                fullmove,
                marker: marker.filter(|_| with_marker).map(|(row, col)| Marker { row, col }),
            },
        },
    )
}

fn letters() -> impl Strategy<Value = LetterSet> {
    (0..3usize).prop_map(|i| LetterSet::ALL[i])
}

/// Reads `input` with both readers and, when they succeed, writes, renders
/// and validates the result: none of it may panic.
fn read_everything(input: &str) {
    if let Ok(fen) = input.parse::<Fen>() {
        let _ = fen.validate();
        let again: Fen = fen.to_string().parse().expect("the standard writer's output reads back");
        assert_eq!(again, fen);
    }
    if let Ok((fen, repairs)) = parse_legacy(input) {
        for r in &repairs {
            assert!(r.span.start <= r.span.end && r.span.end <= input.len(), "{r:?}");
        }
        let _ = fen.validate();
        let _ = render(&fen, RenderStyle::Unicode);
        let legacy = to_legacy_string(&fen, &XqOptions::default());
        let (again, _) = parse_legacy(&legacy).expect("the legacy writer's output reads back");
        assert_eq!(again, fen);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn standard_write_then_read_is_identity(fen in setup(false), letters in letters()) {
        let written = fen.to_string_with(&XqOptions { letters });
        let read: Fen = written.parse().map_err(|e| TestCaseError::fail(format!("{written}: {e}")))?;
        prop_assert_eq!(&read, &fen);
        prop_assert_eq!(read.to_string_with(&XqOptions { letters }), written);
    }

    #[test]
    fn legacy_write_then_read_is_identity(fen in setup(true), letters in letters()) {
        let written = to_legacy_string(&fen, &XqOptions { letters });
        let (read, _) = parse_legacy(&written).map_err(|e| TestCaseError::fail(format!("{written}: {e}")))?;
        prop_assert_eq!(&read, &fen);
        prop_assert_eq!(to_legacy_string(&read, &XqOptions { letters }), written);
    }

    #[test]
    fn renders_every_setup(fen in setup(true)) {
        for style in RenderStyle::ALL {
            let diagram = render(&fen, style);
            prop_assert_eq!(diagram.lines().count(), 22 + usize::from(fen.extras.marker.is_some()));
        }
    }

    #[test]
    fn ascii_heavy_strings_never_panic(input in "[ -~]{0,120}") {
        read_everything(&input);
    }

    #[test]
    fn fen_like_strings_never_panic(input in "[rnbakcpRNBAKCPehgmEHGM1-9/ wrbgWRBG0x-]{0,100}") {
        read_everything(&input);
    }

    #[test]
    fn arbitrary_unicode_never_panics(input in "\\PC{0,80}") {
        read_everything(&input);
    }

    #[test]
    fn edited_fens_never_panic(
        base in 0..2usize,
        at in 0..80usize,
        cut in 0..4usize,
        insert in "[\\PC]{0,3}",
    ) {
        let base = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04",
        ][base];
        let mut input = base.to_owned();
        let at = at.min(input.len());
        let end = (at + cut).min(input.len());
        input.replace_range(at..end, &insert);
        read_everything(&input);
    }
}
