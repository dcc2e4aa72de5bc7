//! The review of a game: the engine's evaluation of every position
//! ([`evaluation`]), the review window with its graph (`window`), and the
//! engine's best turn drawn on the board (`board`).

mod board;
pub mod evaluation;
mod window;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::game::table::screens::InGame;
use crate::game::ui::PanelSet;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(evaluation::plugin);
}

pub(super) fn view(app: &mut App) {
    app.add_plugins(board::plugin).add_systems(
        EguiPrimaryContextPass,
        window::review_window
            .run_if(in_state(InGame))
            .run_if(|review: Res<evaluation::GameReview>| review.open)
            .in_set(PanelSet::Review),
    );
}
