//! The animated game: Bevy plugins around the plain-Rust rules engine
//! (cargo feature `game`).
//!
//! One folder per feature, each with its plugin (the systems that need no
//! window) and its view (its panels and overlays): [`play`] (the game
//! being played on this machine's board: the rules plugin, the board, the
//! input, the computer), [`online`], [`designer`], [`review`],
//! [`puzzles`], [`lesson`], [`saved`]; the panels that gather them
//! (`panels`). A feature is used by the others only through what its
//! `mod.rs` makes public: its intents, facts and resources. Beneath them
//! all: the app's screens ([`screens`]), what every panel shares ([`ui`],
//! with the side panel's extension point), the settings, the frame's
//! order ([`sets`]) and the machine's side ([`platform`]).
//!
//! Data flows one way (see docs/architecture.md): input and computer
//! players write intents, the play feature's rules plugin checks them
//! against the engine and writes facts, the board and the animation mirror
//! the facts onto entities, the panels draw. Every system slots into one
//! ordered list of [`GameSet`]s; the screens and the turn's phase are
//! [`States`] ([`Screen`], [`Phase`]).

#[cfg(feature = "checks")]
pub mod checks;
pub mod designer;
pub mod lesson;
pub mod online;
mod options;
mod panels;
pub mod platform;
pub mod play;
pub mod presentation;
pub mod puzzles;
pub mod reader;
pub mod review;
pub mod saved;
pub mod screens;
pub mod sets;
pub mod settings;
pub mod ui;
#[cfg(target_arch = "wasm32")]
mod web_page;

use bevy::prelude::*;
use bevy::winit::WinitSettings;

use bevy::render::renderer::RenderAdapterInfo;
use tracing::info;

use crate::rules::VariantRegistry;

pub use crate::ai::Level;
pub use online::OnlineTab;
pub use options::GameOptions;
pub use play::{
    BoardReset, CaptureIntent, CaptureMade, Game, GameEnded, GameIntent, GameMode, GameStarted,
    NewGame, Player, Refusal, Refused, Variants,
};
pub use play::{ModProblems, VariantPlugin};
pub use presentation::Presentation;
pub use screens::{InGame, Phase, Screen};
pub use sets::GameSet;

/// Everything that does not need a window: the game, board entities,
/// animation, selection and computer players. Headless tests run this.
/// Variants that [`VariantPlugin`]s added, before or after this plugin,
/// join `variants`.
pub struct GameCorePlugin {
    pub variants: VariantRegistry,
}

impl Plugin for GameCorePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(sets::plugin);
        app.insert_resource(Variants(self.variants.clone()));
        play::add_waiting_mods(app);
        let variants = app.world().resource::<Variants>().0.clone();
        let game = Game::new(&variants, NewGame::default())
            .or_else(|_| {
                let variant = variants
                    .ids()
                    .first()
                    .map(|s| s.to_string())
                    .unwrap_or_default();
                Game::new(
                    &variants,
                    NewGame {
                        variant,
                        ..NewGame::default()
                    },
                )
            })
            .expect("at least one variant is registered");
        app.insert_resource(game);
        app.add_plugins((
            settings::plugin,
            platform::plugin,
            screens::plugin,
            play::plugin,
            puzzles::plugin,
            lesson::plugin,
            review::plugin,
            online::plugin,
            designer::plugin,
            saved::plugin,
            reader::plugin,
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
                platform::view,
                ui::view,
                play::view,
                puzzles::view,
                lesson::view,
                review::view,
                online::view,
                designer::view,
                panels::view,
                reader::view,
            ));
        app.add_systems(Startup, spawn_camera).add_systems(
            Update,
            fit_antialiasing_to_renderer.run_if(resource_added::<RenderAdapterInfo>),
        );
        #[cfg(target_arch = "wasm32")]
        app.add_plugins(web_page::plugin);
    }
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

/// On a renderer that draws on the CPU (llvmpipe, SwiftShader), multisampling
/// multiplies the pixels it fills, which is where its frame time goes: there
/// the camera draws without it (a long computer game under llvmpipe went
/// from a median of 29 fps to 47). A GPU keeps Bevy's default, four samples.
fn fit_antialiasing_to_renderer(
    adapter: Res<RenderAdapterInfo>,
    mut cameras: Query<&mut Msaa, With<Camera2d>>,
) {
    if adapter.device_type == wgpu_types::DeviceType::Cpu {
        info!("{} draws on the CPU: multisampling off", adapter.name);
        for mut msaa in &mut cameras {
            *msaa = Msaa::Off;
        }
    }
}

/// Opens the game window on the games of `variants` and runs until it
/// closes; `problems` are the mods that could not be loaded, for the menu.
pub fn run(options: GameOptions, variants: VariantRegistry, problems: Vec<String>) -> AppExit {
    let mut app = app(options, variants);
    app.world_mut()
        .get_resource_or_insert_with(ModProblems::default)
        .0
        .extend(problems);
    app.run()
}

/// The window's size at the start. On the web page: the page's size, so the
/// first frames are laid out for the screen the page is on (a phone among
/// them) instead of being laid out twice.
fn first_window_size() -> (u32, u32) {
    #[cfg(target_arch = "wasm32")]
    if let Some(page) = web_sys::window() {
        let side = |v: Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue>| {
            v.ok().and_then(|v| v.as_f64()).filter(|v| *v >= 1.0)
        };
        if let (Some(width), Some(height)) = (side(page.inner_width()), side(page.inner_height())) {
            return (width as u32, height as u32);
        }
    }
    (1100, 760)
}

/// The whole game as an [`App`] on the games of `variants`; more may join
/// through [`VariantPlugin`]s before [`App::run`].
pub fn app(options: GameOptions, variants: VariantRegistry) -> App {
    let mut app = App::new();
    // The page logs through a small subscriber of its own (see web_log);
    // its Bevy has no log plugin.
    #[cfg(target_arch = "wasm32")]
    platform::web_log::install();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Burrow".into(),
            resolution: options.window_size.unwrap_or_else(first_window_size).into(),
            // The web page's canvas (assets/web/index.html); unused on desktop.
            canvas: Some("#burrow".into()),
            fit_canvas_to_parent: true,
            prevent_default_event_handling: true,
            ..default()
        }),
        ..default()
    }))
    .add_plugins((GameCorePlugin { variants }, GameViewPlugin));
    if !options.is_scripted() {
        app.add_plugins(platform::settings_store::plugin(
            options.window_size.is_none(),
        ));
    }
    // The saved game: the player's own place, or the folder a check names
    // (a scripted window keeps nothing otherwise).
    let place = match &options.save_dir {
        #[cfg(not(target_arch = "wasm32"))]
        Some(dir) => Some(saved::SavePlace::Folder(dir.clone())),
        None if !options.is_scripted() => saved::SavePlace::usual(),
        _ => None,
    };
    if let Some(place) = place {
        app.insert_resource(place);
    }
    app.add_plugins(options::plugin(options));
    app
}
