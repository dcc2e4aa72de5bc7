//! The pass's ends that belong to the board: the curtain over a screen
//! change, and the room the panels leave for the board (and the regions
//! the input must leave to them).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::play::input::UiRegions;
use crate::game::play::layout::BoardArea;
use crate::game::screens::ScreenFade;
use crate::game::ui::UiState;

/// The screen change's curtain over everything, lifting
/// ([`ScreenFade`]).
pub(super) fn curtain(
    mut contexts: EguiContexts,
    fade: Res<ScreenFade>,
    time: Res<Time<Real>>,
) -> Result {
    let opacity = fade.opacity(time.elapsed_secs_f64());
    if opacity > 0.0 {
        let ctx = contexts.ctx_mut()?;
        let layer = egui::LayerId::new(egui::Order::Foreground, egui::Id::new("curtain"));
        ctx.layer_painter(layer).rect_filled(
            ctx.content_rect(),
            0.0,
            egui::Color32::from_rgb(30, 27, 25).gamma_multiply(opacity),
        );
        ctx.request_repaint();
    }
    Ok(())
}

/// The end of a pass: the board gets the room the panels left, and the
/// input learns where the panels and windows are (clicks there are not the
/// board's).
pub(super) fn end_pass(
    mut contexts: EguiContexts,
    mut state: ResMut<UiState>,
    mut area: ResMut<BoardArea>,
    mut regions: ResMut<UiRegions>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let zoom = ctx.zoom_factor();
    // egui's points are window pixels over the UI scale.
    let free = state.board_rect.unwrap_or_else(|| ctx.viewport_rect());
    let rect = Rect::from_corners(
        Vec2::new(free.min.x, free.min.y) * zoom,
        Vec2::new(free.max.x, free.max.y) * zoom,
    );
    if area.0 != Some(rect) {
        area.0 = Some(rect);
    }
    // Every window, menu and toast drawn this pass, in window pixels.
    let shown = ctx.memory(|m| {
        m.areas()
            .visible_layer_ids()
            .into_iter()
            .filter(|layer| layer.order != egui::Order::Background)
            .filter_map(|layer| m.area_rect(layer.id))
            .collect::<Vec<_>>()
    });
    let next = UiRegions {
        rects: std::mem::take(&mut state.panel_rects)
            .into_iter()
            .chain(shown)
            .map(|r| Rect::new(r.min.x, r.min.y, r.max.x, r.max.y))
            .map(|r| Rect::from_corners(r.min * zoom, r.max * zoom))
            .collect(),
        holding_pointer: ctx.egui_is_using_pointer(),
        typing: ctx.egui_wants_keyboard_input(),
    };
    if *regions != next {
        *regions = next;
    }
    Ok(())
}
