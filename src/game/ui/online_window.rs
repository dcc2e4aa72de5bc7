//! Online play's panels: the Online window (create a table, which a friend
//! joins by its code or link or the server's computer takes; join one by
//! code; watch), then, at the top of the side panel, the table itself: the
//! code and link, the players, the clocks, resign, rematch and leave. A
//! banner over the board says when the connection is lost and retried.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::ai::Level;
use crate::game::online::{Link, Online, OnlineIntent, result_text};
use crate::game::session::Variants;
use crate::online::protocol::{ClockSetting, GameSetup, Side as NetSide, SideChoice};

use super::UiState;

/// What the online panels read and send.
#[derive(bevy::ecs::system::SystemParam)]
pub struct OnlinePanel<'w> {
    online: Res<'w, Online>,
    variants: Res<'w, Variants>,
    online_intents: MessageWriter<'w, OnlineIntent>,
    time: Res<'w, Time<Real>>,
}

/// The choices of the Online window.
#[derive(Clone, Debug)]
pub struct OnlineForm {
    pub server: String,
    pub name: String,
    pub variant: String,
    pub size: u8,
    /// Index into [`CLOCKS`].
    pub clock: usize,
    pub side: SideChoice,
    /// The server's computer opposite, or a person.
    pub computer: Option<Level>,
    pub code: String,
    /// Filled from the current Online state when the window first opens.
    pub ready: bool,
}

impl Default for OnlineForm {
    fn default() -> OnlineForm {
        OnlineForm {
            server: String::new(),
            name: "guest".into(),
            variant: "box".into(),
            size: 6,
            clock: 2,
            side: SideChoice::White,
            computer: None,
            code: String::new(),
            ready: false,
        }
    }
}

/// Time controls offered: minutes + seconds per turn (none first).
const CLOCKS: [Option<(u64, u64)>; 5] = [
    None,
    Some((1, 0)),
    Some((5, 3)),
    Some((10, 5)),
    Some((30, 10)),
];

fn clock_label(clock: Option<(u64, u64)>) -> String {
    match clock {
        None => "no clock".into(),
        Some((m, s)) => format!("{m} min + {s} s"),
    }
}

/// `m:ss`, or `s.t` under ten seconds.
pub fn clock_text(ms: u64) -> String {
    if ms < 10_000 {
        format!("{:.1}", ms as f64 / 1000.0)
    } else {
        let s = ms / 1000;
        format!("{}:{:02}", s / 60, s % 60)
    }
}

impl OnlinePanel<'_> {
    /// Whether the player is at an online table.
    pub fn is_active(&self) -> bool {
        self.online.is_active()
    }
}

/// The Online window (the lobby): a new table, or a code to join or watch.
pub fn online_window(
    mut contexts: EguiContexts,
    mut data: OnlinePanel,
    mut state: ResMut<UiState>,
) -> Result {
    let ctx = &contexts.ctx_mut()?.clone();
    let state = &mut *state;
    let data = &mut data;
    let form = &mut state.online_form;
    // Filled in from the settings when first opened.
    if state.show_online && !form.ready {
        form.server = data.online.server.clone();
        form.name = data.online.name.clone();
        form.ready = true;
    }
    // At a table, the side panel shows it; the window is for finding one.
    if data.online.is_active() {
        state.show_online = false;
        return Ok(());
    }
    let mut open = state.show_online;
    super::fitted(egui::Window::new("Online"), ctx)
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| lobby(ui, data, &mut state.online_form));
    if !open {
        state.show_online = false;
    }
    Ok(())
}

fn lobby(ui: &mut egui::Ui, data: &mut OnlinePanel, form: &mut OnlineForm) {
    egui::Grid::new("online-who").num_columns(2).show(ui, |ui| {
        ui.label("Server");
        ui.text_edit_singleline(&mut form.server)
            .on_hover_text("host:port of a `burrow serve`");
        ui.end_row();
        ui.label("Your name");
        ui.text_edit_singleline(&mut form.name);
        ui.end_row();
    });
    ui.separator();
    ui.strong("New table");
    egui::Grid::new("online-new").num_columns(2).show(ui, |ui| {
        ui.label("Game");
        egui::ComboBox::from_id_salt("online-variant")
            .selected_text(form.variant.clone())
            .show_ui(ui, |ui| {
                for rules in data.variants.iter() {
                    let name = rules.variant().name().to_string();
                    ui.selectable_value(&mut form.variant, rules.id().to_string(), name);
                }
            });
        ui.end_row();
        ui.label("Board");
        ui.horizontal(|ui| {
            // The square boards the game is played on.
            let sizes = data
                .variants
                .get(&form.variant)
                .map_or(crate::rules::SizeRange::ALL, |r| r.sizes());
            let squares: Vec<u8> = sizes.squares().map(|s| s.files()).collect();
            if !squares.contains(&form.size)
                && let Some(&nearest) = squares.iter().min_by_key(|&&s| s.abs_diff(form.size))
            {
                form.size = nearest;
            }
            for size in squares {
                ui.selectable_value(&mut form.size, size, format!("{size}×{size}"));
            }
        });
        ui.end_row();
        ui.label("Clock");
        egui::ComboBox::from_id_salt("online-clock")
            .selected_text(clock_label(CLOCKS[form.clock]))
            .show_ui(ui, |ui| {
                for (i, clock) in CLOCKS.into_iter().enumerate() {
                    ui.selectable_value(&mut form.clock, i, clock_label(clock));
                }
            });
        ui.end_row();
        ui.label("You play");
        ui.horizontal(|ui| {
            ui.selectable_value(&mut form.side, SideChoice::White, "White");
            ui.selectable_value(&mut form.side, SideChoice::Black, "Black");
            ui.selectable_value(&mut form.side, SideChoice::Random, "Either");
        });
        ui.end_row();
        ui.label("Against");
        egui::ComboBox::from_id_salt("online-against")
            .selected_text(match form.computer {
                None => "a friend (share the code)".to_string(),
                Some(level) => format!("the server's computer ({level})"),
            })
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut form.computer, None, "a friend (share the code)");
                for level in Level::ALL {
                    ui.selectable_value(
                        &mut form.computer,
                        Some(level),
                        format!("the server's computer ({level})"),
                    );
                }
            });
        ui.end_row();
    });
    if ui.button("Create table").clicked() {
        let clock = CLOCKS[form.clock].map(|(m, s)| ClockSetting {
            initial_ms: m * 60_000,
            increment_ms: s * 1000,
            per_move: false,
        });
        data.online_intents.write(OnlineIntent::Create {
            server: form.server.clone(),
            setup: GameSetup {
                variant: form.variant.clone(),
                size: crate::rules::BoardSize::new(form.size, form.size).unwrap_or_default(),
                start: None,
                clock,
                design: None,
            },
            side: form.side,
            name: form.name.clone(),
            computer: form.computer,
        });
    }
    ui.separator();
    ui.strong("A friend's table");
    ui.horizontal(|ui| {
        ui.label("Code");
        ui.add(egui::TextEdit::singleline(&mut form.code).desired_width(90.0));
        let has_code = !form.code.trim().is_empty();
        if ui
            .add_enabled(has_code, egui::Button::new("Join"))
            .clicked()
        {
            data.online_intents.write(OnlineIntent::Join {
                server: form.server.clone(),
                code: form.code.clone(),
                name: form.name.clone(),
            });
        }
        if ui
            .add_enabled(has_code, egui::Button::new("Watch"))
            .clicked()
        {
            data.online_intents.write(OnlineIntent::Watch {
                server: form.server.clone(),
                code: form.code.clone(),
            });
        }
    });
    if let Some(notice) = &data.online.notice {
        ui.colored_label(ui.visuals().warn_fg_color, notice);
    }
}

/// The table, at the top of the side panel.
pub fn table(ui: &mut egui::Ui, data: &mut OnlinePanel) {
    ui.strong("Online");
    let online = &data.online;
    match online.link {
        Link::Open => {}
        Link::Connecting => {
            ui.label(format!("Connecting to {}…", online.server));
        }
        Link::Lost { .. } => {
            ui.colored_label(ui.visuals().warn_fg_color, "Connection lost: reconnecting…");
        }
        Link::Off => {}
    }
    if let Some(code) = &online.code {
        ui.horizontal(|ui| {
            ui.label("Code");
            ui.heading(code);
            if ui.button("Copy link").clicked()
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
        ui.label("Waiting for the server…");
        return;
    };
    let now = data.time.elapsed_secs_f64();
    let clocks = online.clocks(now);
    egui::Grid::new("online-seats")
        .num_columns(3)
        .show(ui, |ui| {
            for (side, seat) in [
                (NetSide::White, &table.view.white),
                (NetSide::Black, &table.view.black),
            ] {
                let you = online.side() == Some(side);
                let name = seat
                    .computer
                    .as_ref()
                    .map(|l| format!("computer ({l})"))
                    .or_else(|| seat.name.clone())
                    .unwrap_or_else(|| "(free seat)".into());
                let side_name = if side == NetSide::White {
                    "White"
                } else {
                    "Black"
                };
                ui.label(side_name);
                let mut text =
                    egui::RichText::new(if you { format!("{name} (you)") } else { name });
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
    let waiting = table.view.white.name.is_none() && table.view.white.computer.is_none()
        || table.view.black.name.is_none() && table.view.black.computer.is_none();
    if waiting {
        ui.label("Waiting for the other player: send them the code or the link.");
    }
    if let Some(result) = result_text(online) {
        ui.strong(result);
    }
    let seated = online.side().is_some();
    ui.horizontal(|ui| {
        let over = table.view.result.is_some();
        if seated && !over && ui.button("Resign").clicked() {
            data.online_intents.write(OnlineIntent::Resign);
        }
        if seated && over {
            let offered = online
                .side()
                .is_some_and(|s| table.view.rematch_offers.contains(&s));
            let label = if offered {
                "Rematch offered"
            } else {
                "Rematch"
            };
            if ui.add_enabled(!offered, egui::Button::new(label)).clicked() {
                data.online_intents.write(OnlineIntent::Rematch);
            }
        }
        if ui.button("Leave").clicked() {
            data.online_intents.write(OnlineIntent::Leave);
        }
    });
    if let Some(notice) = &online.notice {
        ui.small(notice);
    }
}

/// The banner over the board while the connection is lost.
pub fn banner(mut contexts: EguiContexts, online: Res<Online>) -> Result {
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
                    ui.colored_label(
                        egui::Color32::WHITE,
                        "Connection to the server lost: reconnecting…",
                    );
                });
        });
    Ok(())
}
