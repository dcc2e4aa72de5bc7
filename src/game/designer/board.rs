//! The board's editor: the start, the board sizes and the end rule, with a
//! picture of the start on the largest board.

use bevy_egui::egui;

use crate::game::designer::widgets::{ERROR, menu, named_by_rule, rule_grid, rule_row};
use crate::game::ui::NamedBy;
use crate::rules::{BoardSize, Design, EndRule, RowPattern, Side, SizeRange, Start, StartLayout};
use crate::tr;

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
pub(super) fn board_rules(ui: &mut egui::Ui, draft: &mut Design, rows: &mut String) {
    ui.horizontal_top(|ui| {
        rule_grid(ui, "designer-board", 2, |ui| {
            rule_row(
                ui,
                &tr!("designer-start"),
                &tr!("designer-start-hint"),
                |ui| start_cell(ui, draft, rows),
            );
            rule_row(
                ui,
                &tr!("designer-boards"),
                &tr!("designer-boards-hint"),
                |ui| sizes_cell(ui, &mut draft.sizes),
            );
            rule_row(ui, &tr!("designer-end"), &tr!("designer-end-hint"), |ui| {
                menu(
                    ui,
                    "designer-end",
                    &mut draft.end,
                    &[
                        (tr!("designer-end-wins"), EndRule::LastCaptureWins),
                        (tr!("designer-end-loses"), EndRule::LastCaptureLoses),
                    ],
                );
            });
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
        if let Some(color) = board.side_at(sq) {
            painter.circle_filled(
                square.center(),
                cell * 0.38,
                match color {
                    Side::White => egui::Color32::from_rgb(245, 240, 230),
                    Side::Black => egui::Color32::from_rgb(40, 35, 35),
                },
            );
        }
    }
}

/// The start's menu, and the rows when they are written out.
fn start_cell(ui: &mut egui::Ui, draft: &mut Design, rows: &mut String) {
    let mut choice = start_choice(&draft.start);
    let was = choice;
    menu(
        ui,
        "designer-start",
        &mut choice,
        &[
            (tr!("start-checkerboard"), 0),
            (tr!("start-pairs"), 1),
            (tr!("designer-rows-written"), 2),
        ],
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
        let edit = named_by_rule(ui, edit);
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
}

/// The boards from the smallest to the largest (the largest never below
/// the smallest).
fn sizes_cell(ui: &mut egui::Ui, sizes: &mut SizeRange) {
    let (mut small, mut large) = (
        (sizes.smallest.files(), sizes.smallest.ranks()),
        (sizes.largest.files(), sizes.largest.ranks()),
    );
    let range = BoardSize::MIN..=BoardSize::MAX;
    ui.horizontal(|ui| {
        let from = ui.label(tr!("designer-from"));
        ui.add(egui::DragValue::new(&mut small.0).range(range.clone()))
            .named_by(from.id);
        ui.label("×");
        ui.add(egui::DragValue::new(&mut small.1).range(range.clone()))
            .named_by(from.id);
        let to = ui.label(tr!("designer-to"));
        ui.add(egui::DragValue::new(&mut large.0).range(range.clone()))
            .named_by(to.id);
        ui.label("×");
        ui.add(egui::DragValue::new(&mut large.1).range(range))
            .named_by(to.id);
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
}
