//! The tables in memory ([`LiveTable`]) and what they share ([`Hub`]): loading a
//! table from the store, judging a change and storing it, the server's
//! computer, the clocks, and letting go of tables nobody uses.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::broadcast;

use crate::ai::{self, Level};
use crate::online::protocol::{self, ComputerLevel, ErrorKind, ServerMessage, SideChoice};
use crate::online::table::{Refused, Seat, Table, check_setup};
use crate::rules::{Side, VariantRegistry};

use super::keys::{is_code, new_code, new_token, token_key};
use super::store::{Store, StoreError};
use super::{ServeError, now_ms};

mod share;
pub(super) use share::listen;

/// Connections at one table that a broadcast may be queued for.
const LIVE_TABLE_QUEUE: usize = 256;
/// How often tables nobody uses are let go, in clock-watch ticks of 100 ms.
const FORGET_EVERY_TICKS: u32 = 20;
/// How often the database is asked for games whose clocks run out soon.
const DUE_EVERY_TICKS: u32 = 100;
/// A table whose clock runs out within this time is held in memory (the
/// clock watch ends it on time); one with more time left, such as a
/// correspondence game's days, waits in the database.
const HORIZON_MS: i64 = 60_000;

/// One table in memory: its state, the channel its connections listen on,
/// and how many connections hold each seat.
pub struct LiveTable {
    pub(super) table: tokio::sync::Mutex<Table>,
    pub(super) tx: broadcast::Sender<Arc<str>>,
    pub(super) connected: Mutex<[u32; 2]>,
    /// A computer is thinking for this table.
    pub(super) thinking: AtomicBool,
}

impl LiveTable {
    pub(super) fn connected(&self) -> [bool; 2] {
        let counts = *self.connected.lock().expect("not poisoned");
        [counts[0] > 0, counts[1] > 0]
    }

    pub(super) fn send(&self, message: &ServerMessage) {
        // No receivers is fine: nobody is watching.
        let _ = self.tx.send(protocol::encode(message).into());
    }
}

/// Everything the server shares between connections.
pub struct Hub {
    pub(super) registry: VariantRegistry,
    pub(super) store: Store,
    pub(super) live_tables: Mutex<HashMap<String, Arc<LiveTable>>>,
    /// Open WebSocket connections.
    pub(super) connections: AtomicUsize,
    think: Duration,
    /// Hashes and checks passwords, a few at a time.
    pub(super) hasher: super::accounts::Hasher,
    /// A password hash no password matches, checked against when a name
    /// is unknown, so that a sign-in takes as long either way.
    pub(super) decoy_hash: String,
    /// How long a WebSocket may stay silent.
    pub(super) idle: Duration,
    /// The lobby's followers listen here.
    pub(super) lobby: broadcast::Sender<Arc<str>>,
    /// The connections of each signed-in account (by the account's key;
    /// each with its connection's number), told when it is their turn.
    pub(super) players: Mutex<HashMap<String, Vec<(u64, tokio::sync::mpsc::Sender<Arc<str>>)>>>,
    /// This process's name in change notices (PostgreSQL).
    pub(super) process: u64,
}

pub(super) fn refused_storage(e: StoreError) -> Refused {
    Refused::new(
        ErrorKind::Storage,
        format!("the server could not store that: {e}"),
    )
}

impl Hub {
    /// The hub of a new server, on the database at `database`.
    pub(super) async fn open(
        registry: VariantRegistry,
        database: &str,
        think: Duration,
        idle: Duration,
    ) -> Result<Arc<Hub>, ServeError> {
        let store = Store::open(database)
            .await
            .map_err(|source| ServeError::Open {
                database: database.to_string(),
                source,
            })?;
        Ok(Arc::new(Hub {
            registry,
            store,
            live_tables: Mutex::new(HashMap::new()),
            connections: AtomicUsize::new(0),
            think,
            lobby: broadcast::channel(16).0,
            players: Mutex::new(HashMap::new()),
            hasher: super::accounts::Hasher::new(2),
            decoy_hash: super::accounts::hash_password(&new_token()).unwrap_or_default(),
            idle,
            process: rand::random::<u64>(),
        }))
    }

    pub(super) fn is_postgres(&self) -> bool {
        self.store.is_postgres()
    }

    /// Games that were running when the server stopped: their clocks go on
    /// and their computers move.
    pub(super) async fn resume_running(self: Arc<Self>) -> Result<(), ServeError> {
        let running = self
            .store
            .running_codes(now_ms() + HORIZON_MS)
            .await
            .map_err(ServeError::Resume)?;
        for code in running {
            if let Ok(live) = self.live(&code).await {
                let table = live.table.lock().await.clone();
                if let Err(e) = self.store.store_deadline(&table).await {
                    tracing::warn!("{code}: {e}");
                }
                self.clone().wake_computer(live);
            }
        }
        Ok(())
    }

    /// The table of `code`, from memory or the database.
    pub(super) async fn live(&self, code: &str) -> Result<Arc<LiveTable>, Refused> {
        let code = code.trim().to_ascii_uppercase();
        if !is_code(&code) {
            return Err(Refused::new(
                ErrorKind::UnknownGame,
                format!("no game {code:?}: a code is six letters and digits"),
            ));
        }
        if let Some(live) = self.live_tables.lock().expect("not poisoned").get(&code) {
            return Ok(live.clone());
        }
        let table = self
            .store
            .load(&self.registry, &code)
            .await
            .map_err(refused_storage)?
            .ok_or_else(|| Refused::new(ErrorKind::UnknownGame, format!("no game `{code}`")))?;
        Ok(self.keep(table))
    }

    /// Puts a table in memory (or returns the one another request loaded).
    pub(super) fn keep(&self, table: Table) -> Arc<LiveTable> {
        let mut live_tables = self.live_tables.lock().expect("not poisoned");
        live_tables
            .entry(table.code.clone())
            .or_insert_with(|| {
                Arc::new(LiveTable {
                    table: tokio::sync::Mutex::new(table),
                    tx: broadcast::channel(LIVE_TABLE_QUEUE).0,
                    connected: Mutex::new([0, 0]),
                    thinking: AtomicBool::new(false),
                })
            })
            .clone()
    }

    /// Applies `change` to a live table's state, stores it and tells the table.
    /// A conflict with another server process reloads the game and judges
    /// the change again.
    pub(super) async fn change<R>(
        self: &Arc<Self>,
        live: &Arc<LiveTable>,
        mut change: impl FnMut(&mut Table, i64) -> Result<R, Refused>,
    ) -> Result<R, Refused> {
        for _ in 0..3 {
            let mut table = live.table.lock().await;
            let now = now_ms();
            let mut new = table.clone();
            let answer = match change(&mut new, now) {
                Ok(answer) => answer,
                // Judged on a table another process may have changed
                // before its notice came (a seat just taken, a turn just
                // played): judge again on the stored one if it moved.
                Err(refused) => {
                    if self.is_postgres() && self.reload_if_moved(live, &mut table, now).await {
                        continue;
                    }
                    return Err(refused);
                }
            };
            new.version += 1;
            match self.store.update(&table, &new, now).await {
                Ok(()) => {
                    let old = std::mem::replace(&mut *table, new);
                    announce(live, &old, &table, now);
                    if let (None, Some(finish)) = (&old.result, &table.result) {
                        tracing::info!(
                            "{} over after {} turns: {}",
                            table.code,
                            table.ply(),
                            finish.text(table.rules.end())
                        );
                    }
                    let code = table.code.clone();
                    let seeking = table.public
                        && (old.is_full() != table.is_full() || old.result != table.result);
                    // A new turn to play (or the first, once both sit).
                    let mover = (table.result.is_none()
                        && table.is_full()
                        && (old.ply() != table.ply() || !old.is_full()))
                    .then(|| table.seats[table.to_move().index()].player.clone())
                    .flatten();
                    drop(table);
                    share::notify(self, &code).await;
                    if seeking {
                        self.announce_lobby().await;
                    }
                    if let Some(player) = mover {
                        self.tell_player(&player, &ServerMessage::YourTurn { code });
                    }
                    self.clone().wake_computer(live.clone());
                    return Ok(answer);
                }
                Err(StoreError::Conflict) => {
                    self.reload_if_moved(live, &mut table, now).await;
                }
                Err(e) => return Err(refused_storage(e)),
            }
        }
        Err(Refused::new(
            ErrorKind::Storage,
            "the game kept changing; try again",
        ))
    }

    /// Replaces `table` by the stored one if that is newer (another
    /// process changed it) and tells its connections; false if it is not newer or
    /// cannot be read.
    async fn reload_if_moved(&self, live: &LiveTable, table: &mut Table, now: i64) -> bool {
        match self.store.load(&self.registry, &table.code).await {
            Ok(Some(fresh)) if fresh.version > table.version => {
                let old = std::mem::replace(table, fresh);
                announce(live, &old, table, now);
                true
            }
            Ok(_) => false,
            Err(e) => {
                tracing::warn!("could not reload {}: {e}", table.code);
                false
            }
        }
    }

    /// Sends `message` to every connection signed in to `player`.
    pub(super) fn tell_player(&self, player: &str, message: &ServerMessage) {
        let text: Arc<str> = protocol::encode(message).into();
        if let Some(connections) = self.players.lock().expect("not poisoned").get(player) {
            for (_, out) in connections {
                // A connection too far behind misses this one; its list
                // (`my-games`) still tells.
                let _ = out.try_send(text.clone());
            }
        }
    }

    /// Counts a connection as signed in to `player` (`out`: its queue).
    pub(super) fn sign_in(&self, player: &str, id: u64, out: tokio::sync::mpsc::Sender<Arc<str>>) {
        self.players
            .lock()
            .expect("not poisoned")
            .entry(player.to_string())
            .or_default()
            .push((id, out));
    }

    /// The connection `id` is no longer signed in to `player`.
    pub(super) fn sign_out(&self, player: &str, id: u64) {
        let mut players = self.players.lock().expect("not poisoned");
        if let Some(connections) = players.get_mut(player) {
            connections.retain(|(other, _)| *other != id);
            if connections.is_empty() {
                players.remove(player);
            }
        }
    }

    /// The lobby as its message.
    pub(super) async fn lobby_message(&self) -> Result<ServerMessage, Refused> {
        let seeks = self.store.seeks().await.map_err(refused_storage)?;
        Ok(ServerMessage::Lobby { seeks })
    }

    /// Tells the lobby's followers (if any) the open public tables.
    pub(super) async fn announce_lobby(&self) {
        if self.lobby.receiver_count() == 0 {
            return;
        }
        match self.lobby_message().await {
            Ok(message) => {
                let _ = self.lobby.send(protocol::encode(&message).into());
            }
            Err(e) => tracing::warn!("the lobby: {}", e.message),
        }
    }

    /// Reloads a table another process changed and tells this process's
    /// connections what is new.
    pub(super) async fn refresh(&self, code: &str) {
        let live = self
            .live_tables
            .lock()
            .expect("not poisoned")
            .get(code)
            .cloned();
        let Some(live) = live else { return };
        let mut table = live.table.lock().await;
        self.reload_if_moved(&live, &mut table, now_ms()).await;
    }

    /// Reloads every table in memory that another process changed.
    pub(super) async fn refresh_all(&self) {
        let codes: Vec<String> = self
            .live_tables
            .lock()
            .expect("not poisoned")
            .keys()
            .cloned()
            .collect();
        for code in codes {
            self.refresh(&code).await;
        }
    }

    /// Opens a new table.
    pub(super) async fn create(
        &self,
        setup: &protocol::GameSetup,
        side: SideChoice,
        holder: Seat,
        computer: Option<ComputerLevel>,
        public: bool,
        rated: bool,
    ) -> Result<(Arc<LiveTable>, Side, String), Refused> {
        let checked = check_setup(&self.registry, setup)?;
        let side = match side {
            SideChoice::White => Side::White,
            SideChoice::Black => Side::Black,
            SideChoice::Random => {
                if rand::random::<bool>() {
                    Side::White
                } else {
                    Side::Black
                }
            }
        };
        let token = new_token();
        for _ in 0..20 {
            let now = now_ms();
            let mut table = Table::new(new_code(), checked.clone(), now);
            table.seats[side.index()] = Seat {
                key: Some(token_key(&token)),
                computer: None,
                ..holder.clone()
            };
            table.seats[side.opponent().index()].computer = computer;
            table.public = public;
            table.rated = rated;
            table.start_clock_if_ready(now);
            if self
                .store
                .insert(&table, now)
                .await
                .map_err(refused_storage)?
            {
                let code = table.code.clone();
                tracing::info!(
                    "{code} opened: {} {}{}{}",
                    setup.variant,
                    setup.size,
                    if public { ", public" } else { "" },
                    if rated { ", rated" } else { "" }
                );
                let live = self.keep(table);
                if public {
                    share::notify(self, &code).await;
                    self.announce_lobby().await;
                }
                return Ok((live, side, token));
            }
        }
        Err(Refused::new(ErrorKind::Storage, "no free game code found"))
    }

    /// Lets go of the tables nobody uses: no connection follows them (each
    /// follower holds the live table), no request or computer is working on
    /// them, and no clock runs at them. The database has them; the next
    /// request for one loads it again. Holding the map's lock while
    /// counting keeps anyone from taking a live table out meanwhile.
    pub(super) fn forget_idle(&self) {
        let soon = now_ms() + HORIZON_MS;
        self.live_tables
            .lock()
            .expect("not poisoned")
            .retain(|_, live| {
                Arc::strong_count(live) > 1
                    || live.table.try_lock().map_or(true, |table| {
                        table.deadline_ms().is_some_and(|deadline| deadline <= soon)
                    })
            });
    }

    /// Loads the games whose clocks run out soon, so the clock watch ends
    /// them on time.
    async fn load_due(&self) {
        match self.store.due_codes(now_ms() + HORIZON_MS).await {
            Ok(codes) => {
                for code in codes {
                    let _ = self.live(&code).await;
                }
            }
            Err(e) => tracing::warn!("the clocks due: {e}"),
        }
    }

    /// Lets the server's computer move if it is its turn.
    pub(super) fn wake_computer(self: Arc<Self>, live: Arc<LiveTable>) {
        if live.thinking.swap(true, Ordering::AcqRel) {
            return;
        }
        tokio::spawn(async move {
            let job = {
                let table = live.table.lock().await;
                let side = table.to_move();
                match (table.seats[side.index()].computer, table.result) {
                    (Some(level), None) if table.is_full() => Some((
                        table.rules.clone(),
                        *table.position(),
                        table.ply(),
                        side,
                        level,
                    )),
                    _ => None,
                }
            };
            let Some((rules, position, ply, side, level)) = job else {
                live.thinking.store(false, Ordering::Release);
                return;
            };
            let think = self.think;
            let started = tokio::time::Instant::now();
            let decision = tokio::task::spawn_blocking(move || {
                ai::choose(
                    &rules,
                    &position,
                    Level::from(level),
                    think,
                    rand::random(),
                    &AtomicBool::new(false),
                )
            })
            .await;
            // A person should see the computer's turn arrive, not flash.
            tokio::time::sleep_until(started + Duration::from_millis(300).min(think)).await;
            live.thinking.store(false, Ordering::Release);
            if let Ok(Ok(Some(decision))) = decision {
                let played = decision.turn.played();
                let _ = self
                    .change(&live, |table, now| {
                        table.play(side, ply, played.clone(), now)
                    })
                    .await;
            }
        });
    }
}

/// Tells a live table's connections what changed from `old` to `new`: each new
/// turn, then the whole table if anything else changed.
pub(super) fn announce(live: &LiveTable, old: &Table, new: &Table, now: i64) {
    let clock = new.clock_view(now);
    for (ply, turn) in new.history.turns_since(old.history.ply()) {
        live.send(&ServerMessage::Turn {
            code: new.code.clone(),
            ply: ply as u32,
            turn: turn.to_string(),
            clock,
        });
    }
    let changed = old.history.ply() > new.history.ply()
        || old.seats != new.seats
        || old.result != new.result
        || old.rematch_offers != new.rematch_offers
        || (old.clocks.and_then(|c| c.started_ms).is_none()
            && new.clocks.and_then(|c| c.started_ms).is_some());
    if changed {
        live.send(&ServerMessage::Game {
            game: Box::new(new.view(now, live.connected())),
        });
    }
    if let (None, Some(new_code)) = (&old.rematch_code, &new.rematch_code) {
        live.send(&ServerMessage::Rematch {
            code: new.code.clone(),
            new_code: new_code.clone(),
        });
    }
}

/// Ends games whose running clock ran out, ten times a second, and lets go
/// of idle tables every two seconds.
pub(super) async fn watch_clocks(hub: Arc<Hub>) {
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    for ticks in 1u32.. {
        tick.tick().await;
        if ticks % FORGET_EVERY_TICKS == 0 {
            hub.forget_idle();
        }
        if ticks % DUE_EVERY_TICKS == 0 {
            hub.load_due().await;
        }
        let now = now_ms();
        let live_tables: Vec<Arc<LiveTable>> = hub
            .live_tables
            .lock()
            .expect("not poisoned")
            .values()
            .cloned()
            .collect();
        for live in live_tables {
            let due = match live.table.try_lock() {
                Ok(table) => table.deadline_ms().is_some_and(|d| d <= now),
                Err(_) => false,
            };
            if due {
                let _ = hub
                    .change(&live, |table, now| {
                        table
                            .flag(now)
                            .map(|_| ())
                            .ok_or_else(|| Refused::new(ErrorKind::GameOver, "not yet"))
                    })
                    .await;
            }
        }
    }
}

/// A hub on a database in memory, for the tests of the server's parts.
#[cfg(test)]
pub(super) async fn test_hub() -> Arc<Hub> {
    Hub::open(
        VariantRegistry::builtin(),
        "sqlite::memory:",
        Duration::from_millis(100),
        Duration::from_secs(60),
    )
    .await
    .expect("a hub in memory")
}

#[cfg(test)]
mod tests;
