//! A game's resolved definition: every field after inheritance, the pieces
//! with their letters and moves, and where each value came from.

use core::fmt::Write as _;
use std::sync::Arc;

use polyfen_core::Color;
use polyfen_game::RulesKey;

use crate::betza::{Betza, BetzaError};
use crate::keys::Field;
use crate::piece::{PieceKind, PieceSet};
use crate::region::Region;
use crate::value::{Letters, Value};

/// Where a value was set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The format's default: no section set it.
    Default,
    /// A key of a section.
    Set {
        /// The section.
        section: Arc<str>,
        /// The file.
        source: Arc<str>,
        /// The key's line.
        line: u32,
    },
}

/// Where a value came from, seen from the definition holding it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Provenance<'a> {
    /// The format's default.
    Default,
    /// An ancestor section, named.
    Parent(&'a str),
    /// The definition's own section.
    This,
}

/// A piece type's place in a definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSlot {
    /// The lowercase letter, if the piece is in the game.
    pub letter: Option<char>,
    /// The moves given with the key (custom pieces, and the king when they
    /// are not `K`).
    pub betza: Option<String>,
    /// Where the piece was last set or removed.
    pub origin: Origin,
}

const SLOTS: usize = 64;

/// A game defined by a section of a variants file, its parents' keys
/// included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    pub(crate) name: Arc<str>,
    pub(crate) parent: Option<Arc<str>>,
    pub(crate) source: Arc<str>,
    pub(crate) line: u32,
    pub(crate) values: Vec<(Value, Origin)>,
    pub(crate) pieces: Vec<PieceSlot>,
    pub(crate) mobility: Vec<(Region, Origin)>,
}

impl Definition {
    /// The definition of a section with no parent and no keys: the
    /// format's defaults, with no pieces.
    pub fn defaults(name: &str) -> Definition {
        Definition {
            name: name.into(),
            parent: None,
            source: "".into(),
            line: 0,
            values: Field::ALL.iter().map(|f| (f.default_value(), Origin::Default)).collect(),
            pieces: vec![PieceSlot { letter: None, betza: None, origin: Origin::Default }; SLOTS],
            mobility: vec![(Region::EMPTY, Origin::Default); 2 * SLOTS],
        }
    }

    /// The game's name (its section's).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The section it inherits from, if any.
    pub fn parent(&self) -> Option<&str> {
        self.parent.as_deref()
    }

    /// The file and line of its section.
    pub fn location(&self) -> (&str, u32) {
        (&self.source, self.line)
    }

    /// A field's value.
    pub fn get(&self, field: Field) -> &Value {
        &self.values[field.index()].0
    }

    /// Where a field's value was set.
    pub fn origin(&self, field: Field) -> &Origin {
        &self.values[field.index()].1
    }

    /// Whether a field's value is the default, a parent's or this section's.
    pub fn provenance(&self, field: Field) -> Provenance<'_> {
        self.provenance_of(self.origin(field))
    }

    fn provenance_of<'a>(&'a self, origin: &'a Origin) -> Provenance<'a> {
        match origin {
            Origin::Default => Provenance::Default,
            Origin::Set { section, .. } if **section == *self.name => Provenance::This,
            Origin::Set { section, .. } => Provenance::Parent(section),
        }
    }

    pub(crate) fn set(&mut self, field: Field, value: Value, origin: Origin) {
        self.values[field.index()] = (value, origin);
    }

    /// A boolean field (false if the field is of another type).
    pub fn flag(&self, field: Field) -> bool {
        matches!(self.get(field), Value::Bool(true))
    }

    /// An integer, rank or file field (ranks and files 1-based; 0 if of
    /// another type).
    pub fn number(&self, field: Field) -> i32 {
        match self.get(field) {
            Value::Int(n) => *n,
            Value::Rank(n) | Value::File(n) => i32::from(*n),
            _ => 0,
        }
    }

    /// A region field (empty if of another type).
    pub fn region(&self, field: Field) -> Region {
        match self.get(field) {
            Value::Region(r) => *r,
            _ => Region::EMPTY,
        }
    }

    /// A piece-set field (empty if of another type).
    pub fn piece_set(&self, field: Field) -> PieceSet {
        match self.get(field) {
            Value::Pieces(s) => *s,
            _ => PieceSet::EMPTY,
        }
    }

    /// A text field (empty if of another type).
    pub fn text(&self, field: Field) -> &str {
        match self.get(field) {
            Value::Text(t) => t,
            _ => "",
        }
    }

    /// The number of files.
    pub fn files(&self) -> u8 {
        self.number(Field::MaxFile) as u8
    }

    /// The number of ranks.
    pub fn ranks(&self) -> u8 {
        self.number(Field::MaxRank) as u8
    }

    /// The game's pieces, in Fairy-Stockfish's order.
    pub fn pieces(&self) -> impl Iterator<Item = PieceKind> + '_ {
        PieceKind::all().filter(|k| self.pieces[usize::from(k.index())].letter.is_some())
    }

    /// A piece type's slot.
    pub fn slot(&self, kind: PieceKind) -> &PieceSlot {
        &self.pieces[usize::from(kind.index())]
    }

    pub(crate) fn slot_mut(&mut self, kind: PieceKind) -> &mut PieceSlot {
        &mut self.pieces[usize::from(kind.index())]
    }

    /// The lowercase letter of a piece, if it is in the game.
    pub fn letter(&self, kind: PieceKind) -> Option<char> {
        self.slot(kind).letter
    }

    /// A piece's moves in Betza notation: a predefined piece's own, a
    /// custom piece's as given, the king's as given or `K`.
    pub fn betza(&self, kind: PieceKind) -> &str {
        if let Some(p) = kind.predefined() {
            return p.betza;
        }
        self.slot(kind).betza.as_deref().unwrap_or(if kind.is_king() { "K" } else { "" })
    }

    /// A piece's moves, read.
    ///
    /// # Errors
    ///
    /// Never for a definition read by [`crate::Variants`], which checks
    /// every Betza string it is given.
    pub fn moves(&self, kind: PieceKind) -> Result<Betza, BetzaError> {
        Betza::parse(self.betza(kind))
    }

    /// A piece's mobility region for one side: where it may stand (empty:
    /// anywhere).
    pub fn mobility(&self, color: Color, kind: PieceKind) -> Region {
        self.mobility[color.index() * SLOTS + usize::from(kind.index())].0
    }

    /// Where a piece's mobility region was set.
    pub fn mobility_origin(&self, color: Color, kind: PieceKind) -> &Origin {
        &self.mobility[color.index() * SLOTS + usize::from(kind.index())].1
    }

    pub(crate) fn set_mobility(&mut self, color: Color, kind: PieceKind, region: Region, origin: Origin) {
        self.mobility[color.index() * SLOTS + usize::from(kind.index())] = (region, origin);
    }

    /// Writes the definition as one section with no parent, every rule key
    /// given: read back, it defines the same game. The keys of the pieces
    /// and their mobility regions are written for the pieces of the game;
    /// lists with no entries (`promotionLimit`, …) and empty mobility
    /// regions, the defaults, are left out. With `notes`, a comment before
    /// each run of keys says where their values came from.
    pub fn write_section(&self, notes: bool) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "[{}]", self.name);
        let mut last: Option<String> = None;
        for (key, value, origin, _) in self.entries() {
            if notes {
                let note = match self.provenance_of(origin) {
                    Provenance::Default => "# default".to_owned(),
                    Provenance::This => "# this section".to_owned(),
                    Provenance::Parent(p) => format!("# from {p}"),
                };
                if last.as_deref() != Some(note.as_str()) {
                    out.push_str(&note);
                    out.push('\n');
                    last = Some(note);
                }
            }
            let _ = writeln!(out, "{key} = {value}");
        }
        out
    }

    /// The keys this section sets itself, in the order
    /// [`Definition::write_section`] writes them: each key, its value, the
    /// value the parent gave it (`None`: the parent has no such key, or
    /// there is no parent and it is the default's), and what the key means.
    pub fn changes(&self, parent: Option<&Definition>) -> Vec<RulesKey> {
        let before: Vec<(String, String)> = match parent {
            Some(p) => p.entries().into_iter().map(|(k, v, _, _)| (k, v)).collect(),
            None => Vec::new(),
        };
        self.entries()
            .into_iter()
            .filter(|(_, _, origin, _)| self.provenance_of(origin) == Provenance::This)
            .map(|(key, value, _, meaning)| {
                let was = before.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone()).filter(|v| *v != value);
                RulesKey::new(key, value, was, meaning)
            })
            .collect()
    }

    /// How many keys the definition takes from its parents and from the
    /// format's defaults, as [`Definition::write_section`] writes them.
    pub fn inherited(&self) -> (usize, usize) {
        let entries = self.entries();
        let count =
            |p: fn(&Provenance<'_>) -> bool| entries.iter().filter(|(_, _, o, _)| p(&self.provenance_of(o))).count();
        (count(|p| matches!(p, Provenance::Parent(_))), count(|p| matches!(p, Provenance::Default)))
    }

    /// Every key as [`Definition::write_section`] writes it: the key, its
    /// value, where it was set, and what it means.
    fn entries(&self) -> Vec<(String, String, &Origin, String)> {
        fn line<'a>(
            out: &mut Vec<(String, String, &'a Origin, String)>,
            key: &str,
            value: &str,
            origin: &'a Origin,
            meaning: String,
        ) {
            out.push((key.to_owned(), value.to_owned(), origin, meaning));
        }
        let mut out = Vec::new();
        let early = [
            Field::VariantTemplate,
            Field::PieceToCharTable,
            Field::PocketSize,
            Field::MaxRank,
            Field::MaxFile,
            Field::Chess960,
            Field::TwoBoards,
            Field::StartFen,
        ];
        for f in early {
            line(&mut out, f.key(), &self.write_value(f), self.origin(f), f.doc().to_owned());
        }
        for kind in self.pieces().collect::<Vec<_>>() {
            let slot = self.slot(kind);
            let letter = slot.letter.unwrap_or('?');
            let value = match (&slot.betza, kind.custom_slot().is_some() || kind.is_king()) {
                (Some(b), true) => format!("{letter}:{b}"),
                (None, true) if kind.custom_slot().is_some() => format!("{letter}:"),
                _ => letter.to_string(),
            };
            let predefined = kind.predefined();
            let betza = slot.betza.as_deref().or(predefined.map(|p| p.betza)).filter(|b| !b.is_empty());
            let special = predefined.and_then(|p| p.special).map_or(String::new(), |s| format!(" ({s})"));
            let meaning = match betza {
                Some(b) => {
                    let words = crate::Betza::parse(b).map(|m| format!(": it {}", m.explain())).unwrap_or_default();
                    format!("The {} piece, written {letter}, moving as Betza {b}{special}{words}.", kind.name())
                }
                None => format!("The {} piece, written {letter}{special}.", kind.name()),
            };
            line(&mut out, &kind.name(), &value, &slot.origin, meaning);
        }
        for kind in self.pieces().collect::<Vec<_>>() {
            for color in Color::ALL {
                let region = self.mobility(color, kind);
                if !region.is_empty() {
                    let key = kind.mobility_key(color == Color::White);
                    let side = if color == Color::White { "white" } else { "black" };
                    let meaning = format!("The squares {side}'s {} may stand on.", kind.name());
                    line(&mut out, &key, &region.to_string(), self.mobility_origin(color, kind), meaning);
                }
            }
        }
        for &f in Field::ALL {
            if early.contains(&f) || f.key().is_empty() {
                continue;
            }
            let empty_list = match self.get(f) {
                Value::PieceInts(m) => m.is_empty(),
                Value::PiecePieces(m) => m.is_empty(),
                Value::PieceLetters(m) => m.is_empty(),
                _ => false,
            };
            if empty_list {
                continue;
            }
            line(&mut out, f.key(), &self.write_value(f), self.origin(f), f.doc().to_owned());
        }
        out
    }

    /// A field's value as the variants file writes it.
    pub fn write_value(&self, field: Field) -> String {
        let none = match field {
            Field::DropNoDoubled | Field::CastlingKingPieceWhite | Field::CastlingKingPieceBlack => "-",
            _ => "*",
        };
        let main = match field {
            Field::PromotionPawnTypesWhite => Some(Field::MainPromotionPawnWhite),
            Field::PromotionPawnTypesBlack => Some(Field::MainPromotionPawnBlack),
            _ => None,
        };
        let text = self.get(field).write(self, none);
        // The main promotion pawn type is the last one listed: put it last.
        if let (Some(main), Value::Pieces(set)) = (main, self.get(field)) {
            let main = match self.get(main) {
                Value::Piece(p) => *p,
                _ => None,
            };
            let last = match main {
                Some(k) => self.letter(k),
                None if set.has_star() => Some('*'),
                None => None,
            };
            if let Some(c) = last.filter(|c| text.contains(*c)) {
                let mut rest: String = text.chars().filter(|x| *x != c).collect();
                rest.push(c);
                return rest;
            }
        }
        text
    }
}

impl Letters for Definition {
    fn kind_of(&self, letter: char) -> Option<PieceKind> {
        let lower = letter.to_ascii_lowercase();
        PieceKind::all().find(|k| self.slot(*k).letter == Some(lower))
    }

    fn letter_of(&self, kind: PieceKind) -> Option<char> {
        self.letter(kind)
    }

    fn letter_list(&self) -> String {
        self.pieces().filter_map(|k| self.letter(k)).map(String::from).collect::<Vec<_>>().join(" ")
    }
}
