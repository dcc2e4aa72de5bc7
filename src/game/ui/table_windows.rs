//! The windows the table's menus open: the settings (how the game moves,
//! sounds and looks) and the positions and records (text to copy or paste,
//! files to save or open). They keep the side panel for the game itself.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::ai::THINK_SECONDS;
use crate::game::session::{GameMode, GameSession, NewGame, SessionIntent};
use crate::game::settings::{MAX_WALK_SPEED, Settings, SettingsIntent, Theme, UI_SCALES};
use crate::rules::Position;

use super::{UiState, fitted};

/// The settings window: walk speed, think time, sound, theme, UI scale.
/// Widgets edit a copy; what changed goes out as intents.
pub fn settings_window(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut intents: MessageWriter<SettingsIntent>,
    mut state: ResMut<UiState>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut open = state.show_settings;
    let mut edited = settings.clone();
    let window = fitted(egui::Window::new("Settings"), &ctx)
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_width(320.0)
        .default_pos(egui::pos2(40.0, 60.0));
    window.show(&ctx, |ui| {
        let value_box = 60.0;
        ui.spacing_mut().slider_width = (ui.available_width() - value_box).max(120.0);
        ui.strong("Moves");
        ui.label("Walk speed, squares per second (0 = instant)");
        ui.add(egui::Slider::new(
            &mut edited.walk_speed,
            0.0..=MAX_WALK_SPEED,
        ));
        ui.label("Computer's think time in seconds (strongest level, hint)");
        ui.add(egui::Slider::new(&mut edited.think_seconds, THINK_SECONDS));
        ui.separator();
        ui.strong("Sound");
        ui.checkbox(&mut edited.muted, "Mute");
        ui.label("Volume");
        ui.add_enabled(
            !edited.muted,
            egui::Slider::new(&mut edited.volume, 0.0..=1.0)
                .custom_formatter(|v, _| format!("{:.0}%", v * 100.0))
                .custom_parser(|t| {
                    t.trim_end_matches('%')
                        .trim()
                        .parse::<f64>()
                        .ok()
                        .map(|v| v / 100.0)
                }),
        );
        ui.separator();
        ui.strong("Look");
        ui.horizontal(|ui| {
            for theme in Theme::ALL {
                ui.radio_value(&mut edited.theme, theme, theme.label());
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("UI scale");
            for scale in [0.75, 1.0, 1.25, 1.5, 2.0] {
                debug_assert!(UI_SCALES.contains(&scale));
                let on = (edited.ui_scale - scale).abs() < 0.01;
                if ui
                    .selectable_label(on, format!("{}%", (scale * 100.0) as u32))
                    .clicked()
                {
                    edited.ui_scale = scale;
                }
            }
        });
    });
    state.show_settings = open;
    intents.write_batch(changes(&settings, &edited));
    Ok(())
}

/// The intents that turn `now` into `edited`.
fn changes(now: &Settings, edited: &Settings) -> Vec<SettingsIntent> {
    use SettingsIntent::*;
    [
        (
            edited.walk_speed != now.walk_speed,
            WalkSpeed(edited.walk_speed),
        ),
        (
            edited.think_seconds != now.think_seconds,
            ThinkSeconds(edited.think_seconds),
        ),
        (edited.muted != now.muted, Muted(edited.muted)),
        (edited.volume != now.volume, Volume(edited.volume)),
        (edited.theme != now.theme, Theme(edited.theme)),
        (edited.ui_scale != now.ui_scale, UiScale(edited.ui_scale)),
    ]
    .into_iter()
    .filter_map(|(changed, intent)| changed.then_some(intent))
    .collect()
}

/// What the positions and records window sends.
#[derive(bevy::ecs::system::SystemParam)]
pub struct RecordsWindow<'w> {
    session: Res<'w, GameSession>,
    time: Res<'w, Time<Real>>,
    intents: MessageWriter<'w, SessionIntent>,
    #[cfg(not(target_arch = "wasm32"))]
    files: MessageWriter<'w, crate::game::records::RecordIntent>,
    #[cfg(target_arch = "wasm32")]
    files: MessageWriter<'w, crate::game::web_files::WebFileIntent>,
}

/// Positions and records: a text box to paste into (a record is played
/// back, a position starts a game), and records as files.
pub fn records_window(
    mut contexts: EguiContexts,
    mut data: RecordsWindow,
    mut state: ResMut<UiState>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let state = &mut *state;
    let mut open = state.show_records;
    let window = fitted(egui::Window::new("Positions and records"), &ctx)
        .open(&mut open)
        .collapsible(false)
        .default_width(340.0)
        .default_pos(egui::pos2(40.0, 60.0));
    window.show(&ctx, |ui| {
        ui.label("Paste a position or a game record:");
        let text = ui.add(
            egui::TextEdit::multiline(&mut state.text)
                .desired_width(f32::INFINITY)
                .desired_rows(5)
                .hint_text("WB2/4/4/2BW W, or a record's tags and turns"),
        );
        state.spot("record-text", &text);
        ui.horizontal_wrapped(|ui| {
            let record = ui
                .button("Play this record")
                .on_hover_text("Replay the record's turns and go on from its end");
            state.spot("play-record", &record);
            if record.clicked() {
                data.intents
                    .write(SessionIntent::LoadRecord(state.text.clone()));
            }
            let position = ui
                .button("Play from this position")
                .on_hover_text("A new game from the position, with the same players");
            state.spot("play-position", &position);
            if position.clicked() {
                match state.text.trim().parse::<Position>() {
                    Ok(start) => {
                        data.intents
                            .write(SessionIntent::NewGame(from_position(&data.session, start)));
                    }
                    Err(e) => state.toast = Some((e.to_string(), data.time.elapsed_secs_f64())),
                }
            }
        });
        ui.separator();
        files(ui, &mut data, state);
    });
    state.show_records = open;
    Ok(())
}

/// A new local game from `start` with the players of the game on the
/// board (a puzzle's defender or an online opponent becomes a person).
fn from_position(session: &GameSession, start: Position) -> NewGame {
    let setup = session.setup();
    NewGame {
        start: Some(start),
        size: start.size(),
        white: setup.white.kept_for_local(),
        black: setup.black.kept_for_local(),
        mode: GameMode::Local,
        ..setup.clone()
    }
}

/// The page has no file system: records go out as downloads and come in
/// through the browser's file picker.
#[cfg(target_arch = "wasm32")]
fn files(ui: &mut egui::Ui, data: &mut RecordsWindow, state: &mut UiState) {
    use crate::game::web_files::WebFileIntent;
    ui.horizontal_wrapped(|ui| {
        let download = ui.button("Download the record");
        state.spot("download-record", &download);
        if download.clicked() {
            data.files
                .write(WebFileIntent::DownloadRecord(state.file_path.clone()));
            state.toast = Some((
                format!("downloading {}", state.file_path),
                data.time.elapsed_secs_f64(),
            ));
        }
        let open = ui.button("Open a record file…");
        state.spot("open-record", &open);
        if open.clicked() {
            data.files.write(WebFileIntent::OpenRecord);
        }
    });
}

/// A record file by name: saved from the game on the board, or opened.
#[cfg(not(target_arch = "wasm32"))]
fn files(ui: &mut egui::Ui, data: &mut RecordsWindow, state: &mut UiState) {
    use crate::game::records::RecordIntent;
    ui.horizontal(|ui| {
        ui.label("File");
        ui.add(egui::TextEdit::singleline(&mut state.file_path).desired_width(f32::INFINITY));
    });
    ui.horizontal(|ui| {
        let path = std::path::PathBuf::from(&state.file_path);
        if ui.button("Save the record to the file").clicked() {
            data.files.write(RecordIntent::Save(path.clone()));
        }
        if ui.button("Open the file").clicked() {
            data.files.write(RecordIntent::Load(path));
        }
    });
}
