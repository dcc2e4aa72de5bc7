//! Online play through a real `burrow serve` process on 127.0.0.1, with
//! scripted clients: full games, refusals, reconnection, a server restart,
//! clocks, the server's computer and `burrow bot`, rematch, and a load of
//! 200 games at once. Every case runs against SQLite (a file per case) and,
//! in one test that starts its own PostgreSQL, against PostgreSQL, where two
//! server processes also share one game.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use burrow::cli::online::{LoadPlan, ServerStats, check_stored, http_get, load_run, server_idle};
use burrow::online::client::Client;
use burrow::online::mirror::Mirror;
use burrow::online::protocol::{
    ClientMessage, ClockSetting, EndReason, ErrorKind, GameSetup, GameView, ServerMessage, Side,
    SideChoice,
};
use burrow::rules::{Design, GameRecord, GameResult, VariantRegistry};

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
        let Some(address) = line
            .trim()
            .strip_prefix("burrow server listening on http://")
        else {
            let _ = child.wait();
            let err = std::fs::read_to_string(&log).unwrap_or_default();
            panic!("the server did not start: {line}{err}");
        };
        Server {
            address: address.to_string(),
            child,
        }
    }

    pub(crate) fn ws(&self) -> String {
        format!("ws://{}/ws", self.address)
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

/// A table made for a friend is never listed, so nobody can read its code
/// and take the seat meant for the friend; the friend joins by the code.
/// A public table is listed.
async fn private_tables_are_never_listed(server: &Server) {
    let url = server.ws();
    let private = create_table(&url, setup("box", "4x4", None), None, false).await;
    let public = create(&url, setup("box", "4x4", None), None).await;
    for status in ["running", "all"] {
        let codes = listed(&server.address, status).await;
        assert!(
            !codes.contains(&private.code),
            "a private table is listed: {codes:?}"
        );
        assert!(
            codes.contains(&public.code),
            "the public table is not listed: {codes:?}"
        );
    }
    let mut friend = join(&url, &private.code).await;
    assert_eq!(
        friend.side,
        Side::Black,
        "the friend takes the seat by its code"
    );
    friend
        .client
        .send(&ClientMessage::Resign {
            code: friend.code.clone(),
            token: friend.token.clone(),
        })
        .await
        .expect("sends");
    let view = next_view_with_result(&mut friend).await;
    assert!(view.result.is_some());
    for status in ["finished", "all"] {
        let codes = listed(&server.address, status).await;
        assert!(
            !codes.contains(&private.code),
            "a private game is listed: {codes:?}"
        );
    }
    for player in [private, public, friend] {
        player.client.close().await;
    }
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

/// The table as a new watcher sees it.
async fn watched(url: &str, code: &str) -> GameView {
    let mut client = Client::connect(url).await.expect("connects");
    client
        .send(&ClientMessage::Watch { code: code.into() })
        .await
        .expect("sends");
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

// ---------------------------------------------------------------------------
// The cases, each against a database URL.

/// Two scripted clients play a whole game of each variant; the record the
/// server keeps replays to the result the game ended with.
async fn full_games(server: &Server) {
    let registry = VariantRegistry::builtin();
    for variant in registry.ids() {
        let mut white = create(&server.ws(), setup(variant, "5x5", None), None).await;
        let mut black = join(&server.ws(), &white.code).await;
        assert_eq!(black.side, Side::Black);
        play_out(&mut white, &mut black).await;
        let view = next_view_with_result(&mut white).await;
        let finish = view.result.expect("over");
        assert_eq!(finish.reason, EndReason::NoCapture);
        let record = record_of(&server.address, &white.code).await;
        let positions = record.replay(&registry).expect("replays");
        assert_eq!(positions.len(), white.mirror.history.positions().len());
        assert_eq!(record.result, GameResult::Win(finish.winner.color()));
        assert_eq!(record.white, "Ada");
        assert_eq!(record.black, "Bo");
    }
    // The list shows them finished.
    assert!(listed(&server.address, "finished").await.len() >= registry.len());
}

async fn next_view_with_result(player: &mut Player) -> GameView {
    loop {
        let view = next_view(&mut player.client).await;
        if view.result.is_some() {
            return view;
        }
    }
}

/// Every kind of bad message gets an error to its sender only, and the
/// game is the same after each.
async fn refusals(server: &Server) {
    let url = server.ws();
    let mut white = create(&url, setup("box", "6x6", None), None).await;
    let mut black = join(&url, &white.code).await;
    let first = white.some_turn();
    white.play(&first).await;
    white.follow_to(1).await;
    black.follow_to(1).await;
    let before = watched(&url, &white.code).await;
    assert_eq!(before.turns.len(), 1);

    let unchanged = |view: &GameView, what: &str| {
        assert_eq!(view.turns, before.turns, "after {what}");
        assert_eq!(view.result, before.result, "after {what}");
    };

    // Out of turn: White again.
    let turn = black.some_turn();
    white.play(&turn).await;
    assert_eq!(white.refusal().await.0, ErrorKind::NotYourTurn);
    unchanged(&watched(&url, &white.code).await, "a turn out of turn");

    // Illegal: Black moving White's piece, and a text that is no turn.
    black.play("a2xa1").await;
    let (kind, message) = black.refusal().await;
    assert_eq!(kind, ErrorKind::IllegalTurn, "{message}");
    black.play("hello").await;
    assert_eq!(black.refusal().await.0, ErrorKind::IllegalTurn);
    unchanged(&watched(&url, &white.code).await, "illegal turns");

    // Another seat's token, and a made-up one.
    let forged = ClientMessage::Turn {
        code: white.code.clone(),
        token: white.token.clone(),
        ply: 1,
        turn: turn.clone(),
    };
    black.send(forged).await;
    assert_eq!(black.refusal().await.0, ErrorKind::NotYourTurn);
    let made_up = ClientMessage::Turn {
        code: white.code.clone(),
        token: "0".repeat(32),
        ply: 1,
        turn: turn.clone(),
    };
    black.send(made_up).await;
    assert_eq!(black.refusal().await.0, ErrorKind::NotYourSeat);
    // A turn chosen for an older position.
    let stale = ClientMessage::Turn {
        code: white.code.clone(),
        token: black.token.clone(),
        ply: 0,
        turn: turn.clone(),
    };
    black.send(stale).await;
    assert_eq!(black.refusal().await.0, ErrorKind::StaleTurn);
    // A seat at a full table, a game that does not exist.
    let mut third = Client::connect(&url).await.expect("connects");
    let join = ClientMessage::Join {
        code: white.code.clone(),
        name: None,
    };
    third.send(&join).await.expect("sends");
    assert_eq!(next_refusal(&mut third).await, ErrorKind::TableFull);
    let watch = ClientMessage::Watch {
        code: "NOSUCH".into(),
    };
    third.send(&watch).await.expect("sends");
    assert_eq!(next_refusal(&mut third).await, ErrorKind::UnknownGame);
    unchanged(&watched(&url, &white.code).await, "bad tokens and codes");

    // Malformed, unknown, wrong version, oversized, binary.
    let cases: [(&str, ErrorKind); 7] = [
        ("{not json", ErrorKind::BadMessage),
        (r#"{"v":1,"type":"ping","extra":1}"#, ErrorKind::BadMessage),
        ("[1, 2]", ErrorKind::BadMessage),
        (r#"{"v":1,"type":"fly"}"#, ErrorKind::BadMessage),
        (r#"{"v":1,"type":"turn","code":3}"#, ErrorKind::BadMessage),
        (r#"{"type":"ping"}"#, ErrorKind::BadMessage),
        (r#"{"v":9,"type":"ping"}"#, ErrorKind::UnsupportedVersion),
    ];
    for (text, kind) in cases {
        black.client.send_text(text).await.expect("sends");
        assert_eq!(black.refusal().await.0, kind, "for {text}");
    }
    let big = format!(
        r#"{{"v":1,"type":"ping","pad":"{}"}}"#,
        "x".repeat(burrow::online::protocol::MAX_MESSAGE_BYTES)
    );
    black.client.send_text(&big).await.expect("sends");
    assert_eq!(black.refusal().await.0, ErrorKind::TooLarge);
    unchanged(&watched(&url, &white.code).await, "malformed messages");

    // The connection still works, and the game goes on.
    black.send(ClientMessage::Ping {}).await;
    black
        .client
        .wait_for(WAIT, |m| matches!(m, ServerMessage::Pong).then_some(()))
        .await
        .expect("pong");
    black.play(&turn).await;
    black.follow_to(2).await;
    white.follow_to(2).await;

    // A finished game takes no more turns.
    let resign = ClientMessage::Resign {
        code: white.code.clone(),
        token: white.token.clone(),
    };
    white.send(resign).await;
    let view = next_view_with_result(&mut black).await;
    assert_eq!(
        view.result.map(|f| (f.winner, f.reason)),
        Some((Side::Black, EndReason::Resigned))
    );
    let next = white.some_turn();
    white.play(&next).await;
    assert_eq!(white.refusal().await.0, ErrorKind::GameOver);
    assert_eq!(watched(&url, &white.code).await.turns.len(), 2);

    // Too many messages at once: some are dropped with an error, and the
    // connection recovers.
    for _ in 0..80 {
        black.send(ClientMessage::Ping {}).await;
    }
    assert_eq!(black.refusal().await.0, ErrorKind::RateLimited);
    tokio::time::sleep(Duration::from_millis(2500)).await;
    // Drain what the burst left, then a ping gets its pong.
    while let Ok(Ok(_)) =
        tokio::time::timeout(Duration::from_millis(300), black.client.recv()).await
    {}
    black.send(ClientMessage::Ping {}).await;
    black
        .client
        .wait_for(WAIT, |m| matches!(m, ServerMessage::Pong).then_some(()))
        .await
        .expect("pong after the burst");

    // Binary frames count against the same limit: a burst of them is cut
    // short like a burst of text.
    for _ in 0..80 {
        black
            .client
            .send_binary(vec![1, 2, 3])
            .await
            .expect("sends");
    }
    let mut limited = false;
    while let Ok(Ok(message)) =
        tokio::time::timeout(Duration::from_millis(500), black.client.recv()).await
    {
        limited |= matches!(
            message,
            ServerMessage::Error {
                kind: ErrorKind::RateLimited,
                ..
            }
        );
    }
    assert!(limited, "a burst of binary frames is rate-limited");
}

/// Refusals that end or limit a connection: a frame over the transport's
/// limit closes it (with the reason first), and one connection follows at
/// most 32 running games, finished ones being let go to make room.
async fn connection_limits(server: &Server) {
    let url = server.ws();
    let mut client = Client::connect(&url).await.expect("connects");
    let huge = "x".repeat(100 * 1024);
    client.send_text(&huge).await.expect("sends");
    assert_eq!(next_refusal(&mut client).await, ErrorKind::TooLarge);
    let after = client.recv_within(WAIT).await;
    assert!(after.is_err(), "the connection stays open: {after:?}");

    // Opens a 4x4 table on `client`: its code and token, or the refusal.
    async fn open_table(client: &mut Client) -> Result<(String, String), ErrorKind> {
        seat_or_refusal(client, box_table(None, false)).await
    }
    let mut client = Client::connect(&url).await.expect("connects");
    let mut seats = Vec::new();
    for _ in 0..33 {
        seats.push(open_table(&mut client).await);
    }
    assert!(seats[..32].iter().all(Result::is_ok), "{seats:?}");
    assert_eq!(seats[32], Err(ErrorKind::TooManyTables));
    // A resigned game is let go when room is needed; following a table
    // already followed needs no room.
    let (code, token) = seats[0].clone().expect("a seat");
    client
        .send(&ClientMessage::Resign { code, token })
        .await
        .expect("sends");
    tokio::time::sleep(Duration::from_millis(300)).await;
    client
        .send(&ClientMessage::Watch {
            code: seats[1].clone().expect("a seat").0,
        })
        .await
        .expect("sends");
    open_table(&mut client)
        .await
        .expect("a seat once the finished game is let go");
    client.close().await;
}

/// Opens a TCP connection to `server` from the local address `from` (any
/// of 127.0.0.0/8), as another machine would.
async fn connect_from(from: &str, server: &str) -> std::io::Result<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(format!("{from}:0").parse().expect("an address"))?;
    socket.connect(server.parse().expect("an address")).await
}

/// Whether the server has closed `stream` (the read ends) within `wait`;
/// whatever it sent before closing is read and dropped.
async fn closed_within(stream: &mut tokio::net::TcpStream, wait: Duration) -> bool {
    use tokio::io::AsyncReadExt;
    let deadline = tokio::time::Instant::now() + wait;
    let mut buffer = [0u8; 4096];
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buffer)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => continue,
        }
    }
}

/// GET `path` from `server`, from the local address `from`: the status
/// line, or None if the server did not answer within `wait`.
async fn get_from(from: &str, server: &str, path: &str, wait: Duration) -> Option<String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let ask = async {
        let mut stream = connect_from(from, server).await.ok()?;
        let request = format!("GET {path} HTTP/1.1\r\nHost: {server}\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.ok()?;
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.ok()?;
        answer.lines().next().map(str::to_string)
    };
    tokio::time::timeout(wait, ask).await.ok().flatten()
}

/// The probe that once took the server down: over a thousand sockets that
/// connect and say nothing. Each address holds a limited number (the rest
/// are closed at once), every silent one is closed after the handshake
/// time, the health check and new players from elsewhere are answered
/// meanwhile, and a WebSocket that goes silent (not even answering the
/// server's pings) is closed after the idle time, while one that answers
/// them stays.
async fn silent_connections(server: &Server) {
    // The test's own open-file limit must hold the sockets it opens.
    let _ = rlimit::increase_nofile_limit(4096);
    let address = server.address.as_str();
    let mut silent = Vec::new();
    let opening = Instant::now();
    for _ in 0..1100 {
        if let Ok(stream) = connect_from("127.0.0.1", address).await {
            silent.push(stream);
        }
    }
    assert!(silent.len() >= 1000, "{} sockets opened", silent.len());
    let started = Instant::now();
    // Over the per-address limit (300 here): closed as soon as accepted,
    // while the first 300 stay open until the handshake time (3 s).
    let closed = futures_util::future::join_all(
        silent
            .iter_mut()
            .map(|stream| closed_within(stream, Duration::from_millis(700))),
    )
    .await;
    let open: Vec<usize> = (0..silent.len()).filter(|&i| !closed[i]).collect();
    // Never more than the limit open; exactly the limit while the first
    // ones are within their handshake time (opening over a thousand
    // sockets can take seconds when the machine is busy).
    assert!(open.len() <= 300, "{} sockets from one address", open.len());
    if opening.elapsed() < Duration::from_millis(2500) {
        assert_eq!(open.len(), 300, "after {:?}", opening.elapsed());
    }
    // Another address is served while those 300 are open.
    let health = get_from("127.0.0.2", address, "/health", Duration::from_secs(2)).await;
    assert_eq!(
        health.as_deref(),
        Some("HTTP/1.1 200 OK"),
        "after {:?}",
        started.elapsed()
    );
    let elsewhere = connect_from("127.0.0.2", address).await.expect("connects");
    let mut player = Client::connect_over(&server.ws(), elsewhere)
        .await
        .expect("a player connects");
    player.send(&ClientMessage::Ping {}).await.expect("sends");
    let pong = player
        .wait_for(WAIT, |m| matches!(m, ServerMessage::Pong).then_some(()))
        .await;
    assert!(pong.is_ok(), "a player is answered: {pong:?}");
    player.close().await;
    // Every silent socket is closed after the handshake time.
    for &i in &open {
        assert!(
            closed_within(&mut silent[i], Duration::from_secs(6)).await,
            "a silent socket is closed (after {:?})",
            started.elapsed()
        );
    }
    assert!(
        opening.elapsed() >= Duration::from_millis(2500),
        "not before the handshake time: {:?}",
        opening.elapsed()
    );
    drop(silent);
    assert_eq!(
        get_from("127.0.0.1", address, "/health", Duration::from_secs(2))
            .await
            .as_deref(),
        Some("HTTP/1.1 200 OK"),
        "the first address is served again"
    );

    // A WebSocket that completes its handshake, then never reads nor
    // answers: closed after the idle time (2 s here).
    use tokio::io::AsyncWriteExt;
    let mut mute = connect_from("127.0.0.3", address).await.expect("connects");
    let upgrade = format!(
        "GET /ws HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    mute.write_all(upgrade.as_bytes()).await.expect("writes");
    let went = Instant::now();
    assert!(
        closed_within(&mut mute, Duration::from_secs(6)).await,
        "a mute WebSocket is closed"
    );
    assert!(
        went.elapsed() >= Duration::from_millis(1500),
        "not before the idle time: {:?}",
        went.elapsed()
    );
    // A client that keeps reading (so it answers the pings, as browsers
    // and the game do) is still connected after twice the idle time.
    let mut player = Client::connect(&server.ws()).await.expect("connects");
    let quiet_until = Instant::now() + Duration::from_secs(4);
    while Instant::now() < quiet_until {
        let _ = player.recv_within(Duration::from_millis(200)).await;
    }
    player
        .send(&ClientMessage::Ping {})
        .await
        .expect("still connected");
    let pong = player
        .wait_for(WAIT, |m| matches!(m, ServerMessage::Pong).then_some(()))
        .await;
    assert!(pong.is_ok(), "a client that answers pings stays: {pong:?}");
    player.close().await;
}

#[test]
fn sqlite_silent_connections_are_closed() {
    let server = Server::start_with(
        &sqlite("silent"),
        "127.0.0.1:0",
        &[
            "--handshake-timeout-ms",
            "3000",
            "--idle-timeout-ms",
            "2000",
            "--max-connections-per-address",
            "300",
        ],
    );
    runtime().block_on(silent_connections(&server));
}

/// The server's database, opened as the test's own connection.
async fn open_database(database: &str) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::AnyPool::connect(database)
        .await
        .expect("opens the database")
}

/// The codes of the games the database holds, with their white player's
/// name (a test that cannot read a private table's code from the list).
#[cfg_attr(not(feature = "game"), allow(dead_code))]
pub(crate) async fn stored_codes(database: &str) -> Vec<(String, Option<String>)> {
    use sqlx::Row;
    let pool = open_database(database).await;
    let rows = sqlx::query("SELECT code, white_name FROM games")
        .fetch_all(&pool)
        .await
        .expect("reads");
    pool.close().await;
    rows.iter().map(|row| (row.get(0), row.get(1))).collect()
}

/// Every text column of the `games` table, as the database holds it.
async fn stored_games(database: &str) -> Vec<String> {
    use sqlx::Row;
    let pool = open_database(database).await;
    let rows = sqlx::query("SELECT code, white_token, black_token FROM games")
        .fetch_all(&pool)
        .await
        .expect("reads");
    pool.close().await;
    rows.iter()
        .flat_map(|row| {
            (0..3).filter_map(move |i| row.try_get::<Option<String>, _>(i).ok().flatten())
        })
        .collect()
}

/// Seat tokens never reach the database: it holds their SHA-256 only.
/// A token an older server stored in plain text is hashed when the server
/// starts, and its holder keeps the seat.
async fn tokens_are_stored_hashed(database: &str) {
    let server = Server::start(database);
    let url = server.ws();
    let white = create(&url, setup("box", "4x4", None), None).await;
    let black = join(&url, &white.code).await;
    let stored = stored_games(database).await;
    for token in [&white.token, &black.token] {
        assert!(
            !stored.iter().any(|v| v.contains(token.as_str())),
            "a token in the database"
        );
    }
    let keys = stored
        .iter()
        .filter(|v| v.starts_with("sha256:") && v.len() == 7 + 64);
    assert_eq!(keys.count(), 2, "{stored:?}");
    white.client.close().await;
    black.client.close().await;
    server.kill();

    // As an older server left it: the white token in plain text.
    use sqlx::Row as _;
    let pool = open_database(database).await;
    sqlx::query("UPDATE games SET white_token = $1 WHERE code = $2")
        .bind(&white.token)
        .bind(&white.code)
        .execute(&pool)
        .await
        .expect("writes");
    let plain: String = sqlx::query("SELECT white_token FROM games WHERE code = $1")
        .bind(&white.code)
        .fetch_one(&pool)
        .await
        .expect("reads")
        .get(0);
    assert_eq!(plain, white.token);
    pool.close().await;
    let server = Server::start(database);
    assert!(
        !stored_games(database)
            .await
            .iter()
            .any(|v| v.contains(white.token.as_str())),
        "hashed at start"
    );
    let back = resume(&server.ws(), &white.code, &white.token).await;
    assert_eq!(back.side, Side::White, "the seat is kept");
    back.client.close().await;
}

#[test]
fn sqlite_tokens_are_stored_hashed() {
    runtime().block_on(tokens_are_stored_hashed(&sqlite("tokens")));
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
        ServerMessage::SignedIn { name, session } => Some((name.clone(), session.clone())),
        _ => None,
    })
    .await
}

fn register(name: &str, password: &str) -> ClientMessage {
    ClientMessage::Register {
        name: name.into(),
        password: password.into(),
    }
}

fn sign_in(name: &str, password: &str) -> ClientMessage {
    ClientMessage::SignIn {
        name: name.into(),
        password: password.into(),
    }
}

/// Accounts: a name and a password make an account; names that read alike
/// are one name, tricks and the server's own names are refused; a wrong
/// name and a wrong password get the same answer; a session signs in
/// again until signed out; a signed-in player sits under the account's
/// name, marked as an account, which a guest's same name is not; the
/// database holds an Argon2id hash and session keys, never the secrets;
/// attempts are limited.
async fn accounts(server: &Server, database: &str) {
    let url = server.ws();
    let password = "correct horse battery";
    let mut ada = Client::connect(&url).await.expect("connects");
    let (name, session) = account_answer(&mut ada, register("Ada_Lovelace", password))
        .await
        .expect("registered");
    assert_eq!(name, "Ada_Lovelace");
    let mut other = Client::connect(&url).await.expect("connects");
    for (asked, refusal) in [
        ("ada_lovelace", ErrorKind::NameTaken),
        ("\u{FF21}da_Lovelace", ErrorKind::NameTaken),
        ("Ada_Lovelace\u{200D}", ErrorKind::BadName),
        ("Computer", ErrorKind::BadName),
    ] {
        assert_eq!(
            account_answer(&mut other, register(asked, password)).await,
            Err(refusal),
            "{asked}"
        );
    }
    let mut other = Client::connect(&url).await.expect("connects");
    assert_eq!(
        account_answer(&mut other, register("Bo_Peep", "short")).await,
        Err(ErrorKind::BadPassword)
    );
    assert_eq!(
        account_answer(&mut other, sign_in("Ada_Lovelace", "wrong password")).await,
        Err(ErrorKind::WrongPassword)
    );
    assert_eq!(
        account_answer(&mut other, sign_in("Nobody_Here", password)).await,
        Err(ErrorKind::WrongPassword)
    );
    let mut phone = Client::connect(&url).await.expect("connects");
    let (name, second) = account_answer(&mut phone, sign_in("ADA_LOVELACE", password))
        .await
        .expect("signed in by any case");
    assert_eq!(name, "Ada_Lovelace");
    assert_ne!(second, session, "a session per sign-in");
    let mut again = Client::connect(&url).await.expect("connects");
    let hello = ClientMessage::Hello {
        session: session.clone(),
    };
    assert_eq!(
        account_answer(&mut again, hello.clone())
            .await
            .map(|(name, _)| name),
        Ok("Ada_Lovelace".to_string())
    );
    assert_eq!(
        account_answer(
            &mut again,
            ClientMessage::Hello {
                session: "0".repeat(32)
            }
        )
        .await,
        Err(ErrorKind::BadSession)
    );

    // At a table: the account's name, whatever the message says; a guest
    // may type the same name but is not the account.
    ada.send(&ClientMessage::Create {
        setup: setup("box", "4x4", None),
        side: SideChoice::White,
        name: Some("Mallory".into()),
        computer: None,
        public: false,
        rated: false,
    })
    .await
    .expect("sends");
    let (code, _, _, _) = seat_and_table(&mut ada).await;
    let mut guest = Client::connect(&url).await.expect("connects");
    guest
        .send(&ClientMessage::Join {
            code: code.clone(),
            name: Some("Ada_Lovelace".into()),
        })
        .await
        .expect("sends");
    let (_, _, _, view) = seat_and_table(&mut guest).await;
    assert_eq!(view.white.name.as_deref(), Some("Ada_Lovelace"));
    assert!(view.white.account, "the creator is signed in");
    assert_eq!(view.black.name.as_deref(), Some("Ada_Lovelace"));
    assert!(!view.black.account, "the guest is not the account");

    // What the database keeps.
    {
        use sqlx::Row;
        let pool = open_database(database).await;
        let stored: String = sqlx::query("SELECT password FROM players")
            .fetch_one(&pool)
            .await
            .expect("one account")
            .get(0);
        assert!(
            stored.starts_with("$argon2id$") && !stored.contains(password),
            "{stored}"
        );
        let sessions: Vec<String> = sqlx::query("SELECT key FROM sessions")
            .fetch_all(&pool)
            .await
            .expect("reads")
            .iter()
            .map(|row| row.get(0))
            .collect();
        assert_eq!(sessions.len(), 2);
        assert!(
            sessions
                .iter()
                .all(|key| key.starts_with("sha256:") && *key != session && *key != second)
        );
        let player: Option<String> = sqlx::query("SELECT white_player FROM games WHERE code = $1")
            .bind(&code)
            .fetch_one(&pool)
            .await
            .expect("the game")
            .get(0);
        assert!(player.is_some(), "the game knows the account");
        pool.close().await;
    }

    // Signing out ends the session everywhere.
    phone.send(&ClientMessage::SignOut {}).await.expect("sends");
    let out = phone
        .wait_for(WAIT, |m| {
            matches!(m, ServerMessage::SignedOut).then_some(())
        })
        .await;
    assert!(out.is_ok(), "{out:?}");
    let hello_phone = ClientMessage::Hello {
        session: second.clone(),
    };
    let mut later = Client::connect(&url).await.expect("connects");
    assert_eq!(
        account_answer(&mut later, hello_phone).await,
        Err(ErrorKind::BadSession)
    );
    assert!(
        account_answer(&mut later, hello).await.is_ok(),
        "the other session stays"
    );

    // Five attempts at once, then one every ten seconds.
    let mut guesser = Client::connect(&url).await.expect("connects");
    let mut answers = Vec::new();
    for i in 0..7 {
        answers.push(
            account_answer(
                &mut guesser,
                sign_in("Ada_Lovelace", &format!("guess number {i}")),
            )
            .await,
        );
    }
    assert!(
        answers[..5]
            .iter()
            .all(|a| *a == Err(ErrorKind::WrongPassword)),
        "{answers:?}"
    );
    assert_eq!(answers[6], Err(ErrorKind::RateLimited), "{answers:?}");
    for client in [ada, other, phone, again, guest, later, guesser] {
        client.close().await;
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
#[cfg_attr(not(feature = "game"), allow(dead_code))]
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

/// Rated games: only signed-in players (or the server's computer) sit at
/// one, never one account twice; the result moves both Glicko-2 ratings,
/// once; an unrated game moves nothing; the leaderboard and the player's
/// page show the ratings, their history and the games.
async fn rated_games(server: &Server) {
    let url = server.ws();
    let address = server.address.as_str();
    let mut guest = Client::connect(&url).await.expect("connects");
    assert_eq!(
        seat_or_refusal(&mut guest, box_table(None, true)).await,
        Err(ErrorKind::SignInFirst)
    );
    let mut alice = signed_in(&url, "Alice_R").await;
    let mut bob = signed_in(&url, "Bob_R").await;
    let (code, alice_token) = seat_or_refusal(&mut alice, box_table(None, true))
        .await
        .expect("a rated table");
    let join = ClientMessage::Join {
        code: code.clone(),
        name: None,
    };
    assert_eq!(
        seat_or_refusal(&mut guest, join.clone()).await,
        Err(ErrorKind::SignInFirst)
    );
    let mut alice_again = Client::connect(&url).await.expect("connects");
    account_answer(
        &mut alice_again,
        sign_in("alice_r", "a long enough password"),
    )
    .await
    .expect("signed in");
    assert_eq!(
        seat_or_refusal(&mut alice_again, join.clone()).await,
        Err(ErrorKind::BadSetup)
    );
    let (_, bob_token) = seat_or_refusal(&mut bob, join).await.expect("Bob sits");
    resign(&mut bob, &code, &bob_token).await;
    let board = leaderboard(address, "box").await;
    assert_eq!(board.len(), 2, "{board:?}");
    assert_eq!(
        (board[0].0.as_str(), board[0].2),
        ("Alice_R", 1),
        "{board:?}"
    );
    assert_eq!((board[1].0.as_str(), board[1].2), ("Bob_R", 1), "{board:?}");
    assert!(board[0].1 > 1600.0 && board[1].1 < 1400.0, "{board:?}");
    assert!(
        (board[0].1 - 1500.0 - (1500.0 - board[1].1)).abs() < 1e-6,
        "{board:?}"
    );
    // Nothing after the end rates the game again.
    alice
        .send(&ClientMessage::Resign {
            code: code.clone(),
            token: alice_token,
        })
        .await
        .expect("sends");
    assert_eq!(next_refusal(&mut alice).await, ErrorKind::GameOver);
    assert_eq!(leaderboard(address, "box").await, board, "rated once");

    // An unrated game between them changes nothing.
    let (code, _) = seat_or_refusal(&mut alice, box_table(None, false))
        .await
        .expect("a table");
    let (_, token) = seat_or_refusal(
        &mut bob,
        ClientMessage::Join {
            code: code.clone(),
            name: None,
        },
    )
    .await
    .expect("Bob sits");
    resign(&mut bob, &code, &token).await;
    assert_eq!(leaderboard(address, "box").await, board, "unrated");

    // The server's computer is a rated opponent under its level.
    let (code, token) = seat_or_refusal(&mut alice, box_table(Some("random"), true))
        .await
        .expect("a rated table against the computer");
    resign(&mut alice, &code, &token).await;
    let board = leaderboard(address, "box").await;
    let computer = board
        .iter()
        .find(|p| p.0 == "computer (random)")
        .expect("rated");
    assert!(computer.1 > 1500.0 && computer.2 == 1, "{board:?}");

    // Alice's page, found by any spelling of her name.
    let page = get_json(address, "/players/ALICE_R").await;
    assert_eq!(page["name"], "Alice_R");
    assert_eq!(page["ratings"][0]["game"], "box");
    assert_eq!(page["ratings"][0]["games"], 2);
    let history = page["history"].as_array().expect("a list");
    assert_eq!(history.len(), 2, "{history:?}");
    assert!(
        history[0]["rating"].as_f64() > history[1]["rating"].as_f64(),
        "won, then lost"
    );
    let games = page["games"].as_array().expect("a list");
    assert_eq!(games.len(), 3, "{games:?}");
    assert_eq!(games.iter().filter(|g| g["rated"] == true).count(), 2);
    for missing in ["/players/Nobody_Here", "/players?game=chess"] {
        let (status, _) = http_get(address, missing).await.expect("GET");
        assert_eq!(status, 404, "{missing}");
    }
    // The same over the WebSocket (the game and the page ask there).
    let players = answer_or_refusal(
        &mut guest,
        ClientMessage::Players { game: "box".into() },
        |m| match m {
            ServerMessage::Players { players, .. } => Some(players.clone()),
            _ => None,
        },
    )
    .await
    .expect("the leaderboard");
    let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
    let http: Vec<&str> = board.iter().map(|p| p.0.as_str()).collect();
    assert_eq!(names, http);
    let page = answer_or_refusal(
        &mut guest,
        ClientMessage::Player {
            name: "alice_r".into(),
        },
        |m| match m {
            ServerMessage::Player { page } => Some(page.clone()),
            _ => None,
        },
    )
    .await
    .expect("Alice's page");
    assert_eq!((page.name.as_str(), page.history.len()), ("Alice_R", 2));
    assert_eq!(page.games.len(), 3);
    for refused in [
        ClientMessage::Player {
            name: "Nobody_Here".into(),
        },
        ClientMessage::Players {
            game: "chess".into(),
        },
    ] {
        let answer = answer_or_refusal(&mut guest, refused, |_| None::<()>).await;
        assert!(
            matches!(answer, Err(ErrorKind::UnknownPlayer | ErrorKind::BadSetup)),
            "{answer:?}"
        );
    }
    for client in [guest, alice, bob, alice_again] {
        client.close().await;
    }
}

fn pair(variant: &str, size: &str, bot_after_s: Option<u32>) -> ClientMessage {
    ClientMessage::Pair {
        variant: variant.into(),
        size: size.parse().expect("a size"),
        clock: None,
        bot_after_s,
    }
}

/// Quick pairing: two signed-in players asking for the same game meet at
/// one rated table; a guest is never seated at a rated one; a player
/// nobody comes for gets the server's computer after the wait they asked
/// for; a bad wait or a game the server lacks is refused.
async fn pairing(server: &Server) {
    let url = server.ws();
    let mut ada = signed_in(&url, "Ada_P").await;
    let mut bo = signed_in(&url, "Bo_P").await;
    let (code, _) = seat_or_refusal(&mut ada, pair("path", "5x5", None))
        .await
        .expect("Ada waits");
    let (met, _) = seat_or_refusal(&mut bo, pair("path", "5x5", None))
        .await
        .expect("Bo is paired");
    assert_eq!(met, code, "the same table");
    let view = next_view(&mut bo).await;
    assert!(view.rated);
    assert!(view.white.account && view.black.account, "{view:?}");

    // A guest asking for the same game opens an unrated table of its own.
    let mut seeker = signed_in(&url, "Cy_P").await;
    let (cy_code, _) = seat_or_refusal(&mut seeker, pair("path", "5x5", None))
        .await
        .expect("Cy waits");
    let mut guest = Client::connect(&url).await.expect("connects");
    let (guest_code, _) = seat_or_refusal(&mut guest, pair("path", "5x5", Some(5)))
        .await
        .expect("the guest waits");
    assert_ne!(guest_code, cy_code, "a guest never takes a rated seat");
    // Nobody comes: the computer sits after the 5 s asked for.
    let started = Instant::now();
    let view = guest
        .wait_for(Duration::from_secs(15), |m| match m {
            ServerMessage::Game { game }
                if game.white.computer.is_some() || game.black.computer.is_some() =>
            {
                Some((**game).clone())
            }
            _ => None,
        })
        .await
        .expect("the computer sits");
    assert!(
        started.elapsed() >= Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    assert!(!view.rated);
    for refused in [
        pair("path", "5x5", Some(1)),
        pair("chess", "5x5", None),
        ClientMessage::Pair {
            variant: "path".into(),
            size: "5x5".parse().expect("a size"),
            clock: Some(ClockSetting {
                initial_ms: 0,
                increment_ms: 0,
                per_move: false,
            }),
            bot_after_s: None,
        },
    ] {
        let answer = seat_or_refusal(&mut guest, refused).await;
        assert_eq!(answer, Err(ErrorKind::BadSetup));
    }
    for client in [ada, bo, seeker, guest] {
        client.close().await;
    }
}

/// The next `lobby` message: the seeks' codes, and the seeks.
async fn next_lobby(client: &mut Client) -> Vec<burrow::online::protocol::Seek> {
    client
        .wait_for(WAIT, |m| match m {
            ServerMessage::Lobby { seeks } => Some(seeks.clone()),
            _ => None,
        })
        .await
        .expect("the lobby")
}

/// The lobby: a follower gets the open public tables at once and again
/// whenever a seek opens or is taken; private tables never show.
async fn lobby(server: &Server) {
    let url = server.ws();
    let mut follower = Client::connect(&url).await.expect("connects");
    follower
        .send(&ClientMessage::Lobby {})
        .await
        .expect("sends");
    assert_eq!(next_lobby(&mut follower).await, vec![], "an empty lobby");
    let seeker = create(
        &url,
        setup(
            "path",
            "6x6",
            Some(ClockSetting::parse("5+3").expect("a clock")),
        ),
        None,
    )
    .await;
    let seeks = next_lobby(&mut follower).await;
    assert_eq!(seeks.len(), 1, "{seeks:?}");
    let seek = &seeks[0];
    assert_eq!(seek.code, seeker.code);
    assert_eq!(
        (seek.variant.as_str(), seek.size.to_string().as_str()),
        ("path", "6x6")
    );
    assert_eq!(
        seek.clock,
        Some(ClockSetting::parse("5+3").expect("a clock"))
    );
    assert_eq!(
        (seek.name.as_str(), seek.account, seek.rated, seek.side),
        ("Ada", false, false, Side::Black)
    );
    let private = create_table(&url, setup("box", "4x4", None), None, false).await;
    let mut alice = signed_in(&url, "Alice_L").await;
    let mut rated = box_table(None, true);
    if let ClientMessage::Create { public, .. } = &mut rated {
        *public = true;
    }
    let (rated_code, _) = seat_or_refusal(&mut alice, rated)
        .await
        .expect("a rated seek");
    let seeks = next_lobby(&mut follower).await;
    let codes: Vec<&str> = seeks.iter().map(|s| s.code.as_str()).collect();
    assert_eq!(
        codes,
        [rated_code.as_str(), seeker.code.as_str()],
        "newest first, no private table"
    );
    assert!(
        seeks[0].rated && seeks[0].account && seeks[0].name == "Alice_L",
        "{seeks:?}"
    );
    // Taking a seat closes the seek.
    let taker = join(&url, &seeker.code).await;
    let seeks = next_lobby(&mut follower).await;
    assert_eq!(
        seeks.iter().map(|s| s.code.as_str()).collect::<Vec<_>>(),
        [rated_code.as_str()]
    );
    for client in [follower, alice, seeker.client, private.client, taker.client] {
        client.close().await;
    }
}

/// Correspondence: a clock of days per turn, full again after each turn;
/// the player to move is told on every connection of the account and
/// finds the game first in their list; they play from another device by
/// the account alone; a game whose days ran out while the server was down
/// ends when it starts again, and one that runs out while the server runs
/// (not in memory: its days are far) is found and ended on time.
async fn correspondence(database: &str) {
    use sqlx::Row as _;
    let server = Server::start(database);
    let url = server.ws();
    let days = |n| Some(ClockSetting::days_per_move(n));
    let table = |clock| ClientMessage::Create {
        setup: setup("box", "4x4", clock),
        side: SideChoice::White,
        name: None,
        computer: None,
        public: false,
        rated: false,
    };
    let mut alice = take_seat_with(signed_in(&url, "Alice_C").await, &table(days(3))).await;
    let code = alice.code.clone();
    let bob_joins = ClientMessage::Join {
        code: code.clone(),
        name: None,
    };
    let mut bob = take_seat_with(signed_in(&url, "Bob_C").await, &bob_joins).await;
    let mut phone = Client::connect(&url).await.expect("connects");
    account_answer(&mut phone, sign_in("Bob_C", "a long enough password"))
        .await
        .expect("signed in");
    let turn = alice.some_turn();
    let before = burrow::server::now_ms();
    alice.play(&turn).await;
    alice.follow_to(1).await;
    bob.follow_to(1).await;
    let told = phone
        .wait_for(WAIT, |m| match m {
            ServerMessage::YourTurn { code } => Some(code.clone()),
            _ => None,
        })
        .await;
    assert_eq!(told.expect("Bob's phone is told"), code);
    let three_days = 3 * burrow::online::protocol::DAY_MS as i64;
    let view = watched(&url, &code).await;
    let clock = view.clock.expect("a clock");
    assert_eq!(
        clock.white_ms as i64, three_days,
        "full again after the turn"
    );
    assert_eq!(clock.running, Some(Side::Black));
    // Bob's list: this game, his turn, due in three days.
    phone.send(&ClientMessage::MyGames {}).await.expect("sends");
    let games = phone
        .wait_for(WAIT, |m| match m {
            ServerMessage::MyGames { games } => Some(games.clone()),
            _ => None,
        })
        .await
        .expect("the list");
    assert_eq!(games.len(), 1, "{games:?}");
    assert!(games[0].code == code && games[0].your_turn && games[0].side == Side::Black);
    assert_eq!(games[0].opponent.as_deref(), Some("Alice_C"));
    let deadline = games[0].deadline_ms.expect("a deadline");
    assert!((before + three_days..=burrow::server::now_ms() + three_days).contains(&deadline));
    // Bob plays from his phone, by his account alone.
    let mut phone = take_seat_with(
        phone,
        &ClientMessage::Resume {
            code: code.clone(),
            token: String::new(),
        },
    )
    .await;
    assert_eq!(phone.side, Side::Black);
    assert_eq!(phone.token, "", "no token needed");
    let turn = phone.some_turn();
    phone.play(&turn).await;
    phone.follow_to(2).await;
    alice.follow_to(2).await;
    let mut stranger = Client::connect(&url).await.expect("connects");
    stranger
        .send(&ClientMessage::Resume {
            code: code.clone(),
            token: String::new(),
        })
        .await
        .expect("sends");
    assert_eq!(next_refusal(&mut stranger).await, ErrorKind::NotYourSeat);
    // Another game, its clock started, days from running out.
    let second = take_seat_with(signed_in(&url, "Carol_C").await, &table(days(1))).await;
    let second_code = second.code.clone();
    let dan = join(&url, &second_code).await;
    for client in [
        alice.client,
        bob.client,
        phone.client,
        second.client,
        dan.client,
        stranger,
    ] {
        client.close().await;
    }
    server.kill();

    // Four days pass while the server is down.
    let pool = open_database(database).await;
    let started = burrow::server::now_ms() - 4 * burrow::online::protocol::DAY_MS as i64;
    sqlx::query("UPDATE games SET clock_started_ms = $1, deadline_ms = $2 WHERE code = $3")
        .bind(started)
        .bind(started + three_days)
        .bind(&code)
        .execute(&pool)
        .await
        .expect("writes");
    let server = Server::start(database);
    let ended = watched_until_over(&server.ws(), &code).await;
    let finish = ended.result.expect("over");
    assert_eq!(
        (finish.winner, finish.reason),
        (Side::Black, EndReason::Time),
        "White's days ran out"
    );

    // The second game runs out while the server runs: it is not in memory
    // (its day is far), yet the clock watch finds it.
    let day = burrow::online::protocol::DAY_MS as i64;
    let now = burrow::server::now_ms();
    sqlx::query("UPDATE games SET clock_started_ms = $1, deadline_ms = $2 WHERE code = $3")
        .bind(now - day + 3_000)
        .bind(now + 3_000)
        .bind(&second_code)
        .execute(&pool)
        .await
        .expect("writes");
    let result = async {
        loop {
            let row = sqlx::query("SELECT winner, reason FROM games WHERE code = $1")
                .bind(&second_code)
                .fetch_one(&pool)
                .await
                .expect("reads");
            let winner: Option<String> = row.get(0);
            if let Some(winner) = winner {
                return (winner, row.get::<Option<String>, _>(1));
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    };
    let (winner, reason) = tokio::time::timeout(Duration::from_secs(30), result)
        .await
        .expect("ended within the clock watch's round");
    assert_eq!(
        (winner.as_str(), reason.as_deref()),
        ("black", Some("time"))
    );
    pool.close().await;
}

/// Watches `code` until its game is over.
async fn watched_until_over(url: &str, code: &str) -> GameView {
    let mut client = Client::connect(url).await.expect("connects");
    client
        .send(&ClientMessage::Watch { code: code.into() })
        .await
        .expect("sends");
    let view = client
        .wait_for(Duration::from_secs(10), |m| match m {
            ServerMessage::Game { game } if game.result.is_some() => Some((**game).clone()),
            _ => None,
        })
        .await
        .expect("the game ends");
    client.close().await;
    view
}

#[test]
fn sqlite_correspondence() {
    runtime().block_on(correspondence(&sqlite("correspondence")));
}

#[test]
fn sqlite_lobby() {
    runtime().block_on(lobby(&Server::start(&sqlite("lobby"))));
}

#[test]
fn sqlite_pairing() {
    runtime().block_on(pairing(&Server::start(&sqlite("pairing"))));
}

#[test]
fn sqlite_rated_games() {
    runtime().block_on(rated_games(&Server::start(&sqlite("rated"))));
}

#[test]
fn sqlite_accounts() {
    let database = sqlite("accounts");
    let server = Server::start(&database);
    runtime().block_on(accounts(&server, &database));
}

/// A client drops and comes back to its seat; then the server is killed
/// mid-game, started again on the same database, and the game goes on.
async fn reconnect_and_restart(database: &str) {
    let server = Server::start(database);
    let url = server.ws();
    let clock = ClockSetting {
        initial_ms: 600_000,
        increment_ms: 2_000,
        per_move: false,
    };
    let mut white = create(&url, setup("sweep", "6x6", Some(clock)), None).await;
    let mut black = join(&url, &white.code).await;
    let turn = white.some_turn();
    white.play(&turn).await;
    white.follow_to(1).await;
    black.follow_to(1).await;

    // Black drops in the middle of its turn; White's view says so.
    let (code, black_token) = (black.code.clone(), black.token.clone());
    black.client.close().await;
    let view = loop {
        let view = next_view(&mut white.client).await;
        if !view.black.connected {
            break view;
        }
    };
    assert_eq!(view.turns.len(), 1);
    // Black comes back with its token and gets its seat and the game.
    let mut client = Client::connect(&url).await.expect("connects");
    client
        .send(&ClientMessage::Resume {
            code: code.clone(),
            token: black_token.clone(),
        })
        .await
        .expect("sends");
    let (_, side, _, view) = seat_and_table(&mut client).await;
    assert_eq!(side, Side::Black);
    assert_eq!(view.turns.len(), 1);
    // White's clock stopped at its turn, with the gain added; Black's runs.
    let clock_view = view.clock.expect("a clock");
    assert_eq!(clock_view.running, Some(Side::Black));
    assert!(
        (592_000..=602_000).contains(&clock_view.white_ms),
        "White has {} ms after its first turn",
        clock_view.white_ms
    );
    assert!(clock_view.black_ms <= 600_000);
    let mut black = Player {
        client,
        code: code.clone(),
        side,
        token: black_token.clone(),
        mirror: Mirror::new(&VariantRegistry::builtin(), view).expect("reads"),
    };
    let turn = black.some_turn();
    black.play(&turn).await;
    black.follow_to(2).await;
    white.follow_to(2).await;

    // The server dies; a new one on the same database carries on.
    server.kill();
    let server = Server::start(database);
    let url = server.ws();
    let mut white = resume(&url, &code, &white.token).await;
    let mut black = resume(&url, &code, &black_token).await;
    for (player, side) in [(&white, Side::White), (&black, Side::Black)] {
        assert_eq!(player.side, side);
        let view = &player.mirror.view;
        assert_eq!(view.turns.len(), 2, "the turns survive the restart");
        assert!(view.result.is_none());
    }
    play_out(&mut white, &mut black).await;
    let record = record_of(&server.address, &code).await;
    record
        .replay(&VariantRegistry::builtin())
        .expect("the record replays after a restart");
    assert_ne!(record.result, GameResult::Unfinished);
}

/// A clock that runs out ends the game for the other side, at the server.
async fn clock_runs_out(server: &Server) {
    let url = server.ws();
    let clock = ClockSetting {
        initial_ms: 400,
        increment_ms: 0,
        per_move: false,
    };
    let mut white = create(&url, setup("box", "5x5", Some(clock)), None).await;
    let _black = join(&url, &white.code).await;
    let started = Instant::now();
    let view = next_view_with_result(&mut white).await;
    let finish = view.result.expect("over");
    assert_eq!(
        (finish.winner, finish.reason),
        (Side::Black, EndReason::Time)
    );
    assert!(started.elapsed() >= Duration::from_millis(350));
    assert_eq!(view.clock.expect("a clock").white_ms, 0);
    // A turn after the flag is refused.
    let turn = white.some_turn();
    white.play(&turn).await;
    assert_eq!(white.refusal().await.0, ErrorKind::GameOver);
}

/// The server's own computer answers; a rematch swaps the colours.
async fn computer_and_rematch(server: &Server) {
    let url = server.ws();
    let mut white = create(&url, setup("tumburrow", "5x5", None), Some("random")).await;
    assert_eq!(
        white.mirror.view.black.computer,
        Some(burrow::ai::Level::Random)
    );
    while !white.mirror.is_over() {
        if white.mirror.to_move() == Side::White {
            let turn = white.some_turn();
            let ply = white.mirror.ply();
            white.play(&turn).await;
            white.follow_to(ply + 1).await;
        } else {
            let ply = white.mirror.ply();
            white.follow_to(ply + 1).await;
        }
    }
    next_view_with_result(&mut white).await;
    let rematch = ClientMessage::Rematch {
        code: white.code.clone(),
        token: white.token.clone(),
    };
    white.send(rematch).await;
    let new_code = white
        .client
        .wait_for(WAIT, |m| match m {
            ServerMessage::Rematch { new_code, .. } => Some(new_code.clone()),
            _ => None,
        })
        .await
        .expect("a rematch");
    let mut client = Client::connect(&url).await.expect("connects");
    client
        .send(&ClientMessage::Resume {
            code: new_code.clone(),
            token: white.token.clone(),
        })
        .await
        .expect("sends");
    let (_, side, _, view) = seat_and_table(&mut client).await;
    assert_eq!(side, Side::Black, "the rematch swaps the colours");
    // The computer, White now, opens the new game by itself.
    let mut me = Player {
        client,
        code: new_code,
        side,
        token: white.token.clone(),
        mirror: Mirror::new(&VariantRegistry::builtin(), view).expect("reads"),
    };
    me.follow_to(1).await;
}

/// `burrow bot` takes the free seat and plays the game to its end.
async fn bot_plays(server: &Server) {
    let url = server.ws();
    let mut white = create(&url, setup("path", "5x5", None), None).await;
    let bot = Command::new(env!("CARGO_BIN_EXE_burrow"))
        .args(["bot", "--server", &server.address, "--join", &white.code])
        .args(["--level", "easy", "--think-ms", "100"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("burrow bot starts");
    // Wait for the bot's seat, then play until the end.
    loop {
        let view = next_view(&mut white.client).await;
        if view.black.name.is_some() {
            white.mirror = Mirror::new(&VariantRegistry::builtin(), view).expect("reads");
            break;
        }
    }
    while !white.mirror.is_over() {
        let ply = white.mirror.ply();
        if white.mirror.to_move() == Side::White {
            let turn = white.some_turn();
            white.play(&turn).await;
        }
        white.follow_to(ply + 1).await;
    }
    let output = tokio::task::spawn_blocking(move || bot.wait_with_output())
        .await
        .expect("joins")
        .expect("the bot ends");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("won"), "{stdout}");
    assert!(stdout.contains(&white.code), "{stdout}");
}

/// 200 games played at once by scripted clients: every one finishes, is
/// stored and replays.
async fn load(server: &Server) {
    let registry = VariantRegistry::builtin();
    let plan = LoadPlan::new(200, "6x6".parse().expect("a board size"), 7);
    let report = load_run(&registry, &server.ws(), &plan, Duration::from_secs(240))
        .await
        .expect("every game finishes in time");
    assert_eq!(report.codes.len(), 200);
    assert!(report.turns > 200 * 4);
    check_stored(&registry, &server.address, &report.codes)
        .await
        .expect("every game stored");
    // Nobody plays there any more: the server lets go of every table.
    let (idle, waited) = server_idle(&server.address, Duration::from_secs(20))
        .await
        .expect("stats");
    assert_eq!(
        idle,
        ServerStats {
            tables: 0,
            connections: 0
        },
        "the server still holds these after {waited:?}"
    );
    eprintln!(
        "load: {} turns in {:.1} s, p50 {:.1} ms, p99 {:.1} ms, server {}",
        report.turns,
        report.seconds,
        report.percentile(0.5),
        report.percentile(0.99),
        burrow::cli::online::process_memory(server.pid()).unwrap_or_default()
    );
}

/// A table of a designed game the server does not have: the creator sends
/// its share code, the joining client and a watcher get the rules from the
/// table, the game is played out and kept, and after a restart the stored
/// game and its record (which carries the design) still read. A code that
/// names another game, a game the server has under that id, or damage is
/// refused with the reason.
async fn designed_tables(database: &str) {
    let stride: Design =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/stride.toml"))
            .expect("the example design")
            .parse()
            .expect("reads");
    let code = stride.code();
    let designed = GameSetup {
        design: Some(code.clone()),
        ..setup("stride", "5x5", None)
    };
    let server = Server::start(database);
    let url = server.ws();
    let mut white = create(&url, designed.clone(), None).await;
    let mut black = join(&url, &white.code).await;
    assert_eq!(
        black.mirror.view.setup.design.as_deref(),
        Some(code.as_str())
    );
    assert_eq!(black.mirror.rules.id(), "stride");
    let turn = white.some_turn();
    white.play(&turn).await;
    white.follow_to(1).await;
    black.follow_to(1).await;
    let game = white.code.clone();

    // Refused: each with BadSetup and a reason naming the problem.
    let mut client = Client::connect(&url).await.expect("connects");
    let mut box_design: Design = burrow::rules::BUILTIN_FILES[0].1.parse().expect("reads");
    box_design.summary = "not the box the server has".into();
    let mut damaged = code.clone();
    damaged.insert(5, '*');
    for (setup, reason) in [
        (
            GameSetup {
                variant: "box".into(),
                ..designed.clone()
            },
            "setup names `box`",
        ),
        (
            GameSetup {
                variant: "box".into(),
                design: Some(box_design.code()),
                ..designed.clone()
            },
            "another game here",
        ),
        (
            GameSetup {
                design: Some(damaged),
                ..designed.clone()
            },
            "damaged",
        ),
        (
            GameSetup {
                design: Some(format!("1.{}", "A".repeat(7000))),
                ..designed.clone()
            },
            "at most",
        ),
    ] {
        client
            .send(&ClientMessage::Create {
                setup,
                side: SideChoice::White,
                name: None,
                computer: None,
                public: false,
                rated: false,
            })
            .await
            .expect("sends");
        let (kind, message) = client
            .wait_for(WAIT, |m| match m {
                ServerMessage::Error { kind, message } => Some((*kind, message.clone())),
                ServerMessage::Seat { .. } => panic!("a bad design was seated"),
                _ => None,
            })
            .await
            .expect("a refusal");
        assert_eq!(kind, ErrorKind::BadSetup, "{message}");
        assert!(message.contains(reason), "`{reason}` not in: {message}");
    }
    client.close().await;

    // The server goes; a new one on the same database has the game.
    server.kill();
    let server = Server::start(database);
    let view = watched(&server.ws(), &game).await;
    assert_eq!(view.setup.design.as_deref(), Some(code.as_str()));
    assert_eq!(view.turns, vec![turn.clone()]);
    let mut white = resume(&server.ws(), &game, &white.token).await;
    let mut black = resume(&server.ws(), &game, &black.token).await;
    assert_eq!((white.side, black.side), (Side::White, Side::Black));
    play_out(&mut white, &mut black).await;
    let record = record_of(&server.address, &game).await;
    assert_eq!(record.design.as_deref(), Some(&stride));
    let positions = record
        .replay(&VariantRegistry::builtin())
        .expect("the record replays where the game is not installed");
    assert_eq!(positions.len(), white.mirror.history.positions().len());
    assert_ne!(record.result, GameResult::Unfinished);
}

/// Two server processes on one PostgreSQL database: White plays through
/// one, Black through the other.
async fn two_processes_share_a_game(database: &str) {
    let a = Server::start(database);
    let b = Server::start(database);
    let mut white = create(&a.ws(), setup("box", "5x5", None), None).await;
    let mut black = join(&b.ws(), &white.code).await;
    play_out(&mut white, &mut black).await;
    let record = record_of(&b.address, &white.code).await;
    record.replay(&VariantRegistry::builtin()).expect("replays");
    assert_eq!(record.turns.len(), white.mirror.view.turns.len());

    // A notice lost (the listening connections cut): a sits at a table
    // whose seat b just filled without a knowing; its first turn there is
    // judged on the stored table, not refused as "waiting for a player".
    let mut white = create(&a.ws(), setup("box", "4x4", None), None).await;
    let pool = open_database(database).await;
    let cutting = Arc::new(AtomicBool::new(true));
    let cutter = tokio::spawn({
        let cutting = cutting.clone();
        async move {
            let mut cuts = 0u32;
            while cutting.load(Ordering::Relaxed) {
                let cut = sqlx::query(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                     WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()",
                )
                .fetch_all(&pool)
                .await
                .expect("cuts the listeners");
                cuts += cut.len() as u32;
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
            cuts
        }
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    let mut black = join(&b.ws(), &white.code).await;
    let turn = white.some_turn();
    white.play(&turn).await;
    white.follow_to(1).await;
    black.follow_to(1).await;
    cutting.store(false, Ordering::Relaxed);
    assert!(
        cutter.await.expect("the cutter ends") > 0,
        "no listener was cut"
    );
    play_out(&mut white, &mut black).await;
    assert!(white.mirror.is_over());
}

// ---------------------------------------------------------------------------
// SQLite: one database file per case, the cases in parallel.

pub(crate) fn sqlite(name: &str) -> String {
    let dir = temp_dir(name);
    format!("sqlite://{}?mode=rwc", dir.join("games.sqlite").display())
}

#[test]
fn sqlite_full_games_of_each_variant() {
    let server = Server::start(&sqlite("full"));
    runtime().block_on(full_games(&server));
}

#[test]
fn sqlite_refusals_leave_the_game_unchanged() {
    let server = Server::start(&sqlite("refusals"));
    runtime().block_on(async {
        refusals(&server).await;
        connection_limits(&server).await;
        private_tables_are_never_listed(&server).await;
    });
}

#[test]
fn sqlite_reconnect_and_restart() {
    runtime().block_on(reconnect_and_restart(&sqlite("restart")));
}

#[test]
fn sqlite_designed_tables() {
    runtime().block_on(designed_tables(&sqlite("designed")));
}

#[test]
fn sqlite_clock_computer_bot_rematch() {
    let server = Server::start(&sqlite("clock"));
    runtime().block_on(async {
        clock_runs_out(&server).await;
        computer_and_rematch(&server).await;
        bot_plays(&server).await;
    });
}

/// Slow (tens of seconds in a dev build): `cargo test -- --skip slow_`
/// leaves it out.
#[test]
fn slow_sqlite_load_of_200_games() {
    let server = Server::start_with(&sqlite("load"), "127.0.0.1:0", UNLIMITED);
    runtime().block_on(load(&server));
}

/// The server's router served inside the test's own process (no `burrow
/// serve` child): its HTTP answers, and a whole game is played and stored
/// through it.
#[test]
fn the_router_serves_a_game_in_the_tests_own_process() {
    let options = burrow::server::ServeOptions {
        listen: "127.0.0.1:0".parse().expect("an address"),
        database: sqlite("in-process"),
        site: None,
        think: Duration::from_millis(100),
        limits: Default::default(),
    };
    runtime().block_on(async {
        let app = burrow::server::router(VariantRegistry::builtin(), &options)
            .await
            .expect("the server starts");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("binds");
        let address = listener.local_addr().expect("an address").to_string();
        tokio::spawn(async move { axum::serve(listener, app).await });
        let (status, body) = http_get(&address, "/health").await.expect("GET");
        assert_eq!((status, body.as_str()), (200, "ok"));
        let url = format!("ws://{address}/ws");
        let mut white = create(&url, setup("sweep", "4x4", None), None).await;
        let mut black = join(&url, &white.code).await;
        play_out(&mut white, &mut black).await;
        let record = record_of(&address, &white.code).await;
        assert_eq!(record.turns.len(), white.mirror.view.turns.len());
        assert_ne!(record.result, GameResult::Unfinished);
    });
}

#[test]
fn a_server_on_a_database_it_cannot_open_says_so() {
    let output = Command::new(env!("CARGO_BIN_EXE_burrow"))
        .args(["serve", "--listen", "127.0.0.1:0", "--database"])
        .arg("sqlite:///nonexistent-dir/x/games.sqlite")
        .output()
        .expect("runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot open the database"), "{stderr}");
}

// ---------------------------------------------------------------------------
// PostgreSQL: a private server started here (initdb in a temp dir), every
// case against it, then stopped.

struct Postgres {
    bin: PathBuf,
    data: PathBuf,
    port: u16,
    as_postgres: bool,
}

impl Postgres {
    fn command(&self, program: &str) -> Command {
        let path = self.bin.join(program);
        if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(path);
            c
        } else {
            Command::new(path)
        }
    }

    /// A private cluster, or none (and the reason said) where PostgreSQL's
    /// programs are missing.
    fn start(name: &str) -> Option<Postgres> {
        let bin = std::env::var_os("BURROW_PG_BIN")
            .map(PathBuf::from)
            .or_else(|| {
                let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
                    .ok()?
                    .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
                    .filter(|p| p.join("initdb").exists())
                    .collect();
                found.sort();
                found.pop()
            });
        let how = "bash .ci/setup installs them (apt package postgresql), or set BURROW_PG_BIN \
                   to their folder";
        if !crate::support::needs("PostgreSQL's programs (initdb, pg_ctl)", bin.is_some(), how) {
            return None;
        }
        let bin = bin.expect("checked above");
        // PostgreSQL refuses to run as root: run it as the postgres user.
        let root = Command::new("id")
            .arg("-u")
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
            .unwrap_or(false);
        let dir = temp_dir(name);
        let data = dir.join("data");
        if root {
            let status = Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(&dir)
                .status()
                .expect("chown");
            assert!(status.success());
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let pg = Postgres {
            bin,
            data,
            port,
            as_postgres: root,
        };
        let out = pg
            .command("initdb")
            .args(["-A", "trust", "-U", "postgres", "-E", "UTF8", "-D"])
            .arg(&pg.data)
            .output()
            .expect("initdb runs");
        assert!(
            out.status.success(),
            "initdb: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let options = format!(
            "-p {port} -c listen_addresses=127.0.0.1 -k {} -c fsync=off",
            dir.display()
        );
        let out = pg
            .command("pg_ctl")
            .args(["-w", "-D"])
            .arg(&pg.data)
            .args(["-o", &options, "-l"])
            .arg(dir.join("log"))
            .arg("start")
            .output()
            .expect("pg_ctl runs");
        assert!(
            out.status.success(),
            "pg_ctl: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        Some(pg)
    }

    /// A fresh database's URL.
    fn database(&self, name: &str) -> String {
        let out = self
            .command("createdb")
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "postgres",
                name,
            ])
            .output()
            .expect("createdb runs");
        assert!(
            out.status.success(),
            "createdb: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let _ = self
            .command("pg_ctl")
            .args(["-D"])
            .arg(&self.data)
            .args(["-m", "immediate", "stop"])
            .output();
    }
}

#[test]
fn postgres_runs_the_same_suite() {
    let Some(pg) = Postgres::start("postgres-suite") else {
        return;
    };
    let rt = runtime();
    {
        let server = Server::start(&pg.database("full"));
        rt.block_on(full_games(&server));
    }
    {
        let server = Server::start(&pg.database("refusals"));
        rt.block_on(async {
            refusals(&server).await;
            connection_limits(&server).await;
            private_tables_are_never_listed(&server).await;
        });
    }
    rt.block_on(reconnect_and_restart(&pg.database("restart")));
    rt.block_on(tokens_are_stored_hashed(&pg.database("tokens")));
    {
        let database = pg.database("accounts");
        let server = Server::start(&database);
        rt.block_on(accounts(&server, &database));
    }
    rt.block_on(rated_games(&Server::start(&pg.database("rated"))));
    rt.block_on(lobby(&Server::start(&pg.database("lobby"))));
    rt.block_on(pairing(&Server::start(&pg.database("pairing"))));
    rt.block_on(correspondence(&pg.database("correspondence")));
    rt.block_on(designed_tables(&pg.database("designed")));
    {
        let server = Server::start(&pg.database("clock"));
        rt.block_on(async {
            clock_runs_out(&server).await;
            computer_and_rematch(&server).await;
            bot_plays(&server).await;
        });
    }
    rt.block_on(two_processes_share_a_game(&pg.database("shared")));
}

/// The 200 games against PostgreSQL; slow, as its SQLite twin.
#[test]
fn slow_postgres_load_of_200_games() {
    let Some(pg) = Postgres::start("postgres-load") else {
        return;
    };
    let server = Server::start_with(&pg.database("load"), "127.0.0.1:0", UNLIMITED);
    runtime().block_on(load(&server));
}
