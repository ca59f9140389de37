//! Running a binary from a test: arguments, standard input fed from a
//! thread (so that a command that does not read it cannot block), and what
//! it gave.

use std::io::Write;
use std::process::{Child, Command, Stdio};

/// What a run gave, as bytes.
#[derive(Debug, PartialEq, Eq)]
pub struct Output {
    /// The exit status (-1 when killed by a signal).
    pub code: i32,
    /// Standard output.
    pub stdout: Vec<u8>,
    /// Standard error.
    pub stderr: Vec<u8>,
}

/// What a run gave, its standard output as bytes (a binary record, say)
/// and its standard error as text.
#[derive(Debug, PartialEq, Eq)]
pub struct Raw {
    /// The exit status (-1 when killed by a signal).
    pub code: i32,
    /// Standard output.
    pub stdout: Vec<u8>,
    /// Standard error.
    pub stderr: String,
}

/// What a run gave, as text.
#[derive(Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The exit status (-1 when killed by a signal).
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Bytes as text, or a panic naming the stream.
fn text(bytes: Vec<u8>, stream: &str) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| panic!("{stream} is not UTF-8: {e}"))
}

impl Output {
    /// The run with its standard error as text.
    ///
    /// # Panics
    ///
    /// If standard error is not UTF-8.
    #[must_use]
    pub fn into_raw(self) -> Raw {
        Raw { code: self.code, stdout: self.stdout, stderr: text(self.stderr, "standard error") }
    }
}

impl Raw {
    /// The run, after checking that it succeeded.
    ///
    /// # Panics
    ///
    /// If the exit status is not 0; the message is standard error.
    #[must_use]
    pub fn succeeded(self) -> Raw {
        assert_eq!(self.code, 0, "{}", self.stderr);
        self
    }

    /// Standard output as text.
    ///
    /// # Panics
    ///
    /// If standard output is not UTF-8.
    #[must_use]
    pub fn text(&self) -> String {
        text(self.stdout.clone(), "standard output")
    }

    /// The run with its standard output as text.
    ///
    /// # Panics
    ///
    /// If standard output is not UTF-8.
    #[must_use]
    pub fn into_outcome(self) -> Outcome {
        Outcome { code: self.code, stdout: text(self.stdout, "standard output"), stderr: self.stderr }
    }
}

impl Outcome {
    /// The run, after checking that it succeeded.
    ///
    /// # Panics
    ///
    /// If the exit status is not 0; the message is standard error.
    #[must_use]
    pub fn succeeded(self) -> Outcome {
        assert_eq!(self.code, 0, "{}", self.stderr);
        self
    }

    /// The exit status, standard output and standard error, for a test
    /// that matches on all three.
    #[must_use]
    pub fn into_parts(self) -> (i32, String, String) {
        (self.code, self.stdout, self.stderr)
    }

    /// Standard output, after checking that the run succeeded and wrote
    /// nothing on standard error.
    ///
    /// # Panics
    ///
    /// If the exit status is not 0 or standard error is not empty; the
    /// message names `what` (the command, say).
    #[must_use]
    pub fn ok(self, what: &str) -> String {
        assert_eq!((self.code, self.stderr.as_str()), (0, ""), "{what}");
        self.stdout
    }
}

/// Starts `program ARGS` with its three streams piped.
///
/// # Panics
///
/// If the program cannot be started.
#[must_use]
pub fn spawn(program: &str, args: &[&str]) -> Child {
    Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"))
}

/// Runs `program ARGS` with the bytes `stdin` as standard input and waits
/// for it.
///
/// # Panics
///
/// If the program cannot be started or waited for.
#[must_use]
pub fn run_bytes(program: &str, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = spawn(program, args);
    let mut input = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    let data = stdin.to_vec();
    // a command that does not read standard input closes it: ignore EPIPE
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("{program} did not finish: {e}"));
    let _ = writer.join();
    Output { code: output.status.code().unwrap_or(-1), stdout: output.stdout, stderr: output.stderr }
}

/// Runs `program ARGS` with the bytes `stdin` as standard input: standard
/// output as bytes, standard error as text.
///
/// # Panics
///
/// As [`run_bytes`], and if standard error is not UTF-8.
#[must_use]
pub fn run_raw(program: &str, args: &[&str], stdin: &[u8]) -> Raw {
    run_bytes(program, args, stdin).into_raw()
}

/// Runs `program ARGS` with `stdin` as standard input: both outputs as
/// text.
///
/// # Panics
///
/// As [`run_bytes`], and if an output is not UTF-8.
#[must_use]
pub fn run(program: &str, args: &[&str], stdin: &str) -> Outcome {
    run_raw(program, args, stdin.as_bytes()).into_outcome()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn standard_input_reaches_the_program_and_both_outputs_come_back() {
        let out = run("sh", &["-c", "cat; echo oops >&2; exit 3"], "hello\n");
        assert_eq!(out.into_parts(), (3, "hello\n".to_owned(), "oops\n".to_owned()));
    }

    #[test]
    fn a_program_that_does_not_read_its_input_does_not_block() {
        let big = vec![b'x'; 1 << 20];
        let out = run_bytes("sh", &["-c", "printf '\\377'"], &big);
        assert_eq!((out.code, out.stdout.as_slice()), (0, &[0xff][..]));
        assert_eq!(run("true", &[], "").ok("true"), "");
    }

    #[test]
    #[should_panic(expected = "standard output is not UTF-8")]
    fn text_that_is_not_utf8_is_named() {
        let _ = run("sh", &["-c", "printf '\\377'"], "");
    }
}
