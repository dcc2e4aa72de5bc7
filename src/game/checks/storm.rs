//! The storm check (`burrow --storm N`): thousands of seeded random inputs
//! through the real input path of the real window (the pointer moved and
//! clicked anywhere, on the board and the panels, keys pressed, the window
//! resized), one or more a frame, mid-animation too. Then, once the game is
//! still, it checks that the board's entities stand where the engine says
//! and that every turn of the move list replays, prints what it found and
//! quits (exit code 1 on a failure; a panic fails the run by itself).

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy::winit::WinitSettings;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::game::platform::background::Background;
use crate::game::play::AnimationQueue;
use crate::game::play::Game;
use crate::game::play::PlannedTurn;
use crate::game::play::{Animating, OnSquare, Piece};
use crate::game::screens::Screen;
use crate::game::sets::GameSet;
use crate::rules::{MoveError, PlayedTurn, Side, Square};

/// How the storm goes.
#[derive(Resource, Debug)]
struct Storm {
    rng: StdRng,
    /// Inputs still to send.
    left: u32,
    sent: u32,
    /// Buttons and keys pressed last frame, to release now.
    held_button: Option<MouseButton>,
    held_keys: Vec<KeyCode>,
    /// Frames spent waiting for the game to be still at the end.
    settling: u32,
    resizes: u32,
}

/// Adds the storm of `inputs` inputs from `seed`.
pub(super) fn plugin(inputs: u32, seed: u64) -> impl Fn(&mut App) {
    move |app: &mut App| {
        app.insert_resource(WinitSettings::continuous())
            .insert_resource(Storm {
                rng: StdRng::seed_from_u64(seed),
                left: inputs,
                sent: 0,
                held_button: None,
                held_keys: Vec::new(),
                settling: 0,
                resizes: 0,
            })
            .add_systems(Update, storm.in_set(GameSet::Input));
    }
}

/// The keys the storm presses: the game's own and the panels' (typing,
/// moving focus, confirming).
const KEYS: [(KeyCode, &str); 14] = [
    (KeyCode::KeyA, "a"),
    (KeyCode::KeyZ, "z"),
    (KeyCode::KeyY, "y"),
    (KeyCode::KeyF, "f"),
    (KeyCode::ArrowUp, ""),
    (KeyCode::ArrowDown, ""),
    (KeyCode::ArrowLeft, ""),
    (KeyCode::ArrowRight, ""),
    (KeyCode::Enter, ""),
    (KeyCode::Space, " "),
    (KeyCode::Escape, ""),
    (KeyCode::Tab, ""),
    (KeyCode::Backspace, ""),
    (KeyCode::ControlLeft, ""),
];

fn logical(code: KeyCode, text: &str) -> Key {
    match code {
        KeyCode::ArrowUp => Key::ArrowUp,
        KeyCode::ArrowDown => Key::ArrowDown,
        KeyCode::ArrowLeft => Key::ArrowLeft,
        KeyCode::ArrowRight => Key::ArrowRight,
        KeyCode::Enter => Key::Enter,
        KeyCode::Escape => Key::Escape,
        KeyCode::Tab => Key::Tab,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::ControlLeft => Key::Control,
        KeyCode::Space => Key::Space,
        _ => Key::Character(text.into()),
    }
}

fn key_input(code: KeyCode, state: ButtonState, window: Entity) -> KeyboardInput {
    let text = KEYS.iter().find(|(c, _)| *c == code).map_or("", |(_, t)| t);
    KeyboardInput {
        key_code: code,
        logical_key: logical(code, text),
        state,
        text: (state == ButtonState::Pressed && !text.is_empty()).then(|| text.into()),
        repeat: false,
        window,
    }
}

#[allow(clippy::too_many_arguments)]
fn storm(
    mut state: ResMut<Storm>,
    mut window: Query<(Entity, &mut Window), With<PrimaryWindow>>,
    mut buttons: MessageWriter<MouseButtonInput>,
    mut keys: MessageWriter<KeyboardInput>,
    game: Res<Game>,
    queue: Res<AnimationQueue>,
    background: Res<Background>,
    planned: Res<PlannedTurn>,
    pieces: Query<(&Piece, &OnSquare, Option<&Animating>)>,
    (screen, mut next): (Res<State<Screen>>, ResMut<NextState<Screen>>),
    mut exit: MessageWriter<AppExit>,
) {
    let Ok((entity, mut window)) = window.single_mut() else {
        return;
    };
    let storm = &mut *state;
    if let Some(button) = storm.held_button.take() {
        buttons.write(MouseButtonInput {
            button,
            state: ButtonState::Released,
            window: entity,
        });
    }
    for code in std::mem::take(&mut storm.held_keys) {
        keys.write(key_input(code, ButtonState::Released, entity));
    }
    if storm.left == 0 {
        // The end: back to the board if the storm left it for the menu,
        // wait for the game to be still, then check it.
        if *screen.get() == Screen::Title {
            next.set(Screen::Playing);
            return;
        }
        let still = queue.is_idle() && planned.is_idle() && background.is_idle();
        storm.settling += 1;
        if !still && storm.settling < 1200 {
            return;
        }
        let report = check(&game, still, &pieces);
        match &report {
            Ok(summary) => println!(
                "storm: ok: {} inputs ({} resizes), {summary}",
                storm.sent, storm.resizes
            ),
            Err(problem) => println!("storm: FAILED after {} inputs: {problem}", storm.sent),
        }
        exit.write(if report.is_ok() {
            AppExit::Success
        } else {
            AppExit::from_code(1)
        });
        return;
    }
    send_inputs(storm, &mut window, entity, &mut buttons, &mut keys);
}

/// One to three random inputs: clicks, pointer moves, keys, window sizes.
fn send_inputs(
    storm: &mut Storm,
    window: &mut Window,
    entity: Entity,
    buttons: &mut MessageWriter<MouseButtonInput>,
    keys: &mut MessageWriter<KeyboardInput>,
) {
    // One to three inputs a frame.
    for _ in 0..storm.rng.random_range(1..=3u32) {
        if storm.left == 0 {
            break;
        }
        storm.left -= 1;
        storm.sent += 1;
        let (w, h) = (window.width(), window.height());
        match storm.rng.random_range(0..100u32) {
            // A click: on the board two times in three, else anywhere
            // (the panel, the menus, the windows over the board).
            0..=59 => {
                let x = if storm.rng.random_bool(0.66) {
                    storm.rng.random_range(0.0..(w - 300.0).max(1.0))
                } else {
                    storm.rng.random_range(0.0..w)
                };
                let y = storm.rng.random_range(0.0..h);
                window.set_cursor_position(Some(Vec2::new(x, y)));
                let button = if storm.rng.random_bool(0.9) {
                    MouseButton::Left
                } else {
                    MouseButton::Right
                };
                buttons.write(MouseButtonInput {
                    button,
                    state: ButtonState::Pressed,
                    window: entity,
                });
                storm.held_button = Some(button);
                break;
            }
            // A pointer move (hover: previews, notes, tooltips).
            60..=74 => {
                let p = Vec2::new(
                    storm.rng.random_range(0.0..w),
                    storm.rng.random_range(0.0..h),
                );
                window.set_cursor_position(Some(p));
            }
            // A key.
            75..=96 => {
                let (code, _) = KEYS[storm.rng.random_range(0..KEYS.len())];
                keys.write(key_input(code, ButtonState::Pressed, entity));
                storm.held_keys.push(code);
            }
            // A new window size.
            _ => {
                let width = storm.rng.random_range(640..=1280u32) as f32;
                let height = storm.rng.random_range(480..=820u32) as f32;
                window.resolution.set(width, height);
                storm.resizes += 1;
            }
        }
    }
}

/// What the storm found wrong with the game it left.
#[derive(Debug, thiserror::Error)]
enum StormFault {
    #[error("the game never came to rest")]
    NeverCameToRest,
    #[error("the piece on {0} is still animating")]
    StillAnimating(Square),
    #[error("a {side:?} piece entity on {square} the engine does not have")]
    PieceNotInEngine { side: Side, square: Square },
    #[error("{entities} piece entities for {pieces} pieces")]
    PieceCount { entities: u32, pieces: u32 },
    #[error("turn {number} ({turn}) does not replay: {error}")]
    DoesNotReplay {
        number: usize,
        turn: Box<PlayedTurn>,
        error: MoveError,
    },
    #[error("turn {number} ({turn}) replays to another position")]
    ReplaysElsewhere { number: usize, turn: PlayedTurn },
}

/// The board's entities against the engine, and the move list replayed.
fn check(
    game: &Game,
    still: bool,
    pieces: &Query<(&Piece, &OnSquare, Option<&Animating>)>,
) -> Result<String, StormFault> {
    if !still {
        return Err(StormFault::NeverCameToRest);
    }
    let shown = game.shown();
    let mut count = 0;
    for (piece, on, animating) in pieces {
        count += 1;
        if animating.is_some() {
            return Err(StormFault::StillAnimating(on.0));
        }
        if shown.board.side_at(on.0) != Some(piece.0) {
            return Err(StormFault::PieceNotInEngine {
                side: piece.0,
                square: on.0,
            });
        }
    }
    if count != shown.board.occupied().count() {
        return Err(StormFault::PieceCount {
            entities: count,
            pieces: shown.board.occupied().count(),
        });
    }
    for (i, turn) in game.played().iter().enumerate() {
        let replayed = game
            .rules()
            .play(&game.positions()[i], turn)
            .map_err(|error| StormFault::DoesNotReplay {
                number: i + 1,
                turn: Box::new(turn.clone()),
                error,
            })?;
        if replayed.result() != game.positions()[i + 1] {
            return Err(StormFault::ReplaysElsewhere {
                number: i + 1,
                turn: turn.clone(),
            });
        }
    }
    Ok(format!(
        "{} turns of {} replayed, {count} pieces on the board match the engine",
        game.played().len(),
        game.rules().id()
    ))
}
