//! The game being played on this machine's board (a local game, a
//! puzzle's, a lesson's or an online table's): the game and its rules
//! plugin (`game`: the [`Game`] resource; `messages`: its intents and
//! facts; `rules_plugin`: the one writer of the game), what
//! follows its facts (the screens' flow, the board's entities, the
//! animation), the input, the computer players, the analysis, the records;
//! and on screen the overlay, the sounds, the board's labels, the records
//! window and the game's parts of the side panel (`panel`).

mod analysis;
mod animation;
mod audio;
mod board;
mod computer;
mod flow;
mod form;
mod game;
mod input;
mod labels;
mod layout;
mod messages;
mod modding;
mod overlay;
mod panel;
mod pass_ends;
mod pieces;
mod planned;
#[cfg(not(target_arch = "wasm32"))]
mod records;
mod records_window;
mod refusal;
mod rules_plugin;
mod setup;
mod strokes;
mod wake;
#[cfg(target_arch = "wasm32")]
mod web_records;

pub use analysis::{AnalysisIntent, BoardAnalysis, analysed_position};
pub use animation::AnimationQueue;
pub use board::palette;
pub use computer::{ComputerIntent, ComputerPlayer, HintRequest};
pub use form::{NewGameForm, chosen_game};
pub use game::{Game, Outcome, TurnTrail};
pub use input::{
    BoardClicks, SHORTCUTS_KEY, Selection, SingleCaptureAutoplay, SquareClicked, UiRegions,
    shortcuts,
};
pub use layout::{BoardLayout, world_to_window};
pub use messages::{
    BoardReset, CaptureIntent, CaptureMade, GameEnded, GameIntent, GameStarted, Refused,
};
pub(in crate::game) use modding::add_waiting_mods;
pub use modding::{ModProblems, VariantPlugin};
pub use overlay::{BoardMark, MarkSources, OverlaySet, TurnPreview, centres};
pub use pieces::{Animating, OnSquare, Piece};
pub use planned::{PlannedTurn, PlaysPlannedTurn};
#[cfg(not(target_arch = "wasm32"))]
pub use records::Saved;
pub use refusal::Refusal;
pub use setup::{GameMode, NewGame, Player, Variants};
pub use strokes::Strokes;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::game::ui::PanelSet;

/// The game's systems that need no window (headless tests run them).
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        rules_plugin::plugin,
        planned::plugin,
        flow::plugin,
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

/// The game on screen: frames while something moves, the overlay, the
/// sounds, and the game's parts of the panels' pass.
pub(super) fn view(app: &mut App) {
    panel::view(app);
    app.init_resource::<NewGameForm>()
        .init_resource::<ModProblems>()
        .init_resource::<Strokes>()
        .add_plugins((wake::plugin, overlay::plugin, audio::plugin))
        .add_systems(First, strokes::clear_strokes)
        .add_systems(
            EguiPrimaryContextPass,
            (
                strokes::paint_strokes,
                labels::board_labels.run_if(in_state(crate::game::screens::InGame)),
            )
                .chain()
                .in_set(PanelSet::BoardLabels),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                records_window::records_window.in_set(PanelSet::Records),
                pass_ends::curtain.in_set(PanelSet::Curtain),
                pass_ends::end_pass.in_set(PanelSet::End),
            ),
        );
}
