//! Keeps the player's settings between runs: `settings.toml` in the user's
//! folder ([`crate::places::user_dir`]) on the desktop, the browser's local
//! storage on the web, TOML in both. A value that does not read is named
//! (line and key) and replaced by its default, the rest kept; settings that
//! do not read at all are set aside under another name (nothing is lost)
//! and the defaults used; never a reason not to start. The `key = value`
//! file of earlier versions is read once and written back as TOML.

use std::fmt;

use bevy::prelude::*;
use tracing::warn;

use super::FileError;
use crate::game::settings::{Settings, SettingsProblem, SettingsUnreadable};
use crate::tr;

/// The settings kept between runs; `place` lets the window open at the
/// remembered or a fitting size (not when the command line asked for one).
pub(crate) fn plugin(place: bool) -> impl Fn(&mut App) {
    move |app: &mut App| {
        app.add_systems(PreStartup, load)
            .add_systems(Last, save_changes);
        #[cfg(not(target_arch = "wasm32"))]
        {
            app.add_systems(Update, remember_window_size);
            if place {
                app.add_systems(Update, place_window);
            }
        }
        #[cfg(target_arch = "wasm32")]
        let _ = place;
    }
}

/// The window's first size: the one it had when last resized, or else a
/// size that fits the screen it opens on (most of it, the board's shape
/// kept roughly), centred there. Once, when the monitor is known.
#[cfg(not(target_arch = "wasm32"))]
fn place_window(
    settings: Res<Settings>,
    monitors: Query<&bevy::window::Monitor, With<bevy::window::PrimaryMonitor>>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
    mut placed: Local<bool>,
) {
    use bevy::window::{MonitorSelection, WindowPosition};
    if *placed {
        return;
    }
    let (Ok(mut window), Ok(monitor)) = (windows.single_mut(), monitors.single()) else {
        return;
    };
    *placed = true;
    let scale = monitor.scale_factor.max(0.5) as f32;
    let screen = Vec2::new(
        monitor.physical_width as f32,
        monitor.physical_height as f32,
    ) / scale;
    let size = match settings.window {
        Some(size) => size.as_vec2().min(screen),
        None => fitted_size(screen),
    };
    window.resolution.set(size.x.round(), size.y.round());
    window.position = WindowPosition::Centered(MonitorSelection::Primary);
}

/// Most of a screen of this size (logical pixels), a little wider than
/// high, never smaller than the smallest layout (800 by 600).
#[cfg(not(target_arch = "wasm32"))]
pub fn fitted_size(screen: Vec2) -> Vec2 {
    let room = screen * Vec2::new(0.9, 0.85);
    let height = room.y.min(room.x / 1.45);
    Vec2::new(height * 1.45, height).max(Vec2::new(800.0, 600.0).min(screen))
}

/// Remembers the window's size once a resize has settled (half a second
/// without another), so dragging a corner does not write the file on every
/// frame.
#[cfg(not(target_arch = "wasm32"))]
fn remember_window_size(
    mut resized: MessageReader<bevy::window::WindowResized>,
    time: Res<Time<Real>>,
    mut pending: Local<Option<(Vec2, f64)>>,
    mut intents: MessageWriter<crate::game::settings::SettingsIntent>,
) {
    let now = time.elapsed_secs_f64();
    // The first seconds' resizes are the window being placed, not the
    // player's choice.
    if now < 2.0 {
        resized.clear();
        return;
    }
    if let Some(last) = resized.read().last() {
        *pending = Some((Vec2::new(last.width, last.height), now));
    }
    if let Some((size, at)) = *pending
        && now - at > 0.5
    {
        *pending = None;
        let size = size.round().as_uvec2();
        intents.write(crate::game::settings::SettingsIntent::WindowSize(
            size.x, size.y,
        ));
    }
}

/// What reading the kept settings had to say (the settings window shows
/// it, worded in the language in force when it is shown).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct SettingsNotice(pub Vec<Notice>);

/// One thing reading or mending the kept settings had to say.
#[derive(Debug, Clone, PartialEq)]
pub enum Notice {
    /// A setting that did not read; its default is used.
    Problem(SettingsProblem),
    /// The settings do not read at all; the defaults are used.
    Unreadable(SettingsUnreadable),
    /// The settings as they were are kept in this file.
    Kept(String),
    /// The settings as they were are kept in the page's storage, under
    /// this key.
    KeptInPage(String),
    /// The settings as they were could not be kept in `place`: the
    /// system's words why.
    NotKept { place: String, why: FileError },
    /// The mended settings could not be saved.
    NotSaved(SaveProblem),
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::Problem(problem) => write!(f, "{problem}"),
            Notice::Unreadable(unreadable) => write!(f, "{unreadable}"),
            Notice::Kept(file) => f.write_str(&tr!("settings-notice-kept", file = file.as_str())),
            Notice::KeptInPage(key) => {
                f.write_str(&tr!("settings-notice-kept-page", key = key.as_str()))
            }
            Notice::NotKept { place, why } => f.write_str(&tr!(
                "settings-notice-not-kept",
                file = place.as_str(),
                why = why.to_string()
            )),
            Notice::NotSaved(problem) => {
                f.write_str(&tr!("settings-notice-not-saved", why = problem.to_string()))
            }
        }
    }
}

/// Why the settings could not be saved (to their file on the desktop, to
/// the page's storage on the web).
#[derive(Debug, Clone, PartialEq)]
pub enum SaveProblem {
    /// No home folder to keep them in.
    NoHome,
    /// The file (or its folder) could not be written: the system's words
    /// why.
    File { path: String, why: FileError },
    /// The page has no local storage.
    NoStorage,
    /// The page's local storage refused them.
    Refused,
    /// They do not write as TOML: `toml`'s own error.
    NotToml(toml::ser::Error),
}

impl fmt::Display for SaveProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            SaveProblem::NoHome => tr!("settings-notice-no-home"),
            SaveProblem::File { path, why } => tr!(
                "settings-notice-save-file",
                file = path.as_str(),
                why = why.to_string()
            ),
            SaveProblem::NoStorage => tr!("settings-notice-no-storage"),
            SaveProblem::Refused => tr!("settings-notice-storage-refused"),
            SaveProblem::NotToml(why) => tr!("settings-notice-not-toml", why = why.to_string()),
        })
    }
}

impl std::error::Error for SaveProblem {}

fn load(mut settings: ResMut<Settings>, mut notice: ResMut<SettingsNotice>) {
    let (loaded, notices) = load_kept();
    if let Some(loaded) = loaded {
        *settings = loaded;
    }
    crate::lang::set(settings.language_in_force());
    for notice in &notices {
        warn!("{notice}");
    }
    notice.0 = notices;
}

/// The kept settings and what is to be said about them. Settings that
/// needed mending are written back mended (the file as it was kept beside
/// it); an earlier version's file is written as TOML.
fn load_kept() -> (Option<Settings>, Vec<Notice>) {
    let (text, legacy) = match read() {
        Some(text) => (text, false),
        None => match read_legacy() {
            Some(text) => (Settings::legacy_to_toml(&text), true),
            None => return (None, Vec::new()),
        },
    };
    // The page keeps both forms under one key: text that is not TOML may
    // be the earlier form.
    let parsed = Settings::from_toml(&text)
        .or_else(|e| Settings::from_toml(&Settings::legacy_to_toml(&text)).map_err(|_| e));
    match parsed {
        Ok((settings, problems)) => {
            let mended = !problems.is_empty();
            let mut notices: Vec<Notice> = problems.into_iter().map(Notice::Problem).collect();
            if mended {
                notices.extend(set_aside(&text));
            }
            if (legacy || mended)
                && let Err(e) = save(&settings)
            {
                notices.push(Notice::NotSaved(e));
            }
            (Some(settings), notices)
        }
        Err(e) => {
            let mut notices = vec![Notice::Unreadable(e)];
            notices.extend(set_aside(&text));
            (None, notices)
        }
    }
}

/// Writes the settings where they are kept.
fn save(settings: &Settings) -> Result<(), SaveProblem> {
    write(&settings.to_toml().map_err(SaveProblem::NotToml)?)
}

/// Saves after the player changes something. Not on the first frame, which
/// sees loading as a change.
fn save_changes(settings: Res<Settings>, mut started: Local<bool>) {
    if !std::mem::replace(&mut *started, true) {
        return;
    }
    if settings.is_changed()
        && let Err(e) = save(&settings)
    {
        warn!("{}", Notice::NotSaved(e));
    }
}

/// Keeps settings that did not read (whole) beside the new ones: what is
/// said about where.
#[cfg(not(target_arch = "wasm32"))]
fn set_aside(text: &str) -> Option<Notice> {
    let kept = crate::places::user_dir()?.join("settings-unreadable.toml");
    let place = kept.display().to_string();
    Some(match std::fs::write(&kept, text) {
        Ok(()) => Notice::Kept(place),
        Err(e) => Notice::NotKept {
            place,
            why: e.into(),
        },
    })
}

#[cfg(target_arch = "wasm32")]
fn set_aside(text: &str) -> Option<Notice> {
    let stored = storage()?.set_item(UNREADABLE_KEY, text).is_ok();
    stored.then(|| Notice::KeptInPage(UNREADABLE_KEY.to_string()))
}

#[cfg(target_arch = "wasm32")]
const UNREADABLE_KEY: &str = "burrow-settings-unreadable";

/// The `key = value` file of earlier versions, read once: it is renamed
/// once read, so it is not read again.
#[cfg(not(target_arch = "wasm32"))]
fn read_legacy() -> Option<String> {
    let old = crate::places::user_dir()?.join("settings.txt");
    let text = std::fs::read_to_string(&old).ok()?;
    let _ = std::fs::rename(&old, old.with_extension("txt.old"));
    Some(text)
}

#[cfg(target_arch = "wasm32")]
fn read_legacy() -> Option<String> {
    None
}

#[cfg(not(target_arch = "wasm32"))]
fn path() -> Option<std::path::PathBuf> {
    crate::places::user_dir().map(|d| d.join("settings.toml"))
}

#[cfg(not(target_arch = "wasm32"))]
fn read() -> Option<String> {
    std::fs::read_to_string(path()?).ok()
}

#[cfg(not(target_arch = "wasm32"))]
fn write(text: &str) -> Result<(), SaveProblem> {
    let path = path().ok_or(SaveProblem::NoHome)?;
    let file_error = |path: &std::path::Path| {
        let path = path.display().to_string();
        move |error: std::io::Error| SaveProblem::File {
            path,
            why: error.into(),
        }
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(file_error(dir))?;
    }
    // A whole file or the old one: written beside, then renamed over it.
    let part = path.with_extension("toml.part");
    std::fs::write(&part, text).map_err(file_error(&part))?;
    std::fs::rename(&part, &path).map_err(file_error(&path))
}

#[cfg(target_arch = "wasm32")]
const STORAGE_KEY: &str = "burrow-settings";

#[cfg(target_arch = "wasm32")]
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

#[cfg(target_arch = "wasm32")]
fn read() -> Option<String> {
    storage()?.get_item(STORAGE_KEY).ok().flatten()
}

#[cfg(target_arch = "wasm32")]
fn write(text: &str) -> Result<(), SaveProblem> {
    storage()
        .ok_or(SaveProblem::NoStorage)?
        .set_item(STORAGE_KEY, text)
        .map_err(|_| SaveProblem::Refused)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every notice takes its words from the catalogue (the tests run in
    /// English), with the toml crate's and the system's details in them.
    #[test]
    fn a_notice_is_worded_from_the_catalogue() {
        let (_, problems) = Settings::from_toml("volume = \"loud\"").unwrap();
        let unreadable = Settings::from_toml("no equals sign").unwrap_err();
        let notices = [
            Notice::Problem(problems[0].clone()),
            Notice::Unreadable(unreadable),
            Notice::Kept("/home/ada/.config/burrow/settings-unreadable.toml".into()),
            Notice::KeptInPage("burrow-settings-unreadable".into()),
            Notice::NotKept {
                place: "/home/ada/.config/burrow/settings-unreadable.toml".into(),
                why: std::io::Error::from_raw_os_error(13).into(),
            },
            Notice::NotSaved(SaveProblem::NoHome),
            Notice::NotSaved(SaveProblem::File {
                path: "/home/ada/.config/burrow/settings.toml".into(),
                why: std::io::Error::from_raw_os_error(28).into(),
            }),
            Notice::NotSaved(SaveProblem::NoStorage),
            Notice::NotSaved(SaveProblem::Refused),
            Notice::NotSaved(SaveProblem::NotToml(serde::ser::Error::custom(
                "unsupported value",
            ))),
        ];
        for notice in &notices {
            let said = notice.to_string();
            assert!(
                !said.is_empty() && !said.contains("settings-notice-"),
                "{notice:?}: {said}"
            );
        }
        let said: Vec<String> = notices.iter().map(ToString::to_string).collect();
        assert_eq!(
            said[0],
            "settings line 1: `volume` must be a number, found 'loud'; its default is used"
        );
        assert!(said[1].starts_with("the settings do not read as TOML: "));
        assert_eq!(
            said[2],
            "the settings as they were are kept in /home/ada/.config/burrow/settings-unreadable.toml"
        );
        assert!(said[4].contains("Permission denied"), "{}", said[4]);
        assert_eq!(said[5], "could not save settings: no home folder");
        assert!(said[6].contains("No space left"), "{}", said[6]);
        assert!(said[9].contains("unsupported value"), "{}", said[9]);
    }

    #[test]
    fn the_first_window_fits_the_screen() {
        // A laptop, a large monitor, a small screen (the smallest layout
        // fills it), each in logical pixels.
        assert_eq!(
            fitted_size(Vec2::new(1920.0, 1080.0)).round(),
            Vec2::new(1331.0, 918.0)
        );
        let big = fitted_size(Vec2::new(3840.0, 2160.0));
        assert!(big.x <= 3840.0 * 0.9 && big.y <= 2160.0 * 0.85, "{big}");
        assert!(big.y > 1800.0, "{big}");
        assert_eq!(
            fitted_size(Vec2::new(800.0, 600.0)),
            Vec2::new(800.0, 600.0)
        );
    }
}
