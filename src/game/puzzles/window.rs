//! The puzzles window: the puzzles of the chosen game by band, and the
//! refuted turn's winning reply marked on the board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::play::MarkSources;
use crate::game::play::{Game, Variants};
use crate::game::play::{NewGameForm, chosen_game};
use crate::game::puzzles::solving::{PuzzleIntent, Puzzles};
use crate::game::screens::Screen;
use crate::game::settings::Settings;
use crate::game::ui::{UiState, words};
use crate::tr;

/// The puzzles of the chosen game by band, solved ones drawn selected.
pub(super) fn puzzles_window(
    mut contexts: EguiContexts,
    variants: Res<Variants>,
    game: Res<Game>,
    screen: Res<State<Screen>>,
    puzzles: Res<Puzzles>,
    settings: Res<Settings>,
    mut puzzle_intents: MessageWriter<PuzzleIntent>,
    form: Res<NewGameForm>,
    mut state: ResMut<UiState>,
) -> Result {
    let ctx = &contexts.ctx_mut()?.clone();
    let mut open = state.open.puzzles;
    let variant = chosen_game(&screen, &game, &form);
    let name = variants
        .get(&variant)
        .map_or(variant.clone(), |r| r.variant().name().to_string());
    let mut chosen = None;
    crate::game::ui::fitted(egui::Window::new(tr!("puzzles-title", game = name)), ctx)
        .id(egui::Id::new("puzzles"))
        .open(&mut open)
        .collapsible(false)
        .default_width(420.0)
        .show(ctx, |ui| {
            let list = puzzles.of(&variant);
            if list.is_empty() {
                ui.label(tr!("puzzles-none"));
                return;
            }
            let solved = |p: &crate::ai::Puzzle| settings.solved_puzzles.contains(&p.id());
            ui.label(tr!(
                "puzzles-solved",
                solved = list.iter().filter(|(_, p)| solved(p)).count(),
                count = list.len()
            ));
            for band in crate::ai::Band::ALL {
                ui.separator();
                ui.strong(match band {
                    crate::ai::Band::Easy => tr!("puzzles-easy"),
                    crate::ai::Band::Medium => tr!("puzzles-medium"),
                    crate::ai::Band::Hard => tr!("puzzles-hard"),
                });
                ui.horizontal_wrapped(|ui| {
                    for (n, (index, puzzle)) in
                        list.iter().filter(|(_, p)| p.band == band).enumerate()
                    {
                        // A solved puzzle's button is drawn selected.
                        let done = solved(puzzle);
                        if ui
                            .add(egui::Button::new(format!("{}", n + 1)).selected(done))
                            .on_hover_text(if done {
                                tr!(
                                    "puzzles-hover-solved",
                                    task = words::puzzle_task(puzzle),
                                    size = puzzle.position.size().to_string()
                                )
                            } else {
                                tr!(
                                    "puzzles-hover",
                                    task = words::puzzle_task(puzzle),
                                    size = puzzle.position.size().to_string()
                                )
                            })
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
    state.open.puzzles = open;
    Ok(())
}

/// The opponent's winning reply to a refuted turn, for the ring and the
/// path on the board.
pub(super) fn mark_reply(puzzles: Res<Puzzles>, mut sources: ResMut<MarkSources>) {
    sources.reply = puzzles
        .active
        .as_ref()
        .and_then(|active| active.refutation())
        .cloned();
}
