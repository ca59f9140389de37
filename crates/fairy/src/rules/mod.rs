//! Playing a defined game: legal moves generated from the definition's
//! Betza pieces and rule keys, moves as Fairy-Stockfish's UCI text, and
//! perft.
//!
//! - [`Rules`]: a [`crate::Definition`] compiled into the tables move
//!   generation reads (each piece's rays for each side, the attack rays,
//!   the regions); [`Rules::unsupported`] names what of a game's rules is
//!   not played yet;
//! - [`Position`]: a position of the game, read from Fairy-Stockfish's FEN;
//! - [`Move`]: a legal move, written and read as UCI text
//!   ([`Rules::uci`], [`Rules::parse_uci`]); a text naming no legal move is
//!   a [`MoveError`] listing the legal ones;
//! - [`Rules::outcome`]: how the game ends at a position (a rule ending it
//!   at once, checkmate, stalemate), for the side to move;
//! - [`Rules::perft`] and [`Rules::divide`].
//!
//! A move is played on a copy of the position (a fixed-size board, no
//! allocation), and is legal when the side's royal piece is not attacked
//! after it.
//!
//! ```
//! use polyfen_fairy::{Position, Rules, Variants};
//!
//! let rules = Rules::new(Variants::builtin().get("chess").unwrap());
//! let start = Position::start(&rules).unwrap();
//! assert_eq!(rules.perft(&start, 3), 8902);
//! let next = rules.play_uci(&start, "e2e4").unwrap();
//! assert_eq!(next.fen(&rules), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
//! let err = rules.play_uci(&next, "e2e4").unwrap_err();
//! assert_eq!(err.candidates.len(), 20);
//!
//! let shogi = Rules::new(Variants::builtin().get("minishogi").unwrap());
//! let pos = Position::start(&shogi).unwrap();
//! assert!(shogi.legal_uci(&pos).contains(&"d1b3".to_owned()));
//! ```

mod atomic;
mod attacks;
mod chasing;
mod compile;
mod connect;
#[cfg(test)]
pub(crate) mod corpus_rows;
mod counting;
mod enclose;
mod family;
mod legal;
mod make;
mod move_type;
mod moves;
mod outcome;
mod perft;
mod pins;
mod position;
mod san;
mod targeted;
mod trial;
mod uci;

pub use compile::Rules;
pub use family::FamilyNotation;
pub use moves::{Move, MoveKind};
pub use position::{Position, PositionError};
pub use uci::MoveError;

impl Rules {
    /// The legal moves of `pos`.
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.legal_into(pos, &mut out);
        out
    }

    /// Plays a move of [`Rules::legal_moves`].
    ///
    /// # Errors
    ///
    /// The move is not legal in `pos`.
    pub fn play(&self, pos: &Position, m: Move) -> Result<Position, MoveError> {
        let moves = self.legal_moves(pos);
        if moves.contains(&m) {
            Ok(self.make(pos, m))
        } else {
            let mut candidates: Vec<String> = moves.iter().map(|m| self.uci(pos, *m)).collect();
            candidates.sort();
            Err(MoveError { text: format!("{m:?}"), candidates })
        }
    }

    /// A move's squares as (file, rank), from 0: where it starts (none
    /// for a drop) and where it goes (for castling, the rook's square).
    pub fn squares(&self, m: Move) -> (Option<(u8, u8)>, (u8, u8)) {
        let at = |s: u16| (self.file_of(usize::from(s)), self.rank_of(usize::from(s)));
        let from = (!matches!(m.kind(), MoveKind::Drop { .. })).then(|| at(m.from));
        (from, at(m.to))
    }

    /// Whether the side to move is in check: its royal piece attacked, or
    /// one of its pseudo-royal pieces (all of them, with duple check).
    pub fn is_check(&self, pos: &Position) -> bool {
        self.in_check(pos, pos.side()) || (self.pseudo_royal && self.pseudo_checked(pos, pos.side()))
    }

    /// Whether the game ended at once by a rule of the game (extinction, a
    /// flag reached, the last check given): then there is no legal move.
    pub fn is_immediate_end(&self, pos: &Position) -> bool {
        self.immediate_end(pos)
    }

    /// The position after a null move: the turn passes and nothing moves
    /// (a pass, as the games that allow passing play it).
    pub fn null_move(&self, pos: &Position) -> Position {
        let at = match pos.royal[pos.side.index()] {
            position::NO_SQ => 0,
            sq => sq,
        };
        self.make(pos, Move::new(at, at, MoveKind::Pass))
    }
}
