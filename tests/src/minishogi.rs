//! A toy fourth variant, 5×5 minishogi in SFEN (`rbsgk/4p/5/P4/KGSBR b - 1`): the template for adding
//! a game. It gives the board as data, the alphabet (with `+` for promoted pieces), the fields after the
//! placement (side, hand, move number) and two rules; the generic codec does the rest.

use core::fmt;

use polyfen_core::codec::{decode_hand, encode_hand};
use polyfen_core::{
    Color, Fields, Hand, HandSpec, HandStyle, Leniency, ParseError, PlacementSpec, Repair, Setup, Variant,
};

/// The kinds a hand holds, in the order SFEN writes them.
pub const HAND: HandSpec = HandSpec { kinds: b"RBGSP", style: HandStyle::Counted };

/// A square of the 5×5 board, `a1` to `e5`: the core's square type.
pub type Square = polyfen_core::Square<5, 5, b'1'>;

/// The minishogi marker type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MiniShogi;

/// A piece: its side, its letter (`KGSBRP`, uppercase) and whether promoted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Sente (uppercase, `b` to move) is `White`; gote is `Black`.
    pub color: Color,
    /// The uppercase letter of the piece kind.
    pub letter: u8,
    /// Promoted (`+S`, `+B`, `+R`, `+P`).
    pub promoted: bool,
}

/// Side, pieces in hand, move number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extras {
    /// The side to move.
    pub turn: Color,
    /// Pieces in hand, read and written by the codec's generic hand.
    pub hand: Hand,
    /// The move number.
    pub move_number: u32,
}

/// A broken rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// Not exactly one king.
    KingCount(Color, usize),
    /// An unpromoted pawn on its last rank, which it could never leave.
    DeadPawn(Square),
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::KingCount(c, n) => write!(f, "{} has {n} kings, expected 1", MiniShogi::COLOR_NAMES[c.index()]),
            Violation::DeadPawn(square) => write!(f, "pawn on its last rank at {square}"),
        }
    }
}

impl Variant for MiniShogi {
    const ID: &'static str = "minishogi";
    const SPEC: PlacementSpec =
        PlacementSpec::grid(5, 5).prefix(b'+').expecting("a piece letter (KGSBRP, kgsbrp, +S ...), a digit 1-5 or '/'");
    const COLOR_NAMES: [&'static str; 2] = ["sente", "gote"];
    type Piece = Piece;
    type Board = [Option<Piece>; 25];
    type Extras = Extras;
    type WriteOptions = ();
    type Violation = Violation;

    fn empty_board() -> Self::Board {
        [None; 25]
    }

    fn piece_from_ascii(letter: u8, promoted: bool) -> Option<Piece> {
        let upper = letter.to_ascii_uppercase();
        let ok = b"KGSBRP".contains(&upper) && (!promoted || b"SBRP".contains(&upper));
        ok.then_some(Piece { color: Color::of_ascii_case(letter)?, letter: upper, promoted })
    }

    fn write_piece(piece: Piece, (): &(), out: &mut String) {
        if piece.promoted {
            out.push('+');
        }
        out.push(piece.color.case(piece.letter) as char);
    }

    fn piece_color(piece: Piece) -> Color {
        piece.color
    }

    fn parse_extras(
        fields: &mut Fields<'_>,
        _: &Self::Board,
        leniency: &Leniency,
        repairs: &mut Vec<Repair>,
    ) -> Result<Extras, ParseError> {
        let mut extras = Extras { turn: Color::White, hand: Hand::EMPTY, move_number: 1 };
        if let Some(f) = fields.next() {
            extras.turn = f.one_of("side to move", "'b' or 'w'", &[("b", Color::White), ("w", Color::Black)])?;
        }
        if let Some(f) = fields.next() {
            extras.hand = decode_hand(&HAND, f.text, f.start, leniency, repairs)?;
        }
        if let Some(f) = fields.next() {
            extras.move_number = f.number("move number", 1, u32::MAX)?;
        }
        fields.finish("move number")?;
        Ok(extras)
    }

    fn write_extras(extras: &Extras, _: &Self::Board, (): &(), out: &mut String) {
        out.push_str(if extras.turn == Color::Black { " w " } else { " b " });
        encode_hand(&HAND, &extras.hand, out);
        out.push(' ');
        out.push_str(&extras.move_number.to_string());
    }

    fn validate(setup: &Setup<Self>) -> Vec<Violation> {
        let mut out = Vec::new();
        for color in Color::ALL {
            let kings = setup.board.iter().flatten().filter(|p| p.color == color && p.letter == b'K').count();
            if kings != 1 {
                out.push(Violation::KingCount(color, kings));
            }
        }
        for (square, p) in Square::all().zip(&setup.board) {
            let last = if p.is_some_and(|p| p.color == Color::White) { 4 } else { 0 };
            if p.is_some_and(|p| p.letter == b'P' && !p.promoted) && square.rank() == last {
                out.push(Violation::DeadPawn(square));
            }
        }
        out
    }
}
