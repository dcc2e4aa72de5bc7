//! The panels' fonts.

use bevy::prelude::*;
use bevy_egui::egui;

/// Ubuntu Light, cut down to the scripts the game and its players write
/// (Latin, Greek and Cyrillic) and without hinting programs: made from
/// egui's own file by `.ci/fonts`, under the Ubuntu Font Licence
/// (`assets/fonts/UFL.txt`).
const UBUNTU_LIGHT: &[u8] = include_bytes!("../../../assets/fonts/Ubuntu-Light-Burrow.ttf");

/// Hack, cut down further: only the monospace lines use it (turns, clocks,
/// the game file's editor), so it keeps the Latin letters of the game's
/// languages and punctuation; any other glyph comes from Ubuntu Light
/// (`assets/fonts/Hack-LICENSE.txt`).
const HACK: &[u8] = include_bytes!("../../../assets/fonts/Hack-Regular-Burrow.ttf");

/// The panels' fonts: Ubuntu Light for text, Hack for the monospace
/// lines, each falling back on the other (the panels show no emoji).
fn fonts() -> egui::FontDefinitions {
    use std::sync::Arc;
    let mut fonts = egui::FontDefinitions::empty();
    for (name, data) in [("Ubuntu-Light", UBUNTU_LIGHT), ("Hack", HACK)] {
        fonts
            .font_data
            .insert(name.into(), Arc::new(egui::FontData::from_static(data)));
    }
    fonts.families.insert(
        egui::FontFamily::Proportional,
        vec!["Ubuntu-Light".into(), "Hack".into()],
    );
    fonts.families.insert(
        egui::FontFamily::Monospace,
        vec!["Hack".into(), "Ubuntu-Light".into()],
    );
    fonts
}

/// Gives each new egui context the panels' fonts before its first pass.
pub(super) fn install_fonts(
    mut contexts: Query<&mut bevy_egui::EguiContext, Added<bevy_egui::EguiContext>>,
) {
    for mut context in &mut contexts {
        context.get_mut().set_fonts(fonts());
    }
}
