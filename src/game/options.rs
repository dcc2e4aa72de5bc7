//! What the game opens with ([`GameOptions`]), and scripted play for checks
//! and demos: starts a given game, clicks squares through the real pointer
//! path (cursor placement and mouse-button input), then saves a screenshot
//! once the board is still and quits.

use std::collections::VecDeque;
use std::path::PathBuf;

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::PrimaryWindow;
use bevy::winit::WinitSettings;

use crate::rules::Square;

use super::GameSet;
use super::analysis::{AnalysisIntent, BoardAnalysis};
use super::animation::AnimationQueue;
use super::computer::ComputerPlayer;
use super::layout::BoardLayout;
use super::puzzles::PuzzleIntent;
use super::review::{GameReview, ReviewIntent};
use super::screens::Screen;
use super::session::GameSession;
use super::session::{NewGame, SessionIntent};
use super::tutorial::TutorialIntent;

/// What to do without a person at the controls.
#[derive(Clone, Debug, Default)]
pub struct GameOptions {
    /// Start this game at once instead of showing the menu.
    pub start: Option<NewGame>,
    /// Squares to click, in order.
    pub clicks: Vec<Square>,
    /// Where to save a screenshot when done (then the app quits).
    pub screenshot: Option<PathBuf>,
    /// Log frames per second (for measuring).
    pub log_fps: bool,
    /// Open with the analysis on.
    pub analysis: bool,
    /// Open this puzzle (an index into the shipped puzzles).
    pub puzzle: Option<usize>,
    /// Open the guided first game of this game.
    pub lesson: Option<String>,
    /// Open this record's game with its review.
    pub review: Option<String>,
    /// Open with the high-contrast theme.
    pub high_contrast: bool,
    /// Open with the rules help showing.
    pub show_rules: bool,
    /// Run the storm check (`burrow --storm`): inputs and seed.
    pub storm: Option<(u32, u64)>,
    /// Join (or watch) an online table at once.
    pub online: Option<super::online::OnlineIntent>,
    /// The Online window's server.
    pub server: Option<String>,
}

impl GameOptions {
    /// Whether a script drives the game (then the player's saved settings
    /// are neither used nor changed, so checks see the defaults).
    pub fn is_scripted(&self) -> bool {
        !self.clicks.is_empty() || self.screenshot.is_some() || self.storm.is_some()
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
}

pub(super) fn plugin(options: GameOptions) -> impl Fn(&mut App) {
    move |app: &mut App| {
        let scripted = options.is_scripted();
        if options.log_fps {
            app.add_plugins((
                bevy::diagnostic::FrameTimeDiagnosticsPlugin::default(),
                bevy::diagnostic::LogDiagnosticsPlugin::default(),
            ));
        }
        if let Some(setup) = options.start.clone() {
            let setup_for_start = setup.clone();
            app.add_systems(
                Startup,
                move |mut intents: MessageWriter<SessionIntent>,
                      mut next: ResMut<NextState<Screen>>| {
                    intents.write(SessionIntent::NewGame(setup_for_start.clone()));
                    next.set(Screen::Playing);
                },
            );
        }
        if let Some(index) = options.puzzle {
            app.add_systems(Startup, move |mut intents: MessageWriter<PuzzleIntent>| {
                intents.write(PuzzleIntent::Start(index));
            });
        }
        if let Some(id) = options.lesson.clone() {
            app.add_systems(
                Startup,
                move |mut intents: MessageWriter<TutorialIntent>| {
                    intents.write(TutorialIntent::Start(id.clone()));
                },
            );
        }
        if let Some(text) = options.review.clone() {
            app.add_systems(
                Startup,
                move |mut intents: MessageWriter<SessionIntent>,
                      mut reviews: MessageWriter<ReviewIntent>,
                      mut next: ResMut<NextState<Screen>>| {
                    intents.write(SessionIntent::LoadRecord(text.clone()));
                    reviews.write(ReviewIntent(true));
                    next.set(Screen::Playing);
                },
            );
        }
        if options.high_contrast {
            app.add_systems(
                Startup,
                |mut settings: ResMut<super::settings::Settings>| {
                    settings.theme = super::settings::Theme::HighContrast;
                },
            );
        }
        if let Some((inputs, seed)) = options.storm {
            app.add_plugins(super::storm::plugin(inputs, seed));
        }
        if let Some(server) = options.server.clone() {
            app.add_systems(Startup, move |mut online: ResMut<super::online::Online>| {
                online.server = server.clone();
            });
        }
        if let Some(intent) = options.online.clone() {
            app.add_systems(
                Startup,
                move |mut intents: MessageWriter<super::online::OnlineIntent>,
                      mut ui: ResMut<super::ui::UiState>| {
                    intents.write(intent.clone());
                    ui.show_online = true;
                },
            );
        }
        if options.show_rules {
            app.add_systems(Startup, |mut ui: ResMut<super::ui::UiState>| {
                ui.show_rules = true;
            });
        }
        if options.analysis {
            app.add_systems(Startup, |mut intents: MessageWriter<AnalysisIntent>| {
                intents.write(AnalysisIntent(true));
            });
        }
        if scripted && options.storm.is_none() {
            // Frames must keep coming while nobody moves the mouse.
            app.insert_resource(WinitSettings::continuous());
            app.insert_resource(Script {
                clicks: options.clicks.iter().copied().collect(),
                screenshot: options.screenshot.clone(),
                wait: 30,
                pressed: false,
                shot_taken: false,
            });
            app.add_systems(Update, drive_script.in_set(GameSet::Input));
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn drive_script(
    mut commands: Commands,
    mut script: ResMut<Script>,
    mut window: Query<(Entity, &mut Window), With<PrimaryWindow>>,
    layout: Res<BoardLayout>,
    queue: Res<AnimationQueue>,
    computer: Res<ComputerPlayer>,
    analysis: Res<BoardAnalysis>,
    (review, session): (Res<GameReview>, Res<GameSession>),
    screen: Res<State<Screen>>,
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
        || *screen.get() == Screen::Title
        || !queue.is_idle()
        || computer.is_thinking()
        || analysis.is_running()
        || (review.open && !review.is_done(&session))
    {
        script.wait = script.wait.saturating_sub(1);
        return;
    }
    if let Some(square) = script.clicks.pop_front() {
        let world = layout.square_center(square);
        let point = Vec2::new(
            world.x + window.width() / 2.0,
            window.height() / 2.0 - world.y,
        );
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
