//! The piece types a definition can use: Fairy-Stockfish's predefined
//! pieces (each with fixed moves, some with rules of their own), the 25
//! custom pieces whose moves a definition gives in Betza notation, and the
//! king.
//!
//! A [`PieceKind`] keeps Fairy-Stockfish's numbering (pawn 1 … centaur 36,
//! `customPiece1` 37 … `customPiece25` 61, king 63), which is also the order
//! in which a section's piece keys are applied: when two keys give the same
//! letter, the later piece takes it.

use core::fmt;

/// One piece type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct PieceKind(u8);

/// A predefined piece: its key, its moves in Betza notation and, for the
/// few whose rules are not all in their moves, what else the rules give it.
#[derive(Clone, Copy, Debug)]
pub struct Predefined {
    /// The key naming it in a variants file (`knight`).
    pub name: &'static str,
    /// Its moves in Betza notation.
    pub betza: &'static str,
    /// A rule the piece has beyond its moves, if any.
    pub special: Option<&'static str>,
}

const fn p(name: &'static str, betza: &'static str) -> Predefined {
    Predefined { name, betza, special: None }
}

const fn s(name: &'static str, betza: &'static str, special: &'static str) -> Predefined {
    Predefined { name, betza, special: Some(special) }
}

/// The predefined pieces, in Fairy-Stockfish's order (index + 1 is the kind).
pub const PREDEFINED: [Predefined; 36] = [
    p("pawn", "fmWfceF"),
    p("knight", "N"),
    p("bishop", "B"),
    p("rook", "R"),
    p("queen", "Q"),
    p("fers", "F"),
    p("alfil", "A"),
    p("fersAlfil", "FA"),
    p("silver", "FfW"),
    p("aiwok", "RNF"),
    p("bers", "RF"),
    p("archbishop", "BN"),
    p("chancellor", "RN"),
    p("amazon", "QN"),
    p("knibis", "mNcB"),
    p("biskni", "mBcN"),
    p("kniroo", "mNcR"),
    p("rookni", "mRcN"),
    p("shogiPawn", "fW"),
    p("lance", "fR"),
    p("shogiKnight", "fN"),
    p("gold", "WfF"),
    p("dragonHorse", "BW"),
    p("clobber", "cW"),
    p("breakthrough", "fmWfF"),
    p("immobile", ""),
    s("cannon", "mRcpR", "in Xiangqi's chasing and check rules it counts as the cannon"),
    s(
        "janggiCannon",
        "pR",
        "may neither jump over nor capture another janggi cannon, and also moves along the diagonalLines",
    ),
    s(
        "soldier",
        "fsW",
        "moves only forward (fW) until it reaches the soldierPromotionRank, and also moves along the diagonalLines",
    ),
    p("horse", "nN"),
    p("elephant", "nA"),
    s("janggiElephant", "nZ", "its lame leap is blocked on either of its two intermediate squares"),
    p("banner", "RcpRnN"),
    s("wazir", "W", "also moves along the diagonalLines"),
    p("commoner", "K"),
    p("centaur", "KN"),
];

/// The number of custom piece slots (`customPiece1` … `customPiece25`).
pub const CUSTOM_SLOTS: u8 = 25;

impl PieceKind {
    /// The pawn.
    pub const PAWN: PieceKind = PieceKind(1);
    /// The knight.
    pub const KNIGHT: PieceKind = PieceKind(2);
    /// The bishop.
    pub const BISHOP: PieceKind = PieceKind(3);
    /// The rook.
    pub const ROOK: PieceKind = PieceKind(4);
    /// The queen.
    pub const QUEEN: PieceKind = PieceKind(5);
    /// The first custom piece (`customPiece1`).
    pub const CUSTOM1: PieceKind = PieceKind(37);
    /// The king.
    pub const KING: PieceKind = PieceKind(63);

    /// Every kind a definition's keys name, in the order they are applied.
    pub fn all() -> impl Iterator<Item = PieceKind> {
        (1..=61).chain(core::iter::once(63)).map(PieceKind)
    }

    /// The kind with Fairy-Stockfish's number `index`, if it names one.
    pub fn from_index(index: u8) -> Option<PieceKind> {
        (matches!(index, 1..=61) || index == 63).then_some(PieceKind(index))
    }

    /// The kind of the custom slot `n` (1-based).
    pub fn custom(n: u8) -> Option<PieceKind> {
        (1..=CUSTOM_SLOTS).contains(&n).then(|| PieceKind(36 + n))
    }

    /// The kind a key names (`knight`, `customPiece3`, `king`).
    pub fn from_name(name: &str) -> Option<PieceKind> {
        if name == "king" {
            return Some(PieceKind::KING);
        }
        if let Some(n) = name.strip_prefix("customPiece") {
            if n.starts_with('0') {
                return None;
            }
            return n.parse().ok().and_then(PieceKind::custom);
        }
        PREDEFINED.iter().position(|p| p.name == name).map(|i| PieceKind(i as u8 + 1))
    }

    /// Fairy-Stockfish's number of this kind.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The custom slot (1-based), if this is a custom piece.
    pub const fn custom_slot(self) -> Option<u8> {
        if self.0 >= 37 && self.0 <= 61 { Some(self.0 - 36) } else { None }
    }

    /// Whether this is the king.
    pub const fn is_king(self) -> bool {
        self.0 == 63
    }

    /// The predefined piece, if this is one.
    pub fn predefined(self) -> Option<&'static Predefined> {
        if self.0 >= 1 && self.0 <= 36 { PREDEFINED.get(usize::from(self.0 - 1)) } else { None }
    }

    /// The key naming this kind (`knight`, `customPiece3`, `king`).
    pub fn name(self) -> String {
        match (self.predefined(), self.custom_slot()) {
            (Some(p), _) => p.name.to_owned(),
            (None, Some(n)) => format!("customPiece{n}"),
            _ => "king".to_owned(),
        }
    }

    /// The key of this kind's mobility region for `white` or black
    /// (`mobilityRegionWhiteKnight`).
    pub fn mobility_key(self, white: bool) -> String {
        let name = self.name();
        let mut chars = name.chars();
        let first = chars.next().map(|c| c.to_ascii_uppercase()).unwrap_or_default();
        format!("mobilityRegion{}{first}{}", if white { "White" } else { "Black" }, chars.as_str())
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// A set of piece kinds, with Fairy-Stockfish's `*` (its "all pieces"
/// marker, bit 0) as a member of its own.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct PieceSet(pub u64);

impl PieceSet {
    /// No piece.
    pub const EMPTY: PieceSet = PieceSet(0);
    /// Every bit, `*` included: the default of `connectPieceTypes`.
    pub const EVERY: PieceSet = PieceSet(u64::MAX);

    /// The set of one kind.
    pub const fn of(kind: PieceKind) -> PieceSet {
        PieceSet(1 << kind.0)
    }

    /// The set holding only `*`.
    pub const fn star() -> PieceSet {
        PieceSet(1)
    }

    /// Whether `*` is in the set.
    pub const fn has_star(self) -> bool {
        self.0 & 1 != 0
    }

    /// Whether `kind` is in the set.
    pub const fn contains(self, kind: PieceKind) -> bool {
        self.0 & (1 << kind.0) != 0
    }

    /// Adds `kind`.
    pub fn insert(&mut self, kind: PieceKind) {
        self.0 |= 1 << kind.0;
    }

    /// Removes `kind`.
    pub fn remove(&mut self, kind: PieceKind) {
        self.0 &= !(1 << kind.0);
    }

    /// The kinds in the set, in Fairy-Stockfish's order (`*` not included).
    pub fn kinds(self) -> impl Iterator<Item = PieceKind> {
        // The set's bits from the lowest, less `*` (bit 0) and 62, which
        // names no kind.
        let mut bits = self.0 & !(1 | 1 << 62);
        core::iter::from_fn(move || {
            let k = bits.trailing_zeros();
            bits &= bits.wrapping_sub(1);
            (k < 64).then_some(PieceKind(k as u8))
        })
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

#[cfg(test)]
mod tests {
    use super::{PieceKind, PieceSet};

    #[test]
    fn a_sets_kinds_are_its_members_in_order() {
        for bits in [0, 1, u64::MAX, 1 << 62, 1 << 63 | 1 << 1, 0x5555_5555_5555_5555, 0xF0F0_0000_0000_00F1] {
            let set = PieceSet(bits);
            let expected: Vec<PieceKind> = PieceKind::all().filter(|k| set.contains(*k)).collect();
            assert_eq!(set.kinds().collect::<Vec<_>>(), expected, "{bits:#x}");
        }
    }
}
