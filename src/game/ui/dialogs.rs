//! Windows over the board: the rules help, the game-over dialog and the
//! short-lived message that explains a refused click.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::online::OnlineIntent;
use crate::game::presentation::{self, SYSTEM_RULES};
use crate::game::puzzles::{PuzzleIntent, Puzzles};
use crate::game::review::ReviewIntent;
use crate::game::screens::Screen;
use crate::game::session::{GameSession, SessionIntent, Variants};
use crate::game::settings::Settings;
use crate::game::tutorial::Tutorial;
use crate::rules::Color as Side;

use super::{UiState, diagram};

/// The game the rules help and the puzzles are about: the one on the
/// board, or the one chosen in the New game window.
fn current_game(screen: &State<Screen>, session: &GameSession, state: &UiState) -> String {
    if *screen.get() == Screen::Title {
        state.form.variant.clone()
    } else {
        session.rules().id().to_string()
    }
}

/// One game's rules: its text and its example turn drawn.
pub(super) fn game_rules(
    ui: &mut egui::Ui,
    rules: &crate::rules::Rules,
    examples: &mut diagram::Examples,
) {
    ui.label(presentation::of(rules).rules_words());
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
pub fn rules_window(
    mut contexts: EguiContexts,
    variants: Res<Variants>,
    session: Res<GameSession>,
    screen: Res<State<Screen>>,
    mut state: ResMut<UiState>,
) -> Result {
    let ctx = &contexts.ctx_mut()?.clone();
    let state = &mut *state;
    let mut open = state.show_rules;
    let current = current_game(&screen, &session, state);
    let name = variants
        .get(&current)
        .map_or(current.clone(), |r| r.variant().name().to_string());
    super::fitted(egui::Window::new(format!("Rules: {name}")), ctx)
        .id(egui::Id::new("rules"))
        // Over the board's corner, wherever the first frame drew it from.
        .default_pos(egui::pos2(24.0, 24.0))
        .open(&mut open)
        .default_width(440.0)
        .default_height(640.0)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height((ctx.content_rect().height() - 120.0).max(200.0))
                .show(ui, |ui| {
                    if let Some(rules) = variants.get(&current) {
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
                    for rules in variants.iter().filter(|r| r.id() != current) {
                        egui::CollapsingHeader::new(rules.variant().name())
                            .id_salt(rules.id())
                            .show(ui, |ui| game_rules(ui, rules, &mut state.examples));
                    }
                });
        });
    state.show_rules = open;
    Ok(())
}

/// The game-over dialog: who won and why, a new game, a rematch, the
/// review.
pub fn game_over(
    mut contexts: EguiContexts,
    session: Res<GameSession>,
    tutorial: Res<Tutorial>,
    review: Res<crate::game::review::GameReview>,
    mut intents: MessageWriter<SessionIntent>,
    mut online_intents: MessageWriter<OnlineIntent>,
    mut review_intents: MessageWriter<ReviewIntent>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut state: ResMut<UiState>,
) -> Result {
    if state.game_over_closed || tutorial.is_on() || review.open {
        return Ok(());
    }
    let Some(outcome) = session.outcome() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    let ctx = &ctx;
    let loser = match outcome.winner.opponent() {
        Side::White => "White",
        Side::Black => "Black",
    };
    let winner = match outcome.winner {
        Side::White => "White",
        Side::Black => "Black",
    };
    let what = if outcome.annihilation {
        "no pieces"
    } else {
        "no capture"
    };
    let why = if session.rules().end().stuck_wins() {
        format!("{winner} has {what} left, and in this game the last capture loses.")
    } else {
        format!("{loser} has {what} left.")
    };
    super::fitted(egui::Window::new("Game over"), ctx)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.heading(format!("{winner} wins"));
            ui.label(why);
            ui.label(format!("{} turns played.", session.played().len()));
            ui.horizontal(|ui| {
                if ui.button("New game").clicked() {
                    next_screen.set(Screen::Title);
                }
                if ui.button("Rematch").clicked() {
                    if session.is_online() {
                        online_intents.write(OnlineIntent::Rematch);
                        state.show_online = true;
                    } else {
                        intents.write(SessionIntent::NewGame(session.setup().clone()));
                    }
                }
                if ui.button("Review").clicked() {
                    state.game_over_closed = true;
                    review_intents.write(ReviewIntent(true));
                }
            });
        });
    Ok(())
}

/// Shows the last refusal for a few seconds.
/// How long a refusal or notice stays on screen: time to read a sentence.
const TOAST_SECONDS: f64 = 5.0;

pub fn toast(
    mut contexts: EguiContexts,
    time: Res<Time<Real>>,
    mut state: ResMut<UiState>,
) -> Result {
    let Some((message, since)) = &state.toast else {
        return Ok(());
    };
    let age = time.elapsed_secs_f64() - since;
    if age > TOAST_SECONDS {
        state.toast = None;
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let ctx = &ctx;
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
    Ok(())
}

/// The puzzles of the chosen game by band, solved ones drawn selected.
pub fn puzzles_window(
    mut contexts: EguiContexts,
    variants: Res<Variants>,
    session: Res<GameSession>,
    screen: Res<State<Screen>>,
    puzzles: Res<Puzzles>,
    settings: Res<Settings>,
    mut puzzle_intents: MessageWriter<PuzzleIntent>,
    mut state: ResMut<UiState>,
) -> Result {
    let ctx = &contexts.ctx_mut()?.clone();
    let mut open = state.show_puzzles;
    let variant = current_game(&screen, &session, &state);
    let name = variants
        .get(&variant)
        .map_or(variant.clone(), |r| r.variant().name().to_string());
    let mut chosen = None;
    super::fitted(egui::Window::new(format!("Puzzles: {name}")), ctx)
        .open(&mut open)
        .collapsible(false)
        .default_width(420.0)
        .show(ctx, |ui| {
            let list = puzzles.of(&variant);
            if list.is_empty() {
                ui.label("No puzzles for this game yet.");
                return;
            }
            let solved = |p: &crate::ai::Puzzle| settings.solved_puzzles.contains(&p.id());
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
        puzzle_intents.write(PuzzleIntent::Start(index));
        state.game_over_closed = false;
        open = false;
    }
    state.show_puzzles = open;
    Ok(())
}
