//! Eight bytes at a time: finding the cells of a board that hold a piece.
//!
//! Boards whose cells are one byte each (a piece code, or one code for an
//! empty cell) can be scanned eight cells per step. Validation uses this to
//! visit only the occupied cells instead of branching on every cell.

/// One bit per byte of `word`: bit `i` is set when byte `i` is not zero.
#[inline]
#[must_use]
pub const fn nonzero_bytes(word: u64) -> u8 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // 0x80 in each byte that is not zero, exactly (no borrow between bytes)
    let high = (((word & LOW7) + LOW7) | word) & !LOW7;
    // gather the eight high bits into one byte
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// A bit for every byte of `codes` (at most 128) that differs from `empty`.
#[must_use]
pub fn cells_not_equal(codes: &[u8], empty: u8) -> u128 {
    let spread = u64::from_ne_bytes([empty; 8]);
    let mut bits = 0u128;
    let mut chunks = codes.chunks_exact(8);
    let mut at = 0u32;
    for chunk in chunks.by_ref() {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([empty; 8]));
        if at < 128 {
            bits |= u128::from(nonzero_bytes(word ^ spread)) << at;
        }
        at += 8;
    }
    for (i, &code) in chunks.remainder().iter().enumerate() {
        if code != empty && at + (i as u32) < 128 {
            bits |= 1 << (at + i as u32);
        }
    }
    bits
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #[test]
        fn finds_exactly_the_other_bytes(codes in proptest::collection::vec(prop_oneof![3 => Just(12u8), 1 => 0..=255u8], 0..128)) {
            let expected = codes.iter().enumerate().filter(|&(_, &c)| c != 12).fold(0u128, |acc, (i, _)| acc | 1 << i);
            prop_assert_eq!(cells_not_equal(&codes, 12), expected);
        }
    }
}
