//! The Online window's Play tab: someone now, a new table (for a friend,
//! anyone or the server's computer), a friend's table by its code.

use bevy_egui::egui;

use crate::ai::Level;
use crate::game::online::clock::clocks;
use crate::game::online::panel::{OnlineForm, OnlinePanel};
use crate::game::online::panel::{TableFor, board_size, game_choice};
use crate::game::online::seat::OnlineIntent;
use crate::game::ui::NamedBy;
use crate::game::ui::words;
use crate::online::protocol::{GameSetup, SideChoice};
use crate::rules::Side;
use crate::tr;

/// How long a paired player waits before the computer sits, when asked.
const BOT_WAIT_S: u32 = 30;

pub(super) fn play_tab(ui: &mut egui::Ui, data: &mut OnlinePanel, form: &mut OnlineForm) {
    game_choice(ui, data, form);
    let signed_in = data.community.is_signed_in();
    if !signed_in {
        ui.horizontal(|ui| {
            let label = ui.label(tr!("online-your-name"));
            ui.text_edit_singleline(&mut form.name).named_by(label.id);
        });
    }
    ui.separator();
    ui.horizontal(|ui| {
        if ui
            .button(tr!("online-play-someone"))
            .on_hover_text(if signed_in {
                tr!("online-play-someone-rated-hint")
            } else {
                tr!("online-play-someone-guest-hint")
            })
            .clicked()
        {
            data.online_intents.write(OnlineIntent::Pair {
                server: form.server.clone(),
                variant: form.variant.clone(),
                size: board_size(form),
                clock: clocks()[form.clock],
                bot_after_s: form.bot_after_wait.then_some(BOT_WAIT_S),
            });
        }
        ui.checkbox(
            &mut form.bot_after_wait,
            tr!("online-computer-after", seconds = BOT_WAIT_S),
        );
    });
    ui.separator();
    new_table(ui, data, form, signed_in);
    ui.separator();
    friends_table(ui, data, form);
}

/// A new table: the side, who it is for, rated or not.
fn new_table(ui: &mut egui::Ui, data: &mut OnlinePanel, form: &mut OnlineForm, signed_in: bool) {
    ui.strong(tr!("online-new-table"));
    egui::Grid::new("online-table")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label(tr!("online-you-play"));
            ui.horizontal(|ui| {
                ui.selectable_value(&mut form.side, SideChoice::White, words::side(Side::White));
                ui.selectable_value(&mut form.side, SideChoice::Black, words::side(Side::Black));
                ui.selectable_value(
                    &mut form.side,
                    SideChoice::Random,
                    tr!("online-either-side"),
                );
            });
            ui.end_row();
            let against = ui.label(tr!("online-against"));
            let label = |table_for: TableFor| match table_for {
                TableFor::Friend => tr!("online-against-friend"),
                TableFor::Anyone => tr!("online-against-anyone"),
                TableFor::Computer(level) => {
                    tr!("online-against-computer", level = words::level(level))
                }
            };
            egui::ComboBox::from_id_salt("online-against")
                .selected_text(label(form.table_for))
                .show_ui(ui, |ui| {
                    for choice in [TableFor::Friend, TableFor::Anyone]
                        .into_iter()
                        .chain(Level::ALL.map(TableFor::Computer))
                    {
                        ui.selectable_value(&mut form.table_for, choice, label(choice));
                    }
                })
                .response
                .named_by(against.id);
            ui.end_row();
            ui.label(tr!("online-rated"));
            let rated = ui.add_enabled(signed_in, egui::Checkbox::without_text(&mut form.rated));
            crate::game::ui::name_for_reader(&rated, tr!("online-rated"));
            rated.on_disabled_hover_text(tr!("online-rated-sign-in"));
            ui.end_row();
        });
    if ui.button(tr!("online-create-table")).clicked() {
        data.online_intents.write(OnlineIntent::Create {
            server: form.server.clone(),
            setup: GameSetup {
                variant: form.variant.clone(),
                size: board_size(form),
                start: None,
                clock: clocks()[form.clock],
                design: None,
            },
            side: form.side,
            name: form.name.clone(),
            computer: match form.table_for {
                TableFor::Computer(level) => Some(level),
                _ => None,
            },
            public: form.table_for == TableFor::Anyone,
            rated: signed_in && form.rated,
        });
    }
}

/// A friend's table by its code: join or watch.
fn friends_table(ui: &mut egui::Ui, data: &mut OnlinePanel, form: &mut OnlineForm) {
    ui.strong(tr!("online-friends-table"));
    ui.horizontal(|ui| {
        let label = ui.label(tr!("online-code"));
        ui.add(egui::TextEdit::singleline(&mut form.code).desired_width(90.0))
            .named_by(label.id);
        let has_code = !form.code.trim().is_empty();
        if ui
            .add_enabled(has_code, egui::Button::new(tr!("online-join")))
            .clicked()
        {
            data.online_intents.write(OnlineIntent::Join {
                server: form.server.clone(),
                code: form.code.clone(),
                name: form.name.clone(),
            });
        }
        if ui
            .add_enabled(has_code, egui::Button::new(tr!("online-watch")))
            .clicked()
        {
            data.online_intents.write(OnlineIntent::Watch {
                server: form.server.clone(),
                code: form.code.clone(),
            });
        }
    });
}
