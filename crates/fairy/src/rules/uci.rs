//! Moves as Fairy-Stockfish's UCI text: `e2e4`, `a7a8q`, `8h2b+` style
//! promotions (`+`) and demotions (`-`), drops `P@e4` and `+P@e4`, squares
//! of ten ranks and more (`a10`), castling as the king's move (`e1g1`, or
//! king takes rook in Chess960 and where the king's move is ambiguous), and
//! a pass as the piece's square twice.

use core::fmt;
use core::fmt::Write as _;

use super::compile::Rules;
use super::moves::{Move, MoveKind};
use super::position::Position;

/// A move text that is not a legal move of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// The text given.
    pub text: String,
    /// The legal moves of the position, as UCI text, sorted.
    pub candidates: Vec<String>,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.candidates.is_empty() {
            write!(f, "`{}` is not a legal move: the position has no legal move", self.text)
        } else {
            write!(f, "`{}` is not a legal move; the legal moves are {}", self.text, self.candidates.join(" "))
        }
    }
}

impl std::error::Error for MoveError {}

impl Rules {
    fn square_name(&self, sq: usize, out: &mut String) {
        out.push(char::from(b'a' + self.file_of(sq)));
        let _ = write!(out, "{}", u32::from(self.rank_of(sq)) + 1);
    }

    /// A legal move of `pos` as Fairy-Stockfish's UCI text.
    pub fn uci(&self, pos: &Position, m: Move) -> String {
        let mut out = String::with_capacity(6);
        let from = usize::from(m.from);
        let to = usize::from(m.to);
        let mut dest = to;
        match m.kind {
            MoveKind::Drop { kind, promoted } => {
                if promoted {
                    out.push('+');
                }
                out.push(self.letter(kind).to_ascii_uppercase());
                out.push('@');
                self.square_name(to, &mut out);
            }
            MoveKind::Castling if m.gate != 0 && m.gate_sq == m.to => {
                self.square_name(to, &mut out);
                self.square_name(from, &mut out);
                dest = from;
            }
            MoveKind::Castling => {
                self.square_name(from, &mut out);
                let (kto, _) = self.castling_targets(pos.side, from, to);
                let ambiguous = !self.chess960 && {
                    let mut targets = Vec::new();
                    self.targets(pos, from, pos.board[from], &mut targets);
                    targets.iter().any(|t| t.0 == kto)
                };
                dest = if self.chess960 || ambiguous { to } else { kto };
                self.square_name(dest, &mut out);
            }
            _ => {
                self.square_name(from, &mut out);
                self.square_name(to, &mut out);
                match m.kind {
                    MoveKind::Promotion(k) => out.push(self.letter(k)),
                    MoveKind::PiecePromotion => out.push('+'),
                    MoveKind::PieceDemotion => out.push('-'),
                    _ => {}
                }
            }
        }
        if m.gate != 0 {
            out.push(self.letter(m.gate));
        }
        // Walling games write the wall after every move (a move placing
        // none names a1, as Fairy-Stockfish does).
        if self.walling != crate::value::WallingRule::None {
            out.push(',');
            self.square_name(dest, &mut out);
            if m.wall == super::position::NO_SQ {
                out.push_str("a1");
            } else {
                self.square_name(usize::from(m.wall), &mut out);
            }
        }
        out
    }

    /// The legal move of `pos` a UCI text names.
    ///
    /// # Errors
    ///
    /// The text names no legal move: the error lists the legal ones.
    pub fn parse_uci(&self, pos: &Position, text: &str) -> Result<Move, MoveError> {
        let moves = self.legal_moves(pos);
        let trimmed = text.trim();
        if let Some(m) = moves.iter().find(|m| self.uci(pos, **m) == trimmed) {
            return Ok(*m);
        }
        let mut candidates: Vec<String> = moves.iter().map(|m| self.uci(pos, *m)).collect();
        candidates.sort();
        Err(MoveError { text: text.to_owned(), candidates })
    }

    /// Plays a legal move given as UCI text.
    ///
    /// # Errors
    ///
    /// The text names no legal move.
    pub fn play_uci(&self, pos: &Position, text: &str) -> Result<Position, MoveError> {
        let m = self.parse_uci(pos, text)?;
        Ok(self.make(pos, m))
    }

    /// The legal moves of `pos` as sorted UCI texts.
    pub fn legal_uci(&self, pos: &Position) -> Vec<String> {
        let mut out: Vec<String> = self.legal_moves(pos).iter().map(|m| self.uci(pos, *m)).collect();
        out.sort();
        out
    }
}
