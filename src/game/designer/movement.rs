//! The movement's editor: the steps, the path's shape and jumping, with a
//! small picture of the movement.

use bevy_egui::egui;

use crate::game::designer::widgets::{rule_grid, rule_row};
use crate::rules::{Movement, PathShape, Step, StepSet};
use crate::tr;

/// The named step sets, as the menu offers them: the name, the steps and
/// a line on them.
fn step_choices() -> [(String, StepSet, String); 4] {
    [
        (
            tr!("steps-orthogonal"),
            StepSet::ORTHOGONAL,
            tr!("steps-orthogonal-hint"),
        ),
        (
            tr!("steps-diagonal"),
            StepSet::from_slice(&[Step::NE, Step::SE, Step::SW, Step::NW]),
            tr!("steps-diagonal-hint"),
        ),
        (tr!("steps-king"), StepSet::KING, tr!("steps-king-hint")),
        (
            tr!("steps-knight"),
            StepSet::from_slice(&Step::KNIGHT),
            tr!("steps-knight-hint"),
        ),
    ]
}

/// The path shapes: the name, the shape and a line on it.
fn paths() -> [(String, PathShape, String); 4] {
    [
        (
            tr!("path-single"),
            PathShape::Single,
            tr!("path-single-hint"),
        ),
        (
            tr!("path-straight"),
            PathShape::Straight,
            tr!("path-straight-hint"),
        ),
        (
            tr!("path-two-directions"),
            PathShape::TwoSteps,
            tr!("path-two-directions-hint"),
        ),
        (
            tr!("path-within-box"),
            PathShape::WithinBox,
            tr!("path-within-box-hint"),
        ),
    ]
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

fn presentation_jumping(jumping: bool) -> String {
    if jumping {
        tr!("jumping-on-hint")
    } else {
        tr!("jumping-off-hint")
    }
}

/// The movement's rules.
pub(super) fn movement_rules(ui: &mut egui::Ui, movement: &mut Movement) {
    ui.horizontal_top(|ui| {
        rule_grid(ui, "designer-movement", 2, |ui| {
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
                &tr!("designer-steps"),
                &tr!("designer-steps-hint"),
                |ui| {
                    ui.horizontal_wrapped(|ui| {
                        for (name, set, hint) in step_choices() {
                            if ui
                                .selectable_label(named.as_ref() == Some(&name), name)
                                .on_hover_text(hint)
                                .clicked()
                            {
                                movement.steps = set;
                            }
                        }
                        if named.is_none() {
                            ui.label(tr!("designer-steps-listed"));
                        }
                    });
                },
            );
            let explain = paths()
                .into_iter()
                .find(|(_, shape, _)| *shape == movement.shape)
                .map_or(String::new(), |(_, _, line)| line);
            rule_row(ui, &tr!("designer-path"), &explain, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for (name, shape, _) in paths() {
                        ui.selectable_value(&mut movement.shape, shape, name);
                    }
                });
            });
            rule_row(
                ui,
                &tr!("designer-jumping"),
                &presentation_jumping(movement.jumping),
                |ui| {
                    ui.checkbox(&mut movement.jumping, tr!("designer-jumping-check"));
                },
            );
        });
        movement_picture(ui, movement);
    });
}
