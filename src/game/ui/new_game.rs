//! The new-game menu: the game (each with a line and a small picture of how
//! it plays), players, board size (with presets) and start layout.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::ai::Level;
use crate::game::modding::ModProblems;
use crate::game::presentation;
use crate::game::session::{GameMode, NewGame, Player, SessionIntent, Variants};
use crate::rules::{BoardSize, Position, StartLayout};

use super::UiState;

/// The choices being made in the menu.
#[derive(Clone, Debug)]
pub struct NewGameForm {
    pub variant: String,
    pub files: u8,
    pub ranks: u8,
    pub white: Player,
    pub black: Player,
    pub layout: StartLayout,
}

impl Default for NewGameForm {
    fn default() -> NewGameForm {
        let setup = NewGame::default();
        NewGameForm {
            variant: setup.variant,
            files: 8,
            ranks: 8,
            white: setup.white,
            black: setup.black,
            layout: StartLayout::default(),
        }
    }
}

impl NewGameForm {
    pub fn setup(&self) -> NewGame {
        let size = BoardSize::new(self.files, self.ranks).unwrap_or_default();
        NewGame {
            variant: self.variant.clone(),
            size,
            white: self.white,
            black: self.black,
            // The checkerboard is every game's own start; another layout
            // is a start position (and so goes into the record).
            start: (self.layout != StartLayout::Checkerboard)
                .then(|| Position::start_with(size, self.layout)),
            mode: GameMode::Local,
        }
    }
}

fn player_choice(ui: &mut egui::Ui, label: &str, player: &mut Player) {
    ui.horizontal(|ui| {
        ui.label(label);
        egui::ComboBox::from_id_salt(label)
            .selected_text(player.label())
            .show_ui(ui, |ui| {
                ui.selectable_value(player, Player::Human, "Human");
                for level in Level::ALL {
                    ui.selectable_value(
                        player,
                        Player::Computer(level),
                        format!("Computer ({level})"),
                    );
                }
            });
    });
}

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
    let top = egui::pos2(screen.center().x, screen.min.y + 58.0);
    let banner = egui::Rect::from_center_size(top, egui::vec2(420.0, 96.0));
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
        "capture, and keep capturing",
        egui::FontId::proportional(16.0),
        egui::Color32::from_rgb(150, 200, 240),
    );
}

/// The title screen's menu window: the intent to start a game (the screens
/// follow the game it starts).
pub fn title_screen(
    mut contexts: EguiContexts,
    variants: Res<Variants>,
    problems: Res<ModProblems>,
    mut intents: MessageWriter<SessionIntent>,
    mut state: ResMut<UiState>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let ctx = &ctx;
    let state = &mut *state;
    title(ctx);
    super::fitted(egui::Window::new("New game"), ctx)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 56.0))
        .show(ctx, |ui| {
            ui.heading("Burrow");
            ui.label("Capture, then keep capturing while the template fits.");
            ui.separator();
            let form = &mut state.form;
            ui.label("Game");
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_width(250.0);
                    for rules in variants.iter() {
                        ui.radio_value(
                            &mut form.variant,
                            rules.id().to_string(),
                            rules.variant().name(),
                        );
                        let summary = presentation::of(rules).summary();
                        if !summary.is_empty() {
                            ui.label(egui::RichText::new(summary).small());
                        }
                    }
                });
                if let Some(rules) = variants.get(&form.variant)
                    && let Some(Ok(played)) = state.examples.of(rules)
                {
                    super::diagram::thumbnail(ui, rules, played, 120.0);
                }
            });
            ui.separator();
            player_choice(ui, "White", &mut form.white);
            player_choice(ui, "Black", &mut form.black);
            ui.separator();
            ui.add(
                egui::Slider::new(&mut form.files, BoardSize::MIN..=BoardSize::MAX).text("files"),
            );
            ui.add(
                egui::Slider::new(&mut form.ranks, BoardSize::MIN..=BoardSize::MAX).text("ranks"),
            );
            ui.horizontal(|ui| {
                ui.label("Presets");
                for (files, ranks) in [(4, 4), (5, 5), (6, 6), (8, 8)] {
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
            ui.horizontal(|ui| {
                ui.label("Start");
                ui.radio_value(&mut form.layout, StartLayout::Checkerboard, "checkerboard")
                    .on_hover_text("Alternating colours, a1 Black: this project's reading of the designer's text");
                ui.radio_value(&mut form.layout, StartLayout::Pairs, "pairs")
                    .on_hover_text("Ranks of WWBB pairs, each the one below swapped: the layout Ludii's Sweep Burrow uses");
            });
            for problem in &problems.0 {
                ui.label(
                    egui::RichText::new(problem).color(egui::Color32::from_rgb(230, 120, 100)),
                );
            }
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("Start").clicked() {
                    intents.write(SessionIntent::NewGame(form.setup()));
                    state.game_over_closed = false;
                }
                if ui.button("Rules").clicked() {
                    state.show_rules = true;
                }
                if ui.button("Puzzles").clicked() {
                    state.show_puzzles = true;
                }
                if ui.button("Online").clicked() {
                    state.show_online = true;
                }
                if ui.button("Guided first game").clicked() {
                    state.start_tutorial = Some(form.variant.clone());
                }
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_choice_becomes_the_start_position() {
        let mut form = NewGameForm {
            files: 6,
            ranks: 5,
            ..NewGameForm::default()
        };
        assert_eq!(
            form.setup().start,
            None,
            "the checkerboard is the game's own start"
        );
        form.layout = StartLayout::Pairs;
        let size = BoardSize::new(6, 5).unwrap();
        assert_eq!(
            form.setup().start,
            Some(Position::start_with(size, StartLayout::Pairs))
        );
        assert_eq!(form.setup().size, size);
    }
}
