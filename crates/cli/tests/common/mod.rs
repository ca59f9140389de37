//! Running the `polyfen` binary from the integration tests, through the
//! test-support crate's runner.

// each test binary uses a part of it
#![allow(dead_code)]

use polyfen_test_support::process;
pub use polyfen_test_support::process::{Outcome, Output, Raw};

/// The binary under test.
pub const POLYFEN: &str = env!("CARGO_BIN_EXE_polyfen");

/// Runs `polyfen ARGS` with `stdin` as standard input.
pub fn run(args: &[&str], stdin: &str) -> Outcome {
    process::run(POLYFEN, args, stdin)
}

/// Runs `polyfen ARGS` with the bytes `stdin` as standard input.
pub fn run_raw(args: &[&str], stdin: &[u8]) -> Raw {
    process::run_raw(POLYFEN, args, stdin)
}

/// Runs `polyfen ARGS` with the bytes `stdin`, both outputs as bytes.
pub fn run_bytes(args: &[&str], stdin: &[u8]) -> Output {
    process::run_bytes(POLYFEN, args, stdin)
}

/// Runs `polyfen ARGS` with `stdin`: the exit status, standard output and
/// standard error.
pub fn parts(args: &[&str], stdin: &str) -> (i32, String, String) {
    run(args, stdin).into_parts()
}

/// Runs `polyfen ARGS` with nothing on standard input.
pub fn polyfen(args: &[&str]) -> Outcome {
    run(args, "")
}

/// The standard output of `polyfen ARGS`, which must succeed and write
/// nothing on standard error.
pub fn ok(args: &[&str]) -> String {
    polyfen(args).ok(&format!("polyfen {args:?}"))
}

/// Starts `polyfen ARGS` with its three streams piped.
pub fn spawn(args: &[&str]) -> std::process::Child {
    process::spawn(POLYFEN, args)
}
