//! The lobby's seeks and pairing ("play someone now").

use super::*;

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
pub(super) async fn pairing(server: &Server) {
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
pub(super) async fn lobby(server: &Server) {
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

#[test]
fn sqlite_lobby() {
    runtime().block_on(lobby(&Server::start(&sqlite("lobby"))));
}

#[test]
fn sqlite_pairing() {
    runtime().block_on(pairing(&Server::start(&sqlite("pairing"))));
}
