//! Accounts: registering, signing in and out, sessions, seats taken under
//! an account.

use super::*;

/// Accounts: a name and a password make an account; names that read alike
/// are one name, tricks and the server's own names are refused; a wrong
/// name and a wrong password get the same answer; a session signs in
/// again until signed out; a signed-in player sits under the account's
/// name, marked as an account, which a guest's same name is not; the
/// database holds an Argon2id hash and session keys, never the secrets;
/// attempts are limited.
pub(super) async fn accounts(server: &Server, database: &str) {
    let url = server.ws();
    let password = "correct horse battery";
    let mut ada = Client::connect(&url).await.expect("connects");
    let (name, session) = account_answer(&mut ada, register("Ada_Lovelace", password))
        .await
        .expect("registered");
    assert_eq!(name, "Ada_Lovelace");
    let other = names_and_passwords_are_checked(&url, password).await;
    let (mut phone, again, second) = a_session_signs_in_again(&url, password, &session).await;
    let (code, guest) = a_seat_is_taken_under_the_account(&url, &mut ada).await;
    the_database_keeps_no_secret(database, password, &session, &second, &code).await;
    let later = signing_out_ends_the_session(&url, &mut phone, &session, &second).await;
    let guesser = attempts_are_limited(&url).await;
    for client in [ada, other, phone, again, guest, later, guesser] {
        client.close().await;
    }
}

/// Names that read alike as `Ada_Lovelace` are taken, tricks and the
/// server's own names refused, a short password refused, and a wrong
/// password and a wrong name get the same answer. Returns the client that
/// asked.
async fn names_and_passwords_are_checked(url: &str, password: &str) -> Client {
    let mut other = Client::connect(url).await.expect("connects");
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
    let mut other = Client::connect(url).await.expect("connects");
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
    other
}

/// A second sign-in (by any case of the name) gets a session of its own;
/// the first `session` signs in again, a made-up one does not. Returns the
/// signed-in phone, the client that said hello and the phone's session.
async fn a_session_signs_in_again(
    url: &str,
    password: &str,
    session: &str,
) -> (Client, Client, String) {
    let mut phone = Client::connect(url).await.expect("connects");
    let (name, second) = account_answer(&mut phone, sign_in("ADA_LOVELACE", password))
        .await
        .expect("signed in by any case");
    assert_eq!(name, "Ada_Lovelace");
    assert_ne!(second, session, "a session per sign-in");
    let mut again = Client::connect(url).await.expect("connects");
    let hello = ClientMessage::Hello {
        session: session.to_string(),
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
    (phone, again, second)
}

/// At a table: the account's name, whatever the message says; a guest
/// may not take the account's name (in any case), only one of its own.
/// Returns the table's code and the guest.
async fn a_seat_is_taken_under_the_account(url: &str, ada: &mut Client) -> (String, Client) {
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
    let (code, _, _, _) = seat_and_table(ada).await;
    let mut guest = Client::connect(url).await.expect("connects");
    let join = |name: &str| ClientMessage::Join {
        code: code.clone(),
        name: Some(name.into()),
    };
    assert_eq!(
        seat_or_refusal(&mut guest, join("ADA_lovelace")).await,
        Err(ErrorKind::NameTaken)
    );
    guest.send(&join("Mallory")).await.expect("sends");
    let (_, _, _, view) = seat_and_table(&mut guest).await;
    assert_eq!(view.white.name.as_deref(), Some("Ada_Lovelace"));
    assert!(view.white.account, "the creator is signed in");
    assert_eq!(view.black.name.as_deref(), Some("Mallory"));
    assert!(!view.black.account, "the guest is no account");
    (code, guest)
}

/// What the database keeps: an Argon2id hash of the password, hashed keys
/// of the two sessions, and the account at the game `code`.
async fn the_database_keeps_no_secret(
    database: &str,
    password: &str,
    session: &str,
    second: &str,
    code: &str,
) {
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
        .bind(code)
        .fetch_one(&pool)
        .await
        .expect("the game")
        .get(0);
    assert!(player.is_some(), "the game knows the account");
    pool.close().await;
}

/// Signing out (from the phone) ends its session everywhere; the other
/// session stays. Returns the client that tried them.
async fn signing_out_ends_the_session(
    url: &str,
    phone: &mut Client,
    session: &str,
    second: &str,
) -> Client {
    phone.send(&ClientMessage::SignOut {}).await.expect("sends");
    let out = phone
        .wait_for(WAIT, |m| {
            matches!(m, ServerMessage::SignedOut).then_some(())
        })
        .await;
    assert!(out.is_ok(), "{out:?}");
    let hello_phone = ClientMessage::Hello {
        session: second.to_string(),
    };
    let hello = ClientMessage::Hello {
        session: session.to_string(),
    };
    let mut later = Client::connect(url).await.expect("connects");
    assert_eq!(
        account_answer(&mut later, hello_phone).await,
        Err(ErrorKind::BadSession)
    );
    assert!(
        account_answer(&mut later, hello).await.is_ok(),
        "the other session stays"
    );
    later
}

/// Five attempts at once, then one every ten seconds. Returns the client
/// that guessed.
async fn attempts_are_limited(url: &str) -> Client {
    let mut guesser = Client::connect(url).await.expect("connects");
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
    guesser
}

#[test]
fn sqlite_accounts() {
    let database = sqlite("accounts");
    let server = Server::start(&database);
    runtime().block_on(accounts(&server, &database));
}
