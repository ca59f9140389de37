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

/// A square, `a1` = 0 … `h8` = 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if both are below 8.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 { Some(Square(rank * 8 + file)) } else { None }
    }

    /// The square of an index 0–63.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 { Some(Square(index)) } else { None }
    }

    /// The index 0–63.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 = a.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 = rank 1.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// Reads a square name such as `e4`.
    #[must_use]
    pub fn parse(name: &[u8]) -> Option<Square> {
        match name {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Square::new(f - b'a', r - b'1'),
            _ => None,
        }
    }

    /// The square's name as two ASCII bytes.
    #[must_use]
    pub const fn name(self) -> [u8; 2] {
        [b'a' + self.file(), b'1' + self.rank()]
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[must_use]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 { Some(Square((r * 8 + f) as u8)) } else { None }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.name();
        write!(f, "{}{}", a as char, b as char)
    }
}
