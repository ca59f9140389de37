//! `cargo xtask fuzz [--seconds N] [--dev] [TARGET…]`: every fuzz target of
//! `fuzz/` (cargo-fuzz, libFuzzer, on the nightly toolchain) run for N
//! seconds each (with `--dev`, built without optimizations, which builds
//! faster: what a short run in CI wants), from seeds made of the public corpus and the repository's own
//! data, with a dictionary for the text formats; then a table of each
//! target's executions, coverage (edges) and finding.
//!
//! A finding (a crash, a hang of over 1 s on one input, more than 2 GiB of
//! memory) fails the run; libFuzzer leaves the input in
//! `fuzz/artifacts/TARGET/`, which `cargo +nightly fuzz run TARGET FILE`
//! replays.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Each target, the dictionary of its inputs' tokens (under `fuzz/dicts/`)
/// and whether its inputs start with a byte that picks what they are read
/// as (a notation, a game, a format).
const TARGETS: &[(&str, Option<&str>, bool)] = &[
    ("position", Some("notation.dict"), true),
    ("moves", Some("notation.dict"), true),
    ("explain", Some("notation.dict"), false),
    ("pgn", Some("pgn.dict"), false),
    ("records", None, true),
    ("variants_file", Some("ini.dict"), false),
    ("fairy_fen", Some("notation.dict"), true),
    ("fairy_moves", Some("notation.dict"), true),
    ("betza", Some("ini.dict"), false),
    ("twins", None, true),
    ("service", Some("notation.dict"), true),
    ("codec", Some("notation.dict"), true),
];

/// One target's run.
struct Run {
    target: &'static str,
    executions: String,
    edges: String,
    finding: String,
}

pub(crate) fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let mut seconds = 60u64;
    let mut chosen = Vec::new();
    let mut dev = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg == "--seconds" {
            let value = args.next().ok_or("--seconds takes a number")?;
            seconds = value.parse().map_err(|_| format!("--seconds {value:?} is not a number of seconds"))?;
        } else if arg == "--dev" {
            dev = true;
        } else if let Some(&(name, ..)) = TARGETS.iter().find(|(name, ..)| name == arg) {
            chosen.push(name);
        } else {
            let names: Vec<&str> = TARGETS.iter().map(|(name, ..)| *name).collect();
            return Err(format!("no fuzz target {arg:?}; the targets: {}", names.join(", ")));
        }
    }
    if chosen.is_empty() {
        chosen = TARGETS.iter().map(|(name, ..)| *name).collect();
    }
    let fuzz = root.join("fuzz");
    let mut runs = Vec::new();
    let mut failed = Vec::new();
    for target in chosen {
        let &(_, dict, _) = TARGETS.iter().find(|(name, ..)| *name == target).ok_or("a target")?;
        let corpus = fuzz.join("corpus").join(target);
        seed(root, target, &corpus)?;
        let mut command = Command::new("cargo");
        command.current_dir(&fuzz).args(["+nightly", "fuzz", "run"]);
        if dev {
            command.arg("--dev");
        }
        command.arg(target).arg(&corpus).args([
            "--",
            &format!("-max_total_time={seconds}"),
            "-timeout=1",
            "-rss_limit_mb=2048",
            "-max_len=65536",
            "-print_final_stats=1",
        ]);
        if let Some(dict) = dict {
            command.arg(format!("-dict={}", fuzz.join("dicts").join(dict).display()));
        }
        eprintln!("$ cargo +nightly fuzz run {target} (for {seconds} s)");
        let output = command.output().map_err(|e| format!("cannot run cargo fuzz: {e}"))?;
        let log = String::from_utf8_lossy(&output.stderr);
        let stat = |name: &str| {
            log.lines()
                .rev()
                .find_map(|line| line.strip_prefix(&format!("stat::{name}:")).map(|v| v.trim().to_owned()))
                .unwrap_or_else(|| "?".to_owned())
        };
        let edges = log
            .lines()
            .rev()
            .find_map(|line| line.split(" cov: ").nth(1).and_then(|rest| rest.split_whitespace().next()))
            .unwrap_or("?")
            .to_owned();
        let finding = if output.status.success() {
            "none".to_owned()
        } else {
            let summary = log
                .lines()
                .find(|line| {
                    line.contains("ERROR: libFuzzer") || line.contains("panicked at") || line.contains("SUMMARY")
                })
                .unwrap_or("the run failed")
                .to_owned();
            eprintln!("{log}");
            failed.push(target);
            summary
        };
        runs.push(Run { target, executions: stat("number_of_executed_units"), edges, finding });
    }
    println!("| target | seconds | executions | edges | finding |");
    println!("|---|---:|---:|---:|---|");
    for run in &runs {
        println!("| {} | {seconds} | {} | {} | {} |", run.target, run.executions, run.edges, run.finding);
    }
    if failed.is_empty() { Ok(()) } else { Err(format!("fuzz targets with a finding: {}", failed.join(", "))) }
}

/// Fills an empty corpus folder with the target's seeds: the public
/// corpus's files (when it is beside the repository) and the repository's
/// own data, each input as the target reads it.
fn seed(root: &Path, target: &str, corpus: &Path) -> Result<(), String> {
    fs::create_dir_all(corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
    if fs::read_dir(corpus).map_err(|e| e.to_string())?.next().is_some() {
        return Ok(());
    }
    let shared = root.join("../shared/corpus");
    let mut seeds: Vec<Vec<u8>> = Vec::new();
    let lines = |path: PathBuf, column: usize, most: usize| -> Vec<String> {
        fs::read_to_string(path)
            .unwrap_or_default()
            .lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| line.split('\t').nth(column).map(str::to_owned))
            .take(most)
            .collect()
    };
    let mut positions = Vec::new();
    for entry in fs::read_dir(shared.join("chess")).into_iter().flatten().flatten() {
        positions.extend(lines(entry.path(), 0, 40));
    }
    positions.extend(lines(shared.join("shogi/positions.tsv"), 0, 40));
    positions.extend(lines(shared.join("shogi/notation.tsv"), 1, 40));
    positions.extend([
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".to_owned(),
        "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04".to_owned(),
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0".to_owned(),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1".to_owned(),
    ]);
    let fairy_names: Vec<String> = fs::read_to_string(root.join("crates/fairy/variants/builtin.ini"))
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.strip_prefix('[').and_then(|rest| rest.split([']', ':']).next()).map(str::to_owned))
        .collect();
    match target {
        "position" | "codec" => {
            for (k, position) in positions.iter().enumerate() {
                seeds.push([&[k as u8][..], position.as_bytes()].concat());
            }
        }
        "explain" => seeds.extend(positions.iter().map(|p| p.clone().into_bytes())),
        "moves" => {
            for k in 0..32u8 {
                for line in
                    ["e4 e5 Nf3 Nc6 Bb5 a6", "e2e4 e7e5 g1f3", "h2e2 h9g7 C2.5 炮８平５", "7g7f 3c3d 2g2f", "j1j2 a8a7"]
                {
                    seeds.push([&[k][..], line.as_bytes()].concat());
                }
            }
        }
        "pgn" => {
            let text = fs::read_to_string(shared.join("pgn/lichess_db_1000k.pgn")).unwrap_or_default();
            let mut games = text.split("\n\n[Event ");
            for game in games.by_ref().take(200) {
                seeds.push(format!("[Event {game}\n").into_bytes());
            }
            seeds.push(b"[Variant \"shogi\"]\n\n1. 7g7f 3c3d *\n".to_vec());
            seeds.push(b"[Game \"Chinese Chess\"]\n\n1. H2-E2 H9-G7 *\n".to_vec());
        }
        "records" => {
            for folder in ["xiangqi-records/xqf", "xiangqi-records/cchess-tests", "shogi/records", "shogi/real"] {
                collect_files(&shared.join(folder), &mut |bytes| seeds.push([&[0u8][..], bytes].concat()));
            }
        }
        "variants_file" => {
            if let Ok(text) = fs::read_to_string(shared.join("fairy/user.ini")) {
                seeds.extend(text.split("\n[").map(|section| format!("[{section}\n").into_bytes()));
            }
            if let Ok(text) = fs::read_to_string(root.join("crates/fairy/variants/builtin.ini")) {
                seeds.extend(text.split("\n[").map(|section| format!("[{section}\n").into_bytes()));
            }
        }
        "fairy_fen" => {
            let text = fs::read_to_string(shared.join("fairy/positions.tsv")).unwrap_or_default();
            for line in text.lines().step_by(5) {
                let mut fields = line.split('\t');
                let (Some(name), Some(fen)) = (fields.next(), fields.next()) else { continue };
                let Some(k) = fairy_names.iter().position(|n| n == name) else { continue };
                seeds.push([&[k as u8][..], fen.as_bytes()].concat());
            }
        }
        "fairy_moves" => {
            let text = fs::read_to_string(shared.join("fairy/positions.tsv")).unwrap_or_default();
            for line in text.lines().step_by(7) {
                let fields: Vec<&str> = line.split('\t').collect();
                let [name, fen, moves, ..] = fields[..] else { continue };
                let Some(k) = fairy_names.iter().position(|n| n == name) else { continue };
                let first: Vec<&str> = moves.split(' ').take(3).collect();
                seeds.push([&[k as u8][..], format!("{fen}\n{}", first.join(" ")).as_bytes()].concat());
            }
        }
        "betza" => {
            let text = fs::read_to_string(root.join("crates/fairy/variants/builtin.ini")).unwrap_or_default();
            for line in text.lines() {
                if let Some((key, value)) = line.split_once('=')
                    && key.trim().starts_with("customPiece")
                {
                    let betza = value.split_once(':').map_or(value, |(_, b)| b);
                    seeds.push(betza.trim().as_bytes().to_vec());
                }
            }
            seeds.extend(
                [&b"WF"[..], b"N", b"mfWcfF", b"ifmnD", b"pR", b"gQ", b"vRsW", b"hN", b"W3"].map(<[u8]>::to_vec),
            );
        }
        "twins" => {
            // each twin, with its moves picked by a few byte patterns
            for k in 0..10u8 {
                for step in [1u8, 7, 31, 101] {
                    seeds.push((0..32u8).map(|i| if i == 0 { k } else { i.wrapping_mul(step) }).collect());
                }
            }
        }
        "service" => {
            // the examples of the OpenAPI document, each behind the byte
            // that picks its route among the `POST` routes in the order of
            // their paths (a JSON object's keys are read sorted)
            let text = fs::read_to_string(root.join("crates/server/openapi.json")).unwrap_or_default();
            let document: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
            let posts = document["paths"].as_object().into_iter().flatten().filter_map(|(_, path)| path.get("post"));
            for (k, post) in posts.enumerate() {
                let examples = post["requestBody"]["content"]["application/json"]["examples"].as_object();
                for example in examples.into_iter().flat_map(|examples| examples.values()) {
                    seeds.push([&[k as u8][..], example["value"].to_string().as_bytes()].concat());
                }
            }
        }
        _ => {}
    }
    seeds.push(Vec::new());
    for (k, bytes) in seeds.iter().enumerate() {
        fs::write(corpus.join(format!("seed-{k:05}")), bytes).map_err(|e| format!("{}: {e}", corpus.display()))?;
    }
    Ok(())
}

/// Calls `each` with the bytes of every file under `folder`, at most 400.
fn collect_files(folder: &Path, each: &mut dyn FnMut(&[u8])) {
    let mut stack = vec![folder.to_path_buf()];
    let mut count = 0;
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            stack.extend(fs::read_dir(&path).into_iter().flatten().flatten().map(|entry| entry.path()));
        } else if let Ok(bytes) = fs::read(&path)
            && count < 400
            && bytes.len() <= 65536
        {
            each(&bytes);
            count += 1;
        }
    }
}
