//! Shogi explained part by part ([`Explain`]): the pieces in words (with
//! the `+` of a promoted piece), the side to move, each kind in the hands,
//! the move number, and the parts of a USI move.

use polyfen_core::Color;
use polyfen_game::explain::{Explain, Field, Geometry, Names, Part, side_part};

use super::{ShogiMoveNotation, ShogiNotation, ShogiPosition};
use crate::{Role, color_name};

/// A square's name from the codec's indices: file index 0 is file 9 (the
/// left of the board as sente sees it), rank index 0 is rank `a`.
fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", 9 - file, char::from(b'a' + rank))
}

fn rank_name(rank: u8) -> String {
    char::from(b'a' + rank).to_string()
}

impl Explain for ShogiPosition {
    const GEOMETRY: Geometry = Geometry {
        files: 9,
        ranks: 9,
        bottom_first: true,
        ten_digit: None,
        first_label: 1,
        cell: "square",
        row: "rank",
        prefix: Some('+'),
        names: Some(Names { square: square_name, rank: rank_name, across: "from file 9 to file 1" }),
    };

    fn piece_words(&self, file: u8, rank: u8) -> Option<String> {
        self.setup.piece_at(file, rank).map(|p| format!("{} {}", color_name(p.color), p.role.name()))
    }

    fn color_words(color: Color) -> &'static str {
        color_name(color)
    }

    fn field_parts(
        &self,
        input: &str,
        field: Field,
        _notation: ShogiNotation,
        _pieces: &[(u8, u8)],
        parts: &mut Vec<Part>,
    ) {
        let Field { start, end, index } = field;
        let text = &input[start..end];
        let extras = &self.setup.extras;
        let part = match index {
            1 => side_part::<ShogiPosition>(Part::new(input, start, end, "side"), extras.turn),
            2 => self.hand_part(input, start, end),
            3 => Part::new(input, start, end, "move-number").with(
                extras.move_number.to_string(),
                format!(
                    "The next move is move {}, counted in plies: the number grows after every move of either side.",
                    extras.move_number
                ),
            ),
            _ => Part::new(input, start, end, "extra").with(text, "A field after the last one SFEN has."),
        };
        parts.push(part);
    }

    fn move_parts(text: &str, _notation: ShogiMoveNotation, _coordinate: &str) -> Vec<Part> {
        usi_parts(text)
    }

    fn guess_move_notation(_text: &str) -> ShogiMoveNotation {
        ShogiMoveNotation::Usi
    }
}

impl ShogiPosition {
    /// The hands field: `-`, or each kind with its count.
    fn hand_part(&self, input: &str, start: usize, end: usize) -> Part {
        let text = &input[start..end];
        let part = Part::new(input, start, end, "hand");
        if text == "-" {
            return part.with("none", "Neither side holds a piece in hand.");
        }
        let hand = &self.setup.extras.hand;
        let mut words = Vec::new();
        for color in Color::ALL {
            let held: Vec<String> = Role::HAND
                .iter()
                .enumerate()
                .filter(|&(kind, _)| hand.count(color, kind) > 0)
                .map(|(kind, role)| plural(hand.count(color, kind), role.name()))
                .collect();
            if !held.is_empty() {
                words.push(format!("{} holds {}", color_name(color), held.join(", ")));
            }
        }
        let mut entries = Vec::new();
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let first = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let count: u32 = text[first..i].parse().unwrap_or(1);
            let Some(&letter) = bytes.get(i) else { break };
            i += 1;
            let color = Color::of_ascii_case(letter).unwrap_or(Color::White);
            let role = Role::from_letter(letter, false).filter(|r| r.hand_index().is_some());
            let entry = Part::new(input, start + first, start + i, "hand-piece");
            entries.push(match role {
                Some(role) => {
                    let what = plural(count, role.name());
                    entry.with(
                        format!("{} {what}", color_name(color)),
                        format!("{} holds {what}.", capitalize(color_name(color))),
                    )
                }
                None => entry.with(text[first..i].to_owned(), "No kind a hand can hold."),
            });
        }
        let meaning = format!(
            "The pieces in hand, which a side may drop instead of moving: {}. Sente's are written first, in uppercase.",
            words.join("; ")
        );
        let mut part = part.with(words.join("; "), meaning);
        part.parts = entries;
        part
    }
}

/// `a pawn`, `3 pawns`.
fn plural(count: impl Into<u32>, name: &str) -> String {
    match count.into() {
        1 => format!("a {name}"),
        n => format!("{n} {name}s"),
    }
}

fn capitalize(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The parts of a USI move: `7g7f` from and to, `+` a promotion, `P*5e` a
/// drop's piece, its star and its square.
fn usi_parts(text: &str) -> Vec<Part> {
    let bytes = text.as_bytes();
    let mut parts = Vec::new();
    let square = |at: usize| text.get(at..at + 2).filter(|s| crate::Square::parse(s.as_bytes()).is_some());
    if bytes.get(1) == Some(&b'*') {
        let role = Role::from_letter(bytes[0], false);
        let name = role.map_or("piece", Role::name);
        parts.push(
            Part::new(text, 0, 1, "piece")
                .with(name, format!("{} names the piece dropped: a {name}.", bytes[0] as char)),
        );
        parts.push(Part::new(text, 1, 2, "drop").with("drop", "The star says the piece comes from the hand."));
        if let Some(to) = square(2) {
            parts.push(Part::new(text, 2, 4, "to").with(to, format!("It is dropped on {to}.")).on(vec![to.to_owned()]));
        }
    } else {
        if let Some(from) = square(0) {
            parts.push(
                Part::new(text, 0, 2, "from")
                    .with(from, format!("The piece on {from} moves."))
                    .on(vec![from.to_owned()]),
            );
        }
        if let Some(to) = square(2) {
            parts.push(Part::new(text, 2, 4, "to").with(to, format!("It goes to {to}.")).on(vec![to.to_owned()]));
        }
    }
    if bytes.len() == 5 && bytes[4] == b'+' {
        parts.push(Part::new(text, 4, 5, "promotion").with("promotes", "The + says the piece promotes on this move."));
    }
    let covered = parts.last().map_or(0, |p| p.end);
    if covered < text.len() {
        parts.push(Part::new(text, covered, text.len(), "extra").with(&text[covered..], "Text after the move."));
    }
    parts
}
