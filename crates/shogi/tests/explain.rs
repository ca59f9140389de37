//! Every Shogi move notation explained part by part: USI, CSA, KIF, KI2
//! and Western, each part with its kind, value, meaning and squares (named
//! in USI), the parts tiling the text.

use std::fmt::Write as _;

use polyfen_game::explain::{Explain, Part};
use polyfen_shogi::{Position, Sfen, ShogiMoveNotation, ShogiPosition, Square};

/// A position and the move before it (for `同`), with moves to explain in
/// every notation, each given in USI.
struct Case {
    sfen: &'static str,
    before: &'static [&'static str],
    moves: &'static [&'static str],
}

const CASES: [Case; 6] = [
    // a pawn's first move
    Case { sfen: polyfen_shogi::START_SFEN, before: &[], moves: &["7g7f"] },
    // the bishop takes and promotes; gote takes back on the same square
    Case { sfen: polyfen_shogi::START_SFEN, before: &["7g7f", "3c3d"], moves: &["8h2b+"] },
    Case { sfen: polyfen_shogi::START_SFEN, before: &["7g7f", "3c3d", "8h2b+"], moves: &["3a2b"] },
    // a drop from the hand, and a gold that two golds could make
    Case { sfen: polyfen_shogi::START_SFEN, before: &["7g7f", "3c3d", "8h2b+", "3a2b"], moves: &["B*4e", "4i5h"] },
    // a silver that may promote and does not; a silver that must be told apart
    Case { sfen: "4k4/9/9/3S1S3/9/9/9/9/4K4 b - 1", before: &[], moves: &["6d5c", "6d6c+"] },
    // a dragon, a promoted piece in every notation
    Case { sfen: "4k4/9/9/5+R3/9/9/9/9/4K4 b - 1", before: &[], moves: &["4d4f"] },
];

fn play(position: &mut Position, usi: &str) -> polyfen_shogi::Move {
    let mv = ShogiMoveNotation::Usi.read(position, usi).expect("a legal move");
    position.play(mv);
    mv
}

/// One part and its inner parts as lines.
fn write_part(out: &mut String, part: &Part, depth: usize) {
    let squares = if part.squares.is_empty() { String::new() } else { format!(" [{}]", part.squares.join(" ")) };
    let _ = writeln!(
        out,
        "{:indent$}{:?} {} = {}{squares}: {}",
        "",
        part.text,
        part.kind,
        part.value,
        part.meaning,
        indent = depth * 2
    );
    for inner in &part.parts {
        write_part(out, inner, depth + 1);
    }
}

#[test]
fn each_notation_cut_into_parts() {
    let mut transcript = String::new();
    for case in &CASES {
        let setup: Sfen = case.sfen.parse().expect("an SFEN");
        let mut position = Position::from_setup(&setup).expect("playable");
        let mut last: Option<Square> = None;
        for usi in case.before {
            last = Some(play(&mut position, usi).to());
        }
        for usi in case.moves {
            let mv = ShogiMoveNotation::Usi.read(&position, usi).expect("a legal move");
            for notation in ShogiMoveNotation::ALL {
                let text = notation.write_after(&position, last, mv);
                let parts = <ShogiPosition as Explain>::move_parts(&text, notation, usi);
                let _ = writeln!(transcript, "{notation} {text} ({usi})");
                let mut at = 0;
                for part in &parts {
                    assert_eq!(part.start, at, "{text}: the parts tile the text");
                    assert!(!part.meaning.is_empty(), "{text}: {part:?}");
                    assert_ne!(part.kind, "extra", "{text}: every character is understood: {part:?}");
                    at = part.end;
                    write_part(&mut transcript, part, 1);
                }
                assert_eq!(at, text.len(), "{text}");
            }
            transcript.push('\n');
        }
    }
    insta::assert_snapshot!(transcript);
}

#[test]
fn the_forms_only_some_writers_use_are_explained_too() {
    let mut transcript = String::new();
    // KI2's relative words, KIF's 不成, CSA's drop, Western's origin and =,
    // as other writers or positions have them
    for (text, notation, usi) in [
        ("▲６八銀右引", ShogiMoveNotation::Ki2, "5g6h"),
        ("△７七角不成", ShogiMoveNotation::Ki2, "2b7g"),
        ("▲５八金直", ShogiMoveNotation::Ki2, "5i5h"),
        ("▲４八金寄", ShogiMoveNotation::Ki2, "3h4h"),
        ("▲２三歩生", ShogiMoveNotation::Ki2, "2d2c"),
        ("６三銀不成(64)", ShogiMoveNotation::Kif, "6d6c"),
        ("同　歩(23)", ShogiMoveNotation::Kif, "2c2d"),
        ("-0055KA", ShogiMoveNotation::Csa, "B*5e"),
        ("S5cx4d", ShogiMoveNotation::Western, "5c4d"),
        ("S-4h=", ShogiMoveNotation::Western, "5g4h"),
        ("+R4d-4f", ShogiMoveNotation::Western, "4d4f"),
        ("P*5e", ShogiMoveNotation::Western, "P*5e"),
        ("G68-58", ShogiMoveNotation::WesternNumeric, "6h5h"),
        ("+B-55", ShogiMoveNotation::WesternNumeric, "4f5e"),
        ("P*76", ShogiMoveNotation::WesternNumeric, "P*7f"),
        (" 7g7f ", ShogiMoveNotation::Usi, "7g7f"),
    ] {
        let parts = <ShogiPosition as Explain>::move_parts(text, notation, usi);
        let _ = writeln!(transcript, "{notation} {text:?} ({usi})");
        let mut at = 0;
        for part in &parts {
            assert_eq!(part.start, at, "{text}: the parts tile the text");
            assert_ne!(part.kind, "extra", "{text}: {part:?}");
            at = part.end;
            write_part(&mut transcript, part, 1);
        }
        assert_eq!(at, text.len(), "{text}");
    }
    insta::assert_snapshot!(transcript);
}

#[test]
fn the_notation_of_a_move_text_is_guessed_from_its_shape() {
    for (text, notation) in [
        ("7g7f", ShogiMoveNotation::Usi),
        ("+7776FU", ShogiMoveNotation::Csa),
        ("７六歩(77)", ShogiMoveNotation::Kif),
        ("▲７六歩", ShogiMoveNotation::Ki2),
        ("P-7f", ShogiMoveNotation::Western),
        ("P-76", ShogiMoveNotation::WesternNumeric),
        ("G68-58", ShogiMoveNotation::WesternNumeric),
        ("Bx77=", ShogiMoveNotation::WesternNumeric),
        ("P*76", ShogiMoveNotation::WesternNumeric),
        ("P*5e", ShogiMoveNotation::Usi),
        ("+R4d-4f", ShogiMoveNotation::Western),
    ] {
        assert_eq!(<ShogiPosition as Explain>::guess_move_notation(text), notation, "{text}");
    }
}

#[test]
fn any_text_is_cut_without_panicking() {
    for text in ["", "+", "+77", "００", "同", "▲", "(", "(77", "+R", "x", "P*", "７六歩(", "成", "\u{3000}"] {
        for notation in ShogiMoveNotation::ALL {
            for usi in ["", "7g7f", "P*5e", "8h2b+", "?"] {
                let parts = <ShogiPosition as Explain>::move_parts(text, notation, usi);
                let covered = parts.last().map_or(0, |p| p.end);
                assert_eq!(covered, text.len(), "{text:?} in {notation}");
            }
        }
    }
}

proptest::proptest! {
    #[test]
    fn any_text_in_any_notation_is_cut_into_parts_that_tile_it(
        text in "[+\\-*=x()0-9a-iPLNSGBRK▲△同成不打右左直上引寄生１２３４５六七八九歩銀角龍\u{3000} ]{0,12}",
        usi in "[0-9a-i*+PB]{0,6}",
        n in 0usize..5,
    ) {
        let notation = ShogiMoveNotation::ALL[n];
        let parts = <ShogiPosition as Explain>::move_parts(&text, notation, &usi);
        let mut at = 0;
        for part in &parts {
            proptest::prop_assert_eq!(part.start, at);
            at = part.end;
        }
        proptest::prop_assert_eq!(at, text.len());
    }
}
