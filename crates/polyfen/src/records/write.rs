//! Replaying a game's tree with its rules: the PGN writer (its tags as the
//! game declares them: a roster, the tag naming the game, a `Format`), the
//! lines of play, and the positions of the main line. Its replay steps (`start`,
//! `replay_move`, `write_replayed`, `own_notation`, with the list's
//! `with_game!`) also serve the JSON form, which imports them; this module
//! imports nothing of the JSON form.

use polyfen_game::RuleError;
use polyfen_game::{GamePosition, Stated};

use crate::any::with_game;
use crate::per_game::Listed;
use crate::records::adapter::{
    ListedAdapter, MoveNotationOf, MoveNote, RecordAdapter, Step, from_any, play_step, read_step, to_any, write_step,
};
use crate::records::model::{Game, Node};
use crate::rules::{GameStatus, MoveError, MoveNotation, RulesError};
use crate::{AnyPosition, Notation, Position, VariantId, WriteOptions};

/// The widest movetext line the writer makes (a longer token stands alone).
pub const LINE_WIDTH: usize = 80;

/// The start of `game` as its game's rules hold it.
pub(crate) fn start<R: ListedAdapter>(game: &Game) -> Result<R::Pos, RulesError> {
    let variant = <R::Position as Listed>::VARIANT;
    if game.variant != variant || game.start.variant() != variant {
        return Err(RulesError::Rule(RuleError::IllegalPosition(format!(
            "a {} game cannot start from a {} position",
            game.variant,
            game.start.variant()
        ))));
    }
    from_any::<R>(&game.start).map_err(|why| {
        RulesError::Rule(RuleError::IllegalPosition(why.strip_prefix("illegal position: ").unwrap_or(&why).to_owned()))
    })
}

/// Reads a move of the model (in the coordinate notation) in `pos`.
pub(crate) fn replay_move<R: ListedAdapter>(
    pos: &R::Pos,
    node: &Node,
    index: usize,
) -> Result<Step<R::Move>, RulesError> {
    if let Some(mv) = R::read_kept(pos, &node.mv) {
        return Ok(Step::Move(mv));
    }
    let mut notes: Vec<MoveNote> = Vec::new();
    read_step::<R>(pos, &node.mv, Some(R::COORDINATES), false, &mut notes)
        .map_err(|error: MoveError| RulesError::Rule(RuleError::Move { index, error }))
}

/// Writes a move of the model, replayed, in `notation`.
pub(crate) fn write_replayed<R: ListedAdapter>(
    pos: &R::Pos,
    step: Step<R::Move>,
    notation: MoveNotationOf<R>,
    index: usize,
) -> Result<String, RulesError> {
    // room for most moves of every notation
    let mut text = String::with_capacity(16);
    write_replayed_into::<R>(pos, step, notation, index, &mut text)?;
    Ok(text)
}

/// [`write_replayed`] onto the end of `out`.
fn write_replayed_into<R: ListedAdapter>(
    pos: &R::Pos,
    step: Step<R::Move>,
    notation: MoveNotationOf<R>,
    index: usize,
    out: &mut String,
) -> Result<(), RulesError> {
    write_step::<R>(pos, step, notation, out).map_err(|_| {
        let id = <R::Position as Listed>::move_notation_id(notation);
        RulesError::Rule(RuleError::Move {
            index,
            error: MoveError::new(format!("{id} cannot write a null move"), 0..0),
        })
    })
}

/// `notation`, one of `R`'s game (checked by [`notation_for`]), as the game
/// holds it.
pub(crate) fn own_notation<R: ListedAdapter>(notation: MoveNotation) -> Result<MoveNotationOf<R>, RulesError> {
    let variant = <R::Position as Listed>::VARIANT;
    <R::Position as Listed>::move_notation(notation).ok_or(RulesError::WrongNotation { variant, notation })
}

/// `notation` if it writes moves of `game` (its game's, and one its rules
/// variant writes: see [`Position::move_notations`]); `None` picks the
/// notation its PGN's moves are written in ([`Game::written_notations`]: a
/// Xiangqi game written in Chinese stays in Chinese), unless they are
/// written alike in the default: the notation of the records its `Variant`
/// tag names when they have one of their own and no `Format` tag names
/// another (pychess.org's Xiangqi in SAN, Shogi in Hodges with numbers),
/// else the game's PGN notation (SAN, ICCS, Khet).
pub(crate) fn notation_for(game: &Game, notation: Option<MoveNotation>) -> Result<MoveNotation, RulesError> {
    let variant = game.variant;
    match notation {
        Some(n) if n.variant() == variant => {
            let notations = game.start.move_notations();
            if game.start.variant() != variant || notations.contains(&n) {
                return Ok(n);
            }
            Err(RulesError::NotationOfOtherRules { variant, rules: game.start.rules(), notation: n, notations })
        }
        Some(n) => Err(RulesError::WrongNotation { variant, notation: n }),
        // a record that names its notation (polyfen's own Shogi PGN, also
        // `Variant "shogi"`, says `Format "USI"`) keeps the game's default
        None => {
            let default = game
                .tag("Variant")
                .filter(|_| game.tag("Format").is_none())
                .and_then(|tag| variant.written_for_variant_tag(tag))
                .unwrap_or_else(|| pgn_notation(variant));
            // most records are in their default, found by writing their
            // first moves in it alone
            if game.written.is_empty() || !written_among(game, vec![default], true).is_empty() {
                return Ok(default);
            }
            let written = game.written_notations();
            Ok(match written.first() {
                Some(&first) if !written.contains(&default) && game.start.move_notations().contains(&first) => first,
                _ => default,
            })
        }
    }
}

impl Game {
    /// The notations the main line's first moves are written in
    /// ([`Game::written`]): those of the game's move notations, in their
    /// order, that write each of them as written (check marks and
    /// annotations aside; where none writes all, those that write the most
    /// first ones); none where there are none.
    #[must_use]
    pub fn written_notations(&self) -> Vec<MoveNotation> {
        if self.written.is_empty() {
            return Vec::new();
        }
        written_among(self, self.variant.move_notations().to_vec(), false)
    }
}

/// A move's text without its check mark and annotation, as a written move
/// is compared.
fn unmarked(text: &str) -> &str {
    text.trim().trim_end_matches(['+', '#', '!', '?'])
}

/// Those of `candidates`, in their order, that write the main line's first
/// moves as written ([`Game::written`]), narrowed move by move, each move
/// written in each: where none writes a move, those that wrote the moves
/// before it, or, `strict`, none.
fn written_among(game: &Game, mut candidates: Vec<MoveNotation>, strict: bool) -> Vec<MoveNotation> {
    with_game!(game.variant, P => {
        type R = <P as GamePosition>::Adapter;
        let Ok(mut pos) = start::<R>(game) else { return Vec::new() };
        let mut out = String::with_capacity(16);
        for (index, (text, node)) in game.written.iter().zip(&game.moves).enumerate() {
            let Ok(step) = replay_move::<R>(&pos, node, index) else { break };
            let kept: Vec<MoveNotation> = candidates
                .iter()
                .copied()
                .filter(|&n| {
                    own_notation::<R>(n).is_ok_and(|n| {
                        out.clear();
                        write_replayed_into::<R>(&pos, step, n, index, &mut out).is_ok()
                            && unmarked(&out) == unmarked(text)
                    })
                })
                .collect();
            if kept.is_empty() {
                if strict {
                    return kept;
                }
                break;
            }
            candidates = kept;
            play_step::<R>(&mut pos, step);
        }
        candidates
    })
}

/// The notation a game's PGN is written in by default.
#[must_use]
pub fn pgn_notation(variant: VariantId) -> MoveNotation {
    with_game!(variant, P => P::move_notation_id(<P as GamePosition>::Adapter::PGN_NOTATION))
}

/// The coordinate notation the model keeps a game's moves in.
#[must_use]
pub fn coordinates(variant: VariantId) -> MoveNotation {
    with_game!(variant, P => P::move_notation_id(<P as GamePosition>::Adapter::COORDINATES))
}

/// The notation a game's positions are written in.
#[must_use]
pub fn position_notation(variant: VariantId) -> Notation {
    variant.default_notation()
}

/// A position written in its game's own notation.
pub(crate) fn position_text(position: &AnyPosition) -> String {
    position
        .to_notation(position_notation(position.variant()), &WriteOptions::default())
        .map(|w| w.text)
        .unwrap_or_default()
}

/// The movetext written as words onto the output, lines at most
/// [`LINE_WIDTH`] columns wide: `(` and `)` glued to their neighbours, and
/// `;` comments that end their line. The last word waits in `word` until
/// the next one comes, since a `)` may still be glued to it.
struct Movetext<'o> {
    out: &'o mut String,
    /// The last word, not yet on the output.
    word: String,
    /// What `word` holds.
    waiting: Waiting,
    /// Variations opened, their `(` not yet written.
    open: usize,
    /// The column the output's last line ends at.
    column: usize,
    /// Whether the next word starts a line.
    break_next: bool,
}

/// What waits in [`Movetext::word`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Waiting {
    /// Nothing: no word yet.
    Nothing,
    /// A word without line breaks.
    Word,
    /// A word that may hold line breaks (a comment's).
    Lines,
    /// A `;` comment, which ends its line.
    LineComment,
}

impl<'o> Movetext<'o> {
    fn new(out: &'o mut String) -> Movetext<'o> {
        Movetext {
            out,
            word: String::with_capacity(64),
            waiting: Waiting::Nothing,
            open: 0,
            column: 0,
            break_next: false,
        }
    }

    /// Starts a word (the one before goes onto the output), its text to be
    /// written onto the buffer returned.
    fn begin(&mut self) -> &mut String {
        self.flush();
        self.word.clear();
        for _ in 0..self.open {
            self.word.push('(');
        }
        self.open = 0;
        self.waiting = Waiting::Word;
        &mut self.word
    }

    /// Puts the waiting word onto the output, after a space or on a new
    /// line.
    fn flush(&mut self) {
        if self.waiting == Waiting::Nothing {
            return;
        }
        let word = self.word.as_str();
        let width = if word.is_ascii() { word.len() } else { word.chars().count() };
        if self.column > 0 && (self.break_next || self.column + 1 + width > LINE_WIDTH) {
            self.out.push('\n');
            self.column = 0;
        } else if self.column > 0 {
            self.out.push(' ');
            self.column += 1;
        }
        self.out.push_str(word);
        let last_break = if self.waiting == Waiting::Lines { word.rfind('\n') } else { None };
        self.column = match last_break {
            Some(nl) => word[nl + 1..].chars().count(),
            None => self.column + width,
        };
        self.break_next = self.waiting == Waiting::LineComment;
        self.waiting = Waiting::Nothing;
    }

    fn push(&mut self, word: &str) {
        self.begin().push_str(word);
        if word.contains('\n') {
            self.waiting = Waiting::Lines;
        }
    }

    fn comment(&mut self, text: &str) {
        let bytes = text.as_bytes();
        let brace = bytes.contains(&b'}');
        let lines = bytes.contains(&b'\n');
        let word = self.begin();
        if brace && !lines {
            word.push(';');
            word.push_str(text);
            self.waiting = Waiting::LineComment;
        } else {
            word.push('{');
            if brace {
                word.push_str(&text.replace('}', ")"));
            } else {
                word.push_str(text);
            }
            word.push('}');
            if lines {
                self.waiting = Waiting::Lines;
            }
        }
    }

    fn close(&mut self) {
        if self.open > 0 {
            self.open -= 1;
            self.push("()");
        } else if self.waiting != Waiting::Nothing {
            self.word.push(')');
        }
    }

    /// The last word onto the output.
    fn finish(&mut self) {
        self.flush();
    }
}

/// Writes `n` in decimal onto `out`.
fn push_number(out: &mut String, mut n: u32) {
    let mut digits = [0u8; 10];
    let mut at = digits.len();
    loop {
        at -= 1;
        // a digit: n % 10 < 10
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        out.push(char::from(d));
    }
}

fn write_line<R: ListedAdapter>(
    pos: &R::Pos,
    comments: &[String],
    line: &[Node],
    notation: MoveNotationOf<R>,
    words: &mut Movetext<'_>,
) -> Result<(), RulesError> {
    for c in comments {
        words.comment(c);
    }
    let mut pos = pos.clone();
    let mut need_number = true;
    for (index, node) in line.iter().enumerate() {
        let mv = replay_move::<R>(&pos, node, index)?;
        let (number, second) = R::numbering(&pos);
        if !second {
            let word = words.begin();
            push_number(word, number);
            word.push('.');
        } else if need_number {
            let word = words.begin();
            push_number(word, number);
            word.push_str("...");
        }
        write_replayed_into::<R>(&pos, mv, notation, index, words.begin())?;
        for &nag in &node.nags {
            let word = words.begin();
            word.push('$');
            push_number(word, u32::from(nag));
        }
        for c in &node.comments {
            words.comment(c);
        }
        need_number = !node.comments.is_empty();
        for variation in &node.variations {
            words.open += 1;
            write_line::<R>(&pos, &variation.comments, &variation.moves, notation, words)?;
            words.close();
            need_number = true;
        }
        play_step::<R>(&mut pos, mv);
    }
    Ok(())
}

/// `value` onto `out`, `\\` and `"` escaped with a backslash.
fn push_escaped(out: &mut String, value: &str) {
    let mut rest = value;
    while let Some(at) = rest.find(['\\', '"']) {
        out.push_str(&rest[..at]);
        out.push('\\');
        out.push_str(&rest[at..=at]);
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
}

/// The tags the writer writes: the game's roster first, in order (chess's
/// seven tags), the tag naming the game when it has none (Xiangqi's
/// `Game`, Khet's `Variant`) and the `Variant` tag of a rules variant
/// (chess's `Atomic`) when there is none or it names other rules, the others as read, and for a game whose
/// records name their move notation, the `Format` tag of `notation`.
fn export_tags(game: &Game, notation: MoveNotation) -> Vec<(&str, &str)> {
    let mut out: Vec<(&str, &str)> = Vec::with_capacity(game.tags.len() + 7);
    let mut rest: Vec<&(String, String)> = game.tags.iter().collect();
    let tags = game.variant.game_tags();
    for &(name, default) in tags.roster {
        let value = match rest.iter().position(|(n, _)| n == name) {
            Some(i) => rest.remove(i).1.as_str(),
            None if name == "Result" => game.result_text(),
            None => default,
        };
        out.push((name, value));
    }
    // the tag of the rules the game is played by, when they are a rules
    // variant of its game
    let rules_tag = game
        .start
        .rules()
        .and_then(|id| game.variant.rules().iter().find(|rules| rules.id == id).map(|rules| rules.tag));
    if let Some((name, value)) = tags.names
        && !rest.iter().any(|(n, _)| n == name)
    {
        // a game whose own name is a Variant tag (`Fairy`) names its rules
        // variant there instead: one Variant tag, the rules'
        match rules_tag {
            Some(tag) if name.eq_ignore_ascii_case("Variant") => out.push((name, tag)),
            _ => out.push((name, value)),
        }
    }
    // a Variant tag naming other rules of the game than it was played by
    // (rules given when it was read) gives way to the rules' own tag
    if let Some(i) = rest.iter().position(|(n, _)| n.eq_ignore_ascii_case("Variant"))
        && let Some((named_game, named_rules)) = VariantId::of_variant_tag(&rest[i].1)
        && named_game == game.variant
        && named_rules != game.start.rules()
    {
        rest.remove(i);
    }
    // a game of a rules variant says so, as its tag names it
    if let Some(tag) = rules_tag
        && !rest.iter().any(|(n, _)| n.eq_ignore_ascii_case("Variant"))
        && !out.iter().any(|(n, _)| n.eq_ignore_ascii_case("Variant"))
    {
        out.push(("Variant", tag));
    }
    let has_format = game.variant.has_format_tag();
    let format = game.variant.format_tag(notation);
    let mut wrote_format = false;
    for (name, value) in rest {
        if has_format && name == "Format" {
            if let Some(format) = format
                && !wrote_format
            {
                out.push((name, format));
                wrote_format = true;
            }
            continue;
        }
        out.push((name, value));
    }
    if has_format
        && !wrote_format
        && let Some(format) = format
    {
        out.push(("Format", format));
    }
    out
}

impl Game {
    /// Writes the game as PGN, moves in `notation` (the game's PGN notation
    /// when `None`: SAN, ICCS, Khet), keeping tags, comments, NAGs and
    /// variations; movetext lines are at most [`LINE_WIDTH`] columns wide
    /// unless one token is wider.
    ///
    /// # Errors
    ///
    /// [`RulesError::WrongNotation`] for another game's notation;
    /// [`RuleError::Move`] when a move of the tree is not legal where it
    /// stands (a game built by hand).
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen::MoveNotation;
    /// use polyfen::records::{GameOptions, read_pgn};
    ///
    /// let game = read_pgn("1. e4 e5 2. Nf3 *", GameOptions::default()).remove(0).unwrap();
    /// let mut pgn = String::new();
    /// game.write_pgn(Some(MoveNotation::Uci), &mut pgn)?;
    /// assert!(pgn.ends_with("\n1. e2e4 e7e5 2. g1f3 *\n\n"));
    /// # Ok::<(), polyfen::RulesError>(())
    /// ```
    pub fn write_pgn(&self, notation: Option<MoveNotation>, out: &mut String) -> Result<(), RulesError> {
        let notation = notation_for(self, notation)?;
        // a move that cannot be written leaves `out` as it was
        let before = out.len();
        let written = self.write_pgn_onto(notation, out);
        if written.is_err() {
            out.truncate(before);
        }
        written
    }

    /// [`Game::write_pgn`] onto the end of `out`, which an error leaves
    /// part written.
    fn write_pgn_onto(&self, notation: MoveNotation, out: &mut String) -> Result<(), RulesError> {
        for (name, value) in export_tags(self, notation) {
            out.push('[');
            out.push_str(name);
            out.push_str(" \"");
            push_escaped(out, value);
            out.push_str("\"]\n");
        }
        out.push('\n');
        let mut words = Movetext::new(out);
        if self.moves.is_empty() {
            // a diagram: its position need not be playable
            for c in &self.comments {
                words.comment(c);
            }
        } else {
            with_game!(self.variant, P => {
                type R = <P as GamePosition>::Adapter;
                let pos = start::<R>(self)?;
                write_line::<R>(&pos, &self.comments, &self.moves, own_notation::<R>(notation)?, &mut words)?;
            });
        }
        if let Some(rest) = &self.unplayed {
            // a comment keeps it: in braces, or, when it holds a brace, to
            // the end of a line (its line breaks become spaces)
            if rest.contains('}') {
                words.comment(&rest.replace("\r\n", " ").replace(['\n', '\r'], " "));
            } else {
                words.comment(rest);
            }
        }
        words.push(self.result_text());
        words.finish();
        out.push_str("\n\n");
        Ok(())
    }

    /// Every line of play, root to leaf, main line first, each move in
    /// `notation` (the game's PGN notation when `None`).
    ///
    /// # Errors
    ///
    /// As [`Game::write_pgn`].
    pub fn lines(&self, notation: Option<MoveNotation>) -> Result<Vec<Vec<String>>, RulesError> {
        let notation = notation_for(self, notation)?;
        if self.moves.is_empty() {
            // a diagram: its position need not be playable
            return Ok(vec![Vec::new()]);
        }
        with_game!(self.variant, P => {
            type R = <P as GamePosition>::Adapter;
            let pos = start::<R>(self)?;
            collect_lines::<R>(&pos, &self.moves, own_notation::<R>(notation)?)
        })
    }

    /// The main line in `notation`, the position after each of its moves,
    /// and the status at its end (for a game whose rules judge the line's
    /// history, [`RecordAdapter::judge`]'s, with its warnings).
    ///
    /// # Errors
    ///
    /// As [`Game::write_pgn`].
    pub fn main_line(&self, notation: Option<MoveNotation>) -> Result<MainLine, RulesError> {
        let notation = notation_for(self, notation)?;
        with_game!(self.variant, P => {
            type R = <P as GamePosition>::Adapter;
            let notation = own_notation::<R>(notation)?;
            let mut pos = start::<R>(self)?;
            let mut line = MainLine {
                moves: Vec::with_capacity(self.moves.len()),
                positions: Vec::new(),
                status: GameStatus::Ongoing,
                warnings: Vec::new(),
            };
            let mut history = Vec::new();
            if R::JUDGES_HISTORY {
                history.push(Clone::clone(&pos));
            }
            for (index, node) in self.moves.iter().enumerate() {
                let mv = replay_move::<R>(&pos, node, index)?;
                line.moves.push(write_replayed::<R>(&pos, mv, notation, index)?);
                play_step::<R>(&mut pos, mv);
                line.positions.push(to_any::<R>(&pos));
                if R::JUDGES_HISTORY {
                    R::remember(&mut history, &pos);
                }
            }
            line.status = R::status(&pos);
            if R::JUDGES_HISTORY {
                let judgement = R::judge(&history, self.stated());
                line.status = judgement.status.unwrap_or(line.status);
                line.warnings = judgement.warnings;
            }
            Ok(line)
        })
    }

    /// How the record says the game ended: its result (the movetext's
    /// marker, else the `Result` tag; `*` is none) and its `Termination`
    /// tag.
    pub(crate) fn stated(&self) -> Stated<'_> {
        Stated::new(Some(self.result_text()), self.tag("Termination"))
    }

    /// The position after the main line.
    ///
    /// # Errors
    ///
    /// As [`Game::write_pgn`].
    pub fn end(&self) -> Result<AnyPosition, RulesError> {
        Ok(self.main_line(None)?.positions.pop().unwrap_or_else(|| self.start.clone()))
    }
}

/// A game's main line replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MainLine {
    /// The moves, written in the notation asked for.
    pub moves: Vec<String>,
    /// The position after each move.
    pub positions: Vec<AnyPosition>,
    /// The state at the end of the line: the last position's, or an
    /// ending only the line's history tells (Shogi's `sennichite`).
    pub status: GameStatus,
    /// Where the game's stated ending and its rules disagree, or what the
    /// rules end that the record does not say (see [`Game::warnings`]).
    pub warnings: Vec<String>,
}

/// Every line of play of `line` from `pos`, each move replayed and written
/// in `notation`.
fn collect_lines<R: ListedAdapter>(
    pos: &R::Pos,
    line: &[Node],
    notation: MoveNotationOf<R>,
) -> Result<Vec<Vec<String>>, RulesError> {
    polyfen_game::records::lines_of(pos, line, &mut |pos, node, index| {
        let mv = replay_move::<R>(pos, node, index)?;
        let text = write_replayed::<R>(pos, mv, notation, index)?;
        play_step::<R>(pos, mv);
        Ok(text)
    })
}

/// `position` after a null move of any game (the turn passes, nothing
/// moves; see [`crate::records::NULL_MOVE`]).
///
/// # Errors
///
/// A position that cannot be played, or whose side to move is in check.
///
/// # Examples
///
/// ```
/// use polyfen::records::play_null;
/// use polyfen::{Notation, Position, ReadOptions, WriteOptions, read};
///
/// let xiangqi = read("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", None, &ReadOptions::default())?.position;
/// let passed = play_null(&xiangqi)?;
/// assert!(passed.to_notation(Notation::XiangqiFen, &WriteOptions::default())?.text.contains(" b "));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_null(position: &AnyPosition) -> Result<AnyPosition, MoveError> {
    with_game!(position.variant(), P => {
        type R = <P as GamePosition>::Adapter;
        let mut pos = from_any::<R>(position).map_err(|why| MoveError::new(why, 0..0))?;
        R::null_allowed(&pos).map_err(|why| MoveError::new(why, 0..0))?;
        R::play_null(&mut pos);
        Ok(to_any::<R>(&pos))
    })
}

/// Checks that `notation` writes moves of `game`, or picks its PGN one.
pub(crate) fn checked_notation(game: &Game, notation: Option<MoveNotation>) -> Result<MoveNotation, RulesError> {
    notation_for(game, notation)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{LINE_WIDTH, Movetext, push_number};

    /// One step of writing a movetext.
    #[derive(Clone, Debug)]
    enum Op {
        Word(String),
        Comment(String),
        Open,
        Close,
    }

    /// The movetext laid out the simple way: every word made first (a
    /// `)` glued to the last one), then the lines.
    fn reference(ops: &[Op]) -> String {
        let mut words: Vec<(String, bool)> = Vec::new();
        let mut open = 0;
        let push = |words: &mut Vec<(String, bool)>, open: &mut usize, word: String, ends_line: bool| {
            words.push((format!("{}{word}", "(".repeat(*open)), ends_line));
            *open = 0;
        };
        for op in ops {
            match op {
                Op::Word(w) => push(&mut words, &mut open, w.clone(), false),
                Op::Comment(c) if c.contains('}') && !c.contains('\n') => {
                    push(&mut words, &mut open, format!(";{c}"), true);
                }
                Op::Comment(c) => push(&mut words, &mut open, format!("{{{}}}", c.replace('}', ")")), false),
                Op::Open => open += 1,
                Op::Close if open > 0 => {
                    open -= 1;
                    push(&mut words, &mut open, "()".to_owned(), false);
                }
                Op::Close => {
                    if let Some(last) = words.last_mut() {
                        last.0.push(')');
                    }
                }
            }
        }
        let (mut out, mut column, mut break_next) = (String::new(), 0, false);
        for (word, ends_line) in &words {
            let width = word.chars().count();
            if column > 0 && (break_next || column + 1 + width > LINE_WIDTH) {
                out.push('\n');
                column = 0;
            } else if column > 0 {
                out.push(' ');
                column += 1;
            }
            out.push_str(word);
            column = match word.rfind('\n') {
                Some(nl) => word[nl + 1..].chars().count(),
                None => column + width,
            };
            break_next = *ends_line;
        }
        out
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            4 => "[a-hNBRQK1-8x+#=.]{0,12}".prop_map(Op::Word),
            2 => "[ a-z}{\n%:0-9é漢]{0,40}".prop_map(Op::Comment),
            1 => Just(Op::Open),
            1 => Just(Op::Close),
        ]
    }

    proptest! {
        /// Words written as they come, each waiting for a `)`, are laid
        /// out as when every word is made first.
        #[test]
        fn the_movetext_is_laid_out_as_words_made_first(ops in prop::collection::vec(op(), 0..60)) {
            let mut out = String::new();
            let mut text = Movetext::new(&mut out);
            for op in &ops {
                match op {
                    Op::Word(w) => text.push(w),
                    Op::Comment(c) => text.comment(c),
                    Op::Open => text.open += 1,
                    Op::Close => text.close(),
                }
            }
            text.finish();
            prop_assert_eq!(out, reference(&ops));
        }
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0, 7, 10, 99, 100, 4_294_967_295] {
            let mut out = String::from("x");
            push_number(&mut out, n);
            assert_eq!(out, format!("x{n}"));
        }
    }
}
