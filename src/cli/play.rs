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

/// Two computer levels play each other, colours alternating; or, with
/// `--player`, every pair of players (levels and engines from outside,
/// `--engine`) plays, Burrow's rules judging every turn.
#[derive(clap::Args, Debug)]
// The web page has no processes to run engines in: there, only --a and --b.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub struct TournamentArgs {
    #[command(flatten)]
    game: GameArg,
    /// Level of player A (random, greedy, easy, medium, hard, strongest).
    #[arg(long, required_unless_present = "players", requires = "b")]
    a: Option<Level>,
    #[arg(long, required_unless_present = "players", requires = "a")]
    b: Option<Level>,
    /// A player of a round robin: a level or the name of an --engine
    /// (twice or more, instead of --a and --b).
    #[arg(long = "player", value_name = "PLAYER", conflicts_with_all = ["a", "b"])]
    players: Vec<String>,
    /// An engine from outside that speaks the engine protocol, as
    /// NAME=COMMAND (a program and its arguments, separated by spaces), to
    /// name with --player.
    #[arg(long = "engine", value_name = "NAME=COMMAND")]
    engines: Vec<String>,
    /// The engines' clock: seconds each and an increment a turn, as
    /// SECONDS+INCREMENT (`10+0.1`); without it an engine has --think-ms a
    /// turn.
    #[arg(long, value_parser = clock)]
    clock: Option<(Duration, Duration)>,
    /// How many games (at least one).
    #[arg(long, default_value_t = NonZeroU64::new(20).expect("not zero"))]
    games: NonZeroU64,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Games played at once by --a and --b (a round robin of --player
    /// plays one game at a time, so that engines' clocks are fair).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Think time per turn of the `strongest` level, in milliseconds
    /// (100 to 10000); without --clock, an engine's time a turn too.
    #[arg(long = "think-ms", default_value = "1000", value_parser = think_ms)]
    think: Duration,
}

/// `--clock`: SECONDS+INCREMENT, each a number of seconds (a decimal).
fn clock(text: &str) -> Result<(Duration, Duration), ClockArgError> {
    let seconds = |part: &str| -> Result<Duration, ClockArgError> {
        let value = part
            .trim()
            .parse::<f64>()
            .map_err(|source| ClockArgError::NotSeconds {
                part: part.to_string(),
                source,
            })?;
        if value.is_finite() && (0.0..=86_400.0).contains(&value) {
            Ok(Duration::from_secs_f64(value))
        } else {
            Err(ClockArgError::OutOfRange(part.to_string()))
        }
    };
    let (each, increment) = text.split_once('+').unwrap_or((text, "0"));
    let (each, increment) = (seconds(each)?, seconds(increment)?);
    if each.is_zero() {
        return Err(ClockArgError::NoTime);
    }
    Ok((each, increment))
}

/// A `--clock` that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockArgError {
    #[error("`{part}` is not a number of seconds (SECONDS+INCREMENT, such as 10+0.1)")]
    NotSeconds {
        part: String,
        source: std::num::ParseFloatError,
    },
    #[error("`{0}` is not between 0 and 86400 seconds (a day)")]
    OutOfRange(String),
    #[error("the clock starts with no time (SECONDS+INCREMENT, such as 10+0.1)")]
    NoTime,
}

impl TournamentArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        let rules = self.game.rules(registry)?;
        #[cfg(not(target_arch = "wasm32"))]
        if !self.players.is_empty() {
            return self.round_robin(rules, out);
        }
        let (Some(a), Some(b)) = (self.a, self.b) else {
            return Err(CliError::Failed(
                "a tournament needs --a and --b, or two --player or more".into(),
            ));
        };
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
        write_match(
            out,
            &self.game.variant,
            &a.to_string(),
            &b.to_string(),
            &result,
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

#[cfg(not(target_arch = "wasm32"))]
impl TournamentArgs {
    /// Every pair of `--player`s plays `--games` games.
    fn round_robin(
        &self,
        rules: &crate::rules::Rules,
        out: &mut impl Write,
    ) -> Result<(), CliError> {
        use super::outside::{Player, round_robin};
        let mut engines = std::collections::BTreeMap::new();
        for engine in &self.engines {
            let (name, command) = engine
                .split_once('=')
                .filter(|(name, command)| !name.trim().is_empty() && !command.trim().is_empty())
                .ok_or_else(|| {
                    CliError::Failed(format!("--engine takes NAME=COMMAND, not `{engine}`"))
                })?;
            engines.insert(name.trim().to_string(), command.trim().to_string());
        }
        let players = self
            .players
            .iter()
            .map(|name| match engines.get(name) {
                Some(command) => Ok(Player::Outside {
                    name: name.clone(),
                    command: command.clone(),
                }),
                None => name.parse::<Level>().map(Player::Level).map_err(|_| {
                    CliError::Failed(format!(
                        "`{name}` is neither a level nor an --engine's name"
                    ))
                }),
            })
            .collect::<Result<Vec<_>, _>>()?;
        if players.len() < 2 {
            return Err(CliError::Failed(
                "a round robin needs two --player or more".into(),
            ));
        }
        let pairs = (players.len() * (players.len() - 1) / 2) as u64;
        let mut progress = super::progress::Progress::new("tournament", pairs * self.games.get());
        let mut finished = 0;
        let results = round_robin(
            rules,
            &players,
            self.games.get(),
            self.seed,
            self.think,
            self.clock,
            |pair| {
                finished += 1;
                progress.doing(pair.to_string());
                progress.set(finished);
            },
        )?;
        progress.finish();
        for pair in results {
            write_match(out, &self.game.variant, &pair.a, &pair.b, &pair.result)?;
            for (game, loser, fault) in &pair.faults {
                writeln!(out, "  game {game}: {loser} lost: it {fault}")?;
            }
        }
        Ok(())
    }
}

/// A match's line: A against B, A's wins and losses, its score with the
/// 95% interval, and the Elo difference it implies.
fn write_match(
    out: &mut impl Write,
    variant: &str,
    a: &str,
    b: &str,
    result: &ai::MatchResult,
) -> std::io::Result<()> {
    let (lo, hi) = result.interval();
    writeln!(
        out,
        "{variant}: {a} vs {b}, {} games: {a} won {}, lost {}; score {:.1}% (95% CI {:.1}%-{:.1}%), Elo difference {:+.0}",
        result.games(),
        result.wins,
        result.losses,
        100.0 * result.score(),
        100.0 * lo,
        100.0 * hi,
        result.elo()
    )
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_reads_as_seconds_and_an_increment() {
        assert_eq!(
            clock("10+0.1"),
            Ok((Duration::from_secs(10), Duration::from_millis(100)))
        );
        assert_eq!(clock("60"), Ok((Duration::from_secs(60), Duration::ZERO)));
    }

    #[test]
    fn a_bad_clock_is_named_with_its_cause() {
        let Err(e) = clock("ten+1") else {
            panic!("`ten` is no number")
        };
        assert!(matches!(&e, ClockArgError::NotSeconds { part, .. } if part == "ten"));
        assert!(std::error::Error::source(&e).is_some(), "{e}");
        assert_eq!(clock("10+-1"), Err(ClockArgError::OutOfRange("-1".into())));
        assert_eq!(
            clock("10+inf"),
            Err(ClockArgError::OutOfRange("inf".into()))
        );
        assert_eq!(clock("0+1"), Err(ClockArgError::NoTime));
    }
}
