//! The Online window's Account tab: sign in, register, sign out, and the
//! account's setting (refuse rated games against bots).

use bevy_egui::egui;

use crate::game::online::community::CommunityIntent;
use crate::game::online::panel::OnlineTab;
use crate::game::online::panel::{OnlineForm, OnlinePanel};
use crate::game::ui::NamedBy;
use crate::online::protocol::ClientMessage;
use crate::tr;

/// The shortest password a server takes (the server's `PASSWORD_CHARS`,
/// whose module is not on the web page).
const PASSWORD_MIN_CHARS: u32 = 8;

pub(super) fn account_tab(ui: &mut egui::Ui, data: &mut OnlinePanel, form: &mut OnlineForm) {
    if let Some(name) = &data.community.account {
        ui.label(tr!("online-account-signed-in", name = name.as_str()));
        if data.community.bot {
            ui.label(tr!("online-bot-account"));
        }
        let mut refuse = data.community.refuse_bots;
        if ui
            .checkbox(&mut refuse, tr!("online-refuse-bots"))
            .on_hover_text(tr!("online-refuse-bots-hint"))
            .changed()
        {
            data.community_intents
                .write(CommunityIntent::Send(ClientMessage::Account {
                    refuse_bots: refuse,
                }));
        }
        ui.horizontal(|ui| {
            if ui.button(tr!("online-my-page")).clicked() {
                data.community_intents
                    .write(CommunityIntent::Send(ClientMessage::Player {
                        name: name.clone(),
                    }));
                form.tab = OnlineTab::Players;
            }
            if cfg!(target_arch = "wasm32")
                && ui.button(tr!("online-allow-notifications")).clicked()
            {
                data.community_intents
                    .write(CommunityIntent::AllowNotifications);
            }
            if ui.button(tr!("online-sign-out")).clicked() {
                data.community_intents
                    .write(CommunityIntent::Send(ClientMessage::SignOut {}));
            }
        });
        return;
    }
    ui.label(tr!("online-account-intro"));
    egui::Grid::new("online-account")
        .num_columns(2)
        .show(ui, |ui| {
            let label = ui.label(tr!("online-name"));
            ui.text_edit_singleline(&mut form.name).named_by(label.id);
            ui.end_row();
            let label = ui.label(tr!("online-password"));
            ui.add(egui::TextEdit::singleline(&mut form.password).password(true))
                .named_by(label.id);
            ui.end_row();
        });
    let ready = !form.name.trim().is_empty() && !form.password.is_empty();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(ready, egui::Button::new(tr!("online-sign-in")))
            .clicked()
        {
            data.community_intents
                .write(CommunityIntent::Send(ClientMessage::SignIn {
                    name: form.name.trim().to_string(),
                    password: std::mem::take(&mut form.password),
                }));
        }
        if ui
            .add_enabled(ready, egui::Button::new(tr!("online-register")))
            .on_hover_text(tr!("online-register-hint", count = PASSWORD_MIN_CHARS))
            .clicked()
        {
            data.community_intents
                .write(CommunityIntent::Send(ClientMessage::Register {
                    name: form.name.trim().to_string(),
                    password: std::mem::take(&mut form.password),
                    bot: false,
                }));
        }
    });
}
