//! A server that goes away and comes back, and one served in the tests'
//! own process.

use super::*;

/// A client drops and comes back to its seat; then the server is killed
/// mid-game, started again on the same database, and the game goes on.
pub(super) async fn reconnect_and_restart(database: &str) {
    let server = Server::start(database);
    let url = server.ws();
    let clock = ClockSetting::parse("10+2").expect("ten minutes and two seconds a turn");
    assert_eq!((clock.initial_ms, clock.increment_ms), (600_000, 2_000));
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
    let come_back = ClientMessage::Resume {
        code: code.clone(),
        token: black_token.clone(),
    };
    let mut client = sent(&url, &come_back).await;
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

#[test]
fn sqlite_reconnect_and_restart() {
    runtime().block_on(reconnect_and_restart(&sqlite("restart")));
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
        tls: None,
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
