//! Plays captures out: the capturing piece walks its real path square by
//! square with easing, the captured piece shrinks away and is despawned, and
//! a multi-capture turn plays capture after capture.

use std::collections::VecDeque;

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::rules::Square;

use super::{BoardReset, CaptureMade};
use crate::game::play::layout::BoardLayout;
use crate::game::play::pieces::{Animating, OnSquare, Piece};
use crate::game::sets::GameSet;
use crate::game::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AnimationQueue>()
        .add_message::<RequestRedraw>()
        .add_systems(
            Update,
            (queue_captures, clear_on_reset).in_set(GameSet::Sync),
        )
        .add_systems(Update, advance.in_set(GameSet::Animate));
}

#[derive(Clone, Debug)]
struct Walk {
    walker: Option<Entity>,
    victim: Option<Entity>,
    path: Vec<Square>,
    elapsed: f32,
    duration: f32,
}

/// Captures waiting to be shown, and the one being shown.
#[derive(Resource, Default, Debug)]
pub struct AnimationQueue {
    pending: VecDeque<CaptureMade>,
    active: Option<Walk>,
}

impl AnimationQueue {
    /// Nothing is moving and nothing waits: input and the next capture may go.
    pub fn is_idle(&self) -> bool {
        self.pending.is_empty() && self.active.is_none()
    }
}

fn queue_captures(mut made: MessageReader<CaptureMade>, mut queue: ResMut<AnimationQueue>) {
    queue.pending.extend(made.read().cloned());
}

fn clear_on_reset(mut resets: MessageReader<BoardReset>, mut queue: ResMut<AnimationQueue>) {
    if resets.read().count() > 0 {
        *queue = AnimationQueue::default();
    }
}

/// Smooth start and stop.
fn ease_in_out(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The point `progress` (0..1) of the way along a path of square centres.
fn along(layout: &BoardLayout, path: &[Square], progress: f32) -> Vec2 {
    let steps = path.len().saturating_sub(1);
    if steps == 0 {
        return path
            .first()
            .map_or(Vec2::ZERO, |&s| layout.square_center(s));
    }
    let at = progress.clamp(0.0, 1.0) * steps as f32;
    let i = (at.floor() as usize).min(steps - 1);
    let a = layout.square_center(path[i]);
    let b = layout.square_center(path[i + 1]);
    a.lerp(b, at - i as f32)
}

#[allow(clippy::too_many_arguments)]
fn advance(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    layout: Res<BoardLayout>,
    mut queue: ResMut<AnimationQueue>,
    mut pieces: Query<(Entity, &Piece, &mut OnSquare, &mut Transform)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if queue.active.is_none() {
        let Some(made) = queue.pending.pop_front() else {
            return;
        };
        let find = |pieces: &Query<(Entity, &Piece, &mut OnSquare, &mut Transform)>,
                    sq: Square,
                    mine: bool| {
            pieces
                .iter()
                .find(|(_, p, on, _)| on.0 == sq && (p.0 == made.mover) == mine)
                .map(|(e, ..)| e)
        };
        let walker = find(&pieces, made.capture.from, true);
        let victim = find(&pieces, made.capture.to, false);
        let steps = made.path.len().saturating_sub(1).max(1) as f32;
        let duration = if settings.walk_speed > 0.0 {
            0.15 + steps / settings.walk_speed
        } else {
            0.0
        };
        if let Some(walker) = walker {
            commands.entity(walker).insert(Animating);
        }
        if let Some(victim) = victim {
            commands.entity(victim).insert(Animating);
        }
        queue.active = Some(Walk {
            walker,
            victim,
            path: made.path,
            elapsed: 0.0,
            duration,
        });
    }
    let walk = queue.active.as_mut().expect("set above");
    walk.elapsed += time.delta_secs();
    let progress = if walk.duration > 0.0 {
        walk.elapsed / walk.duration
    } else {
        1.0
    };
    let eased = ease_in_out(progress);
    if let Some(Ok((_, _, _, mut transform))) = walk.walker.map(|e| pieces.get_mut(e)) {
        transform.translation = along(&layout, &walk.path, eased).extend(2.0);
        // A slight lift while moving.
        transform.scale = Vec3::splat(1.0 + 0.12 * (std::f32::consts::PI * eased).sin());
    }
    if let Some(Ok((_, _, _, mut transform))) = walk.victim.map(|e| pieces.get_mut(e)) {
        // The captured piece shrinks away as the walker arrives.
        let fade = ((eased - 0.6) / 0.4).clamp(0.0, 1.0);
        transform.scale = Vec3::splat(1.0 - fade);
    }
    if progress < 1.0 {
        redraw.write(RequestRedraw);
        return;
    }
    let walk = queue.active.take().expect("checked above");
    let target = *walk.path.last().expect("a path has its target");
    if let Some(victim) = walk.victim {
        commands.entity(victim).despawn();
    }
    if let Some(walker) = walk.walker {
        if let Ok((_, _, mut on, _)) = pieces.get_mut(walker) {
            on.0 = target;
        }
        commands.entity(walker).remove::<Animating>();
    }
    redraw.write(RequestRedraw);
}
