//! Drawn over the board each frame ([`Strokes`]): the selection and its
//! targets, the path a capture would take, the template of the turn in
//! progress, the last turn's trail and the keyboard cursor. The features
//! draw in the same frame in their [`OverlaySet`] (the review its best
//! turn), and tell the text beside the board what to point at through
//! [`MarkSources`] (a lesson's square, a refuted puzzle turn's reply).

use bevy::prelude::*;

use crate::rules::{PlayedTurn, Square, Step};

use super::Game;
use crate::game::play::board::palette;
use crate::game::play::computer::ComputerPlayer;
use crate::game::play::input::Selection;
use crate::game::play::layout::BoardLayout;
use crate::game::play::strokes::Strokes;
use crate::game::presentation;
use crate::game::screens::InGame;
use crate::game::sets::GameSet;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TurnPreview>()
        .init_resource::<BoardMark>()
        .init_resource::<MarkSources>();
    app.configure_sets(
        Update,
        (
            OverlaySet::Trail,
            OverlaySet::Review,
            OverlaySet::Board,
            OverlaySet::Marks,
            OverlaySet::Mark,
        )
            .chain()
            .run_if(in_state(InGame))
            .in_set(GameSet::Present),
    );
    app.add_systems(
        Update,
        (
            draw_trail.in_set(OverlaySet::Trail),
            (draw_template, draw_selection)
                .chain()
                .in_set(OverlaySet::Board),
            draw_board_mark.in_set(OverlaySet::Mark),
        ),
    );
}

/// The order the overlay is drawn in, while a game is on the board; the
/// features draw theirs (the review's best turn) or say what to mark
/// ([`MarkSources`]) in their set.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OverlaySet {
    /// The last turn's trail, or the turn the pointer is over.
    Trail,
    /// The review's best turn in the position on show.
    Review,
    /// The template and the selection.
    Board,
    /// The features say what the text beside the board points at.
    Marks,
    /// The ring on that square.
    Mark,
}

/// What the text beside the board points at this frame, as the features
/// on now tell it (each in [`OverlaySet::Marks`]).
#[derive(Resource, Default, Debug)]
pub struct MarkSources {
    /// A lesson is on: the square its step talks about (if any), and the
    /// step. It goes before a puzzle's reply.
    pub lesson: Option<(Option<Square>, usize)>,
    /// A refuted puzzle turn: the opponent's winning reply.
    pub reply: Option<PlayedTurn>,
}

/// A played turn (counting from 0) the pointer is over in the move list:
/// the board draws where it went.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnPreview(pub Option<usize>);

/// How long a marker pulses when it appears, in seconds; then it stays as
/// a still ring (and the window may sleep again).
const PULSE_SECONDS: f64 = 1.6;

/// The square the text beside the board points at: a lesson step's square,
/// or the piece that answers a refuted puzzle turn. It holds the square,
/// what it marks (a lesson's step, or the refuted turn's number) and when
/// (seconds of real time) it began to pulse.
#[derive(Resource, Default, Debug, PartialEq)]
pub struct BoardMark(Option<(Square, usize, f64)>);

impl BoardMark {
    /// Whether the marker has stopped pulsing (or there is none).
    pub fn is_still(&self, now: f64) -> bool {
        self.0
            .is_none_or(|(_, _, begun)| now - begun >= PULSE_SECONDS)
    }
}

/// A ring on the square the text talks about: it pulses when it appears,
/// then stays. A refuted puzzle turn also shows the opponent's winning
/// reply as a path through its captures.
fn draw_board_mark(
    mut strokes: ResMut<Strokes>,
    layout: Res<BoardLayout>,
    sources: Res<MarkSources>,
    game: Res<Game>,
    time: Res<Time<Real>>,
    mut mark: ResMut<BoardMark>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let reply = sources.reply.as_ref();
    let marked = match (sources.lesson, reply) {
        (Some((square, at)), _) => square.map(|s| (s, at)),
        (None, Some(reply)) => Some((reply.origin, game.played().len())),
        (None, None) => None,
    };
    let Some((square, at)) = marked else {
        mark.set_if_neq(BoardMark(None));
        return;
    };
    let now = time.elapsed_secs_f64();
    let begun = match mark.0 {
        Some((s, was, begun)) if s == square && was == at => begun,
        _ => {
            mark.0 = Some((square, at, now));
            now
        }
    };
    let age = now - begun;
    let pulse = if age < PULSE_SECONDS {
        redraw.write(bevy::window::RequestRedraw);
        (age * std::f64::consts::TAU / 0.8).sin().abs() as f32
    } else {
        0.0
    };
    if let Some(reply) = reply.filter(|_| sources.lesson.is_none()) {
        let mut squares = vec![reply.origin];
        squares.extend(&reply.captures);
        strokes.path(centres(&layout, &squares), palette::HINT);
        for p in centres(&layout, &reply.captures) {
            strokes.ring(p, layout.square * 0.3, palette::HINT);
        }
    }
    let centre = layout.square_center(square);
    let r = layout.square * (0.47 + 0.08 * pulse);
    strokes.ring(centre, r, palette::HINT);
    strokes.ring(centre, r + 3.0, palette::HINT.with_alpha(0.5));
}

pub fn centres(layout: &BoardLayout, squares: &[Square]) -> Vec<Vec2> {
    squares.iter().map(|&s| layout.square_center(s)).collect()
}

fn draw_selection(
    mut strokes: ResMut<Strokes>,
    layout: Res<BoardLayout>,
    selection: Res<Selection>,
    game: Res<Game>,
    computer: Res<ComputerPlayer>,
) {
    if let Some(hint) = &computer.hint {
        let mut squares = vec![hint.origin];
        squares.extend(&hint.captures);
        strokes.path(centres(&layout, &squares), palette::HINT);
        for p in centres(&layout, &squares) {
            strokes.ring(p, layout.square * 0.3, palette::HINT);
        }
    }
    let r = layout.square * 0.45;
    if let Some(piece) = selection.piece {
        strokes.ring(layout.square_center(piece), r, palette::SELECTED);
    }
    if let Some(turn) = &game.turn() {
        strokes.ring(layout.square_center(turn.current()), r, palette::SELECTED);
    }
    for &target in &selection.targets {
        strokes.ring(layout.square_center(target), r * 0.85, palette::TARGET);
        strokes.ring(layout.square_center(target), r * 0.25, palette::TARGET);
    }
    if let Some((_, path)) = &selection.preview {
        strokes.path(centres(&layout, path), palette::TARGET);
        for p in centres(&layout, path) {
            strokes.ring(p, layout.square * 0.06, palette::TARGET);
        }
    }
    if let Some(cursor) = selection.cursor {
        strokes.rect(
            layout.square_center(cursor),
            Vec2::splat(layout.square * 0.96),
            palette::SELECTED,
        );
    }
}

/// The last completed turn (or the steps so far of the one in progress,
/// or the reviewed position's last turn), and a turn the pointer is over
/// in the move list.
fn draw_trail(
    mut strokes: ResMut<Strokes>,
    layout: Res<BoardLayout>,
    game: Res<Game>,
    preview: Res<TurnPreview>,
) {
    let (trail, color) = match preview.0.and_then(|p| game.trail_of(p)) {
        Some(trail) => (trail, palette::PREVIEW),
        None => match game.shown_trail() {
            Some(trail) => (trail, palette::TRAIL),
            None => return,
        },
    };
    if let Some(origin) = trail.origin {
        strokes.rect(
            layout.square_center(origin),
            Vec2::splat(layout.square * 0.9),
            color,
        );
    }
    strokes.path(centres(&layout, &trail.path), color);
    let d = layout.square * 0.18;
    for &sq in &trail.captured {
        let c = layout.square_center(sq);
        strokes.line(c + Vec2::new(-d, -d), c + Vec2::new(d, d), color);
        strokes.line(c + Vec2::new(-d, d), c + Vec2::new(d, -d), color);
    }
}

/// Shows the template of the turn in progress around the capturing piece,
/// as the game's presentation draws it.
fn draw_template(mut strokes: ResMut<Strokes>, layout: Res<BoardLayout>, game: Res<Game>) {
    let Some(turn) = &game.turn() else { return };
    let at = turn.current();
    let here = layout.square_center(at);
    let drawing =
        presentation::of(game.rules()).template_drawing(turn.template(), turn.board(), at);
    for (a, b) in drawing.boxes {
        let (a, b) = (layout.square_center(a), layout.square_center(b));
        let extent = (b - a).abs() + Vec2::splat(layout.square * 0.9);
        strokes.rect((a + b) / 2.0, extent, palette::TEMPLATE);
    }
    for (i, path) in drawing.paths.iter().enumerate() {
        let color = if i == 0 {
            palette::TEMPLATE
        } else {
            palette::TEMPLATE.with_alpha(0.45)
        };
        strokes.path(centres(&layout, path), color);
    }
    let flip = if layout.flipped { -1.0 } else { 1.0 };
    for Step { dx, dy } in drawing.arrows {
        // Long enough to read, short of the board's edge.
        let inside = at
            .offset(dx, dy)
            .is_some_and(|s| turn.board().size().contains(s));
        let length = if inside { 1.4 } else { 0.48 };
        let end = here + Vec2::new(dx as f32, dy as f32) * flip * layout.square * length;
        strokes.arrow(here, end, layout.square * 0.3, palette::TEMPLATE);
    }
    for sq in drawing.lines {
        let strength = if drawing.counted.contains(sq) {
            0.9
        } else {
            0.25
        };
        strokes.line(
            here,
            layout.square_center(sq),
            palette::TEMPLATE.with_alpha(strength),
        );
    }
    for sq in drawing.counted {
        strokes.ring(
            layout.square_center(sq),
            layout.square * 0.3,
            palette::TEMPLATE,
        );
        strokes.ring(
            layout.square_center(sq),
            layout.square * 0.34,
            palette::TEMPLATE,
        );
    }
    let d = layout.square * 0.12;
    for sq in drawing.blocking {
        let c = layout.square_center(sq);
        strokes.line(c + Vec2::new(-d, -d), c + Vec2::new(d, d), palette::BLOCKED);
        strokes.line(c + Vec2::new(-d, d), c + Vec2::new(d, -d), palette::BLOCKED);
    }
    for sq in drawing.marks {
        strokes.rect(
            layout.square_center(sq),
            Vec2::splat(layout.square * 0.7),
            palette::TEMPLATE,
        );
    }
}
