//! The computer opponent: games played out, searches cancelled or stopped
//! by a broken variant, and the hint and the computer on a position of
//! endless turns.

use super::*;

use burrow::game::platform::background::Background;
use burrow::game::play::HintRequest;

#[test]
fn a_computer_game_plays_to_the_end() {
    let mut app = app();
    let computer = Player::Computer(Level::Random);
    start(
        &mut app,
        NewGame {
            variant: "sweep".into(),
            white: computer,
            black: computer,
            ..Default::default()
        },
    );
    for _ in 0..200 {
        settle(&mut app);
        if app.world().resource::<Game>().outcome().is_some() {
            break;
        }
    }
    settle(&mut app);
    let session = app.world().resource::<Game>();
    assert!(session.outcome().is_some(), "the game should be over");
    let record = session.record();
    assert!(record.replay(&VariantRegistry::builtin()).is_ok());
    assert_entities_match_engine(&mut app);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::GameOver
    );
}

#[test]
fn a_new_game_cancels_a_running_search() {
    let mut app = app();
    app.world_mut()
        .resource_mut::<settings::Settings>()
        .think_seconds = 30.0;
    let computer = Player::Computer(Level::Strongest);
    start_no_settle(
        &mut app,
        NewGame {
            variant: "box".into(),
            white: computer,
            black: computer,
            ..Default::default()
        },
    );
    for _ in 0..5 {
        app.update();
    }
    assert!(
        app.world().resource::<ComputerPlayer>().is_thinking(),
        "the computer should be thinking"
    );
    assert_eq!(app.world().resource::<Background>().on_threads(), 1);
    start_no_settle(&mut app, humans("box", None));
    app.update();
    assert!(!app.world().resource::<ComputerPlayer>().is_thinking());
    // The cancelled search notices its flag and its thread returns.
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while app.world().resource::<Background>().on_threads() > 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the search kept running after the cancel"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_computer_whose_variant_breaks_stops_and_says_why() {
    let mut app = app_with(with_liar());
    let setup = NewGame {
        white: Player::Computer(Level::Medium),
        ..humans("liar", None)
    };
    app.world_mut().write_message(GameIntent::NewGame(setup));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    let mut stopped_messages = 0;
    for _ in 0..200 {
        app.update();
        stopped_messages += app
            .world()
            .resource::<Messages<Refused>>()
            .iter_current_update_messages()
            .filter(|r| matches!(r.0, Refusal::ComputerStopped(_)))
            .count();
    }
    let computer = app.world().resource::<ComputerPlayer>();
    let stopped = computer.stopped.as_ref().expect("the computer gave up");
    assert_eq!(stopped.variant, "liar");
    // One message, one search: not a new search every frame.
    assert_eq!(stopped_messages, 1);
    assert!(!computer.is_thinking());
    assert_eq!(app.world().resource::<Background>().on_threads(), 0);
    assert!(
        Refusal::ComputerStopped(stopped.clone())
            .to_string()
            .contains("variant `liar`")
    );
}

/// One black piece among 63 white ones in Tumburrow: astronomically many
/// distinct turns, yet the game plays on.
const LONE_PIECE: &str =
    "WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWB B";

#[test]
fn the_game_the_hint_and_the_computer_stay_responsive_on_a_position_of_endless_turns() {
    let mut game = app_with(VariantRegistry::builtin());
    start(&mut game, humans("tumburrow", Some(LONE_PIECE)));
    // A person selects the piece and captures; the fitting captures follow.
    click(&mut game, "h1");
    click(&mut game, "g1");
    settle(&mut game);
    let session = game.world().resource::<Game>();
    assert!(session.turn().is_some() || session.played().len() == 1);
    // The hint comes back with a legal turn.
    let mut app = app_with(VariantRegistry::builtin());
    start(&mut app, humans("tumburrow", Some(LONE_PIECE)));
    app.world_mut().write_message(HintRequest);
    for _ in 0..400 {
        app.update();
        if app.world().resource::<ComputerPlayer>().hint.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let hint = app
        .world()
        .resource::<ComputerPlayer>()
        .hint
        .clone()
        .expect("the hint arrived");
    let session = app.world().resource::<Game>();
    assert!(session.rules().play(session.position(), &hint).is_ok());
    // And the computer, playing Black, makes its turn.
    let mut app = app_with(VariantRegistry::builtin());
    let setup = NewGame {
        black: Player::Computer(Level::Strongest),
        ..humans("tumburrow", Some(LONE_PIECE))
    };
    app.world_mut().write_message(GameIntent::NewGame(setup));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    for _ in 0..3000 {
        app.update();
        if !app.world().resource::<Game>().played().is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(app.world().resource::<Game>().played().len(), 1);
}
