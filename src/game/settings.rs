//! Player settings that outlive a single game.

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .add_message::<SettingsIntent>()
        .add_systems(
            Update,
            apply_intents.in_set(crate::game::sets::GameSet::Input),
        );
}

/// Intent: the player changed one setting (the panels send these; the
/// values are brought into their ranges here).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum SettingsIntent {
    WalkSpeed(f32),
    ThinkSeconds(f32),
    Muted(bool),
    /// The sounds' loudness, 0 to 1.
    Volume(f32),
    Flipped(bool),
    Theme(Theme),
    UiScale(f32),
    /// The window's size in logical pixels, to open at next time.
    WindowSize(u32, u32),
}

/// The smallest and largest window size remembered, in logical pixels.
pub const WINDOW_SIZES: (UVec2, UVec2) = (UVec2::new(480, 360), UVec2::new(8192, 8192));

/// The fastest walk a player may set, in squares per second.
pub const MAX_WALK_SPEED: f32 = 20.0;

fn apply_intents(mut intents: MessageReader<SettingsIntent>, mut settings: ResMut<Settings>) {
    if intents.is_empty() {
        return;
    }
    let mut edited = settings.clone();
    for intent in intents.read() {
        match *intent {
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
            SettingsIntent::Theme(theme) => edited.theme = theme,
            SettingsIntent::UiScale(scale) if scale.is_finite() => {
                edited.ui_scale = scale.clamp(*UI_SCALES.start(), *UI_SCALES.end());
            }
            SettingsIntent::WindowSize(width, height) => {
                let (least, most) = WINDOW_SIZES;
                edited.window = Some(UVec2::new(width, height).clamp(least, most));
            }
            SettingsIntent::WalkSpeed(_)
            | SettingsIntent::UiScale(_)
            | SettingsIntent::Volume(_) => {}
        }
    }
    settings.set_if_neq(edited);
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

    /// The theme's name in the settings window.
    pub fn label(self) -> &'static str {
        match self {
            Theme::Classic => "Classic",
            Theme::HighContrast => "High contrast",
            Theme::Green => "Green",
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
            think_seconds: 1.0,
            solved_puzzles: Vec::new(),
            ui_scale: 1.0,
            theme: Theme::Classic,
            window: None,
            server: None,
            account: None,
        }
    }
}

/// What went wrong reading saved settings.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingsError {
    pub line: usize,
    pub problem: String,
}

impl std::fmt::Display for SettingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "settings line {}: {}", self.line, self.problem)
    }
}

impl Settings {
    /// The settings as `key = value` lines, the form they are saved in.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "walk_speed = {}\nmuted = {}\nvolume = {}\nflipped = {}\nthink_seconds = {}\n\
             solved_puzzles = {}\nui_scale = {}\ntheme = {}\n",
            self.walk_speed,
            self.muted,
            self.volume,
            self.flipped,
            self.think_seconds,
            self.solved_puzzles.join("; "),
            self.ui_scale,
            self.theme.name()
        );
        if let Some(size) = self.window {
            text.push_str(&format!("window = {}x{}\n", size.x, size.y));
        }
        if let Some(server) = &self.server {
            text.push_str(&format!("server = {server}\n"));
        }
        if let Some((name, session)) = &self.account {
            text.push_str(&format!("account = {name}\nsession = {session}\n"));
        }
        text
    }

    /// Reads saved settings. Unknown keys are skipped (a newer version may
    /// have written them); missing ones keep their defaults; a bad value is
    /// an error naming its line.
    pub fn from_text(text: &str) -> Result<Settings, SettingsError> {
        let mut settings = Settings::default();
        for (i, line) in text.lines().enumerate() {
            let line_no = i + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let error = |problem: String| SettingsError {
                line: line_no,
                problem,
            };
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| error(format!("expected `key = value`, found `{line}`")))?;
            let (key, value) = (key.trim(), value.trim());
            let number = |range: std::ops::RangeInclusive<f32>| {
                value
                    .parse::<f32>()
                    .ok()
                    .filter(|v| range.contains(v))
                    .ok_or_else(|| {
                        error(format!(
                            "`{key}` must be a number from {} to {}, found `{value}`",
                            range.start(),
                            range.end()
                        ))
                    })
            };
            let flag = || {
                value
                    .parse::<bool>()
                    .map_err(|_| error(format!("`{key}` must be true or false, found `{value}`")))
            };
            match key {
                "walk_speed" => settings.walk_speed = number(0.0..=20.0)?,
                "think_seconds" => settings.think_seconds = number(crate::ai::THINK_SECONDS)?,
                "muted" => settings.muted = flag()?,
                "volume" => settings.volume = number(0.0..=1.0)?,
                "flipped" => settings.flipped = flag()?,
                "ui_scale" => settings.ui_scale = number(UI_SCALES)?,
                "theme" => {
                    settings.theme = Theme::ALL
                        .into_iter()
                        .find(|t| t.name() == value)
                        .ok_or_else(|| {
                            error(format!(
                                "`theme` must be classic, green or high-contrast, found `{value}`"
                            ))
                        })?;
                }
                "window" => {
                    let (least, most) = WINDOW_SIZES;
                    let size = value
                        .split_once('x')
                        .and_then(|(w, h)| Some(UVec2::new(w.parse().ok()?, h.parse().ok()?)))
                        .filter(|s| s.cmpge(least).all() && s.cmple(most).all())
                        .ok_or_else(|| {
                            error(format!(
                                "`window` must be WIDTHxHEIGHT from {}x{} to {}x{}, found `{value}`",
                                least.x, least.y, most.x, most.y
                            ))
                        })?;
                    settings.window = Some(size);
                }
                "server" if !value.is_empty() => settings.server = Some(value.to_string()),
                // The session comes after its account's name.
                "account" if !value.is_empty() => {
                    settings.account = Some((value.to_string(), String::new()));
                }
                "session" => match &mut settings.account {
                    Some((_, session)) if is_session(value) => *session = value.to_string(),
                    _ => {
                        return Err(error(
                            "`session` must follow `account` and be the server's hex text".into(),
                        ));
                    }
                },
                "solved_puzzles" => {
                    settings.solved_puzzles = value
                        .split(';')
                        .map(str::trim)
                        .filter(|id| !id.is_empty())
                        .map(String::from)
                        .collect();
                }
                _ => {}
            }
        }
        // An account without its session cannot sign in: forgotten.
        if settings.account.as_ref().is_some_and(|(_, s)| s.is_empty()) {
            settings.account = None;
        }
        Ok(settings)
    }
}

/// A session as the server hands them out: 32 hex digits (some room
/// left for longer ones).
fn is_session(text: &str) -> bool {
    (16..=128).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_as_text() {
        let settings = Settings {
            walk_speed: 0.0,
            muted: true,
            volume: 0.35,
            flipped: true,
            think_seconds: 2.5,
            solved_puzzles: vec!["box 4/4/1W2/B3 W".into(), "path 8/8/8/8/8/8/8/WB6 W".into()],
            ui_scale: 1.5,
            theme: Theme::HighContrast,
            window: Some(UVec2::new(1600, 900)),
            server: Some("wss://burrow.example".into()),
            account: Some(("Ada".into(), "0123456789abcdef0123456789abcdef".into())),
        };
        assert_eq!(Settings::from_text(&settings.to_text()), Ok(settings));
    }

    #[test]
    fn bad_saved_settings_name_the_line() {
        let error = Settings::from_text("muted = true\nwalk_speed = fast\n").unwrap_err();
        assert_eq!(error.line, 2);
        assert!(error.to_string().contains("walk_speed"), "{error}");
        assert!(Settings::from_text("think_seconds = 99").is_err());
        assert!(Settings::from_text("ui_scale = 9").is_err());
        assert!(Settings::from_text("theme = neon").is_err());
        assert!(Settings::from_text("window = 100x100").is_err());
        assert!(Settings::from_text("window = wide").is_err());
        assert!(Settings::from_text("no equals sign").is_err());
        assert!(Settings::from_text("account = Ada\nsession = not hex!").is_err());
        assert!(Settings::from_text("session = 0123456789abcdef0123").is_err());
        // A name without its session is forgotten.
        assert_eq!(
            Settings::from_text("account = Ada").map(|s| s.account),
            Ok(None)
        );
        // Unknown keys and comments are skipped.
        assert_eq!(
            Settings::from_text("# saved by Burrow\ncolour = blue\n"),
            Ok(Settings::default())
        );
    }
}
