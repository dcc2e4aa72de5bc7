//! `burrow accuracy`: the computer levels measured against the solver. In
//! positions the solver proves won for the side to move, five turns or more
//! from the end (and where some turn throws the win away), how often each
//! level plays a winning turn, and how often, playing on against the
//! solver's best defence, it loses the won position after all.
//!
//! `burrow reach`: how far exact play reaches on the real board, by the
//! pieces left.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::ai::{self, Distances, Level, Players, SolveLimits, Solver, SolverConfig, Value};
use crate::rules::{BoardSize, Position, Rules, VariantRegistry};

use super::args::{CliError, GameArg, think_ms};

/// Measure each computer level against the solver: in proven won
/// positions, how often it plays a winning turn and how often it loses
/// the position against the solver's best defence.
#[derive(clap::Args, Debug)]
pub struct AccuracyArgs {
    #[command(flatten)]
    game: GameArg,
    #[arg(long, default_value_t = 30)]
    positions: usize,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Think time of `strongest`, in milliseconds (100 to 10000).
    #[arg(long = "think-ms", default_value = "1000", value_parser = think_ms)]
    think: Duration,
}

impl AccuracyArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        let rules = self.game.rules(registry)?;
        accuracy(registry, rules, self.positions, self.seed, self.think, out)
    }
}

/// How far exact play reaches on 8x8: who wins proven within a time
/// limit, by the pieces left, in positions of real games.
#[derive(clap::Args, Debug)]
pub struct ReachArgs {
    #[command(flatten)]
    game: GameArg,
    #[arg(long, default_value_t = 10)]
    games: u64,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Time for each position, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    time_ms: u64,
}

impl ReachArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        let rules = self.game.rules(registry)?;
        let limit = Duration::from_millis(self.time_ms);
        reach(registry, rules, self.games, self.seed, limit, out)
    }
}

/// The boards test positions come from.
const BOARDS: [(u8, u8); 3] = [(5, 5), (6, 6), (8, 8)];

/// Won positions in which some turn loses, from games of evenly matched
/// levels, each proven within `proof_time`.
fn won_positions(
    registry: &VariantRegistry,
    rules: &Rules,
    solver: &Solver,
    wanted: usize,
    seed: u64,
    proof_time: Duration,
) -> Result<Vec<Position>, CliError> {
    let mut found = Vec::new();
    let mut game = 0u64;
    while found.len() < wanted && game < 50 * wanted as u64 {
        let (files, ranks) = BOARDS[(game % 3) as usize];
        let size = rules
            .sizes()
            .nearest(BoardSize::new(files, ranks).expect("a board size"));
        let played = ai::play_out(
            rules,
            rules.start(size),
            &Players::new(Level::Easy, Level::Easy),
            seed + game,
        )?;
        game += 1;
        let positions = played.record.replay(registry)?;
        // One position a game: the earliest proven one of its last ten and
        // the positions their other turns lead to (won endgames where every
        // turn wins are common, and tell nothing).
        let late: Vec<Position> = positions.iter().rev().take(10).rev().copied().collect();
        for pos in &late_positions_and_siblings(rules, &late, 30)? {
            let analysis = solver.analyse(
                pos,
                &SolveLimits::time(proof_time),
                Distances::Winning,
                None,
            )?;
            // A win at least five turns away, which a short look-ahead
            // does not see to its end.
            let far = matches!(analysis.knowledge.value(), Some(Value::Win(d)) if d >= 5);
            let critical = far
                && !analysis.stopped
                && analysis.turns.iter().any(|(_, k)| k.wins() == Some(false));
            if critical {
                found.push(*pos);
                break;
            }
        }
    }
    Ok(found)
}

/// The solver's longest defence, or `None` when it proves nothing in time.
fn defence(solver: &Solver, pos: &Position) -> Result<Option<Position>, CliError> {
    let analysis = solver.analyse(
        pos,
        &SolveLimits::time(Duration::from_secs(2)),
        Distances::All,
        None,
    )?;
    Ok(analysis.longest_defence().map(|t| t.result))
}

pub fn accuracy(
    registry: &VariantRegistry,
    rules: &Rules,
    positions: usize,
    seed: u64,
    think: Duration,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let solver = Solver::new(
        rules,
        SolverConfig {
            table_bytes: 512 << 20,
            threads: 1,
            ..SolverConfig::default()
        },
    );
    let won = won_positions(
        registry,
        rules,
        &solver,
        positions,
        seed,
        Duration::from_millis(300),
    )?;
    writeln!(
        out,
        "{}: {} won positions (5x5, 6x6 and 8x8 endgames, a win in 5 or more) where some turn loses",
        rules.id(),
        won.len()
    )?;
    let never = AtomicBool::new(false);
    let mut progress =
        super::progress::Progress::new("accuracy", (Level::ALL.len() * won.len()) as u64);
    for (l, level) in Level::ALL.into_iter().enumerate() {
        let (mut winning_turns, mut lost_games) = (0, 0);
        progress.doing(format!("{level} plays the won positions"));
        for (n, start) in won.iter().enumerate() {
            progress.set((l * won.len() + n) as u64);
            let mut pos = *start;
            let mut first = true;
            let winner = start.turn;
            loop {
                let decision = ai::choose(rules, &pos, level, think, seed + n as u64, &never)?;
                let Some(decision) = decision else {
                    // The level's side has no capture: it lost the won position.
                    lost_games += 1;
                    break;
                };
                let after = decision.turn.result;
                if first {
                    let value = solver.prove(&after, &SolveLimits::time(Duration::from_secs(2)))?;
                    winning_turns += usize::from(value.knowledge.wins() == Some(false));
                    first = false;
                }
                match defence(&solver, &after)? {
                    Some(next) => pos = next,
                    // The defender has no capture: the level won. (A defence
                    // the solver cannot prove in time ends the game too, the
                    // win held so far.)
                    None => break,
                }
                debug_assert_eq!(pos.turn, winner, "the level's side moves again");
            }
        }
        let share = |k: usize| 100.0 * k as f64 / won.len().max(1) as f64;
        writeln!(
            out,
            "  {:>9}: winning turn {:5.1}%, won position lost {:5.1}%",
            level.name(),
            share(winning_turns),
            share(lost_games)
        )?;
    }
    progress.finish();
    Ok(())
}

/// Piece-count bands for `burrow reach`.
const BANDS: [(u32, u32); 6] = [(2, 8), (9, 12), (13, 16), (17, 20), (21, 24), (25, 32)];

/// Proves who wins each position of `games` 8x8 games between `easy`
/// players with at most 32 pieces left, within `limit` each, and prints by
/// pieces left how many were proven and how long it took.
pub fn reach(
    registry: &VariantRegistry,
    rules: &Rules,
    games: u64,
    seed: u64,
    limit: Duration,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let mut tried: Vec<Vec<(bool, f64)>> = vec![Vec::new(); BANDS.len()];
    for game in 0..games {
        let played = ai::play_out(
            rules,
            rules.start(rules.usual_size()),
            &Players::new(Level::Easy, Level::Easy),
            seed + game,
        )?;
        let positions = played.record.replay(registry)?;
        for pos in positions {
            let pieces = pos.board.occupied().count();
            let Some(band) = BANDS
                .iter()
                .position(|(lo, hi)| (*lo..=*hi).contains(&pieces))
            else {
                continue;
            };
            // A fresh table each time: the figure is for a position met cold.
            let solver = Solver::new(rules, SolverConfig::default());
            let proved = solver.prove(&pos, &SolveLimits::time(limit))?;
            tried[band].push((!proved.stopped, proved.elapsed.as_secs_f64()));
        }
    }
    writeln!(
        out,
        "{}: 8x8 positions of {games} easy-vs-easy games, who wins proven within {} ms",
        rules.id(),
        limit.as_millis()
    )?;
    for (band, results) in BANDS.iter().zip(&tried) {
        if results.is_empty() {
            continue;
        }
        let mut solved: Vec<f64> = results.iter().filter(|r| r.0).map(|r| r.1).collect();
        solved.sort_by(f64::total_cmp);
        let median = solved
            .get(solved.len() / 2)
            .map_or("-".to_string(), |t| format!("{:.0} ms", t * 1000.0));
        writeln!(
            out,
            "  {:>2}-{:<2} pieces: {:>4} positions, proven {:5.1}%, median time of those {median}",
            band.0,
            band.1,
            results.len(),
            100.0 * solved.len() as f64 / results.len() as f64
        )?;
    }
    Ok(())
}

/// `late` and, after each, up to `siblings` of the positions its turns lead
/// to: where puzzles and test positions are looked for (a won endgame in
/// which every turn wins is common and tells nothing; a sibling is often a
/// mistake to punish).
pub(super) fn late_positions_and_siblings(
    rules: &Rules,
    late: &[Position],
    siblings: usize,
) -> Result<Vec<Position>, CliError> {
    let mut candidates = Vec::new();
    for pos in late {
        candidates.push(*pos);
        if let Some(turns) = rules.turns_until(pos, &mut crate::rules::state_budget(200_000))? {
            candidates.extend(turns.iter().take(siblings).map(|t| t.result));
        }
    }
    Ok(candidates)
}
