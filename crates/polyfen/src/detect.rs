//! Guessing the notation of a string, in one pass over its bytes and
//! without allocating: the text's shape ([`TextShape`]) is read once, each
//! game of the list guesses from it, and the surest guess is taken.

use polyfen_core::swar::{HIGH, bytes_below, bytes_equal, lanes, padded_chunk};
use polyfen_game::detect::TextShape;

use crate::{Notation, VariantId};

/// The notations an input may be written in, most likely first: one or
/// two, held inline (no allocation). Made by [`detect`].
///
/// # Examples
///
/// ```
/// use polyfen::{detect, Notation};
///
/// let guess = detect("8/8/8/8/8/8/8/K6k w - - 0 1");
/// assert_eq!(guess.first(), Notation::Fen);
/// assert_eq!(guess.as_slice(), [Notation::Fen, Notation::Epd]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidates {
    list: [Notation; 2],
    len: u8,
}

impl Candidates {
    const fn one(notation: Notation) -> Candidates {
        Candidates { list: [notation, notation], len: 1 }
    }

    const fn two(first: Notation, second: Notation) -> Candidates {
        Candidates { list: [first, second], len: 2 }
    }

    /// The most likely notation.
    #[must_use]
    pub const fn first(&self) -> Notation {
        self.list[0]
    }

    /// Every candidate, most likely first.
    #[must_use]
    pub fn as_slice(&self) -> &[Notation] {
        &self.list[..usize::from(self.len)]
    }

    /// The candidates, most likely first.
    pub fn iter(&self) -> core::slice::Iter<'_, Notation> {
        self.as_slice().iter()
    }
}

impl<'a> IntoIterator for &'a Candidates {
    type Item = &'a Notation;
    type IntoIter = core::slice::Iter<'a, Notation>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// The notations `input` may be written in, most likely first.
///
/// The guess looks only at the shape of the text, in one pass over its
/// bytes ([`TextShape`]); each game guesses from it
/// ([`polyfen_game::GamePosition::guess`]) and the surest guess is taken
/// (the first game of the list on a tie):
///
/// - a `{` starts JSON;
/// - Khet PKN has a second field of rotation letters (`n e s w`, more than
///   one), a `0` (ten empty squares) in the placement, or 8 ranks most of
///   which are 10 squares wide;
/// - Xiangqi has 10 ranks (standard Xiangqi FEN first, then the legacy
///   dialect); the legacy dialect comes first when the input has its
///   `/x` marker after the move number, or 10 ranks of which one is short
///   of 9 points (the dialect leaves out trailing empty points) or one of
///   its own side letters (`W R B G g`), or empty ranks (`//`) and not the
///   8 ranks of chess; a placement with a cannon (`c`) or a WXF or ICCS
///   letter but neither 8 nor 10 ranks is read as Xiangqi FEN, whose error
///   says how many ranks it should have;
/// - Shogi: a CSA board or a KIF board diagram by its first line (`P1-KY…`,
///   `PI`, `後手の持駒`, `９ ８ ７`), and SFEN: 9 ranks with a side `b` or
///   `w`, or another side with a `+` in the placement or SFEN's three
///   fields (so that its error names the side, not a Xiangqi letter);
/// - anything else is chess: FEN, then EPD (EPD first when there are
///   operations after the fourth field).
///
/// [`crate::read`] tries the notations in this order and takes the first
/// that reads; a lenient dialect is only listed for text of its game's
/// shape, so a wrong guess costs time, never a wrong reading.
///
/// # Examples
///
/// ```
/// use polyfen::{detect, Notation, VariantId};
///
/// let legacy = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04";
/// assert_eq!(detect(legacy).as_slice(), [Notation::XiangqiLegacy, Notation::XiangqiFen]);
/// let khet = VariantId::Khet.setup("classic").expect("Khet's classic setup");
/// assert_eq!(detect(khet).as_slice(), [Notation::Pkn]);
/// assert_eq!(detect("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;").first(), Notation::Epd);
/// ```
#[must_use]
pub fn detect(input: &str) -> Candidates {
    let trimmed = input.trim_start();
    let bytes = trimmed.as_bytes();
    if bytes.first() == Some(&b'{') {
        return Candidates::one(Notation::Json);
    }
    let shape = TextShape::scan(bytes);
    match crate::ids::guess(&shape) {
        Some((first, Some(second))) => Candidates::two(first, second),
        Some((first, None)) => Candidates::one(first),
        None => Candidates::one(VariantId::first().default_notation()),
    }
}

/// The notations `input` may be written in, most likely first, as a
/// vector: [`detect`]'s answer, allocated.
///
/// # Examples
///
/// ```
/// use polyfen::{candidates, Notation, VariantId};
///
/// let legacy = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04";
/// assert_eq!(candidates(legacy), [Notation::XiangqiLegacy, Notation::XiangqiFen]);
/// let khet = VariantId::Khet.setup("classic").expect("Khet's classic setup");
/// assert_eq!(candidates(khet), [Notation::Pkn]);
/// assert_eq!(candidates("8/8/8/8/8/8/8/K6k w - - 0 1"), [Notation::Fen, Notation::Epd]);
/// ```
#[must_use]
pub fn candidates(input: &str) -> Vec<Notation> {
    detect(input).as_slice().to_vec()
}

/// Whether the text up to its first ASCII whitespace has exactly 7 `/` and
/// no `0`: the shape of a chess board, checked eight bytes a step. A
/// cheap filter for [`crate::read`], which tries strict FEN first on it.
pub(crate) fn eight_ranks(bytes: &[u8]) -> bool {
    let mut slashes = 0;
    let mut at = 0;
    loop {
        let chunk = padded_chunk(bytes, at, b' ');
        let word = u64::from_le_bytes(chunk);
        let low = bytes_below(word, b'!');
        let inside = if low == 0 { HIGH } else { HIGH & (low - 1) };
        if bytes_equal(word, b'0') & inside != 0 {
            return false;
        }
        // the lanes' high bits summed by one multiply (no popcount
        // instruction is assumed)
        slashes += ((bytes_equal(word, b'/') & inside) >> 7).wrapping_mul(lanes(1)) >> 56;
        if low != 0 || slashes > 7 {
            return slashes == 7;
        }
        at += 8;
    }
}
