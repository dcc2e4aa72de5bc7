//! The game's state published as attributes of the page's `<html>`
//! element, for the browser tests: `data-screen`, `data-position`,
//! `data-turns`, `data-frames`, `data-squares` (each square's centre in
//! page pixels, `a1:x,y;b1:x,y;…`), `data-board` (the board's rectangle in
//! page pixels), `data-board-at` (when the first board was drawn, in ms
//! since the page opened), `data-controls` (the named controls on screen
//! and their centres, `review:x,y;…`, see
//! `UiState::spot`), `data-online` (`CODE SIDE LINK
//! CONNECTIONS`, side `-` when watching), `data-community` (`ACCOUNT SEEKS YOUR-TURN
//! PAGE`, see below), `data-phase`, `data-captures` (captures made so
//! far in the turn on show), `data-status` (the side panel's line of
//! whose turn it is or who won, in the page's language), `data-analysis`
//! and `data-puzzle`.

use bevy::prelude::*;

use crate::game::online::Community;
use crate::game::online::Online;
use crate::game::play::BoardAnalysis;
use crate::game::play::Game;
use crate::game::play::{BoardLayout, world_to_window};
use crate::game::puzzles::Puzzles;
use crate::game::screens::Screen;

pub(super) fn publish_state(
    game: Res<Game>,
    online: Res<Online>,
    community: Res<Community>,
    phase: Option<Res<State<crate::game::screens::Phase>>>,
    analysis: Res<BoardAnalysis>,
    puzzles: Res<Puzzles>,
    screen: Res<State<Screen>>,
    layout: Res<BoardLayout>,
    ui: Res<crate::game::ui::UiState>,
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
    // Frames are counted so a test can tell the page is alive.
    let _ = html.set_attribute("data-frames", &frames.to_string());
    if game.is_changed() || screen.is_changed() {
        publish_game(&html, &game, screen.get());
    }
    if let Some(phase) = &phase
        && (phase.is_changed() || *frames == 1)
    {
        let _ = html.set_attribute("data-phase", &format!("{:?}", phase.get()));
    }
    if online.is_changed() {
        publish_online(&html, &online);
    }
    if community.is_changed() {
        publish_community(&html, &community);
    }
    if analysis.is_changed() {
        publish_analysis(&html, &analysis);
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
            publish_board(&html, &layout, size);
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

/// The screen, the position on show, the turns, the game and the captures
/// of the turn on show.
fn publish_game(html: &web_sys::Element, game: &Game, screen: &Screen) {
    let screen_name = match screen {
        Screen::Title => "title",
        Screen::Playing => "playing",
        Screen::GameOver => "game-over",
    };
    let _ = html.set_attribute("data-screen", screen_name);
    let _ = html.set_attribute("data-position", &game.shown().to_string());
    let _ = html.set_attribute("data-turns", &game.played().len().to_string());
    let _ = html.set_attribute("data-variant", game.rules().id());
    let captures = game.turn().as_ref().map_or(0, |t| t.captures().len());
    let _ = html.set_attribute("data-captures", &captures.to_string());
    // The side panel's status line, in the page's language.
    use crate::game::ui::words::side_key;
    let status = match game.outcome() {
        Some(outcome) => crate::tr!("outcome-wins", side = side_key(outcome.winner)),
        None => crate::tr!("to-move", side = side_key(game.to_move())),
    };
    let _ = html.set_attribute("data-status", &status);
}

/// `CODE SIDE LINK CONNECTIONS`, side `-` when watching; the count of
/// connections opened tells a reconnection from the link before it.
fn publish_online(html: &web_sys::Element, online: &Online) {
    use crate::game::online::Link;
    let side = online.side().map_or("-", |side| side.word());
    let link = match online.link {
        Link::Off => "off",
        Link::Connecting => "connecting",
        Link::Open => "open",
        Link::Lost { .. } => "lost",
    };
    let code = online.code.as_deref().unwrap_or("-");
    let _ = html.set_attribute(
        "data-online",
        &format!("{code} {side} {link} {}", online.links),
    );
}

/// `ACCOUNT SEEKS YOUR-TURN PAGE`.
fn publish_community(html: &web_sys::Element, community: &Community) {
    // "ACCOUNT SEEKS YOUR-TURN PAGE-NAME:RATED-GAMES": `-` for none.
    let page = community.page.as_ref().map_or("-".to_string(), |p| {
        format!("{}:{}", p.name, p.history.len())
    });
    let text = format!(
        "{} {} {} {page}",
        community.account.as_deref().unwrap_or("-"),
        community
            .lobby
            .as_ref()
            .map_or("-".to_string(), |l| l.len().to_string()),
        community.your_turn.len(),
    );
    let _ = html.set_attribute("data-community", &text);
}

/// `TURNS PROVEN running|done`.
fn publish_analysis(html: &web_sys::Element, analysis: &BoardAnalysis) {
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

/// The squares and the board in page pixels, for a window of `size`.
fn publish_board(html: &web_sys::Element, layout: &BoardLayout, size: Vec2) {
    let squares: Vec<String> = layout
        .size
        .squares()
        .into_iter()
        .map(|sq| {
            let page = world_to_window(size, layout.square_center(sq));
            format!("{sq}:{:.0},{:.0}", page.x, page.y)
        })
        .collect();
    let _ = html.set_attribute("data-squares", &squares.join(";"));
    // "left,top,width,height".
    let extent = layout.extent();
    let top_left = layout.center + Vec2::new(-extent.x, extent.y) / 2.0;
    let corner = world_to_window(size, top_left);
    let _ = html.set_attribute(
        "data-board",
        &format!(
            "{:.0},{:.0},{:.0},{:.0}",
            corner.x, corner.y, extent.x, extent.y
        ),
    );
}
