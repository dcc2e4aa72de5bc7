//! The designer, as its buttons drive it.

use super::*;

use burrow::ai::learned::{Weights, weights_of};
use burrow::ai::report;
use burrow::ai::train::TrainConfig;
use burrow::game::designer::{Designer, DesignerIntent};
use burrow::game::play::Variants;
use burrow::rules::design::Symmetry;

/// The designer, as its buttons drive it: a game made from a built-in one,
/// tried on the board (twice, changed in between: one game of that id),
/// saved to the designs folder, measured by the report in the background,
/// and a design read from a share code; a design may not take a built-in
/// game's id.
#[test]
fn the_designer_makes_a_game_tries_saves_and_measures_it() {
    let folder = std::env::temp_dir().join(format!("burrow-designer-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let mut app = app();
    a_game_is_made_from_a_built_in_one(&mut app, &folder);
    the_changed_game_is_tried_on_the_board(&mut app);
    tried_again_the_new_version_replaces_the_old(&mut app);
    the_draft_is_saved_to_the_designs_folder(&mut app, &folder);
    the_report_measures_it_in_the_background(&mut app);
    the_computer_learns_it_in_the_background(&mut app, &folder);
    a_share_code_is_read_into_the_draft(&mut app);
    a_built_in_games_id_is_refused(&mut app);
    let _ = std::fs::remove_dir_all(&folder);
}

/// The designer, its designs in `folder` and its report made small, opened
/// on a copy of Path.
fn a_game_is_made_from_a_built_in_one(app: &mut App, folder: &std::path::Path) {
    {
        let mut designer = app.world_mut().resource_mut::<Designer>();
        designer.folder = Some(folder.to_path_buf());
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
}

/// A change (the directions instead of the route), tried on the board and
/// played there.
fn the_changed_game_is_tried_on_the_board(app: &mut App) {
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
    settle(app);
    let session = app.world().resource::<Game>();
    assert_eq!(session.rules().id(), "my-path");
    assert_eq!(session.position().size().to_string(), "6x6");
    assert!(!app.world().resource::<Designer>().open, "the board shows");
    click(app, "b1");
    click(app, "a1");
    settle(app);
    assert_eq!(app.world().resource::<Game>().played().len(), 1);
}

/// Changed and tried again: the new version replaces the old.
fn tried_again_the_new_version_replaces_the_old(app: &mut App) {
    app.world_mut()
        .resource_mut::<Designer>()
        .draft
        .template
        .directions = Some(Symmetry::Exact);
    app.world_mut().write_message(DesignerIntent::Try);
    settle(app);
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
}

/// Saved: the file reads back to the draft.
fn the_draft_is_saved_to_the_designs_folder(app: &mut App, folder: &std::path::Path) {
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
}

/// The report, in the background, while frames go on.
fn the_report_measures_it_in_the_background(app: &mut App) {
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
}

/// Train the computer: a generation in the background, its weights kept
/// beside the design and joined to its game; a second run stopped.
fn the_computer_learns_it_in_the_background(app: &mut App, folder: &std::path::Path) {
    {
        let mut designer = app.world_mut().resource_mut::<Designer>();
        let rules = designer.rules().expect("a game");
        designer.train_config = Some(TrainConfig {
            games: 6,
            match_games: 2,
            ..TrainConfig::for_game(&rules)
        });
        designer.train_generations = 1;
    }
    app.world_mut().write_message(DesignerIntent::Train);
    app.update();
    let deadline = std::time::Instant::now() + Duration::from_secs(180);
    loop {
        app.update();
        let designer = app.world().resource::<Designer>();
        let state = designer.training.as_ref().expect("training under way");
        if !state.running() {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the training never ended"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    app.update();
    let designer = app.world().resource::<Designer>();
    let state = designer.training.as_ref().unwrap();
    assert_eq!(state.failed, None);
    assert_eq!(state.reports.len(), 1);
    assert_eq!(state.generation, 1);
    let notice = designer.notice.clone().unwrap_or_default();
    assert!(notice.contains("my-path.brwt"), "{notice}");
    let kept = std::fs::read(folder.join("my-path.brwt")).expect("kept beside the design");
    let rules = app
        .world()
        .resource::<Variants>()
        .0
        .get("my-path")
        .unwrap()
        .clone();
    let joined = weights_of(&rules).expect("the game has the weights");
    assert_eq!(Weights::for_game(&kept, &rules).unwrap(), *joined);
    // A second run, stopped at once: nothing more is kept.
    app.world_mut().write_message(DesignerIntent::Train);
    app.update();
    app.world_mut().write_message(DesignerIntent::StopTraining);
    app.update();
    let designer = app.world().resource::<Designer>();
    let state = designer.training.as_ref().unwrap();
    assert!(!state.running());
    assert!(state.reports.is_empty());
}

/// A share code read into the draft; damage is named.
fn a_share_code_is_read_into_the_draft(app: &mut App) {
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
}

/// A built-in game's id is not the designer's to take.
fn a_built_in_games_id_is_refused(app: &mut App) {
    app.world_mut().resource_mut::<Designer>().draft.id = "box".into();
    app.world_mut().write_message(DesignerIntent::Try);
    app.update();
    let refusal = last_refusal(app).map(|r| r.to_string()).unwrap_or_default();
    assert!(refusal.contains("`box`"), "{refusal}");
    assert_eq!(app.world().resource::<Game>().rules().id(), "my-path");
}
