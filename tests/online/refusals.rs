//! Refusals: every kind of bad message (a turn out of turn, illegal or
//! forged, a seat or a game that is not there, malformed messages, a
//! finished game, bursts) is refused to its sender, and the game is the
//! same after each.

use super::*;

/// Every kind of bad message gets an error to its sender only, and the
/// game is the same after each.
pub(super) async fn refusals(server: &Server) {
    let url = server.ws();
    let mut white = create(&url, setup("box", "6x6", None), None).await;
    let mut black = join(&url, &white.code).await;
    let first = white.some_turn();
    white.play(&first).await;
    white.follow_to(1).await;
    black.follow_to(1).await;
    let before = watched(&url, &white.code).await;
    assert_eq!(before.turns.len(), 1);

    let turn =
        turns_out_of_turn_illegal_or_forged_are_refused(&url, &mut white, &mut black, &before)
            .await;
    seats_and_codes_that_are_not_there_are_refused(&url, &white, &before).await;
    malformed_messages_are_refused(&url, &mut black, &before).await;
    a_finished_game_takes_no_more_turns(&url, &mut white, &mut black, &turn).await;
    bursts_of_messages_are_rate_limited(&mut black).await;
}

/// The game as it was `before`, after `what`.
fn assert_unchanged(view: &GameView, before: &GameView, what: &str) {
    assert_eq!(view.turns, before.turns, "after {what}");
    assert_eq!(view.result, before.result, "after {what}");
}

/// A turn out of turn, an illegal turn, a turn with another seat's token
/// or a made-up one, and a turn chosen for an older position: each is
/// refused with its reason and changes nothing. Returns Black's turn.
async fn turns_out_of_turn_illegal_or_forged_are_refused(
    url: &str,
    white: &mut Player,
    black: &mut Player,
    before: &GameView,
) -> String {
    // Out of turn: White again.
    let turn = black.some_turn();
    white.play(&turn).await;
    assert_eq!(white.refusal().await.0, ErrorKind::NotYourTurn);
    assert_unchanged(
        &watched(url, &white.code).await,
        before,
        "a turn out of turn",
    );

    // Illegal: Black moving White's piece, and a text that is no turn.
    black.play("a2xa1").await;
    let (kind, message) = black.refusal().await;
    assert_eq!(kind, ErrorKind::IllegalTurn, "{message}");
    black.play("hello").await;
    assert_eq!(black.refusal().await.0, ErrorKind::IllegalTurn);
    assert_unchanged(&watched(url, &white.code).await, before, "illegal turns");

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
    turn
}

/// A seat at a full table, a game that does not exist.
async fn seats_and_codes_that_are_not_there_are_refused(
    url: &str,
    white: &Player,
    before: &GameView,
) {
    let mut third = Client::connect(url).await.expect("connects");
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
    assert_unchanged(
        &watched(url, &white.code).await,
        before,
        "bad tokens and codes",
    );
}

/// Malformed, unknown, wrong version, oversized, binary.
async fn malformed_messages_are_refused(url: &str, black: &mut Player, before: &GameView) {
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
    assert_unchanged(
        &watched(url, &black.code).await,
        before,
        "malformed messages",
    );
}

/// The connection still works after the refusals, and the game goes on
/// with Black's `turn`; then White resigns, and the finished game takes no
/// more turns.
async fn a_finished_game_takes_no_more_turns(
    url: &str,
    white: &mut Player,
    black: &mut Player,
    turn: &str,
) {
    // The connection still works, and the game goes on.
    black.send(ClientMessage::Ping {}).await;
    black
        .client
        .wait_for(WAIT, |m| matches!(m, ServerMessage::Pong).then_some(()))
        .await
        .expect("pong");
    black.play(turn).await;
    black.follow_to(2).await;
    white.follow_to(2).await;

    // A finished game takes no more turns.
    let resign = ClientMessage::Resign {
        code: white.code.clone(),
        token: white.token.clone(),
    };
    white.send(resign).await;
    let view = next_view_with_result(black).await;
    assert_eq!(
        view.result.map(|f| (f.winner, f.reason)),
        Some((Side::Black, EndReason::Resigned))
    );
    let next = white.some_turn();
    white.play(&next).await;
    assert_eq!(white.refusal().await.0, ErrorKind::GameOver);
    assert_eq!(watched(url, &white.code).await.turns.len(), 2);
}

/// Too many messages at once: some are dropped with an error, and the
/// connection recovers; binary frames count against the same limit.
async fn bursts_of_messages_are_rate_limited(black: &mut Player) {
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
