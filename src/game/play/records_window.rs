//! The positions and records window the Game menu opens: text to copy
//! or paste, files to save or open.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::{Game, GameIntent};
use crate::game::ui::NamedBy;
use crate::game::ui::{UiState, fitted};
use crate::rules::Position;
use crate::tr;

/// What the positions and records window sends.
#[derive(bevy::ecs::system::SystemParam)]
pub struct RecordsWindow<'w> {
    game: Res<'w, Game>,
    time: Res<'w, Time<Real>>,
    intents: MessageWriter<'w, GameIntent>,
    #[cfg(not(target_arch = "wasm32"))]
    dialogs: MessageWriter<'w, crate::game::platform::dialogs::DialogIntent>,
    #[cfg(not(target_arch = "wasm32"))]
    files: MessageWriter<'w, super::records::RecordIntent>,
    #[cfg(target_arch = "wasm32")]
    files: MessageWriter<'w, super::web_records::PageRecordIntent>,
}

/// Positions and records: a text box to paste into (a record is played
/// back, a position starts a game), and records as files.
pub(super) fn records_window(
    mut contexts: EguiContexts,
    mut data: RecordsWindow,
    mut state: ResMut<UiState>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let state = &mut *state;
    let mut open = state.open.records;
    let window = fitted(egui::Window::new(tr!("records-title")), &ctx)
        .id(egui::Id::new("records"))
        .open(&mut open)
        .collapsible(false)
        .default_width(340.0)
        .default_pos(egui::pos2(40.0, 60.0));
    window.show(&ctx, |ui| {
        let label = ui.label(tr!("records-paste"));
        let text = ui
            .add(
                egui::TextEdit::multiline(&mut state.text)
                    .desired_width(f32::INFINITY)
                    .desired_rows(5)
                    .hint_text(tr!("records-paste-hint")),
            )
            .named_by(label.id);
        state.spot("record-text", &text);
        ui.horizontal_wrapped(|ui| {
            let record = ui
                .button(tr!("records-play-record"))
                .on_hover_text(tr!("records-play-record-hint"));
            state.spot("play-record", &record);
            if record.clicked() {
                data.intents
                    .write(GameIntent::LoadRecord(state.text.clone()));
            }
            let position = ui
                .button(tr!("records-play-position"))
                .on_hover_text(tr!("records-play-position-hint"));
            state.spot("play-position", &position);
            if position.clicked() {
                match state.text.trim().parse::<Position>() {
                    Ok(start) => {
                        data.intents
                            .write(GameIntent::NewGame(data.game.local_game_from(start)));
                    }
                    Err(e) => state.toast = Some((e.to_string(), data.time.elapsed_secs_f64())),
                }
            }
        });
        ui.separator();
        files(ui, &mut data, state);
    });
    state.open.records = open;
    Ok(())
}

/// The page has no file system: records go out as downloads and come in
/// through the browser's file picker.
#[cfg(target_arch = "wasm32")]
fn files(ui: &mut egui::Ui, data: &mut RecordsWindow, state: &mut UiState) {
    use super::web_records::PageRecordIntent;
    ui.horizontal_wrapped(|ui| {
        let download = ui.button(tr!("records-download"));
        state.spot("download-record", &download);
        if download.clicked() {
            data.files
                .write(PageRecordIntent::Download(state.file_path.clone()));
            state.toast = Some((
                tr!("records-downloading", file = state.file_path.as_str()),
                data.time.elapsed_secs_f64(),
            ));
        }
        let open = ui.button(tr!("records-open-file"));
        state.spot("open-record", &open);
        if open.clicked() {
            data.files.write(PageRecordIntent::Open);
        }
    });
}

/// Records and positions through the system's dialogs: the game's record
/// or the position on the board saved, a record or a position opened.
#[cfg(not(target_arch = "wasm32"))]
fn files(ui: &mut egui::Ui, data: &mut RecordsWindow, state: &mut UiState) {
    use super::records::RecordIntent;
    use crate::game::platform::dialogs::{DialogIntent, DialogPurpose};
    ui.horizontal_wrapped(|ui| {
        let suggested = std::path::PathBuf::from(&state.file_path);
        let save = ui.button(tr!("records-save"));
        state.spot("save-record", &save);
        if save.clicked() {
            data.dialogs.write(DialogIntent {
                purpose: DialogPurpose::SaveRecord,
                suggested: suggested.clone(),
            });
        }
        let position = ui.button(tr!("records-save-position"));
        state.spot("save-position", &position);
        if position.clicked() {
            data.dialogs.write(DialogIntent {
                purpose: DialogPurpose::SavePosition,
                suggested: suggested.with_file_name("burrow-position.txt"),
            });
        }
        let open = ui
            .button(tr!("records-open"))
            .on_hover_text(tr!("records-open-hint"));
        state.spot("open-record", &open);
        if open.clicked() {
            data.dialogs.write(DialogIntent {
                purpose: DialogPurpose::OpenRecord,
                suggested,
            });
        }
    });
    // Without a dialog (a desktop with no portal, say) the last file is
    // still in reach.
    ui.horizontal_wrapped(|ui| {
        ui.weak(tr!("records-last-file", file = state.file_path.as_str()));
        let path = std::path::PathBuf::from(&state.file_path);
        if ui.small_button(tr!("records-save-to-it")).clicked() {
            data.files.write(RecordIntent::Save(path.clone()));
        }
        if ui.small_button(tr!("records-open-it")).clicked() {
            data.files.write(RecordIntent::Load(path));
        }
    });
}
