//! The two sides of a two-player board game.

use core::fmt;

/// One of the two players.
///
/// Every notation polyfen reads writes the first player's pieces in uppercase
/// and the second player's in lowercase, so the core names the sides after
/// chess: [`Color::White`] is the uppercase side (white in chess, red in
/// Xiangqi, silver in Khet) and [`Color::Black`] the lowercase side (black in
/// chess and Xiangqi, red in Khet). Each variant names its sides for people
/// through [`Variant::COLOR_NAMES`](crate::Variant::COLOR_NAMES).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The uppercase side, which moves first from the usual start positions.
    White = 0,
    /// The lowercase side.
    Black = 1,
}

impl Color {
    /// Both colors, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for white, 1 for black: an index into per-side arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The color of an ASCII letter by its case (`None` for a non-letter).
    #[must_use]
    pub const fn of_ascii_case(byte: u8) -> Option<Color> {
        if byte.is_ascii_uppercase() {
            Some(Color::White)
        } else if byte.is_ascii_lowercase() {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// Writes `letter` in this side's case: uppercase for white.
    #[must_use]
    pub const fn case(self, letter: u8) -> u8 {
        match self {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter.to_ascii_lowercase(),
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}
