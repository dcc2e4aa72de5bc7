//! Why a bot's game (or a load run's scripted player) stopped early.

use crate::engine::Fault;
use crate::lang::printable;
use crate::online::client::ClientError;
use crate::online::mirror::MirrorError;
use crate::rules::VariantError;

/// Why a player at a server's table (the bot, or one of a load run's
/// scripted players) stopped before its game ended.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error(transparent)]
    Client(#[from] ClientError),
    /// The server's refusal, in its words (shown with its control and
    /// invisible characters written out, as every text the server sent).
    #[error("{}", printable(.0))]
    Refused(String),
    #[error("the server is gone: {0}")]
    Gone(#[source] ClientError),
    #[error(transparent)]
    Mirror(#[from] MirrorError),
    /// A scripted player's copy of its table (by its code) lost step with
    /// the server.
    #[error("{}: a turn arrived out of step", printable(.0))]
    OutOfStep(String),
    /// The server refused a scripted player's turn.
    #[error(
        "{}: the server refused a scripted turn: {}",
        printable(.code),
        printable(.message)
    )]
    TurnRefused { code: String, message: String },
    #[error("the computer's search stopped: {0}")]
    Search(#[source] tokio::task::JoinError),
    #[error(transparent)]
    Variant(#[from] VariantError),
    #[error("cannot start the runtime: {0}")]
    Runtime(#[source] std::io::Error),
    /// The engine from outside that played the seat broke the protocol or
    /// the rules (the bot resigned the game for it).
    #[error("the engine {0}; the bot resigned")]
    Engine(#[source] Fault),
    /// Stopped by an interrupt (Ctrl-C); the table held, if any, was
    /// given up.
    #[error(
        "stopped{}",
        .0.as_ref()
            .map(|code| format!(": the table {} was given up", printable(code)))
            .unwrap_or_default()
    )]
    Interrupted(Option<String>),
    /// A program plays on a bot account, never on a person's.
    #[error(
        "`{0}` is a person's account: a program plays on a bot account (make one with --register)"
    )]
    NotABot(String),
}
