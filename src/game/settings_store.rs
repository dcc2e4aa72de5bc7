//! Keeps the player's settings between runs: a small text file in the
//! user's config folder on desktop, the browser's local storage on the web.
//! Saved settings that cannot be read are reported and left alone (the
//! defaults are used), never a reason not to start.

use bevy::prelude::*;
use tracing::warn;

use super::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, load)
        .add_systems(Last, save_changes);
}

fn load(mut settings: ResMut<Settings>) {
    let Some(text) = read() else {
        return;
    };
    match Settings::from_text(&text) {
        Ok(saved) => *settings = saved,
        Err(e) => warn!("saved settings ignored ({e}); using defaults"),
    }
}

/// Saves after the player changes something. Not on the first frame, which
/// sees loading as a change: an unreadable saved file stays as it was.
fn save_changes(settings: Res<Settings>, mut started: Local<bool>) {
    if !std::mem::replace(&mut *started, true) {
        return;
    }
    if settings.is_changed()
        && let Err(e) = write(&settings.to_text())
    {
        warn!("could not save settings: {e}");
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn path() -> Option<std::path::PathBuf> {
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".config")))?;
    Some(config.join("burrow").join("settings.txt"))
}

#[cfg(not(target_arch = "wasm32"))]
fn read() -> Option<String> {
    std::fs::read_to_string(path()?).ok()
}

#[cfg(not(target_arch = "wasm32"))]
fn write(text: &str) -> Result<(), String> {
    let path = path().ok_or("no home folder")?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
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
fn write(text: &str) -> Result<(), String> {
    storage()
        .ok_or("local storage is not available")?
        .set_item(STORAGE_KEY, text)
        .map_err(|_| "local storage refused the settings".to_string())
}
