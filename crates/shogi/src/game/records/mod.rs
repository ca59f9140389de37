//! Shogi's own record formats: KIF and KI2 (Kakinoki's, `kif.rs`, which
//! share their headers, board diagram, comments, variations and endings),
//! CSA (`csa.rs`), USI `position` lines (`usi.rs`) and JKF (`jkf.rs`),
//! listed as [`ShogiRecord`] ([`RecordFormats`], which the facade's list
//! of games names), and what their readers share: the
//! text's encoding (a BOM, a declared `encoding=`, else UTF-8 when it is,
//! else `Shift_JIS` (CP932), else EUC-JP), lines with their number and byte
//! offset (errors say `line L, column C:` and carry the byte offset in the
//! decoded text), the tree of moves read line by line with its variations
//! (`変化：N手` replaces move N of the line read last that holds it), the
//! endings (`投了`, `%TORYO`, `まで…`) as a result and a `Termination` tag
//! in words, and a move's time kept as a comment `[%emt H:MM:SS]` (the
//! time the move took; KIF's running total is summed again when written).
//!
//! Every reader is lenient and says so: each non-standard spelling it
//! takes (a peer's move form, a line it skips) is a repair with its place.

mod csa;
mod jkf;
mod kif;
mod usi;

use std::borrow::Cow;

use encoding_rs::Encoding;
use polyfen_core::{Color, MoveRepair};
use polyfen_game::records::{self, Location, Node, PgnRepair, RecordFormats, RecordGames, Variation};
use polyfen_game::{RecordAdapter, RuleError};

use super::{ShogiAdapter, ShogiPosition, move_error};
use crate::game::record::ShogiPos;
use crate::{Move, SETUPS, START_SFEN, Sfen, ShogiMoveNotation};

/// A Shogi game read from one of its record formats.
type Game = records::Record<ShogiPosition>;
/// Why a Shogi record could not be read.
type RecordError = records::RecordError<ShogiPosition>;

/// Shogi's record formats.
///
/// ```
/// use polyfen_game::records::RecordFormats;
/// use polyfen_shogi::ShogiRecord;
///
/// let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:02/00:00:02)\n   2 投了\n";
/// assert_eq!(ShogiRecord::detect(kif.as_bytes()), Some(ShogiRecord::Kif));
/// let game = ShogiRecord::Kif.read(kif.as_bytes()).remove(0).map_err(|e| e.to_string())?;
/// assert_eq!(game.moves[0].mv, "7g7f");
/// assert_eq!(game.moves[0].comments, ["[%emt 0:00:02]"]);
/// assert_eq!((game.result_text(), game.tag("Termination")), ("1-0", Some("resign")));
/// let csa = String::from_utf8(ShogiRecord::Csa.write(&game).expect("written")?)?;
/// assert!(csa.ends_with("PI\n+\n+7776FU\nT2\n%TORYO\n"), "{csa}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShogiRecord {
    /// KIF (Kakinoki): headers, `手合割` or a board diagram, numbered moves
    /// with their origin and time, comments, `変化：N手` variations.
    Kif,
    /// KI2: KIF's headers with the moves as `▲７六歩 △３四歩`.
    Ki2,
    /// CSA (V2.2; V3.0's encoding line read): `N+`, `$` metadata, `PI` or
    /// `P1`…`P9`, moves `+7776FU`, `T` times, `%` endings, `/` between games.
    Csa,
    /// USI `position` lines, one game a line: `position startpos moves
    /// 7g7f 3c3d`, `position sfen <sfen> moves …` (`position` may be left
    /// out); the main line only.
    Usi,
    /// JKF, the JSON Kifu Format of the Shogi web tools: `header`,
    /// `initial` (a preset or the board), `moves` with `forks`, comments,
    /// times and specials.
    Jkf,
}

impl RecordFormats for ShogiRecord {
    type Position = ShogiPosition;

    fn name(self) -> &'static str {
        match self {
            ShogiRecord::Kif => "kif",
            ShogiRecord::Ki2 => "ki2",
            ShogiRecord::Csa => "csa",
            ShogiRecord::Usi => "usi",
            ShogiRecord::Jkf => "jkf",
        }
    }

    /// `kifu` and `ki2u` are KIF and KI2 in UTF-8; USI lines are plain
    /// text.
    fn extensions(self) -> &'static [&'static str] {
        match self {
            ShogiRecord::Kif => &["kif", "kifu"],
            ShogiRecord::Ki2 => &["ki2", "ki2u"],
            ShogiRecord::Csa => &["csa"],
            ShogiRecord::Usi => &["usi", "txt"],
            ShogiRecord::Jkf => &["jkf", "json"],
        }
    }

    fn is_binary(self) -> bool {
        false
    }

    fn is_written(self) -> bool {
        true
    }

    /// From the first lines, in UTF-8 or `Shift_JIS`: CSA's `V2`, `N+`/`N-`,
    /// `PI`, `P1`…`P9`, `$START_TIME:`, a move `+7776FU`; JKF's object
    /// starting with `header`, `initial` or `moves`; KIF's `#KIF`,
    /// `手合割：`, `開始日時：`, `手数----指手`, a board diagram; KI2's `▲`/`△`
    /// moves without KIF's move header; USI's `position startpos …` or
    /// `position sfen …` as the first line that is not blank or a `#`
    /// comment.
    fn detect(head: &[u8]) -> Option<ShogiRecord> {
        let head = &head[..head.len().min(16 * 1024)];
        let text = decode(head).text;
        if jkf::looks_like_jkf(&text) {
            return Some(ShogiRecord::Jkf);
        }
        let first = text
            .lines()
            .map(|l| l.trim_start_matches('\u{feff}').trim())
            .find(|l| !l.is_empty() && !l.starts_with('#'));
        if first.is_some_and(usi::looks_like_usi) {
            return Some(ShogiRecord::Usi);
        }
        let mut kif = false;
        let mut ki2 = false;
        let mut csa = false;
        for line in text.lines().take(200) {
            let line = line.trim_start_matches('\u{feff}').trim_end();
            if line.starts_with("手数----") || line.starts_with("#KIF") {
                return Some(ShogiRecord::Kif);
            }
            kif |= ["手合割：", "開始日時：", "後手の持駒：", "上手の持駒："].iter().any(|p| line.starts_with(p));
            ki2 |= line.starts_with(['▲', '△', '☗', '☖']);
            csa |= csa::looks_like_csa(line);
        }
        if csa && !kif && !ki2 {
            Some(ShogiRecord::Csa)
        } else if ki2 {
            Some(ShogiRecord::Ki2)
        } else if kif {
            Some(ShogiRecord::Kif)
        } else {
            None
        }
    }

    fn encoding(self, bytes: &[u8]) -> Option<&'static str> {
        Some(decode(bytes).encoding.name())
    }

    fn read(self, bytes: &[u8]) -> RecordGames<ShogiPosition> {
        let Decoded { text, misdeclared, .. } = decode(bytes);
        let mut games = match self {
            ShogiRecord::Kif => vec![kif::read(&text, kif::Kind::Kif)],
            ShogiRecord::Ki2 => vec![kif::read(&text, kif::Kind::Ki2)],
            ShogiRecord::Csa => csa::read(&text),
            ShogiRecord::Usi => usi::read(&text),
            ShogiRecord::Jkf => jkf::read(&text),
        };
        if let Some(repair) = misdeclared {
            for game in &mut games {
                let record = match game {
                    Ok(record) => Some(record),
                    Err(error) => error.partial.as_deref_mut(),
                };
                if let Some(record) = record {
                    record.repairs.insert(0, repair.clone());
                }
            }
        }
        games
    }

    fn holds(self) -> &'static str {
        match self {
            ShogiRecord::Kif => "KIF holds Shogi games",
            ShogiRecord::Ki2 => "KI2 holds Shogi games",
            ShogiRecord::Csa => "CSA holds Shogi games",
            ShogiRecord::Usi => "USI position lines hold Shogi games",
            ShogiRecord::Jkf => "JKF holds Shogi games",
        }
    }

    /// KIF and KI2 in UTF-8 (KIF with its `#KIF version=2.0
    /// encoding=UTF-8` line), CSA V2.2 in UTF-8 with the `'CSA
    /// encoding=UTF-8` line first. CSA holds no variations: only the main
    /// line is written ([`RecordFormats::cannot_hold`] says so). USI: one
    /// `position` line of the main line. JKF: one document on one line.
    fn write(self, game: &Game) -> Option<Result<Vec<u8>, RuleError>> {
        Some(
            match self {
                ShogiRecord::Kif => kif::write(game, kif::Kind::Kif),
                ShogiRecord::Ki2 => kif::write(game, kif::Kind::Ki2),
                ShogiRecord::Csa => csa::write(game),
                ShogiRecord::Usi => usi::write(game),
                ShogiRecord::Jkf => jkf::write(game),
            }
            .map(String::into_bytes),
        )
    }

    /// CSA: the variations (CSA has no place for them); USI: the
    /// variations, comments and times, the result and the tags.
    fn cannot_hold(self, game: &Game) -> Vec<String> {
        match self {
            ShogiRecord::Kif | ShogiRecord::Ki2 | ShogiRecord::Jkf => Vec::new(),
            ShogiRecord::Csa => csa::cannot_hold(game),
            ShogiRecord::Usi => usi::cannot_hold(game),
        }
    }
}

/// A record's text as decoded: the text, its encoding, and the repair said
/// when the encoding a first line declares was wrong.
struct Decoded<'a> {
    text: Cow<'a, str>,
    encoding: &'static Encoding,
    misdeclared: Option<PgnRepair>,
}

/// The text of a record and its encoding: a UTF-8 BOM, else the encoding
/// a first line declares (`#KIF version=2.0 encoding=UTF-8`, `'CSA
/// encoding=SJIS`) when the bytes are in it, else UTF-8 when the bytes
/// are, else `Shift_JIS` (CP932) when they decode without error, else
/// EUC-JP when they do, else `Shift_JIS` with replacement characters.
///
/// A declared encoding the bytes are not in (a header saying UTF-8 above
/// `Shift_JIS` bytes, as some programs write) is not trusted: the bytes
/// are read in the encoding they decode in, and a repair at the declaring
/// line says so.
fn decode(bytes: &[u8]) -> Decoded<'_> {
    if let Some(rest) = bytes.strip_prefix(b"\xef\xbb\xbf") {
        return Decoded { text: String::from_utf8_lossy(rest), encoding: encoding_rs::UTF_8, misdeclared: None };
    }
    let declared = declared(bytes);
    if let Some((declared, _)) = declared
        && let Some(text) = declared.decode_without_bom_handling_and_without_replacement(bytes)
    {
        return Decoded { text, encoding: declared, misdeclared: None };
    }
    let (text, encoding) = undeclared(bytes);
    let misdeclared = declared.map(|(declared, line)| PgnRepair {
        message: format!(
            "the header declares the encoding {}, but the bytes are not in it; read as {}",
            declared.name(),
            encoding.name()
        ),
        at: Location { offset: line.offset as u64, line: line.number as u64, column: 1 },
    });
    Decoded { text, encoding, misdeclared }
}

/// The text of bytes whose encoding no header gives (or gives wrongly):
/// UTF-8 when they are, else `Shift_JIS` (CP932) when they decode without
/// error, else EUC-JP when they do, else `Shift_JIS` with replacement
/// characters.
fn undeclared(bytes: &[u8]) -> (Cow<'_, str>, &'static Encoding) {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return (Cow::Borrowed(text), encoding_rs::UTF_8);
    }
    for encoding in [encoding_rs::SHIFT_JIS, encoding_rs::EUC_JP] {
        if let Some(text) = encoding.decode_without_bom_handling_and_without_replacement(bytes) {
            return (text, encoding);
        }
    }
    (encoding_rs::SHIFT_JIS.decode_without_bom_handling(bytes).0, encoding_rs::SHIFT_JIS)
}

/// Where a header line is: its number (from 1) and its byte offset.
#[derive(Clone, Copy, Debug)]
struct HeaderLine {
    number: usize,
    offset: usize,
}

/// The encoding a first line declares, and that line: `encoding=NAME` in
/// a line starting `#KIF` or `'CSA` among the first three.
fn declared(bytes: &[u8]) -> Option<(&'static Encoding, HeaderLine)> {
    let mut offset = 0;
    for (i, line) in bytes.split(|&b| b == b'\n').take(3).enumerate() {
        let here = HeaderLine { number: i + 1, offset };
        offset += line.len() + 1;
        if !(line.starts_with(b"#KIF") || line.starts_with(b"'CSA")) {
            continue;
        }
        let at = line.windows(9).position(|w| w.eq_ignore_ascii_case(b"encoding="))?;
        let name: Vec<u8> = line[at + 9..].iter().copied().take_while(|b| !b.is_ascii_whitespace()).collect();
        let name = if name.eq_ignore_ascii_case(b"SJIS") { b"Shift_JIS".to_vec() } else { name };
        return Encoding::for_label(&name).map(|encoding| (encoding, here));
    }
    None
}

/// A line of a record: its number (from 1), its byte offset in the text,
/// and its text without the line end.
#[derive(Clone, Copy, Debug)]
struct Line<'a> {
    number: usize,
    offset: usize,
    text: &'a str,
}

impl Line<'_> {
    /// Where byte `at` of the line is.
    fn location(&self, at: usize) -> Location {
        let at = (0..=at.min(self.text.len())).rev().find(|&i| self.text.is_char_boundary(i)).unwrap_or(0);
        let column = self.text.get(..at).map_or(0, |t| t.chars().count()) + 1;
        Location { offset: (self.offset + at) as u64, line: self.number as u64, column: column as u64 }
    }

    /// An error at byte `at` of the line, its message naming the line and
    /// the column.
    fn error(&self, at: usize, message: impl std::fmt::Display) -> RecordError {
        let place = self.location(at);
        RecordError::new(format!("{place}: {message}"), usize::try_from(place.offset).unwrap_or(usize::MAX))
    }

    /// A repair at byte `at` of the line.
    fn repair(&self, at: usize, message: impl Into<String>) -> PgnRepair {
        PgnRepair { message: message.into(), at: self.location(at) }
    }
}

/// The lines of `text`, `\n` or `\r\n` ended.
fn lines(text: &str) -> Vec<Line<'_>> {
    let mut offset = 0;
    let mut out = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        out.push(Line { number: i + 1, offset, text: raw.strip_suffix('\r').unwrap_or(raw) });
        offset += raw.len() + 1;
    }
    if out.last().is_some_and(|l| l.text.is_empty()) {
        out.pop();
    }
    out
}

/// A line of play while it is read: where it hangs (the line and the index
/// of the move it replaces), the number of its first move, its moves, the
/// position before each and after the last, and its comments before its
/// first move.
struct Branch {
    parent: Option<(usize, usize)>,
    first: u32,
    nodes: Vec<Node>,
    before: Vec<ShogiPos>,
    after: ShogiPos,
    comments: Vec<String>,
}

/// The tree of moves of a record read line by line: the main line first,
/// then each variation in the order read.
struct Tree {
    branches: Vec<Branch>,
}

impl Tree {
    fn new(start: ShogiPos) -> Tree {
        let main = Branch {
            parent: None,
            first: 1,
            nodes: Vec::new(),
            before: Vec::new(),
            after: start,
            comments: Vec::new(),
        };
        Tree { branches: vec![main] }
    }

    fn current(&self) -> &Branch {
        &self.branches[self.branches.len() - 1]
    }

    fn current_mut(&mut self) -> &mut Branch {
        let last = self.branches.len() - 1;
        &mut self.branches[last]
    }

    /// The number the next move of the current line has.
    fn next_number(&self) -> u32 {
        let b = self.current();
        b.first + u32::try_from(b.nodes.len()).unwrap_or(u32::MAX)
    }

    /// The position the next move is played from.
    fn position(&self) -> &ShogiPos {
        &self.current().after
    }

    /// Reads `text` in `notation` and plays it on the current line; each
    /// lenient reading is pushed onto `repairs`, placed at byte `at` of
    /// `line` plus the repair's own span.
    fn play(
        &mut self,
        notation: ShogiMoveNotation,
        text: &str,
        line: &Line<'_>,
        at: usize,
        repairs: &mut Vec<PgnRepair>,
    ) -> Result<Move, RecordError> {
        let pos = self.position();
        let mut found: Vec<MoveRepair> = Vec::new();
        let mv = notation
            .read_lenient(&pos.position, pos.last_to, text, &mut found)
            .map_err(|e| line.error(at + e.span.start, format!("move {} {text}: {e}", self.next_number())))?;
        for (other, standard) in [('王', '玉'), ('竜', '龍')] {
            // a peer's kanji the move readers take as they are: said here
            if let Some(i) = text.find(other)
                && !found.iter().any(|r| r.message.contains(other))
            {
                repairs.push(line.repair(at + i, format!("{text}: read {other} as {standard}")));
            }
        }
        repairs.extend(found.into_iter().map(|r| line.repair(at + r.span.start, format!("{text}: {}", r.message))));
        let branch = self.current_mut();
        let before = branch.after.clone();
        ShogiAdapter::play(&mut branch.after, mv);
        branch.before.push(before);
        branch.nodes.push(Node::new(mv.to_string()));
        Ok(mv)
    }

    /// A comment line (each line a comment, as the formats cannot tell a
    /// comment of two lines from two comments): after the last move of the
    /// current line, or before its first.
    fn comment(&mut self, text: &str) {
        self.note(text.to_owned());
    }

    /// A note on the last move (a comment, a time, a bookmark).
    fn note(&mut self, text: String) {
        let branch = self.current_mut();
        match branch.nodes.last_mut() {
            Some(node) => node.comments.push(text),
            None => branch.comments.push(text),
        }
    }

    /// `変化：N手`: a variation replacing move `number` of the last line
    /// read that holds it (of the line it replaces a first move of, so that
    /// alternatives to one move are its variations side by side).
    fn branch(&mut self, number: u32) -> Result<(), String> {
        let holds = |b: &Branch| number >= b.first && ((number - b.first) as usize) < b.nodes.len();
        let Some(mut at) = self.branches.iter().rposition(holds) else {
            return Err(format!("a variation of move {number}, which no line read so far has"));
        };
        let mut index = (number - self.branches[at].first) as usize;
        while index == 0 {
            let Some((parent, i)) = self.branches[at].parent else { break };
            (at, index) = (parent, i);
        }
        let after = self.branches[at].before[index].clone();
        self.branches.push(Branch {
            parent: Some((at, index)),
            first: number,
            nodes: Vec::new(),
            before: Vec::new(),
            after,
            comments: Vec::new(),
        });
        Ok(())
    }

    /// The side to move at the end of the main line.
    fn main_turn(&self) -> Color {
        self.branches[0].after.position.turn()
    }

    /// Whether the current line is the main line.
    fn in_main(&self) -> bool {
        self.branches.len() == 1
    }

    /// The main line with every variation hung on the move it replaces,
    /// and the comments before the first move.
    fn finish(mut self) -> (Vec<Node>, Vec<String>) {
        for i in (1..self.branches.len()).rev() {
            let branch = &mut self.branches[i];
            let (Some((parent, index)), moves, comments) =
                (branch.parent, std::mem::take(&mut branch.nodes), std::mem::take(&mut branch.comments))
            else {
                continue;
            };
            if moves.is_empty() {
                continue;
            }
            if let Some(node) = self.branches[parent].nodes.get_mut(index) {
                node.variations.insert(0, Variation { comments, moves });
            }
        }
        let main = self.branches.swap_remove(0);
        (main.nodes, main.comments)
    }
}

/// How a game ended, as a `Termination` tag in words and who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// The side to move at the end lost.
    MoverLoses,
    /// The side to move at the end won.
    MoverWins,
    /// Sente lost (CSA's `%+ILLEGAL_ACTION`).
    SenteLoses,
    /// Gote lost.
    GoteLoses,
    /// A draw.
    Draw,
    /// No result.
    Unknown,
}

/// The ending words of KIF, with their termination and outcome.
const KIF_ENDINGS: [(&str, &str, Outcome); 13] = [
    ("投了", "resign", Outcome::MoverLoses),
    ("中断", "interrupt", Outcome::Unknown),
    ("千日手", "repetition", Outcome::Draw),
    ("持将棋", "impasse", Outcome::Draw),
    ("詰み", "mate", Outcome::MoverLoses),
    ("切れ負け", "time forfeit", Outcome::MoverLoses),
    ("時間切れ", "time forfeit", Outcome::MoverLoses),
    ("反則勝ち", "illegal move", Outcome::MoverWins),
    ("反則負け", "illegal move", Outcome::MoverLoses),
    ("入玉勝ち", "entering king", Outcome::MoverWins),
    ("不詰", "no mate", Outcome::Unknown),
    ("封じ手", "sealed move", Outcome::Unknown),
    ("引き分け", "draw", Outcome::Draw),
];

/// The result text of an outcome, `turn` being the side to move at the end.
fn result_of(outcome: Outcome, turn: Color) -> &'static str {
    let sente_wins = match outcome {
        Outcome::MoverLoses => turn == Color::Black,
        Outcome::MoverWins => turn == Color::White,
        Outcome::SenteLoses => false,
        Outcome::GoteLoses => true,
        Outcome::Draw => return "1/2-1/2",
        Outcome::Unknown => return "*",
    };
    if sente_wins { "1-0" } else { "0-1" }
}

/// A KIF or KI2 summary `まで48手で後手の勝ち`, `まで3手で中断`: its
/// termination and outcome; another text after `まで` is the termination
/// as written (`まで49手詰` of a problem: `49手詰`, as tsshogi reads it),
/// with no result.
fn summary(text: &str) -> (String, Outcome) {
    let rest = text.trim_start_matches("まで");
    let after_number = rest.trim_start_matches(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c));
    let Some(words) = after_number.strip_prefix("手で") else {
        return (rest.to_owned(), Outcome::Unknown);
    };
    let words = words.trim();
    for (word, termination, outcome) in [
        ("中断", "interrupt", Outcome::Unknown),
        ("千日手", "repetition", Outcome::Draw),
        ("持将棋", "impasse", Outcome::Draw),
        ("不詰", "no mate", Outcome::Unknown),
    ] {
        if words.contains(word) {
            return (termination.to_owned(), outcome);
        }
    }
    if words == "詰" || words == "詰み" {
        return ("mate".to_owned(), Outcome::MoverLoses);
    }
    if let Some(head) = words.strip_suffix("勝ち") {
        let (head, termination) = if let Some(h) = head.strip_prefix("時間切れにより") {
            (h, "time forfeit")
        } else if let Some(h) = head.strip_suffix("反則") {
            (h, "illegal move")
        } else if let Some(h) = head.strip_suffix("入玉") {
            (h, "entering king")
        } else {
            (head, "resign")
        };
        let outcome = match head.trim_end_matches('の') {
            "先手" | "下手" => Some(Outcome::GoteLoses),
            "後手" | "上手" => Some(Outcome::SenteLoses),
            _ => None,
        };
        if let Some(outcome) = outcome {
            return (termination.to_owned(), outcome);
        }
    }
    (rest.to_owned(), Outcome::Unknown)
}

/// The side that won, in a summary's words, for a result.
fn winner_words(result: &str, handicap: bool) -> Option<&'static str> {
    match (result, handicap) {
        ("1-0", false) => Some("先手"),
        ("1-0", true) => Some("下手"),
        ("0-1", false) => Some("後手"),
        ("0-1", true) => Some("上手"),
        _ => None,
    }
}

/// A game's summary line `まで{n}手で…` from its termination and result.
fn summary_line(moves: usize, termination: Option<&str>, result: &str, handicap: bool) -> Option<String> {
    let winner = winner_words(result, handicap);
    let words = match (termination, winner) {
        (Some("interrupt"), _) => "中断".to_owned(),
        (Some("repetition"), _) => "千日手".to_owned(),
        (Some("impasse"), _) => "持将棋".to_owned(),
        (Some("no mate"), _) => "不詰".to_owned(),
        (Some("mate"), _) => "詰み".to_owned(),
        (Some("time forfeit"), Some(w)) => format!("時間切れにより{w}の勝ち"),
        (Some("illegal move"), Some(w)) => format!("{w}の反則勝ち"),
        (Some("entering king"), Some(w)) => format!("{w}の入玉勝ち"),
        (Some(t), _) if !t.is_ascii() => return Some(format!("まで{t}")),
        (_, Some(w)) => format!("{w}の勝ち"),
        _ => return None,
    };
    Some(format!("まで{moves}手で{words}"))
}

/// A move's time as the comment the readers make: `[%emt H:MM:SS]`.
fn emt(seconds: u64) -> String {
    format!("[%emt {}:{:02}:{:02}]", seconds / 3600, seconds / 60 % 60, seconds % 60)
}

/// The seconds of a `[%emt H:MM:SS]` comment.
fn emt_seconds(comment: &str) -> Option<u64> {
    let inner = comment.strip_prefix("[%emt ")?.strip_suffix(']')?;
    let mut total = 0u64;
    for part in inner.split(':') {
        total = total.checked_mul(60)?.checked_add(part.trim().parse().ok()?)?;
    }
    Some(total)
}

/// The Japanese name of a start if it is one of the named starts.
fn handicap_name(setup: &Sfen) -> Option<&'static str> {
    SETUPS.iter().find_map(|(_, name, sfen)| {
        let named: Sfen = sfen.parse().ok()?;
        (named.board == setup.board && named.extras.turn == setup.extras.turn && named.extras.hand == setup.extras.hand)
            .then_some(*name)
    })
}

/// The named start of a `手合割` value (`平手`, `香落ち`, also `左香落ち`),
/// if it is one.
fn named_start(name: &str) -> Option<Sfen> {
    let name = if name == "左香落ち" { "香落ち" } else { name };
    SETUPS.iter().find(|(_, n, _)| *n == name).and_then(|(_, _, sfen)| sfen.parse().ok())
}

/// A record's game once read: a `FEN` tag (the SFEN) for a start that is
/// not the even one, the `Termination` tag, and the result.
fn finish(mut game: Game, tree: Tree, ending: Option<(String, Outcome)>) -> Game {
    let turn = tree.main_turn();
    let (moves, comments) = tree.finish();
    game.moves = moves;
    game.comments.extend(comments);
    let sfen = sfen_of(&game.start.setup);
    if sfen != START_SFEN {
        game.tags.push(("FEN".to_owned(), sfen));
    }
    if let Some((termination, outcome)) = ending {
        game.result = Some(result_of(outcome, turn).to_owned());
        game.tags.push(("Termination".to_owned(), termination));
    }
    game
}

/// A setup written as SFEN.
fn sfen_of(setup: &Sfen) -> String {
    setup.to_string()
}

/// What a writer walks: the moves of a line replayed from its start, each
/// with the position before it.
struct Replayed<'a> {
    node: &'a Node,
    before: ShogiPos,
    mv: Move,
}

/// Replays `moves` from `start`; `first` counts the moves before (for the
/// error's index).
fn replay<'a>(start: &ShogiPos, moves: &'a [Node], first: usize) -> Result<(Vec<Replayed<'a>>, ShogiPos), RuleError> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for (i, node) in moves.iter().enumerate() {
        let mv = ShogiMoveNotation::Usi
            .read(&pos.position, &node.mv)
            .map_err(|e| RuleError::Move { index: first + i, error: move_error(&e) })?;
        out.push(Replayed { node, before: pos.clone(), mv });
        ShogiAdapter::play(&mut pos, mv);
    }
    Ok((out, pos))
}

/// The position a game starts from, for its writer.
fn start_of(game: &Game) -> Result<ShogiPos, RuleError> {
    ShogiAdapter::from_position(&game.start).map_err(RuleError::IllegalPosition)
}

/// The tags a writer names itself or that belong to PGN (`Format`, the
/// facade's move notation); the rest it writes as they are, where the
/// format has a place for them.
const OWN_TAGS: [&str; 6] = ["FEN", "Termination", "Result", "Variant", "Handicap", "Format"];

/// The comments of a node that are not a time.
fn plain_comments(comments: &[String]) -> impl Iterator<Item = &String> {
    comments.iter().filter(|c| emt_seconds(c).is_none())
}

/// The time of a node, from its `[%emt]` comment.
fn time_of(comments: &[String]) -> Option<u64> {
    comments.iter().find_map(|c| emt_seconds(c))
}
