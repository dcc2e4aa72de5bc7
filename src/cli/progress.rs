//! How far a long command has come, on stderr (stdout keeps its results):
//! on a terminal a bar with what is being done and an estimate of the time
//! left (indicatif); otherwise, in a log such as CI's, a plain line every
//! few seconds.

use std::time::{Duration, Instant};

/// How often a plain line is written when stderr is not a terminal.
const PLAIN_EVERY: Duration = Duration::from_secs(10);

/// One long command's progress: `total` pieces of work.
pub struct Progress {
    what: &'static str,
    total: u64,
    done: u64,
    doing: String,
    started: Instant,
    said: Instant,
    #[cfg(not(target_arch = "wasm32"))]
    bar: Option<indicatif::ProgressBar>,
}

impl Progress {
    /// Progress of `what` (the command's name) over `total` pieces.
    pub fn new(what: &'static str, total: u64) -> Progress {
        #[cfg(not(target_arch = "wasm32"))]
        let bar = std::io::IsTerminal::is_terminal(&std::io::stderr()).then(|| {
            let bar = indicatif::ProgressBar::new(total);
            let style = indicatif::ProgressStyle::with_template(
                "{prefix}: [{bar:30}] {pos}/{len} {msg} ({elapsed}, about {eta} left)",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
            .progress_chars("=> ");
            bar.set_style(style);
            bar.set_prefix(what);
            bar.enable_steady_tick(Duration::from_millis(250));
            bar
        });
        let now = Instant::now();
        Progress {
            what,
            total,
            done: 0,
            doing: String::new(),
            started: now,
            said: now,
            #[cfg(not(target_arch = "wasm32"))]
            bar,
        }
    }

    /// What is being done now (a board, a level, a game).
    pub fn doing(&mut self, doing: impl Into<String>) {
        self.doing = doing.into();
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(bar) = &self.bar {
            bar.set_message(self.doing.clone());
            return;
        }
        self.plain(false);
    }

    /// `done` of the pieces are done.
    pub fn set(&mut self, done: u64) {
        self.done = done.min(self.total);
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(bar) = &self.bar {
            bar.set_position(self.done);
            return;
        }
        self.plain(false);
    }

    /// The work is over (or stopped): the bar goes, a log gets a last line.
    pub fn finish(mut self) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
            return;
        }
        self.plain(true);
    }

    /// A line for a log, at most every [`PLAIN_EVERY`] (and at the end).
    fn plain(&mut self, last: bool) {
        let now = Instant::now();
        if !last && now.duration_since(self.said) < PLAIN_EVERY {
            return;
        }
        self.said = now;
        eprintln!("{}", self.line(now.duration_since(self.started)));
    }

    /// The plain line after `elapsed`.
    fn line(&self, elapsed: Duration) -> String {
        let mut line = format!("{}: {}/{}", self.what, self.done, self.total);
        if !self.doing.is_empty() {
            line.push_str(&format!(", {}", self.doing));
        }
        line.push_str(&format!(", {:.0} s", elapsed.as_secs_f64()));
        if self.done > 0 && self.done < self.total {
            let left = elapsed.as_secs_f64() / self.done as f64 * (self.total - self.done) as f64;
            line.push_str(&format!(", about {left:.0} s left"));
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_line_says_what_how_far_and_the_time_left() {
        let mut progress = Progress::new("report", 4);
        progress.doing = "hard's games".into();
        progress.done = 1;
        assert_eq!(
            progress.line(Duration::from_secs(30)),
            "report: 1/4, hard's games, 30 s, about 90 s left"
        );
        progress.done = 4;
        assert_eq!(
            progress.line(Duration::from_secs(120)),
            "report: 4/4, hard's games, 120 s"
        );
    }
}
