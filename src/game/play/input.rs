//! Pointer, touch and keys become intents. A click on a square goes through
//! [`SquareClicked`]; the selection logic turns clicks into captures, and
//! refuses the rest gently. A turn with one fitting capture plays on by itself.

use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::rules::{Capture, Square};
use crate::tr;

use super::{BoardReset, CaptureIntent, CaptureMade, Game, GameIntent, Player, Refusal, Refused};
use crate::game::play::animation::AnimationQueue;
use crate::game::play::layout::{BoardLayout, window_to_world};
use crate::game::screens::{InGame, Phase};
use crate::game::sets::GameSet;
use crate::game::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<UiRegions>()
        .add_message::<SquareClicked>()
        .add_systems(
            Update,
            (
                (pointer_input, touch_input, keyboard_input),
                select_or_capture.in_set(BoardClicks),
                continue_single_capture
                    .run_if(in_state(Phase::PersonToMove))
                    .before(super::PlaysPlannedTurn)
                    .in_set(SingleCaptureAutoplay),
                update_highlights,
            )
                .chain()
                .in_set(GameSet::Input)
                .run_if(in_state(InGame)),
        )
        .add_systems(Update, clear_selection_on_change.in_set(GameSet::Sync));
}

/// Where the board's clicks (the pointer's, the keyboard cursor's, a
/// typed square's) become a selection or a capture: what writes a click
/// for this frame runs before it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardClicks;

/// Where a turn with one fitting capture left plays on by itself; a mode
/// that wants every capture clicked (a lesson) switches it off with a run
/// condition on this set.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SingleCaptureAutoplay;

/// A square was clicked, tapped or chosen with the keyboard.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareClicked(pub Square);

/// Where the panels and windows are on screen (window pixels, as of their
/// last drawing), so a click or tap there never reaches the board, even
/// when the pointer arrived in the same frame as the click.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct UiRegions {
    pub rects: Vec<Rect>,
    /// A panel widget holds the pointer (a slider being dragged).
    pub holding_pointer: bool,
    /// A panel widget takes the keys (the text box has the focus).
    pub typing: bool,
}

impl UiRegions {
    /// Whether the window point `p` falls on a panel.
    pub fn covers(&self, p: Vec2) -> bool {
        self.holding_pointer || self.rects.iter().any(|r| r.contains(p))
    }
}

/// What the player has picked so far, and what the board should light up.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The piece chosen for an initial capture.
    pub piece: Option<Square>,
    /// The square under the pointer or keyboard cursor.
    pub hovered: Option<Square>,
    /// Which of several routes to the hovered target is shown (Path Burrow).
    pub route_index: usize,
    /// The keyboard cursor, shown once a key has moved it.
    pub cursor: Option<Square>,
    /// Squares a click would capture on now.
    pub targets: Vec<Square>,
    /// The capture a click on the hovered square would make, with its path.
    pub preview: Option<(Capture, Vec<Square>)>,
    /// How many routes reach the hovered target.
    pub route_count: usize,
}

/// The captures a click on `to` could mean right now, one per route.
pub fn captures_onto(game: &Game, piece: Option<Square>, to: Square) -> Vec<Capture> {
    match &game.turn() {
        Some(turn) => game
            .rules()
            .fitting_captures(turn)
            .map(|all| all.into_iter().filter(|c| c.to == to).collect())
            .unwrap_or_default(),
        None => {
            let Some(from) = piece else { return Vec::new() };
            game.rules()
                .initial_captures_from(game.position(), from)
                .into_iter()
                .filter(|c| c.to == to)
                .collect()
        }
    }
}

fn pointer_input(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Query<&Window, With<PrimaryWindow>>,
    layout: Res<BoardLayout>,
    panels: Res<UiRegions>,
    mut selection: ResMut<Selection>,
    mut clicks: MessageWriter<SquareClicked>,
) {
    let Ok(window) = window.single() else { return };
    let Some(point) = window.cursor_position() else {
        return;
    };
    if panels.covers(point) {
        return;
    }
    let square = layout.square_at(window_to_world(
        Vec2::new(window.width(), window.height()),
        point,
    ));
    if selection.hovered != square && selection.cursor.is_none() {
        selection.hovered = square;
        selection.route_index = 0;
    }
    if buttons.just_pressed(MouseButton::Right) {
        selection.route_index += 1;
    }
    if buttons.just_pressed(MouseButton::Left) {
        selection.cursor = None;
        selection.hovered = square;
        if let Some(sq) = square {
            clicks.write(SquareClicked(sq));
        }
    }
}

fn touch_input(
    touches: Res<Touches>,
    window: Query<&Window, With<PrimaryWindow>>,
    layout: Res<BoardLayout>,
    panels: Res<UiRegions>,
    mut clicks: MessageWriter<SquareClicked>,
) {
    let Ok(window) = window.single() else { return };
    for touch in touches
        .iter_just_pressed()
        .filter(|t| !panels.covers(t.position()))
    {
        let world = window_to_world(Vec2::new(window.width(), window.height()), touch.position());
        if let Some(sq) = layout.square_at(world) {
            clicks.write(SquareClicked(sq));
        }
    }
}

/// Every key the game answers, in words: the shortcuts window lists them
/// and the menus show them beside their items.
pub fn shortcuts() -> [(String, String); 8] {
    [
        (tr!("shortcut-arrows-keys"), tr!("shortcut-arrows")),
        (tr!("shortcut-enter-keys"), tr!("shortcut-enter")),
        ("Tab".into(), tr!("shortcut-tab")),
        (tr!("shortcut-esc-keys"), tr!("shortcut-esc")),
        (tr!("key-undo"), tr!("shortcut-undo")),
        (tr!("key-redo"), tr!("shortcut-redo")),
        ("A".into(), tr!("shortcut-analysis")),
        (tr!("shortcut-help-keys"), tr!("shortcut-help")),
    ]
}

/// The key that opens the shortcuts window (also `?`).
pub const SHORTCUTS_KEY: &str = "F1";

fn keyboard_input(
    keys: Res<ButtonInput<KeyCode>>,
    regions: Res<UiRegions>,
    analysis: Res<crate::game::play::analysis::BoardAnalysis>,
    mut analysis_intents: MessageWriter<crate::game::play::analysis::AnalysisIntent>,
    game: Res<Game>,
    layout: Res<BoardLayout>,
    mut selection: ResMut<Selection>,
    mut clicks: MessageWriter<SquareClicked>,
    mut intents: MessageWriter<GameIntent>,
    mut ui: Option<ResMut<crate::game::ui::UiState>>,
) {
    let ctrl = keys.any_pressed([
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ]);
    if regions.typing {
        return;
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::F1) || (shift && keys.just_pressed(KeyCode::Slash)) {
        if let Some(ui) = &mut ui {
            ui.open.shortcuts = !ui.open.shortcuts;
        }
        return;
    }
    if !ctrl && keys.just_pressed(KeyCode::KeyA) {
        analysis_intents.write(crate::game::play::analysis::AnalysisIntent(
            !analysis.enabled,
        ));
        return;
    }
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        intents.write(GameIntent::Undo);
        return;
    }
    if ctrl && keys.just_pressed(KeyCode::KeyY) {
        intents.write(GameIntent::Redo);
        return;
    }
    let size = game.position().size();
    let flip = if layout.flipped { -1 } else { 1 };
    let moves = [
        (KeyCode::ArrowUp, 0, flip),
        (KeyCode::ArrowDown, 0, -flip),
        (KeyCode::ArrowRight, flip, 0),
        (KeyCode::ArrowLeft, -flip, 0),
    ];
    for (key, dx, dy) in moves {
        if keys.just_pressed(key) {
            let from = selection
                .cursor
                .or(selection.piece)
                .unwrap_or(Square::new(0, 0).expect("a1"));
            let next = from
                .offset(dx, dy)
                .filter(|&s| size.contains(s))
                .unwrap_or(from);
            selection.cursor = Some(next);
            selection.hovered = Some(next);
            selection.route_index = 0;
        }
    }
    if keys.just_pressed(KeyCode::Tab) {
        selection.route_index += 1;
    }
    if keys.just_pressed(KeyCode::Escape) {
        selection.piece = None;
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space])
        && let Some(sq) = selection.cursor.or(selection.hovered)
    {
        clicks.write(SquareClicked(sq));
    }
}

/// Turns clicks into a selection or a capture intent; anything else is
/// refused with a reason and changes nothing.
fn select_or_capture(
    mut clicks: MessageReader<SquareClicked>,
    game: Res<Game>,
    queue: Res<AnimationQueue>,
    mut selection: ResMut<Selection>,
    mut captures: MessageWriter<CaptureIntent>,
    mut refused: MessageWriter<Refused>,
) {
    for &SquareClicked(sq) in clicks.read() {
        // This frame's phase (the state follows at the frame's end).
        let not_now = match super::flow::phase_of(&game, &queue) {
            Phase::PersonToMove => None,
            Phase::Animating => Some(Refusal::Animating),
            Phase::Reviewing => Some(Refusal::Reviewing),
            Phase::Finished => Some(Refusal::GameOver),
            Phase::ComputerToMove if game.waiting_for() == Some(Player::Remote) => {
                Some(Refusal::OpponentsTurn)
            }
            Phase::ComputerToMove => Some(Refusal::ComputersTurn),
        };
        if let Some(refusal) = not_now {
            refused.write(Refused(refusal));
            continue;
        }
        let options = captures_onto(&game, selection.piece, sq);
        if !options.is_empty() {
            let pick = options[selection.route_index % options.len()];
            captures.write(CaptureIntent(pick));
            selection.piece = None;
            continue;
        }
        if let Some(turn) = &game.turn() {
            let piece = turn.current();
            let refusal = if sq != piece && turn.board().side_at(sq) == Some(turn.mover()) {
                Refusal::MustKeepCapturing { piece }
            } else {
                let why = game
                    .rules()
                    .why_not(turn.board(), turn.mover(), piece, sq, Some(turn.template()))
                    .unwrap_or_else(|| crate::tr!("why-square-misfits", square = sq.to_string()));
                Refusal::DoesNotFit {
                    square: sq,
                    piece,
                    why,
                }
            };
            refused.write(Refused(refusal));
            continue;
        }
        let pos = game.position();
        if pos.ours().contains(sq) {
            if game.rules().initial_targets(pos, sq).is_empty() {
                refused.write(Refused(Refusal::NothingToCapture(sq)));
            } else {
                selection.piece = Some(sq);
                selection.route_index = 0;
            }
        } else if let Some(piece) = selection.piece {
            let why = game
                .rules()
                .why_not(&pos.board, pos.turn, piece, sq, None)
                .unwrap_or_else(|| {
                    crate::tr!(
                        "why-cannot-capture-on",
                        piece = piece.to_string(),
                        square = sq.to_string()
                    )
                });
            refused.write(Refused(Refusal::NotACaptureForSelected { square: sq, why }));
        } else {
            refused.write(Refused(Refusal::ChooseOwnPiece(pos.turn)));
        }
    }
}

/// When exactly one capture fits, the turn plays on without asking.
fn continue_single_capture(
    game: Res<Game>,
    planned: Res<super::PlannedTurn>,
    mut captures: MessageWriter<CaptureIntent>,
    mut asked: Local<Option<(usize, usize)>>,
) {
    // A planned turn (typed whole) plays its own next capture.
    if !planned.is_idle() {
        return;
    }
    let Some(turn) = &game.turn() else { return };
    // Ask once per step of the turn (the intent lands this frame).
    let key = (game.played().len(), turn.captures().len());
    if *asked == Some(key) {
        return;
    }
    if let Ok(fitting) = game.rules().fitting_captures(turn)
        && fitting.len() == 1
    {
        *asked = Some(key);
        captures.write(CaptureIntent(fitting[0]));
    }
}

fn clear_selection_on_change(
    mut resets: MessageReader<BoardReset>,
    mut made: MessageReader<CaptureMade>,
    mut selection: ResMut<Selection>,
) {
    if resets.read().count() + made.read().count() > 0 {
        selection.piece = None;
        selection.route_index = 0;
    }
}

/// Recomputes what the board lights up when the selection or game changes.
fn update_highlights(game: Res<Game>, settings: Res<Settings>, mut selection: ResMut<Selection>) {
    if !game.is_changed() && !selection.is_changed() && !settings.is_changed() {
        return;
    }
    let mut targets: Vec<Square> = match (&game.turn(), selection.piece) {
        _ if !game.person_to_move() => Vec::new(),
        (Some(turn), _) => game
            .rules()
            .fitting_captures(turn)
            .unwrap_or_default()
            .iter()
            .map(|c| c.to)
            .collect(),
        (None, Some(piece)) => game
            .rules()
            .initial_targets(game.position(), piece)
            .collect(),
        (None, None) => Vec::new(),
    };
    targets.dedup();
    let mut preview = None;
    let mut route_count = 0;
    if let Some(hovered) = selection.hovered.filter(|h| targets.contains(h)) {
        let options = captures_onto(&game, selection.piece, hovered);
        route_count = options.len();
        if let Some(&pick) = options.get(selection.route_index % options.len().max(1)) {
            let board = game.shown().board;
            preview = game
                .rules()
                .path(&board, &pick)
                .ok()
                .map(|path| (pick, path));
        }
    }
    let next = Selection {
        targets,
        preview,
        route_count,
        ..selection.clone()
    };
    if next != *selection {
        *selection = next;
    }
}
