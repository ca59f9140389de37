//! Standard output, standard error and the exit status.

use std::fmt;
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
///
/// A report writes to standard output and standard error, or, made by
/// [`Report::buffered`], into memory: a worker thread of a batch command
/// makes one chunk's output in such a report, and the main one writes it
/// out in the input's order with [`Report::absorb`].
#[allow(clippy::struct_excessive_bools)] // independent facts about the run
pub struct Report {
    out: Out,
    /// Standard error's text when buffered.
    err: Option<Vec<u8>>,
    failed: bool,
    fatal: bool,
    interactive: bool,
    /// Whether an output that [`Report::separate`] separates was written.
    separated: bool,
    /// Where, in a buffered report, a blank line goes if the output before
    /// this buffer's ended with a separated output.
    leading_separator: Option<usize>,
}

/// Standard output, or a buffer.
enum Out {
    Stdout(BufWriter<Stdout>),
    Buffer(Vec<u8>),
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Out::Stdout(out) => out.write(buf),
            Out::Buffer(out) => out.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Out::Stdout(out) => out.write_all(buf),
            Out::Buffer(out) => out.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Out::Stdout(out) => out.flush(),
            Out::Buffer(_) => Ok(()),
        }
    }
}

/// The output of a chunk of inputs, made by a buffered [`Report`].
pub struct Buffered {
    out: Vec<u8>,
    err: Vec<u8>,
    failed: bool,
    separated: bool,
    leading_separator: Option<usize>,
    /// What stopped the chunk early, if anything did.
    pub stop: Option<Flow>,
}

/// The size from which [`Report::absorb`] writes a chunk's output
/// straight to standard output.
const DIRECT_WRITE: usize = 16 * 1024;

/// The most characters a message line keeps: a message quotes the text it
/// is about, which may be a huge field.
const MAX_MESSAGE: usize = 400;

/// `line` cut to [`MAX_MESSAGE`] characters, saying how much was left out.
fn cap_line(line: String) -> String {
    match line.char_indices().nth(MAX_MESSAGE) {
        None => line,
        Some((cut, _)) => format!("{}… ({} more bytes)", &line[..cut], line.len() - cut),
    }
}

impl Report {
    pub fn new() -> Report {
        let stdout = io::stdout();
        let interactive = stdout.is_terminal();
        Report {
            out: Out::Stdout(BufWriter::with_capacity(64 * 1024, stdout)),
            err: None,
            failed: false,
            fatal: false,
            interactive,
            separated: false,
            leading_separator: None,
        }
    }

    /// A report that writes into memory, for one chunk of inputs, after
    /// what `out` holds (an empty buffer with room reserved, say).
    pub fn buffered(out: Vec<u8>) -> Report {
        Report {
            out: Out::Buffer(out),
            err: Some(Vec::new()),
            failed: false,
            fatal: false,
            interactive: false,
            separated: false,
            leading_separator: None,
        }
    }

    /// What a buffered report holds, with `stop` when the chunk stopped
    /// early.
    pub fn into_buffered(self, stop: Option<Flow>) -> Buffered {
        let out = match self.out {
            Out::Buffer(out) => out,
            Out::Stdout(_) => Vec::new(),
        };
        Buffered {
            out,
            err: self.err.unwrap_or_default(),
            failed: self.failed,
            separated: self.separated,
            leading_separator: self.leading_separator,
            stop,
        }
    }

    /// Writes out a chunk's output, after the chunks before it; its
    /// `stop`, if any, is returned, else its output buffer, for the next
    /// chunk.
    pub fn absorb(&mut self, chunk: Buffered) -> Result<Vec<u8>, Flow> {
        self.failed |= chunk.failed;
        let (before, after) = chunk.out.split_at(chunk.leading_separator.unwrap_or(0).min(chunk.out.len()));
        self.out.write_all(before)?;
        if chunk.leading_separator.is_some() {
            self.separate()?;
        }
        match &mut self.out {
            // a large chunk goes straight to standard output, not through
            // the buffer: the writing thread also maps chunks
            Out::Stdout(out) if after.len() >= DIRECT_WRITE => {
                out.flush()?;
                out.get_mut().write_all(after)?;
            }
            out => out.write_all(after)?,
        }
        self.separated |= chunk.separated;
        if !chunk.err.is_empty() {
            self.sync();
            match &mut self.err {
                Some(err) => err.extend_from_slice(&chunk.err),
                None => {
                    let _ = io::stderr().lock().write_all(&chunk.err);
                }
            }
        }
        if self.interactive {
            self.out.flush()?;
        }
        chunk.stop.map_or(Ok(chunk.out), Err)
    }

    /// Writes a blank line if an output this separates was written before:
    /// call it before each diagram, or each list, of a series.
    pub fn separate(&mut self) -> Result<(), Flow> {
        if self.separated {
            self.line("")?;
        } else if self.err.is_some()
            && self.leading_separator.is_none()
            && let Out::Buffer(out) = &self.out
        {
            self.leading_separator = Some(out.len());
        }
        self.separated = true;
        Ok(())
    }

    /// Writes a line on standard error (or into the buffer).
    fn eprintln(&mut self, args: fmt::Arguments<'_>) {
        let line = cap_line(args.to_string());
        match &mut self.err {
            Some(err) => {
                err.extend_from_slice(line.as_bytes());
                err.push(b'\n');
            }
            None => eprintln!("{line}"),
        }
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

    /// Writes bytes (a binary record).
    pub fn bytes(&mut self, bytes: &[u8]) -> Result<(), Flow> {
        self.out.write_all(bytes)?;
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
        self.eprintln(format_args!("polyfen: input {n}: column {}: {}", error.char_column(input), error.kind));
    }

    /// Reports a syntax error in the `--position` of a rules command.
    pub fn position_error(&mut self, input: &str, error: &ParseError) {
        self.sync();
        self.failed = true;
        self.eprintln(format_args!("polyfen: position: column {}: {}", error.char_column(input), error.kind));
    }

    /// Reports move `k` (1-based) of a sequence that cannot be read or played.
    pub fn move_error(&mut self, k: usize, text: &str, error: &polyfen::MoveError) {
        self.sync();
        self.failed = true;
        let column = polyfen::char_column(text, error.span.start);
        self.eprintln(format_args!("polyfen: move {k} ({text}): column {column}: {error}"));
    }

    /// Reports a move read leniently (`read 'c4' as 'dxc4'`): a warning
    /// that fails nothing.
    pub fn move_repair(&mut self, k: usize, text: &str, repair: &polyfen::MoveRepair) {
        self.sync();
        let column = polyfen::char_column(text, repair.span.start);
        self.eprintln(format_args!("polyfen: move {k} ({text}): column {column}: warning: {repair}"));
    }

    /// Reports a failure of input `n` that has no column.
    pub fn failure(&mut self, n: u64, message: &str) {
        self.sync();
        self.failed = true;
        self.eprintln(format_args!("polyfen: input {n}: {message}"));
    }

    /// Reports a failure that is about no input (an unknown setup name).
    pub fn message(&mut self, message: &str) {
        self.sync();
        self.failed = true;
        self.eprintln(format_args!("polyfen: {message}"));
    }

    /// Reports an input that is not UTF-8.
    pub fn not_utf8(&mut self, n: u64, valid_up_to: usize) {
        self.sync();
        self.failed = true;
        self.eprintln(format_args!("polyfen: input {n}: column {}: invalid UTF-8", valid_up_to + 1));
    }

    /// Reports something the target notation could not hold.
    pub fn warning(&mut self, n: u64, message: &str) {
        self.sync();
        self.eprintln(format_args!("polyfen: input {n}: warning: {message}"));
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
                let column = polyfen::char_column(input, r.span.start);
                self.eprintln(format_args!("polyfen: input {n}: column {column}: repaired: {}", r.message));
            }
        } else {
            let s = if repairs.len() == 1 { "" } else { "s" };
            self.eprintln(format_args!(
                "polyfen: input {n}: warning: read leniently with {} repair{s} (--explain lists them)",
                repairs.len()
            ));
        }
    }

    /// Writes a note on standard error that fails nothing (a warning).
    pub fn note(&mut self, message: &str) {
        self.sync();
        self.eprintln(format_args!("polyfen: {message}"));
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
        self.eprintln(format_args!("polyfen: {error:#}"));
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
