//! The egui panels around the board: the new-game menu, the side panel, the
//! rules help, the game-over dialog and the other windows. Each is a system
//! of its own with the parameters it needs; they read the game's state and
//! send intents, and the board takes whatever room they leave. One pass of
//! them, in order: [`begin_pass`] sets the look, the panels and windows draw,
//! [`end_pass`] hands the board its room and the input its blocked regions.

mod designer_window;
mod diagram;
mod dialogs;
mod new_game;
pub mod online_window;
mod review_window;
mod side_panel;
mod table_windows;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::GameSet;
use super::analysis::BoardAnalysis;
use super::input::{Selection, UiRegions};
use super::layout::{BoardArea, BoardLayout};
use super::modding::ModProblems;
use super::screens::{InGame, Screen};
use super::session::{GameSession, Refused};
use super::settings::{Settings, Theme};
use super::tutorial::TutorialIntent;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UiState>()
        .init_resource::<ModProblems>()
        .add_systems(Update, remember_notices.in_set(GameSet::Present))
        .add_systems(
            EguiPrimaryContextPass,
            // The windows run while closed too: a closed window fades out
            // (egui draws nothing once it has).
            (
                begin_pass,
                side_panel::side_panel.run_if(in_state(InGame)),
                board_labels.run_if(in_state(InGame)),
                new_game::title_screen.run_if(in_state(Screen::Title)),
                dialogs::game_over.run_if(in_state(Screen::GameOver)),
                dialogs::puzzles_window,
                online_window::online_window,
                online_window::banner,
                online_window::your_turn_news,
                dialogs::rules_window,
                designer_window::designer_window,
                table_windows::settings_window,
                table_windows::records_window,
                review_window::review_window
                    .run_if(in_state(InGame))
                    .run_if(|review: Res<super::review::GameReview>| review.open),
                start_lesson,
                dialogs::toast,
                curtain,
                end_pass,
            )
                .chain(),
        )
        .add_systems(
            PreUpdate,
            install_fonts
                .after(bevy_egui::EguiPreUpdateSet::InitContexts)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
}

/// The file a record is saved to or loaded from until the player names
/// another (on the web page, the downloaded file's name).
const DEFAULT_FILE: &str = "burrow-game.txt";

/// A window no wider than the screen (less a margin), so dialogs stay whole
/// on a phone.
fn fitted<'a>(window: egui::Window<'a>, ctx: &egui::Context) -> egui::Window<'a> {
    let screen = ctx.viewport_rect();
    window
        .max_width((screen.width() - 24.0).max(160.0))
        .constrain_to(screen.shrink(4.0))
}

/// The panels' fonts: Ubuntu Light for text, Hack for the monospace
/// lines, each falling back on the other (the panels show no emoji).
fn fonts() -> egui::FontDefinitions {
    use std::sync::Arc;
    let mut fonts = egui::FontDefinitions::empty();
    for (name, data) in [
        ("Ubuntu-Light", epaint_default_fonts::UBUNTU_LIGHT),
        ("Hack", epaint_default_fonts::HACK_REGULAR),
    ] {
        fonts
            .font_data
            .insert(name.into(), Arc::new(egui::FontData::from_static(data)));
    }
    fonts.families.insert(
        egui::FontFamily::Proportional,
        vec!["Ubuntu-Light".into(), "Hack".into()],
    );
    fonts.families.insert(
        egui::FontFamily::Monospace,
        vec!["Hack".into(), "Ubuntu-Light".into()],
    );
    fonts
}

/// Gives each new egui context the panels' fonts before its first pass.
fn install_fonts(mut contexts: Query<&mut bevy_egui::EguiContext, Added<bevy_egui::EguiContext>>) {
    for mut context in &mut contexts {
        context.get_mut().set_fonts(fonts());
    }
}

/// What the panels remember between frames.
#[derive(Resource, Default)]
pub struct UiState {
    pub form: new_game::NewGameForm,
    pub show_rules: bool,
    pub show_puzzles: bool,
    pub show_online: bool,
    pub show_settings: bool,
    pub show_records: bool,
    pub online_form: online_window::OnlineForm,
    /// A guided first game asked for (from the rules help or the menu).
    pub start_tutorial: Option<String>,
    /// The designer asked for from the game's menu, on a copy of this game.
    pub design_from: Option<String>,
    /// The text box for pasting or copying positions and records.
    pub text: String,
    /// Where records are saved and loaded (on the web page: the name a
    /// downloaded record or picture gets).
    pub file_path: String,
    /// The last refusal or error, and when it was shown.
    pub toast: Option<(String, f64)>,
    pub game_over_closed: bool,
    /// The games' example turns, played once.
    pub examples: diagram::Examples,
    /// The theme and UI scale the panels were last set up with.
    pub look: Option<(Theme, f32)>,
    /// Named controls drawn this frame and their centres in window pixels
    /// (with the `checks` feature the web page publishes them, so browser
    /// tests click controls by name, not by a pixel that moves with the
    /// layout).
    pub spots: Vec<(&'static str, egui::Pos2)>,
    /// The panels drawn this pass (egui points).
    panel_rects: Vec<egui::Rect>,
    /// The room the panels leave for the board this pass (egui points).
    board_rect: Option<egui::Rect>,
}

impl UiState {
    /// Notes where the control `name` was drawn this frame (only where a
    /// check reads it: in builds with the `checks` feature).
    pub fn spot(&mut self, name: &'static str, response: &egui::Response) {
        if cfg!(feature = "checks") {
            let zoom = response.ctx.zoom_factor();
            self.spots.push((name, response.rect.center() * zoom));
        }
    }
}

/// The last refusal (or, on desktop, a saved file) becomes the toast.
fn remember_notices(
    mut refused: MessageReader<Refused>,
    #[cfg(not(target_arch = "wasm32"))] mut saved: MessageReader<super::records::Saved>,
    time: Res<Time<Real>>,
    mut ui: ResMut<UiState>,
) {
    if let Some(Refused(reason)) = refused.read().last() {
        ui.toast = Some((reason.to_string(), time.elapsed_secs_f64()));
    }
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(super::records::Saved(path)) = saved.read().last() {
        ui.toast = Some((
            format!("saved to {}", path.display()),
            time.elapsed_secs_f64(),
        ));
    }
}

/// The start of a pass: the panels' look (theme, UI scale) and the
/// frame's bookkeeping.
fn begin_pass(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut state: ResMut<UiState>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if state.file_path.is_empty() {
        state.file_path = DEFAULT_FILE.into();
    }
    let look = (settings.theme, settings.ui_scale);
    if state.look != Some(look) {
        ctx.set_visuals(visuals(look.0));
        ctx.set_zoom_factor(look.1);
        state.look = Some(look);
    }
    state.spots.clear();
    state.panel_rects.clear();
    state.board_rect = None;
    Ok(())
}

/// What the board's labels read: the coordinates, the analysis badges and
/// the template's notes drawn over the board.
#[derive(bevy::ecs::system::SystemParam)]
pub struct BoardLabels<'w> {
    session: Res<'w, GameSession>,
    layout: Res<'w, BoardLayout>,
    analysis: Res<'w, BoardAnalysis>,
    selection: Res<'w, Selection>,
}

/// The labels egui draws on the board.
fn board_labels(
    mut contexts: EguiContexts,
    data: BoardLabels,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    if let Ok(window) = window.single() {
        let window = Vec2::new(window.width(), window.height());
        draw_coordinates(&ctx, &data.layout, window);
        draw_analysis_marks(&ctx, &data, window);
        draw_template_notes(&ctx, &data, window);
    }
    Ok(())
}

/// A guided first game asked for from a panel (the menu, the rules help,
/// the lesson's Start again).
fn start_lesson(mut state: ResMut<UiState>, mut tutorial_intents: MessageWriter<TutorialIntent>) {
    if let Some(id) = state.start_tutorial.take() {
        tutorial_intents.write(TutorialIntent::Start(id));
        state.show_rules = false;
        state.game_over_closed = false;
    }
}

/// The screen change's curtain over everything, lifting
/// ([`super::screens::ScreenFade`]).
fn curtain(
    mut contexts: EguiContexts,
    fade: Res<super::screens::ScreenFade>,
    time: Res<Time<Real>>,
) -> Result {
    let opacity = fade.opacity(time.elapsed_secs_f64());
    if opacity > 0.0 {
        let ctx = contexts.ctx_mut()?;
        let layer = egui::LayerId::new(egui::Order::Foreground, egui::Id::new("curtain"));
        ctx.layer_painter(layer).rect_filled(
            ctx.content_rect(),
            0.0,
            egui::Color32::from_rgb(30, 27, 25).gamma_multiply(opacity),
        );
        ctx.request_repaint();
    }
    Ok(())
}

/// The end of a pass: the board gets the room the panels left, and the
/// input learns where the panels and windows are (clicks there are not the
/// board's).
fn end_pass(
    mut contexts: EguiContexts,
    mut state: ResMut<UiState>,
    mut area: ResMut<BoardArea>,
    mut regions: ResMut<UiRegions>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let zoom = ctx.zoom_factor();
    // egui's points are window pixels over the UI scale.
    let free = state.board_rect.unwrap_or_else(|| ctx.viewport_rect());
    let rect = Rect::from_corners(
        Vec2::new(free.min.x, free.min.y) * zoom,
        Vec2::new(free.max.x, free.max.y) * zoom,
    );
    if area.0 != Some(rect) {
        area.0 = Some(rect);
    }
    // Every window, menu and toast drawn this pass, in window pixels.
    let shown = ctx.memory(|m| {
        m.areas()
            .visible_layer_ids()
            .into_iter()
            .filter(|layer| layer.order != egui::Order::Background)
            .filter_map(|layer| m.area_rect(layer.id))
            .collect::<Vec<_>>()
    });
    let next = UiRegions {
        rects: std::mem::take(&mut state.panel_rects)
            .into_iter()
            .chain(shown)
            .map(|r| Rect::new(r.min.x, r.min.y, r.max.x, r.max.y))
            .map(|r| Rect::from_corners(r.min * zoom, r.max * zoom))
            .collect(),
        holding_pointer: ctx.egui_is_using_pointer(),
        typing: ctx.egui_wants_keyboard_input(),
    };
    if *regions != next {
        *regions = next;
    }
    Ok(())
}

/// Each piece of the side to move marked with the best of its turns: green
/// for a proven win, red for a proven loss, grey with the evaluation's
/// sign where nothing is proven.
fn draw_analysis_marks(ctx: &egui::Context, data: &BoardLabels, window: Vec2) {
    let position = super::analysis::analysed_position(&data.session);
    let Some(report) = data.analysis.report_for(&position) else {
        return;
    };
    if !data.analysis.enabled || data.session.turn().is_some() {
        return;
    }
    let painter = ctx.layer_painter(egui::LayerId::background());
    let layout = &data.layout;
    let to_screen = |world: Vec2| window_point(ctx, world, window);
    let font = egui::FontId::proportional((layout.square * 0.24).clamp(9.0, 20.0));
    for (square, mark) in report.best_by_origin() {
        let (fill, text) = match mark.knowledge.wins() {
            Some(true) => (egui::Color32::from_rgb(30, 140, 60), mark.label()),
            Some(false) => (egui::Color32::from_rgb(170, 40, 40), mark.label()),
            None => (
                egui::Color32::from_gray(90),
                format!("{:+.1}", mark.evaluation as f32 / 100.0),
            ),
        };
        // A badge in the square's top right corner.
        let centre =
            layout.square_center(square) + Vec2::new(layout.square * 0.28, layout.square * 0.28);
        let p = to_screen(centre);
        let r = layout.square * 0.2 / ctx.zoom_factor();
        painter.circle_filled(p, r, fill);
        painter.text(
            p,
            egui::Align2::CENTER_CENTER,
            text,
            font.clone(),
            egui::Color32::WHITE,
        );
    }
}

/// A tag with `text` centred on `at`, in window pixels.
fn tag(
    painter: &egui::Painter,
    at: egui::Pos2,
    text: String,
    font: egui::FontId,
    fill: egui::Color32,
) {
    let galley = painter.layout_no_wrap(text, font, egui::Color32::WHITE);
    let rect = egui::Rect::from_center_size(at, galley.size() + egui::vec2(10.0, 4.0));
    painter.rect_filled(rect, 4.0, fill);
    painter.galley(
        rect.min + egui::vec2(5.0, 2.0),
        galley,
        egui::Color32::WHITE,
    );
}

/// The template's words on the board: the count on the capturing piece
/// (Tumburrow), and what a capture onto the square under the pointer would
/// make of the template.
fn draw_template_notes(ctx: &egui::Context, data: &BoardLabels, window: Vec2) {
    use crate::game::presentation;
    use crate::rules::{CaptureView, Position};
    let session = &data.session;
    if session.review().is_some() {
        return;
    }
    let look = presentation::of(session.rules());
    let layout = &data.layout;
    let painter = ctx.layer_painter(egui::LayerId::background());
    let to_screen = |world: Vec2| window_point(ctx, world, window);
    let font = egui::FontId::proportional((layout.square * 0.22).clamp(10.0, 18.0));
    let fill = egui::Color32::from_rgba_unmultiplied(20, 70, 120, 230);
    // The capture a hovered square stands for: from the piece mid-turn,
    // or from the selected piece before the initial capture.
    let (board, from, template) = match &session.turn() {
        Some(turn) => {
            let at = turn.current();
            let drawing = look.template_drawing(turn.template(), turn.board(), at);
            if let Some(label) = drawing.label {
                let below = layout.square_center(at) - Vec2::new(0.0, layout.square * 0.3);
                tag(&painter, to_screen(below), label, font.clone(), fill);
            }
            (*turn.board(), at, Some(turn.template()))
        }
        None => match data.selection.piece {
            Some(piece) => (session.position().board, piece, None),
            None => return,
        },
    };
    let Some(hovered) = data.selection.hovered else {
        return;
    };
    let Some(mover) = board.color_at(from) else {
        return;
    };
    let reachable = session
        .rules()
        .initial_targets(&Position { board, turn: mover }, from)
        .contains(hovered);
    if !reachable {
        return;
    }
    let view = CaptureView::new(&board, mover, from, hovered, None);
    if let Some(note) = look.target_note(template, &view) {
        let above = layout.square_center(hovered) + Vec2::new(0.0, layout.square * 0.38);
        tag(&painter, to_screen(above), note, font, fill);
    }
}

/// Where a point of the board's world goes in egui's coordinates: window
/// pixels from the top left, divided by the UI scale.
fn window_point(ctx: &egui::Context, world: Vec2, window: Vec2) -> egui::Pos2 {
    let point = crate::game::layout::world_to_window(window, world) / ctx.zoom_factor();
    egui::pos2(point.x, point.y)
}

/// The panels' look for a theme: the classic one takes the board's warm
/// browns and blue, the high-contrast one black, white and yellow with
/// strong outlines (and a strong outline on the widget with the keyboard
/// focus in both).
pub fn visuals(theme: Theme) -> egui::Visuals {
    let mut v = egui::Visuals::dark();
    match theme {
        Theme::Classic => {
            let panel = egui::Color32::from_rgb(34, 30, 27);
            v.panel_fill = panel;
            v.window_fill = egui::Color32::from_rgb(40, 35, 31);
            v.extreme_bg_color = egui::Color32::from_rgb(22, 19, 17);
            v.faint_bg_color = egui::Color32::from_rgb(46, 40, 35);
            v.widgets.inactive.weak_bg_fill = egui::Color32::from_rgb(66, 56, 47);
            v.widgets.inactive.bg_fill = egui::Color32::from_rgb(66, 56, 47);
            v.widgets.hovered.weak_bg_fill = egui::Color32::from_rgb(92, 77, 63);
            v.widgets.hovered.bg_fill = egui::Color32::from_rgb(92, 77, 63);
            v.selection.bg_fill = egui::Color32::from_rgb(0, 98, 184);
            v.selection.stroke = egui::Stroke::new(2.0, egui::Color32::from_rgb(120, 190, 255));
            // egui draws the widget with the keyboard focus as an active one.
            v.widgets.active.bg_stroke =
                egui::Stroke::new(2.0, egui::Color32::from_rgb(120, 190, 255));
        }
        Theme::Green => {
            v.panel_fill = egui::Color32::from_rgb(26, 33, 27);
            v.window_fill = egui::Color32::from_rgb(31, 39, 32);
            v.extreme_bg_color = egui::Color32::from_rgb(16, 21, 17);
            v.faint_bg_color = egui::Color32::from_rgb(37, 47, 38);
            v.widgets.inactive.weak_bg_fill = egui::Color32::from_rgb(50, 66, 50);
            v.widgets.inactive.bg_fill = egui::Color32::from_rgb(50, 66, 50);
            v.widgets.hovered.weak_bg_fill = egui::Color32::from_rgb(68, 90, 66);
            v.widgets.hovered.bg_fill = egui::Color32::from_rgb(68, 90, 66);
            v.selection.bg_fill = egui::Color32::from_rgb(0, 98, 184);
            v.selection.stroke = egui::Stroke::new(2.0, egui::Color32::from_rgb(120, 190, 255));
            v.widgets.active.bg_stroke =
                egui::Stroke::new(2.0, egui::Color32::from_rgb(120, 190, 255));
        }
        Theme::HighContrast => {
            v.override_text_color = Some(egui::Color32::WHITE);
            v.panel_fill = egui::Color32::BLACK;
            v.window_fill = egui::Color32::BLACK;
            v.extreme_bg_color = egui::Color32::BLACK;
            v.faint_bg_color = egui::Color32::from_gray(20);
            let edge = egui::Stroke::new(1.5, egui::Color32::WHITE);
            v.window_stroke = edge;
            for w in [
                &mut v.widgets.noninteractive,
                &mut v.widgets.inactive,
                &mut v.widgets.hovered,
                &mut v.widgets.active,
                &mut v.widgets.open,
            ] {
                w.bg_stroke = edge;
                w.fg_stroke = egui::Stroke::new(1.5, egui::Color32::WHITE);
            }
            v.widgets.inactive.weak_bg_fill = egui::Color32::BLACK;
            v.widgets.inactive.bg_fill = egui::Color32::from_gray(30);
            v.widgets.hovered.weak_bg_fill = egui::Color32::from_rgb(90, 80, 0);
            v.widgets.hovered.bg_stroke = egui::Stroke::new(2.5, egui::Color32::YELLOW);
            v.selection.bg_fill = egui::Color32::from_rgb(120, 100, 0);
            v.selection.stroke = egui::Stroke::new(2.5, egui::Color32::YELLOW);
            v.widgets.active.bg_stroke = egui::Stroke::new(3.0, egui::Color32::YELLOW);
        }
    }
    v
}

/// File letters and rank numbers around the board.
fn draw_coordinates(ctx: &egui::Context, layout: &BoardLayout, window: Vec2) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    let font = egui::FontId::proportional((layout.square * 0.22).clamp(9.0, 18.0));
    let color = egui::Color32::from_gray(200);
    let to_screen = |world: Vec2| window_point(ctx, world, window);
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
