//! The review window: the evaluation graph of the game (a plot with axes,
//! the position on show marked, a click goes to that position), the turns
//! where the evaluation swung most, and a picture of the window to save.

use bevy_egui::egui::{self, Color32, Pos2, Rect, Sense, Stroke, Vec2};

use bevy::prelude::{InMut, MessageWriter, Res, ResMut, Result};
use bevy_egui::EguiContexts;

use crate::game::play::{Game, GameIntent};
use crate::game::review::evaluation::{GameReview, ReviewIntent, SavePicture};
use crate::rules::Side;

use crate::game::ui::{UiState, fitted, words};
use crate::tr;

const LINE: Color32 = Color32::from_rgb(120, 190, 255);
const MISTAKE: Color32 = Color32::from_rgb(235, 80, 70);
const CURRENT: Color32 = Color32::from_rgb(250, 210, 60);

/// The Review button among the turn's actions, once a turn is played.
pub(super) fn review_button(
    InMut(ui): InMut<egui::Ui>,
    game: Res<Game>,
    mut state: ResMut<UiState>,
    mut intents: MessageWriter<ReviewIntent>,
) {
    let can_review = !game.played().is_empty();
    let review = ui
        .add_enabled(can_review, egui::Button::new(tr!("action-review")))
        .on_hover_text(tr!("action-review-hint"));
    state.spot("review", &review);
    if review.clicked() {
        intents.write(ReviewIntent(true));
    }
}

/// The graph of White's share over the game's positions; returns the
/// position clicked, if one was.
fn graph(ui: &mut egui::Ui, game: &Game, review: &GameReview, mistakes: &[usize]) -> Option<usize> {
    let points = &review.points;
    let positions = game.positions().len();
    let (rect, response) = ui.allocate_exact_size(
        Vec2::new(ui.available_width().max(300.0), 190.0),
        Sense::click(),
    );
    crate::game::ui::name_for_reader(&response, tr!("review-graph-note"));
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, Color32::from_gray(24));
    let plot = Rect::from_min_max(
        rect.min + Vec2::new(46.0, 10.0),
        rect.max - Vec2::new(10.0, 24.0),
    );
    let span = (positions.max(2) - 1) as f32;
    let x = |i: usize| plot.left() + plot.width() * i as f32 / span;
    let y = |v: f32| plot.center().y - v.clamp(-1.0, 1.0) * plot.height() / 2.0;
    axes(&painter, plot, positions, x, y);
    let line: Vec<Pos2> = review
        .line()
        .into_iter()
        .enumerate()
        .map(|(i, v)| Pos2::new(x(i), y(v)))
        .collect();
    painter.add(egui::Shape::line(line.clone(), Stroke::new(2.0, LINE)));
    for &ply in mistakes {
        if let Some(p) = line.get(ply + 1) {
            painter.circle_filled(*p, 5.0, MISTAKE);
        }
    }
    let shown = game.review().unwrap_or(positions - 1);
    painter.line_segment(
        [
            Pos2::new(x(shown), plot.top()),
            Pos2::new(x(shown), plot.bottom()),
        ],
        Stroke::new(1.5, CURRENT),
    );
    if let Some(p) = line.get(shown) {
        painter.circle_stroke(*p, 6.0, Stroke::new(2.0, CURRENT));
    }
    let at_pointer = |pos: Pos2| {
        let i = ((pos.x - plot.left()) / plot.width() * span).round();
        (i >= 0.0).then_some((i as usize).min(positions - 1))
    };
    if let Some(pos) = response.hover_pos()
        && let Some(i) = at_pointer(pos)
        && let Some(point) = points.get(i)
    {
        response.clone().on_hover_text(tr!(
            "review-point",
            count = i,
            share = format!("{:+.2}", point.white),
            score = point.score
        ));
    }
    if response.clicked() {
        return response.interact_pointer_pos().and_then(at_pointer);
    }
    None
}

/// The graph's axes: the evaluation up the side (White's share, from
/// Black's win to White's), the turns along the bottom.
fn axes(
    painter: &egui::Painter,
    plot: Rect,
    positions: usize,
    x: impl Fn(usize) -> f32,
    y: impl Fn(f32) -> f32,
) {
    let axis = Stroke::new(1.0, Color32::from_gray(150));
    let grid = Stroke::new(1.0, Color32::from_gray(55));
    let font = egui::FontId::proportional(11.0);
    // The axes: evaluation up the side, turns along the bottom.
    painter.line_segment([plot.left_top(), plot.left_bottom()], axis);
    painter.line_segment([plot.left_bottom(), plot.right_bottom()], axis);
    let (white, black, even) = (
        words::side(Side::White),
        words::side(Side::Black),
        tr!("review-even"),
    );
    for (v, label) in [
        (1.0, white.as_str()),
        (0.5, ""),
        (0.0, even.as_str()),
        (-0.5, ""),
        (-1.0, black.as_str()),
    ] {
        painter.line_segment(
            [Pos2::new(plot.left(), y(v)), Pos2::new(plot.right(), y(v))],
            grid,
        );
        painter.text(
            Pos2::new(plot.left() - 4.0, y(v)),
            egui::Align2::RIGHT_CENTER,
            label,
            font.clone(),
            Color32::from_gray(190),
        );
    }
    let every = match positions {
        0..=12 => 2,
        13..=40 => 5,
        41..=100 => 10,
        _ => 20,
    };
    // (the last ticks leave room for the axis's name)
    for i in (0..positions)
        .step_by(every)
        .filter(|&i| x(i) < plot.right() - 30.0)
    {
        painter.line_segment(
            [
                Pos2::new(x(i), plot.bottom()),
                Pos2::new(x(i), plot.bottom() + 4.0),
            ],
            axis,
        );
        painter.text(
            Pos2::new(x(i), plot.bottom() + 6.0),
            egui::Align2::CENTER_TOP,
            i.to_string(),
            font.clone(),
            Color32::from_gray(190),
        );
    }
    painter.text(
        Pos2::new(plot.right(), plot.bottom() + 6.0),
        egui::Align2::RIGHT_TOP,
        tr!("review-turns-axis"),
        font.clone(),
        Color32::from_gray(150),
    );
}

/// The picture button's label: the web page hands the picture to the
/// browser as a download.
fn save_picture() -> String {
    if cfg!(target_arch = "wasm32") {
        tr!("review-download-picture")
    } else {
        tr!("review-save-picture")
    }
}

/// The review window: the evaluation graph, the turns that swung it, a
/// picture to save and the record to copy.
pub(super) fn review_window(
    mut contexts: EguiContexts,
    game: Res<Game>,
    review: Res<GameReview>,
    #[cfg(target_arch = "wasm32")] time: Res<bevy::time::Time<bevy::time::Real>>,
    mut intents: MessageWriter<GameIntent>,
    mut review_intents: MessageWriter<ReviewIntent>,
    mut pictures: MessageWriter<SavePicture>,
    mut state: ResMut<UiState>,
) -> Result {
    let ctx = &contexts.ctx_mut()?.clone();
    let state = &mut *state;
    let game = &*game;
    let mut open = review.open;
    let mut go_to = None;
    let mut picture = false;
    let mistakes = review.mistakes(game, 3);
    fitted(egui::Window::new(tr!("action-review")), ctx)
        .id(egui::Id::new("review"))
        .open(&mut open)
        .default_width(460.0)
        .default_pos(egui::pos2(24.0, 380.0))
        .show(ctx, |ui| {
            let done = review.points.len();
            let total = game.positions().len();
            if done < total {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(tr!("review-evaluating", done = done, count = total));
                });
            }
            go_to = graph(ui, game, &review, &mistakes);
            ui.label(egui::RichText::new(tr!("review-graph-note")).small());
            ui.separator();
            if mistakes.is_empty() {
                ui.label(if done < total {
                    tr!("review-looking")
                } else {
                    tr!("review-no-mistakes")
                });
            } else {
                ui.label(tr!("review-swings"));
            }
            for &ply in &mistakes {
                let side = game.positions()[ply].turn;
                let played = game.played()[ply].to_string();
                let side = words::side_key(side);
                let line = match review.best_at(ply) {
                    Some(better) => tr!(
                        "review-mistake-better",
                        number = ply + 1,
                        side = side,
                        turn = played,
                        better = better.to_string()
                    ),
                    None => tr!(
                        "review-mistake",
                        number = ply + 1,
                        side = side,
                        turn = played
                    ),
                };
                ui.horizontal_wrapped(|ui| {
                    ui.label(egui::RichText::new(line).color(MISTAKE));
                    if ui.small_button(tr!("review-show")).clicked() {
                        go_to = Some(ply);
                    }
                });
            }
            ui.separator();
            ui.horizontal(|ui| {
                let save = ui.button(save_picture());
                state.spot("save-picture", &save);
                if save.clicked() {
                    picture = true;
                }
                if ui.button(tr!("menu-copy-record")).clicked() {
                    ui.ctx().copy_text(game.record().to_string());
                }
            });
        });
    if let Some(index) = go_to {
        intents.write(GameIntent::Review(Some(index)));
    }
    if picture {
        let path = std::path::Path::new(&state.file_path).with_extension("png");
        #[cfg(target_arch = "wasm32")]
        {
            state.toast = Some((
                tr!("records-downloading", file = path.display().to_string()),
                time.elapsed_secs_f64(),
            ));
        }
        pictures.write(SavePicture(path));
    }
    if open != review.open {
        review_intents.write(ReviewIntent(open));
    }
    Ok(())
}
