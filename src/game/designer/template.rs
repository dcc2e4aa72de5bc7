//! The template's editor: each measure on or off, with its group and a
//! small picture of what it keeps.

use bevy_egui::egui;

use crate::game::designer::widgets::{menu, rule_cells, rule_grid};
use crate::rules::Design;
use crate::rules::design::{Compare, Count, Counted, Distance, Lines, Symmetry};

/// A symmetry group's choices, `off` first.
const GROUPS: [(&str, Option<Symmetry>); 5] = [
    ("off", None),
    ("exactly", Some(Symmetry::Exact)),
    ("or turned", Some(Symmetry::Turned)),
    ("or mirrored", Some(Symmetry::Mirrored)),
    ("or any image", Some(Symmetry::All)),
];

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

/// The template's rules: each measure on or off, with its group.
pub(super) fn template_rules(ui: &mut egui::Ui, draft: &mut Design) {
    let t = &mut draft.template;
    ui.label(
        "A later capture fits when every measure switched on matches the initial capture's. \
         In each picture the initial capture is orange and a later one that fits is blue.",
    );
    rule_grid(ui, "designer-template", 3, |ui| {
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
            |ui| count_choice(ui, &mut t.count),
        );
    });
}

/// The count measure: off, or what is counted along which lines, compared
/// how.
fn count_choice(ui: &mut egui::Ui, count_rule: &mut Option<Count>) {
    let mut on = count_rule.is_some();
    if ui.checkbox(&mut on, "count pieces in sight").changed() {
        *count_rule = on.then_some(Count {
            of: Counted::Friends,
            lines: Lines::Queen,
            compare: Compare::Equal,
        });
    }
    if let Some(count) = count_rule {
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
}
