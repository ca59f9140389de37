//! The variants-file reader: sections `[name]` and `[name:parent]`, `#` and
//! `;` comments, `key = value` lines, applied as Fairy-Stockfish applies
//! them, into a set of [`Definition`]s.
//!
//! The reading follows Fairy-Stockfish's: a section starts at a line
//! beginning with `[`; a comment line begins with `#` or `;` (there are no
//! comments after a value); the key is the text before the first `=`, the
//! value the text after it, each without the spaces around it; a parent is
//! copied whole and the section's keys applied on top — first the board's
//! size, then the pieces in Fairy-Stockfish's order (a letter given to a
//! second piece takes it from the first, and re-giving a piece its letter
//! takes it out of the promotion choices, as there), then every other key
//! in Fairy-Stockfish's order, so that a narrower key (`flagRegionWhite`)
//! wins over its alias (`flagRegion`) whatever the order of the lines.
//!
//! Where Fairy-Stockfish skips or guesses, this reader reports: an unknown
//! key (with the nearest known key), a value its type cannot read, a key
//! given twice, a line that is none of the above, text before the first
//! section, a parent that is missing, later in the file or part of a
//! cycle, a second section of the same name.

use std::collections::BTreeMap;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use polyfen_core::{Color, nearest};

use crate::betza::Betza;
use crate::definition::{Definition, Origin};
use crate::error::{Diagnostic, Problem, ReadError, Severity};
use crate::keys::{self, Field, Key, Status, Target};
use crate::piece::PieceKind;
use crate::region::Region;
use crate::value::{EnclosingRule, Letters, Value};

/// A set of game definitions: Fairy-Stockfish's built-in games and those
/// read from variants files.
#[derive(Clone, Debug, Default)]
pub struct Variants {
    defs: Vec<Definition>,
    index: HashMap<Arc<str>, usize>,
    builtin: usize,
}

/// What a clean read reports.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadReport {
    /// The games the file defined, in file order.
    pub defined: Vec<String>,
    /// The warnings (deprecated keys).
    pub warnings: Vec<Diagnostic>,
}

/// The built-in games, as polyfen writes them in the variants-file format.
pub const BUILTIN_INI: &str = include_str!("../variants/builtin.ini");

/// The name the built-in file goes by in diagnostics.
pub const BUILTIN_SOURCE: &str = "builtin.ini";

struct Entry<'t> {
    key: &'t str,
    value: &'t str,
    line: u32,
}

struct Section<'t> {
    name: &'t str,
    parent: Option<&'t str>,
    line: u32,
    broken: bool,
    entries: Vec<Entry<'t>>,
}

#[derive(Clone, Copy)]
enum What {
    Table(&'static Key),
    Piece(PieceKind),
    Mobility(Color, PieceKind),
}

struct KeyIndex {
    map: HashMap<String, (u32, What)>,
    names: Vec<String>,
}

fn key_index() -> &'static KeyIndex {
    static INDEX: OnceLock<KeyIndex> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut map = HashMap::new();
        let mut order = 0u32;
        for key in keys::BOARD_KEYS {
            map.insert(key.name.to_owned(), (order, What::Table(key)));
            order += 1;
        }
        for kind in PieceKind::all() {
            map.insert(kind.name(), (order, What::Piece(kind)));
            map.insert(kind.mobility_key(true), (order + 1, What::Mobility(Color::White, kind)));
            map.insert(kind.mobility_key(false), (order + 2, What::Mobility(Color::Black, kind)));
            order += 3;
        }
        for group in keys::KEYS {
            for key in *group {
                map.insert(key.name.to_owned(), (order, What::Table(key)));
                order += 1;
            }
        }
        let mut names: Vec<String> = map.keys().cloned().collect();
        names.sort();
        KeyIndex { map, names }
    })
}

/// Every key a section may hold (the tables' keys, the piece keys and the
/// mobility-region keys), sorted.
pub fn known_keys() -> &'static [String] {
    &key_index().names
}

fn lines(text: &str) -> impl Iterator<Item = (u32, &str)> {
    text.split('\n').enumerate().map(|(i, l)| (i as u32 + 1, l.strip_suffix('\r').unwrap_or(l)))
}

struct Reader<'a> {
    source: Arc<str>,
    diagnostics: Vec<Diagnostic>,
    _marker: core::marker::PhantomData<&'a ()>,
}

impl Reader<'_> {
    fn error(&mut self, line: u32, section: Option<&str>, key: Option<&str>, problem: Problem) {
        self.push(Severity::Error, line, section, key, problem);
    }

    fn push(&mut self, severity: Severity, line: u32, section: Option<&str>, key: Option<&str>, problem: Problem) {
        self.diagnostics.push(Diagnostic {
            severity,
            source: self.source.to_string(),
            line,
            section: section.map(str::to_owned),
            key: key.map(str::to_owned),
            problem,
        });
    }

    fn syntax(&mut self, line: u32, section: Option<&str>, message: &str) {
        self.error(line, section, None, Problem::Syntax { message: message.to_owned() });
    }

    fn lex<'t>(&mut self, text: &'t str) -> Vec<Section<'t>> {
        let mut sections: Vec<Section<'t>> = Vec::new();
        for (n, line) in lines(text) {
            if line.starts_with('[') {
                sections.push(self.header(n, line));
                continue;
            }
            let Some(section) = sections.last_mut() else {
                if !(line.trim().is_empty() || line.starts_with('#') || line.starts_with(';')) {
                    self.syntax(n, None, "text before the first section (a section starts with `[name]`)");
                }
                continue;
            };
            if line.trim().is_empty() || line.starts_with('#') || line.starts_with(';') {
                continue;
            }
            let name = section.name;
            if line.starts_with(char::is_whitespace) {
                self.syntax(n, Some(name), "an indented line: keys and comments start at the beginning of the line");
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                self.syntax(n, Some(name), "not a `key = value` line, a comment or a section header");
                continue;
            };
            let key = key.trim_end();
            let value = value.trim();
            if key.is_empty() {
                self.syntax(n, Some(name), "no key before `=`");
                continue;
            }
            if value.is_empty() {
                self.syntax(n, Some(name), "no value after `=` (Fairy-Stockfish would skip the line)");
                continue;
            }
            if let Some(first) = section.entries.iter_mut().find(|e| e.key == key) {
                // Fairy-Stockfish keeps the later value; say so.
                let first_line = first.line;
                first.value = value;
                first.line = n;
                self.push(Severity::Warning, n, Some(name), Some(key), Problem::DuplicateKey { first_line });
                continue;
            }
            section.entries.push(Entry { key, value, line: n });
        }
        sections
    }

    fn header<'t>(&mut self, n: u32, line: &'t str) -> Section<'t> {
        let mut section = Section { name: "", parent: None, line: n, broken: false, entries: Vec::new() };
        let Some(close) = line.find(']') else {
            self.syntax(n, None, "a section header without `]`");
            section.broken = true;
            return section;
        };
        let inside = &line[1..close];
        let rest = &line[close + 1..];
        let (name, parent) = match inside.split_once(':') {
            Some((name, parent)) => (name, Some(parent)),
            None => (inside, None),
        };
        section.name = name;
        section.parent = parent;
        if !rest.trim().is_empty() {
            self.syntax(n, Some(name), "text after the section header's `]`");
        }
        if name.is_empty() {
            self.syntax(n, None, "a section header without a name");
            section.broken = true;
        } else if name.trim() != name || parent.is_some_and(|p| p.trim() != p) {
            self.syntax(n, Some(name.trim()), "spaces around a section's name or parent");
            section.broken = true;
        } else if parent == Some("") {
            self.syntax(n, Some(name), "no parent after `:`");
            section.broken = true;
        }
        section
    }
}

impl Variants {
    /// No games at all, not even the built-in ones.
    pub fn empty() -> Variants {
        Variants::default()
    }

    /// The built-in games: Fairy-Stockfish's 121, from polyfen's own
    /// variants file ([`BUILTIN_INI`]).
    pub fn builtin() -> &'static Variants {
        static BUILTIN: OnceLock<Variants> = OnceLock::new();
        BUILTIN.get_or_init(|| {
            let mut v = Variants::empty();
            // The built-in file is checked by the tests to read cleanly; if
            // it ever did not, the games it did define are still there.
            let _ = v.read(BUILTIN_SOURCE, BUILTIN_INI);
            v.builtin = v.defs.len();
            v
        })
    }

    /// The built-in games, to read more files into.
    pub fn new() -> Variants {
        Variants::builtin().clone()
    }

    /// The definition of a game.
    pub fn get(&self, name: &str) -> Option<&Definition> {
        self.index.get(name).map(|&i| &self.defs[i])
    }

    /// Every definition, the built-in ones first, each file's in its order.
    pub fn definitions(&self) -> &[Definition] {
        &self.defs
    }

    /// The names of every game.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.defs.iter().map(Definition::name)
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.defs.len()
    }

    /// Whether there are no games.
    pub fn is_empty(&self) -> bool {
        self.defs.is_empty()
    }

    /// Reads a variants file and adds its games. `source` names the file
    /// in diagnostics. A section whose keys have errors is still defined,
    /// without those keys, so that the sections inheriting from it are
    /// checked too; a section with a bad header or parent is not.
    ///
    /// # Errors
    ///
    /// Every error of the file, with the warnings, in file order.
    pub fn read(&mut self, source: &str, text: &str) -> Result<ReadReport, ReadError> {
        let mut reader = Reader { source: source.into(), diagnostics: Vec::new(), _marker: core::marker::PhantomData };
        let sections = reader.lex(text);
        let mut defined = Vec::new();
        for (i, section) in sections.iter().enumerate() {
            if section.broken {
                continue;
            }
            if let Some(def) = self.define(&mut reader, &sections, i) {
                defined.push(def.name.to_string());
                let name = def.name.clone();
                self.defs.push(def);
                self.index.insert(name, self.defs.len() - 1);
            }
        }
        let mut diagnostics = reader.diagnostics;
        diagnostics.sort_by_key(|d| d.line);
        if diagnostics.iter().any(|d| d.severity == Severity::Error) {
            Err(ReadError { diagnostics })
        } else {
            Ok(ReadReport { defined, warnings: diagnostics })
        }
    }

    fn define(&self, reader: &mut Reader<'_>, sections: &[Section<'_>], i: usize) -> Option<Definition> {
        let section = &sections[i];
        let name = section.name;
        if let Some(&existing) = self.index.get(name) {
            let def = &self.defs[existing];
            let first = (existing >= self.builtin || self.builtin == 0)
                .then(|| (def.source.to_string(), def.line))
                .filter(|(s, _)| s != BUILTIN_SOURCE || &*reader.source == BUILTIN_SOURCE);
            reader.error(section.line, Some(name), None, Problem::DuplicateSection { first });
            return None;
        }
        let mut def = match section.parent {
            None => Definition::defaults(name),
            Some(parent) => {
                if let Some(p) = self.get(parent) {
                    let mut def = p.clone();
                    def.parent = Some(p.name.clone());
                    def
                } else {
                    let problem = self.missing_parent(sections, i, parent);
                    reader.error(section.line, Some(name), None, problem);
                    return None;
                }
            }
        };
        def.name = name.into();
        def.source = reader.source.clone();
        def.line = section.line;
        apply(reader, &mut def, section);
        Some(def)
    }

    fn missing_parent(&self, sections: &[Section<'_>], i: usize, parent: &str) -> Problem {
        let here = &sections[i];
        if parent == here.name {
            return Problem::Cycle { chain: vec![here.name.to_owned(), here.name.to_owned()] };
        }
        let find = |name: &str| sections.iter().position(|s| !s.broken && s.name == name);
        match find(parent) {
            Some(j) if j < i => Problem::ParentFailed { parent: parent.to_owned(), line: sections[j].line },
            Some(j) => {
                let mut chain = vec![here.name.to_owned()];
                let mut at = j;
                loop {
                    chain.push(sections[at].name.to_owned());
                    match sections[at].parent {
                        Some(p) if p == here.name => {
                            chain.push(here.name.to_owned());
                            return Problem::Cycle { chain };
                        }
                        Some(p) if chain.len() <= sections.len() => match find(p) {
                            Some(k) if k > i => at = k,
                            _ => break,
                        },
                        _ => break,
                    }
                }
                Problem::ParentLater { parent: parent.to_owned(), line: sections[j].line }
            }
            None => {
                let names = self.names().chain(sections[..i].iter().map(|s| s.name));
                Problem::MissingParent { parent: parent.to_owned(), hint: nearest(parent, names) }
            }
        }
    }
}

fn apply(reader: &mut Reader<'_>, def: &mut Definition, section: &Section<'_>) {
    let index = key_index();
    let name = section.name;
    let mut todo: Vec<(u32, What, &Entry<'_>)> = Vec::new();
    for entry in &section.entries {
        if let Some(&(order, what)) = index.map.get(entry.key) {
            todo.push((order, what, entry));
        } else {
            let hint = nearest(entry.key, index.names.iter().map(String::as_str));
            reader.error(entry.line, Some(name), Some(entry.key), Problem::UnknownKey { hint });
        }
    }
    todo.sort_by_key(|t| t.0);
    for (_, what, entry) in todo {
        let origin = Origin::Set { section: def.name.clone(), source: reader.source.clone(), line: entry.line };
        let result = match what {
            What::Piece(kind) => apply_piece(def, kind, entry.value, &origin),
            What::Mobility(color, kind) => Region::parse(entry.value).map(|r| {
                def.set_mobility(color, kind, r, origin.clone());
            }),
            What::Table(key) => apply_key(def, key, entry.value, section, &origin),
        };
        if let Err((expected, message)) = result.map_err(|m| (expected_of(what), m)) {
            let problem = Problem::BadValue { value: entry.value.to_owned(), expected, message };
            reader.error(entry.line, Some(name), Some(entry.key), problem);
        } else if let What::Table(Key { status: Status::Deprecated(instead), .. }) = what {
            let problem = Problem::Deprecated { instead };
            reader.push(Severity::Warning, entry.line, Some(name), Some(entry.key), problem);
        }
    }
    conclude(def);
}

fn expected_of(what: What) -> &'static str {
    match what {
        What::Table(key) => key.value_type.name(),
        What::Piece(kind) if kind.custom_slot().is_some() => "letter:Betza",
        What::Piece(kind) if kind.is_king() => "letter or letter:Betza",
        What::Piece(_) => "letter",
        What::Mobility(..) => "Bitboard",
    }
}

/// Fairy-Stockfish's removal of a piece: its letter, its second letter and
/// its place among the promotion choices.
fn remove_piece(def: &mut Definition, kind: PieceKind, origin: &Origin) {
    def.slot_mut(kind).letter = None;
    def.slot_mut(kind).origin = origin.clone();
    if let Value::PieceLetters(map) = def.get(Field::PieceSynonyms)
        && map.contains_key(&kind)
    {
        let mut map = map.clone();
        map.remove(&kind);
        def.set(Field::PieceSynonyms, Value::PieceLetters(map), origin.clone());
    }
    for f in [Field::PromotionPieceTypesWhite, Field::PromotionPieceTypesBlack] {
        let mut set = def.piece_set(f);
        if set.contains(kind) {
            set.remove(kind);
            def.set(f, Value::Pieces(set), origin.clone());
        }
    }
}

fn apply_piece(def: &mut Definition, kind: PieceKind, value: &str, origin: &Origin) -> Result<(), String> {
    if value == "-" {
        remove_piece(def, kind, origin);
        return Ok(());
    }
    let mut chars = value.chars();
    let letter = chars
        .next()
        .filter(char::is_ascii_alphabetic)
        .ok_or_else(|| "a piece's value starts with its letter (or is `-` to remove the piece)".to_owned())?;
    let rest = chars.as_str();
    let betza = if kind.custom_slot().is_some() {
        let Some(b) = rest.strip_prefix(':') else {
            return Err(if rest.is_empty() {
                format!("a custom piece needs its moves: `{letter}:` and Betza notation, as in `{letter}:mfWcfF`")
            } else {
                format!("expected `:` after the letter `{letter}`, then the moves in Betza notation")
            });
        };
        Some(b)
    } else if kind.is_king() {
        match rest.strip_prefix(':') {
            Some(b) => Some(b),
            None if rest.is_empty() => None,
            None => return Err(format!("expected `:` after the letter `{letter}`, then the moves in Betza notation")),
        }
    } else {
        if !rest.is_empty() {
            let moves = kind.predefined().map_or("", |p| p.betza);
            return Err(format!(
                "{kind} is a predefined piece with fixed moves ({moves}): give only its letter, or define a customPiece for other moves"
            ));
        }
        None
    };
    if let Some(b) = betza {
        Betza::parse(b).map_err(|e| e.to_string())?;
    }
    let lower = letter.to_ascii_lowercase();
    if let Some(holder) = def.kind_of(lower) {
        remove_piece(def, holder, origin);
    }
    let slot = def.slot_mut(kind);
    slot.letter = Some(lower);
    slot.origin = origin.clone();
    if kind.custom_slot().is_some() || kind.is_king() {
        slot.betza = betza.map(str::to_owned);
    }
    if kind.custom_slot().is_some() && betza.is_some_and(|b| b.contains('e')) {
        for f in [Field::EnPassantTypesWhite, Field::EnPassantTypesBlack] {
            let mut set = def.piece_set(f);
            set.insert(kind);
            def.set(f, Value::Pieces(set), origin.clone());
        }
    }
    Ok(())
}

fn last_piece(def: &Definition, text: &str) -> Option<PieceKind> {
    match text.chars().rev().find(|c| !c.is_whitespace()) {
        Some('*' | '-') | None => None,
        Some(c) => def.kind_of(c),
    }
}

fn apply_key(
    def: &mut Definition,
    key: &Key,
    text: &str,
    section: &Section<'_>,
    origin: &Origin,
) -> Result<(), String> {
    let value = Value::parse(key.value_type, text, def)?;
    for target in key.targets {
        match *target {
            // Fairy-Stockfish sets the entries a promotedPieceType list
            // names and keeps the others, a parent's among them
            Target::Field(f @ Field::PromotedPieceType) => {
                let mut merged = match def.get(f) {
                    Value::PiecePieces(m) => m.clone(),
                    _ => BTreeMap::new(),
                };
                if let Value::PiecePieces(m) = &value {
                    merged.extend(m.iter().map(|(k, v)| (*k, *v)));
                }
                def.set(f, Value::PiecePieces(merged), origin.clone());
            }
            Target::Field(f) => def.set(f, value.clone(), origin.clone()),
            Target::LastPiece(f) => {
                let last = last_piece(def, text);
                def.set(f, Value::Piece(last), origin.clone());
            }
            Target::PromotionRank => {
                let Value::Rank(r) = value else { continue };
                let top = def.ranks();
                def.set(Field::PromotionRegionWhite, Value::Region(Region::ranks(r, 16)), origin.clone());
                let black = if r <= top { Region::ranks(1, top + 1 - r) } else { Region::EMPTY };
                def.set(Field::PromotionRegionBlack, Value::Region(black), origin.clone());
            }
            Target::DoubleStepRanks => {
                let rank_of = |k: &str| -> Result<u8, String> {
                    match section.entries.iter().find(|e| e.key == k) {
                        None => Ok(2),
                        Some(e) => match Value::parse(key.value_type, e.value, def)? {
                            Value::Rank(r) => Ok(r),
                            _ => Ok(2),
                        },
                    }
                };
                let (rank, min) = (rank_of("doubleStepRank")?, rank_of("doubleStepRankMin")?);
                let top = def.ranks();
                let white = if min <= rank { Region::ranks(min, rank) } else { Region::EMPTY };
                let black = if min <= rank && rank <= top {
                    Region::ranks(top + 1 - rank, top + 1 - min)
                } else {
                    Region::EMPTY
                };
                def.set(Field::DoubleStepRegionWhite, Value::Region(white), origin.clone());
                def.set(Field::DoubleStepRegionBlack, Value::Region(black), origin.clone());
            }
            Target::DropOnTop => {
                if value == Value::Bool(true) {
                    def.set(Field::EnclosingDrop, Value::EnclosingRule(EnclosingRule::Top), origin.clone());
                }
            }
        }
    }
    Ok(())
}

/// What Fairy-Stockfish settles once a section is applied: no double
/// steps means no double-step squares, and no double-step squares means no
/// double steps.
fn conclude(def: &mut Definition) {
    if !def.flag(Field::DoubleStep) {
        let origin = def.origin(Field::DoubleStep).clone();
        for f in [Field::DoubleStepRegionWhite, Field::DoubleStepRegionBlack] {
            if !def.region(f).is_empty() {
                def.set(f, Value::Region(Region::EMPTY), origin.clone());
            }
        }
    }
    let white = Field::DoubleStepRegionWhite;
    if def.flag(Field::DoubleStep)
        && def.region(white).is_empty()
        && def.region(Field::DoubleStepRegionBlack).is_empty()
    {
        let origin = def.origin(white).clone();
        def.set(Field::DoubleStep, Value::Bool(false), origin);
    }
}
