//! USI `position` lines as a record: one game per line, `position startpos
//! moves 7g7f 3c3d` or `position sfen <sfen> moves …` (the word `position`
//! may be left out), read by the crate's [`read_position_command`]. Blank
//! lines and lines starting with `#` are skipped; a line that does not read
//! is an error with its line and column (the game read up to a bad move is
//! kept), and the other lines are read all the same. A line holds the main
//! line only: what a game has besides (variations, comments, times, the
//! result, tags) is said by [`cannot_hold`] when it is written.

use polyfen_game::RuleError;
use polyfen_game::records::{Node, RecordGames};

use super::{Game, Line, OWN_TAGS, RecordError, lines, replay, sfen_of, start_of};
use crate::game::ShogiPosition;
use crate::usi::{CommandErrorKind, PositionCommand, read_position_command};
use crate::{START_SFEN, Sfen};

/// Whether a line reads as a `position` command: `position startpos`,
/// `position sfen …`, or the same without `position`.
pub(super) fn looks_like_usi(line: &str) -> bool {
    let line = line.strip_prefix("position ").map_or(line, str::trim_start);
    line == "startpos" || line.starts_with("startpos ") || line.starts_with("sfen ")
}

/// Reads every line of `text` as a game.
pub(super) fn read(text: &str) -> RecordGames<ShogiPosition> {
    let mut games = Vec::new();
    for line in lines(text) {
        let t = line.text.trim_start_matches('\u{feff}');
        if t.trim().is_empty() || t.trim_start().starts_with('#') {
            continue;
        }
        games.push(read_line(&line));
    }
    games
}

/// Reads one line as a game.
fn read_line(line: &Line<'_>) -> Result<Game, RecordError> {
    let text = line.text;
    let bom = text.len() - text.trim_start_matches('\u{feff}').len();
    let t = &text[bom..];
    match read_position_command(t) {
        Ok(command) => Ok(game_of(command)),
        Err(error) => {
            let message = match &error.kind {
                CommandErrorKind::Sfen(e) => format!("the SFEN: {}", e.kind),
                kind => kind.to_string(),
            };
            let at = bom + error.span.start;
            let mut bad = line.error(at, message);
            if matches!(error.kind, CommandErrorKind::Move { .. })
                && let Some(command) = t.get(..error.span.start).and_then(|head| read_position_command(head).ok())
            {
                let mut partial = game_of(command);
                partial.unplayed = Some(t[error.span.start..].to_owned());
                bad = bad.with_partial(partial);
            }
            Err(bad)
        }
    }
}

/// The game of a command read: its start (a `FEN` tag when it is not the
/// even one) and its moves.
fn game_of(command: PositionCommand) -> Game {
    let PositionCommand { start, moves } = command;
    let sfen = sfen_of(&start);
    let tags = if sfen == START_SFEN { Vec::new() } else { vec![("FEN".to_owned(), sfen)] };
    let mut game = Game::new(tags, ShogiPosition::new(start));
    game.moves = moves.iter().map(|m| Node::new(m.to_string())).collect();
    game
}

/// Writes a game's main line as one `position` line.
pub(super) fn write(game: &Game) -> Result<String, RuleError> {
    let start = start_of(game)?;
    let (main, _) = replay(&start, &game.moves, 0)?;
    let start: Sfen = game.start.setup.clone();
    let command = PositionCommand { start, moves: main.iter().map(|r| r.mv).collect() };
    Ok(format!("{command}\n"))
}

/// What a `position` line cannot hold of `game`, each in words: its
/// variations, comments (and times), result and tags.
pub(super) fn cannot_hold(game: &Game) -> Vec<String> {
    let mut variations = 0usize;
    let mut comments = game.comments.len();
    count(&game.moves, &mut variations, &mut comments);
    let mut out = Vec::new();
    if variations > 0 {
        out.push(format!(
            "USI position lines cannot hold variations; dropped {variations} variation{} (the main line is written)",
            plural(variations)
        ));
    }
    if comments > 0 {
        out.push(format!(
            "USI position lines cannot hold comments or times; dropped {comments} comment{}",
            plural(comments)
        ));
    }
    let result = game.result_text();
    match (result, game.tag("Termination")) {
        ("*", None) => {}
        ("*", Some(how)) => out.push(format!("USI position lines cannot hold the ending; dropped {how}")),
        (_, None) => out.push(format!("USI position lines cannot hold the result; dropped {result}")),
        (_, Some(how)) => out.push(format!("USI position lines cannot hold the result; dropped {result} ({how})")),
    }
    // the start's SFEN holds the handicap
    let tags: Vec<&str> =
        game.tags.iter().map(|(name, _)| name.as_str()).filter(|name| !OWN_TAGS.contains(name)).collect();
    if !tags.is_empty() {
        out.push(format!("USI position lines cannot hold tags; dropped {}", tags.join(", ")));
    }
    out
}

/// Counts the variations and comments of a line and of its variations.
pub(super) fn count(moves: &[Node], variations: &mut usize, comments: &mut usize) {
    for node in moves {
        *comments += node.comments.len();
        for variation in &node.variations {
            *variations += 1;
            *comments += variation.comments.len();
            count(&variation.moves, variations, comments);
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use polyfen_game::records::{RecordFormats, Variation};

    use super::*;
    use crate::ShogiRecord;

    #[test]
    fn every_line_is_a_game_and_a_bad_one_loses_no_other() {
        let text = "position startpos moves 7g7f 3c3d\n\n# a comment\nstartpos moves 7g7f 7g7f\n\
                    sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b\nposition sfen 4k4/9 b - 1\n";
        let games = ShogiRecord::Usi.read(text.as_bytes());
        assert_eq!(games.len(), 4);
        let first = games[0].as_ref().expect("read");
        assert_eq!(first.moves.iter().map(|n| n.mv.as_str()).collect::<Vec<_>>(), ["7g7f", "3c3d"]);
        let bad = games[1].as_ref().expect_err("a bad move");
        assert!(bad.message.starts_with("line 4, column 21: move 2 (\"7g7f\")"), "{}", bad.message);
        let partial = bad.partial.as_ref().expect("the game read up to it");
        assert_eq!(partial.moves.len(), 1);
        assert_eq!(partial.unplayed.as_deref(), Some("7g7f"));
        let third = games[2].as_ref().expect("read");
        assert_eq!(third.tag("FEN"), Some("4k4/9/9/9/9/9/9/9/4K4 b G 1"));
        assert_eq!(third.moves[0].mv, "G*5b");
        let sfen = games[3].as_ref().expect_err("a bad SFEN");
        assert!(sfen.message.starts_with("line 6, column "), "{}", sfen.message);
    }

    #[test]
    fn a_line_is_written_and_read_back_and_what_it_drops_is_said() {
        let games = ShogiRecord::Usi.read(b"sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b 5a5b\n");
        let mut game = games.into_iter().next().expect("a game").expect("read");
        let written = String::from_utf8(ShogiRecord::Usi.write(&game).expect("written").expect("ok")).expect("UTF-8");
        assert_eq!(written, "position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b 5a5b\n");
        assert!(ShogiRecord::Usi.cannot_hold(&game).is_empty());
        game.moves[0].comments.push("a check".into());
        game.moves[0].variations.push(Variation { comments: Vec::new(), moves: vec![Node::new("5i4h")] });
        game.result = Some("1-0".into());
        game.tags.push(("Sente".into(), "A".into()));
        let said = ShogiRecord::Usi.cannot_hold(&game);
        assert_eq!(said.len(), 4, "{said:?}");
        assert!(said[0].contains("dropped 1 variation "), "{said:?}");
        assert!(said[2].ends_with("dropped 1-0"), "{said:?}");
        assert!(said[3].ends_with("dropped Sente"), "{said:?}");
        assert_eq!(ShogiRecord::detect(written.as_bytes()), Some(ShogiRecord::Usi));
        assert_eq!(ShogiRecord::detect(b"startpos moves 7g7f\n"), Some(ShogiRecord::Usi));
    }
}
