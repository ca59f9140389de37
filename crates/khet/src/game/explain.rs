//! Khet explained part by part ([`Explain`]): the pieces with their facings
//! in words, PKN's rotation letters with the piece each turns, the side and
//! the turn counter, and the parts of a move (squares, rotations).

use polyfen_core::Color;
use polyfen_game::explain::{Explain, Field, Geometry, MoveText, Part, SquareSyntax, side_part};

use super::{KhetMoveNotation, KhetNotation, KhetPosition};
use crate::color_name;

impl Explain for KhetPosition {
    fn geometry(&self) -> Geometry {
        Geometry { bottom_first: true, ten_digit: Some('0'), ..Geometry::chess_like(10, 8) }
    }

    fn piece_words(&self, file: u8, rank: u8) -> Option<String> {
        self.setup
            .piece_at(file, rank)
            .map(|piece| format!("{} {} facing {}", color_name(piece.color), piece.kind.name(), piece.facing.name()))
    }

    fn color_words(color: Color) -> &'static str {
        color_name(color)
    }

    fn field_parts(&self, field: Field<'_>, _notation: KhetNotation, pieces: &[(u8, u8)], parts: &mut Vec<Part>) {
        let Field { input, start, end, index } = field;
        let text = field.text();
        let part = |kind| Part::new(input, start, end, kind);
        let extras = &self.setup.extras;
        parts.push(match index {
            1 => self.rotations_part(input, start, end, pieces),
            2 => side_part::<KhetPosition>(part("side"), extras.turn),
            3 => part("turn-counter").with(
                extras.turn_counter.to_string(),
                format!("The turn counter, {}, kept as written.", extras.turn_counter),
            ),
            _ => part("extra").with(text, "A field after the last one PKN has."),
        });
    }

    fn move_parts(text: &str, _notation: KhetMoveNotation, coordinate: &str) -> Vec<Part> {
        MoveText::new(text, coordinate).coordinate_parts(SquareSyntax::default(), false, rotation)
    }

    fn guess_move_notation(_text: &str) -> KhetMoveNotation {
        KhetMoveNotation::Khet
    }
}

impl KhetPosition {
    /// The rotations field: each letter with the piece it turns.
    fn rotations_part(&self, input: &str, start: usize, end: usize, pieces: &[(u8, u8)]) -> Part {
        let geometry = self.geometry();
        let text = &input[start..end];
        let mut letters = Vec::new();
        let mut squares = Vec::new();
        for (n, (i, c)) in text.char_indices().enumerate() {
            let at = start + i;
            let letter = Part::new(input, at, at + c.len_utf8(), "rotation");
            letters.push(match pieces.get(n) {
                Some(&(file, rank)) => {
                    let square = geometry.name(file, rank);
                    let words = self.piece_words(file, rank).unwrap_or_default();
                    squares.push(square.clone());
                    letter
                        .with(
                            words.clone(),
                            format!("Rotation letter {} (piece {}, in the order the placement writes them): the {words} on {square}.", c, n + 1),
                        )
                        .on(vec![square])
                }
                None => letter.with(c.to_string(), "A rotation letter with no piece left to turn; it was ignored."),
            });
        }
        let mut part = Part::new(input, start, end, "rotations")
            .with(
                format!("{} rotations", letters.len()),
                "The rotations: one letter n, e, s or w for each piece, in the order the placement writes the pieces.",
            )
            .on(squares);
        part.parts = letters;
        part
    }
}

/// The part of character `k` of a Khet move when it is a rotation: `+`
/// clockwise, `-` anticlockwise.
fn rotation(m: &MoveText<'_>, k: usize) -> Option<(Part, usize)> {
    let c = m.chars.get(k)?.1;
    let way = match c {
        '+' => "clockwise",
        '-' => "anticlockwise",
        _ => return None,
    };
    let part = m
        .part(k, 1, "rotate")
        .with(way, format!("The piece on {} turns a quarter {way}.", m.from))
        .on(vec![m.from.clone()]);
    Some((part, 1))
}

#[cfg(test)]
mod tests {
    //! Khet's own parts: each rotation letter with its piece, a rotation in
    //! a move.

    use polyfen_game::GamePosition;
    use polyfen_game::explain::{Explain, position_parts};

    use crate::{CLASSIC, KhetMoveNotation, KhetNotation, KhetPosition};

    #[test]
    fn each_rotation_letter_turns_a_piece() {
        let position = KhetPosition::read_default(CLASSIC).expect("reads");
        let parts = position_parts(&position, CLASSIC, KhetNotation::Pkn);
        let rotations = parts.iter().find(|p| p.kind == "rotations").expect("the rotations");
        assert_eq!(rotations.parts[0].value, "silver pyramid facing west");
        assert_eq!(rotations.parts[0].squares, ["c1"]);
        assert!(rotations.parts.iter().all(|r| r.squares.len() == 1));
    }

    #[test]
    fn a_rotation_turns_the_piece_on_its_square() {
        let parts = KhetPosition::move_parts("j1-", KhetMoveNotation::Khet, "j1-");
        let kinds: Vec<&str> = parts.iter().map(|p| p.kind).collect();
        assert_eq!(kinds, ["from", "rotate"]);
        assert_eq!((parts[1].value.as_str(), parts[1].squares.as_slice()), ("anticlockwise", &["j1".to_owned()][..]));
    }
}
