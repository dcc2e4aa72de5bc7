//! Rules diagrams: a game's own example turn drawn on a small board with
//! egui's painter, in two pictures: the initial capture with the template it
//! fixes (drawn by the game's presentation, as on the real board), and the
//! whole chain of captures, numbered.

use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, Vec2};

use crate::game::presentation::{self, Example, TemplateDrawing};
use crate::rules::{
    Board, BoardSize, Capture, MoveError, ParsePositionError, ParseTurnError, PlayedTurn, Position,
    Rules, Side, Square, Template, VariantError,
};
use crate::tr;

const LIGHT: Color32 = Color32::from_rgb(217, 204, 179);
const DARK: Color32 = Color32::from_rgb(133, 110, 89);
const WHITE_PIECE: Color32 = Color32::from_rgb(247, 245, 235);
const BLACK_PIECE: Color32 = Color32::from_rgb(26, 26, 31);
const PATH: Color32 = Color32::from_rgb(242, 140, 13);
const TEMPLATE: Color32 = Color32::from_rgb(89, 191, 255);
const BLOCKED: Color32 = Color32::from_rgb(230, 64, 51);

/// An example turn, played out: the board before each capture and the
/// squares each capture passes through.
pub struct PlayedExample {
    pub start: Position,
    pub steps: Vec<(Board, Vec<Square>)>,
    /// The template the initial capture fixed, and the board after it.
    pub template: Template,
    pub after_first: Board,
    pub caption: String,
}

/// Why a presentation's example does not play: it is not a legal,
/// complete turn.
#[derive(Debug, thiserror::Error)]
pub enum ExampleError {
    #[error("example position: {0}")]
    Position(ParsePositionError),
    #[error("example turn: {0}")]
    TurnText(ParseTurnError),
    #[error("example turn {turn}: {error}")]
    Turn {
        turn: Box<PlayedTurn>,
        error: MoveError,
    },
    #[error("{0} does not fit")]
    DoesNotFit(Square),
    #[error("{0}")]
    Move(#[from] MoveError),
    #[error("{0}")]
    Variant(#[from] VariantError),
}

/// Plays `example` with `rules`; an error names what does not fit (a
/// presentation's example that is not a legal, complete turn).
pub fn play(rules: &Rules, example: &Example) -> Result<PlayedExample, ExampleError> {
    let start: Position = example.position.parse().map_err(ExampleError::Position)?;
    let turn: PlayedTurn = example.turn.parse().map_err(ExampleError::TurnText)?;
    rules
        .play(&start, &turn)
        .map_err(|error| ExampleError::Turn {
            turn: Box::new(turn.clone()),
            error,
        })?;
    let first = Capture {
        from: turn.origin,
        to: turn.captures[0],
        route: turn.route,
    };
    let mut progress = rules.begin_turn(&start, &first)?;
    let path = rules.path(&start.board, &first)?;
    let mut steps = vec![(start.board, path)];
    let template = *progress.template();
    let after_first = *progress.board();
    for &to in &turn.captures[1..] {
        let board = *progress.board();
        let capture = rules
            .fitting_captures(&progress)?
            .into_iter()
            .find(|c| c.to == to)
            .ok_or(ExampleError::DoesNotFit(to))?;
        let path = rules.path(&board, &capture)?;
        rules.continue_turn(&mut progress, to)?;
        steps.push((board, path));
    }
    Ok(PlayedExample {
        start,
        steps,
        template,
        after_first,
        caption: example.caption.clone(),
    })
}

/// Each game's example played out, by game id (a design by its share
/// code) and language (its caption is in words): the rules help and the
/// New game window draw them every frame they are open, and an example
/// only changes with the game or the language.
#[derive(Default)]
pub struct Examples(std::collections::HashMap<String, Option<Result<PlayedExample, ExampleError>>>);

impl Examples {
    /// `rules`' example, played once (`None`: the game shows none).
    pub fn of(&mut self, rules: &Rules) -> Option<&Result<PlayedExample, ExampleError>> {
        // A design is known by its whole self: the designer changes a game
        // and keeps its id.
        let game = match rules.variant().design() {
            Some(design) => design.code(),
            None => rules.id().to_string(),
        };
        let key = format!("{} {game}", crate::lang::current().code());
        self.0
            .entry(key)
            .or_insert_with(|| {
                presentation::of(rules)
                    .example()
                    .map(|example| play(rules, &example))
            })
            .as_ref()
    }
}

/// Where squares go in one picture.
struct Grid {
    rect: Rect,
    square: f32,
    ranks: u8,
}

impl Grid {
    fn centre(&self, sq: Square) -> Pos2 {
        self.rect.min
            + Vec2::new(
                (f32::from(sq.x()) + 0.5) * self.square,
                (f32::from(self.ranks - 1 - sq.y()) + 0.5) * self.square,
            )
    }
}

fn draw_board(painter: &egui::Painter, grid: &Grid, board: &Board) {
    let size = board.size();
    for sq in size.squares() {
        let c = grid.centre(sq);
        let square_fill = if (sq.x() + sq.y()) % 2 == 0 {
            DARK
        } else {
            LIGHT
        };
        painter.rect_filled(
            Rect::from_center_size(c, Vec2::splat(grid.square)),
            0.0,
            square_fill,
        );
        if let Some(color) = board.side_at(sq) {
            let (fill, edge) = match color {
                Side::White => (WHITE_PIECE, Color32::from_gray(90)),
                Side::Black => (BLACK_PIECE, Color32::from_gray(10)),
            };
            painter.circle(c, grid.square * 0.38, fill, Stroke::new(1.5, edge));
            if color == Side::Black {
                // The ring Black's pieces carry on the board, so the sides
                // differ by shape here too.
                painter.circle_stroke(c, grid.square * 0.19, Stroke::new(2.0, square_fill));
            }
        }
    }
}

fn draw_template(painter: &egui::Painter, grid: &Grid, drawing: &TemplateDrawing, at: Square) {
    let here = grid.centre(at);
    let stroke = Stroke::new(2.5, TEMPLATE);
    for &(a, b) in &drawing.boxes {
        let r = Rect::from_two_pos(grid.centre(a), grid.centre(b)).expand(grid.square * 0.45);
        painter.rect_stroke(r, 2.0, stroke, egui::StrokeKind::Middle);
    }
    for (i, path) in drawing.paths.iter().enumerate() {
        let alpha = if i == 0 { 255 } else { 110 };
        let color = Color32::from_rgba_unmultiplied(89, 191, 255, alpha);
        let points: Vec<Pos2> = path.iter().map(|&s| grid.centre(s)).collect();
        painter.add(egui::Shape::line(points, Stroke::new(2.5, color)));
    }
    for step in &drawing.arrows {
        let dir = Vec2::new(f32::from(step.dx), -f32::from(step.dy)) * grid.square * 1.3;
        painter.arrow(here, dir, stroke);
    }
    for &sq in &drawing.lines {
        let alpha = if drawing.counted.contains(sq) {
            230
        } else {
            70
        };
        let color = Color32::from_rgba_unmultiplied(89, 191, 255, alpha);
        painter.line_segment([here, grid.centre(sq)], Stroke::new(2.0, color));
    }
    for sq in drawing.counted {
        painter.circle_stroke(
            grid.centre(sq),
            grid.square * 0.32,
            Stroke::new(3.0, TEMPLATE),
        );
    }
    let d = grid.square * 0.14;
    for sq in drawing.blocking {
        let c = grid.centre(sq);
        let s = Stroke::new(2.5, BLOCKED);
        painter.line_segment([c + Vec2::new(-d, -d), c + Vec2::new(d, d)], s);
        painter.line_segment([c + Vec2::new(-d, d), c + Vec2::new(d, -d)], s);
    }
    for sq in drawing.marks {
        painter.rect_stroke(
            Rect::from_center_size(grid.centre(sq), Vec2::splat(grid.square * 0.7)),
            2.0,
            stroke,
            egui::StrokeKind::Middle,
        );
    }
    if let Some(label) = &drawing.label {
        painter.text(
            here + Vec2::new(0.0, grid.square * 0.3),
            egui::Align2::CENTER_CENTER,
            label,
            egui::FontId::proportional(grid.square * 0.28),
            TEMPLATE,
        );
    }
}

fn draw_path(painter: &egui::Painter, grid: &Grid, path: &[Square], number: Option<usize>) {
    let points: Vec<Pos2> = path.iter().map(|&s| grid.centre(s)).collect();
    painter.add(egui::Shape::line(points, Stroke::new(3.0, PATH)));
    if let Some(&last) = path.last() {
        let c = grid.centre(last);
        painter.circle_stroke(c, grid.square * 0.42, Stroke::new(3.0, PATH));
        if let Some(n) = number {
            painter.circle_filled(c + Vec2::splat(grid.square * 0.3), grid.square * 0.17, PATH);
            painter.text(
                c + Vec2::splat(grid.square * 0.3),
                egui::Align2::CENTER_CENTER,
                n.to_string(),
                egui::FontId::proportional(grid.square * 0.24),
                Color32::BLACK,
            );
        }
    }
}

/// A square's side and a picture's size for `example` at `width`.
fn picture_size(example: &PlayedExample, width: f32) -> (f32, Vec2) {
    let size = example.start.size();
    let square = (width / f32::from(size.files())).floor();
    let picture = Vec2::new(
        square * f32::from(size.files()),
        square * f32::from(size.ranks()),
    );
    (square, picture)
}

/// The two pictures of `example` side by side, each `width` wide, with
/// their captions; the game's presentation draws the template.
pub fn show(ui: &mut egui::Ui, rules: &Rules, example: &PlayedExample, width: f32) {
    let (_, picture) = picture_size(example, width);
    let look = presentation::of(rules);
    let (origin, first) = {
        let path = &example.steps[0].1;
        (path[0], *path.last().expect("a path has squares"))
    };
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.set_width(picture.x);
            thumbnail(ui, rules, example, width);
            ui.label(tr!(
                "example-fixes",
                capture = format!("{origin}x{first}"),
                template = look.describe_template(&example.template)
            ));
        });
        ui.add_space(8.0);
        ui.vertical(|ui| {
            ui.set_width(picture.x);
            let (painter, grid) = canvas(ui, example, width);
            draw_board(&painter, &grid, &example.start.board);
            for (i, (_, path)) in example.steps.iter().enumerate() {
                draw_path(&painter, &grid, path, Some(i + 1));
            }
            let ends: Vec<Square> = example
                .steps
                .iter()
                .filter_map(|(_, path)| path.last().copied())
                .collect();
            let later: Vec<String> = ends
                .windows(2)
                .map(|pair| format!("{}x{}", pair[0], pair[1]))
                .collect();
            if let Some(last) = ends.last() {
                ui.label(tr!(
                    "example-then",
                    captures = later.join(", "),
                    square = last.to_string()
                ));
            }
            ui.label(&example.caption);
        });
    });
}

/// Room for one picture of `example` at `width`, and where its squares go.
fn canvas(ui: &mut egui::Ui, example: &PlayedExample, width: f32) -> (egui::Painter, Grid) {
    let (square, picture) = picture_size(example, width);
    let (rect, _) = ui.allocate_exact_size(picture, egui::Sense::hover());
    let grid = Grid {
        rect,
        square,
        ranks: example.start.size().ranks(),
    };
    (ui.painter_at(rect), grid)
}

/// Where the squares of a board of `size` go, as large as fits in `room`
/// and centred in it.
fn fitted_grid(room: Rect, size: BoardSize) -> Grid {
    let (files, ranks) = (f32::from(size.files()), f32::from(size.ranks()));
    let square = (room.width() / files).min(room.height() / ranks).floor();
    Grid {
        rect: Rect::from_center_size(room.center(), Vec2::new(square * files, square * ranks)),
        square,
        ranks: size.ranks(),
    }
}

/// The initial capture and the template it fixes.
fn draw_first(painter: &egui::Painter, grid: &Grid, rules: &Rules, example: &PlayedExample) {
    let first = *example.steps[0].1.last().expect("a path has squares");
    draw_board(painter, grid, &example.after_first);
    let look = presentation::of(rules);
    let drawing = look.template_drawing(&example.template, &example.after_first, first);
    draw_template(painter, grid, &drawing, first);
    draw_path(painter, grid, &example.steps[0].1, None);
}

/// The first picture alone (the initial capture and its template), small:
/// the rules help's glance at a game.
pub fn thumbnail(ui: &mut egui::Ui, rules: &Rules, example: &PlayedExample, width: f32) {
    let (painter, grid) = canvas(ui, example, width);
    draw_first(&painter, &grid, rules, example);
}

/// A game card's picture in `room`: the example's initial capture and its
/// template, or (for a game that shows no example) its start on a small
/// board.
pub fn card_picture(
    painter: &egui::Painter,
    room: Rect,
    rules: &Rules,
    example: Option<&PlayedExample>,
) {
    match example {
        Some(example) => {
            let grid = fitted_grid(room, example.start.size());
            draw_first(painter, &grid, rules, example);
        }
        None => {
            let size = rules
                .sizes()
                .nearest(BoardSize::new(6, 6).unwrap_or_default());
            draw_board(painter, &fitted_grid(room, size), &rules.start(size).board);
        }
    }
}

/// One game's rules: its text and its example turn drawn.
pub fn game_rules(ui: &mut egui::Ui, rules: &Rules, examples: &mut Examples) {
    ui.label(presentation::of(rules).rules_words());
    match examples.of(rules) {
        Some(Ok(played)) => {
            ui.add_space(6.0);
            show(ui, rules, played, 200.0);
        }
        Some(Err(e)) => {
            ui.label(egui::RichText::new(e.to_string()).color(Color32::from_rgb(230, 120, 100)));
        }
        None => {}
    }
}
