//! Chess explained part by part ([`Explain`]): the pieces in words (a
//! crazyhouse piece marked `~` as the promoted pawn it is), crazyhouse's
//! pocket written with the board (`[Qn]` or a row more), the FEN
//! fields (side, castling letters with the rook each names, en passant
//! square, three-check's counters, clocks), EPD's operations, and the parts of UCI, SAN and LAN
//! moves (castling, the piece letter, disambiguation, promotion).

use polyfen_core::Color;
use polyfen_game::explain::{Explain, Field, Geometry, MoveText, Part, SquareSyntax, names_squares, side_part};

use super::{ChessMoveNotation, ChessNotation, ChessPosition};
use crate::types::Role;
use crate::variant::fen::{POCKET_KINDS, pocket_kind};
use crate::{Board, Castling, CastlingToken, back_rank};

impl Explain for ChessPosition {
    fn geometry(&self) -> Geometry {
        Geometry::chess_like(8, 8)
    }

    const SUFFIX: Option<char> = Some('~');

    fn piece_words(&self, file: u8, rank: u8) -> Option<String> {
        self.setup.piece_at(file, rank).map(|piece| {
            let color = if piece.color() == Color::White { "white" } else { "black" };
            // crazyhouse's `~`: a promoted pawn, a pawn again when taken
            if self.variant.promoted & (1u64 << (u32::from(rank) * 8 + u32::from(file))) != 0 {
                format!(
                    "{color} {} (a promoted pawn, which goes to the pocket as a pawn when taken)",
                    piece.role().name()
                )
            } else {
                format!("{color} {}", piece.role().name())
            }
        })
    }

    fn placement_hand_part(&self, input: &str, start: usize, end: usize) -> Option<Part> {
        let pocket = self.variant.pocket?;
        let text = input.get(start..end)?;
        let mut children = Vec::new();
        let letters_from = if text.starts_with('[') {
            children.push(
                Part::new(input, start, start + 1, "marker").with("[", "Opens the pocket, written after the board."),
            );
            start + 1
        } else {
            children.push(
                Part::new(input, start, start + 1, "separator")
                    .with("/", "Ends rank 1 and starts the pocket, written as a row past the last rank."),
            );
            start + 1
        };
        for (i, c) in input[letters_from..end].char_indices() {
            let at = letters_from + i;
            let part = Part::new(input, at, at + c.len_utf8(), "hand-piece");
            let role = u8::try_from(c).ok().and_then(Role::from_letter).filter(|r| *r != Role::King);
            children.push(match (c, role) {
                (']', _) if at + 1 == end => part.with_kind("marker").with("]", "Closes the pocket."),
                (_, Some(role)) => {
                    let color = if c.is_ascii_uppercase() { "white" } else { "black" };
                    part.with(
                        format!("{color} {}", role.name()),
                        format!("The letter {c} puts a {color} {} in {color}'s pocket.", role.name()),
                    )
                }
                _ => part.with(c.to_string(), "No piece a pocket can hold."),
            });
        }
        let sides: Vec<String> = [(Color::White, "white"), (Color::Black, "black")]
            .into_iter()
            .map(|(color, word)| {
                let held: Vec<String> = POCKET_KINDS
                    .iter()
                    .filter(|role| pocket.count(color, pocket_kind(**role)) > 0)
                    .map(|role| plural(pocket.count(color, pocket_kind(*role)), role.name()))
                    .collect();
                format!("{word} {}", if held.is_empty() { "nothing".to_owned() } else { held.join(", ") })
            })
            .collect();
        let empty = pocket.total(Color::White) + pocket.total(Color::Black) == 0;
        let sides = if empty { vec!["empty: neither side holds a piece".to_owned()] } else { sides };
        let mut part = Part::new(input, start, end, "hand").with(
            if empty { "empty".to_owned() } else { sides.join("; ") },
            format!(
                "Crazyhouse's pocket: the pieces each side has taken, which it may drop onto the board instead of \
                 moving ({}). White's are in uppercase, black's in lowercase.",
                sides.join("; ")
            ),
        );
        part.parts = children;
        Some(part)
    }

    fn color_words(color: Color) -> &'static str {
        match color {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    fn field_parts(&self, field: Field<'_>, _notation: ChessNotation, _pieces: &[(u8, u8)], parts: &mut Vec<Part>) {
        let Field { input, start, end, mut index } = field;
        let text = field.text();
        let part = |kind| Part::new(input, start, end, kind);
        let extras = &self.setup.extras;
        if let Some(checks) = self.variant.remaining_checks
            && text.contains('+')
        {
            parts.push(checks_part(part("checks"), text, checks));
            return;
        }
        // three-check's counters after the en passant square move the clocks one field on
        if index > 4 && self.variant.remaining_checks.is_some() && counters_after_ep(input) {
            index -= 1;
        }
        parts.push(match index {
            1 => side_part::<ChessPosition>(part("side"), extras.turn),
            2 => castling_part(input, start, end, &self.setup.board, extras.castling),
            3 => match extras.ep {
                Some(square) => {
                    let name = String::from_utf8_lossy(&square.name()).into_owned();
                    let meaning = format!(
                        "A pawn has just moved two squares, passing {name}; an enemy pawn may capture onto {name} en passant."
                    );
                    part("en-passant").with(name.clone(), meaning).on(vec![name])
                }
                None => part("en-passant").with("none", "No pawn can be taken en passant ('-' for none)."),
            },
            4 => part("halfmove").with(
                extras.halfmove.to_string(),
                format!(
                    "{} plies since the last capture or pawn move (the fifty-move rule draws at 100).",
                    extras.halfmove
                ),
            ),
            5 => part("fullmove").with(
                extras.fullmove.to_string(),
                format!("The game is at move {}; the number grows after each black move.", extras.fullmove),
            ),
            _ => part("extra").with(text, "A field after the last one the notation has."),
        });
    }

    fn tail_from(notation: ChessNotation) -> Option<usize> {
        (notation == ChessNotation::Epd).then_some(4)
    }

    fn tail_part(&self, input: &str, start: usize, end: usize) -> Part {
        let names: Vec<String> = self.operations.iter().map(|op| op.opcode.clone()).collect();
        Part::new(input, start, end, "operations").with(
            names.join(", "),
            "EPD operations: an opcode and its operands, each ended by ';' (best move, id, comments ...).",
        )
    }

    fn move_parts(text: &str, notation: ChessMoveNotation, coordinate: &str) -> Vec<Part> {
        let san = notation == ChessMoveNotation::San;
        let uci = notation == ChessMoveNotation::Uci;
        MoveText::new(text, coordinate).coordinate_parts(SquareSyntax::default(), san, |m, k| special(m, k, san, uci))
    }

    fn guess_move_notation(text: &str) -> ChessMoveNotation {
        if text.contains('-') && !text.starts_with(['O', '0']) {
            ChessMoveNotation::Lan
        } else if names_squares(text) && text.len() <= 5 {
            ChessMoveNotation::Uci
        } else {
            ChessMoveNotation::San
        }
    }
}

/// `count` pieces of `role`: `a queen`, `2 knights`.
fn plural(count: u8, role: &str) -> String {
    if count == 1 { format!("a {role}") } else { format!("{count} {role}s") }
}

/// Whether the fifth field of `input` is three-check's counters (`3+3`).
fn counters_after_ep(input: &str) -> bool {
    input.split_ascii_whitespace().nth(4).is_some_and(|field| field.contains('+'))
}

/// Three-check's counters: the checks each side still needs (`3+3`) or, in
/// lichess's older form after the move number, has given (`+0+0`).
fn checks_part(part: Part, text: &str, remaining: [u8; 2]) -> Part {
    let [white, black] = remaining;
    let meaning = if text.starts_with('+') {
        format!(
            "Three-check: the checks each side has given, white's then black's (lichess's older form); white needs \
             {white} more to win, black {black}."
        )
    } else {
        format!(
            "Three-check: the checks each side still needs to win, white's then black's: white {white}, black {black}."
        )
    };
    part.with(format!("{white}+{black}"), meaning)
}

/// The part of character `k` of a chess move when it is chess's own:
/// castling, the piece letter, a promotion, SAN's file or rank saying which
/// piece moves.
fn special(m: &MoveText<'_>, k: usize, san: bool, uci: bool) -> Option<(Part, usize)> {
    let c = m.chars.get(k)?.1;
    let (from, to) = (&m.from, &m.to);
    Some(match c {
        'O' | '0' if k == 0 => {
            let n = m.chars.iter().take_while(|(_, c)| matches!(c, 'O' | '0' | '-')).count();
            let part = m.part(k, n, "castle");
            let long = part.text.matches(['O', '0']).count() >= 3;
            let meaning = if long {
                "Castling on the queen side (the a-side): the king and the rook pass each other."
            } else {
                "Castling on the king side (the h-side): the king and the rook pass each other."
            };
            let value = part.text.clone();
            (part.with(value, meaning).on(vec![from.clone(), to.clone()]), n)
        }
        'K' | 'Q' | 'R' | 'B' | 'N' if k == 0 => {
            let part = m
                .part(k, 1, "piece")
                .with(role_word(c), format!("{c} names the piece that moves: a {}.", role_word(c)))
                .on(vec![from.clone()]);
            (part, 1)
        }
        '=' | 'Q' | 'R' | 'B' | 'N' | 'q' | 'r' | 'b' | 'n' if k > 0 && (c.is_ascii_uppercase() || c == '=' || uci) => {
            let n = if c == '=' && m.chars.get(k + 1).is_some_and(|(_, p)| "QRBNqrbn".contains(*p)) { 2 } else { 1 };
            let letter = m.chars.get(k + n - 1).map_or('Q', |p| p.1).to_ascii_uppercase();
            let meaning = format!("The pawn is promoted to a {} on {to}.", role_word(letter));
            let part = m.part(k, n, "promotion").with(role_word(letter), meaning);
            (part.on(vec![to.clone()]), n)
        }
        'a'..='h' if san => {
            let part = m
                .part(k, 1, "disambiguation")
                .with(
                    format!("file {c}"),
                    format!(
                        "Which piece moves: the one on file {c} (a pawn names the file it leaves when it captures)."
                    ),
                )
                .on(vec![from.clone()]);
            (part, 1)
        }
        '1'..='8' if san => {
            let part = m
                .part(k, 1, "disambiguation")
                .with(
                    format!("rank {c}"),
                    format!("Which piece moves: the one on rank {c}, since another on its file could go there too."),
                )
                .on(vec![from.clone()]);
            (part, 1)
        }
        _ => return None,
    })
}

fn role_word(letter: char) -> &'static str {
    match letter {
        'K' => "king",
        'Q' => "queen",
        'R' => "rook",
        'B' => "bishop",
        'N' => "knight",
        _ => "piece",
    }
}

/// The castling field: each letter with the rook it names.
fn castling_part(input: &str, start: usize, end: usize, board: &Board, castling: Castling) -> Part {
    let text = &input[start..end];
    let part = Part::new(input, start, end, "castling");
    if castling.is_empty() {
        return part.with("none", "Neither side may castle ('-' for none).");
    }
    let mut letters = Vec::new();
    let mut squares = Vec::new();
    for (i, c) in text.char_indices() {
        let at = start + i;
        let token = match c {
            'K' => Some((Color::White, CastlingToken::KingSide)),
            'Q' => Some((Color::White, CastlingToken::QueenSide)),
            'k' => Some((Color::Black, CastlingToken::KingSide)),
            'q' => Some((Color::Black, CastlingToken::QueenSide)),
            'A'..='H' => Some((Color::White, CastlingToken::File(c as u8 - b'A'))),
            'a'..='h' => Some((Color::Black, CastlingToken::File(c as u8 - b'a'))),
            _ => None,
        };
        let letter = Part::new(input, at, at + c.len_utf8(), "castling-right");
        letters.push(match token {
            Some((color, token)) => {
                let side = ChessPosition::color_words(color);
                let rank = back_rank(color);
                let how = match token {
                    CastlingToken::KingSide => "the outermost rook on the h-side of its king",
                    CastlingToken::QueenSide => "the outermost rook on the a-side of its king",
                    CastlingToken::File(_) => "the rook on the file this letter names",
                };
                match Castling::resolve(board, color, token) {
                    Some(file) => {
                        let square = format!("{}{}", char::from(b'a' + file), rank + 1);
                        squares.push(square.clone());
                        letter
                            .with(
                                format!("{side} with the rook on {square}"),
                                format!("{c}: {side} may still castle with {how}, the rook on {square}."),
                            )
                            .on(vec![square])
                    }
                    None => letter.with(side, format!("{c}: {side} may castle with {how}, but there is no such rook.")),
                }
            }
            None => letter.with(c.to_string(), "Not a castling letter."),
        });
    }
    let mut part =
        part.with(text, "Castling rights: each letter names a rook its side may still castle with.").on(squares);
    part.parts = letters;
    part
}

#[cfg(test)]
mod tests {
    //! Chess's own parts: castling letters with their rooks, EPD's
    //! operations as one part, SAN's disambiguation and promotion.

    use polyfen_game::explain::{Explain, position_parts};
    use polyfen_game::{GamePosition, PositionText, ReadOptions};

    use crate::{ChessMoveNotation, ChessNotation, ChessPosition};

    fn position(input: &str, notation: ChessNotation) -> ChessPosition {
        ChessPosition::read(PositionText { input, notation, options: &ReadOptions::default() }, &mut Vec::new())
            .expect("reads")
    }

    #[test]
    fn castling_letters_name_their_rooks_and_epd_operations_are_one_part() {
        let input = "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1";
        let parts = position_parts(&position(input, ChessNotation::Fen), input, ChessNotation::Fen);
        let castling = parts.iter().find(|p| p.kind == "castling").expect("a castling part");
        assert_eq!(castling.squares, ["h1", "a8"]);
        assert_eq!(castling.parts[1].value, "black with the rook on a8");
        let input = "4k3/8/8/8/8/8/8/4K3 w - - bm Ke2; id \"x\";";
        let parts = position_parts(&position(input, ChessNotation::Epd), input, ChessNotation::Epd);
        let last = parts.last().expect("parts");
        assert_eq!((last.kind, last.text.as_str(), last.value.as_str()), ("operations", "bm Ke2; id \"x\";", "bm, id"));
    }

    #[test]
    fn san_parts_say_which_piece_moves_and_what_it_becomes() {
        let kinds = |text, notation, coordinate| -> Vec<&'static str> {
            ChessPosition::move_parts(text, notation, coordinate).iter().map(|p| p.kind).collect()
        };
        assert_eq!(kinds("Rad1", ChessMoveNotation::San, "a1d1"), ["piece", "disambiguation", "to"]);
        assert_eq!(kinds("b8=Q+", ChessMoveNotation::San, "b7b8q"), ["to", "promotion", "check"]);
        assert_eq!(kinds("b7b8q", ChessMoveNotation::Uci, "b7b8q"), ["from", "to", "promotion"]);
        assert_eq!(kinds("O-O-O", ChessMoveNotation::San, "e1c1"), ["castle"]);
        assert_eq!(ChessPosition::guess_move_notation("Ng1-f3"), ChessMoveNotation::Lan);
        assert_eq!(ChessPosition::guess_move_notation("e2e4"), ChessMoveNotation::Uci);
    }
}
