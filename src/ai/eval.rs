//! A static evaluation that knows what matters in every Burrow game: a side
//! without a capture has lost, so besides material it counts how many pieces
//! of each side can capture at all. The game's profile says how much each is
//! worth ([`AiProfile::evaluation`]).

use crate::rules::{Position, Rules};

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

/// [`evaluate`] with the weights already looked up (the search's hot path).
pub(crate) fn evaluate_with(rules: &Rules, weights: EvaluationWeights, pos: &Position) -> i32 {
    let ours_active = rules.capturers(&pos.board, pos.turn).count() as i32;
    if ours_active == 0 {
        return if rules.end().stuck_wins() {
            -LOSS
        } else {
            LOSS
        };
    }
    let theirs_active = rules.capturers(&pos.board, pos.turn.opponent()).count() as i32;
    let material = pos.ours().count() as i32 - pos.theirs().count() as i32;
    weights.material * material + weights.mobility * (ours_active - theirs_active)
}
