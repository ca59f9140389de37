//! Running the `polyfen` binary from the integration tests.

use std::io::Write;
use std::process::{Command, Stdio};
use std::thread;

/// What a run of the binary gave.
#[derive(Debug)]
pub struct Outcome {
    /// The exit status (-1 when killed by a signal).
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Runs `polyfen ARGS` with `stdin` as standard input.
pub fn run(args: &[&str], stdin: &str) -> Outcome {
    let mut child = Command::new(env!("CARGO_BIN_EXE_polyfen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run polyfen: {e}"));
    let mut input = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    let data = stdin.to_owned();
    // a command with arguments does not read standard input: ignore EPIPE
    let writer = thread::spawn(move || {
        let _ = input.write_all(data.as_bytes());
    });
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("polyfen did not finish: {e}"));
    let _ = writer.join();
    Outcome {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).unwrap_or_else(|e| panic!("standard output is not UTF-8: {e}")),
        stderr: String::from_utf8(output.stderr).unwrap_or_else(|e| panic!("standard error is not UTF-8: {e}")),
    }
}
