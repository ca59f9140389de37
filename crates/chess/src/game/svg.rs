//! The SVG drawing of a chess position: the squares, coordinates, and the
//! pieces as figurines, from white's side, and a crazyhouse pocket beside
//! the board (see [`polyfen_game::svg`] for what every drawing shares).

use core::fmt::Write as _;

use polyfen_core::{Color, Hand};
use polyfen_game::svg::{CELL, MARGIN, label, open, to_move};

use crate::{Fen, Role, Square};

/// A chess diagram from white's side: rank 8 at the top, files a–h from
/// the left.
#[must_use]
pub fn svg(fen: &Fen) -> String {
    svg_with_pocket(fen, None)
}

/// The figurine of a role (the black ones, filled in each side's colour).
const fn glyph(role: Role) -> char {
    match role {
        Role::King => '\u{265A}',
        Role::Queen => '\u{265B}',
        Role::Rook => '\u{265C}',
        Role::Bishop => '\u{265D}',
        Role::Knight => '\u{265E}',
        Role::Pawn => '\u{265F}',
    }
}

/// A chess diagram as [`svg`] draws it, with a crazyhouse pocket (kinds
/// `QRBNP`) drawn in a column right of the board: black's pieces from the
/// top, white's from the bottom, each kind once with its count.
#[must_use]
pub fn svg_with_pocket(fen: &Fen, pocket: Option<&Hand>) -> String {
    let board = 8 * CELL;
    let size = board + 2 * MARGIN;
    let width = if pocket.is_some() { size + CELL + MARGIN } else { size };
    let mut out = String::with_capacity(8 * 1024);
    let side = to_move(fen.extras.turn, ["white", "black"]);
    open(&mut out, width, size, &format!("Chess position, {side} to move"));
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let (x, y) = (MARGIN + i32::from(file) * CELL, MARGIN + (7 - i32::from(rank)) * CELL);
            let fill = if (file + rank) % 2 == 0 { "#b58863" } else { "#f0d9b5" };
            let _ = writeln!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>");
        }
    }
    for i in 0..8u8 {
        let c = MARGIN + i32::from(i) * CELL + CELL / 2;
        label(&mut out, c, size - MARGIN / 2, &char::from(b'a' + i).to_string());
        label(&mut out, MARGIN / 2, MARGIN + (7 - i32::from(i)) * CELL + CELL / 2, &char::from(b'1' + i).to_string());
    }
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let Some(piece) = Square::new(file, rank).and_then(|sq| fen.board[sq.index()]) else {
                continue;
            };
            let (cx, cy) =
                (MARGIN + i32::from(file) * CELL + CELL / 2, MARGIN + (7 - i32::from(rank)) * CELL + CELL / 2);
            // The black figurines, filled in each side's colour, look alike
            // in every font; U+FE0E asks for the text (not emoji) form.
            let glyph = glyph(piece.role());
            let (fill, stroke) = if piece.color() == Color::White { ("#fff", "#000") } else { ("#000", "#000") };
            let name = [char::from(b'a' + file), char::from(b'1' + rank)];
            let _ = writeln!(
                out,
                "<text class=\"piece\" data-square=\"{}{}\" data-piece=\"{}\" x=\"{cx}\" y=\"{}\" font-size=\"40\" \
                 text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{fill}\" stroke=\"{stroke}\" \
                 stroke-width=\"1\">{glyph}\u{FE0E}</text>",
                name[0],
                name[1],
                char::from(piece.letter()),
                cy + 2,
            );
        }
    }
    if let Some(pocket) = pocket {
        draw_pocket(&mut out, pocket, size, fen.extras.turn);
    }
    out.push_str("</svg>\n");
    out
}

/// The pocket's column, right of a board `size` wide. The pieces of the
/// side to move carry `data-drop`: how a UCI move dropping the piece
/// begins (`N@`), so that a page can play drops.
fn draw_pocket(out: &mut String, pocket: &Hand, size: i32, turn: Color) {
    const KINDS: [(Role, u8); 5] =
        [(Role::Queen, b'Q'), (Role::Rook, b'R'), (Role::Bishop, b'B'), (Role::Knight, b'N'), (Role::Pawn, b'P')];
    let cx = size + CELL / 2;
    let _ = writeln!(
        out,
        "<rect class=\"pocket\" x=\"{}\" y=\"{MARGIN}\" width=\"{CELL}\" height=\"{}\" fill=\"#e8e0d0\"/>",
        size,
        8 * CELL
    );
    for color in Color::ALL {
        let held = KINDS.iter().enumerate().filter(|&(kind, _)| pocket.count(color, kind) > 0);
        for (slot, (kind, &(role, letter))) in held.enumerate() {
            let slot = i32::try_from(slot).unwrap_or(0);
            let row = if color == Color::Black { slot } else { 7 - slot };
            let cy = MARGIN + row * CELL + CELL / 2;
            let (fill, letter) =
                if color == Color::White { ("#fff", letter) } else { ("#000", letter.to_ascii_lowercase()) };
            let drop = if color == turn {
                format!(" data-drop=\"{}@\"", char::from(letter.to_ascii_uppercase()))
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "<text class=\"pocket-piece\" data-piece=\"{}\" data-count=\"{count}\"{drop} x=\"{cx}\" y=\"{}\" \
                 font-size=\"36\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{fill}\" \
                 stroke=\"#000\" stroke-width=\"1\">{}\u{FE0E}</text>",
                char::from(letter),
                cy + 2,
                glyph(role),
                count = pocket.count(color, kind),
            );
            label(out, cx + CELL / 2 - 6, cy + CELL / 2 - 8, &pocket.count(color, kind).to_string());
        }
    }
}
