//! The Online window, in tabs: Play (someone now, a seek in the lobby, a
//! table for a friend or the server's computer, a code to join or watch),
//! Lobby, My games, Players (leaderboards and players' pages with their
//! rating plot) and Account, each in a file of its own.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::online::account_tab::account_tab;
use crate::game::online::community::CommunityIntent;
use crate::game::online::link::Link;
use crate::game::online::lobby_tab::lobby_tab;
use crate::game::online::my_games_tab::my_games_tab;
use crate::game::online::panel::{OnlineForm, OnlinePanel, OnlineTab};
use crate::game::online::play_tab::play_tab;
use crate::game::online::players_tab::players_tab;
use crate::game::ui::NamedBy;
use crate::game::ui::{UiState, fitted};
use crate::online::protocol::ClientMessage;
use crate::tr;

/// The Online window.
pub(super) fn online_window(
    mut contexts: EguiContexts,
    mut data: OnlinePanel,
    mut form: ResMut<OnlineForm>,
    mut state: ResMut<UiState>,
) -> Result {
    let ctx = &contexts.ctx_mut()?.clone();
    let state = &mut *state;
    let data = &mut data;
    let form = &mut *form;
    // Filled in from the settings when first opened.
    if state.open.online && !form.ready {
        form.server = data.online.server.clone();
        form.name = data.online.name.clone();
        form.ready = true;
    }
    // A table opened (from here or a link): the board shows it.
    let active = data.online.is_active();
    if active && !form.was_active {
        state.open.online = false;
    }
    form.was_active = active;
    if state.open.online && data.community.link == Link::Off && !form.server.trim().is_empty() {
        data.community_intents.write(CommunityIntent::Connect {
            server: form.server.trim().to_string(),
        });
    }
    let mut open = state.open.online;
    fitted(egui::Window::new(tr!("online-title")), ctx)
        .id(egui::Id::new("online"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            tabs(ui, data, form);
        });
    if !open {
        state.open.online = false;
    }
    Ok(())
}

fn tabs(ui: &mut egui::Ui, data: &mut OnlinePanel, form: &mut OnlineForm) {
    ui.horizontal(|ui| {
        let label = ui.label(tr!("online-server"));
        ui.text_edit_singleline(&mut form.server)
            .named_by(label.id)
            .on_hover_text(tr!("online-server-hint"));
        let server = form.server.trim();
        if server != data.community.server
            && !server.is_empty()
            && ui.button(tr!("online-connect")).clicked()
        {
            data.community_intents.write(CommunityIntent::Connect {
                server: server.to_string(),
            });
        }
    });
    match (&data.community.account, data.community.link) {
        (Some(name), _) => ui.label(tr!("online-signed-in-as", name = name.as_str())),
        (None, Link::Open) => ui.label(tr!("online-guest")),
        (None, Link::Connecting) => ui.label(tr!("online-connecting")),
        (None, Link::Lost { .. }) => ui.label(tr!("online-trying-again")),
        (None, Link::Off) => ui.label(tr!("online-not-connected")),
    };
    ui.horizontal(|ui| {
        for tab in OnlineTab::ALL {
            let mut label = tab.label();
            if tab == OnlineTab::MyGames && !data.community.your_turn.is_empty() {
                label.push_str(&format!(" ({})", data.community.your_turn.len()));
            }
            if ui.selectable_label(form.tab == tab, label).clicked() && form.tab != tab {
                form.tab = tab;
                match tab {
                    OnlineTab::MyGames => {
                        data.community_intents
                            .write(CommunityIntent::Send(ClientMessage::MyGames {}));
                    }
                    OnlineTab::Players => form.asked = None,
                    _ => {}
                }
            }
        }
    });
    ui.separator();
    match form.tab {
        OnlineTab::Play => play_tab(ui, data, form),
        OnlineTab::Lobby => lobby_tab(ui, data, form),
        OnlineTab::MyGames => my_games_tab(ui, data, form),
        OnlineTab::Players => players_tab(ui, data, form),
        OnlineTab::Account => account_tab(ui, data, form),
    }
    let notice = data
        .online
        .notice
        .as_ref()
        .or(data.community.notice.as_ref());
    if let Some(notice) = notice {
        ui.colored_label(ui.visuals().warn_fg_color, notice);
    }
}
