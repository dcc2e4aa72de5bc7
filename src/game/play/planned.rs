//! A decided turn played onto the board capture by capture.
//!
//! The computer, a puzzle's defence, a lesson's scripted replies and an
//! online opponent all decide whole turns; each hands its turn to
//! [`PlannedTurn`], and one system sends its captures as [`CaptureIntent`]s,
//! one whenever the board is still, so every capture is checked by the
//! rules plugin and animated like a person's. A reset of the board (a new
//! game, undo, a load) drops what is left of the plan.

use std::collections::VecDeque;

use bevy::prelude::*;

use crate::rules::{Capture, PlayedTurn};

use super::{BoardReset, CaptureIntent};
use crate::game::screens::{InGame, Phase};
use crate::game::sets::GameSet;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlannedTurn>()
        .add_systems(
            Update,
            play_next_capture
                .in_set(GameSet::Input)
                .in_set(PlaysPlannedTurn)
                .run_if(in_state(InGame))
                .run_if(not(in_state(Phase::Animating))),
        )
        .add_systems(Update, drop_on_reset.in_set(GameSet::Sync));
}

/// The system that sends a planned turn's next capture; whoever plans a
/// turn in [`GameSet::Input`] runs before it, so the first capture goes
/// out in the frame the turn was decided.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlaysPlannedTurn;

/// The captures of a decided turn still to be played.
#[derive(Resource, Debug, Default)]
pub struct PlannedTurn {
    captures: VecDeque<Capture>,
}

impl PlannedTurn {
    /// Plays `turn` from the position on the board, one capture at a time,
    /// in place of anything planned before.
    pub fn play(&mut self, turn: &PlayedTurn) {
        self.captures = turn.steps().collect();
    }

    /// Plays `captures` in order: a turn's beginning, or the next captures
    /// of the turn under way (a turn typed into the screen reader's field).
    pub fn play_captures(&mut self, captures: Vec<Capture>) {
        self.captures = captures.into();
    }

    /// No capture is waiting to be played.
    pub fn is_idle(&self) -> bool {
        self.captures.is_empty()
    }

    /// Forgets what is left of the plan.
    pub fn clear(&mut self) {
        self.captures.clear();
    }
}

fn play_next_capture(mut planned: ResMut<PlannedTurn>, mut intents: MessageWriter<CaptureIntent>) {
    if let Some(capture) = planned.captures.pop_front() {
        intents.write(CaptureIntent(capture));
    }
}

fn drop_on_reset(mut resets: MessageReader<BoardReset>, mut planned: ResMut<PlannedTurn>) {
    if resets.read().count() > 0 {
        planned.clear();
    }
}
