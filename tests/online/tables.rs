//! Games at a table: whole games of each variant, private tables, the clock
//! running out, the server's computer and a rematch, `burrow bot`, and
//! designed games (the refusals at a table are in [`super::refusals`]; their
//! SQLite case runs here, with the connection limits and private tables).

use super::limits::connection_limits;
use super::refusals::refusals;
use super::*;

/// A table made for a friend is never listed, so nobody can read its code
/// and take the seat meant for the friend; the friend joins by the code.
/// A public table is listed.
pub(super) async fn private_tables_are_never_listed(server: &Server) {
    let url = server.ws();
    let private = create_table(&url, setup("box", "4x4", None), None, false).await;
    let public = create(&url, setup("box", "4x4", None), None).await;
    for status in ["running", "all"] {
        let codes = listed(&server.address, status).await;
        assert!(
            !codes.contains(&private.code),
            "a private table is listed: {codes:?}"
        );
        assert!(
            codes.contains(&public.code),
            "the public table is not listed: {codes:?}"
        );
    }
    let mut friend = join(&url, &private.code).await;
    assert_eq!(
        friend.side,
        Side::Black,
        "the friend takes the seat by its code"
    );
    friend
        .client
        .send(&ClientMessage::Resign {
            code: friend.code.clone(),
            token: friend.token.clone(),
        })
        .await
        .expect("sends");
    let view = next_view_with_result(&mut friend).await;
    assert!(view.result.is_some());
    for status in ["finished", "all"] {
        let codes = listed(&server.address, status).await;
        assert!(
            !codes.contains(&private.code),
            "a private game is listed: {codes:?}"
        );
    }
    for player in [private, public, friend] {
        player.client.close().await;
    }
}

/// Two scripted clients play a whole game of each variant; the record the
/// server keeps replays to the result the game ended with.
pub(super) async fn full_games(server: &Server) {
    let registry = VariantRegistry::builtin();
    for variant in registry.ids() {
        let mut white = create(&server.ws(), setup(variant, "5x5", None), None).await;
        let mut black = join(&server.ws(), &white.code).await;
        assert_eq!(black.side, Side::Black);
        play_out(&mut white, &mut black).await;
        let view = next_view_with_result(&mut white).await;
        let finish = view.result.expect("over");
        assert_eq!(finish.reason, EndReason::NoCapture);
        let record = record_of(&server.address, &white.code).await;
        let positions = record.replay(&registry).expect("replays");
        assert_eq!(positions.len(), white.mirror.history.positions().len());
        assert_eq!(record.result, GameResult::Win(finish.winner));
        assert_eq!(record.white, "Ada");
        assert_eq!(record.black, "Bo");
    }
    // The list shows them finished.
    assert!(listed(&server.address, "finished").await.len() >= registry.len());
}

/// A clock that runs out ends the game for the other side, at the server.
pub(super) async fn clock_runs_out(server: &Server) {
    let url = server.ws();
    let clock = ClockSetting {
        initial_ms: 400,
        increment_ms: 0,
        per_move: false,
    };
    let mut white = create(&url, setup("box", "5x5", Some(clock)), None).await;
    let _black = join(&url, &white.code).await;
    let started = Instant::now();
    let view = next_view_with_result(&mut white).await;
    let finish = view.result.expect("over");
    assert_eq!(
        (finish.winner, finish.reason),
        (Side::Black, EndReason::Time)
    );
    assert!(started.elapsed() >= Duration::from_millis(350));
    assert_eq!(view.clock.expect("a clock").white_ms, 0);
    // A turn after the flag is refused.
    let turn = white.some_turn();
    white.play(&turn).await;
    assert_eq!(white.refusal().await.0, ErrorKind::GameOver);
}

/// The server's own computer answers; a rematch swaps the colours.
pub(super) async fn computer_and_rematch(server: &Server) {
    let url = server.ws();
    let mut white = create(&url, setup("tumburrow", "5x5", None), Some("random")).await;
    assert_eq!(
        white.mirror.view.black.computer,
        Some(burrow::online::protocol::ComputerLevel::Random)
    );
    while !white.mirror.is_over() {
        if white.mirror.to_move() == Side::White {
            let turn = white.some_turn();
            let ply = white.mirror.ply();
            white.play(&turn).await;
            white.follow_to(ply + 1).await;
        } else {
            let ply = white.mirror.ply();
            white.follow_to(ply + 1).await;
        }
    }
    next_view_with_result(&mut white).await;
    let rematch = ClientMessage::Rematch {
        code: white.code.clone(),
        token: white.token.clone(),
    };
    white.send(rematch).await;
    let new_code = white
        .client
        .wait_for(WAIT, |m| match m {
            ServerMessage::Rematch { new_code, .. } => Some(new_code.clone()),
            _ => None,
        })
        .await
        .expect("a rematch");
    let mut client = Client::connect(&url).await.expect("connects");
    client
        .send(&ClientMessage::Resume {
            code: new_code.clone(),
            token: white.token.clone(),
        })
        .await
        .expect("sends");
    let (_, side, _, view) = seat_and_table(&mut client).await;
    assert_eq!(side, Side::Black, "the rematch swaps the colours");
    // The computer, White now, opens the new game by itself.
    let mut me = Player {
        client,
        code: new_code,
        side,
        token: white.token.clone(),
        mirror: Mirror::new(&VariantRegistry::builtin(), view).expect("reads"),
    };
    me.follow_to(1).await;
}

/// `burrow bot` takes the free seat and plays the game to its end.
pub(super) async fn bot_plays(server: &Server) {
    let white = create(&server.ws(), setup("path", "5x5", None), None).await;
    bot_plays_against(server, white, &[]).await;
}

/// `burrow bot` (with more of its options) takes the free seat of
/// `white`'s table and plays the game to its end.
/// White's player is handed back with the game's last view.
pub(super) async fn bot_plays_against(
    server: &Server,
    mut white: Player,
    options: &[&str],
) -> Player {
    let mut args = vec!["--join", &white.code, "--level", "easy"];
    args.extend(options);
    let bot = spawn_bot(server, &args);
    white.play_to_the_end().await;
    bot_finished(bot, &white.code).await;
    white
}

/// `burrow bot` at `server` with `args` (its think time short, a bot
/// account's password in its environment).
fn spawn_bot(server: &Server, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_burrow"))
        .args(["bot", "--server", &server.origin(), "--think-ms", "100"])
        .args(args)
        .env("BURROW_BOT_PASSWORD", BOT_PASSWORD)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("burrow bot starts")
}

/// Waits for the bot to end, and checks it played the games at `codes`
/// to their end.
async fn bot_finished(bot: Child, codes: &str) {
    let output = tokio::task::spawn_blocking(move || bot.wait_with_output())
        .await
        .expect("joins")
        .expect("the bot ends");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // One line a game: each of `codes` (separated by spaces) ended.
    for code in codes.split(' ') {
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with(&format!("{code}: ")) && l.contains(" won ")),
            "{code}: {stdout}"
        );
    }
}

impl Player {
    /// Waits for the other seat to be taken, then plays the first listed
    /// turn at each of this side's turns until the game ends.
    pub(super) async fn play_to_the_end(&mut self) {
        while !(seated(&self.mirror.view.white) && seated(&self.mirror.view.black)) {
            let view = next_view(&mut self.client).await;
            self.mirror = Mirror::new(&VariantRegistry::builtin(), view).expect("reads");
        }
        while !self.mirror.is_over() {
            let ply = self.mirror.ply();
            if self.mirror.to_move() == self.side {
                let turn = self.some_turn();
                self.play(&turn).await;
            }
            self.follow_to(ply + 1).await;
        }
    }
}

/// Whether a seat is taken.
fn seated(seat: &burrow::online::protocol::SeatView) -> bool {
    seat.name.is_some() || seat.computer.is_some()
}

/// `burrow bot` on a bot account in the lobby and in quick pairing: with
/// `--seek` it opens a rated table that the lobby shows as a bot's, which
/// a signed-in player takes and plays out; with `--pair` it takes the
/// rated table where a paired player waits.
#[test]
fn sqlite_a_bot_account_seeks_in_the_lobby_and_is_paired() {
    let server = Server::start(&sqlite("bot-lobby"));
    runtime().block_on(async {
        let url = server.ws();
        let board = ["--variant", "box", "--size", "5x5", "--level", "random"];
        let mut args = vec!["--seek", "--games", "2", "--account", "Seekbot"];
        args.extend(["--register", "--clock", "5+3"]);
        args.extend(board);
        let bot = spawn_bot(&server, &args);
        // Two games, one after the other, each at a table of its own.
        let mut codes = Vec::new();
        for _ in 0..2 {
            let mut lobby = signed_in_as_or_new(&url, "Lia_Lobby").await;
            lobby.send(&ClientMessage::Lobby {}).await.expect("sends");
            let seek = lobby
                .wait_for(WAIT, |m| match m {
                    ServerMessage::Lobby { seeks } => seeks
                        .iter()
                        .find(|s| s.name == "Seekbot" && !codes.contains(&s.code))
                        .cloned(),
                    _ => None,
                })
                .await
                .expect("the bot's table in the lobby");
            assert!(seek.bot && seek.account && seek.rated, "{seek:?}");
            // The clock written as the game's --clock writes it.
            let clock = seek.clock.map(|c| (c.initial_ms, c.increment_ms));
            assert_eq!(clock, Some((300_000, 3_000)), "{seek:?}");
            let join = ClientMessage::Join {
                code: seek.code.clone(),
                name: None,
            };
            let mut lia = take_seat_with(lobby, &join).await;
            lia.play_to_the_end().await;
            codes.push(seek.code);
        }
        bot_finished(bot, &codes.join(" ")).await;

        let pair = ClientMessage::Pair {
            variant: "box".into(),
            size: "5x5".parse().expect("a size"),
            clock: None,
            bot_after_s: None,
        };
        // Stopped with Ctrl-C while it waits in the lobby, the bot gives
        // its table up: the seek is gone.
        let mut args = vec!["--seek", "--account", "Seekbot"];
        args.extend(board);
        let bot = spawn_bot(&server, &args);
        let mut lobby = signed_in_as_or_new(&url, "Lia_Lobby").await;
        lobby.send(&ClientMessage::Lobby {}).await.expect("sends");
        let bot_seeks =
            |seeks: &[burrow::online::protocol::Seek]| seeks.iter().any(|s| s.name == "Seekbot");
        lobby
            .wait_for(WAIT, |m| match m {
                ServerMessage::Lobby { seeks } if bot_seeks(seeks) => Some(()),
                _ => None,
            })
            .await
            .expect("the bot's table in the lobby");
        let interrupted = Command::new("kill")
            .args(["-s", "INT", &bot.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(interrupted.success());
        lobby
            .wait_for(WAIT, |m| match m {
                ServerMessage::Lobby { seeks } if !bot_seeks(seeks) => Some(()),
                _ => None,
            })
            .await
            .expect("the bot's table leaves the lobby");
        let output = tokio::task::spawn_blocking(move || bot.wait_with_output())
            .await
            .expect("joins")
            .expect("the bot ends");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{stderr}");
        assert!(stderr.contains("was given up"), "{stderr}");

        let mut pam = take_seat_with(signed_in(&url, "Pam_Pairs").await, &pair).await;
        let mut args = vec!["--pair", "--account", "Seekbot"];
        args.extend(board);
        let bot = spawn_bot(&server, &args);
        pam.play_to_the_end().await;
        let bots_seat = match pam.side {
            Side::White => &pam.mirror.view.black,
            Side::Black => &pam.mirror.view.white,
        };
        assert_eq!(bots_seat.name.as_deref(), Some("Seekbot"));
        assert!(bots_seat.bot && pam.mirror.view.rated);
        bot_finished(bot, &pam.code).await;
    });
}

/// A connection signed in to `name`, registering it first if need be.
async fn signed_in_as_or_new(url: &str, name: &str) -> Client {
    let mut client = Client::connect(url).await.expect("connects");
    for message in [
        register(name, "a long enough password"),
        sign_in(name, "a long enough password"),
    ] {
        if account_answer(&mut client, message).await.is_ok() {
            return client;
        }
    }
    panic!("{name} neither registers nor signs in");
}

/// Ctrl-C while the bot's engine thinks (an engine that never answers,
/// at a table with no clock, so nothing else would end the game): the
/// engine and the helper it started are killed at once, the game is
/// resigned, and the bot ends.
#[test]
fn sqlite_an_interrupted_bot_kills_its_thinking_engine_and_resigns() {
    let dir = std::env::temp_dir().join(format!("burrow-stuck-engine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let script = dir.join("stuck.sh");
    std::fs::write(
        &script,
        "while read -r line; do\n  case \"$line\" in\n    ugi) echo ugiok ;;\n    isready) echo readyok ;;\n    go*) sh -c 'while :; do sleep 1; done' \"$0\" & while :; do sleep 1; done ;;\n  esac\ndone\n",
    )
    .expect("written");
    let server = Server::start(&sqlite("bot-interrupted"));
    runtime().block_on(async {
        let black = ClientMessage::Create {
            setup: setup("box", "6x6", None),
            side: SideChoice::Black,
            name: Some("Ann".into()),
            computer: None,
            public: false,
            rated: false,
        };
        let mut ann = take_seat(&server.ws(), &black).await;
        let engine = format!("sh {}", script.display());
        let bot = spawn_bot(&server, &["--join", &ann.code, "--engine", &engine]);
        // The bot sits as White and its engine is asked for a turn.
        while !seated(&ann.mirror.view.white) {
            let view = next_view(&mut ann.client).await;
            ann.mirror = Mirror::new(&VariantRegistry::builtin(), view).expect("reads");
        }
        let stuck = || {
            Command::new("pgrep")
                .args(["-f", &script.display().to_string()])
                .output()
                .map(|out| {
                    out.stdout
                        .split(|b| *b == b'\n')
                        .filter(|l| !l.is_empty())
                        .count()
                })
                .unwrap_or(0)
        };
        let deadline = Instant::now() + WAIT;
        while stuck() < 2 && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(stuck() >= 2, "the engine and its helper think");
        let asked = Instant::now();
        let interrupted = Command::new("kill")
            .args(["-s", "INT", &bot.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(interrupted.success());
        let view = next_view_with_result(&mut ann).await;
        let result = view.result.expect("over");
        assert_eq!(
            (result.winner, result.reason),
            (Side::Black, EndReason::Resigned)
        );
        let output = tokio::task::spawn_blocking(move || bot.wait_with_output())
            .await
            .expect("joins")
            .expect("the bot ends");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("was given up"), "{stderr}");
        // At once: not when the engine's own time (0.1 s, and 5 s of slack
        // without a clock) would have run out.
        let took = asked.elapsed();
        assert!(took < Duration::from_secs(3), "{took:?}");
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(stuck(), 0, "no process of the engine is left");
    });
}

/// The password of the bot accounts the tests make.
const BOT_PASSWORD: &str = "a bot's long password";

/// A table of a designed game the server does not have: the creator sends
/// its share code, the joining client and a watcher get the rules from the
/// table, the game is played out and kept, and after a restart the stored
/// game and its record (which carries the design) still read. A code that
/// names another game, a game the server has under that id, or damage is
/// refused with the reason.
pub(super) async fn designed_tables(database: &str) {
    let stride: Design =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/stride.toml"))
            .expect("the example design")
            .parse()
            .expect("reads");
    let code = stride.code();
    let designed = GameSetup {
        design: Some(code.clone()),
        ..setup("stride", "5x5", None)
    };
    let server = Server::start(database);
    let url = server.ws();
    let mut white = create(&url, designed.clone(), None).await;
    let mut black = join(&url, &white.code).await;
    assert_eq!(
        black.mirror.view.setup.design.as_deref(),
        Some(code.as_str())
    );
    assert_eq!(black.mirror.rules.id(), "stride");
    let turn = white.some_turn();
    white.play(&turn).await;
    white.follow_to(1).await;
    black.follow_to(1).await;
    let game = white.code.clone();
    a_bad_design_is_refused_with_its_reason(&url, &designed, &code).await;

    // The server goes; a new one on the same database has the game.
    server.kill();
    let server = Server::start(database);
    let view = watched(&server.ws(), &game).await;
    assert_eq!(view.setup.design.as_deref(), Some(code.as_str()));
    assert_eq!(view.turns, vec![turn.clone()]);
    let mut white = resume(&server.ws(), &game, &white.token).await;
    let mut black = resume(&server.ws(), &game, &black.token).await;
    assert_eq!((white.side, black.side), (Side::White, Side::Black));
    play_out(&mut white, &mut black).await;
    let record = record_of(&server.address, &game).await;
    assert_eq!(record.design.as_deref(), Some(&stride));
    let positions = record
        .replay(&VariantRegistry::builtin())
        .expect("the record replays where the game is not installed");
    assert_eq!(positions.len(), white.mirror.history.positions().len());
    assert_ne!(record.result, GameResult::Unfinished);
}

/// Refused: a table of the `designed` setup (the design's share `code`)
/// that names `box`, carries another game the server has, is damaged or
/// too long, each with BadSetup and a reason naming the problem.
async fn a_bad_design_is_refused_with_its_reason(url: &str, designed: &GameSetup, code: &str) {
    let mut client = Client::connect(url).await.expect("connects");
    let mut box_design: Design = burrow::rules::BUILTIN_FILES[0].1.parse().expect("reads");
    box_design.summary = "not the box the server has".into();
    let mut damaged = code.to_string();
    damaged.insert(5, '*');
    for (setup, reason) in [
        (
            GameSetup {
                variant: "box".into(),
                ..designed.clone()
            },
            "setup names `box`",
        ),
        (
            GameSetup {
                variant: "box".into(),
                design: Some(box_design.code()),
                ..designed.clone()
            },
            "another game here",
        ),
        (
            GameSetup {
                design: Some(damaged),
                ..designed.clone()
            },
            "damaged",
        ),
        (
            GameSetup {
                design: Some(format!("1.{}", "A".repeat(7000))),
                ..designed.clone()
            },
            "at most",
        ),
    ] {
        client
            .send(&ClientMessage::Create {
                setup,
                side: SideChoice::White,
                name: None,
                computer: None,
                public: false,
                rated: false,
            })
            .await
            .expect("sends");
        let (kind, message) = client
            .wait_for(WAIT, |m| match m {
                ServerMessage::Error { kind, message } => Some((*kind, message.clone())),
                ServerMessage::Seat { .. } => panic!("a bad design was seated"),
                _ => None,
            })
            .await
            .expect("a refusal");
        assert_eq!(kind, ErrorKind::BadSetup, "{message}");
        assert!(message.contains(reason), "`{reason}` not in: {message}");
    }
    client.close().await;
}

#[test]
fn sqlite_full_games_of_each_variant() {
    let server = Server::start(&sqlite("full"));
    runtime().block_on(full_games(&server));
}

#[test]
fn sqlite_refusals_leave_the_game_unchanged() {
    let server = Server::start(&sqlite("refusals"));
    runtime().block_on(async {
        refusals(&server).await;
        connection_limits(&server).await;
        private_tables_are_never_listed(&server).await;
    });
}

#[test]
fn sqlite_designed_tables() {
    runtime().block_on(designed_tables(&sqlite("designed")));
}

#[test]
fn sqlite_clock_computer_bot_rematch() {
    let server = Server::start(&sqlite("clock"));
    runtime().block_on(async {
        clock_runs_out(&server).await;
        computer_and_rematch(&server).await;
        bot_plays(&server).await;
    });
}

/// `burrow bot --engine`: an engine from outside (the Python example,
/// none of Burrow's own code) takes the free seat and plays the game to
/// its end through the bot.
#[test]
fn sqlite_an_engine_from_outside_plays_through_the_bot() {
    let Some(engine) = crate::support::python_example_engine() else {
        return;
    };
    let server = Server::start(&sqlite("outside-engine"));
    runtime().block_on(async {
        let white = create(&server.ws(), setup("box", "6x6", None), None).await;
        bot_plays_against(&server, white, &["--engine", &engine]).await;
    });
}

/// The Python example on a bot account (made by `bot --register`) plays a
/// rated game against a signed-in player: the table shows it as a bot,
/// both ratings change, and the leaderboard marks the bot. A program may
/// not play on a person's account, nor without the account's password.
#[test]
fn sqlite_an_engine_on_a_bot_account_plays_a_rated_game() {
    let Some(engine) = crate::support::python_example_engine() else {
        return;
    };
    let server = Server::start(&sqlite("bot-account"));
    runtime().block_on(async {
        let url = server.ws();
        let rated = ClientMessage::Create {
            setup: setup("box", "6x6", None),
            side: SideChoice::White,
            name: None,
            computer: None,
            public: true,
            rated: true,
        };
        let ada = take_seat_with(signed_in(&url, "Ada_Rates").await, &rated).await;
        let code = ada.code.clone();
        let options = ["--engine", &engine, "--account", "Pybot", "--register"];
        let ada = bot_plays_against(&server, ada, &options).await;
        let view = &ada.mirror.view;
        assert!(view.rated && ada.mirror.is_over(), "{view:?}");
        assert!(view.black.bot && view.black.account, "{view:?}");
        assert_eq!(view.black.name.as_deref(), Some("Pybot"));
        assert!(!view.white.bot);
        let board = get_json(&server.address, "/players?game=box").await;
        let players = board["players"].as_array().expect("a list");
        for (name, bot) in [("Pybot", true), ("Ada_Rates", false)] {
            let line = players
                .iter()
                .find(|p| p["name"] == name)
                .unwrap_or_else(|| panic!("{name} rated: {board}"));
            assert_eq!(line["games"], 1, "{line}");
            assert_eq!(line["bot"], bot, "{line}");
            assert_ne!(line["rating"], 1500.0, "{line}");
        }
        let page = get_json(&server.address, "/players/pybot").await;
        assert_eq!(page["bot"], true, "{page}");
        assert!(page["games"].to_string().contains(&code), "{page}");
        // Ada's page marks her opponent as a bot.
        let adas = get_json(&server.address, "/players/ada_rates").await;
        assert_eq!(adas["bot"], false, "{adas}");
        assert_eq!(adas["games"][0]["opponent"], "Pybot", "{adas}");
        assert_eq!(adas["games"][0]["opponent_bot"], true, "{adas}");

        // A person's account, or no password: the bot does not start.
        let other = take_seat_with(signed_in_as(&url, "Ada_Rates").await, &rated).await;
        for (account, password, why) in [
            (
                "Ada_Rates",
                Some("a long enough password"),
                "a person's account",
            ),
            ("Pybot", None, "BURROW_BOT_PASSWORD"),
        ] {
            let mut bot = Command::new(env!("CARGO_BIN_EXE_burrow"));
            bot.args(["bot", "--server", &server.origin(), "--join", &other.code])
                .args(["--account", account])
                .env_remove("BURROW_BOT_PASSWORD");
            if let Some(password) = password {
                bot.env("BURROW_BOT_PASSWORD", password);
            }
            let output = tokio::task::spawn_blocking(move || bot.output())
                .await
                .expect("joins")
                .expect("runs");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(!output.status.success(), "{stderr}");
            assert!(stderr.contains(why), "{why}: {stderr}");
        }
    });
}
