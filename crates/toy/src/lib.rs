//! A toy game for polyfen's tests: the smallest whole game, and the proof
//! that a game is its crate and its entry in the facade's list of games.
//!
//! *Toy* is played on a 5×5 board, files `a`–`e`, ranks `1`–`5`. Each side
//! has a king (`K`, `k`) and pawns (`P`, `p`); white (uppercase) moves up
//! the board, first. A king steps to any of the eight squares around it; a
//! pawn steps straight forward onto an empty square, or diagonally forward
//! onto an enemy piece. A piece moving onto an enemy piece takes it; there
//! is no check: a side whose king is taken has lost (`king-taken`), and a
//! side to move without a move is stalemated.
//!
//! Its position notation, *toy FEN*, is the placement as FEN writes it, the
//! side to move (`w`, `b`) and the move number: `kpppp/5/5/5/PPPPK w 1`.
//! Its move notation is coordinates, `a1a2`.
//!
//! The crate has what every game has: the codec's [`Variant`] (the
//! placement is the core's generic codec), the rules with perft through
//! [`PerftTree`], and in [`game`] the contract of `polyfen-game` — a
//! position of the layers above, its JSON form and schema, its diagrams,
//! its explanation part by part and its record adapter. The facade lists
//! it behind its `toy` feature, and the facade's and the service's tests
//! run with that feature to check that the list entry alone brings the
//! game to every layer.

pub mod game;

use core::fmt;

use polyfen_core::PerftTree;
use polyfen_core::{Color, Fields, Leniency, ParseError, PlacementSpec, Repair, Setup, Variant};

pub use game::{ToyAdapter, ToyJson, ToyMoveNotation, ToyNotation, ToyPosition};

/// A square of the 5×5 board, `a1` to `e5`.
pub type Square = polyfen_core::Square<5, 5, b'1'>;

/// The start position.
pub const START: &str = "kpppp/5/5/5/PPPPK w 1";

/// The named setups.
pub const SETUPS: &[(&str, &str)] = &[("standard", START), ("kings", "4k/5/5/5/K4 w 1")];

/// The end of a game whose king was taken, as its status names it.
pub const KING_TAKEN: &str = "king-taken";

/// The toy game's marker type for the codec.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Toy;

/// A piece's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The king: one step any way.
    King,
    /// A pawn: one step forward, taking one step diagonally forward.
    Pawn,
}

/// A piece: its side and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// White (uppercase, moves first) or black.
    pub color: Color,
    /// What it is.
    pub kind: Kind,
}

impl Piece {
    /// The piece's letter: `K`, `P` for white, `k`, `p` for black.
    #[must_use]
    pub fn letter(self) -> u8 {
        let upper = match self.kind {
            Kind::King => b'K',
            Kind::Pawn => b'P',
        };
        self.color.case(upper)
    }

    /// The piece of a letter, if it is one.
    #[must_use]
    pub fn from_letter(letter: u8) -> Option<Piece> {
        let kind = match letter.to_ascii_uppercase() {
            b'K' => Kind::King,
            b'P' => Kind::Pawn,
            _ => return None,
        };
        Some(Piece { color: Color::of_ascii_case(letter)?, kind })
    }

    /// The piece in words: `white king`.
    #[must_use]
    pub fn words(self) -> String {
        let kind = match self.kind {
            Kind::King => "king",
            Kind::Pawn => "pawn",
        };
        format!("{} {kind}", color_name(self.color))
    }
}

/// A side's name: `white` or `black`.
#[must_use]
pub const fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The fields after the placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Extras {
    /// The side to move.
    pub turn: Color,
    /// The move number, from 1, which grows after black's move.
    pub move_number: u32,
}

/// A rule a position breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A side without exactly one king.
    Kings(Color, usize),
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Kings(color, n) => write!(f, "{} has {n} kings, expected 1", color_name(*color)),
        }
    }
}

impl Variant for Toy {
    const ID: &'static str = "toy";
    const SPEC: PlacementSpec = PlacementSpec::grid(5, 5).expecting("a piece letter (KP, kp), a digit 1-5 or '/'");
    const COLOR_NAMES: [&'static str; 2] = ["white", "black"];
    type Piece = Piece;
    type Board = [Option<Piece>; 25];
    type Extras = Extras;
    type WriteOptions = ();
    type Violation = Violation;

    fn empty_board() -> Self::Board {
        [None; 25]
    }

    fn piece_from_ascii(letter: u8, promoted: bool) -> Option<Piece> {
        if promoted {
            return None;
        }
        Piece::from_letter(letter)
    }

    fn write_piece(piece: Piece, (): &(), out: &mut String) {
        out.push(piece.letter() as char);
    }

    fn piece_color(piece: Piece) -> Color {
        piece.color
    }

    fn parse_extras(
        fields: &mut Fields<'_>,
        _: &Self::Board,
        _: &Leniency,
        _: &mut Vec<Repair>,
    ) -> Result<Extras, ParseError> {
        let mut extras = Extras { turn: Color::White, move_number: 1 };
        if let Some(field) = fields.next() {
            extras.turn = field.one_of("side to move", "'w' or 'b'", &[("w", Color::White), ("b", Color::Black)])?;
        }
        if let Some(field) = fields.next() {
            extras.move_number = field.number("move number", 1, u32::MAX)?;
        }
        fields.finish("move number")?;
        Ok(extras)
    }

    fn write_extras(extras: &Extras, _: &Self::Board, (): &(), out: &mut String) {
        out.push_str(if extras.turn == Color::White { " w " } else { " b " });
        out.push_str(&extras.move_number.to_string());
    }

    fn validate(setup: &Setup<Self>) -> Vec<Violation> {
        Color::ALL
            .into_iter()
            .filter_map(|color| {
                let kings = setup.board.iter().flatten().filter(|p| p.color == color && p.kind == Kind::King).count();
                (kings != 1).then_some(Violation::Kings(color, kings))
            })
            .collect()
    }
}

/// A move: from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl Move {
    /// Reads `a1a2`; `None` for anything else.
    #[must_use]
    pub fn parse(text: &str) -> Option<Move> {
        let bytes = text.as_bytes();
        if bytes.len() != 4 {
            return None;
        }
        Some(Move { from: Square::parse(&bytes[..2])?, to: Square::parse(&bytes[2..])? })
    }
}

/// How a game of toy stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move has a move.
    Ongoing,
    /// The side to move has no king: it lost.
    KingTaken,
    /// The side to move has a king and no move.
    Stalemate,
}

/// A position of toy.
pub type ToySetup = Setup<Toy>;

/// The legal moves of `setup`, in square order of the pieces and then of
/// the squares they go to (none once a king is taken).
#[must_use]
pub fn legal_moves(setup: &ToySetup) -> Vec<Move> {
    let turn = setup.extras.turn;
    let mut moves = Vec::new();
    if king_taken(setup) {
        return moves;
    }
    for from in Square::all() {
        let Some(piece) = setup.board[from.index()].filter(|p| p.color == turn) else { continue };
        let forward: i8 = if turn == Color::White { 1 } else { -1 };
        let mut add = |df: i8, dr: i8, takes: Option<bool>| {
            let Some(to) = from.offset(df, dr) else { return };
            let target = setup.board[to.index()];
            let ok = match (target, takes) {
                (Some(p), _) if p.color == turn => false,
                (Some(_), Some(false)) | (None, Some(true)) => false,
                _ => true,
            };
            if ok {
                moves.push(Move { from, to });
            }
        };
        match piece.kind {
            Kind::King => {
                for (df, dr) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                    add(df, dr, None);
                }
            }
            Kind::Pawn => {
                add(-1, forward, Some(true));
                add(0, forward, Some(false));
                add(1, forward, Some(true));
            }
        }
    }
    moves
}

/// Whether the side to move has lost its king.
#[must_use]
pub fn king_taken(setup: &ToySetup) -> bool {
    let turn = setup.extras.turn;
    !setup.board.iter().flatten().any(|p| p.color == turn && p.kind == Kind::King)
}

/// How the game stands in `setup`.
#[must_use]
pub fn outcome(setup: &ToySetup) -> Outcome {
    if king_taken(setup) {
        Outcome::KingTaken
    } else if legal_moves(setup).is_empty() {
        Outcome::Stalemate
    } else {
        Outcome::Ongoing
    }
}

/// Plays `mv`, a legal move of `setup`.
pub fn play(setup: &mut ToySetup, mv: Move) {
    setup.board[mv.to.index()] = setup.board[mv.from.index()].take();
    pass(setup);
}

/// Gives the move to the other side (the move number grows after black's
/// turn): what every move ends with, and a null move is.
pub fn pass(setup: &mut ToySetup) {
    if setup.extras.turn == Color::Black {
        setup.extras.move_number = setup.extras.move_number.saturating_add(1);
    }
    setup.extras.turn = setup.extras.turn.other();
}

/// A toy position as perft walks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree(pub ToySetup);

impl PerftTree for Tree {
    type Move = Move;
    type Moves = Vec<Move>;

    fn moves(&self) -> Vec<Move> {
        legal_moves(&self.0)
    }

    fn child(&self, mv: Move) -> Option<Tree> {
        let mut next = self.0.clone();
        play(&mut next, mv);
        Some(Tree(next))
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().filter_map(|&mv| self.child(mv)).map(|child| child.perft(depth - 1)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_reads_writes_and_has_its_moves() {
        let start: ToySetup = START.parse().expect("the start");
        assert_eq!(start.to_string(), START);
        assert!(start.validate().is_empty());
        let moves: Vec<String> = legal_moves(&start).iter().map(ToString::to_string).collect();
        assert_eq!(moves, ["a1a2", "b1b2", "c1c2", "d1d2", "e1d2", "e1e2"]);
        // counted by hand to depth 2, and by a separate brute force deeper
        let counts: Vec<u64> = (1..=4).map(|depth| Tree(start.clone()).perft(depth)).collect();
        assert_eq!(counts, [6, 36, 246, 1687]);
    }

    #[test]
    fn taking_the_king_ends_the_game() {
        let mut setup: ToySetup = "5/5/5/1k3/K4 w 1".parse().unwrap();
        assert_eq!(outcome(&setup), Outcome::Ongoing);
        play(&mut setup, Move::parse("a1b2").unwrap());
        assert_eq!(setup.to_string(), "5/5/5/1K3/5 b 1");
        assert_eq!(outcome(&setup), Outcome::KingTaken);
        assert!(legal_moves(&setup).is_empty());
    }

    #[test]
    fn bad_text_is_refused_with_its_place() {
        let error = "kpppq/5/5/5/PPPPK w 1".parse::<ToySetup>().unwrap_err();
        assert_eq!(error.span, 4..5, "{error}");
        assert!(Move::parse("a1a6").is_none());
        assert!(Move::parse("a1").is_none());
    }
}
