//! Standard output, standard error and the exit status.

use std::io::{self, BufWriter, IsTerminal, Stdout, Write};
use std::process::ExitCode;

use polyfen::polyfen_core::{ParseError, Repair};

/// Why a command stops before its inputs are used up.
#[derive(Debug)]
pub enum Flow {
    /// Standard output was closed (`polyfen ... | head`): end quietly.
    Closed,
    /// Something that is not about one input went wrong.
    Fatal(anyhow::Error),
}

impl From<io::Error> for Flow {
    fn from(e: io::Error) -> Flow {
        if e.kind() == io::ErrorKind::BrokenPipe { Flow::Closed } else { Flow::Fatal(e.into()) }
    }
}

/// Where results, errors and warnings go, and whether any input failed.
pub struct Report {
    out: BufWriter<Stdout>,
    failed: bool,
    fatal: bool,
    interactive: bool,
}

impl Report {
    pub fn new() -> Report {
        let stdout = io::stdout();
        let interactive = stdout.is_terminal();
        Report { out: BufWriter::with_capacity(64 * 1024, stdout), failed: false, fatal: false, interactive }
    }

    /// Writes one line of output.
    pub fn line(&mut self, line: &str) -> Result<(), Flow> {
        self.out.write_all(line.as_bytes())?;
        self.out.write_all(b"\n")?;
        if self.interactive {
            self.out.flush()?;
        }
        Ok(())
    }

    /// Writes text that ends with its own newline.
    pub fn text(&mut self, text: &str) -> Result<(), Flow> {
        self.out.write_all(text.as_bytes())?;
        if self.interactive {
            self.out.flush()?;
        }
        Ok(())
    }

    /// Flushes standard output before standard error is written, so that a
    /// terminal shows both in order.
    fn sync(&mut self) {
        if self.interactive {
            let _ = self.out.flush();
        }
    }

    /// Reports a syntax error in input `n`.
    pub fn error(&mut self, n: u64, input: &str, error: &ParseError) {
        self.sync();
        self.failed = true;
        eprintln!("polyfen: input {n}: column {}: {}", error.char_column(input), error.kind);
    }

    /// Reports a syntax error in the `--position` of a rules command.
    pub fn position_error(&mut self, input: &str, error: &ParseError) {
        self.sync();
        self.failed = true;
        eprintln!("polyfen: position: column {}: {}", error.char_column(input), error.kind);
    }

    /// Reports move `k` (1-based) of a sequence that cannot be read or played.
    pub fn move_error(&mut self, k: usize, text: &str, error: &polyfen::MoveError) {
        self.sync();
        self.failed = true;
        let column = ParseError::new(polyfen::polyfen_core::ParseErrorKind::Empty { expected: "" }, error.span.clone())
            .char_column(text);
        eprintln!("polyfen: move {k} ({text}): column {column}: {error}");
    }

    /// Reports a failure of input `n` that has no column.
    pub fn failure(&mut self, n: u64, message: &str) {
        self.sync();
        self.failed = true;
        eprintln!("polyfen: input {n}: {message}");
    }

    /// Reports a failure that is about no input (an unknown setup name).
    pub fn message(&mut self, message: &str) {
        self.sync();
        self.failed = true;
        eprintln!("polyfen: {message}");
    }

    /// Reports an input that is not UTF-8.
    pub fn not_utf8(&mut self, n: u64, valid_up_to: usize) {
        self.sync();
        self.failed = true;
        eprintln!("polyfen: input {n}: column {}: invalid UTF-8", valid_up_to + 1);
    }

    /// Reports something the target notation could not hold.
    pub fn warning(&mut self, n: u64, message: &str) {
        self.sync();
        eprintln!("polyfen: input {n}: warning: {message}");
    }

    /// Reports the repairs of a lenient reading: each one with `explain`,
    /// else a count, so that no input is changed silently.
    pub fn repairs(&mut self, n: u64, input: &str, repairs: &[Repair], explain: bool) {
        if repairs.is_empty() {
            return;
        }
        self.sync();
        if explain {
            for r in repairs {
                let column =
                    ParseError::new(polyfen::polyfen_core::ParseErrorKind::Empty { expected: "" }, r.span.clone())
                        .char_column(input);
                eprintln!("polyfen: input {n}: column {column}: repaired: {}", r.message);
            }
        } else {
            let s = if repairs.len() == 1 { "" } else { "s" };
            eprintln!(
                "polyfen: input {n}: warning: read leniently with {} repair{s} (--explain lists them)",
                repairs.len()
            );
        }
    }

    /// Writes a note on standard error that fails nothing (a warning).
    pub fn note(&mut self, message: &str) {
        self.sync();
        eprintln!("polyfen: {message}");
    }

    /// Whether any input failed so far.
    pub fn has_failed(&self) -> bool {
        self.failed
    }

    /// Marks the run as failed without a message (validation found violations).
    pub fn mark_failed(&mut self) {
        self.failed = true;
    }

    /// Reports an error that stops the command.
    pub fn fatal(&mut self, error: &anyhow::Error) {
        self.sync();
        self.fatal = true;
        eprintln!("polyfen: {error:#}");
    }

    /// Flushes standard output and gives the exit status.
    pub fn exit_code(mut self) -> ExitCode {
        match self.out.flush() {
            Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                eprintln!("polyfen: {e}");
                return ExitCode::from(1);
            }
            _ => {}
        }
        if self.failed || self.fatal { ExitCode::from(1) } else { ExitCode::SUCCESS }
    }
}
