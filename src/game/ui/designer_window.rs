//! The designer's window: every rule of a game file as a menu with a line
//! on what it means (and, for the movement, a small picture), the design's
//! live verdict, its rules in words and its example turn drawn, and the
//! buttons to try, save, share and measure it. It edits the draft in
//! [`Designer`] and sends [`DesignerIntent`]s for the rest.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::ai::Level;
use crate::ai::report;
use crate::game::designer::{Designer, DesignerIntent};
use crate::game::online::Online;
use crate::game::session::{Player, Variants};
use crate::rules::design::{Compare, Count, Counted, Distance, Lines, Symmetry};
use crate::rules::{
    BoardSize, Color, Design, EndRule, Movement, PathShape, RowPattern, SizeRange, Start,
    StartLayout, Step, StepSet,
};

use super::{UiState, diagram};

const ERROR: egui::Color32 = egui::Color32::from_rgb(230, 120, 100);
const GOOD: egui::Color32 = egui::Color32::from_rgb(120, 200, 130);

/// The named step sets, as the menu offers them.
fn step_choices() -> [(&'static str, StepSet, &'static str); 4] {
    [
        (
            "orthogonal",
            StepSet::ORTHOGONAL,
            "north, east, south, west",
        ),
        (
            "diagonal",
            StepSet::from_slice(&[Step::NE, Step::SE, Step::SW, Step::NW]),
            "the four diagonals",
        ),
        ("king", StepSet::KING, "all eight directions"),
        (
            "knight",
            StepSet::from_slice(&Step::KNIGHT),
            "two one way, one the other",
        ),
    ]
}

const PATHS: [(&str, PathShape, &str); 4] = [
    ("single", PathShape::Single, "one step, no more"),
    (
        "straight",
        PathShape::Straight,
        "one step repeated in a line",
    ),
    (
        "two directions",
        PathShape::TwoSteps,
        "a staircase of two kinds of step",
    ),
    (
        "within the box",
        PathShape::WithinBox,
        "any steps inside the box of piece and target",
    ),
];

/// A symmetry group's choices, `off` first.
const GROUPS: [(&str, Option<Symmetry>); 5] = [
    ("off", None),
    ("exactly", Some(Symmetry::Exact)),
    ("or turned", Some(Symmetry::Turned)),
    ("or mirrored", Some(Symmetry::Mirrored)),
    ("or any image", Some(Symmetry::All)),
];

/// A menu of `choices` for `value`.
fn menu<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    id: &str,
    value: &mut T,
    choices: &[(&'static str, T)],
) -> bool {
    let shown = choices
        .iter()
        .find(|(_, v)| v == value)
        .map_or("…", |(name, _)| name);
    let mut changed = false;
    egui::ComboBox::from_id_salt(id)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (name, choice) in choices {
                changed |= ui.selectable_value(value, *choice, *name).changed();
            }
        });
    changed
}

/// A small picture of a movement: the piece in the middle of a 7×7 board,
/// a dot where each step lands, and one capture's path of this shape.
fn movement_picture(ui: &mut egui::Ui, movement: &Movement) {
    let side = 112.0;
    let (rect, _) = ui.allocate_exact_size(egui::Vec2::splat(side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let cell = side / 7.0;
    let centre_of = |x: i32, y: i32| {
        egui::pos2(
            rect.min.x + (x as f32 + 3.5) * cell,
            rect.min.y + (3.5 - y as f32) * cell,
        )
    };
    for x in -3..=3 {
        for y in -3..=3 {
            let fill = if (x + y) % 2 == 0 {
                egui::Color32::from_rgb(133, 110, 89)
            } else {
                egui::Color32::from_rgb(217, 204, 179)
            };
            painter.rect_filled(
                egui::Rect::from_center_size(centre_of(x, y), egui::Vec2::splat(cell)),
                0.0,
                fill,
            );
        }
    }
    let steps = movement.steps.as_slice();
    for step in steps {
        let (x, y) = (i32::from(step.dx), i32::from(step.dy));
        if x.abs() <= 3 && y.abs() <= 3 {
            painter.circle_filled(
                centre_of(x, y),
                cell * 0.18,
                egui::Color32::from_rgb(0, 98, 184),
            );
        }
    }
    // One capture of this shape, from the middle.
    let first = steps.first().copied().unwrap_or(Step::N);
    let second = steps
        .iter()
        .copied()
        .find(|s| *s != first && (s.dx, s.dy) != (-first.dx, -first.dy))
        .unwrap_or(first);
    let walk: Vec<Step> = match movement.shape {
        PathShape::Single => vec![first],
        PathShape::Straight => vec![first; 3],
        PathShape::TwoSteps => vec![first, second, first],
        PathShape::WithinBox => vec![first, second, first, second],
    };
    let mut at = (0, 0);
    let mut points = vec![centre_of(0, 0)];
    for step in walk {
        let next = (at.0 + i32::from(step.dx), at.1 + i32::from(step.dy));
        if next.0.abs() > 3 || next.1.abs() > 3 {
            break;
        }
        at = next;
        points.push(centre_of(at.0, at.1));
    }
    painter.add(egui::Shape::line(
        points.clone(),
        egui::Stroke::new(2.5, egui::Color32::from_rgb(242, 140, 13)),
    ));
    painter.circle_filled(
        centre_of(0, 0),
        cell * 0.38,
        egui::Color32::from_rgb(247, 245, 235),
    );
    if let Some(end) = points.last().filter(|_| points.len() > 1) {
        painter.circle_filled(*end, cell * 0.38, egui::Color32::from_rgb(26, 26, 31));
    }
}

/// A rule's name, then its menu over a line on what it means.
fn rule_cells(ui: &mut egui::Ui, name: &str, explanation: &str, add: impl FnOnce(&mut egui::Ui)) {
    ui.label(egui::RichText::new(name).strong());
    ui.vertical(|ui| {
        add(ui);
        ui.small(explanation);
    });
}

/// One rule's row: its name, its menu, and a line on what it means.
fn rule_row(ui: &mut egui::Ui, name: &str, explanation: &str, add: impl FnOnce(&mut egui::Ui)) {
    rule_cells(ui, name, explanation, add);
    ui.end_row();
}

/// A template measure, for its picture.
#[derive(Clone, Copy)]
enum Measure {
    Box,
    Route,
    Directions,
    Offset,
    Distance,
    Line,
    Count,
}

/// A small picture of what `measure` keeps: on a 5×5 board, the initial
/// capture from b2 (orange) and, in blue, what a later capture must match.
fn measure_picture(ui: &mut egui::Ui, measure: Measure) {
    let side = 60.0;
    let (rect, _) = ui.allocate_exact_size(egui::Vec2::splat(side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let cell = side / 5.0;
    let at =
        |x: f32, y: f32| egui::pos2(rect.min.x + (x + 0.5) * cell, rect.max.y - (y + 0.5) * cell);
    for x in 0..5 {
        for y in 0..5 {
            let fill = if (x + y) % 2 == 0 {
                egui::Color32::from_rgb(133, 110, 89)
            } else {
                egui::Color32::from_rgb(217, 204, 179)
            };
            painter.rect_filled(
                egui::Rect::from_center_size(at(x as f32, y as f32), egui::Vec2::splat(cell)),
                0.0,
                fill,
            );
        }
    }
    let orange = egui::Stroke::new(2.0, egui::Color32::from_rgb(242, 140, 13));
    let blue = egui::Stroke::new(2.0, egui::Color32::from_rgb(40, 130, 230));
    let line = |points: &[(f32, f32)], stroke: egui::Stroke| {
        let points: Vec<egui::Pos2> = points.iter().map(|&(x, y)| at(x, y)).collect();
        painter.add(egui::Shape::line(points, stroke));
    };
    let frame = |from: (f32, f32), to: (f32, f32), stroke: egui::Stroke| {
        let r = egui::Rect::from_two_pos(at(from.0, from.1), at(to.0, to.1));
        painter.rect_stroke(r, 1.0, stroke, egui::StrokeKind::Middle);
    };
    // The initial capture: from b2 two across and one up, to d3.
    let first = [(1.0, 1.0), (3.0, 1.0), (3.0, 2.0)];
    match measure {
        Measure::Box => {
            frame((1.0, 1.0), (3.0, 2.0), orange);
            frame((3.0, 2.0), (1.0, 3.0), blue);
        }
        Measure::Route => {
            line(&first, orange);
            line(&[(3.0, 2.0), (3.0, 4.0), (2.0, 4.0)], blue);
        }
        Measure::Directions => {
            line(&first, orange);
            line(&[(3.0, 2.0), (4.0, 2.0), (4.0, 4.0)], blue);
        }
        Measure::Offset => {
            line(&[(1.0, 1.0), (3.0, 2.0)], orange);
            line(&[(3.0, 2.0), (1.0, 3.0)], blue);
        }
        Measure::Distance => {
            line(&[(1.0, 1.0), (3.0, 2.0)], orange);
            frame((1.0, 0.0), (5.0, 4.0), blue);
        }
        Measure::Line => {
            line(&[(1.0, 1.0), (3.0, 2.0)], orange);
            line(&[(-1.0, 0.0), (5.0, 3.0)], blue);
        }
        Measure::Count => {
            for (dx, dy) in [(1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (-1.0, 1.0)] {
                line(
                    &[
                        (2.0 - 2.0 * dx, 2.0 - 2.0 * dy),
                        (2.0 + 2.0 * dx, 2.0 + 2.0 * dy),
                    ],
                    blue,
                );
            }
        }
    }
    let piece = if matches!(measure, Measure::Count) {
        (2.0, 2.0)
    } else {
        (3.0, 2.0)
    };
    painter.circle_filled(
        at(piece.0, piece.1),
        cell * 0.32,
        egui::Color32::from_rgb(247, 245, 235),
    );
    if matches!(measure, Measure::Count) {
        for (x, y) in [(4.0, 2.0), (2.0, 4.0), (0.0, 0.0)] {
            painter.circle_filled(at(x, y), cell * 0.3, egui::Color32::from_rgb(247, 245, 235));
            painter.circle_stroke(at(x, y), cell * 0.42, blue);
        }
    }
}

/// A template rule's row: its name, its menu, its line and its picture.
fn measure_row(
    ui: &mut egui::Ui,
    name: &str,
    explanation: &str,
    measure: Measure,
    add: impl FnOnce(&mut egui::Ui),
) {
    rule_cells(ui, name, explanation, add);
    measure_picture(ui, measure);
    ui.end_row();
}

/// The movement's rules.
fn movement_rules(ui: &mut egui::Ui, movement: &mut Movement) {
    ui.horizontal_top(|ui| {
        egui::Grid::new("designer-movement")
            .num_columns(2)
            .spacing([10.0, 8.0])
            .show(ui, |ui| {
                let named = step_choices()
                    .into_iter()
                    .find(|(_, set, _)| {
                        set.len() == movement.steps.len()
                            && set
                                .as_slice()
                                .iter()
                                .all(|s| movement.steps.as_slice().contains(s))
                    })
                    .map(|(name, _, _)| name);
                rule_row(
                    ui,
                    "Steps",
                    "Where one step goes. (A game file may list its own steps too.)",
                    |ui| {
                        ui.horizontal_wrapped(|ui| {
                            for (name, set, hint) in step_choices() {
                                if ui
                                    .selectable_label(named == Some(name), name)
                                    .on_hover_text(hint)
                                    .clicked()
                                {
                                    movement.steps = set;
                                }
                            }
                            if named.is_none() {
                                ui.label("(listed in the file)");
                            }
                        });
                    },
                );
                let explain = PATHS
                    .iter()
                    .find(|(_, shape, _)| *shape == movement.shape)
                    .map_or("", |(_, _, line)| *line);
                rule_row(ui, "Path", explain, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        for (name, shape, _) in PATHS {
                            ui.selectable_value(&mut movement.shape, shape, name);
                        }
                    });
                });
                rule_row(
                    ui,
                    "Jumping",
                    presentation_jumping(movement.jumping),
                    |ui| {
                        ui.checkbox(&mut movement.jumping, "the path may pass over pieces");
                    },
                );
            });
        movement_picture(ui, movement);
    });
}

/// The start's choices: the engine's layouts, or rows written out.
fn start_choice(start: &Start) -> usize {
    match start {
        Start::Layout(StartLayout::Checkerboard) => 0,
        Start::Layout(StartLayout::Pairs) => 1,
        Start::Rows(_) => 2,
    }
}

/// The start, the board sizes and the end rule, with a picture of the
/// start on the largest board.
fn board_rules(ui: &mut egui::Ui, draft: &mut Design, rows: &mut String) {
    ui.horizontal_top(|ui| {
        egui::Grid::new("designer-board")
            .num_columns(2)
            .spacing([10.0, 8.0])
            .show(ui, |ui| {
                rule_row(
                    ui,
                    "Start",
                    "How the pieces stand; White moves first. Rows: W White, B Black, . empty, \
                     rank 1 first, each repeated along its rank and the rows up the board.",
                    |ui| {
                        let mut choice = start_choice(&draft.start);
                        let was = choice;
                        menu(
                            ui,
                            "designer-start",
                            &mut choice,
                            &[("checkerboard", 0), ("pairs", 1), ("rows written out", 2)],
                        );
                        if choice != was {
                            draft.start = match choice {
                                0 => Start::Layout(StartLayout::Checkerboard),
                                1 => Start::Layout(StartLayout::Pairs),
                                _ => {
                                    // Rows begin as the layout they replace.
                                    let pattern = draft.start.rows_of();
                                    Start::Rows(pattern)
                                }
                            };
                        }
                        if let Start::Rows(pattern) = draft.start {
                            if rows.is_empty()
                                || rows.parse::<RowPattern>().ok() != Some(pattern)
                                    && ui.memory(|m| !m.has_focus(egui::Id::new("designer-rows")))
                            {
                                *rows = pattern.to_string();
                            }
                            let edit = ui.add(
                                egui::TextEdit::singleline(rows)
                                    .id(egui::Id::new("designer-rows"))
                                    .hint_text("WWBB/BBWW"),
                            );
                            match rows.parse::<RowPattern>() {
                                Ok(read) => {
                                    if edit.changed() {
                                        draft.start = Start::Rows(read);
                                    }
                                }
                                Err(e) => {
                                    ui.colored_label(ERROR, e.to_string());
                                }
                            }
                        }
                    },
                );
                rule_row(
                    ui,
                    "Boards",
                    "The sizes it is played on: every board from the smallest to the largest.",
                    |ui| {
                        let sizes = &mut draft.sizes;
                        let (mut small, mut large) = (
                            (sizes.smallest.files(), sizes.smallest.ranks()),
                            (sizes.largest.files(), sizes.largest.ranks()),
                        );
                        let range = BoardSize::MIN..=BoardSize::MAX;
                        ui.horizontal(|ui| {
                            ui.label("from");
                            ui.add(egui::DragValue::new(&mut small.0).range(range.clone()));
                            ui.label("×");
                            ui.add(egui::DragValue::new(&mut small.1).range(range.clone()));
                            ui.label("to");
                            ui.add(egui::DragValue::new(&mut large.0).range(range.clone()));
                            ui.label("×");
                            ui.add(egui::DragValue::new(&mut large.1).range(range));
                        });
                        // The largest never below the smallest.
                        large = (large.0.max(small.0), large.1.max(small.1));
                        if let (Some(smallest), Some(largest)) = (
                            BoardSize::new(small.0, small.1),
                            BoardSize::new(large.0, large.1),
                        ) && let Some(range) = SizeRange::new(smallest, largest)
                        {
                            *sizes = range;
                        }
                    },
                );
                rule_row(
                    ui,
                    "End",
                    "Who wins when the player to move has no capture. Every turn removes a \
                     piece, so either way there are no draws.",
                    |ui| {
                        menu(
                            ui,
                            "designer-end",
                            &mut draft.end,
                            &[
                                ("the last capture wins", EndRule::LastCaptureWins),
                                ("the last capture loses", EndRule::LastCaptureLoses),
                            ],
                        );
                    },
                );
            });
        start_picture(ui, draft);
    });
}

/// The start on the design's largest board, a square a cell.
fn start_picture(ui: &mut egui::Ui, draft: &Design) {
    let size = draft.sizes.largest;
    let cell = 11.0;
    let (rect, _) = ui.allocate_exact_size(
        egui::vec2(f32::from(size.files()), f32::from(size.ranks())) * cell,
        egui::Sense::hover(),
    );
    let painter = ui.painter_at(rect);
    let board = draft.start.board(size);
    for sq in size.squares() {
        let min = egui::pos2(
            rect.min.x + f32::from(sq.x()) * cell,
            rect.max.y - f32::from(sq.y() + 1) * cell,
        );
        let square = egui::Rect::from_min_size(min, egui::Vec2::splat(cell));
        let light = (sq.x() + sq.y()) % 2 == 1;
        painter.rect_filled(
            square,
            0.0,
            if light {
                egui::Color32::from_rgb(200, 180, 150)
            } else {
                egui::Color32::from_rgb(150, 120, 90)
            },
        );
        if let Some(color) = board.color_at(sq) {
            painter.circle_filled(
                square.center(),
                cell * 0.38,
                match color {
                    Color::White => egui::Color32::from_rgb(245, 240, 230),
                    Color::Black => egui::Color32::from_rgb(40, 35, 35),
                },
            );
        }
    }
}

fn presentation_jumping(jumping: bool) -> &'static str {
    if jumping {
        "Pieces on the way do not stop a capture."
    } else {
        "Every square before the target must be empty."
    }
}

/// The template's rules: each measure on or off, with its group.
fn template_rules(ui: &mut egui::Ui, draft: &mut Design) {
    let t = &mut draft.template;
    ui.label(
        "A later capture fits when every measure switched on matches the initial capture's. \
         In each picture the initial capture is orange and a later one that fits is blue.",
    );
    egui::Grid::new("designer-template")
        .num_columns(3)
        .spacing([10.0, 8.0])
        .show(ui, |ui| {
            measure_row(
                ui,
                "Box",
                "The bounding box: as many squares across and as many up or down.",
                Measure::Box,
                |ui| {
                    menu(
                        ui,
                        "designer-box",
                        &mut t.bounding_box,
                        &[
                            ("off", None),
                            ("exactly", Some(Symmetry::Exact)),
                            ("either way round", Some(Symmetry::Turned)),
                        ],
                    );
                },
            );
            measure_row(
                ui,
                "Route",
                "The exact steps of the initial capture, in order.",
                Measure::Route,
                |ui| {
                    menu(ui, "designer-route", &mut t.route, &GROUPS);
                },
            );
            measure_row(
                ui,
                "Directions",
                "Only the compass directions the initial capture went.",
                Measure::Directions,
                |ui| {
                    menu(ui, "designer-directions", &mut t.directions, &GROUPS);
                },
            );
            measure_row(
                ui,
                "Offset",
                "The same vector, so many across and so many up (in the picture, mirrored).",
                Measure::Offset,
                |ui| {
                    menu(ui, "designer-offset", &mut t.offset, &GROUPS);
                },
            );
            measure_row(
                ui,
                "Distance",
                "The same length of capture.",
                Measure::Distance,
                |ui| {
                    menu(
                        ui,
                        "designer-distance",
                        &mut t.distance,
                        &[
                            ("off", None),
                            ("as a king walks", Some(Distance::King)),
                            ("in orthogonal steps", Some(Distance::Steps)),
                        ],
                    );
                },
            );
            measure_row(
                ui,
                "Line",
                "The target on the line of the initial capture, either way.",
                Measure::Line,
                |ui| {
                    ui.checkbox(&mut t.line, "same line");
                },
            );
            measure_row(
                ui,
                "Count",
                "How many pieces the piece sees after landing, compared with after the \
                 initial capture.",
                Measure::Count,
                |ui| {
                    let mut on = t.count.is_some();
                    if ui.checkbox(&mut on, "count pieces in sight").changed() {
                        t.count = on.then_some(Count {
                            of: Counted::Friends,
                            lines: Lines::Queen,
                            compare: Compare::Equal,
                        });
                    }
                    if let Some(count) = &mut t.count {
                        ui.horizontal_wrapped(|ui| {
                            menu(
                                ui,
                                "designer-count-compare",
                                &mut count.compare,
                                &[
                                    ("as many", Compare::Equal),
                                    ("at least as many", Compare::AtLeast),
                                    ("at most as many", Compare::AtMost),
                                ],
                            );
                            menu(
                                ui,
                                "designer-count-of",
                                &mut count.of,
                                &[
                                    ("friends", Counted::Friends),
                                    ("enemies", Counted::Enemies),
                                    ("pieces", Counted::Pieces),
                                ],
                            );
                            ui.label("along");
                            menu(
                                ui,
                                "designer-count-lines",
                                &mut count.lines,
                                &[
                                    ("eight lines", Lines::Queen),
                                    ("ranks and files", Lines::Rook),
                                    ("diagonals", Lines::Bishop),
                                ],
                            );
                        });
                    }
                },
            );
        });
}

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
                    .text(format!("measuring {done} of {all}")),
            );
            if ui.button("Stop").clicked() {
                intents.push(DesignerIntent::StopReport);
            }
        } else {
            ui.label(format!("measured {done} of {all}"));
        }
        if state.design != draft {
            ui.colored_label(ERROR, "(of an earlier version of the design)");
        }
    });
    match &state.latest {
        Some(Ok(report)) => {
            for warning in &report.warnings {
                ui.colored_label(ERROR, format!("warning: {warning}"));
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
            ui.colored_label(ERROR, e);
        }
        None => {}
    }
}

/// The designer's window.
pub fn designer_window(
    mut contexts: EguiContexts,
    mut designer: ResMut<Designer>,
    variants: Res<Variants>,
    online: Res<Online>,
    mut state: ResMut<UiState>,
    mut writer: MessageWriter<DesignerIntent>,
    #[cfg(target_arch = "wasm32")] mut files: MessageWriter<crate::game::web_files::WebFileIntent>,
) -> Result {
    let ctx = &contexts.ctx_mut()?.clone();
    if let Some(id) = state.design_from.take() {
        writer.write(DesignerIntent::Open(id));
    }
    let mut open = designer.open;
    let designer = &mut *designer;
    let mut intents = Vec::new();
    super::fitted(egui::Window::new("Designer"), ctx)
        .id(egui::Id::new("designer"))
        .open(&mut open)
        .default_pos(egui::pos2(24.0, 24.0))
        .default_width(600.0)
        .default_height((ctx.content_rect().height() - 60.0).max(240.0))
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height((ctx.content_rect().height() - 100.0).max(200.0))
                .show(ui, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        ui.label("Start from");
                        egui::ComboBox::from_id_salt("designer-from")
                            .selected_text("a game…")
                            .show_ui(ui, |ui| {
                                for rules in variants.iter() {
                                    if ui.selectable_label(false, rules.variant().name()).clicked()
                                    {
                                        intents.push(DesignerIntent::Open(rules.id().to_string()));
                                    }
                                }
                            });
                    });
                    egui::Grid::new("designer-names")
                        .num_columns(2)
                        .show(ui, |ui| {
                            ui.label("Name");
                            let name = ui.text_edit_singleline(&mut designer.draft.name);
                            state.spot("designer-name", &name);
                            ui.end_row();
                            ui.label("Id");
                            ui.horizontal(|ui| {
                                ui.text_edit_singleline(&mut designer.draft.id);
                                ui.small("lower case, digits, dashes");
                            });
                            ui.end_row();
                            ui.label("Summary");
                            ui.text_edit_singleline(&mut designer.draft.summary);
                            ui.end_row();
                        });
                    ui.separator();
                    ui.heading("Movement");
                    movement_rules(ui, &mut designer.draft.movement);
                    ui.separator();
                    ui.heading("Template");
                    template_rules(ui, &mut designer.draft);
                    ui.separator();
                    ui.heading("Board and end");
                    board_rules(ui, &mut designer.draft, &mut designer.rows);
                    ui.separator();
                    verdict_panel(ui, designer, &mut state.examples);
                    ui.separator();
                    ui.horizontal_wrapped(|ui| {
                        ui.label("Try it on");
                        // The square boards the design is played on.
                        let sizes = designer.draft.sizes;
                        for n in [4u8, 5, 6, 8] {
                            if BoardSize::new(n, n).is_some_and(|s| sizes.contains(s)) {
                                ui.selectable_value(&mut designer.board, n, format!("{n}×{n}"));
                            }
                        }
                        ui.label("against");
                        egui::ComboBox::from_id_salt("designer-opponent")
                            .selected_text(designer.opponent.label())
                            .show_ui(ui, |ui| {
                                ui.selectable_value(
                                    &mut designer.opponent,
                                    Player::Human,
                                    "Human (both sides here)",
                                );
                                for level in Level::ALL {
                                    ui.selectable_value(
                                        &mut designer.opponent,
                                        Player::Computer(level),
                                        format!("Computer ({level})"),
                                    );
                                }
                            });
                    });
                    ui.horizontal_wrapped(|ui| {
                        let try_it = ui.button(egui::RichText::new("Try it").strong());
                        state.spot("designer-try", &try_it);
                        if try_it.clicked() {
                            intents.push(DesignerIntent::Try);
                        }
                        let save = ui.button(if cfg!(target_arch = "wasm32") {
                            "Download file"
                        } else {
                            "Save"
                        });
                        state.spot("designer-save", &save);
                        if save.clicked() {
                            intents.push(DesignerIntent::Save);
                        }
                        if ui.button("Copy text").clicked() {
                            ui.ctx().copy_text(designer.draft.to_string());
                            designer.notice = Some("the game file is on the clipboard".into());
                        }
                        let page = online.page_address();
                        if ui
                            .button("Copy link")
                            .on_hover_text(format!(
                                "A link to the web page at {page} that opens this design"
                            ))
                            .clicked()
                        {
                            ui.ctx().copy_text(designer.link(&page));
                            designer.notice = Some(format!(
                                "a link to {page} with the design is on the clipboard"
                            ));
                        }
                        let running = designer.report.as_ref().is_some_and(|r| r.running());
                        let measure = ui.add_enabled(!running, egui::Button::new("Report"));
                        state.spot("designer-report", &measure);
                        if measure.clicked() {
                            intents.push(DesignerIntent::Report);
                        }
                    });
                    if let Some(notice) = &designer.notice {
                        ui.label(notice);
                    }
                    report_panel(ui, designer, &mut intents);
                    ui.separator();
                    ui.label("Open a design: paste its game file or its share code.");
                    ui.add(
                        egui::TextEdit::multiline(&mut designer.paste)
                            .desired_rows(3)
                            .desired_width(f32::INFINITY)
                            .code_editor(),
                    );
                    ui.horizontal(|ui| {
                        if ui
                            .add_enabled(
                                !designer.paste.trim().is_empty(),
                                egui::Button::new("Open"),
                            )
                            .clicked()
                        {
                            intents.push(DesignerIntent::Read(designer.paste.clone()));
                        }
                        #[cfg(target_arch = "wasm32")]
                        if ui.button("Open file…").clicked() {
                            files.write(crate::game::web_files::WebFileIntent::OpenDesign);
                        }
                        egui::CollapsingHeader::new("The game file").show(ui, |ui| {
                            ui.label(
                                egui::RichText::new(designer.draft.to_string())
                                    .monospace()
                                    .small(),
                            );
                        });
                    });
                });
        });
    designer.open = open && designer.open;
    writer.write_batch(intents);
    Ok(())
}

/// The live verdict: a game or why not, its first figures, its rules in
/// words and its example turn.
fn verdict_panel(ui: &mut egui::Ui, designer: &mut Designer, examples: &mut diagram::Examples) {
    let verdict = designer.verdict().clone();
    match &verdict.rules {
        Ok(rules) => {
            ui.colored_label(GOOD, "A game: every rule of the system holds.");
            for line in &verdict.figures {
                ui.label(line);
            }
            egui::CollapsingHeader::new("Its rules and an example")
                .default_open(true)
                .show(ui, |ui| super::dialogs::game_rules(ui, rules, examples));
        }
        Err(why) => {
            ui.colored_label(ERROR, format!("Not a game yet: {why}"));
        }
    }
}
