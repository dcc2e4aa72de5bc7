//! `burrow bot`: joins a table by its code and plays its seat at a level,
//! or with an engine from outside, until the game ends; a lost connection
//! is resumed with the seat's token.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::ai::{self, Level};
use crate::engine::{Clocks, Fault, OutsideEngine};
use crate::online::client::{Client, ClientError, Trust};
use crate::online::mirror::{Mirror, MirrorError, Mirrored, websocket_url};
use crate::online::protocol::{ClientMessage, Finish, SeatView, ServerMessage};
use crate::rules::{Side, VariantError, VariantRegistry};

/// Why a player at a server's table (the bot, or one of a load run's
/// scripted players) stopped before its game ended.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error(transparent)]
    Client(#[from] ClientError),
    /// The server's refusal, in its words.
    #[error("{0}")]
    Refused(String),
    #[error("the server is gone: {0}")]
    Gone(ClientError),
    #[error(transparent)]
    Mirror(#[from] MirrorError),
    /// A scripted player's copy of its table lost step with the server.
    #[error("{0}: a turn arrived out of step")]
    OutOfStep(String),
    /// The server refused a scripted player's turn.
    #[error("{code}: the server refused a scripted turn: {message}")]
    TurnRefused { code: String, message: String },
    #[error("the computer's search stopped: {0}")]
    Search(tokio::task::JoinError),
    #[error(transparent)]
    Variant(#[from] VariantError),
    #[error("cannot start the runtime: {0}")]
    Runtime(std::io::Error),
    /// The engine from outside that played the seat broke the protocol or
    /// the rules (the bot resigned the game for it).
    #[error("the engine {0}; the bot resigned")]
    Engine(Fault),
}

/// Who plays the bot's seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Brain {
    /// One of Burrow's levels.
    Level(Level),
    /// An engine from outside: its command (a program and its arguments,
    /// separated by spaces), started once the table is known.
    Outside(String),
}

/// How the bot's game ended.
#[derive(Clone, Debug)]
pub struct Played {
    pub code: String,
    pub finish: Finish,
    /// Turns played in all.
    pub turns: u32,
    /// The side the bot played.
    pub side: Side,
}

/// Both seats are taken, so the game is on.
pub fn seats_taken(mirror: &Mirror) -> bool {
    let taken = |s: &SeatView| s.name.is_some() || s.computer.is_some();
    taken(&mirror.view.white) && taken(&mirror.view.black)
}

/// Chooses a turn off the async threads.
pub async fn think(
    mirror: &Mirror,
    level: Level,
    think: Duration,
    seed: u64,
) -> Result<Option<String>, BotError> {
    let rules = mirror.rules.clone();
    let position = *mirror.position();
    let decision = tokio::task::spawn_blocking(move || {
        ai::choose(
            &rules,
            &position,
            level,
            think,
            seed,
            &AtomicBool::new(false),
        )
    })
    .await
    .map_err(BotError::Search)??;
    Ok(decision.map(|d| d.turn.played().to_string()))
}

/// Joins table `code` at `server` and plays it with `brain` until it ends.
pub fn play(
    registry: &VariantRegistry,
    server: &str,
    code: &str,
    brain: Brain,
    name: &str,
    think_time: Duration,
    trust: &Trust,
) -> Result<Played, BotError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(BotError::Runtime)?;
    runtime.block_on(play_seat(
        registry,
        &websocket_url(server),
        code,
        brain,
        name,
        think_time,
        trust,
    ))
}

/// Takes the free seat: the table's code, the side and the seat's token.
async fn take_seat(
    client: &mut Client,
    code: &str,
    name: &str,
) -> Result<(String, Side, String), BotError> {
    client
        .send(&ClientMessage::Join {
            code: code.to_string(),
            name: Some(name.to_string()),
        })
        .await?;
    client
        .wait_for(Duration::from_secs(30), |m| match m {
            ServerMessage::Seat { code, side, token } => {
                Some(Ok((code.clone(), *side, token.clone())))
            }
            ServerMessage::Error { message, .. } => Some(Err(BotError::Refused(message.clone()))),
            _ => None,
        })
        .await?
}

async fn play_seat(
    registry: &VariantRegistry,
    url: &str,
    code: &str,
    brain: Brain,
    name: &str,
    think_time: Duration,
    trust: &Trust,
) -> Result<Played, BotError> {
    let mut client = Client::connect_trusting(url, trust).await?;
    let (code, side, token) = take_seat(&mut client, code, name).await?;
    let mut mirror: Option<Mirror> = None;
    let mut engine: Option<Arc<Mutex<OutsideEngine>>> = None;
    let mut seed = rand::random::<u64>();
    loop {
        if let Some(m) = &mirror {
            if let Some(finish) = m.view.result {
                return Ok(Played {
                    code,
                    finish,
                    turns: m.ply(),
                    side,
                });
            }
            if m.to_move() == side && seats_taken(m) {
                seed = seed.wrapping_add(1);
                let chosen = match &brain {
                    Brain::Level(level) => think(m, *level, think_time, seed).await?,
                    Brain::Outside(command) => {
                        let engine = match &engine {
                            Some(engine) => Ok(engine.clone()),
                            None => start_engine(command, m).await.map(|started| {
                                engine.insert(Arc::new(Mutex::new(started))).clone()
                            }),
                        };
                        let turn = match engine {
                            Ok(engine) => engine_turn(&engine, m, think_time).await,
                            Err(fault) => Err(fault),
                        };
                        match turn {
                            Ok(turn) => Some(turn),
                            Err(fault) => {
                                let _ = client
                                    .send(&ClientMessage::Resign {
                                        code: code.clone(),
                                        token: token.clone(),
                                    })
                                    .await;
                                return Err(BotError::Engine(fault));
                            }
                        }
                    }
                };
                if let Some(turn) = chosen {
                    let _ = client
                        .send(&ClientMessage::Turn {
                            code: code.clone(),
                            token: token.clone(),
                            ply: m.ply(),
                            turn,
                        })
                        .await;
                }
            }
        }
        let message = match client.recv().await {
            Ok(message) => message,
            Err(_) => {
                client = reconnect(url, trust, &code, &token).await?;
                continue;
            }
        };
        match &message {
            ServerMessage::Game { game } => {
                mirror = Some(Mirror::new(registry, (**game).clone())?);
            }
            ServerMessage::Turn { .. } => {
                if let Some(m) = &mut mirror
                    && m.apply(registry, &message) == Mirrored::OutOfStep
                {
                    client
                        .send(&ClientMessage::Resume {
                            code: code.clone(),
                            token: token.clone(),
                        })
                        .await?;
                }
            }
            ServerMessage::Error { message, .. } => tracing::warn!("server: {message}"),
            _ => {}
        }
        // Wait for the next message before thinking again unless it is
        // still this side's turn after a refusal.
        if let (ServerMessage::Error { .. }, Some(_)) = (&message, &mirror) {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

/// Starts the engine from outside for the table `mirror` shows.
async fn start_engine(command: &str, mirror: &Mirror) -> Result<OutsideEngine, Fault> {
    let (command, rules, start) = (
        command.to_string(),
        mirror.rules.clone(),
        *mirror.history.start(),
    );
    tokio::task::spawn_blocking(move || OutsideEngine::start("engine", &command, &rules, &start))
        .await
        .map_err(|_| Fault::Crash)?
}

/// The engine's turn in the game `mirror` shows, within the table's clock
/// (or `think` a turn without one), checked by the rules before it is sent.
async fn engine_turn(
    engine: &Arc<Mutex<OutsideEngine>>,
    mirror: &Mirror,
    think: Duration,
) -> Result<String, Fault> {
    let history = mirror.history.clone();
    let clocks = match (&mirror.view.clock, &mirror.view.setup.clock) {
        (Some(view), Some(setting)) if !setting.per_move => Some(Clocks {
            left: [
                Duration::from_millis(view.white_ms),
                Duration::from_millis(view.black_ms),
            ],
            // The server keeps the clock; the grace is for the answer's
            // way through the pipe.
            ..Clocks::new(Duration::ZERO, Duration::from_millis(setting.increment_ms))
        }),
        _ => None,
    };
    let engine = engine.clone();
    let asked = history.clone();
    let turn = tokio::task::spawn_blocking(move || {
        let mut engine = engine.lock().map_err(|_| Fault::Crash)?;
        engine.best_turn(&asked, clocks.as_ref(), think)
    })
    .await
    .map_err(|_| Fault::Crash)??;
    let mut checked = history;
    checked
        .play(&mirror.rules, turn.clone())
        .map_err(|why| Fault::Illegal {
            turn: turn.to_string(),
            why: why.to_string(),
        })?;
    Ok(turn.to_string())
}

/// Connects again and takes the seat back (for up to half a minute).
async fn reconnect(url: &str, trust: &Trust, code: &str, token: &str) -> Result<Client, BotError> {
    let mut attempts = 0;
    loop {
        match Client::connect_trusting(url, trust).await {
            Ok(mut client) => {
                client
                    .send(&ClientMessage::Resume {
                        code: code.to_string(),
                        token: token.to_string(),
                    })
                    .await?;
                return Ok(client);
            }
            Err(e) if e.is_final() => return Err(BotError::Gone(e)),
            Err(e) => {
                attempts += 1;
                tokio::time::sleep(Duration::from_secs(1)).await;
                if attempts == 30 {
                    return Err(BotError::Gone(e));
                }
            }
        }
    }
}
