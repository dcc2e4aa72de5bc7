//! When the game needs frames. The window runs in Bevy's reactive mode, so a
//! frame comes only on input or on a [`RequestRedraw`]; this plugin asks for
//! frames while something is under way and for a few after anything changes
//! (state transitions and layout settle over a frame or two), then lets the
//! app sleep.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::Game;
use crate::game::platform::background::Background;
use crate::game::play::animation::AnimationQueue;
use crate::game::play::planned::PlannedTurn;
use crate::game::screens::{Screen, ScreenFade};
use crate::game::sets::GameSet;
use crate::game::settings::Settings;

/// Frames still to draw after the last change.
const SETTLE_FRAMES: u32 = 3;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(FramesToSettle(SETTLE_FRAMES))
        .add_systems(Update, request_frames.in_set(GameSet::Present));
}

#[derive(Resource, Debug)]
struct FramesToSettle(u32);

fn request_frames(
    game: Res<Game>,
    settings: Res<Settings>,
    screen: Res<State<Screen>>,
    queue: Res<AnimationQueue>,
    background: Res<Background>,
    planned: Res<PlannedTurn>,
    analysis: Res<crate::game::play::analysis::BoardAnalysis>,
    (fade, time): (Res<ScreenFade>, Res<Time<Real>>),
    mut settle: ResMut<FramesToSettle>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if game.is_changed() || settings.is_changed() || screen.is_changed() || analysis.is_changed() {
        settle.0 = SETTLE_FRAMES;
    }
    let busy = !queue.is_idle()
        || !planned.is_idle()
        || !background.is_idle()
        || !fade.is_still(time.elapsed_secs_f64());
    if busy || settle.0 > 0 {
        settle.0 = settle.0.saturating_sub(1);
        redraw.write(RequestRedraw);
    }
}
