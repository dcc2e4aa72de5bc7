//! Records: saved and opened through the file dialogs (with positions and
//! designs), and a record of a designed game where it is not installed.

use super::*;

use burrow::game::designer::{Designer, DesignerIntent};
use burrow::game::platform::dialogs::{DialogIntent, DialogPurpose, DialogScript};

/// The records' file dialogs, driven through their seam (a dialog needs a
/// desktop): Save writes the game's record where the player picked, Open
/// reads a record picked and plays it back; a cancelled dialog does
/// nothing.
#[test]
fn records_are_saved_and_opened_through_the_file_dialogs() {
    let dir = std::env::temp_dir().join(format!("burrow-dialogs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    let mut app = app();
    a_record_is_saved_and_opened(&mut app, &dir);
    a_cancelled_dialog_does_nothing(&mut app, &dir);
    a_position_is_saved_and_opened(&mut app, &dir);
    a_design_is_saved_and_opened(&mut app, &dir);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The game's record saved where the player picked; after a new game, the
/// saved record opened: its turn is played back.
fn a_record_is_saved_and_opened(app: &mut App, dir: &std::path::Path) {
    let picked = dir.join("my game.txt");
    start(app, humans("box", None));
    settle(app);
    let turn = play_first_turn(app);
    app.insert_resource(DialogScript(Some(vec![picked.clone()])));
    app.world_mut().write_message(DialogIntent {
        purpose: DialogPurpose::SaveRecord,
        suggested: dir.join("burrow-game.txt"),
    });
    pump(app, "the record saved", |_| {
        std::fs::read_to_string(&picked).is_ok_and(|t| t.contains(&turn.to_string()))
    });
    // A new game, then the saved record opened: its turn is played back.
    start(app, humans("box", None));
    settle(app);
    assert!(app.world().resource::<Game>().played().is_empty());
    app.insert_resource(DialogScript(Some(vec![picked.clone()])));
    app.world_mut().write_message(DialogIntent {
        purpose: DialogPurpose::OpenRecord,
        suggested: dir.to_path_buf(),
    });
    pump(app, "the record opened", |app| {
        app.world().resource::<Game>().played().len() == 1
    });
    assert_eq!(
        app.world().resource::<Game>().played()[0].to_string(),
        turn.to_string()
    );
}

/// Cancelled (no answer left): nothing happens.
fn a_cancelled_dialog_does_nothing(app: &mut App, dir: &std::path::Path) {
    app.world_mut().write_message(DialogIntent {
        purpose: DialogPurpose::SaveRecord,
        suggested: dir.join("other.txt"),
    });
    for _ in 0..20 {
        app.update();
    }
    assert!(!dir.join("other.txt").exists());
}

/// The position on the board saved, then opened: a new game from it,
/// with the same players.
fn a_position_is_saved_and_opened(app: &mut App, dir: &std::path::Path) {
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
    pump(app, "the position saved", |_| {
        std::fs::read_to_string(&position_file).is_ok_and(|t| t.trim() == position.to_string())
    });
    start(app, humans("box", None));
    settle(app);
    app.world_mut().write_message(DialogIntent {
        purpose: DialogPurpose::OpenRecord,
        suggested: dir.to_path_buf(),
    });
    pump(app, "a game from the position", |app| {
        let session = app.world().resource::<Game>();
        session.setup().start == Some(position) && session.played().is_empty()
    });
    assert_eq!(*app.world().resource::<Game>().position(), position);
}

/// A design: a copy of the draft saved where the player chose, and a game
/// file opened into the designer; a file that is not there is refused by
/// name and the draft stays.
fn a_design_is_saved_and_opened(app: &mut App, dir: &std::path::Path) {
    let design_file = dir.join("my design.toml");
    app.world_mut()
        .write_message(DesignerIntent::Open("box".to_string()));
    settle(app);
    app.world_mut().resource_mut::<Designer>().draft.name = "Dialog Burrow".to_string();
    app.insert_resource(DialogScript(Some(vec![
        design_file.clone(),
        design_file.clone(),
    ])));
    app.world_mut().write_message(DialogIntent {
        purpose: DialogPurpose::SaveDesign,
        suggested: dir.join("draft.toml"),
    });
    pump(app, "the design saved", |_| {
        std::fs::read_to_string(&design_file).is_ok_and(|t| t.contains("Dialog Burrow"))
    });
    app.world_mut().resource_mut::<Designer>().draft.name = "Another".to_string();
    app.world_mut().write_message(DialogIntent {
        purpose: DialogPurpose::OpenDesign,
        suggested: dir.to_path_buf(),
    });
    pump(app, "the design opened", |app| {
        app.world().resource::<Designer>().draft.name == "Dialog Burrow"
    });
    // A file that is not there is refused by name; the draft stays.
    app.insert_resource(DialogScript(Some(vec![dir.join("missing.toml")])));
    app.world_mut().write_message(DialogIntent {
        purpose: DialogPurpose::OpenDesign,
        suggested: dir.to_path_buf(),
    });
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Designer>().draft.name,
        "Dialog Burrow"
    );
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
