//! The game model: tags, a start position, a tree of moves with comments,
//! NAGs and variations, and a result — the same for every game.

use std::time::Duration;

pub use polyfen_game::records::{Node, Variation};

use crate::records::pgn::PgnRepair;
use crate::{AnyPosition, Position as _, VariantId};

/// A game record of any game.
///
/// Moves are kept in the game's coordinate notation (chess UCI, Xiangqi
/// UCCI, Khet's own), each one legal where it stands; [`Game::write_pgn`]
/// and [`crate::records::GameJson`] write them in any move notation of the
/// game.
#[derive(Clone, Debug)]
pub struct Game {
    /// The game.
    pub variant: VariantId,
    /// The tag pairs in file order, duplicates and unknown tags kept.
    pub tags: Vec<(String, String)>,
    /// The position before the first move.
    pub start: AnyPosition,
    /// Comments before the first move (or of a game without moves).
    pub comments: Vec<String>,
    /// The main line.
    pub moves: Vec<Node>,
    /// The movetext's result marker (`1-0`, `0-1`, `1/2-1/2`, `*`), or
    /// `None` when the movetext had none.
    pub result: Option<String>,
    /// What a lenient reading repaired, with where.
    pub repairs: Vec<PgnRepair>,
    /// The movetext not played, as written: in a game read up to a bad
    /// move ([`crate::records::GameError::partial`]), the text from that move
    /// to the game's end (its result marker excluded). Written in PGN as a
    /// comment after the main line, and in JSON as `unplayed`.
    pub unplayed: Option<String>,
    /// What the game's rules say of its end that the record does not, or
    /// says otherwise: an ending only the history of the main line tells
    /// (Shogi's fourth repetition) and a stated ending the rules disagree
    /// with, one sentence each. Empty for the games whose rules judge no
    /// history ([`crate::records::RecordAdapter::JUDGES_HISTORY`]).
    pub warnings: Vec<String>,
    /// The main line's first moves (up to six) as a PGN record wrote them,
    /// which tell the notation it is written in (`Game::written_notations`);
    /// empty for a game of another format or made by hand. Not compared:
    /// a game written in two notations is the same game.
    pub written: Vec<String>,
}

/// Two games are equal when all but the way their moves were written is.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.variant == other.variant
            && self.tags == other.tags
            && self.start == other.start
            && self.comments == other.comments
            && self.moves == other.moves
            && self.result == other.result
            && self.repairs == other.repairs
            && self.unplayed == other.unplayed
            && self.warnings == other.warnings
    }
}

impl Eq for Game {}

impl Game {
    /// A game of `start`'s variant with the tags `tags` and the main line
    /// `moves` from `start`, the result `*`, no comments before the first
    /// move, nothing repaired, unplayed or warned of.
    #[must_use]
    pub fn new(tags: Vec<(String, String)>, start: AnyPosition, moves: Vec<Node>) -> Game {
        Game {
            variant: start.variant(),
            tags,
            start,
            comments: Vec::new(),
            moves,
            result: Some("*".to_owned()),
            repairs: Vec::new(),
            unplayed: None,
            warnings: Vec::new(),
            written: Vec::new(),
        }
    }

    /// The value of the first tag called `name` (matched without regard to
    /// case).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        polyfen_game::records::tag_value(&self.tags, name)
    }

    /// The result: the movetext's marker, else the `Result` tag, else `*`.
    #[must_use]
    pub fn result_text(&self) -> &str {
        polyfen_game::records::result_text(self.result.as_deref(), &self.tags)
    }

    /// Plies of the main line.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// Moves in the whole tree, variations included.
    #[must_use]
    pub fn tree_size(&self) -> usize {
        fn count(line: &[Node]) -> usize {
            line.iter().map(|n| 1 + n.variations.iter().map(|v| count(&v.moves)).sum::<usize>()).sum()
        }
        count(&self.moves)
    }
}

/// A command in a comment, `[%name value]`, as lichess and `ChessBase` write
/// clocks and evaluations. The comment keeps the text byte for byte; this is
/// a reading of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Command<'a> {
    /// The name after `%` (`clk`, `eval`, `emt`, ...).
    pub name: &'a str,
    /// The text after the name, trimmed.
    pub value: &'a str,
}

impl Command<'_> {
    /// The value as a duration `h:mm:ss` or `h:mm:ss.f` (`clk`, `emt`).
    #[must_use]
    pub fn duration(&self) -> Option<Duration> {
        parse_duration(self.value)
    }

    /// The value as an evaluation (`eval`): pawns, or mate in N (`#-3`).
    #[must_use]
    pub fn eval(&self) -> Option<Eval> {
        let v = self.value.split(',').next()?.trim();
        if let Some(mate) = v.strip_prefix('#') {
            return mate.parse().ok().map(Eval::Mate);
        }
        v.parse::<f64>().ok().filter(|p| p.is_finite()).map(Eval::Pawns)
    }
}

/// An engine evaluation from a `[%eval]` command.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Eval {
    /// An advantage in pawns, from the first player's side.
    Pawns(f64),
    /// Mate in this many moves (negative: the second player mates).
    Mate(i32),
}

/// The commands `[%name value]` in a comment's text, in order.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use polyfen::records::commands;
///
/// let comment = " [%eval 0.25] [%clk 0:05:00] a good move ";
/// let found: Vec<_> = commands(comment).collect();
/// assert_eq!(found[0].name, "eval");
/// assert_eq!(found[1].duration(), Some(Duration::from_secs(300)));
/// ```
pub fn commands(comment: &str) -> impl Iterator<Item = Command<'_>> {
    let mut rest = comment;
    std::iter::from_fn(move || {
        loop {
            let start = rest.find("[%")?;
            let after = &rest[start + 2..];
            let Some(end) = after.find(']') else {
                rest = "";
                return None;
            };
            let body = &after[..end];
            rest = &after[end + 1..];
            let name_len = body.find(char::is_whitespace).unwrap_or(body.len());
            let name = &body[..name_len];
            if name.is_empty() {
                continue;
            }
            return Some(Command { name, value: body[name_len..].trim() });
        }
    })
}

/// `h:mm:ss`, `mm:ss` or `ss`, with optional fractions of a second.
fn parse_duration(text: &str) -> Option<Duration> {
    let mut seconds = 0f64;
    let mut parts = 0;
    for part in text.trim().split(':') {
        parts += 1;
        if parts > 3 || part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
            return None;
        }
        seconds = seconds * 60.0 + part.parse::<f64>().ok()?;
    }
    (seconds.is_finite() && seconds >= 0.0).then(|| Duration::from_secs_f64(seconds))
}
