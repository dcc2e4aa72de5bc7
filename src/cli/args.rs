//! What several commands share: the game argument, the think time and the
//! command line's error.

use std::time::Duration;

use crate::ai;
use crate::rules::{
    GameFileError, MoveError, ParsePositionError, Position, ReplayError, Rules, VariantError,
    VariantRegistry, WrongSize,
};

/// `--variant`: one of the registered games (the built-ins and the mods).
/// The registry is only known at run time, so the id is checked there, by
/// [`GameArg::rules`], with the list of known games in the error.
#[derive(clap::Args, Clone, Debug)]
pub struct GameArg {
    /// The game: box, path, sweep, tumburrow or a mod's.
    #[arg(long)]
    pub variant: String,
}

impl GameArg {
    /// The game's rules.
    pub fn rules<'r>(&self, registry: &'r VariantRegistry) -> Result<&'r Rules, CliError> {
        rules_for(registry, &self.variant)
    }
}

/// The rules of game `id`, or the error that lists the known games.
pub fn rules_for<'r>(registry: &'r VariantRegistry, id: &str) -> Result<&'r Rules, CliError> {
    registry.get(id).ok_or_else(|| CliError::UnknownVariant {
        id: id.to_string(),
        known: registry.ids().into_iter().map(String::from).collect(),
    })
}

/// The position a listing command works on, and how far it may go.
#[derive(clap::Args, Clone, Debug)]
pub struct ListingArgs {
    /// A position text; the start position when left out.
    #[arg(long)]
    pub position: Option<Position>,
    /// Give up once listing any one position's turns walks this many turn
    /// states.
    #[arg(long, default_value_t = super::DEFAULT_MAX_STATES)]
    pub max_states: u64,
}

/// `--position`, or the game's start on its usual board without it; a
/// position on a board the game is not played on is refused.
pub fn position_or_start(rules: &Rules, position: Option<Position>) -> Result<Position, CliError> {
    match position {
        Some(pos) => {
            rules.check_size(pos.size())?;
            Ok(pos)
        }
        None => Ok(rules.start(rules.usual_size())),
    }
}

/// `--think-ms`: every command that takes it keeps to the think times a
/// player may set ([`ai::THINK_SECONDS`]) and refuses others.
pub fn think_ms(text: &str) -> Result<Duration, ThinkTimeError> {
    let ms: u64 = text
        .parse()
        .map_err(|_| ThinkTimeError::NotANumber(text.to_string()))?;
    let seconds = ms as f32 / 1000.0;
    if ai::THINK_SECONDS.contains(&seconds) {
        Ok(Duration::from_millis(ms))
    } else {
        Err(ThinkTimeError::OutOfRange)
    }
}

/// A `--think-ms` refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThinkTimeError {
    #[error("`{0}` is not a number of milliseconds")]
    NotANumber(String),
    #[error(
        "think time must be {} to {} ms",
        ai::THINK_SECONDS.start() * 1000.0,
        ai::THINK_SECONDS.end() * 1000.0
    )]
    OutOfRange,
}

/// The environment variable the bot account's password is read from (a
/// password on the command line would show in the process list).
#[cfg(not(target_arch = "wasm32"))]
pub const BOT_PASSWORD_VAR: &str = "BURROW_BOT_PASSWORD";

/// Why a command failed; its `Display` is the line printed after `error: `.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error("unknown variant `{id}` (known: {})", known.join(", "))]
    UnknownVariant { id: String, known: Vec<String> },
    /// A game file that could not be read or does not describe a game
    /// (a design's error with its line and field).
    #[error(transparent)]
    GameFile(#[from] GameFileError),
    /// Listing turns walked `--max-states` states; `progress` says how far
    /// it got.
    #[error(
        "{what} stopped after {max_states} turn states (--max-states): a position here has too \
         many distinct turns to list; raise --max-states to go on{}",
        progress.as_ref().map(|p| format!("; {p}")).unwrap_or_default()
    )]
    TooManyStates {
        what: &'static str,
        max_states: u64,
        progress: Option<String>,
    },
    /// A position text that does not read, or a board the game is not
    /// played on.
    #[error(transparent)]
    Position(#[from] ParsePositionError),
    #[error(transparent)]
    WrongSize(#[from] WrongSize),
    /// A game broke the engine's rules.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// A turn the rules refuse.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A game record that does not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// Writing the output failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// A file the command makes could not be written.
    #[error("could not write {}: {source}", path.display())]
    Write {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
    /// A solve's work unit that cannot be used.
    #[error(transparent)]
    SolveFile(#[from] super::checkpoint::SolveFileError),
    /// The connection to a server failed.
    #[cfg(not(target_arch = "wasm32"))]
    #[error(transparent)]
    Client(#[from] crate::online::client::ClientError),
    /// A table the server sent does not read.
    #[error(transparent)]
    Mirror(#[from] crate::online::mirror::MirrorError),
    /// The server did not start or stopped.
    #[cfg(not(target_arch = "wasm32"))]
    #[error(transparent)]
    Serve(#[from] crate::server::ServeError),
    /// The bot could not play its table.
    #[cfg(not(target_arch = "wasm32"))]
    #[error(transparent)]
    Bot(#[from] crate::bot::BotError),
    /// `bot --account` without the account's password in the environment.
    #[cfg(not(target_arch = "wasm32"))]
    #[error(
        "--account needs the account's password in the environment variable {}",
        BOT_PASSWORD_VAR
    )]
    MissingPassword,
    /// A TLS file (a certificate authority, a certificate or a key) that
    /// does not read.
    #[cfg(not(target_arch = "wasm32"))]
    #[error(transparent)]
    Tls(#[from] crate::online::tls::TlsError),
    /// A load run could not be played or measured.
    #[cfg(not(target_arch = "wasm32"))]
    #[error(transparent)]
    Load(#[from] crate::load::LoadError),
    /// Anything else, said in words (the solver's and the online
    /// commands' own checks).
    #[error("{0}")]
    Failed(String),
}
