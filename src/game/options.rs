//! What the game opens with ([`GameOptions`]): a game, a puzzle, a lesson,
//! a record to review, an online table, the look; and, in a build with the
//! `checks` feature, what a check drives (see [`super::checks`]).

use bevy::prelude::*;

use super::analysis::AnalysisIntent;
use super::puzzles::PuzzleIntent;
use super::review::ReviewIntent;
use super::session::{NewGame, SessionIntent};
use super::tutorial::TutorialIntent;

/// What to do without a person at the controls.
#[derive(Clone, Debug, Default)]
pub struct GameOptions {
    /// Start this game at once instead of showing the menu.
    pub start: Option<NewGame>,
    /// Log frames per second (for measuring).
    pub log_fps: bool,
    /// The window's size asked for (logical pixels); none: the remembered
    /// size or one that fits the screen.
    pub window_size: Option<(u32, u32)>,
    /// Open with the analysis on.
    pub analysis: bool,
    /// Open this puzzle (an index into the shipped puzzles).
    pub puzzle: Option<usize>,
    /// Open the guided first game of this game.
    pub lesson: Option<String>,
    /// Open this record's game with its review.
    pub review: Option<String>,
    /// Open with this theme (for this run; the saved one stays).
    pub theme: Option<super::settings::Theme>,
    /// Open with the rules help showing.
    pub show_rules: bool,
    /// Open with the settings window showing.
    pub show_settings: bool,
    /// Open the designer on a copy of this game.
    pub designer: Option<String>,
    /// Join (or watch) an online table at once.
    pub online: Option<super::online::OnlineIntent>,
    /// Sign in at the server at start (name, password).
    pub sign_in: Option<(String, String)>,
    /// Open the Online window at this tab.
    pub online_tab: Option<super::OnlineTab>,
    /// The Online window's server.
    pub server: Option<String>,
    /// What a check drives: clicks, a screenshot, a storm of inputs.
    #[cfg(feature = "checks")]
    pub checks: super::checks::Checks,
}

impl GameOptions {
    /// Whether a check drives the game (then the player's saved settings
    /// are neither used nor changed, so checks see the defaults).
    pub fn is_scripted(&self) -> bool {
        #[cfg(feature = "checks")]
        if self.checks.is_scripted() {
            return true;
        }
        false
    }
}

pub(super) fn plugin(options: GameOptions) -> impl Fn(&mut App) {
    move |app: &mut App| {
        if options.log_fps {
            app.add_plugins((
                bevy::diagnostic::FrameTimeDiagnosticsPlugin::default(),
                bevy::diagnostic::LogDiagnosticsPlugin::default(),
            ));
        }
        if let Some(setup) = options.start.clone() {
            let setup_for_start = setup.clone();
            app.add_systems(Startup, move |mut intents: MessageWriter<SessionIntent>| {
                intents.write(SessionIntent::NewGame(setup_for_start.clone()));
            });
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
                      mut reviews: MessageWriter<ReviewIntent>| {
                    intents.write(SessionIntent::LoadRecord(text.clone()));
                    reviews.write(ReviewIntent(true));
                },
            );
        }
        if let Some(theme) = options.theme {
            app.add_systems(
                Startup,
                move |mut settings: ResMut<super::settings::Settings>| {
                    settings.theme = theme;
                },
            );
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
        if let (Some((name, password)), Some(server)) =
            (options.sign_in.clone(), options.server.clone())
        {
            app.add_systems(
                Startup,
                move |mut intents: MessageWriter<super::community::CommunityIntent>| {
                    use super::community::CommunityIntent;
                    intents.write(CommunityIntent::Connect {
                        server: server.clone(),
                    });
                    intents.write(CommunityIntent::SignIn {
                        name: name.clone(),
                        password: password.clone(),
                    });
                },
            );
        }
        if let Some(tab) = options.online_tab {
            app.add_systems(Startup, move |mut ui: ResMut<super::ui::UiState>| {
                ui.show_online = true;
                ui.online_form.tab = tab;
            });
        }
        if options.show_rules {
            app.add_systems(Startup, |mut ui: ResMut<super::ui::UiState>| {
                ui.show_rules = true;
            });
        }
        if options.show_settings {
            app.add_systems(Startup, |mut ui: ResMut<super::ui::UiState>| {
                ui.show_settings = true;
            });
        }
        if let Some(id) = options.designer.clone() {
            app.add_systems(
                Startup,
                move |mut intents: MessageWriter<super::designer::DesignerIntent>| {
                    intents.write(super::designer::DesignerIntent::Open(id.clone()));
                },
            );
        }
        if options.analysis {
            app.add_systems(Startup, |mut intents: MessageWriter<AnalysisIntent>| {
                intents.write(AnalysisIntent(true));
            });
        }
        #[cfg(feature = "checks")]
        app.add_plugins(super::checks::plugin(options.checks.clone()));
    }
}
