//! The settings as a TOML file: written through serde and `toml`'s writer
//! (a line a key), read back a key at a time so that a bad value costs only
//! itself ([`SettingsProblem`]), and the older `key = value` form turned
//! into TOML.

use std::fmt;

use crate::lang::Language;
use crate::tr;

use bevy::math::UVec2;

use super::{MAX_WALK_SPEED, Settings, Theme, UI_SCALES, WINDOW_SIZES};

/// One setting that did not read: its line, its key and why. It is
/// replaced by its default; the others are kept. Worded when shown, in the
/// language in force then.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingsProblem {
    pub line: usize,
    pub key: String,
    pub problem: ValueProblem,
}

impl fmt::Display for SettingsProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&tr!(
            "settings-notice-problem",
            line = self.line,
            key = self.key.as_str(),
            problem = self.problem.to_string()
        ))
    }
}

impl std::error::Error for SettingsProblem {}

/// Why a setting's value does not do.
#[derive(Clone, Debug, PartialEq)]
pub enum ValueProblem {
    /// Not of the setting's type: what it must be, and what it is.
    WrongType { expected: Expected, found: Found },
    /// A number outside the setting's range.
    OutOfRange { min: f64, max: f64, found: f64 },
    /// A language the game is not written in: the text found.
    UnknownLanguage(String),
    /// A theme the game does not have: the text found.
    UnknownTheme(String),
    /// Not a window size (`WIDTHxHEIGHT`) from `least` to `most`.
    BadWindowSize {
        least: UVec2,
        most: UVec2,
        found: String,
    },
    /// Not a session as the server hands them out.
    NotASession,
}

impl fmt::Display for ValueProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = match self {
            ValueProblem::WrongType { expected, found } => tr!(
                "settings-notice-wrong-type",
                expected = expected.key(),
                found = found.to_string()
            ),
            ValueProblem::OutOfRange { min, max, found } => tr!(
                "settings-notice-out-of-range",
                min = *min,
                max = *max,
                found = *found
            ),
            ValueProblem::UnknownLanguage(found) => {
                let known: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
                tr!(
                    "settings-notice-unknown-language",
                    known = known.join(", "),
                    found = found.as_str()
                )
            }
            ValueProblem::UnknownTheme(found) => {
                tr!("settings-notice-unknown-theme", found = found.as_str())
            }
            ValueProblem::BadWindowSize { least, most, found } => tr!(
                "settings-notice-window-size",
                min_width = least.x,
                min_height = least.y,
                max_width = most.x,
                max_height = most.y,
                found = found.as_str()
            ),
            ValueProblem::NotASession => tr!("settings-notice-not-session"),
        };
        f.write_str(&words)
    }
}

/// What a setting's value must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    Number,
    /// `true` or `false`.
    Flag,
    /// Text in quotes.
    Text,
    /// A list of puzzles' ids in quotes.
    Puzzles,
}

impl Expected {
    /// How the catalogue's `$expected` names it.
    fn key(self) -> &'static str {
        match self {
            Expected::Number => "number",
            Expected::Flag => "flag",
            Expected::Text => "text",
            Expected::Puzzles => "puzzles",
        }
    }
}

/// What a value of the wrong type was found to be.
#[derive(Clone, Debug, PartialEq)]
pub enum Found {
    Text(String),
    Number(f64),
    Flag(bool),
    Date,
    List,
    Table,
}

impl Found {
    fn of(value: &toml::Value) -> Found {
        match value {
            toml::Value::String(s) => Found::Text(s.clone()),
            toml::Value::Integer(i) => Found::Number(*i as f64),
            toml::Value::Float(f) => Found::Number(*f),
            toml::Value::Boolean(b) => Found::Flag(*b),
            toml::Value::Datetime(_) => Found::Date,
            toml::Value::Array(_) => Found::List,
            toml::Value::Table(_) => Found::Table,
        }
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = match self {
            Found::Text(text) => tr!("settings-notice-found-text", text = text.as_str()),
            Found::Number(number) => tr!("settings-notice-found-number", number = *number),
            Found::Flag(flag) => tr!("settings-notice-found-flag", flag = flag.to_string()),
            Found::Date => tr!("settings-notice-found-date"),
            Found::List => tr!("settings-notice-found-list"),
            Found::Table => tr!("settings-notice-found-table"),
        };
        f.write_str(&words)
    }
}

/// Settings that do not read as TOML at all (then none of them is used):
/// the `toml` crate's own error.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingsUnreadable(pub toml::de::Error);

impl fmt::Display for SettingsUnreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&tr!("settings-notice-unreadable", why = self.0.to_string()))
    }
}

impl std::error::Error for SettingsUnreadable {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// A value that is not of the setting's type.
fn wrong(value: &toml::Value, expected: Expected) -> ValueProblem {
    ValueProblem::WrongType {
        expected,
        found: Found::of(value),
    }
}

/// A bound of a setting's range as a player reads it (`0.1`, not the
/// `f32`'s `0.10000000149011612`).
fn bound(value: f32) -> f64 {
    value
        .to_string()
        .parse()
        .unwrap_or_else(|_| f64::from(value))
}

fn number(value: &toml::Value, range: std::ops::RangeInclusive<f32>) -> Result<f32, ValueProblem> {
    let found = match value {
        toml::Value::Float(f) => *f,
        toml::Value::Integer(i) => *i as f64,
        _ => return Err(wrong(value, Expected::Number)),
    };
    if range.contains(&(found as f32)) {
        Ok(found as f32)
    } else {
        Err(ValueProblem::OutOfRange {
            min: bound(*range.start()),
            max: bound(*range.end()),
            found,
        })
    }
}

fn flag(value: &toml::Value) -> Result<bool, ValueProblem> {
    value.as_bool().ok_or_else(|| wrong(value, Expected::Flag))
}

fn text(value: &toml::Value) -> Result<String, ValueProblem> {
    value
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| wrong(value, Expected::Text))
}

/// Every key the settings know, in the order they are read (an account's
/// name before its session).
const KEYS: [&str; 15] = [
    "language",
    "walk_speed",
    "think_seconds",
    "muted",
    "volume",
    "flipped",
    "screen_reader",
    "ui_scale",
    "theme",
    "window",
    "server",
    "ca_file",
    "account",
    "session",
    "solved_puzzles",
];

/// Sets the setting `key` from `value`; the problem if the value does not
/// do (the settings are then as they were).
fn apply(key: &str, value: &toml::Value, s: &mut Settings) -> Result<(), ValueProblem> {
    match key {
        "language" => {
            let code = text(value)?;
            s.language =
                Some(Language::from_code(&code).ok_or(ValueProblem::UnknownLanguage(code))?);
        }
        "walk_speed" => s.walk_speed = number(value, 0.0..=MAX_WALK_SPEED)?,
        "think_seconds" => s.think_seconds = number(value, crate::ai::THINK_SECONDS)?,
        "muted" => s.muted = flag(value)?,
        "volume" => s.volume = number(value, 0.0..=1.0)?,
        "flipped" => s.flipped = flag(value)?,
        "screen_reader" => s.screen_reader = flag(value)?,
        "ui_scale" => s.ui_scale = number(value, UI_SCALES)?,
        "theme" => {
            let name = text(value)?;
            s.theme = Theme::ALL
                .into_iter()
                .find(|t| t.name() == name)
                .ok_or(ValueProblem::UnknownTheme(name))?;
        }
        "window" => {
            let size = text(value)?;
            let (least, most) = WINDOW_SIZES;
            let read = size
                .split_once('x')
                .and_then(|(w, h)| Some(UVec2::new(w.parse().ok()?, h.parse().ok()?)))
                .filter(|s| s.cmpge(least).all() && s.cmple(most).all())
                .ok_or(ValueProblem::BadWindowSize {
                    least,
                    most,
                    found: size,
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
                return Err(ValueProblem::NotASession);
            }
            let name = s.account.take().map(|(name, _)| name).unwrap_or_default();
            s.account = Some((name, session));
        }
        "solved_puzzles" => {
            let wrong_list = || wrong(value, Expected::Puzzles);
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
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    screen_reader: bool,
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
    /// The settings as TOML, the form they are kept in (written through
    /// serde and `toml`; read back one key at a time by
    /// [`Settings::from_toml`]). Fails only if `toml` cannot write them,
    /// which these types never make it: then `toml`'s own error.
    pub fn to_toml(&self) -> Result<String, toml::ser::Error> {
        let file = SettingsFile {
            language: self.language.map(Language::code),
            walk_speed: self.walk_speed,
            muted: self.muted,
            volume: self.volume,
            flipped: self.flipped,
            screen_reader: self.screen_reader,
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
        toml::to_string(&file).map(|body| format!("{HEADER}{body}"))
    }

    /// Reads kept settings: each value that does not do is named and
    /// replaced by its default, the others kept; unknown keys (a newer
    /// version's) are skipped. Only text that is not TOML at all is
    /// refused as a whole.
    pub fn from_toml(text: &str) -> Result<(Settings, Vec<SettingsProblem>), SettingsUnreadable> {
        let table: toml::Table = text.parse().map_err(SettingsUnreadable)?;
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
                "muted" | "flipped" | "screen_reader" => value
                    .parse::<bool>()
                    .map_or_else(|_| text(), toml::Value::Boolean),
                _ => text(),
            };
            table.insert(key.to_string(), value);
        }
        // These values always write as TOML.
        toml::to_string(&table).unwrap_or_default()
    }
}

/// A session as the server hands them out: 32 hex digits (some room
/// left for longer ones).
fn is_session(text: &str) -> bool {
    (16..=128).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_hexdigit())
}
