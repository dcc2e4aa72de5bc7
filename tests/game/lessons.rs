//! The guided first games: walked to their win, off their script, and
//! left to play on against the computer.

use super::*;

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
    assert_eq!(*app.world().resource::<Game>().mode(), GameMode::Lesson);
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
