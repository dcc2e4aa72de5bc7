//! The lesson on screen: its step at the top of the side panel, the Play
//! menu's way into a guided first game, the windows closed when one
//! starts, and the square its step talks about marked on the board.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::lesson::tutorial::{Tutorial, TutorialIntent};
use crate::game::play::{Game, GameIntent, MarkSources, Variants};
use crate::game::screens::Screen;
use crate::game::ui::UiState;
use crate::tr;

/// What the lesson's part of the side panel reads and sends.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct LessonPanel<'w> {
    tutorial: Res<'w, Tutorial>,
    variants: Res<'w, Variants>,
    next_screen: ResMut<'w, NextState<Screen>>,
    intents: MessageWriter<'w, GameIntent>,
    tutorial_intents: MessageWriter<'w, TutorialIntent>,
    state: ResMut<'w, UiState>,
}

/// A guided first game asked for from a panel (the menu, the rules help,
/// the title screen, the lesson's Start again): the lesson starts, the
/// rules help closes and a later game-over dialog shows again.
pub fn start_lesson_from_panel(
    variant: String,
    intents: &mut MessageWriter<TutorialIntent>,
    state: &mut UiState,
) {
    intents.write(TutorialIntent::Start(variant));
    state.open.rules = false;
    state.game_over_closed = false;
}

/// The Play menu's guided first game, of the game being played.
pub(super) fn lesson_entry(
    InMut(ui): InMut<egui::Ui>,
    game: Res<Game>,
    mut intents: MessageWriter<TutorialIntent>,
    mut state: ResMut<UiState>,
) {
    if ui.button(tr!("menu-lesson")).clicked() {
        let variant = game.rules().id().to_string();
        start_lesson_from_panel(variant, &mut intents, &mut state);
    }
}

/// The guided first game's step, at the top of the side panel: what to do
/// now, what the game said when the player tried the capture that does not
/// fit, and the way out; nothing when no lesson is on.
pub(super) fn lesson_step(InMut(ui): InMut<egui::Ui>, mut data: LessonPanel) {
    let data = &mut data;
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
                    data.intents.write(GameIntent::Undo);
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
        let variant = active.lesson.variant.clone();
        start_lesson_from_panel(variant, &mut data.tutorial_intents, &mut data.state);
    } else if leave {
        data.tutorial_intents.write(TutorialIntent::Leave);
    }
    ui.separator();
}

/// The square the lesson's step talks about, for the ring on the board.
pub(super) fn mark_step(tutorial: Res<Tutorial>, mut sources: ResMut<MarkSources>) {
    sources.lesson = tutorial
        .active
        .as_ref()
        .map(|active| (active.marked_square(), active.at));
}
