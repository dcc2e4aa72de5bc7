//! Over the board: the banner while the connection is lost, and the news
//! of the player's turn at other tables.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::online::community::{Community, CommunityIntent};
use crate::game::online::link::Link;
use crate::game::online::seat::{Online, OnlineIntent};

/// The banner over the board while the connection is lost.
pub(super) fn banner(mut contexts: EguiContexts, online: Res<Online>) -> Result {
    if !matches!(online.link, Link::Lost { .. }) || online.code.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let ctx = &ctx;
    egui::Area::new("online-banner".into())
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 8.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .fill(egui::Color32::from_rgb(150, 60, 30))
                .show(ui, |ui| {
                    ui.colored_label(egui::Color32::WHITE, crate::tr!("online-lost-banner"));
                });
        });
    Ok(())
}

/// News of the player's turn at other tables, at the top right: open one,
/// or put the news away.
pub(super) fn your_turn_news(
    mut contexts: EguiContexts,
    community: Res<Community>,
    mut online_intents: MessageWriter<OnlineIntent>,
    mut community_intents: MessageWriter<CommunityIntent>,
) -> Result {
    if community.your_turn.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    egui::Area::new("your-turn".into())
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-8.0, 8.0))
        .show(&ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                for code in community.your_turn.iter().take(3) {
                    ui.horizontal(|ui| {
                        ui.label(crate::tr!("online-your-turn-in", code = code.as_str()));
                        if ui.button(crate::tr!("online-open")).clicked() {
                            community_intents.write(CommunityIntent::Seen { code: code.clone() });
                            online_intents.write(OnlineIntent::Resume {
                                server: community.server.clone(),
                                code: code.clone(),
                            });
                        }
                        let dismiss = ui.small_button("×");
                        let name = crate::tr!("online-dismiss");
                        crate::game::ui::name_for_reader(&dismiss, name.clone());
                        if dismiss.on_hover_text(name).clicked() {
                            community_intents.write(CommunityIntent::Seen { code: code.clone() });
                        }
                    });
                }
            });
        });
    Ok(())
}
