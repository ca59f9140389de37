//! The `polyfen` command: convert, validate and draw board-game positions
//! of every game the library lists, play their moves, read their game
//! records, and print the named start positions (`polyfen setup`).
//!
//! Every command takes its inputs as arguments, or else reads standard
//! input one line per input, streamed so that memory stays flat however
//! long the input is. Errors go to standard error as
//! `polyfen: input N: column C: MESSAGE` and processing goes on; the exit
//! status is 0 when every input succeeded, 1 when any failed and 2 for a
//! usage error.

mod explain;
mod games;
mod input;
mod output;
mod parallel;
mod progress;
mod rules;
mod variants;

use std::process::ExitCode;

use anyhow::Result;
use clap::{Args, Parser, Subcommand};
use polyfen::{EnPassantPolicy, Notation, Position, ReadOptions, Reading, RenderStyle, VariantId, WriteOptions, read};

pub(crate) use crate::input::Inputs;
use crate::output::{Flow, Report};

/// Read, check, convert and write board-game positions in every notation of
/// every game the library knows (an unknown name of a game or notation lists
/// them all), play their moves and read their game records.
#[derive(Parser, Debug)]
#[command(name = "polyfen", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// A variants file (Fairy-Stockfish's format) whose games this command
    /// knows, by their section names, beside the built-in ones; may be
    /// given more than once. The environment variable `POLYFEN_VARIANTS`
    /// names more, separated by `:`.
    #[arg(long = "variants", value_name = "FILE", global = true)]
    variants_files: Vec<std::path::PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Write each input position in another notation, one line per input.
    Convert(ConvertArgs),
    /// Check each input position against the rules of its game: prints `ok`
    /// or one line per violation.
    Validate(ValidateArgs),
    /// Draw each input position as a board diagram with coordinates.
    Render(RenderArgs),
    /// Print a named position (`chess standard`, `khet classic`, ...) in the
    /// variant's default notation; without a name, list the names.
    Setup(SetupArgs),
    /// List every legal move of each input position, one per line.
    Moves(rules::MovesArgs),
    /// Play a sequence of moves written in any notation of the game from
    /// --position, writing each move in the notation --to, one per line.
    Move(rules::MoveArgs),
    /// Play a sequence of moves from --position and print the position
    /// reached, in the position's own notation (or --to).
    Apply(rules::ApplyArgs),
    /// Count the leaf nodes of the legal move tree of each input position.
    Perft(rules::PerftArgs),
    /// Say whether the game goes on in each input position: ongoing,
    /// checkmate, stalemate, insufficient-material, fifty-moves,
    /// pharaoh-lost, or impasse-declaration (Shogi: the side to move may
    /// declare a win by entering king).
    Status(rules::StatusArgs),
    /// Fire the laser of each input Khet position: the beam's squares,
    /// bounces and outcome, as text or JSON, or drawn on the board.
    Laser(rules::LaserArgs),
    /// Cut each input position (or, with --position, each move) into its
    /// parts: each rank with its cells, each field, each letter that names
    /// something, with its byte span and what it means.
    Explain(explain::ExplainArgs),
    /// Read game records (PGN of every game and each game's own record
    /// formats): convert them, validate them, list their positions and
    /// lines, count them.
    Games(games::GamesArgs),
    /// Serve the JSON API under /v1 and the conversion web page at / over
    /// HTTP, until interrupted.
    Serve(ServeArgs),
    /// List every game and rules variant with where it comes from (built
    /// in, or a variants file and line), or print one's resolved
    /// definition (`variants show NAME`).
    Variants(variants::VariantsArgs),
    /// Print the JSON Schema of a position's JSON form (`position`, what
    /// `convert --to json` writes) or of a game record's (`game`), with
    /// the ids and fields of every game.
    Schema(SchemaArgs),
}

#[derive(Args, Debug)]
struct SchemaArgs {
    /// Which JSON form.
    #[arg(value_enum, default_value = "position")]
    form: SchemaForm,
}

/// The JSON forms `polyfen schema` describes.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum SchemaForm {
    /// A position (`polyfen convert --to json`).
    Position,
    /// A game record (`polyfen games convert --to json`).
    Game,
}

#[derive(Args, Debug)]
struct ServeArgs {
    /// The address to listen on (port 0 picks a free port).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    addr: std::net::SocketAddr,
    /// Let the pages of ORIGIN (like `https://example.org`) call the API from
    /// a browser; by default no other site's page can.
    #[arg(long, value_name = "ORIGIN")]
    allow_origin: Option<String>,
    /// The most connections open at once; one over the cap is answered 503.
    #[arg(long, value_name = "N", default_value_t = 512)]
    max_connections: usize,
    /// Seconds a client may take to send a request's header.
    #[arg(long, value_name = "SECONDS", default_value_t = 5)]
    header_read_timeout: u64,
    /// Seconds a keep-alive connection may stay open with no request under way.
    #[arg(long, value_name = "SECONDS", default_value_t = 30)]
    idle_timeout: u64,
    /// Seconds one request may take before it is answered 503 (its work
    /// stops then too).
    #[arg(long, value_name = "SECONDS", default_value_t = 10)]
    request_timeout: u64,
    /// Heavy jobs running at once (render, laser, moves, move, perft,
    /// explain, games/convert, and batches of more than 16 inputs), each on
    /// a thread of its own; the others wait their turn.
    #[arg(long, value_name = "N", default_value_t = 2)]
    max_jobs: usize,
    /// The most moves one request may ask for: `move`'s moves times its
    /// inputs, or the moves of all the games of `games/convert`.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    max_moves: usize,
    /// The most perft nodes one request may ask for (the sum of each
    /// input's estimate, refused before counting).
    #[arg(long, value_name = "N", default_value_t = 200_000_000)]
    max_perft_nodes: u64,
    /// The largest answer of render, laser, moves, explain, perft divide and
    /// games/convert (an upper bound estimated before the work); a batch asked for as
    /// NDJSON (accept: application/x-ndjson) streams and has no such bound.
    #[arg(long, value_name = "BYTES", default_value_t = 8 * 1024 * 1024)]
    max_reply_bytes: usize,
    /// Bytes of large request bodies and answers held at once; a request
    /// over the share left waits its turn.
    #[arg(long, value_name = "BYTES", default_value_t = 32 * 1024 * 1024)]
    max_bytes_in_flight: usize,
}

#[derive(Args, Debug, Clone)]
pub(crate) struct ReadArgs {
    /// The notation of the inputs (default: detected for each input).
    #[arg(long, value_name = "NOTATION", value_parser = parse_notation)]
    from: Option<Notation>,
    /// Accept lenient forms: for chess padded rows, unknown letters as empty
    /// cells, ...; for xiangqi-fen the legacy dialect; for pkn the reference
    /// program's reading ('/' ignored, pieces without a rotation dropped).
    /// Every repair is reported.
    #[arg(long)]
    lenient: bool,
    /// Read the positions under this rules variant of their game (its id
    /// or another name of it; an unknown name lists them); `RULES:NAME`
    /// names one of its setups.
    #[arg(long, value_name = "RULES", value_parser = parse_rules)]
    variant: Option<&'static str>,
    /// List on standard error every repair a lenient reading made.
    #[arg(long)]
    explain: bool,
    /// Threads working on the inputs (default: the number of cores, or 1
    /// when standard input is a terminal, so that each line typed is
    /// answered at once); the output keeps the inputs' order. With several
    /// threads a line's answer may wait for the lines after it: give
    /// `--jobs 1` to answer a slow stream line by line.
    #[arg(long, value_name = "N")]
    jobs: Option<usize>,
    /// Positions to read (`VARIANT:NAME`, such as `khet:classic`, names a
    /// setup); without any, each line of standard input is one.
    #[arg(value_name = "INPUT")]
    inputs: Vec<String>,
}

#[derive(Args, Debug)]
struct ConvertArgs {
    /// The notation to write: one of the position's game's, or json.
    #[arg(long, value_name = "NOTATION", value_parser = parse_notation)]
    to: Notation,
    /// The Xiangqi letter set of xiangqi-fen and xiangqi-legacy output:
    /// xqbase (KABNRCP, the default), wxf (KAEHRCP) or iccs (KGMNRCP).
    #[arg(long, value_name = "SET", value_parser = parse_letters)]
    letters: Option<&'static str>,
    /// Write the canonical form instead of as read: Khet scarab and eye of
    /// Horus facings n or e in pkn and json output, only the chess castling
    /// rights the kings and rooks allow.
    #[arg(long)]
    canonical: bool,
    /// When chess FEN and EPD write the en passant square: as-read (the
    /// default), legal (only when an en passant capture is legal) or always
    /// (after every double push).
    #[arg(long, value_name = "POLICY", default_value = "as-read", value_parser = parse_ep)]
    ep: EnPassantPolicy,
    #[command(flatten)]
    read: ReadArgs,
}

#[derive(Args, Debug)]
struct ValidateArgs {
    #[command(flatten)]
    read: ReadArgs,
}

#[derive(Args, Debug)]
struct RenderArgs {
    /// The diagram style: ascii, unicode or svg (every game); chinese or
    /// chinese-traditional (Xiangqi).
    #[arg(long, value_name = "STYLE", default_value = "ascii", value_parser = parse_style)]
    style: RenderStyle,
    /// Khet: draw the laser's beam on the board and describe the shot;
    /// `--laser=red` or `--laser=silver` picks whose laser fires (default:
    /// the side to move's).
    #[arg(long, value_name = "COLOR", num_args = 0..=1, require_equals = true, default_missing_value = "to-move")]
    laser: Option<String>,
    #[command(flatten)]
    read: ReadArgs,
}

#[derive(Args, Debug)]
struct SetupArgs {
    /// The game (chess, xiangqi ...) or rules variant (crazyhouse, makruk,
    /// a game of a --variants file); an unknown name lists them all.
    #[arg(value_name = "VARIANT", value_parser = parse_game_or_rules)]
    variant: GameOrRules,
    /// The position's name (without it, every name is listed with its
    /// position).
    #[arg(value_name = "NAME")]
    name: Option<String>,
}

/// What `games --variant` and `setup` name: a game, or a rules variant of
/// one.
#[derive(Clone, Copy, Debug)]
pub(crate) enum GameOrRules {
    Game(VariantId),
    Rules(VariantId, &'static str),
}

/// A game's id, else a rules variant's id or other name.
pub(crate) fn parse_game_or_rules(s: &str) -> Result<GameOrRules, String> {
    if let Ok(game) = s.parse() {
        return Ok(GameOrRules::Game(game));
    }
    if let Some((game, rules)) = VariantId::of_rules(s) {
        return Ok(GameOrRules::Rules(game, rules.id));
    }
    let games: Vec<&str> = <VariantId as strum::IntoEnumIterator>::iter().map(Into::into).collect();
    Err(format!(
        "unknown variant {s:?}; the games: {}; {} (`polyfen variants` lists them)",
        games.join(", "),
        VariantId::unknown_name_hint(s)
    ))
}

/// `s` read as an id of `T` (a notation, a move notation, a game), or the
/// error that names `what` and every id.
pub(crate) fn parse_id<T>(s: &str, what: &str) -> Result<T, String>
where
    T: std::str::FromStr + strum::IntoEnumIterator + Into<&'static str>,
{
    s.parse().map_err(|_| {
        let ids: Vec<&str> = T::iter().map(Into::into).collect();
        format!("unknown {what} {s:?}; known: {}", ids.join(", "))
    })
}

pub(crate) fn parse_notation(s: &str) -> Result<Notation, String> {
    parse_id(s, "notation")
}

fn parse_ep(s: &str) -> Result<EnPassantPolicy, String> {
    s.parse().map_err(|_| format!("unknown en passant policy {s:?}; known: as-read, legal, always"))
}

fn parse_letters(s: &str) -> Result<&'static str, String> {
    polyfen::letter_set(s)
        .ok_or_else(|| format!("unknown letter set {s:?}; known: {}", polyfen::letter_sets().join(", ")))
}

/// A rules variant's id, from any of its names.
pub(crate) fn parse_rules(s: &str) -> Result<&'static str, String> {
    VariantId::of_rules(s).map(|(_, rules)| rules.id).ok_or_else(|| {
        format!("unknown rules variant {s:?}: {} (`polyfen variants` lists them)", VariantId::unknown_name_hint(s))
    })
}

pub(crate) fn parse_style(s: &str) -> Result<RenderStyle, String> {
    s.parse().map_err(|_| {
        let ids: Vec<String> = <RenderStyle as strum::IntoEnumIterator>::iter().map(|s| s.to_string()).collect();
        format!("unknown style {s:?}; known: {}", ids.join(", "))
    })
}

/// Each game's notations as the help lists them, from the facade:
/// `chess: uci, san, lan; xiangqi: …`.
fn by_game(names: impl Fn(VariantId) -> Vec<String>) -> String {
    let games: Vec<String> = <VariantId as strum::IntoEnumIterator>::iter()
        .map(|game| format!("{game}: {}", names(game).join(", ")))
        .collect();
    games.join("; ")
}

/// The command line with the help of the options that name a notation
/// listing each game's, from the facade's list of games.
fn with_lists(command: clap::Command) -> clap::Command {
    let moves = format!("Each game's: {}.", by_game(|g| g.move_notations().iter().map(ToString::to_string).collect()));
    let positions =
        format!("Each game's: {}; and json.", by_game(|g| g.notations().iter().map(ToString::to_string).collect()));
    let read = format!("Formats: {}.", games::formats_by_game(|_| true));
    let written = format!("Formats: {}.", games::formats_by_game(polyfen::records::RecordFormat::is_written));
    let list = |list: &str| {
        let list = list.to_owned();
        move |arg: clap::Arg| {
            let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
            arg.help(format!("{help}. {list}"))
        }
    };
    command
        .mut_subcommand("convert", |c| c.mut_arg("to", list(&positions)))
        .mut_subcommand("apply", |c| c.mut_arg("to", list(&positions)))
        .mut_subcommand("moves", |c| c.mut_arg("notation", list(&moves)))
        .mut_subcommand("move", |c| c.mut_arg("to", list(&moves)))
        .mut_subcommand("games", |c| {
            let c = c.mut_subcommand("convert", |c| c.mut_arg("moves", list(&moves)).mut_arg("to", list(&written)));
            // every games command reads files of every format
            let names: Vec<String> = c.get_subcommands().map(|c| c.get_name().to_owned()).collect();
            names.into_iter().fold(c, |c, name| {
                c.mut_subcommand(name, |c| c.mut_arg("from_format", list(&read)).mut_arg("files", list(&read)))
            })
        })
}

/// mimalloc: reading and writing game records makes and frees many small
/// strings (tags, comments, moves), a fifth of the work with the system's
/// allocator, and with several jobs a string is often freed on another
/// thread than the one that made it, which mimalloc does without a lock.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // 4 KiB pages for the heap: with transparent huge pages mimalloc's
    // arenas fault in 2 MiB at a time, each zeroed by the kernel, up to a
    // twentieth of reading a file of games whose heap stays a few
    // megabytes; a process too old for the call keeps what it had
    #[cfg(target_os = "linux")]
    let _ = rustix::thread::disable_transparent_huge_pages(true);
    // the games of the variants files first: the options name them
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Err(message) = variants::load(&args) {
        eprintln!("polyfen: {message}");
        return ExitCode::from(2);
    }
    let matches = with_lists(<Cli as clap::CommandFactory>::command()).get_matches();
    let cli = <Cli as clap::FromArgMatches>::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let mut report = Report::new();
    let result = match cli.command {
        Command::Convert(args) => convert(&args, &mut report),
        Command::Validate(args) => validate(&args, &mut report),
        Command::Render(args) => render(&args, &mut report),
        Command::Setup(args) => setup(&args, &mut report),
        Command::Moves(args) => rules::moves(&args, &mut report),
        Command::Move(args) => rules::move_(&args, &mut report),
        Command::Apply(args) => rules::apply(&args, &mut report),
        Command::Perft(args) => rules::perft(&args, &mut report),
        Command::Status(args) => rules::status(&args, &mut report),
        Command::Laser(args) => rules::laser(&args, &mut report),
        Command::Explain(args) => explain::run(&args, &mut report),
        Command::Games(args) => games::run(&args, &mut report),
        Command::Variants(args) => variants::run(&args, &mut report),
        Command::Schema(args) => {
            let schema = match args.form {
                SchemaForm::Position => polyfen::schema::position(),
                SchemaForm::Game => polyfen::schema::game(),
            };
            serde_json::to_string_pretty(&schema)
                .map_err(|e| Flow::Fatal(anyhow::anyhow!(e)))
                .and_then(|text| report.line(&text))
        }
        Command::Serve(args) => {
            let config = polyfen_server::Config::default()
                .with_max_connections(args.max_connections)
                .with_header_read_timeout(std::time::Duration::from_secs(args.header_read_timeout))
                .with_idle_timeout(std::time::Duration::from_secs(args.idle_timeout))
                .with_request_timeout(std::time::Duration::from_secs(args.request_timeout))
                .with_max_jobs(args.max_jobs)
                .with_max_moves(args.max_moves)
                .with_max_perft_nodes(args.max_perft_nodes)
                .with_max_reply_bytes(args.max_reply_bytes)
                .with_max_bytes_in_flight(args.max_bytes_in_flight);
            let config = match &args.allow_origin {
                Some(origin) => config.with_allow_origin(origin),
                None => Ok(config),
            };
            config
                .map_err(|e| Flow::Fatal(anyhow::anyhow!(e)))
                .and_then(|config| polyfen_server::run(args.addr, config).map_err(|e| Flow::Fatal(e.into())))
        }
    };
    match result {
        Ok(()) | Err(Flow::Closed) => {}
        Err(Flow::Fatal(e)) => {
            report.fatal(&e);
        }
    }
    report.exit_code()
}

/// Reads each input, reporting a syntax error or the repairs a lenient
/// reading made, and calls `f` with the number and reading of each input
/// that reads.
///
/// With `--jobs` above 1 the inputs are read and `f` called on worker
/// threads, a batch of lines at a time ([`input::Batch`]), each batch's
/// output made in a buffered report; the output is written in the inputs'
/// order ([`parallel::ordered_map`]).
pub(crate) fn for_each_position(
    args: &ReadArgs,
    report: &mut Report,
    f: impl Fn(u64, &Reading, &mut Report) -> Result<(), Flow> + Sync,
) -> Result<(), Flow> {
    let options = read_options(args);
    let inputs = Inputs::new(&args.inputs);
    let typed = args.inputs.is_empty() && std::io::IsTerminal::is_terminal(&std::io::stdin());
    let jobs = parallel::jobs_for(args.jobs, typed);
    if jobs == 1 {
        return inputs.for_each(report, |n, input, report| read_one(n, input, args, options, report, &f));
    }
    let mut read_error = None;
    // the input batches' buffers and the output chunks', handed back for
    // the next ones
    let (spare_in, spare_out) = (parallel::Spare::default(), parallel::Spare::default());
    let work = |batches: Vec<input::Batch>| {
        // most commands write about as much as they read
        let mut out = spare_out.take();
        out.reserve(batches.iter().map(input::Batch::len).sum::<usize>() + 256);
        let mut buffer = Report::buffered(out);
        let done = batches.iter().try_for_each(|batch| {
            batch.for_each(|n, text| match text {
                Ok(text) => read_one(n, text, args, options, &mut buffer, &f),
                Err(valid_up_to) => {
                    buffer.not_utf8(n, valid_up_to);
                    Ok(())
                }
            })
        });
        for batch in batches {
            if let input::Batch::Lines { text, .. } = batch {
                spare_in.give(text);
            }
        }
        buffer.into_buffered(done.err())
    };
    parallel::ordered_map(inputs.batches(&mut read_error, &spare_in), jobs, 1, work, |chunk| {
        report.absorb(chunk).map(|out| spare_out.give(out))
    })?;
    read_error.map_or(Ok(()), Err)
}

fn read_one(
    n: u64,
    input: &str,
    args: &ReadArgs,
    options: ReadOptions,
    report: &mut Report,
    f: &impl Fn(u64, &Reading, &mut Report) -> Result<(), Flow>,
) -> Result<(), Flow> {
    match read(input, args.from, &options) {
        Ok(reading) => {
            report.repairs(n, input, &reading.repairs, args.explain);
            if let Some(warning) = hollow(input, &reading) {
                report.warning(n, &warning);
            }
            f(n, &reading, report)
        }
        Err(e) => {
            report.error(n, input, &e.error);
            Ok(())
        }
    }
}

/// The warning for a text that names no piece and no side to move (`//`,
/// `9/9/9`): it reads, as an empty board, but is hardly what was meant.
/// Pieces and sides are letters in every game, so a text without one
/// names neither; a real position has a letter in its first few bytes.
fn hollow(input: &str, reading: &Reading) -> Option<String> {
    if input.bytes().any(|b| b.is_ascii_alphabetic() || b >= 0x80) {
        return None;
    }
    let text = input.trim();
    let shown: String = text.chars().take(32).collect();
    let more = if shown.len() < text.len() { "…" } else { "" };
    let json = serde_json::to_value(&reading.position).unwrap_or_default();
    let side = json["side_to_move"].as_str().unwrap_or("the first side");
    Some(format!(
        "{shown:?}{more} names no piece and no side to move: it was read as an empty {} board ({}) with {side} to move",
        reading.position.variant(),
        <&'static str>::from(reading.notation),
    ))
}

fn read_options(args: &ReadArgs) -> ReadOptions {
    ReadOptions::lenient(args.lenient).with_rules(args.variant)
}

fn convert(args: &ConvertArgs, report: &mut Report) -> Result<(), Flow> {
    let write_options = WriteOptions::default()
        .with_letters(args.letters.unwrap_or_default())
        .with_canonical(args.canonical)
        .with_en_passant(args.ep);
    for_each_position(&args.read, report, |n, reading, report| {
        let mut text = String::with_capacity(128);
        let mut warnings = Vec::new();
        match reading.position.write_to(args.to, &write_options, &mut text, &mut warnings) {
            Ok(()) => {
                for w in &warnings {
                    report.warning(n, w);
                }
                report.line(&text)
            }
            Err(e) => {
                report.failure(n, &e.to_string());
                Ok(())
            }
        }
    })
}

fn validate(args: &ValidateArgs, report: &mut Report) -> Result<(), Flow> {
    let prefix = args.read.inputs.len() != 1;
    for_each_position(&args.read, report, |n, reading, report| {
        let violations = reading.position.violations();
        let label = |line: &str| {
            if prefix { format!("input {n}: {line}") } else { line.to_owned() }
        };
        if violations.is_empty() {
            report.line(&label("ok"))
        } else {
            report.mark_failed();
            for v in &violations {
                report.line(&label(v))?;
            }
            Ok(())
        }
    })
}

fn render(args: &RenderArgs, report: &mut Report) -> Result<(), Flow> {
    if let Some(color) = &args.laser {
        return rules::render_laser(&args.read, args.style, color, report);
    }
    for_each_position(&args.read, report, |n, reading, report| match reading.position.render(args.style) {
        Ok(diagram) => {
            report.separate()?;
            report.text(&diagram)
        }
        Err(e) => {
            report.failure(n, &e.to_string());
            Ok(())
        }
    })
}

/// Prints a named position, or every name and position of the game or
/// rules variant.
fn setup(args: &SetupArgs, report: &mut Report) -> Result<(), Flow> {
    let (what, setups) = match args.variant {
        GameOrRules::Game(game) => (game.to_string(), game.setups()),
        GameOrRules::Rules(game, id) => {
            let setups = game.rules().iter().find(|rules| rules.id == id).map_or(&[][..], |rules| rules.setups);
            (id.to_owned(), setups)
        }
    };
    let Some(name) = &args.name else {
        for (name, position) in setups {
            report.line(&format!("{name}  {position}"))?;
        }
        return Ok(());
    };
    if let Some((_, position)) = setups.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
        return report.line(position);
    }
    let names: Vec<&str> = setups.iter().map(|(name, _)| *name).collect();
    report.message(&format!("unknown {what} setup {name:?}; known: {}", names.join(", ")));
    Ok(())
}
