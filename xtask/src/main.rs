//! Project automation, run as `cargo xtask <task>`:
//!
//! - `ci`: what CI runs: `cargo fmt --check`, every locked package fetched
//!   (for every platform, which the rust-version test reads offline),
//!   clippy with `-D warnings` on
//!   every target, and every test (unit, integration, doc and book tests)
//!   with `INSTA_UPDATE=no`, so a changed snapshot fails instead of being
//!   written.
//! - `bench [FILTER]`: the criterion benchmarks, then a table of polyfen's
//!   speed beside the peers measured in the same run.
//! - `scaling [ROUNDS]`: the batch commands (`games validate`, `games
//!   convert`, `convert`) timed as whole processes with one job and with
//!   two, files on disk, and the ratio of each (`bench/examples/scaling.rs`).
//! - `book`: the book in `docs/` built with mdBook into `docs/book` (which
//!   `polyfen serve` embeds and serves at `/book/`), every link checked.
//! - `soak`: the long version of the hostile-client suite
//!   (`crates/cli/tests/hostile.rs`) against a release build of
//!   `polyfen serve`, then a table of its figures: per attack the requests
//!   per second, the 99th percentile latency of the small requests sent
//!   during it, the server's peak resident memory and the result.
//!
//! - `fuzz [--seconds N] [--dev] [TARGET…]`: the fuzz targets of `fuzz/`
//!   (cargo-fuzz on the nightly toolchain), each for N seconds (60 by
//!   default; `--dev` builds them without optimizations, faster), seeded
//!   from the public corpus, then a table of their executions, coverage and
//!   findings (`fuzz.rs`).
//! - `wasm [--test]`: the npm package, `target/npm/polyfen-<version>.tgz`
//!   (`crates/wasm` as WebAssembly, its JavaScript and declarations); with
//!   `--test`, installed into a scratch project and tested there with
//!   `node --test` and `tsc --noEmit`, then the page with no server tested
//!   in Chromium from a static file server (`wasm.rs`).
//! - `site DIR`: the page, the module and the book as static files that any
//!   static file server serves; with no `/v1` to call, the page calls the
//!   module (`wasm.rs`).
//!
//! `ci` builds the book first when mdBook is installed (CI installs it;
//! with `CI` set a missing mdBook is a failure), so that the server's
//! tests see the book embedded.

mod book;
mod fuzz;
mod wasm;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("ci") => ci(),
        Some("bench") => bench(args.get(1).map(String::as_str)),
        Some("scaling") => scaling(args.get(1).map(String::as_str)),
        Some("book") => book::build(&root()),
        Some("soak") => soak(),
        Some("fuzz") => fuzz::run(&root(), &args[1..]),
        Some("wasm") => wasm::run(&root(), &args[1..]),
        Some("site") => wasm::site(&root(), &args[1..]),
        _ => {
            eprintln!(
                "usage: cargo xtask ci | bench [FILTER] | scaling [ROUNDS] | book | soak | fuzz [--seconds N] [--dev] [TARGET…] | wasm [--test] | site DIR"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

fn cargo(args: &[&str], envs: &[(&str, &str)]) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    eprintln!("$ cargo {}", args.join(" "));
    let status = Command::new(cargo)
        .args(args)
        .envs(envs.iter().copied())
        .current_dir(root())
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("`cargo {}` failed ({status})", args.join(" "))) }
}

fn ci() -> Result<(), String> {
    cargo(&["fmt", "--all", "--", "--check"], &[])?;
    // every locked package, for every platform: the build fetches only
    // this platform's, and the rust-version test reads all of them offline
    cargo(&["fetch", "--locked"], &[])?;
    // the book first: the server embeds it, and its tests then require it
    let in_ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false");
    let book = if book::mdbook_available() || in_ci {
        book::build(&root())?;
        "1"
    } else {
        eprintln!(
            "xtask: the book is not built (mdbook is not installed: `cargo install mdbook --locked --version {}`)",
            book::MDBOOK_VERSION
        );
        ""
    };
    cargo(&["clippy", "--workspace", "--all-targets", "--locked", "--", "-D", "warnings"], &[])?;
    // every test binary runs even when one fails; `CI` passes through, so
    // that outside CI a machine without Chromium skips the browser test
    let ci_env = if in_ci { "true" } else { "" };
    // the tests that read the public corpus (../shared/corpus) skip
    // without it, unless POLYFEN_CORPUS=required (as .ci/run sets)
    let corpus = std::env::var("POLYFEN_CORPUS").unwrap_or_default();
    cargo(
        &["test", "--workspace", "--locked", "--no-fail-fast"],
        &[("INSTA_UPDATE", "no"), ("CI", ci_env), ("POLYFEN_REQUIRE_BOOK", book), ("POLYFEN_CORPUS", &corpus)],
    )?;
    // the toy game added to the list of games by its entry alone (the
    // facade's `toy` feature): the tests that check every layer has it.
    // Those test targets are in polyfen and polyfen-server only, but the
    // whole workspace is selected, so that the dependencies' features are
    // unified as in the run above and only the toy entry, the two crates
    // and these tests are compiled again (with `-p` the two packages'
    // features alone made another build of most dependencies).
    cargo(
        &[
            "test",
            "--workspace",
            "--locked",
            "--no-fail-fast",
            "--features",
            "polyfen/toy,polyfen-server/toy",
            "--test",
            "json",
            "--test",
            "game_json",
            "--test",
            "detect",
            "--test",
            "toy",
            "--test",
            "facts",
            "--test",
            "openapi",
        ],
        &[("INSTA_UPDATE", "no"), ("POLYFEN_CORPUS", &corpus)],
    )?;
    if corpus != "required" && !root().join("../shared/corpus").exists() {
        eprintln!(
            "xtask: ../shared/corpus (the public test corpus) is not beside the repository: the tests that read it \
             were skipped (POLYFEN_CORPUS=required fails them instead)"
        );
    }
    if let Some(note) = browser_note(in_ci, |path| Path::new(path).exists()) {
        eprintln!("{note}");
    }
    page_tests(in_ci)?;
    eprintln!("xtask: ci passed");
    Ok(())
}

/// Runs the hostile-client suite's long version on a release build, one
/// attack at a time, echoing its output; then prints every attack's line of
/// figures again as a table.
fn soak() -> Result<(), String> {
    cargo(&["build", "--release", "--locked", "-p", "polyfen-cli"], &[])?;
    let args = [
        "test",
        "--release",
        "--locked",
        "-p",
        "polyfen-cli",
        "--test",
        "hostile",
        "--",
        "--nocapture",
        "--test-threads",
        "1",
    ];
    eprintln!("$ POLYFEN_SOAK=1 cargo {}", args.join(" "));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut child = Command::new(cargo)
        .args(args)
        .env("POLYFEN_SOAK", "1")
        .current_dir(root())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let mut figures = Vec::new();
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            println!("{line}");
            if let Some(row) = line.strip_prefix("hostile: ") {
                figures.push(row.to_owned());
            }
        }
    }
    let status = child.wait().map_err(|e| format!("cannot wait for cargo: {e}"))?;
    println!("\nsoak figures (release build, loopback; the server measured from /proc):");
    for row in &figures {
        println!("  {row}");
    }
    if status.success() { Ok(()) } else { Err(format!("the soak failed ({status})")) }
}

/// The browser test's programs (Debian's chromium and chromium-driver).
const BROWSER: [&str; 2] = ["/usr/bin/chromium", "/usr/bin/chromedriver"];

/// Outside CI, when the browser test's programs are missing (`exists` says
/// which are there), the line saying that the test was skipped and how to
/// install them; in CI a missing browser fails the test itself.
fn browser_note(in_ci: bool, exists: impl Fn(&str) -> bool) -> Option<String> {
    let missing: Vec<&str> = BROWSER.into_iter().filter(|path| !exists(path)).collect();
    if in_ci || missing.is_empty() {
        return None;
    }
    Some(format!(
        "xtask: the browser test was skipped ({} missing): `apt-get install -y chromium chromium-driver` installs it",
        missing.join(" and ")
    ))
}

/// The page's own tests, of its pure modules (the move tree, the
/// address), run by Node's test runner with no dependencies.
const PAGE_TESTS: &str = "crates/server/static/test";

/// Runs `node --test` on the page's tests; without Node that fails in CI
/// and is skipped, saying so, elsewhere.
fn page_tests(in_ci: bool) -> Result<(), String> {
    let node = Command::new("node").arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status();
    if !node.is_ok_and(|status| status.success()) {
        if in_ci {
            return Err(format!("node is missing: the page's tests ({PAGE_TESTS}) need Node 20 or newer"));
        }
        eprintln!("xtask: the page's tests were skipped (node is missing): install Node 20 or newer to run them");
        return Ok(());
    }
    eprintln!("$ node --test {PAGE_TESTS}/");
    let status = Command::new("node")
        .args(["--test", &format!("{PAGE_TESTS}/")])
        .current_dir(root())
        .status()
        .map_err(|e| format!("cannot run node: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("`node --test {PAGE_TESTS}/` failed ({status})")) }
}

fn bench(filter: Option<&str>) -> Result<(), String> {
    let mut args = vec!["bench", "-p", "polyfen-bench"];
    if let Some(filter) = filter {
        args.extend(["--", filter]);
    }
    cargo(&args, &[])?;
    report(&root().join("target").join("criterion"));
    Ok(())
}

/// One job against two for the batch commands, whole processes: release
/// builds of `polyfen` and of the `scaling` example, which makes its inputs
/// once and prints the table.
fn scaling(rounds: Option<&str>) -> Result<(), String> {
    cargo(&["build", "--release", "-p", "polyfen-cli", "--bin", "polyfen"], &[])?;
    cargo(&["build", "--release", "-p", "polyfen-bench", "--example", "scaling"], &[])?;
    let target = root().join("target").join("release");
    let status = Command::new(target.join("examples").join("scaling"))
        .arg(target.join("polyfen"))
        .args(rounds)
        .status()
        .map_err(|e| format!("the scaling example: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("the scaling example: {status}")) }
}

/// Prints each benchmark's mean time, and polyfen against each peer where a
/// benchmark group measured both (`group/task/polyfen` beside
/// `group/task/shakmaty`).
fn report(dir: &Path) {
    let mut rows: Vec<(String, f64)> = Vec::new();
    collect(dir, dir, &mut rows);
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    println!("\n{:<44} {:>12} {:>16}", "benchmark", "mean", "throughput");
    for (name, ns) in &rows {
        let throughput = throughput(&dir.join(name), *ns);
        println!("{name:<44} {:>9.3} ms {:>16}", ns / 1e6, throughput.as_deref().unwrap_or(""));
    }
    println!("\n{:<40} {:>10}", "polyfen / peer (throughput ratio)", "ratio");
    for (name, ns) in &rows {
        let Some(task) = name.strip_suffix("/polyfen") else { continue };
        for (peer_name, peer_ns) in &rows {
            if let Some(peer) = peer_name.strip_prefix(task).and_then(|p| p.strip_prefix('/'))
                && peer != "polyfen"
                && !peer.contains('/')
            {
                println!("{:<40} {:>9.2}x", format!("{task} vs {peer}"), peer_ns / ns);
            }
        }
    }
    per_byte_report(dir, &rows);
}

/// The throughput criterion recorded for a benchmark, per second.
fn throughput(dir: &Path, mean_ns: f64) -> Option<String> {
    let per_second = 1e9 / mean_ns;
    if let Some(bytes) = bytes_per_run(dir) {
        Some(format!("{:.1} MiB/s", bytes * per_second / f64::from(1u32 << 20)))
    } else {
        let json = benchmark_json(dir)?;
        json["throughput"]["Elements"].as_f64().map(|n| format!("{:.2} M/s", n * per_second / 1e6))
    }
}

fn benchmark_json(dir: &Path) -> Option<serde_json::Value> {
    let text = std::fs::read_to_string(dir.join("new").join("benchmark.json")).ok()?;
    serde_json::from_str(&text).ok()
}

/// The bytes one run of a benchmark reads or writes, when it counts bytes.
fn bytes_per_run(dir: &Path) -> Option<f64> {
    benchmark_json(dir)?["throughput"]["Bytes"].as_f64()
}

/// Xiangqi beside chess per byte (`per-byte/TASK/chess` against
/// `per-byte/TASK/xiangqi...`): the speed target of the Xiangqi notation is
/// a ratio of at least 1 on positions made alike (random playouts).
fn per_byte_report(dir: &Path, rows: &[(String, f64)]) {
    let speed = |name: &str| {
        let (_, ns) = rows.iter().find(|(n, _)| n == name)?;
        Some(bytes_per_run(&dir.join(name))? / ns)
    };
    let mut printed = false;
    for (name, _) in rows {
        let Some(rest) = name.strip_prefix("per-byte/") else { continue };
        // criterion keeps `per-byte/TASK/POSITIONS` as `per-byte/TASK_POSITIONS`
        let Some((task, positions)) = rest.split_once(['/', '_']) else { continue };
        if positions == "chess" {
            continue;
        }
        let chess = [format!("per-byte/{task}/chess"), format!("per-byte/{task}_chess")];
        let (Some(ours), Some(chess)) = (speed(name), chess.iter().find_map(|c| speed(c))) else { continue };
        if !printed {
            println!("\n{:<40} {:>10}", "Xiangqi / chess, per byte", "ratio");
            printed = true;
        }
        println!("{:<40} {:>9.2}x", format!("{task} ({positions})"), ours / chess);
    }
}

fn collect(base: &Path, dir: &Path, rows: &mut Vec<(String, f64)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.ends_with("report") || !path.is_dir() {
            continue;
        }
        let estimates = path.join("new").join("estimates.json");
        if let Some(mean) = std::fs::read_to_string(&estimates)
            .ok()
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
            .and_then(|json| json["mean"]["point_estimate"].as_f64())
        {
            let name = path.strip_prefix(base).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            rows.push((name, mean));
        } else {
            collect(base, &path, rows);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::browser_note;

    #[test]
    fn a_missing_browser_is_a_skip_with_the_install_command_outside_ci_only() {
        let note = browser_note(false, |path| path != "/usr/bin/chromedriver").expect("a note");
        assert!(note.contains("skipped (/usr/bin/chromedriver missing)"), "{note}");
        assert!(note.contains("apt-get install -y chromium chromium-driver"), "{note}");
        assert_eq!(browser_note(true, |_| false), None);
        assert_eq!(browser_note(false, |_| true), None);
    }
}
