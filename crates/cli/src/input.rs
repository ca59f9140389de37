//! Inputs from the command line or, streamed, from standard input.

use std::io::{self, BufRead, Read};

use indicatif::ProgressBar;

use crate::output::{Flow, Report};
use crate::parallel::Spare;
use crate::progress::{self, Show};

/// The inputs of a command.
pub struct Inputs<'a> {
    args: &'a [String],
}

impl<'a> Inputs<'a> {
    pub fn new(args: &'a [String]) -> Inputs<'a> {
        Inputs { args }
    }

    /// Calls `f` with each input's 1-based number and text. Lines of standard
    /// input are read one at a time into one buffer, so memory stays flat; a
    /// progress bar shows on standard error when it is a terminal.
    pub fn for_each(
        &self,
        report: &mut Report,
        mut f: impl FnMut(u64, &str, &mut Report) -> Result<(), Flow>,
    ) -> Result<(), Flow> {
        if !self.args.is_empty() {
            for (i, arg) in self.args.iter().enumerate() {
                f(i as u64 + 1, arg, report)?;
            }
            return Ok(());
        }
        let stdin = io::stdin();
        let progress = progress_bar();
        let mut reader = io::BufReader::with_capacity(256 * 1024, stdin.lock());
        // a line cut by the end of the reader's buffer, gathered here; every
        // other line is handed over where it lies in the buffer
        let mut carried = Vec::new();
        let mut n: u64 = 0;
        let mut one = |line: Result<&str, usize>, report: &mut Report| -> Result<(), Flow> {
            n += 1;
            if let Some(pb) = &progress
                && n.is_multiple_of(1024)
            {
                pb.set_position(n);
            }
            match line {
                Ok(text) => f(n, text, report),
                Err(valid_up_to) => {
                    report.not_utf8(n, valid_up_to);
                    Ok(())
                }
            }
        };
        loop {
            let buffer = reader.fill_buf().map_err(|e| Flow::Fatal(e.into()))?;
            if buffer.is_empty() {
                if !carried.is_empty() {
                    for_each_line(&carried, |line| one(line, report))?;
                }
                break;
            }
            let len = buffer.len();
            let Some(last) = memchr::memrchr(b'\n', buffer) else {
                carried.extend_from_slice(buffer);
                reader.consume(len);
                continue;
            };
            // the whole lines start after the end of a line carried over
            let mut start = 0;
            if !carried.is_empty() {
                let first = memchr::memchr(b'\n', buffer).unwrap_or(last);
                carried.extend_from_slice(&buffer[..first]);
                for_each_line(&carried, |line| one(line, report))?;
                carried.clear();
                start = first + 1;
            }
            if start <= last {
                for_each_line(&buffer[start..last], |line| one(line, report))?;
            }
            carried.extend_from_slice(&buffer[last + 1..]);
            reader.consume(len);
        }
        if let Some(pb) = progress {
            pb.finish_and_clear();
        }
        Ok(())
    }
}

/// Inputs taken together to a worker thread: consecutive lines of
/// standard input in one buffer, or one argument.
pub enum Batch {
    /// Lines, each ended by `\n` (the last one may lack it); the first is
    /// input number `first`.
    Lines { first: u64, text: Vec<u8> },
    /// An argument, input number `n`.
    Arg { n: u64, text: String },
}

impl Batch {
    /// The size of its text in bytes.
    pub fn len(&self) -> usize {
        match self {
            Batch::Arg { text, .. } => text.len(),
            Batch::Lines { text, .. } => text.len(),
        }
    }

    /// Calls `f` with each input's number and text, or with where its
    /// UTF-8 goes wrong; lines lose their `\n` and `\r` ends as in
    /// [`Inputs::for_each`].
    pub fn for_each<E>(&self, mut f: impl FnMut(u64, Result<&str, usize>) -> Result<(), E>) -> Result<(), E> {
        match self {
            Batch::Arg { n, text } => f(*n, Ok(text)),
            Batch::Lines { first, text } => {
                let body = text.strip_suffix(b"\n").unwrap_or(text);
                let mut n = *first;
                for_each_line(body, |line| {
                    n += 1;
                    f(n - 1, line)
                })
            }
        }
    }
}

/// Calls `f` with each line of `body`, which does not end with its last
/// line's `\n`: lines lose their `\r` ends, and come as text or as where
/// their UTF-8 goes wrong. The whole body is checked as UTF-8 in one pass;
/// only when that fails is each line checked apart.
fn for_each_line<E>(body: &[u8], mut f: impl FnMut(Result<&str, usize>) -> Result<(), E>) -> Result<(), E> {
    let text = std::str::from_utf8(body).ok();
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', body).chain(std::iter::once(body.len())) {
        let mut stop = end;
        while stop > start && matches!(body[stop - 1], b'\r' | b'\n') {
            stop -= 1;
        }
        // `start` and `stop` are next to ASCII bytes: both are character
        // boundaries
        let line = match text {
            Some(text) => Ok(&text[start..stop]),
            None => std::str::from_utf8(&body[start..stop]).map_err(|e| e.valid_up_to()),
        };
        f(line)?;
        start = end + 1;
    }
    Ok(())
}

/// The first batches have 1, 2, 4, ... lines, up to this many, so that a
/// few slow inputs are spread over the threads too; after them a batch is
/// about [`BATCH_BYTES`] of whole lines.
const FIRST_BATCH_LINES: usize = 1024;

/// The size of a batch once the first ones are out: read from standard
/// input straight into the batch's own buffer.
const BATCH_BYTES: usize = 64 * 1024;

impl Inputs<'_> {
    /// The inputs in batches, with the progress bar of
    /// [`Inputs::for_each`]; a read error ends them and is left in `error`.
    ///
    /// This runs on the thread that also writes the output, so it does
    /// little per byte: a batch is read into its own buffer, cut after its
    /// last whole line, and its lines counted in one vectorised pass.
    ///
    /// The buffers come from `spare`, where the threads hand them back.
    pub fn batches<'s>(&'s self, error: &'s mut Option<Flow>, spare: &'s Spare) -> impl Iterator<Item = Batch> + 's {
        let mut args = self.args.iter().enumerate();
        let from_args = !self.args.is_empty();
        let mut stdin = (!from_args).then(|| io::stdin().lock());
        let progress = stdin.as_ref().and_then(|_| progress_bar());
        let mut n: u64 = 1;
        let mut size = 1;
        // bytes read and not yet in a batch: the start of a line cut by a
        // read, or the lines a small first batch left
        let mut carried: Vec<u8> = Vec::new();
        let mut at_end = false;
        std::iter::from_fn(move || {
            if from_args {
                let (i, arg) = args.next()?;
                return Some(Batch::Arg { n: i as u64 + 1, text: arg.clone() });
            }
            let stdin = stdin.as_mut()?;
            let mut text = std::mem::take(&mut carried);
            let lines = loop {
                if size < FIRST_BATCH_LINES {
                    // a small batch: exactly `size` lines if there are
                    if let Some(end) = memchr::memchr_iter(b'\n', &text).nth(size - 1) {
                        carried = spare.split_off(&mut text, end + 1, BATCH_BYTES);
                        break size;
                    }
                } else if let Some(end) = memchr::memrchr(b'\n', &text)
                    && (text.len() >= BATCH_BYTES || at_end)
                {
                    carried = spare.split_off(&mut text, end + 1, BATCH_BYTES);
                    break memchr::memchr_iter(b'\n', &text).count();
                }
                if at_end {
                    // the last line may have no newline
                    break memchr::memchr_iter(b'\n', &text).count()
                        + usize::from(!text.is_empty() && !text.ends_with(b"\n"));
                }
                // one read, so that lines typed or piped slowly are
                // handed on as they come
                let len = text.len();
                text.resize(len + BATCH_BYTES.max(len / 2), 0);
                let read = loop {
                    match stdin.read(&mut text[len..]) {
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        read => break read,
                    }
                };
                match read {
                    Ok(got) => {
                        text.truncate(len + got);
                        at_end = got == 0;
                    }
                    Err(e) => {
                        *error = Some(Flow::Fatal(e.into()));
                        return None;
                    }
                }
            };
            if lines == 0 {
                if let Some(pb) = &progress {
                    pb.finish_and_clear();
                }
                return None;
            }
            let first = n;
            n += lines as u64;
            size = (size * 2).min(FIRST_BATCH_LINES);
            if let Some(pb) = &progress {
                pb.set_position(n - 1);
            }
            Some(Batch::Lines { first, text })
        })
    }
}

fn progress_bar() -> Option<ProgressBar> {
    // lines typed at a terminal need no count of inputs
    if io::IsTerminal::is_terminal(&io::stdin()) {
        return None;
    }
    let pb = progress::bar(Show::Auto, None, "{spinner} {pos} inputs ({per_sec}, {elapsed})")?;
    pb.enable_steady_tick(std::time::Duration::from_millis(200));
    Some(pb)
}
