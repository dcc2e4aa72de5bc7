//! The Online window's Lobby tab: the open seeks, to join.

use bevy_egui::egui;

use crate::game::online::clock::clock_label;
use crate::game::online::panel::{OnlineForm, OnlinePanel};
use crate::game::online::panel::{account_name, game_name, striped_list};
use crate::game::online::seat::OnlineIntent;
use crate::tr;

pub(super) fn lobby_tab(ui: &mut egui::Ui, data: &mut OnlinePanel, form: &mut OnlineForm) {
    let Some(seeks) = &data.community.lobby else {
        ui.label(tr!("online-waiting-server"));
        return;
    };
    if seeks.is_empty() {
        ui.label(tr!("online-lobby-empty"));
        return;
    }
    let mut join = None;
    egui::ScrollArea::vertical()
        .max_height(320.0)
        .show(ui, |ui| {
            striped_list(ui, "online-lobby", 5, |ui| {
                for seek in seeks {
                    ui.label(format!("{} {}", game_name(data, &seek.variant), seek.size));
                    ui.label(clock_label(seek.clock));
                    let name = account_name(&seek.name, seek.bot);
                    let who = match seek.rating {
                        Some(rating) => tr!(
                            "online-name-rating",
                            name = name,
                            rating = rating.round() as i64
                        ),
                        None => name,
                    };
                    ui.label(who);
                    ui.label(if seek.rated {
                        tr!("online-seek-rated")
                    } else {
                        tr!("online-seek-casual")
                    });
                    if ui.button(tr!("online-join")).clicked() {
                        join = Some(seek.code.clone());
                    }
                    ui.end_row();
                }
            });
        });
    if let Some(code) = join {
        data.online_intents.write(OnlineIntent::Join {
            server: form.server.clone(),
            code,
            name: form.name.clone(),
        });
    }
}
