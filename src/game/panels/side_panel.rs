//! The side panel: the table's menus (game, view, play, rules, settings),
//! the players and their pieces, whose turn and what the template asks, the
//! few actions of a turn, the move list, and the analysis when it is on.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::lesson::tutorial::{Tutorial, TutorialIntent};
use crate::game::presentation;
use crate::game::puzzles::solving::{PuzzleIntent, Puzzles};
use crate::game::review::evaluation::ReviewIntent;
use crate::game::settings::{Settings, SettingsIntent};
use crate::game::table::analysis::{AnalysisIntent, BoardAnalysis, analysed_position};
use crate::game::table::computer::{ComputerIntent, ComputerPlayer, HintRequest};
use crate::game::table::input::Selection;
use crate::game::table::overlay::TurnPreview;
use crate::game::table::screens::Screen;
use crate::game::table::session::{GameSession, Player, SessionIntent, Variants};
use crate::rules::Side;

use crate::game::online::panel::OnlinePanel;
use crate::game::ui::{UiState, words};
use crate::tr;

/// What the side panel reads and sends.
#[derive(bevy::ecs::system::SystemParam)]
pub struct SidePanel<'w> {
    session: Res<'w, GameSession>,
    variants: Res<'w, Variants>,
    settings: Res<'w, Settings>,
    selection: Res<'w, Selection>,
    computer: Res<'w, ComputerPlayer>,
    analysis: Res<'w, BoardAnalysis>,
    puzzles: Res<'w, Puzzles>,
    tutorial: Res<'w, Tutorial>,
    /// The turn the pointer is over in the move list, drawn on the board.
    preview: ResMut<'w, TurnPreview>,
    next_screen: ResMut<'w, NextState<Screen>>,
    intents: MessageWriter<'w, SessionIntent>,
    settings_intents: MessageWriter<'w, SettingsIntent>,
    hints: MessageWriter<'w, HintRequest>,
    puzzle_intents: MessageWriter<'w, PuzzleIntent>,
    tutorial_intents: MessageWriter<'w, TutorialIntent>,
    review_intents: MessageWriter<'w, ReviewIntent>,
    analysis_intents: MessageWriter<'w, AnalysisIntent>,
    computer_intents: MessageWriter<'w, ComputerIntent>,
}

/// The panel's width beside the board.
const PANEL_WIDTH: f32 = 300.0;

/// Where the panel goes in a window of this size (egui points): beside the
/// board, or below it when the window is too narrow for both side by side
/// (a phone held upright), taking this share of the height.
fn placement(window: egui::Vec2) -> Option<f32> {
    (window.x < 720.0 && window.y > window.x).then_some(0.42)
}

/// Minimum size of a control a finger must hit, in points (about 7 mm on
/// a phone), used when the panel sits below the board.
const TOUCH_TARGET: f32 = 40.0;

/// Draws the panel beside (or below) the board, and notes where it is and
/// the room it leaves for the board.
pub fn side_panel(
    mut contexts: EguiContexts,
    mut data: SidePanel,
    mut online: OnlinePanel,
    mut state: ResMut<UiState>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let rect = show(&mut root, &mut data, &mut online, &mut state);
    state.panel_rects.push(rect);
    state.board_rect = Some(root.available_rect_before_wrap());
    Ok(())
}

fn show(
    root: &mut egui::Ui,
    data: &mut SidePanel,
    online: &mut OnlinePanel,
    state: &mut UiState,
) -> egui::Rect {
    let window = root.max_rect().size();
    let below = placement(window);
    let panel = match below {
        None => egui::Panel::right("side").exact_size(PANEL_WIDTH),
        Some(share) => egui::Panel::bottom("below").exact_size((window.y * share).round()),
    };
    panel
        .resizable(false)
        .show(root, |ui| {
            if below.is_some() {
                let spacing = ui.spacing_mut();
                spacing.interact_size.y = TOUCH_TARGET;
                spacing.button_padding = egui::vec2(12.0, 8.0);
                spacing.item_spacing = egui::vec2(10.0, 8.0);
            }
            menu_bar(ui, data, state);
            ui.separator();
            egui::ScrollArea::vertical().show(ui, |ui| {
                if data.tutorial.is_on() {
                    tutorial(ui, data, state);
                    ui.separator();
                }
                if online.is_active() {
                    crate::game::online::table_panel::table(ui, online);
                    ui.separator();
                }
                status(ui, data, !online.is_active());
                ui.separator();
                controls(ui, data, state);
                ui.separator();
                move_list(ui, data);
                if data.analysis.enabled {
                    ui.separator();
                    analysis(ui, data);
                }
            });
        })
        .response
        .rect
}

/// The guided first game's step, at the top of the side panel: what to do
/// now, what the game said when the player tried the capture that does not
/// fit, and the way out.
fn tutorial(ui: &mut egui::Ui, data: &mut SidePanel, state: &mut UiState) {
    let Some(active) = &data.tutorial.active else {
        return;
    };
    let name = data
        .variants
        .get(&active.lesson.variant)
        .map_or(active.lesson.variant.clone(), |r| {
            r.variant().name().to_string()
        });
    let mut leave = false;
    let mut again = false;
    egui::Frame::group(ui.style())
        .fill(egui::Color32::from_rgb(24, 48, 72))
        .show(ui, |ui| {
            ui.label(egui::RichText::new(tr!("lesson-title", game = name)).strong());
            ui.label(
                egui::RichText::new(tr!(
                    "lesson-step",
                    step = active.at + 1,
                    count = active.steps.len()
                ))
                .small(),
            );
            ui.label(egui::RichText::new(&active.step().text).size(16.0));
            if let Some(why) = &active.refusal {
                ui.add_space(4.0);
                ui.label(
                    egui::RichText::new(tr!("lesson-game-said", why = why.as_str())).italics(),
                );
            }
            if active.off_script {
                ui.add_space(4.0);
                ui.label(
                    egui::RichText::new(tr!("lesson-off-script"))
                        .color(egui::Color32::from_rgb(240, 170, 90)),
                );
                if ui.button(tr!("action-undo")).clicked() {
                    data.intents.write(SessionIntent::Undo);
                }
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if active.finished() && ui.button(tr!("lesson-play-real")).clicked() {
                    leave = true;
                    data.next_screen.set(Screen::Title);
                }
                if ui.button(tr!("lesson-again")).clicked() {
                    again = true;
                }
                if ui
                    .button(tr!("lesson-leave"))
                    .on_hover_text(tr!("lesson-leave-hint"))
                    .clicked()
                {
                    leave = true;
                }
            });
        });
    if again {
        state.start_tutorial = Some(active.lesson.variant.clone());
    } else if leave {
        data.tutorial_intents.write(TutorialIntent::Leave);
    }
}

/// The menus above the panel: the game (new game, positions and records),
/// the view, more ways to play, the rules and the settings.
fn menu_bar(ui: &mut egui::Ui, data: &mut SidePanel, state: &mut UiState) {
    egui::MenuBar::new().ui(ui, |ui| {
        let game = ui.menu_button(tr!("menu-game"), |ui| {
            if ui.button(tr!("menu-new-game")).clicked() {
                data.next_screen.set(Screen::Title);
            }
            ui.separator();
            let copy = ui.button(tr!("menu-copy-position"));
            state.spot("copy-position", &copy);
            if copy.clicked() {
                let text = data.session.shown().to_string();
                ui.ctx().copy_text(text.clone());
                state.text = text;
            }
            if ui.button(tr!("menu-copy-record")).clicked() {
                let text = data.session.record().to_string();
                ui.ctx().copy_text(text.clone());
                state.text = text;
            }
            let records = ui
                .button(tr!("menu-positions-records"))
                .on_hover_text(tr!("menu-positions-records-hint"));
            state.spot("records", &records);
            if records.clicked() {
                state.open.records = true;
            }
            ui.separator();
            // The side to move if a person plays it, else the people's side
            // (none in an online game, a puzzle, a lesson or a game over).
            if let Some(side) = data.session.resigning_side()
                && ui
                    .button(tr!("menu-resign", side = words::side_key(side)))
                    .clicked()
            {
                data.intents.write(SessionIntent::Resign(side));
            }
        });
        state.spot("game-menu", &game.response);
        let view = ui.menu_button(tr!("menu-view"), |ui| {
            let flip = ui.button(tr!("menu-flip-board"));
            state.spot("flip-board", &flip);
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
        });
        state.spot("view-menu", &view.response);
        let play = ui.menu_button(tr!("menu-play"), |ui| {
            if ui.button(tr!("menu-puzzles")).clicked() {
                state.open.puzzles = true;
            }
            let online = ui.button(tr!("menu-online"));
            state.spot("online", &online);
            if online.clicked() {
                state.open.online = true;
            }
            if ui.button(tr!("menu-lesson")).clicked() {
                state.start_tutorial = Some(data.session.rules().id().to_string());
            }
            if ui
                .button(tr!("menu-design"))
                .on_hover_text(tr!("menu-design-hint"))
                .clicked()
            {
                state.design_from = Some(data.session.rules().id().to_string());
            }
        });
        state.spot("play-menu", &play.response);
        ui.menu_button(tr!("menu-rules"), |ui| {
            if ui.button(tr!("menu-rules-of-game")).clicked() {
                state.open.rules = true;
            }
            let keys = egui::Button::new(tr!("menu-shortcuts"))
                .shortcut_text(crate::game::table::input::SHORTCUTS_KEY);
            if ui.add(keys).clicked() {
                state.open.shortcuts = true;
            }
        });
        let settings = ui.button(tr!("menu-settings"));
        state.spot("settings", &settings);
        if settings.clicked() {
            state.open.settings = true;
        }
    });
}

/// Who plays each side, how many pieces each has, and whose turn it is.
fn players(ui: &mut egui::Ui, data: &mut SidePanel) {
    let session = &data.session;
    let board = session.shown().board;
    let to_move = session.waiting_for().map(|_| session.to_move());
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
                    words::player(session.player(side))
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

/// The game's name, its players (unless the online table shows them),
/// whose turn it is and what the template asks now.
fn status(ui: &mut egui::Ui, data: &mut SidePanel, with_players: bool) {
    ui.heading(data.session.rules().variant().name());
    if with_players {
        players(ui, data);
    }
    let session = &data.session;
    match session.outcome() {
        Some(outcome) => {
            let winner = words::side_key(outcome.winner);
            let how = if outcome.resigned {
                tr!("outcome-resigned", side = winner)
            } else {
                tr!("outcome-wins", side = winner)
            };
            ui.label(egui::RichText::new(how).strong());
        }
        None => {
            let side = session.to_move();
            ui.horizontal_wrapped(|ui| {
                ui.label(tr!("to-move", side = words::side_key(side)));
                if data.computer.is_thinking() {
                    ui.spinner();
                    ui.label(tr!("thinking"));
                }
            });
        }
    }
    match &session.turn() {
        Some(turn) => {
            ui.label(tr!(
                "template-now",
                template = presentation::of(session.rules()).describe_template(turn.template())
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
    if let Some(i) = session.review() {
        ui.label(egui::RichText::new(tr!("viewing-after", turn = i)).italics());
    }
    puzzle_status(ui, data);
}

/// The puzzle on the board: the task, the turns left, the last judgement.
fn puzzle_status(ui: &mut egui::Ui, data: &mut SidePanel) {
    use crate::game::puzzles::solving::PuzzleStatus;
    let Some(active) = &data.puzzles.active else {
        return;
    };
    ui.label(
        egui::RichText::new(tr!(
            "puzzle-task",
            task = words::puzzle_task(&active.puzzle)
        ))
        .strong(),
    );
    match &active.status {
        _ if data.puzzles.is_judging() => {
            ui.label(egui::RichText::new(tr!("puzzle-checking")).italics());
        }
        PuzzleStatus::Solved => {
            ui.label(
                egui::RichText::new(tr!("puzzle-solved"))
                    .color(egui::Color32::from_rgb(90, 200, 110)),
            );
        }
        PuzzleStatus::Playing => {
            ui.label(tr!("puzzle-turns-to-go", count = active.turns_left));
        }
        PuzzleStatus::TakenBack(why) => {
            ui.label(egui::RichText::new(why).color(egui::Color32::from_rgb(230, 150, 100)));
        }
        PuzzleStatus::Refuted { why, .. } => {
            ui.label(egui::RichText::new(why).color(egui::Color32::from_rgb(230, 150, 100)));
            if ui.button(tr!("puzzle-take-back")).clicked() {
                data.puzzle_intents.write(PuzzleIntent::TakeBack);
            }
        }
    }
    let index = active.index;
    ui.horizontal(|ui| {
        if ui.button(tr!("puzzle-restart")).clicked() {
            data.puzzle_intents.write(PuzzleIntent::Start(index));
        }
        if ui.button(tr!("puzzle-next")).clicked() {
            let variant = data.session.rules().id().to_string();
            let list = data.puzzles.of(&variant);
            let at = list.iter().position(|(i, _)| *i == index).unwrap_or(0);
            if let Some((next, _)) = list.get((at + 1) % list.len().max(1)) {
                data.puzzle_intents.write(PuzzleIntent::Start(*next));
            }
        }
    });
}

fn controls(ui: &mut egui::Ui, data: &mut SidePanel, state: &mut UiState) {
    ui.horizontal_wrapped(|ui| {
        // Every turn of an online game is final.
        let local = !data.session.is_online();
        if ui
            .add_enabled(
                local,
                egui::Button::new(tr!("action-undo")).shortcut_text(tr!("key-undo")),
            )
            .on_hover_text(tr!("key-undo"))
            .clicked()
        {
            data.intents.write(SessionIntent::Undo);
        }
        if ui
            .add_enabled(
                local,
                egui::Button::new(tr!("action-redo")).shortcut_text(tr!("key-redo")),
            )
            .on_hover_text(tr!("key-redo"))
            .clicked()
        {
            data.intents.write(SessionIntent::Redo);
        }
        let can_hint = data.session.person_to_move() && data.session.turn().is_none();
        if ui
            .add_enabled(can_hint, egui::Button::new(tr!("action-hint")))
            .on_hover_text(tr!("action-hint-hint"))
            .clicked()
        {
            data.hints.write(HintRequest);
        }
        let can_review = !data.session.played().is_empty();
        let review = ui
            .add_enabled(can_review, egui::Button::new(tr!("action-review")))
            .on_hover_text(tr!("action-review-hint"));
        state.spot("review", &review);
        if review.clicked() {
            data.review_intents.write(ReviewIntent(true));
        }
        if ui
            .button(tr!("action-new-game"))
            .on_hover_text(tr!("action-new-game-hint"))
            .clicked()
        {
            data.next_screen.set(Screen::Title);
        }
    });
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
        .any(|&s| matches!(data.session.player(s), Player::Computer(_)));
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

fn move_list(ui: &mut egui::Ui, data: &mut SidePanel) {
    ui.label(tr!("moves-heading"));
    let session = &data.session;
    let first = session.positions()[0].turn;
    let mut clicked = None;
    let mut hovered = None;
    egui::ScrollArea::vertical()
        .id_salt("moves")
        .max_height(180.0)
        .show(ui, |ui| {
            // One row per turn number; a long turn wraps instead of
            // widening the panel.
            let offset = usize::from(first == Side::Black);
            let plies = session.played().len();
            for row in 0..(plies + offset).div_ceil(2) {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{}.", row + 1));
                    for column in 0..2 {
                        let ply = (row * 2 + column).checked_sub(offset);
                        if let Some((p, turn)) =
                            ply.and_then(|p| session.played().get(p).map(|t| (p, t)))
                        {
                            // The position on show is the one after this turn.
                            let viewing = session.review().unwrap_or(plies) == p + 1;
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
        data.intents.write(SessionIntent::Review(Some(index)));
    }
    if data.preview.0 != hovered {
        data.preview.0 = hovered;
    }
    if session.review().is_some() && ui.button(tr!("moves-back")).clicked() {
        data.intents.write(SessionIntent::Review(None));
    }
}

/// The analysis (on from View or the A key): the evaluation bar and each
/// turn's proven value.
fn analysis(ui: &mut egui::Ui, data: &mut SidePanel) {
    ui.label(egui::RichText::new(tr!("analysis-heading")).strong());
    ui.label(egui::RichText::new(tr!("analysis-sign")).weak());
    if let Some(e) = &data.analysis.failed {
        ui.label(tr!("analysis-stopped", why = e.to_string()));
        return;
    }
    let position = analysed_position(&data.session);
    let Some(report) = data.analysis.report_for(&position) else {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(tr!("analysis-solving"));
        });
        return;
    };
    evaluation_bar(ui, report.white_share());
    let mover = report.position.turn;
    let side = words::side_key(mover);
    let verdict = match (report.knowledge.value(), report.knowledge.wins()) {
        (Some(crate::ai::Value::Win(d)), _) => tr!("analysis-wins-in", side = side, count = d),
        (Some(crate::ai::Value::Loss(d)), _) => tr!("analysis-loses-in", side = side, count = d),
        (None, Some(true)) => tr!("analysis-wins", side = side),
        (None, Some(false)) => tr!("analysis-loses", side = side),
        (None, None) => tr!(
            "analysis-not-proven",
            ahead = ahead(mover, report.evaluation)
        ),
    };
    ui.label(egui::RichText::new(verdict).strong());
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
            None => format!("{:+}  {}", mark.evaluation, mark.turn),
        };
        ui.label(egui::RichText::new(text).color(color).monospace());
    }
    if report.turns.len() > 12 {
        ui.label(tr!("analysis-more-turns", count = report.turns.len()));
    }
}

/// Who the engine's evaluation favours, in words, with the number as the
/// turns below show it (for the side to move: + is good for it).
pub fn ahead(mover: Side, evaluation: i32) -> String {
    const EVEN: i32 = 30;
    let score = format!("{evaluation:+}");
    let key = words::side_key(mover);
    match evaluation {
        e if e > EVEN => tr!("ahead", side = key, score = score, mover = key),
        e if e < -EVEN => tr!(
            "ahead",
            side = words::side_key(mover.opponent()),
            score = score,
            mover = key
        ),
        _ => tr!("about-even", score = score, mover = key),
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
