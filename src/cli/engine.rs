//! `burrow engine`: Burrow's computer players behind the engine protocol
//! (`crate::engine`, docs/engine-protocol.md), for match runners and
//! boards that speak it. One thread reads standard input, one searches
//! when asked (`go`), and this loop answers both, so `isready`, `stop`
//! and `quit` are answered while a search runs.

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::ai::{
    self, AiProfile, IterativeSearch, Level, ParseLevelError, SearchConfig, SearchReport,
};
use crate::engine::{Command, GoLimits, Referee, RefereeError, Score};
use crate::lang::printable;
use crate::rules::{Position, Rules, Side, VariantError, VariantRegistry};

use super::CliError;

/// Plays Burrow through the engine protocol on standard input and output
/// (`ugi`, `position`, `go`, `query`, …; see docs/engine-protocol.md).
#[derive(clap::Args, Debug)]
pub struct EngineArgs {
    /// The level that plays until the runner sets another
    /// (`setoption name level value …`): a computer level, or `solver`.
    #[arg(long, default_value = "strongest")]
    level: EngineLevel,
}

/// Who answers `go`: one of the computer levels, or the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineLevel {
    Level(Level),
    /// The exact solver: it spends most of the time proving the position
    /// (a win, or the longest defence of a loss) and searches as
    /// `strongest` with the rest when the proof does not end in time.
    Solver,
}

impl std::fmt::Display for EngineLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineLevel::Level(level) => level.fmt(f),
            EngineLevel::Solver => f.write_str("solver"),
        }
    }
}

impl std::str::FromStr for EngineLevel {
    type Err = UnknownEngineLevel;

    fn from_str(text: &str) -> Result<EngineLevel, UnknownEngineLevel> {
        if text.trim().eq_ignore_ascii_case("solver") {
            return Ok(EngineLevel::Solver);
        }
        Ok(EngineLevel::Level(text.parse::<Level>()?))
    }
}

/// A level `burrow engine` does not play: neither a computer level nor
/// the solver.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}, or solver")]
pub struct UnknownEngineLevel(#[from] ParseLevelError);

/// Why `setoption` was refused; the option keeps its value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum OptionError {
    /// A game, design or size the referee does not take.
    #[error(transparent)]
    Game(#[from] RefereeError),
    #[error(transparent)]
    Level(#[from] UnknownEngineLevel),
    #[error("threads is 1 (the search runs on one thread), not `{0}`")]
    Threads(String),
    #[error(
        "hash is a size in MiB from {min} to {max}, not `{0}`",
        min = HASH_MIB.start(),
        max = HASH_MIB.end()
    )]
    Hash(String),
    #[error("unknown option `{0}`")]
    Unknown(String),
}

/// Why a search gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum SearchError {
    /// The game broke the engine's rules (a mod's, say).
    #[error(transparent)]
    Rules(#[from] VariantError),
    /// The level that searches has no settings for it: a mistake in
    /// Burrow, not in the game.
    #[error("the strongest level has no search settings")]
    NoSearchConfig,
}

impl EngineArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        let (events, inbox) = mpsc::channel();
        let reader = events.clone();
        // The reader ends with the input (end of file counts as `quit`);
        // it is not joined, as a blocked read cannot be called off.
        thread::spawn(move || {
            let mut input = std::io::stdin().lock();
            let mut bytes = Vec::new();
            // A line that is not UTF-8 is read as well as it can be (and
            // then refused by name); only the end of input or a broken
            // pipe ends the reading.
            while matches!(input.read_until(b'\n', &mut bytes), Ok(n) if n > 0) {
                let line = String::from_utf8_lossy(&bytes).trim_end().to_string();
                bytes.clear();
                if reader.send(Event::Line(line)).is_err() {
                    return;
                }
            }
            let _ = reader.send(Event::Line("quit".into()));
        });
        Engine::new(registry.clone(), self.level, events).serve(&inbox, out)
    }
}

/// What the loop answers: a line from the runner, or the search's news.
enum Event {
    Line(String),
    Info(String),
    Done(String),
}

/// How big the search's transposition table may be (`hash`, in MiB).
const HASH_MIB: std::ops::RangeInclusive<usize> = 1..=1024;

struct Engine {
    referee: Referee,
    level: EngineLevel,
    hash_mib: usize,
    /// Whether the runner set a position since the last new game.
    positioned: bool,
    search: Option<Running>,
    events: Sender<Event>,
    seed: u64,
}

/// A search under way.
struct Running {
    /// Set by `stop` (and `quit`): the search ends and answers.
    stop: Arc<AtomicBool>,
    /// The search's own flag, set with `stop` so that it ends at once.
    halt: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

impl Running {
    /// Asks the search to end and answer.
    fn end(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.halt.store(true, Ordering::Relaxed);
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

impl Engine {
    fn new(registry: VariantRegistry, level: EngineLevel, events: Sender<Event>) -> Engine {
        Engine {
            referee: Referee::new(registry),
            level,
            hash_mib: ai::DEFAULT_TABLE_BYTES >> 20,
            positioned: false,
            search: None,
            events,
            seed: 1,
        }
    }

    fn serve(mut self, inbox: &Receiver<Event>, out: &mut impl Write) -> Result<(), CliError> {
        // Lines that came while a stopped search was finishing: taken, in
        // order, once its `bestmove` is out.
        let mut waiting: std::collections::VecDeque<String> = std::collections::VecDeque::new();
        loop {
            let event = match self.search.as_ref() {
                Some(running) if running.stopped() => inbox.recv(),
                _ => match waiting.pop_front() {
                    Some(line) => Ok(Event::Line(line)),
                    None => inbox.recv(),
                },
            };
            let Ok(event) = event else { break };
            let lines = match event {
                // A stopped search answers before what was sent after
                // `stop` (a runner may send `position` and `go` at once).
                Event::Line(line)
                    if self.search.as_ref().is_some_and(Running::stopped)
                        && !matches!(
                            line.split_whitespace().next(),
                            Some("isready" | "ugi" | "stop" | "quit")
                        ) =>
                {
                    waiting.push_back(line);
                    Vec::new()
                }
                Event::Line(line) => match line.parse::<Command>() {
                    Ok(Command::Quit) => {
                        self.stop();
                        return Ok(());
                    }
                    Ok(command) => self.obey(command),
                    Err(_) if line.trim().is_empty() => Vec::new(),
                    // A `go` that does not read is still answered, so a
                    // runner waiting for `bestmove` does not wait for ever.
                    Err(e) if line.split_whitespace().next() == Some("go") => {
                        vec![info_string(e), "bestmove (none)".into()]
                    }
                    Err(e) => vec![info_string(e)],
                },
                Event::Info(line) => vec![line],
                Event::Done(line) => {
                    if let Some(running) = self.search.take() {
                        let _ = running.thread.join();
                    }
                    vec![line]
                }
            };
            for line in lines {
                writeln!(out, "{line}")?;
            }
            out.flush()?;
        }
        self.stop();
        Ok(())
    }

    /// The lines that answer `command` at once (a search answers later).
    fn obey(&mut self, command: Command) -> Vec<String> {
        let searching = self.search.is_some();
        match command {
            Command::Ugi => self.identity(),
            Command::IsReady => vec!["readyok".into()],
            Command::Stop => {
                if let Some(running) = &self.search {
                    running.end();
                }
                Vec::new()
            }
            Command::Quit => Vec::new(),
            _ if searching => vec![
                "info string a search is running: send stop first (only ugi, isready, stop and \
                 quit are taken now)"
                    .into(),
            ],
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => {
                self.positioned = false;
                self.seed = self.seed.wrapping_add(1);
                Vec::new()
            }
            Command::Position { start, turns } => match self.referee.set_position(&start, turns) {
                Ok(()) => {
                    self.positioned = true;
                    Vec::new()
                }
                Err(e) => {
                    // A `go` now would search a position the runner did
                    // not mean: it waits for a position that stands.
                    self.positioned = false;
                    vec![info_string(format_args!("position refused: {e}"))]
                }
            },
            Command::Go(limits) => self.go(limits),
            Command::Query(query) => match self.referee.answer(query) {
                Ok(answer) => vec![format!("response {answer}").trim_end().to_string()],
                Err(e) => vec![info_string(e)],
            },
        }
    }

    fn identity(&self) -> Vec<String> {
        let levels: Vec<String> = Level::ALL
            .iter()
            .map(|l| format!("var {l}"))
            .chain(["var solver".to_string()])
            .collect();
        vec![
            format!("id name Burrow {}", super::version()),
            "id author The Burrow developers".into(),
            "option name variant type string default box".into(),
            "option name design type string default <empty>".into(),
            "option name size type string default 8x8".into(),
            format!(
                "option name level type combo default {} {}",
                self.level,
                levels.join(" ")
            ),
            "option name threads type spin default 1 min 1 max 1".into(),
            format!(
                "option name hash type spin default {} min {} max {}",
                ai::DEFAULT_TABLE_BYTES >> 20,
                HASH_MIB.start(),
                HASH_MIB.end()
            ),
            "ugiok".into(),
        ]
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Vec<String> {
        let value = value.unwrap_or_default().trim();
        let name = name.to_ascii_lowercase();
        let done: Result<(), OptionError> = match name.as_str() {
            "variant" => self.referee.set_game(value).map_err(OptionError::from),
            "design" => self.referee.set_design(value).map_err(OptionError::from),
            "size" => self.referee.set_size(value).map_err(OptionError::from),
            "level" => value
                .parse::<EngineLevel>()
                .map(|level| self.level = level)
                .map_err(OptionError::from),
            "threads" => match value.parse::<u32>() {
                Ok(1) => Ok(()),
                _ => Err(OptionError::Threads(value.to_string())),
            },
            "hash" => match value.parse::<usize>() {
                Ok(mib) if HASH_MIB.contains(&mib) => {
                    self.hash_mib = mib;
                    Ok(())
                }
                _ => Err(OptionError::Hash(value.to_string())),
            },
            _ => Err(OptionError::Unknown(name.clone())),
        };
        match done {
            Ok(()) => {
                if matches!(name.as_str(), "variant" | "design" | "size") {
                    self.positioned = false;
                }
                Vec::new()
            }
            Err(why) => vec![info_string(format_args!("setoption {name}: {why}"))],
        }
    }

    fn go(&mut self, limits: GoLimits) -> Vec<String> {
        if !self.positioned {
            return vec![
                "info string go needs a position first (position startpos, or position fen …)"
                    .into(),
                "bestmove (none)".into(),
            ];
        }
        let position = *self.referee.history().position();
        if self.referee.game_over() {
            return vec![
                "info string the side to move has no capture: the game is over".into(),
                "bestmove (none)".into(),
            ];
        }
        let stop = Arc::new(AtomicBool::new(false));
        let halt = Arc::new(AtomicBool::new(false));
        let task = Search {
            rules: self.referee.rules().clone(),
            position,
            level: self.level,
            limits,
            table_bytes: self.hash_mib << 20,
            seed: self.seed,
            stop: stop.clone(),
            halt: halt.clone(),
            events: self.events.clone(),
        };
        self.seed = self.seed.wrapping_add(1);
        let thread = thread::spawn(move || task.run());
        self.search = Some(Running { stop, halt, thread });
        Vec::new()
    }

    fn stop(&mut self) {
        if let Some(running) = self.search.take() {
            running.end();
            let _ = running.thread.join();
        }
    }
}

/// One `go`: the search, on its own thread, telling the loop as it goes.
struct Search {
    rules: Rules,
    position: Position,
    level: EngineLevel,
    limits: GoLimits,
    table_bytes: usize,
    seed: u64,
    /// `stop`, from the runner.
    stop: Arc<AtomicBool>,
    /// What the search checks: set with `stop`, or by its own limit met
    /// (`nodes`), which does not end an `infinite` wait.
    halt: Arc<AtomicBool>,
    events: Sender<Event>,
}

/// Makes sure the loop hears that a search ended, even one that panicked
/// (a mod's rules, say): without its `Done` the engine would be busy for
/// ever.
struct Answer {
    events: Sender<Event>,
    sent: bool,
}

impl Answer {
    fn send(mut self, line: String) {
        self.sent = true;
        let _ = self.events.send(Event::Done(line));
    }
}

impl Drop for Answer {
    fn drop(&mut self) {
        if !self.sent {
            let _ = self.events.send(Event::Done(
                "info string the search failed\nbestmove (none)".into(),
            ));
        }
    }
}

/// How long a search waits between looks at its limits and its news: at
/// first, and at most.
const SLICE: Duration = Duration::from_millis(5);
const LONGEST_SLICE: Duration = Duration::from_millis(100);

/// A search with no time limit (`infinite`, `depth`, `nodes`) still ends
/// within this.
const NO_LIMIT: Duration = Duration::from_secs(24 * 60 * 60);

/// The search after a proof that `stop` ended: long enough for a turn.
const MOMENT: Duration = Duration::from_millis(5);

impl Search {
    fn run(self) {
        let answer = Answer {
            events: self.events.clone(),
            sent: false,
        };
        let best = match self.level {
            EngineLevel::Level(Level::Strongest) => self.prove_then_search(1, 5),
            EngineLevel::Solver => self.prove_then_search(4, 5),
            EngineLevel::Level(level) => self.decide(level),
        };
        // `infinite`: the answer waits for `stop`.
        while self.limits.infinite && !self.stop.load(Ordering::Relaxed) {
            thread::sleep(SLICE);
        }
        answer.send(match best {
            Ok(Some(turn)) => format!("bestmove {turn}"),
            Ok(None) => "bestmove (none)".into(),
            Err(why) => format!(
                "{}\nbestmove (none)",
                info_string(format_args!("the search failed: {why}"))
            ),
        });
    }

    /// The time this `go` may take: `movetime`, else a share of the
    /// mover's clock, else none.
    fn time(&self) -> Option<Duration> {
        if let Some(movetime) = self.limits.movetime {
            return Some(movetime);
        }
        let (left, increment) = match self.position.turn {
            Side::White => (self.limits.p1time, self.limits.p1inc),
            Side::Black => (self.limits.p2time, self.limits.p2inc),
        };
        let left = left?;
        let increment = increment.unwrap_or_default();
        // A twentieth of what is left (or its share of the turns to the
        // next time control) and half the increment, never more than half
        // of what is left, and a little kept for the answer.
        let share = self.limits.movestogo.map_or(20, |n| n.clamp(1, 20));
        let budget = (left / share + increment / 2).min(left / 2);
        Some(
            budget
                .saturating_sub(Duration::from_millis(5))
                .max(Duration::from_millis(1)),
        )
    }

    /// `strongest` and the solver: first the solver's proof, for `share`
    /// of `of` parts of the time (a win found is played at once, with its
    /// distance; so is the longest defence of a proven loss), then the
    /// search with what is left. Under `depth` or `nodes` only the search
    /// runs, so those limits mean what they say; under `infinite` the
    /// solver proves until `stop` (the search then answers within a
    /// moment), `strongest` for a fifth of a second.
    fn prove_then_search(&self, share: u32, of: u32) -> Result<Option<String>, SearchError> {
        let start = Instant::now();
        let worth_proving = self.level == EngineLevel::Solver || ai::worth_proving(&self.position);
        if self.limits.depth.is_none() && self.limits.nodes.is_none() && worth_proving {
            let proof = match (self.time(), self.level) {
                (Some(time), _) => time * share / of,
                (None, EngineLevel::Solver) if self.limits.infinite => NO_LIMIT,
                (None, _) => Duration::from_secs(1) * share / of,
            };
            // `strongest` proves as the game's does, in a small table; the
            // solver takes the whole `hash`.
            let bytes = match self.level {
                EngineLevel::Solver => self.table_bytes,
                _ => self.table_bytes.min(ai::PROOF_TABLE_BYTES),
            };
            let proven =
                ai::proven_turn(&self.rules, &self.position, proof, Some(&self.stop), bytes)?;
            if let Some(decision) = proven {
                let played = decision.turn.played().to_string();
                let _ =
                    self.events
                        .send(Event::Info(info(&decision.report, &played, Duration::ZERO)));
                return Ok(Some(played));
            }
        }
        self.search(start.elapsed())
    }

    /// The iterative search of `strongest`, an `info` line at each depth
    /// finished, within every limit of `go` (`spent` of its time gone
    /// already; after `stop`, a moment's search still finds a turn).
    fn search(&self, spent: Duration) -> Result<Option<String>, SearchError> {
        let config = Level::Strongest
            .search_config(AiProfile::of(&self.rules).levels, Duration::from_secs(1))
            .ok_or(SearchError::NoSearchConfig)?;
        let unlimited =
            self.limits.infinite || self.limits.depth.is_some() || self.limits.nodes.is_some();
        let time = match self.time() {
            Some(time) => time,
            None if unlimited => NO_LIMIT,
            None => config.time,
        };
        // `stop` is read once: a `stop` that came during the proof leaves
        // the search a moment, under a flag of its own; one that comes
        // later sets the search's flag.
        let stopped = self.stop.load(Ordering::Relaxed);
        let time = if stopped {
            MOMENT
        } else {
            time.saturating_sub(spent).max(MOMENT)
        };
        let config = SearchConfig {
            time,
            max_depth: self.limits.depth.unwrap_or(config.max_depth).max(1),
            table_bytes: self.table_bytes,
            ..config
        };
        let halt = if stopped {
            Arc::new(AtomicBool::new(false))
        } else {
            self.halt.clone()
        };
        let mut search = IterativeSearch::new(&self.rules, &self.position, &config, Some(&halt))?;
        let mut told = 0;
        // Between slices the search tells its depths and is held to
        // `nodes`. A slice that ends mid-depth starts that depth again (the
        // table keeps most of its work), so the slices grow: fine while the
        // depths come quickly, rarely cut once they take long.
        let mut slice = SLICE;
        loop {
            let finished = search.run_until(Instant::now() + slice)?;
            slice = (slice * 2).min(LONGEST_SLICE);
            if let Some((turn, report)) = search.best()
                && report.depth > told
            {
                told = report.depth;
                let _ = self.events.send(Event::Info(info(
                    &report,
                    &turn.played().to_string(),
                    spent,
                )));
            }
            if let (Some(limit), Some((_, report))) = (self.limits.nodes, search.best())
                && report.nodes >= limit
            {
                halt.store(true, Ordering::Relaxed);
            }
            if finished {
                break;
            }
        }
        let decision = search.into_decision();
        if let Some(decision) = &decision {
            let _ = self.events.send(Event::Info(info(
                &decision.report,
                &decision.turn.played().to_string(),
                spent,
            )));
        }
        Ok(decision.map(|d| d.turn.played().to_string()))
    }

    /// The other levels: their own choice (they play by their own measure
    /// of time and depth, never past the time this `go` allows, nor past
    /// its `depth`), told in one `info` line.
    fn decide(&self, level: Level) -> Result<Option<String>, SearchError> {
        let think = self.time().unwrap_or(Duration::from_secs(1));
        let decision = match level.search_config(AiProfile::of(&self.rules).levels, think) {
            Some(config) => {
                let config = SearchConfig {
                    time: config.time.min(think),
                    max_depth: self
                        .limits
                        .depth
                        .map_or(config.max_depth, |d| d.clamp(1, config.max_depth)),
                    ..config
                };
                ai::search(&self.rules, &self.position, &config, &self.stop)
            }
            None => ai::choose(
                &self.rules,
                &self.position,
                level,
                think,
                self.seed,
                &self.stop,
            ),
        }?;
        Ok(decision.map(|d| {
            let played = d.turn.played().to_string();
            let _ = self
                .events
                .send(Event::Info(info(&d.report, &played, Duration::ZERO)));
            played
        }))
    }
}

/// An `info string` line telling `text`, which may hold the runner's own
/// words: written out where they would act or hide, and on one line.
fn info_string(text: impl std::fmt::Display) -> String {
    format!("info string {}", printable(&text.to_string()))
}

/// A search's `info` line; `spent` is the time taken before the search
/// began (a proof's), so `time` counts from `go`.
fn info(report: &SearchReport, turn: &str, spent: Duration) -> String {
    format!(
        "info depth {} score {} nodes {} time {} pv {turn}",
        report.depth,
        score(report.score),
        report.nodes,
        report.elapsed_ms + spent.as_millis() as u64
    )
}

/// The search's score (from the mover's side; beyond ±900,000 a forced
/// result, `1,000,000 - n` a win `n` turns ahead) as the protocol writes it.
fn score(score: i32) -> Score {
    const PROVEN: i32 = 900_000;
    const END: i32 = 1_000_000;
    if score >= PROVEN {
        Score::Win((END - score).max(0) as u32)
    } else if score <= -PROVEN {
        Score::Loss((END + score).max(0) as u32)
    } else {
        Score::Centi(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forced_results_are_told_in_turns_and_the_rest_in_hundredths() {
        assert_eq!(score(35), Score::Centi(35));
        assert_eq!(score(-120), Score::Centi(-120));
        assert_eq!(score(1_000_000 - 3), Score::Win(3));
        assert_eq!(score(-1_000_000 + 2), Score::Loss(2));
    }
}
