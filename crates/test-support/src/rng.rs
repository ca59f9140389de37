//! A small seeded generator for the tests' random games.

/// A xorshift generator (13, 7, 17 on 64 bits), so that the random games
/// of a test are the same on every run. Not for anything but tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`; a seed of 0 would give only zeros, so it
    /// is replaced by a fixed odd constant.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 { 0x9e37_79b9_7f4a_7c15 } else { seed })
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n`, or 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn the_same_seed_gives_the_same_numbers() {
        let mut a = Rng::new(0x1234_5678_9abc_def1);
        let mut b = Rng::new(0x1234_5678_9abc_def1);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
    }

    #[test]
    fn the_steps_are_xorshift_13_7_17() {
        let mut state = 1u64;
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        assert_eq!(Rng::new(1).next_u64(), state);
    }

    #[test]
    fn below_stays_below_and_zero_is_not_a_stuck_seed() {
        let mut rng = Rng::new(0);
        assert_ne!(rng.next_u64(), 0);
        for n in 1..50 {
            assert!(rng.below(n) < n);
        }
        assert_eq!(rng.below(0), 0);
    }
}
