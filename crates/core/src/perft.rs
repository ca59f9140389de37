//! What every game's perft shares beyond counting, provided by
//! [`PerftTree`] to any game's legal move tree: the count split by the first
//! move ([`PerftTree::divide`]), the watched count
//! ([`PerftTree::perft_watched`], [`PerftTree::divide_watched`]) that
//! reports to a [`PerftWatch`] now and then and that the watch may stop,
//! and the quick leaf-count estimate ([`PerftTree::perft_estimate`]) with
//! its random paths ([`PathSampler`]).
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

/// Implements [`PerftTree`] for a game's position type from its inherent
/// methods: `legal_moves()` (the `Moves`), `played(m)` (the position after
/// `m`, the game going on) and the plain `perft(depth)`; with
/// `count = method`, the number of legal moves is the inherent `method()`
/// (a count faster than the list) rather than the list's length. A doc
/// comment before the type documents the implementation.
///
/// ```ignore
/// polyfen_core::perft_tree!(
///     /// The legal move tree: divide, the watched perft and the estimate.
///     Position, Move, MoveList, count = count_legal
/// );
/// ```
#[macro_export]
macro_rules! perft_tree {
    ($(#[$attr:meta])* $position:ty, $move:ty, $moves:ty $(, count = $count:ident)?) => {
        $(#[$attr])*
        impl $crate::PerftTree for $position {
            type Move = $move;
            type Moves = $moves;

            fn moves(&self) -> $moves {
                self.legal_moves()
            }

            fn child(&self, m: $move) -> Option<$position> {
                Some(self.played(m))
            }

            fn perft(&self, depth: u32) -> u64 {
                <$position>::perft(self, depth)
            }
            $(
                #[allow(clippy::cast_possible_truncation)] // a count of moves
                fn count(&self) -> usize {
                    self.$count() as usize
                }
            )?
        }
    };
}

/// A position whose legal move tree a perft walks: its moves, the position
/// after one, and its plain (unwatched, fastest) perft; the rest of a
/// game's perft is provided from those: [`divide`](PerftTree::divide),
/// the watched count ([`perft_watched`](PerftTree::perft_watched),
/// [`divide_watched`](PerftTree::divide_watched)) and the quick estimate
/// ([`perft_estimate`](PerftTree::perft_estimate)).
pub trait PerftTree: Sized {
    /// A move, as the tree generates it.
    type Move: Copy;
    /// The legal moves of a position.
    type Moves: core::ops::Deref<Target = [Self::Move]>;

    /// The legal moves (none when the game is over).
    fn moves(&self) -> Self::Moves;

    /// The position after `m`, or `None` when `m` ends the game, so that
    /// nothing is counted below it.
    fn child(&self, m: Self::Move) -> Option<Self>;

    /// The plain perft: the leaves `depth` plies below (1 at depth 0).
    fn perft(&self, depth: u32) -> u64;

    /// The number of legal moves (a game may count them faster than it
    /// lists them).
    fn count(&self) -> usize {
        self.moves().len()
    }

    /// Perft split by the first move: each legal move, in the order of
    /// [`moves`](PerftTree::moves), with the leaves `depth - 1` plies below
    /// it, counted by the plain [`perft`](PerftTree::perft) (empty at depth
    /// 0). At depth 1 each move counts one leaf, even one that ends the
    /// game; deeper, a move that ends the game counts none.
    #[must_use]
    fn divide(&self, depth: u32) -> Vec<(Self::Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        self.moves()
            .iter()
            .map(|&m| {
                let nodes = if depth == 1 { 1 } else { self.child(m).map_or(0, |child| child.perft(depth - 1)) };
                (m, nodes)
            })
            .collect()
    }

    /// The plain [`perft`](PerftTree::perft) reporting to `watch`, which
    /// may stop it: the subtrees two plies deep are counted by the plain
    /// perft and reported one by one (a few hundred to a few thousand
    /// leaves each), so the count keeps its speed.
    ///
    /// # Errors
    ///
    /// [`Stopped`] when the watch stopped the count.
    fn perft_watched(&self, depth: u32, watch: &mut dyn PerftWatch) -> Result<u64, Stopped> {
        if depth == 0 {
            watch.counted(1)?;
            return Ok(1);
        }
        Ok(self.divide_watched(depth, watch)?.iter().map(|d| d.1).sum())
    }

    /// [`divide`](PerftTree::divide) reporting to `watch`, as
    /// [`perft_watched`](PerftTree::perft_watched), and told of each root
    /// move counted.
    ///
    /// # Errors
    ///
    /// [`Stopped`] when the watch stopped the count.
    fn divide_watched(&self, depth: u32, watch: &mut dyn PerftWatch) -> Result<Vec<(Self::Move, u64)>, Stopped> {
        if depth == 0 {
            return Ok(Vec::new());
        }
        let moves = self.moves();
        watch.root_moves(0, moves.len())?;
        let mut out = Vec::with_capacity(moves.len());
        for (i, &m) in moves.iter().enumerate() {
            let nodes = if depth == 1 {
                watch.counted(1)?;
                1
            } else if let Some(child) = self.child(m) {
                perft_checked(&child, depth - 1, watch)?
            } else {
                0
            };
            out.push((m, nodes));
            watch.root_moves(i + 1, moves.len())?;
        }
        Ok(out)
    }

    /// A quick estimate of [`perft`](PerftTree::perft): exact up to depth
    /// 2, and deeper the mean of Knuth's estimator over random paths below
    /// each root move (about [`PathSampler::PATHS`] paths in all, a few
    /// hundred microseconds at depth 7). Always the same for the same
    /// position.
    #[must_use]
    #[allow(clippy::cast_precision_loss)] // move counts are small
    fn perft_estimate(&self, depth: u32) -> u64 {
        if depth <= 2 {
            return self.perft(depth);
        }
        let moves = self.moves();
        let paths = PathSampler::paths_per_root_move(moves.len());
        let mut sampler = PathSampler::new();
        let mut total = 0.0;
        for &m in moves.iter() {
            let Some(child) = self.child(m) else { continue };
            let sum: f64 = (0..paths).map(|_| random_path(&child, depth - 1, &mut sampler)).sum();
            total += sum / paths as f64;
        }
        estimate_to_u64(total)
    }
}

/// Knuth's estimate of the leaves `depth` (≥ 1) plies below: the product
/// of the move counts along one random path.
#[allow(clippy::cast_precision_loss)]
fn random_path<P: PerftTree>(position: &P, depth: u32, sampler: &mut PathSampler) -> f64 {
    if depth == 1 {
        return position.count() as f64;
    }
    let moves = position.moves();
    if moves.is_empty() {
        return 0.0;
    }
    let m = moves[sampler.below(moves.len())];
    position.child(m).map_or(0.0, |next| moves.len() as f64 * random_path(&next, depth - 1, sampler))
}

/// Perft (`depth` ≥ 1) below the root: plain near the leaves, watched above.
fn perft_checked<P: PerftTree>(position: &P, depth: u32, watch: &mut dyn PerftWatch) -> Result<u64, Stopped> {
    if depth <= 2 {
        let nodes = position.perft(depth);
        watch.counted(nodes)?;
        return Ok(nodes);
    }
    let mut total = 0;
    for &m in &*position.moves() {
        if let Some(child) = position.child(m) {
            total += perft_checked(&child, depth - 1, watch)?;
        }
    }
    Ok(total)
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

    /// A tree whose every node has three moves, the third ending the game:
    /// `3 * 2^(depth - 1)` leaves.
    struct Toy;

    impl PerftTree for Toy {
        type Move = u8;
        type Moves = Vec<u8>;

        fn moves(&self) -> Vec<u8> {
            vec![0, 1, 2]
        }

        fn child(&self, m: u8) -> Option<Toy> {
            (m != 2).then_some(Toy)
        }

        fn perft(&self, depth: u32) -> u64 {
            if depth == 0 { 1 } else { 3 << (depth - 1) }
        }
    }

    /// Counts what it is told; stops once more than `limit` leaves are counted.
    struct Tally {
        leaves: u64,
        roots: Vec<(usize, usize)>,
        limit: u64,
    }

    impl PerftWatch for Tally {
        fn counted(&mut self, leaves: u64) -> Result<(), Stopped> {
            self.leaves += leaves;
            if self.leaves > self.limit { Err(Stopped) } else { Ok(()) }
        }

        fn root_moves(&mut self, done: usize, total: usize) -> Result<(), Stopped> {
            self.roots.push((done, total));
            Ok(())
        }
    }

    #[test]
    fn the_watched_count_is_the_plain_one_and_reports_every_leaf() {
        for depth in 0..7 {
            let mut tally = Tally { leaves: 0, roots: Vec::new(), limit: u64::MAX };
            assert_eq!(Toy.perft_watched(depth, &mut tally), Ok(Toy.perft(depth)), "depth {depth}");
            assert_eq!(tally.leaves, Toy.perft(depth), "depth {depth}");
            let roots = if depth == 0 { vec![] } else { vec![(0, 3), (1, 3), (2, 3), (3, 3)] };
            assert_eq!(tally.roots, roots, "depth {depth}");
        }
        // the move that ends the game counts a leaf at depth 1, none deeper
        assert_eq!(Toy.divide_watched(1, &mut ()), Ok(vec![(0, 1), (1, 1), (2, 1)]));
        assert_eq!(Toy.divide_watched(4, &mut ()), Ok(vec![(0, 12), (1, 12), (2, 0)]));
        assert_eq!(Toy.divide_watched(0, &mut ()), Ok(vec![]));
    }

    #[test]
    fn the_plain_divide_is_the_watched_one() {
        for depth in 0..7 {
            assert_eq!(Ok(Toy.divide(depth)), Toy.divide_watched(depth, &mut ()), "depth {depth}");
        }
        assert_eq!(Toy.divide(1), vec![(0, 1), (1, 1), (2, 1)]);
        assert_eq!(Toy.divide(3), vec![(0, 6), (1, 6), (2, 0)]);
    }

    #[test]
    fn the_watch_stops_the_count() {
        let mut tally = Tally { leaves: 0, roots: Vec::new(), limit: 100 };
        assert_eq!(Toy.perft_watched(10, &mut tally), Err(Stopped));
        // stopped at the first report past the limit: subtrees of 6 leaves
        assert!((101..=106).contains(&tally.leaves), "{}", tally.leaves);
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
