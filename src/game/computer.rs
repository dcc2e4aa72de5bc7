//! Computer players: they think on Bevy's async compute pool so the window
//! keeps drawing, then play their chosen turn capture by capture, through the
//! same intents (and animations) as a person.

use std::collections::VecDeque;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use crate::rules::{Capture, PlayedTurn, Position, Rules};

use super::GameSet;
use super::animation::AnimationQueue;
use super::session::{BoardReset, CaptureIntent, ComputerLevel, GameSession, Player};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ComputerPlayer>()
        .add_systems(
            Update,
            (start_thinking, collect_decision, play_next_step)
                .chain()
                .in_set(GameSet::Input),
        )
        .add_systems(Update, cancel_on_reset.in_set(GameSet::Sync));
}

/// The computer's current thinking and the rest of its chosen turn.
#[derive(Resource, Default)]
pub struct ComputerPlayer {
    task: Option<Task<Option<PlayedTurn>>>,
    plan: VecDeque<Capture>,
    /// Mixed into every decision's seed; fix it for reproducible games.
    pub seed: u64,
    /// Stop deciding (the player pressed pause).
    pub paused: bool,
    /// Play one turn while paused.
    pub step_once: bool,
}

impl ComputerPlayer {
    pub fn is_thinking(&self) -> bool {
        self.task.is_some()
    }

    /// Drops the search in progress and the planned captures.
    pub fn cancel(&mut self) {
        self.task = None;
        self.plan.clear();
    }
}

/// The captures of a played turn, one intent each.
pub fn turn_steps(turn: &PlayedTurn) -> VecDeque<Capture> {
    let mut steps = VecDeque::new();
    let mut from = turn.origin;
    for (i, &to) in turn.captures.iter().enumerate() {
        steps.push_back(Capture {
            from,
            to,
            route: if i == 0 { turn.route } else { None },
        });
        from = to;
    }
    steps
}

/// Chooses a turn for `level`; runs off the main thread.
pub fn decide(
    rules: &Rules,
    position: &Position,
    level: ComputerLevel,
    seed: u64,
) -> Option<PlayedTurn> {
    match level {
        ComputerLevel::Random => {
            let turns = rules.turns(position).ok()?;
            let mut rng = StdRng::seed_from_u64(seed);
            turns.choose(&mut rng).map(|t| t.played())
        }
    }
}

fn start_thinking(
    session: Res<GameSession>,
    queue: Res<AnimationQueue>,
    mut computer: ResMut<ComputerPlayer>,
) {
    let Player::Computer(level) = session.player(session.to_move()) else {
        return;
    };
    if session.outcome.is_some() || session.review.is_some() || session.turn.is_some() {
        return;
    }
    if computer.is_thinking() || !computer.plan.is_empty() || !queue.is_idle() {
        return;
    }
    if computer.paused && !computer.step_once {
        return;
    }
    computer.step_once = false;
    let rules = session.rules.clone();
    let position = *session.position();
    let seed = computer.seed ^ (session.played.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    computer.task = Some(
        AsyncComputeTaskPool::get().spawn(async move { decide(&rules, &position, level, seed) }),
    );
}

fn collect_decision(mut computer: ResMut<ComputerPlayer>) {
    let Some(task) = computer.task.as_mut() else {
        return;
    };
    if let Some(decision) = check_ready(task) {
        computer.task = None;
        if let Some(turn) = decision {
            computer.plan = turn_steps(&turn);
        }
    }
}

fn play_next_step(
    queue: Res<AnimationQueue>,
    mut computer: ResMut<ComputerPlayer>,
    mut intents: MessageWriter<CaptureIntent>,
) {
    if queue.is_idle()
        && let Some(step) = computer.plan.pop_front()
    {
        intents.write(CaptureIntent(step));
    }
}

fn cancel_on_reset(mut resets: MessageReader<BoardReset>, mut computer: ResMut<ComputerPlayer>) {
    if resets.read().count() > 0 {
        computer.cancel();
    }
}
