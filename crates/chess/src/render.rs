//! Board diagrams with coordinates.

use polyfen_core::Color;

use crate::Fen;
use crate::types::Square;

/// The look of a diagram.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RenderStyle {
    /// FEN letters, `.` for an empty square.
    #[default]
    Ascii,
    /// Chess figurines, `·` for an empty square.
    Unicode,
}

/// A diagram of the board from white's side, ranks 8 to 1, files a to h,
/// with the side to move below.
#[must_use]
pub fn render(fen: &Fen, style: RenderStyle) -> String {
    let mut out = String::with_capacity(256);
    for rank in (0..8u8).rev() {
        out.push((b'1' + rank) as char);
        for file in 0..8u8 {
            out.push(' ');
            let piece = Square::new(file, rank).and_then(|sq| fen.board[sq.index()]);
            match (piece, style) {
                (Some(p), RenderStyle::Ascii) => out.push(p.letter() as char),
                (Some(p), RenderStyle::Unicode) => out.push(p.figurine()),
                (None, RenderStyle::Ascii) => out.push('.'),
                (None, RenderStyle::Unicode) => out.push('·'),
            }
        }
        out.push('\n');
    }
    out.push_str("  a b c d e f g h\n");
    out.push_str(if fen.extras.turn == Color::White { "white to move\n" } else { "black to move\n" });
    out
}
