//! Perft: the number of move sequences of a depth, counted with one move
//! buffer per ply reused across the whole count.

use super::compile::Rules;
use super::moves::Move;
use super::position::Position;

impl Rules {
    /// The number of legal move sequences of `depth` plies from `pos`.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        let mut buffers: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(256)).collect();
        self.perft_in(pos, depth, &mut buffers)
    }

    fn perft_in(&self, pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let Some((moves, rest)) = buffers.split_first_mut() else { return 0 };
        self.legal_into(pos, moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for m in moves.iter() {
            let next = self.make(pos, *m);
            total += self.perft_in(&next, depth - 1, rest);
        }
        total
    }

    /// Perft divided by first move: each legal move's UCI text and count,
    /// sorted by the text.
    pub fn divide(&self, pos: &Position, depth: u32) -> Vec<(String, u64)> {
        let mut out: Vec<(String, u64)> = self
            .legal_moves(pos)
            .into_iter()
            .map(|m| {
                let next = self.make(pos, m);
                (self.uci(pos, m), self.perft(&next, depth.saturating_sub(1)))
            })
            .collect();
        out.sort();
        out
    }
}
