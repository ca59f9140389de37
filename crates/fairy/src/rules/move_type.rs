//! The move of a compiled game as a value: its squares, what it does
//! beyond going from one to the other, and what it gates or walls in.
//! It stands apart from the position and the move generation so that both
//! may name it.

/// No square (a move that places no wall; a side without a royal piece).
pub(crate) const NO_SQ: u16 = u16::MAX;

/// What a move does beyond going from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or capture.
    Normal,
    /// A pawn-style promotion to the kind given (by Fairy-Stockfish's number).
    Promotion(u8),
    /// A Shogi-style promotion (`+`).
    PiecePromotion,
    /// A demotion (`-`, Kyoto shogi).
    PieceDemotion,
    /// An en passant capture.
    EnPassant,
    /// Castling: `to` is the rook's square.
    Castling,
    /// A drop of the kind given; `promoted` drops it as what it promotes to.
    Drop {
        /// The kind taken from the hand.
        kind: u8,
        /// Dropped promoted.
        promoted: bool,
    },
    /// A pass (`from` and `to` the same square).
    Pass,
}

/// A move of a compiled game (squares are the internal cells; read and
/// write it as UCI text through [`Rules::parse_uci`] and [`Rules::uci`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: u16,
    pub(crate) to: u16,
    pub(crate) kind: MoveKind,
    /// A piece gated in from the hand (Seirawan): its kind (0: none) and square.
    pub(crate) gate: u8,
    pub(crate) gate_sq: u16,
    /// The wall placed with the move (walling games; `NO_SQ`: none).
    pub(crate) wall: u16,
}

impl Move {
    pub(crate) const fn new(from: u16, to: u16, kind: MoveKind) -> Move {
        Move { from, to, kind, gate: 0, gate_sq: 0, wall: NO_SQ }
    }

    /// What the move does.
    pub fn kind(&self) -> MoveKind {
        self.kind
    }
}
