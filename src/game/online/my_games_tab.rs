//! The Online window's My games tab: the account's running games, its
//! turn first, with the time left.

use bevy_egui::egui;

use crate::game::online::clock::{clock_text, epoch_ms};
use crate::game::online::community::CommunityIntent;
use crate::game::online::panel::{OnlineForm, OnlinePanel};
use crate::game::online::panel::{account_name, game_name, player_name, striped_list};
use crate::game::online::seat::OnlineIntent;
use crate::tr;

pub(super) fn my_games_tab(ui: &mut egui::Ui, data: &mut OnlinePanel, form: &mut OnlineForm) {
    if !data.community.is_signed_in() {
        ui.label(tr!("online-my-games-sign-in"));
        return;
    }
    let games = &data.community.my_games;
    if games.is_empty() {
        ui.label(tr!("online-no-running-games"));
        return;
    }
    let now = epoch_ms();
    let mut open = None;
    striped_list(ui, "online-my-games", 4, |ui| {
        for game in games {
            ui.label(format!("{} {}", game_name(data, &game.variant), game.size));
            ui.label(match &game.opponent {
                Some(name) if game.opponent_bot => {
                    tr!("online-versus", name = account_name(name, true))
                }
                Some(name) => tr!("online-versus", name = player_name(name)),
                None => tr!("online-waiting-for-player"),
            });
            let left = game
                .deadline_ms
                .map(|d| clock_text(d.saturating_sub(now).max(0) as u64));
            let turn = if game.your_turn {
                egui::RichText::new(match left {
                    Some(left) => tr!("online-your-turn-left", left = left),
                    None => tr!("online-your-turn"),
                })
                .strong()
            } else {
                egui::RichText::new(tr!("online-their-turn"))
            };
            ui.label(turn);
            if ui.button(tr!("online-open")).clicked() {
                open = Some(game.code.clone());
            }
            ui.end_row();
        }
    });
    if let Some(code) = open {
        data.community_intents
            .write(CommunityIntent::Seen { code: code.clone() });
        data.online_intents.write(OnlineIntent::Resume {
            server: form.server.clone(),
            code,
        });
    }
}
