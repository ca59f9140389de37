//! Shogi explained part by part ([`Explain`]): the pieces in words (with
//! the `+` of a promoted piece), the side to move, each kind in the hands,
//! the move number, and the parts of a move in each notation: USI's
//! squares, CSA's side sign, squares in digits and piece after the move,
//! KIF's target (or `同`), piece, `成`/`不成`/`打` and origin, KI2's side
//! mark, target, piece and relative words, Western's piece letter, origin,
//! `-`/`x`/`*`, target and `+`/`=`. Each part names its squares in USI
//! (`7g`), taken from the same move in USI.

use polyfen_core::Color;
use polyfen_game::explain::{Explain, Field, Geometry, MoveText, Names, Part, side_part};

use super::{ShogiMoveNotation, ShogiNotation, ShogiPosition};
use crate::{Role, Square, color_name};

/// A square's name from the codec's indices: file index 0 is file 9 (the
/// left of the board as sente sees it), rank index 0 is rank `a`.
fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", 9 - file, char::from(b'a' + rank))
}

fn rank_name(rank: u8) -> String {
    char::from(b'a' + rank).to_string()
}

impl Explain for ShogiPosition {
    fn geometry(&self) -> Geometry {
        Geometry {
            bottom_first: true,
            prefix: Some('+'),
            names: Some(Names { square: square_name, rank: rank_name, across: "from file 9 to file 1" }),
            ..Geometry::chess_like(9, 9)
        }
    }

    fn piece_words(&self, file: u8, rank: u8) -> Option<String> {
        self.setup.piece_at(file, rank).map(|p| format!("{} {}", color_name(p.color), p.role.name()))
    }

    fn color_words(color: Color) -> &'static str {
        color_name(color)
    }

    fn field_parts(&self, field: Field<'_>, _notation: ShogiNotation, _pieces: &[(u8, u8)], parts: &mut Vec<Part>) {
        let Field { input, start, end, index } = field;
        let extras = &self.setup.extras;
        let part = match index {
            1 => side_part::<ShogiPosition>(Part::new(input, start, end, "side"), extras.turn),
            2 => self.hand_part(input, start, end),
            3 => Part::new(input, start, end, "move-number").with(
                extras.move_number.to_string(),
                format!(
                    "The next move is move {}, counted in plies: the number grows after every move of either side.",
                    extras.move_number
                ),
            ),
            _ => Part::new(input, start, end, "extra").with(field.text(), "A field after the last one SFEN has."),
        };
        parts.push(part);
    }

    /// The parts of a move in any of Shogi's notations; `coordinate` is the
    /// move in USI, whose squares the parts name.
    fn move_parts(text: &str, notation: ShogiMoveNotation, coordinate: &str) -> Vec<Part> {
        let at = Coordinate::of(coordinate);
        match notation {
            ShogiMoveNotation::Usi => usi_parts(text),
            ShogiMoveNotation::Csa => csa_parts(text, &at),
            ShogiMoveNotation::Kif => kif_parts(text, &at),
            ShogiMoveNotation::Ki2 => ki2_parts(text, &at),
            ShogiMoveNotation::Western => western_parts(text, &at, false),
            ShogiMoveNotation::WesternNumeric => western_parts(text, &at, true),
            ShogiMoveNotation::UciFsf => fsf_parts(text),
        }
    }

    fn guess_move_notation(text: &str) -> ShogiMoveNotation {
        super::notation_of(text)
    }
}

impl ShogiPosition {
    /// The hands field: `-`, or each kind with its count.
    fn hand_part(&self, input: &str, start: usize, end: usize) -> Part {
        let text = &input[start..end];
        let part = Part::new(input, start, end, "hand");
        if text == "-" {
            return part.with("none", "Neither side holds a piece in hand.");
        }
        let hand = &self.setup.extras.hand;
        let mut words = Vec::new();
        for color in Color::ALL {
            let held: Vec<String> = Role::HAND
                .iter()
                .enumerate()
                .filter(|&(kind, _)| hand.count(color, kind) > 0)
                .map(|(kind, role)| plural(hand.count(color, kind), role.name()))
                .collect();
            if !held.is_empty() {
                words.push(format!("{} holds {}", color_name(color), held.join(", ")));
            }
        }
        let mut entries = Vec::new();
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let first = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let count: u32 = text[first..i].parse().unwrap_or(1);
            let Some(&letter) = bytes.get(i) else { break };
            i += 1;
            let color = Color::of_ascii_case(letter).unwrap_or(Color::White);
            let role = Role::from_letter(letter, false).filter(|r| r.hand_index().is_some());
            let entry = Part::new(input, start + first, start + i, "hand-piece");
            entries.push(match role {
                Some(role) => {
                    let what = plural(count, role.name());
                    entry.with(
                        format!("{} {what}", color_name(color)),
                        format!("{} holds {what}.", capitalize(color_name(color))),
                    )
                }
                None => entry.with(text[first..i].to_owned(), "No kind a hand can hold."),
            });
        }
        let meaning = format!(
            "The pieces in hand, which a side may drop instead of moving: {}. Sente's are written first, in uppercase.",
            words.join("; ")
        );
        let mut part = part.with(words.join("; "), meaning);
        part.parts = entries;
        part
    }
}

/// `a pawn`, `3 pawns`.
fn plural(count: impl Into<u32>, name: &str) -> String {
    match count.into() {
        1 => format!("a {name}"),
        n => format!("{n} {name}s"),
    }
}

fn capitalize(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The parts of a USI move: `7g7f` from and to, `+` a promotion, `P*5e` a
/// drop's piece, its star and its square; spaces around it as such.
/// The parts of a move in Fairy-Stockfish's UCI: USI's parts of the same
/// move (the same length, square for square), each with the text's own
/// characters and words; the squares they name are the board's, as every
/// notation's parts name them.
fn fsf_parts(text: &str) -> Vec<Part> {
    fn rename(part: &mut Part, text: &str, names: &[(String, String)]) {
        text.get(part.start..part.end).unwrap_or_default().clone_into(&mut part.text);
        for (usi, fsf) in names {
            part.value = part.value.replace(usi.as_str(), fsf);
            part.meaning = part.meaning.replace(usi.as_str(), fsf);
        }
        part.meaning = part.meaning.replace("The star says", "The @ says");
        if part.value == "*" {
            "@".clone_into(&mut part.value);
        }
        for inner in &mut part.parts {
            rename(inner, text, names);
        }
    }
    let usi = crate::notation::fsf::to_usi(text);
    let mut parts = usi_parts(&usi);
    let names: Vec<(String, String)> = polyfen_game::explain::coordinate_squares(text)
        .into_iter()
        .map(|fsf| (crate::notation::fsf::to_usi(&fsf), fsf))
        .collect();
    for part in &mut parts {
        rename(part, text, &names);
    }
    parts
}

fn usi_parts(text: &str) -> Vec<Part> {
    let mut c = Cutter::new(text);
    c.spaces();
    let square =
        |c: &Cutter<'_>| c.rest().get(..2).filter(|s| Square::parse(s.as_bytes()).is_some()).map(str::to_owned);
    if c.peek(1) == Some('*') {
        let letter = c.peek(0).unwrap_or('?');
        let name = u8::try_from(letter).ok().and_then(|l| Role::from_letter(l, false)).map_or("piece", Role::name);
        c.cut(1, "piece", name, format!("{letter} names the piece dropped: a {name}."));
        c.cut(1, "drop", "drop", "The star says the piece comes from the hand.");
        if let Some(to) = square(&c) {
            c.cut(2, "to", to.as_str(), format!("It is dropped on {to}.")).squares = vec![to.clone()];
        }
    } else {
        if let Some(from) = square(&c) {
            c.cut(2, "from", from.as_str(), format!("The piece on {from} moves.")).squares = vec![from.clone()];
        }
        if let Some(to) = square(&c) {
            c.cut(2, "to", to.as_str(), format!("It goes to {to}.")).squares = vec![to.clone()];
        }
    }
    if c.peek(0) == Some('+') {
        c.cut(1, "promotion", "promotes", "The + says the piece promotes on this move.");
    }
    c.finish()
}

/// The squares of a USI move (the game's coordinates): where the piece
/// starts (none for a drop), where it ends, and whether it promotes.
struct Coordinate {
    from: Option<String>,
    to: String,
    promotes: bool,
}

impl Coordinate {
    /// The squares of `usi`, the move in USI (none when it is not one).
    fn of(usi: &str) -> Coordinate {
        let square =
            |at: usize| usi.get(at..at + 2).filter(|s| Square::parse(s.as_bytes()).is_some()).map(str::to_owned);
        let drop = usi.as_bytes().get(1) == Some(&b'*');
        Coordinate {
            from: if drop { None } else { square(0) },
            to: square(2).unwrap_or_default(),
            promotes: usi.ends_with('+'),
        }
    }

    /// The square the piece leaves (none for a drop), for a part's squares.
    fn left(&self) -> Vec<String> {
        self.from.iter().cloned().collect()
    }

    /// The square the piece reaches, for a part's squares.
    fn reached(&self) -> Vec<String> {
        if self.to.is_empty() { Vec::new() } else { vec![self.to.clone()] }
    }
}

/// A move's text read character by character into parts.
struct Cutter<'a> {
    m: MoveText<'a>,
    k: usize,
    parts: Vec<Part>,
}

impl<'a> Cutter<'a> {
    fn new(text: &'a str) -> Cutter<'a> {
        Cutter { m: MoveText::new(text, ""), k: 0, parts: Vec::new() }
    }

    /// The character `ahead` characters after the current one.
    fn peek(&self, ahead: usize) -> Option<char> {
        self.m.chars.get(self.k + ahead).map(|c| c.1)
    }

    /// The text from the current character on.
    fn rest(&self) -> &'a str {
        let at = self.m.chars.get(self.k).map_or(self.m.text.len(), |c| c.0);
        self.m.text.get(at..).unwrap_or_default()
    }

    /// Whether every character is cut.
    fn done(&self) -> bool {
        self.k >= self.m.chars.len()
    }

    /// Cuts the spaces at the current character.
    fn spaces(&mut self) {
        while self.peek(0).is_some_and(char::is_whitespace) {
            let part = self.m.part(self.k, 1, "space").with("space", "Space around the move; it means nothing.");
            self.parts.push(part);
            self.k += 1;
        }
    }

    /// Cuts the next `n` characters as a part of `kind`.
    fn cut(&mut self, n: usize, kind: &'static str, value: impl Into<String>, meaning: impl Into<String>) -> &mut Part {
        let part = self.m.part(self.k, n, kind).with(value, meaning);
        self.parts.push(part);
        self.k += n.max(1);
        let last = self.parts.len() - 1;
        &mut self.parts[last]
    }

    /// Cuts the next character as a part of its own if it is one of
    /// `marks`, each `(character, kind, value, meaning)`.
    fn mark(&mut self, marks: &[(char, &'static str, &'static str, &'static str)]) {
        let next = self.peek(0);
        if let Some(&(_, kind, value, meaning)) = marks.iter().find(|mark| next == Some(mark.0)) {
            self.cut(1, kind, value, meaning);
        }
    }

    /// Cuts the next `bytes` bytes (whole characters) as a part of `kind`.
    fn cut_bytes(
        &mut self,
        bytes: usize,
        kind: &'static str,
        value: impl Into<String>,
        meaning: impl Into<String>,
    ) -> &mut Part {
        let n = self.rest().get(..bytes).map_or(1, |s| s.chars().count());
        self.cut(n, kind, value, meaning)
    }

    /// The rest of the text, each character a part the reader passed over.
    fn finish(mut self) -> Vec<Part> {
        while !self.done() {
            self.spaces();
            if self.done() {
                break;
            }
            let c = self.peek(0).unwrap_or(' ');
            self.cut(1, "extra", c.to_string(), "A character the move reader passed over.");
        }
        self.parts
    }
}

/// `a pawn`: the role's name with its article.
fn a(role: Role) -> String {
    let name = role.name();
    if name.starts_with(['a', 'e', 'i', 'o', 'u']) { format!("an {name}") } else { format!("a {name}") }
}

/// The role in words, with what a promoted one was: `a horse (a promoted
/// bishop)`.
fn role_words(role: Role) -> String {
    match role {
        Role::Horse | Role::Dragon => format!("{} (a promoted {})", a(role), role.unpromoted().name()),
        _ => a(role),
    }
}

/// The side a mark or sign names.
fn side_words(color: Color) -> String {
    let (first, moves) = match color {
        Color::White => ("sente", "moves first from the even start"),
        Color::Black => ("gote", "moves second from the even start"),
    };
    format!("{first}, who {moves}")
}

/// The parts of a CSA move: `+7776FU`, `-0055KA`, `+8822UM`.
fn csa_parts(text: &str, at: &Coordinate) -> Vec<Part> {
    let mut c = Cutter::new(text);
    c.spaces();
    if let Some(sign @ ('+' | '-')) = c.peek(0) {
        let color = if sign == '+' { Color::White } else { Color::Black };
        c.cut(1, "side", color_name(color), format!("{sign}: the side that moves, {}.", side_words(color)));
    }
    let digits =
        |c: &Cutter<'_>| c.rest().get(..2).filter(|d| d.bytes().all(|b| b.is_ascii_digit())).map(str::to_owned);
    if let Some(from) = digits(&c) {
        if from == "00" {
            c.cut(2, "drop", "drop", "00: no square, the piece comes from the hand (a drop).");
        } else {
            let name = at.from.clone().unwrap_or_default();
            c.cut(
                2,
                "from",
                name.as_str(),
                format!("{from}: the square the piece leaves, file then rank in digits: {name}."),
            )
            .squares = at.left();
        }
    }
    if let Some(to) = digits(&c) {
        let name = at.to.clone();
        c.cut(
            2,
            "to",
            name.as_str(),
            format!("{to}: the square the piece goes to, file then rank in digits: {name}."),
        )
        .squares = at.reached();
    }
    if let Some(name) = c.rest().get(..2)
        && let Some(role) = crate::notation::csa_role(name.as_bytes())
    {
        let after = if at.promotes {
            format!(
                " The piece promotes on this move: it was {}, and CSA names a piece as it stands after the move.",
                a(role.unpromoted())
            )
        } else {
            String::new()
        };
        c.cut(
            2,
            "piece",
            role.name(),
            format!("{name}: the piece on the target after the move, {}.{after}", role_words(role)),
        )
        .squares = at.reached();
    }
    c.finish()
}

/// The target of a KIF or KI2 move: a square (`７六`) or `同` (the square
/// the previous move went to).
fn japanese_target(c: &mut Cutter<'_>, at: &Coordinate) {
    let to = at.to.clone();
    if c.peek(0) == Some('同') {
        c.cut(1, "to", to.as_str(), format!("同: the same square as the previous move's target, {to}.")).squares =
            at.reached();
    } else if let Some((_, bytes, _)) = crate::notation::ja_square(c.rest()) {
        let written = c.rest().get(..bytes).unwrap_or_default().to_owned();
        c.cut_bytes(
            bytes,
            "to",
            to.as_str(),
            format!("{written}: the square the piece goes to, the file in a full-width digit and the rank in a kanji numeral: {to}."),
        )
        .squares = at.reached();
    }
}

/// The piece of a KIF or KI2 move, as it stands before the move.
fn japanese_piece(c: &mut Cutter<'_>, at: &Coordinate) {
    c.spaces();
    if let Some((role, bytes, standard)) = crate::notation::ja_piece(c.rest()) {
        let written = c.rest().get(..bytes).unwrap_or_default().to_owned();
        let other = standard.map_or_else(String::new, |s| format!(" ({written} is another spelling of {s})"));
        let verb = if at.from.is_none() { "dropped" } else { "that moves, as it stands before the move" };
        c.cut_bytes(
            bytes,
            "piece",
            role.name(),
            format!("{written}: the piece {verb}, {}{other}.", role_words(role)),
        )
        .squares = if at.from.is_none() { at.reached() } else { at.left() };
    }
}

/// The words after a KIF or KI2 piece: the relative words (KI2), `打`,
/// `成`, `不成` (`生`).
fn japanese_words(c: &mut Cutter<'_>, at: &Coordinate, relative: bool) {
    while let Some(ch) = c.peek(0) {
        let from = at.left();
        match ch {
            '打' => {
                c.cut(1, "drop", "drop", "打: the piece is dropped from the hand onto the target.").squares =
                    at.reached();
            }
            '成' => {
                c.cut(1, "promotion", "promotes", "成: the piece promotes on this move.");
            }
            '不' if c.peek(1) == Some('成') => {
                c.cut(2, "promotion", "declines", "不成: the piece could promote on this move and does not.");
            }
            '生' => {
                c.cut(1, "promotion", "declines", "生: the piece does not promote (an older word for 不成).");
            }
            '右' | '左' | '直' | '上' | '引' | '寄' | '行' | '入' if relative => {
                let meaning = match ch {
                    '右' => {
                        "右: of the pieces of this kind that could go to the target, the one farthest right as its owner sees the board."
                    }
                    '左' => {
                        "左: of the pieces of this kind that could go to the target, the one farthest left as its owner sees the board."
                    }
                    '直' => {
                        "直: of the pieces of this kind that could go to the target, the one that moves straight forward."
                    }
                    '上' => {
                        "上: of the pieces of this kind that could go to the target, the one that moves forward (up the board as its owner sees it)."
                    }
                    '引' => "引: of the pieces of this kind that could go to the target, the one that moves back.",
                    '寄' => {
                        "寄: of the pieces of this kind that could go to the target, the one that moves sideways along its rank."
                    }
                    _ => {
                        "An older word for 上: of the pieces of this kind that could go to the target, the one that moves forward."
                    }
                };
                let value = match ch {
                    '右' => "rightmost",
                    '左' => "leftmost",
                    '直' => "straight forward",
                    '引' => "back",
                    '寄' => "sideways",
                    _ => "forward",
                };
                c.cut(1, "relative", value, meaning).squares = from;
            }
            _ => break,
        }
    }
}

/// The parts of a KIF move: `７六歩(77)`, `同　歩(23)`, `５五角打`,
/// `２三歩成(24)`.
fn kif_parts(text: &str, at: &Coordinate) -> Vec<Part> {
    let mut c = Cutter::new(text);
    c.spaces();
    japanese_target(&mut c, at);
    japanese_piece(&mut c, at);
    japanese_words(&mut c, at, false);
    if c.peek(0) == Some('(')
        && let Some(close) = c.rest().find(')')
    {
        let written = c.rest().get(1..close).unwrap_or_default().to_owned();
        let from = at.from.clone().unwrap_or_default();
        c.cut_bytes(
            close + 1,
            "from",
            from.as_str(),
            format!("({written}): the square the piece came from, file then rank in ASCII digits: {from}."),
        )
        .squares = at.left();
    }
    c.finish()
}

/// The parts of a KI2 move: `▲７六歩`, `△同銀右`, `▲６八銀右引`,
/// `▲６三銀打`, `△７七角不成`.
fn ki2_parts(text: &str, at: &Coordinate) -> Vec<Part> {
    let mut c = Cutter::new(text);
    c.spaces();
    if let Some(mark @ ('▲' | '△' | '☗' | '☖')) = c.peek(0) {
        let color = if matches!(mark, '▲' | '☗') { Color::White } else { Color::Black };
        c.cut(1, "side", color_name(color), format!("{mark}: the side that moves, {}.", side_words(color)));
    }
    japanese_target(&mut c, at);
    japanese_piece(&mut c, at);
    japanese_words(&mut c, at, true);
    c.finish()
}

/// A square as Western notation writes it (`7f`, or `numeric` `76`) at the
/// current character.
fn western_square(c: &Cutter<'_>, numeric: bool) -> Option<String> {
    let s = c.rest().get(..2)?;
    let square = if numeric { Square::parse_digits(s.as_bytes()) } else { Square::parse(s.as_bytes()) };
    square.map(|_| s.to_owned())
}

/// The parts of a Western (Hodges) move: `P-7f`, `Bx2b+`, `S5cx4d`, `P*5e`,
/// `+R4d-4f`, `S-4h=`; `numeric`, Hodges with numbers: `P-76`, `G68-58`.
fn western_parts(text: &str, at: &Coordinate, numeric: bool) -> Vec<Part> {
    let mut c = Cutter::new(text);
    c.spaces();
    let promoted = c.peek(0) == Some('+');
    let letter = c.peek(usize::from(promoted)).filter(char::is_ascii_alphabetic);
    if let Some(role) = letter.and_then(|l| Role::from_letter(l as u8, promoted)) {
        let written: String =
            if promoted { format!("+{}", letter.unwrap_or('?')) } else { letter.unwrap_or('?').to_string() };
        let how = if promoted { ", + marking a promoted piece" } else { "" };
        let verb = if at.from.is_none() { "dropped" } else { "that moves" };
        c.cut(
            1 + usize::from(promoted),
            "piece",
            role.name(),
            format!("{written}: the piece {verb}, {}{how}.", role_words(role)),
        )
        .squares = if at.from.is_none() { at.reached() } else { at.left() };
    }
    if let Some(from) = western_square(&c, numeric)
        && c.rest().get(2..).is_some_and(|r| r.starts_with(['-', 'x', '*']))
    {
        c.cut(2, "from", from.as_str(), format!("{from}: the square the piece leaves, written because another piece of the kind could go to the same square."))
            .squares = at.left();
    }
    c.mark(&[
        ('-', "separator", "move", "-: a move to an empty square."),
        ('x', "capture", "capture", "x: the move takes the piece on the target square."),
        ('*', "drop", "drop", "*: the piece is dropped from the hand."),
    ]);
    if let Some(to) = western_square(&c, numeric) {
        let rank = if numeric { "number" } else { "letter" };
        c.cut(2, "to", to.as_str(), format!("{to}: the square the piece goes to, its file number and rank {rank}."))
            .squares = at.reached();
    }
    c.mark(&[
        ('+', "promotion", "promotes", "+: the piece promotes on this move."),
        ('=', "promotion", "declines", "=: the piece could promote on this move and does not."),
    ]);
    c.finish()
}
