//! Board notations of Shogi records: the KIF board diagram (BOD) and the
//! CSA position lines, read into and written from an [`Sfen`].
//!
//! `kif-board`, as Kifu for Windows and tsshogi write a KIF start:
//!
//! ```text
//! 後手の持駒：飛　角　金四　歩十七
//!   ９ ８ ７ ６ ５ ４ ３ ２ １
//! +---------------------------+
//! | ・ ・ ・ ・ ・ ・ ・ ・v香|一
//! | ・ ・ ・ ・ 飛 馬 ・ ・v玉|二
//! ...
//! +---------------------------+
//! 先手の持駒：なし
//! 先手番
//! ```
//!
//! Each cell is two characters: ` ` (sente) or `v` (gote), then the piece
//! (`歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍`, also `王` and `竜`), or ` ・`
//! for an empty square. The hands list the pieces with a count in kanji
//! (`歩十七`), `なし` for none; `上手の持駒`/`下手の持駒` (handicap games)
//! are read as gote's and sente's. The turn line is `先手番` or `後手番`
//! (`上手番`/`下手番`); without one, sente moves. Blank lines and `#`
//! comments are skipped.
//!
//! `csa-board`, as the CSA standard (V2.2) describes it: `PI` for the even
//! start, with the squares and pieces removed for a handicap (`PI82HI22KA`);
//! or the nine rows `P1`…`P9`, each nine cells ` * ` or a side and a piece
//! (`-KY`); `P+`/`P-` lines putting pieces on squares or, from `00`, in a
//! hand (`P+00HI00KY`, `00AL` for all the pieces not yet placed, kings
//! aside); and the side to move, `+` or `-`. A `V` version line and `'`
//! comments are skipped.
//!
//! A diagram read is an [`Sfen`] checked for syntax only (move number 1);
//! [`Sfen::validate`](polyfen_core::Setup::validate) and
//! [`Position::from_setup`](crate::Position::from_setup) check the rules.
//! Errors name the line, the column (in characters) and the byte offset.
//!
//! ```
//! use polyfen_shogi::board::BoardNotation;
//! use polyfen_shogi::{START_SFEN, Sfen};
//!
//! let start: Sfen = START_SFEN.parse()?;
//! assert_eq!(BoardNotation::CsaBoard.write(&start), "PI\n+\n");
//! let kif = BoardNotation::KifBoard.write(&start);
//! assert_eq!(BoardNotation::KifBoard.read(&kif)?, start);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use polyfen_core::{Color, Hand, Setup};

use super::csa;
use super::ja::{self, WIDE_SPACE};
use crate::{Board, Piece, Role, START_SFEN, Sfen, ShogiExtras, Square};

/// A board notation of Shogi records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardNotation {
    /// The KIF board diagram (BOD): `kif-board`.
    KifBoard,
    /// The CSA position lines (`PI`, `P1`…`P9`, `P+`, `P-`, the side): `csa-board`.
    CsaBoard,
}

impl BoardNotation {
    /// Both notations.
    pub const ALL: [BoardNotation; 2] = [BoardNotation::KifBoard, BoardNotation::CsaBoard];

    /// The notation's id: `kif-board` or `csa-board`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            BoardNotation::KifBoard => "kif-board",
            BoardNotation::CsaBoard => "csa-board",
        }
    }

    /// Reads a diagram into a setup (move number 1).
    ///
    /// # Errors
    ///
    /// A [`BoardError`] naming the line, column and byte offset at fault.
    pub fn read(self, text: &str) -> Result<Sfen, BoardError> {
        match self {
            BoardNotation::KifBoard => read_kif(text),
            BoardNotation::CsaBoard => read_csa(text),
        }
    }

    /// Writes the board, the hands and the side to move of `setup`, each
    /// line ending with `\n`.
    #[must_use]
    pub fn write(self, setup: &Sfen) -> String {
        match self {
            BoardNotation::KifBoard => write_kif(setup),
            BoardNotation::CsaBoard => write_csa(setup),
        }
    }
}

polyfen_core::display_name!(BoardNotation, name, pad);

/// A name that is not one of the board notations.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a Shogi board notation: expected kif-board or csa-board")]
pub struct UnknownBoardNotation(pub String);

polyfen_core::from_name!(BoardNotation, name, UnknownBoardNotation, |s: &str| UnknownBoardNotation(s.to_owned()));

/// A diagram that could not be read: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct BoardError {
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
    /// The byte offset in the whole text.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

/// A line of the text: its number (from 1), its byte offset, and the text
/// without its line end.
#[derive(Clone, Copy)]
struct Line<'a> {
    number: usize,
    offset: usize,
    text: &'a str,
}

impl Line<'_> {
    /// An error at byte `at` of the line.
    fn error(&self, at: usize, message: impl Into<String>) -> BoardError {
        let at = (0..=at.min(self.text.len())).rev().find(|&i| self.text.is_char_boundary(i)).unwrap_or(0);
        let column = self.text.get(..at).map_or(0, |t| t.chars().count()) + 1;
        BoardError { line: self.number, column, offset: self.offset + at, message: message.into() }
    }
}

fn lines(text: &str) -> impl Iterator<Item = Line<'_>> {
    let mut offset = 0;
    text.split('\n').enumerate().map(move |(i, raw)| {
        let line = Line { number: i + 1, offset, text: raw.strip_suffix('\r').unwrap_or(raw) };
        offset += raw.len() + 1;
        line
    })
}

fn empty_setup(turn: Color, hand: Hand) -> Sfen {
    Setup { board: [None; 81], extras: ShogiExtras { turn, hand, move_number: 1 } }
}

// ---------------------------------------------------------------- KIF ----

/// The kanji of a piece in a diagram cell (one character).
const fn cell_kanji(role: Role) -> char {
    match role {
        Role::Pawn => '歩',
        Role::Lance => '香',
        Role::Knight => '桂',
        Role::Silver => '銀',
        Role::Gold => '金',
        Role::Bishop => '角',
        Role::Rook => '飛',
        Role::King => '玉',
        Role::Tokin => 'と',
        Role::PromotedLance => '杏',
        Role::PromotedKnight => '圭',
        Role::PromotedSilver => '全',
        Role::Horse => '馬',
        Role::Dragon => '龍',
    }
}

/// The role of a cell's kanji.
fn cell_role(c: char) -> Option<Role> {
    let mut buf = [0; 4];
    ja::read_piece(c.encode_utf8(&mut buf)).map(|(role, _, _)| role)
}

/// A count in kanji, none for one: `二`…`九`, `十`, `十一`…`十八`, and
/// past the eighteen a hand can hold in a game, `二十`, `百二十` … (a
/// position may hold more, which its reading refuses).
fn kanji_count(n: u8) -> String {
    let mut out = String::new();
    if n <= 1 {
        return out;
    }
    let digit = |d: u8| ja::RANKS[usize::from(d.clamp(1, 9) - 1)];
    for (value, unit) in [(n / 100, '百'), (n / 10 % 10, '十')] {
        if value > 1 {
            out.push(digit(value));
        }
        if value > 0 {
            out.push(unit);
        }
    }
    if !n.is_multiple_of(10) {
        out.push(digit(n % 10));
    }
    out
}

/// Reads a count in kanji (`一`…`九`, `十`, `十三`, `二十`); `None` for
/// anything else.
fn read_kanji_count(text: &str) -> Option<u32> {
    let digit = |c: char| ja::RANKS.iter().position(|&r| r == c).map(|i| i as u32 + 1);
    let chars: Vec<char> = text.chars().collect();
    match chars.as_slice() {
        [] => Some(1),
        [d] if *d == '十' => Some(10),
        [d] => digit(*d),
        ['十', d] => digit(*d).map(|n| 10 + n),
        [t, '十'] => digit(*t).map(|n| n * 10),
        [t, '十', d] => Some(digit(*t)? * 10 + digit(*d)?),
        _ => None,
    }
}

fn write_kif_hand(out: &mut String, label: &str, hand: &Hand, color: Color) {
    out.push_str(label);
    out.push('：');
    if hand.total(color) == 0 {
        out.push_str("なし");
    }
    for (k, role) in Role::HAND.iter().enumerate() {
        let n = hand.count(color, k);
        if n > 0 {
            out.push(cell_kanji(*role));
            out.push_str(&kanji_count(n));
            out.push(WIDE_SPACE);
        }
    }
    out.push('\n');
}

fn write_kif(setup: &Sfen) -> String {
    let mut out = String::new();
    write_kif_hand(&mut out, "後手の持駒", &setup.extras.hand, Color::Black);
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n");
    out.push_str(FRAME);
    out.push('\n');
    for (row, cells) in setup.board.chunks(9).enumerate() {
        out.push('|');
        for cell in cells {
            match cell {
                None => out.push_str(" ・"),
                Some(p) => {
                    out.push(if p.color == Color::White { ' ' } else { 'v' });
                    out.push(cell_kanji(p.role));
                }
            }
        }
        out.push('|');
        out.push(ja::RANKS[row]);
        out.push('\n');
    }
    out.push_str(FRAME);
    out.push('\n');
    write_kif_hand(&mut out, "先手の持駒", &setup.extras.hand, Color::White);
    out.push_str(if setup.extras.turn == Color::White { "先手番\n" } else { "後手番\n" });
    out
}

const FRAME: &str = "+---------------------------+";

/// The hand labels: (label, side).
const HAND_LABELS: [(&str, Color); 4] = [
    ("後手の持駒", Color::Black),
    ("上手の持駒", Color::Black),
    ("先手の持駒", Color::White),
    ("下手の持駒", Color::White),
];

fn read_kif_hand(line: Line<'_>, after: usize, color: Color, hand: &mut Hand) -> Result<(), BoardError> {
    let text = line.text.get(after..).unwrap_or("");
    let base = text.as_ptr() as usize;
    for token in text.split([WIDE_SPACE, ' ']) {
        let start = after + (token.as_ptr() as usize - base);
        if token.is_empty() || token == "なし" {
            continue;
        }
        let mut chars = token.chars();
        let role = chars.next().and_then(cell_role).filter(|r| r.hand_index().is_some()).ok_or_else(|| {
            line.error(
                start,
                format!("{token:?} is not a piece in hand: 飛 角 金 銀 桂 香 歩, a count in kanji after it"),
            )
        })?;
        let count = read_kanji_count(chars.as_str()).filter(|&n| n <= 18).ok_or_else(|| {
            line.error(
                start + token.chars().next().map_or(0, char::len_utf8),
                format!("{token:?}: the count is not a number in kanji from 二 to 十八"),
            )
        })?;
        let k = role.hand_index().unwrap_or(0);
        let total = u32::from(hand.count(color, k)) + count;
        hand.set(color, k, u8::try_from(total.min(255)).unwrap_or(u8::MAX));
    }
    Ok(())
}

/// Reads a KIF board diagram.
fn read_kif(text: &str) -> Result<Sfen, BoardError> {
    let mut setup = empty_setup(Color::White, Hand::EMPTY);
    let mut rows = 0usize;
    let mut last = None;
    let mut seen_frame = 0;
    for line in lines(text) {
        last = Some(line);
        let t = line.text.trim_end_matches([' ', WIDE_SPACE]);
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if let Some((label, color)) = HAND_LABELS.iter().find(|(label, _)| t.starts_with(label)) {
            let colon = label.len();
            if !t.get(colon..).is_some_and(|rest| rest.starts_with('：')) {
                return Err(line.error(colon, "expected '：' after the hand's label"));
            }
            read_kif_hand(line, colon + '：'.len_utf8(), *color, &mut setup.extras.hand)?;
            continue;
        }
        match t {
            "先手番" | "下手番" => {
                setup.extras.turn = Color::White;
                continue;
            }
            "後手番" | "上手番" => {
                setup.extras.turn = Color::Black;
                continue;
            }
            FRAME => {
                seen_frame += 1;
                continue;
            }
            _ => {}
        }
        if t.trim_start().starts_with('９') {
            let header: String = t.chars().filter(|c| *c != ' ').collect();
            if header != "９８７６５４３２１" {
                return Err(line.error(0, "expected the file header '  ９ ８ ７ ６ ５ ４ ３ ２ １'"));
            }
            continue;
        }
        if t.starts_with('|') {
            if rows == 9 {
                return Err(line.error(0, "a tenth row: the board has nine"));
            }
            read_kif_row(line, rows, &mut setup.board)?;
            rows += 1;
            continue;
        }
        return Err(line.error(0, "expected a line of a board diagram: a hand (後手の持駒：), the file header, a frame, a row (| ・ ...|一) or the turn (先手番, 後手番)"));
    }
    if rows < 9 || seen_frame == 1 {
        let line = last.unwrap_or(Line { number: 1, offset: 0, text: "" });
        let message = if rows < 9 {
            format!("the diagram has {rows} rows, not nine")
        } else {
            "the frame is not closed".to_owned()
        };
        return Err(line.error(line.text.len(), message));
    }
    Ok(setup)
}

fn read_kif_row(line: Line<'_>, row: usize, board: &mut Board) -> Result<(), BoardError> {
    let mut at = 1; // after '|'
    let text = line.text;
    for column in 0..9 {
        let mut chars = text.get(at..).unwrap_or("").chars();
        let side = chars.next().ok_or_else(|| line.error(at, "the row ends before its ninth square"))?;
        let color = match side {
            ' ' => Color::White,
            'v' => Color::Black,
            _ => {
                return Err(line.error(
                    at,
                    format!("unexpected {side:?}: a square is ' ' (sente) or 'v' (gote) then a piece, or ' ・'"),
                ));
            }
        };
        let piece_at = at + side.len_utf8();
        let kanji = chars.next().ok_or_else(|| line.error(piece_at, "the row ends before its ninth square"))?;
        if kanji != '・' {
            let role = cell_role(kanji).ok_or_else(|| {
                line.error(
                    piece_at,
                    format!("unexpected {kanji:?}: expected a piece (歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍) or ・"),
                )
            })?;
            if let Some(cell) = board.get_mut(row * 9 + column) {
                *cell = Some(Piece::new(color, role));
            }
        } else if side != ' ' {
            return Err(line.error(at, "an empty square is written ' ・'"));
        }
        at = piece_at + kanji.len_utf8();
    }
    let rest = text.get(at..).unwrap_or("");
    let Some(after) = rest.strip_prefix('|') else {
        return Err(line.error(at, "expected '|' after the ninth square"));
    };
    let rank = after.trim_end_matches([' ', WIDE_SPACE]);
    if !rank.is_empty() && !rank.starts_with(ja::RANKS[row]) {
        return Err(line.error(at + 1, format!("expected the rank {} for row {}", ja::RANKS[row], row + 1)));
    }
    Ok(())
}

// ---------------------------------------------------------------- CSA ----

/// The even start's board.
fn start_board() -> Board {
    START_SFEN.parse::<Sfen>().map_or([None; 81], |s| s.board)
}

fn write_csa(setup: &Sfen) -> String {
    let mut out = String::new();
    let start = start_board();
    let removed_only =
        setup.extras.hand.is_empty() && setup.board.iter().zip(&start).all(|(now, then)| now.is_none() || now == then);
    if removed_only {
        out.push_str("PI");
        for sq in Square::all() {
            if let (None, Some(p)) = (setup.board[sq.index()], start[sq.index()]) {
                csa::push_square(&mut out, sq);
                out.push_str(csa::name(p.role));
            }
        }
        out.push('\n');
    } else {
        for (row, cells) in setup.board.chunks(9).enumerate() {
            out.push('P');
            out.push(char::from(b'1' + row as u8));
            for cell in cells {
                match cell {
                    None => out.push_str(" * "),
                    Some(p) => {
                        out.push(csa::sign(p.color));
                        out.push_str(csa::name(p.role));
                    }
                }
            }
            out.push('\n');
        }
        for color in Color::ALL {
            if setup.extras.hand.total(color) == 0 {
                continue;
            }
            out.push('P');
            out.push(csa::sign(color));
            for (k, role) in Role::HAND.iter().enumerate() {
                for _ in 0..setup.extras.hand.count(color, k) {
                    out.push_str("00");
                    out.push_str(csa::name(*role));
                }
            }
            out.push('\n');
        }
    }
    out.push(csa::sign(setup.extras.turn));
    out.push('\n');
    out
}

/// A square of two digits at `at` of the line: `None` for `00`.
fn csa_square(line: Line<'_>, at: usize) -> Result<Option<Square>, BoardError> {
    let b = line.text.as_bytes();
    let digit = |i: usize| b.get(i).filter(|d| d.is_ascii_digit()).map(|d| d - b'0');
    let (Some(f), Some(r)) = (digit(at), digit(at + 1)) else {
        return Err(line.error(at, "expected a square of two digits (00 for a hand)"));
    };
    if (f, r) == (0, 0) {
        return Ok(None);
    }
    Square::new(f, r).map(Some).ok_or_else(|| line.error(at, format!("{f}{r} is not a square (11 to 99)")))
}

fn csa_role(line: Line<'_>, at: usize) -> Result<Role, BoardError> {
    line.text
        .as_bytes()
        .get(at..at + 2)
        .and_then(csa::role_of)
        .ok_or_else(|| line.error(at, "expected a piece: FU KY KE GI KI KA HI OU TO NY NK NG UM RY"))
}

/// Reads CSA position lines.
fn read_csa(text: &str) -> Result<Sfen, BoardError> {
    let mut setup = empty_setup(Color::White, Hand::EMPTY);
    let mut turn = None;
    let mut last = None;
    let mut rows_seen = [false; 9];
    let mut all_rest: Option<(Color, Line<'_>)> = None;
    for line in lines(text) {
        last = Some(line);
        let row_text = line.text.trim_end();
        let bytes = row_text.as_bytes();
        if row_text.is_empty()
            || row_text.starts_with('\'')
            || (row_text.starts_with('V') && bytes.get(1).is_some_and(u8::is_ascii_digit))
        {
            continue;
        }
        if turn.is_some() {
            return Err(line.error(0, "the side to move ends the position: nothing may follow it"));
        }
        match bytes {
            [b'+'] => turn = Some(Color::White),
            [b'-'] => turn = Some(Color::Black),
            [b'P', b'I', ..] => {
                setup.board = start_board();
                let mut at = 2;
                while at < row_text.len() {
                    let sq = csa_square(line, at)?
                        .ok_or_else(|| line.error(at, "PI removes pieces from squares, not 00"))?;
                    let role = csa_role(line, at + 2)?;
                    match setup.board[sq.index()] {
                        Some(p) if p.role == role => setup.board[sq.index()] = None,
                        _ => {
                            return Err(line.error(
                                at,
                                format!("the even start has no {} on {}{}", csa::name(role), sq.file(), sq.rank()),
                            ));
                        }
                    }
                    at += 4;
                }
            }
            [b'P', d @ b'1'..=b'9', ..] => {
                let row = usize::from(d - b'1');
                rows_seen[row] = true;
                for column in 0..9 {
                    let at = 2 + column * 3;
                    let cell = row_text.get(at..(at + 3).min(row_text.len())).unwrap_or("");
                    let piece = match cell.as_bytes() {
                        [b' ', b'*', ..] => None,
                        [s @ (b'+' | b'-'), ..] => {
                            let color = if *s == b'+' { Color::White } else { Color::Black };
                            Some(Piece::new(color, csa_role(line, at + 1)?))
                        }
                        _ => {
                            return Err(line.error(
                                at,
                                format!(
                                    "expected square {} of rank {}: ' * ' or a side and a piece (+FU)",
                                    9 - column,
                                    row + 1
                                ),
                            ));
                        }
                    };
                    setup.board[row * 9 + column] = piece;
                }
                if row_text.len() > 2 + 27 {
                    return Err(line.error(2 + 27, "a row has nine squares"));
                }
            }
            [b'P', s @ (b'+' | b'-'), ..] => {
                let color = if *s == b'+' { Color::White } else { Color::Black };
                let mut at = 2;
                while at < row_text.len() {
                    let sq = csa_square(line, at)?;
                    if sq.is_none() && row_text.get(at + 2..at + 4) == Some("AL") {
                        if all_rest.is_some() {
                            return Err(line.error(at, "00AL may be written once"));
                        }
                        all_rest = Some((color, line));
                        at += 4;
                        continue;
                    }
                    let role = csa_role(line, at + 2)?;
                    if let Some(sq) = sq {
                        setup.board[sq.index()] = Some(Piece::new(color, role));
                    } else {
                        let k = role
                            .hand_index()
                            .ok_or_else(|| line.error(at + 2, format!("{} cannot be held in hand", csa::name(role))))?;
                        let n = setup.extras.hand.count(color, k);
                        setup.extras.hand.set(color, k, n.saturating_add(1));
                    }
                    at += 4;
                }
            }
            _ => {
                return Err(
                    line.error(0, "expected a position line: PI, P1 to P9, P+, P-, or the side to move (+ or -)")
                );
            }
        }
    }
    if let Some((color, _line)) = all_rest {
        for (k, role) in Role::HAND.iter().enumerate() {
            let used: u32 = setup.board.iter().flatten().filter(|p| p.role.unpromoted() == *role).count() as u32
                + u32::from(setup.extras.hand.count(Color::White, k))
                + u32::from(setup.extras.hand.count(Color::Black, k));
            let rest = role.set_count().saturating_sub(used);
            let n = u32::from(setup.extras.hand.count(color, k)) + rest;
            setup.extras.hand.set(color, k, u8::try_from(n).unwrap_or(u8::MAX));
        }
    }
    let Some(turn) = turn else {
        let line = last.unwrap_or(Line { number: 1, offset: 0, text: "" });
        return Err(line.error(line.text.len(), "the side to move is missing: a last line '+' (sente) or '-' (gote)"));
    };
    setup.extras.turn = turn;
    Ok(setup)
}

#[cfg(test)]
mod tests {
    use super::{kanji_count, read_kanji_count};

    #[test]
    fn counts_are_written_in_kanji_and_read_back() {
        for (n, kanji) in [
            (1, ""),
            (2, "二"),
            (10, "十"),
            (17, "十七"),
            (20, "二十"),
            (26, "二十六"),
            (120, "百二十"),
            (255, "二百五十五"),
        ] {
            assert_eq!(kanji_count(n), kanji, "{n}");
        }
        for n in 2..=99u8 {
            assert_eq!(read_kanji_count(&kanji_count(n)), Some(u32::from(n)), "{n}");
        }
    }
}
