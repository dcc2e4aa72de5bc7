//! A hostile client: limits on connections, silent sockets cut, and seat
//! tokens stored as their hashes only.

use super::*;

/// Refusals that end or limit a connection: a frame over the transport's
/// limit closes it (with the reason first), and one connection follows at
/// most 32 running games, finished ones being let go to make room.
pub(super) async fn connection_limits(server: &Server) {
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

/// Seat tokens never reach the database: it holds their SHA-256 only.
/// A token an older server stored in plain text is hashed when the server
/// starts, and its holder keeps the seat.
pub(super) async fn tokens_are_stored_hashed(database: &str) {
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
