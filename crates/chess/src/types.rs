//! Chess pieces and squares.

use core::fmt;

use polyfen_core::Color;

/// A kind of chess piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn, `P`.
    Pawn,
    /// Knight, `N`.
    Knight,
    /// Bishop, `B`.
    Bishop,
    /// Rook, `R`.
    Rook,
    /// Queen, `Q`.
    Queen,
    /// King, `K`.
    King,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    /// The lowercase letter of the role.
    #[must_use]
    pub const fn letter(self) -> u8 {
        match self {
            Role::Pawn => b'p',
            Role::Knight => b'n',
            Role::Bishop => b'b',
            Role::Rook => b'r',
            Role::Queen => b'q',
            Role::King => b'k',
        }
    }

    /// The role of a letter in either case.
    #[must_use]
    pub const fn from_letter(letter: u8) -> Option<Role> {
        match letter.to_ascii_lowercase() {
            b'p' => Some(Role::Pawn),
            b'n' => Some(Role::Knight),
            b'b' => Some(Role::Bishop),
            b'r' => Some(Role::Rook),
            b'q' => Some(Role::Queen),
            b'k' => Some(Role::King),
            _ => None,
        }
    }

    /// The role's name in words.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

/// A chess piece: a color and a role, in one byte (so that an empty
/// square, `None`, costs nothing extra and a board is 64 bytes).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(Code);

/// The twelve pieces, white's first, in [`Role`] order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
enum Code {
    WhitePawn,
    WhiteKnight,
    WhiteBishop,
    WhiteRook,
    WhiteQueen,
    WhiteKing,
    BlackPawn,
    BlackKnight,
    BlackBishop,
    BlackRook,
    BlackQueen,
    BlackKing,
}

const CODES: [Code; 12] = [
    Code::WhitePawn,
    Code::WhiteKnight,
    Code::WhiteBishop,
    Code::WhiteRook,
    Code::WhiteQueen,
    Code::WhiteKing,
    Code::BlackPawn,
    Code::BlackKnight,
    Code::BlackBishop,
    Code::BlackRook,
    Code::BlackQueen,
    Code::BlackKing,
];

impl Piece {
    /// The piece of `color` and `role`.
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece(CODES[color as usize * 6 + role as usize])
    }

    /// The piece's side.
    #[must_use]
    pub const fn color(self) -> Color {
        if (self.0 as u8) < 6 { Color::White } else { Color::Black }
    }

    /// The piece's role.
    #[must_use]
    pub const fn role(self) -> Role {
        Role::ALL[self.0 as usize % 6]
    }

    /// 0–11: white's pieces in [`Role`] order, then black's.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The piece's FEN letter: uppercase for white.
    #[must_use]
    pub const fn letter(self) -> u8 {
        b"PNBRQKpnbrqk"[self.0 as usize]
    }

    /// The piece of a FEN letter.
    #[must_use]
    pub const fn from_letter(letter: u8) -> Option<Piece> {
        match (Role::from_letter(letter), Color::of_ascii_case(letter)) {
            (Some(role), Some(color)) => Some(Piece::new(color, role)),
            _ => None,
        }
    }

    /// The piece's figurine (♔ … ♟).
    #[must_use]
    pub const fn figurine(self) -> char {
        ['♙', '♘', '♗', '♖', '♕', '♔', '♟', '♞', '♝', '♜', '♛', '♚'][self.0 as usize]
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Piece({:?} {:?})", self.color(), self.role())
    }
}

/// A square, `a1` = 0 … `h8` = 63: the core's square of an 8×8 board
/// with ranks named from 1.
pub type Square = polyfen_core::Square<8, 8, b'1'>;
