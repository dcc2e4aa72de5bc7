//! Which screen and phase follow the game's facts: a game started from
//! anywhere (the menu, a puzzle, a lesson, a record, an online table) goes
//! to the board, a finished one to its screen once its last capture is
//! shown, and undo or a new game brings it back. Whoever starts a game only
//! sends the intent.

use bevy::prelude::*;

use crate::game::screens::{InGame, Phase, Screen};
use crate::game::sets::GameSet;

use super::animation::AnimationQueue;
use super::{BoardReset, Game, GameStarted, Player};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
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

/// The phase the game is in: the animations first, then whom the game
/// waits for ([`Game::waiting_for`]).
pub fn phase_of(game: &Game, queue: &AnimationQueue) -> Phase {
    match game.waiting_for() {
        _ if !queue.is_idle() => Phase::Animating,
        None if game.review().is_some() => Phase::Reviewing,
        None => Phase::Finished,
        Some(Player::Human) => Phase::PersonToMove,
        Some(_) => Phase::ComputerToMove,
    }
}

/// Keeps [`Phase`] in step with the game and the animations, at the end
/// of the frame, so the next frame's systems run in the right phase.
fn follow_phase(
    game: Res<Game>,
    queue: Res<AnimationQueue>,
    phase: Res<State<Phase>>,
    mut next: ResMut<NextState<Phase>>,
) {
    let now = phase_of(&game, &queue);
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
    game: Res<Game>,
    queue: Res<AnimationQueue>,
    mut next: ResMut<NextState<Screen>>,
) {
    if game.outcome().is_some() && queue.is_idle() {
        next.set(Screen::GameOver);
    }
}

/// Undo or a new game brings a finished game back to play.
fn leave_game_over(
    game: Res<Game>,
    mut resets: MessageReader<BoardReset>,
    mut next: ResMut<NextState<Screen>>,
) {
    if resets.read().count() > 0 && game.outcome().is_none() {
        next.set(Screen::Playing);
    }
}
