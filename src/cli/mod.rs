//! The command-line front end: `burrow moves`, `perft`, `play`,
//! `tournament` and `analyze`, on the same engine (and the same variant
//! registry) as the game. It parses arguments and prints; the work is the
//! rules' and the AI's. With no command it hands back what the game window
//! should open with, for the launcher to open it (the CLI knows no Bevy).

use std::io::Write;
use std::num::NonZeroU64;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::{Parser, Subcommand};

use crate::ai::{self, Level, Players};
use crate::rules::{BoardSize, PerftCount, Position, Rules, Square, VariantRegistry, state_budget};

mod accuracy;
#[cfg(not(target_arch = "wasm32"))]
pub mod online;
mod puzzles;
mod solve;

pub use solve::{boards_up_to, solution_line};

/// How many turn states listing one position's turns may take by default
/// (`--max-states`): above the heaviest position met in real games (about 7
/// million, a Tumburrow middle game with 154,566 turns, listed in about 4 s),
/// and small enough that a position beyond it is given up on in seconds.
pub const DEFAULT_MAX_STATES: u64 = 10_000_000;

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
    click: Vec<Square>,
    /// Save a screenshot here once the clicks are played and the board is still, then quit.
    #[arg(long)]
    screenshot: Option<PathBuf>,
    /// Log frames per second every few seconds.
    #[arg(long)]
    fps: bool,
    /// Start the game (with --variant) from this position, on its board.
    #[arg(long, requires = "variant")]
    position: Option<Position>,
    /// Open with the analysis on (a screenshot then waits for it to finish).
    #[arg(long)]
    analysis: bool,
    /// Open puzzle number N of the shipped puzzles (counting from 1).
    #[arg(long, conflicts_with = "variant")]
    puzzle: Option<std::num::NonZeroUsize>,
    /// Open the guided first game of --variant.
    #[arg(long, requires = "variant", conflicts_with_all = ["position", "watch"])]
    lesson: bool,
    /// Open this record file with its review (the evaluation graph).
    #[arg(long, conflicts_with_all = ["variant", "puzzle"])]
    review: Option<PathBuf>,
    /// A check: send this many seeded random inputs (clicks, keys, window
    /// resizes) through the window, then check the board and the move list
    /// and quit.
    #[arg(long, conflicts_with_all = ["click", "screenshot"])]
    storm: Option<u32>,
    /// The storm's seed.
    #[arg(long, default_value_t = 1, requires = "storm")]
    storm_seed: u64,
    /// Open with the rules help showing (at --variant's game).
    #[arg(long)]
    rules: bool,
    /// Open with this look: classic or high-contrast.
    #[arg(long, value_parser = ["classic", "high-contrast"])]
    theme: Option<String>,
    /// Join this online table (its code) at --server.
    #[arg(long, conflicts_with_all = ["variant", "puzzle", "review"])]
    join: Option<String>,
    /// Open a new online table of this game at --server (8x8, no clock).
    #[arg(long, conflicts_with_all = ["join", "variant", "puzzle", "review"])]
    host: Option<String>,
    /// With --host: the server's computer takes the other seat at this level.
    #[arg(long, requires = "host")]
    opponent: Option<Level>,
    /// The server for --join, --host and the Online window (host:port).
    #[arg(long)]
    server: Option<String>,
    /// Your name at an online table.
    #[arg(long)]
    name: Option<String>,
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
        /// Print each distinct turn in played text (every capture in order,
        /// as a move list and the online server read it) instead.
        #[arg(long, conflicts_with = "steps")]
        played: bool,
        /// Give up once listing the turns walks this many turn states.
        #[arg(long, default_value_t = DEFAULT_MAX_STATES)]
        max_states: u64,
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
        /// Give up once listing any one position's turns walks this many
        /// turn states.
        #[arg(long, default_value_t = DEFAULT_MAX_STATES)]
        max_states: u64,
    },
    /// Two computer levels play each other, colours alternating.
    Tournament {
        #[arg(long)]
        variant: String,
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
    /// Prove who wins a position, and print every winning turn with the
    /// number of turns to the end under best play.
    Solve {
        #[arg(long)]
        variant: String,
        /// Solve the start position of a board this size (e.g. 5x5).
        #[arg(long)]
        size: Option<BoardSize>,
        /// Solve this position instead.
        #[arg(long)]
        position: Option<String>,
        #[command(flatten)]
        solver: solve::SolverArgs,
        /// Keep the solved turns in this file and resume from it.
        #[arg(long)]
        checkpoint: Option<PathBuf>,
        /// Find every turn's distance, losing turns' too (slower).
        #[arg(long, conflicts_with = "value_only")]
        all_distances: bool,
        /// Prove only who wins after each turn, no distances (fastest).
        #[arg(long)]
        value_only: bool,
    },
    /// Solve the start of every board up to a number of squares, for each
    /// game, printing the solutions table (tests/data/solutions.txt).
    SolveBoards {
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
        solver: solve::SolverArgs,
    },
    /// Find puzzles (positions the solver proves a win for the side to
    /// move, with one winning first turn) in games of the computer levels.
    Puzzles {
        #[arg(long)]
        variant: String,
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
    },
    /// Measure each computer level against the solver: in proven won
    /// positions, how often it plays a winning turn and how often it loses
    /// the position against the solver's best defence.
    Accuracy {
        #[arg(long)]
        variant: String,
        #[arg(long, default_value_t = 30)]
        positions: usize,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Think time of `strongest`, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        think_ms: u64,
    },
    /// How far exact play reaches on 8x8: who wins proven within a time
    /// limit, by the pieces left, in positions of real games.
    Reach {
        #[arg(long)]
        variant: String,
        #[arg(long, default_value_t = 10)]
        games: u64,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Time for each position, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        time_ms: u64,
    },
    /// Play a whole game and print its record.
    Play {
        #[arg(long)]
        variant: String,
        #[arg(long, default_value = "random")]
        white: Level,
        #[arg(long, default_value = "random")]
        black: Level,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        #[arg(long)]
        position: Option<String>,
    },
    /// Run a server for online play (HTTP and WebSocket; see docs/online.md).
    #[cfg(not(target_arch = "wasm32"))]
    Serve {
        /// Address to listen on (port 0: any free port, printed at start).
        #[arg(long, default_value = "127.0.0.1:8080")]
        listen: std::net::SocketAddr,
        /// Where the games are kept: sqlite://FILE?mode=rwc or postgres://…
        #[arg(long, default_value = crate::server::DEFAULT_DATABASE)]
        database: String,
        /// Serve this folder (the web build, dist/web) at /.
        #[arg(long)]
        site: Option<PathBuf>,
        /// Think time per turn of the server's computer, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        think_ms: u64,
    },
    /// Sit a computer level at a server's table and play it to the end.
    #[cfg(not(target_arch = "wasm32"))]
    Bot {
        /// The server: host:port, http://host:port or ws://host:port/ws.
        #[arg(long)]
        server: String,
        /// The table's code.
        #[arg(long)]
        join: String,
        #[arg(long, default_value = "hard")]
        level: Level,
        #[arg(long, default_value = "bot")]
        name: String,
        /// Think time per turn, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        think_ms: u64,
    },
    /// Play many scripted games at once through a server and report turns
    /// per second and the time from a turn sent to its broadcast.
    #[cfg(not(target_arch = "wasm32"))]
    Load {
        #[arg(long)]
        server: String,
        #[arg(long, default_value_t = 200)]
        games: usize,
        /// Board of every game.
        #[arg(long, default_value = "6x6")]
        size: String,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The server's process id, to report its memory.
        #[arg(long)]
        server_pid: Option<u32>,
    },
}

/// What the game window should open with, when no command was given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WindowRequest {
    /// Start straight into a game of this (registered) variant.
    pub variant: Option<String>,
    /// Both sides played by the computer.
    pub watch: bool,
    pub clicks: Vec<Square>,
    pub screenshot: Option<PathBuf>,
    pub log_fps: bool,
    /// Start from this position instead of the board's start.
    pub position: Option<Position>,
    pub analysis: bool,
    /// Open this puzzle (counting from 1).
    pub puzzle: Option<std::num::NonZeroUsize>,
    /// Open the guided first game of `variant`.
    pub lesson: bool,
    /// Open this record file and its review.
    pub review: Option<PathBuf>,
    /// Open with this theme (`classic` or `high-contrast`).
    pub theme: Option<String>,
    /// Open with the rules help showing.
    pub rules: bool,
    /// Join this online table at `server`.
    pub join: Option<String>,
    /// Open a new online table of this game at `server`, with the server's
    /// computer opposite at this level if `opponent` is set.
    pub host: Option<String>,
    pub opponent: Option<String>,
    pub server: Option<String>,
    pub name: Option<String>,
    /// A storm check: inputs and seed.
    pub storm: Option<(u32, u64)>,
}

/// What a run of the CLI came to.
#[derive(Debug)]
pub enum Outcome {
    /// A command ran (or the arguments were refused); exit with this code.
    Exit(ExitCode),
    /// No command: open the game window.
    OpenWindow(Box<WindowRequest>),
}

/// Runs the CLI on `args` (the program name first) with the variants of
/// `registry`.
pub fn run<I, T>(registry: &VariantRegistry, args: I) -> Outcome
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return Outcome::Exit(ExitCode::SUCCESS);
        }
        Err(e) => {
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or("bad arguments");
            eprintln!("{first}");
            return Outcome::Exit(ExitCode::from(2));
        }
    };
    let Some(command) = cli.command else {
        if let Some(variant) = &cli.variant
            && let Err(message) = rules_for(registry, variant)
        {
            eprintln!("error: {message}");
            return Outcome::Exit(ExitCode::FAILURE);
        }
        return Outcome::OpenWindow(Box::new(WindowRequest {
            variant: cli.variant,
            watch: cli.watch,
            clicks: cli.click,
            screenshot: cli.screenshot,
            log_fps: cli.fps,
            position: cli.position,
            analysis: cli.analysis,
            puzzle: cli.puzzle,
            lesson: cli.lesson,
            review: cli.review,
            theme: cli.theme,
            rules: cli.rules,
            storm: cli.storm.map(|n| (n, cli.storm_seed)),
            join: cli.join,
            host: cli.host,
            opponent: cli.opponent.map(|l| l.name().to_string()),
            server: cli.server,
            name: cli.name,
        }));
    };
    let mut out = std::io::stdout().lock();
    Outcome::Exit(match execute(registry, command, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let _ = out.flush();
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    })
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

/// The think time `--think-ms` asks for, if it is within [`ai::THINK_SECONDS`].
fn think_time(think_ms: u64) -> Result<Duration, String> {
    let seconds = think_ms as f32 / 1000.0;
    if ai::THINK_SECONDS.contains(&seconds) {
        Ok(Duration::from_millis(think_ms))
    } else {
        Err(format!(
            "--think-ms {think_ms}: think time must be {} to {} ms",
            ai::THINK_SECONDS.start() * 1000.0,
            ai::THINK_SECONDS.end() * 1000.0
        ))
    }
}

/// Why a listing stopped at `--max-states`.
fn too_many_states(max_states: u64, what: &str) -> String {
    format!(
        "{what} stopped after {max_states} turn states (--max-states): a position here has \
         too many distinct turns to list; raise --max-states to go on"
    )
}

fn execute(
    registry: &VariantRegistry,
    command: Command,
    out: &mut impl Write,
) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    match command {
        #[cfg(not(target_arch = "wasm32"))]
        Command::Serve {
            listen,
            database,
            site,
            think_ms,
        } => crate::server::serve(
            registry.clone(),
            crate::server::ServeOptions {
                listen,
                database,
                site,
                think: Duration::from_millis(think_ms.clamp(10, 10_000)),
            },
        )?,
        #[cfg(not(target_arch = "wasm32"))]
        Command::Bot {
            server,
            join,
            level,
            name,
            think_ms,
        } => online::bot(
            registry,
            &server,
            &join,
            level,
            &name,
            Duration::from_millis(think_ms.clamp(10, 10_000)),
            out,
        )?,
        #[cfg(not(target_arch = "wasm32"))]
        Command::Load {
            server,
            games,
            size,
            seed,
            server_pid,
        } => online::load(registry, &server, games, &size, seed, server_pid, out)?,
        Command::Moves {
            variant,
            position,
            steps,
            played,
            max_states,
        } => {
            let rules = rules_for(registry, &variant)?;
            let pos = position_or_start(position.as_deref())?;
            let mut lines: Vec<String> = if steps {
                let mut lines = Vec::new();
                for capture in rules.initial_captures(&pos) {
                    let path = rules
                        .path(&pos.board, &capture)
                        .map_err(|e| e.to_string())?;
                    let squares: Vec<String> = path.iter().map(|s| s.to_string()).collect();
                    let route = capture.route.map(|r| format!("/{r}")).unwrap_or_default();
                    lines.push(format!(
                        "{}x{}{route} {}",
                        capture.from,
                        capture.to,
                        squares.join("-")
                    ));
                }
                lines
            } else {
                let turns = rules
                    .turns_until(&pos, &mut state_budget(max_states))
                    .map_err(|e| e.to_string())?
                    .ok_or_else(|| too_many_states(max_states, "listing the turns"))?;
                if played {
                    turns.iter().map(|t| t.played().to_string()).collect()
                } else {
                    turns.iter().map(|t| t.key().to_string()).collect()
                }
            };
            lines.sort();
            for line in lines {
                writeln!(out, "{line}").map_err(io)?;
            }
        }
        Command::Perft {
            variant,
            depth,
            position,
            threads,
            max_states,
        } => {
            let rules = rules_for(registry, &variant)?;
            let pos = position_or_start(position.as_deref())?;
            match rules
                .perft_limited(&pos, depth, threads, max_states)
                .map_err(|e| e.to_string())?
            {
                PerftCount::Done(count) => writeln!(out, "{count}").map_err(io)?,
                PerftCount::Stopped {
                    partial,
                    root_turns_counted,
                    root_turns,
                } => {
                    let progress = if root_turns == 0 {
                        "it stopped while listing the position's own turns".to_string()
                    } else {
                        format!(
                            "{root_turns_counted} of the root's {root_turns} turns were counted \
                             in full, {partial} sequences"
                        )
                    };
                    return Err(format!(
                        "{}; {progress}",
                        too_many_states(max_states, "perft")
                    ));
                }
            }
        }
        Command::Play {
            variant,
            white,
            black,
            seed,
            position,
        } => {
            let rules = rules_for(registry, &variant)?;
            let start = position_or_start(position.as_deref())?;
            let game = ai::play_out(rules, start, &Players::new(white, black), seed)
                .map_err(|e| e.to_string())?;
            let mut record = game.record;
            record.white = white.to_string();
            record.black = black.to_string();
            write!(out, "{record}").map_err(io)?;
        }
        Command::Tournament {
            variant,
            a,
            b,
            games,
            seed,
            threads,
            think_ms,
        } => {
            let rules = rules_for(registry, &variant)?;
            let think = think_time(think_ms)?;
            let result = ai::run_match(rules, a, b, games, seed, threads, think)
                .map_err(|e| e.to_string())?;
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
        Command::Solve {
            variant,
            size,
            position,
            solver,
            checkpoint,
            all_distances,
            value_only,
        } => {
            let rules = rules_for(registry, &variant)?;
            solve::solve(
                rules,
                solve::SolveRequest {
                    size,
                    position,
                    solver,
                    checkpoint,
                    distances: if all_distances {
                        ai::Distances::All
                    } else if value_only {
                        ai::Distances::None
                    } else {
                        ai::Distances::Winning
                    },
                },
                out,
            )?;
        }
        Command::SolveBoards {
            variant,
            max_squares,
            min_squares,
            solver,
        } => {
            let ids: Vec<String> = if variant.is_empty() {
                registry.ids().into_iter().map(String::from).collect()
            } else {
                variant
            };
            let games = ids
                .iter()
                .map(|id| rules_for(registry, id))
                .collect::<Result<Vec<_>, _>>()?;
            let (config, limit) = solver.checked()?;
            solve::solve_boards(&games, min_squares..=max_squares, config, limit, out)?;
        }
        Command::Puzzles {
            variant,
            per_band,
            seed,
            proof_ms,
            budget,
        } => {
            let rules = rules_for(registry, &variant)?;
            let found = puzzles::find(
                registry,
                rules,
                per_band,
                seed,
                Duration::from_millis(proof_ms),
                Duration::from_secs(budget),
                out,
            )?;
            eprintln!("{found} puzzles");
        }
        Command::Accuracy {
            variant,
            positions,
            seed,
            think_ms,
        } => {
            let rules = rules_for(registry, &variant)?;
            let think = think_time(think_ms)?;
            accuracy::accuracy(registry, rules, positions, seed, think, out)?;
        }
        Command::Reach {
            variant,
            games,
            seed,
            time_ms,
        } => {
            let rules = rules_for(registry, &variant)?;
            accuracy::reach(
                registry,
                rules,
                games,
                seed,
                Duration::from_millis(time_ms),
                out,
            )?;
        }
        Command::Analyze {
            variant,
            position,
            time,
        } => {
            let rules = rules_for(registry, &variant)?;
            let pos = position_or_start(position.as_deref())?;
            // The analysis is the strongest level's, given the time.
            let config = Level::Strongest
                .search_config(ai::AiProfile::of(rules).levels, Duration::from_millis(time))
                .expect("strongest searches");
            let never = AtomicBool::new(false);
            match ai::search(rules, &pos, &config, &never).map_err(|e| e.to_string())? {
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
