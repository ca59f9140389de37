//! Khet pieces, facings and squares.

use core::fmt;
use core::hash::{Hash, Hasher};

use polyfen_core::Color;

/// A kind of Khet piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// Anubis (obelisk in the first edition), `A`: a shield on one face.
    Anubis,
    /// Pharaoh, `R`: the piece to protect; hit by a beam, its side loses.
    Pharaoh,
    /// Pyramid, `P`: one diagonal mirror.
    Pyramid,
    /// Scarab (djed in the first edition), `S`: a two-sided diagonal mirror.
    Scarab,
    /// Sphinx, `X`: the laser, fixed on its corner square.
    Sphinx,
    /// Eye of Horus, `E`: an expansion piece that reflects like a scarab and
    /// also lets the beam pass straight on.
    Eye,
}

impl Kind {
    /// All kinds, in the order of their letters `A R P S X E`.
    pub const ALL: [Kind; 6] = [Kind::Anubis, Kind::Pharaoh, Kind::Pyramid, Kind::Scarab, Kind::Sphinx, Kind::Eye];

    /// The uppercase PKN letter of the kind.
    #[must_use]
    pub const fn letter(self) -> u8 {
        match self {
            Kind::Anubis => b'A',
            Kind::Pharaoh => b'R',
            Kind::Pyramid => b'P',
            Kind::Scarab => b'S',
            Kind::Sphinx => b'X',
            Kind::Eye => b'E',
        }
    }

    /// The kind of a PKN letter in either case.
    #[must_use]
    pub const fn from_letter(letter: u8) -> Option<Kind> {
        match letter.to_ascii_uppercase() {
            b'A' => Some(Kind::Anubis),
            b'R' => Some(Kind::Pharaoh),
            b'P' => Some(Kind::Pyramid),
            b'S' => Some(Kind::Scarab),
            b'X' => Some(Kind::Sphinx),
            b'E' => Some(Kind::Eye),
            _ => None,
        }
    }

    /// The kind's name in words: `pyramid`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Anubis => "anubis",
            Kind::Pharaoh => "pharaoh",
            Kind::Pyramid => "pyramid",
            Kind::Scarab => "scarab",
            Kind::Sphinx => "sphinx",
            Kind::Eye => "eye of Horus",
        }
    }

    /// The kind's name for several pieces: `pyramids`.
    #[must_use]
    pub const fn plural(self) -> &'static str {
        match self {
            Kind::Anubis => "anubis",
            Kind::Pharaoh => "pharaohs",
            Kind::Pyramid => "pyramids",
            Kind::Scarab => "scarabs",
            Kind::Sphinx => "sphinxes",
            Kind::Eye => "eyes of Horus",
        }
    }

    /// True for the kinds whose facing and its opposite are the same
    /// position: the scarab and the eye of Horus, whose mirror has two sides.
    #[must_use]
    pub const fn is_symmetric(self) -> bool {
        matches!(self, Kind::Scarab | Kind::Eye)
    }
}

/// Where a piece faces: one of the letters `n e s w` of the rotation field.
///
/// What the facing means depends on the piece: a pyramid's mirror faces the
/// diagonal between this direction and the next one clockwise (`n` = NE),
/// an anubis' shield faces this way, a sphinx fires this way, a scarab's or
/// eye's mirror is `\` for `n`/`s` and `/` for `e`/`w`, and a pharaoh's
/// facing has no effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Facing {
    /// Towards rank 8, `n`.
    North = 0,
    /// Towards the j file, `e`.
    East = 1,
    /// Towards rank 1, `s`.
    South = 2,
    /// Towards the a file, `w`.
    West = 3,
}

impl Facing {
    /// All facings, clockwise from north.
    pub const ALL: [Facing; 4] = [Facing::North, Facing::East, Facing::South, Facing::West];

    /// The facing `quarter_turns` quarter turns clockwise from north.
    #[must_use]
    pub const fn from_index(quarter_turns: u8) -> Facing {
        match quarter_turns & 3 {
            0 => Facing::North,
            1 => Facing::East,
            2 => Facing::South,
            _ => Facing::West,
        }
    }

    /// Quarter turns clockwise from north, 0–3.
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The rotation letter: `n`, `e`, `s` or `w`.
    #[must_use]
    pub const fn letter(self) -> u8 {
        match self {
            Facing::North => b'n',
            Facing::East => b'e',
            Facing::South => b's',
            Facing::West => b'w',
        }
    }

    /// The facing of a rotation letter (lowercase only, as PKN writes it).
    #[must_use]
    pub const fn from_letter(letter: u8) -> Option<Facing> {
        match letter {
            b'n' => Some(Facing::North),
            b'e' => Some(Facing::East),
            b's' => Some(Facing::South),
            b'w' => Some(Facing::West),
            _ => None,
        }
    }

    /// The direction in words: `north`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Facing::North => "north",
            Facing::East => "east",
            Facing::South => "south",
            Facing::West => "west",
        }
    }

    /// A quarter turn clockwise.
    #[must_use]
    pub const fn clockwise(self) -> Facing {
        Facing::from_index(self.index() + 1)
    }

    /// A quarter turn anticlockwise.
    #[must_use]
    pub const fn anticlockwise(self) -> Facing {
        Facing::from_index(self.index() + 3)
    }

    /// A half turn: the opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Facing {
        Facing::from_index(self.index() + 2)
    }

    /// The file and rank step of one square in this direction.
    #[must_use]
    pub const fn step(self) -> (i8, i8) {
        match self {
            Facing::North => (0, 1),
            Facing::East => (1, 0),
            Facing::South => (0, -1),
            Facing::West => (-1, 0),
        }
    }
}

/// A Khet piece: its side, its kind and where it faces.
///
/// A scarab or an eye of Horus facing `n` is the same piece as one facing
/// `s`, and `e` the same as `w` (the mirror has two sides), so equality and
/// hashing treat those facings alike; [`Piece::facing`] still holds what
/// was read, so a setup is written back exactly.
#[derive(Clone, Copy, Debug)]
pub struct Piece {
    /// Whose piece it is: [`Color::White`] is silver, [`Color::Black`] red.
    pub color: Color,
    /// What kind of piece it is.
    pub kind: Kind,
    /// Where it faces, as read.
    pub facing: Facing,
}

impl Piece {
    /// A piece.
    #[must_use]
    pub const fn new(color: Color, kind: Kind, facing: Facing) -> Piece {
        Piece { color, kind, facing }
    }

    /// The piece's PKN letter: uppercase for silver, lowercase for red.
    #[must_use]
    pub const fn letter(self) -> u8 {
        self.color.case(self.kind.letter())
    }

    /// The piece of a PKN letter, facing north until its rotation is read.
    #[must_use]
    pub const fn from_letter(letter: u8) -> Option<Piece> {
        match (Kind::from_letter(letter), Color::of_ascii_case(letter)) {
            (Some(kind), Some(color)) => Some(Piece::new(color, kind, Facing::North)),
            _ => None,
        }
    }

    /// The facing that decides equality: for a scarab or an eye, `n` for
    /// `n`/`s` and `e` for `e`/`w`; for other pieces the facing itself.
    #[must_use]
    pub const fn canonical_facing(self) -> Facing {
        if self.kind.is_symmetric() { Facing::from_index(self.facing.index() & 1) } else { self.facing }
    }

    /// The piece with its facing made canonical (see
    /// [`Piece::canonical_facing`]).
    #[must_use]
    pub const fn canonical(self) -> Piece {
        Piece::new(self.color, self.kind, self.canonical_facing())
    }

    /// The same piece of the other side turned half round: what a piece
    /// becomes when the board is turned 180° and the colours swapped.
    #[must_use]
    pub const fn mirrored(self) -> Piece {
        Piece::new(self.color.other(), self.kind, self.facing.opposite())
    }
}

impl PartialEq for Piece {
    fn eq(&self, other: &Piece) -> bool {
        self.color == other.color && self.kind == other.kind && self.canonical_facing() == other.canonical_facing()
    }
}

impl Eq for Piece {}

impl Hash for Piece {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.color.hash(state);
        self.kind.hash(state);
        self.canonical_facing().hash(state);
    }
}

impl fmt::Display for Piece {
    /// The piece letter and its rotation letter: `Pn`, `xs`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.letter() as char, self.facing.letter() as char)
    }
}

/// A square of the 10 × 8 board, `a1` = 0, `b1` = 1 … `j8` = 79, in the
/// order PKN writes them: the core's square of a 10×8 board with ranks
/// named from 1.
///
/// ```
/// use polyfen_khet::Square;
///
/// let sq = Square::parse(b"j1").ok_or("not a square")?;
/// assert_eq!((sq.file(), sq.rank(), sq.index()), (9, 0, 9));
/// assert_eq!(sq.to_string(), "j1");
/// assert_eq!(Square::parse(b"k1"), None);
/// # Ok::<(), &str>(())
/// ```
pub type Square = polyfen_core::Square<10, 8, b'1'>;

/// The silver sphinx's corner.
pub const J1: Square = match Square::new(9, 0) {
    Some(s) => s,
    None => panic!("j1 is on the board"),
};

/// The red sphinx's corner.
pub const A8: Square = match Square::new(0, 7) {
    Some(s) => s,
    None => panic!("a8 is on the board"),
};

/// What a Khet square knows that other boards' squares do not: the laser's
/// steps and the squares reserved for one side.
pub trait KhetSquare: Sized {
    /// The neighbour in direction `facing`, if on the board.
    fn step(self, facing: Facing) -> Option<Self>;

    /// The side this square is reserved for, if any: only silver
    /// ([`Color::White`]) may stand on the j file, b1 and b8; only red
    /// ([`Color::Black`]) on the a file, i1 and i8.
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen_core::Color;
    /// use polyfen_khet::{KhetSquare, Square};
    ///
    /// let reserved = |name: &str| Square::parse(name.as_bytes()).and_then(Square::reserved_for);
    /// assert_eq!(reserved("j4"), Some(Color::White));
    /// assert_eq!(reserved("b8"), Some(Color::White));
    /// assert_eq!(reserved("a4"), Some(Color::Black));
    /// assert_eq!(reserved("i1"), Some(Color::Black));
    /// assert_eq!(reserved("e4"), None);
    /// ```
    fn reserved_for(self) -> Option<Color>;
}

impl KhetSquare for Square {
    #[inline]
    fn step(self, facing: Facing) -> Option<Square> {
        let (df, dr) = facing.step();
        self.offset(df, dr)
    }

    #[inline]
    fn reserved_for(self) -> Option<Color> {
        reserved_for(self)
    }
}

/// [`KhetSquare::reserved_for`], for constant tables.
#[must_use]
pub const fn reserved_for(square: Square) -> Option<Color> {
    let (file, rank) = (square.file(), square.rank());
    let back_rank = rank == 0 || rank == Square::RANKS - 1;
    if file == Square::FILES - 1 || (file == 1 && back_rank) {
        Some(Color::White)
    } else if file == 0 || (file == Square::FILES - 2 && back_rank) {
        Some(Color::Black)
    } else {
        None
    }
}
