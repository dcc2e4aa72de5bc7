//! Computer players and hints. Searches run on Bevy's async compute pool so
//! the window keeps drawing; a cancel flag stops them on undo, a new game or
//! exit. A chosen turn is played capture by capture through the same intents
//! (and animations) as a person's.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use bevy::prelude::*;
#[cfg(not(target_arch = "wasm32"))]
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use tracing::error;

#[cfg(not(target_arch = "wasm32"))]
use crate::ai::choose;
use crate::ai::{Level, think_time};
use crate::rules::{Capture, PlayedTurn, Position, Rules, VariantError};

use super::GameSet;
use super::screens::{InGame, Phase};
use super::session::{BoardReset, CaptureIntent, CaptureMade, GameSession, Refusal, Refused};
use super::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ComputerPlayer>()
        .add_message::<HintRequest>()
        .add_message::<ComputerIntent>()
        .add_systems(
            Update,
            (
                follow_intents,
                start_thinking.run_if(in_state(Phase::ComputerToMove)),
                start_hint.run_if(in_state(Phase::PersonToMove)),
                collect_decisions,
                play_next_step.run_if(not(in_state(Phase::Animating))),
            )
                .chain()
                .in_set(GameSet::Input)
                .run_if(in_state(InGame)),
        )
        .add_systems(Update, cancel_on_change.in_set(GameSet::Sync))
        .add_systems(Last, cancel_on_exit);
}

/// Intent: suggest a turn for the person to move.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct HintRequest;

/// Intent: the player's controls of the computer players.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComputerIntent {
    /// Stop deciding (or go on again).
    Pause(bool),
    /// Play one turn while paused.
    Step,
}

/// What a search came to: a turn to play, none (the side has lost or the
/// search was cancelled), or the variant breaking the engine's rules.
type Answer = Result<Option<PlayedTurn>, VariantError>;

/// A search running in the background, with its way to be stopped.
struct Thinking {
    #[cfg(not(target_arch = "wasm32"))]
    task: Task<Answer>,
    /// The web page has no threads: the search runs a slice per frame.
    #[cfg(target_arch = "wasm32")]
    thinker: crate::ai::Thinker,
    cancel: Arc<AtomicBool>,
}

impl Thinking {
    /// The answer, once there is one.
    fn poll(&mut self) -> Option<Answer> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            check_ready(&mut self.task)
        }
        #[cfg(target_arch = "wasm32")]
        {
            // A slice short enough to keep the page drawing smoothly.
            match self.thinker.think_for(Duration::from_millis(12)) {
                Ok(Some(decision)) => Some(Ok(decision.map(|d| d.turn.played()))),
                Ok(None) => None,
                Err(e) => Some(Err(e)),
            }
        }
    }
}

impl Drop for Thinking {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// The computer's thinking, its chosen turn and the hint on show.
#[derive(Resource, Default)]
pub struct ComputerPlayer {
    thinking: Option<Thinking>,
    hinting: Option<Thinking>,
    plan: VecDeque<Capture>,
    /// The suggested turn for the person to move.
    pub hint: Option<PlayedTurn>,
    /// Mixed into every decision's seed; fix it for reproducible games.
    pub seed: u64,
    /// Stop deciding (the player pressed pause).
    pub paused: bool,
    /// Play one turn while paused.
    pub step_once: bool,
    /// Why the computer stopped playing this game, if it did: its variant
    /// broke the engine's rules. Cleared by a new game, undo or a load.
    pub stopped: Option<VariantError>,
    /// Searches whose thread has not yet returned (shared with the tasks).
    running: Arc<AtomicUsize>,
}

impl ComputerPlayer {
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some() || self.hinting.is_some()
    }

    /// Whether a search runs or chosen captures still wait to be played.
    pub fn is_busy(&self) -> bool {
        self.is_thinking() || !self.plan.is_empty()
    }

    /// Searches still running on a worker thread, cancelled or not.
    pub fn searches_running(&self) -> usize {
        self.running.load(Ordering::SeqCst)
    }

    /// Stops the searches in progress and forgets the planned captures.
    pub fn cancel(&mut self) {
        self.thinking = None;
        self.hinting = None;
        self.plan.clear();
        self.hint = None;
        self.stopped = None;
    }

    fn spawn(
        &self,
        rules: Rules,
        position: Position,
        level: Level,
        think: Duration,
        seed: u64,
    ) -> Result<Thinking, VariantError> {
        let cancel = Arc::new(AtomicBool::new(false));
        #[cfg(target_arch = "wasm32")]
        {
            let thinker = crate::ai::Thinker::new(&rules, &position, level, think, seed)?;
            Ok(Thinking { thinker, cancel })
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let flag = cancel.clone();
            // Counts the search until its future is gone, whether it ran to the
            // end or was dropped before it ever started.
            let guard = RunningGuard::new(self.running.clone());
            let task = AsyncComputeTaskPool::get().spawn(async move {
                let _guard = guard;
                let decision = choose(&rules, &position, level, think, seed, &flag)?;
                // A cancelled search's answer is stale.
                if flag.load(Ordering::Relaxed) {
                    Ok(None)
                } else {
                    Ok(decision.map(|d| d.turn.played()))
                }
            });
            Ok(Thinking { task, cancel })
        }
    }
}

/// Keeps a search counted in [`ComputerPlayer::searches_running`] while it lives.
#[cfg(not(target_arch = "wasm32"))]
struct RunningGuard(Arc<AtomicUsize>);

#[cfg(not(target_arch = "wasm32"))]
impl RunningGuard {
    fn new(counter: Arc<AtomicUsize>) -> RunningGuard {
        counter.fetch_add(1, Ordering::SeqCst);
        RunningGuard(counter)
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Drop for RunningGuard {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
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

fn follow_intents(
    mut intents: MessageReader<ComputerIntent>,
    mut computer: ResMut<ComputerPlayer>,
) {
    for intent in intents.read() {
        match *intent {
            ComputerIntent::Pause(paused) => computer.paused = paused,
            ComputerIntent::Step => computer.step_once = true,
        }
    }
}

fn start_thinking(
    session: Res<GameSession>,
    settings: Res<Settings>,
    mut computer: ResMut<ComputerPlayer>,
    mut refused: MessageWriter<Refused>,
) {
    let super::Player::Computer(level) = session.player(session.to_move()) else {
        return;
    };
    if session.turn.is_some() || computer.thinking.is_some() || !computer.plan.is_empty() {
        return;
    }
    if computer.stopped.is_some() || computer.paused && !computer.step_once {
        return;
    }
    computer.step_once = false;
    let seed = computer.seed ^ (session.played.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    match computer.spawn(
        session.rules.clone(),
        *session.position(),
        level,
        think_time(settings.think_seconds),
        seed,
    ) {
        Ok(thinking) => computer.thinking = Some(thinking),
        Err(e) => stop(&mut computer, e, &mut refused),
    }
}

/// The computer gives up on this game, and says why.
fn stop(computer: &mut ComputerPlayer, e: VariantError, refused: &mut MessageWriter<Refused>) {
    error!("the computer stopped playing: {e}");
    refused.write(Refused(Refusal::ComputerStopped(e.clone())));
    computer.stopped = Some(e);
}

fn start_hint(
    mut requests: MessageReader<HintRequest>,
    session: Res<GameSession>,
    settings: Res<Settings>,
    mut computer: ResMut<ComputerPlayer>,
    mut refused: MessageWriter<Refused>,
) {
    if requests.read().count() == 0 || session.turn.is_some() {
        return;
    }
    match computer.spawn(
        session.rules.clone(),
        *session.position(),
        Level::Strongest,
        think_time(settings.think_seconds),
        computer.seed,
    ) {
        Ok(hinting) => computer.hinting = Some(hinting),
        Err(e) => stop(&mut computer, e, &mut refused),
    }
}

fn collect_decisions(mut computer: ResMut<ComputerPlayer>, mut refused: MessageWriter<Refused>) {
    if let Some(thinking) = computer.thinking.as_mut()
        && let Some(answer) = thinking.poll()
    {
        computer.thinking = None;
        match answer {
            Ok(Some(turn)) => computer.plan = turn_steps(&turn),
            Ok(None) => {}
            Err(e) => stop(&mut computer, e, &mut refused),
        }
    }
    if let Some(hinting) = computer.hinting.as_mut()
        && let Some(answer) = hinting.poll()
    {
        computer.hinting = None;
        match answer {
            Ok(hint) => computer.hint = hint,
            Err(e) => stop(&mut computer, e, &mut refused),
        }
    }
}

fn play_next_step(mut computer: ResMut<ComputerPlayer>, mut intents: MessageWriter<CaptureIntent>) {
    if let Some(step) = computer.plan.pop_front() {
        intents.write(CaptureIntent(step));
    }
}

/// Undo, load or a new game stops the search; any capture drops the hint.
fn cancel_on_change(
    mut resets: MessageReader<BoardReset>,
    mut made: MessageReader<CaptureMade>,
    mut computer: ResMut<ComputerPlayer>,
) {
    if resets.read().count() > 0 {
        computer.cancel();
    }
    if made.read().count() > 0 {
        computer.hint = None;
    }
}

fn cancel_on_exit(mut exits: MessageReader<AppExit>, mut computer: ResMut<ComputerPlayer>) {
    if exits.read().count() > 0 {
        computer.cancel();
    }
}
