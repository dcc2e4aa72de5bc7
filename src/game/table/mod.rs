//! The game being played: the rules plugin ([`session`]) and what follows
//! its facts (the screens, the board's entities, the animation), the
//! input, the computer players, the analysis, the records, and on screen
//! the overlay, the sounds, the board's labels and the records window.

pub mod analysis;
pub mod animation;
mod audio;
pub mod board;
pub mod computer;
pub mod form;
pub mod input;
mod labels;
pub mod layout;
pub mod modding;
pub mod overlay;
pub mod pieces;
pub mod planned;
#[cfg(not(target_arch = "wasm32"))]
pub mod records;
mod records_window;
pub mod refusal;
mod room;
pub mod screens;
pub mod session;
pub mod setup;
pub mod strokes;
mod wake;
#[cfg(target_arch = "wasm32")]
pub mod web_records;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::game::ui::PanelSet;

/// The table's systems that need no window (headless tests run them).
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        session::plugin,
        planned::plugin,
        screens::plugin,
        layout::plugin,
        board::plugin,
        animation::plugin,
        input::plugin,
        computer::plugin,
        analysis::plugin,
    ));
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins(records::plugin);
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web_records::plugin);
}

/// The table on screen: frames while something moves, the overlay, the
/// sounds, and the table's part of the panels' pass.
pub(super) fn view(app: &mut App) {
    app.init_resource::<form::NewGameForm>()
        .init_resource::<modding::ModProblems>()
        .init_resource::<strokes::Strokes>()
        .add_plugins((wake::plugin, overlay::plugin, audio::plugin))
        .add_systems(First, strokes::clear_strokes)
        .add_systems(
            EguiPrimaryContextPass,
            (
                strokes::paint_strokes,
                labels::board_labels.run_if(in_state(screens::InGame)),
            )
                .chain()
                .in_set(PanelSet::BoardLabels),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                records_window::records_window.in_set(PanelSet::Records),
                room::curtain.in_set(PanelSet::Curtain),
                room::end_pass.in_set(PanelSet::End),
            ),
        );
}
