//! Inputs from the command line or, streamed, from standard input.

use std::io::{self, BufRead, IsTerminal};

use indicatif::{ProgressBar, ProgressStyle};

use crate::output::{Flow, Report};

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
        let mut line = Vec::with_capacity(256);
        let mut n: u64 = 0;
        loop {
            line.clear();
            if reader.read_until(b'\n', &mut line).map_err(|e| Flow::Fatal(e.into()))? == 0 {
                break;
            }
            n += 1;
            while matches!(line.last(), Some(b'\n' | b'\r')) {
                line.pop();
            }
            if let Some(pb) = &progress {
                if n % 1024 == 0 {
                    pb.set_position(n);
                }
            }
            match std::str::from_utf8(&line) {
                Ok(text) => f(n, text, report)?,
                Err(e) => report.not_utf8(n, e.valid_up_to()),
            }
        }
        if let Some(pb) = progress {
            pb.finish_and_clear();
        }
        Ok(())
    }
}

fn progress_bar() -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let pb = ProgressBar::new_spinner();
    pb.set_style(
        ProgressStyle::with_template("{spinner} {pos} inputs ({per_sec}, {elapsed})")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    pb.enable_steady_tick(std::time::Duration::from_millis(200));
    Some(pb)
}
