//! The game's parts of the side panel: the Game and View menus, then in
//! the panel's body the game's name, its players and pieces, whose turn
//! it is and what the template asks; the few actions of a turn; the move
//! list; and the analysis when it is on. Other features add their parts
//! around these ([`Slot`]); a button of another feature's among the turn's
//! actions goes in [`Slot::TurnActions`].

use bevy::ecs::system::{SystemParam, SystemState};
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::presentation;
use crate::game::screens::Screen;
use crate::game::settings::{Settings, SettingsIntent};
use crate::game::ui::sections::{PanelSectionsAppExt, Slot, draw_slot};
use crate::game::ui::{UiState, words};
use crate::rules::Side;
use crate::tr;

use super::analysis::{AnalysisIntent, BoardAnalysis, analysed_position};
use super::computer::{ComputerIntent, ComputerPlayer, HintRequest};
use super::input::Selection;
use super::overlay::TurnPreview;
use super::{Game, GameIntent, Player};

pub(super) fn view(app: &mut App) {
    app.add_panel_section(Slot::GameMenu, 10, game_menu)
        .add_panel_section(Slot::ViewMenu, 10, view_menu)
        .add_panel_section(Slot::Body, 30, status)
        .add_panel_section(Slot::Body, 40, turn_actions)
        .add_panel_section(Slot::Body, 50, moves_and_analysis);
}

/// What the game's parts of the panel read and send.
#[derive(SystemParam)]
pub struct PlayPanel<'w> {
    game: Res<'w, Game>,
    settings: Res<'w, Settings>,
    selection: Res<'w, Selection>,
    computer: Res<'w, ComputerPlayer>,
    analysis: Res<'w, BoardAnalysis>,
    /// The turn the pointer is over in the move list, drawn on the board.
    preview: ResMut<'w, TurnPreview>,
    next_screen: ResMut<'w, NextState<Screen>>,
    state: ResMut<'w, UiState>,
    intents: MessageWriter<'w, GameIntent>,
    settings_intents: MessageWriter<'w, SettingsIntent>,
    hints: MessageWriter<'w, HintRequest>,
    analysis_intents: MessageWriter<'w, AnalysisIntent>,
    computer_intents: MessageWriter<'w, ComputerIntent>,
}

/// The Game menu: a new game, copying the position or the record, the
/// positions and records window, and resigning.
fn game_menu(InMut(ui): InMut<egui::Ui>, mut data: PlayPanel) {
    let data = &mut data;
    if ui.button(tr!("menu-new-game")).clicked() {
        data.next_screen.set(Screen::Title);
    }
    ui.separator();
    let copy = ui.button(tr!("menu-copy-position"));
    data.state.spot("copy-position", &copy);
    if copy.clicked() {
        let text = data.game.shown().to_string();
        ui.ctx().copy_text(text.clone());
        data.state.text = text;
    }
    if ui.button(tr!("menu-copy-record")).clicked() {
        let text = data.game.record().to_string();
        ui.ctx().copy_text(text.clone());
        data.state.text = text;
    }
    let records = ui
        .button(tr!("menu-positions-records"))
        .on_hover_text(tr!("menu-positions-records-hint"));
    data.state.spot("records", &records);
    if records.clicked() {
        data.state.open.records = true;
    }
    ui.separator();
    // The side to move if a person plays it, else the people's side
    // (none in an online game, a puzzle, a lesson or a game over).
    if let Some(side) = data.game.resigning_side()
        && ui
            .button(tr!("menu-resign", side = words::side_key(side)))
            .clicked()
    {
        data.intents.write(GameIntent::Resign(side));
    }
}

/// The View menu: turning the board round and the analysis.
fn view_menu(InMut(ui): InMut<egui::Ui>, mut data: PlayPanel) {
    let flip = ui.button(tr!("menu-flip-board"));
    data.state.spot("flip-board", &flip);
    if flip.clicked() {
        data.settings_intents
            .write(SettingsIntent::Flipped(!data.settings.flipped));
    }
    let mut on = data.analysis.enabled;
    if ui
        .checkbox(&mut on, tr!("menu-analysis"))
        .on_hover_text(tr!("menu-analysis-hint"))
        .changed()
    {
        data.analysis_intents.write(AnalysisIntent(on));
    }
}

/// Who plays each side, how many pieces each has, and whose turn it is.
fn players(ui: &mut egui::Ui, data: &mut PlayPanel) {
    let game = &data.game;
    let board = game.shown().board;
    let to_move = game.waiting_for().map(|_| game.to_move());
    egui::Grid::new("players")
        .num_columns(3)
        .spacing(egui::vec2(8.0, 6.0))
        .min_col_width(18.0)
        .show(ui, |ui| {
            for side in [Side::White, Side::Black] {
                let moving = to_move == Some(side);
                piece_icon(ui, side, moving);
                let mut name = egui::RichText::new(format!(
                    "{}  {}",
                    words::side(side),
                    game.player(side).words()
                ));
                if moving {
                    name = name.strong();
                }
                ui.label(name);
                ui.label(tr!("pieces-count", count = board.pieces(side).count()));
                ui.end_row();
            }
        });
}

/// A small piece of `side`'s colour, ringed when that side is to move.
fn piece_icon(ui: &mut egui::Ui, side: Side, moving: bool) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
    let painter = ui.painter();
    let (fill, edge) = match side {
        Side::White => (egui::Color32::from_gray(235), egui::Color32::from_gray(90)),
        Side::Black => (egui::Color32::from_gray(25), egui::Color32::from_gray(160)),
    };
    painter.circle(rect.center(), 6.5, fill, egui::Stroke::new(1.0, edge));
    if moving {
        painter.circle_stroke(
            rect.center(),
            8.5,
            egui::Stroke::new(2.0, egui::Color32::from_rgb(90, 170, 250)),
        );
    }
}

/// The game's name, its players (unless a part above named them),
/// whose turn it is and what the template asks now.
fn status(InMut(ui): InMut<egui::Ui>, mut data: PlayPanel) {
    let data = &mut data;
    let with_players = !data.state.players_named;
    ui.heading(data.game.rules().variant().name());
    if with_players {
        players(ui, data);
    }
    let game = &data.game;
    match game.outcome() {
        Some(outcome) => {
            let how = words::outcome(outcome.winner, outcome.resigned);
            ui.label(egui::RichText::new(how).strong());
        }
        None => {
            let side = game.to_move();
            ui.horizontal_wrapped(|ui| {
                ui.label(tr!("to-move", side = words::side_key(side)));
                if data.computer.is_thinking() {
                    ui.spinner();
                    ui.label(tr!("thinking"));
                }
            });
        }
    }
    match &game.turn() {
        Some(turn) => {
            ui.label(tr!(
                "template-now",
                template = presentation::of(game.rules()).describe_template(turn.template())
            ));
            ui.label(tr!(
                "template-must-keep",
                square = turn.current().to_string()
            ));
        }
        None => {
            ui.label(tr!("template-unset"));
        }
    }
    if data.selection.route_count > 1 {
        ui.label(tr!(
            "route-of",
            index = data.selection.route_index % data.selection.route_count + 1,
            count = data.selection.route_count
        ));
    }
    if let Some(i) = game.review() {
        ui.label(egui::RichText::new(tr!("viewing-after", turn = i)).italics());
    }
}

/// The turn's actions (undo, redo, the hint, other features' buttons, a
/// new game), what the hint and the computer said, and the computer's
/// pause. The other features' buttons ([`Slot::TurnActions`]) are drawn
/// with the world, so this part holds its parameters only around them.
fn turn_actions(
    InMut(ui): InMut<egui::Ui>,
    world: &mut World,
    params: &mut SystemState<PlayPanel<'static>>,
) {
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        let Ok(mut data) = params.get_mut(world) else {
            return;
        };
        // Every turn of an online game is final.
        let local = !data.game.is_online();
        if ui
            .add_enabled(
                local,
                egui::Button::new(tr!("action-undo")).shortcut_text(tr!("key-undo")),
            )
            .on_hover_text(tr!("key-undo"))
            .clicked()
        {
            data.intents.write(GameIntent::Undo);
        }
        if ui
            .add_enabled(
                local,
                egui::Button::new(tr!("action-redo")).shortcut_text(tr!("key-redo")),
            )
            .on_hover_text(tr!("key-redo"))
            .clicked()
        {
            data.intents.write(GameIntent::Redo);
        }
        let can_hint = data.game.person_to_move() && data.game.turn().is_none();
        if ui
            .add_enabled(can_hint, egui::Button::new(tr!("action-hint")))
            .on_hover_text(tr!("action-hint-hint"))
            .clicked()
        {
            data.hints.write(HintRequest);
        }
        draw_slot(world, ui, Slot::TurnActions);
        let Ok(mut data) = params.get_mut(world) else {
            return;
        };
        if ui
            .button(tr!("action-new-game"))
            .on_hover_text(tr!("action-new-game-hint"))
            .clicked()
        {
            data.next_screen.set(Screen::Title);
        }
    });
    let Ok(mut data) = params.get_mut(world) else {
        return;
    };
    if let Some(hint) = &data.computer.hint {
        ui.label(tr!("hint-turn", turn = hint.to_string()));
    }
    if let Some(e) = &data.computer.stopped {
        ui.label(
            egui::RichText::new(tr!("computer-stopped", why = e.to_string()))
                .color(egui::Color32::from_rgb(230, 120, 100)),
        );
    }
    let computers = [Side::White, Side::Black]
        .iter()
        .any(|&s| matches!(data.game.player(s), Player::Computer(_)));
    if computers {
        ui.horizontal(|ui| {
            let label = if data.computer.paused {
                tr!("computer-resume")
            } else {
                tr!("computer-pause")
            };
            if ui.button(label).clicked() {
                data.computer_intents
                    .write(ComputerIntent::Pause(!data.computer.paused));
            }
            if data.computer.paused && ui.button(tr!("computer-step")).clicked() {
                data.computer_intents.write(ComputerIntent::Step);
            }
        });
    }
}

/// The move list, and the analysis under it when it is on.
fn moves_and_analysis(InMut(ui): InMut<egui::Ui>, mut data: PlayPanel) {
    let data = &mut data;
    ui.separator();
    move_list(ui, data);
    if data.analysis.enabled {
        ui.separator();
        analysis(ui, data);
    }
}

fn move_list(ui: &mut egui::Ui, data: &mut PlayPanel) {
    ui.label(tr!("moves-heading"));
    let game = &data.game;
    let first = game.positions()[0].turn;
    let mut clicked = None;
    let mut hovered = None;
    egui::ScrollArea::vertical()
        .id_salt("moves")
        .max_height(180.0)
        .show(ui, |ui| {
            // One row per turn number; a long turn wraps instead of
            // widening the panel.
            let offset = usize::from(first == Side::Black);
            let plies = game.played().len();
            for row in 0..(plies + offset).div_ceil(2) {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{}.", row + 1));
                    for column in 0..2 {
                        let ply = (row * 2 + column).checked_sub(offset);
                        if let Some((p, turn)) =
                            ply.and_then(|p| game.played().get(p).map(|t| (p, t)))
                        {
                            // The position on show is the one after this turn.
                            let viewing = game.review().unwrap_or(plies) == p + 1;
                            let button = egui::Button::selectable(viewing, turn.to_string()).wrap();
                            let response = ui.add(button);
                            if response.clicked() {
                                clicked = Some(p + 1);
                            }
                            if response.hovered() {
                                hovered = Some(p);
                            }
                        }
                    }
                });
            }
        });
    if let Some(index) = clicked {
        data.intents.write(GameIntent::Review(Some(index)));
    }
    if data.preview.0 != hovered {
        data.preview.0 = hovered;
    }
    if game.review().is_some() && ui.button(tr!("moves-back")).clicked() {
        data.intents.write(GameIntent::Review(None));
    }
}

/// The analysis (on from View or the A key): the evaluation bar and each
/// turn's proven value.
fn analysis(ui: &mut egui::Ui, data: &mut PlayPanel) {
    ui.label(egui::RichText::new(tr!("analysis-heading")).strong());
    ui.label(egui::RichText::new(tr!("analysis-sign")).weak());
    if let Some(e) = &data.analysis.failed {
        ui.label(tr!("analysis-stopped", why = e.to_string()));
        return;
    }
    let position = analysed_position(&data.game);
    let Some(report) = data.analysis.report_for(&position) else {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(tr!("analysis-solving"));
        });
        return;
    };
    evaluation_bar(ui, report.white_share());
    ui.label(egui::RichText::new(report.verdict()).strong());
    ui.horizontal(|ui| {
        if data.analysis.is_running() {
            ui.spinner();
        }
        ui.label(tr!("analysis-positions", count = report.positions));
    });
    for mark in report.turns.iter().take(12) {
        let color = match mark.knowledge.wins() {
            Some(true) => egui::Color32::from_rgb(90, 200, 110),
            Some(false) => egui::Color32::from_rgb(230, 110, 100),
            None => egui::Color32::from_gray(190),
        };
        let text = match mark.knowledge.wins() {
            Some(_) => format!("{}  {}", mark.label(), mark.turn),
            None => format!("{:>3.0}%  {}", 100.0 * mark.chance, mark.turn),
        };
        ui.label(egui::RichText::new(text).color(color).monospace());
    }
    if report.turns.len() > 12 {
        ui.label(tr!("analysis-more-turns", count = report.turns.len()));
    }
}

/// A bar split between White (left, light) and Black (right, dark).
fn evaluation_bar(ui: &mut egui::Ui, white_share: f32) {
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(ui.available_width(), 14.0), egui::Sense::hover());
    let painter = ui.painter();
    painter.rect_filled(rect, 2.0, egui::Color32::from_gray(25));
    let split = rect.min.x + rect.width() * white_share.clamp(0.0, 1.0);
    let white = egui::Rect::from_min_max(rect.min, egui::pos2(split, rect.max.y));
    painter.rect_filled(white, 2.0, egui::Color32::from_gray(235));
    painter.rect_stroke(
        rect,
        2.0,
        egui::Stroke::new(1.0, egui::Color32::from_gray(120)),
        egui::StrokeKind::Inside,
    );
}
