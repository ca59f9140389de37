//! Positions of a game defined at run time, in Fairy-Stockfish's FEN: the
//! board through polyfen-core's one placement codec (an [`Alphabet`] made
//! from the definition: boards up to 16×16, decimal runs, walls `*`,
//! Shogi-style `+` before a letter, crazyhouse's `~` after it), the pocket
//! `[..]`, and the fields Fairy-Stockfish reads: side, castling (with
//! Seirawan's gating files), en passant squares, check counters (`3+3`, and
//! lichess's `+0+0`), the move counters. The short forms Fairy-Stockfish
//! accepts (`w 0 1`, no castling or en passant field) read; [`FairySetup`]
//! writes the full form `pyffish.get_fen` writes.

use core::fmt;
use core::fmt::Write as _;
use std::borrow::Cow;

use polyfen_core::codec::{self, Alphabet};
use polyfen_core::{Color, Fields, Leniency, ParseError, ParseErrorKind, PlacementSpec, WriteStyle};

use crate::definition::Definition;
use crate::keys::Field;
use crate::piece::PieceKind;
use crate::value::Value;

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its type.
    pub kind: PieceKind,
    /// The type it was before a Shogi-style promotion (written `+` and that
    /// type's letter), if it is promoted so.
    pub base: Option<PieceKind>,
    /// A crazyhouse-style promoted piece (written with `~` after it): it
    /// goes to the hand as the pawn it was.
    pub tilde: bool,
}

/// What a cell of the board holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A piece.
    Piece(Piece),
    /// A wall (`*`): no piece may stand on it or pass it.
    Wall,
}

/// Adds the pieces `text` names, which starts at byte `start` of `input`,
/// to `pocket`.
///
/// # Errors
///
/// The first byte that is not a piece letter of the game.
fn read_pocket(
    letters: &Letters,
    input: &str,
    text: &str,
    start: usize,
    pocket: &mut Pocket,
) -> Result<(), ParseError> {
    for (i, b) in text.bytes().enumerate() {
        let Some((color, kind)) = letters.kind_of(b) else {
            return Err(ParseError::unexpected(input, start + i, "pocket", "a piece letter of the game"));
        };
        pocket.add(color, kind);
    }
    Ok(())
}

/// The letters and board of one game, for the codec.
#[derive(Clone, Debug)]
pub struct Letters {
    spec: PlacementSpec,
    table: [Option<PieceKind>; 128],
    letter: [u8; 64],
    promoted: [Option<PieceKind>; 64],
}

impl Letters {
    /// The letters of `def`'s pieces (synonyms included).
    pub fn new(def: &Definition) -> Letters {
        let spec = PlacementSpec::grid(def.files().clamp(1, 16), def.ranks().clamp(1, 16))
            .prefix(b'+')
            .suffix(b'~')
            .expecting("a piece letter, a run of empty squares, '*', '+', '~' or '/'");
        let mut table = [None; 128];
        let mut letter = [0u8; 64];
        for kind in def.pieces() {
            if let Some(c) = def.letter(kind).filter(char::is_ascii_alphabetic) {
                table[c as usize & 127] = Some(kind);
                letter[usize::from(kind.index()) & 63] = c as u8;
            }
        }
        if let Value::PieceLetters(map) = def.get(Field::PieceSynonyms) {
            for (kind, c) in map {
                if c.is_ascii_alphabetic() && table[*c as usize & 127].is_none() {
                    table[*c as usize & 127] = Some(*kind);
                }
            }
        }
        let mut promoted = [None; 64];
        if let Value::PiecePieces(map) = def.get(Field::PromotedPieceType) {
            for (from, to) in map {
                promoted[usize::from(from.index()) & 63] = *to;
            }
        }
        Letters { spec, table, letter, promoted }
    }

    /// The type a lowercase or uppercase letter names, and the side its case
    /// gives.
    pub fn kind_of(&self, letter: u8) -> Option<(Color, PieceKind)> {
        let color = Color::of_ascii_case(letter)?;
        let kind = (*self.table.get(usize::from(letter.to_ascii_lowercase()))?)?;
        Some((color, kind))
    }

    /// The lowercase letter of a type (0 if it has none).
    pub fn letter(&self, kind: PieceKind) -> u8 {
        self.letter[usize::from(kind.index()) & 63]
    }

    /// What a type promotes to, Shogi-style, if anything.
    pub fn promoted(&self, kind: PieceKind) -> Option<PieceKind> {
        self.promoted[usize::from(kind.index()) & 63]
    }
}

impl Alphabet for Letters {
    type Piece = Cell;

    fn spec(&self) -> &PlacementSpec {
        &self.spec
    }

    fn piece(&self, letter: u8, prefixed: bool, suffixed: bool) -> Option<Cell> {
        if letter == b'*' {
            return (!prefixed && !suffixed).then_some(Cell::Wall);
        }
        let (color, kind) = self.kind_of(letter)?;
        if prefixed {
            let to = self.promoted(kind)?;
            return Some(Cell::Piece(Piece { color, kind: to, base: Some(kind), tilde: false }));
        }
        Some(Cell::Piece(Piece { color, kind, base: None, tilde: suffixed }))
    }

    fn write_piece(&self, cell: Cell, out: &mut String) {
        match cell {
            Cell::Wall => out.push('*'),
            Cell::Piece(p) => {
                let kind = if let Some(base) = p.base {
                    out.push('+');
                    base
                } else {
                    p.kind
                };
                let c = match self.letter(kind) {
                    0 => b'?',
                    c => c,
                };
                out.push(p.color.case(c) as char);
                if p.tilde {
                    out.push('~');
                }
            }
        }
    }

    fn decimal_runs(&self) -> bool {
        true
    }

    fn notation_name(&self) -> &'static str {
        "Fairy-Stockfish FEN"
    }
}

/// The pieces in hand, per side, per type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pocket {
    counts: [[u8; 64]; 2],
}

impl Default for Pocket {
    fn default() -> Self {
        Pocket { counts: [[0; 64]; 2] }
    }
}

impl Pocket {
    /// How many of `kind` `color` holds.
    pub fn count(&self, color: Color, kind: PieceKind) -> u8 {
        self.counts[color.index()][usize::from(kind.index()) & 63]
    }

    /// Adds one.
    pub fn add(&mut self, color: Color, kind: PieceKind) {
        let n = &mut self.counts[color.index()][usize::from(kind.index()) & 63];
        *n = n.saturating_add(1);
    }

    /// Takes one away (nothing if there is none).
    pub fn remove(&mut self, color: Color, kind: PieceKind) {
        let n = &mut self.counts[color.index()][usize::from(kind.index()) & 63];
        *n = n.saturating_sub(1);
    }

    /// The types `color` holds at least one of, the highest first.
    pub fn kinds(&self, color: Color) -> impl Iterator<Item = PieceKind> + '_ {
        (1..64u8).rev().filter_map(PieceKind::from_index).filter(move |k| self.count(color, *k) > 0)
    }
}

/// A position of a game defined at run time, as its FEN says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FairySetup {
    /// Files and ranks.
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
    /// The cells, indexed `rank * files + file` from white's side.
    pub board: Vec<Option<Cell>>,
    /// The pieces in hand (empty when the FEN writes none).
    pub pocket: Pocket,
    /// Whether the game writes a pocket (drops or Seirawan gating).
    pub has_pocket: bool,
    /// The side to move.
    pub side: Color,
    /// The castling and gating field as read (`-` for none).
    pub castling: String,
    /// The en passant squares (file, rank, from 0).
    pub en_passant: Vec<(u8, u8)>,
    /// Checks each side may still give, in a check-counting game.
    pub checks: Option<[u8; 2]>,
    /// The counting limit in plies of a Makruk-style counting game, written
    /// in the en passant field's place while a count runs (`None`: no count
    /// runs); the halfmove field then holds the plies counted.
    pub counting: Option<u32>,
    /// The halfmove clock (the plies counted, while a count runs).
    pub halfmove: u32,
    /// The fullmove number.
    pub fullmove: u32,
}

/// One rule a setup breaks, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation(pub String);

impl Piece {
    /// The type whose letter the piece is written with: a Shogi-style
    /// promoted piece's base (`+p`), else its own.
    pub fn letter_kind(&self) -> PieceKind {
        self.base.unwrap_or(self.kind)
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn invalid(field: &'static str, message: impl Into<Cow<'static, str>>, span: core::ops::Range<usize>) -> ParseError {
    ParseError::new(ParseErrorKind::Invalid { field, message: message.into() }, span)
}

/// A square's name as Fairy-Stockfish writes it (`a1`, `p16`).
pub fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", char::from(b'a' + file), u32::from(rank) + 1)
}

/// Reads a square name (`a10`) on a board of `files` × `ranks`.
pub fn parse_square(text: &str, files: u8, ranks: u8) -> Option<(u8, u8)> {
    let bytes = text.as_bytes();
    let file = bytes.first()?.checked_sub(b'a')?;
    let digits = text.get(1..)?;
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    let rank: u8 = digits.parse().ok()?;
    (file < files && (1..=ranks).contains(&rank)).then_some((file, rank - 1))
}

impl FairySetup {
    /// Reads a FEN of the game `def` defines, in any form Fairy-Stockfish
    /// reads.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the byte span of the first thing that does not
    /// fit: the board's size, an unknown piece letter, the pocket, a field.
    pub fn parse(def: &Definition, letters: &Letters, input: &str) -> Result<FairySetup, ParseError> {
        let spec = *letters.spec();
        let (files, ranks) = (spec.files, spec.ranks);
        let mut fields = Fields::new(input);
        let Some(placement) = fields.next() else {
            return Err(ParseError::new(ParseErrorKind::Empty { expected: "a placement" }, 0..0));
        };
        let mut rows = placement.text;
        let mut pocket = Pocket::default();
        let mut written_pocket = false;
        if let Some(open) = rows.find('[') {
            let inside = &rows[open + 1..];
            let Some(close) = inside.find(']') else {
                return Err(invalid(
                    "pocket",
                    "a '[' with no ']'",
                    placement.start + open..placement.start + rows.len(),
                ));
            };
            if close + 1 != inside.len() {
                let at = placement.start + open + 1 + close + 1;
                return Err(invalid("pocket", "text after the pocket's ']'", at..placement.start + rows.len()));
            }
            if &inside[..close] != "-" {
                read_pocket(letters, input, &inside[..close], placement.start + open + 1, &mut pocket)?;
            }
            written_pocket = true;
            rows = &rows[..open];
        }
        // A pocket may also be written as one more rank (`.../4K3/Qn`).
        let drops = def.flag(Field::PieceDrops) || def.flag(Field::SeirawanGating);
        if !written_pocket && drops && rows.matches('/').count() == usize::from(ranks) {
            let cut = rows.rfind('/').unwrap_or(rows.len());
            read_pocket(letters, input, &rows[cut + 1..], placement.start + cut + 1, &mut pocket)?;
            written_pocket = true;
            rows = &rows[..cut];
        }
        let mut board = vec![None; spec.cells()];
        codec::decode_placement_in(letters, rows, placement.start, &Leniency::default(), &mut board, &mut Vec::new())?;
        let mut setup = FairySetup {
            files,
            ranks,
            board,
            pocket,
            has_pocket: written_pocket
                || (def.flag(Field::PieceDrops) && !def.flag(Field::FreeDrops))
                || def.flag(Field::SeirawanGating),
            side: Color::White,
            castling: "-".to_owned(),
            en_passant: Vec::new(),
            checks: def.flag(Field::CheckCounting).then(|| start_checks(def)),
            counting: None,
            halfmove: 0,
            fullmove: 1,
        };
        let mut rest: Vec<polyfen_core::Field<'_>> = fields.collect();
        rest.reverse();
        if let Some(side) = rest.pop() {
            setup.side = match side.text {
                "w" => Color::White,
                "b" => Color::Black,
                _ => return Err(invalid("side to move", "expected w or b", side.span())),
            };
        }
        let castling_like = |t: &str| t == "-" || t.bytes().all(|b| b.is_ascii_alphabetic());
        if let Some(field) = rest.last().copied().filter(|f| castling_like(f.text)) {
            rest.pop();
            if field.text != "-" {
                for (i, b) in field.text.bytes().enumerate() {
                    let ok = matches!(b, b'K' | b'Q' | b'k' | b'q')
                        || (b.to_ascii_lowercase() >= b'a' && b.to_ascii_lowercase() < b'a' + files);
                    if !ok {
                        return Err(invalid(
                            "castling",
                            format!(
                                "{:?} is no castling right (K, Q or a file a–{})",
                                b as char,
                                char::from(b'a' + files - 1)
                            ),
                            field.start + i..field.start + i + 1,
                        ));
                    }
                }
            }
            field.text.clone_into(&mut setup.castling);
        }
        let ep_like = |t: &str| t == "-" || t.as_bytes().first().is_some_and(u8::is_ascii_lowercase);
        if let Some(field) = rest.last().copied().filter(|f| ep_like(f.text)) {
            rest.pop();
            if field.text != "-" {
                setup.en_passant = parse_squares(field.text, files, ranks).ok_or_else(|| {
                    invalid("en passant", "expected '-' or squares of the board (e3, d5c6)", field.span())
                })?;
            }
        }
        // Makruk-style counting games may give the counting limit here.
        let counting = !matches!(def.get(Field::CountingRule), Value::CountingRule(crate::value::CountingRule::None));
        let digits = |f: &polyfen_core::Field<'_>| !f.text.is_empty() && f.text.bytes().all(|b| b.is_ascii_digit());
        if counting
            && rest.last().is_some_and(digits)
            && rest.iter().filter(|f| digits(f)).count() >= 3
            && let Some(field) = rest.pop()
        {
            let limit = field.number("counting limit", 0, 10_000)?;
            setup.counting = (limit > 0).then_some(limit);
        }
        // Lichess writes the check counter last (`0 1 +2+0`).
        if rest.len() >= 3 && rest[0].text.starts_with('+') && !rest.last().is_some_and(|f| f.text.contains('+')) {
            let last = rest.remove(0);
            rest.push(last);
        }
        if let Some(field) = rest.last().copied().filter(|f| f.text.contains('+')) {
            rest.pop();
            let (lichess, text) = match field.text.strip_prefix('+') {
                Some(t) => (true, t),
                None => (false, field.text),
            };
            let parsed = text.split_once('+').and_then(|(a, b)| Some((a.parse::<u8>().ok()?, b.parse::<u8>().ok()?)));
            let Some((w, b)) = parsed else {
                return Err(invalid("check counter", "expected checks left as 3+3, or given as +0+0", field.span()));
            };
            setup.checks = Some(if lichess { [3u8.saturating_sub(w), 3u8.saturating_sub(b)] } else { [w, b] });
        }
        if let Some(field) = rest.pop() {
            setup.halfmove = field.number("halfmove clock", 0, 1_000_000)?;
        }
        if let Some(field) = rest.pop() {
            setup.fullmove = field.number("fullmove number", 0, 1_000_000)?.max(1);
        }
        if let Some(field) = rest.pop() {
            return Err(invalid("position", "a field after the fullmove number", field.start..input.len()));
        }
        Ok(setup)
    }

    /// The cell at (`file`, `rank`), from 0.
    pub fn at(&self, file: u8, rank: u8) -> Option<Cell> {
        if file >= self.files || rank >= self.ranks {
            return None;
        }
        self.board.get(usize::from(rank) * usize::from(self.files) + usize::from(file)).copied().flatten()
    }

    /// The FEN as `pyffish.get_fen` writes it.
    pub fn write(&self, letters: &Letters) -> String {
        let mut out = String::with_capacity(96);
        codec::encode_placement_in(letters, &self.board, WriteStyle::default(), &mut out);
        if self.has_pocket {
            out.push('[');
            for color in Color::ALL {
                for kind in self.pocket.kinds(color) {
                    let c = color.case(letters.letter(kind)) as char;
                    for _ in 0..self.pocket.count(color, kind) {
                        out.push(c);
                    }
                }
            }
            out.push(']');
        }
        out.push_str(if self.side == Color::White { " w " } else { " b " });
        out.push_str(&self.castling);
        out.push(' ');
        if let Some(limit) = self.counting {
            let _ = write!(out, "{limit}");
        } else if self.en_passant.is_empty() {
            out.push('-');
        }
        for &(f, r) in self.en_passant.iter().filter(|_| self.counting.is_none()) {
            out.push_str(&square_name(f, r));
        }
        if let Some([w, b]) = self.checks {
            let _ = write!(out, " {w}+{b}");
        }
        let _ = write!(out, " {} {}", self.halfmove, self.fullmove);
        out
    }

    /// Every rule of `def` the setup breaks, as Fairy-Stockfish's
    /// `validate_fen` refuses them, each in words; empty when it may be
    /// played: a game with a king has as many of each side's (on the board
    /// and in hand) as its start, at most one, and two lone kings that
    /// move as kings do not touch; a pawn stands where it must have
    /// promoted; a castling right has its king on the castling rank, a
    /// castling rook between the king and that side's corner and, where
    /// the game's castling pieces start on known squares, the king and the
    /// rook on theirs; a gating right names a file with a piece on it.
    pub fn validate(&self, def: &Definition, letters: &Letters) -> Vec<Violation> {
        let mut out = Vec::new();
        let start = FairySetup::parse(def, letters, def.text(Field::StartFen)).ok();
        self.validate_kings(def, start.as_ref(), &mut out);
        if def.flag(Field::MandatoryPawnPromotion) && !def.flag(Field::SittuyinPromotion) {
            for (file, rank, p) in self.pieces() {
                let (pawns, region) = match p.color {
                    Color::White => (Field::PromotionPawnTypesWhite, Field::PromotionRegionWhite),
                    Color::Black => (Field::PromotionPawnTypesBlack, Field::PromotionRegionBlack),
                };
                if p.base.is_none()
                    && def.piece_set(pawns).contains(p.kind)
                    && def.region(region).contains(file + 1, rank + 1)
                    && !def.piece_set(Field::PromotionPieceTypesWhite).is_empty()
                {
                    out.push(Violation(format!(
                        "{} {} on {}, a square where it must have promoted",
                        color_name(p.color),
                        p.kind,
                        square_name(file, rank)
                    )));
                }
            }
        }
        if def.flag(Field::Castling) {
            self.validate_castling(def, start.as_ref(), &mut out);
        }
        out
    }

    /// The kings' rules of [`FairySetup::validate`].
    fn validate_kings(&self, def: &Definition, start: Option<&FairySetup>, out: &mut Vec<Violation>) {
        if !def.pieces().any(PieceKind::is_king) {
            return;
        }
        let on_board = |setup: &FairySetup, color: Color| {
            setup.pieces().filter(|(_, _, p)| p.color == color && p.letter_kind().is_king()).count()
        };
        let kings = |setup: &FairySetup, color: Color| {
            on_board(setup, color) + usize::from(setup.pocket.count(color, PieceKind::KING))
        };
        for color in Color::ALL {
            let (name, n) = (color_name(color), kings(self, color));
            let expected = start.map_or(1, |start| kings(start, color));
            if n > 1 {
                out.push(Violation(format!("{name} has {n} kings, expected one")));
            } else if n != expected {
                out.push(Violation(if n == 0 {
                    format!("{name} has no king")
                } else {
                    format!("{name} has a king, where the game starts without one")
                }));
            }
        }
        let plain = def.slot(PieceKind::KING).betza.as_deref().is_none_or(|b| b == "K");
        if plain && on_board(self, Color::White) == 1 && on_board(self, Color::Black) == 1 {
            let [white, black] = Color::ALL.map(|color| self.king_square(color, PieceKind::KING));
            if let (Some((wf, wr)), Some((bf, br))) = (white, black)
                && wf.abs_diff(bf) <= 1
                && wr.abs_diff(br) <= 1
            {
                out.push(Violation(format!(
                    "the kings touch: white's on {}, black's on {}",
                    square_name(wf, wr),
                    square_name(bf, br)
                )));
            }
        }
    }

    /// The square of `color`'s first piece written with `kind`'s letter,
    /// from the first rank up as Fairy-Stockfish looks for it.
    fn king_square(&self, color: Color, kind: PieceKind) -> Option<(u8, u8)> {
        (0..self.ranks).flat_map(|rank| (0..self.files).map(move |file| (file, rank))).find(
            |&(file, rank)| matches!(self.at(file, rank), Some(Cell::Piece(p)) if p.color == color && p.letter_kind() == kind),
        )
    }

    /// The castling and gating rights' rules of [`FairySetup::validate`].
    fn validate_castling(&self, def: &Definition, start: Option<&FairySetup>, out: &mut Vec<Violation>) {
        let known_squares = !def.flag(Field::Chess960) && !def.flag(Field::CastlingDroppedPiece);
        for color in Color::ALL {
            let name = color_name(color);
            let flags: Vec<u8> = self
                .castling
                .bytes()
                .filter(|b| b.is_ascii_alphabetic() && b.is_ascii_uppercase() == (color == Color::White))
                .map(|b| b.to_ascii_lowercase())
                .collect();
            if flags.is_empty() {
                continue;
            }
            let (king_field, rook_field) = match color {
                Color::White => (Field::CastlingKingPieceWhite, Field::CastlingRookPiecesWhite),
                Color::Black => (Field::CastlingKingPieceBlack, Field::CastlingRookPiecesBlack),
            };
            let king_kind = match def.get(king_field) {
                Value::Piece(Some(kind)) => *kind,
                _ => PieceKind::KING,
            };
            let rooks = def.piece_set(rook_field);
            let castling_rank = u8::try_from(def.number(Field::CastlingRank).max(1) - 1).unwrap_or(0);
            let rank = if color == Color::White { castling_rank } else { self.ranks.saturating_sub(castling_rank + 1) };
            let king = self.king_square(color, king_kind);
            let is_rook = |setup: &FairySetup, file: u8, rank: u8| matches!(setup.at(file, rank), Some(Cell::Piece(p)) if p.color == color && rooks.contains(p.letter_kind()));
            let rights: String = flags
                .iter()
                .filter(|&&f| f == b'k' || f == b'q')
                .map(|&f| char::from(if color == Color::White { f.to_ascii_uppercase() } else { f }))
                .collect();
            let on_rank = king.filter(|&(_, r)| r == rank);
            if !rights.is_empty() && on_rank.is_none() {
                let why = if king.is_none() {
                    "who has no king".to_owned()
                } else {
                    format!("whose king is not on its castling rank {}", rank + 1)
                };
                out.push(Violation(format!("castling rights {rights} for {name}, {why}")));
                continue;
            }
            let before = out.len();
            for &flag in &flags {
                let right = char::from(if color == Color::White { flag.to_ascii_uppercase() } else { flag });
                if let Some((king_file, _)) = on_rank.filter(|_| flag == b'k' || flag == b'q') {
                    let mut files: Box<dyn Iterator<Item = u8>> =
                        if flag == b'k' { Box::new((king_file + 1..self.files).rev()) } else { Box::new(0..king_file) };
                    if !files.any(|file| is_rook(self, file, rank)) {
                        let side = if flag == b'k' { "kingside" } else { "queenside" };
                        out.push(Violation(format!("castling right {right:?} for {name}, who has no {side} rook")));
                    }
                } else if flag != b'k' && flag != b'q' && self.at(flag - b'a', rank).is_none() {
                    out.push(Violation(format!(
                        "gating right {right:?} for {name}, with no piece on {}",
                        square_name(flag - b'a', rank)
                    )));
                }
            }
            if out.len() > before {
                continue;
            }
            // where the castling pieces start on known squares, a castling
            // right needs the king and its rook on theirs (a gating right
            // outlives the king's first move)
            let castles: Vec<u8> = flags.iter().copied().filter(|&f| f == b'k' || f == b'q').collect();
            let Some(start) = start.filter(|_| known_squares && !castles.is_empty()) else { continue };
            let start_king = start.king_square(color, king_kind);
            if king != start_king {
                out.push(Violation(format!("castling rights for {name}, whose king has left its start square")));
                continue;
            }
            let Some((king_file, _)) = start_king else { continue };
            for flag in castles {
                // the outermost castling rook of that side in the start
                let mut files: Box<dyn Iterator<Item = u8>> =
                    if flag == b'k' { Box::new((king_file + 1..start.files).rev()) } else { Box::new(0..king_file) };
                if let Some(file) = files.find(|&file| is_rook(start, file, rank))
                    && !is_rook(self, file, rank)
                {
                    let side = if flag == b'k' { "kingside" } else { "queenside" };
                    out.push(Violation(format!(
                        "{side} castling for {name}, whose rook has left {}",
                        square_name(file, rank)
                    )));
                }
            }
        }
    }

    /// The pieces on the board with their file and rank.
    pub fn pieces(&self) -> impl Iterator<Item = (u8, u8, Piece)> + '_ {
        let files = usize::from(self.files);
        self.board.iter().enumerate().filter_map(move |(i, c)| match c {
            Some(Cell::Piece(p)) => Some(((i % files) as u8, (i / files) as u8, *p)),
            _ => None,
        })
    }
}

/// The check counter of the game's start position; where it has none,
/// Fairy-Stockfish's 1+1 (Karouk's: the first check wins).
fn start_checks(def: &Definition) -> [u8; 2] {
    def.text(Field::StartFen)
        .split_whitespace()
        .find_map(|t| {
            let (w, b) = t.split_once('+')?;
            Some([w.parse().ok()?, b.parse().ok()?])
        })
        .unwrap_or([1, 1])
}

fn parse_squares(text: &str, files: u8, ranks: u8) -> Option<Vec<(u8, u8)>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        i += 1;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        out.push(parse_square(text.get(start..i)?, files, ranks)?);
    }
    Some(out)
}

fn color_name(color: Color) -> &'static str {
    if color == Color::White { "white" } else { "black" }
}
