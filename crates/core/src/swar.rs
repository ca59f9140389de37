//! Eight bytes at a time: from one-byte cell codes to bitboards.
//!
//! Boards whose cells are one byte each (a piece code, or one code for an
//! empty cell) can be turned into a bitboard per code without branching on
//! any cell: the codes' bits are gathered eight cells a step into "bit
//! planes", and each code's cells are where the planes spell it.
//! Validation uses this instead of a pass that branches on every cell.
//!
//! The lane helpers below are the word-at-a-time tests on bytes that the
//! placement reader's fast path and the facade's notation detection share:
//! a byte loaded as one lane of a `u64`, answers given as the high bit of
//! each lane.

/// Each byte lane of a word holding 1.
pub const LANES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each lane.
pub const HIGH: u64 = 0x8080_8080_8080_8080;
/// The low seven bits of each lane.
pub const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// Eight copies of a byte.
#[must_use]
pub const fn lanes(byte: u8) -> u64 {
    LANES * byte as u64
}

/// The high bit of each lane of `w7` (lanes below 0x80) that equals `b`
/// (below 0x80). Exact: no lane borrows from or carries into another.
#[must_use]
pub const fn lanes_equal(w7: u64, b: u8) -> u64 {
    !((w7 ^ lanes(b)) + LOW7) & HIGH
}

/// The high bit of each lane of `w7` (lanes below 0x80) that is at least
/// `b` (at most 0x80). Exact, as [`lanes_equal`].
#[must_use]
pub const fn lanes_at_least(w7: u64, b: u8) -> u64 {
    (w7 + LANES * (0x80 - b as u64)) & HIGH
}

/// The high bit of each byte of `word` (any bytes) below `bound` (at most
/// 0x80).
#[must_use]
pub const fn bytes_below(word: u64, bound: u8) -> u64 {
    !(lanes_at_least(word & LOW7, bound) | word) & HIGH
}

/// The high bit of each byte of `word` (any bytes) equal to `byte`.
#[must_use]
pub const fn bytes_equal(word: u64, byte: u8) -> u64 {
    bytes_below(word ^ lanes(byte), 1)
}

/// The eight bytes of `bytes` from `at`, those past its end (all, if `at`
/// is past it) `pad`.
#[must_use]
pub fn padded_chunk(bytes: &[u8], at: usize, pad: u8) -> [u8; 8] {
    let mut chunk = [pad; 8];
    let rest = bytes.get(at..).unwrap_or_default();
    let n = rest.len().min(8);
    chunk[..n].copy_from_slice(&rest[..n]);
    chunk
}

/// The four low "bit planes" of up to 128 one-byte cell codes: bit `i` of
/// plane `k` is bit `k` of `codes[i]`. With codes below 16, the cells that
/// hold code `c` are those where the planes spell `c` ([`cells_with`]).
/// Eight cells a step, with no branch and no loop on what the cells hold.
#[must_use]
pub fn bit_planes<const N: usize>(codes: &[u8; N]) -> [u128; 4] {
    // the first 64 cells and the next 64, in 64-bit halves (a 128-bit shift
    // by a varying count is slow); with `N` known, the loop unrolls
    let mut halves = [[0u64; 4]; 2];
    let mut chunks = codes.chunks_exact(8);
    let mut gather = |k: usize, word: u64| {
        let (half, shift) = ((k / 8) & 1, 8 * (k % 8));
        for (bit, plane) in halves[half].iter_mut().enumerate() {
            // bit `bit` of each byte, gathered into one byte
            let lanes = (word >> bit) & 0x0101_0101_0101_0101;
            *plane |= (lanes.wrapping_mul(0x0102_0408_1020_4080) >> 56) << shift;
        }
    };
    let mut k = 0;
    for chunk in chunks.by_ref().take(16) {
        gather(k, u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])));
        k += 1;
    }
    let rest = chunks.remainder();
    if !rest.is_empty() && k < 16 {
        let mut bytes = [0u8; 8];
        for (byte, &code) in bytes.iter_mut().zip(rest) {
            *byte = code;
        }
        gather(k, u64::from_le_bytes(bytes));
    }
    core::array::from_fn(|bit| u128::from(halves[1][bit]) << 64 | u128::from(halves[0][bit]))
}

/// The cells whose code is `code` (below 16), among `within`, from the
/// planes of [`bit_planes`].
#[inline]
#[must_use]
pub fn cells_with(planes: &[u128; 4], code: u8, within: u128) -> u128 {
    let mut cells = within;
    for (bit, &plane) in planes.iter().enumerate() {
        cells &= if code >> bit & 1 == 1 { plane } else { !plane };
    }
    cells
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// A mask with the high bit of each lane of `chunk` that `keep` keeps.
    fn mask(chunk: [u8; 8], keep: impl Fn(u8) -> bool) -> u64 {
        chunk.iter().enumerate().filter(|&(_, &b)| keep(b)).fold(0, |m, (i, _)| m | 0x80 << (8 * i))
    }

    proptest! {
        #[test]
        fn lane_tests_agree_with_bytes(chunk in any::<[u8; 8]>(), b in 0..0x80u8, bound in 0..=0x80u8) {
            let word = u64::from_le_bytes(chunk);
            prop_assert_eq!(bytes_below(word, bound), mask(chunk, |c| c < bound));
            prop_assert_eq!(bytes_equal(word, b), mask(chunk, |c| c == b));
            let w7 = word & LOW7;
            let low7 = (w7).to_le_bytes();
            prop_assert_eq!(lanes_equal(w7, b), mask(low7, |c| c == b));
            prop_assert_eq!(lanes_at_least(w7, bound), mask(low7, |c| c >= bound));
        }

        #[test]
        fn padded_chunk_pads_past_the_end(bytes in proptest::collection::vec(any::<u8>(), 0..20), at in 0..24usize) {
            let chunk = padded_chunk(&bytes, at, b' ');
            for (i, &c) in chunk.iter().enumerate() {
                prop_assert_eq!(c, bytes.get(at + i).copied().unwrap_or(b' '));
            }
        }

        #[test]
        fn planes_spell_every_code(codes in proptest::collection::vec(0..16u8, 0..128)) {
            let mut padded = [15u8; 128];
            padded[..codes.len()].copy_from_slice(&codes);
            let planes = bit_planes(&padded);
            let all = if codes.len() == 128 { u128::MAX } else { (1u128 << codes.len()) - 1 };
            for code in 0..16u8 {
                let expected = codes.iter().enumerate().filter(|&(_, &c)| c == code).fold(0u128, |acc, (i, _)| acc | 1 << i);
                prop_assert_eq!(cells_with(&planes, code, all), expected);
            }
        }
    }
}
