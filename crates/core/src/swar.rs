//! Eight bytes at a time: from one-byte cell codes to bitboards.
//!
//! Boards whose cells are one byte each (a piece code, or one code for an
//! empty cell) can be turned into a bitboard per code without branching on
//! any cell: the codes' bits are gathered eight cells a step into "bit
//! planes", and each code's cells are where the planes spell it.
//! Validation uses this instead of a pass that branches on every cell.

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

    proptest! {
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
