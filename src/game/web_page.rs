//! The game on its web page.
//!
//! - The page's address can start a game at once, as the command line's
//!   `--variant` does: `?variant=box&white=human&black=medium`.
//! - The game's state is published as attributes of the `<html>` element,
//!   for browser tests and page scripts: `data-screen`, `data-position`,
//!   `data-turns`, `data-frames`, and `data-squares` (each square's centre
//!   in page pixels, `a1:x,y;b1:x,y;…`).
//! - `data-board` (the board's rectangle in page pixels) and `data-board-at`
//!   (when the first board was drawn, in ms since the page opened).
//! - `data-controls`: the named controls on screen and their centres in
//!   page pixels (`review:x,y;download-record:x,y;…`, see
//!   [`super::ui::UiState::spot`]), so tests click a control by its name.
//! - Online: `?join=CODE` takes the free seat of a table at the server that
//!   served the page, `?watch=CODE` follows one, and `?host=VARIANT`
//!   (with `&size=6x6&name=…&computer=LEVEL`) opens a new table. The table
//!   is published as `data-online` (`CODE SIDE LINK`, side `-` when
//!   watching), the turn's phase as `data-phase` and the captures made so
//!   far in the turn on show as `data-captures`.
//! - The loading note goes once the game has drawn.

use bevy::prelude::*;
use tracing::warn;

use crate::ai::Level;

use super::analysis::BoardAnalysis;
use super::layout::BoardLayout;
use super::puzzles::{PuzzleIntent, Puzzles};
use super::screens::Screen;
use super::session::{GameSession, NewGame, Player, SessionIntent, Variants};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, start_from_address)
        .add_systems(Last, publish_state);
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
    mut next: ResMut<NextState<Screen>>,
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
                size: get("size").unwrap_or("8x8").to_string(),
                start: None,
                clock: None,
            },
            side: crate::online::protocol::SideChoice::White,
            name,
            computer: get("computer").map(str::to_string),
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
    let Some(variant) = get("variant") else {
        return;
    };
    if variants.0.get(variant).is_none() {
        warn!("the page asks for an unknown game `{variant}`; showing the menu");
        return;
    }
    let player = |key: &str| get(key).and_then(parse_player).unwrap_or(Player::Human);
    intents.write(SessionIntent::NewGame(NewGame {
        variant: variant.to_string(),
        white: player("white"),
        black: player("black"),
        ..NewGame::default()
    }));
    next.set(Screen::Playing);
}

fn publish_state(
    session: Res<GameSession>,
    online: Res<super::online::Online>,
    phase: Option<Res<State<super::screens::Phase>>>,
    analysis: Res<BoardAnalysis>,
    puzzles: Res<Puzzles>,
    screen: Res<State<Screen>>,
    layout: Res<BoardLayout>,
    ui: Res<super::ui::UiState>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut published_spots: Local<String>,
    mut frames: Local<u64>,
    mut board_shown: Local<bool>,
    mut published_size: Local<Vec2>,
) {
    *frames += 1;
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(html) = document.document_element() else {
        return;
    };
    if *frames == 2
        && let Some(loading) = document.get_element_by_id("loading")
    {
        loading.remove();
    }
    // Frames are counted so a test can tell the page is alive.
    let _ = html.set_attribute("data-frames", &frames.to_string());
    if session.is_changed() || screen.is_changed() {
        let screen_name = match screen.get() {
            Screen::Title => "title",
            Screen::Playing => "playing",
            Screen::GameOver => "game-over",
        };
        let _ = html.set_attribute("data-screen", screen_name);
        let _ = html.set_attribute("data-position", &session.shown().to_string());
        let _ = html.set_attribute("data-turns", &session.played.len().to_string());
        let captures = session.turn.as_ref().map_or(0, |t| t.captures().len());
        let _ = html.set_attribute("data-captures", &captures.to_string());
    }
    if let Some(phase) = &phase
        && (phase.is_changed() || *frames == 1)
    {
        let _ = html.set_attribute("data-phase", &format!("{:?}", phase.get()));
    }
    if online.is_changed() {
        use super::online::Link;
        let side = match online.side() {
            Some(crate::online::protocol::Side::White) => "white",
            Some(crate::online::protocol::Side::Black) => "black",
            None => "-",
        };
        let link = match online.link {
            Link::Off => "off",
            Link::Connecting => "connecting",
            Link::Open => "open",
            Link::Lost { .. } => "lost",
        };
        let code = online.code.as_deref().unwrap_or("-");
        let _ = html.set_attribute("data-online", &format!("{code} {side} {link}"));
    }
    if analysis.is_changed() {
        // "TURNS PROVEN running|done": the turns marked, how many of them proven.
        let text = match &analysis.report {
            Some(report) => format!(
                "{} {} {}",
                report.turns.len(),
                report
                    .turns
                    .iter()
                    .filter(|m| m.knowledge.wins().is_some())
                    .count(),
                if analysis.is_running() {
                    "running"
                } else {
                    "done"
                }
            ),
            None => "none".to_string(),
        };
        let _ = html.set_attribute("data-analysis", &text);
    }
    if puzzles.is_changed() {
        let text = puzzles
            .active
            .as_ref()
            .map_or(String::new(), |a| a.puzzle.task());
        let _ = html.set_attribute("data-puzzle", &text);
    }
    // The squares and the board in page pixels, whenever the board moved
    // or the window changed size.
    if let Ok(window) = windows.single() {
        let size = Vec2::new(window.width(), window.height());
        if layout.is_changed() || *published_size != size {
            *published_size = size;
            let squares: Vec<String> = layout
                .size
                .squares()
                .into_iter()
                .map(|sq| {
                    let world = layout.square_center(sq);
                    let page = Vec2::new(world.x + size.x / 2.0, size.y / 2.0 - world.y);
                    format!("{sq}:{:.0},{:.0}", page.x, page.y)
                })
                .collect();
            let _ = html.set_attribute("data-squares", &squares.join(";"));
            // "left,top,width,height".
            let extent = layout.extent();
            let corner = Vec2::new(
                layout.center.x - extent.x / 2.0 + size.x / 2.0,
                size.y / 2.0 - layout.center.y - extent.y / 2.0,
            );
            let _ = html.set_attribute(
                "data-board",
                &format!(
                    "{:.0},{:.0},{:.0},{:.0}",
                    corner.x, corner.y, extent.x, extent.y
                ),
            );
        }
    }
    // Named controls where they were drawn: "name:x,y;…" in page pixels.
    let spots: Vec<String> = ui
        .spots
        .iter()
        .map(|(name, at)| format!("{name}:{:.0},{:.0}", at.x, at.y))
        .collect();
    let spots = spots.join(";");
    if *published_spots != spots {
        let _ = html.set_attribute("data-controls", &spots);
        *published_spots = spots;
    }
    // When the page first showed a board, in milliseconds since it was
    // opened (the browser's clock for the page).
    if !*board_shown && *screen.get() != Screen::Title && *frames > 1 {
        *board_shown = true;
        if let Some(now) = web_sys::window()
            .and_then(|w| w.performance())
            .map(|p| p.now())
        {
            let _ = html.set_attribute("data-board-at", &format!("{now:.0}"));
        }
    }
}
