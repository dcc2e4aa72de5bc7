//! The review of a game: the engine's evaluation of every position
//! (`evaluation`), the review window with its graph (`window`), and the
//! engine's best turn drawn on the board (`board`).

mod board;
mod evaluation;
mod window;

pub use evaluation::{GameReview, ReviewIntent};

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::game::screens::InGame;
use crate::game::ui::PanelSet;
use crate::game::ui::sections::{PanelSectionsAppExt, Slot};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(evaluation::plugin);
}

pub(super) fn view(app: &mut App) {
    app.add_plugins(board::plugin)
        .add_systems(
            EguiPrimaryContextPass,
            window::review_window
                .run_if(in_state(InGame))
                .run_if(|review: Res<GameReview>| review.open)
                .in_set(PanelSet::Review),
        )
        .add_panel_section(Slot::TurnActions, 10, window::review_button);
}
