//! The panels' look for each theme, from one list of colours.

use bevy_egui::egui::{self, Color32, Stroke};

use crate::game::settings::Theme;

/// The colours a toned theme (the classic browns, the green) is made of,
/// as RGB.
struct Tones {
    panel: [u8; 3],
    window: [u8; 3],
    extreme: [u8; 3],
    faint: [u8; 3],
    /// A widget at rest (its fill, weak or not).
    inactive: [u8; 3],
    /// A widget under the pointer.
    hovered: [u8; 3],
}

/// The classic theme takes the board's warm browns.
const CLASSIC: Tones = Tones {
    panel: [34, 30, 27],
    window: [40, 35, 31],
    extreme: [22, 19, 17],
    faint: [46, 40, 35],
    inactive: [66, 56, 47],
    hovered: [92, 77, 63],
};

/// The green theme follows the tournament board.
const GREEN: Tones = Tones {
    panel: [26, 33, 27],
    window: [31, 39, 32],
    extreme: [16, 21, 17],
    faint: [37, 47, 38],
    inactive: [50, 66, 50],
    hovered: [68, 90, 66],
};

/// The blue of a selection and of the keyboard focus, in every toned theme.
const SELECTION: Color32 = Color32::from_rgb(0, 98, 184);
const FOCUS: Color32 = Color32::from_rgb(120, 190, 255);

fn rgb([r, g, b]: [u8; 3]) -> Color32 {
    Color32::from_rgb(r, g, b)
}

/// A toned theme's look: its colours on egui's dark look, the selection
/// blue, and a strong outline on the widget with the keyboard focus.
fn toned(tones: &Tones) -> egui::Visuals {
    let mut v = egui::Visuals::dark();
    v.panel_fill = rgb(tones.panel);
    v.window_fill = rgb(tones.window);
    v.extreme_bg_color = rgb(tones.extreme);
    v.faint_bg_color = rgb(tones.faint);
    v.widgets.inactive.weak_bg_fill = rgb(tones.inactive);
    v.widgets.inactive.bg_fill = rgb(tones.inactive);
    v.widgets.hovered.weak_bg_fill = rgb(tones.hovered);
    v.widgets.hovered.bg_fill = rgb(tones.hovered);
    v.selection.bg_fill = SELECTION;
    v.selection.stroke = Stroke::new(2.0, FOCUS);
    // egui draws the widget with the keyboard focus as an active one.
    v.widgets.active.bg_stroke = Stroke::new(2.0, FOCUS);
    v
}

/// Black, white and yellow with strong outlines.
fn high_contrast() -> egui::Visuals {
    let mut v = egui::Visuals::dark();
    v.override_text_color = Some(Color32::WHITE);
    v.panel_fill = Color32::BLACK;
    v.window_fill = Color32::BLACK;
    v.extreme_bg_color = Color32::BLACK;
    v.faint_bg_color = Color32::from_gray(20);
    let edge = Stroke::new(1.5, Color32::WHITE);
    v.window_stroke = edge;
    for w in [
        &mut v.widgets.noninteractive,
        &mut v.widgets.inactive,
        &mut v.widgets.hovered,
        &mut v.widgets.active,
        &mut v.widgets.open,
    ] {
        w.bg_stroke = edge;
        w.fg_stroke = Stroke::new(1.5, Color32::WHITE);
    }
    v.widgets.inactive.weak_bg_fill = Color32::BLACK;
    v.widgets.inactive.bg_fill = Color32::from_gray(30);
    v.widgets.hovered.weak_bg_fill = Color32::from_rgb(90, 80, 0);
    v.widgets.hovered.bg_stroke = Stroke::new(2.5, Color32::YELLOW);
    v.selection.bg_fill = Color32::from_rgb(120, 100, 0);
    v.selection.stroke = Stroke::new(2.5, Color32::YELLOW);
    v.widgets.active.bg_stroke = Stroke::new(3.0, Color32::YELLOW);
    v
}

/// The panels' look for a theme: the classic one takes the board's warm
/// browns and blue, the green one the tournament board's greens, the
/// high-contrast one black, white and yellow with strong outlines (and a
/// strong outline on the widget with the keyboard focus in all).
pub fn visuals(theme: Theme) -> egui::Visuals {
    match theme {
        Theme::Classic => toned(&CLASSIC),
        Theme::Green => toned(&GREEN),
        Theme::HighContrast => high_contrast(),
    }
}
