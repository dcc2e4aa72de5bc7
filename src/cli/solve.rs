//! `burrow solve`: the exact value of a position and of each of its turns.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use crate::ai::{Analysis, Distances, Search, SolveLimits, Solver, SolverConfig, Value};
use crate::rules::{BoardSize, Position, Rules, VariantRegistry};

use super::args::{CliError, GameArg, rules_for};
use super::solve_run::{Kept, analyse, print_analysis, turn_groups};
use super::solve_units::{merge_results, resume, solve_unit, split};

/// Prove who wins a position, and print every winning turn with the
/// number of turns to the end under best play.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    game: GameArg,
    /// Solve the start position of a board this size (e.g. 5x5).
    #[arg(long)]
    size: Option<BoardSize>,
    /// Solve this position instead.
    #[arg(long)]
    position: Option<String>,
    #[command(flatten)]
    solver: SolverArgs,
    /// Keep what is proven of each turn in this file as the solve goes,
    /// and resume from it (a damaged or foreign file is set aside).
    #[arg(long)]
    checkpoint: Option<PathBuf>,
    /// Write each turn still to solve as a work unit file in this folder,
    /// for `--unit` to run anywhere, and stop.
    #[arg(long, conflicts_with_all = ["merge", "unit"])]
    split: Option<PathBuf>,
    /// Solve one work unit (from `--split`; the unit says whether its
    /// distance is asked): once settled, its result goes beside FILE with
    /// the extension .result, and its own checkpoint with .checkpoint.
    #[arg(
        long,
        conflicts_with_all = ["merge", "size", "position", "checkpoint", "value_only", "all_distances"]
    )]
    unit: Option<PathBuf>,
    /// Read the units' results (`*.result`) in this folder first: what
    /// they prove is not searched again.
    #[arg(long)]
    merge: Option<PathBuf>,
    /// Find every turn's distance, losing turns' too (slower).
    #[arg(long, conflicts_with = "value_only")]
    all_distances: bool,
    /// Prove only who wins after each turn, no distances (fastest).
    #[arg(long)]
    value_only: bool,
}

impl SolveArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        let rules = self.game.rules(registry)?;
        let distances = if self.all_distances {
            Distances::All
        } else if self.value_only {
            Distances::None
        } else {
            Distances::Winning
        };
        let request = SolveRequest {
            size: self.size,
            position: self.position,
            solver: self.solver,
            checkpoint: self.checkpoint,
            split: self.split,
            unit: self.unit,
            merge: self.merge,
            distances,
        };
        solve(rules, request, out)
    }
}

/// Solve the start of every board up to a number of squares, for each
/// game, printing the solutions table (tests/data/solutions.txt).
#[derive(clap::Args, Debug)]
pub struct SolveBoardsArgs {
    /// Only this game (every registered game when left out).
    #[arg(long)]
    variant: Vec<String>,
    #[arg(long, default_value_t = 30)]
    max_squares: u32,
    /// Skip the boards smaller than this (to go on from an earlier run).
    #[arg(long, default_value_t = 16)]
    min_squares: u32,
    /// Threads, and memory and time limit for each board.
    #[command(flatten)]
    solver: SolverArgs,
}

impl SolveBoardsArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        let ids: Vec<String> = if self.variant.is_empty() {
            registry.ids().into_iter().map(String::from).collect()
        } else {
            self.variant
        };
        let games = ids
            .iter()
            .map(|id| rules_for(registry, id))
            .collect::<Result<Vec<_>, _>>()?;
        let (config, limit) = self.solver.checked()?;
        let squares = self.min_squares..=self.max_squares;
        solve_boards(&games, squares, config, limit, out)
    }
}

/// The solver's settings `solve` and `solve-boards` share.
#[derive(clap::Args, Debug)]
pub struct SolverArgs {
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The proof table's memory in MB.
    #[arg(long, default_value_t = 1024)]
    pub memory: usize,
    /// Stop after this many seconds and say what was proved.
    #[arg(long)]
    pub time_limit: Option<f64>,
    /// How to prove who wins (distances always use alpha-beta).
    #[arg(long, value_enum, default_value_t = SearchArg::AlphaBeta)]
    pub search: SearchArg,
}

/// `--search`: the proof search for who wins.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchArg {
    /// Alpha-beta with an empty window and a table of proved bounds.
    AlphaBeta,
    /// Depth-first proof-number search (df-pn).
    ProofNumber,
}

impl SolverArgs {
    /// The solver's configuration and the time limit, once checked.
    pub fn checked(&self) -> Result<(SolverConfig, Option<Duration>), CliError> {
        if !(1..=MAX_MEMORY_MB).contains(&self.memory) {
            return Err(CliError::Failed(format!(
                "--memory {}: the proof table must be 1 to {MAX_MEMORY_MB} MB",
                self.memory
            )));
        }
        if self.threads == 0 {
            return Err(CliError::Failed("--threads must be at least 1".into()));
        }
        let limit = match self.time_limit {
            None => None,
            Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s)),
            Some(s) => {
                return Err(CliError::Failed(format!(
                    "--time-limit {s}: must be a positive number of seconds"
                )));
            }
        };
        let config = SolverConfig {
            table_bytes: self.memory << 20,
            threads: self.threads,
            search: match self.search {
                SearchArg::AlphaBeta => Search::AlphaBeta,
                SearchArg::ProofNumber => Search::ProofNumber,
            },
        };
        Ok((config, limit))
    }
}

/// What `burrow solve` was asked.
pub struct SolveRequest {
    pub size: Option<BoardSize>,
    pub position: Option<String>,
    pub solver: SolverArgs,
    pub checkpoint: Option<PathBuf>,
    pub split: Option<PathBuf>,
    pub unit: Option<PathBuf>,
    pub merge: Option<PathBuf>,
    pub distances: Distances,
}

/// The position a request names: the start of `--size`, or `--position`.
pub fn requested_position(
    rules: &Rules,
    size: Option<BoardSize>,
    text: Option<&str>,
) -> Result<Position, CliError> {
    match (size, text) {
        (Some(_), Some(_)) => Err(CliError::Failed(
            "give --size or --position, not both".into(),
        )),
        (Some(size), None) => {
            rules.check_size(size)?;
            Ok(rules.start(size))
        }
        (None, Some(text)) => {
            let pos: Position = text.parse()?;
            rules.check_size(pos.size())?;
            Ok(pos)
        }
        (None, None) => Err(CliError::Failed(
            "say what to solve: --size FILESxRANKS or --position P".into(),
        )),
    }
}

/// The largest proof table `--memory` may ask for, in MB.
pub const MAX_MEMORY_MB: usize = 16 * 1024;

pub fn solve(rules: &Rules, request: SolveRequest, out: &mut impl Write) -> Result<(), CliError> {
    if let Some(unit) = &request.unit {
        let (config, limit) = request.solver.checked()?;
        return solve_unit(rules, unit, config, limit, out);
    }
    let pos = requested_position(rules, request.size, request.position.as_deref())?;
    let (config, _) = request.solver.checked()?;
    let solver = Solver::new(rules, config);
    let kept = Kept::new(rules, pos, request.checkpoint.clone());
    if let Some(path) = &request.checkpoint {
        resume(&solver, &kept, path)?;
    }
    if let Some(dir) = &request.merge {
        merge_results(&solver, &kept, dir)?;
    }
    if let Some(dir) = &request.split {
        return split(&solver, &pos, request.distances, dir, out);
    }
    let (_, limit) = request.solver.checked()?;
    let analysis = analyse(&solver, &pos, limit, request.distances, &kept)?;
    print_analysis(
        rules,
        &pos,
        &analysis,
        solver.stored(),
        solver.capacity(),
        out,
    )?;
    Ok(())
}

/// The boards `burrow solve-boards` covers: every size of at most
/// `max_squares` squares, smallest first.
pub fn boards_up_to(max_squares: u32) -> Vec<BoardSize> {
    let mut sizes: Vec<BoardSize> = (4..=8u8)
        .flat_map(|files| (4..=8u8).filter_map(move |ranks| BoardSize::new(files, ranks)))
        .filter(|s| u32::from(s.files()) * u32::from(s.ranks()) <= max_squares)
        .collect();
    sizes.sort_by_key(|s| {
        (
            u32::from(s.files()) * u32::from(s.ranks()),
            s.ranks(),
            s.files(),
        )
    });
    sizes
}

/// One line of the solutions table (`tests/data/solutions.txt`): the game,
/// the board, who wins from the start and in how many turns, the winning
/// first turns up to symmetry, the positions searched and the seconds.
pub fn solution_line(rules: &Rules, size: BoardSize, analysis: &Analysis) -> String {
    let pos = rules.start(size);
    let value = match (analysis.knowledge.value(), analysis.knowledge.wins()) {
        (Some(Value::Win(d)), _) => format!("first-player-win {d}"),
        (Some(Value::Loss(d)), _) => format!("second-player-win {d}"),
        (None, Some(true)) => "first-player-win ?".to_string(),
        (None, Some(false)) => "second-player-win ?".to_string(),
        (None, None) => "open ?".to_string(),
    };
    let groups = turn_groups(&pos, &analysis.turns);
    let winning: Vec<String> = groups
        .iter()
        .filter(|g| g.1.wins() == Some(true))
        .map(|g| match g.1.value() {
            Some(v) => format!("{}:{}", g.0.key(), v.turns()),
            None => format!("{}:?", g.0.key()),
        })
        .collect();
    let winning = if winning.is_empty() {
        "-".to_string()
    } else {
        winning.join(",")
    };
    format!(
        "{} {size} {value} {winning} {} {:.1}{}",
        rules.id(),
        analysis.positions,
        analysis.elapsed.as_secs_f64(),
        if analysis.stopped { " stopped" } else { "" }
    )
}

/// Solves the start of every board whose number of squares is in
/// `squares` for each game, printing one table line per board as it
/// finishes.
pub fn solve_boards(
    games: &[&Rules],
    squares: std::ops::RangeInclusive<u32>,
    config: SolverConfig,
    time_limit: Option<Duration>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    writeln!(
        out,
        "# game board value turns winning-first-turns(turn:turns) positions seconds"
    )?;
    let work: Vec<(BoardSize, &Rules)> = boards_up_to(*squares.end())
        .into_iter()
        .filter(|s| u32::from(s.files()) * u32::from(s.ranks()) >= *squares.start())
        .flat_map(|size| {
            games
                .iter()
                .filter(move |r| r.sizes().contains(size))
                .map(move |r| (size, *r))
        })
        .collect();
    let mut progress = super::progress::Progress::new("solve-boards", work.len() as u64);
    for (done, (size, rules)) in work.into_iter().enumerate() {
        progress.set(done as u64);
        progress.doing(format!("{} on {size}", rules.id()));
        let solver = Solver::new(rules, config);
        let limits = time_limit.map_or_else(SolveLimits::none, SolveLimits::time);
        let analysis = solver.analyse(&rules.start(size), &limits, Distances::Winning, None)?;
        writeln!(out, "{}", solution_line(rules, size, &analysis))?;
        out.flush()?;
    }
    progress.finish();
    Ok(())
}
