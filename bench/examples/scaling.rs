//! How the batch commands scale: each job run as a whole process with one
//! job and with two (`--jobs 1`, `--jobs 2`), input and output files on
//! disk, interleaved round by round: the table gives the best time of
//! each, their ratio, and the median of the rounds' own ratios (a round's
//! two runs are next to each other in time, so a host whose speed drifts
//! moves that median least).
//!
//! `cargo xtask scaling [ROUNDS]` builds polyfen and this example in
//! release mode and runs it; by hand:
//!
//! ```text
//! scaling POLYFEN_BINARY [ROUNDS] [--truncate]
//! ```
//!
//! The inputs are made once in `target/scaling/`: the lichess sample of the
//! shared corpus repeated to 100 MB, the same games without comments (the
//! shape of tournament files), a 20 MB cut of the first for the JSON output
//! (which is four times the size of its input), and a million chess FENs
//! from seeded random playouts.
//!
//! The last row is the machine's own ceiling: two `--jobs 1` processes of
//! the FEN job started at once, against one, as two jobs' worth of work in
//! the time taken (at most 2; a machine whose cores share more than they
//! seem to gives less).
//!
//! A process is timed from its start to its end, with its files already
//! open. The output of the run before is removed first, outside the timing:
//! freeing the pages of a file just written is the kernel's work for the
//! shell that truncates it, not the job's, and it takes tens of
//! milliseconds, which are then counted on both sides of the ratio. With
//! `--truncate` the old output is truncated inside the timing instead, as
//! `polyfen ... > out` in a shell has it.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "../shared/chess_playouts.rs"]
mod chess_playouts;

/// One job: its name, its arguments, and its input as a file argument or
/// as standard input.
struct Job {
    name: &'static str,
    args: Vec<String>,
    stdin: Option<PathBuf>,
}

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(binary) = args.first().map(PathBuf::from) else {
        eprintln!("usage: scaling POLYFEN_BINARY [ROUNDS] [--truncate]");
        std::process::exit(2);
    };
    let rounds: usize = args.iter().skip(1).find_map(|a| a.parse().ok()).unwrap_or(9).max(1);
    let truncate = args.iter().any(|a| a == "--truncate");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap_or(Path::new("."));
    let dir = root.join("target").join("scaling");
    fs::create_dir_all(&dir)?;
    let inputs = Inputs::make(&dir)?;
    let path = |p: &Path| p.to_string_lossy().into_owned();
    let jobs = [
        Job {
            name: "games validate, lichess games, 100 MB",
            args: vec!["games".into(), "validate".into(), path(&inputs.lichess)],
            stdin: None,
        },
        Job {
            name: "games validate, tournament games, 100 MB",
            args: vec!["games".into(), "validate".into(), path(&inputs.tournament)],
            stdin: None,
        },
        Job {
            name: "games convert --to pgn, 100 MB",
            args: vec!["games".into(), "convert".into(), "--to".into(), "pgn".into(), path(&inputs.lichess)],
            stdin: None,
        },
        Job {
            name: "games convert --to json, 20 MB",
            args: vec!["games".into(), "convert".into(), "--to".into(), "json".into(), path(&inputs.lichess_20)],
            stdin: None,
        },
        Job {
            name: "convert --to fen, 1M FENs",
            args: vec!["convert".into(), "--to".into(), "fen".into()],
            stdin: Some(inputs.fens.clone()),
        },
    ];
    let output = dir.join("output");
    let second_output = dir.join("output-2");
    // the jobs, and the two processes at once of the control
    let mut best = vec![[Duration::MAX; 2]; jobs.len() + 1];
    let mut all = vec![[Vec::new(), Vec::new()]; jobs.len() + 1];
    let control = jobs.len();
    for round in 0..rounds {
        eprint!("\rround {} of {rounds}", round + 1);
        for (i, job) in jobs.iter().enumerate() {
            for (j, threads) in ["1", "2"].into_iter().enumerate() {
                let took = run(&binary, job, threads, &output, truncate)?;
                best[i][j] = best[i][j].min(took);
                all[i][j].push(took);
            }
        }
        let fens = &jobs[control - 1];
        let one = run(&binary, fens, "1", &output, truncate)?;
        let two = run_two(&binary, fens, [&output, &second_output], truncate)?;
        for (j, took) in [one, two].into_iter().enumerate() {
            best[control][j] = best[control][j].min(took);
            all[control][j].push(took);
        }
    }
    eprintln!();
    let _ = fs::remove_file(&output);
    let _ = fs::remove_file(&second_output);
    println!("{:<42} {:>9} {:>9} {:>7} {:>12}", "job (best of rounds)", "1 job", "2 jobs", "ratio", "round ratio");
    for (i, [one, two]) in best.iter().enumerate() {
        let [ones, twos] = &all[i];
        // each round's two runs are next to each other in time: the median
        // of the rounds' own ratios is the least moved by a host whose speed
        // drifts from minute to minute
        let mut paired: Vec<f64> =
            ones.iter().zip(twos.iter()).map(|(a, b)| a.as_secs_f64() / b.as_secs_f64()).collect();
        paired.sort_by(f64::total_cmp);
        let (mut ratio, mut median_ratio) = (one.as_secs_f64() / two.as_secs_f64(), paired[paired.len() / 2]);
        let name = if let Some(job) = jobs.get(i) {
            job.name
        } else {
            // two jobs' work in the time of the pair
            ratio *= 2.0;
            median_ratio *= 2.0;
            "ceiling: 2 processes of the FEN job at once"
        };
        println!(
            "{name:<42} {:>7.3} s {:>7.3} s {ratio:>6.2}x {median_ratio:>11.2}x",
            one.as_secs_f64(),
            two.as_secs_f64(),
        );
    }
    Ok(())
}

/// The command of one run of `job` with `--jobs threads`, its standard
/// input open, and the output of the run before removed unless it is to
/// be truncated in the timing.
fn command(binary: &Path, job: &Job, threads: &str, output: &Path, truncate: bool) -> io::Result<Command> {
    if !truncate {
        match fs::remove_file(output) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
    }
    let stdin = match &job.stdin {
        Some(path) => Stdio::from(File::open(path)?),
        None => Stdio::null(),
    };
    let mut command = Command::new(binary);
    command.args(&job.args).args(["--jobs", threads]).stdin(stdin).stderr(Stdio::null());
    Ok(command)
}

fn open_output(output: &Path) -> io::Result<File> {
    OpenOptions::new().write(true).create(true).truncate(true).open(output)
}

/// A bad game is exit status 1; anything else is a broken run.
fn check(job: &Job, status: std::process::ExitStatus) -> io::Result<()> {
    if matches!(status.code(), Some(0 | 1)) {
        Ok(())
    } else {
        Err(io::Error::other(format!("{} failed: {status}", job.name)))
    }
}

/// One run of `job` with `--jobs threads`, timed as a whole process.
fn run(binary: &Path, job: &Job, threads: &str, output: &Path, truncate: bool) -> io::Result<Duration> {
    let mut command = command(binary, job, threads, output, truncate)?;
    let start = Instant::now();
    let status = command.stdout(open_output(output)?).status()?;
    let took = start.elapsed();
    check(job, status)?;
    Ok(took)
}

/// Two runs of `job` with `--jobs 1` started at once, each with its own
/// output, timed until both have ended.
fn run_two(binary: &Path, job: &Job, outputs: [&Path; 2], truncate: bool) -> io::Result<Duration> {
    let mut commands = Vec::new();
    for output in outputs {
        commands.push((command(binary, job, "1", output, truncate)?, output));
    }
    let start = Instant::now();
    let mut children = Vec::new();
    for (mut command, output) in commands {
        children.push(command.stdout(open_output(output)?).spawn()?);
    }
    for mut child in children {
        check(job, child.wait()?)?;
    }
    Ok(start.elapsed())
}

/// The input files, made once.
struct Inputs {
    lichess: PathBuf,
    lichess_20: PathBuf,
    tournament: PathBuf,
    fens: PathBuf,
}

impl Inputs {
    fn make(dir: &Path) -> io::Result<Inputs> {
        let inputs = Inputs {
            lichess: dir.join("lichess.pgn"),
            lichess_20: dir.join("lichess-20mb.pgn"),
            tournament: dir.join("tournament.pgn"),
            fens: dir.join("fens.txt"),
        };
        if !inputs.lichess.exists() || !inputs.lichess_20.exists() || !inputs.tournament.exists() {
            eprintln!("making the PGN inputs in {}", dir.display());
            let lichess = polyfen_bench::lichess_repeated(100)
                .ok_or_else(|| io::Error::other("the lichess sample is in the public corpus"))?;
            let mut tournament = polyfen_bench::without_comments(&lichess);
            let one = tournament.clone();
            while tournament.len() < lichess.len() {
                tournament.extend_from_slice(&one);
            }
            write_whole(&inputs.tournament, &tournament)?;
            write_whole(
                &inputs.lichess_20,
                &polyfen_bench::lichess_repeated(20)
                    .ok_or_else(|| io::Error::other("the lichess sample is in the public corpus"))?,
            )?;
            write_whole(&inputs.lichess, &lichess)?;
        }
        if !inputs.fens.exists() {
            eprintln!("making a million FENs in {}", dir.display());
            let mut fens = Vec::new();
            for fen in chess_playouts::positions(1_000_000) {
                writeln!(fens, "{fen}")?;
            }
            write_whole(&inputs.fens, &fens)?;
        }
        Ok(inputs)
    }
}

/// Writes `bytes` to `path` whole or not at all: an interrupted run leaves
/// no short input behind to be taken for a made one.
fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let partial = path.with_extension("partial");
    fs::write(&partial, bytes)?;
    fs::rename(partial, path)
}
