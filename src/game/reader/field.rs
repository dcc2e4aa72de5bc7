//! The desktop's command field, at the top of the side panel's body, with
//! what was said last under it (the web page's field and live region are
//! the page's own: see `page`).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::settings::Settings;
use crate::game::ui::sections::{PanelSectionsAppExt, Slot};
use crate::game::ui::{NamedBy, UiState};
use crate::tr;

use super::{ReaderLine, Spoken};

pub(super) fn view(app: &mut App) {
    app.add_panel_section(Slot::Body, 20, command_field);
}

/// How many things said are shown under the field.
const SHOWN: usize = 6;

/// The command field, with what was said last under it, newest first.
fn command_field(
    InMut(ui): InMut<egui::Ui>,
    settings: Res<Settings>,
    mut spoken: ResMut<Spoken>,
    mut state: ResMut<UiState>,
    mut lines: MessageWriter<ReaderLine>,
    mut shown: Local<bool>,
) {
    if !settings.screen_reader {
        *shown = false;
        return;
    }
    let title = ui.label(egui::RichText::new(tr!("reader-title")).strong());
    let field = ui.add(
        egui::TextEdit::singleline(&mut spoken.line)
            .desired_width(f32::INFINITY)
            .hint_text(tr!("reader-field-hint")),
    );
    let field = field.named_by(title.id);
    state.spot("reader-field", &field);
    if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
        lines.write(ReaderLine(std::mem::take(&mut spoken.line)));
        field.request_focus();
    } else if !*shown {
        // The field takes the keyboard when it appears (Esc gives it back
        // to the board's keys; Tab or a click on the field takes it again).
        field.request_focus();
    }
    *shown = true;
    for (index, words) in spoken.said.iter().rev().take(SHOWN).enumerate() {
        // Each line its own live region, under an id of its own (its
        // number among all said): a screen reader speaks a new line once
        // as it appears, several in one frame included, without the focus
        // moving to it, and the lines already said stay quiet.
        ui.push_id(spoken.total - index, |ui| {
            let said = ui.label(words);
            ui.ctx().accesskit_node_builder(said.id, |node| {
                node.set_live(egui::accesskit::Live::Polite);
            });
        });
    }
    ui.separator();
}
