//! Windows over the board: the rules help, the keyboard shortcuts and the
//! game-over dialog.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::lesson::{Tutorial, TutorialIntent, start_lesson_from_panel};
use crate::game::online::OnlineIntent;
use crate::game::play::{Game, GameIntent, Variants};
use crate::game::play::{NewGameForm, chosen_game};
use crate::game::review::{GameReview, ReviewIntent};
use crate::game::screens::Screen;
use crate::game::ui::diagram::game_rules;
use crate::game::ui::{UiState, fitted, words};
use crate::tr;

/// The rules help: the game being played first, with its diagrams, then
/// what every game shares, then the other games folded away.
pub(super) fn rules_window(
    mut contexts: EguiContexts,
    variants: Res<Variants>,
    game: Res<Game>,
    screen: Res<State<Screen>>,
    form: Res<NewGameForm>,
    mut state: ResMut<UiState>,
    mut lessons: MessageWriter<TutorialIntent>,
) -> Result {
    let ctx = &contexts.ctx_mut()?.clone();
    let state = &mut *state;
    shortcuts_window(ctx, state);
    if !state.open.rules {
        return Ok(());
    }
    let mut open = state.open.rules;
    let mut lesson = None;
    let current = chosen_game(&screen, &game, &form);
    let name = variants
        .get(&current)
        .map_or(current.clone(), |r| r.variant().name().to_string());
    fitted(egui::Window::new(tr!("rules-title", game = name)), ctx)
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
                        if ui.button(tr!("title-lesson")).clicked() {
                            lesson = Some(current.clone());
                        }
                        ui.separator();
                    }
                    egui::CollapsingHeader::new(tr!("rules-shared"))
                        .id_salt("rules-shared")
                        .default_open(true)
                        .show(ui, |ui| {
                            ui.label(tr!("rules-system"));
                            ui.label(egui::RichText::new(tr!("rules-reading-note")).italics());
                        });
                    for rules in variants.iter().filter(|r| r.id() != current) {
                        egui::CollapsingHeader::new(rules.variant().name())
                            .id_salt(rules.id())
                            .show(ui, |ui| game_rules(ui, rules, &mut state.examples));
                    }
                });
        });
    state.open.rules = open;
    if let Some(variant) = lesson {
        start_lesson_from_panel(variant, &mut lessons, state);
    }
    Ok(())
}

/// The game-over dialog: who won and why, a new game, a rematch, the
/// review.
pub(super) fn game_over(
    mut contexts: EguiContexts,
    game: Res<Game>,
    tutorial: Res<Tutorial>,
    review: Res<GameReview>,
    mut intents: MessageWriter<GameIntent>,
    mut online_intents: MessageWriter<OnlineIntent>,
    mut review_intents: MessageWriter<ReviewIntent>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut state: ResMut<UiState>,
) -> Result {
    if state.game_over_closed || tutorial.is_on() || review.open {
        return Ok(());
    }
    let Some(outcome) = game.outcome() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    let ctx = &ctx;
    let loser = words::side_key(outcome.winner.opponent());
    let winner = words::side_key(outcome.winner);
    let what = if outcome.annihilation {
        "pieces"
    } else {
        "capture"
    };
    let why = if outcome.resigned {
        tr!("game-over-resigned", side = loser)
    } else if game.rules().end().stuck_wins() {
        tr!("game-over-stuck-wins", side = winner, what = what)
    } else {
        tr!("game-over-left", side = loser, what = what)
    };
    fitted(egui::Window::new(tr!("game-over-title")), ctx)
        .id(egui::Id::new("game-over"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.heading(tr!("outcome-wins", side = winner));
            ui.label(why);
            ui.label(tr!("game-over-turns", count = game.played().len()));
            ui.horizontal(|ui| {
                if ui.button(tr!("action-new-game")).clicked() {
                    next_screen.set(Screen::Title);
                }
                if ui.button(tr!("game-over-rematch")).clicked() {
                    if game.is_online() {
                        online_intents.write(OnlineIntent::Rematch);
                        state.open.online = true;
                    } else {
                        intents.write(GameIntent::NewGame(game.setup().clone()));
                    }
                }
                if ui.button(tr!("action-review")).clicked() {
                    state.game_over_closed = true;
                    review_intents.write(ReviewIntent(true));
                }
            });
        });
    Ok(())
}

/// The keyboard shortcuts (F1 or `?`, and the Rules menu); drawn with the
/// rules help.
fn shortcuts_window(ctx: &egui::Context, state: &mut UiState) {
    let mut open = state.open.shortcuts;
    fitted(egui::Window::new(tr!("menu-shortcuts")), ctx)
        .id(egui::Id::new("shortcuts"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            egui::Grid::new("shortcut-keys")
                .num_columns(2)
                .spacing(egui::vec2(16.0, 6.0))
                .show(ui, |ui| {
                    for (keys, what) in crate::game::play::shortcuts() {
                        ui.strong(keys);
                        ui.label(what);
                        ui.end_row();
                    }
                });
        });
    state.open.shortcuts = open;
}
