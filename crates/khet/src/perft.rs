//! Perft: the number of leaves of the legal move tree, for testing the move
//! generator and the laser against other programs.
//!
//! The counting convention is [`Rules::every_rotation`]'s: by default each
//! distinct result once (no pharaoh turns, one turn per scarab or eye), as
//! the published Khet perft numbers count.

use crate::moves::Move;
use crate::position::{ABSORB, Action, BEAM, BORDER, DIR, EMPTY, Position, REMOVE, Rules, SPLIT, kind_bits, square_of};
use crate::types::{Facing, Kind};
use polyfen_core::{PerftTree, PerftWatch, Stopped};

impl Position {
    /// Plays a generated move without building a laser report; returns
    /// false when the laser removed a pharaoh (the game is over).
    #[inline]
    pub(crate) fn make(&mut self, from: usize, action: Action) -> bool {
        match action {
            Action::Travel(to) => self.cells.swap(from, to),
            Action::Rotate(rotation) => {
                let code = self.cells[from];
                self.cells[from] = (code & !3) | rotation.apply(Facing::from_index(code & 3)).index();
            }
        }
        let alive = self.fire();
        self.end_turn();
        alive
    }

    /// Fires the side to move's laser and removes what it hits; returns
    /// false when a pharaoh was removed.
    #[inline]
    pub(crate) fn fire(&mut self) -> bool {
        let origin = self.sphinx[self.turn as usize] as usize;
        let dir = (self.cells[origin] & 3) as usize;
        let mut alive = true;
        // without an eye on the path one beam, with eyes a few
        let mut stack = [(0usize, 0usize); 8];
        let mut depth = 0;
        // the eyes crossed, with the direction: a beam that comes back to an
        // eye the way one already crossed it is not traced again
        let mut seen = [(0usize, 0usize); 8];
        let mut n_seen = 0;
        stack[0] = (origin, dir);
        depth += 1;
        let mut removed = [0usize; 8];
        let mut n_removed = 0;
        while depth > 0 {
            depth -= 1;
            let (mut at, mut dir) = stack[depth];
            loop {
                at = (at as isize + DIR[dir]) as usize;
                let code = self.cells[at];
                if code == EMPTY {
                    continue;
                }
                if code == BORDER {
                    break;
                }
                let action = BEAM[(code & 0x3F) as usize][dir];
                if action == ABSORB {
                    break;
                }
                if action == REMOVE {
                    if n_removed < removed.len() {
                        removed[n_removed] = at;
                        n_removed += 1;
                    }
                    break;
                }
                if action & SPLIT != 0 {
                    if seen[..n_seen].contains(&(at, dir)) || n_seen == seen.len() {
                        break;
                    }
                    seen[n_seen] = (at, dir);
                    n_seen += 1;
                    if depth < stack.len() {
                        stack[depth] = (at, dir);
                        depth += 1;
                    }
                }
                dir = (action & 3) as usize;
            }
        }
        for &cell in &removed[..n_removed] {
            let code = self.cells[cell];
            if code != EMPTY && kind_bits(code) == Kind::Pharaoh as u8 {
                alive = false;
            }
            self.cells[cell] = EMPTY;
        }
        alive
    }
}

/// The number of leaves `depth` plies below `position` (1 for depth 0). A
/// position whose pharaoh the laser removed has no moves, so it counts only
/// as a leaf at the last ply.
///
/// # Examples
///
/// ```
/// use polyfen_khet::{perft, Pkn, Position, Rules, CLASSIC};
///
/// let pos = Position::from_setup(&CLASSIC.parse::<Pkn>()?).map_err(|v| format!("{v:?}"))?;
/// assert_eq!(perft(&pos, 1, &Rules::default()), 77);
/// assert_eq!(perft(&pos, 1, &Rules { every_rotation: true, ..Rules::default() }), 81);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn perft(position: &Position, depth: u32, rules: &Rules) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.is_over() {
        return 0;
    }
    perft_inner(position, depth, *rules)
}

/// Perft of a position whose game goes on.
fn perft_inner(position: &Position, depth: u32, rules: Rules) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        position.generate(rules, |_, _| nodes += 1);
        return nodes;
    }
    position.generate(rules, |from, action| {
        let mut child = position.clone();
        if child.make(from, action) {
            nodes += perft_inner(&child, depth - 1, rules);
        }
    });
    nodes
}

/// Perft split by the first move: each legal move with the leaves
/// `depth - 1` plies below it, in generation order, as
/// [`PerftTree::divide`]. Empty for depth 0 or a finished game.
#[must_use]
pub fn divide(position: &Position, depth: u32, rules: &Rules) -> Vec<(Move, u64)> {
    if position.is_over() {
        return Vec::new();
    }
    let tree = Tree { position: position.clone(), rules: *rules };
    tree.divide(depth).into_iter().map(|((from, action), nodes)| (move_of(from, action), nodes)).collect()
}

/// A generated move as a [`Move`].
fn move_of(from: usize, action: Action) -> Move {
    let from = square_of(from);
    match action {
        Action::Travel(to) => Move::Travel { from, to: square_of(to) },
        Action::Rotate(rotation) => Move::Rotate { square: from, rotation },
    }
}

/// [`perft`] reporting to `watch`, which may stop it, as
/// [`PerftTree::perft_watched`].
///
/// # Errors
///
/// [`Stopped`] when the watch stopped the count.
///
/// # Examples
///
/// ```
/// use polyfen_khet::{perft_watched, Pkn, Position, Rules, CLASSIC};
///
/// let pos = Position::from_setup(&CLASSIC.parse::<Pkn>()?).map_err(|v| format!("{v:?}"))?;
/// assert_eq!(perft_watched(&pos, 2, &Rules::default(), &mut ()), Ok(5_920));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn perft_watched(
    position: &Position,
    depth: u32,
    rules: &Rules,
    watch: &mut dyn PerftWatch,
) -> Result<u64, Stopped> {
    if depth > 0 && position.is_over() {
        return Ok(0);
    }
    Tree { position: position.clone(), rules: *rules }.perft_watched(depth, watch)
}

/// [`divide`] reporting to `watch`, as [`PerftTree::divide_watched`].
///
/// # Errors
///
/// [`Stopped`] when the watch stopped the count.
pub fn divide_watched(
    position: &Position,
    depth: u32,
    rules: &Rules,
    watch: &mut dyn PerftWatch,
) -> Result<Vec<(Move, u64)>, Stopped> {
    if position.is_over() {
        return Ok(Vec::new());
    }
    let tree = Tree { position: position.clone(), rules: *rules };
    let divided = tree.divide_watched(depth, watch)?;
    Ok(divided.into_iter().map(|((from, action), nodes)| (move_of(from, action), nodes)).collect())
}

/// The generated moves of a position whose game goes on.
fn actions(position: &Position, rules: Rules) -> Vec<(usize, Action)> {
    let mut moves = Vec::with_capacity(96);
    position.generate(rules, |from, action| moves.push((from, action)));
    moves
}

/// A position whose game goes on, with the rules it is played by: the
/// move tree the watched perft walks. A move that removes a pharaoh ends
/// the game and has no tree below it.
struct Tree {
    position: Position,
    rules: Rules,
}

impl PerftTree for Tree {
    type Move = (usize, Action);
    type Moves = Vec<(usize, Action)>;

    fn moves(&self) -> Self::Moves {
        actions(&self.position, self.rules)
    }

    fn child(&self, (from, action): (usize, Action)) -> Option<Tree> {
        let mut child = self.position.clone();
        child.make(from, action).then_some(Tree { position: child, rules: self.rules })
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 { 1 } else { perft_inner(&self.position, depth, self.rules) }
    }
}

/// A quick estimate of [`perft`], as [`PerftTree::perft_estimate`].
#[must_use]
pub fn perft_estimate(position: &Position, depth: u32, rules: &Rules) -> u64 {
    if depth > 0 && position.is_over() {
        return 0;
    }
    Tree { position: position.clone(), rules: *rules }.perft_estimate(depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Pkn, SETUPS};

    /// Random playouts from every named setup: each legal move played the
    /// fast way (perft's) and the traced way gives the same position.
    #[test]
    fn the_fast_laser_agrees_with_the_traced_one() {
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize
        };
        let rules = Rules { swap_restriction: false, every_rotation: true };
        let mut games_over = 0;
        for round in 0..48 {
            let (_, pkn) = SETUPS[round % SETUPS.len()];
            let setup: Pkn = pkn.parse().unwrap_or_else(|e| panic!("{e}"));
            let mut pos = Position::from_setup(&setup).unwrap_or_else(|v| panic!("{v:?}"));
            for _ in 0..120 {
                let mut children = Vec::new();
                pos.generate(rules, |from, action| {
                    let mut fast = pos.clone();
                    let alive = fast.make(from, action);
                    children.push((from, action, fast, alive));
                });
                let moves = pos.legal_moves(&rules);
                assert_eq!(moves.len(), children.len());
                for (mv, (_, _, fast, alive)) in moves.iter().zip(&children) {
                    let mut traced = pos.clone();
                    let laser = traced.play_unchecked(*mv);
                    assert_eq!(&traced, fast, "{mv} from {pos:?}");
                    assert_eq!(*alive, laser.pharaohs_hit().is_empty(), "{mv} from {pos:?}");
                }
                let (_, _, child, alive) = children.swap_remove(next() % children.len());
                pos = child;
                if !alive {
                    games_over += 1;
                    break;
                }
            }
        }
        assert!(games_over > 0, "no playout ended with a pharaoh removed");
    }
}
