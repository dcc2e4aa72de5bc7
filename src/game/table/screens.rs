//! The screens of the game and the phases of a turn, as Bevy `States`.
//!
//! - [`Screen`]: the new-game menu, a game being played, a finished game.
//! - [`InGame`]: computed from the screen, on while a game is on the board
//!   (playing or over); the board's entities live as long as it does.
//! - [`Phase`]: a sub-state of [`InGame`]: who or what the game waits for
//!   now. Systems run on it (`run_if(in_state(Phase::PersonToMove))`)
//!   instead of checking flags inside.
//!
//! The screens follow the rules plugin's facts: a game started
//! ([`GameStarted`]) goes to the board, a finished one to its screen once
//! its last capture is shown, and undo or a new game brings it back. Whoever
//! starts a game only sends the intent.

use bevy::prelude::*;

use crate::game::sets::GameSet;
use crate::game::table::animation::AnimationQueue;
use crate::game::table::session::{BoardReset, GameSession, GameStarted, Player};

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_computed_state::<InGame>()
        .add_sub_state::<Phase>()
        .init_resource::<ScreenFade>()
        .add_systems(OnEnter(Screen::Title), lower_curtain)
        .add_systems(OnEnter(InGame), lower_curtain)
        .add_systems(
            Update,
            (
                go_to_started_games,
                enter_game_over.run_if(in_state(Screen::Playing)),
                leave_game_over.run_if(in_state(Screen::GameOver)),
                follow_phase.run_if(in_state(InGame)),
            )
                .in_set(GameSet::Present),
        );
}

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The new-game menu.
    #[default]
    Title,
    Playing,
    /// The game has a winner; the board stays for review.
    GameOver,
}

/// The curtain between the title screen and the board: it is drawn over
/// the whole window when one gives way to the other (and at start) and
/// lifts over [`FADE_SECONDS`], so the new screen fades in rather than pops.
/// Once lifted it asks for no frames.
#[derive(Resource, Debug, Default)]
pub struct ScreenFade {
    /// When the curtain last fell (real seconds since start).
    since: Option<f64>,
}

/// How long the curtain takes to lift.
pub const FADE_SECONDS: f64 = 0.35;

impl ScreenFade {
    /// How much of the curtain covers the window at `now`: 1 when it has
    /// just fallen, 0 once it has lifted.
    pub fn opacity(&self, now: f64) -> f32 {
        self.since.map_or(0.0, |since| {
            let left = 1.0 - (now - since) / FADE_SECONDS;
            // Eased, so the screen appears quickly and settles gently.
            (left.clamp(0.0, 1.0) as f32).powi(2)
        })
    }

    pub fn is_still(&self, now: f64) -> bool {
        self.opacity(now) == 0.0
    }
}

fn lower_curtain(mut fade: ResMut<ScreenFade>, time: Res<Time<Real>>) {
    fade.since = Some(time.elapsed_secs_f64());
}

/// A game is on the board: playing or over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InGame;

impl ComputedStates for InGame {
    type SourceStates = Screen;

    fn compute(screen: Screen) -> Option<InGame> {
        matches!(screen, Screen::Playing | Screen::GameOver).then_some(InGame)
    }
}

/// What the game on the board waits for.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(InGame = InGame)]
pub enum Phase {
    /// A person plays the side to move: the board takes their clicks.
    #[default]
    PersonToMove,
    /// The computer thinks, or plays out the turn it chose.
    ComputerToMove,
    /// A capture is being shown; nothing new starts until it ends.
    Animating,
    /// An earlier position is on show.
    Reviewing,
    /// The game has a winner.
    Finished,
}

impl Phase {
    /// The phase the game is in: the animations first, then whom the
    /// session waits for ([`GameSession::waiting_for`]).
    pub fn of(session: &GameSession, queue: &AnimationQueue) -> Phase {
        match session.waiting_for() {
            _ if !queue.is_idle() => Phase::Animating,
            None if session.review().is_some() => Phase::Reviewing,
            None => Phase::Finished,
            Some(Player::Human) => Phase::PersonToMove,
            Some(_) => Phase::ComputerToMove,
        }
    }
}

/// Keeps [`Phase`] in step with the session and the animations, at the end
/// of the frame, so the next frame's systems run in the right phase.
fn follow_phase(
    session: Res<GameSession>,
    queue: Res<AnimationQueue>,
    phase: Res<State<Phase>>,
    mut next: ResMut<NextState<Phase>>,
) {
    let now = Phase::of(&session, &queue);
    if *phase.get() != now {
        next.set(now);
    }
}

/// A game started from anywhere (the menu, a puzzle, a lesson, a record,
/// an online table) is shown on the board.
fn go_to_started_games(
    mut started: MessageReader<GameStarted>,
    mut next: ResMut<NextState<Screen>>,
) {
    if started.read().count() > 0 {
        (*next).set_if_neq(Screen::Playing);
    }
}

/// Once the last capture has been shown, a finished game moves to its screen.
fn enter_game_over(
    session: Res<GameSession>,
    queue: Res<AnimationQueue>,
    mut next: ResMut<NextState<Screen>>,
) {
    if session.outcome().is_some() && queue.is_idle() {
        next.set(Screen::GameOver);
    }
}

/// Undo or a new game brings a finished game back to play.
fn leave_game_over(
    session: Res<GameSession>,
    mut resets: MessageReader<BoardReset>,
    mut next: ResMut<NextState<Screen>>,
) {
    if resets.read().count() > 0 && session.outcome().is_none() {
        next.set(Screen::Playing);
    }
}
