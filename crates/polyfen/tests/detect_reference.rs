//! The one-pass guess of a notation (each game's guess from the text's
//! shape, the surest taken) agrees with the guess as it was first
//! written, in several passes over the text (with Shogi's board notations
//! and its SFEN with a bad side added since).

use polyfen::{Notation, candidates};
use proptest::prelude::*;

/// The guess as it was written first, in several passes with
/// allocations: the reference the one-pass scan must agree with
/// (with the legacy side letters and short ranks it did not look at).
fn reference(input: &str) -> Vec<Notation> {
    let trimmed = input.trim_start();
    if trimmed.starts_with('{') {
        return vec![Notation::Json];
    }
    let mut fields = trimmed.split_ascii_whitespace();
    let placement = fields.next().unwrap_or("");
    let second = fields.next();
    let rows = placement.bytes().filter(|&b| b == b'/').count() + 1;
    let width = |row: &str| -> usize {
        row.bytes()
            .map(|b| match b {
                b'0' => 10,
                b'1'..=b'9' => usize::from(b - b'0'),
                _ => 1,
            })
            .sum()
    };
    let rotations = second.is_some_and(|f| f.len() > 1 && f.bytes().all(|b| matches!(b, b'n' | b'e' | b's' | b'w')));
    let ten_digit = placement.bytes().any(|b| b == b'0');
    let ten_wide = rows == 8 && placement.split('/').filter(|row| width(row) == 10).count() * 2 > rows;
    if rotations || ten_digit || ten_wide {
        return vec![Notation::Pkn];
    }
    // Shogi's board notations, by their first line
    let b = trimmed.as_bytes();
    if matches!(b, [b'P', b'1'..=b'9', b' ' | b'+' | b'-', ..] | [b'P', b'I' | b'+' | b'-', ..]) {
        return vec![Notation::CsaBoard];
    }
    if ["後手の持駒", "上手の持駒", "９ ８ ７", "+---"].iter().any(|head| trimmed.starts_with(head)) {
        return vec![Notation::KifBoard];
    }
    let marked = |field: &str| {
        field
            .split_once("/x")
            .is_some_and(|(number, _)| !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
    };
    let marker = trimmed.split_ascii_whitespace().skip(1).any(marked);
    let empty_rows = placement.contains("//");
    let legacy_side = matches!(second, Some("W" | "R" | "B" | "G" | "g"));
    let short_row = placement.split('/').any(|row| width(row) < 9);
    if marker || (empty_rows && rows != 8) || (rows == 10 && (legacy_side || short_row)) {
        return vec![Notation::XiangqiLegacy, Notation::XiangqiFen];
    }
    if rows == 10 {
        return vec![Notation::XiangqiFen, Notation::XiangqiLegacy];
    }
    let fifth = trimmed.split_ascii_whitespace().nth(4);
    // SFEN: its side, or with another side a `+` piece or its three fields
    let sfen_like = placement.contains('+') || trimmed.split_ascii_whitespace().count() == 4;
    if rows == 9 && (matches!(second, Some("b" | "w" | "B" | "W")) || sfen_like) && fifth.is_none() {
        return vec![Notation::Sfen];
    }
    if rows != 8 && placement.bytes().any(|b| matches!(b.to_ascii_lowercase(), b'c' | b'h' | b'g' | b'm')) {
        return vec![Notation::XiangqiFen];
    }
    let epd_first = fifth.is_some_and(|f| f.as_bytes()[0].is_ascii_alphabetic());
    if epd_first { vec![Notation::Epd, Notation::Fen] } else { vec![Notation::Fen, Notation::Epd] }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn one_pass_agrees_with_the_reference(input in "[ \t{/0-9a-zA-Z\\-;\"]{0,90}") {
        prop_assert_eq!(candidates(&input), reference(&input));
    }

    #[test]
    fn one_pass_agrees_on_any_string(input in any::<String>()) {
        prop_assert_eq!(candidates(&input), reference(&input));
    }

    #[test]
    fn one_pass_agrees_on_boards_of_exact_widths(
        rank_count in 7usize..12,
        width in 8usize..10,
        odd_rank in 0usize..16,
        odd_width in 7usize..11,
        cells in proptest::collection::vec(proptest::collection::vec(proptest::option::of("[pnbrqkcahePRNBQKCAHE]"), 11), 12),
        fields in proptest::collection::vec("[-0-9wbrgRGBWnes/xKQkq;]{1,6}", 0..7),
    ) {
        let ranks: Vec<String> = cells.iter().take(rank_count).enumerate().map(|(i, rank)| {
            let mut text = String::new();
            let mut run = 0;
            for cell in &rank[..if i == odd_rank { odd_width } else { width }] {
                match cell {
                    None => run += 1,
                    Some(piece) => {
                        if run > 0 {
                            text.push_str(&run.to_string());
                            run = 0;
                        }
                        text.push_str(piece);
                    }
                }
            }
            if run > 0 {
                text.push_str(&run.to_string());
            }
            text
        }).collect();
        let input = format!("{} {}", ranks.join("/"), fields.join(" "));
        prop_assert_eq!(candidates(&input), reference(&input));
    }

    #[test]
    fn one_pass_agrees_on_notation_shapes(
        rows in proptest::collection::vec("[0-9prnbqkcahePRNBQKCAHE]{0,11}", 1..12),
        fields in proptest::collection::vec("[-0-9wbrgRGBWnes/xKQkq;]{1,6}", 0..7),
    ) {
        let input = format!("{} {}", rows.join("/"), fields.join(" "));
        prop_assert_eq!(candidates(&input), reference(&input));
    }
}
