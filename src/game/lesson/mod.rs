//! Guided first games: the lesson's script ([`tutorial`]) and its part of
//! the screen (`panel`; its text is in the side panel).

mod panel;
pub mod tutorial;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::game::table::input::SingleCaptureAutoplay;
use crate::game::table::overlay::OverlaySet;
use crate::game::ui::PanelSet;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(tutorial::plugin);
    // A lesson lets the player make every capture, forced ones too.
    app.configure_sets(
        Update,
        SingleCaptureAutoplay.run_if(|tutorial: Res<tutorial::Tutorial>| !tutorial.is_on()),
    );
}

pub(super) fn view(app: &mut App) {
    app.add_systems(Update, panel::mark_step.in_set(OverlaySet::Marks))
        .add_systems(
            EguiPrimaryContextPass,
            panel::start_lesson.in_set(PanelSet::Lesson),
        );
}
