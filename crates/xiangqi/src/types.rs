//! Xiangqi pieces, points, letter sets and Chinese characters.

use polyfen_core::Color;

/// A kind of Xiangqi piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// King or general (帅 / 将), `K`.
    King,
    /// Advisor or guard (仕 / 士), `A` (ICCS `G`).
    Advisor,
    /// Elephant or minister (相 / 象), `B` (WXF `E`, ICCS `M`).
    Elephant,
    /// Horse (马), `N` (WXF `H`).
    Horse,
    /// Chariot (车), `R`.
    Chariot,
    /// Cannon (炮), `C`.
    Cannon,
    /// Soldier (兵 / 卒), `P`.
    Soldier,
}

impl Role {
    /// All roles, in the order of the letters `KABNRCP`.
    pub const ALL: [Role; 7] =
        [Role::King, Role::Advisor, Role::Elephant, Role::Horse, Role::Chariot, Role::Cannon, Role::Soldier];

    /// The role of a letter in either case, accepting every letter set
    /// (`KABNRCP`, WXF `E` and `H`, ICCS `G` and `M`).
    #[must_use]
    pub const fn from_letter(letter: u8) -> Option<Role> {
        match letter.to_ascii_uppercase() {
            b'K' => Some(Role::King),
            b'A' | b'G' => Some(Role::Advisor),
            b'B' | b'E' | b'M' => Some(Role::Elephant),
            b'N' | b'H' => Some(Role::Horse),
            b'R' => Some(Role::Chariot),
            b'C' => Some(Role::Cannon),
            b'P' => Some(Role::Soldier),
            _ => None,
        }
    }

    /// The role's uppercase letter in `letters`.
    #[must_use]
    pub const fn letter(self, letters: LetterSet) -> u8 {
        letters.letters()[self as usize]
    }

    /// The role's name in words: `king`, `advisor`, ...
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }

    /// How many pieces of this role a side starts with (and may have).
    #[must_use]
    pub const fn max_count(self) -> u32 {
        match self {
            Role::King => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }
}

/// A Xiangqi piece: a side and a role, in one byte (so that an empty point,
/// `None`, costs nothing extra). Red is [`Color::White`] (written in
/// uppercase), black is [`Color::Black`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(Code);

/// The fourteen pieces, red's first, in [`Role`] order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
enum Code {
    RedKing,
    RedAdvisor,
    RedElephant,
    RedHorse,
    RedChariot,
    RedCannon,
    RedSoldier,
    BlackKing,
    BlackAdvisor,
    BlackElephant,
    BlackHorse,
    BlackChariot,
    BlackCannon,
    BlackSoldier,
}

const CODES: [Code; 14] = [
    Code::RedKing,
    Code::RedAdvisor,
    Code::RedElephant,
    Code::RedHorse,
    Code::RedChariot,
    Code::RedCannon,
    Code::RedSoldier,
    Code::BlackKing,
    Code::BlackAdvisor,
    Code::BlackElephant,
    Code::BlackHorse,
    Code::BlackChariot,
    Code::BlackCannon,
    Code::BlackSoldier,
];

impl core::fmt::Debug for Piece {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Piece({:?} {:?})", self.color(), self.role())
    }
}

/// The piece of every byte, for the placement reader: one table lookup per
/// letter.
static PIECE_OF_BYTE: [Option<Piece>; 256] = polyfen_core::letter_table!(Piece, piece_of_ascii);

/// The piece of one byte in any letter set: uppercase red, lowercase black.
const fn piece_of_ascii(byte: u8) -> Option<Piece> {
    match (Role::from_letter(byte), Color::of_ascii_case(byte)) {
        (Some(role), Some(color)) if byte < 128 => Some(Piece::new(color, role)),
        _ => None,
    }
}

impl Piece {
    /// The piece of `color` and `role`.
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece(CODES[color as usize * 7 + role as usize])
    }

    /// The piece's side: [`Color::White`] for red.
    #[must_use]
    pub const fn color(self) -> Color {
        if (self.0 as u8) < 7 { Color::White } else { Color::Black }
    }

    /// The piece's role.
    #[must_use]
    pub const fn role(self) -> Role {
        Role::ALL[self.0 as usize % 7]
    }

    /// 0–13: red's pieces in [`Role`] order, then black's.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The piece of a letter in any letter set: uppercase red, lowercase
    /// black.
    #[inline]
    #[must_use]
    pub fn from_letter(letter: u8) -> Option<Piece> {
        PIECE_OF_BYTE[letter as usize]
    }

    /// The piece's letter in `letters`: uppercase for red.
    #[inline]
    #[must_use]
    pub const fn letter(self, letters: LetterSet) -> u8 {
        self.color().case(self.role().letter(letters))
    }

    /// The piece's Chinese character in `script`.
    #[must_use]
    pub const fn chinese(self, script: Script) -> char {
        let row = match (script, self.color()) {
            (Script::Traditional, Color::White) => &TRADITIONAL[0],
            (Script::Traditional, Color::Black) => &TRADITIONAL[1],
            (Script::Simplified, Color::White) => &SIMPLIFIED[0],
            (Script::Simplified, Color::Black) => &SIMPLIFIED[1],
        };
        row[self.role() as usize]
    }

    /// The piece in words: `red chariot`, `black soldier`.
    #[must_use]
    pub fn describe(self) -> String {
        format!("{} {}", color_name(self.color()), self.role().name())
    }
}

/// The Xiangqi name of a side: `red` for [`Color::White`], `black` for
/// [`Color::Black`].
///
/// # Examples
///
/// ```
/// use polyfen_core::Color;
/// use polyfen_xiangqi::color_name;
///
/// assert_eq!(color_name(Color::White), "red");
/// ```
#[must_use]
pub const fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "red",
        Color::Black => "black",
    }
}

/// Traditional characters as the legacy dialect's author lists them, in role order
/// (`KABNRCP`): red 帥仕相馬車包兵, black 將士象馬車炮卒.
const TRADITIONAL: [[char; 7]; 2] =
    [['帥', '仕', '相', '馬', '車', '包', '兵'], ['將', '士', '象', '馬', '車', '炮', '卒']];

/// Simplified characters (xqbase), in role order: red 帅仕相马车炮兵,
/// black 将士象马车炮卒.
const SIMPLIFIED: [[char; 7]; 2] =
    [['帅', '仕', '相', '马', '车', '炮', '兵'], ['将', '士', '象', '马', '车', '炮', '卒']];

/// Which Chinese characters a diagram uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Script {
    /// Simplified characters, as xqbase writes them: red 帅仕相马车炮兵,
    /// black 将士象马车炮卒.
    #[default]
    Simplified,
    /// Traditional characters as the legacy dialect's author lists them: red 帥車馬包仕相兵,
    /// black 將車馬炮士象卒.
    Traditional,
}

/// The letters a writer uses for the seven roles. Every set is accepted on
/// input, since no letter of one set means another role in another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LetterSet {
    /// `KABNRCP`: xqbase, UCCI, Fairy-Stockfish, Pikafish (the default).
    #[default]
    Xqbase,
    /// `KAERHCP`: the World Xiangqi Federation's letters (E elephant, H horse).
    Wxf,
    /// `KGMNRCP`: the old ICCS server's letters (G guard, M minister).
    Iccs,
}

impl LetterSet {
    /// Every letter set, the default first.
    pub const ALL: [LetterSet; 3] = [LetterSet::Xqbase, LetterSet::Wxf, LetterSet::Iccs];

    /// The uppercase letters in role order (king, advisor, elephant, horse,
    /// chariot, cannon, soldier).
    #[must_use]
    pub const fn letters(self) -> &'static [u8; 7] {
        match self {
            LetterSet::Xqbase => b"KABNRCP",
            LetterSet::Wxf => b"KAEHRCP",
            LetterSet::Iccs => b"KGMNRCP",
        }
    }

    /// The set's name, as [`FromStr`] reads it: `xqbase`, `wxf`, `iccs`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            LetterSet::Xqbase => "xqbase",
            LetterSet::Wxf => "wxf",
            LetterSet::Iccs => "iccs",
        }
    }

    /// The letter set a placement is most likely written in: WXF if it uses
    /// `E` or `H`, ICCS if it uses `G` or `M`, else xqbase.
    #[must_use]
    pub fn detect(placement: &str) -> LetterSet {
        let mut found = LetterSet::Xqbase;
        for b in placement.bytes() {
            match b.to_ascii_uppercase() {
                b'E' | b'H' => return LetterSet::Wxf,
                b'G' | b'M' => found = LetterSet::Iccs,
                _ => {}
            }
        }
        found
    }
}

polyfen_core::display_name!(LetterSet, name, pad);

/// A name that is no letter set (or render style).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {found:?}, expected {expected}")]
pub struct UnknownName {
    /// What was being named: `letter set`, `render style`.
    pub what: &'static str,
    /// The name given.
    pub found: String,
    /// The names allowed.
    pub expected: &'static str,
}

polyfen_core::from_name!(LetterSet, name, UnknownName, |s: &str| UnknownName {
    what: "letter set",
    found: s.to_owned(),
    expected: "xqbase, wxf or iccs",
});

/// A point of the board, `a0` = 0 … `i9` = 89: files a–i from red's left,
/// ranks 0–9 from red's side (ICCS coordinates). The core's square of a
/// 9×10 board with ranks named from 0.
pub type Square = polyfen_core::Square<9, 10, b'0'>;

/// What a Xiangqi point knows that other boards' squares do not: the river
/// and the palaces.
pub trait Point {
    /// True on `color`'s half of the board (ranks 0–4 for red, 5–9 for
    /// black): the side of the river an elephant may not leave.
    fn on_side_of(self, color: Color) -> bool;

    /// True inside `color`'s palace (files d–f, ranks 0–2 for red, 7–9 for
    /// black).
    fn in_palace_of(self, color: Color) -> bool;
}

impl Point for Square {
    #[inline]
    fn on_side_of(self, color: Color) -> bool {
        is_on_side(self, color)
    }

    #[inline]
    fn in_palace_of(self, color: Color) -> bool {
        is_in_palace(self, color)
    }
}

/// [`Point::on_side_of`], for constant tables.
#[must_use]
pub const fn is_on_side(point: Square, color: Color) -> bool {
    match color {
        Color::White => point.rank() <= 4,
        Color::Black => point.rank() >= 5,
    }
}

/// [`Point::in_palace_of`], for constant tables.
#[must_use]
pub const fn is_in_palace(point: Square, color: Color) -> bool {
    let file_ok = point.file() >= 3 && point.file() <= 5;
    file_ok
        && match color {
            Color::White => point.rank() <= 2,
            Color::Black => point.rank() >= 7,
        }
}
