//! What the game needs of the machine it runs on, and nothing of the game's
//! features: work off the frame ([`background`]), the settings kept between
//! runs ([`settings_store`]), the desktop's file dialogs (`dialogs`) and
//! its files read and written off the frame (`file_work`), the
//! window's sleep (`egui_idle`), a design's learned weights kept
//! ([`weights_store`]), and on
//! the web page its files (`web_files`) and its log (`web_log`).

pub mod background;
#[cfg(not(target_arch = "wasm32"))]
pub mod dialogs;
mod egui_idle;
mod file_error;
#[cfg(not(target_arch = "wasm32"))]
pub mod file_work;
pub mod settings_store;
#[cfg(target_arch = "wasm32")]
pub mod web_files;
#[cfg(target_arch = "wasm32")]
pub mod web_log;
pub mod weights_store;

pub use file_error::FileError;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(background::plugin)
        .init_resource::<settings_store::SettingsNotice>();
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins(dialogs::plugin);
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web_files::plugin);
}

pub(super) fn view(app: &mut App) {
    app.add_plugins(egui_idle::plugin);
}
