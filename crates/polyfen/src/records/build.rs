//! The visitor that turns what the PGN reader sees into a [`Game`],
//! playing every move with its game's rules; which game a game's tags name
//! (or its first move claims) each game of the list says
//! (`GamePosition::GAME_TAGS`, `MOVE_TAGS`, `claims_move`).

use std::io::Read;

use polyfen_game::Stated;

use crate::any::{Family, Member};
use crate::any::{PerGame, each_game, with_game};
use crate::per_game::Listed;
use crate::records::adapter::{
    ListedAdapter, MoveNotationOf, MoveNote, Step, from_any, play_step, read_step, write_step,
};
use crate::records::error::GameError;
use crate::records::format::RecordFormat;
use crate::records::model::{Game, Node, Variation};
use crate::records::pgn::{Flow, Here, Location, PgnError, PgnReader, PgnRepair, RawText, Visitor};
use crate::rules::MoveNotation;
use crate::{AnyPosition, Position, ReadOptions, VariantId};

/// Choices for reading games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct GameOptions {
    /// Read every game as this game, whatever its tags say.
    pub variant: Option<VariantId>,
    /// Read every game under this rules variant (an id of
    /// [`VariantId::rules_ids`], such as `crazyhouse`), of its game,
    /// whatever its `Variant` tag says.
    pub rules: Option<&'static str>,
    /// Only check the moves: build no tree (comments, NAGs and variations
    /// are read and checked, not kept), and give a good game back without
    /// its tags (a bad one keeps them). Faster, for validation.
    pub check_only: bool,
    /// Also take the moves only a lenient reading takes (a capture written
    /// as a push, `f6` for an en passant capture, WXF's plain file naming
    /// another than the middle piece, uppercase Khet squares), each
    /// reported as a repair. Strictly (the default) they are errors.
    pub lenient: bool,
}

impl GameOptions {
    /// These options with every game read as `variant`.
    #[must_use]
    pub fn with_variant(mut self, variant: Option<VariantId>) -> GameOptions {
        self.variant = variant;
        self
    }

    /// These options with every game read under the rules variant `rules`
    /// (see [`GameOptions::rules`]).
    #[must_use]
    pub fn with_rules(mut self, rules: Option<&'static str>) -> GameOptions {
        self.rules = rules;
        self
    }

    /// These options building no tree.
    #[must_use]
    pub fn with_check_only(mut self, check_only: bool) -> GameOptions {
        self.check_only = check_only;
        self
    }

    /// These options reading moves leniently (see [`GameOptions::lenient`]).
    #[must_use]
    pub fn with_lenient(mut self, lenient: bool) -> GameOptions {
        self.lenient = lenient;
        self
    }
}

/// The game a record is of, from its tags (or the option that forces one).
enum Decision {
    Known(VariantId, Box<AnyPosition>, Option<MoveNotation>),
    /// No tag says: the first move will.
    Undecided,
}

/// The lines of a game being read, with the position at the end of each.
struct Tree<R: ListedAdapter> {
    start: AnyPosition,
    start_pos: R::Pos,
    frames: Vec<Frame<R>>,
    expected: Option<MoveNotationOf<R>>,
    notes: Vec<MoveNote>,
    keep: bool,
    lenient: bool,
    scratch: String,
    /// The main line's positions from the start, kept only for a game
    /// whose rules judge a line's history (`RecordAdapter::JUDGES_HISTORY`).
    history: Vec<R::Pos>,
}

struct Frame<R: ListedAdapter> {
    comments: Vec<String>,
    moves: Vec<Node>,
    /// Moves played in this line (`moves.len()` when the tree is kept).
    played: usize,
    pos: R::Pos,
    /// The position the line starts from and the moves played in it: a
    /// variation starts before the last of them (replayed when one does,
    /// rather than a copy of the position kept at every move).
    origin: R::Pos,
    line: Vec<Step<R::Move>>,
}

impl<R: ListedAdapter> Frame<R> {
    fn new(pos: R::Pos) -> Frame<R> {
        Frame { comments: Vec::new(), moves: Vec::new(), played: 0, origin: pos.clone(), pos, line: Vec::new() }
    }
}

impl<R: ListedAdapter> Tree<R> {
    fn new(
        start: AnyPosition,
        expected: Option<MoveNotationOf<R>>,
        keep: bool,
        lenient: bool,
    ) -> Result<Tree<R>, String> {
        let pos = from_any::<R>(&start)?;
        let frame = Frame::new(pos.clone());
        let history = if R::JUDGES_HISTORY { vec![pos.clone()] } else { Vec::new() };
        Ok(Tree {
            start,
            start_pos: pos,
            frames: vec![frame],
            expected,
            notes: Vec::new(),
            keep,
            lenient,
            scratch: String::new(),
            history,
        })
    }

    /// This tree emptied for a new game from the same start.
    fn reset(&mut self, expected: Option<MoveNotationOf<R>>, keep: bool, lenient: bool) {
        self.frames.truncate(1);
        if let Some(frame) = self.frames.first_mut() {
            frame.comments.clear();
            frame.moves.clear();
            frame.played = 0;
            frame.pos.clone_from(&self.start_pos);
            frame.origin.clone_from(&self.start_pos);
            frame.line.clear();
        }
        self.expected = expected;
        self.keep = keep;
        self.lenient = lenient;
        self.history.clear();
        if R::JUDGES_HISTORY {
            self.history.push(self.start_pos.clone());
        }
    }

    #[inline]
    fn san(&mut self, text: &str, here: &Here<'_>, repairs: &mut Vec<PgnRepair>) -> Result<(), PgnError> {
        let main = self.frames.len() == 1;
        let Some(frame) = self.frames.last_mut() else { return Ok(()) };
        // most moves are the game's plain form, read with nothing to note
        let mv = if let Some(mv) = R::read_plain(&frame.pos, text) {
            Step::Move(mv)
        } else {
            self.notes.clear();
            match read_step::<R>(&frame.pos, text, self.expected, self.lenient, &mut self.notes) {
                Ok(mv) => {
                    if !self.notes.is_empty() {
                        let at = here.location();
                        for note in self.notes.drain(..) {
                            repairs.push(PgnRepair { message: note.message, at });
                        }
                    }
                    mv
                }
                Err(error) => {
                    let (number, second) = R::numbering(&frame.pos);
                    let dots = if second { "..." } else { "." };
                    return Err(PgnError::new(format!("move {number}{dots} {text}: {error}"), here.location()));
                }
            }
        };
        if self.keep {
            self.scratch.clear();
            // the coordinates write every step, a null move too
            let _ = write_step::<R>(&frame.pos, mv, R::COORDINATES, &mut self.scratch);
            frame.moves.push(Node::new(self.scratch.as_str()));
        }
        play_step::<R>(&mut frame.pos, mv);
        frame.line.push(mv);
        frame.played += 1;
        if R::JUDGES_HISTORY && main {
            R::remember(&mut self.history, &frame.pos);
        }
        Ok(())
    }

    fn comment(&mut self, text: &str, game_comments: &mut Vec<String>) {
        if !self.keep {
            return;
        }
        let depth = self.frames.len();
        let Some(frame) = self.frames.last_mut() else { return };
        match frame.moves.last_mut() {
            Some(node) => node.comments.push(text.to_owned()),
            None if depth == 1 => game_comments.push(text.to_owned()),
            None => frame.comments.push(text.to_owned()),
        }
    }

    fn nag(&mut self, nag: u8, here: Location, repairs: &mut Vec<PgnRepair>) {
        let Some(frame) = self.frames.last_mut() else { return };
        if frame.played == 0 {
            repairs.push(PgnRepair { message: format!("ignored the annotation ${nag} before any move"), at: here });
            return;
        }
        if let Some(node) = frame.moves.last_mut() {
            node.nags.push(nag);
        }
    }

    fn begin_variation(&mut self, at: Location) -> Result<(), PgnError> {
        let Some(frame) = self.frames.last() else { return Ok(()) };
        let Some((_, earlier)) = frame.line.split_last() else {
            return Err(PgnError::new("a variation before any move it could replace", at));
        };
        let mut before = frame.origin.clone();
        for &mv in earlier {
            play_step::<R>(&mut before, mv);
        }
        self.frames.push(Frame::new(before));
        Ok(())
    }

    fn end_variation(&mut self) {
        if self.frames.len() < 2 {
            return;
        }
        let Some(done) = self.frames.pop() else { return };
        if let Some(node) = self.frames.last_mut().and_then(|f| f.moves.last_mut()) {
            node.variations.push(Variation { comments: done.comments, moves: done.moves });
        }
    }

    /// Closes the variations still open (a game that stopped inside
    /// them), each hung on its move as [`Tree::end_variation`] does; an
    /// empty one is dropped.
    fn close_all(&mut self) {
        while self.frames.len() > 1 {
            let Some(done) = self.frames.pop() else { return };
            if done.moves.is_empty() && done.comments.is_empty() {
                continue;
            }
            if let Some(node) = self.frames.last_mut().and_then(|f| f.moves.last_mut()) {
                node.variations.push(Variation { comments: done.comments, moves: done.moves });
            }
        }
    }

    /// What the game's rules say of the main line's end, from its history,
    /// the record stating `stated` (nothing for a game whose rules judge
    /// no history).
    fn judge(&self, stated: Stated<'_>) -> Vec<String> {
        if R::JUDGES_HISTORY { R::judge(&self.history, stated).warnings } else { Vec::new() }
    }

    /// The game.
    fn variant(_tree: &Self) -> VariantId {
        <R::Position as Listed>::VARIANT
    }

    /// The start and the main line, taken out of the tree.
    fn finish(&mut self) -> (AnyPosition, Vec<Node>) {
        self.frames.truncate(1);
        let moves = self.frames.first_mut().map(|f| std::mem::take(&mut f.moves)).unwrap_or_default();
        (self.start.clone(), moves)
    }
}

/// The tree of a game, by its position type.
struct Trees;

impl Family for Trees {
    type Of<P: Member> = Tree<P::Adapter>;
}

/// The tree of whichever game is being read, if one is.
type Active = Option<PerGame<Trees>>;

/// Runs `$body` with `$tree` the tree of the game being read (each game's
/// code monomorphized), `$otherwise` when no game is.
macro_rules! each {
    ($active:expr, $tree:ident => $body:expr, $otherwise:expr) => {
        match $active {
            Some(active) => each_game!(active, $tree => $body),
            None => $otherwise,
        }
    };
}

/// What one game read gives: the game, or why it could not be read.
pub type GameResult = Result<Game, GameError>;

/// The visitor that builds a [`Game`] from each game the reader sees.
pub struct GameBuilder {
    options: GameOptions,
    number: u64,
    start_at: Location,
    /// The tags of the game being read: their text in one buffer, each as
    /// (name start, value start, value end), and the ones that decide the
    /// game by name.
    tag_text: String,
    tag_spans: Vec<(usize, usize, usize)>,
    known: [Option<usize>; KNOWN_TAGS.len()],
    comments: Vec<String>,
    repairs: Vec<PgnRepair>,
    result: Option<String>,
    error: Option<PgnError>,
    /// The movetext skipped after an error, and its result marker.
    unplayed: Option<(String, Option<String>)>,
    /// The main line's first moves as written ([`Game::written`]), and how
    /// deep in variations the reading is.
    written: Vec<String>,
    depth: usize,
    active: Active,
    /// The last game's tree, kept for the next game from the same start.
    spare: Active,
    /// The named start positions read so far.
    setups: Vec<(VariantId, String, AnyPosition)>,
}

impl GameBuilder {
    /// A builder reading with `options`.
    #[must_use]
    pub fn new(options: GameOptions) -> GameBuilder {
        GameBuilder {
            options,
            number: 0,
            start_at: Location::default(),
            tag_text: String::new(),
            tag_spans: Vec::new(),
            known: [None; KNOWN_TAGS.len()],
            comments: Vec::new(),
            repairs: Vec::new(),
            result: None,
            error: None,
            unplayed: None,
            written: Vec::new(),
            depth: 0,
            active: None,
            spare: None,
            setups: Vec::new(),
        }
    }

    /// The named start position `name` of `variant`, under its rules
    /// variant `rules` if any, read once.
    fn setup(&mut self, variant: VariantId, rules: Option<&'static str>, name: &str) -> Result<AnyPosition, String> {
        let key = match rules {
            Some(rules) => format!("{rules}:{name}"),
            None => name.to_owned(),
        };
        if let Some((_, _, position)) = self.setups.iter().find(|(v, n, _)| *v == variant && *n == key) {
            return Ok(position.clone());
        }
        let position = match rules {
            Some(_) => {
                crate::read(&key, None, &ReadOptions::default()).map(|r| r.position).map_err(|e| e.to_string())?
            }
            None => standard(variant, name)?,
        };
        self.setups.push((variant, key, position.clone()));
        Ok(position)
    }

    /// The value of the first tag called `name` (matched without regard to
    /// ASCII case): one of [`KNOWN_TAGS`] found where it was kept, a tag a
    /// game asks for (`Red`, `Setup`, `Format`) looked for.
    fn tag_value(&self, name: &str) -> Option<&str> {
        let span = match KNOWN_TAGS.iter().position(|&known| known == name) {
            Some(k) => self.tag_spans[self.known[k]?],
            None => *self.tag_spans.iter().find(|&&(start, value, _)| {
                self.tag_text.get(start..value).is_some_and(|n| n.eq_ignore_ascii_case(name))
            })?,
        };
        let (_, value, end) = span;
        self.tag_text.get(value..end)
    }

    /// The tags read, as owned pairs in file order.
    fn tags(&self) -> Vec<(String, String)> {
        self.tag_spans
            .iter()
            .map(|&(name, value, end)| (self.tag_text[name..value].to_owned(), self.tag_text[value..end].to_owned()))
            .collect()
    }

    /// Which game the tags name, and its start position: each game of the
    /// list is asked whether the `Variant` tag, else the `Game` tag, names
    /// it (a `--variant` given first), the `FEN` tag decides what it holds,
    /// else the game's player tags (Xiangqi's `Red`) name it; rules given
    /// as an option replace the `Variant` tag's.
    fn decide(&mut self) -> Result<Decision, String> {
        let variant_tag = self.tag_value("Variant").map_or("", str::trim);
        let forced = self.options.rules.and_then(|id| VariantId::of_rules(id).map(|(game, rules)| (game, rules.id)));
        let (by_tag, rules) = if let Some((game, rules)) = forced {
            (Some(game), Some(rules))
        } else if variant_tag.is_empty() {
            (None, None)
        } else if let Some((game, rules)) = VariantId::of_variant_tag(variant_tag) {
            (Some(game), rules)
        } else {
            let listed = VariantId::listed_variant_tags().join(", ");
            let other = variant_tag.to_ascii_lowercase();
            return Err(format!("the variant '{other}' is not one polyfen plays ({listed})"));
        };
        let by_game = self
            .tag_value("Game")
            .map(|g| g.trim().to_ascii_lowercase())
            .and_then(|g| VariantId::ALL.iter().copied().find(|game| game.game_tags().game.contains(&g.as_str())));
        let variant = self.options.variant.or(by_tag).or(by_game);
        let (variant, start) = if let Some(fen) = self.tag_value("FEN").map(str::to_owned) {
            let from = variant.map(VariantId::default_notation);
            let reading = crate::read(&fen, from, &ReadOptions::lenient(true).with_rules(rules))
                .map_err(|e| format!("the FEN tag '{fen}' cannot be read: {e}"))?;
            for repair in reading.repairs {
                self.repairs.push(PgnRepair {
                    message: format!("FEN tag: {} (at byte {})", repair.message, repair.span.start),
                    at: self.start_at,
                });
            }
            let read_as = reading.position.variant();
            if let Some(v) = variant
                && v != read_as
            {
                return Err(format!("the FEN tag holds a {read_as} position in a {v} game"));
            }
            (read_as, reading.position)
        } else {
            let Some(v) = variant.or_else(|| self.by_players()) else { return Ok(Decision::Undecided) };
            let tags = v.game_tags();
            let name = match tags.setup.and_then(|tag| self.tag_value(tag)) {
                Some(setup) => setup.trim().to_ascii_lowercase(),
                None => tags.default_setup.to_owned(),
            };
            let rules = rules.filter(|_| by_tag == Some(v));
            (v, self.setup(v, rules, &name)?)
        };
        let format = if variant.has_format_tag() { self.tag_value("Format") } else { None };
        let expected = variant.expected_moves(format);
        Ok(Decision::Known(variant, Box::new(start), expected))
    }

    /// The game whose records name their first player with a tag read
    /// (Xiangqi's `Red`), when there is no `White` tag.
    fn by_players(&self) -> Option<VariantId> {
        if self.tag_value("White").is_some() {
            return None;
        }
        VariantId::ALL
            .iter()
            .copied()
            .find(|game| game.game_tags().players.iter().any(|&tag| self.tag_value(tag).is_some()))
    }

    /// Keeps a comment of a game being built.
    #[inline(never)]
    fn keep_comment(&mut self, text: RawText<'_>, here: &Here<'_>) -> Flow {
        let text = match text.to_str() {
            Ok(text) => text,
            Err(at) => {
                let mut location = here.location();
                location.offset += at as u64;
                return self.fail(PgnError::new(
                    format!("a comment that is not UTF-8 text, at byte {at} of it (see --encoding)"),
                    location,
                ));
            }
        };
        each!(&mut self.active, tree => tree.comment(text, &mut self.comments), self.comments.push(text.to_owned()));
        Flow::Continue
    }

    fn activate(
        &mut self,
        variant: VariantId,
        start: AnyPosition,
        expected: Option<MoveNotation>,
    ) -> Result<(), String> {
        let keep = !self.options.check_only;
        let lenient = self.options.lenient;
        // the last game's tree, when it started from the same position
        let spare = self.spare.take();
        self.active = with_game!(variant, P => {
            let expected = expected.and_then(P::move_notation);
            let tree = match spare.map(P::unwrap::<Trees>) {
                Some(Ok(mut tree)) if tree.start == start => {
                    tree.reset(expected, keep, lenient);
                    tree
                }
                _ => Tree::new(start, expected, keep, lenient)?,
            };
            Some(P::wrap::<Trees>(tree))
        });
        Ok(())
    }

    fn fail(&mut self, error: PgnError) -> Flow {
        if self.error.is_none() {
            self.error = Some(error);
        }
        Flow::Skip
    }
}

/// How many of a game's first moves are kept as written: enough to tell
/// apart notations that write some moves alike (Chinese in either script,
/// SAN and LAN for a pawn's push).
const WRITTEN: usize = 6;

/// The tags that decide every game's rules and start, kept by name as they
/// are read (the tags a game adds are looked for when asked).
const KNOWN_TAGS: [&str; 4] = ["Variant", "Game", "White", "FEN"];

/// The named start position `name` of `variant`.
fn standard(variant: VariantId, name: &str) -> Result<AnyPosition, String> {
    let Some(text) = variant.setup(name) else {
        let names: Vec<&str> = variant.setups().iter().map(|(n, _)| *n).collect();
        return Err(format!("{variant} has no setup '{name}' (known: {})", names.join(", ")));
    };
    // a setup is written in the game's default notation (Fairy-Stockfish's
    // chess writes its start as chess does)
    crate::read(text, Some(variant.default_notation()), &ReadOptions::default())
        .map(|r| r.position)
        .map_err(|e| e.to_string())
}

/// The game a movetext without tags is of, from its first move: the first
/// game of the list that claims it, else the list's first.
fn guess_from_move(text: &str) -> VariantId {
    VariantId::ALL.iter().copied().find(|game| game.claims_move(text)).unwrap_or_else(VariantId::first)
}

impl Visitor for GameBuilder {
    type Output = GameResult;

    fn begin_game(&mut self, number: u64, at: Location) {
        self.number = number;
        self.start_at = at;
        self.tag_text.clear();
        self.tag_spans.clear();
        self.known = [None; KNOWN_TAGS.len()];
        self.comments.clear();
        self.repairs.clear();
        self.result = None;
        self.error = None;
        self.unplayed = None;
        self.written.clear();
        self.depth = 0;
        self.active = None;
    }

    fn tag(&mut self, name: &str, value: &str) {
        if let Some(k) =
            KNOWN_TAGS.iter().position(|known| known.len() == name.len() && known.eq_ignore_ascii_case(name))
            && self.known[k].is_none()
        {
            self.known[k] = Some(self.tag_spans.len());
        }
        let start = self.tag_text.len();
        self.tag_text.push_str(name);
        let value_start = self.tag_text.len();
        self.tag_text.push_str(value);
        self.tag_spans.push((start, value_start, self.tag_text.len()));
    }

    fn begin_movetext(&mut self) -> Flow {
        match self.decide() {
            Ok(Decision::Known(variant, start, expected)) => match self.activate(variant, *start, expected) {
                Ok(()) => Flow::Continue,
                Err(why) => {
                    self.fail(PgnError::new(format!("the start position cannot be played: {why}"), self.start_at))
                }
            },
            Ok(Decision::Undecided) => Flow::Continue,
            Err(why) => self.fail(PgnError::new(why, self.start_at)),
        }
    }

    #[inline]
    fn san(&mut self, text: &str, here: &Here<'_>) -> Flow {
        if !self.options.check_only && self.depth == 0 && self.written.len() < WRITTEN {
            self.written.push(text.to_owned());
        }
        if self.active.is_none() {
            let variant = guess_from_move(text);
            let started = self.setup(variant, None, variant.game_tags().default_setup).and_then(|start| {
                let expected = variant.expected_moves(None);
                self.activate(variant, start, expected)
            });
            if let Err(why) = started {
                return self.fail(PgnError::new(why, here.location()));
            }
        }
        let result = each!(&mut self.active, tree => tree.san(text, here, &mut self.repairs), Ok(()));
        match result {
            Ok(()) => Flow::Continue,
            Err(e) => self.fail(e),
        }
    }

    fn nag(&mut self, nag: u8, here: &Here<'_>) -> Flow {
        let at = here.location();
        each!(&mut self.active, tree => tree.nag(nag, at, &mut self.repairs), ());
        Flow::Continue
    }

    #[inline]
    fn comment(&mut self, text: RawText<'_>, here: &Here<'_>) -> Flow {
        // only checking: comments are not kept (a small function, so that
        // the many comments of a checked file cost a call and a test)
        if self.options.check_only {
            return Flow::Continue;
        }
        self.keep_comment(text, here)
    }

    fn begin_variation(&mut self, here: &Here<'_>) -> Flow {
        self.depth += 1;
        let at = here.location();
        let result = each!(&mut self.active, tree => tree.begin_variation(at), Err(PgnError::new("a variation before any move", at)));
        match result {
            Ok(()) => Flow::Continue,
            Err(e) => self.fail(e),
        }
    }

    fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        each!(&mut self.active, tree => tree.end_variation(), ());
    }

    fn result(&mut self, text: &str) {
        self.result = Some(text.to_owned());
    }

    fn repair(&mut self, repair: PgnRepair) {
        self.repairs.push(repair);
    }

    /// From the error, when a game's tree is being built.
    fn unplayed_from(&self, error: Option<&PgnError>) -> Option<u64> {
        if self.options.check_only || self.active.is_none() {
            return None;
        }
        Some(self.error.as_ref().or(error)?.at.offset)
    }

    fn unplayed(&mut self, text: RawText<'_>, result: Option<&str>) {
        let text = String::from_utf8_lossy(text.as_bytes()).into_owned();
        self.unplayed = Some((text, result.map(str::to_owned)));
    }

    fn end_game(&mut self, error: Option<PgnError>) -> GameResult {
        let failed = self.error.is_some() || error.is_some();
        // a game only checked comes back without its tags, unless it failed
        let tags = if self.options.check_only && !failed { Vec::new() } else { self.tags() };
        let repairs = std::mem::take(&mut self.repairs);
        if let Some(error) = self.error.take().or(error) {
            let mut active = self.active.take();
            let partial = match self.unplayed.take() {
                Some((text, result)) => each!(&mut active, tree => {
                    tree.close_all();
                    let (start, moves) = tree.finish();
                    Some(Box::new(Game {
                        variant: Tree::variant(tree),
                        tags: tags.clone(),
                        start,
                        comments: std::mem::take(&mut self.comments),
                        moves,
                        result: result.or_else(|| self.result.take()),
                        repairs: repairs.clone(),
                        unplayed: (!text.is_empty()).then_some(text),
                        warnings: Vec::new(),
                        written: std::mem::take(&mut self.written),
                    }))
                }, None),
                None => None,
            };
            self.spare = active;
            return Err(GameError { game: self.number, format: RecordFormat::Pgn, tags, error, repairs, partial });
        }
        let mut active = self.active.take();
        let result = self.result.take();
        let stated = Stated::new(result.as_deref().or_else(|| self.tag_value("Result")), self.tag_value("Termination"));
        let warnings = each!(&active, tree => tree.judge(stated), Vec::new());
        let finished = each!(&mut active, tree => Some((Tree::variant(tree), tree.finish())), None);
        self.spare = active;
        let (variant, (start, moves)) = if let Some(f) = finished {
            f
        } else {
            {
                // a game with no moves and no tag naming its game: the
                // list's first (chess), from its usual start
                let first = VariantId::first();
                let start = match self.setup(first, None, first.game_tags().default_setup) {
                    Ok(start) => start,
                    Err(why) => {
                        return Err(GameError {
                            game: self.number,
                            format: RecordFormat::Pgn,
                            tags,
                            error: PgnError::new(why, self.start_at),
                            repairs,
                            partial: None,
                        });
                    }
                };
                (first, (start, Vec::new()))
            }
        };
        Ok(Game {
            variant,
            tags,
            start,
            comments: std::mem::take(&mut self.comments),
            moves,
            result,
            repairs,
            unplayed: None,
            warnings,
            written: std::mem::take(&mut self.written),
        })
    }
}

/// An iterator over the games of a PGN input: each item is a game or why
/// it could not be read; an I/O error ends the iteration.
pub struct Games<R> {
    reader: PgnReader<R>,
    builder: GameBuilder,
    failed: bool,
}

impl<R: Read> Games<R> {
    /// The games of `input` (UTF-8; see [`crate::records::decode`]).
    pub fn new(input: R, options: GameOptions) -> Games<R> {
        Games { reader: PgnReader::new(input), builder: GameBuilder::new(options), failed: false }
    }

    /// The reader's buffer, for another reader once this one is done.
    #[must_use]
    pub fn into_buffer(self) -> Vec<u8> {
        self.reader.into_buffer()
    }

    /// The games a [`PgnReader`] reads.
    pub fn from_reader(reader: PgnReader<R>, options: GameOptions) -> Games<R> {
        Games { reader, builder: GameBuilder::new(options), failed: false }
    }

    /// Bytes of the input read so far.
    pub fn bytes_read(&self) -> u64 {
        self.reader.bytes_read()
    }
}

impl<R: Read> Iterator for Games<R> {
    type Item = std::io::Result<GameResult>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        match self.reader.read_game(&mut self.builder) {
            Ok(game) => game.map(Ok),
            Err(e) => {
                self.failed = true;
                Some(Err(e))
            }
        }
    }
}

/// Reads every game of a PGN text.
///
/// # Examples
///
/// ```
/// use polyfen::records::{GameOptions, read_pgn};
///
/// let games = read_pgn("[White \"A\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 1-0\n", GameOptions::default());
/// let game = games[0].as_ref().unwrap();
/// assert_eq!(game.moves.len(), 4);
/// assert_eq!(game.moves[2].variations[0].moves[0].mv, "f2f4");
/// ```
#[must_use]
pub fn read_pgn(text: &str, options: GameOptions) -> Vec<GameResult> {
    Games::new(text.as_bytes(), options).map_while(Result::ok).collect()
}
