//! Guided first games: the lesson's script (`tutorial`) and its part of
//! the screen (`panel`; its text is in the side panel).

mod panel;
mod tutorial;

pub use panel::start_lesson_from_panel;
pub use tutorial::{Goal, Tutorial, TutorialIntent};

use bevy::prelude::*;

use crate::game::play::OverlaySet;
use crate::game::play::SingleCaptureAutoplay;
use crate::game::ui::sections::{PanelSectionsAppExt, Slot};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(tutorial::plugin);
    // A lesson lets the player make every capture, forced ones too.
    app.configure_sets(
        Update,
        SingleCaptureAutoplay.run_if(|tutorial: Res<Tutorial>| !tutorial.is_on()),
    );
}

pub(super) fn view(app: &mut App) {
    app.add_systems(Update, panel::mark_step.in_set(OverlaySet::Marks))
        .add_panel_section(Slot::Body, 10, panel::lesson_step)
        .add_panel_section(Slot::PlayMenu, 30, panel::lesson_entry);
}
