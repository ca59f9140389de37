//! The chess positions the benchmarks share: FENs from seeded random
//! playouts (shakmaty plays the moves), included by the `fen` benchmark and
//! the `whole_process` example with `#[path]`.

use polyfen_bench::Rng;
use shakmaty::fen::Fen as ShakFen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

/// FENs of `count` positions: random playouts from the standard start
/// and from Chess960 starts, every position along the way.
pub fn positions(count: usize) -> Vec<String> {
    let mut rng = Rng::new(0x5EED);
    let starts: Vec<Chess> = std::iter::once(Chess::default())
        .chain(
            include_str!("../../tests/data/chess/cozy_chess960_start_positions.sfens")
                .lines()
                .step_by(37)
                .filter_map(|l| l.parse::<ShakFen>().ok()?.into_position(CastlingMode::Chess960).ok()),
        )
        .collect();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = starts[rng.below(starts.len())].clone();
        let length = 20 + rng.below(180);
        for _ in 0..length {
            let moves = pos.legal_moves();
            if moves.is_empty() || out.len() >= count {
                break;
            }
            let m = moves[rng.below(moves.len())];
            pos.play_unchecked(m);
            out.push(ShakFen::from_position(&pos, EnPassantMode::Legal).to_string());
        }
    }
    out
}
