//! Progress bars on standard error, one way for every command that shows
//! one: drawn when standard error is a terminal, or, forced (`perft
//! --progress`) onto something else, written as plain lines, a few a
//! second, so that a log stays readable.

use std::io::{self, IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

/// Whether progress shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// When standard error is a terminal.
    Auto,
    /// Always (`--progress`).
    Always,
    /// Never (`--no-progress`).
    Never,
}

impl Show {
    /// From a command's `--progress` and `--no-progress` flags.
    pub fn from_flags(progress: bool, no_progress: bool) -> Show {
        match (progress, no_progress) {
            (_, true) => Show::Never,
            (true, false) => Show::Always,
            (false, false) => Show::Auto,
        }
    }

    /// Where bars draw, or `None` when they do not show.
    fn target(self) -> Option<ProgressDrawTarget> {
        let terminal = io::stderr().is_terminal();
        match self {
            Show::Never => None,
            Show::Auto if !terminal => None,
            _ if terminal => Some(ProgressDrawTarget::stderr()),
            _ => Some(ProgressDrawTarget::term_like_with_hz(Box::new(Lines::default()), 2)),
        }
    }
}

/// True when bars show as plain lines: forced onto standard error that is
/// not a terminal.
pub fn as_lines(show: Show) -> bool {
    show == Show::Always && !io::stderr().is_terminal()
}

/// A progress bar with `template`: a bar of `total` steps, or a spinner
/// without a total; `None` when progress does not show.
pub fn bar(show: Show, total: Option<u64>, template: &str) -> Option<ProgressBar> {
    let target = show.target()?;
    let pb = ProgressBar::with_draw_target(total, target);
    pb.set_style(styled(total, template));
    Some(pb)
}

/// Room for several bars at once (one per thread), each added when it has
/// something to show; `None` when progress does not show.
pub fn several(show: Show) -> Option<MultiProgress> {
    show.target().map(MultiProgress::with_draw_target)
}

/// A bar of `several` with `template`, not yet drawn (see
/// [`MultiProgress::add`]).
pub fn hidden_bar(total: Option<u64>, template: &str) -> ProgressBar {
    let pb = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
    pb.set_style(styled(total, template));
    pb
}

fn styled(total: Option<u64>, template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| {
        if total.is_some() { ProgressStyle::default_bar() } else { ProgressStyle::default_spinner() }
    })
}

/// Standard error as a log: a drawing of the bars becomes whole lines,
/// without cursor movements, the first at once and then at most one every
/// half second.
#[derive(Debug, Default)]
struct Lines {
    pending: Mutex<String>,
    last: Mutex<Option<Instant>>,
}

/// The least time between two drawings written as lines.
const LINES_EVERY: Duration = Duration::from_millis(500);

impl TermLike for Lines {
    fn width(&self) -> u16 {
        100
    }

    fn move_cursor_up(&self, _n: usize) -> io::Result<()> {
        Ok(())
    }

    fn move_cursor_down(&self, _n: usize) -> io::Result<()> {
        Ok(())
    }

    fn move_cursor_right(&self, _n: usize) -> io::Result<()> {
        Ok(())
    }

    fn move_cursor_left(&self, _n: usize) -> io::Result<()> {
        Ok(())
    }

    fn write_line(&self, s: &str) -> io::Result<()> {
        self.write_str(s)?;
        self.write_str("\n")
    }

    fn write_str(&self, s: &str) -> io::Result<()> {
        let mut pending = self.pending.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        pending.extend(s.chars().filter(|&c| c != '\r'));
        Ok(())
    }

    fn clear_line(&self) -> io::Result<()> {
        Ok(())
    }

    fn flush(&self) -> io::Result<()> {
        let mut pending = self.pending.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut last = self.last.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if last.is_some_and(|at| at.elapsed() < LINES_EVERY) {
            pending.clear();
            return Ok(());
        }
        *last = Some(Instant::now());
        let mut err = io::stderr().lock();
        for line in pending.lines().map(str::trim_end).filter(|l| !l.is_empty()) {
            writeln!(err, "{line}")?;
        }
        pending.clear();
        err.flush()
    }
}
