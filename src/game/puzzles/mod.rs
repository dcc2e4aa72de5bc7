//! Puzzles: the solving against the solver's best defence ([`solving`])
//! and the puzzles window (`window`).

pub mod solving;
mod window;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::game::table::overlay::OverlaySet;
use crate::game::ui::PanelSet;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(solving::plugin);
}

pub(super) fn view(app: &mut App) {
    app.add_systems(Update, window::mark_reply.in_set(OverlaySet::Marks))
        .add_systems(
            EguiPrimaryContextPass,
            window::puzzles_window.in_set(PanelSet::Puzzles),
        );
}
