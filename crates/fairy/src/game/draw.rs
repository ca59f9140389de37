//! The drawings of a position of a game defined as data, on its own board
//! of up to 16 × 16 squares with its walls and pocket: text (`ascii`),
//! text with pictures (`unicode`) and SVG. Pieces are drawn from their
//! letters, coloured by side, but for the families whose pieces have
//! faces of their own: the Shogi family's kanji on pentagons, Janggi's and
//! the Xiangqi family's characters on discs (their outlines in `glyphs`,
//! so that no font is needed).

use core::fmt::Write as _;

use polyfen_core::Color;
use polyfen_game::svg::{CELL, Glyphs, MARGIN};

use super::{FairyPosition, color_name, glyphs};
use crate::fen::{Cell, FairySetup, Letters, Piece, square_name};
use crate::piece::PieceKind;
use crate::rules::{FamilyNotation, Rules};

const GLYPHS: Glyphs = Glyphs { em: glyphs::EM, outline: glyphs::outline };

/// A family of games whose pieces have faces of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    /// Kanji on pentagons pointing at the opponent.
    Shogi,
    /// Janggi's characters: the first player's (Cho) green, Han's red.
    Janggi,
    /// Xiangqi's simplified characters: the first player's red.
    Xiangqi,
}

impl Family {
    /// The family of a game's pieces, as its family notation finds it: the
    /// Shogi family (`variantTemplate = shogi`), Janggi's pieces, Xiangqi's.
    fn of(rules: &Rules) -> Option<Family> {
        if rules.writes(FamilyNotation::Hosking) {
            Some(Family::Shogi)
        } else if rules.writes(FamilyNotation::Janggi) {
            Some(Family::Janggi)
        } else if rules.writes(FamilyNotation::Wxf) {
            Some(Family::Xiangqi)
        } else {
            None
        }
    }

    /// The face of `piece` in this family, if it has one.
    fn face(self, piece: Piece) -> Option<&'static str> {
        let white = piece.color == Color::White;
        let kind = piece.kind.index();
        Some(match self {
            Family::Shogi => match (piece.base.map(PieceKind::index), kind) {
                (Some(19), _) => "と",
                (Some(20), _) => "杏",
                (Some(21), _) => "圭",
                (Some(9), _) => "全",
                (Some(3), _) | (None, 23) => "馬",
                (Some(4), _) | (None, 11) => "龍",
                (None, 63) if white => "玉",
                (None, 63) => "王",
                (None, 4) => "飛",
                (None, 3) => "角",
                (None, 22) => "金",
                (None, 9) => "銀",
                (None, 21) => "桂",
                (None, 20) => "香",
                (None, 19) => "歩",
                _ => return None,
            },
            Family::Janggi => match kind {
                63 if white => "楚",
                63 => "漢",
                4 => "車",
                30 => "馬",
                32 => "象",
                34 => "士",
                28 => "包",
                29 if white => "卒",
                29 => "兵",
                _ => return None,
            },
            Family::Xiangqi => match (kind, white) {
                (63, true) => "帅",
                (63, false) => "将",
                (6, true) => "仕",
                (6, false) => "士",
                (31, true) => "相",
                (31, false) => "象",
                (30, _) => "马",
                (4, _) => "车",
                (27, _) => "炮",
                (29, true) => "兵",
                (29, false) => "卒",
                (33, _) => "旗",
                _ => return None,
            },
        })
    }

    /// The ink of a side's faces.
    const fn ink(self, color: Color, promoted: bool) -> &'static str {
        match (self, color) {
            (Family::Shogi, _) if promoted => "#c0161b",
            (Family::Shogi, _) => "#111",
            (Family::Janggi, Color::White) => "#0a6b3c",
            (Family::Janggi, Color::Black) | (Family::Xiangqi, _) => "#c0161b",
        }
    }
}

/// The letters of a piece as the game's FEN writes them (`P`, `+p`).
fn letters_of(letters: &Letters, piece: Piece) -> String {
    let mut text = String::new();
    polyfen_core::codec::Alphabet::write_piece(letters, Cell::Piece(piece), &mut text);
    text
}

/// The board in text, the top rank first, with coordinates.
pub(super) fn ascii(pos: &FairyPosition) -> String {
    let letters = pos.letters();
    text_diagram(pos, " ", |cell| match cell {
        Some(c) => {
            let mut text = String::new();
            polyfen_core::codec::Alphabet::write_piece(&letters, c, &mut text);
            format!("{text:>2}")
        }
        None => " .".to_owned(),
    })
}

/// A text diagram: each rank from the top, its number, then each square
/// as `square` writes it (every square the same width: `label` and a file
/// letter below it), the files' letters, and [`footer`].
fn text_diagram(pos: &FairyPosition, label: &str, square: impl Fn(Option<Cell>) -> String) -> String {
    let setup = pos.setup();
    let mut out = String::new();
    for rank in (0..setup.ranks).rev() {
        let _ = write!(out, "{:>2} ", u32::from(rank) + 1);
        for file in 0..setup.files {
            out.push_str(&square(setup.at(file, rank)));
        }
        out.push('\n');
    }
    out.push_str("   ");
    for file in 0..setup.files {
        let _ = write!(out, "{label}{}", char::from(b'a' + file));
    }
    out.push('\n');
    footer(pos, &setup, &pos.letters(), &mut out);
    out
}

/// What is in hand, and who is to move.
fn footer(pos: &FairyPosition, setup: &FairySetup, letters: &Letters, out: &mut String) {
    let fen = setup.write(letters);
    if let Some(pocket) = fen.split_once('[').and_then(|(_, rest)| rest.split_once(']')).map(|(p, _)| p) {
        let _ = writeln!(out, "in hand: {}", if pocket.is_empty() { "-" } else { pocket });
    }
    let _ = writeln!(out, "{} to move ({})", color_name(setup.side), pos.name);
}

/// The picture of a piece in a text diagram: in a family whose pieces have
/// faces, three columns (a mark and a face two columns wide: `v` for the
/// second player's, as Shogi's diagrams mark gote's, else a space; a
/// piece without a face in its letter's full-width form); else
/// two, chess's pictures for chess's pieces or the piece's letters (`+P`).
fn picture(family: Option<Family>, letters: &Letters, piece: Piece) -> String {
    let text = letters_of(letters, piece);
    if let Some(family) = family {
        let mark = if piece.color == Color::Black { 'v' } else { ' ' };
        if let Some(face) = family.face(piece) {
            return format!("{mark}{face}");
        }
        // a letter in its full-width form, two columns as a face is
        let wide: String = text
            .chars()
            .filter(char::is_ascii_alphabetic)
            .filter_map(|c| char::from_u32(u32::from(c) - 0x21 + 0xFF01))
            .take(1)
            .collect();
        return format!("{mark}{wide}");
    }
    let chess = match (piece.base, piece.kind.index()) {
        (None, 1) => Some(['♙', '♟']),
        (None, 2) => Some(['♘', '♞']),
        (None, 3) => Some(['♗', '♝']),
        (None, 4) => Some(['♖', '♜']),
        (None, 5) => Some(['♕', '♛']),
        (None, 63) => Some(['♔', '♚']),
        _ => None,
    };
    match chess {
        Some(pictures) => format!(" {}", pictures[usize::from(piece.color == Color::Black)]),
        None => format!("{text:>2}"),
    }
}

/// The board in text with pictures: the top rank first, each square the
/// picture of its piece (see [`picture`]), walls as `█`, empty squares as
/// `·` (in a family's wide squares `・`).
pub(super) fn unicode(pos: &FairyPosition) -> String {
    let letters = pos.letters();
    let family = Family::of(&pos.rules);
    let (empty, wall, label) = if family.is_some() { (" ・", " ██", "  ") } else { (" ·", " █", " ") };
    text_diagram(pos, label, |cell| match cell {
        Some(Cell::Piece(piece)) => picture(family, &letters, piece),
        Some(Cell::Wall) => wall.to_owned(),
        _ => empty.to_owned(),
    })
}

/// A piece drawn centred at `(cx, cy)`: its face in its family's way (a
/// pentagon pointing at the opponent for the Shogi family, a disc ringed
/// in the side's ink for Janggi's and Xiangqi's), else its letters in a
/// disc, white or black by side.
fn draw_piece(out: &mut String, family: Option<Family>, letters: &Letters, piece: Piece, cx: i32, cy: i32) {
    let text = letters_of(letters, piece);
    if let Some(family) = family
        && let Some(face) = family.face(piece)
    {
        let ink = family.ink(piece.color, piece.base.is_some());
        if family == Family::Shogi {
            let turn = if piece.color == Color::Black { " rotate(180)" } else { "" };
            let _ = write!(
                out,
                "<g transform=\"translate({cx} {cy}){turn}\"><path d=\"M0 -21L15 -14L18 20L-18 20L-15 -14Z\" \
                 fill=\"#f6deaa\" stroke=\"#5a3a1a\" stroke-width=\"1.5\"/><g fill=\"{ink}\" aria-label=\"{face}\">"
            );
            polyfen_game::svg::characters(out, GLYPHS, face, 0, 3, 24);
        } else {
            let _ = write!(
                out,
                "<g><circle cx=\"{cx}\" cy=\"{cy}\" r=\"21\" fill=\"#fbe7c2\" stroke=\"{ink}\" stroke-width=\"2\"/>\
                 <circle cx=\"{cx}\" cy=\"{cy}\" r=\"17\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"1\"/>\
                 <g fill=\"{ink}\" aria-label=\"{face}\">"
            );
            polyfen_game::svg::characters(out, GLYPHS, face, cx, cy, 22);
        }
        out.push_str("</g></g>");
        return;
    }
    let (disc, ink) = if piece.color == Color::White { ("#fff", "#000") } else { ("#000", "#fff") };
    let shown: String = text.chars().filter(char::is_ascii_alphabetic).collect::<String>().to_ascii_uppercase();
    let mark = if piece.base.is_some() { "+" } else { "" };
    let _ = write!(
        out,
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"18\" fill=\"{disc}\" stroke=\"#000\"/><text x=\"{cx}\" y=\"{cy}\" \
         font-size=\"20\" fill=\"{ink}\" text-anchor=\"middle\" dominant-baseline=\"central\">{mark}{shown}</text>"
    );
}

/// The board as an SVG drawing: squares, pieces (see [`draw_piece`]),
/// walls as dark squares, coordinates, and the pocket of a game with drops.
pub(super) fn svg(pos: &FairyPosition) -> String {
    let setup = pos.setup();
    let letters = pos.letters();
    let family = Family::of(&pos.rules);
    let (files, ranks) = (i32::from(setup.files), i32::from(setup.ranks));
    // a game with drops draws its pocket in a column right of the board
    let pocket_column = if setup.has_pocket { CELL } else { 0 };
    let (width, height) = (2 * MARGIN + files * CELL + pocket_column, 2 * MARGIN + ranks * CELL);
    let mut out = String::new();
    let title = format!("{} position, {} to move", pos.name, color_name(setup.side));
    polyfen_game::svg::open(&mut out, width, height, &title);
    // the squares first, then the pieces over them, as the other games
    // draw (a page lays its own squares between the two)
    let mut pieces = String::new();
    for rank in (0..setup.ranks).rev() {
        for file in 0..setup.files {
            let x = MARGIN + i32::from(file) * CELL;
            let y = MARGIN + (ranks - 1 - i32::from(rank)) * CELL;
            let cell = setup.at(file, rank);
            let fill = match cell {
                Some(Cell::Wall) => "#333",
                _ if (file + rank) % 2 == 0 => "#b58863",
                _ => "#f0d9b5",
            };
            let _ = writeln!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>");
            let Some(Cell::Piece(piece)) = cell else { continue };
            // a pentagon points at the opponent: it turns with the board
            // (a page keeps the other pieces upright)
            let facing = match family {
                Some(Family::Shogi) if Family::Shogi.face(piece).is_some() => {
                    if piece.color == Color::White {
                        " data-facing=\"north\""
                    } else {
                        " data-facing=\"south\""
                    }
                }
                _ => "",
            };
            let _ = write!(
                pieces,
                "<g class=\"piece\" data-square=\"{}\" data-piece=\"{}\"{facing}>",
                square_name(file, rank),
                letters_of(&letters, piece).replace('"', "&quot;"),
            );
            draw_piece(&mut pieces, family, &letters, piece, x + CELL / 2, y + CELL / 2);
            pieces.push_str("</g>\n");
        }
    }
    out.push_str(&pieces);
    if setup.has_pocket {
        draw_pocket(&mut out, &setup, family, &letters, MARGIN + files * CELL);
    }
    for f in 0..setup.files {
        let at = MARGIN + i32::from(f) * CELL + CELL / 2;
        polyfen_game::svg::label(&mut out, at, height - MARGIN / 2, &char::from(b'a' + f).to_string());
    }
    for r in 0..setup.ranks {
        let at = MARGIN + (ranks - 1 - i32::from(r)) * CELL + CELL / 2;
        polyfen_game::svg::label(&mut out, MARGIN / 2, at, &(u32::from(r) + 1).to_string());
    }
    out.push_str("</svg>\n");
    out
}

/// The pocket's column at `x`: the second player's pieces from the top,
/// the first player's from the bottom, each with its count; those of the
/// side to move carry `data-drop`, how a UCI move dropping it begins (`P@`),
/// so that a page can play drops.
fn draw_pocket(out: &mut String, setup: &FairySetup, family: Option<Family>, letters: &Letters, x: i32) {
    let rows = i32::from(setup.ranks);
    let _ = writeln!(
        out,
        "<rect class=\"pocket\" x=\"{x}\" y=\"{MARGIN}\" width=\"{CELL}\" height=\"{}\" fill=\"#e8e0d0\"/>",
        rows * CELL
    );
    for color in Color::ALL {
        let held: Vec<PieceKind> = setup.pocket.kinds(color).collect();
        for (slot, kind) in held.into_iter().enumerate() {
            let slot = i32::try_from(slot).unwrap_or(0);
            if slot >= rows {
                break;
            }
            let row = if color == Color::Black { slot } else { rows - 1 - slot };
            let (cx, cy) = (x + CELL / 2, MARGIN + row * CELL + CELL / 2);
            let piece = Piece { color, kind, base: None, tilde: false };
            let text = letters_of(letters, piece);
            let shown: String = text.chars().filter(char::is_ascii_alphabetic).collect::<String>().to_ascii_uppercase();
            let count = setup.pocket.count(color, kind);
            let drop = if color == setup.side { format!(" data-drop=\"{shown}@\"") } else { String::new() };
            let _ = write!(
                out,
                "<g class=\"pocket-piece\" data-piece=\"{}\" data-count=\"{count}\"{drop}>",
                text.replace('"', "&quot;"),
            );
            draw_piece(out, family, letters, piece, cx, cy);
            out.push_str("</g>\n");
            polyfen_game::svg::label(out, cx + CELL / 2 - 6, cy + CELL / 2 - 8, &count.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every face a family draws has its outline.
    #[test]
    fn every_face_has_its_outline() {
        for family in [Family::Shogi, Family::Janggi, Family::Xiangqi] {
            for color in Color::ALL {
                for kind in PieceKind::all() {
                    for base in [None, Some(PieceKind::from_index(19)), Some(PieceKind::from_index(3))] {
                        let piece = Piece { color, kind, base: base.flatten(), tilde: false };
                        if let Some(face) = family.face(piece) {
                            assert!(face.chars().all(|c| glyphs::outline(c).is_some()), "{face}");
                        }
                    }
                }
            }
        }
    }
}
