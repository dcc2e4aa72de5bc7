//! Player settings that outlive a single game.

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>();
}

#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Settings {
    /// Squares per second a capturing piece walks; 0 plays captures instantly.
    pub walk_speed: f32,
    pub muted: bool,
    /// Black at the bottom.
    pub flipped: bool,
    /// How long the `strongest` computer level (and the hint) thinks, in seconds.
    pub think_seconds: f32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            walk_speed: 6.0,
            muted: false,
            flipped: false,
            think_seconds: 1.0,
        }
    }
}
