//! The Online window's Account tab: sign in, register, sign out.

use bevy_egui::egui;

use crate::game::online::community::CommunityIntent;
use crate::game::online::panel::OnlineTab;
use crate::game::online::panel::{OnlineForm, OnlinePanel};
use crate::online::protocol::ClientMessage;

pub(super) fn account_tab(ui: &mut egui::Ui, data: &mut OnlinePanel, form: &mut OnlineForm) {
    if let Some(name) = &data.community.account {
        ui.label(format!(
            "Signed in as {name}: your games are kept on the server and rated games count for you."
        ));
        ui.horizontal(|ui| {
            if ui.button("My page").clicked() {
                data.community_intents
                    .write(CommunityIntent::Send(ClientMessage::Player {
                        name: name.clone(),
                    }));
                form.tab = OnlineTab::Players;
            }
            if cfg!(target_arch = "wasm32") && ui.button("Allow notifications").clicked() {
                data.community_intents
                    .write(CommunityIntent::AllowNotifications);
            }
            if ui.button("Sign out").clicked() {
                data.community_intents
                    .write(CommunityIntent::Send(ClientMessage::SignOut {}));
            }
        });
        return;
    }
    ui.label("An account keeps your games and rating on this server. No e-mail needed.");
    egui::Grid::new("online-account")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("Name");
            ui.text_edit_singleline(&mut form.name);
            ui.end_row();
            ui.label("Password");
            ui.add(egui::TextEdit::singleline(&mut form.password).password(true));
            ui.end_row();
        });
    let ready = !form.name.trim().is_empty() && !form.password.is_empty();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(ready, egui::Button::new("Sign in"))
            .clicked()
        {
            data.community_intents
                .write(CommunityIntent::Send(ClientMessage::SignIn {
                    name: form.name.trim().to_string(),
                    password: std::mem::take(&mut form.password),
                }));
        }
        if ui
            .add_enabled(ready, egui::Button::new("Register"))
            .on_hover_text("A new account: a name nobody has, a password of 8 characters or more")
            .clicked()
        {
            data.community_intents
                .write(CommunityIntent::Send(ClientMessage::Register {
                    name: form.name.trim().to_string(),
                    password: std::mem::take(&mut form.password),
                }));
        }
    });
}
