//! Lichess-style PGN games of every variant (made with python-chess, see
//! `tests/data/variant-pgn/NOTICE.md`): every SAN reads as a legal move of
//! its variant, plays, and is written back the same, so the movetext
//! written from the moves is the movetext read; a decided result is the
//! variant's outcome. (The movetext is split simply here; the records
//! reader of the facade reads these files once it knows the variants.)

use std::fmt::Write as _;

use polyfen_chess::{ChessVariant, Outcome, VariantOutcome, VariantPosition};
use polyfen_core::Color;

struct Game {
    headers: Vec<(String, String)>,
    movetext: String,
}

impl Game {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

fn games(text: &str) -> Vec<Game> {
    let mut out: Vec<Game> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(tag) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            if out.last().is_none_or(|g| !g.movetext.is_empty()) {
                out.push(Game { headers: Vec::new(), movetext: String::new() });
            }
            let (name, value) = tag.split_once(' ').expect("a tag name and value");
            let game = out.last_mut().expect("a game");
            game.headers.push((name.to_owned(), value.trim_matches('"').to_owned()));
        } else if !line.is_empty() {
            let game = out.last_mut().expect("movetext after tags");
            if !game.movetext.is_empty() {
                game.movetext.push(' ');
            }
            game.movetext.push_str(line);
        }
    }
    out
}

/// Plays a game; returns the movetext written from the moves played and
/// the position reached.
fn replay(game: &Game) -> (String, VariantPosition) {
    let variant: ChessVariant = game.header("Variant").expect("a Variant tag").parse().expect("a known variant");
    let mut pos = match game.header("FEN") {
        Some(fen) => VariantPosition::from_setup(&variant.parse_fen(fen).expect("FEN")).expect("legal FEN"),
        None => VariantPosition::start(variant),
    };
    let mut written = String::new();
    for token in game.movetext.split_ascii_whitespace() {
        if token.ends_with('.') || matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
            continue;
        }
        let m = pos.parse_san(token).unwrap_or_else(|e| panic!("{}: {token}: {e}", game.header("Event").unwrap_or("")));
        if pos.turn() == Color::White {
            let _ = write!(written, "{}. ", pos.chess().fullmove_number());
        } else if written.is_empty() {
            let _ = write!(written, "{}... ", pos.chess().fullmove_number());
        }
        written.push_str(&pos.san(m));
        written.push(' ');
        pos.play(m);
    }
    written.push_str(game.header("Result").unwrap_or("*"));
    (written, pos)
}

#[test]
fn every_variant_game_reads_plays_and_writes_back() {
    let files = [
        include_str!("data/variant-pgn/crazyhouse.pgn"),
        include_str!("data/variant-pgn/three-check.pgn"),
        include_str!("data/variant-pgn/king-of-the-hill.pgn"),
        include_str!("data/variant-pgn/atomic.pgn"),
        include_str!("data/variant-pgn/antichess.pgn"),
        include_str!("data/variant-pgn/horde.pgn"),
        include_str!("data/variant-pgn/racing-kings.pgn"),
    ];
    let mut seen = Vec::new();
    for file in files {
        let games = games(file);
        assert_eq!(games.len(), 6);
        for game in &games {
            let (written, pos) = replay(game);
            assert_eq!(written, game.movetext, "{}", game.header("Event").unwrap_or(""));
            let winner = match pos.outcome() {
                VariantOutcome::Won { winner, .. } => Some(winner),
                VariantOutcome::Chess(Outcome::Checkmate) => Some(pos.turn().other()),
                _ => None,
            };
            let result = match (winner, pos.outcome()) {
                (Some(Color::White), _) => "1-0",
                (Some(Color::Black), _) => "0-1",
                (None, VariantOutcome::Chess(Outcome::Ongoing)) => "*",
                (None, _) => "1/2-1/2",
            };
            assert_eq!(Some(result), game.header("Result"), "{}", game.header("Event").unwrap_or(""));
            seen.push(pos.variant());
        }
    }
    seen.dedup();
    assert_eq!(seen.len(), 7);
}
