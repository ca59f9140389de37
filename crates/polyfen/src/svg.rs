//! SVG diagrams of chess, Xiangqi and Khet positions.
//!
//! Each game draws its own (the `svg` module of its crate, and Khet's
//! `svg_with_laser`), as [`crate::Position::render`] in
//! [`crate::RenderStyle::Svg`] does for any position; this module holds
//! where a drawing puts each square. Each drawing is one self-contained `<svg>` element (no scripts, no external references), with
//! whole-number coordinates so that the output is stable. Every piece is an
//! element of class `piece` with `data-square` (its coordinate) and
//! `data-piece` (its letter) attributes, so that a page or a test can find
//! it; each drawing has a `<title>` in words.
//!
//! - Chess: the squares, coordinates, and the pieces as figurines.
//! - Xiangqi: the pieces on the points of the lines, the river, the
//!   palaces' diagonals, coordinates (ICCS: files a–i, ranks 0–9), pieces as
//!   discs with their Chinese characters. The characters (and the river's
//!   words) are drawn as outlines (paths from Noto Serif CJK, OFL 1.1), not
//!   as text, so the drawing looks the same on a machine without CJK fonts.
//! - Khet: the squares reserved for each side tinted in its colour, each
//!   piece turned to its facing (the mirror faces drawn in a mirror colour,
//!   a sphinx's firing direction as an arrow, an anubis' shield as a bar),
//!   and optionally a laser shot as an overlay (`svg_with_laser`).
//!
//! What every drawing shares is in [`polyfen_game::svg`].
//!
//! # Examples
//!
//! ```
//! use polyfen::{read, Position, ReadOptions, RenderStyle, VariantId};
//!
//! let start = VariantId::Chess.setup("standard").expect("the start");
//! let reading = read(start, None, &ReadOptions::default())?;
//! let svg = reading.position.render(RenderStyle::Svg)?;
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("class=\"piece\"").count(), 32);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use polyfen_game::svg::SquareBox;

/// Every square of a diagram of `variant` as its game draws it: the top
/// rank first, each rank from the left.
///
/// ```
/// let boxes = polyfen::svg::square_boxes(polyfen::VariantId::Chess);
/// assert_eq!((boxes[0].name.as_str(), boxes[63].name.as_str()), ("a8", "h1"));
/// ```
#[must_use]
pub fn square_boxes(variant: crate::VariantId) -> Vec<SquareBox> {
    variant.square_boxes()
}
