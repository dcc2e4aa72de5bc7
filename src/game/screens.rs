//! The screens of the game and the phases of a turn, as Bevy `States`,
//! shared by every feature and using none of them.
//!
//! - [`Screen`]: the new-game menu, a game being played, a finished game.
//! - [`InGame`]: computed from the screen, on while a game is on the board
//!   (playing or over); the board's entities live as long as it does.
//! - [`Phase`]: a sub-state of [`InGame`]: who or what the game waits for
//!   now. Systems run on it (`run_if(in_state(Phase::PersonToMove))`)
//!   instead of checking flags inside.
//!
//! Any feature moves to another screen by setting `NextState<Screen>`; the
//! curtain ([`ScreenFade`]) falls whenever the title or the board comes.
//! Which screen follows which fact of the game (a game started, a last
//! capture shown, an undo) is the play feature's (`play/flow.rs`), as is
//! keeping [`Phase`] in step with the game.

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_computed_state::<InGame>()
        .add_sub_state::<Phase>()
        .init_resource::<ScreenFade>()
        .add_systems(OnEnter(Screen::Title), lower_curtain)
        .add_systems(OnEnter(InGame), lower_curtain);
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
