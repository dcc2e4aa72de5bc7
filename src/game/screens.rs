//! The screens of the game as Bevy `States`.

use bevy::prelude::*;

use super::animation::AnimationQueue;
use super::session::{BoardReset, GameSession};

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_systems(Update, enter_game_over.run_if(in_state(Screen::Playing)))
        .add_systems(Update, leave_game_over.run_if(in_state(Screen::GameOver)));
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

/// Once the last capture has been shown, a finished game moves to its screen.
fn enter_game_over(
    session: Res<GameSession>,
    queue: Res<AnimationQueue>,
    mut next: ResMut<NextState<Screen>>,
) {
    if session.outcome.is_some() && queue.is_idle() {
        next.set(Screen::GameOver);
    }
}

/// Undo or a new game brings a finished game back to play.
fn leave_game_over(
    session: Res<GameSession>,
    mut resets: MessageReader<BoardReset>,
    mut next: ResMut<NextState<Screen>>,
) {
    if resets.read().count() > 0 && session.outcome.is_none() {
        next.set(Screen::Playing);
    }
}
