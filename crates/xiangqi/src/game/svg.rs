//! The SVG drawing of a Xiangqi position: the pieces on the points of the
//! lines, the river, the palaces' diagonals, coordinates (ICCS: files a–i,
//! ranks 0–9), pieces as discs with their Chinese characters. The
//! characters (and the river's words) are drawn as outlines (paths from
//! Noto Serif CJK, OFL 1.1), not as text, so the drawing looks the same on
//! a machine without CJK fonts.

use core::fmt::Write as _;

use polyfen_core::Color;
use polyfen_game::svg::{CELL, Glyphs, label, open, to_move};

use crate::{Fen, Script};

use super::glyphs;

/// The outlines the drawing's characters come from.
const GLYPHS: Glyphs = Glyphs { em: glyphs::EM, outline: glyphs::outline };

/// Draws `text` as outlines (see [`polyfen_game::svg::characters`]).
fn characters(out: &mut String, text: &str, cx: i32, cy: i32, size: i32) {
    polyfen_game::svg::characters(out, GLYPHS, text, cx, cy, size);
}

/// The margin around a Xiangqi board: half a point's distance plus room for
/// the coordinates.
pub(crate) const XQ_MARGIN: i32 = 44;

/// A Xiangqi diagram from red's side: rank 9 (black's back rank) at the
/// top, files a–i from red's left, the pieces on the points, the river
/// between ranks 4 and 5 and the palaces' diagonals.
#[must_use]
pub fn svg(fen: &Fen) -> String {
    let width = 8 * CELL + 2 * XQ_MARGIN;
    let height = 9 * CELL + 2 * XQ_MARGIN;
    let x = |file: i32| XQ_MARGIN + file * CELL;
    let y = |rank: i32| XQ_MARGIN + (9 - rank) * CELL;
    let mut out = String::with_capacity(12 * 1024);
    let side = to_move(fen.extras.turn, ["red", "black"]);
    open(&mut out, width, height, &format!("Xiangqi position, {side} to move"));
    let _ = writeln!(out, "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#f2d49b\"/>");
    out.push_str("<g stroke=\"#5a3a1a\" stroke-width=\"1\" fill=\"none\">\n");
    let _ = writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" stroke-width=\"2\"/>",
        x(0),
        y(9),
        8 * CELL,
        9 * CELL
    );
    for rank in 1..9 {
        let _ = writeln!(out, "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", x(0), y(rank), x(8), y(rank));
    }
    // The inner files stop at the river.
    for file in 1..8 {
        let _ = writeln!(out, "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>", x(file), y(0), y(4));
        let _ = writeln!(out, "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>", x(file), y(5), y(9));
    }
    // The palaces' diagonals.
    for (low, high) in [(0, 2), (7, 9)] {
        let _ = writeln!(out, "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", x(3), y(low), x(5), y(high));
        let _ = writeln!(out, "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", x(5), y(low), x(3), y(high));
    }
    out.push_str("</g>\n");
    let river_y = i32::midpoint(y(4), y(5));
    for (file, text) in [(2, "楚 河"), (6, "漢 界")] {
        let _ = write!(out, "<g class=\"river\" fill=\"#5a3a1a\" aria-label=\"{text}\">");
        characters(&mut out, text, x(file), river_y, 24);
        out.push_str("</g>\n");
    }
    for i in 0..9u8 {
        let file = i32::from(i);
        label(&mut out, x(file), height - XQ_MARGIN / 3, &char::from(b'a' + i).to_string());
    }
    for rank in 0..10u8 {
        label(&mut out, XQ_MARGIN / 3, y(i32::from(rank)), &rank.to_string());
    }
    for rank in 0..10u8 {
        for file in 0..9u8 {
            let Some(piece) = crate::Square::new(file, rank).and_then(|sq| fen.board[sq.index()]) else {
                continue;
            };
            let (cx, cy) = (x(i32::from(file)), y(i32::from(rank)));
            let color = if piece.color() == Color::White { "#c0161b" } else { "#111" };
            let _ = write!(
                out,
                "<g class=\"piece\" data-square=\"{}{rank}\" data-piece=\"{}\"><circle cx=\"{cx}\" cy=\"{cy}\" r=\"21\" \
                 fill=\"#fbe7c2\" stroke=\"{color}\" stroke-width=\"2\"/><circle cx=\"{cx}\" cy=\"{cy}\" r=\"17\" \
                 fill=\"none\" stroke=\"{color}\" stroke-width=\"1\"/><g fill=\"{color}\" aria-label=\"{}\">",
                char::from(b'a' + file),
                char::from(piece.letter(crate::LetterSet::Xqbase)),
                piece.chinese(Script::Simplified),
            );
            characters(&mut out, &piece.chinese(Script::Simplified).to_string(), cx, cy, 22);
            out.push_str("</g></g>\n");
        }
    }
    out.push_str("</svg>\n");
    out
}
