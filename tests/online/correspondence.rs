//! Correspondence games: days per turn, my games, the news of your turn.

use super::*;

/// Correspondence: a clock of days per turn, full again after each turn;
/// the player to move is told on every connection of the account and
/// finds the game first in their list; they play from another device by
/// the account alone; a game whose days ran out while the server was down
/// ends when it starts again, and one that runs out while the server runs
/// (not in memory: its days are far) is found and ended on time.
pub(super) async fn correspondence(database: &str) {
    let server = Server::start(database);
    let url = server.ws();
    let (alice, bob, phone, code) = the_player_to_move_is_told_and_finds_the_game(&url).await;
    let (phone, alice, stranger) =
        the_player_plays_from_another_device(&url, phone, alice, &code).await;
    // Another game, its clock started, days from running out.
    let second = take_seat_with(signed_in(&url, "Carol_C").await, &days_table(1)).await;
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
    days_run_out_while_the_server_is_down(&pool, &code).await;
    let server = Server::start(database);
    let ended = watched_until_over(&server.ws(), &code).await;
    let finish = ended.result.expect("over");
    assert_eq!(
        (finish.winner, finish.reason),
        (Side::Black, EndReason::Time),
        "White's days ran out"
    );
    days_run_out_while_the_server_runs(&pool, &second_code).await;
    pool.close().await;
}

/// A private table of Box on 4x4, White the creator's, of `days` a turn.
fn days_table(days: u64) -> ClientMessage {
    ClientMessage::Create {
        setup: setup("box", "4x4", Some(ClockSetting::days_per_move(days))),
        side: SideChoice::White,
        name: None,
        computer: None,
        public: false,
        rated: false,
    }
}

/// Three days a turn.
const THREE_DAYS: i64 = 3 * burrow::online::protocol::DAY_MS as i64;

/// Alice plays the first turn of a game of three days a turn: Bob's phone
/// is told it is his turn, the clock is full again, and Bob's list has the
/// game, his turn, due in three days. Returns Alice, Bob, Bob's phone and
/// the game's code.
async fn the_player_to_move_is_told_and_finds_the_game(
    url: &str,
) -> (Player, Player, Client, String) {
    let mut alice = take_seat_with(signed_in(url, "Alice_C").await, &days_table(3)).await;
    let code = alice.code.clone();
    let bob_joins = ClientMessage::Join {
        code: code.clone(),
        name: None,
    };
    let mut bob = take_seat_with(signed_in(url, "Bob_C").await, &bob_joins).await;
    let mut phone = Client::connect(url).await.expect("connects");
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
    let view = watched(url, &code).await;
    let clock = view.clock.expect("a clock");
    assert_eq!(
        clock.white_ms as i64, THREE_DAYS,
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
    assert!((before + THREE_DAYS..=burrow::server::now_ms() + THREE_DAYS).contains(&deadline));
    (alice, bob, phone, code)
}

/// Bob plays from his phone, by his account alone; a stranger may not
/// take his seat so. Returns the phone seated, Alice and the stranger.
async fn the_player_plays_from_another_device(
    url: &str,
    phone: Client,
    mut alice: Player,
    code: &str,
) -> (Player, Player, Client) {
    let mut phone = take_seat_with(
        phone,
        &ClientMessage::Resume {
            code: code.to_string(),
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
    let mut stranger = Client::connect(url).await.expect("connects");
    stranger
        .send(&ClientMessage::Resume {
            code: code.to_string(),
            token: String::new(),
        })
        .await
        .expect("sends");
    assert_eq!(next_refusal(&mut stranger).await, ErrorKind::NotYourSeat);
    (phone, alice, stranger)
}

/// Four days pass while the server is down: the game `code`'s clock is
/// set back in the database.
async fn days_run_out_while_the_server_is_down(pool: &sqlx::AnyPool, code: &str) {
    let started = burrow::server::now_ms() - 4 * burrow::online::protocol::DAY_MS as i64;
    sqlx::query("UPDATE games SET clock_started_ms = $1, deadline_ms = $2 WHERE code = $3")
        .bind(started)
        .bind(started + THREE_DAYS)
        .bind(code)
        .execute(pool)
        .await
        .expect("writes");
}

/// The second game runs out while the server runs: it is not in memory
/// (its day is far), yet the clock watch finds it.
async fn days_run_out_while_the_server_runs(pool: &sqlx::AnyPool, second_code: &str) {
    use sqlx::Row as _;
    let day = burrow::online::protocol::DAY_MS as i64;
    let now = burrow::server::now_ms();
    sqlx::query("UPDATE games SET clock_started_ms = $1, deadline_ms = $2 WHERE code = $3")
        .bind(now - day + 3_000)
        .bind(now + 3_000)
        .bind(second_code)
        .execute(pool)
        .await
        .expect("writes");
    let result = async {
        loop {
            let row = sqlx::query("SELECT winner, reason FROM games WHERE code = $1")
                .bind(second_code)
                .fetch_one(pool)
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
}

/// Watches `code` until its game is over.
async fn watched_until_over(url: &str, code: &str) -> GameView {
    let mut client = sent(url, &ClientMessage::Watch { code: code.into() }).await;
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
