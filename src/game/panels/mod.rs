//! The panels that bring the features together: the side panel's layout
//! beside the board (each feature draws its own parts in it), the title
//! screen's
//! new-game window, the game-over and rules dialogs, the settings window
//! and the toast. Each feature's own windows are in its folder.

mod dialogs;
mod settings_window;
mod side_panel;
mod title;
mod toast;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::game::screens::{InGame, Screen};
use crate::game::sets::GameSet;
use crate::game::ui::PanelSet;
use crate::game::ui::sections::{PanelSectionsAppExt, Slot};

pub(super) fn view(app: &mut App) {
    app.add_panel_section(Slot::RulesMenu, 10, side_panel::rules_menu)
        .add_panel_section(Slot::MenuBar, 10, side_panel::settings_button);
    app.add_systems(Update, toast::remember_notices.in_set(GameSet::Present))
        .add_systems(
            EguiPrimaryContextPass,
            (
                side_panel::side_panel
                    .run_if(in_state(InGame))
                    .in_set(PanelSet::SidePanel),
                title::title_screen
                    .run_if(in_state(Screen::Title))
                    .in_set(PanelSet::Title),
                dialogs::game_over
                    .run_if(in_state(Screen::GameOver))
                    .in_set(PanelSet::GameOver),
                dialogs::rules_window.in_set(PanelSet::Rules),
                settings_window::settings_window.in_set(PanelSet::Settings),
                toast::toast.in_set(PanelSet::Toast),
            ),
        );
}
