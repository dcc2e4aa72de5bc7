//! The lines and rings drawn over the board (the overlay's marks), as
//! egui shapes in the board's layer: the overlay's systems add them in the
//! board's world coordinates during the frame, and `paint_strokes` draws
//! them under the board's labels in the frame's egui pass. They are drawn
//! the way the labels are, antialiased at any size, and the game carries
//! no second line renderer (Bevy's gizmos, with their pipelines and
//! shaders, are left out of the build).

use bevy::color::ColorToPacked;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// How thick a stroke is, in window pixels.
const WIDTH: f32 = 4.0;

/// The strokes of this frame, in the board's world coordinates.
#[derive(Resource, Default, Debug)]
pub struct Strokes(Vec<Stroke>);

#[derive(Debug, Clone, PartialEq)]
enum Stroke {
    /// A line through these points.
    Path(Vec<Vec2>, Color),
    /// A ring: centre and radius.
    Ring(Vec2, f32, Color),
    /// A rectangle's outline: centre and size.
    Rect(Vec2, Vec2, Color),
}

impl Strokes {
    /// A line through `points`, one after another.
    pub fn path(&mut self, points: impl IntoIterator<Item = Vec2>, color: Color) {
        let points: Vec<Vec2> = points.into_iter().collect();
        if points.len() >= 2 {
            self.0.push(Stroke::Path(points, color));
        }
    }

    /// A line from `a` to `b`.
    pub fn line(&mut self, a: Vec2, b: Vec2, color: Color) {
        self.0.push(Stroke::Path(vec![a, b], color));
    }

    /// An arrow from `from` to `to`, its head a quarter of its length (at
    /// most `head`).
    pub fn arrow(&mut self, from: Vec2, to: Vec2, head: f32, color: Color) {
        self.line(from, to, color);
        let back = (from - to).normalize_or_zero() * head.min(from.distance(to) / 4.0);
        for angle in [0.5f32, -0.5] {
            self.line(to, to + Vec2::from_angle(angle).rotate(back), color);
        }
    }

    /// A ring of `radius` around `centre`.
    pub fn ring(&mut self, centre: Vec2, radius: f32, color: Color) {
        self.0.push(Stroke::Ring(centre, radius, color));
    }

    /// The outline of a rectangle of `size` around `centre`.
    pub fn rect(&mut self, centre: Vec2, size: Vec2, color: Color) {
        self.0.push(Stroke::Rect(centre, size, color));
    }

    /// How many strokes the frame has (for the tests).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the frame has none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A new frame starts with no strokes: the overlay draws them again.
pub(super) fn clear_strokes(mut strokes: ResMut<Strokes>) {
    strokes.0.clear();
}

fn color32(color: Color) -> egui::Color32 {
    let [r, g, b, a] = color.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// Draws the frame's strokes in the board's layer, under its labels.
pub(super) fn paint_strokes(
    mut contexts: EguiContexts,
    strokes: Res<Strokes>,
    ui: Res<crate::game::ui::UiState>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    if strokes.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let Ok(window) = window.single() else {
        return Ok(());
    };
    let window = Vec2::new(window.width(), window.height());
    let zoom = ctx.zoom_factor();
    let to_screen = |world: Vec2| super::labels::window_point(&ctx, world, window);
    // Only where the board is: on a frame where the panels have just moved
    // (a resize), the board's layout is still the last frame's.
    let mut painter = ctx.layer_painter(egui::LayerId::background());
    if let Some(board) = ui.board_rect {
        painter = painter.with_clip_rect(board);
    }
    for stroke in &strokes.0 {
        let shape = match stroke {
            Stroke::Path(points, color) => egui::Shape::line(
                points.iter().map(|p| to_screen(*p)).collect(),
                egui::Stroke::new(WIDTH / zoom, color32(*color)),
            ),
            Stroke::Ring(centre, radius, color) => egui::Shape::circle_stroke(
                to_screen(*centre),
                radius / zoom,
                egui::Stroke::new(WIDTH / zoom, color32(*color)),
            ),
            Stroke::Rect(centre, size, color) => egui::Shape::rect_stroke(
                egui::Rect::from_center_size(to_screen(*centre), egui::vec2(size.x, size.y) / zoom),
                0.0,
                egui::Stroke::new(WIDTH / zoom, color32(*color)),
                egui::StrokeKind::Middle,
            ),
        };
        painter.add(shape);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arrow_is_its_shaft_and_two_head_lines_ending_at_its_tip() {
        let mut strokes = Strokes::default();
        strokes.arrow(Vec2::ZERO, Vec2::new(100.0, 0.0), 10.0, Color::WHITE);
        assert_eq!(strokes.len(), 3);
        for stroke in &strokes.0[1..] {
            let Stroke::Path(points, _) = stroke else {
                panic!("{stroke:?}")
            };
            assert_eq!(points[0], Vec2::new(100.0, 0.0));
            // The head points back along the shaft, 10 long.
            assert!(points[1].x < 100.0 && (points[1].distance(points[0]) - 10.0).abs() < 1e-3);
        }
        // A path needs two points.
        strokes.path([Vec2::ZERO], Color::WHITE);
        assert_eq!(strokes.len(), 3);
    }
}
