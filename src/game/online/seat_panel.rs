//! The online table at the top of the side panel: the code and link, the
//! players and their clocks, resign, rematch and leave.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::online::clock::clock_text;
use crate::game::online::link::Link;
use crate::game::online::panel::{OnlinePanel, account_name, computer_name};
use crate::game::online::seat::{Online, OnlineIntent};
use crate::game::ui::{UiState, words};
use crate::online::mirror::Mirror;
use crate::rules::Side;
use crate::tr;

/// The table at the top of the side panel, while one is open (or being
/// opened); it names the players, so the game's part below leaves them
/// out.
pub(super) fn seat_section(
    InMut(ui): InMut<egui::Ui>,
    mut data: OnlinePanel,
    mut state: ResMut<UiState>,
) {
    if data.is_active() {
        state.players_named = true;
        table(ui, &mut data);
        ui.separator();
    }
}

/// The Play menu's Online window.
pub(super) fn online_entry(InMut(ui): InMut<egui::Ui>, mut state: ResMut<UiState>) {
    let online = ui.button(tr!("menu-online"));
    state.spot("online", &online);
    if online.clicked() {
        state.open.online = true;
    }
}

/// The table, at the top of the side panel.
fn table(ui: &mut egui::Ui, data: &mut OnlinePanel) {
    ui.strong(tr!("online-title"));
    let online = &data.online;
    match online.link {
        Link::Open => {}
        Link::Connecting => {
            ui.label(tr!("online-connecting-to", server = online.server.as_str()));
        }
        Link::Lost { .. } => {
            ui.colored_label(ui.visuals().warn_fg_color, tr!("online-reconnecting"));
        }
        Link::Off => {}
    }
    if let Some(code) = &online.code {
        ui.horizontal(|ui| {
            ui.label(tr!("online-code"));
            ui.heading(code);
            if ui.button(tr!("online-copy-link")).clicked()
                && let Some(link) = online.invitation()
            {
                ui.ctx().copy_text(link);
            }
        });
        if let Some(link) = online.invitation() {
            ui.small(link);
        }
    }
    let Some(table) = &online.table else {
        ui.label(tr!("online-waiting-server"));
        return;
    };
    let now = data.time.elapsed_secs_f64();
    let clocks = online.clocks(now);
    seats(ui, online, table, clocks);
    let waiting = table.view.white.name.is_none() && table.view.white.computer.is_none()
        || table.view.black.name.is_none() && table.view.black.computer.is_none();
    if waiting {
        ui.label(tr!("online-waiting-player"));
    }
    if table.view.rated {
        ui.small(tr!("online-rated-game"));
    }
    if let Some(result) = result_text(online) {
        ui.strong(result);
    }
    let seated = online.side().is_some();
    ui.horizontal(|ui| {
        let over = table.view.result.is_some();
        if seated && !over && ui.button(tr!("online-resign")).clicked() {
            data.online_intents.write(OnlineIntent::Resign);
        }
        if seated && over {
            let offered = online
                .side()
                .is_some_and(|s| table.view.rematch_offers.contains(&s));
            let label = if offered {
                tr!("online-rematch-offered")
            } else {
                tr!("game-over-rematch")
            };
            if ui.add_enabled(!offered, egui::Button::new(label)).clicked() {
                data.online_intents.write(OnlineIntent::Rematch);
            }
        }
        if ui.button(tr!("online-leave")).clicked() {
            data.online_intents.write(OnlineIntent::Leave);
        }
    });
    if let Some(notice) = &online.notice {
        ui.small(notice);
    }
}

/// The seats: each side's player (the player's own marked) and clock.
fn seats(
    ui: &mut egui::Ui,
    online: &Online,
    table: &Mirror,
    clocks: Option<([u64; 2], Option<Side>)>,
) {
    egui::Grid::new("online-seats")
        .num_columns(3)
        .show(ui, |ui| {
            for (side, seat) in [
                (Side::White, &table.view.white),
                (Side::Black, &table.view.black),
            ] {
                let you = online.side() == Some(side);
                let name = seat
                    .computer
                    .map(computer_name)
                    .or_else(|| seat.name.as_deref().map(|n| account_name(n, seat.bot)))
                    .unwrap_or_else(|| tr!("online-free-seat"));
                ui.label(words::side(side));
                let mut text = egui::RichText::new(if you {
                    tr!("online-you", name = name)
                } else {
                    name
                });
                if seat.name.is_some() && seat.computer.is_none() && !seat.connected {
                    text = text.weak();
                }
                ui.label(text);
                if let Some((left, running)) = clocks {
                    let mut t = egui::RichText::new(clock_text(left[side.index()])).monospace();
                    if running == Some(side) {
                        t = t.strong();
                    }
                    ui.label(t);
                } else {
                    ui.label("");
                }
                ui.end_row();
            }
        });
}

/// How the server's result reads, in the player's words (the record's
/// `Termination` tag keeps the format's English, `Finish::text`).
pub fn result_text(online: &Online) -> Option<String> {
    use crate::online::protocol::EndReason;
    let table = online.table.as_ref()?;
    let finish = table.view.result?;
    let side = words::side_key(finish.winner);
    Some(match finish.reason {
        EndReason::NoCapture if table.rules.end().stuck_wins() => {
            tr!("online-won-stuck", side = side)
        }
        EndReason::NoCapture => tr!("online-won-no-capture", side = side),
        EndReason::Time => tr!("online-won-time", side = side),
        EndReason::Resigned => tr!("online-won-resigned", side = side),
    })
}
