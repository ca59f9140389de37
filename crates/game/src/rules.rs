//! What every game's rules share: the options of the rules, a move that
//! could not be read or played, a game record's move read in another form
//! than its own ([`MoveNote`]), the answer of a move played, perft under a
//! cancel flag, budget and progress callback, and the state of the game.
//!
//! A game's rule methods ([`crate::GamePosition`]) answer [`RuleError`];
//! the facade adds the errors that need its list of games (a notation of
//! another game, a feature a game lacks).

use std::fmt;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use polyfen_core::PerftTree;
use polyfen_core::{MoveRepair, PerftWatch, Stopped};
use strum::{AsRefStr, Display, EnumIter, EnumString, IntoStaticStr};

/// How chess castling is written in UCI.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Display, EnumString, EnumIter, AsRefStr, IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum CastlingMoves {
    /// King two squares (`e1g1`) in standard chess, king takes rook
    /// (`e1h1`) in Chess960 positions, as most GUIs expect.
    #[default]
    Auto,
    /// Always the king's two-square move (`e1g1`).
    KingTwoSquares,
    /// Always king takes rook (`e1h1`), as engines in `UCI_Chess960` mode write it.
    KingTakesRook,
}

/// When a chess FEN's en passant field is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Display, EnumString, EnumIter, AsRefStr, IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum EnPassantPolicy {
    /// As the position holds it: as read, or after a double push as
    /// `always`.
    #[default]
    AsRead,
    /// Only when a legal en passant capture exists (as X-FEN and most
    /// engines write it).
    Legal,
    /// After every double pawn push (as the FEN standard writes it).
    Always,
}

/// Choices of the rules that are not part of the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct RuleOptions {
    /// How UCI writes chess castling.
    pub castling: CastlingMoves,
    /// The options of a game's own rules that are on, each declared by its
    /// game ([`crate::GamePosition::RULE_SWITCHES`]: Khet's
    /// `swap-restriction` and `every-rotation`).
    pub switches: Switches,
}

impl RuleOptions {
    /// These options with chess castling written as `castling`.
    #[must_use]
    pub fn with_castling(mut self, castling: CastlingMoves) -> RuleOptions {
        self.castling = castling;
        self
    }

    /// These options with the game option `name` (a game's
    /// [`crate::Switch`]) on or off.
    #[must_use]
    pub fn with_switch(mut self, name: &'static str, on: bool) -> RuleOptions {
        self.switches = self.switches.with(name, on);
        self
    }

    /// Whether the game option `name` is on.
    #[must_use]
    pub fn switch(&self, name: &str) -> bool {
        self.switches.is_on(name)
    }
}

/// An option of a game's own rules, on or off, declared by the game
/// ([`crate::GamePosition::RULE_SWITCHES`]: Khet's `swap-restriction`) with
/// what it does; [`crate::RuleOptions::with_switch`] turns it on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Switch {
    /// The option's kebab-case name.
    pub name: &'static str,
    /// What it does, in words.
    pub help: &'static str,
}

/// The games' options that are on, by name, at most [`Switches::MOST`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Switches {
    on: [Option<&'static str>; Switches::MOST],
}

impl Switches {
    /// The most options on at once.
    pub const MOST: usize = 8;

    /// These switches with `name` on or off.
    ///
    /// # Panics
    ///
    /// When more than [`Switches::MOST`] options would be on.
    #[must_use]
    pub fn with(mut self, name: &'static str, on: bool) -> Switches {
        let at = self.on.iter().position(|s| *s == Some(name));
        match (at, on) {
            (Some(i), false) => self.on[i] = None,
            (None, true) => {
                let free = self.on.iter_mut().find(|s| s.is_none());
                *free.expect("at most Switches::MOST game options on at once") = Some(name);
            }
            _ => {}
        }
        self
    }

    /// Whether the option `name` is on.
    #[must_use]
    pub fn is_on(&self, name: &str) -> bool {
        self.on.contains(&Some(name))
    }
}

/// A move that could not be read or played, with where in its text the
/// problem is and the legal moves it might have meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// What is wrong, in words.
    pub message: String,
    /// The bytes of the move text the message is about.
    pub span: Range<usize>,
    /// The legal moves that match what was given (for an ambiguous move) or
    /// come closest (for an illegal one), written in the notation read.
    pub candidates: Vec<String>,
}

impl MoveError {
    /// An error about `span` with no candidates.
    pub fn new(message: impl Into<String>, span: Range<usize>) -> MoveError {
        MoveError { message: message.into(), span, candidates: Vec::new() }
    }

    /// This error with `candidates`.
    #[must_use]
    pub fn with_candidates(mut self, candidates: Vec<String>) -> MoveError {
        self.candidates = candidates;
        self
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if !self.candidates.is_empty() {
            write!(f, " (candidates: {})", self.candidates.join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for MoveError {}

/// A move read leniently: what was done, and the bytes of the move's text
/// it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNote {
    /// The bytes of the move text.
    pub span: std::ops::Range<usize>,
    /// What was read, in words.
    pub message: String,
}

impl From<polyfen_core::MoveRepair> for MoveNote {
    fn from(repair: polyfen_core::MoveRepair) -> MoveNote {
        MoveNote { span: repair.span, message: repair.message }
    }
}

/// A move's text to play ([`crate::GamePosition::play_with`]), with the
/// notation to write it back in and whether a lenient reading is allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveToPlay<'a, N> {
    /// The move as written, in any move notation of the game.
    pub text: &'a str,
    /// The notation the move played is written in.
    pub write_as: N,
    /// Whether the non-standard forms are read too, each reported.
    pub lenient: bool,
}

/// A move played: as written in the notation asked for, and the repairs a
/// lenient reading made (none when the text was standard).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// The move written in the notation asked for.
    pub text: String,
    /// One repair per non-standard reading: `read 'c4' as 'dxc4'`.
    pub repairs: Vec<MoveRepair>,
}

/// Why a game's rules cannot answer a request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The game has no rules in this build, or not this feature (what was
    /// asked for: `legal moves`, `perft`, ...).
    #[error("no {0}")]
    Unsupported(&'static str),
    /// The position breaks the rules so that moves cannot be generated.
    #[error("illegal position: {0}")]
    IllegalPosition(String),
    /// A move could not be read or is not legal; `index` counts the moves
    /// of the request from 0.
    #[error("move {}: {error}", index + 1)]
    Move {
        /// Which move of the sequence.
        index: usize,
        /// What is wrong with it.
        error: MoveError,
    },
    /// A limit of the request, such as perft's depth cap, was exceeded.
    #[error("{0}")]
    Limit(String),
    /// A perft run with a [`PerftControl`] was stopped before it finished.
    #[error("perft stopped after {nodes} nodes: {reason}")]
    Stopped {
        /// The leaves counted when it stopped.
        nodes: u64,
        /// Why it stopped.
        reason: StopReason,
    },
}

/// Refuses a perft deeper than a game's `limit` plies, as
/// [`RuleError::Limit`]: `perft depth 21 is above the limit of 20`.
///
/// # Errors
///
/// [`RuleError::Limit`] when `depth` is above `limit`.
pub fn check_perft_depth(depth: u32, limit: u32) -> Result<(), RuleError> {
    if depth > limit {
        return Err(RuleError::Limit(format!("perft depth {depth} is above the limit of {limit}")));
    }
    Ok(())
}

/// Why a perft stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum StopReason {
    /// The cancel flag of its [`PerftControl`] was set.
    #[error("cancelled")]
    Cancelled,
    /// It counted more leaves than its node budget (the budget is given).
    #[error("over the budget of {0} nodes")]
    NodeBudget(u64),
}

/// How far a perft has gone, as [`PerftControl::with_progress`] reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PerftProgress {
    /// Leaves counted so far.
    pub nodes: u64,
    /// Root moves whose subtrees are counted.
    pub root_moves_done: usize,
    /// The root's legal moves (0 until they are known, and at depth 0).
    pub root_moves: usize,
}

/// A perft to run ([`crate::GamePosition::perft_with`],
/// [`crate::GamePosition::divide_with`]): how many plies deep, by which
/// options of the rules, under which control.
#[derive(Clone, Copy, Debug)]
pub struct PerftRun<'a> {
    /// The depth in plies.
    pub depth: u32,
    /// The options of the rules.
    pub options: &'a RuleOptions,
    /// How it may be stopped and watched.
    pub control: &'a PerftControl<'a>,
}

/// How a long perft (`perft_with`,
/// `divide_with`) may be stopped and watched: a cancel
/// flag, a node budget and a progress callback, each optional. The default
/// has none, and counts as plain perft does, as fast.
///
/// The count looks at the flag and the budget every few thousand leaves
/// (after each subtree two plies above the leaves), so it stops within
/// microseconds of the flag being set in a release build, and overshoots a
/// budget by at most one such subtree.
///
/// The facade's `rules` module has an example.
#[derive(Clone, Copy, Default)]
pub struct PerftControl<'a> {
    cancel: Option<&'a AtomicBool>,
    node_budget: Option<u64>,
    progress: Option<&'a (dyn Fn(PerftProgress) + Sync)>,
}

impl<'a> PerftControl<'a> {
    /// No flag, no budget, no progress.
    #[must_use]
    pub fn new() -> PerftControl<'a> {
        PerftControl::default()
    }

    /// Stop soon after `flag` is set (from any thread), answering
    /// [`RuleError::Stopped`] with [`StopReason::Cancelled`].
    #[must_use]
    pub fn with_cancel(mut self, flag: &'a AtomicBool) -> PerftControl<'a> {
        self.cancel = Some(flag);
        self
    }

    /// Stop once more than `leaves` leaves are counted, answering
    /// [`RuleError::Stopped`] with [`StopReason::NodeBudget`].
    #[must_use]
    pub fn with_node_budget(mut self, leaves: u64) -> PerftControl<'a> {
        self.node_budget = Some(leaves);
        self
    }

    /// Call `f` now and then: when the root's moves are known, after each
    /// root move, every 50–100 ms of counting in between, and once at the
    /// end; the node counts it sees never decrease.
    #[must_use]
    pub fn with_progress(mut self, f: &'a (dyn Fn(PerftProgress) + Sync)) -> PerftControl<'a> {
        self.progress = Some(f);
        self
    }

    /// True when nothing is asked: the plain perft will do.
    pub fn is_plain(&self) -> bool {
        self.cancel.is_none() && self.node_budget.is_none() && self.progress.is_none()
    }

    /// Runs a watched count under this control; `count` gets the watch to
    /// report to.
    ///
    /// # Errors
    ///
    /// [`RuleError::Stopped`] when the flag or the budget stopped it.
    pub fn run<T>(&self, count: impl FnOnce(&mut dyn PerftWatch) -> Result<T, Stopped>) -> Result<T, RuleError> {
        let mut watch = Watch {
            control: self,
            progress: PerftProgress { nodes: 0, root_moves_done: 0, root_moves: 0 },
            reported: None,
            calls: 0,
            // the clock is read only for a progress callback (a platform
            // without one, WebAssembly in a browser, counts without it)
            last_report: self.progress.map(|_| Instant::now()),
            stopped: None,
        };
        if self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Err(RuleError::Stopped { nodes: 0, reason: StopReason::Cancelled });
        }
        match count(&mut watch) {
            Ok(answer) => {
                watch.report();
                Ok(answer)
            }
            Err(Stopped) => Err(RuleError::Stopped {
                nodes: watch.progress.nodes,
                reason: watch.stopped.unwrap_or(StopReason::Cancelled),
            }),
        }
    }

    /// The perft of `position` under this control: its plain perft when
    /// nothing is asked ([`PerftControl::is_plain`]), else the watched count.
    ///
    /// # Errors
    ///
    /// [`RuleError::Stopped`] when the flag or the budget stopped it.
    pub fn perft<P: PerftTree>(&self, position: &P, depth: u32) -> Result<u64, RuleError> {
        if self.is_plain() {
            return Ok(position.perft(depth));
        }
        self.run(|watch| position.perft_watched(depth, watch))
    }

    /// The perft of `position` split by the first move under this control,
    /// as [`PerftControl::perft`].
    ///
    /// # Errors
    ///
    /// [`RuleError::Stopped`] when the flag or the budget stopped it.
    pub fn divide<P: PerftTree>(&self, position: &P, depth: u32) -> Result<Vec<(P::Move, u64)>, RuleError> {
        if self.is_plain() {
            return Ok(position.divide(depth));
        }
        self.run(|watch| position.divide_watched(depth, watch))
    }

    /// [`PerftControl::divide`], each root move written by `write`.
    ///
    /// # Errors
    ///
    /// As [`PerftControl::divide`].
    pub fn divide_written<P: PerftTree>(
        &self,
        position: &P,
        depth: u32,
        write: impl Fn(P::Move) -> String,
    ) -> Result<Vec<Divided>, RuleError> {
        let divided = self.divide(position, depth)?;
        Ok(divided.into_iter().map(|(m, nodes)| Divided { text: write(m), nodes }).collect())
    }
}

impl fmt::Debug for PerftControl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PerftControl")
            .field("cancel", &self.cancel)
            .field("node_budget", &self.node_budget)
            .field("progress", &self.progress.map(|_| "Fn(PerftProgress)"))
            .finish()
    }
}

/// How often progress is reported while counting.
const PROGRESS_EVERY: Duration = Duration::from_millis(50);

/// The watch a [`PerftControl`] puts on a game's count.
struct Watch<'c, 'a> {
    control: &'c PerftControl<'a>,
    progress: PerftProgress,
    /// The progress last handed to the callback.
    reported: Option<PerftProgress>,
    /// Calls of `counted` since the clock was last read.
    calls: u32,
    /// When progress was last reported (read only with a callback).
    last_report: Option<Instant>,
    stopped: Option<StopReason>,
}

impl Watch<'_, '_> {
    /// Stops the count when the flag is set or the budget spent.
    fn check(&mut self) -> Result<(), Stopped> {
        if let Some(budget) = self.control.node_budget
            && self.progress.nodes > budget
        {
            self.stopped = Some(StopReason::NodeBudget(budget));
            return Err(Stopped);
        }
        if let Some(flag) = self.control.cancel
            && flag.load(Ordering::Relaxed)
        {
            self.stopped = Some(StopReason::Cancelled);
            return Err(Stopped);
        }
        Ok(())
    }

    /// Hands the progress to the callback unless it has seen it.
    fn report(&mut self) {
        if let Some(f) = self.control.progress
            && self.reported != Some(self.progress)
        {
            f(self.progress);
            self.reported = Some(self.progress);
            self.last_report = Some(Instant::now());
        }
    }
}

impl PerftWatch for Watch<'_, '_> {
    fn counted(&mut self, leaves: u64) -> Result<(), Stopped> {
        self.progress.nodes += leaves;
        self.check()?;
        if self.control.progress.is_some() {
            // the clock is read every 16 subtrees, each a few thousand leaves
            self.calls += 1;
            if self.calls >= 16 {
                self.calls = 0;
                if self.last_report.is_none_or(|at| at.elapsed() >= PROGRESS_EVERY) {
                    self.report();
                }
            }
        }
        Ok(())
    }

    fn root_moves(&mut self, done: usize, total: usize) -> Result<(), Stopped> {
        self.progress.root_moves_done = done;
        self.progress.root_moves = total;
        self.report();
        self.check()
    }
}

/// The state of the game in a position, written by its kebab-case id
/// (`ongoing`, `fifty-moves`). The outcomes several games share are named
/// here; a game adds its own with [`GameStatus::Ended`] and its id, without
/// a change to this crate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// The side to move has legal moves and the game goes on.
    Ongoing,
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check (a draw in
    /// chess, a loss in Xiangqi).
    Stalemate,
    /// Neither side can mate (chess).
    InsufficientMaterial,
    /// The fifty-move rule may be claimed (chess).
    FiftyMoves,
    /// A pharaoh was removed by the laser (Khet): its owner has lost (the
    /// mover too, after a self-kill).
    PharaohLost,
    /// The game ended in a way of its own (Shogi's `sennichite`), named by
    /// its kebab-case id.
    Ended(&'static str),
}

impl GameStatus {
    /// The status's kebab-case id.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            GameStatus::Ongoing => "ongoing",
            GameStatus::Checkmate => "checkmate",
            GameStatus::Stalemate => "stalemate",
            GameStatus::InsufficientMaterial => "insufficient-material",
            GameStatus::FiftyMoves => "fifty-moves",
            GameStatus::PharaohLost => "pharaoh-lost",
            GameStatus::Ended(id) => id,
        }
    }
}

polyfen_core::display_name!(GameStatus, id, pad, str);

/// What a board shows of the game beside its pieces
/// ([`crate::GamePosition::standing`]): how the game stands, the result
/// that gives it, the royal pieces in check, and the counts the game keeps
/// toward an end.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Standing {
    /// Whether the game goes on, and if not why.
    pub status: GameStatus,
    /// The result the position ends the game with, as a PGN `Result` tag
    /// writes it: `1-0` (the first player wins), `0-1`, `1/2-1/2`; `None`
    /// while the game goes on, and for an end a player may claim but need
    /// not (chess's fifty moves).
    pub result: Option<&'static str>,
    /// The squares of the side to move's royal pieces that are in check,
    /// named as the game's diagram names its squares
    /// ([`crate::svg::SquareBox::name`]).
    pub check: Vec<String>,
    /// The counts the game keeps toward an end (three-check's checks).
    pub counters: Vec<Counter>,
}

impl Standing {
    /// A game that stands at `status`, with no result, nothing in check
    /// and no counter.
    #[must_use]
    pub fn new(status: GameStatus) -> Standing {
        Standing { status, result: None, check: Vec::new(), counters: Vec::new() }
    }

    /// The result that the side to move (the first player when
    /// `first_to_move`) winning (`Some(true)`), losing (`Some(false)`) or
    /// drawing (`None`) gives.
    #[must_use]
    pub const fn result_for_mover(first_to_move: bool, mover_wins: Option<bool>) -> &'static str {
        match mover_wins {
            None => "1/2-1/2",
            Some(wins) if wins == first_to_move => "1-0",
            Some(_) => "0-1",
        }
    }
}

/// A count a game keeps for one side toward an end of the game (the
/// service writes it as is: `side`, `name`, `count`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct Counter {
    /// The side, as the game's JSON form names it (`white`).
    pub side: &'static str,
    /// What is counted, in words (`checks still to give`).
    pub name: &'static str,
    /// The count.
    pub count: u32,
}

impl Counter {
    /// `side`'s count of `name`.
    #[must_use]
    pub const fn new(side: &'static str, name: &'static str, count: u32) -> Counter {
        Counter { side, name, count }
    }
}

/// How a game record says its game ended, for [`crate::RecordAdapter::judge`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stated<'a> {
    /// The result (`1-0`, `0-1`, `1/2-1/2`), `None` when the record gives
    /// none or `*`.
    pub result: Option<&'a str>,
    /// The `Termination` tag, in words (`repetition`, `entering king`).
    pub termination: Option<&'a str>,
}

impl<'a> Stated<'a> {
    /// An ending stated with `result` (`*` is none) and `termination`.
    #[must_use]
    pub fn new(result: Option<&'a str>, termination: Option<&'a str>) -> Stated<'a> {
        Stated { result: result.filter(|r| *r != "*"), termination }
    }
}

/// What a game's rules say of the end of a line from its history
/// ([`crate::RecordAdapter::judge`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Judgement {
    /// An outcome only the history tells (Shogi's `sennichite`), which is
    /// the status at the line's end; `None` leaves the last position's.
    pub status: Option<GameStatus>,
    /// Where the record's stated ending and the rules disagree, or what
    /// the rules end that the record does not say, one sentence each.
    pub warnings: Vec<String>,
}

/// One move of a perft divide: the move written in a notation and the leaf
/// count below it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divided {
    /// The move.
    pub text: String,
    /// Leaf nodes at the requested depth below it.
    pub nodes: u64,
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use polyfen_core::PerftTree;

    use super::{GameStatus, PerftControl, RuleError, StopReason, check_perft_depth};

    /// A tree whose every node has two moves: `2^depth` leaves.
    struct Binary;

    impl PerftTree for Binary {
        type Move = u8;
        type Moves = Vec<u8>;

        fn moves(&self) -> Vec<u8> {
            vec![0, 1]
        }

        fn child(&self, _m: u8) -> Option<Binary> {
            Some(Binary)
        }

        fn perft(&self, depth: u32) -> u64 {
            1 << depth
        }
    }

    #[test]
    fn a_perft_deeper_than_the_limit_is_refused() {
        assert_eq!(check_perft_depth(20, 20), Ok(()));
        assert_eq!(
            check_perft_depth(21, 20),
            Err(RuleError::Limit("perft depth 21 is above the limit of 20".to_owned()))
        );
    }

    #[test]
    fn a_controlled_perft_counts_as_the_plain_one_until_stopped() {
        let budget = PerftControl::new().with_node_budget(1000);
        for control in [PerftControl::new(), budget] {
            assert_eq!(control.perft(&Binary, 6), Ok(64));
            assert_eq!(control.divide(&Binary, 6), Ok(vec![(0, 32), (1, 32)]));
            assert_eq!(control.divide(&Binary, 0), Ok(vec![]));
        }
        let Err(RuleError::Stopped { reason, .. }) = budget.perft(&Binary, 12) else { panic!("not stopped") };
        assert_eq!(reason, StopReason::NodeBudget(1000));
        let cancel = AtomicBool::new(true);
        let cancelled = PerftControl::new().with_cancel(&cancel);
        assert_eq!(cancelled.divide(&Binary, 3), Err(RuleError::Stopped { nodes: 0, reason: StopReason::Cancelled }));
    }

    #[test]
    fn a_status_is_written_by_its_id_and_a_game_adds_its_own() {
        assert_eq!(GameStatus::InsufficientMaterial.to_string(), "insufficient-material");
        assert_eq!(<&str>::from(GameStatus::PharaohLost), "pharaoh-lost");
        assert_eq!(format!("[{:>9}]", GameStatus::Ongoing), "[  ongoing]");
        let own = GameStatus::Ended("sennichite");
        assert_eq!((own.to_string(), own.as_ref()), ("sennichite".to_owned(), "sennichite"));
        assert_ne!(own, GameStatus::Ended("impasse"));
    }

    #[test]
    fn a_games_option_is_on_by_name() {
        let options =
            super::RuleOptions::default().with_switch("a", true).with_switch("b", true).with_switch("a", false);
        assert!(!options.switch("a") && options.switch("b"));
        assert_eq!(options.with_switch("b", true), options);
    }
}
