//! The review on the board: the turn the engine would play in the position
//! on show, drawn in the overlay's [`OverlaySet::Review`].

use bevy::prelude::*;

use crate::game::play::BoardLayout;
use crate::game::play::Game;
use crate::game::play::Strokes;
use crate::game::play::palette;
use crate::game::play::{OverlaySet, centres};
use crate::game::review::evaluation::GameReview;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, draw_review_best.in_set(OverlaySet::Review));
}

/// In the review, the turn the engine would play in the position on show.
fn draw_review_best(
    mut strokes: ResMut<Strokes>,
    layout: Res<BoardLayout>,
    game: Res<Game>,
    review: Res<GameReview>,
) {
    let Some(index) = game.review().filter(|_| review.open) else {
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
