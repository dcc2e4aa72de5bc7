//! `burrow puzzles`: finds puzzles in games played by the computer levels.

use std::collections::HashSet;
use std::io::Write;
use std::time::{Duration, Instant};

use crate::ai::{self, Band, Level, Players, SolveLimits, Solver, SolverConfig};
use crate::rules::{BoardSize, Position, Rules, VariantRegistry};

use super::args::{CliError, GameArg};

/// Find puzzles (positions the solver proves a win for the side to
/// move, with one winning first turn) in games of the computer levels.
#[derive(clap::Args, Debug)]
pub struct PuzzlesArgs {
    #[command(flatten)]
    game: GameArg,
    /// Puzzles wanted in each band (easy, medium, hard).
    #[arg(long, default_value_t = 12)]
    per_band: usize,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The solver's time for each position, in milliseconds.
    #[arg(long, default_value_t = 300)]
    proof_ms: u64,
    /// Stop looking after this many seconds.
    #[arg(long, default_value_t = 600)]
    budget: u64,
}

impl PuzzlesArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        let rules = self.game.rules(registry)?;
        let found = find(
            registry,
            rules,
            self.per_band,
            self.seed,
            Duration::from_millis(self.proof_ms),
            Duration::from_secs(self.budget),
            out,
        )?;
        eprintln!("{found} puzzles");
        Ok(())
    }
}

/// The boards puzzles come from: the real game's and two small ones.
const BOARDS: [(u8, u8); 3] = [(8, 8), (6, 6), (5, 5)];

/// Plays games (greedy against random and easy, seeds from `seed` on) and
/// tries each position from the middle game on as a puzzle, until each band
/// has `per_band` puzzles or `budget` runs out. Prints each puzzle found.
pub fn find(
    registry: &VariantRegistry,
    rules: &Rules,
    per_band: usize,
    seed: u64,
    proof_time: Duration,
    budget: Duration,
    out: &mut impl Write,
) -> Result<usize, CliError> {
    let started = Instant::now();
    let solver = Solver::new(
        rules,
        SolverConfig {
            table_bytes: 256 << 20,
            threads: 1,
            ..SolverConfig::default()
        },
    );
    let mut seen = HashSet::new();
    let mut found = [0usize; 3];
    // Evenly matched players: their endgames are close, so most turns of a
    // won position still lose.
    let pairings = [
        Players::new(Level::Easy, Level::Easy),
        Players::new(Level::Greedy, Level::Greedy),
        Players::new(Level::Easy, Level::Greedy),
    ];
    let mut game = 0u64;
    let wanted = (per_band * found.len()) as u64;
    let mut progress = super::progress::Progress::new("puzzles", wanted);
    while found.iter().any(|&n| n < per_band) && started.elapsed() < budget {
        progress.set(found.iter().map(|&n| n.min(per_band) as u64).sum());
        progress.doing(format!(
            "game {}, {:.0} of {:.0} s",
            game + 1,
            started.elapsed().as_secs_f64(),
            budget.as_secs_f64()
        ));
        let (files, ranks) = BOARDS[(game % 3) as usize];
        let size = rules
            .sizes()
            .nearest(BoardSize::new(files, ranks).expect("a board size"));
        let players = &pairings[(game / 3 % 3) as usize];
        let played = ai::play_out(rules, rules.start(size), players, seed + game)?;
        game += 1;
        let positions = played.record.replay(registry)?;
        // Late positions first: they are the ones the solver proves. Beside
        // each, the positions its other turns lead to: a mistake to punish.
        let late: Vec<Position> = positions.iter().rev().skip(1).take(10).copied().collect();
        let candidates = super::accuracy::late_positions_and_siblings(rules, &late, 40)?;
        // One puzzle a band from each game: its other positions are close
        // relatives of the one found.
        let mut taken = [false; 3];
        for pos in &candidates {
            if started.elapsed() >= budget || !seen.insert(*pos) {
                continue;
            }
            let limits = SolveLimits::time(proof_time);
            let Some(puzzle) = ai::puzzle_at(rules, &solver, pos, &limits)? else {
                continue;
            };
            let band = Band::ALL
                .iter()
                .position(|b| *b == puzzle.band)
                .expect("a band");
            if found[band] < per_band && !taken[band] {
                found[band] += 1;
                taken[band] = true;
                writeln!(out, "{puzzle}")?;
                out.flush()?;
            }
        }
    }
    progress.finish();
    Ok(found.iter().sum())
}
