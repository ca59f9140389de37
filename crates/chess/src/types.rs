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

/// A chess piece: a color and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The piece's FEN letter: uppercase for white.
    #[must_use]
    pub const fn letter(self) -> u8 {
        self.color.case(self.role.letter())
    }

    /// The piece of a FEN letter.
    #[must_use]
    pub const fn from_letter(letter: u8) -> Option<Piece> {
        match (Role::from_letter(letter), Color::of_ascii_case(letter)) {
            (Some(role), Some(color)) => Some(Piece { color, role }),
            _ => None,
        }
    }

    /// The piece's figurine (♔ … ♟).
    #[must_use]
    pub const fn figurine(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::King) => '♔',
            (Color::White, Role::Queen) => '♕',
            (Color::White, Role::Rook) => '♖',
            (Color::White, Role::Bishop) => '♗',
            (Color::White, Role::Knight) => '♘',
            (Color::White, Role::Pawn) => '♙',
            (Color::Black, Role::King) => '♚',
            (Color::Black, Role::Queen) => '♛',
            (Color::Black, Role::Rook) => '♜',
            (Color::Black, Role::Bishop) => '♝',
            (Color::Black, Role::Knight) => '♞',
            (Color::Black, Role::Pawn) => '♟',
        }
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
