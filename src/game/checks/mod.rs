//! Test hooks, in builds with the cargo feature `checks` (the tests and CI
//! build with it; a player's build, `cargo build --release`, does not
//! carry it):
//!
//! - [`script`]: `--click SQUARES` and `--screenshot FILE`, scripted play
//!   through the real pointer path and a picture of the window, for the
//!   window tests;
//! - `access`: `--accessibility FILE`, the window's accessibility tree
//!   (each control's role and name, as AccessKit hands it to a screen
//!   reader) written with the screenshot;
//! - [`storm`]: `--storm N`, thousands of seeded random inputs, then the
//!   board checked against the engine;
//! - on the web page, `page_state`: the game's state published as
//!   attributes of the page for the browser tests.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::rules::Square;

#[cfg(not(target_arch = "wasm32"))]
pub mod access;
#[cfg(target_arch = "wasm32")]
pub mod page_state;
pub mod script;
pub mod storm;

/// What a check asks the window to do.
#[derive(Clone, Debug, Default)]
pub struct Checks {
    /// Squares to click, in order.
    pub clicks: Vec<Square>,
    /// Where to save a screenshot when done (then the app quits).
    pub screenshot: Option<PathBuf>,
    /// Where to write the accessibility tree with the screenshot.
    pub accessibility: Option<PathBuf>,
    /// The storm check: inputs and seed.
    pub storm: Option<(u32, u64)>,
    /// The files the desktop's file dialogs answer, in order, in place of
    /// the player (no dialog opens).
    pub dialog_answers: Vec<PathBuf>,
}

impl Checks {
    /// Whether a check drives the window.
    pub fn is_scripted(&self) -> bool {
        !self.clicks.is_empty() || self.screenshot.is_some() || self.storm.is_some()
    }
}

/// Adds what `checks` asks for.
pub(super) fn plugin(checks: Checks) -> impl Fn(&mut App) {
    move |app: &mut App| {
        #[cfg(target_arch = "wasm32")]
        app.add_systems(Last, page_state::publish_state);
        #[cfg(not(target_arch = "wasm32"))]
        if !checks.dialog_answers.is_empty() {
            app.insert_resource(crate::game::platform::dialogs::DialogScript(Some(
                checks.dialog_answers.clone(),
            )));
        }
        if let Some((inputs, seed)) = checks.storm {
            app.add_plugins(storm::plugin(inputs, seed));
        } else if checks.is_scripted() {
            app.add_plugins(script::plugin(
                checks.clicks.clone(),
                checks.screenshot.clone(),
            ));
            #[cfg(not(target_arch = "wasm32"))]
            if let Some(path) = checks.accessibility.clone() {
                app.add_plugins(access::plugin(path));
            }
        }
    }
}
