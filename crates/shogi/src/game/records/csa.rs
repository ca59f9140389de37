//! CSA (V2.2, and V3.0's `'CSA encoding=` line): `N+`/`N-` names and `$`
//! metadata as tags, the start (`PI`, `P1`…`P9`, `P+`/`P-`, the side
//! line, read by the crate's `csa-board`), moves (`+7776FU`, several on a
//! line separated by `,`), times (`T12`, kept as `[%emt]` comments),
//! comments (`'*text`, and `'text` as the peers write them), the specials
//! (`%TORYO` …) as the result and `Termination`, and `/` between the games
//! of one file, each read or failed on its own. CSA has no variations:
//! the writer writes the main line and [`cannot_hold`] says what it left.

use std::fmt::Write as _;

use polyfen_core::Color;
use polyfen_game::RuleError;
use polyfen_game::records::{PgnRepair, RecordGames};

use super::{
    Game, Line, OWN_TAGS, Outcome, RecordError, Tree, emt, finish, lines, plain_comments, replay, result_of, start_of,
    time_of,
};
use crate::board::BoardNotation;
use crate::game::ShogiPosition;
use crate::game::record::ShogiPos;
use crate::{Position, START_SFEN, ShogiMoveNotation};

/// The `$` keys with a tag name of their own (the others keep theirs).
const KEYS: [(&str, &str); 6] = [
    ("EVENT", "Event"),
    ("SITE", "Site"),
    ("START_TIME", "StartTime"),
    ("END_TIME", "EndTime"),
    ("TIME_LIMIT", "TimeControl"),
    ("OPENING", "Opening"),
];

/// The specials that end a game, with their termination and outcome.
pub(super) const SPECIALS: [(&str, &str, Outcome); 14] = [
    ("TORYO", "resign", Outcome::MoverLoses),
    ("CHUDAN", "interrupt", Outcome::Unknown),
    ("SENNICHITE", "repetition", Outcome::Draw),
    ("TIME_UP", "time forfeit", Outcome::MoverLoses),
    ("ILLEGAL_MOVE", "illegal move", Outcome::MoverLoses),
    ("+ILLEGAL_ACTION", "illegal move", Outcome::SenteLoses),
    ("-ILLEGAL_ACTION", "illegal move", Outcome::GoteLoses),
    ("JISHOGI", "impasse", Outcome::Draw),
    ("KACHI", "entering king", Outcome::MoverWins),
    ("HIKIWAKE", "draw", Outcome::Draw),
    ("TSUMI", "mate", Outcome::MoverLoses),
    ("FUZUMI", "no mate", Outcome::Unknown),
    ("ERROR", "error", Outcome::Unknown),
    ("MATTA", "takeback", Outcome::Unknown),
];

/// Whether a line is CSA's own: a version `V2`, a name `N+`, a position
/// line `PI`, `P1-KY…`, `P+00FU`, a `$` key, a move `+7776FU`.
pub(super) fn looks_like_csa(line: &str) -> bool {
    let b = line.as_bytes();
    match b {
        [b'V', b'2' | b'3', ..] => b.len() == 2 || b[2] == b'.',
        [b'N', b'+' | b'-', ..] | [b'P', b'+' | b'-', b'0'..=b'9', b'0'..=b'9', ..] => true,
        [b'P', b'I', rest @ ..] => rest.iter().all(u8::is_ascii_alphanumeric),
        [b'P', b'1'..=b'9', b' ' | b'+' | b'-', ..] => b.len() >= 20,
        [b'$', rest @ ..] => rest
            .iter()
            .position(|&c| c == b':')
            .is_some_and(|i| i > 0 && rest[..i].iter().all(|c| c.is_ascii_uppercase() || *c == b'_')),
        [b'+' | b'-', d1, d2, d3, d4, p1, p2, ..] => {
            [d1, d2, d3, d4].iter().all(|d| d.is_ascii_digit()) && p1.is_ascii_uppercase() && p2.is_ascii_uppercase()
        }
        _ => false,
    }
}

/// Reads every game of a CSA file (games separated by a `/` line).
pub(super) fn read(text: &str) -> RecordGames<ShogiPosition> {
    let all = lines(text);
    let mut games = Vec::new();
    let mut from = 0;
    for (i, line) in all.iter().enumerate() {
        if line.text.trim_end() == "/" {
            games.push(read_game(text, &all[from..i]));
            from = i + 1;
        }
    }
    if from < all.len() || games.is_empty() {
        let rest = &all[from.min(all.len())..];
        if games.is_empty() || rest.iter().any(|l| !l.text.trim().is_empty()) {
            games.push(read_game(text, rest));
        }
    }
    games
}

/// Reads one game of a CSA file from its lines.
fn read_game(text: &str, all: &[Line<'_>]) -> Result<Game, RecordError> {
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut repairs: Vec<PgnRepair> = Vec::new();
    let mut board: Vec<Line<'_>> = Vec::new();
    let mut start_comments: Vec<String> = Vec::new();
    let mut i = 0;
    let mut sided = false;
    // The header and the position, up to the side line.
    while let Some(line) = all.get(i) {
        let t = line.text.trim_end();
        let t = t.trim_start_matches('\u{feff}');
        let b = t.as_bytes();
        if t.is_empty() || (t.starts_with('V') && b.get(1).is_some_and(u8::is_ascii_digit)) {
            i += 1;
            continue;
        }
        if t.starts_with("'CSA encoding=") || t.starts_with("'CSA") && t.contains("encoding") {
            i += 1;
            continue;
        }
        if let Some(comment) = t.strip_prefix('\'') {
            start_comments.push(comment.strip_prefix('*').unwrap_or(comment).to_owned());
            i += 1;
            continue;
        }
        if let Some(name) = t.strip_prefix("N+") {
            tags.push(("Sente".to_owned(), name.trim().to_owned()));
        } else if let Some(name) = t.strip_prefix("N-") {
            tags.push(("Gote".to_owned(), name.trim().to_owned()));
        } else if let Some(rest) = t.strip_prefix('$') {
            let (key, value) = rest.split_once(':').unwrap_or((rest, ""));
            let tag = KEYS.iter().find(|(k, _)| *k == key).map_or(key, |(_, tag)| *tag);
            tags.push((tag.to_owned(), value.trim().to_owned()));
        } else if t == "+" || t == "-" {
            board.push(*line);
            sided = true;
            i += 1;
            break;
        } else if t.starts_with('P') {
            board.push(*line);
        } else if t.starts_with(['+', '-', '%', 'T']) {
            break;
        } else {
            return Err(line
                .error(0, format!("expected a CSA header line (V2.2, N+, N-, $KEY:value, P…, + or -), found {t:?}")));
        }
        i += 1;
    }
    let setup = if board.is_empty() {
        let at = all.get(i).or(all.last()).copied().unwrap_or(Line { number: 1, offset: 0, text: "" });
        repairs.push(at.repair(0, "no start position (PI or P1…P9 and the side): read the even start"));
        START_SFEN.parse().map_err(|_| RecordError::new("the even start", 0))?
    } else {
        if !sided {
            let last = board[board.len() - 1];
            return Err(
                last.error(last.text.len(), "the position has no side to move (a line + or -) before the moves")
            );
        }
        let block: String = board.iter().fold(String::new(), |mut block, l| {
            block.push_str(l.text);
            block.push('\n');
            block
        });
        BoardNotation::CsaBoard.read(&block).map_err(|e| {
            let line = board.get(e.line.saturating_sub(1)).or(board.last()).copied().unwrap_or(board[0]);
            let block_offset: usize = board.iter().take(e.line.saturating_sub(1)).map(|l| l.text.len() + 1).sum();
            line.error(e.offset.saturating_sub(block_offset), format!("position: {}", e.message))
        })?
    };
    let start = ShogiPosition::new(setup);
    let first = all.first().copied().unwrap_or(Line { number: 1, offset: 0, text: "" });
    let pos = Position::from_setup(&start.setup).map_err(|e| first.error(0, format!("the start position: {e}")))?;
    let mut game = Game::new(tags, start);
    game.comments = start_comments;
    let mut tree = Tree::new(ShogiPos { position: pos, last_to: None });
    let mut ending: Option<(String, Outcome)> = None;
    while let Some(line) = all.get(i) {
        i += 1;
        if let Err(error) = read_line(line, &mut tree, &mut repairs, &mut ending) {
            game.repairs = repairs;
            game.unplayed = Some(
                text.get(line.offset..all.last().map_or(line.offset, |l| l.offset + l.text.len()))
                    .unwrap_or("")
                    .to_owned(),
            );
            return Err(error.with_partial(finish(game, tree, ending)));
        }
    }
    game.repairs = repairs;
    Ok(finish(game, tree, ending))
}

/// A line after the position: moves, times and specials (`,` between
/// them), or a comment.
fn read_line(
    line: &Line<'_>,
    tree: &mut Tree,
    repairs: &mut Vec<PgnRepair>,
    ending: &mut Option<(String, Outcome)>,
) -> Result<(), RecordError> {
    let t = line.text.trim_end();
    if t.is_empty() {
        return Ok(());
    }
    if let Some(comment) = t.strip_prefix('\'') {
        tree.comment(comment.strip_prefix('*').unwrap_or(comment));
        return Ok(());
    }
    let mut at = 0;
    for item in t.split(',') {
        let item_at = at;
        at += item.len() + 1;
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        if item.starts_with('\'') {
            // a comment to the end of the line
            let rest = t.get(item_at..).unwrap_or("").trim_start();
            let rest = rest.strip_prefix('\'').unwrap_or(rest);
            tree.comment(rest.strip_prefix('*').unwrap_or(rest));
            break;
        }
        if let Some(seconds) = item.strip_prefix('T') {
            let seconds: u64 =
                seconds.parse().map_err(|_| line.error(item_at, format!("{item:?} is not a time T<seconds>")))?;
            if ending.is_none() {
                tree.note(emt(seconds));
            }
            continue;
        }
        if let Some(special) = item.strip_prefix('%') {
            let Some((_, termination, outcome)) = SPECIALS.iter().find(|(s, _, _)| *s == special) else {
                return Err(line.error(item_at, format!("%{special} is not a CSA special (%TORYO, %CHUDAN, %SENNICHITE, %TIME_UP, %ILLEGAL_MOVE, %+ILLEGAL_ACTION, %-ILLEGAL_ACTION, %JISHOGI, %KACHI, %HIKIWAKE, %TSUMI, %FUZUMI, %ERROR)")));
            };
            if ending.is_none() {
                *ending = Some(((*termination).to_owned(), *outcome));
            } else {
                repairs
                    .push(line.repair(item_at, format!("a second ending %{special} after the first: kept the first")));
            }
            continue;
        }
        if item.starts_with(['+', '-']) {
            if let Some((first, _)) = ending {
                return Err(line.error(item_at, format!("a move after the game ended ({first})")));
            }
            tree.play(ShogiMoveNotation::Csa, item, line, item_at, repairs)?;
            continue;
        }
        return Err(line.error(
            item_at,
            format!("expected a move (+7776FU), a time (T12), an ending (%TORYO) or a comment ('), found {item:?}"),
        ));
    }
    Ok(())
}

/// Writes a game as CSA V2.2 in UTF-8: the encoding line, the version, the
/// names and the `$` keys, the position (`PI` for the even start and the
/// handicaps the board notation writes so, else the nine rows and the
/// hands), the main line with its times and comments, the ending.
pub(super) fn write(game: &Game) -> Result<String, RuleError> {
    let start = start_of(game)?;
    let mut out = String::from("'CSA encoding=UTF-8\nV2.2\n");
    if let Some(name) = game.tag("Sente") {
        let _ = writeln!(out, "N+{name}");
    }
    if let Some(name) = game.tag("Gote") {
        let _ = writeln!(out, "N-{name}");
    }
    for (name, value) in &game.tags {
        if matches!(name.as_str(), "Sente" | "Gote") || OWN_TAGS.contains(&name.as_str()) {
            continue;
        }
        let key = KEYS.iter().find(|(_, tag)| tag == name).map_or(name.as_str(), |(key, _)| *key);
        if key.bytes().all(|b| b.is_ascii_uppercase() || b == b'_' || b.is_ascii_digit()) && !key.is_empty() {
            let _ = writeln!(out, "${key}:{value}");
        } else {
            let _ = writeln!(out, "'{name}：{value}");
        }
    }
    if let Some(termination) = game.tag("Termination")
        && !SPECIALS.iter().any(|(_, t, _)| *t == termination)
    {
        // no special says it: kept as a comment, not lost
        let _ = writeln!(out, "'Termination: {termination}");
    }
    out.push_str(&BoardNotation::CsaBoard.write(&game.start.setup));
    for comment in &game.comments {
        write_comment(&mut out, comment);
    }
    let (main, end) = replay(&start, &game.moves, 0)?;
    for r in &main {
        out.push_str(&ShogiMoveNotation::Csa.write(&r.before.position, r.mv));
        out.push('\n');
        if let Some(seconds) = time_of(&r.node.comments) {
            let _ = writeln!(out, "T{seconds}");
        }
        for comment in plain_comments(&r.node.comments) {
            write_comment(&mut out, comment);
        }
    }
    if let Some(special) = special_of(game.tag("Termination"), game.result_text(), end.position.turn()) {
        out.push('%');
        out.push_str(special);
        out.push('\n');
    }
    Ok(out)
}

/// A comment's lines, each after `'*`.
fn write_comment(out: &mut String, comment: &str) {
    for line in comment.split('\n') {
        out.push_str("'*");
        out.push_str(line);
        out.push('\n');
    }
}

/// The special for a termination and result (`turn` to move at the end).
pub(super) fn special_of(termination: Option<&str>, result: &str, turn: Color) -> Option<&'static str> {
    let termination = match (termination, result) {
        (Some(termination), _) => termination,
        (None, "1-0" | "0-1") => "resign",
        (None, _) => return None,
    };
    if termination == "illegal move" {
        let mover_lost = result_of(Outcome::MoverLoses, turn) == result;
        return Some(match (mover_lost, result) {
            (true, _) => "ILLEGAL_MOVE",
            (false, "0-1") => "+ILLEGAL_ACTION",
            _ => "-ILLEGAL_ACTION",
        });
    }
    SPECIALS.iter().find(|(_, t, _)| *t == termination).map(|(s, _, _)| *s)
}

/// What CSA cannot hold of `game`: its variations (CSA V2.2 and V3.0 have
/// no place for them; only the main line is written), in words.
pub(super) fn cannot_hold(game: &Game) -> Vec<String> {
    let (mut variations, mut comments) = (0usize, 0usize);
    super::usi::count(&game.moves, &mut variations, &mut comments);
    if variations == 0 {
        return Vec::new();
    }
    let s = if variations == 1 { "" } else { "s" };
    vec![format!(
        "CSA cannot hold variations; dropped {variations} variation{s} and the moves and comments in them (the main line is written)"
    )]
}
