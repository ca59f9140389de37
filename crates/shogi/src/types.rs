//! Shogi squares, roles, pieces and moves.
//!
//! Squares are named as USI names them: the file digit 1–9 (file 1 on
//! sente's right, written last in an SFEN rank) and the rank letter a–i
//! (rank a on gote's side, written first): `7g`, `5e`. Inside, a square is
//! the index the placement codec uses, `row * 9 + column` in the order SFEN
//! writes the squares: row 0 the rank `a`, column 0 the file 9, so `9a` is
//! 0 and `1i` is 80. The codec's board and the rules' bitboards share this
//! one numbering.

use core::fmt;
use core::str::FromStr;

use polyfen_core::Color;

/// One of the 81 squares, `9a` to `1i`.
///
/// ```
/// use polyfen_shogi::Square;
///
/// let sq: Square = "7g".parse()?;
/// assert_eq!((sq.file(), sq.rank()), (7, 7));
/// assert_eq!(sq.to_string(), "7g");
/// assert_eq!(Square::new(7, 7), Some(sq));
/// # Ok::<(), polyfen_shogi::SquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The number of squares.
    pub const COUNT: usize = 81;

    /// The square of file `file` (1–9, 1 on sente's right) and rank `rank`
    /// (1–9 for `a`–`i`, 1 on gote's side), if both are in range.
    #[must_use]
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 { Some(Square((rank - 1) * 9 + (9 - file))) } else { None }
    }

    /// The square of a codec index (`row * 9 + column`, row 0 the rank `a`,
    /// column 0 the file 9), below 81.
    #[must_use]
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 81 { Some(Square(index as u8)) } else { None }
    }

    /// The square of an index the caller knows to be below 81.
    #[inline]
    pub(crate) const fn at(index: u32) -> Square {
        Square(index as u8)
    }

    /// The codec index, `row * 9 + column`.
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 1–9 (1 on sente's right).
    #[must_use]
    #[inline]
    pub const fn file(self) -> u8 {
        9 - self.0 % 9
    }

    /// The rank, 1–9 for `a`–`i` (1 on gote's side).
    #[must_use]
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 9 + 1
    }

    /// The rank counted from `color`'s side: 1 for its own back rank, 9 for
    /// the farthest.
    #[must_use]
    #[inline]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::White => 10 - self.rank(),
            Color::Black => self.rank(),
        }
    }

    /// Every square, in the order SFEN writes them: `9a` first, rank by rank
    /// down to `1i`.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..81u8).map(Square)
    }

    /// Reads a USI square name: a file digit `1`–`9` and a rank letter `a`–`i`.
    #[must_use]
    #[inline]
    pub const fn parse(name: &[u8]) -> Option<Square> {
        match name {
            [f, r] if *f >= b'1' && *f <= b'9' && *r >= b'a' && *r <= b'i' => Square::new(*f - b'0', *r - b'a' + 1),
            _ => None,
        }
    }

    /// Reads a square written as two digits, file then rank (`76`), as CSA
    /// and Hodges with numbers write it.
    #[must_use]
    #[inline]
    pub(crate) const fn parse_digits(name: &[u8]) -> Option<Square> {
        match name {
            [f, r] if *f >= b'1' && *f <= b'9' && *r >= b'1' && *r <= b'9' => Square::new(*f - b'0', *r - b'0'),
            _ => None,
        }
    }

    /// The square's USI name as two ASCII bytes.
    #[must_use]
    #[inline]
    pub const fn name(self) -> [u8; 2] {
        [b'0' + self.file(), b'a' + self.rank() - 1]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.name();
        write!(f, "{}{}", a as char, b as char)
    }
}

/// A text that names no square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a square from 1a to 9i (a file digit 1-9, then a rank letter a-i)")]
pub struct SquareError(pub String);

impl FromStr for Square {
    type Err = SquareError;

    fn from_str(s: &str) -> Result<Square, SquareError> {
        Square::parse(s.as_bytes()).ok_or_else(|| SquareError(s.to_owned()))
    }
}

/// A kind of Shogi piece, promoted or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn (歩), `P`.
    Pawn,
    /// Lance (香), `L`.
    Lance,
    /// Knight (桂), `N`.
    Knight,
    /// Silver general (銀), `S`.
    Silver,
    /// Gold general (金), `G`; never promotes.
    Gold,
    /// Bishop (角), `B`.
    Bishop,
    /// Rook (飛), `R`.
    Rook,
    /// King (玉 / 王), `K`; never promotes.
    King,
    /// Promoted pawn, tokin (と), `+P`.
    Tokin,
    /// Promoted lance (成香), `+L`.
    PromotedLance,
    /// Promoted knight (成桂), `+N`.
    PromotedKnight,
    /// Promoted silver (成銀), `+S`.
    PromotedSilver,
    /// Promoted bishop, horse (馬), `+B`.
    Horse,
    /// Promoted rook, dragon (龍), `+R`.
    Dragon,
}

impl Role {
    /// Every role, in index order: the eight unpromoted ones (`P L N S G B
    /// R K`) then the six promoted ones.
    pub const ALL: [Role; 14] = [
        Role::Pawn,
        Role::Lance,
        Role::Knight,
        Role::Silver,
        Role::Gold,
        Role::Bishop,
        Role::Rook,
        Role::King,
        Role::Tokin,
        Role::PromotedLance,
        Role::PromotedKnight,
        Role::PromotedSilver,
        Role::Horse,
        Role::Dragon,
    ];

    /// The roles a hand holds, in the order SFEN writes them: `R B G S N L P`.
    pub const HAND: [Role; 7] =
        [Role::Rook, Role::Bishop, Role::Gold, Role::Silver, Role::Knight, Role::Lance, Role::Pawn];

    /// The role's index in [`Role::ALL`].
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role of an uppercase or lowercase letter (`P L N S G B R K`),
    /// promoted when `promoted`; `None` for another letter or a king or gold
    /// said to be promoted.
    #[must_use]
    pub const fn from_letter(letter: u8, promoted: bool) -> Option<Role> {
        let base = match letter.to_ascii_uppercase() {
            b'P' => Role::Pawn,
            b'L' => Role::Lance,
            b'N' => Role::Knight,
            b'S' => Role::Silver,
            b'G' => Role::Gold,
            b'B' => Role::Bishop,
            b'R' => Role::Rook,
            b'K' => Role::King,
            _ => return None,
        };
        if promoted { base.promoted() } else { Some(base) }
    }

    /// The uppercase letter of the role's unpromoted kind.
    #[must_use]
    pub const fn letter(self) -> u8 {
        b"PLNSGBRKPLNSBR"[self as usize]
    }

    /// Whether the role is a promoted one (written with `+`).
    #[must_use]
    #[inline]
    pub const fn is_promoted(self) -> bool {
        self as u8 >= Role::Tokin as u8
    }

    /// The promoted role, `None` for gold, king and the promoted roles.
    #[must_use]
    #[inline]
    pub const fn promoted(self) -> Option<Role> {
        match self {
            Role::Pawn => Some(Role::Tokin),
            Role::Lance => Some(Role::PromotedLance),
            Role::Knight => Some(Role::PromotedKnight),
            Role::Silver => Some(Role::PromotedSilver),
            Role::Bishop => Some(Role::Horse),
            Role::Rook => Some(Role::Dragon),
            _ => None,
        }
    }

    /// The unpromoted kind: what the piece becomes in a hand.
    #[must_use]
    #[inline]
    pub const fn unpromoted(self) -> Role {
        match self {
            Role::Tokin => Role::Pawn,
            Role::PromotedLance => Role::Lance,
            Role::PromotedKnight => Role::Knight,
            Role::PromotedSilver => Role::Silver,
            Role::Horse => Role::Bishop,
            Role::Dragon => Role::Rook,
            other => other,
        }
    }

    /// Whether the role may promote (pawn, lance, knight, silver, bishop, rook).
    #[must_use]
    #[inline]
    pub const fn can_promote(self) -> bool {
        self.promoted().is_some()
    }

    /// The role's index in a hand ([`Role::HAND`]) for the kinds a hand holds
    /// (unpromoted, no king).
    #[must_use]
    #[inline]
    pub const fn hand_index(self) -> Option<usize> {
        match self {
            Role::Rook => Some(0),
            Role::Bishop => Some(1),
            Role::Gold => Some(2),
            Role::Silver => Some(3),
            Role::Knight => Some(4),
            Role::Lance => Some(5),
            Role::Pawn => Some(6),
            _ => None,
        }
    }

    /// How many pieces of this unpromoted kind one set holds (a promoted
    /// role counts as its kind): 18 pawns, 4 lances, knights, silvers and
    /// golds, 2 bishops, rooks and kings.
    #[must_use]
    pub const fn set_count(self) -> u32 {
        match self.unpromoted() {
            Role::Pawn => 18,
            Role::Bishop | Role::Rook | Role::King => 2,
            _ => 4,
        }
    }

    /// The role in English words: `pawn`, `promoted silver`, `dragon`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Lance => "lance",
            Role::Knight => "knight",
            Role::Silver => "silver",
            Role::Gold => "gold",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::King => "king",
            Role::Tokin => "tokin",
            Role::PromotedLance => "promoted lance",
            Role::PromotedKnight => "promoted knight",
            Role::PromotedSilver => "promoted silver",
            Role::Horse => "horse",
            Role::Dragon => "dragon",
        }
    }
}

/// A piece: a side and a role. Sente (the side that moves first from the
/// even start, written in uppercase) is [`Color::White`]; gote is
/// [`Color::Black`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner.
    pub color: Color,
    /// The kind.
    pub role: Role,
}

impl Piece {
    /// The piece of `color` and `role`.
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The piece in words: `sente's pawn`, `gote's dragon`.
    #[must_use]
    pub fn describe(self) -> String {
        format!("{}'s {}", color_name(self.color), self.role.name())
    }
}

/// How people name a side: `sente` for [`Color::White`] (uppercase, moves
/// first from the even start; "black" in Western books), `gote` for
/// [`Color::Black`].
#[must_use]
pub const fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "sente",
        Color::Black => "gote",
    }
}

/// A move: a piece going from one square to another, promoting or not, or
/// a piece dropped from the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A move on the board (a capture when `to` is occupied).
    Normal {
        /// The square the piece leaves.
        from: Square,
        /// The square it goes to.
        to: Square,
        /// Whether it promotes on arrival.
        promote: bool,
    },
    /// A piece put from the mover's hand onto an empty square.
    Drop {
        /// The kind dropped (unpromoted, not a king).
        role: Role,
        /// Where.
        to: Square,
    },
}

impl Move {
    /// The square the move goes to.
    #[must_use]
    #[inline]
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    /// The square a board move leaves; `None` for a drop.
    #[must_use]
    #[inline]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    /// Whether the move promotes.
    #[must_use]
    #[inline]
    pub const fn is_promotion(self) -> bool {
        matches!(self, Move::Normal { promote: true, .. })
    }

    /// Whether the move is a drop.
    #[must_use]
    #[inline]
    pub const fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }
}

/// The move in USI: `7g7f`, `8h2b+`, `P*5e`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal { from, to, promote } => write!(f, "{from}{to}{}", if promote { "+" } else { "" }),
            Move::Drop { role, to } => write!(f, "{}*{to}", role.letter() as char),
        }
    }
}
