//! How a panel changes a setting: one [`SettingsIntent`] a change, brought
//! into its range here.

use bevy::prelude::*;

use crate::lang::Language;

use super::{Settings, Theme, UI_SCALES};

/// Intent: the player changed one setting (the panels send these; the
/// values are brought into their ranges here).
#[derive(Message, Clone, Debug, PartialEq)]
pub enum SettingsIntent {
    WalkSpeed(f32),
    ThinkSeconds(f32),
    Muted(bool),
    /// The sounds' loudness, 0 to 1.
    Volume(f32),
    Flipped(bool),
    ScreenReader(bool),
    Theme(Theme),
    UiScale(f32),
    /// The window's size in logical pixels, to open at next time.
    WindowSize(u32, u32),
    /// A certificate authority's file to trust for `wss://` servers, or
    /// none.
    CaFile(Option<String>),
    /// The language the game speaks; none: the system's (the browser's).
    Language(Option<Language>),
}

/// The smallest and largest window size remembered, in logical pixels.
pub const WINDOW_SIZES: (UVec2, UVec2) = (UVec2::new(480, 360), UVec2::new(8192, 8192));

/// The fastest walk a player may set, in squares per second.
pub const MAX_WALK_SPEED: f32 = 20.0;

pub(super) fn apply_intents(
    mut intents: MessageReader<SettingsIntent>,
    mut settings: ResMut<Settings>,
) {
    if intents.is_empty() {
        return;
    }
    let mut edited = settings.clone();
    for intent in intents.read() {
        match intent.clone() {
            SettingsIntent::WalkSpeed(speed) if speed.is_finite() => {
                edited.walk_speed = speed.clamp(0.0, MAX_WALK_SPEED);
            }
            SettingsIntent::ThinkSeconds(seconds) => {
                edited.think_seconds = crate::ai::think_time(seconds).as_secs_f32();
            }
            SettingsIntent::Muted(muted) => edited.muted = muted,
            SettingsIntent::Volume(volume) if volume.is_finite() => {
                edited.volume = volume.clamp(0.0, 1.0);
            }
            SettingsIntent::Flipped(flipped) => edited.flipped = flipped,
            SettingsIntent::ScreenReader(on) => edited.screen_reader = on,
            SettingsIntent::Theme(theme) => edited.theme = theme,
            SettingsIntent::UiScale(scale) if scale.is_finite() => {
                edited.ui_scale = scale.clamp(*UI_SCALES.start(), *UI_SCALES.end());
            }
            SettingsIntent::WindowSize(width, height) => {
                let (least, most) = WINDOW_SIZES;
                edited.window = Some(UVec2::new(width, height).clamp(least, most));
            }
            SettingsIntent::CaFile(file) => edited.ca_file = file.filter(|f| !f.is_empty()),
            SettingsIntent::Language(language) => edited.language = language,
            SettingsIntent::WalkSpeed(_)
            | SettingsIntent::UiScale(_)
            | SettingsIntent::Volume(_) => {}
        }
    }
    settings.set_if_neq(edited);
    crate::lang::set(settings.language_in_force());
}
