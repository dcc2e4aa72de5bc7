//! The WebSocket side: one task per connection reads the client's
//! messages (rate-limited, size-limited), answers them through the tables
//! and forwards the messages of the tables it follows.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::Extension;
use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{broadcast, mpsc};

use crate::online::protocol::{self, ClientMessage, ErrorKind, ServerMessage, Side};
use crate::online::table::{Refused, Table, check_setup, read_turn};

use super::accounts;
use super::limits::Admission;
use super::now_ms;
use super::pairing;
use super::store::StoredPlayer;
use super::tables::{Hub, Room, clean_name, new_code, new_token, refused_storage, token_key};

/// Messages one connection may send per second, on average, and in a burst.
const RATE_PER_SECOND: f64 = 20.0;
const RATE_BURST: f64 = 40.0;
/// Frames above this close the connection; between
/// [`protocol::MAX_MESSAGE_BYTES`] and this they get an error.
const MAX_FRAME_BYTES: usize = 64 * 1024;
/// The read buffer of one connection (a larger frame is read in pieces).
const READ_BUFFER_BYTES: usize = 4096;
/// Bytes written to a connection and not yet taken by its peer, at most.
const MAX_UNSENT_BYTES: usize = 1024 * 1024;
/// Tables one connection may follow at once (play or watch).
const MAX_FOLLOWED: usize = 32;
/// Messages queued for one connection before its writer catches up.
const ROOM_QUEUE: usize = 256;

pub(super) async fn websocket(
    ws: WebSocketUpgrade,
    State(hub): State<Arc<Hub>>,
    admission: Option<Extension<Admission>>,
) -> Response {
    ws.max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        // The WebSocket library's buffers are 128 KiB each by default, a
        // quarter of a megabyte per connection for messages of a few
        // hundred bytes: small ones keep a thousand players in a few
        // megabytes. A peer that stops reading gets at most
        // `MAX_UNSENT_BYTES` queued before its connection is closed.
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(0)
        .max_write_buffer_size(MAX_UNSENT_BYTES)
        .on_upgrade(move |socket| async move {
            // The connection stays counted while its WebSocket is open.
            let _admission = admission;
            connection(hub, socket).await
        })
}

/// Whether a stream error is a frame over [`MAX_FRAME_BYTES`] (the
/// WebSocket library's capacity error, told by its type).
fn is_too_long(e: &axum::Error) -> bool {
    use std::error::Error as _;
    use tokio_tungstenite::tungstenite::error::{CapacityError, Error};
    matches!(
        e.source().and_then(|inner| inner.downcast_ref::<Error>()),
        Some(Error::Capacity(CapacityError::MessageTooLong { .. }))
    )
}

/// Sign-in and register attempts one connection may make: one every ten
/// seconds on average, five at once (each costs a password hash).
const ATTEMPTS_PER_SECOND: f64 = 0.1;
const ATTEMPTS_BURST: f64 = 5.0;

/// A token bucket: `rate` a second, `burst` at once.
struct Bucket {
    level: f64,
    at: std::time::Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    fn full(rate: f64, burst: f64) -> Bucket {
        Bucket {
            level: burst,
            at: std::time::Instant::now(),
            rate,
            burst,
        }
    }

    fn take(&mut self) -> bool {
        let now = std::time::Instant::now();
        let gained = now.duration_since(self.at).as_secs_f64() * self.rate;
        self.level = (self.level + gained).min(self.burst);
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
    /// The account this connection is signed in to.
    player: Option<SignedIn>,
    /// Sign-in and register attempts.
    attempts: Bucket,
    /// The task forwarding the lobby, while the connection follows it.
    lobby: Option<tokio::task::JoinHandle<()>>,
    /// This connection's number among the account's connections.
    id: u64,
}

/// A signed-in account: its name's key, its name, and the session's key.
struct SignedIn {
    key: String,
    name: String,
    session: String,
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
    // A transport ping every third of the idle time: a live peer's
    // WebSocket answers it by itself, so only a silent one is cut.
    let idle = hub.idle;
    let writer = tokio::spawn(async move {
        let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + idle / 3, idle / 3);
        loop {
            let frame = tokio::select! {
                text = queue.recv() => match text {
                    Some(text) => Message::Text(text.as_ref().into()),
                    None => break,
                },
                _ = pings.tick() => Message::Ping(Default::default()),
            };
            if sink.send(frame).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let mut conn = Connection {
        hub,
        out,
        following: HashMap::new(),
        player: None,
        attempts: Bucket::full(ATTEMPTS_PER_SECOND, ATTEMPTS_BURST),
        lobby: None,
        id: rand::random(),
    };
    let mut bucket = Bucket::full(RATE_PER_SECOND, RATE_BURST);
    let mut refused_in_a_row = 0u32;
    loop {
        let frame = match tokio::time::timeout(idle, stream.next()).await {
            Ok(Some(frame)) => frame,
            Ok(None) => break,
            Err(_) => {
                conn.error(
                    ErrorKind::Idle,
                    &format!("nothing heard for {} s: disconnected", idle.as_secs()),
                )
                .await;
                break;
            }
        };
        // Every frame a client sends costs from its bucket, whatever it
        // holds (text, binary or a transport ping).
        if matches!(
            frame,
            Ok(Message::Text(_) | Message::Binary(_) | Message::Ping(_) | Message::Pong(_))
        ) {
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
        }
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
                let kind = if is_too_long(&e) {
                    ErrorKind::TooLarge
                } else {
                    ErrorKind::BadMessage
                };
                conn.error(kind, &format!("connection closed: {e}")).await;
                break;
            }
        };
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

    /// Who takes a seat from this connection: the signed-in account (its
    /// name, whatever name the message gives), or a guest by the name
    /// given.
    fn holder(&self, name: Option<String>) -> (String, Option<String>) {
        match &self.player {
            Some(player) => (player.name.clone(), Some(player.key.clone())),
            None => (clean_name(name), None),
        }
    }

    /// Signs this connection in to `player` with a new session.
    async fn sign_in(&mut self, player: StoredPlayer) -> Result<(), Refused> {
        let session = new_token();
        let key = token_key(&session);
        self.hub
            .store
            .add_session(&key, &player.key, now_ms())
            .await
            .map_err(refused_storage)?;
        self.signed_in(player, session).await;
        Ok(())
    }

    /// Tells the client it is signed in with `session`, and plays under
    /// the account from now on.
    async fn signed_in(&mut self, player: StoredPlayer, session: String) {
        let key = token_key(&session);
        if let Some(old) = self.player.take() {
            self.hub.sign_out(&old.key, self.id);
        }
        self.hub.sign_in(&player.key, self.id, self.out.clone());
        self.send(&ServerMessage::SignedIn {
            name: player.name.clone(),
            session,
        })
        .await;
        self.player = Some(SignedIn {
            key: player.key,
            name: player.name,
            session: key,
        });
    }

    /// Takes one sign-in or register attempt from the connection's
    /// allowance.
    fn attempt(&mut self) -> Result<(), Refused> {
        if self.attempts.take() {
            Ok(())
        } else {
            Err(Refused::new(
                ErrorKind::RateLimited,
                "too many sign-in attempts: wait a little",
            ))
        }
    }

    async fn accounts(&mut self, message: ClientMessage) -> Result<(), Refused> {
        let wrong = || {
            Refused::new(
                ErrorKind::WrongPassword,
                "the name or the password is wrong",
            )
        };
        match message {
            ClientMessage::Register { name, password } => {
                self.attempt()?;
                let name = accounts::check_name(&name)
                    .map_err(|e| Refused::new(ErrorKind::BadName, e.to_string()))?;
                accounts::check_password(&password)
                    .map_err(|e| Refused::new(ErrorKind::BadPassword, e.to_string()))?;
                let password = self
                    .hub
                    .hasher
                    .hash(password)
                    .await
                    .map_err(|e| Refused::new(ErrorKind::Storage, e))?;
                let player = StoredPlayer {
                    key: name.key,
                    name: name.shown,
                    password,
                };
                if !self
                    .hub
                    .store
                    .add_player(&player, now_ms())
                    .await
                    .map_err(refused_storage)?
                {
                    return Err(Refused::new(
                        ErrorKind::NameTaken,
                        format!("`{}` (or a name that reads like it) is taken", player.name),
                    ));
                }
                tracing::info!("account {} registered", player.name);
                self.sign_in(player).await
            }
            ClientMessage::SignIn { name, password } => {
                self.attempt()?;
                if accounts::check_password(&password).is_err() {
                    return Err(wrong());
                }
                let stored = self
                    .hub
                    .store
                    .player(&accounts::name_key(name.trim()))
                    .await
                    .map_err(refused_storage)?;
                // An unknown name costs a hash too, so the time taken does
                // not tell which names exist.
                let (stored, hash) = match stored {
                    Some(player) => {
                        let hash = player.password.clone();
                        (Some(player), hash)
                    }
                    None => (None, self.hub.decoy_hash.clone()),
                };
                let right = self.hub.hasher.verify(password, hash).await;
                match stored {
                    Some(player) if right => self.sign_in(player).await,
                    _ => Err(wrong()),
                }
            }
            ClientMessage::Hello { session } => {
                self.attempt()?;
                let key = token_key(&session);
                let player = self
                    .hub
                    .store
                    .session(&key)
                    .await
                    .map_err(refused_storage)?
                    .ok_or_else(|| {
                        Refused::new(ErrorKind::BadSession, "that session is over: sign in again")
                    })?;
                self.signed_in(player, session).await;
                Ok(())
            }
            ClientMessage::SignOut {} => {
                if let Some(player) = self.player.take() {
                    self.hub.sign_out(&player.key, self.id);
                    self.hub
                        .store
                        .drop_session(&player.session)
                        .await
                        .map_err(refused_storage)?;
                }
                self.send(&ServerMessage::SignedOut).await;
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The seat a token holds at a table, or a refusal. An empty token
    /// stands for the signed-in account: its seat, from any device.
    async fn seat(&self, code: &str, token: &str) -> Result<(Arc<Room>, Side), Refused> {
        let room = self.hub.room(code).await?;
        let side = {
            let table = room.table.lock().await;
            match (token, &self.player) {
                ("", Some(player)) => [Side::White, Side::Black]
                    .into_iter()
                    .find(|s| table.seats[s.index()].player.as_ref() == Some(&player.key)),
                _ => table.side_of(&token_key(token)),
            }
        };
        let side = side.ok_or_else(|| {
            Refused::new(
                ErrorKind::NotYourSeat,
                if token.is_empty() {
                    "no seat of yours at this game (sign in, or give the seat's token)"
                } else {
                    "that token holds no seat at this game"
                },
            )
        })?;
        Ok((room, side))
    }

    async fn handle(&mut self, message: ClientMessage) -> Result<(), Refused> {
        match message {
            ClientMessage::Ping {} => self.send(&ServerMessage::Pong).await,
            ClientMessage::MyGames {} => {
                let Some(player) = &self.player else {
                    return Err(Refused::new(
                        ErrorKind::SignInFirst,
                        "sign in to see your games",
                    ));
                };
                let games = self
                    .hub
                    .store
                    .games_of(&player.key)
                    .await
                    .map_err(refused_storage)?;
                self.send(&ServerMessage::MyGames { games }).await;
            }
            ClientMessage::Lobby {} => {
                if self.lobby.is_none() {
                    let mut rx = self.hub.lobby.subscribe();
                    let out = self.out.clone();
                    let hub = self.hub.clone();
                    self.lobby = Some(tokio::spawn(async move {
                        loop {
                            let text = match rx.recv().await {
                                Ok(text) => text,
                                // Behind: the lobby as it is now instead.
                                Err(broadcast::error::RecvError::Lagged(_)) => {
                                    match hub.lobby_message().await {
                                        Ok(message) => protocol::encode(&message).into(),
                                        Err(_) => continue,
                                    }
                                }
                                Err(broadcast::error::RecvError::Closed) => break,
                            };
                            if out.send(text).await.is_err() {
                                break;
                            }
                        }
                    }));
                }
                let message = self.hub.lobby_message().await?;
                self.send(&message).await;
            }
            message @ (ClientMessage::Register { .. }
            | ClientMessage::SignIn { .. }
            | ClientMessage::Hello { .. }
            | ClientMessage::SignOut {}) => self.accounts(message).await?,
            ClientMessage::Create {
                setup,
                side,
                name,
                computer,
                public,
                rated,
            } => {
                self.create(&setup, side, name, computer, public, rated)
                    .await?;
            }
            ClientMessage::Join { code, name } => self.join(&code, name).await?,
            ClientMessage::Players { game } => {
                if self.hub.registry.get(&game).is_none() {
                    return Err(Refused::new(
                        ErrorKind::BadSetup,
                        format!("no game `{game}` here"),
                    ));
                }
                let players = self
                    .hub
                    .store
                    .leaderboard(&game, 100)
                    .await
                    .map_err(refused_storage)?;
                self.send(&ServerMessage::Players { game, players }).await;
            }
            ClientMessage::Player { name } => {
                let page = self
                    .hub
                    .store
                    .player_page(&name)
                    .await
                    .map_err(refused_storage)?
                    .ok_or_else(|| {
                        Refused::new(ErrorKind::UnknownPlayer, format!("no player `{name}`"))
                    })?;
                self.send(&ServerMessage::Player {
                    page: Box::new(page),
                })
                .await;
            }
            ClientMessage::Pair {
                variant,
                size,
                clock,
                bot_after_s,
            } => self.pair(variant, size, clock, bot_after_s).await?,
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
                let played = read_turn(&turn)?;
                let (room, side) = self.seat(&code, &token).await?;
                self.hub
                    .change(&room, |table, now| {
                        table.play(side, ply, played.clone(), now)
                    })
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

    /// Opens a table with the player at one seat (see `create`).
    async fn create(
        &mut self,
        setup: &protocol::GameSetup,
        side: protocol::SideChoice,
        name: Option<String>,
        computer: Option<crate::ai::Level>,
        public: bool,
        rated: bool,
    ) -> Result<Arc<Room>, Refused> {
        self.room_for_another(None).await?;
        let (name, player) = self.holder(name);
        if rated {
            if player.is_none() {
                return Err(Refused::new(
                    ErrorKind::SignInFirst,
                    "sign in to play a rated game",
                ));
            }
            if setup.design.is_some() {
                return Err(Refused::new(
                    ErrorKind::BadSetup,
                    "rated games are the built-in games; a design plays unrated",
                ));
            }
        }
        let (room, side, token) = self
            .hub
            .create(setup, side, name, player, computer, public, rated)
            .await?;
        let code = room.table.lock().await.code.clone();
        self.send(&ServerMessage::Seat { code, side, token }).await;
        self.follow(room.clone(), Some(side)).await;
        self.hub.clone().wake_computer(room.clone());
        Ok(room)
    }

    /// Takes the free seat at `code` (see `join`).
    async fn join(&mut self, code: &str, name: Option<String>) -> Result<(), Refused> {
        self.room_for_another(Some(code)).await?;
        let room = self.hub.room(code).await?;
        let token = new_token();
        let key = token_key(&token);
        let (name, player) = self.holder(name);
        let side = self
            .hub
            .change(&room, |table, now| {
                let side = [Side::White, Side::Black]
                    .into_iter()
                    .find(|s| {
                        let seat = &table.seats[s.index()];
                        seat.key.is_none() && seat.computer.is_none()
                    })
                    .ok_or_else(|| {
                        Refused::new(ErrorKind::TableFull, "both seats are taken (watch instead)")
                    })?;
                if table.rated {
                    let Some(player) = &player else {
                        return Err(Refused::new(
                            ErrorKind::SignInFirst,
                            "sign in to play a rated game",
                        ));
                    };
                    if table.seats[side.other().index()].player.as_ref() == Some(player) {
                        return Err(Refused::new(
                            ErrorKind::BadSetup,
                            "a rated game is between two players",
                        ));
                    }
                }
                table.seats[side.index()].key = Some(key.clone());
                table.seats[side.index()].name = Some(name.clone());
                table.seats[side.index()].player = player.clone();
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
        Ok(())
    }

    /// Play someone now (see `pair`).
    async fn pair(
        &mut self,
        variant: String,
        size: crate::rules::BoardSize,
        clock: Option<protocol::ClockSetting>,
        bot_after_s: Option<u32>,
    ) -> Result<(), Refused> {
        if let Some(wait) = bot_after_s
            && !protocol::BOT_WAIT_S.contains(&wait)
        {
            return Err(Refused::new(
                ErrorKind::BadSetup,
                format!(
                    "the wait for the computer is {} to {} s, not {wait}",
                    protocol::BOT_WAIT_S.start(),
                    protocol::BOT_WAIT_S.end()
                ),
            ));
        }
        let setup = protocol::GameSetup {
            variant: variant.clone(),
            size,
            start: None,
            clock,
            design: None,
        };
        // The game, board and clock must be ones a table takes, whatever
        // follows.
        if check_setup(&self.hub.registry, &setup)?
            .setup
            .design
            .is_some()
        {
            return Err(Refused::new(
                ErrorKind::BadSetup,
                "pairing is for the built-in games; open a table for a design",
            ));
        }
        let rating = match &self.player {
            Some(player) => Some(
                self.hub
                    .store
                    .rating(&player.key, &variant)
                    .await
                    .map_err(refused_storage)?
                    .unwrap_or_default()
                    .rating,
            ),
            None => None,
        };
        let seeks = self.hub.store.seeks().await.map_err(refused_storage)?;
        let wanted = pairing::Wanted {
            variant: &variant,
            size,
            clock,
            player: self
                .player
                .as_ref()
                .zip(rating)
                .map(|(p, r)| (p.name.as_str(), r)),
        };
        if let Some(seek) = pairing::choose(&seeks, &wanted) {
            let code = seek.code.clone();
            // Taken meanwhile by someone else: open a table instead.
            match self.join(&code, None).await {
                Err(e) if e.kind == ErrorKind::TableFull => {}
                other => return other,
            }
        }
        let rated = self.player.is_some();
        let room = self
            .create(
                &setup,
                protocol::SideChoice::Random,
                None,
                None,
                true,
                rated,
            )
            .await?;
        if let Some(wait) = bot_after_s {
            let level = pairing::level_near(
                &self.hub,
                &variant,
                rating.unwrap_or(protocol::Rating::default().rating),
            )
            .await;
            pairing::computer_after(
                self.hub.clone(),
                room,
                std::time::Duration::from_secs(u64::from(wait)),
                level,
            );
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
            table.public = old.public;
            table.rated = old.rated;
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
        if let Some(lobby) = self.lobby.take() {
            lobby.abort();
        }
        if let Some(player) = self.player.take() {
            self.hub.sign_out(&player.key, self.id);
        }
        let codes: Vec<String> = self.following.keys().cloned().collect();
        for code in codes {
            self.unfollow(&code).await;
        }
    }
}
