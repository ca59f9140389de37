//! A game's own record formats (Xiangqi's XQF, CBR/CBL, CBF and `DhtmlXQ`,
//! Shogi's KIF or CSA...) below the facade: the tree of moves every record
//! holds ([`Node`], [`Variation`]), a record read by a game's format
//! ([`Record`], with the game's own position type) and its error
//! ([`RecordError`]), where a repair or an error is ([`Location`],
//! [`PgnRepair`]), the tree of a record read in preorder ([`Raw`],
//! [`line_of`]), a record's tag and result as any game record reads them
//! ([`tag_value`], [`result_text`]) and [`RecordFormats`], the enum of a
//! game's record formats that the facade's list of games names. The facade
//! turns a [`Record`] into its game of any game and finds the format of a
//! file by asking each game's [`RecordFormats::detect`]; PGN, every game's,
//! stays in the facade.

use std::fmt;

use crate::{GamePosition, RuleError};

/// Where something is in the input: a byte offset from the start of the
/// (decoded) input, and its 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Location {
    /// Bytes before it.
    pub offset: u64,
    /// The line, from 1 (0 in a binary record, which has no lines: there
    /// the offset alone says where).
    pub line: u64,
    /// The column in characters, from 1 (0 in a binary record).
    pub column: u64,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            return write!(f, "byte {}", self.offset);
        }
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A lenient reading the reader (or a visitor) made, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnRepair {
    /// What was done, in words.
    pub message: String,
    /// Where.
    pub at: Location,
}

impl fmt::Display for PgnRepair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

/// A repair of a record at byte `offset` (a record format without lines:
/// the location's line and column are 0).
pub fn record_repair(message: impl Into<String>, offset: usize) -> PgnRepair {
    PgnRepair { message: message.into(), at: Location { offset: offset as u64, line: 0, column: 0 } }
}

/// One move of a line, what is said of it, and the alternatives to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move in the game's coordinate notation (chess `uci`, Xiangqi
    /// `ucci`, Khet `khet`); a null move (the turn passes) is `0000` in
    /// every game ([`crate::NULL_MOVE`]).
    pub mv: String,
    /// Numeric annotation glyphs (`$1`, or `!` read as 1), in order.
    pub nags: Vec<u8>,
    /// Comments after the move, as written.
    pub comments: Vec<String>,
    /// Variations: other moves instead of this one.
    pub variations: Vec<Variation>,
}

impl Node {
    /// A move with nothing said of it.
    pub fn new(mv: impl Into<String>) -> Node {
        Node { mv: mv.into(), nags: Vec::new(), comments: Vec::new(), variations: Vec::new() }
    }
}

/// A variation: a line played instead of the move it hangs on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// Comments before its first move.
    pub comments: Vec<String>,
    /// Its moves.
    pub moves: Vec<Node>,
}

/// A game read by one of a game's own record formats, with the game's
/// position type: the facade makes it a game record of any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record<P> {
    /// The tag pairs in order (PGN's names where the format has them).
    pub tags: Vec<(String, String)>,
    /// The position before the first move.
    pub start: P,
    /// Comments before the first move (or of a game without moves).
    pub comments: Vec<String>,
    /// The main line, moves in the game's coordinate notation.
    pub moves: Vec<Node>,
    /// The result marker (`1-0`, `0-1`, `1/2-1/2`, `*`), if the record
    /// gives one.
    pub result: Option<String>,
    /// What the reading repaired, with where.
    pub repairs: Vec<PgnRepair>,
    /// Moves not played, as written (in a game read up to a bad move).
    pub unplayed: Option<String>,
}

impl<P> Record<P> {
    /// A record of `start` with `tags` and nothing else yet.
    pub fn new(tags: Vec<(String, String)>, start: P) -> Record<P> {
        Record {
            tags,
            start,
            comments: Vec::new(),
            moves: Vec::new(),
            result: None,
            repairs: Vec::new(),
            unplayed: None,
        }
    }

    /// The value of the first tag called `name` (matched without regard to
    /// case).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }

    /// The result: the record's marker, else the `Result` tag, else `*`.
    #[must_use]
    pub fn result_text(&self) -> &str {
        result_text(self.result.as_deref(), &self.tags)
    }
}

/// The value of the first of `tags` called `name` (matched without regard
/// to case): what [`Record::tag`] and the facade's game answer.
#[inline]
#[must_use]
pub fn tag_value<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
}

/// A game's result: its result `marker`, else the `Result` of `tags` when
/// it is a result (`1-0`, `0-1`, `1/2-1/2`, `*`), else `*`: what
/// [`Record::result_text`] and the facade's game answer, and what a PGN
/// writer ends the movetext with (a tag of another value is kept as a tag).
#[inline]
#[must_use]
pub fn result_text<'a>(marker: Option<&'a str>, tags: &'a [(String, String)]) -> &'a str {
    marker
        .or_else(|| tag_value(tags, "Result").filter(|value| matches!(*value, "1-0" | "0-1" | "1/2-1/2" | "*")))
        .unwrap_or("*")
}

/// Why a record could not be read, the byte offset (from the start of the
/// file) where the problem is, and the game read up to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError<P> {
    /// What is wrong, in words.
    pub message: String,
    /// The byte offset in the file.
    pub offset: u64,
    /// The game read up to the bad record, when the header was read.
    pub partial: Option<Box<Record<P>>>,
}

impl<P> RecordError<P> {
    /// An error `message` at byte `offset`, with no game read.
    pub fn new(message: impl Into<String>, offset: usize) -> RecordError<P> {
        RecordError { message: message.into(), offset: offset as u64, partial: None }
    }

    /// The same error, with the game read up to it.
    #[must_use]
    pub fn with_partial(mut self, game: Record<P>) -> RecordError<P> {
        self.partial = Some(Box::new(game));
        self
    }
}

impl<P> fmt::Display for RecordError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}: {}", self.offset, self.message)
    }
}

/// The games of a record file, each read or failed on its own.
pub type RecordGames<P> = Vec<Result<Record<P>, RecordError<P>>>;

/// The record formats of a game: an enum the game's crate defines and the
/// facade's list of games names, variant by variant, as the facade's
/// record-format ids.
pub trait RecordFormats: Copy + Eq + fmt::Debug + Send + Sync + 'static {
    /// The game's position.
    type Position: GamePosition;

    /// The format's name as the command line writes it (`xqf`).
    fn name(self) -> &'static str;

    /// The extensions of the format's file names, without the dot, the
    /// usual one first (`kif`, `kifu`): what a file picker offers. A file
    /// is read by its content, whatever its name.
    fn extensions(self) -> &'static [&'static str];

    /// Whether the format is binary (read as bytes, no text encoding).
    fn is_binary(self) -> bool;

    /// Whether games are written in this format ([`RecordFormats::write`]
    /// gives `Some`), or it is read only.
    fn is_written(self) -> bool;

    /// The format of a file from its first bytes, if it is one of these.
    fn detect(head: &[u8]) -> Option<Self>;

    /// The text encoding a text format's `bytes` are read in (`UTF-8`,
    /// `gb18030`, as the WHATWG Encoding Standard names them); `None` for
    /// a binary format.
    fn encoding(self, bytes: &[u8]) -> Option<&'static str>;

    /// Reads the games of a file (`bytes`, all of it) in this format.
    fn read(self, bytes: &[u8]) -> RecordGames<Self::Position>;

    /// What the format holds, for an error writing another game in it
    /// (`XQF holds Xiangqi games`).
    fn holds(self) -> &'static str;

    /// Writes a game in this format; `None` for a format read only.
    ///
    /// # Errors
    ///
    /// [`RuleError::IllegalPosition`] for a game the format cannot hold,
    /// [`RuleError::Move`] for a move that does not replay.
    fn write(self, game: &Record<Self::Position>) -> Option<Result<Vec<u8>, RuleError>>;

    /// What writing `game` in this format leaves out (variations, comments,
    /// the result… that the format has no place for), each in words, for
    /// the caller to report as a warning: nothing is dropped silently.
    /// Nothing, unless the format says otherwise.
    fn cannot_hold(self, game: &Record<Self::Position>) -> Vec<String> {
        let _ = game;
        Vec::new()
    }
}

/// A move of a record's tree while it is read in preorder (as XQF and CBR
/// write it): its text, its comment, and the moves after it.
#[derive(Clone, Debug, Default)]
pub struct Raw {
    /// The move in the game's coordinate notation.
    pub mv: String,
    /// The comment after it.
    pub comment: Option<String>,
    /// The next moves: the first is the line's continuation, the others
    /// are played instead of it.
    pub children: Vec<usize>,
}

impl Raw {
    /// The tree of a record with only its root: the moves read go under it.
    #[must_use]
    pub fn root() -> Vec<Raw> {
        vec![Raw::default()]
    }
}

/// The line that starts with the children of `parent`, each later child a
/// variation of the first; built without recursion.
pub fn line_of(raws: &mut [Raw], parent: usize) -> Vec<Node> {
    // Build bottom-up: every node's line is its first child's node followed
    // by that child's line. Process in reverse index order (children always
    // come after their parents).
    let mut lines: Vec<Option<Vec<Node>>> = (0..raws.len()).map(|_| None).collect();
    for index in (0..raws.len()).rev() {
        let children = std::mem::take(&mut raws[index].children);
        let mut line = Vec::new();
        let mut alternatives = Vec::new();
        for (k, &child) in children.iter().enumerate() {
            let mut node = Node::new(std::mem::take(&mut raws[child].mv));
            node.comments.extend(raws[child].comment.take());
            let rest = lines[child].take().unwrap_or_default();
            if k == 0 {
                line.push(node);
                line.extend(rest);
            } else {
                let mut moves = vec![node];
                moves.extend(rest);
                alternatives.push(Variation { comments: Vec::new(), moves });
            }
        }
        if let Some(first) = line.first_mut() {
            first.variations = alternatives;
        }
        lines[index] = Some(line);
    }
    lines.get_mut(parent).and_then(Option::take).unwrap_or_default()
}

/// Every line of play of the tree `line` from `pos`, root to leaf, depth
/// first, each variation's after the line it hangs on: for each move, the
/// text `step` answers when given the position before it (which `step`
/// plays the move on), the move and its index in its line.
///
/// # Errors
///
/// The first error of `step`.
pub fn lines_of<P: Clone, E>(
    pos: &P,
    line: &[Node],
    step: &mut impl FnMut(&mut P, &Node, usize) -> Result<String, E>,
) -> Result<Vec<Vec<String>>, E> {
    fn collect<P: Clone, E>(
        pos: &P,
        line: &[Node],
        step: &mut impl FnMut(&mut P, &Node, usize) -> Result<String, E>,
        prefix: &mut Vec<String>,
        out: &mut Vec<Vec<String>>,
    ) -> Result<(), E> {
        let depth = prefix.len();
        let mut pos = pos.clone();
        let mut branches = Vec::new();
        for (index, node) in line.iter().enumerate() {
            for variation in &node.variations {
                branches.push((prefix.len(), pos.clone(), &variation.moves));
            }
            prefix.push(step(&mut pos, node, index)?);
        }
        out.push(prefix.clone());
        let played = prefix.split_off(depth);
        for (at, pos, moves) in branches {
            prefix.truncate(depth);
            prefix.extend_from_slice(&played[..at - depth]);
            collect(&pos, moves, step, prefix, out)?;
        }
        prefix.truncate(depth);
        Ok(())
    }
    let mut out = Vec::new();
    collect(pos, line, step, &mut Vec::new(), &mut out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_read_in_preorder_is_a_line_with_its_variations() {
        // root → a (→ b), and c instead of a
        let mut raws = Raw::root();
        for (mv, parent) in [("a", 0), ("b", 1), ("c", 0)] {
            raws.push(Raw { mv: mv.into(), comment: None, children: Vec::new() });
            let index = raws.len() - 1;
            raws[parent].children.push(index);
        }
        let line = line_of(&mut raws, 0);
        assert_eq!(line.iter().map(|n| n.mv.as_str()).collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(line[0].variations[0].moves[0].mv, "c");
        assert!(line_of(&mut Raw::root(), 5).is_empty());
    }

    #[test]
    fn a_tag_is_found_by_its_name_in_any_case_and_the_result_falls_back() {
        let tags = vec![("Event".to_owned(), "a".to_owned()), ("event".to_owned(), "b".to_owned())];
        assert_eq!(tag_value(&tags, "EVENT"), Some("a"));
        assert_eq!(tag_value(&tags, "Site"), None);
        assert_eq!(result_text(None, &tags), "*");
        let mut record = Record::new(tags, ());
        record.tags.push(("result".to_owned(), "1-0".to_owned()));
        assert_eq!(record.result_text(), "1-0");
        record.result = Some("0-1".to_owned());
        assert_eq!(record.result_text(), "0-1");
        assert_eq!(record.tag("Event"), Some("a"));
    }

    #[test]
    fn a_record_error_says_its_byte() {
        let error = RecordError::<()>::new("bad", 7).with_partial(Record::new(Vec::new(), ()));
        assert_eq!(error.to_string(), "byte 7: bad");
        assert!(error.partial.is_some());
        assert_eq!(record_repair("fixed", 3).to_string(), "byte 3: fixed");
    }
}
