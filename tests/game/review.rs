//! The analysis of the board and the review of a finished game.

use super::*;
use burrow::game::play::BoardAnalysis;

/// Runs frames until the analysis has finished (its solver works on the
/// async compute pool).
pub(super) fn finish_analysis(app: &mut App) {
    for _ in 0..2000 {
        app.update();
        if !app.world().resource::<BoardAnalysis>().is_running() {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the analysis did not finish");
}

#[test]
fn the_analysis_marks_every_turn_with_its_proven_value_and_follows_the_game() {
    use burrow::ai::{Distances, SolveLimits, Solver, SolverConfig};
    use burrow::game::play::AnalysisIntent;

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
