//! The settings window the side panel's Settings button opens: how the
//! game moves, sounds and looks.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::ai::THINK_SECONDS;
use crate::game::settings::{MAX_WALK_SPEED, Settings, SettingsIntent, Theme, UI_SCALES};
use crate::game::ui::NamedBy;

#[cfg(not(target_arch = "wasm32"))]
use crate::game::platform::dialogs::{DialogAnswer, DialogIntent, DialogPurpose};
use crate::game::platform::settings_store::SettingsNotice;
use crate::game::ui::{UiState, fitted, named_slider, words};
use crate::lang::Language;
use crate::tr;

/// The settings window: language, walk speed, think time, sound, theme,
/// UI scale.
/// Widgets edit a copy; what changed goes out as intents.
pub(super) fn settings_window(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    notice: Res<SettingsNotice>,
    mut intents: MessageWriter<SettingsIntent>,
    mut state: ResMut<UiState>,
    #[cfg(not(target_arch = "wasm32"))] mut dialogs: MessageWriter<DialogIntent>,
    #[cfg(not(target_arch = "wasm32"))] mut answers: MessageReader<DialogAnswer>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut open = state.open.settings;
    let mut edited = settings.clone();
    let window = fitted(egui::Window::new(tr!("settings-title")), &ctx)
        .id(egui::Id::new("settings"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_width(320.0)
        .default_pos(egui::pos2(40.0, 60.0));
    window.show(&ctx, |ui| {
        let value_box = 60.0;
        ui.spacing_mut().slider_width = (ui.available_width() - value_box).max(120.0);
        language(ui, &mut edited, &mut state);
        ui.separator();
        moves_and_sound(ui, &mut edited);
        ui.separator();
        look(ui, &mut edited);
        #[cfg(not(target_arch = "wasm32"))]
        trusted_authority(ui, &mut edited, &mut state, &mut dialogs);
        if !notice.0.is_empty() {
            ui.separator();
            ui.strong(tr!("settings-read-notes"));
            for line in &notice.0 {
                ui.label(line.to_string());
            }
        }
    });
    #[cfg(not(target_arch = "wasm32"))]
    for answer in answers.read() {
        if answer.purpose == DialogPurpose::CaFile {
            edited.ca_file = Some(answer.path.display().to_string());
        }
    }
    state.open.settings = open;
    intents.write_batch(changes(&settings, &edited));
    Ok(())
}

/// How the game moves (the walk, the computer's time) and sounds.
fn moves_and_sound(ui: &mut egui::Ui, edited: &mut Settings) {
    ui.strong(tr!("settings-moves"));
    let label = ui.label(tr!("settings-walk-speed"));
    named_slider(
        ui,
        &label,
        &mut edited.walk_speed,
        0.0..=MAX_WALK_SPEED,
        false,
    );
    let label = ui.label(tr!("settings-think"));
    named_slider(ui, &label, &mut edited.think_seconds, THINK_SECONDS, false);
    ui.separator();
    ui.strong(tr!("settings-sound"));
    ui.checkbox(&mut edited.muted, tr!("settings-mute"));
    let label = ui.label(tr!("settings-volume"));
    ui.add_enabled_ui(!edited.muted, |ui| {
        named_slider(ui, &label, &mut edited.volume, 0.0..=1.0, true);
    });
}

/// The theme and the UI scale.
fn look(ui: &mut egui::Ui, edited: &mut Settings) {
    ui.strong(tr!("settings-look"));
    ui.horizontal_wrapped(|ui| {
        for theme in Theme::ALL {
            ui.radio_value(&mut edited.theme, theme, words::theme(theme));
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(tr!("settings-ui-scale"));
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
}

/// The certificate authority trusted for `wss://` servers: a file chosen
/// through the system's dialog (its answer is read by the window), or
/// none.
#[cfg(not(target_arch = "wasm32"))]
fn trusted_authority(
    ui: &mut egui::Ui,
    edited: &mut Settings,
    state: &mut UiState,
    dialogs: &mut MessageWriter<DialogIntent>,
) {
    ui.separator();
    ui.strong(tr!("settings-online"));
    ui.label(tr!("settings-ca-file"));
    ui.horizontal_wrapped(|ui| {
        match edited.ca_file.as_deref() {
            Some(file) => ui.monospace(file),
            None => ui.weak(tr!("settings-ca-none")),
        };
        let choose = ui.button(tr!("settings-choose"));
        state.spot("choose-ca-file", &choose);
        if choose.clicked() {
            dialogs.write(DialogIntent {
                purpose: DialogPurpose::CaFile,
                suggested: edited
                    .ca_file
                    .as_deref()
                    .map(std::path::PathBuf::from)
                    .unwrap_or_else(crate::places::documents_dir),
            });
        }
        if edited.ca_file.is_some() && ui.button(tr!("settings-forget")).clicked() {
            edited.ca_file = None;
        }
    });
}

/// The language: the system's (named) or one the player picks, each
/// listed in its own words. The change is in force at the next frame.
fn language(ui: &mut egui::Ui, edited: &mut Settings, state: &mut UiState) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.strong(tr!("settings-language"));
        let system = tr!(
            "settings-language-system",
            language = Language::from_system().own_name()
        );
        let shown = edited
            .language
            .map_or(system.clone(), |l| l.own_name().to_string());
        let combo = egui::ComboBox::from_id_salt("settings-language")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut edited.language, None, system);
                for language in Language::ALL {
                    ui.selectable_value(&mut edited.language, Some(language), language.own_name());
                }
            });
        let combo = combo.response.named_by(label.id);
        state.spot("settings-language", &combo);
    });
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
        (
            edited.ca_file != now.ca_file,
            CaFile(edited.ca_file.clone()),
        ),
        (edited.language != now.language, Language(edited.language)),
    ]
    .into_iter()
    .filter_map(|(changed, intent)| changed.then_some(intent))
    .collect()
}
