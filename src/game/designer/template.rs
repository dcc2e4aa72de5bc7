//! The template's editor: each measure on or off, with its group and a
//! small picture of what it keeps.

use bevy_egui::egui;

use crate::game::designer::widgets::{menu, rule_cells, rule_grid};
use crate::rules::Design;
use crate::rules::design::{Compare, Count, Counted, Distance, Lines, Symmetry};
use crate::tr;

/// A symmetry group's choices, `off` first.
fn groups() -> [(String, Option<Symmetry>); 5] {
    [
        (tr!("measure-off"), None),
        (tr!("measure-exactly"), Some(Symmetry::Exact)),
        (tr!("measure-turned"), Some(Symmetry::Turned)),
        (tr!("measure-mirrored"), Some(Symmetry::Mirrored)),
        (tr!("measure-any-image"), Some(Symmetry::All)),
    ]
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

/// The template's rules: each measure on or off, with its group.
pub(super) fn template_rules(ui: &mut egui::Ui, draft: &mut Design) {
    let t = &mut draft.template;
    ui.label(tr!("designer-template-intro"));
    rule_grid(ui, "designer-template", 3, |ui| {
        measure_row(
            ui,
            &tr!("measure-box"),
            &tr!("measure-box-hint"),
            Measure::Box,
            |ui| {
                menu(
                    ui,
                    "designer-box",
                    &mut t.bounding_box,
                    &[
                        (tr!("measure-off"), None),
                        (tr!("measure-exactly"), Some(Symmetry::Exact)),
                        (tr!("measure-either-way"), Some(Symmetry::Turned)),
                    ],
                );
            },
        );
        measure_row(
            ui,
            &tr!("measure-route"),
            &tr!("measure-route-hint"),
            Measure::Route,
            |ui| {
                menu(ui, "designer-route", &mut t.route, &groups());
            },
        );
        measure_row(
            ui,
            &tr!("measure-directions"),
            &tr!("measure-directions-hint"),
            Measure::Directions,
            |ui| {
                menu(ui, "designer-directions", &mut t.directions, &groups());
            },
        );
        measure_row(
            ui,
            &tr!("measure-offset"),
            &tr!("measure-offset-hint"),
            Measure::Offset,
            |ui| {
                menu(ui, "designer-offset", &mut t.offset, &groups());
            },
        );
        measure_row(
            ui,
            &tr!("measure-distance"),
            &tr!("measure-distance-hint"),
            Measure::Distance,
            |ui| {
                menu(
                    ui,
                    "designer-distance",
                    &mut t.distance,
                    &[
                        (tr!("measure-off"), None),
                        (tr!("measure-king-walks"), Some(Distance::King)),
                        (tr!("measure-orthogonal-steps"), Some(Distance::Steps)),
                    ],
                );
            },
        );
        measure_row(
            ui,
            &tr!("measure-line"),
            &tr!("measure-line-hint"),
            Measure::Line,
            |ui| {
                ui.checkbox(&mut t.line, tr!("measure-same-line"));
            },
        );
        measure_row(
            ui,
            &tr!("measure-count"),
            &tr!("measure-count-hint"),
            Measure::Count,
            |ui| count_choice(ui, &mut t.count),
        );
    });
}

/// The count measure: off, or what is counted along which lines, compared
/// how.
fn count_choice(ui: &mut egui::Ui, count_rule: &mut Option<Count>) {
    let mut on = count_rule.is_some();
    if ui.checkbox(&mut on, tr!("count-on")).changed() {
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
                    (tr!("count-as-many"), Compare::Equal),
                    (tr!("count-at-least"), Compare::AtLeast),
                    (tr!("count-at-most"), Compare::AtMost),
                ],
            );
            menu(
                ui,
                "designer-count-of",
                &mut count.of,
                &[
                    (tr!("count-friends"), Counted::Friends),
                    (tr!("count-enemies"), Counted::Enemies),
                    (tr!("count-pieces"), Counted::Pieces),
                ],
            );
            ui.label(tr!("count-along"));
            menu(
                ui,
                "designer-count-lines",
                &mut count.lines,
                &[
                    (tr!("count-eight-lines"), Lines::Queen),
                    (tr!("count-ranks-files"), Lines::Rook),
                    (tr!("count-diagonals"), Lines::Bishop),
                ],
            );
        });
    }
}
