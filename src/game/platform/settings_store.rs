//! Keeps the player's settings between runs: `settings.toml` in the user's
//! folder ([`crate::places::user_dir`]) on the desktop, the browser's local
//! storage on the web, TOML in both. A value that does not read is named
//! (line and key) and replaced by its default, the rest kept; settings that
//! do not read at all are set aside under another name (nothing is lost)
//! and the defaults used; never a reason not to start. The `key = value`
//! file of earlier versions is read once and written back as TOML.

use bevy::prelude::*;
use tracing::warn;

use crate::game::settings::Settings;

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
/// it).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct SettingsNotice(pub Vec<String>);

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
fn load_kept() -> (Option<Settings>, Vec<String>) {
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
            let mut notices: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
            if !problems.is_empty() {
                notices.extend(set_aside(&text));
            }
            if (legacy || !problems.is_empty())
                && let Err(e) = settings
                    .to_toml()
                    .and_then(|text| write(&text).map_err(|e| e.to_string()))
            {
                notices.push(format!("could not save settings: {e}"));
            }
            (Some(settings), notices)
        }
        Err(e) => {
            let mut notices = vec![format!("{e}; the defaults are used")];
            notices.extend(set_aside(&text));
            (None, notices)
        }
    }
}

/// Saves after the player changes something. Not on the first frame, which
/// sees loading as a change.
fn save_changes(settings: Res<Settings>, mut started: Local<bool>) {
    if !std::mem::replace(&mut *started, true) {
        return;
    }
    if settings.is_changed()
        && let Err(e) = settings
            .to_toml()
            .and_then(|text| write(&text).map_err(|e| e.to_string()))
    {
        warn!("could not save settings: {e}");
    }
}

/// Keeps settings that did not read (whole) beside the new ones: what is
/// said about where.
#[cfg(not(target_arch = "wasm32"))]
fn set_aside(text: &str) -> Option<String> {
    let kept = crate::places::user_dir()?.join("settings-unreadable.toml");
    match std::fs::write(&kept, text) {
        Ok(()) => Some(format!(
            "the settings as they were are kept in {}",
            kept.display()
        )),
        Err(e) => Some(format!(
            "could not keep the settings as they were ({}: {e})",
            kept.display()
        )),
    }
}

#[cfg(target_arch = "wasm32")]
fn set_aside(text: &str) -> Option<String> {
    let stored = storage()?.set_item(UNREADABLE_KEY, text).is_ok();
    stored.then(|| {
        format!("the settings as they were are kept in the page's storage ({UNREADABLE_KEY})")
    })
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

/// Why the settings could not be saved to their file.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, thiserror::Error)]
enum SaveError {
    #[error("no home folder")]
    NoHome,
    #[error("{}: {}", .path.display(), .error)]
    File {
        path: std::path::PathBuf,
        error: std::io::Error,
    },
}

/// Why the settings could not be saved to the page's storage.
#[cfg(target_arch = "wasm32")]
#[derive(Debug, thiserror::Error)]
enum SaveError {
    #[error("local storage is not available")]
    NoStorage,
    #[error("local storage refused the settings")]
    Refused,
}

#[cfg(not(target_arch = "wasm32"))]
fn write(text: &str) -> Result<(), SaveError> {
    let path = path().ok_or(SaveError::NoHome)?;
    let file_error = |path: &std::path::Path| {
        let path = path.to_path_buf();
        move |error| SaveError::File { path, error }
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
fn write(text: &str) -> Result<(), SaveError> {
    storage()
        .ok_or(SaveError::NoStorage)?
        .set_item(STORAGE_KEY, text)
        .map_err(|_| SaveError::Refused)
}

#[cfg(test)]
mod tests {
    use super::*;

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
