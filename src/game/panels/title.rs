//! The new-game menu: the game (each with a line and a small picture of how
//! it plays), players, board size (with presets) and start layout.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::ai::Level;
use crate::game::designer::DesignerIntent;
use crate::game::lesson::{TutorialIntent, start_lesson_from_panel};
use crate::game::play::ModProblems;
use crate::game::play::{GameIntent, Player, Variants};
use crate::game::presentation;
use crate::game::ui::NamedBy;
use crate::rules::{BoardSize, Rules, Side, Start, StartLayout};

use crate::game::play::NewGameForm;
use crate::game::saved::Saved;
use crate::game::settings::{Settings, SettingsIntent};
use crate::game::ui::diagram::{self, PlayedExample};
use crate::game::ui::{UiState, fitted, words};
use crate::tr;

/// The saved game offered back ("Continue", what it is and how far it
/// went), and a save that did not read, said.
fn continued(ui: &mut egui::Ui, saved: &mut Saved, variants: &Variants, state: &mut UiState) {
    if let Some(problem) = &saved.problem {
        ui.label(
            egui::RichText::new(problem.to_string()).color(egui::Color32::from_rgb(230, 120, 100)),
        );
    }
    let Some(summary) = saved.offer.as_ref().map(|game| game.summary(&variants.0)) else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        let button = egui::Button::new(
            egui::RichText::new(tr!("title-continue"))
                .heading()
                .color(ui.visuals().strong_text_color()),
        )
        .fill(ui.visuals().selection.bg_fill);
        let button = ui.add(button);
        state.spot("continue", &button);
        if button.clicked() {
            saved.continue_asked = true;
            state.game_over_closed = false;
        }
        ui.label(summary);
    });
    ui.separator();
}

/// One grid row: the side's name and who plays it.
fn player_choice(ui: &mut egui::Ui, side: Side, player: &mut Player) {
    let label = ui.label(words::side(side));
    egui::ComboBox::from_id_salt(words::side_key(side))
        .selected_text(player.words())
        .show_ui(ui, |ui| {
            ui.selectable_value(player, Player::Human, Player::Human.words());
            for level in Level::ALL {
                let choice = Player::Computer(level);
                ui.selectable_value(player, choice, choice.words());
            }
        })
        .response
        .named_by(label.id);
}

/// The banner's height on the title screen (egui points).
const BANNER: f32 = 96.0;
/// A game card's size and its picture's.
const CARD: egui::Vec2 = egui::vec2(168.0, 226.0);
const CARD_PICTURE: f32 = 132.0;

/// The title screen behind the menu: a field of the game's pieces, a ring
/// in every dark one as on the board, under the game's name.
fn title(ctx: &egui::Context) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    let screen = ctx.content_rect();
    let square = 56.0;
    let light = egui::Color32::from_rgb(58, 50, 43);
    let dark = egui::Color32::from_rgb(44, 38, 33);
    let columns = (screen.width() / square).ceil() as i32;
    let rows = (screen.height() / square).ceil() as i32;
    for row in 0..rows {
        for column in 0..columns {
            let min = screen.min + egui::vec2(column as f32 * square, row as f32 * square);
            let rect = egui::Rect::from_min_size(min, egui::Vec2::splat(square));
            let is_dark = (row + column) % 2 == 0;
            painter.rect_filled(rect, 0.0, if is_dark { dark } else { light });
            let (fill, ring) = if is_dark {
                (egui::Color32::from_rgb(30, 27, 25), true)
            } else {
                (egui::Color32::from_rgb(96, 90, 80), false)
            };
            painter.circle_filled(rect.center(), square * 0.38, fill);
            if ring {
                painter.circle_stroke(
                    rect.center(),
                    square * 0.19,
                    egui::Stroke::new(2.0, egui::Color32::from_rgb(58, 50, 43)),
                );
            }
        }
    }
    let top = egui::pos2(screen.center().x, screen.min.y + 8.0 + BANNER / 2.0);
    let banner = egui::Rect::from_center_size(
        top,
        egui::vec2(420.0_f32.min(screen.width() - 16.0), BANNER),
    );
    painter.rect_filled(
        banner,
        12.0,
        egui::Color32::from_rgba_unmultiplied(20, 17, 15, 230),
    );
    painter.text(
        top - egui::vec2(0.0, 12.0),
        egui::Align2::CENTER_CENTER,
        "Burrow",
        egui::FontId::proportional(48.0),
        egui::Color32::from_rgb(240, 228, 205),
    );
    painter.text(
        top + egui::vec2(0.0, 28.0),
        egui::Align2::CENTER_CENTER,
        tr!("title-tagline"),
        egui::FontId::proportional(16.0),
        egui::Color32::from_rgb(150, 200, 240),
    );
}

/// One game's card: its example's picture, its name and its line. A click
/// picks the game; the picked card is drawn selected.
fn card(
    ui: &mut egui::Ui,
    rules: &Rules,
    example: Option<&PlayedExample>,
    picked: bool,
) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(CARD, egui::Sense::click());
    let name = rules.variant().name();
    let line = presentation::of(rules).summary_words();
    // For a screen reader: a button named by the game, picked or not.
    response.widget_info(|| {
        egui::WidgetInfo::selected(
            egui::WidgetType::SelectableLabel,
            true,
            picked,
            format!("{name}. {line}"),
        )
    });
    if !ui.is_rect_visible(rect) {
        return response;
    }
    let visuals = ui.style().interact_selectable(&response, picked);
    let painter = ui.painter_at(rect);
    let fill = if picked {
        ui.visuals().selection.bg_fill.gamma_multiply(0.35)
    } else {
        ui.visuals().faint_bg_color
    };
    let stroke = if picked {
        egui::Stroke::new(2.5, ui.visuals().selection.stroke.color)
    } else {
        visuals.bg_stroke
    };
    painter.rect(rect, 8.0, fill, stroke, egui::StrokeKind::Inside);
    let room = egui::Rect::from_center_size(
        egui::pos2(rect.center().x, rect.min.y + 10.0 + CARD_PICTURE / 2.0),
        egui::Vec2::splat(CARD_PICTURE),
    );
    diagram::card_picture(&painter, room, rules, example);
    let text_color = ui.visuals().strong_text_color();
    painter.text(
        egui::pos2(rect.center().x, room.max.y + 8.0),
        egui::Align2::CENTER_TOP,
        name,
        egui::FontId::proportional(17.0),
        text_color,
    );
    let mut job = egui::text::LayoutJob::simple(
        line.to_string(),
        egui::FontId::proportional(12.5),
        ui.visuals().text_color(),
        CARD.x - 20.0,
    );
    // Each line centred under the name (the galley's origin is its middle).
    job.halign = egui::Align::Center;
    let galley = ui.fonts_mut(|fonts| fonts.layout_job(job));
    let at = egui::pos2(rect.center().x, room.max.y + 32.0);
    painter.galley(at, galley, text_color);
    response
}

/// The choices for the game picked: players, board size (among the sizes
/// the game is played on) and start (the game's own, or another layout).
fn choices(ui: &mut egui::Ui, form: &mut NewGameForm, rules: &Rules) {
    let sizes = rules.sizes();
    let size = sizes.nearest(BoardSize::new(form.files, form.ranks).unwrap_or_default());
    (form.files, form.ranks) = (size.files(), size.ranks());
    let own = rules.variant().start();
    if form.layout.is_some_and(|l| Start::Layout(l) == own) {
        form.layout = None;
    }
    egui::Grid::new("new-game-choices")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            player_choice(ui, Side::White, &mut form.white);
            ui.end_row();
            player_choice(ui, Side::Black, &mut form.black);
            ui.end_row();
            let board = ui.label(tr!("title-board"));
            ui.horizontal(|ui| {
                for (files, ranks) in [(4, 4), (5, 5), (6, 6), (8, 8)] {
                    if !BoardSize::new(files, ranks).is_some_and(|s| sizes.contains(s)) {
                        continue;
                    }
                    let on = form.files == files && form.ranks == ranks;
                    if ui
                        .selectable_label(on, format!("{files}×{ranks}"))
                        .clicked()
                    {
                        form.files = files;
                        form.ranks = ranks;
                    }
                }
            });
            ui.end_row();
            ui.label("");
            ui.horizontal(|ui| {
                let files = tr!("title-files", count = form.files);
                let ranks = tr!("title-ranks", count = form.ranks);
                ui.add(
                    egui::DragValue::new(&mut form.files)
                        .range(sizes.smallest.files()..=sizes.largest.files())
                        .suffix(files),
                )
                .named_by(board.id);
                ui.label("×");
                ui.add(
                    egui::DragValue::new(&mut form.ranks)
                        .range(sizes.smallest.ranks()..=sizes.largest.ranks())
                        .suffix(ranks),
                )
                .named_by(board.id);
            });
            ui.end_row();
            ui.label(tr!("title-start"));
            ui.horizontal(|ui| {
                ui.radio_value(&mut form.layout, None, words::start(own))
                    .on_hover_text(layout_hint(own));
                for layout in StartLayout::ALL {
                    if Start::Layout(layout) != own {
                        ui.radio_value(
                            &mut form.layout,
                            Some(layout),
                            words::start(Start::Layout(layout)),
                        )
                        .on_hover_text(layout_hint(Start::Layout(layout)));
                    }
                }
            });
            ui.end_row();
        });
}

/// What a start looks like, for its radio button's hover text.
fn layout_hint(start: Start) -> String {
    match start {
        Start::Layout(StartLayout::Checkerboard) => tr!("start-checkerboard-hint"),
        Start::Layout(StartLayout::Pairs) => tr!("start-pairs-hint"),
        Start::Rows(rows) => tr!("start-rows-hint", rows = rows.rows().join(" / ")),
    }
}

/// The title screen: the games as cards, then the choices for the game
/// picked. It sends the intent to start a game (the screens follow the
/// game it starts).
pub(super) fn title_screen(
    mut contexts: EguiContexts,
    variants: Res<Variants>,
    problems: Res<ModProblems>,
    mut intents: MessageWriter<GameIntent>,
    mut designer: MessageWriter<DesignerIntent>,
    mut lessons: MessageWriter<TutorialIntent>,
    mut form: ResMut<NewGameForm>,
    mut state: ResMut<UiState>,
    mut saved: ResMut<Saved>,
    (settings, mut settings_intents): (Res<Settings>, MessageWriter<SettingsIntent>),
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let ctx = &ctx;
    let state = &mut *state;
    let form = &mut *form;
    title(ctx);
    // The screen reader's switch in the top right corner, made before the
    // rest: the first Tab reaches it (on the web page the first Tab
    // reaches the page's own switch instead: see `reader`).
    #[cfg(not(target_arch = "wasm32"))]
    egui::Area::new(egui::Id::new("title-screen-reader"))
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-8.0, 8.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                crate::game::reader::switch(ui, &settings, state, &mut settings_intents);
            });
        });
    #[cfg(target_arch = "wasm32")]
    let _ = (&settings, &mut settings_intents);
    let screen = ctx.content_rect();
    let top = BANNER + 16.0;
    // Four cards a row where they fit (the built-in games), fewer on a
    // narrow screen.
    let games = variants.iter().count().clamp(1, 4) as f32;
    let across = ((screen.width() - 40.0) / (CARD.x + 8.0))
        .floor()
        .clamp(1.0, games);
    let width = across * (CARD.x + 8.0) - 8.0;
    fitted(egui::Window::new(""), ctx)
        .id(egui::Id::new("new-game"))
        .title_bar(false)
        .auto_sized()
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, top))
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height((screen.height() - top - 40.0).max(100.0))
                .show(ui, |ui| {
                    ui.set_width(width);
                    continued(ui, &mut saved, &variants, state);
                    ui.heading(tr!("title-choose"));
                    ui.add_space(4.0);
                    ui.horizontal_wrapped(|ui| {
                        ui.spacing_mut().item_spacing = egui::vec2(8.0, 8.0);
                        for rules in variants.iter() {
                            let example = state.examples.of(rules).and_then(|e| e.as_ref().ok());
                            let picked = form.variant == rules.id();
                            if card(ui, rules, example, picked).clicked() {
                                form.variant = rules.id().to_string();
                            }
                        }
                    });
                    for problem in &problems.0 {
                        ui.label(
                            egui::RichText::new(problem)
                                .color(egui::Color32::from_rgb(230, 120, 100)),
                        );
                    }
                    ui.separator();
                    if let Some(rules) = variants.get(&form.variant) {
                        ui.heading(rules.variant().name());
                        choices(ui, form, rules);
                    }
                    ui.add_space(6.0);
                    ui.horizontal_wrapped(|ui| {
                        let play = egui::Button::new(
                            egui::RichText::new(tr!("title-play"))
                                .heading()
                                .color(ui.visuals().strong_text_color()),
                        )
                        .fill(ui.visuals().selection.bg_fill)
                        .min_size(egui::vec2(110.0, 0.0));
                        let play = ui.add(play);
                        state.spot("play", &play);
                        if play.clicked() {
                            intents.write(GameIntent::NewGame(form.setup()));
                            state.game_over_closed = false;
                        }
                        ui.add_space(12.0);
                        if ui.button(tr!("title-rules")).clicked() {
                            state.open.rules = true;
                        }
                        if ui.button(tr!("title-lesson")).clicked() {
                            start_lesson_from_panel(form.variant.clone(), &mut lessons, state);
                        }
                        if ui.button(tr!("title-puzzles")).clicked() {
                            state.open.puzzles = true;
                        }
                        if ui.button(tr!("title-online")).clicked() {
                            state.open.online = true;
                        }
                        let design = ui
                            .button(tr!("title-design"))
                            .on_hover_text(tr!("title-design-hint"));
                        state.spot("design", &design);
                        if design.clicked() {
                            designer.write(DesignerIntent::Open(form.variant.clone()));
                        }
                    });
                });
        });
    Ok(())
}
