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

use crate::ai::Level;
#[cfg(not(target_arch = "wasm32"))]
use crate::ai::choose;
use crate::rules::{Capture, PlayedTurn, Position, Rules};

use super::GameSet;
use super::animation::AnimationQueue;
use super::session::{BoardReset, CaptureIntent, CaptureMade, GameSession, Player};
use super::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ComputerPlayer>()
        .add_message::<HintRequest>()
        .add_systems(
            Update,
            (
                start_thinking,
                start_hint,
                collect_decisions,
                play_next_step,
            )
                .chain()
                .in_set(GameSet::Input),
        )
        .add_systems(Update, cancel_on_change.in_set(GameSet::Sync))
        .add_systems(Last, cancel_on_exit);
}

/// Intent: suggest a turn for the person to move.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct HintRequest;

/// A search running in the background, with its way to be stopped.
struct Thinking {
    #[cfg(not(target_arch = "wasm32"))]
    task: Task<Option<PlayedTurn>>,
    /// The web page has no threads: the search runs a slice per frame.
    #[cfg(target_arch = "wasm32")]
    thinker: crate::ai::Thinker,
    cancel: Arc<AtomicBool>,
}

impl Thinking {
    /// The decision, once there is one (`Some(None)`: no turn to play).
    fn poll(&mut self) -> Option<Option<PlayedTurn>> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            check_ready(&mut self.task)
        }
        #[cfg(target_arch = "wasm32")]
        {
            // A slice short enough to keep the page drawing smoothly.
            match self.thinker.think_for(Duration::from_millis(12)) {
                Ok(Some(decision)) => Some(decision.map(|d| d.turn.played())),
                Ok(None) => None,
                Err(_) => Some(None),
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
    }

    fn spawn(
        &self,
        rules: Rules,
        position: Position,
        level: Level,
        think: Duration,
        seed: u64,
    ) -> Thinking {
        let cancel = Arc::new(AtomicBool::new(false));
        #[cfg(target_arch = "wasm32")]
        {
            let thinker = crate::ai::Thinker::new(&rules, &position, level, think, seed)
                .unwrap_or_else(|_| {
                    // A broken variant: play nothing rather than stop the page.
                    crate::ai::Thinker::new(&rules, &position, Level::Random, think, seed)
                        .expect("random play needs no search")
                });
            Thinking { thinker, cancel }
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let flag = cancel.clone();
            // Counts the search until its future is gone, whether it ran to the
            // end or was dropped before it ever started.
            let guard = RunningGuard::new(self.running.clone());
            let task = AsyncComputeTaskPool::get().spawn(async move {
                let _guard = guard;
                let decision = choose(&rules, &position, level, think, seed, &flag)
                    .ok()
                    .flatten();
                // A cancelled search's answer is stale.
                if flag.load(Ordering::Relaxed) {
                    None
                } else {
                    decision.map(|d| d.turn.played())
                }
            });
            Thinking { task, cancel }
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

fn think_time(settings: &Settings) -> Duration {
    Duration::from_secs_f32(settings.think_seconds.clamp(0.05, 60.0))
}

fn start_thinking(
    session: Res<GameSession>,
    queue: Res<AnimationQueue>,
    settings: Res<Settings>,
    mut computer: ResMut<ComputerPlayer>,
) {
    let Player::Computer(level) = session.player(session.to_move()) else {
        return;
    };
    if session.outcome.is_some() || session.review.is_some() || session.turn.is_some() {
        return;
    }
    if computer.thinking.is_some() || !computer.plan.is_empty() || !queue.is_idle() {
        return;
    }
    if computer.paused && !computer.step_once {
        return;
    }
    computer.step_once = false;
    let seed = computer.seed ^ (session.played.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let thinking = computer.spawn(
        session.rules.clone(),
        *session.position(),
        level,
        think_time(&settings),
        seed,
    );
    computer.thinking = Some(thinking);
}

fn start_hint(
    mut requests: MessageReader<HintRequest>,
    session: Res<GameSession>,
    settings: Res<Settings>,
    mut computer: ResMut<ComputerPlayer>,
) {
    if requests.read().count() == 0 || !session.human_to_move() || session.turn.is_some() {
        return;
    }
    let hinting = computer.spawn(
        session.rules.clone(),
        *session.position(),
        Level::Strongest,
        think_time(&settings),
        computer.seed,
    );
    computer.hinting = Some(hinting);
}

fn collect_decisions(mut computer: ResMut<ComputerPlayer>) {
    if let Some(thinking) = computer.thinking.as_mut()
        && let Some(decision) = thinking.poll()
    {
        computer.thinking = None;
        if let Some(turn) = decision {
            computer.plan = turn_steps(&turn);
        }
    }
    if let Some(hinting) = computer.hinting.as_mut()
        && let Some(decision) = hinting.poll()
    {
        computer.hinting = None;
        computer.hint = decision;
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
