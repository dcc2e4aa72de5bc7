//! What the game opens with ([`GameOptions`]): a game, a puzzle, a lesson,
//! a record to review, an online table, the look; and, in a build with the
//! `checks` feature, what a check drives (see [`crate::game::checks`]).

use bevy::prelude::*;

use crate::game::lesson::TutorialIntent;
use crate::game::play::AnalysisIntent;
use crate::game::play::{GameIntent, NewGame};
use crate::game::puzzles::PuzzleIntent;
use crate::game::review::ReviewIntent;

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
    /// Turn the screen reader's field and announcements on (a setting, so
    /// it stays on).
    pub screen_reader: bool,
    /// Open this puzzle (an index into the shipped puzzles).
    pub puzzle: Option<usize>,
    /// Open the guided first game of this game.
    pub lesson: Option<String>,
    /// Open this record's game with its review.
    pub review: Option<String>,
    /// Open with this theme (for this run; the saved one stays).
    pub theme: Option<crate::game::settings::Theme>,
    /// Speak this language (for this run); a check speaks English unless
    /// it asks for another, whatever the machine's language.
    pub language: Option<crate::lang::Language>,
    /// Open with the rules help showing.
    pub show_rules: bool,
    /// Open with the settings window showing.
    pub show_settings: bool,
    /// Open the designer on a copy of this game.
    pub designer: Option<String>,
    /// Join (or watch) an online table at once.
    pub online: Option<crate::game::online::OnlineIntent>,
    /// Sign in at the server at start (name, password).
    pub sign_in: Option<(String, String)>,
    /// Open the Online window at this tab.
    pub online_tab: Option<crate::game::online::OnlineTab>,
    /// The Online window's server.
    pub server: Option<String>,
    /// A certificate authority to trust for `wss://` servers, for this run.
    pub ca_file: Option<String>,
    /// Keep the saved game in this folder (instead of the user's).
    pub save_dir: Option<std::path::PathBuf>,
    /// Continue the saved game at once.
    pub continue_saved: bool,
    /// What a check drives: clicks, a screenshot, a storm of inputs.
    #[cfg(feature = "checks")]
    pub checks: crate::game::checks::Checks,
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
        open_games(app, &options);
        open_online(app, &options);
        open_windows(app, &options);
        #[cfg(feature = "checks")]
        app.add_plugins(crate::game::checks::plugin(options.checks.clone()));
    }
}

/// A game, a puzzle, a lesson or a record to review at start, and the look.
fn open_games(app: &mut App, options: &GameOptions) {
    if let Some(setup) = options.start.clone() {
        let setup_for_start = setup.clone();
        app.add_systems(Startup, move |mut intents: MessageWriter<GameIntent>| {
            intents.write(GameIntent::NewGame(setup_for_start.clone()));
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
            move |mut intents: MessageWriter<GameIntent>,
                  mut reviews: MessageWriter<ReviewIntent>| {
                intents.write(GameIntent::LoadRecord(text.clone()));
                reviews.write(ReviewIntent(true));
            },
        );
    }
    let language = options.language.or_else(|| {
        options
            .is_scripted()
            .then_some(crate::lang::Language::English)
    });
    if options.theme.is_some() || language.is_some() {
        let theme = options.theme;
        app.add_systems(
            Startup,
            move |mut settings: ResMut<crate::game::settings::Settings>| {
                if let Some(theme) = theme {
                    settings.theme = theme;
                }
                if let Some(language) = language {
                    settings.language = Some(language);
                    crate::lang::set(language);
                }
            },
        );
    }
}

/// The Online window's server, a table, a sign-in and a tab at start.
fn open_online(app: &mut App, options: &GameOptions) {
    if options.continue_saved {
        app.add_systems(Startup, |mut saved: ResMut<crate::game::saved::Saved>| {
            saved.continue_asked = true;
        });
    }
    #[cfg(not(target_arch = "wasm32"))]
    if options.ca_file.is_some() {
        app.insert_resource(crate::game::online::CaFileFlag(options.ca_file.clone()));
    }
    app.insert_resource(crate::game::online::OnlineStart {
        server: options.server.clone(),
        table: options.online.clone(),
        sign_in: options.sign_in.clone(),
        tab: options.online_tab,
    });
}

/// The rules help, the settings, the designer and the analysis at start.
fn open_windows(app: &mut App, options: &GameOptions) {
    if options.show_rules {
        app.add_systems(Startup, |mut ui: ResMut<crate::game::ui::UiState>| {
            ui.open.rules = true;
        });
    }
    if options.show_settings {
        app.add_systems(Startup, |mut ui: ResMut<crate::game::ui::UiState>| {
            ui.open.settings = true;
        });
    }
    if let Some(id) = options.designer.clone() {
        app.add_systems(
            Startup,
            move |mut intents: MessageWriter<crate::game::designer::DesignerIntent>| {
                intents.write(crate::game::designer::DesignerIntent::Open(id.clone()));
            },
        );
    }
    if options.analysis {
        app.add_systems(Startup, |mut intents: MessageWriter<AnalysisIntent>| {
            intents.write(AnalysisIntent(true));
        });
    }
    if options.screen_reader {
        app.add_systems(
            Startup,
            |mut intents: MessageWriter<crate::game::settings::SettingsIntent>| {
                intents.write(crate::game::settings::SettingsIntent::ScreenReader(true));
            },
        );
    }
}
