//! Player settings that outlive a single game.

use bevy::prelude::*;

use crate::lang::Language;
use crate::rules::design::toml_kind;

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
#[derive(Message, Clone, Debug, PartialEq)]
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

fn apply_intents(mut intents: MessageReader<SettingsIntent>, mut settings: ResMut<Settings>) {
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

/// One setting that did not read: its line, its key and why. It is
/// replaced by its default; the others are kept.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("settings line {line}: `{key}` {problem}; its default is used")]
pub struct SettingsProblem {
    pub line: usize,
    pub key: String,
    pub problem: String,
}

/// Settings that do not read as TOML at all (then none of them is used).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("the settings do not read as TOML: {0}")]
pub struct SettingsUnreadable(pub String);

/// A value that is not of the setting's type.
fn wrong(value: &toml::Value, what: &str) -> String {
    format!("must be {what}, found {}", toml_kind(value))
}

fn number(value: &toml::Value, range: std::ops::RangeInclusive<f32>) -> Result<f32, String> {
    let found = match value {
        toml::Value::Float(f) => *f as f32,
        toml::Value::Integer(i) => *i as f32,
        _ => return Err(wrong(value, "a number")),
    };
    if range.contains(&found) {
        Ok(found)
    } else {
        Err(format!(
            "must be from {} to {}, found {found}",
            range.start(),
            range.end()
        ))
    }
}

fn flag(value: &toml::Value) -> Result<bool, String> {
    value.as_bool().ok_or_else(|| wrong(value, "true or false"))
}

fn text(value: &toml::Value) -> Result<String, String> {
    value
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| wrong(value, "text in quotes"))
}

/// Every key the settings know, in the order they are read (an account's
/// name before its session).
const KEYS: [&str; 14] = [
    "language",
    "walk_speed",
    "think_seconds",
    "muted",
    "volume",
    "flipped",
    "ui_scale",
    "theme",
    "window",
    "server",
    "ca_file",
    "account",
    "session",
    "solved_puzzles",
];

/// Sets the setting `key` from `value`; the problem in words if the value
/// does not do (the settings are then as they were).
fn apply(key: &str, value: &toml::Value, s: &mut Settings) -> Result<(), String> {
    match key {
        "language" => {
            let code = text(value)?;
            s.language = Some(Language::from_code(&code).ok_or_else(|| {
                let known: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
                format!("must be one of {}, found `{code}`", known.join(", "))
            })?);
        }
        "walk_speed" => s.walk_speed = number(value, 0.0..=MAX_WALK_SPEED)?,
        "think_seconds" => s.think_seconds = number(value, crate::ai::THINK_SECONDS)?,
        "muted" => s.muted = flag(value)?,
        "volume" => s.volume = number(value, 0.0..=1.0)?,
        "flipped" => s.flipped = flag(value)?,
        "ui_scale" => s.ui_scale = number(value, UI_SCALES)?,
        "theme" => {
            let name = text(value)?;
            s.theme = Theme::ALL
                .into_iter()
                .find(|t| t.name() == name)
                .ok_or_else(|| {
                    format!("must be classic, green or high-contrast, found `{name}`")
                })?;
        }
        "window" => {
            let size = text(value)?;
            let (least, most) = WINDOW_SIZES;
            let read = size
                .split_once('x')
                .and_then(|(w, h)| Some(UVec2::new(w.parse().ok()?, h.parse().ok()?)))
                .filter(|s| s.cmpge(least).all() && s.cmple(most).all())
                .ok_or_else(|| {
                    format!(
                        "must be WIDTHxHEIGHT from {}x{} to {}x{}, found `{size}`",
                        least.x, least.y, most.x, most.y
                    )
                })?;
            s.window = Some(read);
        }
        "server" => s.server = Some(text(value)?).filter(|t| !t.is_empty()),
        "ca_file" => s.ca_file = Some(text(value)?).filter(|t| !t.is_empty()),
        "account" => {
            let name = text(value)?;
            let session = s
                .account
                .take()
                .map(|(_, session)| session)
                .unwrap_or_default();
            s.account = Some((name, session)).filter(|(name, _)| !name.is_empty());
        }
        "session" => {
            let session = text(value)?;
            if !is_session(&session) {
                return Err("must be the server's hex text".into());
            }
            let name = s.account.take().map(|(name, _)| name).unwrap_or_default();
            s.account = Some((name, session));
        }
        "solved_puzzles" => {
            let wrong_list = || wrong(value, "a list of puzzles in quotes");
            s.solved_puzzles = value
                .as_array()
                .ok_or_else(wrong_list)?
                .iter()
                .map(|id| id.as_str().map(str::to_string))
                .collect::<Option<_>>()
                .ok_or_else(wrong_list)?;
        }
        _ => {}
    }
    Ok(())
}

/// The line (from 1) on which `key` is set in `text`.
fn line_of(text: &str, key: &str) -> usize {
    text.lines()
        .position(|line| {
            line.trim_start()
                .strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map_or(0, |i| i + 1)
}

/// The settings file's form, as serde writes it through `toml`: a line a
/// key, in this order; what is not set is left out.
#[derive(serde::Serialize)]
struct SettingsFile<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    language: Option<&'a str>,
    walk_speed: f32,
    muted: bool,
    volume: f32,
    flipped: bool,
    think_seconds: f32,
    ui_scale: f32,
    theme: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    window: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    server: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ca_file: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    account: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    session: Option<&'a str>,
    solved_puzzles: &'a [String],
}

/// The first line of the settings file.
const HEADER: &str = "# Burrow's settings (the game rewrites this file when they change).\n";

impl Settings {
    /// The language the game speaks: the player's choice, or the system's.
    pub fn language_in_force(&self) -> Language {
        self.language.unwrap_or_else(Language::from_system)
    }

    /// The settings as TOML, the form they are kept in (written through
    /// serde and `toml`; read back one key at a time by
    /// [`Settings::from_toml`]). Fails only if `toml` cannot write them,
    /// which these types never make it.
    pub fn to_toml(&self) -> Result<String, String> {
        let file = SettingsFile {
            language: self.language.map(Language::code),
            walk_speed: self.walk_speed,
            muted: self.muted,
            volume: self.volume,
            flipped: self.flipped,
            think_seconds: self.think_seconds,
            ui_scale: self.ui_scale,
            theme: self.theme.name(),
            window: self.window.map(|size| format!("{}x{}", size.x, size.y)),
            server: self.server.as_deref(),
            ca_file: self.ca_file.as_deref(),
            account: self.account.as_ref().map(|(name, _)| name.as_str()),
            session: self.account.as_ref().map(|(_, session)| session.as_str()),
            solved_puzzles: &self.solved_puzzles,
        };
        toml::to_string(&file)
            .map(|body| format!("{HEADER}{body}"))
            .map_err(|e| format!("the settings do not write as TOML: {e}"))
    }

    /// Reads kept settings: each value that does not do is named and
    /// replaced by its default, the others kept; unknown keys (a newer
    /// version's) are skipped. Only text that is not TOML at all is
    /// refused as a whole.
    pub fn from_toml(text: &str) -> Result<(Settings, Vec<SettingsProblem>), SettingsUnreadable> {
        let table: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| SettingsUnreadable(e.to_string()))?;
        let mut settings = Settings::default();
        let mut problems = Vec::new();
        for key in KEYS {
            let Some(value) = table.get(key) else {
                continue;
            };
            let mut tried = settings.clone();
            match apply(key, value, &mut tried) {
                Ok(()) => settings = tried,
                Err(problem) => problems.push(SettingsProblem {
                    line: line_of(text, key),
                    key: key.to_string(),
                    problem,
                }),
            }
        }
        // An account without its session cannot sign in: forgotten.
        if settings
            .account
            .as_ref()
            .is_some_and(|(name, session)| name.is_empty() || session.is_empty())
        {
            settings.account = None;
        }
        Ok((settings, problems))
    }

    /// Settings kept by earlier versions, as `key = value` lines without
    /// quotes: turned into TOML (to be read by [`Settings::from_toml`] and
    /// written back as TOML once).
    pub fn legacy_to_toml(text: &str) -> String {
        let mut table = toml::Table::new();
        for line in text.lines() {
            let Some((key, value)) = line.split_once('=') else {
                continue;
            };
            let (key, value) = (key.trim(), value.trim());
            if key.is_empty() || key.starts_with('#') {
                continue;
            }
            let text = || toml::Value::String(value.to_string());
            let value = match key {
                "solved_puzzles" => toml::Value::Array(
                    value
                        .split(';')
                        .map(str::trim)
                        .filter(|id| !id.is_empty())
                        .map(|id| toml::Value::String(id.to_string()))
                        .collect(),
                ),
                "walk_speed" | "volume" | "think_seconds" | "ui_scale" => value
                    .parse::<f64>()
                    .map_or_else(|_| text(), toml::Value::Float),
                "muted" | "flipped" => value
                    .parse::<bool>()
                    .map_or_else(|_| text(), toml::Value::Boolean),
                _ => text(),
            };
            table.insert(key.to_string(), value);
        }
        // A table of these values always writes.
        toml::to_string(&table).unwrap_or_default()
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

    fn full() -> Settings {
        Settings {
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
            ca_file: Some("/etc/burrow/ca.pem".into()),
            account: Some(("Ada".into(), "0123456789abcdef0123456789abcdef".into())),
            language: Some(Language::German),
        }
    }

    #[test]
    fn settings_round_trip_as_toml() {
        let settings = full();
        let text = settings.to_toml().unwrap();
        assert!(text.contains("theme = \"high-contrast\""), "{text}");
        assert_eq!(Settings::from_toml(&text), Ok((settings, Vec::new())));
        assert_eq!(
            Settings::from_toml(&Settings::default().to_toml().unwrap()),
            Ok((Settings::default(), Vec::new()))
        );
        // Text with quotes, backslashes, tabs and letters beyond ASCII.
        let odd = Settings {
            server: Some("wss://a\"b\\c/ü\tz".into()),
            ca_file: Some("C:\\certs\\ca \"club\".pem".into()),
            solved_puzzles: vec!["a \"quoted\" id".into()],
            ..Settings::default()
        };
        assert_eq!(
            Settings::from_toml(&odd.to_toml().unwrap()),
            Ok((odd, Vec::new()))
        );
    }

    /// A language chosen in Settings is in force at once: the next words
    /// asked for are in it, with no restart. The language in force is the
    /// whole program's, so the switching runs in a test process of its own
    /// (this test, run again alone) and the other tests keep English.
    #[test]
    fn the_language_chosen_is_in_force_at_once() {
        const ALONE: &str = "BURROW_TEST_LANGUAGE_ALONE";
        if std::env::var_os(ALONE).is_none() {
            let name = "game::settings::tests::the_language_chosen_is_in_force_at_once";
            let run = std::process::Command::new(std::env::current_exe().expect("the test binary"))
                .args(["--exact", name, "--test-threads=1"])
                .env(ALONE, "1")
                .output()
                .expect("the test binary runs");
            let out = String::from_utf8_lossy(&run.stdout);
            assert!(run.status.success() && out.contains("1 passed"), "{out}");
            return;
        }
        let mut app = App::new();
        app.init_resource::<Settings>()
            .add_message::<SettingsIntent>()
            .add_systems(Update, apply_intents);
        for (chosen, title) in [
            (Language::German, "Einstellungen"),
            (Language::French, "Paramètres"),
            (Language::English, "Settings"),
        ] {
            app.world_mut()
                .write_message(SettingsIntent::Language(Some(chosen)));
            app.update();
            assert_eq!(app.world().resource::<Settings>().language, Some(chosen));
            assert_eq!(crate::lang::current(), chosen);
            assert_eq!(crate::tr!("settings-title"), title);
        }
    }

    #[test]
    fn a_bad_value_is_named_and_replaced_by_its_default_the_rest_kept() {
        let (settings, problems) =
            Settings::from_toml("muted = true\nwalk_speed = \"fast\"\nvolume = 0.5\n").unwrap();
        assert!(settings.muted);
        assert_eq!(settings.volume, 0.5);
        assert_eq!(settings.walk_speed, Settings::default().walk_speed);
        assert_eq!(problems.len(), 1);
        assert_eq!(
            (problems[0].line, problems[0].key.as_str()),
            (2, "walk_speed")
        );
        let said = problems[0].to_string();
        assert!(
            said.contains("line 2") && said.contains("walk_speed"),
            "{said}"
        );
        for bad in [
            "think_seconds = 99",
            "ui_scale = 9",
            "theme = \"neon\"",
            "language = \"tlh\"",
            "language = 3",
            "window = \"100x100\"",
            "window = \"wide\"",
            "muted = \"yes\"",
            "solved_puzzles = \"box\"",
            "account = \"Ada\"\nsession = \"not hex!\"",
        ] {
            let (settings, problems) = Settings::from_toml(bad).unwrap();
            assert_eq!(problems.len(), 1, "{bad}");
            assert_eq!(settings.account, None, "{bad}");
        }
        // A language by its code or a longer tag.
        assert_eq!(
            Settings::from_toml("language = \"fr-CA\"").map(|s| s.0.language),
            Ok(Some(Language::French))
        );
        // A name without its session is forgotten.
        assert_eq!(
            Settings::from_toml("account = \"Ada\"").map(|s| s.0.account),
            Ok(None)
        );
        // Unknown keys and comments are skipped.
        assert_eq!(
            Settings::from_toml("# kept by Burrow\ncolour = \"blue\"\n"),
            Ok((Settings::default(), Vec::new()))
        );
        // Not TOML at all.
        assert!(Settings::from_toml("no equals sign").is_err());
    }

    #[test]
    fn an_old_settings_file_reads_as_it_did() {
        let old = "walk_speed = 0\nmuted = true\nvolume = 0.35\nflipped = true\nthink_seconds = 2.5\n\
                   solved_puzzles = box 4/4/1W2/B3 W; path 8/8/8/8/8/8/8/WB6 W\nui_scale = 1.5\n\
                   theme = high-contrast\nwindow = 1600x900\nserver = wss://burrow.example\n\
                   ca_file = /etc/burrow/ca.pem\n\
                   account = Ada\nsession = 0123456789abcdef0123456789abcdef\n";
        let converted = Settings::legacy_to_toml(old);
        // Earlier versions had no language setting.
        let then = Settings {
            language: None,
            ..full()
        };
        assert_eq!(Settings::from_toml(&converted), Ok((then, Vec::new())));
    }
}
