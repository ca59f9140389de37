//! JKF, the JSON Kifu Format of the Shogi web tools (na2hiro's
//! json-kifu-format): `header` (KIF's header names, `先手`, `開始日時` …,
//! read as KIF's are), `initial` (a `preset`, `HIRATE`, `KY`, `KY_R`, `KA`,
//! `HI`, `HIKY`, `2`, `4`, `6`, `8`, `10`, or `OTHER` with `data`: the side
//! `color` (0 sente, 1 gote), `board[x-1][y-1]` and the two `hands`), and
//! `moves`: entry 0 holds the start's comments, each later one a `move`
//! (`from`/`to` as `{x, y}`, `piece`, `promote`, and `same`, `capture`,
//! `color` written for the peers), its `comments`, its `time` (`now`, kept
//! as an `[%emt]` comment, and `total`, summed again when written), a
//! `special` (`TORYO` …, CSA's words: the result and `Termination`) and
//! `forks`, the lines played instead of it. A fork's ending is kept as
//! KIF's `[%end 投了]` comment; a fork's comments before its first move
//! are an entry without a move at its head.
//!
//! A file holds one document, or several one after another (JSON lines);
//! an error names its line and column (a move's, by its path in the
//! document: `moves[12].forks[0][3]`), and the game read up to a bad move
//! is kept.

use std::collections::BTreeMap;
use std::fmt;

use polyfen_core::Color;
use polyfen_game::RuleError;
use polyfen_game::records::{Location, Node, PgnRepair, RecordGames, Variation};
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::csa::SPECIALS;
use super::kif::HEADERS;
use super::{
    Game, KIF_ENDINGS, OWN_TAGS, Outcome, RecordError, Replayed, emt, emt_seconds, handicap_name, replay, result_of,
    sfen_of, start_of,
};
use crate::game::ShogiPosition;
use crate::{Move, Piece, Position, Role, SETUPS, START_SFEN, Sfen, ShogiMoveNotation, Square};

/// JKF's presets with the names of the crate's starts.
const PRESETS: [(&str, &str); 11] = [
    ("HIRATE", "standard"),
    ("KY", "lance"),
    ("KY_R", "right-lance"),
    ("KA", "bishop"),
    ("HI", "rook"),
    ("HIKY", "rook-lance"),
    ("2", "two-piece"),
    ("4", "four"),
    ("6", "six"),
    ("8", "eight"),
    ("10", "ten"),
];

/// A JKF document.
#[derive(Debug, Default, Deserialize, Serialize)]
struct Jkf {
    #[serde(default, deserialize_with = "ordered", serialize_with = "as_map")]
    header: Vec<(String, String)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    initial: Option<Initial>,
    #[serde(default)]
    moves: Vec<Entry>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
struct Initial {
    preset: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    data: Option<State>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
struct State {
    color: u8,
    board: Vec<Vec<Cell>>,
    hands: Vec<BTreeMap<String, u32>>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
struct Cell {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    color: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kind: Option<String>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
struct Entry {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    comments: Vec<String>,
    #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<JkfMove>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    time: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    special: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    forks: Vec<Vec<Entry>>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
struct JkfMove {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    color: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    from: Option<Place>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    to: Option<Place>,
    piece: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    same: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    promote: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    capture: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    relative: Option<String>,
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize)]
struct Place {
    x: u8,
    y: u8,
}

#[derive(Debug, Deserialize, Serialize)]
struct Time {
    now: Clock,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    total: Option<Clock>,
}

#[derive(Debug, Deserialize, Serialize)]
struct Clock {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    h: Option<u64>,
    m: u64,
    s: u64,
}

impl Clock {
    fn seconds(&self) -> u64 {
        self.h.unwrap_or(0).saturating_mul(3600).saturating_add(self.m.saturating_mul(60)).saturating_add(self.s)
    }
}

/// The header in its order (a value that is not a string is kept as its
/// JSON text).
fn ordered<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<(String, String)>, D::Error> {
    struct Pairs;
    impl<'de> Visitor<'de> for Pairs {
        type Value = Vec<(String, String)>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an object of header names and values")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = Vec::new();
            while let Some((name, value)) = map.next_entry::<String, serde_json::Value>()? {
                let value = match value {
                    serde_json::Value::String(s) => s,
                    other => other.to_string(),
                };
                out.push((name, value));
            }
            Ok(out)
        }
    }
    deserializer.deserialize_map(Pairs)
}

fn as_map<S: Serializer>(pairs: &[(String, String)], serializer: S) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(pairs.len()))?;
    for (name, value) in pairs {
        map.serialize_entry(name, value)?;
    }
    map.end()
}

/// Whether `text` starts as a JKF document: a JSON object whose first key
/// is `header`, `initial` or `moves` (the facade's own game JSON starts
/// with `variant`).
pub(super) fn looks_like_jkf(text: &str) -> bool {
    let Some(rest) = text.trim_start_matches('\u{feff}').trim_start().strip_prefix('{') else {
        return false;
    };
    let rest = rest.trim_start();
    ["\"header\"", "\"initial\"", "\"moves\""]
        .iter()
        .any(|key| rest.strip_prefix(key).is_some_and(|after| after.trim_start().starts_with(':')))
}

/// The line and column of byte `at` of `text`.
fn location(text: &str, at: usize) -> Location {
    let at = (0..=at.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    Location { offset: at as u64, line: line as u64, column: column as u64 }
}

/// An error at byte `at` of `text`.
fn error_at(text: &str, at: usize, message: impl fmt::Display) -> RecordError {
    let place = location(text, at);
    RecordError::new(format!("{place}: {message}"), at)
}

/// Reads every JKF document of `text`, one after another.
pub(super) fn read(text: &str) -> RecordGames<ShogiPosition> {
    let mut games = Vec::new();
    let body = text.trim_start_matches('\u{feff}');
    let base = text.len() - body.len();
    let mut stream = serde_json::Deserializer::from_str(body).into_iter::<Jkf>();
    loop {
        let from = stream.byte_offset();
        match stream.next() {
            None => break,
            Some(Ok(document)) => {
                let end = stream.byte_offset();
                let here = Document { text, from: base + from, to: base + end };
                games.push(read_document(&here, document));
            }
            Some(Err(e)) => {
                let line_start: usize = body.split_inclusive('\n').take(e.line().saturating_sub(1)).map(str::len).sum();
                let at = base + line_start + e.column().saturating_sub(1);
                let mut message = e.to_string();
                if let Some(cut) = message.rfind(" at line ") {
                    message.truncate(cut);
                }
                games.push(Err(error_at(text, at.min(text.len()), format!("not a JKF document: {message}"))));
                break;
            }
        }
    }
    if games.is_empty() {
        games.push(Err(error_at(text, 0, "no JKF document")));
    }
    games
}

/// Where a document is in the file, to place its errors.
struct Document<'a> {
    text: &'a str,
    from: usize,
    to: usize,
}

impl Document<'_> {
    /// The byte of the `n`th (from 0) `"move"` key of the document, in the
    /// order of the text, which is the order moves are read in when each
    /// entry writes its move before its forks (as writers do).
    fn nth_move(&self, n: usize) -> usize {
        let body = &self.text[self.from..self.to];
        let mut seen = 0;
        let mut from = 0;
        while let Some(i) = body[from..].find("\"move\"") {
            let at = from + i;
            from = at + 6;
            if body[from..].trim_start().starts_with(':') {
                if seen == n {
                    return self.from + at;
                }
                seen += 1;
            }
        }
        self.from
    }

    fn error(&self, at: usize, message: impl fmt::Display) -> RecordError {
        error_at(self.text, at, message)
    }
}

/// What a document's reading keeps as it goes.
struct Reading<'a, 'b> {
    document: &'b Document<'a>,
    moves_read: usize,
    repairs: Vec<PgnRepair>,
}

/// Reads one document as a game.
fn read_document(document: &Document<'_>, jkf: Jkf) -> Result<Game, RecordError> {
    let Jkf { header, initial, moves } = jkf;
    let mut tags: Vec<(String, String)> = Vec::new();
    for (name, value) in header {
        let tag = HEADERS.iter().find(|(n, _)| *n == name).map_or(name.as_str(), |(_, tag)| *tag);
        tags.push((tag.to_owned(), value));
    }
    // a termination no special says, which the writer keeps in the header
    let written_termination = tags.iter().position(|(n, _)| n == "Termination").map(|i| tags.remove(i));
    let setup = start(document, initial.as_ref())?;
    let position =
        Position::from_setup(&setup).map_err(|e| document.error(document.from, format!("the start position: {e}")))?;
    let sfen = sfen_of(&setup);
    if sfen != START_SFEN {
        tags.push(("FEN".to_owned(), sfen));
    }
    let mut game = Game::new(tags, ShogiPosition::new(setup));
    let mut reading = Reading { document, moves_read: 0, repairs: Vec::new() };
    let mut entries = moves.into_iter().peekable();
    let mut first = 0;
    if let Some(head) = entries.next_if(|e| e.mv.is_none() && e.special.is_none()) {
        game.comments = head.comments;
        first = 1;
    }
    let entries: Vec<Entry> = entries.collect();
    let mut ending = None;
    let read = read_line(&mut reading, entries, position, None, "moves", first, &mut game.moves, &mut ending);
    game.repairs = std::mem::take(&mut reading.repairs);
    let turn = match &read {
        Ok(turn) | Err((_, turn)) => *turn,
    };
    if let Some((termination, outcome)) = ending {
        game.result = Some(result_of(outcome, turn).to_owned());
        game.tags.push(("Termination".to_owned(), termination));
    } else if let Some(termination) = written_termination {
        game.tags.push(termination);
    }
    match read {
        Ok(_) => Ok(game),
        Err((error, _)) => Err(error.with_partial(game)),
    }
}

/// The start of a document: its preset, or its `data`.
fn start(document: &Document<'_>, initial: Option<&Initial>) -> Result<Sfen, RecordError> {
    let at = document.from;
    let Some(initial) = initial else {
        return START_SFEN.parse().map_err(|_| document.error(at, "the even start"));
    };
    if let Some(data) = &initial.data {
        let text = data_sfen(data).map_err(|why| document.error(at, format!("initial.data: {why}")))?;
        return text.parse().map_err(|e| document.error(at, format!("initial.data: {e}")));
    }
    let name = PRESETS.iter().find(|(p, _)| *p == initial.preset).map(|(_, name)| *name);
    name.and_then(crate::setup).ok_or_else(|| {
        document.error(
            at,
            format!(
                "initial.preset {:?} is not a start this reader knows (HIRATE, KY, KY_R, KA, HI, HIKY, 2, 4, 6, 8, 10); give initial.data",
                initial.preset
            ),
        )
    })
}

/// JKF's piece kinds in the order of [`Role`]'s.
const KINDS: [(&str, Role); 14] = [
    ("FU", Role::Pawn),
    ("KY", Role::Lance),
    ("KE", Role::Knight),
    ("GI", Role::Silver),
    ("KI", Role::Gold),
    ("KA", Role::Bishop),
    ("HI", Role::Rook),
    ("OU", Role::King),
    ("TO", Role::Tokin),
    ("NY", Role::PromotedLance),
    ("NK", Role::PromotedKnight),
    ("NG", Role::PromotedSilver),
    ("UM", Role::Horse),
    ("RY", Role::Dragon),
];

fn role_of(kind: &str) -> Option<Role> {
    KINDS.iter().find(|(k, _)| *k == kind).map(|(_, r)| *r)
}

fn kind_of(role: Role) -> &'static str {
    KINDS.iter().find(|(_, r)| *r == role).map_or("FU", |(k, _)| *k)
}

/// The SFEN of `initial.data`.
fn data_sfen(data: &State) -> Result<String, String> {
    if data.board.len() != 9 || data.board.iter().any(|column| column.len() != 9) {
        return Err("board must be 9 columns of 9 cells (board[x-1][y-1])".to_owned());
    }
    let mut sfen = String::new();
    for y in 0..9 {
        let mut empty = 0;
        for x in (0..9).rev() {
            let cell = &data.board[x][y];
            let Some(kind) = cell.kind.as_deref() else {
                empty += 1;
                continue;
            };
            let role = role_of(kind).ok_or_else(|| format!("board[{x}][{y}]: {kind:?} is not a piece kind"))?;
            if empty > 0 {
                sfen.push_str(&empty.to_string());
                empty = 0;
            }
            let letter = char::from(role.unpromoted().letter());
            let letter = if cell.color == Some(1) { letter.to_ascii_lowercase() } else { letter };
            if role.is_promoted() {
                sfen.push('+');
            }
            sfen.push(letter);
        }
        if empty > 0 {
            sfen.push_str(&empty.to_string());
        }
        if y < 8 {
            sfen.push('/');
        }
    }
    sfen.push_str(if data.color == 1 { " w " } else { " b " });
    let mut hand = String::new();
    for (side, hands) in data.hands.iter().enumerate().take(2) {
        for kind in ["HI", "KA", "KI", "GI", "KE", "KY", "FU"] {
            let n = hands.get(kind).copied().unwrap_or(0);
            if n == 0 {
                continue;
            }
            if n > 1 {
                hand.push_str(&n.to_string());
            }
            let letter = char::from(role_of(kind).map_or(b'P', Role::letter));
            hand.push(if side == 1 { letter.to_ascii_lowercase() } else { letter });
        }
        if let Some(other) = hands.keys().find(|k| !["HI", "KA", "KI", "GI", "KE", "KY", "FU"].contains(&k.as_str())) {
            return Err(format!("hands[{side}]: {other:?} is not a piece a hand holds"));
        }
    }
    sfen.push_str(if hand.is_empty() { "-" } else { &hand });
    sfen.push_str(" 1");
    Ok(sfen)
}

/// Reads the entries of a line from `position` into `out`; the ending of
/// the main line into `ending`, a fork's as a `[%end]` comment. Returns
/// the side to move at its end, or the error and the side to move where
/// it stopped.
#[allow(clippy::too_many_arguments)]
fn read_line(
    reading: &mut Reading<'_, '_>,
    entries: Vec<Entry>,
    mut position: Position,
    mut last_to: Option<Square>,
    path: &str,
    first: usize,
    out: &mut Vec<Node>,
    ending: &mut Option<(String, Outcome)>,
) -> Result<Color, (RecordError, Color)> {
    let main = path == "moves";
    for (i, entry) in entries.into_iter().enumerate() {
        let here = format!("{path}[{}]", first + i);
        let Entry { comments, mv, time, special, forks } = entry;
        if let Some(special) = special {
            let found = SPECIALS.iter().find(|(s, _, _)| *s == special);
            match (found, main) {
                (Some((_, termination, outcome)), true) if ending.is_none() => {
                    *ending = Some(((*termination).to_owned(), *outcome));
                }
                (Some((_, termination, _)), false) => {
                    let word =
                        KIF_ENDINGS.iter().find(|(_, t, _)| t == termination).map_or(special.as_str(), |(w, _, _)| *w);
                    if let Some(node) = out.last_mut() {
                        node.comments.push(format!("[%end {word}]"));
                    }
                }
                _ => {
                    let at = reading.document.from;
                    reading.repairs.push(PgnRepair {
                        message: format!(
                            "{here}: special {special:?} kept as a comment (not a CSA special, or a second ending)"
                        ),
                        at: location(reading.document.text, at),
                    });
                    if let Some(node) = out.last_mut() {
                        node.comments.push(format!("[%end {special}]"));
                    }
                }
            }
            continue;
        }
        let Some(mv) = mv else {
            // an entry without a move: its comments go on the last move
            match out.last_mut() {
                Some(node) => node.comments.extend(comments),
                None => reading.repairs.push(PgnRepair {
                    message: format!(
                        "{here}: an entry without a move or special; its comments were kept before the line"
                    ),
                    at: location(reading.document.text, reading.document.from),
                }),
            }
            continue;
        };
        let index = reading.moves_read;
        reading.moves_read += 1;
        if main && let Some((ended, _)) = ending.as_ref() {
            let at = reading.document.nth_move(index);
            return Err((
                reading.document.error(at, format!("{here}: a move after the game ended ({ended})")),
                position.turn(),
            ));
        }
        let played = match to_move(&position, last_to, &mv) {
            Ok(played) => played,
            Err(why) => {
                let at = reading.document.nth_move(index);
                return Err((reading.document.error(at, format!("{here}: {why}")), position.turn()));
            }
        };
        let before = position;
        let before_to = last_to;
        position.play(played);
        last_to = Some(played.to());
        let mut node = Node::new(played.to_string());
        if let Some(time) = time {
            node.comments.push(emt(time.now.seconds()));
        }
        node.comments.extend(comments);
        for (k, fork) in forks.into_iter().enumerate() {
            let fork_path = format!("{here}.forks[{k}]");
            let mut entries = fork.into_iter().peekable();
            let mut variation = Variation::default();
            if let Some(head) = entries.next_if(|e| e.mv.is_none() && e.special.is_none()) {
                variation.comments = head.comments;
            }
            let skipped = usize::from(!variation.comments.is_empty());
            let result = read_line(
                reading,
                entries.collect(),
                before,
                before_to,
                &fork_path,
                skipped,
                &mut variation.moves,
                &mut None,
            );
            if !variation.moves.is_empty() {
                node.variations.push(variation);
            }
            if let Err((error, _)) = result {
                out.push(node);
                return Err((error, position.turn()));
            }
        }
        out.push(node);
    }
    Ok(position.turn())
}

/// The move a JKF move names in `position`: from its squares, or a drop of
/// its piece; `same` without `to` goes to the last move's square.
fn to_move(position: &Position, last_to: Option<Square>, mv: &JkfMove) -> Result<Move, String> {
    let square = |p: Place, what: &str| {
        Square::new(p.x, p.y).ok_or_else(|| format!("{what} {{x: {}, y: {}}} is not a square", p.x, p.y))
    };
    let to = match (mv.to, mv.same) {
        (Some(to), _) => square(to, "to")?,
        (None, Some(true)) => last_to.ok_or("same without a last move")?,
        (None, _) => return Err("a move without to".to_owned()),
    };
    let role = role_of(&mv.piece).ok_or_else(|| format!("piece {:?} is not a piece kind", mv.piece))?;
    let played = match mv.from {
        Some(from) => Move::Normal { from: square(from, "from")?, to, promote: mv.promote == Some(true) },
        None => Move::Drop { role, to },
    };
    let text = played.to_string();
    let read = ShogiMoveNotation::Usi.read(position, &text).map_err(|e| format!("{text}: {e}"))?;
    if let Move::Normal { from, .. } = read
        && position.piece_at(from).map(|p| p.role) != Some(role)
    {
        return Err(format!("{text}: piece {} is not the piece on {}", mv.piece, from));
    }
    Ok(read)
}

/// Writes a game as one JKF document on one line.
pub(super) fn write(game: &Game) -> Result<String, RuleError> {
    let start = start_of(game)?;
    let named = handicap_name(&game.start.setup);
    let handicap = named.is_some_and(|n| n != "平手");
    let mut header = Vec::new();
    for (name, value) in &game.tags {
        // 手合割 is written as KIF's peers write it, beside the preset
        if (OWN_TAGS.contains(&name.as_str()) && name != "Handicap") || name.is_empty() {
            continue;
        }
        let key = match name.as_str() {
            "Sente" if handicap => "下手",
            "Gote" if handicap => "上手",
            tag => HEADERS.iter().find(|(_, t)| *t == tag).map_or(tag, |(key, _)| *key),
        };
        header.push((key.to_owned(), value.clone()));
    }
    let termination = game.tag("Termination");
    if let Some(t) = termination
        && !SPECIALS.iter().any(|(_, s, _)| *s == t)
    {
        // no special says it: kept in the header, not lost
        header.push(("Termination".to_owned(), t.to_owned()));
    }
    let initial = match named.and_then(|n| SETUPS.iter().find(|(_, j, _)| *j == n)) {
        Some((id, _, _)) => {
            let preset = PRESETS.iter().find(|(_, name)| name == id).map_or("HIRATE", |(p, _)| *p);
            Initial { preset: preset.to_owned(), data: None }
        }
        None => Initial { preset: "OTHER".to_owned(), data: Some(state_of(&start.position)) },
    };
    let mut moves = vec![Entry { comments: game.comments.clone(), ..Entry::default() }];
    let (main, end) = replay(&start, &game.moves, 0)?;
    write_line(&main, [0, 0], &mut moves)?;
    if let Some(special) = super::csa::special_of(termination, game.result_text(), end.position.turn()) {
        moves.push(Entry { special: Some(special.to_owned()), ..Entry::default() });
    }
    let document = Jkf { header, initial: Some(initial), moves };
    let mut out = serde_json::to_string(&document).map_err(|e| RuleError::IllegalPosition(e.to_string()))?;
    out.push('\n');
    Ok(out)
}

/// The entries of a line replayed, with their forks; `totals` the time each
/// side used before it.
fn write_line(line: &[Replayed<'_>], mut totals: [u64; 2], out: &mut Vec<Entry>) -> Result<(), RuleError> {
    for (i, r) in line.iter().enumerate() {
        let position = &r.before.position;
        let side = usize::from(position.turn() != Color::White);
        let mut entry = Entry { mv: Some(jkf_move(position, r.before.last_to, r.mv)), ..Entry::default() };
        if let Some(seconds) = r.node.comments.iter().find_map(|c| emt_seconds(c)) {
            totals[side] = totals[side].saturating_add(seconds);
            let total = totals[side];
            entry.time = Some(Time {
                now: Clock { h: None, m: seconds / 60, s: seconds % 60 },
                total: Some(Clock { h: Some(total / 3600), m: total / 60 % 60, s: total % 60 }),
            });
        }
        let mut end = None;
        for comment in &r.node.comments {
            if emt_seconds(comment).is_some() {
                continue;
            }
            match comment.strip_prefix("[%end ").and_then(|c| c.strip_suffix(']')) {
                Some(word) if end.is_none() && special_of_word(word).is_some() => end = special_of_word(word),
                _ => entry.comments.push(comment.clone()),
            }
        }
        for variation in &r.node.variations {
            let mut fork = Vec::new();
            if !variation.comments.is_empty() {
                fork.push(Entry { comments: variation.comments.clone(), ..Entry::default() });
            }
            let (replayed, _) = replay(&r.before, &variation.moves, 0)?;
            let fork_totals = totals_before(line, i, totals);
            write_line(&replayed, fork_totals, &mut fork)?;
            entry.forks.push(fork);
        }
        out.push(entry);
        if let Some(special) = end {
            out.push(Entry { special: Some(special.to_owned()), ..Entry::default() });
        }
    }
    Ok(())
}

/// The totals before move `i` of `line` given the totals after it.
fn totals_before(line: &[Replayed<'_>], i: usize, after: [u64; 2]) -> [u64; 2] {
    let r = &line[i];
    let side = usize::from(r.before.position.turn() != Color::White);
    let mut totals = after;
    if let Some(seconds) = r.node.comments.iter().find_map(|c| emt_seconds(c)) {
        totals[side] -= seconds.min(totals[side]);
    }
    totals
}

/// The CSA special of a KIF ending word (`投了`) or of a special itself.
fn special_of_word(word: &str) -> Option<&'static str> {
    let termination = KIF_ENDINGS.iter().find(|(w, _, _)| *w == word).map(|(_, t, _)| *t);
    SPECIALS.iter().find(|(s, t, _)| Some(*t) == termination || *s == word).map(|(s, _, _)| *s)
}

/// A move as JKF writes it.
fn jkf_move(position: &Position, last_to: Option<Square>, mv: Move) -> JkfMove {
    let color = u8::from(position.turn() != Color::White);
    let place = |sq: Square| Place { x: sq.file(), y: sq.rank() };
    let to = mv.to();
    match mv {
        Move::Normal { from, promote, .. } => {
            let role = position.piece_at(from).map_or(Role::Pawn, |p: Piece| p.role);
            let could = !promote && position.is_legal(Move::Normal { from, to, promote: true });
            JkfMove {
                color: Some(color),
                from: Some(place(from)),
                to: Some(place(to)),
                piece: kind_of(role).to_owned(),
                same: (last_to == Some(to)).then_some(true),
                promote: if promote { Some(true) } else { could.then_some(false) },
                capture: position.piece_at(to).map(|p| kind_of(p.role).to_owned()),
                relative: None,
            }
        }
        Move::Drop { role, .. } => JkfMove {
            color: Some(color),
            from: None,
            to: Some(place(to)),
            piece: kind_of(role).to_owned(),
            same: None,
            promote: None,
            capture: None,
            relative: None,
        },
    }
}

/// `initial.data` of a position.
fn state_of(position: &Position) -> State {
    let mut board: Vec<Vec<Cell>> = (0..9).map(|_| (0..9).map(|_| Cell::default()).collect()).collect();
    for sq in Square::all() {
        if let Some(piece) = position.piece_at(sq) {
            board[usize::from(sq.file() - 1)][usize::from(sq.rank() - 1)] =
                Cell { color: Some(u8::from(piece.color != Color::White)), kind: Some(kind_of(piece.role).to_owned()) };
        }
    }
    let hands = [Color::White, Color::Black]
        .iter()
        .map(|&color| {
            ["FU", "KY", "KE", "GI", "KI", "KA", "HI"]
                .iter()
                .map(|kind| {
                    let n = role_of(kind).map_or(0, |role| position.hand_count(color, role));
                    ((*kind).to_owned(), u32::from(n))
                })
                .collect()
        })
        .collect();
    State { color: u8::from(position.turn() != Color::White), board, hands }
}

#[cfg(test)]
mod tests {
    use polyfen_game::records::RecordFormats;

    use crate::ShogiRecord;

    const JKF: &str = r#"{"header":{"先手":"A","後手":"B","開始日時":"2024/01/02"},
"initial":{"preset":"HIRATE"},
"moves":[{"comments":["start"]},
{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},"time":{"now":{"m":0,"s":5},"total":{"h":0,"m":0,"s":5}},
 "forks":[[{"move":{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"}},{"move":{"color":1,"from":{"x":8,"y":3},"to":{"x":8,"y":4},"piece":"FU"}},{"special":"TORYO"}]]},
{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"},"comments":["a reply"]},
{"move":{"color":0,"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"KA","promote":true,"capture":"KA"}},
{"move":{"color":1,"from":{"x":3,"y":1},"to":{"x":2,"y":2},"piece":"GI","same":true,"capture":"UM"}},
{"special":"TORYO"}]}"#;

    #[test]
    fn a_document_reads_with_its_forks_comments_times_and_ending() {
        assert_eq!(ShogiRecord::detect(JKF.as_bytes()), Some(ShogiRecord::Jkf));
        let game = ShogiRecord::Jkf.read(JKF.as_bytes()).remove(0).expect("read");
        assert_eq!(game.tag("Sente"), Some("A"));
        assert_eq!(game.tag("StartTime"), Some("2024/01/02"));
        assert_eq!(game.comments, ["start"]);
        let moves: Vec<&str> = game.moves.iter().map(|n| n.mv.as_str()).collect();
        assert_eq!(moves, ["7g7f", "3c3d", "8h2b+", "3a2b"]);
        assert_eq!(game.moves[0].comments, ["[%emt 0:00:05]"]);
        assert_eq!(game.moves[1].comments, ["a reply"]);
        let fork = &game.moves[0].variations[0];
        assert_eq!(fork.moves[0].mv, "2g2f");
        assert_eq!(fork.moves[1].comments, ["[%end 投了]"]);
        assert_eq!((game.result_text(), game.tag("Termination")), ("0-1", Some("resign")));
        // written and read back: the same game
        let written = ShogiRecord::Jkf.write(&game).expect("a writer").expect("written");
        let back = ShogiRecord::Jkf.read(&written).remove(0).expect("read back");
        assert_eq!((back.moves, back.comments, back.result), (game.moves, game.comments, game.result));
        assert_eq!(back.tags, game.tags);
    }

    #[test]
    fn a_bad_move_is_named_by_its_path_line_and_column() {
        let bad = JKF.replace(r#""from":{"x":3,"y":1}"#, r#""from":{"x":4,"y":1}"#);
        let error = ShogiRecord::Jkf.read(bad.as_bytes()).remove(0).expect_err("a bad move");
        assert!(error.message.starts_with("line 8, column 2: moves[4]: 4a2b"), "{}", error.message);
        assert_eq!(error.partial.expect("the game read up to it").moves.len(), 3);
        let late = JKF.replace(
            r#"{"special":"TORYO"}]}"#,
            r#"{"special":"TORYO"},{"move":{"from":{"x":5,"y":9},"to":{"x":5,"y":8},"piece":"OU"}}]}"#,
        );
        let error = ShogiRecord::Jkf.read(late.as_bytes()).remove(0).expect_err("a move after the end");
        assert!(error.message.ends_with("moves[6]: a move after the game ended (resign)"), "{}", error.message);
        let broken = ShogiRecord::Jkf.read(b"{\"moves\": [}").remove(0).expect_err("not JSON");
        assert!(broken.message.starts_with("line 1, column 12: not a JKF document"), "{}", broken.message);
    }

    #[test]
    fn presets_and_custom_starts() {
        let lance =
            ShogiRecord::Jkf.read(br#"{"header":{},"initial":{"preset":"KY"},"moves":[{}]}"#).remove(0).expect("read");
        assert_eq!(lance.tag("FEN"), Some("lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"));
        let written =
            String::from_utf8(ShogiRecord::Jkf.write(&lance).expect("writer").expect("written")).expect("UTF-8");
        assert!(written.contains(r#""initial":{"preset":"KY"}"#), "{written}");
        let mate: crate::Sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G2p 1".parse().expect("SFEN");
        let mut game = super::Game::new(Vec::new(), crate::game::ShogiPosition::new(mate));
        game.moves.push(polyfen_game::records::Node::new("G*5b"));
        let written = ShogiRecord::Jkf.write(&game).expect("writer").expect("written");
        let text = String::from_utf8(written.clone()).expect("UTF-8");
        assert!(text.contains(r#""preset":"OTHER""#), "{text}");
        let back = ShogiRecord::Jkf.read(&written).remove(0).expect("read back");
        assert_eq!(back.tag("FEN"), Some("4k4/9/4P4/9/9/9/9/9/4K4 b G2p 1"));
        assert_eq!(back.moves[0].mv, "G*5b");
    }
}
