//! The counting rules of the south-east Asian games (`countingRule`):
//! when one side is down to a few pieces, or to its king, the other must
//! mate within a number of moves the material sets, or the game is drawn.
//!
//! As Fairy-Stockfish plays them: a count starts after a move when the side
//! to move may count (its limit is not zero), or again after a capture or
//! promotion leaves it its king alone; while a count runs the FEN writes
//! its limit (in plies) where the en passant square goes and the plies
//! counted in the halfmove field; the game is drawn when the plies counted
//! pass the limit, unless the side to move is mated.

use polyfen_core::Color;

use super::compile::Rules;
use super::position::{Position, color, is_piece, kind};
use crate::piece::PieceKind;
use crate::value::CountingRule;

/// What the counting rules read of the material: pieces per side, and per
/// side the rooks, khons (silvers) and knights; pawns of both.
#[derive(Default)]
struct Material {
    all: [i32; 2],
    rooks: [i32; 2],
    khons: [i32; 2],
    knights: [i32; 2],
    pawns: i32,
}

impl Rules {
    fn material(&self, pos: &Position) -> Material {
        let mut m = Material::default();
        for s in self.board_squares() {
            let cell = pos.board[s];
            if !is_piece(cell) {
                continue;
            }
            let c = color(cell).index();
            let k = kind(cell);
            m.all[c] += 1;
            if k == PieceKind::PAWN.index() {
                m.pawns += 1;
            } else if k == PieceKind::ROOK.index() {
                m.rooks[c] += 1;
            } else if k == PieceKind::KNIGHT.index() {
                m.knights[c] += 1;
            } else if Some(k) == self.khon {
                m.khons[c] += 1;
            }
        }
        m
    }

    /// The counting limit in full moves for `side` counting (0: it may not
    /// count), Fairy-Stockfish's `count_limit`.
    fn count_limit(&self, m: &Material, side: Color) -> u16 {
        let (us, them) = (side.index(), side.other().index());
        match self.counting {
            CountingRule::None => 0,
            CountingRule::Makruk => {
                if m.pawns > 0 || m.all[them] == 1 {
                    0
                } else if m.all[us] > 1 {
                    64
                } else {
                    honor(m, them, 0)
                }
            }
            CountingRule::Cambodian => {
                if m.all[us] > 3 || m.all[them] == 1 {
                    0
                } else if m.all[us] > 1 {
                    63
                } else if m.pawns > 0 {
                    0
                } else {
                    honor(m, them, 1)
                }
            }
            CountingRule::Asean => {
                if m.pawns > 0 || m.all[us] > 1 {
                    0
                } else if m.rooks[them] > 0 {
                    16
                } else if m.khons[them] > 0 {
                    44
                } else if m.knights[them] > 0 {
                    64
                } else {
                    0
                }
            }
        }
    }

    /// A quick look for what rules a count out at once: a pawn on the board
    /// (Makruk and ASEAN count without pawns), or, in Cambodian chess, a
    /// fourth piece of `side` (unless a capture or promotion may start the
    /// other side's count).
    fn may_count(&self, pos: &Position, side: Color, capture_or_promotion: bool) -> bool {
        let pawn = PieceKind::PAWN.index();
        match self.counting {
            CountingRule::None => false,
            CountingRule::Makruk | CountingRule::Asean => {
                // the cells the game uses, in blocks looked at whole (off
                // the board and walls are no pieces, so no pawns)
                let is_pawn = |c: u16| is_piece(c) && kind(c) == pawn;
                !pos.board[..usize::from(pos.cells)]
                    .chunks(16)
                    .any(|block| block.iter().fold(false, |any, &c| any | is_pawn(c)))
            }
            CountingRule::Cambodian => {
                capture_or_promotion
                    || self
                        .board_squares()
                        .filter(|&s| is_piece(pos.board[s]) && color(pos.board[s]) == side)
                        .nth(3)
                        .is_none()
            }
        }
    }

    /// Starts or restarts a count after a move (`next` is the position after
    /// it, its side the one to move; `captured` the kind taken, if any).
    pub(crate) fn update_count(&self, next: &mut Position, captured: Option<u8>, promotion: bool) {
        let capture = captured.is_some();
        if next.count_limit != 0 {
            next.count_ply = next.count_ply.saturating_add(1);
        }
        let stm = next.side;
        let capture_or_promotion = captured.is_some() || promotion;
        if (next.count_limit != 0 && !capture_or_promotion) || !self.may_count(next, stm, capture_or_promotion) {
            return;
        }
        let m = self.material(next);
        if self.counting != CountingRule::Asean
            && captured == Some(PieceKind::PAWN.index())
            && m.all[stm.other().index()] == 1
            && m.pawns == 0
        {
            let limit = self.count_limit(&m, stm.other());
            if limit != 0 {
                next.count_limit = 2 * limit;
                next.count_ply = (2 * (m.all[0] + m.all[1]) - 1) as u16;
            }
        }
        if next.count_limit == 0 || ((capture || promotion) && m.all[stm.index()] == 1) {
            let limit = self.count_limit(&m, stm);
            if limit != 0 {
                next.count_limit = 2 * limit;
                next.count_ply = if self.counting == CountingRule::Asean || m.all[stm.index()] > 1 {
                    0
                } else {
                    (2 * (m.all[0] + m.all[1])) as u16
                };
            }
        }
    }

    /// Whether the count has run out at `pos`: the plies counted pass the
    /// limit, and the side to move is not mated.
    pub(crate) fn count_ended(&self, pos: &Position) -> bool {
        self.counting != CountingRule::None
            && pos.count_limit != 0
            && pos.count_ply > pos.count_limit
            && (!self.is_check(pos) || !self.legal_moves(pos).is_empty())
    }
}

/// The pieces' honour limit of Makruk (`less` 0) and Cambodian chess (`less`
/// 1: a move shorter each) by what the stronger side `them` has.
fn honor(m: &Material, them: usize, less: u16) -> u16 {
    let limit = if m.rooks[them] > 1 {
        8
    } else if m.rooks[them] == 1 {
        16
    } else if m.khons[them] > 1 {
        22
    } else if m.knights[them] > 1 {
        32
    } else if m.khons[them] == 1 {
        44
    } else {
        64
    };
    limit - less
}
