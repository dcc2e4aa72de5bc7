//! What a designer wants to know of a game, measured: the size of its
//! tree from the start (perft, branching, the longest chain), how it plays
//! between computer levels (length, the first player's share of wins,
//! lead changes, how late games are decided), its exact value on small
//! boards from the solver, and warnings for designs that degenerate. The
//! command line prints it (`burrow report`), with an HTML page of plots;
//! every figure is computed here, the same for any game, built-in or
//! described by a file.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use crate::rules::{BoardSize, PerftCount, Rules, VariantError, state_budget};

use super::Level;
use super::solver::{Distances, SolveLimits, Solver, SolverConfig, Value};

mod games;
mod text;
mod warnings;

pub use text::{LevelRow, captures, percent, text, value_text};

use games::level_games;
use warnings::warnings;

/// What to measure, and how much time it may take.
#[derive(Clone, Debug)]
pub struct ReportConfig {
    /// The boards counted from the start (perft).
    pub perft_boards: Vec<BoardSize>,
    /// The deepest perft (fewer where the count would pass `perft_max`).
    pub perft_depth: u32,
    /// No deeper perft once a depth counts more turns than this.
    pub perft_max: u64,
    /// The levels that play each other (the same level both sides).
    pub levels: Vec<Level>,
    /// Games a level.
    pub games: u32,
    /// The board of the games.
    pub board: BoardSize,
    /// The boards the solver solves from the start.
    pub solve_boards: Vec<BoardSize>,
    /// The solver's time a board.
    pub solve_time: Duration,
    pub threads: usize,
    pub seed: u64,
}

impl Default for ReportConfig {
    fn default() -> ReportConfig {
        let size = |f, r| BoardSize::new(f, r).expect("a board size");
        ReportConfig {
            perft_boards: vec![BoardSize::STANDARD, size(6, 6), size(5, 4)],
            perft_depth: 3,
            perft_max: 3_000_000,
            levels: vec![Level::Greedy, Level::Easy],
            games: 300,
            board: size(6, 6),
            solve_boards: vec![size(4, 4), size(5, 4)],
            solve_time: Duration::from_secs(20),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            seed: 1,
        }
    }
}

impl ReportConfig {
    /// The configuration with its boards moved into the sizes `rules` is
    /// played on: each board counted or played on becomes the nearest one
    /// the game has; the boards solved are those it has, or else its
    /// smallest.
    pub fn fitted(mut self, rules: &Rules) -> ReportConfig {
        let sizes = rules.sizes();
        let mut perft_boards = Vec::new();
        for size in self.perft_boards.iter().map(|&s| sizes.nearest(s)) {
            if !perft_boards.contains(&size) {
                perft_boards.push(size);
            }
        }
        self.perft_boards = perft_boards;
        self.board = sizes.nearest(self.board);
        self.solve_boards.retain(|&s| sizes.contains(s));
        if self.solve_boards.is_empty() {
            self.solve_boards.push(sizes.smallest);
        }
        self
    }
}

/// Turn states one position's listing may take before the report calls it
/// an explosion of capture orders (about a second of listing).
pub const EXPLOSION_STATES: u64 = 2_000_000;

/// One board's counts from the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftRow {
    pub size: BoardSize,
    /// Distinct turn sequences of 1, 2, … turns.
    pub counts: Vec<u64>,
    /// A position of the next depth had more capture orders than
    /// [`EXPLOSION_STATES`] to list.
    pub exploded: bool,
    /// The most captures in one of the start's turns.
    pub longest_first_chain: usize,
}

/// Games between two players of one level.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelGames {
    pub level: Level,
    pub white_wins: u32,
    /// Each game's length in turns, in the order played.
    pub lengths: Vec<u32>,
    /// Times the side ahead in pieces changed, a game, on average.
    pub lead_changes: f64,
    /// The share of games whose winner took the lead for good only in the
    /// last quarter of the game.
    pub decided_late: f64,
    /// Distinct turns a position, on average, over the games' positions.
    pub turns_per_position: f64,
    /// The most captures in one turn of these games.
    pub longest_chain: usize,
    /// Positions whose turns were too many to list (see [`EXPLOSION_STATES`]).
    pub exploded_positions: u32,
}

impl LevelGames {
    pub fn games(&self) -> u32 {
        self.lengths.len() as u32
    }

    /// White's (the first player's) share of the wins.
    pub fn white_share(&self) -> f64 {
        f64::from(self.white_wins) / f64::from(self.games().max(1))
    }

    /// The 95% confidence interval of White's share (Wilson's).
    pub fn white_interval(&self) -> (f64, f64) {
        wilson(self.white_wins, self.games())
    }

    /// The median game length in turns.
    pub fn median_length(&self) -> u32 {
        let mut sorted = self.lengths.clone();
        sorted.sort_unstable();
        sorted.get(sorted.len() / 2).copied().unwrap_or(0)
    }

    pub fn mean_length(&self) -> f64 {
        self.lengths.iter().map(|&l| f64::from(l)).sum::<f64>() / self.lengths.len().max(1) as f64
    }
}

/// The 95% Wilson interval of `wins` in `games`.
pub fn wilson(wins: u32, games: u32) -> (f64, f64) {
    let n = f64::from(games.max(1));
    let p = f64::from(wins) / n;
    let z = 1.96f64;
    let center = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
    ((center - half).max(0.0), (center + half).min(1.0))
}

/// A small board solved from the start.
#[derive(Clone, Debug, PartialEq)]
pub struct SolvedBoard {
    pub size: BoardSize,
    /// The start's value for White (who moves first), if proven in time.
    pub value: Option<Value>,
    /// White's winning first turns with the turns the win takes.
    pub winning_turns: Vec<(String, u32)>,
    /// White's distinct first turns.
    pub first_turns: usize,
    pub positions: u64,
    pub elapsed: Duration,
}

/// Everything measured of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub id: String,
    pub name: String,
    pub perft: Vec<PerftRow>,
    pub board: BoardSize,
    pub levels: Vec<LevelGames>,
    pub solved: Vec<SolvedBoard>,
    /// What looks degenerate, in words.
    pub warnings: Vec<String>,
    pub elapsed: Duration,
}

impl Report {
    /// The longest chain met anywhere (the start's turns, the games).
    pub fn longest_chain(&self) -> usize {
        let first = self.perft.iter().map(|r| r.longest_first_chain);
        let games = self.levels.iter().map(|l| l.longest_chain);
        first.chain(games).max().unwrap_or(0)
    }

    /// The start's branching factor on the standard board (its turns), if
    /// counted.
    pub fn branching(&self) -> Option<u64> {
        self.perft
            .iter()
            .find(|r| r.size == BoardSize::STANDARD)
            .or(self.perft.first())
            .and_then(|r| r.counts.first().copied())
    }
}

/// Measures `rules` as `config` asks; `cancel` stops it early (what was
/// measured by then is kept, and the warnings say nothing of the rest).
pub fn report(
    rules: &Rules,
    config: &ReportConfig,
    cancel: &AtomicBool,
) -> Result<Report, VariantError> {
    let mut run = ReportRun::new(rules, config.clone());
    loop {
        if cancel.load(Ordering::Relaxed) {
            return Ok(run.so_far());
        }
        if let Some(report) = run.step(cancel)? {
            return Ok(report);
        }
    }
}

/// A report measured a piece at a time (one board's counts, one level's
/// games, one board solved), so a window shows it growing and a page
/// without threads spreads it over frames.
pub struct ReportRun {
    rules: Rules,
    config: ReportConfig,
    report: Report,
    measured: usize,
    started: Instant,
}

impl ReportRun {
    /// A report on `rules` measured on the configuration's boards, moved
    /// into the sizes the game is played on ([`ReportConfig::fitted`]).
    pub fn new(rules: &Rules, config: ReportConfig) -> ReportRun {
        let config = config.fitted(rules);
        ReportRun {
            report: Report {
                id: rules.id().to_string(),
                name: rules.variant().name().to_string(),
                perft: Vec::new(),
                board: config.board,
                levels: Vec::new(),
                solved: Vec::new(),
                warnings: Vec::new(),
                elapsed: Duration::ZERO,
            },
            rules: rules.clone(),
            config,
            measured: 0,
            started: Instant::now(),
        }
    }

    /// Pieces measured, and pieces in all.
    pub fn progress(&self) -> (usize, usize) {
        let c = &self.config;
        (
            self.measured,
            c.perft_boards.len() + c.levels.len() + c.solve_boards.len(),
        )
    }

    /// The piece [`ReportRun::step`] measures next, in words.
    pub fn next_piece(&self) -> String {
        let (i, all) = self.progress();
        let (perfts, levels) = (self.config.perft_boards.len(), self.config.levels.len());
        if i < perfts {
            format!("counting turns on {}", self.config.perft_boards[i])
        } else if i < perfts + levels {
            format!("{}'s games", self.config.levels[i - perfts])
        } else if i < all {
            format!("solving {}", self.config.solve_boards[i - perfts - levels])
        } else {
            "done".into()
        }
    }

    /// Measures the next piece; the whole report once the last is done.
    pub fn step(&mut self, cancel: &AtomicBool) -> Result<Option<Report>, VariantError> {
        let (i, all) = self.progress();
        let (perfts, levels) = (self.config.perft_boards.len(), self.config.levels.len());
        if i < perfts {
            let row = perft_row(&self.rules, self.config.perft_boards[i], &self.config)?;
            self.report.perft.push(row);
        } else if i < perfts + levels {
            let level = self.config.levels[i - perfts];
            let games = level_games(&self.rules, level, &self.config, cancel)?;
            self.report.levels.push(games);
        } else if i < all {
            let size = self.config.solve_boards[i - perfts - levels];
            let solved = solve_board(&self.rules, size, &self.config, cancel)?;
            self.report.solved.push(solved);
        }
        self.measured = (i + 1).min(all);
        Ok((self.measured == all).then(|| self.so_far()))
    }

    /// The report of what is measured so far, with its warnings.
    pub fn so_far(&self) -> Report {
        let mut report = self.report.clone();
        report.warnings = warnings(&report);
        report.elapsed = self.started.elapsed();
        report
    }
}

fn perft_row(
    rules: &Rules,
    size: BoardSize,
    config: &ReportConfig,
) -> Result<PerftRow, VariantError> {
    let pos = rules.start(size);
    let mut row = PerftRow {
        size,
        counts: Vec::new(),
        exploded: false,
        longest_first_chain: 0,
    };
    match rules.turns_until(&pos, &mut state_budget(EXPLOSION_STATES))? {
        Some(turns) => {
            row.longest_first_chain = turns.iter().map(|t| t.captures.len()).max().unwrap_or(0);
        }
        None => {
            row.exploded = true;
            return Ok(row);
        }
    }
    for depth in 1..=config.perft_depth {
        if row.counts.last().is_some_and(|&c| c > config.perft_max) {
            break;
        }
        match rules.perft_limited(&pos, depth, config.threads, EXPLOSION_STATES)? {
            PerftCount::Done(count) => row.counts.push(count),
            PerftCount::Stopped { .. } => {
                row.exploded = true;
                break;
            }
        }
    }
    Ok(row)
}

fn solve_board(
    rules: &Rules,
    size: BoardSize,
    config: &ReportConfig,
    cancel: &AtomicBool,
) -> Result<SolvedBoard, VariantError> {
    let solver = Solver::new(
        rules,
        SolverConfig {
            table_bytes: 256 << 20,
            threads: config.threads,
            ..SolverConfig::default()
        },
    );
    let limits = SolveLimits {
        deadline: Some(Instant::now() + config.solve_time),
        cancel: Some(cancel),
        ..SolveLimits::default()
    };
    let start = rules.start(size);
    let analysis = solver.analyse(&start, &limits, Distances::Winning, None)?;
    let mut winning_turns: Vec<(String, u32)> = analysis
        .turns
        .iter()
        .filter(|(_, k)| k.wins() == Some(true))
        .filter_map(|(t, k)| match k.value() {
            Some(Value::Win(d)) => Some((t.played().to_string(), d)),
            _ => None,
        })
        .collect();
    winning_turns.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
    Ok(SolvedBoard {
        size,
        value: analysis.knowledge.value(),
        winning_turns,
        first_turns: analysis.turns.len(),
        positions: analysis.positions,
        elapsed: analysis.elapsed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    #[test]
    fn the_wilson_interval_holds_the_share_and_stays_in_bounds() {
        assert_eq!(wilson(0, 0).0, 0.0);
        let (low, high) = wilson(50, 100);
        assert!(low < 0.5 && 0.5 < high && (high - low) < 0.21);
        let (low, high) = wilson(100, 100);
        assert!(low > 0.95 && high > 0.999 && high <= 1.0);
    }

    /// A real report of a small game: the counts are perft's, the games
    /// are played to their ends, the solver's value is its own.
    #[test]
    fn a_report_measures_box_on_small_boards() {
        let rules = crate::rules::builtin_rules("box").unwrap();
        let size = BoardSize::new(4, 4).unwrap();
        let config = ReportConfig {
            perft_boards: vec![size],
            perft_depth: 3,
            levels: vec![Level::Random, Level::Greedy],
            games: 30,
            board: size,
            solve_boards: vec![size],
            solve_time: Duration::from_secs(30),
            threads: 2,
            ..ReportConfig::default()
        };
        let r = report(&rules, &config, &AtomicBool::new(false)).unwrap();
        let start = Position::start(size);
        let expected: Vec<u64> = (1..=3).map(|d| rules.perft(&start, d).unwrap()).collect();
        assert_eq!(r.perft[0].counts, expected);
        assert_eq!(r.branching(), Some(expected[0]));
        for games in &r.levels {
            assert_eq!(games.games(), 30);
            assert!(games.lengths.iter().all(|&l| l >= 2), "{:?}", games.lengths);
            assert!(games.turns_per_position > 1.0);
        }
        let solved = Solver::new(&rules, SolverConfig::default())
            .solve(&start, &SolveLimits::none())
            .unwrap()
            .knowledge
            .value();
        assert_eq!(r.solved[0].value, solved);
        assert!(r.longest_chain() >= 2, "Box chains on 4x4");
        // Stopped before it starts: nothing measured, nothing warned.
        let stopped = report(&rules, &config, &AtomicBool::new(true)).unwrap();
        assert!(stopped.perft.is_empty() && stopped.levels.is_empty());
        assert!(stopped.warnings.is_empty());
    }
}
