//! The legality of a handful of pseudo-legal moves, each tried on a
//! scratch board: what reading a move among the few to the squares it
//! names needs, without the lines to the royal pieces
//! ([`Rules::retain_legal`] finds them once for all the moves of a
//! position, worth it for many moves, not for one or two).

use super::compile::Rules;
use super::moves::{Move, MoveKind};
use super::pins::Lines;
use super::position::{NO_SQ, Position};

/// The most moves tried one by one; a longer list has its lines found.
const FEW: usize = 3;

impl Rules {
    /// Keeps the pseudo-legal moves of `out` that are legal, as
    /// [`Rules::retain_legal`] does: where the game's legality is its
    /// royal piece's safety alone (and the checks a move may not give, and
    /// the rules the position before the move decides), each of a few
    /// moves is tried on a scratch board, none of the position's lines to
    /// the royal pieces found, the check looked for only where a castling
    /// or the Makpong rule asks it; else by [`Rules::retain_legal`].
    pub(super) fn retain_legal_tried(&self, pos: &Position, out: &mut Vec<Move>) {
        let ci = pos.side.index();
        let unguarded = self.free_without_royal && pos.royal[ci] == NO_SQ && pos.castling & (3 << (2 * ci)) == 0;
        if !self.fast_legal || out.len() > FEW || unguarded {
            self.retain_legal(pos, out);
            return;
        }
        // Where the rules are the royal piece's safety, only a castling of
        // it and the Makpong rule ask whether the side is in check before
        // the move.
        let royal = pos.royal[ci];
        let asks_check =
            out.iter().any(|m| m.kind == MoveKind::Castling || (self.makpong && royal != NO_SQ && m.from == royal));
        let in_check = asks_check && self.in_check(pos, pos.side);
        let lines = &Lines::NONE;
        // the scratch board kept by thread, the position copied into it (a
        // board of its own where a trial reads a move: none does now)
        SCRATCH.with(|cell| {
            let mut mine = None;
            let mut kept = cell.try_borrow_mut();
            let scratch = kept.as_deref_mut().unwrap_or(&mut mine);
            match scratch {
                Some(board) => board.clone_from(pos),
                None => *scratch = Some(pos.clone()),
            }
            out.retain(|m| self.is_legal(pos, scratch, *m, in_check, lines, None));
        });
    }
}

thread_local! {
    /// The scratch board of [`Rules::retain_legal_tried`].
    static SCRATCH: core::cell::RefCell<Option<Position>> = const { core::cell::RefCell::new(None) };
}

#[cfg(test)]
mod tests {
    use super::FEW;
    use crate::rules::corpus_rows;

    /// Over the positions of the fairy corpus, each pseudo-legal move
    /// tried alone, and the moves in lists of [`FEW`], keep the moves
    /// [`Rules::retain_legal`] keeps of them all.
    #[test]
    fn a_few_moves_tried_alone_are_those_the_lines_keep() {
        let Some(rows) = corpus_rows::rows() else { return };
        let (mut positions, mut tried) = (0usize, 0usize);
        let mut differences = Vec::new();
        for corpus_rows::Row { name, fen, rules, position: pos, .. } in &rows {
            if rules.immediate_end(pos) {
                continue;
            }
            let mut pseudo = Vec::new();
            rules.pseudo_moves(pos, &mut pseudo);
            let mut legal = pseudo.clone();
            rules.retain_legal(pos, &mut legal);
            positions += 1;
            let lists = pseudo.iter().map(core::slice::from_ref).chain(pseudo.chunks(FEW));
            for list in lists {
                tried += 1;
                let mut kept = list.to_vec();
                rules.retain_legal_tried(pos, &mut kept);
                let wanted: Vec<_> = list.iter().copied().filter(|m| legal.contains(m)).collect();
                if kept != wanted && differences.len() < 10 {
                    differences.push(format!("{name} {fen}: {list:?} kept {kept:?}, not {wanted:?}"));
                }
            }
        }
        assert!(differences.is_empty(), "{}", differences.join("\n"));
        assert!(positions > 0 && tried > 0, "no position tried");
    }
}
