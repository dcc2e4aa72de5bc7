//! Rated games: who may play them, and the ratings and leaderboards they
//! change.

use super::*;

/// Rated games: only signed-in players (or the server's computer) sit at
/// one, never one account twice; the result moves both Glicko-2 ratings,
/// once; an unrated game moves nothing; the leaderboard and the player's
/// page show the ratings, their history and the games.
pub(super) async fn rated_games(server: &Server) {
    let url = server.ws();
    let address = server.address.as_str();
    let mut guest = Client::connect(&url).await.expect("connects");
    let RatedTable {
        mut alice,
        mut bob,
        alice_again,
        code,
        alice_token,
        bob_token,
    } = only_accounts_sit_at_a_rated_table(&url, &mut guest).await;
    let board = the_result_moves_both_ratings_once(
        address,
        &mut alice,
        &mut bob,
        &code,
        &bob_token,
        alice_token,
    )
    .await;
    an_unrated_game_moves_nothing(address, &mut alice, &mut bob, &board).await;
    let board = the_computer_is_rated_under_its_level(address, &mut alice).await;
    the_players_page_shows_ratings_history_and_games(address).await;
    the_same_over_the_websocket(&mut guest, &board).await;
    for client in [guest, alice, bob, alice_again] {
        client.close().await;
    }
}

/// A rated table, its two players seated, and Alice's second connection.
struct RatedTable {
    alice: Client,
    bob: Client,
    alice_again: Client,
    code: String,
    alice_token: String,
    bob_token: String,
}

/// A guest may neither open nor join a rated table; Alice's account may
/// not sit on both sides; Bob, signed in, sits.
async fn only_accounts_sit_at_a_rated_table(url: &str, guest: &mut Client) -> RatedTable {
    assert_eq!(
        seat_or_refusal(guest, box_table(None, true)).await,
        Err(ErrorKind::SignInFirst)
    );
    let mut alice = signed_in(url, "Alice_R").await;
    let mut bob = signed_in(url, "Bob_R").await;
    let (code, alice_token) = seat_or_refusal(&mut alice, box_table(None, true))
        .await
        .expect("a rated table");
    let join = ClientMessage::Join {
        code: code.clone(),
        name: None,
    };
    assert_eq!(
        seat_or_refusal(guest, join.clone()).await,
        Err(ErrorKind::SignInFirst)
    );
    let mut alice_again = Client::connect(url).await.expect("connects");
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
    RatedTable {
        alice,
        bob,
        alice_again,
        code,
        alice_token,
        bob_token,
    }
}

/// Bob resigns: both ratings move, by as much each way; nothing after the
/// end rates the game again. Returns the leaderboard.
async fn the_result_moves_both_ratings_once(
    address: &str,
    alice: &mut Client,
    bob: &mut Client,
    code: &str,
    bob_token: &str,
    alice_token: String,
) -> Vec<(String, f64, i64)> {
    resign(bob, code, bob_token).await;
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
            code: code.to_string(),
            token: alice_token,
        })
        .await
        .expect("sends");
    assert_eq!(next_refusal(alice).await, ErrorKind::GameOver);
    assert_eq!(leaderboard(address, "box").await, board, "rated once");
    board
}

/// An unrated game between them changes nothing.
async fn an_unrated_game_moves_nothing(
    address: &str,
    alice: &mut Client,
    bob: &mut Client,
    board: &[(String, f64, i64)],
) {
    let (code, _) = seat_or_refusal(alice, box_table(None, false))
        .await
        .expect("a table");
    let (_, token) = seat_or_refusal(
        bob,
        ClientMessage::Join {
            code: code.clone(),
            name: None,
        },
    )
    .await
    .expect("Bob sits");
    resign(bob, &code, &token).await;
    assert_eq!(leaderboard(address, "box").await, board, "unrated");
}

/// The server's computer is a rated opponent under its level. Returns the
/// leaderboard with it.
async fn the_computer_is_rated_under_its_level(
    address: &str,
    alice: &mut Client,
) -> Vec<(String, f64, i64)> {
    let (code, token) = seat_or_refusal(alice, box_table(Some("random"), true))
        .await
        .expect("a rated table against the computer");
    resign(alice, &code, &token).await;
    let board = leaderboard(address, "box").await;
    let computer = board
        .iter()
        .find(|p| p.0 == "computer (random)")
        .expect("rated");
    assert!(computer.1 > 1500.0 && computer.2 == 1, "{board:?}");
    board
}

/// Alice's page, found by any spelling of her name: her rating, its
/// history and her games; an unknown player or game is not found.
async fn the_players_page_shows_ratings_history_and_games(address: &str) {
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
}

/// The same over the WebSocket (the game and the page ask there): the
/// leaderboard of `board`, Alice's page, and the same refusals.
async fn the_same_over_the_websocket(guest: &mut Client, board: &[(String, f64, i64)]) {
    let players =
        answer_or_refusal(
            guest,
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
        guest,
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
        let answer = answer_or_refusal(guest, refused, |_| None::<()>).await;
        assert!(
            matches!(answer, Err(ErrorKind::UnknownPlayer | ErrorKind::BadSetup)),
            "{answer:?}"
        );
    }
}

#[test]
fn sqlite_rated_games() {
    runtime().block_on(rated_games(&Server::start(&sqlite("rated"))));
}
