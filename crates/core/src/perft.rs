//! What every game's perft shares beyond counting: a [`PerftWatch`] that a
//! long count reports to now and then and that may stop it, and the random
//! paths of the quick leaf-count estimate ([`PathSampler`]).
//!
//! A game's watched perft counts the small subtrees near the leaves with its
//! plain, unwatched perft and tells the watch after each one, so the plain
//! count keeps its speed and the watch is asked every few thousand leaves.

/// A perft stopped by its [`PerftWatch`]; the watch knows why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stopped;

/// Watches a long perft: told of the leaves counted as the count goes on,
/// it may stop it by answering [`Stopped`].
pub trait PerftWatch {
    /// `leaves` more leaf nodes were counted (at most a few thousand since
    /// the last call, in every game).
    ///
    /// # Errors
    ///
    /// [`Stopped`] stops the count.
    fn counted(&mut self, leaves: u64) -> Result<(), Stopped>;

    /// `done` of the root's `total` moves are counted; called with `done`
    /// 0 before the first and after each root move.
    ///
    /// # Errors
    ///
    /// [`Stopped`] stops the count.
    fn root_moves(&mut self, done: usize, total: usize) -> Result<(), Stopped>;
}

/// A watch that never stops a count.
impl PerftWatch for () {
    fn counted(&mut self, _leaves: u64) -> Result<(), Stopped> {
        Ok(())
    }

    fn root_moves(&mut self, _done: usize, _total: usize) -> Result<(), Stopped> {
        Ok(())
    }
}

/// The random choices of the perft estimate: Knuth's estimator follows
/// random paths from the root and multiplies the numbers of moves met on
/// the way, whose mean over paths is the leaf count. Seeded with a constant,
/// so a position's estimate is always the same.
#[derive(Clone, Debug)]
pub struct PathSampler {
    state: u64,
}

impl PathSampler {
    /// How many random paths the estimate follows in all, shared out among
    /// the root's moves.
    pub const PATHS: usize = 192;

    /// A sampler with the fixed seed.
    #[must_use]
    pub const fn new() -> PathSampler {
        PathSampler { state: 0x9E37_79B9_7F4A_7C15 }
    }

    /// How many paths to follow below each of `root_moves` root moves.
    #[must_use]
    pub fn paths_per_root_move(root_moves: usize) -> usize {
        Self::PATHS.div_ceil(root_moves.max(1)).max(2)
    }

    /// A number in `0..n` (`n` > 0), splitmix64.
    pub fn below(&mut self, n: usize) -> usize {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((u128::from(z) * n as u128) >> 64) as usize
    }
}

impl Default for PathSampler {
    fn default() -> PathSampler {
        PathSampler::new()
    }
}

/// An `f64` leaf count as a `u64`, rounded and saturating.
#[must_use]
pub fn estimate_to_u64(estimate: f64) -> u64 {
    // `as` saturates, and NaN (never produced) would be 0
    estimate.round() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_spreads() {
        let mut s = PathSampler::new();
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[s.below(7)] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
        assert_eq!(s.below(1), 0);
    }

    #[test]
    fn paths_share_out() {
        assert_eq!(PathSampler::paths_per_root_move(20), 10);
        assert_eq!(PathSampler::paths_per_root_move(1000), 2);
        assert_eq!(PathSampler::paths_per_root_move(0), PathSampler::PATHS);
        assert_eq!(estimate_to_u64(1e30), u64::MAX);
        assert_eq!(estimate_to_u64(2.4), 2);
    }
}
