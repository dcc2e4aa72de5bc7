//! The game kept between starts: saved after each turn, offered back,
//! continued (a local game and a lesson), resigned, and a damaged save set
//! aside.

use super::*;

use burrow::game::saved::Saved;

/// A local game is kept after every whole turn and offered back at the
/// next start; Continue puts it back on the board with its players; a
/// resignation ends it (recorded in the record's result, taken back by
/// undo) and an ended game is not offered again; a save that does not read
/// is set aside with a message and nothing else is lost.
#[test]
fn a_local_game_is_saved_offered_back_continued_and_resigned() {
    let dir = std::env::temp_dir().join(format!("burrow-saved-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("saved-game.txt");
    let played = a_local_game_is_kept_after_each_turn(&dir, &file);
    let mut app = the_kept_game_is_offered_and_continued(&dir, &played);
    a_resignation_ends_the_game_and_undo_takes_it_back(&mut app, &file);
    drop(app);
    a_damaged_save_is_set_aside(&dir, &file);
}

/// A local game against the computer, kept once a whole turn is played:
/// the kept file holds every turn played (returned).
fn a_local_game_is_kept_after_each_turn(
    dir: &std::path::Path,
    file: &std::path::Path,
) -> Vec<String> {
    let mut app = app_saving(dir);
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
    let kept = std::fs::read_to_string(file).expect("the game is kept");
    for turn in &played {
        assert!(kept.contains(turn.as_str()), "{turn} is kept: {kept}");
    }
    played
}

/// The next start offers it; Continue puts it back as it was.
fn the_kept_game_is_offered_and_continued(dir: &std::path::Path, played: &[String]) -> App {
    let mut app = app_saving(dir);
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
    app
}

/// White resigns: the game ends, the record says so and replays, and the
/// ended game is no longer kept; undo takes the resignation back and the
/// game is kept again; the computer's side may not resign; another,
/// finished game opened from its record leaves the kept game alone.
fn a_resignation_ends_the_game_and_undo_takes_it_back(app: &mut App, file: &std::path::Path) {
    // White resigns: the game ends, the record says so and replays.
    app.world_mut()
        .write_message(GameIntent::Resign(Side::White));
    settle(app);
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
    settle(app);
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
    settle(app);
    assert!(app.world().resource::<Game>().outcome().is_some());
    assert!(
        file.exists(),
        "opening another, finished game keeps the kept one"
    );
}

/// A damaged save: set aside, said, and the game starts fresh.
fn a_damaged_save_is_set_aside(dir: &std::path::Path, file: &std::path::Path) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(file, "[Variant \"box\"]\n[Saved \"9\"]\n").unwrap();
    let app = app_saving(dir);
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
