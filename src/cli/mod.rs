//! The command-line front end: `burrow moves`, `perft` and `play`, on the
//! same engine (and the same variant registry) as the game.

mod random_game;
mod tournament;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::rules::{Position, Rules, VariantRegistry};

pub use random_game::{play_levels, play_random_game};
pub use tournament::{GameResult, MatchResult, ThinkTimes, opening, play_game, run_match};

#[derive(Parser, Debug)]
#[command(
    name = "burrow",
    version,
    about = "Burrow: capture-template board games (with no command: play in a window)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Start straight into a game of this variant, skipping the menu.
    #[arg(long)]
    variant: Option<String>,
    /// Both sides played by the computer (watch a game).
    #[arg(long)]
    watch: bool,
    /// Click these squares in order (comma separated, e.g. b1,a1), as a player would.
    #[arg(long, value_delimiter = ',')]
    click: Vec<String>,
    /// Save a screenshot here once the clicks are played and the board is still, then quit.
    #[arg(long)]
    screenshot: Option<std::path::PathBuf>,
    /// Log frames per second every few seconds.
    #[arg(long)]
    fps: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print every distinct legal turn (canonical text, byte order).
    Moves {
        #[arg(long)]
        variant: String,
        /// A position text; the start position when left out.
        #[arg(long)]
        position: Option<String>,
        /// Print the legal initial captures with their paths instead.
        #[arg(long)]
        steps: bool,
    },
    /// Count the distinct turn sequences of a given depth.
    Perft {
        #[arg(long)]
        variant: String,
        #[arg(long)]
        depth: u32,
        #[arg(long)]
        position: Option<String>,
        /// Worker threads (the root's turns are shared among them).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Two computer levels play each other, colours alternating.
    Tournament {
        #[arg(long)]
        variant: String,
        /// Level of player A (random, greedy, easy, medium, hard, strongest).
        #[arg(long)]
        a: String,
        #[arg(long)]
        b: String,
        #[arg(long, default_value_t = 20)]
        games: u64,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Think time per turn of the `strongest` level, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        think_ms: u64,
    },
    /// Search a position and print the best turn found.
    Analyze {
        #[arg(long)]
        variant: String,
        #[arg(long)]
        position: Option<String>,
        /// Search time in milliseconds.
        #[arg(long, default_value_t = 1000)]
        time: u64,
    },
    /// Play a whole game and print its record.
    Play {
        #[arg(long)]
        variant: String,
        #[arg(long, default_value = "random")]
        white: String,
        #[arg(long, default_value = "random")]
        black: String,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        #[arg(long)]
        position: Option<String>,
    },
}

/// Runs the CLI with the built-in variants.
pub fn main() -> ExitCode {
    run_with_mods(std::env::args_os(), &|_| {})
}

/// Runs the CLI (and, with no command, the game) with the variants that
/// `mods` registers through their Bevy plugins, besides the built-in ones.
pub fn run_with_mods<I, T>(args: I, mods: &dyn Fn(&mut bevy::app::App)) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    // The plugins only touch the registry, so a bare app is enough to read it.
    let mut probe = bevy::app::App::new();
    probe.insert_resource(crate::game::Variants::default());
    mods(&mut probe);
    let registry = probe.world().resource::<crate::game::Variants>().0.clone();
    run_inner(&registry, args, mods)
}

/// Runs the CLI with a given registry.
pub fn run<I, T>(registry: &VariantRegistry, args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    run_inner(registry, args, &|_| {})
}

fn run_inner<I, T>(
    registry: &VariantRegistry,
    args: I,
    mods: &dyn Fn(&mut bevy::app::App),
) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or("bad arguments");
            eprintln!("{first}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::stdout().lock();
    match execute(registry, cli, &mut out, mods) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let _ = out.flush();
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn rules_for<'a>(registry: &'a VariantRegistry, id: &str) -> Result<&'a Rules, String> {
    registry.get(id).ok_or_else(|| {
        format!(
            "unknown variant `{id}` (known: {})",
            registry.ids().join(", ")
        )
    })
}

fn position_or_start(text: Option<&str>) -> Result<Position, String> {
    match text {
        Some(text) => text.parse().map_err(|e| format!("{e}")),
        None => Ok(Position::start_standard()),
    }
}

fn execute(
    registry: &VariantRegistry,
    cli: Cli,
    out: &mut impl Write,
    mods: &dyn Fn(&mut bevy::app::App),
) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    match cli.command {
        None => {
            let mut options = crate::game::GameOptions::default();
            if let Some(variant) = cli.variant {
                rules_for(registry, &variant)?;
                let mut setup = crate::game::NewGame {
                    variant,
                    ..Default::default()
                };
                if cli.watch {
                    let computer = crate::game::Player::Computer(crate::game::Level::Medium);
                    setup.white = computer;
                    setup.black = computer;
                } else {
                    setup.black = crate::game::Player::Human;
                }
                options.start = Some(setup);
            }
            for name in &cli.click {
                options
                    .clicks
                    .push(name.parse().map_err(|e| format!("--click: {e}"))?);
            }
            options.screenshot = cli.screenshot;
            options.log_fps = cli.fps;
            out.flush().map_err(io)?;
            crate::game::run(options, mods);
        }
        Some(Command::Moves {
            variant,
            position,
            steps,
        }) => {
            let rules = rules_for(registry, &variant)?;
            let pos = position_or_start(position.as_deref())?;
            let mut lines: Vec<String> = if steps {
                rules
                    .initial_captures(&pos)
                    .iter()
                    .map(|capture| {
                        let path = rules.path(&pos.board, capture);
                        let squares: Vec<String> = path.iter().map(|s| s.to_string()).collect();
                        let route = capture.route.map(|r| format!("/{r}")).unwrap_or_default();
                        format!(
                            "{}x{}{route} {}",
                            capture.from,
                            capture.to,
                            squares.join("-")
                        )
                    })
                    .collect()
            } else {
                let turns = rules.turns(&pos).map_err(|e| e.to_string())?;
                turns.iter().map(|t| t.key().to_string()).collect()
            };
            lines.sort();
            for line in lines {
                writeln!(out, "{line}").map_err(io)?;
            }
        }
        Some(Command::Perft {
            variant,
            depth,
            position,
            threads,
        }) => {
            let rules = rules_for(registry, &variant)?;
            let pos = position_or_start(position.as_deref())?;
            let count = rules
                .perft_parallel(&pos, depth, threads)
                .map_err(|e| e.to_string())?;
            writeln!(out, "{count}").map_err(io)?;
        }
        Some(Command::Play {
            variant,
            white,
            black,
            seed,
            position,
        }) => {
            let rules = rules_for(registry, &variant)?;
            let start = position_or_start(position.as_deref())?;
            let levels = [&white, &black].map(|p| p.parse::<crate::ai::Level>());
            let [white_level, black_level] = [levels[0].clone()?, levels[1].clone()?];
            let mut record = if white_level == crate::ai::Level::Random
                && black_level == crate::ai::Level::Random
            {
                play_random_game(rules, start, seed).map_err(|e| e.to_string())?
            } else {
                play_levels(rules, start, white_level, black_level, seed)
                    .map_err(|e| e.to_string())?
            };
            record.white = white;
            record.black = black;
            write!(out, "{record}").map_err(io)?;
        }
        Some(Command::Tournament {
            variant,
            a,
            b,
            games,
            seed,
            threads,
            think_ms,
        }) => {
            let rules = rules_for(registry, &variant)?;
            let (a, b): (crate::ai::Level, crate::ai::Level) = (a.parse()?, b.parse()?);
            let think = std::time::Duration::from_millis(think_ms);
            let result =
                run_match(rules, a, b, games, seed, threads, think).map_err(|e| e.to_string())?;
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
            .map_err(io)?;
            for (level, times) in [(a, result.a_thinking), (b, result.b_thinking)] {
                writeln!(
                    out,
                    "  {level}: {} decisions, mean {:.0} ms, longest {} ms",
                    times.decisions,
                    times.mean_ms(),
                    times.longest_ms
                )
                .map_err(io)?;
            }
        }
        Some(Command::Analyze {
            variant,
            position,
            time,
        }) => {
            let rules = rules_for(registry, &variant)?;
            let pos = position_or_start(position.as_deref())?;
            // The analysis is the strongest level's, given the time.
            let config = crate::ai::Level::Strongest
                .search_config(
                    rules.level_lookahead(),
                    std::time::Duration::from_millis(time),
                )
                .expect("strongest searches");
            let never = std::sync::atomic::AtomicBool::new(false);
            match crate::ai::search(rules, &pos, &config, &never).map_err(|e| e.to_string())? {
                None => writeln!(out, "no turn: {} has lost", pos.turn).map_err(io)?,
                Some(d) => {
                    let rate = d.report.nodes as f64 / (d.report.elapsed_ms.max(1) as f64 / 1000.0);
                    writeln!(out, "best {} (played {})", d.turn.key(), d.turn.played())
                        .map_err(io)?;
                    writeln!(
                        out,
                        "score {} depth {} nodes {} time {} ms nodes/s {:.0}",
                        d.report.score, d.report.depth, d.report.nodes, d.report.elapsed_ms, rate
                    )
                    .map_err(io)?;
                }
            }
        }
    }
    Ok(())
}
