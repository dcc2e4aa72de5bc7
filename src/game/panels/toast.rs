//! The short-lived message that explains a refused click (or, on the
//! desktop, names the file a record was saved to).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::play::Refused;
use crate::game::ui::UiState;

/// The last refusal (or, on desktop, a saved file) becomes the toast.
pub(super) fn remember_notices(
    mut refused: MessageReader<Refused>,
    #[cfg(not(target_arch = "wasm32"))] mut saved: MessageReader<crate::game::play::Saved>,
    time: Res<Time<Real>>,
    mut ui: ResMut<UiState>,
) {
    if let Some(Refused(reason)) = refused.read().last() {
        ui.toast = Some((reason.to_string(), time.elapsed_secs_f64()));
    }
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(crate::game::play::Saved(path)) = saved.read().last() {
        ui.toast = Some((
            crate::tr!("toast-saved", path = path.display().to_string()),
            time.elapsed_secs_f64(),
        ));
    }
}

/// How long a refusal or notice stays on screen: time to read a sentence.
const TOAST_SECONDS: f64 = 5.0;

/// Shows the last refusal for a few seconds.
pub(super) fn toast(
    mut contexts: EguiContexts,
    time: Res<Time<Real>>,
    mut state: ResMut<UiState>,
) -> Result {
    let Some((message, since)) = &state.toast else {
        return Ok(());
    };
    let age = time.elapsed_secs_f64() - since;
    if age > TOAST_SECONDS {
        state.toast = None;
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let ctx = &ctx;
    // At the foot of the side panel, where it covers none of the board
    // (its file letters included); on a screen without the panel, low in
    // the middle.
    let area = egui::Area::new("toast".into()).order(egui::Order::Foreground);
    let (area, width) = match state.panel_rects.first() {
        Some(panel) => (
            area.pivot(egui::Align2::LEFT_BOTTOM)
                .fixed_pos(panel.left_bottom() + egui::vec2(8.0, -8.0)),
            (panel.width() - 16.0).max(120.0),
        ),
        // A readable width wherever it lands: without one, an area near
        // the edge shrinks to a few letters and breaks words over many
        // lines.
        None => (
            area.anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -20.0)),
            (ctx.content_rect().width() - 40.0).clamp(160.0, 420.0),
        ),
    };
    area.show(ctx, |ui| {
        egui::Frame::popup(ui.style()).show(ui, |ui| {
            ui.set_min_width(width.min(message.len() as f32 * 8.0 + 16.0));
            ui.set_max_width(width);
            ui.label(message);
        });
    });
    ctx.request_repaint_after(std::time::Duration::from_millis(250));
    Ok(())
}
