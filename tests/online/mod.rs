//! Online play through a real `burrow serve` process on 127.0.0.1, with
//! scripted clients: full games, refusals, reconnection, a server restart,
//! clocks, the server's computer and `burrow bot`, rematch, and a load of
//! 200 games at once. Every case runs against SQLite (a file per case) and,
//! in one test that starts its own PostgreSQL, against PostgreSQL, where two
//! server processes also share one game.
//!
//! This module holds what the cases share (the server process, the scripted
//! players, the account helpers, the database readers); the cases are by
//! concern: [`tables`] (games at a table, the clock, the computer, the bot,
//! designs), [`refusals`] (bad messages at a table), [`limits`] (a hostile
//! client: connection limits, silent sockets, stolen databases),
//! [`accounts`], [`ratings`], [`lobby`] (seeks and pairing),
//! [`correspondence`], [`restart`] (reconnection, a restart, the router in
//! this process), [`load`] and [`postgres`] (the same suite against
//! PostgreSQL, and two processes sharing a game).

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use burrow::load::{LoadPlan, ServerStats, check_stored, http_get, load_run, server_idle};
use burrow::online::client::{Client, Trust};
use burrow::online::mirror::Mirror;
use burrow::online::protocol::{
    ClientMessage, ClockSetting, EndReason, ErrorKind, GameSetup, GameView, ServerMessage,
    SideChoice,
};
use burrow::rules::Side;
use burrow::rules::{Design, GameRecord, GameResult, VariantRegistry};

mod accounts;
mod correspondence;
mod limits;
mod load;
mod lobby;
mod postgres;
mod ratings;
mod refusals;
mod restart;
mod tables;
pub(crate) mod tls;

const WAIT: Duration = Duration::from_secs(20);

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("burrow-online-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A `burrow serve` process; killed when dropped.
pub(crate) struct Server {
    child: Child,
    /// `127.0.0.1:PORT`
    pub(crate) address: String,
    /// Whether it serves over TLS.
    pub(crate) tls: bool,
}

impl Server {
    pub(crate) fn start(database: &str) -> Server {
        Server::start_on(database, "127.0.0.1:0")
    }

    /// On a given address (a restarted server keeps its port).
    pub(crate) fn start_on(database: &str, listen: &str) -> Server {
        Server::start_with(database, listen, &[])
    }

    /// With more options of `burrow serve` (such as [`UNLIMITED`]).
    pub(crate) fn start_with(database: &str, listen: &str, options: &[&str]) -> Server {
        // The server reads no designs folder but its own (an empty one).
        let home = std::env::temp_dir().join(format!("burrow-online-{}-home", std::process::id()));
        std::fs::create_dir_all(&home).expect("temp dir");
        // The log goes to a file: a pipe nobody reads would stop the
        // server once full.
        static SERVERS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let log = home.join(format!(
            "server-{}.log",
            SERVERS.fetch_add(1, Ordering::Relaxed)
        ));
        let mut child = Command::new(env!("CARGO_BIN_EXE_burrow"))
            .env("XDG_CONFIG_HOME", &home)
            .args(["serve", "--listen", listen, "--think-ms", "100"])
            .args(["--database", database])
            .args(options)
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).expect("a log file"))
            .spawn()
            .expect("burrow serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("reads the server's first line");
        let line = line.trim();
        let tls = line.starts_with("burrow server listening on https://");
        let Some(address) = line
            .strip_prefix("burrow server listening on http://")
            .or_else(|| line.strip_prefix("burrow server listening on https://"))
        else {
            let _ = child.wait();
            let err = std::fs::read_to_string(&log).unwrap_or_default();
            panic!("the server did not start: {line}{err}");
        };
        Server {
            address: address.to_string(),
            child,
            tls,
        }
    }

    pub(crate) fn ws(&self) -> String {
        let scheme = if self.tls { "wss" } else { "ws" };
        format!("{scheme}://{}/ws", self.address)
    }

    /// `http://127.0.0.1:PORT`, or `https://…` over TLS.
    pub(crate) fn origin(&self) -> String {
        let scheme = if self.tls { "https" } else { "http" };
        format!("{scheme}://{}", self.address)
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Ends the process at once (SIGKILL: no chance to tidy up).
    pub(crate) fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A load run's hundreds of clients all come from 127.0.0.1: no limit per
/// address.
const UNLIMITED: &[&str] = &["--max-connections-per-address", "0"];

pub(crate) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

pub(crate) fn setup(variant: &str, size: &str, clock: Option<ClockSetting>) -> GameSetup {
    GameSetup {
        variant: variant.into(),
        size: size.parse().expect("a board size"),
        start: None,
        clock,
        design: None,
    }
}

/// A seated client with its table.
pub(crate) struct Player {
    pub(crate) client: Client,
    pub(crate) code: String,
    pub(crate) side: Side,
    pub(crate) token: String,
    pub(crate) mirror: Mirror,
}

async fn seat_and_table(client: &mut Client) -> (String, Side, String, GameView) {
    let (code, side, token) = client
        .wait_for(WAIT, |m| match m {
            ServerMessage::Seat { code, side, token } => Some((code.clone(), *side, token.clone())),
            ServerMessage::Error { message, .. } => panic!("refused a seat: {message}"),
            _ => None,
        })
        .await
        .expect("a seat");
    let view = next_view(client).await;
    (code, side, token, view)
}

async fn next_view(client: &mut Client) -> GameView {
    client
        .wait_for(WAIT, |m| match m {
            ServerMessage::Game { game } => Some((**game).clone()),
            _ => None,
        })
        .await
        .expect("the table")
}

/// Opens a public table (listed) as Ada.
async fn create(url: &str, setup: GameSetup, computer: Option<&str>) -> Player {
    create_table(url, setup, computer, true).await
}

async fn create_table(url: &str, setup: GameSetup, computer: Option<&str>, public: bool) -> Player {
    let create = ClientMessage::Create {
        setup,
        side: SideChoice::White,
        name: Some("Ada".into()),
        computer: computer.map(|level| level.parse().expect("a level")),
        public,
        rated: false,
    };
    take_seat(url, &create).await
}

/// GET `path` from the server at `address`: a 200 with JSON.
pub(crate) async fn get_json(address: &str, path: &str) -> serde_json::Value {
    let (status, body) = http_get(address, path).await.expect("GET");
    assert_eq!(status, 200, "GET {path}: {body}");
    serde_json::from_str(&body).expect("JSON")
}

/// The codes `GET /games?status=…` lists.
async fn listed(address: &str, status: &str) -> Vec<String> {
    get_json(address, &format!("/games?status={status}")).await["games"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|game| game["code"].as_str().expect("a code").to_string())
        .collect()
}

pub(crate) async fn join(url: &str, code: &str) -> Player {
    let join = ClientMessage::Join {
        code: code.into(),
        name: Some("Bo".into()),
    };
    take_seat(url, &join).await
}

/// A new connection that takes back the seat `token` holds at `code`.
async fn resume(url: &str, code: &str, token: &str) -> Player {
    let resume = ClientMessage::Resume {
        code: code.into(),
        token: token.into(),
    };
    take_seat(url, &resume).await
}

/// A new connection that sends `request` (a create or a join) and keeps
/// the seat it is given.
async fn take_seat(url: &str, request: &ClientMessage) -> Player {
    take_seat_with(Client::connect(url).await.expect("connects"), request).await
}

/// A connection (signed in, say) that sends `request` and keeps the seat.
pub(crate) async fn take_seat_with(mut client: Client, request: &ClientMessage) -> Player {
    client.send(request).await.expect("sends");
    let (code, side, token, view) = seat_and_table(&mut client).await;
    let mirror = Mirror::new(&VariantRegistry::builtin(), view).expect("a table that reads");
    Player {
        client,
        code,
        side,
        token,
        mirror,
    }
}

impl Player {
    /// The first listed legal turn of the position.
    pub(crate) fn some_turn(&self) -> String {
        let turns = self
            .mirror
            .rules
            .turns(self.mirror.position())
            .expect("lists");
        turns[0].played().to_string()
    }

    async fn send(&mut self, message: ClientMessage) {
        self.client.send(&message).await.expect("sends");
    }

    pub(crate) async fn play(&mut self, turn: &str) {
        let message = ClientMessage::Turn {
            code: self.code.clone(),
            token: self.token.clone(),
            ply: self.mirror.ply(),
            turn: turn.into(),
        };
        self.send(message).await;
    }

    /// Reads messages until the table has `ply` turns (or a refusal comes).
    pub(crate) async fn follow_to(&mut self, ply: u32) {
        let registry = VariantRegistry::builtin();
        while self.mirror.ply() < ply {
            let message = match self.client.recv_within(WAIT).await {
                Ok(message) => message,
                Err(e) => panic!(
                    "{:?} at {} waiting for turn {ply} (has {}): {e}",
                    self.side,
                    self.code,
                    self.mirror.ply()
                ),
            };
            if let ServerMessage::Error { message, .. } = &message {
                panic!("refused: {message}");
            }
            self.mirror.apply(&registry, &message);
        }
    }

    /// The next error message (other messages are followed).
    async fn refusal(&mut self) -> (ErrorKind, String) {
        let registry = VariantRegistry::builtin();
        loop {
            let message = self.client.recv_within(WAIT).await.expect("a message");
            if let ServerMessage::Error { kind, message } = message {
                return (kind, message);
            }
            self.mirror.apply(&registry, &message);
        }
    }
}

/// The kind of the next refusal a client gets (other messages are passed
/// over).
async fn next_refusal(client: &mut Client) -> ErrorKind {
    client
        .wait_for(WAIT, |m| match m {
            ServerMessage::Error { kind, .. } => Some(*kind),
            _ => None,
        })
        .await
        .expect("a refusal")
}

/// A new connection that sent `message`.
async fn sent(url: &str, message: &ClientMessage) -> Client {
    let mut client = Client::connect(url).await.expect("connects");
    client.send(message).await.expect("sends");
    client
}

/// The table as a new watcher sees it.
async fn watched(url: &str, code: &str) -> GameView {
    let mut client = sent(url, &ClientMessage::Watch { code: code.into() }).await;
    let view = next_view(&mut client).await;
    client.close().await;
    view
}

/// Both players take turns (the first listed legal one) until the game ends.
async fn play_out(white: &mut Player, black: &mut Player) {
    loop {
        let mover = if white.mirror.to_move() == Side::White {
            &mut *white
        } else {
            &mut *black
        };
        if mover.mirror.is_over() {
            break;
        }
        let turn = mover.some_turn();
        let ply = mover.mirror.ply();
        mover.play(&turn).await;
        white.follow_to(ply + 1).await;
        black.follow_to(ply + 1).await;
    }
}

async fn record_of(address: &str, code: &str) -> GameRecord {
    let (status, body) = http_get(address, &format!("/games/{code}.txt"))
        .await
        .expect("GET");
    assert_eq!(status, 200, "{body}");
    // A code with anything around it names no game (a plain 404, never a
    // server error).
    for bad in [
        format!("{code}%0A"),
        format!("{code}%00"),
        format!("%20{code}x"),
    ] {
        let (status, _) = http_get(address, &format!("/games/{bad}.txt"))
            .await
            .expect("GET");
        assert_eq!(status, 404, "/games/{bad}.txt");
    }
    body.parse().expect("a record that reads")
}

async fn next_view_with_result(player: &mut Player) -> GameView {
    loop {
        let view = next_view(&mut player.client).await;
        if view.result.is_some() {
            return view;
        }
    }
}

/// The server's database, opened as the test's own connection.
async fn open_database(database: &str) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::AnyPool::connect(database)
        .await
        .expect("opens the database")
}

/// The rows a query of the database reads.
async fn select(database: &str, query: &str) -> Vec<sqlx::any::AnyRow> {
    let pool = open_database(database).await;
    let rows = sqlx::query(query).fetch_all(&pool).await.expect("reads");
    pool.close().await;
    rows
}

/// The codes of the games the database holds, with their white player's
/// name (a test that cannot read a private table's code from the list).
#[cfg_attr(not(feature = "checks"), allow(dead_code))]
pub(crate) async fn stored_codes(database: &str) -> Vec<(String, Option<String>)> {
    use sqlx::Row;
    let rows = select(database, "SELECT code, white_name FROM games").await;
    rows.iter().map(|row| (row.get(0), row.get(1))).collect()
}

/// Every text column of the `games` table, as the database holds it.
async fn stored_games(database: &str) -> Vec<String> {
    use sqlx::Row;
    let rows = select(database, "SELECT code, white_token, black_token FROM games").await;
    rows.iter()
        .flat_map(|row| {
            (0..3).filter_map(move |i| row.try_get::<Option<String>, _>(i).ok().flatten())
        })
        .collect()
}

/// Sends `message` and reads the answer `pick` takes, or the refusal.
async fn answer_or_refusal<T>(
    client: &mut Client,
    message: ClientMessage,
    mut pick: impl FnMut(&ServerMessage) -> Option<T>,
) -> Result<T, ErrorKind> {
    client.send(&message).await.expect("sends");
    client
        .wait_for(WAIT, |m| match m {
            ServerMessage::Error { kind, .. } => Some(Err(*kind)),
            other => pick(other).map(Ok),
        })
        .await
        .expect("an answer")
}

/// The answer to an account message: the name and session signed in to,
/// or the refusal.
async fn account_answer(
    client: &mut Client,
    message: ClientMessage,
) -> Result<(String, String), ErrorKind> {
    answer_or_refusal(client, message, |m| match m {
        ServerMessage::SignedIn { name, session, .. } => Some((name.clone(), session.clone())),
        _ => None,
    })
    .await
}

fn register(name: &str, password: &str) -> ClientMessage {
    ClientMessage::Register {
        name: name.into(),
        password: password.into(),
        bot: false,
    }
}

fn sign_in(name: &str, password: &str) -> ClientMessage {
    ClientMessage::SignIn {
        name: name.into(),
        password: password.into(),
    }
}

/// A signed-in connection to `url` (registering `name`).
pub(crate) async fn signed_in(url: &str, name: &str) -> Client {
    connected_with(url, register(name, "a long enough password")).await
}

/// A new connection to `url` that has sent `account` (a register or a
/// sign-in) and been signed in.
async fn connected_with(url: &str, account: ClientMessage) -> Client {
    let mut client = Client::connect(url).await.expect("connects");
    account_answer(&mut client, account)
        .await
        .expect("signed in");
    client
}

/// A new connection signed in to the account `name` made by
/// [`signed_in`].
// Used by the game's and the window's tests.
#[cfg_attr(not(feature = "game"), allow(dead_code))]
pub(crate) async fn signed_in_as(url: &str, name: &str) -> Client {
    connected_with(url, sign_in(name, "a long enough password")).await
}

/// The account `name`'s seat at `code`, taken back from a new connection
/// without a token.
// Used by the game's and the window's tests.
#[cfg_attr(not(feature = "checks"), allow(dead_code))]
pub(crate) async fn resume_by_account(url: &str, name: &str, code: &str) -> Player {
    let resume = ClientMessage::Resume {
        code: code.into(),
        token: String::new(),
    };
    take_seat_with(signed_in_as(url, name).await, &resume).await
}

/// Sends `message` and reads the seat's code and token, or the refusal.
async fn seat_or_refusal(
    client: &mut Client,
    message: ClientMessage,
) -> Result<(String, String), ErrorKind> {
    answer_or_refusal(client, message, |m| match m {
        ServerMessage::Seat { code, token, .. } => Some((code.clone(), token.clone())),
        _ => None,
    })
    .await
}

/// A private 4x4 Box table, rated or not, against the computer or not.
fn box_table(computer: Option<&str>, rated: bool) -> ClientMessage {
    ClientMessage::Create {
        setup: setup("box", "4x4", None),
        side: SideChoice::White,
        name: None,
        computer: computer.map(|level| level.parse().expect("a level")),
        public: false,
        rated,
    }
}

/// Resigns at `code` and waits for the game's end.
pub(crate) async fn resign(client: &mut Client, code: &str, token: &str) {
    client
        .send(&ClientMessage::Resign {
            code: code.into(),
            token: token.into(),
        })
        .await
        .expect("sends");
    client
        .wait_for(WAIT, |m| match m {
            ServerMessage::Game { game } if game.result.is_some() => Some(()),
            _ => None,
        })
        .await
        .expect("the game ends");
}

/// A game's leaderboard: (name, rating, games) from the best down.
pub(crate) async fn leaderboard(address: &str, game: &str) -> Vec<(String, f64, i64)> {
    get_json(address, &format!("/players?game={game}")).await["players"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|p| {
            (
                p["name"].as_str().expect("a name").to_string(),
                p["rating"].as_f64().expect("a rating"),
                p["games"].as_i64().expect("a count"),
            )
        })
        .collect()
}

pub(crate) fn sqlite(name: &str) -> String {
    let dir = temp_dir(name);
    format!("sqlite://{}?mode=rwc", dir.join("games.sqlite").display())
}
