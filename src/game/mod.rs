//! The animated game: Bevy plugins around the plain-Rust rules engine.
//!
//! Data flows one way (see the README): input and computer players write
//! intents, [`session`] checks them against the engine and writes facts,
//! [`board`] and [`animation`] mirror the facts onto entities, `ui` draws
//! the panels.

// Bevy queries spell out their filters; naming each one would not help.
#![allow(clippy::type_complexity)]

pub mod animation;
mod audio;
pub mod board;
pub mod computer;
mod egui_idle;
pub mod input;
pub mod layout;
pub mod modding;
mod overlay;
pub mod screens;
mod script;
pub mod session;
pub mod settings;
mod settings_store;
mod ui;
mod wake;
#[cfg(target_arch = "wasm32")]
mod web_page;

use bevy::prelude::*;
use bevy::winit::WinitSettings;

use crate::rules::VariantRegistry;

pub use crate::ai::Level;
pub use screens::Screen;
pub use script::GameOptions;
pub use session::{
    BoardReset, CaptureIntent, CaptureMade, GameEnded, GameSession, NewGame, Player, Refused,
    SessionIntent, Variants,
};

/// The order of one frame.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// Pointer, keys and computer players turn into intents.
    Input,
    /// The rules plugin applies intents and writes facts.
    Rules,
    /// Entities follow the facts.
    Sync,
    /// Running animations advance.
    Animate,
}

/// Everything that does not need a window: the session, board entities,
/// animation, selection and computer players. Headless tests run this.
pub struct GameCorePlugin {
    pub variants: VariantRegistry,
}

impl Plugin for GameCorePlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(
            Update,
            (
                GameSet::Input,
                GameSet::Rules,
                GameSet::Sync,
                GameSet::Animate,
            )
                .chain(),
        );
        app.insert_resource(Variants(self.variants.clone()));
        let session = GameSession::new(&self.variants, NewGame::default())
            .or_else(|_| {
                let variant = self
                    .variants
                    .ids()
                    .first()
                    .map(|s| s.to_string())
                    .unwrap_or_default();
                GameSession::new(
                    &self.variants,
                    NewGame {
                        variant,
                        ..NewGame::default()
                    },
                )
            })
            .expect("at least one variant is registered");
        app.insert_resource(session);
        app.add_plugins((
            settings::plugin,
            session::plugin,
            screens::plugin,
            layout::plugin,
            board::plugin,
            animation::plugin,
            input::plugin,
            computer::plugin,
        ));
    }
}

/// The windowed game: core plus rendering, panels, overlays and sound.
pub struct GameViewPlugin;

impl Plugin for GameViewPlugin {
    fn build(&self, app: &mut App) {
        // Redraw on input and while something moves, not every frame.
        app.insert_resource(WinitSettings::desktop_app())
            .insert_resource(ClearColor(Color::srgb(0.13, 0.14, 0.16)))
            .add_plugins(bevy_egui::EguiPlugin::default())
            .add_plugins((
                egui_idle::plugin,
                wake::plugin,
                overlay::plugin,
                ui::plugin,
                audio::plugin,
            ))
            .add_systems(Startup, spawn_camera);
        #[cfg(target_arch = "wasm32")]
        app.add_plugins(web_page::plugin);
    }
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

/// Opens the game window, with `mods` adding their plugins (such as
/// [`modding::VariantPlugin`]), and runs until it closes.
pub fn run(options: GameOptions, mods: &dyn Fn(&mut App)) -> AppExit {
    let mut app = app(options);
    mods(&mut app);
    app.run()
}

/// The whole game as an [`App`], ready for mod plugins
/// ([`modding::VariantPlugin`]) before [`App::run`].
pub fn app(options: GameOptions) -> App {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Burrow".into(),
            resolution: (1100, 760).into(),
            // The web page's canvas (assets/web/index.html); unused on desktop.
            canvas: Some("#burrow".into()),
            fit_canvas_to_parent: true,
            prevent_default_event_handling: true,
            ..default()
        }),
        ..default()
    }))
    .add_plugins((
        GameCorePlugin {
            variants: VariantRegistry::builtin(),
        },
        GameViewPlugin,
    ));
    if !options.is_scripted() {
        app.add_plugins(settings_store::plugin);
    }
    app.add_plugins(script::plugin(options));
    app
}
