//! The game's ECS without a window: intents go in as clicks would send them,
//! the schedule runs until animations end, and the entities must match the
//! engine.
//!
//! This module holds what the cases share (the app without a window, its
//! clicks, waiting for animations, the turns played as a player would); the
//! cases are by behaviour: [`turns`] (clicks, captures, refusals, undo, the
//! phase), [`computer`] (the computer opponent and the hint), [`review`]
//! (the analysis and the review of a game), [`puzzles`], [`lessons`] (the
//! guided first games), [`records`] (records and the file dialogs),
//! [`saved_games`] (a game kept, offered back and continued), [`online`]
//! (tables, the community, reconnection) and [`designer`].

use std::time::Duration;

use bevy::asset::AssetPlugin;
use bevy::image::Image;
use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use burrow::game::play::AnimationQueue;
use burrow::game::play::ComputerPlayer;
use burrow::game::play::PlannedTurn;
use burrow::game::play::SquareClicked;
use burrow::game::play::{Animating, OnSquare, Piece};
use burrow::game::puzzles::Puzzles;
use burrow::game::*;
use std::sync::Arc;

use burrow::rules::{Side, VariantRegistry};

use crate::support::{Liar, pos, sq};

mod computer;
mod designer;
mod lessons;
mod online;
mod puzzles;
mod reader;
mod records;
mod review;
mod saved_games;
mod turns;

fn app() -> App {
    app_with(VariantRegistry::builtin())
}

fn app_with(variants: VariantRegistry) -> App {
    app_built(variants, None)
}

/// [`app`] keeping its saved game in `dir` (a player's game does; a
/// test's does only where it asks).
fn app_saving(dir: &std::path::Path) -> App {
    app_built(
        VariantRegistry::builtin(),
        Some(saved::SavePlace::Folder(dir.to_path_buf())),
    )
}

fn app_built(variants: VariantRegistry, place: Option<saved::SavePlace>) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        InputPlugin,
        AssetPlugin::default(),
    ));
    app.init_asset::<Image>();
    if let Some(place) = place {
        app.insert_resource(place);
    }
    app.add_plugins(GameCorePlugin { variants });
    // The tests read the game's words in English, whatever the machine's
    // language (the catalogue's own tests cover the others).
    app.world_mut()
        .resource_mut::<settings::Settings>()
        .language = Some(burrow::lang::Language::English);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        40,
    )));
    app.update();
    app
}

fn start(app: &mut App, setup: NewGame) {
    app.world_mut().write_message(GameIntent::NewGame(setup));
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
        ..NewGame::default()
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
            && app.world().resource::<PlannedTurn>().is_idle()
            && !app.world().resource::<Puzzles>().is_busy()
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
    let shown = app.world().resource::<Game>().shown();
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
            shown.board.side_at(square),
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

fn start_no_settle(app: &mut App, setup: NewGame) {
    app.world_mut().write_message(GameIntent::NewGame(setup));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
}

fn last_refusal(app: &App) -> Option<Refusal> {
    app.world()
        .resource::<Messages<Refused>>()
        .iter_current_update_messages()
        .last()
        .map(|r| r.0.clone())
}

fn with_liar() -> VariantRegistry {
    let mut registry = VariantRegistry::builtin();
    registry.register(Arc::new(Liar)).unwrap();
    registry
}

/// Plays `turn` as a player would: the origin, then each capture the game
/// has not already played by itself.
fn play_turn(app: &mut App, turn: &burrow::rules::PlayedTurn) {
    let before = app.world().resource::<Game>().played().len();
    click(app, &turn.origin.to_string());
    for capture in &turn.captures {
        settle(app);
        let session = app.world().resource::<Game>();
        if session.played().len() > before {
            return;
        }
        if session
            .turn()
            .as_ref()
            .is_some_and(|t| t.current() == *capture)
        {
            continue;
        }
        click(app, &capture.to_string());
    }
    settle(app);
}

/// Runs frames (with a little real time for the network between them)
/// until `done` says so.
fn pump(app: &mut App, what: &str, mut done: impl FnMut(&mut App) -> bool) {
    for _ in 0..3000 {
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("never happened: {what}");
}

/// The side to move plays its first listed turn through the capture
/// intents, as the window's clicks would.
fn play_first_turn(app: &mut App) -> burrow::rules::PlayedTurn {
    let turn = {
        let session = app.world().resource::<Game>();
        session.rules().turns(session.position()).expect("lists")[0].played()
    };
    for step in turn.steps() {
        app.world_mut().write_message(CaptureIntent(step));
        settle(app);
    }
    turn
}
