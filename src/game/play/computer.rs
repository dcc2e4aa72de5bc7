//! Computer players and hints. Searches run as background jobs (see
//! [`crate::game::platform::background`]) so the window keeps drawing; dropping a job stops
//! it on undo, a new game or exit. A chosen turn is handed to the
//! [`PlannedTurn`] and played capture by capture through the same intents
//! (and animations) as a person's.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use bevy::prelude::*;
use tracing::error;

use crate::ai::{Level, Thinker, choose, think_time};
use crate::rules::{PlayedTurn, Position, Rules, VariantError};

use super::{BoardReset, CaptureMade, Game, Refusal, Refused};
use crate::game::platform::background::{Background, Job, Step, Work};
use crate::game::play::planned::{PlannedTurn, PlaysPlannedTurn};
use crate::game::screens::{InGame, Phase};
use crate::game::sets::GameSet;
use crate::game::settings::Settings;

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
            )
                .chain()
                .in_set(GameSet::Input)
                .before(PlaysPlannedTurn)
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

/// One decision of a computer level, as background work: on a worker
/// thread the whole search at once ([`choose`]), on the web page a
/// [`Thinker`] a slice at a time.
struct Decide {
    rules: Rules,
    position: Position,
    level: Level,
    think: Duration,
    seed: u64,
    thinker: Option<Thinker>,
}

impl Work for Decide {
    type Output = Answer;

    fn step(&mut self, slice: Option<Duration>, cancel: &AtomicBool) -> Step<Answer> {
        let Some(slice) = slice else {
            let decision = choose(
                &self.rules,
                &self.position,
                self.level,
                self.think,
                self.seed,
                cancel,
            );
            return Step::Done(decision.map(|d| d.map(|d| d.turn.played())));
        };
        let thinker = match &mut self.thinker {
            Some(thinker) => thinker,
            None => match Thinker::new(
                &self.rules,
                &self.position,
                self.level,
                self.think,
                self.seed,
            ) {
                Ok(thinker) => self.thinker.insert(thinker),
                Err(e) => return Step::Done(Err(e)),
            },
        };
        match thinker.think_for(slice) {
            Ok(Some(decision)) => Step::Done(Ok(decision.map(|d| d.turn.played()))),
            Ok(None) => Step::Working,
            Err(e) => Step::Done(Err(e)),
        }
    }
}

/// The computer's thinking and the hint on show.
#[derive(Resource, Default)]
pub struct ComputerPlayer {
    thinking: Option<Job<Answer>>,
    hinting: Option<Job<Answer>>,
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
}

impl ComputerPlayer {
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some() || self.hinting.is_some()
    }

    /// Stops the searches in progress.
    pub fn cancel(&mut self) {
        self.thinking = None;
        self.hinting = None;
        self.hint = None;
        self.stopped = None;
    }
}

/// A decision of `level` for the position, started in the background.
fn decide(
    background: &Background,
    game: &Game,
    level: Level,
    think: Duration,
    seed: u64,
) -> Job<Answer> {
    background.start(Decide {
        rules: game.rules().clone(),
        position: *game.position(),
        level,
        think,
        seed,
        thinker: None,
    })
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
    game: Res<Game>,
    settings: Res<Settings>,
    background: Res<Background>,
    planned: Res<PlannedTurn>,
    mut computer: ResMut<ComputerPlayer>,
) {
    let super::Player::Computer(level) = game.player(game.to_move()) else {
        return;
    };
    if game.turn().is_some() || computer.thinking.is_some() || !planned.is_idle() {
        return;
    }
    if computer.stopped.is_some() || computer.paused && !computer.step_once {
        return;
    }
    computer.step_once = false;
    let seed = computer.seed ^ (game.played().len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let think = think_time(settings.think_seconds);
    computer.thinking = Some(decide(&background, &game, level, think, seed));
}

/// The computer gives up on this game, and says why.
fn stop(computer: &mut ComputerPlayer, e: VariantError, refused: &mut MessageWriter<Refused>) {
    error!("the computer stopped playing: {e}");
    refused.write(Refused(Refusal::ComputerStopped(e.clone())));
    computer.stopped = Some(e);
}

fn start_hint(
    mut requests: MessageReader<HintRequest>,
    game: Res<Game>,
    settings: Res<Settings>,
    background: Res<Background>,
    mut computer: ResMut<ComputerPlayer>,
) {
    if requests.read().count() == 0 || game.turn().is_some() {
        return;
    }
    let think = think_time(settings.think_seconds);
    let seed = computer.seed;
    computer.hinting = Some(decide(&background, &game, Level::Strongest, think, seed));
}

/// The answer of a finished job, if it has finished.
fn finished(job: &mut Option<Job<Answer>>) -> Option<Answer> {
    match job.as_mut()?.poll() {
        Step::Done(answer) => {
            *job = None;
            Some(answer)
        }
        Step::Working | Step::Partial(_) => None,
    }
}

fn collect_decisions(
    mut computer: ResMut<ComputerPlayer>,
    mut planned: ResMut<PlannedTurn>,
    mut refused: MessageWriter<Refused>,
) {
    match finished(&mut computer.thinking) {
        Some(Ok(Some(turn))) => planned.play(&turn),
        Some(Err(e)) => stop(&mut computer, e, &mut refused),
        Some(Ok(None)) | None => {}
    }
    match finished(&mut computer.hinting) {
        Some(Ok(hint)) => computer.hint = hint,
        Some(Err(e)) => stop(&mut computer, e, &mut refused),
        None => {}
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
