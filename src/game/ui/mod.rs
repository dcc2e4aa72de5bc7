//! The egui panels around the board: the new-game menu, the side panel, the
//! rules help and the game-over dialog. They only read the session and write
//! intents; the board takes whatever room they leave.

mod dialogs;
mod new_game;
mod side_panel;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::computer::ComputerPlayer;
use super::input::{PointerOverUi, Selection};
use super::layout::{BoardArea, BoardLayout};
use super::screens::Screen;
use super::session::{GameSession, Refused, SessionIntent, Variants};
use super::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UiState>()
        .add_systems(Update, remember_refusals)
        .add_systems(EguiPrimaryContextPass, draw_panels);
}

/// What the panels remember between frames.
#[derive(Resource, Default)]
pub struct UiState {
    pub form: new_game::NewGameForm,
    pub show_rules: bool,
    /// The text box for pasting or copying positions and records.
    pub text: String,
    /// Where records are saved and loaded (the web page has no files).
    #[cfg(not(target_arch = "wasm32"))]
    pub file_path: String,
    /// The last refusal or error, and when it was shown.
    pub toast: Option<(String, f64)>,
    pub game_over_closed: bool,
}

fn remember_refusals(
    mut refused: MessageReader<Refused>,
    time: Res<Time<Real>>,
    mut ui: ResMut<UiState>,
) {
    if let Some(Refused(reason)) = refused.read().last() {
        ui.toast = Some((reason.clone(), time.elapsed_secs_f64()));
    }
}

/// Everything the panels read and write, gathered for one system.
#[derive(bevy::ecs::system::SystemParam)]
pub struct PanelData<'w> {
    session: Res<'w, GameSession>,
    variants: Res<'w, Variants>,
    settings: ResMut<'w, Settings>,
    selection: Res<'w, Selection>,
    computer: ResMut<'w, ComputerPlayer>,
    layout: Res<'w, BoardLayout>,
    screen: Res<'w, State<Screen>>,
    next_screen: ResMut<'w, NextState<Screen>>,
    intents: MessageWriter<'w, SessionIntent>,
    hints: MessageWriter<'w, super::computer::HintRequest>,
    time: Res<'w, Time<Real>>,
}

fn draw_panels(
    mut contexts: EguiContexts,
    mut data: PanelData,
    mut state: ResMut<UiState>,
    mut area: ResMut<BoardArea>,
    mut over_ui: ResMut<PointerOverUi>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    if *data.screen.get() != Screen::Title {
        side_panel::show(&mut root, &mut data, &mut state);
    }
    let free = root.available_rect_before_wrap();
    let rect = Rect::new(free.min.x, free.min.y, free.max.x, free.max.y);
    if area.0 != Some(rect) {
        area.0 = Some(rect);
    }
    if let Ok(window) = window.single() {
        draw_coordinates(
            &ctx,
            &data.layout,
            Vec2::new(window.width(), window.height()),
        );
    }
    match data.screen.get() {
        Screen::Title => new_game::show(&ctx, &mut data, &mut state),
        Screen::GameOver if !state.game_over_closed => {
            dialogs::game_over(&ctx, &mut data, &mut state)
        }
        _ => {}
    }
    if state.show_rules {
        dialogs::rules(&ctx, &data, &mut state);
    }
    dialogs::toast(&ctx, &data, &mut state);
    let over = ctx.is_pointer_over_egui() || ctx.egui_is_using_pointer();
    if over_ui.0 != over {
        over_ui.0 = over;
    }
    Ok(())
}

/// File letters and rank numbers around the board.
fn draw_coordinates(ctx: &egui::Context, layout: &BoardLayout, window: Vec2) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    let font = egui::FontId::proportional((layout.square * 0.22).clamp(9.0, 18.0));
    let color = egui::Color32::from_gray(200);
    let to_screen = |world: Vec2| egui::pos2(world.x + window.x / 2.0, window.y / 2.0 - world.y);
    let size = layout.size;
    for sq in size.squares() {
        let c = layout.square_center(sq);
        let bottom = if layout.flipped { size.ranks() - 1 } else { 0 };
        let left = if layout.flipped { size.files() - 1 } else { 0 };
        if sq.y() == bottom {
            let p = to_screen(c - Vec2::new(0.0, layout.square * 0.78));
            let letter = ((b'a' + sq.x()) as char).to_string();
            painter.text(p, egui::Align2::CENTER_CENTER, letter, font.clone(), color);
        }
        if sq.x() == left {
            let p = to_screen(c - Vec2::new(layout.square * 0.78, 0.0));
            painter.text(
                p,
                egui::Align2::CENTER_CENTER,
                (sq.y() + 1).to_string(),
                font.clone(),
                color,
            );
        }
    }
}
