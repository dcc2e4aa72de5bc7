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
use burrow::game::platform::background::Background;
use burrow::game::play::AnimationQueue;
use burrow::game::play::ComputerPlayer;
use burrow::game::play::PlannedTurn;
use burrow::game::play::SquareClicked;
use burrow::game::play::{Animating, OnSquare, Piece};
use burrow::game::puzzles::Puzzles;
use burrow::game::*;
use std::sync::Arc;

use burrow::rules::{MoveError, Side, VariantRegistry};

use crate::support::{Liar, pos, sq};

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
    let session = app.world().resource::<Game>();
    assert_eq!(session.played().len(), 1);
    assert_eq!(session.played()[0].to_string(), "b1xa1");
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
        let session = app.world().resource::<Game>();
        let turn = session
            .turn()
            .as_ref()
            .expect("the turn goes on: f4 and f6 fit");
        assert_eq!(turn.current(), sq("e5"));
    }
    assert_entities_match_engine(&mut app);
    click(&mut app, "f6");
    settle(&mut app);
    let session = app.world().resource::<Game>();
    assert!(session.turn().is_none());
    assert_eq!(session.played()[0].to_string(), "d4xe5xf6");
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
    let session = app.world().resource::<Game>();
    assert_eq!(
        session.played().len(),
        1,
        "the turn should have finished on its own"
    );
    assert_eq!(session.played()[0].to_string(), "a1xb1xc1xe1");
    assert_entities_match_engine(&mut app);
}

#[test]
fn an_illegal_click_is_refused_and_changes_nothing() {
    let mut app = app();
    start(&mut app, humans("path", None));
    let before = app.world().resource::<Game>().shown();
    click(&mut app, "a1"); // a Black piece, and White is to move
    assert_eq!(refusals(&app), 1);
    click(&mut app, "b1");
    click(&mut app, "h8"); // not a target of b1
    assert_eq!(refusals(&app), 1);
    settle(&mut app);
    let session = app.world().resource::<Game>();
    assert_eq!(session.shown(), before);
    assert!(session.played().is_empty());
    assert_entities_match_engine(&mut app);
}

/// Each refused click says why in the game's terms, and the reason is the
/// engine's own for that capture.
#[test]
fn refused_clicks_explain_themselves() {
    let mut app = app();
    // d4xe5 fixes a 1 by 1 box; g5 is an enemy two squares away.
    start(
        &mut app,
        humans("box", Some("8/8/5B2/4B1B1/3W1B2/8/8/W7 W")),
    );
    click(&mut app, "h8");
    assert_eq!(
        last_refusal(&app).unwrap().to_string(),
        "choose one of your own pieces (White)"
    );
    click(&mut app, "d4");
    click(&mut app, "d6");
    assert_eq!(
        last_refusal(&app).unwrap().to_string(),
        "d6 is empty: a capture lands on an enemy piece"
    );
    click(&mut app, "e5");
    settle(&mut app);
    click(&mut app, "g5");
    let refusal = last_refusal(&app).expect("g5 does not fit");
    assert_eq!(
        refusal.to_string(),
        "does not fit: the box is 1 wide and 1 high, this capture spans 2 by 0"
    );
    assert!(matches!(refusal, Refusal::DoesNotFit { .. }));
    click(&mut app, "a1");
    assert_eq!(
        last_refusal(&app).unwrap().to_string(),
        "e5 must keep capturing"
    );
    // Nothing changed: the turn waits at e5 for f4 or f6.
    let session = app.world().resource::<Game>();
    assert_eq!(session.turn().as_ref().unwrap().current(), sq("e5"));
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
    assert_eq!(app.world().resource::<Game>().played().len(), 2);
    let after_two = app.world().resource::<Game>().shown();
    app.world_mut().write_message(GameIntent::Undo);
    settle(&mut app);
    assert_eq!(app.world().resource::<Game>().played().len(), 1);
    assert_entities_match_engine(&mut app);
    app.world_mut().write_message(GameIntent::Redo);
    settle(&mut app);
    assert_eq!(app.world().resource::<Game>().shown(), after_two);
    assert_entities_match_engine(&mut app);
}

#[test]
fn a_bad_record_leaves_the_game_untouched() {
    let mut app = app();
    start(&mut app, humans("box", None));
    click(&mut app, "b1");
    click(&mut app, "a1");
    settle(&mut app);
    app.world_mut().write_message(GameIntent::LoadRecord(
        "[Variant \"box\"]\n\n1. b1xh8 *".into(),
    ));
    app.update();
    assert_eq!(refusals(&app), 1);
    assert_eq!(app.world().resource::<Game>().played().len(), 1);
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

#[test]
fn a_variant_error_mid_turn_leaves_the_session_exactly_as_it_was() {
    let mut app = app_with(with_liar());
    start(&mut app, humans("liar", None));
    let before = app.world().resource::<Game>().clone();
    let capture = before.rules().initial_captures(before.position())[0];
    let mut session = before.clone();
    let refusal = session.apply_capture(&capture).unwrap_err();
    assert!(
        matches!(&refusal, Refusal::Move(MoveError::Variant(e)) if e.variant == "liar"),
        "{refusal:?}"
    );
    assert_eq!(session.trail(), before.trail(), "no capture recorded");
    assert_eq!(session.turn(), before.turn());
    assert_eq!(session.positions(), before.positions());
    assert_eq!(session.played(), before.played());
    // Through the intent, the same: refused, the board unchanged.
    app.world_mut().write_message(CaptureIntent(capture));
    app.update();
    assert!(matches!(last_refusal(&app), Some(Refusal::Move(_))));
    assert!(app.world().resource::<Game>().turn().is_none());
    settle(&mut app);
    assert_entities_match_engine(&mut app);
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

#[test]
fn clicks_on_a_panel_or_behind_the_menu_never_reach_the_board() {
    use bevy::input::ButtonState;
    use bevy::input::mouse::MouseButtonInput;
    use bevy::window::{PrimaryWindow, WindowResolution};
    use burrow::game::play::BoardLayout;
    use burrow::game::play::{Selection, UiRegions};

    let mut app = app();
    let window = app
        .world_mut()
        .spawn((
            Window {
                resolution: WindowResolution::new(1000, 800),
                ..default()
            },
            PrimaryWindow,
        ))
        .id();
    let press = |app: &mut App, at: Vec2| {
        let mut windows = app.world_mut().query::<&mut Window>();
        windows
            .single_mut(app.world_mut())
            .unwrap()
            .set_physical_cursor_position(Some(at.as_dvec2()));
        app.world_mut().write_message(MouseButtonInput {
            button: MouseButton::Left,
            state: ButtonState::Pressed,
            window,
        });
        app.update();
        app.world_mut().write_message(MouseButtonInput {
            button: MouseButton::Left,
            state: ButtonState::Released,
            window,
        });
        app.update();
    };
    // b1 holds a White piece with a capture, in window pixels.
    let b1 = |app: &App| {
        let world = app
            .world()
            .resource::<BoardLayout>()
            .square_center(sq("b1"));
        Vec2::new(world.x + 500.0, 400.0 - world.y)
    };
    // On the menu screen the board takes no clicks at all.
    let at = b1(&app);
    press(&mut app, at);
    assert_eq!(app.world().resource::<Selection>().piece, None);
    start(&mut app, humans("box", None));
    // A window drawn over b1 (the rules help, say) takes the click.
    let at = b1(&app);
    app.world_mut().resource_mut::<UiRegions>().rects =
        vec![Rect::from_center_size(at, Vec2::splat(60.0))];
    press(&mut app, at);
    assert_eq!(app.world().resource::<Selection>().piece, None);
    // With the window gone, the same click selects the piece.
    app.world_mut().resource_mut::<UiRegions>().rects.clear();
    press(&mut app, at);
    assert_eq!(app.world().resource::<Selection>().piece, Some(sq("b1")));
}

#[test]
fn the_phase_follows_who_the_game_waits_for() {
    let mut app = app();
    start(&mut app, humans("box", None));
    let phase = |app: &App| *app.world().resource::<State<Phase>>().get();
    assert_eq!(phase(&app), Phase::PersonToMove);
    click(&mut app, "b1");
    click(&mut app, "a1");
    app.update();
    assert_eq!(phase(&app), Phase::Animating);
    settle(&mut app);
    app.update();
    assert_eq!(phase(&app), Phase::PersonToMove);
    app.world_mut()
        .write_message(GameIntent::Review(Some(0)));
    app.update();
    app.update();
    assert_eq!(phase(&app), Phase::Reviewing);
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
    app.world_mut().write_message(burrow::game::play::HintRequest);
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

/// Runs frames until the analysis has finished (its solver works on the
/// async compute pool).
fn finish_analysis(app: &mut App) {
    for _ in 0..2000 {
        app.update();
        if !app
            .world()
            .resource::<burrow::game::play::BoardAnalysis>()
            .is_running()
        {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the analysis did not finish");
}

#[test]
fn the_analysis_marks_every_turn_with_its_proven_value_and_follows_the_game() {
    use burrow::ai::{Distances, SolveLimits, Solver, SolverConfig};
    use burrow::game::play::{AnalysisIntent, BoardAnalysis};

    let mut app = app();
    let start_text = "W1B1/1BW1/B1WB/WB1W W";
    start(&mut app, humans("box", Some(start_text)));
    app.world_mut().write_message(AnalysisIntent(true));
    finish_analysis(&mut app);
    let rules = burrow::rules::builtin_rules("box").unwrap();
    let truth = Solver::new(&rules, SolverConfig::default())
        .analyse(&pos(start_text), &SolveLimits::none(), Distances::All, None)
        .unwrap();
    {
        let analysis = app.world().resource::<BoardAnalysis>();
        let report = analysis.report_for(&pos(start_text)).expect("a report");
        assert!(report.finished);
        assert_eq!(report.knowledge, truth.knowledge);
        assert_eq!(report.turns.len(), truth.turns.len());
        for (turn, knowledge) in &truth.turns {
            let mark = report.turns.iter().find(|m| m.key == turn.key()).unwrap();
            assert_eq!(mark.knowledge, *knowledge, "{}", mark.turn);
        }
        // Best first: the first turn is a fastest win.
        assert_eq!(report.turns[0].label(), "W3");
        // Each piece of the side to move has one mark.
        assert_eq!(report.best_by_origin().len(), 5);
    }
    // A capture moves the analysis on to the new position.
    click(&mut app, "c2");
    click(&mut app, "d2");
    settle(&mut app);
    finish_analysis(&mut app);
    let now = *app.world().resource::<Game>().position();
    assert_ne!(now, pos(start_text));
    let analysis = app.world().resource::<BoardAnalysis>();
    assert!(analysis.report_for(&now).is_some());
    // Off again: nothing is shown or running.
    app.world_mut().write_message(AnalysisIntent(false));
    app.update();
    let analysis = app.world().resource::<BoardAnalysis>();
    assert!(analysis.report.is_none() && !analysis.is_running());
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

fn puzzle_app(band: burrow::ai::Band) -> (App, usize, burrow::ai::Puzzle) {
    use burrow::game::puzzles::PuzzleIntent;
    let mut app = app();
    let (index, puzzle) = {
        let puzzles = app.world().resource::<Puzzles>();
        let (index, puzzle) = puzzles
            .of("box")
            .into_iter()
            .find(|(_, p)| p.band == band)
            .expect("the shipped puzzles have one");
        (index, puzzle.clone())
    };
    app.world_mut().write_message(PuzzleIntent::Start(index));
    settle(&mut app);
    (app, index, puzzle)
}

#[test]
fn a_puzzle_played_to_its_win_against_the_best_defence_is_kept_as_solved() {
    use burrow::ai::{Band, Distances, SolveLimits, Solver, SolverConfig};
    use burrow::game::puzzles::PuzzleStatus;
    use burrow::game::settings::Settings;

    let (mut app, _, puzzle) = puzzle_app(Band::Easy);
    assert_eq!(
        *app.world().resource::<Game>().position(),
        puzzle.position
    );
    let rules = burrow::rules::builtin_rules("box").unwrap();
    let solver = Solver::new(&rules, SolverConfig::default());
    // The first turn is the puzzle's answer; the solver defends; then the
    // player finishes with a winning turn the solver names.
    play_turn(&mut app, &puzzle.solution);
    for _ in 0..2 {
        settle(&mut app);
    }
    let session = app.world().resource::<Game>();
    assert_eq!(session.played().len(), 2, "the defender replied");
    let now = *session.position();
    let finish = solver
        .analyse(&now, &SolveLimits::none(), Distances::Winning, None)
        .unwrap();
    let (turn, _) = finish.best_win().expect("the player still wins");
    let turn = turn.played();
    play_turn(&mut app, &turn);
    let puzzles = app.world().resource::<Puzzles>();
    let active = puzzles.active.as_ref().unwrap();
    assert_eq!(active.status, PuzzleStatus::Solved);
    let session = app.world().resource::<Game>();
    assert_eq!(
        session.outcome().map(|o| o.winner),
        Some(puzzle.position.turn)
    );
    let settings = app.world().resource::<Settings>();
    assert!(settings.solved_puzzles.contains(&puzzle.id()));
}

/// The solver judges a puzzle turn in the background: the frames go on
/// while it works (none waits for it) and its verdict arrives. The puzzle
/// is the hard one whose judgement takes longest when done in one go, so a
/// frame that waited for the solver would be as long.
#[test]
fn the_window_keeps_drawing_while_a_puzzle_turn_is_judged() {
    use burrow::ai::{Band, SolveLimits, Solver, SolverConfig, judge};
    use burrow::game::puzzles::{PuzzleIntent, PuzzleStatus};

    let mut app = app();
    let hard: Vec<(usize, burrow::ai::Puzzle)> = app
        .world()
        .resource::<Puzzles>()
        .all
        .iter()
        .cloned()
        .enumerate()
        .filter(|(_, p)| p.band == Band::Hard)
        .collect();
    // How long each judgement takes in one go, as the game judged before.
    let in_one_go = |puzzle: &burrow::ai::Puzzle| {
        let rules = burrow::rules::builtin_rules(&puzzle.variant).unwrap();
        let solver = Solver::new(
            &rules,
            SolverConfig {
                table_bytes: 16 << 20,
                threads: 1,
                ..SolverConfig::default()
            },
        );
        let began = std::time::Instant::now();
        let after = rules
            .play(&puzzle.position, &puzzle.solution)
            .unwrap()
            .result();
        let limits = SolveLimits::time(Duration::from_secs(2));
        let _ = solver.solve(&puzzle.position, &limits);
        let _ = judge(&solver, &after, puzzle.turns, &limits);
        began.elapsed()
    };
    let (index, puzzle, slowest) = hard
        .into_iter()
        .map(|(i, p)| {
            let took = in_one_go(&p);
            (i, p, took)
        })
        .max_by_key(|(_, _, took)| *took)
        .expect("hard puzzles ship");
    eprintln!(
        "slowest judgement in one go: {slowest:?} ({})",
        puzzle.task()
    );
    app.world_mut().write_message(PuzzleIntent::Start(index));
    settle(&mut app);
    // The whole turn arrives in one frame, so its judgement starts there.
    for capture in puzzle.solution.steps() {
        app.world_mut().write_message(CaptureIntent(capture));
    }
    // Frames until the verdict, each timed.
    let mut frames = Vec::new();
    let begin = std::time::Instant::now();
    loop {
        assert!(
            begin.elapsed() < Duration::from_secs(30),
            "no verdict in 30 s"
        );
        let frame = std::time::Instant::now();
        app.update();
        frames.push(frame.elapsed());
        let turn_over = app.world().resource::<Game>().played().len() == 1;
        if turn_over && !app.world().resource::<Puzzles>().is_judging() {
            break;
        }
    }
    let status = app
        .world()
        .resource::<Puzzles>()
        .active
        .as_ref()
        .unwrap()
        .status
        .clone();
    assert_eq!(
        status,
        PuzzleStatus::Playing,
        "the puzzle's own answer is on track"
    );
    let longest = *frames.iter().max().expect("frames ran");
    eprintln!(
        "{} frames while judging, the longest {longest:?}",
        frames.len()
    );
    // A frame that waited for the solver would take the whole judgement.
    assert!(
        slowest >= Duration::from_millis(50),
        "the slowest judgement takes only {slowest:?}: too quick to tell a waiting frame"
    );
    assert!(
        longest < slowest / 2,
        "a frame took {longest:?} while the solver judged (in one go it takes {slowest:?})"
    );
}

#[test]
fn a_puzzle_turn_that_lets_the_opponent_escape_shows_their_winning_reply() {
    use burrow::ai::{Band, Distances, SolveLimits, Solver, SolverConfig, Value};
    use burrow::game::puzzles::{PuzzleIntent, PuzzleStatus};

    let (mut app, _, puzzle) = puzzle_app(Band::Medium);
    let rules = burrow::rules::builtin_rules("box").unwrap();
    let solver = Solver::new(&rules, SolverConfig::default());
    let analysis = solver
        .analyse(
            &puzzle.position,
            &SolveLimits::none(),
            Distances::None,
            None,
        )
        .unwrap();
    let (losing, _) = analysis
        .turns
        .iter()
        .find(|(_, k)| k.wins() == Some(false))
        .expect("a puzzle has a losing turn");
    play_turn(&mut app, &losing.played());
    settle(&mut app);
    let puzzles = app.world().resource::<Puzzles>();
    let PuzzleStatus::Refuted { why, reply } = &puzzles.active.as_ref().unwrap().status else {
        panic!(
            "the turn should be refuted, not {:?}",
            puzzles.active.as_ref().unwrap().status
        );
    };
    assert!(why.contains("lets the opponent win"), "{why}");
    assert!(why.contains(&reply.to_string()), "{why} names the reply");
    // The reply stays on the board with the turn, and it wins for them.
    let session = app.world().resource::<Game>();
    assert_eq!(
        session.position(),
        &losing.result,
        "the turn stays to be seen"
    );
    let after = rules
        .play(&losing.result, reply)
        .expect("the reply is legal after the turn")
        .result();
    let value = solver
        .solve(&after, &SolveLimits::none())
        .unwrap()
        .knowledge
        .value();
    assert!(
        matches!(value, Some(Value::Loss(_))),
        "after the reply the puzzle's side loses ({value:?})"
    );
    // Taking it back brings the puzzle's position back.
    app.world_mut().write_message(PuzzleIntent::TakeBack);
    settle(&mut app);
    let session = app.world().resource::<Game>();
    assert_eq!(*session.position(), puzzle.position, "taken back");
    assert!(session.played().is_empty());
    let active = app.world().resource::<Puzzles>().active.clone().unwrap();
    assert_eq!(active.status, PuzzleStatus::Playing);
    assert!(active.refutation().is_none(), "nothing left to draw");
}

/// Plays the guided first game of `id` as a player following it would,
/// step by step, and checks that each action moves the lesson on, that the
/// capture it asks to try is refused with the engine's own reason, and
/// that the lesson ends in a White win.
fn walk_lesson(id: &str) {
    use burrow::game::lesson::{Goal, Tutorial, TutorialIntent};
    let mut app = app();
    app.world_mut()
        .write_message(TutorialIntent::Start(id.to_string()));
    settle(&mut app);
    let steps = {
        let tutorial = app.world().resource::<Tutorial>();
        let active = tutorial.active.as_ref().expect("the lesson started");
        assert_eq!(active.at, 0);
        active.steps.clone()
    };
    let lesson = app
        .world()
        .resource::<Tutorial>()
        .active
        .clone()
        .unwrap()
        .lesson;
    assert!(steps.len() >= 5, "{id}: {} steps", steps.len());
    for (i, step) in steps.iter().enumerate() {
        let at = app
            .world()
            .resource::<Tutorial>()
            .active
            .as_ref()
            .unwrap()
            .at;
        if let Goal::Reply(_) = step.goal {
            // Black's reply plays by itself as soon as White's turn ends.
            assert!(at > i, "{id}: the reply was not played");
            continue;
        }
        assert_eq!(at, i, "{id}: on step {i} ({})", step.text);
        match step.goal {
            Goal::Select { square, .. } => click(&mut app, &square.to_string()),
            Goal::Capture { turn, index } => {
                click(&mut app, &lesson.turns[turn].captures[index].to_string())
            }
            Goal::Misfit(square) => {
                let expected = {
                    let session = app.world().resource::<Game>();
                    let turn = session.turn().as_ref().expect("mid-turn");
                    session
                        .rules()
                        .why_not(
                            turn.board(),
                            turn.mover(),
                            turn.current(),
                            square,
                            Some(turn.template()),
                        )
                        .expect("the square does not fit")
                };
                click(&mut app, &square.to_string());
                let tutorial = app.world().resource::<Tutorial>();
                assert_eq!(
                    tutorial.active.as_ref().unwrap().refusal.as_deref(),
                    Some(expected.as_str()),
                    "{id}"
                );
            }
            Goal::Reply(_) => unreachable!(),
            Goal::Win => {
                let session = app.world().resource::<Game>();
                assert_eq!(
                    session.outcome().map(|o| o.winner),
                    Some(Side::White),
                    "{id}"
                );
                assert!(
                    app.world()
                        .resource::<Tutorial>()
                        .active
                        .as_ref()
                        .unwrap()
                        .finished()
                );
                return;
            }
        }
        settle(&mut app);
        let tutorial = app.world().resource::<Tutorial>();
        let active = tutorial.active.as_ref().expect("the lesson goes on");
        assert!(!active.off_script, "{id}: off script after step {i}");
    }
    panic!("{id}: the lesson has no winning step");
}

#[test]
fn every_guided_first_game_walks_to_a_win() {
    for id in ["box", "path", "sweep", "tumburrow"] {
        walk_lesson(id);
    }
}

/// Leaving the lesson's script (a capture it did not ask for) is noticed,
/// and undo brings the lesson back.
#[test]
fn a_lesson_notices_a_move_off_its_script() {
    use burrow::game::lesson::{Tutorial, TutorialIntent};
    let mut app = app();
    app.world_mut()
        .write_message(TutorialIntent::Start("box".to_string()));
    settle(&mut app);
    // The lesson starts with a5xb4; b5xb4 is another legal capture.
    click(&mut app, "b5");
    click(&mut app, "b4");
    settle(&mut app);
    let off = |app: &App| {
        app.world()
            .resource::<Tutorial>()
            .active
            .as_ref()
            .unwrap()
            .off_script
    };
    assert!(off(&app));
    app.world_mut().write_message(GameIntent::Undo);
    settle(&mut app);
    assert!(!off(&app));
    // A new game from the menu ends the lesson.
    start(&mut app, humans("box", None));
    assert!(!app.world().resource::<Tutorial>().is_on());
}

/// Leaving a lesson plays on from where it was, against the computer: a
/// local game, so the lesson is over and the computer answers.
#[test]
fn leaving_a_lesson_plays_on_against_the_computer() {
    use burrow::game::GameMode;
    use burrow::game::lesson::{Tutorial, TutorialIntent};
    let mut app = app();
    app.world_mut()
        .write_message(TutorialIntent::Start("box".to_string()));
    settle(&mut app);
    assert_eq!(
        *app.world().resource::<Game>().mode(),
        GameMode::Lesson
    );
    // The lesson's first turn and its scripted reply, then leave while
    // White is to move again.
    let first = app
        .world()
        .resource::<Tutorial>()
        .active
        .as_ref()
        .unwrap()
        .lesson
        .turns[0]
        .clone();
    play_turn(&mut app, &first);
    settle(&mut app);
    let before = app.world().resource::<Game>().played().to_vec();
    assert!(!before.is_empty());
    app.world_mut().write_message(TutorialIntent::Leave);
    settle(&mut app);
    let session = app.world().resource::<Game>();
    assert_eq!(*session.mode(), GameMode::Local);
    assert!(matches!(session.setup().black, Player::Computer(_)));
    assert_eq!(
        session.played()[..before.len()],
        before[..],
        "the game went on"
    );
    assert!(!app.world().resource::<Tutorial>().is_on());
}

/// The game on the board has one mode; a game of another mode started over
/// a puzzle ends the puzzle (nobody has to say so).
#[test]
fn a_new_game_over_a_puzzle_ends_the_puzzle() {
    use burrow::ai::Band;
    use burrow::game::GameMode;
    let (mut app, index, _) = puzzle_app(Band::Easy);
    assert_eq!(
        *app.world().resource::<Game>().mode(),
        GameMode::Puzzle(index)
    );
    assert!(app.world().resource::<Puzzles>().active.is_some());
    start(&mut app, humans("box", None));
    assert_eq!(
        *app.world().resource::<Game>().mode(),
        GameMode::Local
    );
    assert!(app.world().resource::<Puzzles>().active.is_none());
    // A record loaded over a puzzle keeps no defender: people play it.
    let (mut app, _, _) = puzzle_app(Band::Easy);
    let record = app.world().resource::<Game>().record().to_string();
    app.world_mut()
        .write_message(GameIntent::LoadRecord(record));
    settle(&mut app);
    let session = app.world().resource::<Game>();
    assert_eq!(*session.mode(), GameMode::Local);
    assert_eq!(
        (session.setup().white, session.setup().black),
        (Player::Human, Player::Human)
    );
    assert!(app.world().resource::<Puzzles>().active.is_none());
}

/// The review evaluates every position of a finished game, its last point
/// at the winner's end of the scale, and a turn it calls a mistake is one
/// the engine would not have played.
#[test]
fn the_review_evaluates_every_position_of_the_game() {
    use burrow::game::review::{GameReview, ReviewIntent};
    let mut app = app();
    // A 4x4 Box game played to its end by the random level.
    let rules = burrow::rules::builtin_rules("box").unwrap();
    let record = burrow::ai::play_random_game(&rules, pos("WBWB/BWBW/WBWB/BWBW W"), 5).unwrap();
    app.world_mut()
        .write_message(GameIntent::LoadRecord(record.to_string()));
    app.world_mut().write_message(ReviewIntent(true));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    for _ in 0..200 {
        app.update();
    }
    let session = app.world().resource::<Game>();
    let review = app.world().resource::<GameReview>();
    assert!(session.outcome().is_some());
    assert!(
        review.is_done(session),
        "{} of {}",
        review.points.len(),
        session.positions().len()
    );
    let winner = session.outcome().unwrap().winner;
    let last = review.points.last().unwrap().white;
    assert_eq!(last, if winner == Side::White { 1.0 } else { -1.0 });
    assert!(review.points.last().unwrap().best.is_none());
    for ply in review.mistakes(session, 3) {
        assert_ne!(review.best_at(ply), Some(&session.played()[ply]));
    }
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

/// The game joins a table at a `wss://` server whose certificate is signed
/// by an authority of the test's, trusted through `--ca-file` (here its
/// resource), and plays the game to its end; a game that does not trust
/// the authority is told why and stops trying.
#[test]
fn the_game_plays_over_wss_and_a_certificate_it_does_not_trust_is_refused() {
    use crate::online::tls::{Authority, tls_server};
    use burrow::game::online::CaFileFlag;
    use burrow::game::online::{Link, Online, OnlineIntent};
    use burrow::online::client::Client;
    use burrow::online::protocol::{ClientMessage, GameSetup};

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

    // Not trusted: the reason is shown and the game does not retry.
    let mut app = app();
    app.world_mut().write_message(OnlineIntent::Create {
        server: server.origin(),
        setup: setup.clone(),
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

    // Trusted: the table opens over wss:// and the game is played out.
    drop(app);
    let mut app = self::app();
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

/// The records' file dialogs, driven through their seam (a dialog needs a
/// desktop): Save writes the game's record where the player picked, Open
/// reads a record picked and plays it back; a cancelled dialog does
/// nothing.
#[test]
fn records_are_saved_and_opened_through_the_file_dialogs() {
    use burrow::game::platform::dialogs::{DialogIntent, DialogPurpose, DialogScript};
    let dir = std::env::temp_dir().join(format!("burrow-dialogs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    let picked = dir.join("my game.txt");
    let mut app = app();
    start(&mut app, humans("box", None));
    settle(&mut app);
    let turn = play_first_turn(&mut app);
    app.insert_resource(DialogScript(Some(vec![picked.clone()])));
    app.world_mut().write_message(DialogIntent {
        purpose: DialogPurpose::SaveRecord,
        suggested: dir.join("burrow-game.txt"),
    });
    pump(&mut app, "the record saved", |_| {
        std::fs::read_to_string(&picked).is_ok_and(|t| t.contains(&turn.to_string()))
    });
    // A new game, then the saved record opened: its turn is played back.
    start(&mut app, humans("box", None));
    settle(&mut app);
    assert!(app.world().resource::<Game>().played().is_empty());
    app.insert_resource(DialogScript(Some(vec![picked.clone()])));
    app.world_mut().write_message(DialogIntent {
        purpose: DialogPurpose::OpenRecord,
        suggested: dir.clone(),
    });
    pump(&mut app, "the record opened", |app| {
        app.world().resource::<Game>().played().len() == 1
    });
    assert_eq!(
        app.world().resource::<Game>().played()[0].to_string(),
        turn.to_string()
    );
    // Cancelled (no answer left): nothing happens.
    app.world_mut().write_message(DialogIntent {
        purpose: DialogPurpose::SaveRecord,
        suggested: dir.join("other.txt"),
    });
    for _ in 0..20 {
        app.update();
    }
    assert!(!dir.join("other.txt").exists());

    // The position on the board saved, then opened: a new game from it,
    // with the same players.
    let position_file = dir.join("position.txt");
    let position = *app.world().resource::<Game>().position();
    app.insert_resource(DialogScript(Some(vec![
        position_file.clone(),
        position_file.clone(),
    ])));
    app.world_mut().write_message(DialogIntent {
        purpose: DialogPurpose::SavePosition,
        suggested: dir.join("burrow-position.txt"),
    });
    pump(&mut app, "the position saved", |_| {
        std::fs::read_to_string(&position_file).is_ok_and(|t| t.trim() == position.to_string())
    });
    start(&mut app, humans("box", None));
    settle(&mut app);
    app.world_mut().write_message(DialogIntent {
        purpose: DialogPurpose::OpenRecord,
        suggested: dir.clone(),
    });
    pump(&mut app, "a game from the position", |app| {
        let session = app.world().resource::<Game>();
        session.setup().start == Some(position) && session.played().is_empty()
    });
    assert_eq!(*app.world().resource::<Game>().position(), position);

    // A design: a copy of the draft saved where the player chose, and a
    // game file opened into the designer.
    use burrow::game::designer::{Designer, DesignerIntent};
    let design_file = dir.join("my design.toml");
    app.world_mut()
        .write_message(DesignerIntent::Open("box".to_string()));
    settle(&mut app);
    app.world_mut().resource_mut::<Designer>().draft.name = "Dialog Burrow".to_string();
    app.insert_resource(DialogScript(Some(vec![
        design_file.clone(),
        design_file.clone(),
    ])));
    app.world_mut().write_message(DialogIntent {
        purpose: DialogPurpose::SaveDesign,
        suggested: dir.join("draft.toml"),
    });
    pump(&mut app, "the design saved", |_| {
        std::fs::read_to_string(&design_file).is_ok_and(|t| t.contains("Dialog Burrow"))
    });
    app.world_mut().resource_mut::<Designer>().draft.name = "Another".to_string();
    app.world_mut().write_message(DialogIntent {
        purpose: DialogPurpose::OpenDesign,
        suggested: dir.clone(),
    });
    pump(&mut app, "the design opened", |app| {
        app.world().resource::<Designer>().draft.name == "Dialog Burrow"
    });
    // A file that is not there is refused by name; the draft stays.
    app.insert_resource(DialogScript(Some(vec![dir.join("missing.toml")])));
    app.world_mut().write_message(DialogIntent {
        purpose: DialogPurpose::OpenDesign,
        suggested: dir.clone(),
    });
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Designer>().draft.name,
        "Dialog Burrow"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A local game is kept after every whole turn and offered back at the
/// next start; Continue puts it back on the board with its players; a
/// resignation ends it (recorded in the record's result, taken back by
/// undo) and an ended game is not offered again; a save that does not read
/// is set aside with a message and nothing else is lost.
#[test]
fn a_local_game_is_saved_offered_back_continued_and_resigned() {
    use burrow::game::saved::Saved;
    let dir = std::env::temp_dir().join(format!("burrow-saved-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("saved-game.txt");

    let mut app = app_saving(&dir);
    assert!(app.world().resource::<Saved>().offer.is_none());
    start(
        &mut app,
        NewGame {
            black: Player::Computer(Level::Random),
            ..humans("box", None)
        },
    );
    assert!(!file.exists(), "nothing is kept before a turn");
    play_first_turn(&mut app);
    pump(&mut app, "the computer's reply", |app| {
        app.world().resource::<Game>().played().len() == 2
            && app.world().resource::<AnimationQueue>().is_idle()
    });
    settle(&mut app);
    let played: Vec<String> = app
        .world()
        .resource::<Game>()
        .played()
        .iter()
        .map(|t| t.to_string())
        .collect();
    let kept = std::fs::read_to_string(&file).expect("the game is kept");
    for turn in &played {
        assert!(kept.contains(turn.as_str()), "{turn} is kept: {kept}");
    }
    drop(app);

    // The next start offers it; Continue puts it back as it was.
    let mut app = app_saving(&dir);
    let offer = app
        .world()
        .resource::<Saved>()
        .offer
        .clone()
        .expect("the game is offered");
    let summary = offer.summary(&VariantRegistry::builtin());
    assert!(summary.contains("2 turns"), "{summary}");
    app.world_mut().resource_mut::<Saved>().continue_asked = true;
    pump(&mut app, "the game continued", |app| {
        app.world().resource::<Game>().played().len() == 2
    });
    {
        let session = app.world().resource::<Game>();
        assert_eq!(session.setup().white, Player::Human);
        assert_eq!(session.setup().black, Player::Computer(Level::Random));
        let again: Vec<String> = session.played().iter().map(|t| t.to_string()).collect();
        assert_eq!(again, played);
        assert_eq!(session.resigning_side(), Some(Side::White));
    }

    // White resigns: the game ends, the record says so and replays.
    app.world_mut()
        .write_message(GameIntent::Resign(Side::White));
    settle(&mut app);
    let record = {
        let session = app.world().resource::<Game>();
        let outcome = session.outcome().expect("over");
        assert!(outcome.resigned && outcome.winner == Side::Black);
        session.record()
    };
    assert_eq!(record.result, burrow::rules::GameResult::Win(Side::Black));
    assert_eq!(record.resigned(), Some(Side::White));
    let text = record.to_string();
    assert!(
        text.contains("[Termination \"Black won: White resigned\"]"),
        "{text}"
    );
    let read: burrow::rules::GameRecord = text.parse().expect("reads");
    read.history(&VariantRegistry::builtin())
        .expect("a resigned game replays");
    assert!(!file.exists(), "an ended game is not offered back");
    // Undo takes the resignation back; the game is kept again at its
    // next turn.
    app.world_mut().write_message(GameIntent::Undo);
    settle(&mut app);
    assert!(app.world().resource::<Game>().outcome().is_none());
    // No resigning for the computer's side.
    app.world_mut()
        .write_message(GameIntent::Resign(Side::Black));
    app.update();
    assert!(app.world().resource::<Game>().outcome().is_none());
    assert!(file.exists(), "kept again once the resignation is undone");
    // Another game, finished, opened from its record: the kept game stays.
    let rules = VariantRegistry::builtin().get("box").unwrap().clone();
    let finished = burrow::ai::play_random_game(&rules, rules.start(Default::default()), 7)
        .unwrap()
        .to_string();
    app.world_mut()
        .write_message(GameIntent::LoadRecord(finished));
    settle(&mut app);
    assert!(app.world().resource::<Game>().outcome().is_some());
    assert!(
        file.exists(),
        "opening another, finished game keeps the kept one"
    );
    drop(app);

    // A damaged save: set aside, said, and the game starts fresh.
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(&file, "[Variant \"box\"]\n[Saved \"9\"]\n").unwrap();
    let app = app_saving(&dir);
    let saved = app.world().resource::<Saved>();
    assert!(saved.offer.is_none());
    let problem = saved
        .problem
        .clone()
        .expect("the damage is said")
        .to_string();
    assert!(problem.contains("saved-game-unreadable.txt"), "{problem}");
    assert!(!file.exists());
    assert_eq!(
        std::fs::read_to_string(dir.join("saved-game-unreadable.txt")).unwrap(),
        "[Variant \"box\"]\n[Saved \"9\"]\n"
    );
}

/// A guided first game left after its first turn and Black's scripted
/// reply is continued at the step it was left at, on its script.
#[test]
fn a_lesson_is_continued_at_the_step_it_was_left_at() {
    use burrow::game::GameMode;
    use burrow::game::lesson::{Goal, Tutorial, TutorialIntent};
    use burrow::game::saved::Saved;
    let dir = std::env::temp_dir().join(format!("burrow-saved-lesson-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let active = |app: &App| app.world().resource::<Tutorial>().active.clone();

    let mut app = app_saving(&dir);
    app.world_mut()
        .write_message(TutorialIntent::Start("sweep".to_string()));
    settle(&mut app);
    let lesson = active(&app).expect("the lesson started").lesson;
    assert!(
        lesson.turns.len() >= 3,
        "the lesson has a second White turn"
    );
    play_turn(&mut app, &lesson.turns[0]);
    pump(&mut app, "the scripted reply", |app| {
        app.world().resource::<Game>().played().len() == 2
            && app.world().resource::<AnimationQueue>().is_idle()
    });
    settle(&mut app);
    let left_at = active(&app).expect("the lesson goes on").at;
    assert_eq!(
        active(&app).unwrap().step().goal,
        Goal::Select {
            turn: 2,
            square: lesson.turns[2].origin
        }
    );
    drop(app);

    let mut app = app_saving(&dir);
    let offer = app
        .world()
        .resource::<Saved>()
        .offer
        .clone()
        .expect("offered");
    let summary = offer.summary(&VariantRegistry::builtin());
    assert!(
        summary.starts_with("Sweep Burrow on ") && summary.contains("guided first game"),
        "{summary}"
    );
    app.world_mut().resource_mut::<Saved>().continue_asked = true;
    pump(&mut app, "the lesson continued", |app| {
        app.world().resource::<Game>().played().len() == 2
    });
    settle(&mut app);
    let session = app.world().resource::<Game>();
    assert_eq!(*session.mode(), GameMode::Lesson);
    assert_eq!(session.played(), &lesson.turns[..2]);
    let again = active(&app).expect("the lesson is on again");
    assert_eq!(again.lesson, lesson);
    assert!(!again.off_script);
    assert_eq!(again.at, left_at, "at the step it was left at");
    // And it plays on from there to its win.
    play_turn(&mut app, &lesson.turns[2]);
    settle(&mut app);
    assert!(active(&app).unwrap().at > left_at);
}

/// A server of the online tests on a free port of its own, with its
/// database and address (a restart takes the same port).
fn online_server(name: &str) -> (crate::online::Server, String, String) {
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
fn open_table(app: &mut App, address: &str, setup: burrow::online::protocol::GameSetup) {
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
    use crate::online::{setup, signed_in, signed_in_as, take_seat_with};
    use burrow::game::online::{Community, CommunityIntent};
    use burrow::game::online::{Online, OnlineIntent};
    use burrow::game::settings::Settings;
    use burrow::online::protocol::{ClientMessage, SideChoice};

    let (server, _database, address) = online_server("game-community");
    let rt = crate::online::runtime();
    let mut app = app();
    app.world_mut().write_message(CommunityIntent::Connect {
        server: address.clone(),
    });
    app.world_mut()
        .write_message(CommunityIntent::Send(ClientMessage::Register {
            name: "Dee_G".into(),
            password: "a long enough password".into(),
            bot: false,
        }));
    pump(&mut app, "signed in, the lobby read", |app| {
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
    pump(&mut app, "bots refused", |app| {
        app.world().resource::<Community>().refuse_bots
    });

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
    pump(&mut app, "the seek in the lobby", |app| {
        let community = app.world().resource::<Community>();
        community
            .lobby
            .as_ref()
            .is_some_and(|seeks| seeks.iter().any(|s| s.code == eve.code && s.rated))
    });
    // Play someone now: the game takes that seek, as the account.
    app.world_mut().write_message(OnlineIntent::Pair {
        server: address.clone(),
        variant: "box".into(),
        size: "6x6".parse().expect("a size"),
        clock: None,
        bot_after_s: None,
    });
    pump(&mut app, "seated at Eve's table", |app| {
        let online = app.world().resource::<Online>();
        online.table.as_ref().is_some_and(|t| {
            t.view.code == eve.code && t.view.rated && t.view.white.name.as_deref() == Some("Dee_G")
        })
    });
    pump(&mut app, "the seek gone from the lobby", |app| {
        let community = app.world().resource::<Community>();
        community
            .lobby
            .as_ref()
            .is_some_and(|seeks| seeks.is_empty())
    });

    // Another game of the account, from another connection: when Eve has
    // played there, the game hears it is Dee's turn.
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
    pump(&mut app, "your turn", |app| {
        app.world()
            .resource::<Community>()
            .your_turn
            .contains(&code)
    });
    pump(&mut app, "my games", |app| {
        let community = app.world().resource::<Community>();
        community
            .my_games
            .iter()
            .any(|g| g.code == code && g.your_turn)
    });
    app.world_mut()
        .write_message(CommunityIntent::Seen { code: code.clone() });
    app.world_mut()
        .write_message(CommunityIntent::Send(ClientMessage::Players {
            game: "box".into(),
        }));
    pump(&mut app, "the leaderboard", |app| {
        let community = app.world().resource::<Community>();
        community.your_turn.is_empty()
            && community
                .leaderboard
                .as_ref()
                .is_some_and(|(game, _)| game == "box")
    });
    app.world_mut()
        .write_message(CommunityIntent::Send(ClientMessage::SignOut {}));
    pump(&mut app, "signed out", |app| {
        app.world().resource::<Community>().account.is_none()
            && app.world().resource::<Settings>().account.is_none()
    });
    drop((eve, other));
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

/// A record of a designed game brings its game along: loaded into a window
/// that has only the built-in games, the game joins them (and the title
/// screen's cards) and the record plays on; the same record again adds
/// nothing twice.
#[test]
fn a_record_of_a_designed_game_loads_where_the_game_is_not_installed() {
    use burrow::game::play::Variants;
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/stride.toml"))
            .unwrap();
    let design: burrow::rules::Design = text.parse().unwrap();
    let rules = burrow::rules::Rules::new(Arc::new(design)).unwrap();
    let record = burrow::ai::play_random_game(&rules, pos("WBWBW/BWBWB/WBWBW/BWBWB W"), 3)
        .unwrap()
        .to_string();
    assert!(record.contains("[Design \"1."), "{record}");
    let mut app = app();
    assert!(app.world().resource::<Variants>().0.get("stride").is_none());
    for _ in 0..2 {
        app.world_mut()
            .write_message(GameIntent::LoadRecord(record.clone()));
        settle(&mut app);
        let session = app.world().resource::<Game>();
        assert_eq!(session.rules().id(), "stride");
        assert!(
            session.outcome().is_some(),
            "the random game was played out"
        );
        let again = session.record();
        let read: burrow::rules::GameRecord = record.parse().unwrap();
        assert_eq!((&again.turns, &again.design), (&read.turns, &read.design));
        let ids = app.world().resource::<Variants>().0.ids().join(" ");
        assert_eq!(ids, "box path sweep tumburrow stride");
    }
}

/// The designer, as its buttons drive it: a game made from a built-in one,
/// tried on the board (twice, changed in between: one game of that id),
/// saved to the designs folder, measured by the report in the background,
/// and a design read from a share code; a design may not take a built-in
/// game's id.
#[test]
fn the_designer_makes_a_game_tries_saves_and_measures_it() {
    use burrow::ai::report;
    use burrow::game::designer::{Designer, DesignerIntent};
    use burrow::game::play::Variants;
    use burrow::rules::design::Symmetry;
    let folder = std::env::temp_dir().join(format!("burrow-designer-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let mut app = app();
    {
        let mut designer = app.world_mut().resource_mut::<Designer>();
        designer.folder = Some(folder.clone());
        let config = &mut designer.report_config;
        config.perft_depth = 2;
        config.games = 6;
        config.threads = 1;
        config.solve_time = Duration::from_secs(5);
    }
    app.world_mut()
        .write_message(DesignerIntent::Open("path".into()));
    app.update();
    let designer = app.world().resource::<Designer>();
    assert!(designer.open);
    assert_eq!(designer.draft.id, "my-path");
    assert_eq!(designer.draft.template.route, Some(Symmetry::All));

    // A change: the directions instead of the route.
    {
        let mut designer = app.world_mut().resource_mut::<Designer>();
        designer.draft.template.route = None;
        designer.draft.template.directions = Some(Symmetry::Turned);
        designer.draft.name = "Turning Sweep".into();
        designer.opponent = Player::Human;
        designer.board = 6;
        assert!(designer.verdict().rules.is_ok());
    }
    app.world_mut().write_message(DesignerIntent::Try);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    settle(&mut app);
    let session = app.world().resource::<Game>();
    assert_eq!(session.rules().id(), "my-path");
    assert_eq!(session.position().size().to_string(), "6x6");
    assert!(!app.world().resource::<Designer>().open, "the board shows");
    click(&mut app, "b1");
    click(&mut app, "a1");
    settle(&mut app);
    assert_eq!(app.world().resource::<Game>().played().len(), 1);

    // Changed and tried again: the new version replaces the old.
    app.world_mut()
        .resource_mut::<Designer>()
        .draft
        .template
        .directions = Some(Symmetry::Exact);
    app.world_mut().write_message(DesignerIntent::Try);
    settle(&mut app);
    let variants = app.world().resource::<Variants>();
    assert_eq!(
        variants.0.ids().iter().filter(|i| **i == "my-path").count(),
        1
    );
    let tried = variants
        .0
        .get("my-path")
        .unwrap()
        .variant()
        .design()
        .unwrap();
    assert_eq!(tried.template.directions, Some(Symmetry::Exact));
    assert!(app.world().resource::<Game>().played().is_empty());

    // Saved: the file reads back to the draft.
    app.world_mut().write_message(DesignerIntent::Save);
    app.update();
    let designer = app.world().resource::<Designer>();
    let saved = std::fs::read_to_string(folder.join("my-path.toml")).expect("saved");
    assert_eq!(
        saved.parse::<burrow::rules::Design>().unwrap(),
        designer.draft
    );
    assert!(
        designer
            .notice
            .as_deref()
            .unwrap_or("")
            .starts_with("saved to"),
        "{:?}",
        designer.notice
    );

    // The report, in the background, while frames go on.
    app.world_mut().write_message(DesignerIntent::Report);
    app.update();
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    loop {
        app.update();
        let designer = app.world().resource::<Designer>();
        let state = designer.report.as_ref().expect("a report under way");
        if !state.running() {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the report never ended"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let designer = app.world().resource::<Designer>();
    let state = designer.report.as_ref().unwrap();
    let report = state.latest.as_ref().unwrap().as_ref().expect("measured");
    assert_eq!(state.progress, (5, 5));
    assert_eq!(report.id, "my-path");
    assert_eq!(report.perft.len(), 2);
    assert_eq!(report.levels.len(), 2);
    assert_eq!(report.levels[0].games(), 6);
    assert_eq!(report.solved.len(), 1);
    assert!(!report.perft[0].exploded);
    assert_eq!(report.perft[0].counts[0], 60, "{}", report::text(report));

    // A share code read into the draft; damage is named.
    let stride: burrow::rules::Design =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/stride.toml"))
            .unwrap()
            .parse()
            .unwrap();
    app.world_mut()
        .write_message(DesignerIntent::Read(stride.code()));
    app.update();
    assert_eq!(app.world().resource::<Designer>().draft, stride);
    app.world_mut()
        .write_message(DesignerIntent::Read("1.@@@".into()));
    app.update();
    let notice = app.world().resource::<Designer>().notice.clone().unwrap();
    assert!(
        notice.starts_with("not opened") && notice.contains("damaged"),
        "{notice}"
    );

    // A built-in game's id is not the designer's to take.
    app.world_mut().resource_mut::<Designer>().draft.id = "box".into();
    app.world_mut().write_message(DesignerIntent::Try);
    app.update();
    let refusal = last_refusal(&app)
        .map(|r| r.to_string())
        .unwrap_or_default();
    assert!(refusal.contains("`box`"), "{refusal}");
    assert_eq!(
        app.world().resource::<Game>().rules().id(),
        "my-path"
    );
    let _ = std::fs::remove_dir_all(&folder);
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

    let design: Design = include_str!("../examples/undertow.toml").parse().unwrap();
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
