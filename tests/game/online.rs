//! The game online: over `wss://`, signed in to the community, at a table
//! that reconnects after the server comes back, and a designed game played
//! at a table to its end.

use super::*;

/// The game joins a table at a `wss://` server whose certificate is signed
/// by an authority of the test's, trusted through `--ca-file` (here its
/// resource), and plays the game to its end; a game that does not trust
/// the authority is told why and stops trying.
#[test]
fn the_game_plays_over_wss_and_a_certificate_it_does_not_trust_is_refused() {
    use crate::online::tls::{Authority, tls_server};
    use burrow::online::protocol::GameSetup;

    let dir = std::env::temp_dir().join(format!("burrow-game-wss-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    let authority = Authority::new(&dir, "game");
    let server = tls_server(&dir, &authority, "game-wss");
    let setup = GameSetup {
        variant: "box".into(),
        size: "4x4".parse().unwrap(),
        start: None,
        clock: None,
        design: None,
    };
    a_certificate_not_trusted_is_refused_once(&server, setup.clone());
    a_trusted_certificate_plays_the_game_out(&server, &authority, setup);
}

/// Not trusted: the reason is shown and the game does not retry.
fn a_certificate_not_trusted_is_refused_once(
    server: &crate::online::Server,
    setup: burrow::online::protocol::GameSetup,
) {
    use burrow::game::online::{Link, Online, OnlineIntent};

    let mut app = app();
    app.world_mut().write_message(OnlineIntent::Create {
        server: server.origin(),
        setup,
        side: burrow::online::protocol::SideChoice::White,
        name: "Ada".into(),
        computer: None,
        public: false,
        rated: false,
    });
    pump(&mut app, "the certificate refused", |app| {
        let online = app.world().resource::<Online>();
        online.link == Link::Off
            && online
                .notice
                .as_deref()
                .is_some_and(|n| n.contains("certificate"))
    });
    let notice = app.world().resource::<Online>().notice.clone().unwrap();
    assert!(
        notice.contains(&server.address),
        "names the server: {notice}"
    );
    for _ in 0..50 {
        app.update();
    }
    assert_eq!(app.world().resource::<Online>().link, Link::Off, "no retry");
    assert_eq!(app.world().resource::<Online>().links, 0);
}

/// Trusted: the table opens over wss:// and the game is played out.
fn a_trusted_certificate_plays_the_game_out(
    server: &crate::online::Server,
    authority: &crate::online::tls::Authority,
    setup: burrow::online::protocol::GameSetup,
) {
    use burrow::game::online::CaFileFlag;
    use burrow::game::online::Online;
    use burrow::online::client::Client;
    use burrow::online::protocol::ClientMessage;

    let mut app = app();
    app.insert_resource(CaFileFlag(Some(authority.pem.display().to_string())));
    open_table(&mut app, &server.origin(), setup);
    let code = app
        .world()
        .resource::<Online>()
        .code
        .clone()
        .expect("a code");
    let rt = crate::online::runtime();
    let trust = authority.trust();
    let mut black = rt.block_on(async {
        let client = Client::connect_trusting(&server.ws(), &trust)
            .await
            .expect("connects over TLS");
        let join = ClientMessage::Join {
            code: code.clone(),
            name: Some("Bo".into()),
        };
        crate::online::take_seat_with(client, &join).await
    });
    pump(&mut app, "Black seated", |app| {
        app.world()
            .resource::<Online>()
            .table
            .as_ref()
            .is_some_and(|t| t.view.black.name.as_deref() == Some("Bo"))
    });
    while app.world().resource::<Game>().outcome().is_none() {
        let played = app.world().resource::<Game>().played().len();
        if app.world().resource::<Game>().position().turn == Side::White {
            play_first_turn(&mut app);
        } else {
            let reply = black.some_turn();
            rt.block_on(black.play(&reply));
        }
        pump(&mut app, "the turn on the board", |app| {
            app.world().resource::<Game>().played().len() > played
                && app.world().resource::<AnimationQueue>().is_idle()
        });
        settle(&mut app);
        rt.block_on(black.follow_to(played as u32 + 1));
    }
    assert!(black.mirror.is_over(), "the server saw the game end");
}

/// A server of the online tests on a free port of its own, with its
/// database and address (a restart takes the same port).
pub(super) fn online_server(name: &str) -> (crate::online::Server, String, String) {
    let database = crate::online::sqlite(name);
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let address = format!("127.0.0.1:{port}");
    let server = crate::online::Server::start_on(&database, &address);
    (server, database, address)
}

/// The window opens a table of `setup` at `address`, White its own, and
/// waits until it plays there.
pub(super) fn open_table(app: &mut App, address: &str, setup: burrow::online::protocol::GameSetup) {
    use burrow::game::online::{Online, OnlineIntent};
    app.world_mut().write_message(OnlineIntent::Create {
        server: address.to_string(),
        setup,
        side: burrow::online::protocol::SideChoice::White,
        name: "Ada".into(),
        computer: None,
        public: false,
        rated: false,
    });
    pump(app, "a table", |app| {
        app.world().resource::<Online>().table.is_some()
            && *app.world().resource::<State<Screen>>().get() == Screen::Playing
    });
}

/// A scripted client takes the table's Black seat; the window sees it.
fn seat_black(
    app: &mut App,
    server: &crate::online::Server,
    rt: &tokio::runtime::Runtime,
) -> crate::online::Player {
    use burrow::game::online::Online;
    let code = app
        .world()
        .resource::<Online>()
        .code
        .clone()
        .expect("a code");
    let black = rt.block_on(crate::online::join(&server.ws(), &code));
    pump(app, "Black seated", |app| {
        app.world()
            .resource::<Online>()
            .table
            .as_ref()
            .is_some_and(|t| t.view.black.name.as_deref() == Some("Bo"))
    });
    black
}

/// The game's place in the community, read from its state: it registers
/// and remembers the account, follows the lobby live (a seek opened by
/// another player shows), pairs itself at that seek as the account (a
/// rated table), hears that it is the account's turn at another of its
/// games (played from another connection of the account) and lists its
/// games, shows a leaderboard, and forgets the account when signed out.
#[test]
fn the_game_signs_in_follows_the_lobby_and_hears_of_its_turn() {
    let (server, _database, address) = online_server("game-community");
    let rt = crate::online::runtime();
    let mut app = app();
    the_game_registers_and_keeps_the_account(&mut app, &address);
    let eve = the_game_pairs_at_a_seek_in_the_lobby(&mut app, &server, &rt, &address);
    let other = the_game_hears_of_its_turn_elsewhere(&mut app, &server, &rt);
    the_game_shows_a_leaderboard_and_signs_out(&mut app);
    drop((eve, other));
}

/// The game registers at `address`, remembers the account and reads the
/// lobby; the account's setting (the Account tab's box) is kept by the
/// server.
fn the_game_registers_and_keeps_the_account(app: &mut App, address: &str) {
    use burrow::game::online::{Community, CommunityIntent};
    use burrow::game::settings::Settings;
    use burrow::online::protocol::ClientMessage;

    app.world_mut().write_message(CommunityIntent::Connect {
        server: address.to_string(),
    });
    app.world_mut()
        .write_message(CommunityIntent::Send(ClientMessage::Register {
            name: "Dee_G".into(),
            password: "a long enough password".into(),
            bot: false,
        }));
    pump(app, "signed in, the lobby read", |app| {
        let community = app.world().resource::<Community>();
        community.account.as_deref() == Some("Dee_G") && community.lobby == Some(Vec::new())
    });
    let remembered = app.world().resource::<Settings>().account.clone();
    assert_eq!(remembered.map(|a| a.0).as_deref(), Some("Dee_G"));
    // The account's setting (the Account tab's box), as the server keeps it.
    assert!(!app.world().resource::<Community>().refuse_bots);
    app.world_mut()
        .write_message(CommunityIntent::Send(ClientMessage::Account {
            refuse_bots: true,
        }));
    pump(app, "bots refused", |app| {
        app.world().resource::<Community>().refuse_bots
    });
}

/// Another player's seek shows in the lobby as it opens; playing someone
/// now, the game takes that seek as the account, and the seek leaves the
/// lobby. Returns the seek's player.
fn the_game_pairs_at_a_seek_in_the_lobby(
    app: &mut App,
    server: &crate::online::Server,
    rt: &tokio::runtime::Runtime,
    address: &str,
) -> crate::online::Player {
    use crate::online::{setup, signed_in, take_seat_with};
    use burrow::game::online::Community;
    use burrow::game::online::{Online, OnlineIntent};
    use burrow::online::protocol::{ClientMessage, SideChoice};

    // Another player's seek shows in the lobby as it opens.
    let seek = ClientMessage::Create {
        setup: setup("box", "6x6", None),
        side: SideChoice::Black,
        name: None,
        computer: None,
        public: true,
        rated: true,
    };
    let eve =
        rt.block_on(async { take_seat_with(signed_in(&server.ws(), "Eve_G").await, &seek).await });
    pump(app, "the seek in the lobby", |app| {
        let community = app.world().resource::<Community>();
        community
            .lobby
            .as_ref()
            .is_some_and(|seeks| seeks.iter().any(|s| s.code == eve.code && s.rated))
    });
    // Play someone now: the game takes that seek, as the account.
    app.world_mut().write_message(OnlineIntent::Pair {
        server: address.to_string(),
        variant: "box".into(),
        size: "6x6".parse().expect("a size"),
        clock: None,
        bot_after_s: None,
    });
    pump(app, "seated at Eve's table", |app| {
        let online = app.world().resource::<Online>();
        online.table.as_ref().is_some_and(|t| {
            t.view.code == eve.code && t.view.rated && t.view.white.name.as_deref() == Some("Dee_G")
        })
    });
    pump(app, "the seek gone from the lobby", |app| {
        let community = app.world().resource::<Community>();
        community
            .lobby
            .as_ref()
            .is_some_and(|seeks| seeks.is_empty())
    });
    eve
}

/// Another game of the account, from another connection: when Eve has
/// played there, the game hears it is Dee's turn and lists that game as
/// Dee's turn. Returns the other game's two players.
fn the_game_hears_of_its_turn_elsewhere(
    app: &mut App,
    server: &crate::online::Server,
    rt: &tokio::runtime::Runtime,
) -> (crate::online::Player, crate::online::Player) {
    use crate::online::{setup, signed_in_as, take_seat_with};
    use burrow::game::online::{Community, CommunityIntent};
    use burrow::online::protocol::{ClientMessage, SideChoice};

    let other = rt.block_on(async {
        let mut eve_again = take_seat_with(
            signed_in_as(&server.ws(), "Eve_G").await,
            &ClientMessage::Create {
                setup: setup("path", "6x6", None),
                side: SideChoice::White,
                name: None,
                computer: None,
                public: false,
                rated: false,
            },
        )
        .await;
        let join = ClientMessage::Join {
            code: eve_again.code.clone(),
            name: None,
        };
        let dee = take_seat_with(signed_in_as(&server.ws(), "Dee_G").await, &join).await;
        let turn = eve_again.some_turn();
        eve_again.play(&turn).await;
        eve_again.follow_to(1).await;
        (eve_again, dee)
    });
    let code = other.0.code.clone();
    pump(app, "your turn", |app| {
        app.world()
            .resource::<Community>()
            .your_turn
            .contains(&code)
    });
    pump(app, "my games", |app| {
        let community = app.world().resource::<Community>();
        community
            .my_games
            .iter()
            .any(|g| g.code == code && g.your_turn)
    });
    app.world_mut()
        .write_message(CommunityIntent::Seen { code: code.clone() });
    other
}

/// The news of the turn seen, the game shows a leaderboard, and signed
/// out it forgets the account.
fn the_game_shows_a_leaderboard_and_signs_out(app: &mut App) {
    use burrow::game::online::{Community, CommunityIntent};
    use burrow::game::settings::Settings;
    use burrow::online::protocol::ClientMessage;

    app.world_mut()
        .write_message(CommunityIntent::Send(ClientMessage::Players {
            game: "box".into(),
        }));
    pump(app, "the leaderboard", |app| {
        let community = app.world().resource::<Community>();
        community.your_turn.is_empty()
            && community
                .leaderboard
                .as_ref()
                .is_some_and(|(game, _)| game == "box")
    });
    app.world_mut()
        .write_message(CommunityIntent::Send(ClientMessage::SignOut {}));
    pump(app, "signed out", |app| {
        app.world().resource::<Community>().account.is_none()
            && app.world().resource::<Settings>().account.is_none()
    });
}

/// The game at an online table: it opens the table, a scripted client joins
/// it, the game's own turn reaches the client, the client's turn is played
/// onto the board like a computer's, undo is refused, and when the server
/// dies and comes back on the same port the game reconnects by itself and
/// the turn played while it was away reaches the server.
#[test]
fn the_game_plays_online_and_reconnects() {
    use burrow::game::online::{Link, Online};
    use burrow::online::protocol::GameSetup;

    let (server, database, address) = online_server("game-client");
    let rt = crate::online::runtime();
    let mut app = app();
    let setup = GameSetup {
        variant: "box".into(),
        size: "5x5".parse().unwrap(),
        start: None,
        clock: None,
        design: None,
    };
    open_table(&mut app, &address, setup);
    let mut black = seat_black(&mut app, &server, &rt);
    {
        let session = app.world().resource::<Game>();
        assert_eq!(session.setup().white, Player::Human);
        assert_eq!(session.setup().black, Player::Remote);
    }

    // White (the game) plays its first listed turn through the intents.
    let turn = play_first_turn(&mut app);
    rt.block_on(black.follow_to(1));
    assert_eq!(black.mirror.view.turns, vec![turn.to_string()]);

    // Black's turn arrives and is played onto the board.
    let reply = black.some_turn();
    rt.block_on(black.play(&reply));
    pump(&mut app, "Black's turn on the board", |app| {
        app.world().resource::<Game>().played().len() == 2
            && app.world().resource::<AnimationQueue>().is_idle()
    });
    settle(&mut app);
    assert_eq!(
        app.world().resource::<Game>().played()[1].to_string(),
        reply
    );
    assert_entities_match_engine(&mut app);
    rt.block_on(black.follow_to(2));

    // No undo online.
    app.world_mut().write_message(GameIntent::Undo);
    app.update();
    let refused: Vec<String> = app
        .world()
        .resource::<Messages<Refused>>()
        .iter_current_update_messages()
        .map(|r| r.0.to_string())
        .collect();
    assert!(
        refused.iter().any(|r| r.contains("has no undo")),
        "{refused:?}"
    );
    assert_eq!(app.world().resource::<Game>().played().len(), 2);

    // The server dies: the game notices. White plays its turn meanwhile
    // (it cannot reach anyone); the game reconnects to the new server by
    // itself, hears the table without that turn and sends it again.
    server.kill();
    pump(&mut app, "the lost connection noticed", |app| {
        matches!(app.world().resource::<Online>().link, Link::Lost { .. })
    });
    let links = app.world().resource::<Online>().links;
    let offline = play_first_turn(&mut app);
    assert_eq!(app.world().resource::<Game>().played().len(), 3);
    let server = crate::online::Server::start_on(&database, &address);
    pump(&mut app, "reconnected", |app| {
        let online = app.world().resource::<Online>();
        online.link == Link::Open && online.links > links
    });
    pump(
        &mut app,
        "the server to take the turn played offline",
        |app| {
            app.world()
                .resource::<Online>()
                .table
                .as_ref()
                .is_some_and(|t| t.view.turns.len() == 3)
        },
    );
    let online = app.world().resource::<Online>();
    assert_eq!(
        online.table.as_ref().expect("a table").view.turns[2],
        offline.to_string()
    );
    assert_eq!(online.notice, None, "no refusal on the way");
    assert_eq!(app.world().resource::<Game>().played().len(), 3);
    drop(server);
}

/// The game at an online table of a design the server does not have: the
/// window sends the design's code with the table, the server seats it, the
/// board starts from the design's own rows, a scripted client plays the
/// other side, and the game ends under the design's end rule (the side
/// left without a capture wins), told in the window's words.
#[test]
fn the_game_plays_a_designed_game_online_to_its_end() {
    use burrow::game::online::Online;
    use burrow::game::online::result_text;
    use burrow::online::protocol::GameSetup;
    use burrow::rules::Design;

    let design: Design = include_str!("../../examples/undertow.toml")
        .parse()
        .unwrap();
    let mut variants = VariantRegistry::builtin();
    variants
        .put_design(design)
        .expect("the design joins the games");
    let (server, _database, address) = online_server("game-designed");
    let rt = crate::online::runtime();
    let mut app = app_with(variants);
    let size: burrow::rules::BoardSize = "6x6".parse().unwrap();
    let setup = GameSetup {
        variant: "undertow".into(),
        size,
        start: None,
        clock: None,
        // Left out: the window fills it in for a designed game.
        design: None,
    };
    open_table(&mut app, &address, setup);
    {
        let session = app.world().resource::<Game>();
        assert_eq!(session.rules().id(), "undertow");
        assert_eq!(*session.position(), session.rules().start(size));
        assert_ne!(*session.position(), burrow::rules::Position::start(size));
    }
    let mut black = seat_black(&mut app, &server, &rt);
    // Both sides play their first listed turn until the game is over.
    let mut plies = 0;
    while app.world().resource::<Game>().outcome().is_none() {
        let white_to_move = app.world().resource::<Game>().position().turn == Side::White;
        if white_to_move {
            play_first_turn(&mut app);
        } else {
            let reply = black.some_turn();
            rt.block_on(black.play(&reply));
        }
        plies += 1;
        rt.block_on(black.follow_to(plies));
        pump(&mut app, "the turn on the board", |app| {
            app.world().resource::<Game>().played().len() == plies as usize
                && app.world().resource::<AnimationQueue>().is_idle()
        });
        settle(&mut app);
        assert!(plies < 40, "a 6x6 game ends within 35 turns");
    }
    let session = app.world().resource::<Game>();
    let outcome = session.outcome().expect("over");
    let stuck = session.position().turn;
    assert_eq!(
        outcome.winner, stuck,
        "the last capture loses: the side left without one wins"
    );
    pump(&mut app, "the server's result", |app| {
        result_text(app.world().resource::<Online>()).is_some()
    });
    let said = result_text(app.world().resource::<Online>()).unwrap();
    assert!(said.contains("the last capture loses"), "{said}");
    drop(server);
}
