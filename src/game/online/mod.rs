//! Online play: the game at an online table ([`table`]) over its own
//! connection ([`socket`]), the player's place on the server beyond one
//! table ([`community`]), and their panels: the Online window in tabs,
//! the table at the top of the side panel, the banners over the board;
//! and the server's refusals in the player's words ([`errors`]).

mod account_tab;
mod banners;
pub mod clock;
pub mod community;
pub mod errors;
mod lobby_tab;
mod my_games_tab;
pub mod panel;
mod play_tab;
mod players_tab;
pub mod socket;
pub mod table;
pub mod table_panel;
mod window;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::game::ui::{PanelSet, ServerPage};

/// The intent the launcher sends for an address or `--join`/`--host`.
pub use table::OnlineIntent;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((table::plugin, community::plugin));
}

pub(super) fn view(app: &mut App) {
    app.init_resource::<panel::OnlineForm>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                window::online_window,
                banners::banner,
                banners::your_turn_news,
            )
                .chain()
                .in_set(PanelSet::Online),
        )
        .add_systems(
            Update,
            show_server_page.run_if(resource_changed::<table::Online>),
        );
}

/// Tells the panels the web page of the server chosen for online play.
fn show_server_page(online: Res<table::Online>, mut page: ResMut<ServerPage>) {
    let address = online.page_address();
    if page.0 != address {
        page.0 = address;
    }
}
