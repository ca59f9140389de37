//! `explain`: the parts of every corpus position tile its text (every byte in
//! exactly one part, and the parts inside a part tile it), for the three
//! games and the legacy Xiangqi dialect; random text never panics; the parts
//! of a few positions and moves, as snapshots.

use std::fmt::Write;

use polyfen::explain::{Explanation, Part, explain, explain_move};
use polyfen::{Notation, Position, ReadOptions, RuleOptions, VariantId, read};
use polyfen_test_support::{data_lines, perft};
use proptest::prelude::*;

/// Asserts that `parts` tile `start..end` of `input`, recursively.
fn assert_tiles(input: &str, parts: &[Part], start: usize, end: usize) {
    let mut at = start;
    for part in parts {
        assert_eq!(part.start, at, "{input:?}: a gap or an overlap before {part:?}");
        assert!(part.end > part.start, "{input:?}: an empty part {part:?}");
        assert_eq!(part.text, input[part.start..part.end], "{input:?}");
        assert!(!part.meaning.is_empty(), "{input:?}: {part:?} has no meaning");
        if !part.parts.is_empty() {
            assert_tiles(input, &part.parts, part.start, part.end);
        }
        at = part.end;
    }
    assert_eq!(at, end, "{input:?}: the parts stop at {at}, not at {end}");
}

fn tiles(input: &str, from: Option<Notation>, options: ReadOptions) -> Explanation {
    let explained = explain(input, from, &options).unwrap_or_else(|e| panic!("{input}: {e}"));
    assert_tiles(input, &explained.parts, 0, input.len());
    explained
}

/// Positions reached by random legal playouts from `start`.
fn playouts(start: &str, games: u64, plies: u64) -> Vec<String> {
    let mut out = Vec::new();
    let rules = RuleOptions::default();
    for seed in 0..games {
        let mut position = read(start, None, &ReadOptions::default()).unwrap().position;
        let notation = position.variant().move_notations()[0];
        let mut state = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        for _ in 0..plies {
            let Ok(moves) = position.legal_moves(notation, &rules) else { break };
            if moves.is_empty() {
                break;
            }
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let pick = &moves[(state >> 33) as usize % moves.len()];
            position.play(pick, notation, &rules).unwrap();
            let text = position.to_notation(position.variant().default_notation(), &polyfen::WriteOptions::default());
            out.push(text.unwrap().text);
        }
    }
    out
}

#[test]
fn chess_corpus_parts_tile_the_text() {
    let mut count = 0;
    for file in ["chess/cozy_valid.sfens", "chess/cozy_chess960_start_positions.sfens", "chess/cozy_invalid.sfens"] {
        for line in data_lines(file) {
            if read(&line, None, &ReadOptions::default()).is_ok() {
                let explained = tiles(&line, None, ReadOptions::default());
                assert_eq!(explained.variant, VariantId::Chess);
                count += 1;
            }
        }
    }
    for file in ["chess/pychess_tricky.perft", "chess/pychess_chess960.perft", "chess/pychess_random.perft"] {
        for epd in perft::epds(&data_lines(file).join("\n")) {
            tiles(&epd, Some(Notation::Epd), ReadOptions::default());
            count += 1;
        }
    }
    assert!(count > 20_000, "{count}");
}

#[test]
fn xiangqi_parts_tile_the_text() {
    let mut inputs = playouts(polyfen::polyfen_xiangqi::START_FEN, 40, 60);
    inputs.push(polyfen::polyfen_xiangqi::START_FEN.to_owned());
    for input in &inputs {
        let explained = tiles(input, None, ReadOptions::default());
        assert_eq!(explained.notation, "xiangqi-fen");
    }
}

/// The legacy dialect's inputs of the Xiangqi crate's tests.
const SEED_BOARD: &str = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR";

fn legacy_inputs() -> Vec<String> {
    let mut inputs: Vec<String> =
        ["w - - 0 1/x04", "w - - 0 1", "W - - 0 1", "r - - 0 1", "b - - 0 1", "G - - 0 12/x95"]
            .iter()
            .chain(&["w KQkq e3 5 20", "w - - - 1", "w 5 20/x00", "g - - 0 1/x04"])
            .map(|fields| format!("{SEED_BOARD} {fields}"))
            .collect();
    inputs.extend(
        [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/xxxxxxxxx/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "3k.4/9/9/9/9/9/9/9/9/4K#3 w - - 0 1",
            "4k",
            "3k/////////4K b",
            "rheakaehr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RHEAKAEHR w - - 0 1",
        ]
        .map(str::to_owned),
    );
    inputs
}

#[test]
fn legacy_parts_tile_the_text_and_carry_the_repairs() {
    for input in legacy_inputs() {
        let explained = tiles(&input, Some(Notation::XiangqiLegacy), ReadOptions::default());
        let (_, repairs) = polyfen::polyfen_xiangqi::parse_legacy(&input).unwrap();
        let mut listed = 0;
        count_repairs(&explained.parts, &mut listed);
        assert_eq!(listed, repairs.len(), "{input}: every repair is on a part");
    }
}

fn count_repairs(parts: &[Part], count: &mut usize) {
    for part in parts {
        *count += part.repairs.len();
        count_repairs(&part.parts, count);
    }
}

#[test]
fn khet_parts_tile_the_text() {
    let mut inputs: Vec<String> = VariantId::Khet.setups().iter().map(|(_, p)| (*p).to_owned()).collect();
    for (_, setup) in VariantId::Khet.setups() {
        inputs.extend(playouts(setup, 5, 30));
    }
    for input in &inputs {
        let explained = tiles(input, None, ReadOptions::default());
        // Every rotation letter names the square of a piece.
        let rotations = explained.parts.iter().find(|p| p.kind == "rotations").unwrap();
        assert!(rotations.parts.iter().all(|r| r.squares.len() == 1), "{input}");
    }
}

#[test]
fn chess_moves_tile_and_name_their_squares() {
    let rules = RuleOptions::default();
    for start in playouts(polyfen::polyfen_chess::START_FEN, 10, 40) {
        let position = read(&start, None, &ReadOptions::default()).unwrap().position;
        for notation in VariantId::Chess.move_notations() {
            for text in position.legal_moves(*notation, &rules).unwrap() {
                let explained = explain_move(&start, None, &text, &ReadOptions::default()).unwrap();
                assert_tiles(&text, &explained.parts, 0, text.len());
                assert!(explained.parts.iter().all(|p| p.kind != "extra"), "{start} {text}: {:?}", explained.parts);
            }
        }
    }
}

#[test]
fn xiangqi_and_khet_moves_tile() {
    let rules = RuleOptions::default();
    let mut starts = playouts(polyfen::polyfen_xiangqi::START_FEN, 4, 30);
    starts.extend(playouts(polyfen::polyfen_khet::CLASSIC, 2, 10));
    for start in starts {
        let position = read(&start, None, &ReadOptions::default()).unwrap().position;
        for notation in position.variant().move_notations() {
            for text in position.legal_moves(*notation, &rules).unwrap() {
                let explained = explain_move(&start, None, &text, &ReadOptions::default()).unwrap();
                assert_tiles(&text, &explained.parts, 0, text.len());
                assert!(explained.parts.iter().all(|p| p.kind != "extra"), "{start} {text}: {:?}", explained.parts);
            }
        }
    }
}

/// The parts of `input`, one line each, nested parts indented.
fn listing(explained: &Explanation) -> String {
    fn walk(parts: &[Part], depth: usize, out: &mut String) {
        for part in parts {
            let _ = write!(
                out,
                "{:indent$}{}..{} {:?} {}: {} [{}]",
                "",
                part.start,
                part.end,
                part.text,
                part.kind,
                part.meaning,
                part.squares.join(" "),
                indent = depth * 2
            );
            for repair in &part.repairs {
                let _ = write!(out, " (repair: {repair})");
            }
            out.push('\n');
            walk(&part.parts, depth + 1, out);
        }
    }
    let mut out = format!("{} {}\n", explained.variant, explained.notation);
    walk(&explained.parts, 0, &mut out);
    out
}

#[test]
fn positions_part_by_part() {
    let inputs = [
        "r3k2r/8/8/8/4P3/8/8/R3K2R b KQkq e3 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04",
        polyfen::polyfen_khet::CLASSIC,
        "4k3/8/8/8/8/8/8/4K3 w - - bm Ke2; id \"x\";",
    ];
    let mut out = String::new();
    for input in inputs {
        out.push_str(&listing(&tiles(input, None, ReadOptions::default())));
    }
    insta::assert_snapshot!(out);
}

#[test]
fn moves_part_by_part() {
    let cases = [
        ("chess:standard", "Nf3"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O+"),
        ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=Q+"),
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Rad1"),
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Ra1-d1"),
        ("xiangqi:standard", "C2.5"),
        ("xiangqi:standard", "炮二平五"),
        ("xiangqi:standard", "H2-E2"),
        ("4k4/9/9/9/9/4P4/4P4/9/9/3K5 w - - 0 1", "前兵进一"),
        ("4k4/9/9/4P4/4P4/4P4/9/9/9/3K5 w - - 0 1", "25=6"),
        ("4k4/9/9/4P4/4P4/4P4/9/9/9/3K5 w - - 0 1", "中兵平六"),
        ("4k4/9/9/9/9/4P4/4P4/9/9/3K5 w - - 0 1", "P++1"),
        ("khet:classic", "j1-"),
        ("khet:classic", "h2g2"),
    ];
    let mut out = String::new();
    for (position, text) in cases {
        let explained = explain_move(position, None, text, &ReadOptions::default())
            .unwrap_or_else(|e| panic!("{position} {text}: {e}"));
        assert_tiles(text, &explained.parts, 0, text.len());
        let _ = writeln!(out, "{text}");
        out.push_str(&listing(&explained));
    }
    insta::assert_snapshot!(out);
}

#[test]
fn lenient_chess_repairs_sit_on_their_parts() {
    let input = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1";
    let explained = tiles(input, None, ReadOptions::lenient(true));
    let mut count = 0;
    count_repairs(&explained.parts, &mut count);
    assert!(count > 0, "{explained:?}");
}

#[test]
fn crazyhouse_pockets_and_promoted_pieces_tile_the_text() {
    let (mut pockets, mut promoted) = (0, 0);
    for text in playouts("crazyhouse:standard", 12, 160) {
        // the pocket in brackets, and as a ninth row
        let ninth_row = text.replacen('[', "/", 1).replacen(']', "", 1);
        for input in [text.as_str(), ninth_row.as_str()] {
            let explained = tiles(input, None, ReadOptions::default());
            let hand = explained.parts.iter().find(|p| p.kind == "hand").unwrap_or_else(|| panic!("{input}"));
            assert!(hand.text.starts_with(['[', '/']), "{input}");
            pockets += usize::from(hand.parts.iter().any(|p| p.kind == "hand-piece"));
            let marked = explained.parts.iter().flat_map(|p| &p.parts).filter(|p| p.text.ends_with('~')).count();
            assert!(
                explained
                    .parts
                    .iter()
                    .flat_map(|p| &p.parts)
                    .filter(|p| p.text.ends_with('~'))
                    .all(|p| p.kind == "piece" && p.value.contains("promoted pawn")),
                "{input}"
            );
            promoted += marked;
        }
    }
    assert!(pockets > 100 && promoted > 0, "{pockets} pockets, {promoted} promoted pieces");
}

/// The parts of `input`, read strictly and leniently, tile it where it is
/// read at all.
fn tiles_if_read(input: &str) {
    for lenient in [false, true] {
        if let Ok(explained) = explain(input, None, &ReadOptions::lenient(lenient)) {
            assert_tiles(input, &explained.parts, 0, input.len());
        }
    }
}

proptest! {
    #[test]
    fn random_text_never_panics_and_always_tiles(input in "\\PC{0,80}") {
        tiles_if_read(&input);
        let _ = explain_move("chess:standard", None, &input, &ReadOptions::default());
        let _ = explain_move("xiangqi:standard", None, &input, &ReadOptions::default());
    }

    #[test]
    fn near_crazyhouse_positions_never_panic(
        input in "[rnbqkpRNBQKP1-8/~]{0,60}(\\[[QRBNPqrbnpK~/-]{0,5}\\]?)?( [wb])?( [KQkq-]{1,4})?( [a-h1-8-]{1,3})?( [0-9]{1,3})?( [0-9+]{1,4})?",
    ) {
        tiles_if_read(&input);
    }

    #[test]
    fn near_positions_never_panic(
        input in "[rnbqkpRNBQKPAaCcEeHh0-9/x]{0,60}( [wbrgsWBRG])?( [KQkqA-Ha-h-]{1,4})?( [a-h1-8-]{1,3})?( [0-9]{1,3})?( [0-9]{1,3}(/x[0-9]{2})?)?",
    ) {
        tiles_if_read(&input);
    }
}
