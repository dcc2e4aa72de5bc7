//! The new-game menu: variant, players and board size.

use bevy_egui::egui;

use crate::ai::Level;
use crate::game::screens::Screen;
use crate::game::session::{NewGame, Player, SessionIntent};
use crate::rules::BoardSize;

use super::{PanelData, UiState};

/// The choices being made in the menu.
#[derive(Clone, Debug)]
pub struct NewGameForm {
    pub variant: String,
    pub files: u8,
    pub ranks: u8,
    pub white: Player,
    pub black: Player,
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
        }
    }
}

impl NewGameForm {
    pub fn setup(&self) -> NewGame {
        NewGame {
            variant: self.variant.clone(),
            size: BoardSize::new(self.files, self.ranks).unwrap_or_default(),
            white: self.white,
            black: self.black,
            start: None,
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
            for rules in data.variants.iter() {
                ui.radio_value(
                    &mut form.variant,
                    rules.id().to_string(),
                    rules.variant().name(),
                );
            }
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
