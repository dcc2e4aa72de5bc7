//! Windows over the board: the rules help, the game-over dialog and the
//! short-lived message that explains a refused click.

use bevy_egui::egui;

use crate::game::presentation::{self, SYSTEM_RULES};
use crate::game::screens::Screen;
use crate::game::session::SessionIntent;
use crate::rules::Color as Side;

use super::{PanelData, UiState, diagram};

/// The game the rules help is about: the one on the board, or the one
/// chosen in the New game window.
fn current_game(data: &PanelData, state: &UiState) -> String {
    if *data.screen.get() == Screen::Title {
        state.form.variant.clone()
    } else {
        data.session.rules.id().to_string()
    }
}

/// One game's rules: its text and its example turn drawn.
fn game_rules(ui: &mut egui::Ui, rules: &crate::rules::Rules, examples: &mut diagram::Examples) {
    ui.label(presentation::of(rules).rules_text());
    match examples.of(rules) {
        Some(Ok(played)) => {
            ui.add_space(6.0);
            diagram::show(ui, rules, played, 200.0);
        }
        Some(Err(e)) => {
            ui.label(egui::RichText::new(e).color(egui::Color32::from_rgb(230, 120, 100)));
        }
        None => {}
    }
}

/// The rules help: the game being played first, with its diagrams, then
/// what every game shares, then the other games folded away.
pub fn rules(ctx: &egui::Context, data: &PanelData, state: &mut UiState) {
    let mut open = state.show_rules;
    let current = current_game(data, state);
    let name = data
        .variants
        .get(&current)
        .map_or(current.clone(), |r| r.variant().name().to_string());
    super::fitted(egui::Window::new(format!("Rules: {name}")), ctx)
        .id(egui::Id::new("rules"))
        .open(&mut open)
        .default_width(440.0)
        .default_height(640.0)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height((ctx.content_rect().height() - 120.0).max(200.0))
                .show(ui, |ui| {
                    if let Some(rules) = data.variants.get(&current) {
                        ui.heading(rules.variant().name());
                        game_rules(ui, rules, &mut state.examples);
                        ui.add_space(4.0);
                        if ui.button("Guided first game").clicked() {
                            state.start_tutorial = Some(current.clone());
                        }
                        ui.separator();
                    }
                    egui::CollapsingHeader::new("What every Burrow game shares")
                        .default_open(true)
                        .show(ui, |ui| {
                            ui.label(SYSTEM_RULES);
                            ui.label(
                                egui::RichText::new(
                                    "Points marked [project's reading] are where the designer's \
                                     description leaves room and this project had to choose; the \
                                     choice is ours, not the designer's.",
                                )
                                .italics(),
                            );
                        });
                    for rules in data.variants.iter().filter(|r| r.id() != current) {
                        egui::CollapsingHeader::new(rules.variant().name())
                            .id_salt(rules.id())
                            .show(ui, |ui| game_rules(ui, rules, &mut state.examples));
                    }
                });
        });
    state.show_rules = open;
}

/// The guided first game's step, at the top of the side panel: what to do
/// now, what the game said when the player tried the capture that does not
/// fit, and the way out.
pub fn tutorial(ui: &mut egui::Ui, data: &mut PanelData, state: &mut UiState) {
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
            ui.label(egui::RichText::new(format!("Guided first game: {name}")).strong());
            ui.label(
                egui::RichText::new(format!("Step {} of {}", active.at + 1, active.steps.len()))
                    .small(),
            );
            ui.label(egui::RichText::new(&active.step().text).size(16.0));
            if let Some(why) = &active.refusal {
                ui.add_space(4.0);
                ui.label(
                    egui::RichText::new(format!("The game said: \u{201c}{why}\u{201d}")).italics(),
                );
            }
            if active.off_script {
                ui.add_space(4.0);
                ui.label(
                    egui::RichText::new("That is not this lesson's move. Undo it to go on.")
                        .color(egui::Color32::from_rgb(240, 170, 90)),
                );
                if ui.button("Undo").clicked() {
                    data.intents.write(SessionIntent::Undo);
                }
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if active.finished() && ui.button("Play a real game").clicked() {
                    leave = true;
                    data.next_screen.set(Screen::Title);
                }
                if ui.button("Start again").clicked() {
                    again = true;
                }
                if ui.button("Leave").clicked() {
                    leave = true;
                }
            });
        });
    if again {
        state.start_tutorial = Some(active.lesson.variant.clone());
    } else if leave {
        data.tutorial_intents
            .write(crate::game::tutorial::TutorialIntent::Leave);
    }
}

pub fn game_over(ctx: &egui::Context, data: &mut PanelData, state: &mut UiState) {
    let Some(outcome) = data.session.outcome else {
        return;
    };
    let loser = match outcome.winner.opponent() {
        Side::White => "White",
        Side::Black => "Black",
    };
    let winner = match outcome.winner {
        Side::White => "White",
        Side::Black => "Black",
    };
    let why = if outcome.annihilation {
        format!("{loser} has no pieces left.")
    } else {
        format!("{loser} has no capture left.")
    };
    super::fitted(egui::Window::new("Game over"), ctx)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.heading(format!("{winner} wins"));
            ui.label(why);
            ui.label(format!("{} turns played.", data.session.played.len()));
            ui.horizontal(|ui| {
                if ui.button("New game").clicked() {
                    data.next_screen.set(Screen::Title);
                }
                if ui.button("Rematch").clicked() {
                    if data.session.is_online() {
                        data.online_intents
                            .write(crate::game::online::OnlineIntent::Rematch);
                        state.show_online = true;
                    } else {
                        data.intents
                            .write(SessionIntent::NewGame(data.session.setup.clone()));
                        data.next_screen.set(Screen::Playing);
                    }
                }
                if ui.button("Review").clicked() {
                    state.game_over_closed = true;
                    data.review_intents
                        .write(crate::game::review::ReviewIntent(true));
                }
            });
        });
}

/// Shows the last refusal for a few seconds.
pub fn toast(ctx: &egui::Context, data: &PanelData, state: &mut UiState) {
    let Some((message, since)) = &state.toast else {
        return;
    };
    let age = data.time.elapsed_secs_f64() - since;
    if age > 3.0 {
        state.toast = None;
        return;
    }
    // A readable width wherever it lands: without one, an area near the
    // panel shrinks to a few letters and breaks words over many lines.
    let width = (ctx.content_rect().width() - 340.0).clamp(160.0, 420.0);
    egui::Area::new("toast".into())
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(-150.0, -20.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_min_width(width.min(message.len() as f32 * 8.0 + 16.0));
                ui.set_max_width(width);
                ui.label(message);
            });
        });
    ctx.request_repaint_after(std::time::Duration::from_millis(250));
}

/// The puzzles of the chosen game by band, solved ones drawn selected.
pub fn puzzles(ctx: &egui::Context, data: &mut PanelData, state: &mut UiState) {
    let mut open = state.show_puzzles;
    let variant = if *data.screen.get() == Screen::Title {
        state.form.variant.clone()
    } else {
        data.session.rules.id().to_string()
    };
    let name = data
        .variants
        .get(&variant)
        .map_or(variant.clone(), |r| r.variant().name().to_string());
    let mut chosen = None;
    super::fitted(egui::Window::new(format!("Puzzles: {name}")), ctx)
        .open(&mut open)
        .collapsible(false)
        .default_width(420.0)
        .show(ctx, |ui| {
            let list = data.puzzles.of(&variant);
            if list.is_empty() {
                ui.label("No puzzles for this game yet.");
                return;
            }
            let solved = |p: &crate::ai::Puzzle| data.settings.solved_puzzles.contains(&p.id());
            ui.label(format!(
                "{} of {} solved. Play the winning line against the solver's best defence.",
                list.iter().filter(|(_, p)| solved(p)).count(),
                list.len()
            ));
            for band in crate::ai::Band::ALL {
                ui.separator();
                ui.strong(match band {
                    crate::ai::Band::Easy => "Easy: win in 3 turns",
                    crate::ai::Band::Medium => "Medium: win in 5 turns",
                    crate::ai::Band::Hard => "Hard: win in 7 to 11 turns",
                });
                ui.horizontal_wrapped(|ui| {
                    for (n, (index, puzzle)) in
                        list.iter().filter(|(_, p)| p.band == band).enumerate()
                    {
                        // A solved puzzle's button is drawn selected.
                        let done = solved(puzzle);
                        if ui
                            .add(egui::Button::new(format!("{}", n + 1)).selected(done))
                            .on_hover_text(format!(
                                "{} ({}){}",
                                puzzle.task(),
                                puzzle.position.size(),
                                if done { ", solved" } else { "" }
                            ))
                            .clicked()
                        {
                            chosen = Some(*index);
                        }
                    }
                });
            }
        });
    if let Some(index) = chosen {
        data.puzzle_intents
            .write(crate::game::puzzles::PuzzleIntent::Start(index));
        state.game_over_closed = false;
        open = false;
    }
    state.show_puzzles = open;
}
