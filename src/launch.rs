//! The `burrow` binary's start: build the variant registry from the
//! built-in games and the mods, then run the command the arguments name or,
//! with none, open the game window. A mod's own binary (see
//! `examples/leapfrog.rs`) calls [`run`] with its registration.

use std::process::ExitCode;

use crate::cli::WindowRequest;
#[cfg(not(target_arch = "wasm32"))]
use crate::cli::{self, Outcome};
use crate::rules::{Mod, VariantRegistry};

/// The built-in games and `mods`, with the problems of the mods that could
/// not be registered (each left out whole).
pub fn registry_with(mods: &[Mod]) -> (VariantRegistry, Vec<String>) {
    let mut registry = VariantRegistry::builtin();
    let problems = registry
        .add_mods(mods)
        .iter()
        .map(|e| format!("mod not loaded: {e}"))
        .collect();
    (registry, problems)
}

/// Adds the games of the designs folder ([`crate::places::designs_dir`])
/// to `registry`; a file that does not read, or names a game already
/// here, is left out with its problem.
#[cfg(not(target_arch = "wasm32"))]
pub fn add_designs_folder(registry: &mut VariantRegistry, dir: &std::path::Path) -> Vec<String> {
    let mut problems = Vec::new();
    for path in crate::places::design_files(dir) {
        match registry.add_game_file(&path) {
            Ok(id) => {
                if let Err(e) = crate::ai::learned::attach_weights_beside(registry, &id, &path) {
                    problems.push(e.to_string());
                }
            }
            Err(e) => problems.push(format!("design not loaded: {e}")),
        }
    }
    problems
}

/// Runs `burrow` with the built-in games, `mods` and the designs folder's
/// games.
pub fn run<I, T>(args: I, mods: &[Mod]) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    #[allow(unused_mut)]
    let (mut registry, mut problems) = registry_with(mods);
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(dir) = crate::places::designs_dir() {
        problems.extend(add_designs_folder(&mut registry, &dir));
    }
    for problem in &problems {
        eprintln!("{problem}");
    }
    // A web page has no command line (its address says what to open, see
    // `game::web_page`), so the page leaves the CLI and its parser out.
    #[cfg(target_arch = "wasm32")]
    {
        drop(args.into_iter());
        open_window(registry, problems, WindowRequest::default())
    }
    #[cfg(not(target_arch = "wasm32"))]
    match cli::run(&registry, args) {
        Outcome::Exit(code) => code,
        Outcome::OpenWindow(request, registry) => open_window(registry, problems, *request),
    }
}

#[cfg(feature = "game")]
fn open_window(
    registry: VariantRegistry,
    problems: Vec<String>,
    request: WindowRequest,
) -> ExitCode {
    use crate::ai::Level;
    use crate::game::{GameMode, GameOptions, NewGame, Player};

    let review = match &request.review {
        None => None,
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => Some(text),
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        },
    };
    let online = online_request(&request);
    let sign_in = match &request.sign_in {
        None => None,
        Some(name) => match std::env::var("BURROW_PASSWORD") {
            Ok(password) => Some((name.clone(), password)),
            Err(_) => {
                eprintln!(
                    "error: --sign-in takes the password from BURROW_PASSWORD, which is not set"
                );
                return ExitCode::from(2);
            }
        },
    };
    let lesson = request.variant.clone().filter(|_| request.lesson);
    let start = request.variant.filter(|_| !request.lesson).map(|variant| {
        let computer = Player::Computer(Level::Medium);
        NewGame {
            variant,
            white: if request.watch {
                computer
            } else {
                Player::Human
            },
            black: if request.watch {
                computer
            } else {
                Player::Human
            },
            size: request.position.map_or_else(Default::default, |p| p.size()),
            start: request.position,
            mode: GameMode::Local,
        }
    });
    let options = GameOptions {
        start,
        log_fps: request.log_fps,
        window_size: request.window_size,
        analysis: request.analysis,
        screen_reader: request.screen_reader,
        puzzle: request.puzzle.map(|n| n.get() - 1),
        lesson,
        review,
        theme: crate::game::settings::Theme::ALL
            .into_iter()
            .find(|theme| request.theme.as_deref() == Some(theme.name())),
        language: request
            .language
            .as_deref()
            .and_then(crate::lang::Language::from_code),
        show_rules: request.rules,
        show_settings: request.settings,
        designer: request.designer,
        online,
        sign_in,
        online_tab: request.online.as_deref().map(crate::game::OnlineTab::named),
        server: request.server,
        ca_file: request.ca_file.map(|path| path.display().to_string()),
        save_dir: request.save_dir,
        continue_saved: request.continue_saved,
        #[cfg(feature = "checks")]
        checks: crate::game::checks::Checks {
            clicks: request.clicks,
            screenshot: request.screenshot,
            accessibility: request.accessibility,
            storm: request.storm.map(|inputs| (inputs, request.storm_seed)),
            dialog_answers: request.dialog_answers,
        },
    };
    match crate::game::run(options, registry, problems) {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

/// The online table the command line asked the window to open or join.
#[cfg(feature = "game")]
fn online_request(request: &WindowRequest) -> Option<crate::game::online::OnlineIntent> {
    use crate::game::online::OnlineIntent;
    let server = request
        .server
        .clone()
        .unwrap_or_else(|| "127.0.0.1:8080".into());
    let name = request.name.clone().unwrap_or_else(|| "guest".into());
    if let Some(variant) = &request.pair {
        return Some(OnlineIntent::Pair {
            server,
            variant: variant.clone(),
            size: crate::rules::BoardSize::STANDARD,
            clock: request.clock,
            bot_after_s: None,
        });
    }
    if let Some(code) = &request.resume {
        return Some(OnlineIntent::Resume {
            server,
            code: code.trim().to_ascii_uppercase(),
        });
    }
    if let Some(code) = &request.join {
        return Some(OnlineIntent::Join {
            server,
            code: code.clone(),
            name,
        });
    }
    request.host.as_ref().map(|variant| OnlineIntent::Create {
        server,
        setup: crate::online::protocol::GameSetup {
            variant: variant.clone(),
            size: crate::rules::BoardSize::STANDARD,
            start: None,
            clock: request.clock,
            design: None,
        },
        side: crate::online::protocol::SideChoice::White,
        name,
        computer: request.opponent,
        public: false,
        rated: false,
    })
}

#[cfg(not(feature = "game"))]
fn open_window(_: VariantRegistry, _: Vec<String>, _: WindowRequest) -> ExitCode {
    eprintln!(
        "error: this build of burrow has no game window (it was built without the `game` \
         feature); run a command instead (burrow --help lists them)"
    );
    ExitCode::from(2)
}
