//! What every game's SVG drawing shares: the cell size, the margin, the
//! opening `<svg>` element with its title, coordinate labels, and drawing
//! characters as outlines from a game's own glyph table.
//!
//! Each game draws one self-contained `<svg>` element (no scripts, no
//! external references), with whole-number coordinates so that the output
//! is stable. Every piece is an element of class `piece` with
//! `data-square` (its coordinate) and `data-piece` (its letter) attributes,
//! so that a page or a test can find it; each drawing has a `<title>` in
//! words.

use core::fmt::Write as _;

use polyfen_core::Color;

/// The side of one square (chess, Khet) or the distance between two points
/// (Xiangqi), in SVG units.
pub const CELL: i32 = 48;

/// The margin around a square board, which holds the coordinates.
pub const MARGIN: i32 = 20;

/// A table of character outlines: the em size, and the SVG path data of a
/// character (y down, the baseline at 0, the em box from `-0.88 em` to
/// `0.12 em`), if the table has it.
#[derive(Clone, Copy)]
pub struct Glyphs {
    /// The em square, in the outlines' units.
    pub em: i32,
    /// The outline of a character.
    pub outline: fn(char) -> Option<&'static str>,
}

/// Draws `text` (characters of `glyphs`, and spaces) as outlines centred
/// on (`cx`, `cy`), each character `size` units square, a space half that:
/// one `<path>` per character, none of them text.
pub fn characters(out: &mut String, glyphs: Glyphs, text: &str, cx: i32, cy: i32, size: i32) {
    let advance = |c: char| if c == ' ' { size / 2 } else { size };
    let width: i32 = text.chars().map(advance).sum();
    let mut left = cx - width / 2;
    // The em box runs from -880 to 120 about the baseline: its middle is
    // 380/1000 of the size above the baseline.
    let baseline = cy + size * 380 / glyphs.em;
    for c in text.chars() {
        if let Some(outline) = (glyphs.outline)(c) {
            let scale = f64::from(size) / f64::from(glyphs.em);
            let _ = write!(out, "<path transform=\"translate({left} {baseline}) scale({scale})\" d=\"{outline}\"/>");
        }
        left += advance(c);
    }
}

/// Opens an `<svg>` element of `width` × `height` with a title.
pub fn open(out: &mut String, width: i32, height: i32, title: &str) {
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"polyfen-board\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{title}\" \
         font-family=\"'DejaVu Sans','Segoe UI Symbol',sans-serif\">\n<title>{title}</title>\n"
    );
}

/// Writes a small coordinate label centred on (`x`, `y`).
pub fn label(out: &mut String, x: i32, y: i32, text: &str) {
    let _ = writeln!(
        out,
        "<text x=\"{x}\" y=\"{y}\" font-size=\"12\" fill=\"#555\" text-anchor=\"middle\" \
         dominant-baseline=\"central\">{text}</text>"
    );
}

/// The side to move in words, from the game's two names.
#[must_use]
pub fn to_move(turn: Color, names: [&str; 2]) -> &str {
    names[turn.index()]
}

/// Where a diagram draws one square: the box a page can lay over it to
/// make it clickable (a Xiangqi point's box is the square centred on it);
/// the service writes it as is (`name`, `x`, `y`, `size`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SquareBox {
    /// The square's name in the game's coordinates (`e2`, `h0`, `j1`).
    pub name: String,
    /// The left edge, in the diagram's units.
    pub x: i32,
    /// The top edge.
    pub y: i32,
    /// The side of the box.
    pub size: i32,
}

/// The boxes of a board of `F` × `R` squares of [`CELL`] units whose top
/// left box starts at (`edge`, `edge`): the top rank first, each rank from
/// the left.
#[must_use]
pub fn boxes<const F: u8, const R: u8, const FIRST: u8>(edge: i32) -> Vec<SquareBox> {
    let mut out: Vec<SquareBox> = polyfen_core::Square::<F, R, FIRST>::all()
        .map(|sq| SquareBox {
            name: sq.to_string(),
            x: edge + i32::from(sq.file()) * CELL,
            y: edge + (i32::from(R) - 1 - i32::from(sq.rank())) * CELL,
            size: CELL,
        })
        .collect();
    out.sort_by_key(|b| (b.y, b.x));
    out
}
