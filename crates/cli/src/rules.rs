//! The rules commands: `moves`, `move`, `apply` and `perft`.

use polyfen::RuleError;
use std::io::{self, BufRead, IsTerminal};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{MultiProgress, ProgressBar};
use polyfen::extras::{self, ExtraArgs};
use polyfen::{
    CastlingMoves, MoveNotation, Notation, PerftControl, PerftProgress, Position, ReadOptions, RenderStyle,
    RuleOptions, RulesError, VariantId, WriteOptions, read,
};

use crate::output::{Flow, Report};
use crate::progress::{self, Show};
use crate::{ReadArgs, for_each_position, parse_notation};

/// Rule choices shared by the rules commands.
/// The name of the game option `--swap-restriction` turns on (a game's
/// [`polyfen::polyfen_game::Switch`], Khet's).
const SWAP_RESTRICTION: &str = "swap-restriction";
/// The name of the game option `--every-rotation` turns on.
const EVERY_ROTATION: &str = "every-rotation";

#[derive(Args, Debug)]
pub struct RuleArgs {
    /// How UCI writes chess castling: auto (king two squares, or king takes
    /// rook in Chess960 positions), king-two-squares or king-takes-rook.
    #[arg(long, value_name = "STYLE", default_value = "auto", value_parser = parse_castling)]
    castling: CastlingMoves,
    /// Khet: forbid a scarab or eye swap that puts the other piece on a
    /// square reserved against it.
    #[arg(long)]
    swap_restriction: bool,
}

impl RuleArgs {
    fn options(&self) -> RuleOptions {
        RuleOptions::default().with_castling(self.castling).with_switch(SWAP_RESTRICTION, self.swap_restriction)
    }
}

#[derive(Args, Debug)]
pub struct MovesArgs {
    /// The move notation to write, one of the game's (default: the game's
    /// first).
    #[arg(long, value_name = "NOTATION", value_parser = parse_move_notation)]
    notation: Option<MoveNotation>,
    #[command(flatten)]
    rules: RuleArgs,
    #[command(flatten)]
    read: ReadArgs,
}

#[derive(Args, Debug)]
pub struct PositionArgs {
    /// The position the moves start from, in any notation (a name such as
    /// `xiangqi:standard` or `khet:classic` picks a named setup).
    #[arg(long, value_name = "POSITION")]
    position: String,
    /// The notation of the position (default: detected).
    #[arg(long, value_name = "NOTATION", value_parser = parse_notation)]
    from: Option<Notation>,
    /// Read the position leniently (see `convert --help`), and the moves:
    /// accept non-standard move forms (a pawn capture written as a push,
    /// `c4` for `dxc4`) and report each reading as a warning.
    #[arg(long)]
    lenient: bool,
    /// Read the position under this rules variant of its game (see
    /// `moves --help`).
    #[arg(long, value_name = "RULES", value_parser = crate::parse_rules)]
    variant: Option<&'static str>,
}

#[derive(Args, Debug)]
pub struct MoveArgs {
    /// The move notation to write each move in, one of the game's.
    #[arg(long, value_name = "NOTATION", value_parser = parse_move_notation)]
    to: MoveNotation,
    #[command(flatten)]
    play: PlayArgs,
}

/// What `move` and `apply` play: a start position, the rules and the
/// moves.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    rules: RuleArgs,
    /// The moves, in any move notation of the game, played in order (move
    /// numbers such as `1.` are skipped); without any, the words of
    /// standard input.
    #[arg(value_name = "MOVE")]
    moves: Vec<String>,
}

#[derive(Args, Debug)]
pub struct ApplyArgs {
    /// The notation to write the resulting position in (default: the
    /// position's own): one of its game's or json.
    #[arg(long, value_name = "NOTATION", value_parser = parse_notation)]
    to: Option<Notation>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Plies to count.
    #[arg(long, value_name = "N")]
    depth: u32,
    /// One `MOVE: NODES` line per legal move, then `total: NODES`.
    #[arg(long)]
    divide: bool,
    /// The move notation of --divide (default: the game's first).
    #[arg(long, value_name = "NOTATION", value_parser = parse_move_notation)]
    notation: Option<MoveNotation>,
    /// Khet: count every rotation as its own move, instead of each distinct
    /// result once.
    #[arg(long)]
    every_rotation: bool,
    /// Stop a count once it passes N leaf nodes, as an error naming the
    /// budget (see `--depth`'s cost first: each ply multiplies it by 20 to
    /// 100).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    #[command(flatten)]
    progress: ProgressArgs,
    #[command(flatten)]
    rules: RuleArgs,
    #[command(flatten)]
    read: ReadArgs,
}

/// Whether a long count shows its progress.
#[derive(Args, Debug)]
pub struct ProgressArgs {
    /// Show progress on standard error (nodes so far, root moves done, nodes
    /// per second) even when it is not a terminal: then as plain lines. By
    /// default a bar shows on a terminal for a count that takes a while.
    #[arg(long, conflicts_with = "no_progress")]
    progress: bool,
    /// Never show progress.
    #[arg(long)]
    no_progress: bool,
}

pub(crate) fn parse_move_notation(s: &str) -> Result<MoveNotation, String> {
    crate::parse_id(s, "move notation")
}

fn parse_castling(s: &str) -> Result<CastlingMoves, String> {
    s.parse().map_err(|_| format!("unknown castling style {s:?}; known: auto, king-two-squares, king-takes-rook"))
}

/// The notation to use for `variant`: the one asked for, or the game's default.
fn notation_for(variant: VariantId, asked: Option<MoveNotation>) -> MoveNotation {
    asked.unwrap_or(variant.move_notations()[0])
}

pub fn moves(args: &MovesArgs, report: &mut Report) -> Result<(), Flow> {
    let options = args.rules.options();
    let several = args.read.inputs.len() != 1;
    for_each_position(&args.read, report, |n, reading, report| {
        let notation = notation_for(reading.position.variant(), args.notation);
        match reading.position.legal_moves(notation, &options) {
            Ok(moves) => {
                if several {
                    report.separate()?;
                }
                for m in &moves {
                    report.line(m)?;
                }
                Ok(())
            }
            Err(e) => {
                report.failure(n, &e.to_string());
                Ok(())
            }
        }
    })
}

pub fn perft(args: &PerftArgs, report: &mut Report) -> Result<(), Flow> {
    let options = args.rules.options().with_switch(EVERY_ROTATION, args.every_rotation);
    let show = Show::from_flags(args.progress.progress, args.progress.no_progress);
    let bars = progress::several(show);
    for_each_position(&args.read, report, |n, reading, report| {
        let position = &reading.position;
        let watch = PerftBar::new(bars.as_ref(), show);
        let on_progress = |p: PerftProgress| watch.update(p);
        let mut control = PerftControl::new();
        if let Some(max) = args.max_nodes {
            control = control.with_node_budget(max);
        }
        if bars.is_some() {
            control = control.with_progress(&on_progress);
        }
        let answer = if args.divide {
            let notation = notation_for(position.variant(), args.notation);
            position.divide_with(args.depth, notation, &options, &control).map(|divided| {
                let total = divided.iter().map(|d| d.nodes).sum::<u64>();
                (Some(divided), total)
            })
        } else {
            position.perft_with(args.depth, &options, &control).map(|nodes| (None, nodes))
        };
        watch.finish(show);
        match answer {
            Ok((Some(divided), total)) => {
                for d in &divided {
                    report.line(&format!("{}: {}", d.text, d.nodes))?;
                }
                report.line(&format!("total: {total}"))
            }
            Ok((None, nodes)) => report.line(&nodes.to_string()),
            Err(e) => {
                report.failure(n, &e.to_string());
                Ok(())
            }
        }
    })
}

/// The progress bar of one perft: root moves done of all, the nodes so far
/// and the rate. Unless forced, it shows only once the count has taken a
/// third of a second.
struct PerftBar<'m> {
    bars: Option<&'m MultiProgress>,
    bar: ProgressBar,
    started: Instant,
    delay: Duration,
    shown: AtomicBool,
}

impl<'m> PerftBar<'m> {
    fn new(bars: Option<&'m MultiProgress>, show: Show) -> PerftBar<'m> {
        let bar = progress::hidden_bar(Some(0), "{bar:30} {pos}/{len} root moves, {msg} ({elapsed})");
        let delay = if show == Show::Always { Duration::ZERO } else { Duration::from_millis(300) };
        PerftBar { bars, bar, started: Instant::now(), delay, shown: AtomicBool::new(false) }
    }

    #[allow(clippy::cast_precision_loss)] // a rate
    fn update(&self, p: PerftProgress) {
        let elapsed = self.started.elapsed();
        let rate = p.nodes as f64 / elapsed.as_secs_f64().max(1e-6);
        self.bar.set_length(p.root_moves as u64);
        self.bar.set_message(format!("{} nodes, {} nodes/s", p.nodes, per_second(rate)));
        self.bar.set_position(p.root_moves_done as u64);
        if let Some(bars) = self.bars
            && elapsed >= self.delay
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            bars.add(self.bar.clone()).tick();
        }
    }

    /// Takes the bar away on a terminal; as lines, the last state stays.
    fn finish(&self, show: Show) {
        if !self.shown.load(Ordering::Relaxed) {
            return;
        }
        if progress::as_lines(show) {
            // the last state, which the drawing may have skipped
            eprintln!("{}/{} root moves, {}", self.bar.position(), self.bar.length().unwrap_or(0), self.bar.message());
        }
        self.bar.finish_and_clear();
        if let Some(bars) = self.bars {
            bars.remove(&self.bar);
        }
    }
}

/// A rate in words: `812`, `45.3 k`, `21.7 M`, `1.20 G`.
fn per_second(rate: f64) -> String {
    if rate >= 1e9 {
        format!("{:.2} G", rate / 1e9)
    } else if rate >= 1e6 {
        format!("{:.1} M", rate / 1e6)
    } else if rate >= 1e3 {
        format!("{:.1} k", rate / 1e3)
    } else {
        format!("{rate:.0}")
    }
}

/// Reads `--position` (a position, or `variant:name` for a named setup).
fn start_position(args: &PositionArgs, report: &mut Report) -> Option<polyfen::Reading> {
    let text = named_setup(&args.position).unwrap_or(&args.position);
    match read(text, args.from, &ReadOptions::lenient(args.lenient).with_rules(args.variant)) {
        Ok(reading) => {
            report.repairs(1, text, &reading.repairs, false);
            Some(reading)
        }
        Err(e) => {
            report.position_error(text, &e.error);
            None
        }
    }
}

/// `chess:standard`, `khet:classic`, ... as the named setup's text.
pub(crate) fn named_setup(text: &str) -> Option<&'static str> {
    let (variant, name) = text.split_once(':')?;
    variant.parse::<VariantId>().ok()?.setup(name)
}

/// The moves of the command line, or else the words of standard input;
/// move numbers (`1.`, `12...`) are skipped.
pub(crate) fn move_words(args: &[String]) -> Result<Vec<String>, Flow> {
    MoveWords::new(args).collect()
}

/// The longest word of standard input kept whole: a move is a few bytes,
/// and a longer word is kept cut (its error quotes it).
const MAX_WORD: usize = 1024;

/// The moves of the command line or of standard input, one at a time:
/// standard input is read as the moves are played, a word at a time, so
/// memory stays flat and the first bad move is reported at once.
pub(crate) struct MoveWords {
    args: std::vec::IntoIter<String>,
    stdin: Option<io::StdinLock<'static>>,
    /// A word read but not yet given (the one after a move, looked at for
    /// an en passant mark).
    ahead: Option<String>,
}

impl MoveWords {
    pub(crate) fn new(args: &[String]) -> MoveWords {
        let stdin = io::stdin();
        let from_stdin = args.is_empty() && !stdin.is_terminal();
        let words: Vec<String> = args.iter().flat_map(|a| a.split_whitespace().map(str::to_owned)).collect();
        MoveWords { args: words.into_iter(), stdin: from_stdin.then(|| stdin.lock()), ahead: None }
    }

    /// The next word of the source, move numbers skipped.
    fn word(&mut self) -> Result<Option<String>, Flow> {
        loop {
            let word = match &mut self.stdin {
                Some(input) => read_word(input)?,
                None => self.args.next(),
            };
            match word {
                Some(w) if is_move_number(&w) => {}
                other => return Ok(other),
            }
        }
    }
}

/// The next whitespace-separated word of `input`, at most [`MAX_WORD`]
/// bytes of it kept.
fn read_word(input: &mut impl BufRead) -> Result<Option<String>, Flow> {
    let mut word = Vec::new();
    loop {
        let buf = input.fill_buf().map_err(|e| Flow::Fatal(e.into()))?;
        if buf.is_empty() {
            break;
        }
        let mut used = 0;
        let mut done = false;
        for &b in buf {
            used += 1;
            if b.is_ascii_whitespace() {
                if !word.is_empty() {
                    done = true;
                    break;
                }
            } else if word.len() < MAX_WORD {
                word.push(b);
            }
        }
        input.consume(used);
        if done {
            break;
        }
    }
    if word.is_empty() {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&word).into_owned()))
}

impl Iterator for MoveWords {
    type Item = Result<String, Flow>;

    fn next(&mut self) -> Option<Result<String, Flow>> {
        let mut word = match self.ahead.take() {
            Some(w) => w,
            None => match self.word() {
                Ok(Some(w)) => w,
                Ok(None) => return None,
                Err(e) => return Some(Err(e)),
            },
        };
        // `exd6 e.p.`: the en passant mark belongs to the move before it
        loop {
            match self.word() {
                Ok(Some(next)) if next.eq_ignore_ascii_case("e.p.") || next.eq_ignore_ascii_case("ep") => {
                    word.push_str(&next);
                }
                Ok(Some(next)) => {
                    self.ahead = Some(next);
                    break;
                }
                Ok(None) => break,
                Err(e) => return Some(Err(e)),
            }
        }
        Some(Ok(word))
    }
}

fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    digits.len() < word.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Plays `moves` from the position (`lenient`: reporting each non-standard
/// reading as a warning), calling `each` with every move as written in
/// `write_as`; stops at the first move that fails.
fn play_all(
    position: &mut polyfen::AnyPosition,
    moves: impl Iterator<Item = Result<String, Flow>>,
    write_as: MoveNotation,
    (options, lenient): (RuleOptions, bool),
    report: &mut Report,
    mut each: impl FnMut(&str, &mut Report) -> Result<(), Flow>,
) -> Result<bool, Flow> {
    for (index, text) in moves.enumerate() {
        let text = text?;
        let text = text.as_str();
        match position.play_with(text, write_as, &options, lenient) {
            Ok(played) => {
                for repair in &played.repairs {
                    report.move_repair(index + 1, text, repair);
                }
                each(&played.text, report)?;
            }
            Err(RulesError::Rule(RuleError::Move { error, .. })) => {
                report.move_error(index + 1, text, &error);
                return Ok(false);
            }
            Err(e) => {
                report.message(&e.to_string());
                return Ok(false);
            }
        }
    }
    Ok(true)
}

impl PlayArgs {
    /// The moves to play, and the rule options with whether to read them
    /// leniently.
    fn moves_and_options(&self) -> (MoveWords, (RuleOptions, bool)) {
        (MoveWords::new(&self.moves), (self.rules.options(), self.position.lenient))
    }
}

pub fn move_(args: &MoveArgs, report: &mut Report) -> Result<(), Flow> {
    let Some(reading) = start_position(&args.play.position, report) else { return Ok(()) };
    let mut position = reading.position;
    let variant = position.variant();
    if args.to.variant() != variant {
        report.message(&RulesError::WrongNotation { variant, notation: args.to }.to_string());
        return Ok(());
    }
    let (moves, options) = args.play.moves_and_options();
    play_all(&mut position, moves, args.to, options, report, |written, report| report.line(written))?;
    Ok(())
}

pub fn apply(args: &ApplyArgs, report: &mut Report) -> Result<(), Flow> {
    let Some(reading) = start_position(&args.play.position, report) else { return Ok(()) };
    let mut position = reading.position;
    let write_as = position.variant().move_notations()[0];
    let (moves, options) = args.play.moves_and_options();
    if !play_all(&mut position, moves, write_as, options, report, |_, _| Ok(()))? {
        return Ok(());
    }
    let notation = args.to.unwrap_or(reading.notation);
    match position.to_notation(notation, &WriteOptions::default()) {
        Ok(written) => {
            for w in &written.warnings {
                report.warning(1, w);
            }
            report.line(&written.text)
        }
        Err(e) => {
            report.message(&e.to_string());
            Ok(())
        }
    }
}

#[derive(Args, Debug)]
pub struct LaserArgs {
    /// Whose laser fires: silver or red (default: the side to move's).
    #[arg(long, value_name = "COLOR", value_parser = parse_side)]
    color: Option<&'static str>,
    /// Write the shot as JSON, one line per input.
    #[arg(long)]
    json: bool,
    /// Draw the board with the beam on it (ascii or unicode) above the shot.
    #[arg(long, value_name = "STYLE", value_parser = crate::parse_style)]
    render: Option<RenderStyle>,
    #[command(flatten)]
    read: ReadArgs,
}

/// The extra the `laser` command and `render --laser` ask for.
const LASER: &str = "laser";

/// A side whose laser may fire, in the words of the games that have one
/// (`silver`, `red`), or its first letter, in any case.
fn parse_side(s: &str) -> Result<&'static str, String> {
    let sides = extras::sides(LASER);
    let lower = s.to_ascii_lowercase();
    let found = sides.iter().find(|side| **side == lower || (lower.len() == 1 && side.starts_with(lower.as_str())));
    found.copied().ok_or_else(|| {
        let games: Vec<String> = extras::owners(LASER).into_iter().map(|variant| capitalized(variant.into())).collect();
        format!("unknown {} color {s:?}; known: {}", games.join("/"), sides.join(", "))
    })
}

/// `name` with its first letter in upper case: `Khet`.
fn capitalized(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

#[derive(Args, Debug)]
pub struct StatusArgs {
    #[command(flatten)]
    read: ReadArgs,
}

/// Prints the state of the game in each input position: `ongoing`,
/// `checkmate`, `stalemate`, `insufficient-material`, `fifty-moves`,
/// `pharaoh-lost`, or a game's own (Shogi's `impasse-declaration`).
pub fn status(args: &StatusArgs, report: &mut Report) -> Result<(), Flow> {
    for_each_position(&args.read, report, |n, reading, report| match reading.position.status(&RuleOptions::default()) {
        Ok(status) => report.line(status.into()),
        Err(e) => {
            report.failure(n, &e.to_string());
            Ok(())
        }
    })
}

/// `render --laser [COLOR]`: each Khet position drawn with its laser shot.
pub fn render_laser(read: &ReadArgs, style: RenderStyle, color: &str, report: &mut Report) -> Result<(), Flow> {
    let color = match color {
        "to-move" => None,
        name => match parse_side(name) {
            Ok(color) => Some(color),
            Err(e) => {
                report.message(&e);
                return Ok(());
            }
        },
    };
    let args = LaserArgs { color, json: false, render: Some(style), read: read.clone() };
    laser(&args, report)
}

/// Fires the laser of each input Khet position and prints the path and the
/// outcome.
pub fn laser(args: &LaserArgs, report: &mut Report) -> Result<(), Flow> {
    let style = if args.json { None } else { args.render.map(<&'static str>::from) };
    let ask = ExtraArgs::default().with_side(args.color).with_style(style);
    for_each_position(&args.read, report, |n, reading, report| {
        let variant = reading.position.variant();
        if !variant.extras().iter().any(|extra| extra.name == LASER) {
            report.failure(n, &format!("a {variant} position has no laser; only {} has", extras::owner_list(LASER)));
            return Ok(());
        }
        let shot = match reading.position.extra(LASER, &ask) {
            Ok(shot) => shot,
            Err(e) => {
                report.failure(n, &e.to_string());
                return Ok(());
            }
        };
        if args.json {
            return report.line(&shot.json);
        }
        report.separate()?;
        match args.render {
            Some(style) => {
                if let Some(diagram) = &shot.diagram {
                    report.text(diagram)
                } else {
                    let e = polyfen::ConvertError::WrongStyle { variant, style };
                    report.failure(n, &e.to_string());
                    Ok(())
                }
            }
            None => report.text(&shot.text),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::{EVERY_ROTATION, SWAP_RESTRICTION, is_move_number, named_setup};

    #[test]
    fn the_rule_flags_turn_on_options_a_game_declares() {
        for name in [SWAP_RESTRICTION, EVERY_ROTATION] {
            let declared = <polyfen::VariantId as strum::IntoEnumIterator>::iter()
                .any(|v| v.rule_switches().iter().any(|s| s.name == name));
            assert!(declared, "{name}");
        }
    }

    #[test]
    fn move_numbers_are_words_of_digits_and_dots() {
        for word in ["1.", "12...", "3.."] {
            assert!(is_move_number(word), "{word}");
        }
        for word in ["e4", "1", ".", "C2.5", "17=8", "h2+", "1.e4"] {
            assert!(!is_move_number(word), "{word}");
        }
    }

    #[test]
    fn named_setups_are_variant_colon_name() {
        let xiangqi = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(named_setup("xiangqi:standard"), Some(xiangqi));
        let khet = "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0";
        assert_eq!(named_setup("khet:Classic"), Some(khet));
        assert_eq!(named_setup("khet:nothing"), None);
        assert_eq!(named_setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), None);
    }
}
