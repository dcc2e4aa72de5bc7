//! What a designer wants to know of a game, measured: the size of its
//! tree from the start (perft, branching, the longest chain), how it plays
//! between computer levels (length, the first player's share of wins,
//! lead changes, how late games are decided), its exact value on small
//! boards from the solver, and warnings for designs that degenerate. The
//! command line prints it (`burrow report`), with an HTML page of plots;
//! every figure is computed here, the same for any game, built-in or
//! described by a file.

use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use web_time::Instant;

use crate::rules::{BoardSize, Color, PerftCount, Position, Rules, VariantError, state_budget};

use super::solver::{Distances, SolveLimits, Solver, SolverConfig, Value};
use super::{Level, choose};

/// The think time of a level that takes one (only `strongest` does).
const THINK: Duration = Duration::from_millis(100);

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

pub fn captures(n: usize) -> String {
    format!("{n} capture{}", if n == 1 { "" } else { "s" })
}

pub fn percent(x: f64) -> String {
    format!("{:.0}%", 100.0 * x)
}

pub fn value_text(value: Option<Value>) -> String {
    match value {
        Some(Value::Win(d)) => format!("White (first to move) wins in {d} turns"),
        Some(Value::Loss(d)) => format!("Black wins in {d} turns"),
        None => "not proven in the time given".to_string(),
    }
}

fn level_line(games: &LevelGames) -> String {
    let (low, high) = games.white_interval();
    format!(
        "  {:<9} {:>5}  {:>4} ({}-{})   {:>3} {:>6.1}  {:>9.1}  {:>6}  {:>10.1}  {:>5}",
        games.level.name(),
        games.games(),
        percent(games.white_share()),
        percent(low),
        percent(high),
        games.median_length(),
        games.mean_length(),
        games.lead_changes,
        percent(games.decided_late),
        games.turns_per_position,
        games.longest_chain,
    )
}

/// The report as text (the command line prints it; the designer shows
/// it).
pub fn text(report: &Report) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{} ({})", report.name, report.id);
    let _ = writeln!(s, "\nturn sequences from the start (depth 1, 2, …):");
    for row in &report.perft {
        let counts: Vec<String> = row.counts.iter().map(u64::to_string).collect();
        let _ = writeln!(
            s,
            "  {:<4} {}{}   longest first turn: {}",
            row.size.to_string(),
            counts.join("  "),
            if row.exploded { "  (exploded)" } else { "" },
            captures(row.longest_first_chain)
        );
    }
    if let Some(branching) = report.branching() {
        let _ = writeln!(s, "  branching at the start: {branching} turns");
    }
    let _ = writeln!(
        s,
        "  longest chain met: {} in one turn",
        captures(report.longest_chain())
    );
    if let Some(first) = report.levels.first() {
        let _ = writeln!(
            s,
            "\ngames on {} ({} a level, one random turn each first, then the level on both sides):",
            report.board,
            first.games()
        );
        let _ = writeln!(
            s,
            "  level     games  White wins (95%)  median  mean  lead changes  decided late  turns/position  chain"
        );
        for games in &report.levels {
            let _ = writeln!(s, "{}", level_line(games));
        }
    }
    if !report.solved.is_empty() {
        let _ = writeln!(s, "\nsolved from the start:");
    }
    for board in &report.solved {
        let _ = write!(
            s,
            "  {:<4} {}",
            board.size.to_string(),
            value_text(board.value)
        );
        if board.value.is_some() {
            let _ = write!(
                s,
                "; {} of {} first turns win",
                board.winning_turns.len(),
                board.first_turns
            );
            let fastest: Vec<String> = board
                .winning_turns
                .iter()
                .take(4)
                .map(|(t, d)| format!("{t} ({d})"))
                .collect();
            if !fastest.is_empty() {
                let _ = write!(s, ": {}", fastest.join(", "));
            }
        }
        let _ = writeln!(
            s,
            " [{} positions, {:.1} s]",
            board.positions,
            board.elapsed.as_secs_f64()
        );
    }
    let _ = writeln!(s, "\nwarnings:");
    if report.warnings.is_empty() {
        let _ = writeln!(s, "  none");
    }
    for warning in &report.warnings {
        let _ = writeln!(s, "  - {warning}");
    }
    let _ = writeln!(s, "\n(measured in {:.1} s)", report.elapsed.as_secs_f64());
    s
}

/// What one game showed.
struct GameFigures {
    white_won: bool,
    length: u32,
    lead_changes: u32,
    decided_late: bool,
    turns_listed: u64,
    positions_listed: u64,
    longest_chain: usize,
    exploded: u32,
}

/// Turns played at random before the levels take over, one each, so the
/// games of a level differ (its search is deterministic) and White still
/// moves first.
const OPENING_TURNS: usize = 2;

fn one_game(
    rules: &Rules,
    level: Level,
    board: BoardSize,
    seed: u64,
) -> Result<GameFigures, VariantError> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = rules.start(board);
    let mut opening = Vec::new();
    for _ in 0..OPENING_TURNS {
        let Some(turns) = rules.turns_until(&pos, &mut state_budget(EXPLOSION_STATES))? else {
            break;
        };
        let Some(turn) = turns.choose(&mut rng) else {
            break;
        };
        opening.push((turn.result, turn.captures.len()));
        pos = turn.result;
    }
    // The levels play on; every position's turns are listed for the figures.
    let never = AtomicBool::new(false);
    let mut figures = GameFigures {
        white_won: false,
        length: opening.len() as u32,
        lead_changes: 0,
        decided_late: false,
        turns_listed: 0,
        positions_listed: 0,
        longest_chain: opening.iter().map(|(_, chain)| *chain).max().unwrap_or(0),
        exploded: 0,
    };
    let mut after = Vec::new();
    let winner = loop {
        match rules.turns_until(&pos, &mut state_budget(EXPLOSION_STATES))? {
            Some(list) => {
                figures.turns_listed += list.len() as u64;
                figures.positions_listed += 1;
            }
            None => figures.exploded += 1,
        }
        let seed = seed
            .wrapping_mul(1_000_003)
            .wrapping_add(u64::from(figures.length));
        let Some(decision) = choose(rules, &pos, level, THINK, seed, &never)? else {
            break rules.winner_when_stuck(&pos);
        };
        figures.length += 1;
        figures.longest_chain = figures.longest_chain.max(decision.turn.captures.len());
        pos = decision.turn.result;
        after.push(pos);
    };
    figures.white_won = winner == Color::White;
    // Who is ahead in pieces after each turn, the opening's included.
    let positions: Vec<Position> = opening.iter().map(|(p, _)| *p).chain(after).collect();
    let mut lead: Option<Color> = None;
    let mut winner_took_lead_at = 0;
    for (ply, pos) in positions.iter().enumerate() {
        let white = pos.board.pieces(Color::White).count();
        let black = pos.board.pieces(Color::Black).count();
        let ahead = match white.cmp(&black) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => lead,
        };
        if ahead != lead {
            if lead.is_some() {
                figures.lead_changes += 1;
            }
            if ahead == Some(winner) {
                winner_took_lead_at = ply + 1;
            }
            lead = ahead;
        }
    }
    figures.decided_late = winner_took_lead_at * 4 > positions.len() * 3;
    Ok(figures)
}

fn level_games(
    rules: &Rules,
    level: Level,
    config: &ReportConfig,
    cancel: &AtomicBool,
) -> Result<LevelGames, VariantError> {
    let next = AtomicU32::new(0);
    let figures: Mutex<Vec<(u32, GameFigures)>> = Mutex::new(Vec::new());
    let failure: Mutex<Option<VariantError>> = Mutex::new(None);
    let work = || {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= config.games || cancel.load(Ordering::Relaxed) {
                break;
            }
            let seed = config.seed.wrapping_mul(7_919).wrapping_add(u64::from(i));
            match one_game(rules, level, config.board, seed) {
                Ok(f) => figures
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .push((i, f)),
                Err(e) => {
                    *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                    next.store(config.games, Ordering::Relaxed);
                }
            }
        }
    };
    if config.threads <= 1 {
        // On this thread (the web page has no others).
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..config.threads {
                scope.spawn(work);
            }
        });
    }
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let mut figures = figures.into_inner().unwrap_or_else(|p| p.into_inner());
    figures.sort_by_key(|(i, _)| *i);
    let games = figures.len().max(1) as f64;
    let listed: u64 = figures.iter().map(|(_, f)| f.positions_listed).sum();
    Ok(LevelGames {
        level,
        white_wins: figures.iter().filter(|(_, f)| f.white_won).count() as u32,
        lengths: figures.iter().map(|(_, f)| f.length).collect(),
        lead_changes: figures
            .iter()
            .map(|(_, f)| f64::from(f.lead_changes))
            .sum::<f64>()
            / games,
        decided_late: figures.iter().filter(|(_, f)| f.decided_late).count() as f64 / games,
        turns_per_position: figures.iter().map(|(_, f)| f.turns_listed).sum::<u64>() as f64
            / listed.max(1) as f64,
        longest_chain: figures
            .iter()
            .map(|(_, f)| f.longest_chain)
            .max()
            .unwrap_or(0),
        exploded_positions: figures.iter().map(|(_, f)| f.exploded).sum(),
    })
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

/// Games this many turns long or shorter (the median) are over before
/// they begin.
const HANDFUL: u32 = 6;

/// The signs of a design that does not make a game.
fn warnings(report: &Report) -> Vec<String> {
    let mut out = Vec::new();
    for games in &report.levels {
        let share = games.white_share();
        if games.games() >= 20 && !(0.1..=0.9).contains(&share) {
            let side = if share > 0.9 { "White" } else { "Black" };
            out.push(format!(
                "{side} wins almost every game at the {} level: White won {} of {} ({:.0}%)",
                games.level.name(),
                games.white_wins,
                games.games(),
                100.0 * games.white_share()
            ));
        }
        if games.games() > 0 && games.median_length() <= HANDFUL {
            out.push(format!(
                "games at the {} level are over in a handful of turns (median {})",
                games.level.name(),
                games.median_length()
            ));
        }
    }
    let exploded: Vec<String> = report
        .perft
        .iter()
        .filter(|r| r.exploded)
        .map(|r| r.size.to_string())
        .collect();
    let exploded_in_games: u32 = report.levels.iter().map(|l| l.exploded_positions).sum();
    if !exploded.is_empty() || exploded_in_games > 0 {
        let mut places = Vec::new();
        if !exploded.is_empty() {
            places.push(format!(
                "counting from the start of {}",
                exploded.join(", ")
            ));
        }
        if exploded_in_games > 0 {
            places.push(format!("{exploded_in_games} positions of the games"));
        }
        out.push(format!(
            "capture orders explode: some positions have more than {EXPLOSION_STATES} turn states to list ({}); the computer falls back to building turns step by step there",
            places.join("; ")
        ));
    }
    let met_any = report.perft.iter().any(|r| r.longest_first_chain > 0)
        || report.levels.iter().any(|l| l.games() > 0);
    if met_any && report.longest_chain() == 1 {
        out.push(
            "no second capture ever fitted the template: every turn met was a single capture"
                .to_string(),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(level: Level, white_wins: u32, lengths: Vec<u32>, chain: usize) -> LevelGames {
        LevelGames {
            level,
            white_wins,
            lengths,
            lead_changes: 1.0,
            decided_late: 0.2,
            turns_per_position: 20.0,
            longest_chain: chain,
            exploded_positions: 0,
        }
    }

    fn report_of(levels: Vec<LevelGames>, perft: Vec<PerftRow>) -> Report {
        Report {
            id: "test".into(),
            name: "Test".into(),
            perft,
            board: BoardSize::new(6, 6).unwrap(),
            levels,
            solved: Vec::new(),
            warnings: Vec::new(),
            elapsed: Duration::ZERO,
        }
    }

    fn row(exploded: bool, chain: usize) -> PerftRow {
        PerftRow {
            size: BoardSize::STANDARD,
            counts: vec![100],
            exploded,
            longest_first_chain: chain,
        }
    }

    #[test]
    fn a_balanced_long_game_has_no_warning() {
        let r = report_of(
            vec![games(Level::Easy, 52, vec![30; 100], 5)],
            vec![row(false, 3)],
        );
        assert_eq!(warnings(&r), Vec::<String>::new());
    }

    #[test]
    fn a_one_sided_game_is_named_with_its_level() {
        let r = report_of(
            vec![
                games(Level::Greedy, 50, vec![30; 50], 4),
                games(Level::Easy, 2, vec![30; 50], 4),
            ],
            vec![row(false, 2)],
        );
        let w = warnings(&r);
        assert_eq!(w.len(), 2, "{w:?}");
        assert!(w[0].starts_with("White wins almost every game at the greedy level"));
        assert!(w[1].starts_with("Black wins almost every game at the easy level"));
        // Too few games say nothing.
        let r = report_of(vec![games(Level::Easy, 10, vec![30; 10], 4)], vec![]);
        assert!(warnings(&r).is_empty());
    }

    #[test]
    fn short_games_explosions_and_lone_captures_are_warned_of() {
        let r = report_of(
            vec![games(Level::Easy, 25, vec![4; 50], 1)],
            vec![row(true, 1)],
        );
        let w = warnings(&r).join("\n");
        assert!(w.contains("handful of turns (median 4)"), "{w}");
        assert!(w.contains("capture orders explode"), "{w}");
        assert!(w.contains("from the start of 8x8"), "{w}");
        assert!(w.contains("every turn met was a single capture"), "{w}");
    }

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
