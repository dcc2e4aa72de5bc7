//! The puzzle's parts of the side panel: its task, turns left and last
//! judgement under the game's status, and the Play menu's way to the
//! puzzles window.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::play::Game;
use crate::game::ui::{UiState, words};
use crate::tr;

use super::solving::{PuzzleIntent, PuzzleStatus, Puzzles};

/// What the puzzle's part of the side panel reads and sends.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PuzzlePanel<'w> {
    game: Res<'w, Game>,
    puzzles: Res<'w, Puzzles>,
    puzzle_intents: MessageWriter<'w, PuzzleIntent>,
}

/// The Play menu's puzzles window.
pub(super) fn puzzles_entry(InMut(ui): InMut<egui::Ui>, mut state: ResMut<UiState>) {
    if ui.button(tr!("menu-puzzles")).clicked() {
        state.open.puzzles = true;
    }
}

/// The puzzle on the board: the task, the turns left, the last judgement.
pub(super) fn puzzle_status(InMut(ui): InMut<egui::Ui>, mut data: PuzzlePanel) {
    let data = &mut data;
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
            let variant = data.game.rules().id().to_string();
            let list = data.puzzles.of(&variant);
            let at = list.iter().position(|(i, _)| *i == index).unwrap_or(0);
            if let Some((next, _)) = list.get((at + 1) % list.len().max(1)) {
                data.puzzle_intents.write(PuzzleIntent::Start(*next));
            }
        }
    });
}
