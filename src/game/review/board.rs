//! The review on the board: the turn the engine would play in the position
//! on show, drawn in the overlay's [`OverlaySet::Review`].

use bevy::prelude::*;

use crate::game::review::evaluation::GameReview;
use crate::game::table::board::palette;
use crate::game::table::layout::BoardLayout;
use crate::game::table::overlay::{OverlaySet, centres};
use crate::game::table::session::GameSession;
use crate::game::table::strokes::Strokes;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, draw_review_best.in_set(OverlaySet::Review));
}

/// In the review, the turn the engine would play in the position on show.
fn draw_review_best(
    mut strokes: ResMut<Strokes>,
    layout: Res<BoardLayout>,
    session: Res<GameSession>,
    review: Res<GameReview>,
) {
    let Some(index) = session.review().filter(|_| review.open) else {
        return;
    };
    let Some(best) = review.best_at(index) else {
        return;
    };
    let mut squares = vec![best.origin];
    squares.extend(&best.captures);
    strokes.path(centres(&layout, &squares), palette::HINT);
    for p in centres(&layout, &squares) {
        strokes.ring(p, layout.square * 0.22, palette::HINT);
    }
}
