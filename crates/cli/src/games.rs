//! The game-record commands: `games convert`, `validate`, `positions`,
//! `lines` and `stats`.
//!
//! Files (or standard input) are decoded (UTF-8, or the encoding detected or
//! named with `--encoding`) and read game by game, so memory stays flat
//! whatever their size. With `--jobs N` the input is cut at game boundaries
//! (a blank line followed by a tag, after a line that is not a tag) into
//! pieces read on N threads; the output keeps the input's order.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Read};

use clap::{Args, Subcommand};
use indicatif::ProgressBar;
use polyfen::records::{
    Encoding, Game, GameError, GameOptions, GameResult, OpenOptions, RecordFormat, Records, encoding_for,
    position_notation,
};
use polyfen::{MoveNotation, Notation, Position, VariantId, WriteOptions};

use crate::output::{Flow, Report};
use crate::parse_notation;
use crate::progress::{self, Show};
use crate::rules::parse_move_notation;

/// The game-record commands.
#[derive(Args, Debug)]
pub struct GamesArgs {
    #[command(subcommand)]
    command: GamesCommand,
}

#[derive(Subcommand, Debug)]
enum GamesCommand {
    /// Rewrite games as PGN (moves in --moves notation) or as JSON, one
    /// object per game per line.
    Convert(ConvertArgs),
    /// Play every move of every line of each game; report the first illegal
    /// or ambiguous move of each bad game.
    Validate(CommonArgs),
    /// The position after each ply of the main line (--every-ply), or after
    /// its last move, one per line.
    Positions(PositionsArgs),
    /// Every line of play, root to leaf, main line first, one per output
    /// line.
    Lines(LinesArgs),
    /// Count games, plies, results, games of each variant, and errors.
    Stats(CommonArgs),
}

/// What every `games` command takes.
#[derive(Args, Debug, Clone)]
struct CommonArgs {
    /// Read every game as this game (chess, xiangqi ...; an unknown name
    /// lists them all) or under
    /// this rules variant of its game (crazyhouse, Three-check,
    /// kingOfTheHill, ...: its id or another name of it), whatever its tags
    /// say.
    #[arg(long, value_name = "VARIANT", value_parser = crate::parse_game_or_rules)]
    variant: Option<crate::GameOrRules>,
    /// The text encoding of the files (utf-8, gb18030, gbk, big5, latin1,
    /// ...); by default detected from each file's first bytes.
    #[arg(long, value_name = "ENCODING", value_parser = parse_encoding)]
    encoding: Option<&'static Encoding>,
    /// Threads reading games (default: the number of cores); the output
    /// keeps the input's order.
    #[arg(long, value_name = "N")]
    jobs: Option<usize>,
    /// Also take moves only a lenient reading takes (a capture written as a
    /// push, `f6` for an en passant capture, a WXF plain file naming another
    /// than the middle piece, uppercase Khet squares), each reported as a
    /// repair; strictly they are errors.
    #[arg(long)]
    lenient: bool,
    /// List on standard error every repair a lenient reading made.
    #[arg(long)]
    explain: bool,
    /// Read every input as this format; by default each input's format is
    /// found from its content.
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    from_format: Option<RecordFormat>,
    /// Game files to read (`-` is standard input); without any, standard
    /// input. Their formats are found from their content.
    #[arg(value_name = "FILE")]
    files: Vec<String>,
}

#[derive(Args, Debug)]
struct ConvertArgs {
    /// The format to write: pgn, json (one object per game per line), or a
    /// game's own record format that is written (XQF is binary and holds one
    /// game; the text formats are written in UTF-8); an unknown name lists
    /// them all. A format that cannot hold part of a game (CSA's
    /// variations) says what it leaves out, as a warning.
    #[arg(long, value_name = "FORMAT", default_value = "pgn", value_parser = parse_output)]
    to: Output,
    /// The move notation to write, one of the game's (default: the one a
    /// PGN game's moves are written in, else the game's PGN notation).
    #[arg(long, value_name = "NOTATION", value_parser = parse_move_notation)]
    moves: Option<MoveNotation>,
    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Args, Debug)]
struct PositionsArgs {
    /// Every ply of the main line, not only the last.
    #[arg(long)]
    every_ply: bool,
    /// The notation of the positions (default: the game's own, such as fen
    /// for chess); an unknown name lists them all.
    #[arg(long, value_name = "NOTATION", value_parser = parse_notation)]
    to: Option<Notation>,
    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Args, Debug)]
struct LinesArgs {
    /// The move notation to write (default: the one a PGN game's moves are
    /// written in, else the game's PGN notation).
    #[arg(long, value_name = "NOTATION", value_parser = parse_move_notation)]
    moves: Option<MoveNotation>,
    #[command(flatten)]
    common: CommonArgs,
}

fn parse_format(s: &str) -> Result<RecordFormat, String> {
    s.parse()
}

/// `pgn`, `json`, or a game's own record format.
fn parse_output(s: &str) -> Result<Output, String> {
    match s.to_ascii_lowercase().as_str() {
        "pgn" => Ok(Output::Pgn),
        "json" => Ok(Output::Json),
        _ => match s.parse::<RecordFormat>() {
            Ok(format) if format.is_written() => Ok(Output::Record(format)),
            Ok(format) => Err(format!("{format} is read only; the formats written: json, {}", written_formats())),
            Err(_) => Err(format!("unknown format {s:?}; the formats written: json, {}", written_formats())),
        },
    }
}

/// The record formats that are written, by name.
fn written_formats() -> String {
    let names: Vec<&str> = RecordFormat::ALL.iter().filter(|f| f.is_written()).map(|f| f.name()).collect();
    names.join(", ")
}

/// The record formats `keep` keeps as the help lists them, from the
/// facade: `pgn (every game's); xiangqi: xqf, …; shogi: …`.
pub(crate) fn formats_by_game(keep: impl Fn(RecordFormat) -> bool) -> String {
    let mut groups: Vec<(Option<VariantId>, Vec<&str>)> = Vec::new();
    for &format in RecordFormat::ALL.iter().filter(|&&f| keep(f)) {
        match groups.iter_mut().find(|(game, _)| *game == format.variant()) {
            Some((_, names)) => names.push(format.name()),
            None => groups.push((format.variant(), vec![format.name()])),
        }
    }
    let groups: Vec<String> = groups
        .into_iter()
        .map(|(game, names)| match game {
            None => format!("{} (every game's)", names.join(", ")),
            Some(game) => format!("{game}: {}", names.join(", ")),
        })
        .collect();
    groups.join("; ")
}

fn parse_encoding(s: &str) -> Result<&'static Encoding, String> {
    encoding_for(s).ok_or_else(|| format!("unknown encoding {s:?}; for example utf-8, gb18030, gbk, big5, latin1"))
}

/// What a command does with each game.
#[derive(Clone, Copy)]
enum Job {
    Convert { to: Output, moves: Option<MoveNotation> },
    Validate,
    Positions { every_ply: bool, to: Option<Notation> },
    Lines { moves: Option<MoveNotation> },
    Stats,
}

/// The format `games convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Output {
    Pgn,
    Json,
    /// A game's own record format, written by its writer.
    Record(RecordFormat),
}

/// What one game gave: output text (or bytes), or why it failed, and its
/// repairs.
struct Outcome {
    output: String,
    binary: Vec<u8>,
    error: Option<String>,
    bad: Option<GameError>,
    repairs: Vec<String>,
    /// What the game's rules say of its end that the record does not.
    warnings: Vec<String>,
    stats: Option<(VariantId, usize, String)>,
}

/// Tallies for `games stats`.
#[derive(Default)]
struct Stats {
    games: u64,
    plies: u64,
    errors: u64,
    /// Games whose rules disagree with (or add to) their stated ending.
    warned: u64,
    results: BTreeMap<String, u64>,
    variants: BTreeMap<String, u64>,
    /// Binary records written (XQF holds one game).
    written: u64,
}

pub fn run(args: &GamesArgs, report: &mut Report) -> Result<(), Flow> {
    let (job, common) = match &args.command {
        GamesCommand::Convert(a) => (Job::Convert { to: a.to, moves: a.moves }, &a.common),
        GamesCommand::Validate(c) => (Job::Validate, c),
        GamesCommand::Positions(a) => (Job::Positions { every_ply: a.every_ply, to: a.to }, &a.common),
        GamesCommand::Lines(a) => (Job::Lines { moves: a.moves }, &a.common),
        GamesCommand::Stats(c) => (Job::Stats, c),
    };
    let (variant, rules) = match common.variant {
        Some(crate::GameOrRules::Game(game)) => (Some(game), None),
        Some(crate::GameOrRules::Rules(game, rules)) => (Some(game), Some(rules)),
        None => (None, None),
    };
    let options = GameOptions::default()
        .with_variant(variant)
        .with_rules(rules)
        .with_check_only(matches!(job, Job::Validate))
        .with_lenient(common.lenient);
    let open =
        OpenOptions::default().with_format(common.from_format).with_encoding(common.encoding).with_games(options);
    let jobs = crate::parallel::jobs(common.jobs);
    let files: Vec<String> = if common.files.is_empty() { vec!["-".to_owned()] } else { common.files.clone() };
    let total: u64 =
        files.iter().filter(|f| *f != "-").filter_map(|f| std::fs::metadata(f).ok()).map(|m| m.len()).sum();
    let progress = progress_bar(total);
    let mut stats = Stats::default();
    let mut done_bytes = 0u64;
    let mut next = 0;
    while next < files.len() {
        // a run of record files (XQF, CBR, CBL, DhtmlXQ: each read whole)
        // is read on the threads, the output kept in the files' order
        if jobs > 1 {
            let run = files[next..].iter().take_while(|f| is_record_file(f, &open)).count();
            if run > 1 {
                let files = &files[next..next + run];
                records_in_parallel(
                    files,
                    &open,
                    job,
                    jobs,
                    |name, game, outcome, bytes, report| {
                        if let Some(outcome) = outcome {
                            emit(name, game, outcome, common.explain, &mut stats, report)?;
                        }
                        done_bytes += bytes;
                        if let Some(pb) = &progress {
                            pb.set_position(done_bytes);
                        }
                        Ok(())
                    },
                    report,
                )?;
                next += run;
                continue;
            }
        }
        let file = &files[next];
        next += 1;
        let name = if file == "-" { "<stdin>" } else { file.as_str() };
        // the format, from the first bytes (or as forced); a record file
        // read whole, a PGN text decoded as it is read
        let opened =
            if file == "-" { Records::from_reader(io::stdin().lock(), &open) } else { Records::open(file, &open) };
        let records = match opened {
            Ok(records) => records,
            Err(e) => {
                report.message(&format!("{name}: {e}"));
                continue;
            }
        };
        let mut handle = |outcome: Outcome, game: u64, report: &mut Report| -> Result<(), Flow> {
            emit(name, game, outcome, common.explain, &mut stats, report)
        };
        let at = Progress { bar: progress.as_ref(), done: done_bytes };
        // with threads, a PGN text is cut into pieces read on them
        let records = if jobs > 1 { records.into_text() } else { Err(records) };
        let read = match records {
            Ok(text) => parallel(text, options, job, jobs, at, report, &mut handle),
            Err(records) => sequential(records, job, at, report, &mut handle),
        };
        match read {
            Ok(bytes) => done_bytes += bytes,
            Err(Flow::Fatal(e)) => report.message(&format!("{name}: {e:#}")),
            Err(Flow::Closed) => return Err(Flow::Closed),
        }
    }
    if let Some(pb) = progress {
        pb.finish_and_clear();
    }
    if matches!(job, Job::Stats) {
        let mut out = String::new();
        let _ = writeln!(out, "games: {}", stats.games);
        let _ = writeln!(out, "plies: {}", stats.plies);
        let results: Vec<String> = stats.results.iter().map(|(r, n)| format!("{r} {n}")).collect();
        let _ = writeln!(out, "results: {}", results.join(", "));
        let variants: Vec<String> = stats.variants.iter().map(|(v, n)| format!("{v} {n}")).collect();
        let _ = writeln!(out, "variants: {}", variants.join(", "));
        let _ = writeln!(out, "errors: {}", stats.errors);
        if stats.warned > 0 {
            let _ = writeln!(out, "games with warnings on their ending: {}", stats.warned);
        }
        report.text(&out)?;
    }
    if matches!(job, Job::Validate) && !report.has_failed() {
        report.line(&format!("ok: {} games", stats.games))?;
    }
    Ok(())
}

/// Whether `file` is a record file read whole (not PGN, not standard
/// input), from its first bytes or the forced format.
fn is_record_file(file: &str, open: &OpenOptions) -> bool {
    file != "-" && open.format_of_file(file).is_ok_and(|format| format != RecordFormat::Pgn)
}

/// One record file read and its games processed: each game's outcome, or
/// why the file could not be read, and its size.
type FileResult = (Result<Vec<Outcome>, String>, u64);

/// Reads the record `files` on `jobs` threads, a few files a task, and
/// hands each game's outcome to `emit` in the files' order (`None` once a
/// file was refused, after its error was reported).
fn records_in_parallel(
    files: &[String],
    open: &OpenOptions,
    job: Job,
    jobs: usize,
    mut emit: impl FnMut(&str, u64, Option<Outcome>, u64, &mut Report) -> Result<(), Flow>,
    report: &mut Report,
) -> Result<(), Flow> {
    let work = |chunk: Vec<&String>| -> Vec<FileResult> {
        chunk
            .into_iter()
            .map(|file| match Records::open(file, open) {
                Ok(records) => {
                    let bytes = records.bytes_read();
                    let outcomes = records.map_while(Result::ok).map(|result| process(result, job)).collect();
                    (Ok(outcomes), bytes)
                }
                Err(e) => (Err(e.to_string()), 0),
            })
            .collect()
    };
    let mut index = 0;
    crate::parallel::ordered_map(files.iter(), jobs, 16, work, |results| {
        for (outcomes, bytes) in results {
            let name = files[index].as_str();
            index += 1;
            match outcomes {
                Ok(outcomes) => {
                    for (n, outcome) in outcomes.into_iter().enumerate() {
                        emit(name, n as u64 + 1, Some(outcome), 0, report)?;
                    }
                    emit(name, 0, None, bytes, report)?;
                }
                Err(e) => {
                    report.message(&format!("{name}: {e}"));
                    emit(name, 0, None, 0, report)?;
                }
            }
        }
        Ok(())
    })
}

/// Prints one game's outcome.
fn emit(
    name: &str,
    game: u64,
    outcome: Outcome,
    explain: bool,
    stats: &mut Stats,
    report: &mut Report,
) -> Result<(), Flow> {
    stats.games += 1;
    if !outcome.repairs.is_empty() {
        if explain {
            for r in &outcome.repairs {
                report.note(&format!("{name}: game {game}: {r}: repaired"));
            }
        } else {
            let n = outcome.repairs.len();
            let s = if n == 1 { "" } else { "s" };
            report.note(&format!(
                "{name}: game {game}: warning: read leniently with {n} repair{s} (--explain lists them)"
            ));
        }
    }
    if !outcome.warnings.is_empty() {
        stats.warned += 1;
    }
    for w in &outcome.warnings {
        report.note(&format!("{name}: game {game}: warning: {w}"));
    }
    if let Some((variant, plies, result)) = outcome.stats {
        stats.plies += plies as u64;
        *stats.results.entry(result).or_default() += 1;
        *stats.variants.entry(variant.to_string()).or_default() += 1;
    }
    if let Some(bad) = outcome.bad {
        stats.errors += 1;
        let who = players(&bad.tags);
        report.message(&format!("{name}: game {game}{who}: {}", bad.detail()));
    }
    if let Some(error) = outcome.error {
        stats.errors += 1;
        report.message(&format!("{name}: game {game}: {error}"));
    }
    if !outcome.output.is_empty() {
        report.text(&outcome.output)?;
    }
    if !outcome.binary.is_empty() {
        if stats.written > 0 {
            stats.errors += 1;
            report.message(&format!("{name}: game {game}: not written: an XQF file holds one game"));
        } else {
            report.bytes(&outcome.binary)?;
            stats.written += 1;
        }
    }
    Ok(())
}

/// ` (White - Black)` from a game's tags, when it names its players.
fn players(tags: &[(String, String)]) -> String {
    let find = |names: &[&str]| {
        tags.iter().find(|(n, _)| names.iter().any(|x| n.eq_ignore_ascii_case(x))).map(|(_, v)| v.as_str())
    };
    match (find(&["White", "Red"]), find(&["Black"])) {
        (Some(a), Some(b)) if !a.is_empty() || !b.is_empty() => format!(" ({a} - {b})"),
        _ => String::new(),
    }
}

impl Outcome {
    fn empty() -> Outcome {
        Outcome {
            output: String::new(),
            binary: Vec::new(),
            error: None,
            bad: None,
            repairs: Vec::new(),
            warnings: Vec::new(),
            stats: None,
        }
    }
}

/// What `job` makes of one game read.
fn process(result: GameResult, job: Job) -> Outcome {
    match result {
        Ok(game) => process_game(&game, job),
        Err(bad) if bad.format != RecordFormat::Pgn => process_record(&bad, job),
        Err(mut bad) => {
            // converted to PGN or JSON, a game read up to a bad move is
            // written as far as it was read, the rest of its movetext kept
            // as text; the error is reported all the same
            let partial = bad.partial.take();
            let mut outcome = match (job, partial) {
                (Job::Convert { to: Output::Pgn | Output::Json, .. }, Some(partial)) => process_game(&partial, job),
                _ => Outcome::empty(),
            };
            outcome.repairs = bad.repairs.iter().map(ToString::to_string).collect();
            outcome.bad = Some(bad);
            outcome
        }
    }
}

/// What `job` makes of a bad game of a record file: its error, after what
/// the job makes of the game read up to it (written by the jobs that write
/// games, not counted by `stats`).
fn process_record(bad: &GameError, job: Job) -> Outcome {
    let mut outcome = match (&bad.partial, job) {
        (Some(game), Job::Convert { .. } | Job::Lines { .. } | Job::Positions { .. }) => process_game(game, job),
        (Some(_), _) => Outcome { repairs: bad.repairs.iter().map(ToString::to_string).collect(), ..Outcome::empty() },
        (None, _) => Outcome::empty(),
    };
    let error = bad.detail().to_string();
    outcome.error = Some(match outcome.error.take() {
        Some(other) => format!("{error}; and the game read up to it: {other}"),
        None => error,
    });
    outcome
}

/// What `job` makes of one good game.
fn process_game(game: &Game, job: Job) -> Outcome {
    let mut outcome = Outcome::empty();
    outcome.repairs = game.repairs.iter().map(ToString::to_string).collect();
    outcome.warnings.clone_from(&game.warnings);
    let done = match job {
        Job::Convert { to: Output::Pgn, moves } => {
            game.write_pgn(moves, &mut outcome.output).map_err(|e| e.to_string())
        }
        Job::Convert { to: Output::Record(format), .. } => {
            outcome.warnings.extend(format.cannot_hold(game));
            format.write(game).map_err(|e| e.to_string()).and_then(|bytes| {
                if format.is_binary() {
                    outcome.binary = bytes;
                    Ok(())
                } else {
                    String::from_utf8(bytes)
                        .map(|text| outcome.output.push_str(&text))
                        .map_err(|_| format!("the {format} writer wrote text that is not UTF-8"))
                }
            })
        }
        Job::Convert { to: Output::Json, moves } => {
            game.write_json(moves, &mut outcome.output).map_err(|e| e.to_string()).map(|()| outcome.output.push('\n'))
        }
        Job::Validate => Ok(()),
        Job::Stats => {
            outcome.stats = Some((game.variant, game.plies(), game.result_text().to_owned()));
            Ok(())
        }
        Job::Positions { every_ply, to } => game.main_line(None).map_err(|e| e.to_string()).and_then(|line| {
            let notation = to.unwrap_or_else(|| position_notation(game.variant));
            let positions: Vec<&polyfen::AnyPosition> = if every_ply {
                line.positions.iter().collect()
            } else {
                vec![line.positions.last().unwrap_or(&game.start)]
            };
            for p in positions {
                let written = p.to_notation(notation, &WriteOptions::default()).map_err(|e| e.to_string())?;
                outcome.output.push_str(&written.text);
                outcome.output.push('\n');
            }
            Ok(())
        }),
        Job::Lines { moves } => game.lines(moves).map_err(|e| e.to_string()).map(|lines| {
            for line in lines {
                outcome.output.push_str(&line.join(" "));
                outcome.output.push('\n');
            }
        }),
    };
    if let Err(e) = done {
        outcome.output.clear();
        outcome.binary.clear();
        outcome.error = Some(e);
    }
    outcome
}

fn progress_bar(total: u64) -> Option<ProgressBar> {
    let template = if total > 0 {
        "{bar:30} {bytes}/{total_bytes} ({bytes_per_sec}, {eta} left)"
    } else {
        "{spinner} {bytes} ({bytes_per_sec}, {elapsed})"
    };
    progress::bar(Show::Auto, (total > 0).then_some(total), template)
}

/// The progress bar, if one is shown, and the bytes of the inputs read
/// before the one being read.
#[derive(Clone, Copy)]
struct Progress<'a> {
    bar: Option<&'a ProgressBar>,
    done: u64,
}

impl Progress<'_> {
    /// Shows `read` bytes of the input being read as read.
    fn show(self, read: u64) {
        if let Some(bar) = self.bar {
            bar.set_position(self.done + read);
        }
    }
}

/// Reads the games of one input on this thread. Returns the bytes read.
fn sequential(
    mut records: Records<'_>,
    job: Job,
    progress: Progress<'_>,
    report: &mut Report,
    handle: &mut impl FnMut(Outcome, u64, &mut Report) -> Result<(), Flow>,
) -> Result<u64, Flow> {
    let mut n = 0u64;
    // not a `for` loop: the iterator is asked for its progress inside
    #[allow(clippy::while_let_on_iterator)]
    while let Some(result) = records.next() {
        let result = result.map_err(|e| Flow::Fatal(e.into()))?;
        n += 1;
        handle(process(result, job), n, report)?;
        if n.is_multiple_of(64) {
            progress.show(records.bytes_read());
        }
    }
    Ok(records.bytes_read())
}

/// A piece of the input that starts at a game: its text and where it is.
struct Piece {
    text: Vec<u8>,
    line: u64,
    offset: u64,
}

/// The size of the pieces the input is cut into.
const PIECE: usize = 256 * 1024;

/// Reads the games of one input on `jobs` threads, in pieces cut at game
/// boundaries ([`crate::parallel::ordered_map`], this thread cutting the
/// input, working on pieces too and printing the outcomes in order).
/// Returns the bytes read.
fn parallel(
    mut input: Box<dyn Read + '_>,
    options: GameOptions,
    job: Job,
    jobs: usize,
    progress: Progress<'_>,
    report: &mut Report,
    handle: &mut impl FnMut(Outcome, u64, &mut Report) -> Result<(), Flow>,
) -> Result<u64, Flow> {
    let mut carry: Vec<u8> = Vec::new();
    // the buffers of the pieces read, to be filled again: no fresh memory
    // (and its page faults) for each piece
    let spare = crate::parallel::Spare::default();
    let (mut line, mut offset, mut eof) = (1u64, 0u64, false);
    let mut read_error = None;
    let pieces = std::iter::from_fn(|| {
        while !eof {
            let start = carry.len();
            // read into the spare room, which is not zeroed first
            carry.reserve(PIECE);
            // (read_to_end reads again after an interruption)
            let n = match (&mut input).take(PIECE as u64).read_to_end(&mut carry) {
                Ok(n) => n,
                Err(e) => {
                    read_error = Some(Flow::Fatal(e.into()));
                    return None;
                }
            };
            eof = n == 0;
            let cut = if eof { Some(carry.len()) } else { last_boundary(&carry, start) };
            if let Some(cut) = cut.filter(|&c| c > 0) {
                // the piece goes to a reader whole, as its buffer; what
                // follows the cut starts the next one
                let rest = spare.split_off(&mut carry, cut, PIECE + PIECE / 8);
                let text = std::mem::replace(&mut carry, rest);
                let piece = Piece { text, line, offset };
                line += memchr_count(&piece.text);
                offset += piece.text.len() as u64;
                return Some(piece);
            }
        }
        None
    });
    // each piece's outcomes, with its size for the progress bar
    let work = |mut pieces: Vec<Piece>| -> (u64, Vec<Outcome>) {
        let Some(piece) = pieces.pop() else { return (0, Vec::new()) };
        let size = piece.text.len() as u64;
        let mut records = Records::from_piece(piece.text, piece.line, piece.offset, options);
        let outcomes = records.by_ref().map_while(Result::ok).map(|result| process(result, job)).collect();
        if let Some(buffer) = records.into_buffer() {
            spare.give(buffer);
        }
        (size, outcomes)
    };
    let mut game = 0u64;
    let mut read = 0u64;
    crate::parallel::ordered_map(pieces, jobs, 1, work, |(bytes, outcomes)| -> Result<(), Flow> {
        for outcome in outcomes {
            game += 1;
            handle(outcome, game, report)?;
        }
        read += bytes;
        progress.show(read);
        Ok(())
    })?;
    read_error.map_or(Ok(read), Err)
}

/// The byte after the last game boundary (a blank line followed by `[`,
/// the line before the blank ones not a tag: a tag section may hold blank
/// lines) in `text`, looking only at bytes from `from` on (and a little
/// before).
fn last_boundary(text: &[u8], from: usize) -> Option<usize> {
    let start = from.saturating_sub(4);
    let mut i = text.len();
    while let Some(k) = memchr_rev(b'[', &text[start..i]) {
        let at = start + k;
        let before = &text[..at];
        if (before.ends_with(b"\n\n") || before.ends_with(b"\r\n\r\n")) && !ends_with_tag(before) {
            return Some(at);
        }
        i = at;
    }
    None
}

/// Whether the last line of `text` that is not blank is a tag (starts with
/// `[`).
fn ends_with_tag(text: &[u8]) -> bool {
    let text = text.trim_ascii_end();
    let line = memchr::memrchr(b'\n', text).map_or(text, |k| &text[k + 1..]);
    line.trim_ascii_start().starts_with(b"[")
}

fn memchr_rev(byte: u8, text: &[u8]) -> Option<usize> {
    memchr::memrchr(byte, text)
}

fn memchr_count(text: &[u8]) -> u64 {
    memchr::memchr_iter(b'\n', text).count() as u64
}
