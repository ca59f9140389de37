//! Reading a move of a game defined as data: a record's SAN found among
//! the legal moves of the piece it names to the squares it names, each
//! written alone, else the text read among all the legal moves in every
//! notation of the game.

use std::cell::RefCell;

use polyfen_game::MoveError;

use super::{FairyMoveNotation, FairyPosition, guess_notation};
use crate::rules::Move;

thread_local! {
    /// The SAN of a candidate move, written into the same buffer from move
    /// to move.
    static WRITTEN: RefCell<String> = RefCell::new(String::with_capacity(16));
    /// The legal moves to the squares a text names, found into the same
    /// list from move to move.
    static CANDIDATES: RefCell<Vec<Move>> = const { RefCell::new(Vec::new()) };
}

impl FairyPosition {
    /// The one legal move whose SAN, or else whose long algebraic text, is
    /// `text` (check marks aside), found
    /// among the legal moves of the pieces of the letter `text` starts with
    /// (a pawn's without one, a drop's with `@`) to the squares it names,
    /// each written alone: a record's move read without writing every
    /// legal move. `None` when no such move or more than one is found there
    /// (a castling, a move of another notation, a mistake), for the reading
    /// of every legal move in every notation to tell.
    pub(super) fn san_to_its_square(&self, text: &str) -> Option<Move> {
        if self.rules.shogi_notation || text.is_empty() {
            return None;
        }
        let wanted = text.trim_end_matches(['+', '#']);
        // the squares the text names (`e4`, `a10`), the first four: a move
        // is written only when it goes to one of them
        let mut named: smallvec::SmallVec<[usize; 4]> = smallvec::SmallVec::new();
        let mut count = 0;
        let bytes = wanted.as_bytes();
        let mut at = 0;
        while at < bytes.len() && count < 4 {
            let (letter, digits) = (bytes[at], bytes[at + 1..].iter().take(2).take_while(|b| b.is_ascii_digit()));
            let rank = digits.fold(0u16, |n, b| n * 10 + u16::from(b - b'0'));
            if letter.is_ascii_lowercase() && rank > 0 && rank <= 16 {
                count += 1;
                let (file, rank) = (letter - b'a', u8::try_from(rank - 1).unwrap_or(u8::MAX));
                if file < self.rules.files() && rank < self.rules.ranks() {
                    named.push(self.rules.sq(file, rank));
                }
            }
            at += 1;
        }
        if named.is_empty() {
            return None;
        }
        // only the legal moves to those squares of the piece the text
        // names (SAN tells a move from the others to its square alone):
        // a drop's (`N@e4`), a piece's by its letter (`Nf3`), else a pawn's
        let first = wanted.chars().next().unwrap_or_default();
        let drop = wanted.contains('@');
        let kinds = match (drop, first.is_ascii_uppercase()) {
            (true, _) => 0,
            (false, true) => self.rules.san_kinds(first),
            (false, false) => 1 << crate::PieceKind::PAWN.index(),
        };
        let mut legal = CANDIDATES.with_borrow_mut(core::mem::take);
        let found = self.san_among(&mut legal, wanted, (kinds, drop), &named);
        CANDIDATES.with_borrow_mut(|kept| *kept = legal);
        found
    }

    /// [`FairyPosition::san_to_its_square`] of the text `wanted` (its marks
    /// left out) among the legal moves to the squares `named` of the pieces
    /// of `kinds` (and the drops where `drop`), found into `legal`.
    fn san_among(&self, legal: &mut Vec<Move>, wanted: &str, kinds: (u64, bool), named: &[usize]) -> Option<Move> {
        self.rules.legal_to(&self.position, legal, kinds, named)?;
        let legal = &*legal;
        WRITTEN.with(|written| {
            let mut written = written.borrow_mut();
            let mut found = None;
            for &mv in legal {
                self.rules.san_unmarked_into(&self.position, mv, legal, &mut written);
                if *written == wanted {
                    if found.is_some() {
                        return None;
                    }
                    found = Some(mv);
                }
            }
            // else the long algebraic form (`Ng1-f3`, `e7xd8=Q`): it names
            // the origin too, whose piece is among those found
            if found.is_none() && wanted.contains(['-', 'x']) {
                for &mv in legal {
                    self.rules.lan_unmarked_into(&self.position, mv, &mut written);
                    if *written == wanted {
                        if found.is_some() {
                            return None;
                        }
                        found = Some(mv);
                    }
                }
            }
            found
        })
    }

    /// The legal move `text` is, in UCI, SAN or a family notation of the
    /// game (with or without its check mark), or why it is none, with the
    /// legal moves as candidates: those of the notation the text looks
    /// most like, or, when the text names several moves, those.
    pub(crate) fn legal_move(&self, text: &str) -> Result<Move, MoveError> {
        // a record's move is found by its SAN among the legal moves to the
        // squares it names, else by the reading of every legal move
        match self.san_to_its_square(text.trim()) {
            Some(mv) => Ok(mv),
            None => self.read_among_all(text),
        }
    }

    /// [`FairyPosition::legal_move`] read among all the legal moves: by its
    /// UCI (the moves made once), else by its text in every notation of the
    /// game, each legal move written in each.
    pub(crate) fn read_among_all(&self, text: &str) -> Result<Move, MoveError> {
        let trimmed = text.trim();
        let legal = self.rules.legal_moves(&self.position);
        if guess_notation(trimmed) == FairyMoveNotation::FairyUci
            && let Some(&mv) = legal.iter().find(|&&mv| self.rules.uci(&self.position, mv) == trimmed)
        {
            return Ok(mv);
        }
        let uci_error = match self.rules.parse_uci(&self.position, trimmed) {
            Ok(mv) => return Ok(mv),
            Err(e) => e,
        };
        // check marks may be left out or added where the notation marks
        // checks (not Hodges' `+`, which promotes)
        let marks = |notation: FairyMoveNotation| match notation.family() {
            Some(family) => family.marks_checks(),
            None => notation == FairyMoveNotation::FairyLan || !self.rules.shogi_notation,
        };
        let bare = |text: &str, notation| {
            if marks(notation) { text.trim_end_matches(['+', '#']).to_owned() } else { text.to_owned() }
        };
        let written: Vec<(FairyMoveNotation, Vec<(Move, String)>)> = self
            .move_notations()
            .into_iter()
            .filter(|&n| n != FairyMoveNotation::FairyUci)
            .map(|n| (n, self.legal_written(n)))
            .collect();
        let mut found: Vec<(Move, &str)> = Vec::new();
        for (notation, texts) in &written {
            let exact: Vec<&(Move, String)> = texts.iter().filter(|(_, t)| t == trimmed).collect();
            let matched = if exact.is_empty() && !trimmed.is_empty() {
                texts.iter().filter(|(_, t)| bare(t, *notation) == bare(trimmed, *notation)).collect()
            } else {
                exact
            };
            for (mv, t) in matched {
                if !found.iter().any(|(m, _)| m == mv) {
                    found.push((*mv, t));
                }
            }
        }
        match found[..] {
            [(mv, _)] => return Ok(mv),
            [] => {}
            _ => {
                let candidates = found.iter().map(|(mv, _)| self.rules.uci(&self.position, *mv)).collect();
                let message = format!("{trimmed} names more than one legal move of {}", self.name);
                return Err(MoveError::new(message, 0..text.len()).with_candidates(candidates));
            }
        }
        let message = format!("{trimmed} is not a legal move of {}", self.name);
        let candidates = if guess_notation(trimmed) == FairyMoveNotation::FairySan {
            // the notation the text looks most like: the most moves with its
            // first character and its length; of it, those moves, else all
            let first = trimmed.chars().next();
            let length = trimmed.chars().count();
            let alike = |t: &String| t.chars().next() == first && t.chars().count() == length;
            let best = written
                .iter()
                .max_by_key(|(n, texts)| {
                    (texts.iter().filter(|(_, t)| alike(t)).count(), *n == FairyMoveNotation::FairySan)
                })
                .map(|(_, texts)| texts.as_slice())
                .unwrap_or_default();
            let all: Vec<String> = best.iter().map(|(_, t)| t.clone()).collect();
            let same: Vec<String> =
                all.iter().filter(|t| first.is_some() && t.chars().next() == first).cloned().collect();
            if same.is_empty() { all } else { same }
        } else {
            let from = trimmed.get(..2).unwrap_or_default();
            let same: Vec<String> = uci_error.candidates.iter().filter(|c| c.starts_with(from)).cloned().collect();
            if same.is_empty() { uci_error.candidates } else { same }
        };
        Err(MoveError::new(message, 0..text.len()).with_candidates(candidates))
    }
}
