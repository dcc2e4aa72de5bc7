//! The game on its web page.
//!
//! - The page's address can start a game at once, as the command line's
//!   `--variant` does: `?variant=box&white=human&black=medium`.
//! - In a build with the `checks` feature, the game's state is published
//!   on the page for the browser tests (see `checks::page_state`).
//! - Online: `?join=CODE` takes the free seat of a table at the server that
//!   served the page, `?watch=CODE` follows one, `?host=VARIANT` (with
//!   `&size=6x6&name=…&computer=LEVEL&clock=5+3`) opens a new table,
//!   `?pair=VARIANT` (with `&size=…&clock=3d`) plays someone now (as the
//!   remembered account, if any), and `?online=TAB` opens the Online
//!   window at a tab (`play`, `lobby`, `my-games`, `players`, `account`).
//! - A designed game: `?design=CODE` (a share code, with `&black=easy` and
//!   the like) adds the design to the games and starts it.
//! - The loading note goes once the game has drawn.

use bevy::prelude::*;
use tracing::warn;

use crate::ai::Level;

use super::puzzles::PuzzleIntent;
use super::session::{NewGame, Player, SessionIntent, Variants};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, start_from_address)
        .add_systems(Last, remove_loading_note);
}

/// `?key=value&…` pairs of the page's address.
fn address_query() -> Vec<(String, String)> {
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    search
        .trim_start_matches('?')
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn parse_player(name: &str) -> Option<Player> {
    if name == "human" {
        return Some(Player::Human);
    }
    name.parse::<Level>().ok().map(Player::Computer)
}

fn start_from_address(
    variants: Res<Variants>,
    online: Res<super::online::Online>,
    mut online_intents: MessageWriter<super::online::OnlineIntent>,
    mut puzzles: MessageWriter<PuzzleIntent>,
    mut intents: MessageWriter<SessionIntent>,
    mut ui: ResMut<super::ui::UiState>,
) {
    let query = address_query();
    let get = |key: &str| {
        query
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    use super::online::OnlineIntent;
    let name = get("name").unwrap_or("guest").to_string();
    // `+` is a space in an address's query: `5+3` may come as `5 3`.
    let clock = get("clock").and_then(|c| {
        crate::online::protocol::ClockSetting::parse(&c.replace(' ', "+").replace("%2B", "+")).ok()
    });
    if let Some(tab) = get("online") {
        ui.show_online = true;
        ui.online_form.tab = super::OnlineTab::named(tab);
    }
    if let Some(variant) = get("pair") {
        online_intents.write(OnlineIntent::Pair {
            server: online.server.clone(),
            variant: variant.to_string(),
            size: get("size").and_then(|s| s.parse().ok()).unwrap_or_default(),
            clock,
            bot_after_s: None,
        });
        return;
    }
    if let Some(code) = get("join") {
        online_intents.write(OnlineIntent::Join {
            server: online.server.clone(),
            code: code.to_string(),
            name,
        });
        return;
    }
    if let Some(code) = get("watch") {
        online_intents.write(OnlineIntent::Watch {
            server: online.server.clone(),
            code: code.to_string(),
        });
        return;
    }
    if let Some(variant) = get("host") {
        online_intents.write(OnlineIntent::Create {
            server: online.server.clone(),
            setup: crate::online::protocol::GameSetup {
                variant: variant.to_string(),
                size: get("size").and_then(|s| s.parse().ok()).unwrap_or_default(),
                start: None,
                clock,
                design: None,
            },
            side: crate::online::protocol::SideChoice::White,
            name,
            computer: get("computer").and_then(|level| level.parse().ok()),
            public: false,
            rated: false,
        });
        return;
    }
    if let Some(n) = get("puzzle")
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|n| *n > 0)
    {
        puzzles.write(PuzzleIntent::Start(n - 1));
        return;
    }
    let player = |key: &str| get(key).and_then(parse_player).unwrap_or(Player::Human);
    if let Some(code) = get("design") {
        // A design shared by link: it joins the games and is played at once.
        match crate::rules::Design::from_code(code) {
            Ok(design) => {
                intents.write(SessionIntent::PutDesign {
                    play: Some(NewGame {
                        variant: design.id.clone(),
                        white: player("white"),
                        black: player("black"),
                        ..NewGame::default()
                    }),
                    design: Box::new(design),
                });
            }
            Err(e) => warn!("the page's design does not read ({e}); showing the menu"),
        }
        return;
    }
    let Some(variant) = get("variant") else {
        return;
    };
    if variants.0.get(variant).is_none() {
        warn!("the page asks for an unknown game `{variant}`; showing the menu");
        return;
    }
    intents.write(SessionIntent::NewGame(NewGame {
        variant: variant.to_string(),
        white: player("white"),
        black: player("black"),
        ..NewGame::default()
    }));
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
