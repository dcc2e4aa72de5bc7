//! The game's ECS without a window: intents go in as clicks would send them,
//! the schedule runs until animations end, and the entities must match the
//! engine.

use std::time::Duration;

use bevy::asset::AssetPlugin;
use bevy::image::Image;
use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use burrow::game::animation::{Animating, AnimationQueue};
use burrow::game::board::{OnSquare, Piece};
use burrow::game::computer::ComputerPlayer;
use burrow::game::input::SquareClicked;
use burrow::game::*;
use burrow::rules::{Color as Side, VariantRegistry};

use crate::support::{pos, sq};

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        InputPlugin,
        AssetPlugin::default(),
    ));
    app.init_asset::<Image>();
    app.add_plugins(GameCorePlugin {
        variants: VariantRegistry::builtin(),
    });
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        40,
    )));
    app.update();
    app
}

fn start(app: &mut App, setup: NewGame) {
    app.world_mut().write_message(SessionIntent::NewGame(setup));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    settle(app);
}

fn humans(variant: &str, start: Option<&str>) -> NewGame {
    let start = start.map(pos);
    NewGame {
        variant: variant.into(),
        size: start.map_or(Default::default(), |s| s.size()),
        white: Player::Human,
        black: Player::Human,
        start,
    }
}

fn click(app: &mut App, square: &str) {
    app.world_mut().write_message(SquareClicked(sq(square)));
    app.update();
}

/// Runs frames until no animation is pending or running.
fn settle(app: &mut App) {
    for _ in 0..2000 {
        app.update();
        if app.world().resource::<AnimationQueue>().is_idle()
            && !app.world().resource::<ComputerPlayer>().is_thinking()
        {
            app.update();
            if app.world().resource::<AnimationQueue>().is_idle() {
                return;
            }
        }
    }
    panic!("animations never ended");
}

/// Every piece entity stands where the engine says, and there are no others.
fn assert_entities_match_engine(app: &mut App) {
    let shown = app.world().resource::<GameSession>().shown();
    let mut query = app
        .world_mut()
        .query::<(&Piece, &OnSquare, Option<&Animating>)>();
    let pieces: Vec<(Side, _, bool)> = query
        .iter(app.world())
        .map(|(p, on, anim)| (p.0, on.0, anim.is_some()))
        .collect();
    assert_eq!(
        pieces.len() as u32,
        shown.board.occupied().count(),
        "piece entity count"
    );
    for (side, square, animating) in pieces {
        assert!(!animating, "{square} still animating");
        assert_eq!(
            shown.board.color_at(square),
            Some(side),
            "entity on {square}"
        );
    }
}

fn refusals(app: &App) -> usize {
    app.world()
        .resource::<Messages<Refused>>()
        .iter_current_update_messages()
        .count()
}

#[test]
fn clicks_make_a_capture_and_entities_follow() {
    let mut app = app();
    start(&mut app, humans("box", None));
    assert_entities_match_engine(&mut app);
    click(&mut app, "b1");
    click(&mut app, "a1");
    // Mid-animation the walker is marked and the board not yet final.
    let mut animating = app.world_mut().query::<&Animating>();
    assert!(
        animating.iter(app.world()).count() > 0,
        "the capture should be animating"
    );
    settle(&mut app);
    let session = app.world().resource::<GameSession>();
    assert_eq!(session.played.len(), 1);
    assert_eq!(session.played[0].to_string(), "b1xa1");
    assert_entities_match_engine(&mut app);
}

#[test]
fn a_multi_capture_turn_plays_capture_after_capture() {
    let mut app = app();
    start(&mut app, humans("box", Some("8/8/5B2/4B3/3W1B2/8/8/8 W")));
    click(&mut app, "d4");
    click(&mut app, "e5");
    settle(&mut app);
    {
        let session = app.world().resource::<GameSession>();
        let turn = session
            .turn
            .as_ref()
            .expect("the turn goes on: f4 and f6 fit");
        assert_eq!(turn.current(), sq("e5"));
    }
    assert_entities_match_engine(&mut app);
    click(&mut app, "f6");
    settle(&mut app);
    let session = app.world().resource::<GameSession>();
    assert!(session.turn.is_none());
    assert_eq!(session.played[0].to_string(), "d4xe5xf6");
    assert_entities_match_engine(&mut app);
}

#[test]
fn a_single_fitting_capture_plays_by_itself() {
    // Sweep: a1xb1 fixes {E}; c1 is the only fitting capture, then d1 after a gap.
    let mut app = app();
    start(&mut app, humans("sweep", Some("8/8/8/8/8/8/8/WBB1B3 W")));
    click(&mut app, "a1");
    click(&mut app, "b1");
    settle(&mut app);
    let session = app.world().resource::<GameSession>();
    assert_eq!(
        session.played.len(),
        1,
        "the turn should have finished on its own"
    );
    assert_eq!(session.played[0].to_string(), "a1xb1xc1xe1");
    assert_entities_match_engine(&mut app);
}

#[test]
fn an_illegal_click_is_refused_and_changes_nothing() {
    let mut app = app();
    start(&mut app, humans("path", None));
    let before = app.world().resource::<GameSession>().shown();
    click(&mut app, "a1"); // a Black piece, and White is to move
    assert_eq!(refusals(&app), 1);
    click(&mut app, "b1");
    click(&mut app, "h8"); // not a target of b1
    assert_eq!(refusals(&app), 1);
    settle(&mut app);
    let session = app.world().resource::<GameSession>();
    assert_eq!(session.shown(), before);
    assert!(session.played.is_empty());
    assert_entities_match_engine(&mut app);
}

#[test]
fn undo_and_redo_rebuild_the_board() {
    let mut app = app();
    start(&mut app, humans("box", None));
    for square in ["b1", "a1", "c1", "d1"] {
        click(&mut app, square);
        settle(&mut app);
    }
    assert_eq!(app.world().resource::<GameSession>().played.len(), 2);
    let after_two = app.world().resource::<GameSession>().shown();
    app.world_mut().write_message(SessionIntent::Undo);
    settle(&mut app);
    assert_eq!(app.world().resource::<GameSession>().played.len(), 1);
    assert_entities_match_engine(&mut app);
    app.world_mut().write_message(SessionIntent::Redo);
    settle(&mut app);
    assert_eq!(app.world().resource::<GameSession>().shown(), after_two);
    assert_entities_match_engine(&mut app);
}

#[test]
fn a_bad_record_leaves_the_game_untouched() {
    let mut app = app();
    start(&mut app, humans("box", None));
    click(&mut app, "b1");
    click(&mut app, "a1");
    settle(&mut app);
    app.world_mut().write_message(SessionIntent::LoadRecord(
        "[Variant \"box\"]\n\n1. b1xh8 *".into(),
    ));
    app.update();
    assert_eq!(refusals(&app), 1);
    assert_eq!(app.world().resource::<GameSession>().played.len(), 1);
    assert_entities_match_engine(&mut app);
}

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
        if app.world().resource::<GameSession>().outcome.is_some() {
            break;
        }
    }
    settle(&mut app);
    let session = app.world().resource::<GameSession>();
    assert!(session.outcome.is_some(), "the game should be over");
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
        .resource_mut::<burrow::game::settings::Settings>()
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
    assert_eq!(
        app.world().resource::<ComputerPlayer>().searches_running(),
        1
    );
    start_no_settle(&mut app, humans("box", None));
    app.update();
    assert!(!app.world().resource::<ComputerPlayer>().is_thinking());
    // The cancelled search notices its flag and its thread returns.
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while app.world().resource::<ComputerPlayer>().searches_running() > 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the search kept running after the cancel"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn start_no_settle(app: &mut App, setup: NewGame) {
    app.world_mut().write_message(SessionIntent::NewGame(setup));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
}
