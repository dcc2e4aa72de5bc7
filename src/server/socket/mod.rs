//! The WebSocket side: one task per connection reads the client's
//! messages (rate-limited, size-limited), answers them through the tables
//! and forwards the messages of the tables it follows.
//!
//! This module is the transport: the upgrade, the reading and writing of
//! frames, the limits on them, and the tables a connection follows. What a
//! message does is the dispatcher's ([`dispatch`]), which hands the
//! accounts' messages to [`accounts`] and the tables' to [`tables`].

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::Extension;
use axum::extract::State;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{broadcast, mpsc};

use crate::online::protocol::{self, ClientMessage, ErrorKind, ServerMessage};
use crate::online::table::Refused;
use crate::rules::Side;

use super::limits::{Admission, Bucket};
use super::now_ms;
use super::tables::{Hub, LiveTable};

mod accounts;
mod dispatch;
mod tables;
#[cfg(test)]
mod tests;

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
const LIVE_TABLE_QUEUE: usize = 256;

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
    /// A bot account.
    bot: bool,
}

/// A table a connection follows: the seat it holds there (if any) and the
/// task forwarding the table's messages to it.
struct Followed {
    live: Arc<LiveTable>,
    seat: Option<Side>,
    task: tokio::task::JoinHandle<()>,
}

/// What the reader does with a frame.
enum Step {
    /// A message's text, to read.
    Text(Utf8Bytes),
    /// Nothing more: a transport ping, or a frame refused (and answered).
    Skip,
    /// The connection ends.
    Close,
}

/// How one connection's frames are rate-limited: every frame costs from
/// its bucket; a long run of refusals closes the connection.
struct RateLimit {
    bucket: Bucket,
    refused_in_a_row: u32,
}

/// Writes the connection's queue to its socket, with a transport ping
/// every third of the idle time: a live peer's WebSocket answers it by
/// itself, so only a silent one is cut.
async fn write(
    mut sink: SplitSink<WebSocket, Message>,
    mut queue: mpsc::Receiver<Arc<str>>,
    idle: std::time::Duration,
) {
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
}

async fn connection(hub: Arc<Hub>, socket: WebSocket) {
    hub.connections.fetch_add(1, Ordering::Relaxed);
    let (sink, mut stream) = socket.split();
    let (out, queue) = mpsc::channel::<Arc<str>>(LIVE_TABLE_QUEUE);
    let idle = hub.idle;
    let writer = tokio::spawn(write(sink, queue, idle));
    let mut conn = Connection::new(hub, out);
    let mut rate = RateLimit {
        bucket: Bucket::full(RATE_PER_SECOND, RATE_BURST),
        refused_in_a_row: 0,
    };
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
        match conn.frame(frame, &mut rate).await {
            Step::Text(text) => conn.receive(&text).await,
            Step::Skip => continue,
            Step::Close => break,
        }
    }
    conn.leave().await;
    let hub = conn.hub.clone();
    drop(conn);
    let _ = writer.await;
    hub.connections.fetch_sub(1, Ordering::Relaxed);
}

impl Connection {
    /// A new connection's state; `out` is its queue to the writer.
    fn new(hub: Arc<Hub>, out: mpsc::Sender<Arc<str>>) -> Connection {
        Connection {
            hub,
            out,
            following: HashMap::new(),
            player: None,
            attempts: Bucket::full(accounts::ATTEMPTS_PER_SECOND, accounts::ATTEMPTS_BURST),
            lobby: None,
            id: rand::random(),
        }
    }

    /// What to do with a frame the client sent.
    async fn frame(&self, frame: Result<Message, axum::Error>, rate: &mut RateLimit) -> Step {
        // Every frame a client sends costs from its bucket, whatever it
        // holds (text, binary or a transport ping).
        if matches!(
            frame,
            Ok(Message::Text(_) | Message::Binary(_) | Message::Ping(_) | Message::Pong(_))
        ) {
            if !rate.bucket.take() {
                rate.refused_in_a_row += 1;
                if rate.refused_in_a_row > 200 {
                    self.error(ErrorKind::RateLimited, "too many messages: disconnected")
                        .await;
                    return Step::Close;
                }
                self.error(
                    ErrorKind::RateLimited,
                    &format!("at most {RATE_PER_SECOND} messages a second; this one was dropped"),
                )
                .await;
                return Step::Skip;
            }
            rate.refused_in_a_row = 0;
        }
        match frame {
            Ok(Message::Text(text)) => Step::Text(text),
            Ok(Message::Binary(_)) => {
                self.error(ErrorKind::BadMessage, "messages are JSON text, not binary")
                    .await;
                Step::Skip
            }
            Ok(Message::Ping(_) | Message::Pong(_)) => Step::Skip,
            Ok(Message::Close(_)) => Step::Close,
            Err(e) => {
                // Frames above the transport's limit end here; say why first.
                let kind = if is_too_long(&e) {
                    ErrorKind::TooLarge
                } else {
                    ErrorKind::BadMessage
                };
                self.error(kind, &format!("connection closed: {e}")).await;
                Step::Close
            }
        }
    }

    /// Reads a message's text and answers it; a text that is no message,
    /// or a message refused, gets an error (to this client only).
    async fn receive(&mut self, text: &str) {
        match protocol::decode::<ClientMessage>(text) {
            Ok(message) => {
                if let Err(e) = self.handle(message).await {
                    self.error(e.kind, &e.message).await;
                }
            }
            Err(e) => self.error(e.kind, &e.message).await,
        }
    }

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
    async fn follow(&mut self, live: Arc<LiveTable>, seat: Option<Side>) {
        let code = live.table.lock().await.code.clone();
        if let Some(old) = self.following.remove(&code) {
            old.task.abort();
            if let Some(side) = old.seat {
                live.connected.lock().expect("not poisoned")[side.index()] -= 1;
            }
        }
        let mut rx = live.tx.subscribe();
        if let Some(side) = seat {
            live.connected.lock().expect("not poisoned")[side.index()] += 1;
        }
        let view = {
            let table = live.table.lock().await;
            table.view(now_ms(), live.connected())
        };
        let message = ServerMessage::Game {
            game: Box::new(view),
        };
        // The others at the table see who is here now.
        live.send(&message);
        let out = self.out.clone();
        let forward_room = live.clone();
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
        self.following.insert(code, Followed { live, seat, task });
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
            if followed.live.table.lock().await.result.is_some() {
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
        let Some(Followed { live, seat, task }) = self.following.remove(code) else {
            return;
        };
        task.abort();
        if let Some(side) = seat {
            {
                let mut counts = live.connected.lock().expect("not poisoned");
                counts[side.index()] = counts[side.index()].saturating_sub(1);
            }
            let view = live.table.lock().await.view(now_ms(), live.connected());
            live.send(&ServerMessage::Game {
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
