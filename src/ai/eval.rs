//! The static evaluation: what a search thinks of a position at its horizon.
//!
//! Two kinds, both from the side to move's point of view and both seeing a
//! side without a capture as lost:
//! - the hand-set one knows what matters in every Burrow game: besides
//!   material it counts how many pieces of each side can capture at all,
//!   weighted as the game's profile says ([`AiProfile::evaluation`]);
//! - the learned one ([`super::learned`]) weighs many more counts with
//!   weights trained for the game, where the game has them.

use std::sync::Arc;

use crate::rules::{Position, Rules};

use super::learned::{self, Features, Weights};
use super::profile::{AiProfile, EvaluationWeights};

/// A score far beyond any evaluation: the side to move has lost.
pub const LOSS: i32 = -1_000_000;

/// How far from [`LOSS`] (or its negation) a score still means a forced
/// result: a loss `n` turns from the root scores `LOSS + n`.
pub const FORCED: i32 = 100_000;

/// The position from the side to move's point of view (higher is better),
/// weighed by the game's profile.
pub fn evaluate(rules: &Rules, pos: &Position) -> i32 {
    evaluate_with(rules, AiProfile::of(rules).evaluation, pos)
}

/// The side to move's chance of winning, 0 to 1, as the game's learned
/// weights see it, else as the hand-set evaluation does (squashed the same
/// way). A side that cannot capture has lost: its chance is 0 (or 1 where
/// being stuck wins).
pub fn winning_chance(rules: &Rules, pos: &Position) -> f64 {
    let score = Evaluator::new(rules, true).evaluate(rules, pos);
    if score.abs() >= -(LOSS + FORCED) {
        return if score > 0 { 1.0 } else { 0.0 };
    }
    learned::chance(score)
}

/// What a side that cannot capture scores, from its own point of view.
fn stuck(rules: &Rules) -> i32 {
    if rules.end().stuck_wins() {
        -LOSS
    } else {
        LOSS
    }
}

/// [`evaluate`] with the weights already looked up (the search's hot path).
pub(crate) fn evaluate_with(rules: &Rules, weights: EvaluationWeights, pos: &Position) -> i32 {
    let ours_active = rules.capturers(&pos.board, pos.turn).count() as i32;
    if ours_active == 0 {
        return stuck(rules);
    }
    let theirs_active = rules.capturers(&pos.board, pos.turn.opponent()).count() as i32;
    let material = pos.ours().count() as i32 - pos.theirs().count() as i32;
    weights.material * material + weights.mobility * (ours_active - theirs_active)
}

/// How a search judges the positions at its horizon.
#[derive(Clone, Debug)]
pub(crate) enum Evaluator {
    /// The hand-set evaluation with the game's two weights.
    Hand(EvaluationWeights),
    /// The game's learned weights.
    Learned(Arc<Weights>),
}

impl Evaluator {
    /// The game's learned weights if `learned` is asked and the game has
    /// them, else its hand-set evaluation.
    pub(crate) fn new(rules: &Rules, learned: bool) -> Evaluator {
        match learned.then(|| learned::weights_of(rules)).flatten() {
            Some(weights) => Evaluator::Learned(weights),
            None => Evaluator::Hand(AiProfile::of(rules).evaluation),
        }
    }

    /// The position's score for the side to move; [`LOSS`] (or its
    /// negation, where being stuck wins) when it cannot capture.
    #[inline]
    pub(crate) fn evaluate(&self, rules: &Rules, pos: &Position) -> i32 {
        match self {
            Evaluator::Hand(weights) => evaluate_with(rules, *weights, pos),
            Evaluator::Learned(weights) => {
                let ours_active = rules.capturers(&pos.board, pos.turn);
                if ours_active.is_empty() {
                    return stuck(rules);
                }
                let theirs_active = rules.capturers(&pos.board, pos.turn.opponent());
                weights.score(&Features::of(pos, ours_active, theirs_active))
            }
        }
    }
}
