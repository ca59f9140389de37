//! How a game ends at a position, for the side to move: by a rule that
//! ends it at once (extinction, a flag, the last check, a connection, a
//! winning castling, two passes, a full board), or, with no legal move, by
//! checkmate or stalemate as the game values them (a mate by a dropped
//! shogi pawn loses, stalemate may count pieces, material may decide); and
//! by the rules a game's history decides, Fairy-Stockfish's optional ends:
//! the n-move rule, n-fold repetition (with perpetual check refused) and
//! Janggi's move repetition.

use polyfen_core::Color;

use super::compile::Rules;
use super::moves::{Move, MoveKind};
use super::position::{NO_SQ, Position, WALL, color, is_piece, kind};
use crate::keys::Field;
use crate::piece::PieceKind;
use crate::value::{MaterialCounting, Outcome, Value};

/// The kind index of the shogi pawn.
const SHOGI_PAWN: u8 = 19;

impl Rules {
    pub(crate) fn outcome_of(&self, field: Field) -> Outcome {
        match self.def.get(field) {
            Value::Outcome(o) => *o,
            _ => Outcome::None,
        }
    }

    fn pieces_of(&self, pos: &Position, c: Color, k: Option<u8>) -> i32 {
        let mut n = 0;
        for rank in 0..self.ranks {
            for file in 0..self.files {
                let cell = pos.board[self.sq(file, rank)];
                if is_piece(cell) && color(cell) == c && k.is_none_or(|k| kind(cell) == k) {
                    n += 1;
                }
            }
        }
        n
    }

    /// The result material counting gives (`None`: the game does not count).
    pub(crate) fn material_result(&self, pos: &Position) -> Option<Outcome> {
        let counting = match self.def.get(Field::MaterialCounting) {
            Value::MaterialCounting(m) => *m,
            _ => MaterialCounting::None,
        };
        let white = |o: Outcome| if pos.side == Color::White { o } else { super::legal::negate(o) };
        let diff = |k: u8, v: i32| {
            v * (self.pieces_of(pos, Color::White, Some(k)) - self.pieces_of(pos, Color::Black, Some(k)))
        };
        Some(match counting {
            MaterialCounting::None => return None,
            MaterialCounting::Janggi => {
                let points = diff(4, 13) + diff(28, 7) + diff(30, 5) + diff(32, 3) + diff(34, 3) + diff(29, 2) - 1;
                white(if points > 0 { Outcome::Win } else { Outcome::Loss })
            }
            MaterialCounting::Unweighted => {
                let (w, b) = (self.pieces_of(pos, Color::White, None), self.pieces_of(pos, Color::Black, None));
                white(match w.cmp(&b) {
                    core::cmp::Ordering::Greater => Outcome::Win,
                    core::cmp::Ordering::Less => Outcome::Loss,
                    core::cmp::Ordering::Equal => Outcome::Draw,
                })
            }
            MaterialCounting::WhiteDrawOdds => white(Outcome::Win),
            MaterialCounting::BlackDrawOdds => white(Outcome::Loss),
        })
    }

    /// How the game ends at `pos` for the side to move, if it ends: at once
    /// by a rule of the game, or with no legal move by checkmate or
    /// stalemate. Repetition and move-count rules are not considered.
    pub fn outcome(&self, pos: &Position) -> Option<Outcome> {
        if let Some(o) = self.immediate_result(pos) {
            return Some(o);
        }
        if !self.legal_moves(pos).is_empty() {
            return None;
        }
        let us = pos.side;
        if self.in_check(pos, us) {
            return Some(self.checkmate_result(pos));
        }
        if self.pseudo_royal && self.pseudo_checked(pos, us) {
            return Some(self.outcome_of(Field::CheckmateValue));
        }
        let mut result = self.outcome_of(Field::StalemateValue);
        if self.def.flag(Field::StalematePieceCount) {
            let d = self.pieces_of(pos, us, None) - self.pieces_of(pos, us.other(), None);
            result = match d.cmp(&0) {
                core::cmp::Ordering::Equal => Outcome::Draw,
                core::cmp::Ordering::Less => result,
                core::cmp::Ordering::Greater => super::legal::negate(result),
            };
        }
        if result == Outcome::Draw
            && let Some(o) = self.material_result(pos)
        {
            result = o;
        }
        Some(result)
    }

    fn checkmate_result(&self, pos: &Position) -> Outcome {
        // A mate given by dropping a shogi pawn loses for the one who gave it.
        if self.def.flag(Field::ShogiPawnDropMateIllegal) && pos.history & 16 != 0 {
            let them = pos.side.other();
            let mut without = pos.clone();
            for rank in 0..self.ranks {
                for file in 0..self.files {
                    let s = self.sq(file, rank);
                    let c = without.board[s];
                    if is_piece(c) && color(c) == them && kind(c) == SHOGI_PAWN {
                        without.board[s] = super::position::EMPTY;
                    }
                }
            }
            if !self.in_check(&without, pos.side) {
                return Outcome::Win;
            }
        }
        self.outcome_of(Field::CheckmateValue)
    }
}

impl Rules {
    /// How the game ends by the rules its history decides, for the side to
    /// move at the last position of `history` (the positions from the
    /// start, each after one more move, played by [`Rules::play`] or
    /// [`Rules::null_move`], each knowing the move that reached it): the
    /// n-move rule (`nMoveRule`: the halfmove clock at twice n, unless the
    /// side to move is mated); n-fold repetition (`nFoldRule`,
    /// `nFoldValue`; a repetition in which one side checked at every move
    /// loses for it where perpetual check is refused), each a draw that
    /// material counting may decide; Janggi's move repetition
    /// (`moveRepetitionIllegal`: a side loses that brings a piece to a
    /// square by a quiet move, then takes it out and back twice, the last
    /// return perhaps after a pass, where the piece may stand where the
    /// opponent's king may and the side was in check before none of these
    /// moves);
    /// Xiangqi's chasing rule (`chasingRule = axf`: where no side checked
    /// at every move, a side that chased a piece at every move of the
    /// repetition loses, a draw when both did; and the n-move rule
    /// lengthened by twice the checks beyond ten one side gave);
    /// and the counting rules of Makruk, Cambodian and ASEAN chess
    /// (`countingRule`: a draw when the count runs out); `None` when none
    /// ends it. These are Fairy-Stockfish's optional ends
    /// (`is_optional_game_end`).
    pub fn history_outcome(&self, history: &[impl AsRef<Position>]) -> Option<Outcome> {
        let pos = history.last()?.as_ref();
        let n = self.def.number(Field::NMoveRule);
        let mated = || self.is_check(pos) && self.legal_moves(pos).is_empty();
        let offset = if n > 0 && self.axf_chasing() {
            let last = history.len() - 1;
            self.chasing_move_rule_offset(history, last.min(pos.halfmove as usize))
        } else {
            0
        };
        if n > 0 && i64::from(pos.halfmove) - i64::from(offset) >= 2 * i64::from(n) && !mated() {
            return Some(self.material_result(pos).unwrap_or(Outcome::Draw));
        }
        if let Some(o) = self.repetition_outcome(history) {
            return Some(o);
        }
        self.count_ended(pos).then_some(Outcome::Draw)
    }

    /// Whether [`Rules::history_outcome`] reads no position before the
    /// last irreversible move (one that sets the halfmove clock to 0): where
    /// captures do not go to the hand and no chasing rule counts a line's
    /// checks from its start.
    pub(crate) fn judges_from_irreversible(&self) -> bool {
        !self.captures_to_hand && !self.axf_chasing()
    }

    /// Where Janggi's move repetition (`moveRepetitionIllegal`) starts its
    /// count at the last position of `history`, as Fairy-Stockfish counts:
    /// 0 where it does not apply; else the last move is a plain move, the
    /// mover was not in check before it nor before its move two plies
    /// earlier, and the moved piece may stand where the king of the side to
    /// move may; then 2 when that earlier move went the other way, 1 when it
    /// was a pass, 0 otherwise. The caller's window holds at least four
    /// plies.
    fn move_repetition_start(&self, history: &[impl AsRef<Position>]) -> u8 {
        if !self.def.flag(Field::MoveRepetitionIllegal) {
            return 0;
        }
        let last = history.len() - 1;
        let pos = history[last].as_ref();
        let Some(m) = pos.last_move.filter(|m| m.kind == MoveKind::Normal) else { return 0 };
        if self.is_check(history[last - 1].as_ref()) || self.is_check(history[last - 3].as_ref()) {
            return 0;
        }
        let (us, them) = (pos.side, pos.side.other());
        let moved = kind(pos.board[usize::from(m.to)]);
        let meets_king = self.board_squares().any(|s| {
            pos.board[s] != WALL && self.may_stand(them, moved, s) && self.may_stand(us, PieceKind::KING.index(), s)
        });
        if !meets_king {
            return 0;
        }
        match history[last - 2].as_ref().last_move {
            Some(before) if reverses(before, m) => 2,
            Some(before) if before.kind == MoveKind::Pass => 1,
            _ => 0,
        }
    }

    fn repetition_outcome(&self, history: &[impl AsRef<Position>]) -> Option<Outcome> {
        let n = usize::try_from(self.def.number(Field::NFoldRule)).ok().filter(|&n| n > 0)?;
        let last = history.len() - 1;
        let pos = history[last].as_ref();
        // positions before the last irreversible move cannot recur (unless
        // captures go to the hand, where nothing is irreversible)
        let window = if self.captures_to_hand { last } else { last.min(pos.halfmove as usize) };
        if window < 4 {
            return None;
        }
        let perpetual = self.def.flag(Field::PerpetualCheckIllegal);
        let checked = |k: usize| self.is_check(history[k].as_ref());
        // each side has checked at every move since: them (the last mover),
        // us (the side to move)
        let mut them = perpetual && checked(last) && checked(last - 2);
        let mut us = perpetual && checked(last - 1) && checked(last - 3);
        let mut moved_back = self.move_repetition_start(history);
        let mut count = 0;
        let mut back = 4;
        while back <= window {
            if moved_back > 0 {
                // the mover was in check before its move `back + 1` plies ago
                if back < window && checked(last - back - 1) {
                    moved_back = 0;
                } else if moved_back < 4 {
                    // with a pass two plies ago, the earlier move reverses
                    // the last one; else each reverses the one after it
                    let later = if moved_back == 1 { pos } else { history[last - back + 2].as_ref() };
                    let reversed = matches!((history[last - back].as_ref().last_move, later.last_move),
                        (Some(m), Some(l)) if reverses(m, l));
                    moved_back = if reversed { moved_back + 1 } else { 0 };
                } else {
                    // the piece came to the square it went out and back from
                    // by a move that took nothing; a position set up from
                    // its FEN counts as reached by a quiet move to the
                    // first square (Fairy-Stockfish's empty move)
                    let came = history[last - back].as_ref();
                    let to = came.last_move.map_or(self.sq(0, 0), |m| usize::from(m.to));
                    let left = history[last - back + 2].as_ref().last_move.map(|m| usize::from(m.from));
                    if came.history & 32 == 0 && left == Some(to) {
                        return Some(Outcome::Win);
                    }
                    moved_back = 0;
                }
            }
            let earlier = history[last - back].as_ref();
            them &= checked(last - back);
            if same_position(earlier, pos) {
                count += 1;
                if count + 1 >= n {
                    // perpetual check first, then the chases
                    let (them, us) =
                        if them || us || !self.axf_chasing() { (them, us) } else { self.chases(history, back, window) };
                    let result = if them || us {
                        match (them, us) {
                            (true, false) => Outcome::Win,
                            (false, true) => Outcome::Loss,
                            _ => Outcome::Draw,
                        }
                    } else {
                        let value = self.outcome_of(Field::NFoldValue);
                        if self.def.flag(Field::NFoldValueAbsolute) && pos.side == Color::Black {
                            super::legal::negate(value)
                        } else {
                            value
                        }
                    };
                    if result == Outcome::Draw
                        && let Some(o) = self.material_result(pos)
                    {
                        return Some(o);
                    }
                    return Some(result);
                }
            }
            if back < window {
                us &= checked(last - back - 1);
            }
            back += 2;
        }
        None
    }
}

/// Whether `m` is a plain move (no gate, no wall) that undoes `later`'s
/// squares, as Fairy-Stockfish's `reverse_move` compares.
fn reverses(m: Move, later: Move) -> bool {
    m.kind == MoveKind::Normal && m.gate == 0 && m.wall == NO_SQ && m.from == later.to && m.to == later.from
}

/// Whether two positions are the same for repetition: the board, the
/// hands, the side to move, the castling rights and gates, the en
/// passant squares and the checks left.
fn same_position(a: &Position, b: &Position) -> bool {
    a.board == b.board
        && a.hand == b.hand
        && a.side == b.side
        && a.castling == b.castling
        && a.gates == b.gates
        && a.ep[..usize::from(a.ep_len)] == b.ep[..usize::from(b.ep_len)]
        && a.checks == b.checks
}
