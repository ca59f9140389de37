//! Xiangqi explained part by part ([`Explain`]): the pieces in words, the
//! side, the numbers (and the placeholders where chess has castling and en
//! passant), the legacy dialect's `/xRC` marker, and the parts of ICCS,
//! UCCI, uci-1, WXF, Chinese and SAN moves.

use core::ops::Range;

use polyfen_core::Color;
use polyfen_game::explain::{Explain, Field, Geometry, MoveText, Part, SquareSyntax, names_squares, side_part};

use super::{XiangqiNotation, XiangqiPosition};
use crate::{Piece, XiangqiMoveNotation, color_name};

impl Explain for XiangqiPosition {
    fn geometry(&self) -> Geometry {
        Geometry { first_label: 0, cell: "point", ..Geometry::chess_like(9, 10) }
    }

    fn piece_words(&self, file: u8, rank: u8) -> Option<String> {
        self.setup.piece_at(file, rank).map(Piece::describe)
    }

    fn color_words(color: Color) -> &'static str {
        color_name(color)
    }

    fn field_parts(&self, field: Field<'_>, notation: XiangqiNotation, _pieces: &[(u8, u8)], parts: &mut Vec<Part>) {
        let Field { input, start, end, index } = field;
        let text = field.text();
        let extras = &self.setup.extras;
        let number = |span: Range<usize>| {
            Number { index, notation, halfmove: extras.halfmove, fullmove: extras.fullmove }.part(input, span)
        };
        if index == 1 {
            parts.push(side_part::<XiangqiPosition>(Part::new(input, start, end, "side"), extras.turn));
            return;
        }
        if let Some(cut) = text.find("/x") {
            let (digits, marker) = (start..start + cut, start + cut..end);
            if !digits.is_empty() {
                parts.push(number(digits));
            }
            let (value, squares, meaning) = match extras.marker.and_then(|m| m.square().map(|s| (m, s))) {
                Some((marker, square)) => {
                    let name = square.to_string();
                    let meaning = format!(
                        "The legacy marker of the last picked piece: row {} from the top, column {} from the left, the point {name}; standard Xiangqi FEN has no place for it.",
                        marker.row, marker.col,
                    );
                    (name.clone(), vec![name], meaning)
                }
                None => (String::new(), Vec::new(), "A legacy marker that names no point.".to_owned()),
            };
            parts.push(Part::new(input, marker.start, marker.end, "marker").with(value, meaning).on(squares));
        } else {
            parts.push(number(start..end));
        }
    }

    fn move_parts(text: &str, notation: XiangqiMoveNotation, coordinate: &str) -> Vec<Part> {
        let m = MoveText::new(text, coordinate);
        match notation {
            XiangqiMoveNotation::Wxf | XiangqiMoveNotation::WxfFsf => m.parts(|_, k| (wxf_part(&m, k), 1)),
            XiangqiMoveNotation::Chinese | XiangqiMoveNotation::ChineseTraditional => {
                m.parts(|_, k| (chinese_part(&m, k), 1))
            }
            XiangqiMoveNotation::Iccs | XiangqiMoveNotation::Ucci | XiangqiMoveNotation::Uci1 => {
                let syntax = SquareSyntax { any_case: true, two_digit_ranks: notation == XiangqiMoveNotation::Uci1 };
                m.coordinate_parts(syntax, false, |_, _| None)
            }
            XiangqiMoveNotation::SanFsf => {
                let syntax = SquareSyntax { any_case: false, two_digit_ranks: true };
                m.coordinate_parts(syntax, true, san_part)
            }
        }
    }

    fn guess_move_notation(text: &str) -> XiangqiMoveNotation {
        if !text.is_ascii() {
            XiangqiMoveNotation::Chinese
        } else if crate::notation::san_like(text.trim().as_bytes()) {
            XiangqiMoveNotation::SanFsf
        } else if names_squares(text) {
            XiangqiMoveNotation::Iccs
        } else {
            XiangqiMoveNotation::Wxf
        }
    }
}

/// A numeric field of a Xiangqi text: the clocks, or the placeholders where
/// chess has castling rights and an en passant square.
struct Number {
    index: usize,
    notation: XiangqiNotation,
    halfmove: u32,
    fullmove: u32,
}

impl Number {
    fn part(&self, input: &str, span: Range<usize>) -> Part {
        let Number { index, notation, halfmove, fullmove } = *self;
        let text = input.get(span.clone()).unwrap_or_default();
        let part = Part::new(input, span.start, span.end, "unused");
        let numeric = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
        match index {
            2 | 3 if !numeric || notation == XiangqiNotation::XiangqiFen => part.with(
                text,
                "A placeholder where chess has castling rights and an en passant square; Xiangqi has neither, so it is '-'.",
            ),
            _ if numeric && text.parse::<u32>().ok() == Some(fullmove) && index >= 3 => part
                .with(
                    fullmove.to_string(),
                    format!("The game is at move {fullmove}; the number grows after each black move."),
                )
                .with_kind("fullmove"),
            _ if numeric && text.parse::<u32>().ok() == Some(halfmove) => part
                .with(
                    halfmove.to_string(),
                    format!("{halfmove} plies since the last capture (the sixty-move rule counts 120)."),
                )
                .with_kind("halfmove"),
            _ => part.with(text, "A field the reader does not use."),
        }
    }
}

/// The part of character `k` of a SAN move that is not a square: the
/// piece's letter, or a file or rank that says which piece moves.
fn san_part(m: &MoveText<'_>, k: usize) -> Option<(Part, usize)> {
    let c = m.chars.get(k)?.1;
    if k == 0 && c.is_ascii_uppercase() {
        let role = role_word(c);
        let part = m.part(k, 1, "piece").with(role, format!("{c} names the piece that moves: a {role}."));
        return Some((part.on(vec![m.from.clone()]), 1));
    }
    let n = if c.is_ascii_digit() {
        m.chars[k..].iter().take_while(|(_, c)| c.is_ascii_digit()).count()
    } else if matches!(c, 'a'..='i') {
        1
    } else {
        return None;
    };
    let part = m.part(k, n, "disambiguation");
    let written = part.text.clone();
    let what = if n == 1 && c.is_ascii_lowercase() { "file" } else { "rank" };
    let meaning = format!(
        "Which piece moves: the one on {what} {written}, since another of its kind could go to the same point."
    );
    Some((part.with(written.clone(), meaning).on(vec![m.from.clone()]), n))
}

/// The part of character `k` of a WXF move.
fn wxf_part(m: &MoveText<'_>, k: usize) -> Part {
    let (from, to) = (m.from.as_str(), m.to.as_str());
    let chars = &m.chars;
    let c = chars[k].1;
    let part = m.part(k, 1, "piece");
    let is_sign = |c: char| matches!(c, '+' | '-' | '.' | '=');
    // The sign is the last of + - . = (the first of `P++1` says which soldier).
    let sign = chars.iter().rposition(|(_, c)| is_sign(*c));
    let before_sign = sign.is_none_or(|at| k < at);
    let leading_digits = chars.iter().take_while(|(_, c)| c.is_ascii_digit()).count();
    if before_sign && c.is_ascii_alphabetic() {
        let role = role_word(c);
        part.with(role, format!("{c} names the piece that moves: a {role}.")).on(vec![from.to_owned()])
    } else if before_sign && (matches!(c, '+' | '-') || (k == 0 && c.is_ascii_digit() && leading_digits == 2)) {
        let which = match c {
            '+' => "the front one".to_owned(),
            '-' => "the rear one".to_owned(),
            _ => format!("number {c} counted from the front"),
        };
        part.with(which.clone(), format!("{c}: several like pieces stand on one file, and {which} moves."))
            .with_kind("order")
            .on(vec![from.to_owned()])
    } else if before_sign && c.is_ascii_digit() {
        part.with(format!("file {c}"), format!("The file the piece stands on, {c}, counted from the mover's right."))
            .with_kind("file")
            .on(vec![from.to_owned()])
    } else if is_sign(c) {
        let meaning = match c {
            '+' => "+: the piece moves forward, toward the other side.",
            '-' => "-: the piece moves backward, toward its own side.",
            _ => "The piece moves sideways along its rank.",
        };
        part.with(c.to_string(), meaning).with_kind("sign")
    } else if c.is_ascii_digit() {
        part.with(c.to_string(), target_meaning(c, m)).with_kind("target").on(vec![to.to_owned()])
    } else {
        part.with(c.to_string(), "A character the move reader passed over.").with_kind("extra")
    }
}

/// What the last numeral of a WXF or Chinese move counts: the file reached
/// when the piece changes file, the ranks gone when it stays on its file.
fn target_meaning(c: char, m: &MoveText<'_>) -> String {
    if m.from.get(..1) == m.to.get(..1) {
        format!("{c}: the number of ranks the piece goes along its file, to {}.", m.to)
    } else {
        format!("{c}: the file the piece reaches, counted from the mover's right: it lands on {}.", m.to)
    }
}

fn role_word(letter: char) -> &'static str {
    match letter.to_ascii_uppercase() {
        'K' | 'G' => "king (general)",
        'A' => "advisor",
        'B' | 'E' => "elephant",
        'N' | 'H' => "horse",
        'R' => "chariot",
        'C' => "cannon",
        'P' => "soldier",
        _ => "piece",
    }
}

/// The piece characters of Chinese moves, both scripts.
const PIECES: &str = "帅帥将將仕士相象马馬車车炮砲兵卒";

/// The part of character `k` of a Chinese move.
fn chinese_part(m: &MoveText<'_>, k: usize) -> Part {
    let (from, to) = (m.from.as_str(), m.to.as_str());
    let chars = &m.chars;
    let c = chars[k].1;
    let part = m.part(k, 1, "piece");
    let seen_sign = chars[..k].iter().any(|(_, c)| matches!(c, '进' | '進' | '退' | '平'));
    let numeral = "一二三四五六七八九１２３４５６７８９123456789".contains(c);
    let piece = PIECES.contains(c);
    let next_is_piece = chars.get(k + 1).is_some_and(|(_, n)| PIECES.contains(*n));
    if k == 0 && ("前后後中".contains(c) || (numeral && next_is_piece)) {
        part.with(
            c.to_string(),
            format!(
                "{c}: several like pieces stand on one file, and this names which one moves ({}).",
                match c {
                    '前' => "the front one",
                    '后' | '後' => "the rear one",
                    '中' => "the middle one",
                    _ => "counted from the front",
                }
            ),
        )
        .with_kind("order")
        .on(vec![from.to_owned()])
    } else if piece {
        part.with(c.to_string(), format!("{c} names the piece that moves.")).on(vec![from.to_owned()])
    } else if matches!(c, '进' | '進' | '退' | '平') {
        let meaning = match c {
            '平' => "平: the piece moves sideways along its rank.",
            '退' => "退: the piece moves backward, toward its own side.",
            _ => "进: the piece moves forward, toward the other side.",
        };
        part.with(c.to_string(), meaning).with_kind("sign")
    } else if numeral && !seen_sign {
        part.with(
            c.to_string(),
            format!(
                "{c}: the file the piece stands on, counted from the mover's right (red writes 一…九, black １…９)."
            ),
        )
        .with_kind("file")
        .on(vec![from.to_owned()])
    } else if numeral {
        part.with(c.to_string(), target_meaning(c, m)).with_kind("target").on(vec![to.to_owned()])
    } else {
        part.with(c.to_string(), "A character the move reader passed over.").with_kind("extra")
    }
}

#[cfg(test)]
mod tests {
    //! Xiangqi's own parts: the placeholders, the legacy marker, WXF and
    //! Chinese moves.

    use polyfen_game::explain::{Explain, position_parts};
    use polyfen_game::{GamePosition, PositionText, ReadOptions};

    use crate::{XiangqiMoveNotation, XiangqiNotation, XiangqiPosition};

    #[test]
    fn the_legacy_marker_names_its_point() {
        let input = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04";
        let notation = XiangqiNotation::XiangqiLegacy;
        let position =
            XiangqiPosition::read(PositionText { input, notation, options: &ReadOptions::default() }, &mut Vec::new())
                .expect("reads");
        let parts = position_parts(&position, input, notation);
        let kinds: Vec<&str> = parts.iter().rev().take(4).map(|p| p.kind).collect();
        assert_eq!(kinds, ["marker", "fullmove", "space", "halfmove"]);
        assert_eq!(parts.last().expect("parts").squares, ["e9"]);
    }

    #[test]
    fn wxf_and_chinese_parts() {
        let kinds = |text, notation| -> Vec<&'static str> {
            XiangqiPosition::move_parts(text, notation, "h2e2").iter().map(|p| p.kind).collect()
        };
        assert_eq!(kinds("C2.5", XiangqiMoveNotation::Wxf), ["piece", "file", "sign", "target"]);
        assert_eq!(kinds("炮二平五", XiangqiMoveNotation::Chinese), ["piece", "file", "sign", "target"]);
        assert_eq!(kinds("H2-E2", XiangqiMoveNotation::Iccs), ["from", "separator", "to"]);
        assert_eq!(XiangqiPosition::guess_move_notation("炮二平五"), XiangqiMoveNotation::Chinese);
        assert_eq!(XiangqiPosition::guess_move_notation("C2.5"), XiangqiMoveNotation::Wxf);
    }

    /// SAN: the piece's letter, the origin's file or rank where another
    /// piece could go there, the capture, the point and the check.
    #[test]
    fn san_parts() {
        let parts = |text, coordinate| XiangqiPosition::move_parts(text, XiangqiMoveNotation::SanFsf, coordinate);
        let kinds =
            |text, coordinate| -> Vec<&'static str> { parts(text, coordinate).iter().map(|p| p.kind).collect() };
        assert_eq!(kinds("Cbf3", "b2f2"), ["piece", "disambiguation", "to"]);
        assert_eq!(kinds("C6f7", "e5f6"), ["piece", "disambiguation", "to"]);
        assert_eq!(kinds("Cxh10+", "h2h9"), ["piece", "capture", "to", "check"]);
        let cannon = parts("Cbf3", "b2f2");
        assert_eq!((cannon[0].value.as_str(), cannon[0].squares.clone()), ("cannon", vec!["b2".to_owned()]));
        assert!(cannon[1].meaning.contains("file b"), "{}", cannon[1].meaning);
        assert_eq!(cannon[2].squares, ["f2"]);
        assert!(parts("C6f7", "e5f6")[1].meaning.contains("rank 6"));
        for text in ["Cbf3", "Hc3", "Ke10+"] {
            assert_eq!(XiangqiPosition::guess_move_notation(text), XiangqiMoveNotation::SanFsf, "{text}");
        }
        assert_eq!(XiangqiPosition::guess_move_notation("h2e2"), XiangqiMoveNotation::Iccs);
    }
}
