//! The review of a game: the engine's evaluation of every position of the
//! game, the turn it would have played in each, and the turns where the
//! evaluation swung most against their player (the mistakes), for the
//! review window's graph and the board.
//!
//! Positions are evaluated one a frame, each with a short search, on the
//! main thread: the same on the desktop and in the browser, and the window
//! keeps drawing (a search stops at its slice's end with what it found).

use std::sync::atomic::AtomicBool;

use bevy::prelude::*;
use web_time::{Duration, Instant};

use crate::ai::{DEFAULT_TABLE_BYTES, IterativeSearch, SearchConfig};
use crate::rules::{PlayedTurn, Position};

use crate::game::play::Game;
use crate::game::screens::InGame;
use crate::game::sets::GameSet;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SavePicture>()
        .add_systems(Update, save_pictures.in_set(GameSet::Input));
    app.init_resource::<GameReview>()
        .add_message::<ReviewIntent>()
        .add_systems(
            Update,
            (follow_intents, evaluate_next)
                .chain()
                .in_set(GameSet::Sync)
                .run_if(in_state(InGame)),
        );
}

/// Intent: open the review (and start evaluating the game), or close it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewIntent(pub bool);

/// Intent: save a picture of the window (the board, and the review's
/// graph when it is open) as a PNG file (on the web page: download it).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct SavePicture(pub std::path::PathBuf);

fn save_pictures(
    mut commands: Commands,
    mut intents: MessageReader<SavePicture>,
    #[cfg(not(target_arch = "wasm32"))] mut saved: MessageWriter<crate::game::play::Saved>,
) {
    use bevy::render::view::screenshot::{Screenshot, save_to_disk};
    for SavePicture(path) in intents.read() {
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path.clone()));
        #[cfg(not(target_arch = "wasm32"))]
        saved.write(crate::game::play::Saved(path.clone()));
    }
}

/// Scores past this are forced wins or losses (the search's scale).
const FORCED: i32 = 900_000;

/// How long one position's search may take (one a frame).
#[cfg(not(target_arch = "wasm32"))]
const SLICE: Duration = Duration::from_millis(40);
#[cfg(target_arch = "wasm32")]
const SLICE: Duration = Duration::from_millis(12);

/// What the engine makes of one position of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewPoint {
    /// The search's score for the side to move.
    pub score: i32,
    /// White's share of the game, -1 (Black wins) to 1 (White wins): the
    /// score squashed so that a forced result is at an end.
    pub white: f32,
    /// The turn the engine would play here (none once the game is over).
    pub best: Option<PlayedTurn>,
}

/// The review of the game on the board.
#[derive(Resource, Default, Debug)]
pub struct GameReview {
    pub open: bool,
    /// The game the points are for: its start and turns.
    start: Option<Position>,
    turns: Vec<PlayedTurn>,
    /// One point per position of the game so far evaluated, in order.
    pub points: Vec<ReviewPoint>,
}

/// A score for the side to move on the graph's scale.
fn squash(score: i32) -> f32 {
    if score.abs() >= FORCED {
        return score.signum() as f32;
    }
    let s = score as f32;
    s / (s.abs() + 300.0)
}

impl GameReview {
    /// Whether every position of `game`'s game has its point.
    pub fn is_done(&self, game: &Game) -> bool {
        self.points.len() == game.positions().len()
    }

    /// White's share at each evaluated position, each averaged with the
    /// position before: a short search favours the side to move a little,
    /// and the average of two neighbours has one of each, so the line does
    /// not zigzag from turn to turn.
    pub fn line(&self) -> Vec<f32> {
        self.points
            .iter()
            .enumerate()
            .map(
                |(i, p)| match i.checked_sub(1).and_then(|j| self.points.get(j)) {
                    Some(before) if p.white.abs() < 1.0 && before.white.abs() < 1.0 => {
                        (p.white + before.white) / 2.0
                    }
                    _ => p.white,
                },
            )
            .collect()
    }

    /// The turns (counting from 0) after which the evaluation fell most for
    /// the player who made them, when the engine preferred another turn: at
    /// most `n`, each losing at least a tenth of the graph's height, worst
    /// first.
    pub fn mistakes(&self, game: &Game, n: usize) -> Vec<usize> {
        let line = self.line();
        let mut drops: Vec<(usize, f32)> = (0..game.played().len())
            .filter_map(|ply| {
                let (before, after) = (*line.get(ply)?, *line.get(ply + 1)?);
                let best = self.points.get(ply)?.best.as_ref();
                let white_moved = game.positions()[ply].turn == crate::rules::Side::White;
                let drop = if white_moved {
                    before - after
                } else {
                    after - before
                };
                let other = best != Some(&game.played()[ply]);
                (drop >= 0.2 && other).then_some((ply, drop))
            })
            .collect();
        drops.sort_by(|a, b| b.1.total_cmp(&a.1));
        drops.truncate(n);
        drops.into_iter().map(|(ply, _)| ply).collect()
    }

    /// The turn the engine prefers in position `index` of the game.
    pub fn best_at(&self, index: usize) -> Option<&PlayedTurn> {
        self.points.get(index)?.best.as_ref()
    }
}

fn follow_intents(mut intents: MessageReader<ReviewIntent>, mut review: ResMut<GameReview>) {
    for ReviewIntent(open) in intents.read() {
        review.open = *open;
    }
}

/// Evaluates the next position of the game, once a frame, while the review
/// is open; starts over when the game is another one.
fn evaluate_next(game: Res<Game>, mut review: ResMut<GameReview>) {
    if !review.open {
        return;
    }
    let start = game.positions()[0];
    let same = review.start == Some(start)
        && game.played().starts_with(&review.turns)
        && review.points.len() <= game.positions().len();
    if !same {
        review.start = Some(start);
        review.turns.clear();
        review.points.clear();
    }
    if review.turns[..] != *game.played() {
        review.turns = game.played().to_vec();
    }
    let index = review.points.len();
    let Some(position) = game.positions().get(index) else {
        return;
    };
    let config = SearchConfig {
        time: SLICE,
        // An even depth: every position's score then ends on the same
        // side's reply, and the graph does not zigzag with the side to move.
        max_depth: 2,
        table: true,
        table_bytes: DEFAULT_TABLE_BYTES / 16,
        root_width: None,
        reductions: false,
        learned: false,
        width: None,
    };
    let cancel = AtomicBool::new(false);
    let point = match IterativeSearch::new(game.rules(), position, &config, Some(&cancel)) {
        Ok(mut search) => {
            let _ = search.run_until(Instant::now() + SLICE);
            match search.into_decision() {
                Some(decision) => ReviewPoint {
                    score: decision.report.score,
                    white: 0.0,
                    best: Some(decision.turn.played()),
                },
                // No turn: the side to move has lost.
                None => ReviewPoint {
                    score: -FORCED - 1,
                    white: 0.0,
                    best: None,
                },
            }
        }
        Err(_) => ReviewPoint {
            score: 0,
            white: 0.0,
            best: None,
        },
    };
    let white = match position.turn {
        crate::rules::Side::White => squash(point.score),
        crate::rules::Side::Black => -squash(point.score),
    };
    review.points.push(ReviewPoint { white, ..point });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_keeps_forced_results_at_its_ends() {
        assert_eq!(squash(FORCED + 5), 1.0);
        assert_eq!(squash(-FORCED - 5), -1.0);
        assert_eq!(squash(0), 0.0);
        assert!(squash(300) > 0.45 && squash(300) < 0.55);
        assert!(squash(-100) < 0.0);
    }
}
