//! One square type for every board: a square of a grid `FILES` wide and
//! `RANKS` deep, named by a file letter from `a` and a rank digit from
//! `FIRST` (`b'1'` for chess and Khet, `b'0'` for Xiangqi's ICCS points).
//! Each game names its own: `polyfen_chess::Square` is `Square<8, 8, b'1'>`,
//! Xiangqi's is `Square<9, 10, b'0'>`, Khet's `Square<10, 8, b'1'>`.

use core::fmt;
use core::str::FromStr;

/// A square, numbered rank by rank from the first rank's file `a`:
/// `index = rank * FILES + file`. At most 255 squares and ten ranks (one
/// digit names a rank).
///
/// ```
/// use polyfen_core::Square;
///
/// type Chess = Square<8, 8, b'1'>;
/// let e4 = Chess::parse(b"e4").ok_or("a square")?;
/// assert_eq!((e4.file(), e4.rank(), e4.index()), (4, 3, 28));
/// assert_eq!(e4.offset(1, 1), Chess::parse(b"f5"));
/// assert_eq!(e4.to_string(), "e4");
/// assert_eq!("e0".parse::<Square<9, 10, b'0'>>().map(|s| s.index()), Ok(4));
/// assert!(Chess::parse(b"i1").is_none());
/// # Ok::<(), &str>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square<const FILES: u8, const RANKS: u8, const FIRST: u8>(u8);

impl<const FILES: u8, const RANKS: u8, const FIRST: u8> Square<FILES, RANKS, FIRST> {
    /// The board's width.
    pub const FILES: u8 = FILES;
    /// The board's depth.
    pub const RANKS: u8 = RANKS;
    /// The number of squares.
    pub const COUNT: usize = FILES as usize * RANKS as usize;

    /// The square at `file` (0 = a) and `rank` (0 = the first rank), if on
    /// the board.
    #[must_use]
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Self> {
        if file < FILES && rank < RANKS { Some(Square(rank * FILES + file)) } else { None }
    }

    /// The square of an index below [`Square::COUNT`].
    #[must_use]
    #[inline]
    pub const fn from_index(index: usize) -> Option<Self> {
        if index < Self::COUNT {
            #[allow(clippy::cast_possible_truncation)] // below COUNT, at most 255
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Every square, `a` of the first rank first, rank by rank.
    pub fn all() -> impl Iterator<Item = Self> {
        #[allow(clippy::cast_possible_truncation)] // at most 255 squares
        (0..Self::COUNT as u8).map(Square)
    }

    /// The index, `rank * FILES + file`.
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 = a.
    #[must_use]
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// The rank, 0 = the first rank.
    #[must_use]
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// Reads a square name: a file letter from `a`, a rank digit from
    /// `FIRST`.
    #[must_use]
    #[inline]
    pub const fn parse(name: &[u8]) -> Option<Self> {
        match name {
            [f, r] if *f >= b'a' && *r >= FIRST => Self::new(*f - b'a', *r - FIRST),
            _ => None,
        }
    }

    /// The square's name as two ASCII bytes.
    #[must_use]
    #[inline]
    pub const fn name(self) -> [u8; 2] {
        [b'a' + self.file(), FIRST + self.rank()]
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[must_use]
    #[inline]
    #[allow(clippy::cast_possible_wrap, clippy::cast_sign_loss)] // boards are at most 255 squares
    pub const fn offset(self, df: i8, dr: i8) -> Option<Self> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < FILES as i8 && r >= 0 && r < RANKS as i8 {
            Some(Square(r as u8 * FILES + f as u8))
        } else {
            None
        }
    }

    /// The square as seen from the other side of the board (the board
    /// turned half a turn).
    #[must_use]
    #[inline]
    #[allow(clippy::cast_possible_truncation)] // at most 255 squares
    pub const fn rotated(self) -> Self {
        Square(Self::COUNT as u8 - 1 - self.0)
    }
}

impl<const FILES: u8, const RANKS: u8, const FIRST: u8> fmt::Display for Square<FILES, RANKS, FIRST> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.name();
        write!(f, "{}{}", a as char, b as char)
    }
}

/// A text that names no square of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareError {
    /// The text.
    pub text: String,
    /// The first square's name, for the message.
    pub first: String,
    /// The last square's name.
    pub last: String,
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a square from {} to {}", self.text, self.first, self.last)
    }
}

impl std::error::Error for SquareError {}

impl<const FILES: u8, const RANKS: u8, const FIRST: u8> FromStr for Square<FILES, RANKS, FIRST> {
    type Err = SquareError;

    /// Reads a square name such as `e4`.
    fn from_str(s: &str) -> Result<Self, SquareError> {
        Self::parse(s.as_bytes()).ok_or_else(|| SquareError {
            text: s.chars().take(16).collect(),
            first: Square::<FILES, RANKS, FIRST>(0).to_string(),
            #[allow(clippy::cast_possible_truncation)] // at most 255 squares
            last: Square::<FILES, RANKS, FIRST>((Self::COUNT - 1) as u8).to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Chess = Square<8, 8, b'1'>;
    type Xiangqi = Square<9, 10, b'0'>;
    type Khet = Square<10, 8, b'1'>;

    #[test]
    fn every_square_reads_its_own_name_and_nothing_else_reads() {
        fn check<const F: u8, const R: u8, const Z: u8>() {
            let all: Vec<Square<F, R, Z>> = Square::all().collect();
            assert_eq!(all.len(), Square::<F, R, Z>::COUNT);
            for (i, s) in all.iter().enumerate() {
                assert_eq!(s.index(), i);
                assert_eq!(Square::from_index(i), Some(*s));
                assert_eq!(Square::parse(&s.name()), Some(*s));
                assert_eq!(Square::new(s.file(), s.rank()), Some(*s));
                assert_eq!(s.rotated().rotated(), *s);
            }
            assert_eq!(Square::<F, R, Z>::from_index(all.len()), None);
            for a in 0..=255u8 {
                for b in 0..=255u8 {
                    if let Some(s) = Square::<F, R, Z>::parse(&[a, b]) {
                        assert_eq!(s.name(), [a, b]);
                    }
                }
            }
        }
        check::<8, 8, b'1'>();
        check::<9, 10, b'0'>();
        check::<10, 8, b'1'>();
        check::<5, 5, b'1'>();
    }

    #[test]
    fn names_offsets_and_errors() {
        assert_eq!(Xiangqi::parse(b"i9").map(Xiangqi::index), Some(89));
        assert_eq!(Khet::parse(b"j1").map(Khet::index), Some(9));
        assert_eq!(Chess::parse(b"h8").and_then(|s| s.offset(1, 0)), None);
        assert_eq!(Chess::parse(b"a1").and_then(|s| s.offset(-1, 0)), None);
        assert_eq!(Khet::parse(b"a1").map(Khet::rotated), Khet::parse(b"j8"));
        let e = "z9".parse::<Chess>().unwrap_err();
        assert_eq!(e.to_string(), "\"z9\" is not a square from a1 to h8");
        assert_eq!("k0".parse::<Xiangqi>().unwrap_err().to_string(), "\"k0\" is not a square from a0 to i9");
    }
}
