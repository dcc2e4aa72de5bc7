//! The game on its web page.
//!
//! - The page's address can start a game at once, as the command line's
//!   `--variant` does: `?variant=box&white=human&black=medium` (with
//!   `&size=6x6` for another board).
//! - In a build with the `checks` feature, the game's state is published
//!   on the page for the browser tests (see `checks::page_state`).
//! - Online: `?join=CODE` takes the free seat of a table at the server that
//!   served the page, `?watch=CODE` follows one, `?host=VARIANT` (with
//!   `&size=6x6&name=…&computer=LEVEL&clock=5+3`) opens a new table,
//!   `?pair=VARIANT` (with `&size=…&clock=3d`) plays someone now (as the
//!   remembered account, if any), and `?online=TAB` opens the Online
//!   window at a tab (`play`, `lobby`, `my-games`, `players`, `account`).
//! - A lesson: `?lesson=GAME` (`box`, `path`, …) starts its guided game.
//! - A designed game: `?design=CODE` (a share code, with `&black=easy` and
//!   the like) adds the design to the games and starts it.
//! - `?screen-reader` turns the screen reader's part of the page on (its
//!   command field and live region: see `reader`).
//! - The page wakes the game when something comes from outside Bevy's
//!   window (a line typed in the page's own field, a language's
//!   catalogue): the game otherwise sleeps until the next input.
//! - The loading note goes once the game has drawn.

use bevy::prelude::*;
use tracing::warn;

use crate::ai::Level;
use crate::rules::Side;

use crate::game::lesson::TutorialIntent;
use crate::game::online::{Online, OnlineIntent};
use crate::game::online::{OnlineForm, OnlineTab};
use crate::game::play::{GameIntent, NewGame, Player, Variants};
use crate::game::puzzles::PuzzleIntent;
use crate::game::settings::SettingsIntent;
use crate::game::ui::UiState;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, (start_from_address, let_the_page_wake_the_game))
        .add_systems(First, settle_language)
        .add_systems(Last, remove_loading_note);
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// Gives the page the function that wakes the game.
    #[wasm_bindgen(js_namespace = burrowPage, js_name = wakeWith)]
    fn wake_with(wake: &wasm_bindgen::closure::Closure<dyn FnMut()>);
}

/// Hands the page a function that wakes the game's event loop.
fn let_the_page_wake_the_game(proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) {
    let Some(proxy) = proxy else { return };
    let proxy = (**proxy).clone();
    let wake = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(move || {
        let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
    });
    wake_with(&wake);
    // The page keeps it for the whole visit.
    wake.forget();
}

/// Puts the chosen language in force once its catalogue has come (the
/// page fetches the languages other than English).
fn settle_language() {
    crate::lang::settle();
}

/// `?key=value&…` pairs of the page's address (a key alone, such as
/// `screen-reader`, with an empty value).
fn address_query() -> Vec<(String, String)> {
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    search
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| pair.split_once('=').unwrap_or((pair, "")))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn parse_player(name: &str) -> Option<Player> {
    if name == "human" {
        return Some(Player::Human);
    }
    name.parse::<Level>().ok().map(Player::Computer)
}

/// The board the address asks for (`&size=6x6`), or the standard one.
fn board_size(query: &[(String, String)]) -> crate::rules::BoardSize {
    value(query, "size")
        .and_then(|s| s.parse().ok())
        .unwrap_or_default()
}

/// The value of `key` in the address's pairs.
fn value<'a>(query: &'a [(String, String)], key: &str) -> Option<&'a str> {
    query
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

fn start_from_address(
    variants: Res<Variants>,
    online: Res<Online>,
    mut online_intents: MessageWriter<OnlineIntent>,
    mut puzzles: MessageWriter<PuzzleIntent>,
    mut intents: MessageWriter<GameIntent>,
    mut ui: ResMut<UiState>,
    mut form: ResMut<OnlineForm>,
    mut settings_intents: MessageWriter<SettingsIntent>,
    mut lessons: MessageWriter<TutorialIntent>,
) {
    let query = address_query();
    if query.iter().any(|(key, _)| key == "screen-reader") {
        settings_intents.write(SettingsIntent::ScreenReader(true));
    }
    if let Some(tab) = value(&query, "online") {
        ui.open.online = true;
        form.tab = OnlineTab::named(tab);
    }
    if let Some(intent) = online_request(&query, &online.server) {
        online_intents.write(intent);
        return;
    }
    if let Some(id) = value(&query, "lesson") {
        lessons.write(TutorialIntent::Start(id.to_string()));
        return;
    }
    if let Some(n) = value(&query, "puzzle")
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|n| *n > 0)
    {
        puzzles.write(PuzzleIntent::Start(n - 1));
        return;
    }
    if let Some(intent) = local_request(&query, &variants) {
        intents.write(intent);
    }
}

/// The online table the address asks for: pairing, a table to join or
/// watch, or a new one to host.
fn online_request(query: &[(String, String)], server: &str) -> Option<OnlineIntent> {
    let get = |key: &str| value(query, key);
    let name = get("name").unwrap_or("guest").to_string();
    // `+` is a space in an address's query: `5+3` may come as `5 3`.
    let clock = get("clock").and_then(|c| {
        crate::online::protocol::ClockSetting::parse(&c.replace(' ', "+").replace("%2B", "+")).ok()
    });
    let size = || board_size(query);
    if let Some(variant) = get("pair") {
        return Some(OnlineIntent::Pair {
            server: server.to_string(),
            variant: variant.to_string(),
            size: size(),
            clock,
            bot_after_s: None,
        });
    }
    if let Some(code) = get("join") {
        return Some(OnlineIntent::Join {
            server: server.to_string(),
            code: code.to_string(),
            name,
        });
    }
    if let Some(code) = get("watch") {
        return Some(OnlineIntent::Watch {
            server: server.to_string(),
            code: code.to_string(),
        });
    }
    let variant = get("host")?;
    Some(OnlineIntent::Create {
        server: server.to_string(),
        setup: crate::online::protocol::GameSetup {
            variant: variant.to_string(),
            size: size(),
            start: None,
            clock,
            design: None,
        },
        side: crate::online::protocol::SideChoice::White,
        name,
        computer: get("computer").and_then(|level| level.parse().ok()),
        public: false,
        rated: false,
    })
}

/// The local game the address asks for: a design shared by link (it joins
/// the games and is played at once), or a game by its id.
fn local_request(query: &[(String, String)], variants: &Variants) -> Option<GameIntent> {
    let get = |key: &str| value(query, key);
    let player = |key: &str| get(key).and_then(parse_player).unwrap_or(Player::Human);
    if let Some(code) = get("design") {
        return match crate::rules::Design::from_code(code) {
            Ok(design) => Some(GameIntent::PutDesign {
                play: Some(NewGame {
                    variant: design.id.clone(),
                    white: player(Side::White.word()),
                    black: player(Side::Black.word()),
                    ..NewGame::default()
                }),
                design: Box::new(design),
            }),
            Err(e) => {
                warn!("the page's design does not read ({e}); showing the menu");
                None
            }
        };
    }
    let variant = get("variant")?;
    if variants.0.get(variant).is_none() {
        warn!("the page asks for an unknown game `{variant}`; showing the menu");
        return None;
    }
    Some(GameIntent::NewGame(NewGame {
        variant: variant.to_string(),
        size: board_size(query),
        white: player(Side::White.word()),
        black: player(Side::Black.word()),
        ..NewGame::default()
    }))
}

/// The page's loading note goes once the game has drawn its first frame.
fn remove_loading_note(mut frames: Local<u32>) {
    *frames += 1;
    if *frames != 2 {
        return;
    }
    if let Some(loading) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("loading"))
    {
        loading.remove();
    }
}
