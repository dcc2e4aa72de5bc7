//! The dispatcher without a socket: a connection's state on a hub with an
//! in-memory database, fed message texts as the transport hands them
//! over, its answers read from its queue.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use crate::online::protocol::{
    self, ClientMessage, ErrorKind, GameSetup, ServerMessage, SideChoice,
};
use crate::rules::Side;
use crate::server::tables::{Hub, test_hub};

use super::Connection;

/// A connection of `hub` and the queue its answers go to.
fn connection(hub: &Arc<Hub>) -> (Connection, mpsc::Receiver<Arc<str>>) {
    let (out, queue) = mpsc::channel(64);
    (Connection::new(hub.clone(), out), queue)
}

/// The next answer `pick` takes (others are skipped).
async fn answer<T>(
    queue: &mut mpsc::Receiver<Arc<str>>,
    mut pick: impl FnMut(ServerMessage) -> Option<T>,
) -> T {
    loop {
        let text = tokio::time::timeout(Duration::from_secs(10), queue.recv())
            .await
            .expect("an answer in time")
            .expect("the connection is open");
        let message = protocol::decode::<ServerMessage>(&text).expect("a message");
        if let Some(found) = pick(message) {
            return found;
        }
    }
}

/// The next error: its kind and its words.
async fn refusal(queue: &mut mpsc::Receiver<Arc<str>>) -> (ErrorKind, String) {
    answer(queue, |m| match m {
        ServerMessage::Error { kind, message } => Some((kind, message)),
        _ => None,
    })
    .await
}

async fn seat(queue: &mut mpsc::Receiver<Arc<str>>) -> (String, Side, String) {
    answer(queue, |m| match m {
        ServerMessage::Seat { code, side, token } => Some((code, side, token)),
        ServerMessage::Error { message, .. } => panic!("refused: {message}"),
        _ => None,
    })
    .await
}

fn create(hub: &Hub) -> String {
    protocol::encode(&ClientMessage::Create {
        setup: GameSetup::new(&hub.registry, "box", "5x5".parse().unwrap()),
        side: SideChoice::White,
        name: Some("Ada".into()),
        computer: None,
        public: false,
        rated: false,
    })
}

#[tokio::test]
async fn texts_that_are_no_message_are_answered_with_their_kind() {
    let hub = test_hub().await;
    let (mut conn, mut queue) = connection(&hub);
    conn.receive("nope").await;
    let (kind, message) = refusal(&mut queue).await;
    assert_eq!(kind, ErrorKind::BadMessage);
    assert!(message.contains("not JSON"), "{message}");
    conn.receive(r#"{"v":1,"type":"fly"}"#).await;
    let (kind, message) = refusal(&mut queue).await;
    assert_eq!(kind, ErrorKind::BadMessage);
    assert!(message.contains("fly"), "{message}");
    conn.receive(r#"{"v":1,"type":"ping","extra":1}"#).await;
    assert_eq!(refusal(&mut queue).await.0, ErrorKind::BadMessage);
    conn.receive(r#"{"v":2,"type":"ping"}"#).await;
    assert_eq!(refusal(&mut queue).await.0, ErrorKind::UnsupportedVersion);
    conn.receive(&"x".repeat(protocol::MAX_MESSAGE_BYTES + 1))
        .await;
    assert_eq!(refusal(&mut queue).await.0, ErrorKind::TooLarge);
    let computer = r#"{"v":1,"type":"create","setup":{"variant":"box","size":"5x5"},"computer":"grandmaster"}"#;
    conn.receive(computer).await;
    let (kind, message) = refusal(&mut queue).await;
    assert_eq!(kind, ErrorKind::BadMessage);
    assert!(message.contains("unknown level `grandmaster`"), "{message}");
    // A well-formed message after them all is answered.
    conn.receive(r#"{"v":1,"type":"ping"}"#).await;
    assert_eq!(answer(&mut queue, Some).await, ServerMessage::Pong);
}

#[tokio::test]
async fn refused_messages_get_their_kind_and_change_nothing() {
    let hub = test_hub().await;
    let (mut white, mut white_queue) = connection(&hub);
    white.receive(&create(&hub)).await;
    let (code, side, token) = seat(&mut white_queue).await;
    assert_eq!(side, Side::White);
    let turn = |token: &str, ply: u32, turn: &str| {
        protocol::encode(&ClientMessage::Turn {
            code: code.clone(),
            token: token.into(),
            ply,
            turn: turn.into(),
        })
    };
    let room = hub.room(&code).await.expect("the table");
    let first = {
        let table = room.table.lock().await;
        table.rules.turns(table.position()).unwrap()[0]
            .played()
            .to_string()
    };
    // Before anyone sits at Black, nobody moves.
    white.receive(&turn(&token, 0, &first)).await;
    assert_eq!(refusal(&mut white_queue).await.0, ErrorKind::NotYourTurn);
    let (mut black, mut black_queue) = connection(&hub);
    let join = ClientMessage::Join {
        code: code.clone(),
        name: Some("Bo".into()),
    };
    black.receive(&protocol::encode(&join)).await;
    let (_, side, black_token) = seat(&mut black_queue).await;
    assert_eq!(side, Side::Black);
    // Out of turn, another seat's token, a late turn, an illegal one.
    black.receive(&turn(&black_token, 0, &first)).await;
    let (kind, message) = refusal(&mut black_queue).await;
    assert_eq!(kind, ErrorKind::NotYourTurn);
    assert!(message.contains("White's turn"), "{message}");
    black.receive(&turn("not a token", 0, &first)).await;
    assert_eq!(refusal(&mut black_queue).await.0, ErrorKind::NotYourSeat);
    white.receive(&turn(&token, 3, &first)).await;
    assert_eq!(refusal(&mut white_queue).await.0, ErrorKind::StaleTurn);
    white.receive(&turn(&token, 0, "a1xa1")).await;
    assert_eq!(refusal(&mut white_queue).await.0, ErrorKind::IllegalTurn);
    // A third player finds the table full.
    let (mut third, mut third_queue) = connection(&hub);
    third.receive(&protocol::encode(&join)).await;
    assert_eq!(refusal(&mut third_queue).await.0, ErrorKind::TableFull);
    assert_eq!(room.table.lock().await.ply(), 0, "nothing was played");
    assert_eq!(room.table.lock().await.version, 1, "only Black sat down");
    // The right turn is played and told to both.
    white.receive(&turn(&token, 0, &first)).await;
    let told = answer(&mut black_queue, |m| match m {
        ServerMessage::Turn { ply, turn, .. } => Some((ply, turn)),
        _ => None,
    })
    .await;
    assert_eq!(told, (0, first));
}

#[tokio::test]
async fn questions_need_what_they_ask_about() {
    let hub = test_hub().await;
    let (mut conn, mut queue) = connection(&hub);
    let message = |m: ClientMessage| protocol::encode(&m);
    let code = "ZZZZZZ".to_string();
    for (question, kind) in [
        (ClientMessage::MyGames {}, ErrorKind::SignInFirst),
        (ClientMessage::Watch { code }, ErrorKind::UnknownGame),
        (
            ClientMessage::Players {
                game: "chess".into(),
            },
            ErrorKind::BadSetup,
        ),
        (
            ClientMessage::Player {
                name: "nobody".into(),
            },
            ErrorKind::UnknownPlayer,
        ),
        (
            ClientMessage::Hello {
                session: "over".into(),
            },
            ErrorKind::BadSession,
        ),
    ] {
        conn.receive(&message(question.clone())).await;
        assert_eq!(refusal(&mut queue).await.0, kind, "{question:?}");
    }
    conn.receive(&message(ClientMessage::Lobby {})).await;
    let seeks = answer(&mut queue, |m| match m {
        ServerMessage::Lobby { seeks } => Some(seeks),
        _ => None,
    })
    .await;
    assert!(seeks.is_empty());
    // Five attempts at once (the `hello` was one), then a wait.
    let sign_in = message(ClientMessage::SignIn {
        name: "nobody".into(),
        password: "short".into(),
    });
    for _ in 0..4 {
        conn.receive(&sign_in).await;
        assert_eq!(refusal(&mut queue).await.0, ErrorKind::WrongPassword);
    }
    conn.receive(&sign_in).await;
    assert_eq!(refusal(&mut queue).await.0, ErrorKind::RateLimited);
}
