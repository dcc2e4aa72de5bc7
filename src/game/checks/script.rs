//! Scripted play for checks and demos (`--click`, `--screenshot`): clicks
//! squares through the real pointer path (cursor placement and
//! mouse-button input), then saves a screenshot once the board is still
//! and quits.

use std::collections::VecDeque;
use std::path::PathBuf;

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::PrimaryWindow;
use bevy::winit::WinitSettings;

use crate::rules::Square;

use crate::game::platform::background::Background;
use crate::game::play::AnimationQueue;
use crate::game::play::BoardMark;
use crate::game::play::Game;
use crate::game::play::PlannedTurn;
use crate::game::play::{BoardLayout, world_to_window};
use crate::game::review::GameReview;
use crate::game::screens::{Screen, ScreenFade};
use crate::game::sets::GameSet;

/// Adds the script: `clicks` in order, then the screenshot at `screenshot`
/// (if any) and quit.
pub(super) fn plugin(clicks: Vec<Square>, screenshot: Option<PathBuf>) -> impl Fn(&mut App) {
    move |app: &mut App| {
        // Frames must keep coming while nobody moves the mouse.
        app.insert_resource(WinitSettings::continuous());
        app.insert_resource(Script {
            clicks: clicks.iter().copied().collect(),
            screenshot: screenshot.clone(),
            wait: 30,
            pressed: false,
            shot_taken: false,
            chain_waited: 0,
        });
        app.add_systems(Update, drive_script.in_set(GameSet::Input));
    }
}

#[derive(Resource, Debug)]
struct Script {
    clicks: VecDeque<Square>,
    screenshot: Option<PathBuf>,
    /// Frames to wait before the next action.
    wait: u32,
    /// A button press waiting for its release.
    pressed: bool,
    shot_taken: bool,
    /// Frames waited so far for a turn to play on by itself.
    chain_waited: u32,
}

/// A turn with exactly one fitting capture plays on without a click (see
/// `input::continue_single_capture`): a click or a screenshot waits until
/// it has, so the picture never catches the chain between two captures.
/// (Where the game does not play on, as a refuted puzzle turn, the script
/// stops waiting after [`CHAIN_WAIT`] frames.)
fn plays_on_by_itself(game: &Game) -> bool {
    game.turn().as_ref().is_some_and(|turn| {
        game.rules()
            .fitting_captures(turn)
            .is_ok_and(|fitting| fitting.len() == 1)
    })
}

/// The most frames a click or a screenshot waits for a turn to play on.
const CHAIN_WAIT: u32 = 90;

#[allow(clippy::too_many_arguments)]
fn drive_script(
    mut commands: Commands,
    mut script: ResMut<Script>,
    mut window: Query<(Entity, &mut Window), With<PrimaryWindow>>,
    layout: Res<BoardLayout>,
    queue: Res<AnimationQueue>,
    background: Res<Background>,
    planned: Res<PlannedTurn>,
    (review, game): (Res<GameReview>, Res<Game>),
    (mark, time): (Res<BoardMark>, Res<Time<Real>>),
    (screen, fade): (Res<State<Screen>>, Res<ScreenFade>),
    mut buttons: MessageWriter<MouseButtonInput>,
    mut exit: MessageWriter<AppExit>,
) {
    let Ok((entity, mut window)) = window.single_mut() else {
        return;
    };
    if script.pressed {
        buttons.write(MouseButtonInput {
            button: MouseButton::Left,
            state: ButtonState::Released,
            window: entity,
        });
        script.pressed = false;
        script.wait = 20;
        return;
    }
    if script.wait > 0
        || (*screen.get() == Screen::Title && !script.clicks.is_empty())
        || !mark.is_still(time.elapsed_secs_f64())
        || !fade.is_still(time.elapsed_secs_f64())
        || !queue.is_idle()
        || !background.is_idle()
        || !planned.is_idle()
        || (review.open && !review.is_done(&game))
        || (plays_on_by_itself(&game) && script.chain_waited < CHAIN_WAIT)
    {
        if plays_on_by_itself(&game) {
            script.chain_waited += 1;
        }
        script.wait = script.wait.saturating_sub(1);
        return;
    }
    if let Some(square) = script.clicks.pop_front() {
        let point = world_to_window(window.size(), layout.square_center(square));
        window.set_cursor_position(Some(point));
        buttons.write(MouseButtonInput {
            button: MouseButton::Left,
            state: ButtonState::Pressed,
            window: entity,
        });
        script.pressed = true;
        return;
    }
    match script.screenshot.clone() {
        Some(path) if !script.shot_taken => {
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path));
            script.shot_taken = true;
            script.wait = 30;
        }
        Some(path) if !path.exists() => script.wait = 10,
        _ => {
            exit.write(AppExit::Success);
        }
    }
}
