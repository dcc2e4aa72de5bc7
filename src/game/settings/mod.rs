//! Player settings that outlive a single game: the [`Settings`] resource
//! and its look ([`Theme`]); how a panel changes one (`intents`:
//! [`SettingsIntent`], brought into range); and the settings as a TOML file
//! (`file`: written through serde, read back a key at a time, each bad
//! value named). Where the file is kept is the platform's
//! (`platform/settings_store.rs`).

mod file;
mod intents;

pub use file::{Expected, Found, SettingsProblem, SettingsUnreadable, ValueProblem};
pub use intents::{MAX_WALK_SPEED, SettingsIntent, WINDOW_SIZES};

use bevy::prelude::*;

use crate::lang::Language;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .add_message::<SettingsIntent>()
        .add_systems(
            Update,
            intents::apply_intents.in_set(crate::game::sets::GameSet::Input),
        );
}

#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Settings {
    /// Squares per second a capturing piece walks; 0 plays captures instantly.
    pub walk_speed: f32,
    pub muted: bool,
    /// How loud the sounds are, 0 to 1.
    pub volume: f32,
    /// Black at the bottom.
    pub flipped: bool,
    /// The screen reader's command field and announcements are on (the
    /// desktop's, so far).
    pub screen_reader: bool,
    /// How long the `strongest` computer level (and the hint) thinks, in seconds.
    pub think_seconds: f32,
    /// The puzzles solved ([`crate::ai::Puzzle::id`]).
    pub solved_puzzles: Vec<String>,
    /// How large the panels' text and controls are (1 = as designed).
    pub ui_scale: f32,
    pub theme: Theme,
    /// The window's size when it was last resized (logical pixels); none:
    /// the window opens at a size that fits the screen.
    pub window: Option<UVec2>,
    /// The online server last used (host:port or a URL).
    pub server: Option<String>,
    /// The account signed in at `server`: its name and the session that
    /// signs in again without the password (kept like a browser's cookie;
    /// signing out ends it on the server).
    pub account: Option<(String, String)>,
    /// A certificate authority (a PEM file) trusted beside the usual roots
    /// for `wss://` servers: a self-hosted server's own (the desktop only).
    pub ca_file: Option<String>,
    /// The language the player chose; none: the system's (on the web page,
    /// the browser's).
    pub language: Option<Language>,
}

/// The look of the board and panels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// Wood-coloured squares, soft panels.
    #[default]
    Classic,
    /// Stark squares and pieces, bright text and outlines.
    HighContrast,
    /// Green and cream squares, as on a tournament board; dark green
    /// panels.
    Green,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Classic, Theme::Green, Theme::HighContrast];

    pub fn name(self) -> &'static str {
        match self {
            Theme::Classic => "classic",
            Theme::HighContrast => "high-contrast",
            Theme::Green => "green",
        }
    }
}

/// The UI scales a player may choose.
pub const UI_SCALES: std::ops::RangeInclusive<f32> = 0.75..=2.0;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            walk_speed: 6.0,
            muted: false,
            volume: 0.8,
            flipped: false,
            screen_reader: false,
            think_seconds: 1.0,
            solved_puzzles: Vec::new(),
            ui_scale: 1.0,
            theme: Theme::Classic,
            window: None,
            server: None,
            account: None,
            ca_file: None,
            language: None,
        }
    }
}

impl Settings {
    /// The language the game speaks: the player's choice, or the system's.
    pub fn language_in_force(&self) -> Language {
        self.language.unwrap_or_else(Language::from_system)
    }
}

#[cfg(test)]
mod tests;
