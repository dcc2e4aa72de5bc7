//! The command-line front end: one file per command (`moves`, `perft`,
//! `play`/`tournament`/`analyze`, `solve`, `puzzles`, `accuracy`/`reach`,
//! `engine`, `serve`/`bot`/`load`), on the same engine (and the same variant
//! registry) as the game. Each command is an argument type that parses
//! itself (clap) and a `run` that calls the rules or the AI and prints.
//! With no command it hands back what the game window should open with,
//! for the launcher to open it (the CLI knows no Bevy).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::ai::Level;
#[cfg(feature = "checks")]
use crate::rules::Square;
use crate::rules::{Position, VariantRegistry};

mod accuracy;
pub mod args;
mod checkpoint;
#[cfg(not(target_arch = "wasm32"))]
mod engine;
mod moves;
#[cfg(not(target_arch = "wasm32"))]
pub mod online;
#[cfg(not(target_arch = "wasm32"))]
pub mod outside;
mod perft;
mod play;
pub mod progress;
mod puzzles;
mod report;
mod solve;
mod solve_run;
mod solve_units;
#[cfg(not(target_arch = "wasm32"))]
mod train;

pub use args::CliError;
pub use checkpoint::{SolveFileError, read_checkpoint};
pub use solve::{boards_up_to, solution_line};

/// How many turn states listing one position's turns may take by default
/// (`--max-states`): above the heaviest position met in real games (about 7
/// million, a Tumburrow middle game with 154,566 turns, listed in about 4 s),
/// and small enough that a position beyond it is given up on in seconds.
pub const DEFAULT_MAX_STATES: u64 = 10_000_000;

/// The program's version: Cargo.toml's, and the commit it was built from
/// when the build said (`BURROW_COMMIT`, set by `.ci/release`), as
/// `burrow --version` prints it.
pub fn version() -> &'static str {
    const PACKAGE: &str = env!("CARGO_PKG_VERSION");
    match option_env!("BURROW_COMMIT") {
        Some(commit) if !commit.is_empty() => {
            static WITH_COMMIT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
            WITH_COMMIT.get_or_init(|| format!("{PACKAGE} (commit {commit})"))
        }
        _ => PACKAGE,
    }
}

#[derive(Parser, Debug)]
#[command(
    name = "burrow",
    version = version(),
    about = "Burrow: capture-template board games (with no command: play in a window)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    window: WindowRequest,
}

#[derive(Subcommand, Debug)]
enum Command {
    Moves(moves::MovesArgs),
    Perft(perft::PerftArgs),
    Tournament(play::TournamentArgs),
    Analyze(play::AnalyzeArgs),
    Solve(solve::SolveArgs),
    SolveBoards(solve::SolveBoardsArgs),
    Puzzles(puzzles::PuzzlesArgs),
    Report(report::ReportArgs),
    /// Teach the computer a game by self-play (not on the web page, which
    /// trains from the designer).
    #[cfg(not(target_arch = "wasm32"))]
    Train(train::TrainArgs),
    Accuracy(accuracy::AccuracyArgs),
    Reach(accuracy::ReachArgs),
    Play(play::PlayArgs),
    /// Play through the engine protocol on standard input and output, for
    /// match runners and boards (docs/engine-protocol.md).
    #[cfg(not(target_arch = "wasm32"))]
    Engine(engine::EngineArgs),
    #[cfg(not(target_arch = "wasm32"))]
    Serve(online::ServeArgs),
    #[cfg(not(target_arch = "wasm32"))]
    Bot(online::BotArgs),
    #[cfg(not(target_arch = "wasm32"))]
    Load(online::LoadArgs),
}

impl Command {
    fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        match self {
            Command::Moves(args) => args.run(registry, out),
            Command::Perft(args) => args.run(registry, out),
            Command::Tournament(args) => args.run(registry, out),
            Command::Analyze(args) => args.run(registry, out),
            Command::Solve(args) => args.run(registry, out),
            Command::SolveBoards(args) => args.run(registry, out),
            Command::Puzzles(args) => args.run(registry, out),
            Command::Report(args) => args.run(registry, out),
            // Run from `run`, which knows the game files.
            #[cfg(not(target_arch = "wasm32"))]
            Command::Train(args) => args.run(registry, &[], out),
            Command::Accuracy(args) => args.run(registry, out),
            Command::Reach(args) => args.run(registry, out),
            Command::Play(args) => args.run(registry, out),
            #[cfg(not(target_arch = "wasm32"))]
            Command::Engine(args) => args.run(registry, out),
            #[cfg(not(target_arch = "wasm32"))]
            Command::Serve(args) => args.run(registry),
            #[cfg(not(target_arch = "wasm32"))]
            Command::Bot(args) => args.run(registry, out),
            #[cfg(not(target_arch = "wasm32"))]
            Command::Load(args) => args.run(registry, out),
        }
    }
}

/// A window size as `WIDTHxHEIGHT`, each side from 320 to 8192.
fn window_size(text: &str) -> Result<(u32, u32), WindowSizeError> {
    let side = |t: &str| {
        t.trim()
            .parse::<u32>()
            .ok()
            .filter(|v| (320..=8192).contains(v))
    };
    text.split_once(['x', 'X'])
        .and_then(|(w, h)| Some((side(w)?, side(h)?)))
        .ok_or_else(|| WindowSizeError(text.to_string()))
}

/// A `--window-size` that is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected WIDTHxHEIGHT with sides from 320 to 8192, found `{0}`")]
pub struct WindowSizeError(String);

/// What the game window should open with, when no command was given: the
/// window's options as the command line reads them.
#[derive(clap::Args, Clone, Debug, Default, PartialEq, Eq)]
pub struct WindowRequest {
    /// Start straight into a game of this variant, skipping the menu.
    #[arg(long)]
    pub variant: Option<String>,
    /// Both sides played by the computer (watch a game).
    #[arg(long)]
    pub watch: bool,
    /// A check: click these squares in order (comma separated, e.g.
    /// b1,a1), as a player would.
    #[cfg(feature = "checks")]
    #[arg(long = "click", value_delimiter = ',')]
    pub clicks: Vec<Square>,
    /// A check: save a screenshot here once the clicks are played and the
    /// board is still, then quit.
    #[cfg(feature = "checks")]
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// A check: with the screenshot, write the window's accessibility tree
    /// (what a screen reader is given: each control's role and name) here.
    #[cfg(feature = "checks")]
    #[arg(long, value_name = "FILE", requires = "screenshot")]
    pub accessibility: Option<PathBuf>,
    /// Open the window at this size in logical pixels (WIDTHxHEIGHT, e.g.
    /// 800x600) instead of a size that fits the screen.
    #[arg(long, value_parser = window_size)]
    pub window_size: Option<(u32, u32)>,
    /// Log frames per second every few seconds.
    #[arg(long = "fps")]
    pub log_fps: bool,
    /// Start the game (with --variant) from this position, on its board.
    #[arg(long, requires = "variant")]
    pub position: Option<Position>,
    /// Open with the analysis on (a screenshot then waits for it to finish).
    #[arg(long)]
    pub analysis: bool,
    /// Turn the screen reader's command field and announcements on (and
    /// keep them on: it is a setting).
    #[arg(long)]
    pub screen_reader: bool,
    /// Open puzzle number N of the shipped puzzles (counting from 1).
    #[arg(long, conflicts_with = "variant")]
    pub puzzle: Option<std::num::NonZeroUsize>,
    /// Open the guided first game of --variant.
    #[arg(long, requires = "variant", conflicts_with_all = ["position", "watch"])]
    pub lesson: bool,
    /// Open this record file with its review (the evaluation graph).
    #[arg(long, conflicts_with_all = ["variant", "puzzle"])]
    pub review: Option<PathBuf>,
    /// A check: send this many seeded random inputs (clicks, keys, window
    /// resizes) through the window, then check the board and the move list
    /// and quit.
    #[cfg(feature = "checks")]
    #[arg(long, conflicts_with_all = ["clicks", "screenshot"])]
    pub storm: Option<u32>,
    /// A check: the file dialogs answer these files in order instead of
    /// opening (a dialog needs a desktop).
    #[cfg(feature = "checks")]
    #[arg(long = "dialog-answer", value_name = "FILE")]
    pub dialog_answers: Vec<PathBuf>,
    /// The storm's seed.
    #[cfg(feature = "checks")]
    #[arg(long, default_value_t = 1, requires = "storm")]
    pub storm_seed: u64,
    /// Open with the rules help showing (at --variant's game).
    #[arg(long)]
    pub rules: bool,
    /// Open with the settings window showing.
    #[arg(long)]
    pub settings: bool,
    /// Open the designer on a copy of this game.
    #[arg(long, value_name = "GAME")]
    pub designer: Option<String>,
    /// Open with this look: classic, green or high-contrast.
    #[arg(long, value_parser = ["classic", "green", "high-contrast"])]
    pub theme: Option<String>,
    /// Speak this language in the window (en, fr or de), for this run
    /// (Settings keeps the player's choice; without either, the system's).
    #[arg(long, value_parser = ["en", "fr", "de"])]
    pub language: Option<String>,
    /// Join this online table (its code) at --server.
    #[arg(long, conflicts_with_all = ["variant", "puzzle", "review"])]
    pub join: Option<String>,
    /// Open a new online table of this game at --server (8x8; no clock unless --clock).
    #[arg(long, conflicts_with_all = ["join", "variant", "puzzle", "review"])]
    pub host: Option<String>,
    /// With --host: the server's computer takes the other seat at this level.
    #[arg(long, requires = "host")]
    pub opponent: Option<Level>,
    /// Play someone now at --server: this game, 8x8, no clock (rated when
    /// the remembered account is signed in).
    #[arg(long, value_name = "GAME", conflicts_with_all = ["join", "host", "variant", "puzzle", "review"])]
    pub pair: Option<String>,
    /// The clock of --host or --pair: minutes+seconds (`5+3`) or days per
    /// turn (`3d`).
    #[arg(long, value_parser = crate::online::protocol::ClockSetting::parse)]
    pub clock: Option<crate::online::protocol::ClockSetting>,
    /// Take back the signed-in account's seat at this table (needs
    /// --sign-in).
    #[arg(long, value_name = "CODE", requires = "sign_in", conflicts_with_all = ["join", "host", "pair", "variant", "puzzle", "review"])]
    pub resume: Option<String>,
    /// Sign in at --server under this account at start, with the password
    /// in the BURROW_PASSWORD environment variable (never on the command
    /// line). The game remembers the account otherwise.
    #[arg(long, value_name = "NAME", requires = "server")]
    pub sign_in: Option<String>,
    /// Open with the Online window showing this tab.
    #[arg(long, value_name = "TAB", value_parser = ["play", "lobby", "my-games", "players", "account"])]
    pub online: Option<String>,
    /// The server for --join, --host, --pair and the Online window
    /// (host:port).
    #[arg(long)]
    pub server: Option<String>,
    /// A certificate authority (PEM file) to trust for a `wss://` server,
    /// for this run (Settings keeps one too).
    #[arg(long = "ca-file", value_name = "PEM")]
    pub ca_file: Option<PathBuf>,
    /// Continue the saved game (the one the title screen offers).
    #[arg(long = "continue", conflicts_with_all = ["variant", "puzzle", "review", "join", "host"])]
    pub continue_saved: bool,
    /// Keep the saved game in this folder instead of the user's (a check's
    /// window keeps none otherwise).
    #[arg(long = "save-dir", value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
    /// Your name at an online table.
    #[arg(long)]
    pub name: Option<String>,
    /// Add the game this file describes (see docs/designing.md); may be
    /// given more than once, before or after the command.
    #[arg(long = "game-file", global = true, value_name = "FILE")]
    pub game_files: Vec<PathBuf>,
    /// Learned weights for the game they were trained for (`burrow train`
    /// makes them), in place of its own; may be given more than once.
    #[arg(long = "weights", global = true, value_name = "FILE")]
    pub weights: Vec<PathBuf>,
}

/// What a run of the CLI came to.
#[derive(Debug)]
pub enum Outcome {
    /// A command ran (or the arguments were refused); exit with this code.
    Exit(ExitCode),
    /// No command: open the game window, with these games (the registry
    /// given, and the games of the command line's files).
    OpenWindow(Box<WindowRequest>, VariantRegistry),
}

/// The command line's grammar: every command and option `burrow` takes (the
/// docs' test checks each command line the docs show against it).
pub fn command() -> clap::Command {
    <Cli as clap::CommandFactory>::command()
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
    let mut registry = registry.clone();
    let added: Result<Vec<String>, _> = cli
        .window
        .game_files
        .iter()
        .map(|path| registry.add_game_file(path))
        .collect();
    let file_games = match added {
        Ok(ids) => ids,
        Err(e) => {
            eprintln!("error: {e}");
            return Outcome::Exit(ExitCode::FAILURE);
        }
    };
    #[cfg(not(target_arch = "wasm32"))]
    let file_paths: Vec<(String, PathBuf)> = file_games
        .iter()
        .cloned()
        .zip(cli.window.game_files.iter().cloned())
        .collect();
    #[cfg(not(target_arch = "wasm32"))]
    for (id, path) in &file_paths {
        if let Err(e) = crate::ai::learned::attach_weights_beside(&mut registry, id, path) {
            eprintln!("warning: {e}");
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    for path in &cli.window.weights {
        if let Err(e) = crate::ai::learned::attach_weights_file(&mut registry, path) {
            eprintln!("warning: {e}");
        }
    }
    let mut command = cli.command;
    // A report of one game file's game needs no --variant.
    if let (Some(Command::Report(args)), [only]) = (&mut command, file_games.as_slice()) {
        args.variant.get_or_insert_with(|| only.clone());
    }
    let Some(command) = command else {
        if let Some(variant) = &cli.window.variant
            && let Err(e) = args::rules_for(&registry, variant)
        {
            eprintln!("error: {e}");
            return Outcome::Exit(ExitCode::FAILURE);
        }
        return Outcome::OpenWindow(Box::new(cli.window), registry);
    };
    let mut out = std::io::stdout().lock();
    let ran = match command {
        #[cfg(not(target_arch = "wasm32"))]
        Command::Train(args) => args.run(&registry, &file_paths, &mut out),
        command => command.run(&registry, &mut out),
    };
    Outcome::Exit(match ran {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = out.flush();
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    })
}
