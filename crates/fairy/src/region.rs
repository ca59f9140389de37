//! Sets of squares (Fairy-Stockfish's `Bitboard` option type) on boards up
//! to 16×16.
//!
//! The text form is a list of tokens separated by whitespace: a square
//! (`d4`, `a10`), a whole file (`a*`), a whole rank (`*1`), or `-` alone for
//! the empty set. A wildcard covers all 16 files or ranks, not only those of
//! the game's board: squares off the board are never used.

use core::fmt;

/// The largest number of files and of ranks a definition may have.
pub const MAX_SIDE: u8 = 16;

/// A set of squares, rank by rank (rank 1 first), a bit per file (file `a`
/// the lowest bit).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Region {
    ranks: [u16; MAX_SIDE as usize],
}

impl Region {
    /// No square.
    pub const EMPTY: Region = Region { ranks: [0; MAX_SIDE as usize] };
    /// Every square of the largest board.
    pub const ALL: Region = Region { ranks: [u16::MAX; MAX_SIDE as usize] };

    /// The whole rank `rank` (1-based); empty if out of range.
    pub fn rank(rank: u8) -> Region {
        let mut r = Region::EMPTY;
        if (1..=MAX_SIDE).contains(&rank) {
            r.ranks[usize::from(rank - 1)] = u16::MAX;
        }
        r
    }

    /// The whole file `file` (1-based); empty if out of range.
    pub fn file(file: u8) -> Region {
        let mut r = Region::EMPTY;
        if (1..=MAX_SIDE).contains(&file) {
            for row in &mut r.ranks {
                *row = 1 << (file - 1);
            }
        }
        r
    }

    /// The ranks `from..=to` (1-based, either order).
    pub fn ranks(from: u8, to: u8) -> Region {
        let (lo, hi) = if from <= to { (from, to) } else { (to, from) };
        (lo..=hi).fold(Region::EMPTY, |acc, r| acc | Region::rank(r))
    }

    /// Whether the square on `file` and `rank` (both 1-based) is in the set.
    pub fn contains(&self, file: u8, rank: u8) -> bool {
        (1..=MAX_SIDE).contains(&file)
            && (1..=MAX_SIDE).contains(&rank)
            && self.ranks[usize::from(rank - 1)] & (1 << (file - 1)) != 0
    }

    /// Adds the square on `file` and `rank` (both 1-based; ignored if out of range).
    pub fn insert(&mut self, file: u8, rank: u8) {
        if (1..=MAX_SIDE).contains(&file) && (1..=MAX_SIDE).contains(&rank) {
            self.ranks[usize::from(rank - 1)] |= 1 << (file - 1);
        }
    }

    /// Whether no square is in the set.
    pub fn is_empty(&self) -> bool {
        self.ranks.iter().all(|r| *r == 0)
    }

    /// The number of squares in the set.
    pub fn len(&self) -> usize {
        self.ranks.iter().map(|r| r.count_ones() as usize).sum()
    }

    /// The squares, rank 1 first, as (file, rank), both 1-based.
    pub fn squares(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (1..=MAX_SIDE).flat_map(move |rank| {
            (1..=MAX_SIDE).filter_map(move |file| self.contains(file, rank).then_some((file, rank)))
        })
    }

    /// The squares of this set that lie on a board of `files` × `ranks`.
    #[must_use]
    pub fn within(&self, files: u8, ranks: u8) -> Region {
        let mut r = Region::EMPTY;
        let mask = if files >= 16 { u16::MAX } else { (1u16 << files) - 1 };
        for (i, row) in self.ranks.iter().enumerate() {
            if i < usize::from(ranks) {
                r.ranks[i] = row & mask;
            }
        }
        r
    }

    /// Reads a region as Fairy-Stockfish writes it (`d4 e4`, `*1 *2`, `a*`,
    /// `-`); the error says which token is wrong and why.
    ///
    /// # Errors
    ///
    /// A token that is not a square, a file or rank wildcard, or `-` alone;
    /// a file beyond `p` or a rank beyond 16.
    pub fn parse(text: &str) -> Result<Region, String> {
        let mut region = Region::EMPTY;
        let tokens: Vec<&str> = text.split_whitespace().collect();
        if tokens == ["-"] {
            return Ok(region);
        }
        if tokens.is_empty() {
            return Err("no squares (write `-` for none)".to_owned());
        }
        for token in tokens {
            let bytes = token.as_bytes();
            if token == "-" {
                return Err("`-` (no squares) must stand alone".to_owned());
            }
            if let Some(rest) = token.strip_prefix('*') {
                let rank = parse_rank(rest)
                    .ok_or_else(|| format!("`{token}`: a rank wildcard is `*` and a rank from 1 to {MAX_SIDE}"))?;
                region = region | Region::rank(rank);
            } else if bytes.len() == 2 && bytes[1] == b'*' {
                let file = parse_file_letter(bytes[0])
                    .ok_or_else(|| format!("`{token}`: a file wildcard is a file from a to p and `*`"))?;
                region = region | Region::file(file);
            } else if bytes.len() > 1 && bytes[0].is_ascii_alphabetic() {
                let file = parse_file_letter(bytes[0]).ok_or_else(|| format!("`{token}`: files go from a to p"))?;
                let rank = parse_rank(&token[1..]).ok_or_else(|| {
                    format!("`{token}`: a square is a file from a to p and a rank from 1 to {MAX_SIDE}")
                })?;
                region.insert(file, rank);
            } else {
                return Err(format!("`{token}` is not a square (d4), a file (a*), a rank (*1) or `-`"));
            }
        }
        Ok(region)
    }
}

fn parse_file_letter(byte: u8) -> Option<u8> {
    let lower = byte.to_ascii_lowercase();
    (b'a'..b'a' + MAX_SIDE).contains(&lower).then(|| lower - b'a' + 1)
}

fn parse_rank(text: &str) -> Option<u8> {
    if text.is_empty() || text.len() > 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rank: u8 = text.parse().ok()?;
    (1..=MAX_SIDE).contains(&rank).then_some(rank)
}

impl core::ops::BitOr for Region {
    type Output = Region;
    fn bitor(mut self, rhs: Region) -> Region {
        for (a, b) in self.ranks.iter_mut().zip(rhs.ranks) {
            *a |= b;
        }
        self
    }
}

impl core::ops::BitAnd for Region {
    type Output = Region;
    fn bitand(mut self, rhs: Region) -> Region {
        for (a, b) in self.ranks.iter_mut().zip(rhs.ranks) {
            *a &= b;
        }
        self
    }
}

impl core::ops::Not for Region {
    type Output = Region;
    fn not(mut self) -> Region {
        for a in &mut self.ranks {
            *a = !*a;
        }
        self
    }
}

/// The text form [`Region::parse`] reads back: full ranks as `*N`, full
/// files as `x*`, other squares one by one, `-` when empty.
impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        let mut rest = *self;
        let mut first = true;
        let mut put = |f: &mut fmt::Formatter<'_>, s: &dyn fmt::Display| -> fmt::Result {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{s}")
        };
        for rank in 1..=MAX_SIDE {
            if rest.ranks[usize::from(rank - 1)] == u16::MAX {
                put(f, &format_args!("*{rank}"))?;
                rest.ranks[usize::from(rank - 1)] = 0;
            }
        }
        for file in 1..=MAX_SIDE {
            let column = Region::file(file);
            if rest & column == column {
                put(f, &format_args!("{}*", char::from(b'a' + file - 1)))?;
                rest = rest & !column;
            }
        }
        for (file, rank) in rest.squares() {
            put(f, &format_args!("{}{rank}", char::from(b'a' + file - 1)))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Region({self})")
    }
}
