//! An engine from outside: a program that speaks the engine protocol
//! (docs/engine-protocol.md), run as a child process and asked for its
//! turns, as `burrow tournament` and `burrow bot` seat one. What it does
//! wrong is a [`Fault`]: an illegal turn, running out of time, ending,
//! writing what the protocol does not say, or saying nothing at all; its
//! process is always reaped.

use std::io::Read;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::lang::printable;
use crate::rules::{History, IllegalTurn, PlayedTurn, Position, Rules};

/// How long an engine may take to start and answer `ugi` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// What an engine's clock may run over by before it has lost on time: the
/// time for its answer to come through the pipe.
pub const GRACE: Duration = Duration::from_millis(200);

/// Lines of an engine's output kept before it must wait for them to be
/// read.
const QUEUED_LINES: usize = 1024;

/// The longest line read from an engine, in bytes.
const LONGEST_LINE: u64 = 64 * 1024;

/// How long an engine without a clock may take past its `movetime` before
/// it has lost on time (the clock is the runner's then, not the engine's).
const NO_CLOCK_SLACK: Duration = Duration::from_secs(5);

/// How long an engine may take to end after `quit` before it is killed.
const QUIT_WAIT: Duration = Duration::from_millis(500);

/// Why an engine lost a game (or could not start).
#[derive(Debug, thiserror::Error)]
pub enum Fault {
    #[error("could not start: the command is empty")]
    NoCommand,
    #[error("could not start `{command}`: {source}")]
    Start {
        command: String,
        source: std::io::Error,
    },
    /// A turn the rules refuse, with the rules' reason.
    #[error("played an illegal turn `{}`: {}", .0.turn, .0.error)]
    Illegal(#[source] Box<IllegalTurn>),
    /// A level of Burrow's in the seat found no turn in a position that
    /// has one.
    #[error("found no turn in a game that is not over")]
    NoTurn,
    #[error("ran out of time")]
    Time,
    #[error("ended (its process exited)")]
    Crash,
    /// The line as the engine wrote it (up to 80 characters); shown with
    /// its control and invisible characters written out.
    #[error("wrote what the protocol does not say: `{}`", printable(.0))]
    Garbage(String),
    #[error("did not answer `{0}` in time")]
    Silent(&'static str),
}

/// An engine from outside, running.
pub struct OutsideEngine {
    pub name: String,
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl OutsideEngine {
    /// Starts `command` (a program and its arguments, separated by spaces)
    /// and greets it; it plays `rules` on `start`'s board.
    pub fn start(
        name: &str,
        command: &str,
        rules: &Rules,
        start: &Position,
    ) -> Result<OutsideEngine, Fault> {
        // The program and its arguments, split at spaces; no shell between
        // (so the process reaped is the engine itself).
        let mut words = command.split_whitespace();
        let program = words.next().ok_or(Fault::NoCommand)?;
        let mut engine = Command::new(program);
        engine
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // A process group of its own, so whatever the engine starts (a
        // helper, a referee) ends with it.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut engine, 0);
        let mut child = engine.spawn().map_err(|source| Fault::Start {
            command: command.to_string(),
            source,
        })?;
        let out = child.stdout.take().expect("piped");
        // A bounded queue: an engine that floods its output waits on its
        // pipe instead of filling Burrow's memory; and no line is longer
        // than LONGEST_LINE (the rest of a longer one is its next lines).
        let (send, lines) = mpsc::sync_channel(QUEUED_LINES);
        std::thread::spawn(move || {
            let mut out = BufReader::new(out);
            let mut bytes = Vec::new();
            while matches!(
                (&mut out).take(LONGEST_LINE).read_until(b'\n', &mut bytes),
                Ok(n) if n > 0
            ) {
                let line = String::from_utf8_lossy(&bytes).trim_end().to_string();
                bytes.clear();
                if send.send(line).is_err() {
                    return;
                }
            }
        });
        let input = child.stdin.take();
        let mut engine = OutsideEngine {
            name: name.to_string(),
            child,
            input,
            lines,
        };
        engine.send("ugi")?;
        // An engine may greet before it is asked (a banner, UCI's
        // `copyprotection ok`): before `ugiok`, other lines are passed over.
        engine.wait_for("ugiok", "ugi", HANDSHAKE, false)?;
        match rules.variant().design() {
            Some(design) => {
                engine.send(&format!("setoption name design value {}", design.code()))?
            }
            None => engine.send(&format!("setoption name variant value {}", rules.id()))?,
        }
        let size = start.size();
        engine.send(&format!(
            "setoption name size value {}x{}",
            size.files(),
            size.ranks()
        ))?;
        engine.send("isready")?;
        engine.wait_for("readyok", "isready", HANDSHAKE, true)?;
        Ok(engine)
    }

    /// The engine's process group (its process id): see [`kill_group`].
    pub fn group(&self) -> u32 {
        self.child.id()
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        let input = self.input.as_mut().ok_or(Fault::Crash)?;
        writeln!(input, "{line}")
            .and_then(|()| input.flush())
            .map_err(|_| Fault::Crash)
    }

    /// Reads lines until one whose first word is `word`, by `within`,
    /// passing over empty lines and those the protocol allows meanwhile
    /// (`info`, `id`, `option`, `response`); when `strict`, anything else
    /// is garbage. The time is checked at every line, so an engine that
    /// never stops writing still runs out of it.
    fn wait_for(
        &mut self,
        word: &str,
        asked: &'static str,
        within: Duration,
        strict: bool,
    ) -> Result<String, Fault> {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Fault::Silent(asked));
            }
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Silent(asked)),
                Err(RecvTimeoutError::Disconnected) => return Err(Fault::Crash),
            };
            let first = line.split_whitespace().next().unwrap_or_default();
            if first == word {
                return Ok(line);
            }
            let expected = matches!(first, "" | "info" | "id" | "option" | "response");
            if strict && !expected {
                return Err(Fault::Garbage(line.chars().take(80).collect()));
            }
        }
    }

    /// The engine's turn in the game `history` (from its start), within
    /// the clocks (the mover's time left, `None` without clocks: then
    /// `think`).
    pub fn best_turn(
        &mut self,
        history: &History,
        clocks: Option<&Clocks>,
        think: Duration,
    ) -> Result<PlayedTurn, Fault> {
        let turns: Vec<String> = history.turns().iter().map(ToString::to_string).collect();
        let moves = if turns.is_empty() {
            String::new()
        } else {
            format!(" moves {}", turns.join(" "))
        };
        // What is left of the engine's last answers (a second `bestmove`,
        // late `info` lines) does not answer this turn.
        while self.lines.try_recv().is_ok() {}
        self.send(&format!("position fen {}{moves}", history.start()))?;
        let (go, within) = match clocks {
            Some(c) => (
                format!(
                    "go p1time {} p2time {} p1inc {} p2inc {}",
                    c.left[0].as_millis(),
                    c.left[1].as_millis(),
                    c.increment.as_millis(),
                    c.increment.as_millis()
                ),
                c.left[history.position().turn.index()] + c.grace[history.position().turn.index()],
            ),
            None => (
                format!("go movetime {}", think.as_millis()),
                think + NO_CLOCK_SLACK,
            ),
        };
        self.send(&go)?;
        let line = match self.wait_for("bestmove", "go", within, true) {
            Err(Fault::Silent(_)) => return Err(Fault::Time),
            other => other?,
        };
        let text = line.split_whitespace().nth(1).unwrap_or_default();
        text.parse::<PlayedTurn>()
            .map_err(|_| Fault::Garbage(line.chars().take(80).collect()))
    }
}

impl Drop for OutsideEngine {
    /// Asks the engine to quit, then kills it if it does not, and reaps
    /// it; what it started is killed with it.
    fn drop(&mut self) {
        let _ = self.send("quit");
        drop(self.input.take());
        let end = Instant::now() + QUIT_WAIT;
        let mut quit = false;
        while Instant::now() < end {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                quit = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        kill_group(self.child.id());
        if !quit {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Kills an engine's process group (`group`: the engine's process id,
/// which leads it): the engine and whatever it started. The group keeps
/// its number while any of it lives, so the number names no other
/// process; once all of it is gone the kill finds nothing (a new group of
/// that number would need the number to come round again and its process
/// to lead a group, within these milliseconds). std has no call for a
/// group, so `kill` does it (`taskkill /T`, the process and its tree, on
/// Windows).
pub fn kill_group(group: u32) {
    #[cfg(unix)]
    let mut kill = {
        let mut kill = Command::new("kill");
        kill.args(["-s", "KILL", "--", &format!("-{group}")]);
        kill
    };
    #[cfg(not(unix))]
    let mut kill = {
        let mut kill = Command::new("taskkill");
        kill.args(["/T", "/F", "/PID", &group.to_string()]);
        kill
    };
    let _ = kill
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

/// Both sides' time left and the increment each turn adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// White's, Black's.
    pub left: [Duration; 2],
    pub increment: Duration,
    /// What is left of each side's [`GRACE`] for the whole game: a turn
    /// that overruns the clock spends it, and one past it loses.
    pub grace: [Duration; 2],
}

impl Clocks {
    /// `each` on both clocks, `increment` a turn, and the whole grace.
    pub fn new(each: Duration, increment: Duration) -> Clocks {
        Clocks {
            left: [each; 2],
            increment,
            grace: [GRACE; 2],
        }
    }

    /// Counts `spent` on `side`'s clock; false once it is out of time.
    pub fn spend(&mut self, side: usize, spent: Duration) -> bool {
        let left = self.left[side];
        if spent > left {
            let over = spent - left;
            if over > self.grace[side] {
                return false;
            }
            self.grace[side] -= over;
        }
        self.left[side] = left.saturating_sub(spent) + self.increment;
        true
    }
}
