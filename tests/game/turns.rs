//! Turns played by clicks: captures, the captures that play by
//! themselves, refusals and their reasons, undo and redo, clicks that never
//! reach the board, and the phase the game is in.

use super::*;

use burrow::rules::MoveError;

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
fn a_variant_error_mid_turn_leaves_the_game_exactly_as_it_was() {
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
    app.world_mut().write_message(GameIntent::Review(Some(0)));
    app.update();
    app.update();
    assert_eq!(phase(&app), Phase::Reviewing);
}
