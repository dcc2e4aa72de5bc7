//! `burrow bot`: takes a seat (a table's code, quick pairing, or a table
//! of its own in the lobby), as a guest or on a bot account, and plays it
//! at a level or with an engine from outside until the game ends; a lost
//! connection is resumed with the seat's token.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::FutureExt;

use crate::ai::{self, Level};
use crate::engine::{Clocks, Fault, OutsideEngine};
use crate::lang::printable;

use super::account::{Identity, sign_in};
use super::error::BotError;
use crate::online::client::{Client, Trust};
use crate::online::mirror::{Mirror, Mirrored, websocket_url};
use crate::online::protocol::{
    ClientMessage, ClockSetting, Finish, GameSetup, SeatView, ServerMessage, SideChoice,
};
use crate::rules::{BoardSize, IllegalTurn, Side, VariantRegistry};

/// Who plays the bot's seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Brain {
    /// One of Burrow's levels.
    Level(Level),
    /// An engine from outside: its command (a program and its arguments,
    /// separated by spaces), started once the table is known.
    Outside(String),
}

/// Which seat the bot takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seating {
    /// The free seat of the table of this code.
    Join(String),
    /// Quick pairing: the open table of this game, board and clock whose
    /// player's rating is nearest (rated on an account), or a new one in
    /// the lobby.
    Pair {
        variant: String,
        size: BoardSize,
        clock: Option<ClockSetting>,
    },
    /// A new public table in the lobby (rated on an account), kept until
    /// somebody takes the other seat.
    Seek(GameSetup),
}

/// What the bot does: on which server, at which seat, as whom, with what.
#[derive(Clone, Debug)]
pub struct Plan {
    /// host:port, http://… or ws://…/ws.
    pub server: String,
    pub seating: Seating,
    pub identity: Identity,
    pub brain: Brain,
    /// A level's think time a turn; an engine's without a clock.
    pub think: Duration,
    pub trust: Trust,
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

/// Takes the seat `plan` asks for at its server and plays it until the
/// game ends, `games` times (0: until stopped or an error), each game's
/// end told to `played`. Ctrl-C, at any moment, gives up what the bot
/// holds: its engine is killed and its table resigned, so a seek leaves
/// the lobby and a game in progress ends now rather than on its clock.
pub fn play(
    registry: &VariantRegistry,
    plan: &Plan,
    games: u32,
    played: &mut dyn FnMut(&Played),
) -> Result<(), BotError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(BotError::Runtime)?;
    let held = Mutex::new(Held::default());
    runtime.block_on(async {
        // One listener for every game, installed (by its first poll)
        // before anything else, so that no interrupt is lost.
        let interrupted = tokio::signal::ctrl_c();
        tokio::pin!(interrupted);
        let listening = match (&mut interrupted).now_or_never() {
            None => true,
            Some(Ok(())) => false,
            Some(Err(e)) => {
                tracing::warn!("Ctrl-C will not give the table up: {e}");
                false
            }
        };
        let mut count = 0;
        while games == 0 || count < games {
            count += 1;
            // The interrupt races the whole game: connecting, waiting,
            // thinking and reconnecting alike.
            let outcome = tokio::select! {
                outcome = play_seat(registry, plan, &held) => outcome,
                _ = &mut interrupted, if listening => {
                    Err(BotError::Interrupted(give_up(plan, &held).await))
                }
            };
            *lock(&held) = Held::default();
            played(&outcome?);
        }
        Ok(())
    })
}

/// What the bot holds now, to give up at an interrupt.
#[derive(Default)]
struct Held {
    /// The table's code and the seat's token.
    seat: Option<(String, String)>,
    /// The engine's process group (its number), while the engine runs.
    engine: Option<u32>,
}

fn lock(held: &Mutex<Held>) -> std::sync::MutexGuard<'_, Held> {
    held.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Gives up what the bot holds: kills its engine (so a turn it is
/// thinking about ends) and resigns its table over a new connection (the
/// game's own was given up with it); the table's code, if it had one.
async fn give_up(plan: &Plan, held: &Mutex<Held>) -> Option<String> {
    let (seat, engine) = {
        let held = lock(held);
        (held.seat.clone(), held.engine)
    };
    if let Some(group) = engine {
        crate::engine::kill_group(group);
    }
    let (code, token) = seat?;
    let url = websocket_url(&plan.server);
    let resign = async {
        let mut client = Client::connect_trusting(&url, &plan.trust).await.ok()?;
        client
            .send(&ClientMessage::Resign {
                code: code.clone(),
                token,
            })
            .await
            .ok()?;
        // The server answers in order: its pong comes after the
        // resignation was taken (or refused, for a game already over).
        client.send(&ClientMessage::Ping {}).await.ok()?;
        client
            .wait_for(GIVE_UP_WAIT, |m| {
                matches!(m, ServerMessage::Pong).then_some(())
            })
            .await
            .ok()?;
        client.close().await;
        Some(())
    };
    if !matches!(
        tokio::time::timeout(GIVE_UP_WAIT, resign).await,
        Ok(Some(()))
    ) {
        tracing::warn!(
            "{}: the server did not answer the resignation",
            printable(&code)
        );
    }
    Some(code)
}

/// How long giving the table up may take.
const GIVE_UP_WAIT: Duration = Duration::from_secs(5);

/// Takes the seat: the table's code, the side and the seat's token.
async fn take_seat(
    client: &mut Client,
    seating: &Seating,
    identity: &Identity,
) -> Result<(String, Side, String), BotError> {
    let name = match identity {
        Identity::Guest(name) => Some(name.clone()),
        Identity::Account { .. } => None,
    };
    let signed_in = matches!(identity, Identity::Account { .. });
    let message = match seating {
        Seating::Join(code) => ClientMessage::Join {
            code: code.clone(),
            name,
        },
        Seating::Pair {
            variant,
            size,
            clock,
        } => ClientMessage::Pair {
            variant: variant.clone(),
            size: *size,
            clock: *clock,
            bot_after_s: None,
        },
        Seating::Seek(setup) => ClientMessage::Create {
            setup: setup.clone(),
            side: SideChoice::Random,
            name,
            computer: None,
            public: true,
            rated: signed_in && setup.design.is_none(),
        },
    };
    client.send(&message).await?;
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

/// A turn being chosen (or chosen and sent) for the position after `ply`
/// turns.
struct Thought {
    ply: u32,
    task: Option<tokio::task::JoinHandle<Result<Option<String>, BotError>>>,
}

/// The turn being chosen, once it is (the chosen turn's task is then
/// done); never, while none is.
async fn chosen(
    thought: &mut Option<Thought>,
) -> Result<Result<Option<String>, BotError>, tokio::task::JoinError> {
    let Some(task) = thought.as_mut().and_then(|t| t.task.as_mut()) else {
        return std::future::pending().await;
    };
    let answer = task.await;
    if let Some(t) = thought.as_mut() {
        t.task = None;
    }
    answer
}

/// Chooses the bot's turn in the game `mirror` shows.
async fn choose(
    brain: Brain,
    engine: Option<Arc<Mutex<OutsideEngine>>>,
    mirror: Mirror,
    think_time: Duration,
    seed: u64,
) -> Result<Option<String>, BotError> {
    match (brain, engine) {
        (Brain::Level(level), _) => think(&mirror, level, think_time, seed).await,
        (Brain::Outside(_), Some(engine)) => engine_turn(&engine, &mirror, think_time)
            .await
            .map(Some)
            .map_err(BotError::Engine),
        (Brain::Outside(_), None) => Err(BotError::Engine(Fault::Crash)),
    }
}

/// Takes the seat `plan` asks for and plays it until the game ends.
async fn play_seat(
    registry: &VariantRegistry,
    plan: &Plan,
    held: &Mutex<Held>,
) -> Result<Played, BotError> {
    let url = websocket_url(&plan.server);
    let mut client = Client::connect_trusting(&url, &plan.trust).await?;
    sign_in(&mut client, &plan.identity).await?;
    let (code, side, token) = take_seat(&mut client, &plan.seating, &plan.identity).await?;
    tracing::info!("seated at {} as {side}", printable(&code));
    lock(held).seat = Some((code.clone(), token.clone()));
    let mut seated = Seated {
        url,
        client,
        code,
        side,
        token,
        mirror: None,
        engine: None,
        thought: None,
        resumed: false,
        seed: rand::random::<u64>(),
    };
    loop {
        if let Some(played) = seated.finished() {
            return Ok(played);
        }
        seated.start_engine(plan, held).await?;
        seated.think(plan);
        seated.next_event(registry, plan).await?;
    }
}

/// The bot at its table: the connection, the seat, the table as the
/// server last showed it, and the turn being chosen.
struct Seated {
    url: String,
    client: Client,
    code: String,
    side: Side,
    token: String,
    mirror: Option<Mirror>,
    engine: Option<Arc<Mutex<OutsideEngine>>>,
    thought: Option<Thought>,
    /// Connected again after a loss, the table not yet seen again.
    resumed: bool,
    seed: u64,
}

impl Seated {
    /// The game's end, once the table shows a result; a turn still being
    /// chosen is dropped.
    fn finished(&mut self) -> Option<Played> {
        let m = self.mirror.as_ref()?;
        let finish = m.view.result?;
        if let Some(task) = self.thought.take().and_then(|t| t.task) {
            task.abort();
        }
        Some(Played {
            code: self.code.clone(),
            finish,
            turns: m.ply(),
            side: self.side,
        })
    }

    /// Starts the engine from outside as soon as the table is known (off
    /// the clock); one that does not start resigns the table.
    async fn start_engine(&mut self, plan: &Plan, held: &Mutex<Held>) -> Result<(), BotError> {
        let (Some(m), Brain::Outside(command), None) = (&self.mirror, &plan.brain, &self.engine)
        else {
            return Ok(());
        };
        match start_engine(command, m).await {
            Ok(started) => {
                lock(held).engine = Some(started.group());
                self.engine = Some(Arc::new(Mutex::new(started)));
                Ok(())
            }
            Err(fault) => {
                let _ = self.client.send(&self.resign()).await;
                Err(BotError::Engine(fault))
            }
        }
    }

    /// Starts choosing a turn when it is the bot's to play, both seats are
    /// taken and no choice for this position is under way or sent.
    fn think(&mut self, plan: &Plan) {
        let Some(m) = &self.mirror else { return };
        let ply = m.ply();
        if m.to_move() == self.side
            && seats_taken(m)
            && self.thought.as_ref().is_none_or(|t| t.ply != ply)
        {
            self.seed = self.seed.wrapping_add(1);
            let task = tokio::spawn(choose(
                plan.brain.clone(),
                self.engine.clone(),
                m.clone(),
                plan.think,
                self.seed,
            ));
            self.thought = Some(Thought {
                ply,
                task: Some(task),
            });
        }
    }

    /// Waits for the next thing to do: a turn chosen, which is sent, or a
    /// message from the server, which is taken. The server is read while
    /// the turn is chosen, so its pings are answered however long the
    /// engine thinks; a lost connection is resumed.
    async fn next_event(
        &mut self,
        registry: &VariantRegistry,
        plan: &Plan,
    ) -> Result<(), BotError> {
        let received = tokio::select! {
            received = self.client.recv() => received,
            chosen = chosen(&mut self.thought) => {
                return self.send_chosen(chosen.map_err(BotError::Search).and_then(|r| r)).await;
            }
        };
        match received {
            Ok(message) => self.take(registry, message).await,
            Err(_) => {
                self.client = reconnect(&self.url, &plan.trust, &self.code, &self.token).await?;
                self.resumed = true;
                Ok(())
            }
        }
    }

    /// Sends the chosen turn; a choice that failed resigns the table.
    async fn send_chosen(
        &mut self,
        chosen: Result<Option<String>, BotError>,
    ) -> Result<(), BotError> {
        let ply = self.thought.as_ref().map_or(0, |t| t.ply);
        match chosen {
            Ok(Some(turn)) => {
                let turn = ClientMessage::Turn {
                    code: self.code.clone(),
                    token: self.token.clone(),
                    ply,
                    turn,
                };
                let _ = self.client.send(&turn).await;
                Ok(())
            }
            // No turn: the game is over by the rules; the server says so
            // next.
            Ok(None) => Ok(()),
            Err(e) => {
                let _ = self.client.send(&self.resign()).await;
                Err(e)
            }
        }
    }

    /// Takes a message from the server: the whole table, a turn, or a
    /// refusal.
    async fn take(
        &mut self,
        registry: &VariantRegistry,
        message: ServerMessage,
    ) -> Result<(), BotError> {
        match &message {
            ServerMessage::Game { game } => {
                self.mirror = Some(Mirror::new(registry, (**game).clone())?);
                // A turn sent as the connection broke may never have
                // arrived: if the table, seen again, still waits for it,
                // it is chosen again.
                if std::mem::take(&mut self.resumed)
                    && self.thought.as_ref().is_some_and(|t| t.task.is_none())
                {
                    self.thought = None;
                }
            }
            ServerMessage::Turn { .. } => {
                if let Some(m) = &mut self.mirror
                    && m.apply(registry, &message) == Mirrored::OutOfStep
                {
                    self.client
                        .send(&ClientMessage::Resume {
                            code: self.code.clone(),
                            token: self.token.clone(),
                        })
                        .await?;
                }
            }
            ServerMessage::Error { message, .. } => {
                tracing::warn!("server: {}", printable(message));
                // A refused turn: choose again (after a pause, so a
                // refusal cannot make the bot spin).
                if self.thought.as_ref().is_some_and(|t| t.task.is_none()) {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    self.thought = None;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The message that resigns the table.
    fn resign(&self) -> ClientMessage {
        ClientMessage::Resign {
            code: self.code.clone(),
            token: self.token.clone(),
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
    if let Err(error) = checked.play(&mirror.rules, turn.clone()) {
        let index = checked.ply();
        return Err(Fault::Illegal(Box::new(IllegalTurn { index, turn, error })));
    }
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
