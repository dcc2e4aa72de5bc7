//! `burrow play`, `burrow tournament` and `burrow analyze`: the computer
//! levels at work from the command line.

use std::io::Write;
use std::num::NonZeroU64;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::ai::{self, Level, Players};
use crate::rules::{Position, VariantRegistry};

use super::args::{CliError, GameArg, position_or_start, think_ms};

/// Play a whole game and print its record.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArg,
    #[arg(long, default_value = "random")]
    white: Level,
    #[arg(long, default_value = "random")]
    black: Level,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[arg(long)]
    position: Option<Position>,
}

impl PlayArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        let rules = self.game.rules(registry)?;
        let start = position_or_start(rules, self.position)?;
        let players = Players::new(self.white, self.black);
        let game = ai::play_out(rules, start, &players, self.seed)?;
        let mut record = game.record;
        record.white = self.white.to_string();
        record.black = self.black.to_string();
        write!(out, "{record}")?;
        Ok(())
    }
}

/// Two computer levels play each other, colours alternating.
#[derive(clap::Args, Debug)]
pub struct TournamentArgs {
    #[command(flatten)]
    game: GameArg,
    /// Level of player A (random, greedy, easy, medium, hard, strongest).
    #[arg(long)]
    a: Level,
    #[arg(long)]
    b: Level,
    /// How many games (at least one).
    #[arg(long, default_value_t = NonZeroU64::new(20).expect("not zero"))]
    games: NonZeroU64,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Think time per turn of the `strongest` level, in milliseconds
    /// (100 to 10000).
    #[arg(long = "think-ms", default_value = "1000", value_parser = think_ms)]
    think: Duration,
}

impl TournamentArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        let rules = self.game.rules(registry)?;
        let (a, b) = (self.a, self.b);
        let progress = std::sync::Mutex::new(super::progress::Progress::new(
            "tournament",
            self.games.get(),
        ));
        if let Ok(mut progress) = progress.lock() {
            progress.doing(format!("{a} against {b}"));
        }
        let played = |finished: u64| {
            if let Ok(mut progress) = progress.lock() {
                progress.set(finished);
            }
        };
        let result = ai::run_match_watched(
            rules,
            a,
            b,
            self.games,
            self.seed,
            self.threads,
            self.think,
            &played,
        );
        if let Ok(progress) = progress.into_inner() {
            progress.finish();
        }
        let result = result?;
        let (lo, hi) = result.interval();
        writeln!(
            out,
            "{}: {a} vs {b}, {} games: {a} won {}, lost {}; score {:.1}% (95% CI {:.1}%-{:.1}%), Elo difference {:+.0}",
            self.game.variant,
            result.games(),
            result.wins,
            result.losses,
            100.0 * result.score(),
            100.0 * lo,
            100.0 * hi,
            result.elo()
        )?;
        for (level, times) in [(a, result.a_thinking), (b, result.b_thinking)] {
            writeln!(
                out,
                "  {level}: {} decisions, mean {:.0} ms, longest {} ms",
                times.decisions,
                times.mean_ms(),
                times.longest_ms
            )?;
        }
        Ok(())
    }
}

/// Search a position and print the best turn found.
#[derive(clap::Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    game: GameArg,
    #[arg(long)]
    position: Option<Position>,
    /// Search time in milliseconds.
    #[arg(long, default_value_t = 1000)]
    time: u64,
}

impl AnalyzeArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        let rules = self.game.rules(registry)?;
        let pos = position_or_start(rules, self.position)?;
        // The analysis is the strongest level's, given the time.
        let config = Level::Strongest
            .search_config(
                ai::AiProfile::of(rules).levels,
                Duration::from_millis(self.time),
            )
            .expect("strongest searches");
        let never = AtomicBool::new(false);
        match ai::search(rules, &pos, &config, &never)? {
            None => writeln!(out, "no turn: {} has lost", pos.turn)?,
            Some(d) => {
                let rate = d.report.nodes as f64 / (d.report.elapsed_ms.max(1) as f64 / 1000.0);
                writeln!(out, "best {} (played {})", d.turn.key(), d.turn.played())?;
                writeln!(
                    out,
                    "score {} depth {} nodes {} time {} ms nodes/s {:.0}",
                    d.report.score, d.report.depth, d.report.nodes, d.report.elapsed_ms, rate
                )?;
            }
        }
        Ok(())
    }
}
