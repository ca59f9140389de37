//! Betza notation, read as Fairy-Stockfish reads it, into a model of a
//! piece's moves that can also be told in words.
//!
//! A move is an optional run of modifiers and then an atom:
//!
//! - atoms: leapers `W` (1,0), `F` (1,1), `D` (2,0), `N` (2,1), `A` (2,2),
//!   `H` (3,0), `C` and `L` (3,1), `Z` and `J` (3,2), `G` (3,3), `K`
//!   (`W` and `F`); riders `R`, `B`, `Q` (`W`, `F` and both, repeated);
//! - after an atom, the same letter again (`NN`) makes it a rider, and a
//!   digit (`W3`, `Q2`) a rider of at most that many steps;
//! - modalities `m` (only a move to an empty square) and `c` (only a
//!   capture); neither means both;
//! - `p` a cannon-like hopper (it jumps over one piece), `g` a
//!   grasshopper (it lands just beyond the piece it jumps), `n` a lame
//!   leaper (blocked by a piece on the way), `i` only as the piece's first
//!   move, `e` the piece may capture en passant (Fairy-Stockfish moves such
//!   a piece as if the `e` were not there and adds it to the en passant
//!   takers);
//! - directions `f` `b` (forward, backward), `l` `r` (left, right), `v`
//!   (`fb`), `s` (`lr`) and `h` (half). Two direction letters make one
//!   direction when they are the same (`ff`) or one of `fbvh` meets one of
//!   `rlsh` (`fs`, `rf`, `fh`, `hr`); a lone letter stands for itself
//!   doubled. For an orthogonal atom (`W` `D` `H` `R`) a pair of two
//!   different letters means each of them (`fsW` is `fW` and `sW`).
//!
//! Which of the eight symmetric jumps of an atom each direction selects is
//! Fairy-Stockfish's table, reproduced in [`Betza::moves`]; its quirks stay
//! (`fN` is the two narrow forward knight jumps, `hN` alone selects none).
//! Anything else — an unknown letter, a digit not after an atom, modifiers
//! with no atom after them — is an error, where Fairy-Stockfish skips it.

use core::fmt;
use std::collections::BTreeMap;

/// A Betza string read into its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Betza {
    text: String,
    parts: Vec<Part>,
}

/// What a move may do on arrival.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Modality {
    /// Only to an empty square (`m`).
    Quiet,
    /// Only to capture (`c`).
    Capture,
}

/// How a move goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// A single jump (a leaper; with a limit of -1, a lame leaper).
    Step,
    /// Repeated jumps in one direction (a rider), up to a limit (0: none).
    Slide,
    /// A hopper: along a line over one piece (limit 1: a grasshopper).
    Hop,
}

/// One move of the piece: its kind, whether only as a first move, its
/// modality and its jump in (forward, right) squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveKey {
    /// Step, slide or hop.
    pub kind: Kind,
    /// Only as the piece's first move.
    pub initial: bool,
    /// Quiet move or capture.
    pub modality: Modality,
    /// Squares forward (negative: backward), from the mover's side.
    pub forward: i8,
    /// Squares to the right (negative: left), from the mover's side.
    pub right: i8,
}

/// One atom of a Betza string with the modifiers before it.
#[allow(clippy::struct_excessive_bools)] // one flag per Betza modifier
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Byte offset of the part's first character in the string.
    pub start: usize,
    /// The atom letter.
    pub atom: char,
    /// `m` and `c` in the order given (empty: both).
    pub modalities: Vec<Modality>,
    /// `p` or `g` (`g` if both are given: it sets the limit).
    pub hopper: Option<char>,
    /// `n`.
    pub lame: bool,
    /// `i`.
    pub initial: bool,
    /// `e`.
    pub en_passant: bool,
    /// The direction pairs as read (`ff`, `fs`, …; empty: all).
    pub directions: Vec<[char; 2]>,
    /// A rider (a rider atom, a doubled atom or a range).
    pub rider: bool,
    /// The range digit after the atom, if any.
    pub range: Option<u8>,
}

/// A Betza string Fairy-Stockfish's reading would not take as written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("Betza `{text}` at character {}: {message}", position + 1)]
pub struct BetzaError {
    /// The whole string.
    pub text: String,
    /// The byte offset of the offending character.
    pub position: usize,
    /// What is wrong.
    pub message: String,
}

const VERTICAL: &str = "fbvh";
const HORIZONTAL: &str = "rlsh";

fn leaper(atom: char) -> Option<&'static [(i8, i8)]> {
    Some(match atom {
        'W' => &[(1, 0)],
        'F' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'L' | 'C' => &[(3, 1)],
        'J' | 'Z' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

fn rider_atom(atom: char) -> Option<&'static [(i8, i8)]> {
    Some(match atom {
        'R' => &[(1, 0)],
        'B' => &[(1, 1)],
        'Q' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

fn atoms(atom: char) -> &'static [(i8, i8)] {
    rider_atom(atom).or_else(|| leaper(atom)).unwrap_or(&[])
}

impl Betza {
    /// Reads a Betza string.
    ///
    /// # Errors
    ///
    /// A character Fairy-Stockfish does not read as part of a move, a digit
    /// not right after an atom, or modifiers at the end with no atom.
    pub fn parse(text: &str) -> Result<Betza, BetzaError> {
        let err = |position: usize, message: String| BetzaError { text: text.to_owned(), position, message };
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        let mut parts = Vec::new();
        let mut pending = Part::pending();
        let mut started = false;
        let mut i = 0;
        while let Some(&(at, c)) = chars.get(i) {
            if !started {
                pending.start = at;
                started = true;
            }
            match c {
                'm' => pending.modalities.push(Modality::Quiet),
                'c' => pending.modalities.push(Modality::Capture),
                'g' => pending.hopper = Some('g'),
                'p' if pending.hopper.is_none() => pending.hopper = Some('p'),
                'p' => {}
                'n' => pending.lame = true,
                'i' => pending.initial = true,
                'e' => pending.en_passant = true,
                _ if VERTICAL.contains(c) || HORIZONTAL.contains(c) => {
                    let next = chars.get(i + 1).map(|&(_, c2)| c2);
                    match next {
                        Some(c2)
                            if c2 == c
                                || (VERTICAL.contains(c) && HORIZONTAL.contains(c2))
                                || (HORIZONTAL.contains(c) && VERTICAL.contains(c2)) =>
                        {
                            pending.directions.push([c, c2]);
                            i += 1;
                        }
                        _ => pending.directions.push([c, c]),
                    }
                }
                _ if leaper(c).is_some() || rider_atom(c).is_some() => {
                    pending.atom = c;
                    pending.rider = rider_atom(c).is_some();
                    if let Some(&(_, next)) = chars.get(i + 1) {
                        if next == c {
                            pending.rider = true;
                            i += 1;
                        } else if let Some(d) = next.to_digit(10) {
                            pending.rider = true;
                            pending.range = Some(d as u8);
                            i += 1;
                        }
                    }
                    let done = core::mem::replace(&mut pending, Part::pending());
                    parts.push(done);
                    started = false;
                }
                _ if c.is_ascii_digit() => {
                    return Err(err(at, format!("the digit `{c}` must follow an atom (as in W3)")));
                }
                _ => {
                    return Err(err(
                        at,
                        format!(
                            "`{c}` is not an atom (W F D N A H C L Z J G K R B Q) nor a modifier (m c p g n i e f b l r v s h)"
                        ),
                    ));
                }
            }
            i += 1;
        }
        if started {
            return Err(err(pending.start, "modifiers with no atom after them".to_owned()));
        }
        Ok(Betza { text: text.to_owned(), parts })
    }

    /// The string as given.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The atoms with their modifiers, in order.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// Whether any part carries `e` (the piece captures en passant).
    pub fn en_passant(&self) -> bool {
        self.parts.iter().any(|p| p.en_passant)
    }

    /// Every move, with its limit: for a slide the most squares (0: any),
    /// for a step -1 when lame, for a hop 1 for a grasshopper. A later part
    /// giving the same move again sets its limit, as in Fairy-Stockfish.
    pub fn moves(&self) -> BTreeMap<MoveKey, i8> {
        let mut out = BTreeMap::new();
        for part in &self.parts {
            for (key, limit) in part.moves() {
                out.insert(key, limit);
            }
        }
        out
    }

    /// A name for a piece of these moves, when they are plain atoms that
    /// move and capture alike in every direction: the usual name of the
    /// compound (`BN` the archbishop, `RN` the chancellor, `QN` the
    /// amazon), else the atoms' names joined (`NW` the knight-wazir);
    /// `None` for moves with modifiers (a pawn's `fmWfceF`).
    ///
    /// ```
    /// use polyfen_fairy::Betza;
    ///
    /// let name = |b: &str| Betza::parse(b).unwrap().name();
    /// assert_eq!(name("NW").as_deref(), Some("knight-wazir"));
    /// assert_eq!(name("NB").as_deref(), Some("archbishop"));
    /// assert_eq!(name("F").as_deref(), Some("fers"));
    /// assert_eq!(name("NN").as_deref(), Some("nightrider"));
    /// assert_eq!(name("fmWfcF"), None);
    /// ```
    pub fn name(&self) -> Option<String> {
        let mut atoms = Vec::with_capacity(self.parts.len());
        for part in &self.parts {
            let plain = part.modalities.is_empty()
                && part.hopper.is_none()
                && !part.lame
                && !part.initial
                && !part.en_passant
                && part.directions.is_empty()
                && part.range.is_none_or(|r| r == 0);
            if !plain {
                return None;
            }
            let name = match (part.atom, part.rider) {
                ('W', false) => "wazir",
                ('F', false) => "fers",
                ('K', false) => "commoner",
                ('D', false) => "dabbaba",
                ('A', false) => "alfil",
                ('H', false) => "threeleaper",
                ('G', false) => "tripper",
                ('N', false) => "knight",
                ('C' | 'L', false) => "camel",
                ('Z' | 'J', false) => "zebra",
                ('R' | 'W', true) => "rook",
                ('B' | 'F', true) => "bishop",
                ('Q' | 'K', true) => "queen",
                ('N', true) => "nightrider",
                _ => return None,
            };
            if !atoms.contains(&name) {
                atoms.push(name);
            }
        }
        let mut sorted = atoms.clone();
        sorted.sort_unstable();
        let known = match sorted[..] {
            [] => return None,
            ["bishop", "knight"] => "archbishop",
            ["knight", "rook"] => "chancellor",
            ["knight", "queen"] => "amazon",
            ["bishop", "wazir"] => "dragon horse",
            ["fers", "rook"] => "dragon king",
            _ => return Some(atoms.join("-")),
        };
        Some(known.to_owned())
    }

    /// The moves told in words ("leaps like a knight; steps one square
    /// orthogonally").
    pub fn explain(&self) -> String {
        if self.parts.is_empty() {
            return "does not move".to_owned();
        }
        let phrases: Vec<String> = self.parts.iter().map(Part::explain).collect();
        phrases.join("; ")
    }
}

impl fmt::Display for Betza {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl Part {
    /// A part not read yet: no atom, no modifier.
    fn pending() -> Part {
        Part {
            start: 0,
            atom: ' ',
            modalities: Vec::new(),
            hopper: None,
            lame: false,
            initial: false,
            en_passant: false,
            directions: Vec::new(),
            rider: false,
            range: None,
        }
    }

    fn limit(&self) -> i8 {
        if let Some(r) = self.range {
            r as i8
        } else if !self.rider && self.lame {
            -1
        } else {
            i8::from(self.hopper == Some('g'))
        }
    }

    fn kind(&self) -> Kind {
        if self.hopper.is_some() {
            Kind::Hop
        } else if self.rider {
            Kind::Slide
        } else {
            Kind::Step
        }
    }

    /// The jumps the directions select for one atom (a, b), by
    /// Fairy-Stockfish's table of which direction names each of the eight.
    fn jumps(&self, (a, b): (i8, i8)) -> Vec<(i8, i8)> {
        let split = atoms(self.atom).len() == 1 && b == 0;
        let mut dirs: Vec<String> = Vec::new();
        for [x, y] in &self.directions {
            if split && x != y {
                dirs.push([*x, *x].iter().collect());
                dirs.push([*y, *y].iter().collect());
            } else {
                dirs.push([*x, *y].iter().collect());
            }
        }
        let any = dirs.is_empty();
        let has = |names: &[&str]| any || names.iter().any(|n| dirs.iter().any(|d| d == n));
        let table: [((i8, i8), &[&str]); 8] = [
            ((a, b), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
            ((-a, -b), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
            ((-b, a), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
            ((b, -a), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
            ((b, a), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
            ((-b, -a), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
            ((-a, b), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
            ((a, -b), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
        ];
        let mut out: Vec<(i8, i8)> = Vec::new();
        for (jump, names) in table {
            if has(names) && !out.contains(&jump) {
                out.push(jump);
            }
        }
        out
    }

    /// This part's moves with their limit.
    pub fn moves(&self) -> Vec<(MoveKey, i8)> {
        let modalities: Vec<Modality> =
            if self.modalities.is_empty() { vec![Modality::Quiet, Modality::Capture] } else { self.modalities.clone() };
        let mut out = Vec::new();
        for &atom in atoms(self.atom) {
            for (forward, right) in self.jumps(atom) {
                for &modality in &modalities {
                    out.push((
                        MoveKey { kind: self.kind(), initial: self.initial, modality, forward, right },
                        self.limit(),
                    ));
                }
            }
        }
        out
    }

    /// This part told in words.
    pub fn explain(&self) -> String {
        let quiet = self.modalities.contains(&Modality::Quiet);
        let capture = self.modalities.contains(&Modality::Capture);
        let verb = match (quiet, capture) {
            (true, false) => "moves without capturing",
            (false, true) => "captures",
            _ => "moves or captures",
        };
        let shape = match (self.atom, self.rider) {
            ('W', false) => "one square orthogonally".to_owned(),
            ('F', false) => "one square diagonally".to_owned(),
            ('K', false) => "one square in any direction".to_owned(),
            ('D', false) => "jumping two squares orthogonally".to_owned(),
            ('A', false) => "jumping two squares diagonally".to_owned(),
            ('H', false) => "jumping three squares orthogonally".to_owned(),
            ('G', false) => "jumping three squares diagonally".to_owned(),
            ('N', false) => "like a knight".to_owned(),
            ('C' | 'L', false) => "like a camel (3,1)".to_owned(),
            ('Z' | 'J', false) => "like a zebra (3,2)".to_owned(),
            ('R' | 'W', true) => "along ranks and files".to_owned(),
            ('B' | 'F', true) => "along diagonals".to_owned(),
            ('Q' | 'K', true) => "along ranks, files and diagonals".to_owned(),
            ('N', true) => "as a nightrider (knight jumps repeated in a line)".to_owned(),
            (atom, true) => format!("repeating {atom} jumps in a line"),
            (atom, false) => format!("as {atom}"),
        };
        let mut words = vec![verb.to_owned(), shape];
        if self.rider && self.hopper.is_none() {
            match self.range {
                Some(0) | None => {}
                Some(1) => words.push("one step at most".to_owned()),
                Some(r) => words.push(format!("up to {r} steps")),
            }
        }
        let all = {
            let mut every = Part { directions: Vec::new(), ..self.clone() };
            every.modalities.clear();
            every.moves().len()
        };
        let mine = {
            let mut same = self.clone();
            same.modalities.clear();
            same.moves().len()
        };
        if mine == 0 {
            words.push("in no direction (the directions select none)".to_owned());
        } else if mine < all {
            words.push(self.direction_words());
        }
        match self.hopper {
            Some('p') => words.push("by jumping over one piece on the way".to_owned()),
            Some(_) => words.push("by jumping over a piece to land just beyond it".to_owned()),
            None => {}
        }
        if self.lame && !self.rider {
            words.push("unless a piece stands in the way".to_owned());
        }
        if self.initial {
            words.push("on its first move only".to_owned());
        }
        if self.en_passant {
            words.push("(also en passant)".to_owned());
        }
        words.join(" ")
    }

    fn direction_words(&self) -> String {
        let mut jumps: Vec<(i8, i8)> = Vec::new();
        for &atom in atoms(self.atom) {
            for j in self.jumps(atom) {
                if !jumps.contains(&j) {
                    jumps.push(j);
                }
            }
        }
        let name = |(f, r): (i8, i8)| -> &'static str {
            match (f.signum(), r.signum()) {
                (1, 0) => "forward",
                (-1, 0) => "backward",
                (0, 1) => "right",
                (0, -1) => "left",
                (1, 1) => "forward-right",
                (1, -1) => "forward-left",
                (-1, 1) => "backward-right",
                _ => "backward-left",
            }
        };
        let mut names: Vec<&str> = Vec::new();
        for j in jumps {
            let n = name(j);
            if !names.contains(&n) {
                names.push(n);
            }
        }
        let pretty: Vec<&str> = match names.as_slice() {
            ["forward-right", "forward-left"] | ["forward-left", "forward-right"] => {
                vec!["forward"]
            }
            ["backward-right", "backward-left"] | ["backward-left", "backward-right"] => {
                vec!["backward"]
            }
            ["right", "left"] | ["left", "right"] => vec!["sideways"],
            _ => names,
        };
        match pretty.as_slice() {
            [one] => (*one).to_owned(),
            [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
            [] => String::new(),
        }
    }
}
