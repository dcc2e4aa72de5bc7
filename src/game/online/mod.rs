//! Online play: the player's seat at an online table (`seat`) over a
//! connection of its own (`socket`), the player's place on the server
//! beyond one table (`community`, with its own connection), the one life
//! both connections follow (`link`), and their panels: the Online window
//! in tabs, the table at the top of the side panel (`seat_panel`), the
//! banners over the board; and the server's refusals in the player's words
//! (`errors`).

mod account_tab;
mod banners;
mod clock;
mod community;
mod errors;
mod link;
mod lobby_tab;
mod my_games_tab;
mod panel;
mod play_tab;
mod players_tab;
mod seat;
mod seat_panel;
mod socket;
mod window;

pub use clock::clock_text;
pub use community::{Community, CommunityIntent};
pub use link::Link;
pub use panel::{OnlineForm, OnlinePanel, OnlineTab};
pub use seat::{Online, OnlineIntent};
pub use seat_panel::result_text;
pub use socket::CaFileFlag;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::game::ui::sections::{PanelSectionsAppExt, Slot};
use crate::game::ui::{PanelSet, ServerPage};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((seat::plugin, community::plugin))
        .add_systems(Startup, start_online);
}

/// What the launcher asks online play to open with (`--server`,
/// `--join`/`--host`, `--sign-in`, `--online-tab`): put in as a resource
/// before the first frame, and carried out once then.
#[derive(Resource, Clone, Debug, Default)]
pub struct OnlineStart {
    /// The server the Online window and new tables use.
    pub server: Option<String>,
    /// A table to open, join or watch at once (the Online window opens
    /// with it).
    pub table: Option<OnlineIntent>,
    /// An account to sign in to at `server` (name, password).
    pub sign_in: Option<(String, String)>,
    /// The Online window, open at this tab.
    pub tab: Option<OnlineTab>,
}

fn start_online(
    start: Option<Res<OnlineStart>>,
    mut online: ResMut<Online>,
    mut seats: MessageWriter<OnlineIntent>,
    mut community: MessageWriter<CommunityIntent>,
    mut ui: Option<ResMut<crate::game::ui::UiState>>,
    mut form: Option<ResMut<OnlineForm>>,
) {
    let Some(start) = start else { return };
    if let Some(server) = &start.server {
        online.server = server.clone();
    }
    if let Some(intent) = &start.table {
        seats.write(intent.clone());
    }
    if let (Some((name, password)), Some(server)) = (&start.sign_in, &start.server) {
        community.write(CommunityIntent::Connect {
            server: server.clone(),
        });
        community.write(CommunityIntent::Send(
            crate::online::protocol::ClientMessage::SignIn {
                name: name.clone(),
                password: password.clone(),
            },
        ));
    }
    if let Some(ui) = &mut ui
        && (start.table.is_some() || start.tab.is_some())
    {
        ui.open.online = true;
    }
    if let (Some(form), Some(tab)) = (&mut form, start.tab) {
        form.tab = tab;
    }
}

pub(super) fn view(app: &mut App) {
    app.init_resource::<OnlineForm>()
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
        .add_systems(Update, show_server_page.run_if(resource_changed::<Online>))
        .add_panel_section(Slot::Body, 20, seat_panel::seat_section)
        .add_panel_section(Slot::PlayMenu, 20, seat_panel::online_entry);
}

/// Tells the panels the web page of the server chosen for online play.
fn show_server_page(online: Res<Online>, mut page: ResMut<ServerPage>) {
    let address = online.page_address();
    if page.0 != address {
        page.0 = address;
    }
}
