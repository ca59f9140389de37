//! Every `console` example of README.md, run as a newcomer would run it:
//! each `$ ` line through `sh` with this build's `polyfen` first on the
//! path, one fresh folder per example block (a file one command writes is
//! there for the next). Where the README shows output, standard output
//! followed by standard error must be exactly that; where it shows none,
//! the command must succeed. Commands that need what a test cannot have (a
//! server, other tools, the reader's own record files) are skipped, and the
//! list of those is checked too, so that no example drops out unnoticed.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One `$ ` command of a block and the output lines shown after it.
#[derive(Debug)]
struct Example {
    line: usize,
    command: String,
    shown: Vec<String>,
}

/// The `console` blocks of `text`, each a list of examples.
fn blocks(text: &str) -> Vec<Vec<Example>> {
    let mut blocks = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((_, line)) = lines.next() {
        if line.trim() != "```console" {
            continue;
        }
        let mut block: Vec<Example> = Vec::new();
        let mut continued = false;
        for (n, line) in lines.by_ref() {
            if line.trim() == "```" {
                break;
            }
            if continued {
                let last = block.last_mut().expect("a command before its continuation");
                last.command.push('\n');
                last.command.push_str(line);
                continued = line.ends_with('\\');
            } else if let Some(command) = line.strip_prefix("$ ") {
                block.push(Example { line: n + 1, command: command.to_owned(), shown: Vec::new() });
                continued = command.ends_with('\\');
            } else {
                block.last_mut().expect("output after a command").shown.push(line.to_owned());
            }
        }
        blocks.push(block);
    }
    blocks
}

/// Why `command` cannot run here, or `None` when it can: in `dir`, every
/// record file it reads must exist.
fn skip_reason(command: &str, dir: &Path) -> Option<String> {
    let first = command.split_whitespace().next().unwrap_or_default();
    if !matches!(first, "polyfen" | "printf") {
        return Some(format!("runs {first}"));
    }
    if command.split_whitespace().any(|w| w == "serve") {
        return Some("starts a server".to_owned());
    }
    let mut words = command.split_whitespace().peekable();
    while let Some(word) = words.next() {
        if word == ">" {
            words.next();
            continue;
        }
        let record = [".pgn", ".xqf", ".cbr", ".cbl"].iter().any(|ext| word.ends_with(ext));
        if record && !dir.join(word).exists() {
            return Some(format!("reads the reader's own {word}"));
        }
    }
    None
}

fn scratch(block: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polyfen-readme-{}-{block}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// The files a text's `ini` blocks give, each block whose first line
/// names it (`# tiny.ini: ...`), written into every example's folder.
fn files(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "```ini" {
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        let name = block.first().and_then(|l| l.strip_prefix("# ")).and_then(|l| l.split_once(':')).map(|(n, _)| n);
        if let Some(name) = name.filter(|n| !n.contains(' ')) {
            out.push((name.to_owned(), block.join("\n") + "\n"));
        }
    }
    out
}

/// Runs every `console` example of the file `name` (from the repository's
/// root): how many ran, those skipped (each with why), and the failures.
fn run_examples(name: &str) -> (usize, Vec<String>, Vec<String>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join(name)).expect(name);
    let given = files(&readme);
    let binary = Path::new(env!("CARGO_BIN_EXE_polyfen"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().expect("the binary's folder").to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .expect("a PATH");
    let mut ran = 0;
    let mut skipped = Vec::new();
    let mut failures = Vec::new();
    for (b, block) in blocks(&readme).into_iter().enumerate() {
        let dir = scratch(&format!("{}-{b}", name.replace('/', "-")));
        for (file, text) in &given {
            std::fs::write(dir.join(file), text).expect("the file is written");
        }
        for example in block {
            if let Some(why) = skip_reason(&example.command, &dir) {
                skipped.push(format!(
                    "line {}: {} ({why})",
                    example.line,
                    example.command.lines().next().unwrap_or("")
                ));
                continue;
            }
            ran += 1;
            let output = Command::new("sh")
                .arg("-c")
                .arg(&example.command)
                .current_dir(&dir)
                .env("PATH", &path)
                .stdin(Stdio::null())
                .output()
                .expect("sh runs");
            let got = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
            let got: Vec<&str> = got.lines().collect();
            if example.shown.is_empty() {
                if !output.status.success() {
                    failures.push(format!(
                        "{name} line {}: `{}` failed ({}):\n{}",
                        example.line,
                        example.command,
                        output.status,
                        got.join("\n")
                    ));
                }
            } else if got != example.shown {
                failures.push(format!(
                    "{name} line {}: `{}`\n  the text shows:\n    {}\n  it printed:\n    {}",
                    example.line,
                    example.command,
                    example.shown.join("\n    "),
                    got.join("\n    ")
                ));
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    (ran, skipped, failures)
}

#[test]
fn every_readme_example_does_what_the_readme_shows() {
    let (ran, skipped, failures) = run_examples("README.md");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(ran >= 25, "only {ran} README examples ran");
    // what cannot run here; a new example that lands here must be added
    // on purpose
    let skipped: Vec<&str> = skipped.iter().map(|s| s.split_once(": ").map_or(s.as_str(), |(_, rest)| rest)).collect();
    assert_eq!(
        skipped,
        [
            "polyfen games validate --jobs 2 lichess.pgn   # first bad move of each bad game (reads the reader's own lichess.pgn)",
            "polyfen serve --addr 127.0.0.1:8080 (starts a server)",
            "curl -s localhost:8080/v1/convert -H 'content-type: application/json' \\ (runs curl)",
            "polyfen games lines --moves iccs puzzle.xqf (reads the reader's own puzzle.xqf)",
            "polyfen games convert --to pgn --moves chinese game.xqf (reads the reader's own game.xqf)",
            "polyfen games convert --to xqf game.pgn > game.xqf (reads the reader's own game.pgn)",
            "polyfen games convert --to dhtmlxq game.cbr (reads the reader's own game.cbr)",
            "polyfen games stats --jobs 2 library.cbl collection/*.xqf (reads the reader's own library.cbl)",
            "pip install maturin pyarrow (runs pip)",
            "cd crates/python && maturin build --release --out dist && pip install dist/polyfen-*.whl (runs cd)",
            // the npm package's own tests run its README's example
            // (`cargo xtask wasm --test`, crates/wasm/tests/node)
            "cargo xtask wasm (runs cargo)",
            "npm install ./target/npm/polyfen-0.1.0.tgz (runs npm)",
        ],
        "the README examples this test skips changed"
    );
}

/// The book's chapter on a new game in twenty lines: its file and every
/// example as it shows them.
#[test]
fn the_new_game_chapter_does_what_it_shows() {
    let (ran, skipped, failures) = run_examples("docs/src/new-game.md");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(ran >= 8, "only {ran} examples ran");
    assert_eq!(skipped.len(), 1, "only the server is skipped: {skipped:?}");
}
