//! Puzzles: the solving against the solver's best defence (`solving`)
//! the puzzles window (`window`) and its parts of the side panel
//! (`panel`).

mod panel;
mod solving;
mod window;

pub use solving::{PuzzleIntent, PuzzleStatus, Puzzles};

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::game::play::OverlaySet;
use crate::game::ui::PanelSet;
use crate::game::ui::sections::{PanelSectionsAppExt, Slot};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(solving::plugin);
}

pub(super) fn view(app: &mut App) {
    app.add_systems(Update, window::mark_reply.in_set(OverlaySet::Marks))
        .add_systems(
            EguiPrimaryContextPass,
            window::puzzles_window.in_set(PanelSet::Puzzles),
        )
        .add_panel_section(Slot::Body, 35, panel::puzzle_status)
        .add_panel_section(Slot::PlayMenu, 10, panel::puzzles_entry);
}
