//! The designer: a game made from menus, one rule at a time. The draft,
//! its verdict and what the buttons ask (`draft`); its game files on the
//! desktop (`files`); the window
//! (`window`) with an editor for each part of the rules (the movement,
//! the template, the board) in a file of its own.

mod board;
mod draft;
#[cfg(not(target_arch = "wasm32"))]
mod files;
mod movement;
mod template;
mod training;
mod widgets;
mod window;

pub use draft::{Designer, DesignerIntent};

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::game::ui::PanelSet;
use crate::game::ui::sections::{PanelSectionsAppExt, Slot};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(draft::plugin);
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins(files::plugin);
    #[cfg(target_arch = "wasm32")]
    app.add_systems(
        Update,
        read_picked_design
            .after(crate::game::platform::web_files::PickedFiles)
            .in_set(crate::game::sets::GameSet::Input),
    );
}

pub(super) fn view(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        window::designer_window.in_set(PanelSet::Designer),
    )
    .add_panel_section(Slot::PlayMenu, 40, window::design_entry);
}

/// A game file (`.toml`) picked on the web page goes to the designer.
#[cfg(target_arch = "wasm32")]
fn read_picked_design(
    mut picked: MessageReader<crate::game::platform::web_files::FilePicked>,
    mut designs: MessageWriter<DesignerIntent>,
) {
    use crate::game::platform::web_files::FilePicked;
    for file in picked.read() {
        if let FilePicked::Read { name, text } = file
            && name.ends_with(".toml")
        {
            designs.write(DesignerIntent::Read(text.clone()));
        }
    }
}
