//! `burrow serve`: online play. HTTP and WebSocket (axum on tokio), the
//! games in a database ([`store`]), every turn judged by the same engine
//! the game uses ([`crate::online::table`]).
//!
//! - `GET /ws`: the WebSocket of [`crate::online::protocol`];
//! - `GET /games` (`?status=running|finished`): the game list as JSON;
//! - `GET /games/CODE.txt`: a game's record, in the save-file format;
//! - `GET /health`: `ok`;
//! - `GET /stats`: the tables in memory and the open connections, as JSON;
//! - anything else: the files of `--site` (the web build), if given.
//!
//! A table lives in memory while anyone uses it ([`Room`]) and in the
//! database always: one nobody follows, no computer thinks for and no clock
//! runs at is let go within seconds. A restarted server loads each game
//! when it is next asked for (and the running clocks at once).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{broadcast, mpsc};

use crate::ai::{self, Level};
use crate::online::protocol::{self, ClientMessage, ErrorKind, ServerMessage, Side, SideChoice};
use crate::online::table::{Refused, Seat, Table, check_setup};
use crate::rules::VariantRegistry;

mod share;
pub mod store;

use store::{Store, StoreError};

/// What `burrow serve` was asked for.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub listen: SocketAddr,
    /// `sqlite://FILE?mode=rwc` or `postgres://…`.
    pub database: String,
    /// The web build's folder, served at `/`.
    pub site: Option<PathBuf>,
    /// How long the server's computer thinks per turn.
    pub think: Duration,
}

/// The database a server uses when none is named: a file in the current
/// folder, created on first use.
pub const DEFAULT_DATABASE: &str = "sqlite://burrow-games.sqlite?mode=rwc";

/// Messages one connection may send per second, on average, and in a burst.
const RATE_PER_SECOND: f64 = 20.0;
const RATE_BURST: f64 = 40.0;
/// Frames above this close the connection; between
/// [`protocol::MAX_MESSAGE_BYTES`] and this they get an error.
const MAX_FRAME_BYTES: usize = 64 * 1024;
/// Connections at one table that a broadcast may be queued for.
const ROOM_QUEUE: usize = 256;
/// Tables one connection may follow at once (play or watch).
const MAX_FOLLOWED: usize = 32;
/// How often tables nobody uses are let go, in clock-watch ticks of 100 ms.
const FORGET_EVERY_TICKS: u32 = 20;

/// Runs the server until Ctrl-C.
pub fn serve(registry: VariantRegistry, options: ServeOptions) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(run(registry, options))
}

async fn run(registry: VariantRegistry, options: ServeOptions) -> Result<(), String> {
    let store = Store::open(&options.database)
        .await
        .map_err(|e| format!("cannot open the database {}: {e}", options.database))?;
    let hub = Arc::new(Hub {
        registry,
        store,
        rooms: Mutex::new(HashMap::new()),
        connections: AtomicUsize::new(0),
        think: options.think,
        process: rand::random::<u64>(),
    });
    if hub.store.is_postgres() {
        share::listen(hub.clone(), &options.database).await?;
    }
    // Games that were running when the server stopped: their clocks go on
    // and their computers move.
    let running = hub
        .store
        .running_codes()
        .await
        .map_err(|e| format!("cannot read the games: {e}"))?;
    for code in running {
        if let Ok(room) = hub.room(&code).await {
            hub.clone().wake_computer(room);
        }
    }
    tokio::spawn(watch_clocks(hub.clone()));

    let mut app = Router::new()
        .route("/ws", get(websocket))
        .route("/games", get(list_games))
        .route("/games/{file}", get(game_file))
        .route("/health", get(|| async { "ok" }))
        .route("/stats", get(stats));
    if let Some(site) = &options.site {
        app = app.fallback_service(
            tower_http::services::ServeDir::new(site)
                .precompressed_br()
                .precompressed_gzip(),
        );
    }
    let app = app.with_state(hub);
    let listener = tokio::net::TcpListener::bind(options.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", options.listen))?;
    let address = listener
        .local_addr()
        .map_err(|e| format!("cannot read the address: {e}"))?;
    // Tests and scripts read this line for the port.
    println!("burrow server listening on http://{address}");
    use std::io::Write;
    let _ = std::io::stdout().flush();
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(|e| format!("server: {e}"))
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// One table in memory: its state, the channel its connections listen on,
/// and how many connections hold each seat.
pub struct Room {
    table: tokio::sync::Mutex<Table>,
    tx: broadcast::Sender<Arc<str>>,
    connected: Mutex<[u32; 2]>,
    /// A computer is thinking for this table.
    thinking: AtomicBool,
}

impl Room {
    fn connected(&self) -> [bool; 2] {
        let counts = *self.connected.lock().expect("not poisoned");
        [counts[0] > 0, counts[1] > 0]
    }

    fn send(&self, message: &ServerMessage) {
        // No receivers is fine: nobody is watching.
        let _ = self.tx.send(protocol::encode(message).into());
    }
}

/// Everything the server shares between connections.
pub struct Hub {
    registry: VariantRegistry,
    store: Store,
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    /// Open WebSocket connections.
    connections: AtomicUsize,
    think: Duration,
    /// This process's name in change notices (PostgreSQL).
    process: u64,
}

fn refused_storage(e: StoreError) -> Refused {
    Refused::new(
        ErrorKind::Storage,
        format!("the server could not store that: {e}"),
    )
}

/// Codes avoid letters and digits that read alike (0/O, 1/I/L).
const CODE_LETTERS: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

fn new_code() -> String {
    (0..6)
        .map(|_| CODE_LETTERS[rand::random_range(0..CODE_LETTERS.len())] as char)
        .collect()
}

fn new_token() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// A player's name as the table shows it: trimmed, at most 32 characters,
/// no control characters.
fn clean_name(name: Option<String>) -> String {
    let name: String = name
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_control())
        .take(32)
        .collect();
    let name = name.trim();
    if name.is_empty() {
        "guest".into()
    } else {
        name.to_string()
    }
}

impl Hub {
    /// The table of `code`, from memory or the database.
    async fn room(&self, code: &str) -> Result<Arc<Room>, Refused> {
        let code = code.trim().to_ascii_uppercase();
        if let Some(room) = self.rooms.lock().expect("not poisoned").get(&code) {
            return Ok(room.clone());
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
    fn keep(&self, table: Table) -> Arc<Room> {
        let mut rooms = self.rooms.lock().expect("not poisoned");
        rooms
            .entry(table.code.clone())
            .or_insert_with(|| {
                Arc::new(Room {
                    table: tokio::sync::Mutex::new(table),
                    tx: broadcast::channel(ROOM_QUEUE).0,
                    connected: Mutex::new([0, 0]),
                    thinking: AtomicBool::new(false),
                })
            })
            .clone()
    }

    /// Applies `change` to a room's table, stores it and tells the table.
    /// A conflict with another server process reloads the game and judges
    /// the change again.
    async fn change<R>(
        self: &Arc<Self>,
        room: &Arc<Room>,
        mut change: impl FnMut(&mut Table, i64) -> Result<R, Refused>,
    ) -> Result<R, Refused> {
        for _ in 0..3 {
            let mut table = room.table.lock().await;
            let now = now_ms();
            let mut new = table.clone();
            let answer = change(&mut new, now)?;
            new.version += 1;
            match self.store.update(&table, &new, now).await {
                Ok(()) => {
                    let old = std::mem::replace(&mut *table, new);
                    announce(room, &old, &table, now);
                    let code = table.code.clone();
                    drop(table);
                    share::notify(self, &code).await;
                    self.clone().wake_computer(room.clone());
                    return Ok(answer);
                }
                Err(StoreError::Conflict) => {
                    let code = table.code.clone();
                    if let Some(fresh) = self
                        .store
                        .load(&self.registry, &code)
                        .await
                        .map_err(refused_storage)?
                    {
                        let old = std::mem::replace(&mut *table, fresh);
                        announce(room, &old, &table, now);
                    }
                }
                Err(e) => return Err(refused_storage(e)),
            }
        }
        Err(Refused::new(
            ErrorKind::Storage,
            "the game kept changing; try again",
        ))
    }

    /// Reloads a table another process changed and tells this process's
    /// connections what is new.
    async fn refresh(&self, code: &str) {
        let room = self.rooms.lock().expect("not poisoned").get(code).cloned();
        let Some(room) = room else { return };
        let mut table = room.table.lock().await;
        if let Ok(Some(fresh)) = self.store.load(&self.registry, code).await
            && fresh.version > table.version
        {
            let old = std::mem::replace(&mut *table, fresh);
            announce(&room, &old, &table, now_ms());
        }
    }

    /// Opens a new table.
    async fn create(
        &self,
        setup: &protocol::GameSetup,
        side: SideChoice,
        name: Option<String>,
        computer: Option<String>,
    ) -> Result<(Arc<Room>, Side, String), Refused> {
        let checked = check_setup(&self.registry, setup)?;
        let level = match computer.as_deref() {
            None => None,
            Some(name) => Some(
                name.parse::<Level>()
                    .map_err(|e| Refused::new(ErrorKind::BadSetup, format!("{e}")))?,
            ),
        };
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
                token: Some(token.clone()),
                name: Some(clean_name(name.clone())),
                computer: None,
            };
            if let Some(level) = level {
                table.seats[side.other().index()].computer = Some(level.name().to_string());
            }
            table.start_clock_if_ready(now);
            if self
                .store
                .insert(&table, now)
                .await
                .map_err(refused_storage)?
            {
                return Ok((self.keep(table), side, token));
            }
        }
        Err(Refused::new(ErrorKind::Storage, "no free game code found"))
    }

    /// Lets go of the tables nobody uses: no connection follows them (each
    /// follower holds the room), no request or computer is working on
    /// them, and no clock runs at them. The database has them; the next
    /// request for one loads it again. Holding the map's lock while
    /// counting keeps anyone from taking a room out meanwhile.
    fn forget_idle(&self) {
        self.rooms.lock().expect("not poisoned").retain(|_, room| {
            Arc::strong_count(room) > 1
                || room
                    .table
                    .try_lock()
                    .map_or(true, |table| table.deadline_ms().is_some())
        });
    }

    /// Lets the server's computer move if it is its turn.
    fn wake_computer(self: Arc<Self>, room: Arc<Room>) {
        if room.thinking.swap(true, Ordering::AcqRel) {
            return;
        }
        tokio::spawn(async move {
            let job = {
                let table = room.table.lock().await;
                let side = table.to_move();
                match (&table.seats[side.index()].computer, table.result) {
                    (Some(level), None) if table.is_full() => {
                        level.parse::<Level>().ok().map(|level| {
                            (
                                table.rules.clone(),
                                *table.position(),
                                table.ply(),
                                side,
                                level,
                            )
                        })
                    }
                    _ => None,
                }
            };
            let Some((rules, position, ply, side, level)) = job else {
                room.thinking.store(false, Ordering::Release);
                return;
            };
            let think = self.think;
            let decision = tokio::task::spawn_blocking(move || {
                let started = std::time::Instant::now();
                let choice = ai::choose(
                    &rules,
                    &position,
                    level,
                    think,
                    rand::random(),
                    &AtomicBool::new(false),
                );
                // A person should see the computer's turn arrive, not flash.
                let least = Duration::from_millis(300).min(think);
                if let Some(rest) = least.checked_sub(started.elapsed()) {
                    std::thread::sleep(rest);
                }
                choice
            })
            .await;
            room.thinking.store(false, Ordering::Release);
            if let Ok(Ok(Some(decision))) = decision {
                let text = decision.turn.played().to_string();
                let _ = self
                    .change(&room, |table, now| table.play(side, ply, &text, now))
                    .await;
            }
        });
    }
}

/// Tells a room's connections what changed from `old` to `new`: each new
/// turn, then the whole table if anything else changed.
fn announce(room: &Room, old: &Table, new: &Table, now: i64) {
    let clock = new.clock_view(now);
    for (ply, turn) in new.turns.iter().enumerate().skip(old.turns.len()) {
        room.send(&ServerMessage::Turn {
            code: new.code.clone(),
            ply: ply as u32,
            turn: turn.to_string(),
            clock,
        });
    }
    let changed = old.turns.len() > new.turns.len()
        || old.seats != new.seats
        || old.result != new.result
        || old.rematch_offers != new.rematch_offers
        || (old.clocks.and_then(|c| c.started_ms).is_none()
            && new.clocks.and_then(|c| c.started_ms).is_some());
    if changed {
        room.send(&ServerMessage::Game {
            game: Box::new(new.view(now, room.connected())),
        });
    }
    if let (None, Some(new_code)) = (&old.rematch_code, &new.rematch_code) {
        room.send(&ServerMessage::Rematch {
            code: new.code.clone(),
            new_code: new_code.clone(),
        });
    }
}

/// Ends games whose running clock ran out, ten times a second, and lets go
/// of idle tables every two seconds.
async fn watch_clocks(hub: Arc<Hub>) {
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    for ticks in 1u32.. {
        tick.tick().await;
        if ticks % FORGET_EVERY_TICKS == 0 {
            hub.forget_idle();
        }
        let now = now_ms();
        let rooms: Vec<Arc<Room>> = hub
            .rooms
            .lock()
            .expect("not poisoned")
            .values()
            .cloned()
            .collect();
        for room in rooms {
            let due = match room.table.try_lock() {
                Ok(table) => table.deadline_ms().is_some_and(|d| d <= now),
                Err(_) => false,
            };
            if due {
                let _ = hub
                    .change(&room, |table, now| {
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

/// What the server holds now: tables in memory and open connections.
async fn stats(State(hub): State<Arc<Hub>>) -> Response {
    let tables = hub.rooms.lock().expect("not poisoned").len();
    let connections = hub.connections.load(Ordering::Relaxed);
    axum::Json(serde_json::json!({ "tables": tables, "connections": connections })).into_response()
}

#[derive(serde::Deserialize)]
struct ListQuery {
    status: Option<String>,
}

async fn list_games(State(hub): State<Arc<Hub>>, Query(query): Query<ListQuery>) -> Response {
    let finished = match query.status.as_deref() {
        None | Some("all") => None,
        Some("running") => Some(false),
        Some("finished") => Some(true),
        Some(other) => {
            return (
                StatusCode::BAD_REQUEST,
                format!("status `{other}` is not one of all, running, finished"),
            )
                .into_response();
        }
    };
    match hub.store.list(finished, 500).await {
        Ok(games) => axum::Json(serde_json::json!({ "games": games })).into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

async fn game_file(State(hub): State<Arc<Hub>>, Path(file): Path<String>) -> Response {
    let Some(code) = file.strip_suffix(".txt") else {
        return (StatusCode::NOT_FOUND, "records are at /games/CODE.txt").into_response();
    };
    match hub.room(code).await {
        Ok(room) => {
            let record = room.table.lock().await.record().to_string();
            (
                [
                    (
                        header::CONTENT_TYPE,
                        "text/plain; charset=utf-8".to_string(),
                    ),
                    (
                        header::CONTENT_DISPOSITION,
                        format!(
                            "attachment; filename=\"burrow-{}.txt\"",
                            code.to_ascii_uppercase()
                        ),
                    ),
                ],
                record,
            )
                .into_response()
        }
        Err(e) if e.kind == ErrorKind::UnknownGame => {
            (StatusCode::NOT_FOUND, e.message).into_response()
        }
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.message).into_response(),
    }
}

async fn websocket(ws: WebSocketUpgrade, State(hub): State<Arc<Hub>>) -> Response {
    ws.max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .on_upgrade(move |socket| connection(hub, socket))
}

/// A token bucket: `RATE_PER_SECOND` messages a second, `RATE_BURST` at once.
struct Bucket {
    level: f64,
    at: std::time::Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = std::time::Instant::now();
        let gained = now.duration_since(self.at).as_secs_f64() * RATE_PER_SECOND;
        self.level = (self.level + gained).min(RATE_BURST);
        self.at = now;
        if self.level >= 1.0 {
            self.level -= 1.0;
            true
        } else {
            false
        }
    }
}

/// One client's connection: the seats it holds and the tables it follows.
struct Connection {
    hub: Arc<Hub>,
    out: mpsc::Sender<Arc<str>>,
    /// Tables followed, by code.
    following: HashMap<String, Followed>,
}

/// A table a connection follows: the seat it holds there (if any) and the
/// task forwarding the table's messages to it.
struct Followed {
    room: Arc<Room>,
    seat: Option<Side>,
    task: tokio::task::JoinHandle<()>,
}

async fn connection(hub: Arc<Hub>, socket: WebSocket) {
    hub.connections.fetch_add(1, Ordering::Relaxed);
    let (mut sink, mut stream) = socket.split();
    let (out, mut queue) = mpsc::channel::<Arc<str>>(ROOM_QUEUE);
    let writer = tokio::spawn(async move {
        while let Some(text) = queue.recv().await {
            if sink
                .send(Message::Text(text.as_ref().into()))
                .await
                .is_err()
            {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let mut conn = Connection {
        hub,
        out,
        following: HashMap::new(),
    };
    let mut bucket = Bucket {
        level: RATE_BURST,
        at: std::time::Instant::now(),
    };
    let mut refused_in_a_row = 0u32;
    while let Some(frame) = stream.next().await {
        let text = match frame {
            Ok(Message::Text(text)) => text,
            Ok(Message::Binary(_)) => {
                conn.error(ErrorKind::BadMessage, "messages are JSON text, not binary")
                    .await;
                continue;
            }
            Ok(Message::Ping(_) | Message::Pong(_)) => continue,
            Ok(Message::Close(_)) => break,
            Err(e) => {
                // Frames above the transport's limit end here; say why first.
                let kind = if e.to_string().contains("too long") {
                    ErrorKind::TooLarge
                } else {
                    ErrorKind::BadMessage
                };
                conn.error(kind, &format!("connection closed: {e}")).await;
                break;
            }
        };
        if !bucket.take() {
            refused_in_a_row += 1;
            if refused_in_a_row > 200 {
                conn.error(ErrorKind::RateLimited, "too many messages: disconnected")
                    .await;
                break;
            }
            conn.error(
                ErrorKind::RateLimited,
                &format!("at most {RATE_PER_SECOND} messages a second; this one was dropped"),
            )
            .await;
            continue;
        }
        refused_in_a_row = 0;
        match protocol::decode::<ClientMessage>(&text) {
            Ok(message) => {
                if let Err(e) = conn.handle(message).await {
                    conn.error(e.kind, &e.message).await;
                }
            }
            Err(e) => conn.error(e.kind, &e.message).await,
        }
    }
    conn.leave().await;
    let hub = conn.hub.clone();
    drop(conn);
    let _ = writer.await;
    hub.connections.fetch_sub(1, Ordering::Relaxed);
}

impl Connection {
    async fn send(&self, message: &ServerMessage) {
        let _ = self.out.send(protocol::encode(message).into()).await;
    }

    async fn error(&self, kind: ErrorKind, message: &str) {
        self.send(&ServerMessage::Error {
            kind,
            message: message.to_string(),
        })
        .await;
    }

    /// Follows a table: its messages come to this connection, the whole
    /// table first.
    async fn follow(&mut self, room: Arc<Room>, seat: Option<Side>) {
        let code = room.table.lock().await.code.clone();
        if let Some(old) = self.following.remove(&code) {
            old.task.abort();
            if let Some(side) = old.seat {
                room.connected.lock().expect("not poisoned")[side.index()] -= 1;
            }
        }
        let mut rx = room.tx.subscribe();
        if let Some(side) = seat {
            room.connected.lock().expect("not poisoned")[side.index()] += 1;
        }
        let view = {
            let table = room.table.lock().await;
            table.view(now_ms(), room.connected())
        };
        let message = ServerMessage::Game {
            game: Box::new(view),
        };
        // The others at the table see who is here now.
        room.send(&message);
        let out = self.out.clone();
        let forward_room = room.clone();
        let task = tokio::spawn(async move {
            loop {
                match rx.recv().await {
                    Ok(text) => {
                        if out.send(text).await.is_err() {
                            break;
                        }
                    }
                    // Too slow to keep up: send the whole table instead.
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        let view = {
                            let table = forward_room.table.lock().await;
                            table.view(now_ms(), forward_room.connected())
                        };
                        let text = protocol::encode(&ServerMessage::Game {
                            game: Box::new(view),
                        });
                        if out.send(text.into()).await.is_err() {
                            break;
                        }
                    }
                    Err(broadcast::error::RecvError::Closed) => break,
                }
            }
        });
        self.following.insert(code, Followed { room, seat, task });
    }

    /// The seat a token holds at a table, or a refusal.
    async fn seat(&self, code: &str, token: &str) -> Result<(Arc<Room>, Side), Refused> {
        let room = self.hub.room(code).await?;
        let side = room.table.lock().await.side_of(token).ok_or_else(|| {
            Refused::new(
                ErrorKind::NotYourSeat,
                "that token holds no seat at this game",
            )
        })?;
        Ok((room, side))
    }

    async fn handle(&mut self, message: ClientMessage) -> Result<(), Refused> {
        match message {
            ClientMessage::Ping => self.send(&ServerMessage::Pong).await,
            ClientMessage::Create {
                setup,
                side,
                name,
                computer,
            } => {
                self.room_for_another(None).await?;
                let (room, side, token) = self.hub.create(&setup, side, name, computer).await?;
                let code = room.table.lock().await.code.clone();
                self.send(&ServerMessage::Seat { code, side, token }).await;
                self.follow(room.clone(), Some(side)).await;
                self.hub.clone().wake_computer(room);
            }
            ClientMessage::Join { code, name } => {
                self.room_for_another(Some(&code)).await?;
                let room = self.hub.room(&code).await?;
                let token = new_token();
                let name = clean_name(name);
                let side = self
                    .hub
                    .change(&room, |table, now| {
                        let side = [Side::White, Side::Black]
                            .into_iter()
                            .find(|s| {
                                let seat = &table.seats[s.index()];
                                seat.token.is_none() && seat.computer.is_none()
                            })
                            .ok_or_else(|| {
                                Refused::new(
                                    ErrorKind::TableFull,
                                    "both seats are taken (watch instead)",
                                )
                            })?;
                        table.seats[side.index()].token = Some(token.clone());
                        table.seats[side.index()].name = Some(name.clone());
                        table.start_clock_if_ready(now);
                        Ok(side)
                    })
                    .await?;
                let code = room.table.lock().await.code.clone();
                self.send(&ServerMessage::Seat {
                    code,
                    side,
                    token: token.clone(),
                })
                .await;
                self.follow(room, Some(side)).await;
            }
            ClientMessage::Watch { code } => {
                self.room_for_another(Some(&code)).await?;
                let room = self.hub.room(&code).await?;
                self.follow(room, None).await;
            }
            ClientMessage::Resume { code, token } => {
                self.room_for_another(Some(&code)).await?;
                let (room, side) = self.seat(&code, &token).await?;
                let code = room.table.lock().await.code.clone();
                self.send(&ServerMessage::Seat { code, side, token }).await;
                self.follow(room, Some(side)).await;
            }
            ClientMessage::Turn {
                code,
                token,
                ply,
                turn,
            } => {
                let (room, side) = self.seat(&code, &token).await?;
                self.hub
                    .change(&room, |table, now| table.play(side, ply, &turn, now))
                    .await?;
            }
            ClientMessage::Resign { code, token } => {
                let (room, side) = self.seat(&code, &token).await?;
                self.hub
                    .change(&room, |table, now| table.resign(side, now))
                    .await?;
            }
            ClientMessage::Rematch { code, token } => {
                let (room, side) = self.seat(&code, &token).await?;
                let agreed = self
                    .hub
                    .change(&room, |table, _| {
                        if table.rematch_code.is_some() {
                            return Ok(false);
                        }
                        table.offer_rematch(side)
                    })
                    .await?;
                if agreed {
                    self.open_rematch(&room).await?;
                }
            }
        }
        Ok(())
    }

    /// Both players want another game: a new table with the colours (and
    /// tokens) swapped, announced at the old one.
    async fn open_rematch(&mut self, room: &Arc<Room>) -> Result<(), Refused> {
        let old = room.table.lock().await.clone();
        let checked = check_setup(&self.hub.registry, &old.setup)?;
        let mut new_room = None;
        for _ in 0..20 {
            let now = now_ms();
            let mut table = Table::new(new_code(), checked.clone(), now);
            table.seats = [old.seats[1].clone(), old.seats[0].clone()];
            table.start_clock_if_ready(now);
            if self
                .hub
                .store
                .insert(&table, now)
                .await
                .map_err(refused_storage)?
            {
                new_room = Some(self.hub.keep(table));
                break;
            }
        }
        let new_room =
            new_room.ok_or_else(|| Refused::new(ErrorKind::Storage, "no free game code found"))?;
        let new_code = new_room.table.lock().await.code.clone();
        self.hub
            .change(room, |table, _| {
                table.rematch_code = Some(new_code.clone());
                Ok(())
            })
            .await?;
        self.hub.clone().wake_computer(new_room);
        Ok(())
    }

    /// Makes room for one more table under [`MAX_FOLLOWED`]: finished
    /// games are let go first; with none to let go, the request is refused.
    async fn room_for_another(&mut self, code: Option<&str>) -> Result<(), Refused> {
        let code = code.map(|c| c.trim().to_ascii_uppercase());
        if self.following.len() < MAX_FOLLOWED
            || code.is_some_and(|c| self.following.contains_key(&c))
        {
            return Ok(());
        }
        let mut finished = Vec::new();
        for (code, followed) in &self.following {
            if followed.room.table.lock().await.result.is_some() {
                finished.push(code.clone());
            }
        }
        if finished.is_empty() {
            return Err(Refused::new(
                ErrorKind::TooManyTables,
                format!("one connection follows at most {MAX_FOLLOWED} running games"),
            ));
        }
        for code in finished {
            self.unfollow(&code).await;
        }
        Ok(())
    }

    /// Stops following a table; if a seat was held there, the table sees
    /// its player go.
    async fn unfollow(&mut self, code: &str) {
        let Some(Followed { room, seat, task }) = self.following.remove(code) else {
            return;
        };
        task.abort();
        if let Some(side) = seat {
            {
                let mut counts = room.connected.lock().expect("not poisoned");
                counts[side.index()] = counts[side.index()].saturating_sub(1);
            }
            let view = room.table.lock().await.view(now_ms(), room.connected());
            room.send(&ServerMessage::Game {
                game: Box::new(view),
            });
        }
    }

    /// The connection closed: its seats are no longer connected.
    async fn leave(&mut self) {
        let codes: Vec<String> = self.following.keys().cloned().collect();
        for code in codes {
            self.unfollow(&code).await;
        }
    }
}
