//! The lesson on screen: a guided first game asked for from a panel, and
//! the square its step talks about marked on the board.

use bevy::prelude::*;

use crate::game::lesson::tutorial::{Tutorial, TutorialIntent};
use crate::game::table::overlay::MarkSources;
use crate::game::ui::UiState;

/// A guided first game asked for from a panel (the menu, the rules help,
/// the lesson's Start again).
pub(super) fn start_lesson(
    mut state: ResMut<UiState>,
    mut tutorial_intents: MessageWriter<TutorialIntent>,
) {
    if let Some(id) = state.start_tutorial.take() {
        tutorial_intents.write(TutorialIntent::Start(id));
        state.open.rules = false;
        state.game_over_closed = false;
    }
}

/// The square the lesson's step talks about, for the ring on the board.
pub(super) fn mark_step(tutorial: Res<Tutorial>, mut sources: ResMut<MarkSources>) {
    sources.lesson = tutorial
        .active
        .as_ref()
        .map(|active| (active.marked_square(), active.at));
}
