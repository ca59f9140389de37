//! The typed values of a variants file's keys and how each is read and
//! written.

use core::fmt;
use std::collections::BTreeMap;

use crate::piece::{PieceKind, PieceSet};
use crate::region::{MAX_SIDE, Region};

macro_rules! named {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            /// Every value, in the order the format lists them.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value's name in a variants file.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            /// The value a name stands for.
            pub fn from_name(text: &str) -> Option<$name> {
                match text {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }

            /// The names, for messages (`win, loss, draw, none`).
            pub fn names() -> String {
                Self::ALL.iter().map(|v| v.name()).collect::<Vec<_>>().join(", ")
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

named! {
    /// A game's result for the side to move (`[Value]`).
    Outcome {
        /// The side to move wins.
        Win = "win",
        /// The side to move loses.
        Loss = "loss",
        /// A draw.
        Draw = "draw",
        /// No result: the rule does not apply.
        None = "none",
    }
}

named! {
    /// Material counting for adjudication (`[MaterialCounting]`).
    MaterialCounting {
        /// Janggi's weighted count.
        Janggi = "janggi",
        /// Every piece counts one.
        Unweighted = "unweighted",
        /// White wins draws.
        WhiteDrawOdds = "whitedrawodds",
        /// Black wins draws.
        BlackDrawOdds = "blackdrawodds",
        /// No counting.
        None = "none",
    }
}

named! {
    /// Counting rules of the south-east Asian games (`[CountingRule]`).
    CountingRule {
        /// Makruk's.
        Makruk = "makruk",
        /// Cambodian chess's.
        Cambodian = "cambodian",
        /// ASEAN chess's.
        Asean = "asean",
        /// No counting.
        None = "none",
    }
}

named! {
    /// Chasing rules (`[ChasingRule]`).
    ChasingRule {
        /// The Asian Xiangqi Federation's.
        Axf = "axf",
        /// None.
        None = "none",
    }
}

named! {
    /// Enclosing rules of drops and flips (`[EnclosingRule]`).
    EnclosingRule {
        /// Reversi: enclose along queen lines.
        Reversi = "reversi",
        /// Ataxx: next to an own piece.
        Ataxx = "ataxx",
        /// Quadwrangle flips.
        Quadwrangle = "quadwrangle",
        /// Snort: not next to an enemy piece.
        Snort = "snort",
        /// Slid in from any edge.
        Anyside = "anyside",
        /// Dropped from the top (Connect Four).
        Top = "top",
        /// None.
        None = "none",
    }
}

named! {
    /// Where walls go (`[WallingRule]`).
    WallingRule {
        /// A wall shot as the piece moves (Game of the Amazons).
        Arrow = "arrow",
        /// A moving wall, the duck.
        Duck = "duck",
        /// Board edges (Atlantis).
        Edge = "edge",
        /// The square left (Snailtrail).
        Past = "past",
        /// Anywhere in the walling region (Isolation).
        Static = "static",
        /// No walls.
        None = "none",
    }
}

/// Castling rights written as in FEN (`KQkq`, `-` for none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(pub u8);

impl CastlingRights {
    const LETTERS: [char; 4] = ['K', 'Q', 'k', 'q'];
}

impl fmt::Display for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("-");
        }
        for (i, c) in Self::LETTERS.iter().enumerate() {
            if self.0 & (1 << i) != 0 {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// The type of a key's value, as the format's header names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueType {
    /// `true` or `false`.
    Bool,
    /// An integer.
    Int,
    /// A rank, 1 to 16.
    Rank,
    /// A file, 1 to 16 or a to p.
    File,
    /// Any text.
    Text,
    /// A set of squares.
    Region,
    /// A set of piece letters (`*` for all, `-` for none).
    PieceSet,
    /// One piece letter (`*` or `-` for none).
    PieceType,
    /// win, loss, draw or none.
    Outcome,
    /// A material counting rule.
    MaterialCounting,
    /// A counting rule.
    CountingRule,
    /// A chasing rule.
    ChasingRule,
    /// An enclosing rule.
    EnclosingRule,
    /// A walling rule.
    WallingRule,
    /// Castling rights.
    CastlingRights,
    /// Piece letters with numbers (`q:1 r:2`).
    PieceInts,
    /// Piece letters with piece letters or `-` (`p:g s:g`).
    PiecePieces,
    /// Piece letters with other letters (`n:h`).
    PieceLetters,
}

impl ValueType {
    /// The type's name in the format's header (`bool`, `Bitboard`, …).
    pub const fn name(self) -> &'static str {
        match self {
            ValueType::Bool => "bool",
            ValueType::Int => "int",
            ValueType::Rank => "Rank",
            ValueType::File => "File",
            ValueType::Text => "text",
            ValueType::Region => "Bitboard",
            ValueType::PieceSet => "PieceSet",
            ValueType::PieceType => "PieceType",
            ValueType::Outcome => "Value",
            ValueType::MaterialCounting => "MaterialCounting",
            ValueType::CountingRule => "CountingRule",
            ValueType::ChasingRule => "ChasingRule",
            ValueType::EnclosingRule => "EnclosingRule",
            ValueType::WallingRule => "WallingRule",
            ValueType::CastlingRights => "CastlingRights",
            ValueType::PieceInts => "piece:int list",
            ValueType::PiecePieces => "piece:piece list",
            ValueType::PieceLetters => "piece:letter list",
        }
    }
}

/// A key's typed value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// `[bool]`.
    Bool(bool),
    /// `[int]`.
    Int(i32),
    /// `[Rank]`, 1-based.
    Rank(u8),
    /// `[File]`, 1-based.
    File(u8),
    /// Text kept as written (`startFen`, `pieceToCharTable`, `variantTemplate`).
    Text(String),
    /// `[Bitboard]`.
    Region(Region),
    /// `[PieceSet]`.
    Pieces(PieceSet),
    /// `[PieceType]`; `None` is Fairy-Stockfish's 0, written `*` or `-`.
    Piece(Option<PieceKind>),
    /// `[Value]`.
    Outcome(Outcome),
    /// `[MaterialCounting]`.
    MaterialCounting(MaterialCounting),
    /// `[CountingRule]`.
    CountingRule(CountingRule),
    /// `[ChasingRule]`.
    ChasingRule(ChasingRule),
    /// `[EnclosingRule]`.
    EnclosingRule(EnclosingRule),
    /// `[WallingRule]`.
    WallingRule(WallingRule),
    /// `[CastlingRights]`.
    CastlingRights(CastlingRights),
    /// A number per piece (`promotionLimit`, `pieceValueMg`).
    PieceInts(BTreeMap<PieceKind, i32>),
    /// A piece per piece (`promotedPieceType`; `None` for `-`).
    PiecePieces(BTreeMap<PieceKind, Option<PieceKind>>),
    /// A letter per piece (`pieceSynonyms`).
    PieceLetters(BTreeMap<PieceKind, char>),
}

/// The letters of a definition's pieces, to read and write piece values.
pub trait Letters {
    /// The kind with `letter` (either case), if any.
    fn kind_of(&self, letter: char) -> Option<PieceKind>;
    /// The lowercase letter of `kind`, if it is in the game.
    fn letter_of(&self, kind: PieceKind) -> Option<char>;
    /// The letters in use, for messages.
    fn letter_list(&self) -> String;
}

fn piece_letter(letters: &dyn Letters, c: char) -> Result<PieceKind, String> {
    letters.kind_of(c).ok_or_else(|| {
        let known = letters.letter_list();
        if known.is_empty() {
            format!("no piece has the letter `{c}` (the game has no pieces)")
        } else {
            format!("no piece has the letter `{c}` (the pieces are {known})")
        }
    })
}

fn parse_int(text: &str) -> Result<i32, String> {
    text.parse::<i32>().map_err(|_| format!("`{text}` is not an integer"))
}

/// Reads the pairs `x:v` of a piece list, spaces allowed around the `:` as
/// Fairy-Stockfish reads them.
fn pairs(text: &str) -> Result<Vec<(char, String)>, String> {
    let mut out = Vec::new();
    // Fairy-Stockfish skips whitespace between the letter, the separator
    // and the value; the value runs to the next whitespace in the text.
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let mut it = rest.chars();
        let letter = it.next().unwrap_or(' ');
        let after = it.as_str().trim_start();
        let Some(after_sep) = after.strip_prefix(':') else {
            return Err(format!("expected `{letter}:` and a value, as in `q:1`"));
        };
        let value_start = after_sep.trim_start();
        let end = value_start.find(char::is_whitespace).unwrap_or(value_start.len());
        let value = &value_start[..end];
        if value.is_empty() {
            return Err(format!("`{letter}:` has no value"));
        }
        out.push((letter, value.to_owned()));
        rest = value_start[end..].trim_start();
    }
    Ok(out)
}

impl Value {
    /// Reads `text` as a value of type `ty`, piece letters against `letters`.
    ///
    /// # Errors
    ///
    /// The message says what the text should have been.
    pub fn parse(ty: ValueType, text: &str, letters: &dyn Letters) -> Result<Value, String> {
        let one_of = |names: String| format!("`{text}` is not one of {names}");
        Ok(match ty {
            ValueType::Bool => match text {
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                _ => return Err(format!("`{text}` is not `true` or `false`")),
            },
            ValueType::Int => Value::Int(parse_int(text)?),
            ValueType::Rank => {
                let n = parse_int(text)?;
                if !(1..=i32::from(MAX_SIDE)).contains(&n) {
                    return Err(format!("rank {n} is not from 1 to {MAX_SIDE}"));
                }
                Value::Rank(n as u8)
            }
            ValueType::File => {
                let bytes = text.as_bytes();
                if bytes.len() == 1 && bytes[0].is_ascii_lowercase() {
                    let n = bytes[0] - b'a' + 1;
                    if n > MAX_SIDE {
                        return Err(format!("file `{text}` is beyond `p`"));
                    }
                    Value::File(n)
                } else {
                    let n = parse_int(text).map_err(|_| {
                        format!("`{text}` is not a file (a letter from a to p or a number from 1 to {MAX_SIDE})")
                    })?;
                    if !(1..=i32::from(MAX_SIDE)).contains(&n) {
                        return Err(format!("file {n} is not from 1 to {MAX_SIDE}"));
                    }
                    Value::File(n as u8)
                }
            }
            ValueType::Text => Value::Text(text.to_owned()),
            ValueType::Region => Value::Region(Region::parse(text)?),
            ValueType::PieceSet => {
                let mut set = PieceSet::EMPTY;
                let letters_only: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
                if letters_only == ['-'] {
                    return Ok(Value::Pieces(set));
                }
                if letters_only.is_empty() {
                    return Err("no pieces (write `-` for none)".to_owned());
                }
                for c in letters_only {
                    match c {
                        '*' => set.0 |= 1,
                        '-' => return Err("`-` (no pieces) must stand alone".to_owned()),
                        _ => set.insert(piece_letter(letters, c)?),
                    }
                }
                Value::Pieces(set)
            }
            ValueType::PieceType => match text {
                "*" | "-" => Value::Piece(None),
                _ => {
                    let mut chars = text.chars();
                    let (Some(c), None) = (chars.next(), chars.next()) else {
                        return Err(format!("`{text}` is not one piece letter (or `*`, `-`)"));
                    };
                    Value::Piece(Some(piece_letter(letters, c)?))
                }
            },
            ValueType::Outcome => Value::Outcome(Outcome::from_name(text).ok_or_else(|| one_of(Outcome::names()))?),
            ValueType::MaterialCounting => Value::MaterialCounting(
                MaterialCounting::from_name(text).ok_or_else(|| one_of(MaterialCounting::names()))?,
            ),
            ValueType::CountingRule => {
                Value::CountingRule(CountingRule::from_name(text).ok_or_else(|| one_of(CountingRule::names()))?)
            }
            ValueType::ChasingRule => {
                Value::ChasingRule(ChasingRule::from_name(text).ok_or_else(|| one_of(ChasingRule::names()))?)
            }
            ValueType::EnclosingRule => {
                Value::EnclosingRule(EnclosingRule::from_name(text).ok_or_else(|| one_of(EnclosingRule::names()))?)
            }
            ValueType::WallingRule => {
                Value::WallingRule(WallingRule::from_name(text).ok_or_else(|| one_of(WallingRule::names()))?)
            }
            ValueType::CastlingRights => {
                let mut rights = 0u8;
                let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
                if chars != ['-'] {
                    for c in chars {
                        let Some(i) = CastlingRights::LETTERS.iter().position(|l| *l == c) else {
                            return Err(format!("`{c}` is not a castling right (K, Q, k, q, or `-` alone)"));
                        };
                        rights |= 1 << i;
                    }
                }
                Value::CastlingRights(CastlingRights(rights))
            }
            ValueType::PieceInts => {
                let mut map = BTreeMap::new();
                for (letter, v) in pairs(text)? {
                    let kind = piece_letter(letters, letter)?;
                    map.insert(kind, parse_int(&v)?);
                }
                Value::PieceInts(map)
            }
            ValueType::PiecePieces => {
                let mut map = BTreeMap::new();
                for (letter, v) in pairs(text)? {
                    let kind = piece_letter(letters, letter)?;
                    let target = if v == "-" {
                        None
                    } else {
                        let mut chars = v.chars();
                        let (Some(c), None) = (chars.next(), chars.next()) else {
                            return Err(format!("`{letter}:{v}`: the value is one piece letter or `-`"));
                        };
                        Some(piece_letter(letters, c)?)
                    };
                    map.insert(kind, target);
                }
                Value::PiecePieces(map)
            }
            ValueType::PieceLetters => {
                let mut map = BTreeMap::new();
                for (letter, v) in pairs(text)? {
                    let kind = piece_letter(letters, letter)?;
                    let mut chars = v.chars();
                    let (Some(c), None) = (chars.next(), chars.next()) else {
                        return Err(format!("`{letter}:{v}`: the value is one letter"));
                    };
                    if !c.is_ascii_alphabetic() {
                        return Err(format!("`{c}` is not a letter"));
                    }
                    map.insert(kind, c.to_ascii_lowercase());
                }
                Value::PieceLetters(map)
            }
        })
    }

    /// Writes the value as a variants file holds it; a piece not in the
    /// game (no letter) is left out.
    pub fn write(&self, letters: &dyn Letters, none_piece: &str) -> String {
        let letter = |k: &PieceKind| letters.letter_of(*k);
        match self {
            Value::Bool(b) => b.to_string(),
            Value::Int(n) => n.to_string(),
            Value::Rank(n) => n.to_string(),
            Value::File(n) => char::from(b'a' + n - 1).to_string(),
            Value::Text(t) => t.clone(),
            Value::Region(r) => r.to_string(),
            Value::Pieces(set) => {
                let mut out = String::new();
                if set.has_star() {
                    out.push('*');
                }
                out.extend(set.kinds().filter_map(|k| letter(&k)));
                if out.is_empty() { "-".to_owned() } else { out }
            }
            Value::Piece(p) => p.and_then(|k| letter(&k)).map_or_else(|| none_piece.to_owned(), |c| c.to_string()),
            Value::Outcome(v) => v.name().to_owned(),
            Value::MaterialCounting(v) => v.name().to_owned(),
            Value::CountingRule(v) => v.name().to_owned(),
            Value::ChasingRule(v) => v.name().to_owned(),
            Value::EnclosingRule(v) => v.name().to_owned(),
            Value::WallingRule(v) => v.name().to_owned(),
            Value::CastlingRights(v) => v.to_string(),
            Value::PieceInts(map) => {
                map.iter().filter_map(|(k, n)| letter(k).map(|c| format!("{c}:{n}"))).collect::<Vec<_>>().join(" ")
            }
            Value::PiecePieces(map) => map
                .iter()
                .filter_map(|(k, t)| {
                    let c = letter(k)?;
                    match t {
                        None => Some(format!("{c}:-")),
                        Some(t) => letter(t).map(|d| format!("{c}:{d}")),
                    }
                })
                .collect::<Vec<_>>()
                .join(" "),
            Value::PieceLetters(map) => {
                map.iter().filter_map(|(k, l)| letter(k).map(|c| format!("{c}:{l}"))).collect::<Vec<_>>().join(" ")
            }
        }
    }
}
