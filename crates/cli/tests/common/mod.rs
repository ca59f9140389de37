//! Running the `polyfen` binary from the integration tests.

// each test binary uses a part of it
#![allow(dead_code)]

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

/// What a run of the binary gave, its standard output as bytes (a binary
/// record, say).
#[derive(Debug)]
pub struct Raw {
    /// The exit status (-1 when killed by a signal).
    pub code: i32,
    /// Standard output.
    pub stdout: Vec<u8>,
    /// Standard error.
    pub stderr: String,
}

impl Raw {
    /// Standard output as text.
    pub fn text(&self) -> String {
        String::from_utf8(self.stdout.clone()).unwrap_or_else(|e| panic!("standard output is not UTF-8: {e}"))
    }

    /// The run with its standard output as text.
    pub fn into_outcome(self) -> Outcome {
        let stdout = self.text();
        Outcome { code: self.code, stdout, stderr: self.stderr }
    }
}

/// Runs `polyfen ARGS` with `stdin` as standard input.
pub fn run(args: &[&str], stdin: &str) -> Outcome {
    run_raw(args, stdin.as_bytes()).into_outcome()
}

/// Runs `polyfen ARGS` with the bytes `stdin` as standard input.
pub fn run_raw(args: &[&str], stdin: &[u8]) -> Raw {
    let mut child = Command::new(env!("CARGO_BIN_EXE_polyfen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run polyfen: {e}"));
    let mut input = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    let data = stdin.to_vec();
    // a command with arguments does not read standard input: ignore EPIPE
    let writer = thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("polyfen did not finish: {e}"));
    let _ = writer.join();
    Raw {
        code: output.status.code().unwrap_or(-1),
        stdout: output.stdout,
        stderr: String::from_utf8(output.stderr).unwrap_or_else(|e| panic!("standard error is not UTF-8: {e}")),
    }
}
