//! The JSON form of a game (`docs/game.schema.json`): one object per game,
//! moves written in a notation of the reader's choice, the tree complete,
//! replayed with the steps of the writer (write.rs), which imports nothing
//! from here.

use polyfen_game::GamePosition;
use polyfen_game::RuleError;
use serde::{Deserialize, Serialize};

use crate::any::with_game;
use crate::records::adapter::{
    ListedAdapter, MoveNotationOf, NULL_MOVE, RecordAdapter, is_null_move, play_step, to_any,
};
use crate::records::model::{Game, Node, Variation};
use crate::records::pgn::PgnRepair;
use crate::records::write::{
    checked_notation, notation_for, own_notation, play_null, position_text, replay_move, start, write_replayed,
};
use crate::rules::{GameStatus, MoveError, MoveNotation, RulesError};
use crate::{AnyPosition, Position, ReadOptions, RuleOptions, VariantId};

/// A game as JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameJson {
    /// `chess`, `xiangqi` or `khet`.
    pub variant: String,
    /// The game's rules variant the game is played by (chess's `atomic`),
    /// absent for the game's own rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The tag pairs in file order, each `[name, value]`.
    pub tags: Vec<(String, String)>,
    /// The start position in the game's own notation (FEN, Xiangqi FEN, PKN).
    pub start: String,
    /// The notation the moves are written in (`san`, `iccs`, `chinese`, ...).
    /// Like `mainline`, `end` and `status`, always written and left out at
    /// will in a game read back ([`GameJson::to_game`] reads the moves in
    /// any notation and finds the rest from them).
    #[serde(default)]
    pub notation: String,
    /// The main line's moves.
    #[serde(default)]
    pub mainline: Vec<String>,
    /// The position after the main line, in the game's own notation.
    #[serde(default)]
    pub end: String,
    /// The result: the movetext's marker, else the `Result` tag, else `*`.
    pub result: String,
    /// The state of the game at the end of the main line (`ongoing`,
    /// `checkmate`, `stalemate`, ...): the last position's, or an outcome
    /// the rules find in the line's history (Shogi's `sennichite`). How the
    /// record says the game ended (a resignation, a time forfeit) is the
    /// `result` and the `Termination` tag, in every game alike.
    #[serde(default)]
    pub status: String,
    /// Comments before the first move.
    #[serde(default)]
    pub comments: Vec<String>,
    /// The move tree: the main line with comments, NAGs and variations.
    pub moves: Vec<NodeJson>,
    /// What a lenient reading repaired.
    #[serde(default)]
    pub repairs: Vec<RepairJson>,
    /// The movetext from a bad move to the game's end, as written, in a
    /// game read up to that move; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unplayed: Option<String>,
    /// What the game's rules say of its end that the record does not, or
    /// says otherwise (Shogi's fourth repetition, an impasse declaration
    /// the last position does not allow); absent when there is nothing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// One move of the tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NodeJson {
    /// The move in the game's notation asked for.
    #[serde(rename = "move")]
    pub mv: String,
    /// The move in the game's coordinates (chess UCI, Xiangqi UCCI, Khet).
    pub coordinates: String,
    /// Numeric annotation glyphs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
    /// Comments after the move, as written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// Variations: other moves instead of this one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<VariationJson>,
}

/// A variation of the tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariationJson {
    /// Comments before its first move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// Its moves.
    pub moves: Vec<NodeJson>,
}

/// A repair, with its place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RepairJson {
    /// The line, from 1 (0 in a binary record).
    pub line: u64,
    /// The column, from 1 (0 in a binary record).
    pub column: u64,
    /// The byte offset in a binary record (XQF, CBR, CBL), which has no
    /// lines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<u64>,
    /// What was done.
    pub message: String,
}

impl From<&PgnRepair> for RepairJson {
    fn from(r: &PgnRepair) -> RepairJson {
        RepairJson {
            line: r.at.line,
            column: r.at.column,
            offset: (r.at.line == 0).then_some(r.at.offset),
            message: r.message.clone(),
        }
    }
}

impl Game {
    /// The JSON form, moves in `notation` (the game's PGN notation when `None`).
    ///
    /// # Errors
    ///
    /// As [`Game::write_pgn`].
    pub fn to_json(&self, notation: Option<MoveNotation>) -> Result<GameJson, RulesError> {
        let notation = checked_notation(self, notation)?;
        // the tree replayed once gives the main line too; a game that cannot
        // be replayed is replayed again main line first, for the error that
        // names the main line's bad move before a variation's
        let Ok(replayed) = replay_tree(self, notation) else {
            return self.to_json_main_line_first(notation);
        };
        Ok(self.json_of(notation, &replayed).to_owned_json())
    }

    /// Writes the JSON form onto `out`, moves in `notation` (the game's PGN
    /// notation when `None`), on one line without a line break: the text
    /// `serde_json::to_string` makes of [`Game::to_json`]'s, without a copy
    /// of the game's texts.
    ///
    /// # Errors
    ///
    /// As [`Game::write_pgn`]; `out` is then as it was.
    ///
    /// # Panics
    ///
    /// Never: the JSON form holds only texts, numbers and lists of them.
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen::records::{GameOptions, read_pgn};
    ///
    /// let game = read_pgn("1. e4 e5 *", GameOptions::default()).remove(0).unwrap();
    /// let mut line = String::new();
    /// game.write_json(None, &mut line)?;
    /// assert_eq!(line, serde_json::to_string(&game.to_json(None)?).unwrap());
    /// # Ok::<(), polyfen::RulesError>(())
    /// ```
    pub fn write_json(&self, notation: Option<MoveNotation>, out: &mut String) -> Result<(), RulesError> {
        const NEVER: &str = "a game's JSON form is texts, numbers and lists";
        let notation = checked_notation(self, notation)?;
        let Ok(replayed) = replay_tree(self, notation) else {
            let json = self.to_json_main_line_first(notation)?;
            out.push_str(&serde_json::to_string(&json).expect(NEVER));
            return Ok(());
        };
        let json = self.json_of(notation, &replayed);
        let text = serde_json::to_string(&json).expect(NEVER);
        if out.is_empty() {
            *out = text;
        } else {
            out.push_str(&text);
        }
        Ok(())
    }

    /// The JSON form of the game `replayed` in `notation`, its texts
    /// borrowed: what [`Game::to_json`] owns and [`Game::write_json`] writes.
    fn json_of<'a>(&'a self, notation: MoveNotation, replayed: &'a Replayed<'a>) -> GameJsonOf<'a> {
        let end = replayed.end.as_ref().unwrap_or(&self.start);
        GameJsonOf {
            variant: self.variant.to_string(),
            rules: crate::Position::rules(&self.start),
            tags: &self.tags,
            start: position_text(&self.start),
            notation: notation.to_string(),
            mainline: MainLineOf(&replayed.moves),
            end: position_text(end),
            result: self.result_text(),
            status: replayed.status.id(),
            comments: &self.comments,
            moves: &replayed.moves,
            repairs: self.repairs.iter().map(RepairJson::from).collect(),
            unplayed: self.unplayed.as_deref(),
            warnings: &replayed.warnings,
        }
    }

    /// The number of the game's first move and whether the second player
    /// makes it, as the PGN writer numbers the moves (`(1, false)` from
    /// chess's start); `None` for a start whose moves cannot be played. A
    /// reader of the JSON form numbers the moves from it, each move after
    /// the second player's a number on.
    #[must_use]
    pub fn numbering(&self) -> Option<(u32, bool)> {
        with_game!(self.variant, P => {
            type R = <P as GamePosition>::Adapter;
            start::<R>(self).ok().map(|pos| R::numbering(&pos))
        })
    }

    /// [`Game::to_json`] replaying the main line, then the tree.
    fn to_json_main_line_first(&self, notation: MoveNotation) -> Result<GameJson, RulesError> {
        let main = self.main_line(Some(notation))?;
        let end = main.positions.last().unwrap_or(&self.start);
        Ok(GameJson {
            variant: self.variant.to_string(),
            rules: crate::Position::rules(&self.start).map(str::to_owned),
            tags: self.tags.clone(),
            start: position_text(&self.start),
            notation: notation.to_string(),
            mainline: main.moves.clone(),
            end: position_text(end),
            result: self.result_text().to_owned(),
            status: main.status.to_string(),
            comments: self.comments.clone(),
            moves: json_tree(self, notation)?,
            repairs: self.repairs.iter().map(RepairJson::from).collect(),
            unplayed: self.unplayed.clone(),
            warnings: main.warnings,
        })
    }
}

impl GameJson {
    /// The game this JSON describes: the start position read, every move
    /// of the tree played (in any notation of the game). Its tags hold the
    /// start as a record's reader leaves them: a `FEN` tag naming `start`
    /// when it is not the game's default setup (one naming another position
    /// is set to `start`), so that the game written as PGN reads back.
    ///
    /// # Errors
    ///
    /// [`RuleError::IllegalPosition`] for a start position that cannot be
    /// read or played, [`RuleError::Move`] for a move that is not legal:
    /// its index in the main line, and for a move of a variation, that
    /// variation and the move's index in it, in the message (`move 3:
    /// variation 1, move 2: ...`).
    pub fn to_game(&self) -> Result<Game, RulesError> {
        let variant: VariantId = self
            .variant
            .parse()
            .map_err(|_| RulesError::Rule(RuleError::IllegalPosition(format!("unknown variant '{}'", self.variant))))?;
        let rules = match &self.rules {
            Some(name) => Some(VariantId::of_rules(name).map(|(_, rules)| rules.id).ok_or_else(|| {
                RulesError::Rule(RuleError::IllegalPosition(format!("unknown rules variant '{name}'")))
            })?),
            None => None,
        };
        // the start as detected, else in the game's own notation (a text
        // two games write alike, such as a FEN of chess and of the game of
        // Fairy-Stockfish's chess, is the game's)
        let options = ReadOptions::default().with_rules(rules);
        let reading = match crate::read(&self.start, None, &options) {
            Ok(reading) if reading.position.variant() == variant => Ok(reading),
            detected => crate::read(&self.start, Some(variant.default_notation()), &options).or(detected),
        }
        .map_err(|e| RulesError::Rule(RuleError::IllegalPosition(format!("start: {e}"))))?;
        if reading.position.variant() != variant {
            return Err(RulesError::Rule(RuleError::IllegalPosition(format!(
                "start: a {} position in a {} game",
                reading.position.variant(),
                variant
            ))));
        }
        let coordinates = crate::records::write::coordinates(variant);
        let moves = line(&reading.position, &self.moves, coordinates)?;
        let mut tags = self.tags.clone();
        start_tag(&mut tags, variant, rules, &reading.position);
        Ok(Game {
            variant,
            tags,
            start: reading.position,
            comments: self.comments.clone(),
            moves,
            result: Some(self.result.clone()),
            repairs: Vec::new(),
            unplayed: self.unplayed.clone(),
            warnings: self.warnings.clone(),
            written: Vec::new(),
        })
    }
}

/// Sets the `FEN` tag of `tags` to `start` when it names another position,
/// or adds one when there is none and `start` is not the position the
/// game's default setup (under `rules`) gives.
fn start_tag(tags: &mut Vec<(String, String)>, variant: VariantId, rules: Option<&'static str>, start: &AnyPosition) {
    let text = position_text(start);
    let read = |fen: &str| crate::read(fen, None, &ReadOptions::lenient(true).with_rules(rules)).ok();
    if let Some(tag) = tags.iter_mut().find(|(name, _)| name.eq_ignore_ascii_case("FEN")) {
        if read(&tag.1).is_none_or(|reading| position_text(&reading.position) != text) {
            tag.1 = text;
        }
        return;
    }
    let setup = variant.game_tags().default_setup;
    let default = match rules {
        Some(rules) => read(&format!("{rules}:{setup}")),
        None => variant.setup(setup).and_then(read),
    };
    if default.is_none_or(|reading| position_text(&reading.position) != text) {
        tags.push(("FEN".to_owned(), text));
    }
}

/// Reads the moves of a JSON line from `pos`, written in any notation; a
/// bad move of a variation is named by the move it is an alternative to.
fn line(pos: &AnyPosition, nodes: &[NodeJson], coordinates: MoveNotation) -> Result<Vec<Node>, RulesError> {
    let mut pos = pos.clone();
    let mut out = Vec::with_capacity(nodes.len());
    for (index, n) in nodes.iter().enumerate() {
        let before = pos.clone();
        let mv = if is_null_move(&n.mv) {
            pos = play_null(&pos).map_err(|error| RulesError::Rule(RuleError::Move { index, error }))?;
            NULL_MOVE.to_owned()
        } else {
            pos.play(&n.mv, coordinates, &RuleOptions::default()).map_err(|e| match e {
                RulesError::Rule(RuleError::Move { error, .. }) => RulesError::Rule(RuleError::Move { index, error }),
                other => other,
            })?
        };
        let mut variations = Vec::with_capacity(n.variations.len());
        for (number, v) in n.variations.iter().enumerate() {
            let moves = line(&before, &v.moves, coordinates).map_err(|e| match e {
                RulesError::Rule(RuleError::Move { index: inner, error }) => RulesError::Rule(RuleError::Move {
                    index,
                    error: MoveError {
                        message: format!("variation {}, move {}: {}", number + 1, inner + 1, error.message),
                        ..error
                    },
                }),
                other => other,
            })?;
            variations.push(Variation { comments: v.comments.clone(), moves });
        }
        out.push(Node { mv, nags: n.nags.clone(), comments: n.comments.clone(), variations });
    }
    Ok(out)
}

/// [`GameJson`] written from a game replayed, its texts borrowed: the
/// same fields in the same order, written alike.
#[derive(Serialize)]
struct GameJsonOf<'g> {
    variant: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<&'g str>,
    tags: &'g [(String, String)],
    start: String,
    notation: String,
    mainline: MainLineOf<'g, 'g>,
    end: String,
    result: &'g str,
    status: &'static str,
    comments: &'g [String],
    moves: &'g [NodeJsonOf<'g>],
    repairs: Vec<RepairJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unplayed: Option<&'g str>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    warnings: &'g [String],
}

impl GameJsonOf<'_> {
    /// The same form owning its texts.
    fn to_owned_json(&self) -> GameJson {
        GameJson {
            variant: self.variant.clone(),
            rules: self.rules.map(str::to_owned),
            tags: self.tags.to_vec(),
            start: self.start.clone(),
            notation: self.notation.clone(),
            mainline: self.mainline.0.iter().map(|node| node.mv.clone()).collect(),
            end: self.end.clone(),
            result: self.result.to_owned(),
            status: self.status.to_owned(),
            comments: self.comments.to_vec(),
            moves: owned(self.moves),
            repairs: self.repairs.clone(),
            unplayed: self.unplayed.map(str::to_owned),
            warnings: self.warnings.to_vec(),
        }
    }
}

/// The moves of a replayed main line, as [`GameJson::mainline`] writes them.
struct MainLineOf<'r, 'g>(&'r [NodeJsonOf<'g>]);

impl Serialize for MainLineOf<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|node| node.mv.as_str()))
    }
}

/// [`NodeJson`], the game's texts borrowed.
#[derive(Serialize)]
struct NodeJsonOf<'g> {
    #[serde(rename = "move")]
    mv: String,
    coordinates: &'g str,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    nags: &'g [u8],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    comments: &'g [String],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    variations: Vec<VariationJsonOf<'g>>,
}

/// [`VariationJson`], the game's texts borrowed.
#[derive(Serialize)]
struct VariationJsonOf<'g> {
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    comments: &'g [String],
    moves: Vec<NodeJsonOf<'g>>,
}

/// The moves as [`GameJson`] owns them.
fn owned(nodes: &[NodeJsonOf<'_>]) -> Vec<NodeJson> {
    nodes
        .iter()
        .map(|node| NodeJson {
            mv: node.mv.clone(),
            coordinates: node.coordinates.to_owned(),
            nags: node.nags.to_vec(),
            comments: node.comments.to_vec(),
            variations: node
                .variations
                .iter()
                .map(|v| VariationJson { comments: v.comments.to_vec(), moves: owned(&v.moves) })
                .collect(),
        })
        .collect()
}

/// A game's tree replayed for JSON, with what the main line's end says.
struct Replayed<'g> {
    /// The tree, moves in the notation asked for.
    moves: Vec<NodeJsonOf<'g>>,
    /// The position after the main line; `None` for a game without moves.
    end: Option<AnyPosition>,
    /// As [`crate::records::MainLine::status`].
    status: GameStatus,
    /// As [`crate::records::MainLine::warnings`].
    warnings: Vec<String>,
}

/// The moves of `nodes` from `pos` for JSON, and the position after them;
/// with `history`, each position after a move is pushed onto it.
fn json_line<'g, R: ListedAdapter>(
    pos: &R::Pos,
    nodes: &'g [Node],
    notation: MoveNotationOf<R>,
    mut history: Option<&mut Vec<R::Pos>>,
) -> Result<(Vec<NodeJsonOf<'g>>, R::Pos), RulesError> {
    let mut pos = pos.clone();
    let mut out = Vec::with_capacity(nodes.len());
    for (index, node) in nodes.iter().enumerate() {
        let mv = replay_move::<R>(&pos, node, index)?;
        let text = write_replayed::<R>(&pos, mv, notation, index)?;
        let mut variations = Vec::with_capacity(node.variations.len());
        for v in &node.variations {
            let (moves, _) = json_line::<R>(&pos, &v.moves, notation, None)?;
            variations.push(VariationJsonOf { comments: &v.comments, moves });
        }
        out.push(NodeJsonOf {
            mv: text,
            coordinates: &node.mv,
            nags: &node.nags,
            comments: &node.comments,
            variations,
        });
        play_step::<R>(&mut pos, mv);
        if let Some(history) = history.as_mut() {
            R::remember(history, &pos);
        }
    }
    Ok((out, pos))
}

/// The game's tree in `notation` and the end of its main line, in one
/// replay (as [`Game::main_line`] and [`json_tree`] together).
fn replay_tree(game: &Game, notation: MoveNotation) -> Result<Replayed<'_>, RulesError> {
    let notation = notation_for(game, Some(notation))?;
    with_game!(game.variant, P => {
        type R = <P as GamePosition>::Adapter;
        let notation = own_notation::<R>(notation)?;
        let pos = start::<R>(game)?;
        let mut history = Vec::new();
        if R::JUDGES_HISTORY {
            history.push(Clone::clone(&pos));
        }
        let (moves, end) = json_line::<R>(&pos, &game.moves, notation, R::JUDGES_HISTORY.then_some(&mut history))?;
        let mut status = R::status(&end);
        let mut warnings = Vec::new();
        if R::JUDGES_HISTORY {
            let judgement = R::judge(&history, game.stated());
            status = judgement.status.unwrap_or(status);
            warnings = judgement.warnings;
        }
        let end = (!game.moves.is_empty()).then(|| to_any::<R>(&end));
        Ok(Replayed { moves, end, status, warnings })
    })
}

/// The game's tree in `notation`, for JSON.
fn json_tree(game: &Game, notation: MoveNotation) -> Result<Vec<NodeJson>, RulesError> {
    let notation = notation_for(game, Some(notation))?;
    with_game!(game.variant, P => {
        type R = <P as GamePosition>::Adapter;
        let pos = start::<R>(game)?;
        json_line::<R>(&pos, &game.moves, own_notation::<R>(notation)?, None).map(|(moves, _)| owned(&moves))
    })
}

#[cfg(test)]
mod tests {
    use super::GameJson;
    use crate::records::{GameOptions, read_pgn};

    /// A game sent in, as a page sends its tree: no `notation`, `mainline`,
    /// `end` or `status`, moves in coordinates.
    fn sent(start: &str, tags: &str, moves: &str) -> GameJson {
        let text =
            format!(r#"{{"variant": "chess", "tags": {tags}, "start": "{start}", "result": "*", "moves": {moves}}}"#);
        serde_json::from_str(&text).expect("a game's JSON form without what is found from its moves")
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const ENDING: &str = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";

    #[test]
    fn a_game_sent_without_its_derived_fields_is_read() {
        let json = sent(START, "[]", r#"[{"move": "e2e4", "coordinates": "e2e4"}]"#);
        let game = json.to_game().expect("the game");
        assert_eq!(game.to_json(None).expect("its JSON form").mainline, ["e4"]);
        // the default start needs no FEN tag
        assert!(game.tags.is_empty(), "{:?}", game.tags);
    }

    #[test]
    fn the_start_is_written_into_the_fen_tag() {
        let json = sent(ENDING, r#"[["Event", "e"]]"#, r#"[{"move": "e2e4", "coordinates": "e2e4"}]"#);
        let game = json.to_game().expect("the game");
        assert_eq!(game.tags, [("Event".to_owned(), "e".to_owned()), ("FEN".to_owned(), ENDING.to_owned())]);
        let mut pgn = String::new();
        game.write_pgn(None, &mut pgn).expect("written");
        let back = read_pgn(&pgn, GameOptions::default()).remove(0).expect("read back");
        assert_eq!(back.start, game.start);
        // a FEN tag naming another position is set to the start
        let json = sent(ENDING, &format!(r#"[["FEN", "{START}"]]"#), "[]");
        assert_eq!(json.to_game().expect("the game").tags, [("FEN".to_owned(), ENDING.to_owned())]);
    }

    #[test]
    fn a_game_is_numbered_from_its_start() {
        let number = |start: &str| sent(start, "[]", "[]").to_game().expect("the game").numbering();
        assert_eq!(number(START), Some((1, false)));
        assert_eq!(number("4k3/8/8/8/8/8/4P3/4K3 b - - 0 7"), Some((7, true)));
        let shogi = r#"{"variant": "shogi", "tags": [], "start": "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "result": "*", "moves": []}"#;
        let shogi: GameJson = serde_json::from_str(shogi).expect("a Shogi game");
        assert_eq!(shogi.to_game().expect("the game").numbering(), Some((1, false)));
    }

    #[test]
    fn a_bad_move_of_a_variation_is_named_by_its_place() {
        let moves = r#"[{"move": "e2e4", "coordinates": "e2e4"},
            {"move": "e7e5", "coordinates": "e7e5", "variations": [{"moves": [
                {"move": "c7c5", "coordinates": "c7c5"}, {"move": "e1e3", "coordinates": "e1e3"}]}]}]"#;
        let error = sent(START, "[]", moves).to_game().expect_err("an illegal move");
        let message = error.to_string();
        assert!(message.starts_with("move 2: variation 1, move 2: "), "{message}");
        let main = r#"[{"move": "e2e4", "coordinates": "e2e4"}, {"move": "e2e4", "coordinates": "e2e4"}]"#;
        assert!(sent(START, "[]", main).to_game().expect_err("illegal").to_string().starts_with("move 2: "));
    }
}
