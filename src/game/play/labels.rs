//! The labels egui draws on the board: the coordinates, the analysis
//! badges and the template's notes.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::Game;
use crate::game::play::analysis::BoardAnalysis;
use crate::game::play::input::Selection;
use crate::game::play::layout::BoardLayout;

/// What the board's labels read: the coordinates, the analysis badges and
/// the template's notes drawn over the board.
#[derive(bevy::ecs::system::SystemParam)]
pub struct BoardLabels<'w> {
    game: Res<'w, Game>,
    layout: Res<'w, BoardLayout>,
    analysis: Res<'w, BoardAnalysis>,
    selection: Res<'w, Selection>,
}

/// The labels egui draws on the board.
pub(super) fn board_labels(
    mut contexts: EguiContexts,
    data: BoardLabels,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    if let Ok(window) = window.single() {
        let window = Vec2::new(window.width(), window.height());
        draw_coordinates(&ctx, &data.layout, window);
        draw_analysis_marks(&ctx, &data, window);
        draw_template_notes(&ctx, &data, window);
    }
    Ok(())
}

/// Each piece of the side to move marked with the best of its turns: green
/// for a proven win, red for a proven loss, grey with the evaluation's
/// sign where nothing is proven.
fn draw_analysis_marks(ctx: &egui::Context, data: &BoardLabels, window: Vec2) {
    let position = crate::game::play::analysis::analysed_position(&data.game);
    let Some(report) = data.analysis.report_for(&position) else {
        return;
    };
    if !data.analysis.enabled || data.game.turn().is_some() {
        return;
    }
    let painter = ctx.layer_painter(egui::LayerId::background());
    let layout = &data.layout;
    let to_screen = |world: Vec2| window_point(ctx, world, window);
    let font = egui::FontId::proportional((layout.square * 0.24).clamp(9.0, 20.0));
    for (square, mark) in report.best_by_origin() {
        let (fill, text) = match mark.knowledge.wins() {
            Some(true) => (egui::Color32::from_rgb(30, 140, 60), mark.label()),
            Some(false) => (egui::Color32::from_rgb(170, 40, 40), mark.label()),
            None => (
                egui::Color32::from_gray(90),
                format!("{:.0}%", 100.0 * mark.chance),
            ),
        };
        // A badge in the square's top right corner.
        let centre =
            layout.square_center(square) + Vec2::new(layout.square * 0.28, layout.square * 0.28);
        let p = to_screen(centre);
        let r = layout.square * 0.2 / ctx.zoom_factor();
        painter.circle_filled(p, r, fill);
        painter.text(
            p,
            egui::Align2::CENTER_CENTER,
            text,
            font.clone(),
            egui::Color32::WHITE,
        );
    }
}

/// A tag with `text` centred on `at`, in window pixels.
fn tag(
    painter: &egui::Painter,
    at: egui::Pos2,
    text: String,
    font: egui::FontId,
    fill: egui::Color32,
) {
    let galley = painter.layout_no_wrap(text, font, egui::Color32::WHITE);
    let rect = egui::Rect::from_center_size(at, galley.size() + egui::vec2(10.0, 4.0));
    painter.rect_filled(rect, 4.0, fill);
    painter.galley(
        rect.min + egui::vec2(5.0, 2.0),
        galley,
        egui::Color32::WHITE,
    );
}

/// The template's words on the board: the count on the capturing piece
/// (Tumburrow), and what a capture onto the square under the pointer would
/// make of the template.
fn draw_template_notes(ctx: &egui::Context, data: &BoardLabels, window: Vec2) {
    use crate::game::presentation;
    use crate::rules::{CaptureView, Position};
    let game = &data.game;
    if game.review().is_some() {
        return;
    }
    let look = presentation::of(game.rules());
    let layout = &data.layout;
    let painter = ctx.layer_painter(egui::LayerId::background());
    let to_screen = |world: Vec2| window_point(ctx, world, window);
    let font = egui::FontId::proportional((layout.square * 0.22).clamp(10.0, 18.0));
    let fill = egui::Color32::from_rgba_unmultiplied(20, 70, 120, 230);
    // The capture a hovered square stands for: from the piece mid-turn,
    // or from the selected piece before the initial capture.
    let (board, from, template) = match &game.turn() {
        Some(turn) => {
            let at = turn.current();
            let drawing = look.template_drawing(turn.template(), turn.board(), at);
            if let Some(label) = drawing.label {
                let below = layout.square_center(at) - Vec2::new(0.0, layout.square * 0.3);
                tag(&painter, to_screen(below), label, font.clone(), fill);
            }
            (*turn.board(), at, Some(turn.template()))
        }
        None => match data.selection.piece {
            Some(piece) => (game.position().board, piece, None),
            None => return,
        },
    };
    let Some(hovered) = data.selection.hovered else {
        return;
    };
    let Some(mover) = board.side_at(from) else {
        return;
    };
    let reachable = game
        .rules()
        .initial_targets(&Position { board, turn: mover }, from)
        .contains(hovered);
    if !reachable {
        return;
    }
    let view = CaptureView::new(&board, mover, from, hovered, None);
    if let Some(note) = look.target_note(template, &view) {
        let above = layout.square_center(hovered) + Vec2::new(0.0, layout.square * 0.38);
        tag(&painter, to_screen(above), note, font, fill);
    }
}

/// Where a point of the board's world goes in egui's coordinates: window
/// pixels from the top left, divided by the UI scale.
pub(super) fn window_point(ctx: &egui::Context, world: Vec2, window: Vec2) -> egui::Pos2 {
    let point = crate::game::play::layout::world_to_window(window, world) / ctx.zoom_factor();
    egui::pos2(point.x, point.y)
}

/// File letters and rank numbers around the board.
fn draw_coordinates(ctx: &egui::Context, layout: &BoardLayout, window: Vec2) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    let font = egui::FontId::proportional((layout.square * 0.22).clamp(9.0, 18.0));
    let color = egui::Color32::from_gray(200);
    let to_screen = |world: Vec2| window_point(ctx, world, window);
    let size = layout.size;
    for sq in size.squares() {
        let c = layout.square_center(sq);
        let bottom = if layout.flipped { size.ranks() - 1 } else { 0 };
        let left = if layout.flipped { size.files() - 1 } else { 0 };
        if sq.y() == bottom {
            let p = to_screen(c - Vec2::new(0.0, layout.square * 0.78));
            let letter = ((b'a' + sq.x()) as char).to_string();
            painter.text(p, egui::Align2::CENTER_CENTER, letter, font.clone(), color);
        }
        if sq.x() == left {
            let p = to_screen(c - Vec2::new(layout.square * 0.78, 0.0));
            painter.text(
                p,
                egui::Align2::CENTER_CENTER,
                (sq.y() + 1).to_string(),
                font.clone(),
                color,
            );
        }
    }
}
