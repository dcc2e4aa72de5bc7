//! The order of one frame's `Update`, declared once here; every plugin
//! slots its systems into one of these sets.

use bevy::prelude::*;

/// The order of one frame's `Update`, declared once here; every plugin
/// slots its systems into one of these. The panels are drawn after it, in
/// bevy_egui's pass, and read what this frame left.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// The board's place and size follow the window and the panels.
    Layout,
    /// Pointer, keys, scripts and computer players turn into intents.
    Input,
    /// The rules plugin applies intents and writes facts.
    Rules,
    /// Entities and the turn's phase follow the facts.
    Sync,
    /// Running animations advance.
    Animate,
    /// Overlays, sounds and redraw requests show the frame's result.
    Present,
}

/// Puts the sets in their order.
pub(super) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            GameSet::Layout,
            GameSet::Input,
            GameSet::Rules,
            GameSet::Sync,
            GameSet::Animate,
            GameSet::Present,
        )
            .chain(),
    );
}
