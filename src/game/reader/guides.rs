//! What a puzzle, a lesson and an online table say in the side panel,
//! announced: a puzzle's task when it starts and its verdict on each turn
//! (solved, taken back, refuted with the reply that wins), a lesson's step
//! as it comes (and what the game said of a capture that does not fit, or
//! that the game has left the lesson's script), an online game's end by
//! resignation or clock, in words; the reader's panel says each once, when
//! its words change.

use crate::game::lesson::Tutorial;
use crate::game::online::{Online, result_text};
use crate::game::puzzles::{PuzzleStatus, Puzzles};
use crate::game::ui::words;
use crate::online::protocol::EndReason;
use crate::tr;

/// The words of the puzzle on the board, if one is and is not being
/// judged.
pub(super) fn puzzle_words(puzzles: &Puzzles) -> Option<String> {
    let active = puzzles.active.as_ref()?;
    if puzzles.is_judging() {
        return None;
    }
    Some(match &active.status {
        PuzzleStatus::Playing => format!(
            "{}. {}",
            tr!("puzzle-task", task = words::puzzle_task(&active.puzzle)),
            tr!("puzzle-turns-to-go", count = active.turns_left)
        ),
        PuzzleStatus::Solved => tr!("puzzle-solved"),
        PuzzleStatus::TakenBack(why) | PuzzleStatus::Refuted { why, .. } => why.clone(),
    })
}

/// The words of the lesson's step, if a lesson is on.
pub(super) fn lesson_words(tutorial: &Tutorial) -> Option<String> {
    let active = tutorial.active.as_ref()?;
    let mut said = format!(
        "{}. {}",
        tr!(
            "lesson-step",
            step = active.at + 1,
            count = active.steps.len()
        ),
        active.step().text
    );
    if let Some(why) = &active.refusal {
        said = format!("{said} {}", tr!("lesson-game-said", why = why.as_str()));
    }
    if active.off_script {
        said = format!("{said} {}", tr!("lesson-off-script"));
    }
    Some(said)
}

/// How an online game ended, when the server ended it for a reason the
/// board does not show (a resignation, a clock run out); an end the board
/// decides is announced with the capture that makes it.
pub(super) fn online_end_words(online: &Online) -> Option<String> {
    let finish = online.table.as_ref()?.view.result?;
    (finish.reason != EndReason::NoCapture)
        .then(|| result_text(online))
        .flatten()
}
