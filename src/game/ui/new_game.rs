//! The new-game menu: the game (each with a line and a small picture of how
//! it plays), players, board size (with presets) and start layout.

use bevy_egui::egui;

use crate::ai::Level;
use crate::game::presentation;
use crate::game::screens::Screen;
use crate::game::session::{NewGame, Player, SessionIntent};
use crate::rules::{BoardSize, Position, StartLayout};

use super::{PanelData, UiState};

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

/// The menu window; starting a game moves to the playing screen.
pub fn show(ctx: &egui::Context, data: &mut PanelData, state: &mut UiState) {
    egui::Window::new("New game")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.heading("Burrow");
            ui.label("Capture, then keep capturing while the template fits.");
            ui.separator();
            let form = &mut state.form;
            ui.label("Game");
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_width(250.0);
                    for rules in data.variants.iter() {
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
                if let Some(rules) = data.variants.get(&form.variant)
                    && let Some(example) = presentation::of(rules).example()
                    && let Ok(played) = super::diagram::play(rules, &example)
                {
                    super::diagram::thumbnail(ui, rules, &played, 120.0);
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
            for problem in &data.problems.0 {
                ui.label(
                    egui::RichText::new(problem).color(egui::Color32::from_rgb(230, 120, 100)),
                );
            }
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("Start").clicked() {
                    data.puzzle_intents
                        .write(crate::game::puzzles::PuzzleIntent::Leave);
                    data.intents.write(SessionIntent::NewGame(form.setup()));
                    data.next_screen.set(Screen::Playing);
                    state.game_over_closed = false;
                }
                if ui.button("Rules").clicked() {
                    state.show_rules = true;
                }
                if ui.button("Puzzles").clicked() {
                    state.show_puzzles = true;
                }
                if ui.button("Guided first game").clicked() {
                    state.start_tutorial = Some(form.variant.clone());
                }
            });
        });
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
