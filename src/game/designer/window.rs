//! The designer's window: every rule of a game file as a menu with a line
//! on what it means (and, for the movement, a small picture), the design's
//! live verdict, its rules in words and its example turn drawn, and the
//! buttons to try, save, share and measure it. It edits the draft in
//! [`Designer`] and sends [`DesignerIntent`]s for the rest.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::ai::{Level, report};
use crate::game::designer::board::board_rules;
use crate::game::designer::draft::{Designer, DesignerIntent};
use crate::game::designer::movement::movement_rules;
use crate::game::designer::template::template_rules;
use crate::game::designer::training::GENERATIONS;
use crate::game::designer::widgets::{ERROR, GOOD};
#[cfg(target_arch = "wasm32")]
use crate::game::platform::web_files::PickFile;
use crate::game::play::{Game, Player, Variants};
use crate::game::ui::NamedBy;
use crate::game::ui::diagram::{self, game_rules};
use crate::game::ui::{ServerPage, UiState, fitted};
use crate::rules::{BoardSize, Design};
use crate::tr;

/// The report measured for the draft, as far as it has come.
fn report_panel(ui: &mut egui::Ui, designer: &mut Designer, intents: &mut Vec<DesignerIntent>) {
    let draft = designer.draft.clone();
    let Some(state) = &designer.report else {
        return;
    };
    ui.horizontal(|ui| {
        let (done, all) = state.progress;
        if state.running() {
            ui.add(
                egui::ProgressBar::new(done as f32 / all.max(1) as f32)
                    .desired_width(160.0)
                    .text(tr!("designer-measuring", done = done, count = all)),
            );
            if ui.button(tr!("designer-stop")).clicked() {
                intents.push(DesignerIntent::StopReport);
            }
        } else {
            ui.label(tr!("designer-measured", done = done, count = all));
        }
        if state.design != draft {
            ui.colored_label(ERROR, tr!("designer-earlier-version"));
        }
    });
    match &state.latest {
        Some(Ok(report)) => {
            for warning in &report.warnings {
                ui.colored_label(ERROR, tr!("designer-warning", why = warning.to_string()));
            }
            egui::ScrollArea::horizontal()
                .id_salt("designer-report")
                .show(ui, |ui| {
                    ui.label(
                        egui::RichText::new(report::text(report))
                            .monospace()
                            .small(),
                    );
                });
        }
        Some(Err(e)) => {
            ui.colored_label(ERROR, e.to_string());
        }
        None => {}
    }
}

/// The computer's training on the draft: its progress, each generation's
/// score against the one before, and the button to stop it.
fn training_panel(ui: &mut egui::Ui, designer: &mut Designer, intents: &mut Vec<DesignerIntent>) {
    let draft = designer.draft.clone();
    let Some(state) = &designer.training else {
        return;
    };
    ui.horizontal(|ui| {
        let (done, all) = state.units;
        let minutes = state.started.elapsed().as_secs() / 60;
        if state.running() {
            ui.add(
                egui::ProgressBar::new(done as f32 / all.max(1) as f32)
                    .desired_width(160.0)
                    .text(tr!(
                        "designer-training",
                        generation = state.generation + 1,
                        count = GENERATIONS
                    )),
            );
            if ui.button(tr!("designer-stop")).clicked() {
                intents.push(DesignerIntent::StopTraining);
            }
        } else {
            ui.label(tr!("designer-trained", count = state.generation));
        }
        ui.label(tr!("designer-training-minutes", count = minutes));
        if state.design != draft {
            ui.colored_label(ERROR, tr!("designer-earlier-version"));
        }
    });
    if let Some(why) = &state.failed {
        ui.colored_label(ERROR, why.as_str());
    }
    for report in &state.reports {
        let (elo, _, _) = report.elo();
        let text = tr!(
            "designer-generation",
            generation = report.generation,
            score = format!("{:.0}", 100.0 * report.score()),
            elo = format!("{elo:+.0}"),
            kept = if report.kept { "yes" } else { "no" }
        );
        let color = if report.kept {
            GOOD
        } else {
            egui::Color32::from_gray(170)
        };
        ui.colored_label(color, text);
    }
}

/// The Play menu's way into the designer, on a copy of the game being
/// played.
pub(super) fn design_entry(
    InMut(ui): InMut<egui::Ui>,
    game: Res<Game>,
    mut intents: MessageWriter<DesignerIntent>,
) {
    if ui
        .button(tr!("menu-design"))
        .on_hover_text(tr!("menu-design-hint"))
        .clicked()
    {
        intents.write(DesignerIntent::Open(game.rules().id().to_string()));
    }
}

/// The designer's window.
pub(super) fn designer_window(
    mut contexts: EguiContexts,
    mut designer: ResMut<Designer>,
    variants: Res<Variants>,
    page: Res<ServerPage>,
    mut state: ResMut<UiState>,
    mut writer: MessageWriter<DesignerIntent>,
    #[cfg(target_arch = "wasm32")] mut files: MessageWriter<PickFile>,
    #[cfg(not(target_arch = "wasm32"))] mut dialogs: MessageWriter<
        crate::game::platform::dialogs::DialogIntent,
    >,
) -> Result {
    let ctx = &contexts.ctx_mut()?.clone();
    let mut open = designer.open;
    let designer = &mut *designer;
    let state = &mut *state;
    let mut intents = Vec::new();
    let mut pick_file = false;
    let mut save_copy = false;
    fitted(egui::Window::new(tr!("designer-title")), ctx)
        .id(egui::Id::new("designer"))
        .open(&mut open)
        .default_pos(egui::pos2(24.0, 24.0))
        .default_width(600.0)
        .default_height((ctx.content_rect().height() - 60.0).max(240.0))
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height((ctx.content_rect().height() - 100.0).max(200.0))
                .show(ui, |ui| {
                    start_from(ui, &variants, &mut intents);
                    names(ui, &mut designer.draft, state);
                    ui.separator();
                    rules(ui, designer);
                    ui.separator();
                    verdict_panel(ui, designer, &mut state.examples);
                    ui.separator();
                    try_on(ui, designer);
                    buttons(ui, designer, &page, state, &mut intents, &mut save_copy);
                    if let Some(notice) = &designer.notice {
                        ui.label(notice);
                    }
                    report_panel(ui, designer, &mut intents);
                    training_panel(ui, designer, &mut intents);
                    ui.separator();
                    pick_file = open_design(ui, designer, &mut intents);
                });
        });
    designer.open = open && designer.open;
    writer.write_batch(intents);
    #[cfg(target_arch = "wasm32")]
    if pick_file {
        files.write(PickFile { accept: ".toml" });
    }
    // On the desktop, the system's dialogs: a game file opened from
    // anywhere (the designs folder first), a copy saved anywhere.
    #[cfg(not(target_arch = "wasm32"))]
    {
        use crate::game::platform::dialogs::{DialogIntent, DialogPurpose};
        let name = super::draft::file_name(&designer.draft);
        if pick_file {
            let folder = designer
                .folder
                .clone()
                .unwrap_or_else(crate::places::documents_dir);
            dialogs.write(DialogIntent {
                purpose: DialogPurpose::OpenDesign,
                suggested: folder.join(&name),
            });
        }
        if save_copy {
            dialogs.write(DialogIntent {
                purpose: DialogPurpose::SaveDesign,
                suggested: crate::places::documents_dir().join(&name),
            });
        }
    }
    Ok(())
}

/// The game a design starts from: a copy of it is the draft.
fn start_from(ui: &mut egui::Ui, variants: &Variants, intents: &mut Vec<DesignerIntent>) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(tr!("designer-start-from"));
        egui::ComboBox::from_id_salt("designer-from")
            .selected_text(tr!("designer-a-game"))
            .show_ui(ui, |ui| {
                for rules in variants.iter() {
                    if ui.selectable_label(false, rules.variant().name()).clicked() {
                        intents.push(DesignerIntent::Open(rules.id().to_string()));
                    }
                }
            })
            .response
            .named_by(label.id);
    });
}

/// The design's name, id and summary.
fn names(ui: &mut egui::Ui, draft: &mut Design, state: &mut UiState) {
    egui::Grid::new("designer-names")
        .num_columns(2)
        .show(ui, |ui| {
            let label = ui.label(tr!("designer-name"));
            let name = ui.text_edit_singleline(&mut draft.name).named_by(label.id);
            state.spot("designer-name", &name);
            ui.end_row();
            let label = ui.label(tr!("designer-id"));
            ui.horizontal(|ui| {
                ui.text_edit_singleline(&mut draft.id).named_by(label.id);
                ui.small(tr!("designer-id-hint"));
            });
            ui.end_row();
            let label = ui.label(tr!("designer-summary"));
            ui.text_edit_singleline(&mut draft.summary)
                .named_by(label.id);
            ui.end_row();
        });
}

/// The rules' editors: the movement, the template, the board and the end.
fn rules(ui: &mut egui::Ui, designer: &mut Designer) {
    ui.heading(tr!("designer-movement"));
    movement_rules(ui, &mut designer.draft.movement);
    ui.separator();
    ui.heading(tr!("designer-template"));
    template_rules(ui, &mut designer.draft);
    ui.separator();
    ui.heading(tr!("designer-board-and-end"));
    board_rules(ui, &mut designer.draft, &mut designer.rows);
}

/// The board and the opponent the design is tried on.
fn try_on(ui: &mut egui::Ui, designer: &mut Designer) {
    ui.horizontal_wrapped(|ui| {
        ui.label(tr!("designer-try-on"));
        // The square boards the design is played on.
        let sizes = designer.draft.sizes;
        for n in [4u8, 5, 6, 8] {
            if BoardSize::new(n, n).is_some_and(|s| sizes.contains(s)) {
                ui.selectable_value(&mut designer.board, n, format!("{n}×{n}"));
            }
        }
        let against = ui.label(tr!("designer-against"));
        egui::ComboBox::from_id_salt("designer-opponent")
            .selected_text(designer.opponent.words())
            .show_ui(ui, |ui| {
                ui.selectable_value(
                    &mut designer.opponent,
                    Player::Human,
                    tr!("designer-both-sides"),
                );
                for level in Level::ALL {
                    let choice = Player::Computer(level);
                    ui.selectable_value(&mut designer.opponent, choice, choice.words());
                }
            })
            .response
            .named_by(against.id);
    });
}

/// Try, save (on the desktop, a copy anywhere too), copy the text or a
/// link, measure.
fn buttons(
    ui: &mut egui::Ui,
    designer: &mut Designer,
    page: &ServerPage,
    state: &mut UiState,
    intents: &mut Vec<DesignerIntent>,
    save_copy: &mut bool,
) {
    ui.horizontal_wrapped(|ui| {
        let try_it = ui.button(egui::RichText::new(tr!("designer-try")).strong());
        state.spot("designer-try", &try_it);
        if try_it.clicked() {
            intents.push(DesignerIntent::Try);
        }
        let save = ui.button(if cfg!(target_arch = "wasm32") {
            tr!("designer-download")
        } else {
            tr!("designer-save")
        });
        state.spot("designer-save", &save);
        if save.clicked() {
            intents.push(DesignerIntent::Save);
        }
        #[cfg(not(target_arch = "wasm32"))]
        if ui
            .button(tr!("designer-save-copy"))
            .on_hover_text(tr!("designer-save-copy-hint"))
            .clicked()
        {
            *save_copy = true;
        }
        #[cfg(target_arch = "wasm32")]
        let _ = save_copy;
        if ui.button(tr!("designer-copy-text")).clicked() {
            ui.ctx().copy_text(designer.draft.to_string());
            designer.notice = Some(tr!("designer-text-copied"));
        }
        let page = &page.0;
        if ui
            .button(tr!("online-copy-link"))
            .on_hover_text(tr!("designer-link-hint", page = page.as_str()))
            .clicked()
        {
            ui.ctx().copy_text(designer.link(page));
            designer.notice = Some(tr!("designer-link-copied", page = page.as_str()));
        }
        let running = designer.report.as_ref().is_some_and(|r| r.running());
        let measure = ui.add_enabled(!running, egui::Button::new(tr!("designer-report")));
        state.spot("designer-report", &measure);
        if measure.clicked() {
            intents.push(DesignerIntent::Report);
        }
        let training = designer.training.as_ref().is_some_and(|t| t.running());
        let train = ui
            .add_enabled(!training, egui::Button::new(tr!("designer-train")))
            .on_hover_text(tr!("designer-train-hint"));
        state.spot("designer-train", &train);
        if train.clicked() {
            intents.push(DesignerIntent::Train);
        }
    });
}

/// A design pasted (its game file or share code), or its file picked;
/// the draft's game file. Whether a file is to be picked.
fn open_design(
    ui: &mut egui::Ui,
    designer: &mut Designer,
    intents: &mut Vec<DesignerIntent>,
) -> bool {
    let mut pick_file = false;
    let label = ui.label(tr!("designer-open-intro"));
    ui.add(
        egui::TextEdit::multiline(&mut designer.paste)
            .desired_rows(3)
            .desired_width(f32::INFINITY)
            .code_editor(),
    )
    .named_by(label.id);
    ui.horizontal(|ui| {
        if ui
            .add_enabled(
                !designer.paste.trim().is_empty(),
                egui::Button::new(tr!("online-open")),
            )
            .clicked()
        {
            intents.push(DesignerIntent::Read(designer.paste.clone()));
        }
        if ui.button(tr!("designer-open-file")).clicked() {
            pick_file = true;
        }
        egui::CollapsingHeader::new(tr!("designer-game-file"))
            .id_salt("designer-game-file")
            .show(ui, |ui| {
                ui.label(
                    egui::RichText::new(designer.draft.to_string())
                        .monospace()
                        .small(),
                );
            });
    });
    pick_file
}

/// The live verdict: a game or why not, its first figures, its rules in
/// words and its example turn.
fn verdict_panel(ui: &mut egui::Ui, designer: &mut Designer, examples: &mut diagram::Examples) {
    let verdict = designer.verdict().clone();
    match &verdict.rules {
        Ok(rules) => {
            ui.colored_label(GOOD, tr!("designer-a-game-holds"));
            for line in &verdict.figures {
                ui.label(line);
            }
            egui::CollapsingHeader::new(tr!("designer-its-rules"))
                .id_salt("designer-its-rules")
                .default_open(true)
                .show(ui, |ui| game_rules(ui, rules, examples));
        }
        Err(why) => {
            ui.colored_label(ERROR, tr!("designer-not-a-game", why = why.to_string()));
        }
    }
}
