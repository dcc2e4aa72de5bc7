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
    create_as(hub, Some("Ada"), false)
}

/// A request to open a table of Box on 5x5, at White, under `name`.
fn create_as(hub: &Hub, name: Option<&str>, rated: bool) -> String {
    protocol::encode(&ClientMessage::Create {
        setup: GameSetup::new(&hub.registry, "box", "5x5".parse().unwrap()),
        side: SideChoice::White,
        name: name.map(str::to_string),
        computer: None,
        public: false,
        rated,
    })
}

/// Registers an account on the connection and waits until it is in.
async fn register(conn: &mut Connection, queue: &mut mpsc::Receiver<Arc<str>>, name: &str) {
    assert!(!register_as(conn, queue, name, false).await);
}

/// Registers a person's or a bot's account and waits until it is in;
/// whether the server says it is a bot's.
async fn register_as(
    conn: &mut Connection,
    queue: &mut mpsc::Receiver<Arc<str>>,
    name: &str,
    bot: bool,
) -> bool {
    let message = ClientMessage::Register {
        name: name.into(),
        password: "a long enough password".into(),
        bot,
    };
    conn.receive(&protocol::encode(&message)).await;
    answer(queue, |m| match m {
        ServerMessage::SignedIn { bot, .. } => Some(bot),
        ServerMessage::Error { message, .. } => panic!("refused: {message}"),
        _ => None,
    })
    .await
}

/// The names shown at a table's seats.
async fn seat_names(hub: &Arc<Hub>, code: &str) -> [Option<String>; 2] {
    let live = hub.live(code).await.expect("the table");
    let table = live.table.lock().await;
    [table.seats[0].name.clone(), table.seats[1].name.clone()]
}

#[tokio::test]
async fn guest_names_pass_the_rules_of_account_names_and_are_no_accounts() {
    let hub = test_hub().await;
    let (mut account, mut account_queue) = connection(&hub);
    register(&mut account, &mut account_queue, "Eve_Account").await;
    let (mut guest, mut queue) = connection(&hub);
    let refused = [
        ("Ada\u{202E}ecaL", ErrorKind::BadName), // turns the text around
        ("\u{200B}\u{200B}\u{200B}", ErrorKind::BadName), // nothing visible
        ("Bo\u{0}\u{7}", ErrorKind::BadName),    // NUL and BEL
        ("\u{1b}[31mRed", ErrorKind::BadName),   // an escape sequence
        (
            "Z\u{300}\u{301}\u{302}\u{303}\u{304}algo",
            ErrorKind::BadName,
        ),
        ("computer", ErrorKind::BadName),      // the computer's
        ("x", ErrorKind::BadName),             // too short
        ("EVE_account", ErrorKind::NameTaken), // an account's
    ];
    for (name, kind) in refused {
        guest.receive(&create_as(&hub, Some(name), false)).await;
        let (got, message) = refusal(&mut queue).await;
        assert_eq!(got, kind, "{name:?}: {message}");
    }
    assert!(
        hub.live_tables.lock().expect("not poisoned").is_empty(),
        "no table opened"
    );
    // No name (or `guest`) sits as `guest`; full-width letters read plain.
    guest.receive(&create_as(&hub, None, false)).await;
    let (code, _, _) = seat(&mut queue).await;
    assert_eq!(seat_names(&hub, &code).await[0].as_deref(), Some("guest"));
    let (mut other, mut other_queue) = connection(&hub);
    other
        .receive(&protocol::encode(&ClientMessage::Join {
            code: code.clone(),
            name: Some(" \u{FF21}\u{FF44}\u{FF41} ".into()),
        }))
        .await;
    seat(&mut other_queue).await;
    assert_eq!(seat_names(&hub, &code).await[1].as_deref(), Some("Ada"));
}

#[tokio::test]
async fn one_connection_plays_one_side_of_a_rated_game() {
    let hub = test_hub().await;
    // A guest may take both seats of a practice table.
    let (mut guest, mut guest_queue) = connection(&hub);
    guest.receive(&create_as(&hub, Some("Solo"), false)).await;
    let (code, _, _) = seat(&mut guest_queue).await;
    let join = |code: &str| {
        protocol::encode(&ClientMessage::Join {
            code: code.into(),
            name: None,
        })
    };
    guest.receive(&join(&code)).await;
    assert_eq!(seat(&mut guest_queue).await.1, Side::Black);
    // An account may not, nor a second account on the same connection.
    let (mut conn, mut queue) = connection(&hub);
    register(&mut conn, &mut queue, "Ann_Rated").await;
    conn.receive(&create_as(&hub, None, true)).await;
    let (code, _, _) = seat(&mut queue).await;
    conn.receive(&join(&code)).await;
    let (kind, message) = refusal(&mut queue).await;
    assert_eq!(kind, ErrorKind::BadSetup, "{message}");
    register(&mut conn, &mut queue, "Ben_Rated").await;
    conn.receive(&join(&code)).await;
    let (kind, message) = refusal(&mut queue).await;
    assert_eq!(kind, ErrorKind::BadSetup, "{message}");
    assert_eq!(
        seat_names(&hub, &code).await[1],
        None,
        "Black's seat is free"
    );
    // Another connection's account takes it.
    let (mut ben, mut ben_queue) = connection(&hub);
    register(&mut ben, &mut ben_queue, "Cy_Rated").await;
    ben.receive(&join(&code)).await;
    assert_eq!(seat(&mut ben_queue).await.1, Side::Black);
}

/// Sets whether the connection's account refuses bots, and waits for the
/// server to confirm it.
async fn refuse_bots(conn: &mut Connection, queue: &mut mpsc::Receiver<Arc<str>>, refuse: bool) {
    conn.receive(&protocol::encode(&ClientMessage::Account {
        refuse_bots: refuse,
    }))
    .await;
    let stored = answer(queue, |m| match m {
        ServerMessage::Account { refuse_bots } => Some(refuse_bots),
        ServerMessage::Error { message, .. } => panic!("refused: {message}"),
        _ => None,
    })
    .await;
    assert_eq!(stored, refuse);
}

#[tokio::test]
async fn bot_accounts_are_marked_and_kept_from_rated_games_with_those_who_refuse_them() {
    let hub = test_hub().await;
    let join = |code: &str| {
        protocol::encode(&ClientMessage::Join {
            code: code.into(),
            name: None,
        })
    };
    // A guest has no settings to change.
    let (mut guest, mut guest_queue) = connection(&hub);
    guest
        .receive(&protocol::encode(&ClientMessage::Account {
            refuse_bots: true,
        }))
        .await;
    assert_eq!(refusal(&mut guest_queue).await.0, ErrorKind::SignInFirst);

    let (mut bot, mut bot_queue) = connection(&hub);
    assert!(register_as(&mut bot, &mut bot_queue, "Pybot", true).await);
    let (mut ada, mut ada_queue) = connection(&hub);
    assert!(!register_as(&mut ada, &mut ada_queue, "Ada_Person", false).await);
    refuse_bots(&mut ada, &mut ada_queue, true).await;

    // Ada's rated table: the bot may not sit; her unrated one, it may.
    ada.receive(&create_as(&hub, None, true)).await;
    let (rated, _, _) = seat(&mut ada_queue).await;
    bot.receive(&join(&rated)).await;
    let (kind, message) = refusal(&mut bot_queue).await;
    assert_eq!(kind, ErrorKind::BotsRefused, "{message}");
    assert!(message.contains("Ada_Person"), "{message}");
    assert_eq!(seat_names(&hub, &rated).await[1], None);
    let (mut ada_too, mut ada_too_queue) = connection(&hub);
    ada_too.receive(&create_as(&hub, None, false)).await;
    let (casual, _, _) = seat(&mut ada_too_queue).await;
    bot.receive(&join(&casual)).await;
    seat(&mut bot_queue).await;

    // The bot's rated table: Ada may not sit while she refuses bots.
    let (mut bot_two, mut bot_two_queue) = connection(&hub);
    assert!(register_as(&mut bot_two, &mut bot_two_queue, "Cbot", true).await);
    bot_two.receive(&create_as(&hub, None, true)).await;
    let (bots, _, bot_token) = seat(&mut bot_two_queue).await;
    let (mut ada_again, mut ada_again_queue) = connection(&hub);
    ada_again
        .receive(&protocol::encode(&ClientMessage::SignIn {
            name: "ada_person".into(),
            password: "a long enough password".into(),
        }))
        .await;
    let settings = answer(&mut ada_again_queue, |m| match m {
        ServerMessage::SignedIn {
            bot, refuse_bots, ..
        } => Some((bot, refuse_bots)),
        _ => None,
    })
    .await;
    assert_eq!(settings, (false, true), "the setting is the account's");
    ada_again.receive(&join(&bots)).await;
    assert_eq!(
        refusal(&mut ada_again_queue).await.0,
        ErrorKind::BotsRefused
    );
    // Once she allows bots, she sits, and the table shows the bot.
    refuse_bots(&mut ada_again, &mut ada_again_queue, false).await;
    ada_again.receive(&join(&bots)).await;
    let (_, _, ada_token) = seat(&mut ada_again_queue).await;
    let view = answer(&mut ada_again_queue, |m| match m {
        ServerMessage::Game { game } => Some(game),
        _ => None,
    })
    .await;
    assert!(view.white.bot && view.white.account, "{view:?}");
    assert!(!view.black.bot && view.black.account, "{view:?}");
    // The game over, both ask for a rematch; but Ada has come to refuse
    // bots meanwhile, and the rated rematch does not open.
    let message = |m: ClientMessage| protocol::encode(&m);
    ada_again
        .receive(&message(ClientMessage::Resign {
            code: bots.clone(),
            token: ada_token.clone(),
        }))
        .await;
    refuse_bots(&mut ada_again, &mut ada_again_queue, true).await;
    ada_again
        .receive(&message(ClientMessage::Rematch {
            code: bots.clone(),
            token: ada_token,
        }))
        .await;
    bot_two
        .receive(&message(ClientMessage::Rematch {
            code: bots.clone(),
            token: bot_token,
        }))
        .await;
    assert_eq!(refusal(&mut bot_two_queue).await.0, ErrorKind::BotsRefused);
    let live = hub.live(&bots).await.expect("the table");
    assert_eq!(live.table.lock().await.rematch_code, None);
}

#[tokio::test]
async fn a_paired_bot_passes_over_the_tables_of_those_who_refuse_bots() {
    let hub = test_hub().await;
    let pair = || {
        protocol::encode(&ClientMessage::Pair {
            variant: "box".into(),
            size: "5x5".parse().unwrap(),
            clock: None,
            bot_after_s: None,
        })
    };
    let (mut ada, mut ada_queue) = connection(&hub);
    register(&mut ada, &mut ada_queue, "Ada_Pairs").await;
    refuse_bots(&mut ada, &mut ada_queue, true).await;
    ada.receive(&pair()).await;
    let (adas, _, _) = seat(&mut ada_queue).await;
    let (mut bot, mut bot_queue) = connection(&hub);
    assert!(register_as(&mut bot, &mut bot_queue, "Pairbot", true).await);
    bot.receive(&pair()).await;
    let (bots, _, _) = seat(&mut bot_queue).await;
    assert_ne!(bots, adas, "the bot opened a table of its own");
    let seats = seat_names(&hub, &adas).await;
    assert_eq!(
        seats.iter().flatten().count(),
        1,
        "Ada still waits: {seats:?}"
    );
    // Ada, asking again elsewhere, is not offered the bot's table either.
    let (mut ada_too, mut ada_too_queue) = connection(&hub);
    ada_too
        .receive(&protocol::encode(&ClientMessage::SignIn {
            name: "Ada_Pairs".into(),
            password: "a long enough password".into(),
        }))
        .await;
    answer(&mut ada_too_queue, |m| {
        matches!(m, ServerMessage::SignedIn { .. }).then_some(())
    })
    .await;
    ada_too.receive(&pair()).await;
    let (third, _, _) = seat(&mut ada_too_queue).await;
    assert_ne!(third, bots);
    // A person who allows bots is paired with the bot's table.
    let (mut cy, mut cy_queue) = connection(&hub);
    register(&mut cy, &mut cy_queue, "Cy_Pairs").await;
    cy.receive(&pair()).await;
    let (cys, _, _) = seat(&mut cy_queue).await;
    assert!(
        [bots.as_str(), adas.as_str(), third.as_str()].contains(&cys.as_str()),
        "{cys}"
    );
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
    let live = hub.live(&code).await.expect("the table");
    let first = {
        let table = live.table.lock().await;
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
    assert_eq!(live.table.lock().await.ply(), 0, "nothing was played");
    assert_eq!(live.table.lock().await.version, 1, "only Black sat down");
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
