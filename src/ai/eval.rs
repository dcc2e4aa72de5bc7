//! A static evaluation that knows what matters in every Burrow game: a side
//! without a capture has lost, so besides material it counts how many pieces
//! of each side can capture at all. The variant says how much each is worth
//! ([`crate::rules::Variant::evaluation_weights`]).

use crate::rules::{Position, Rules};

/// A score far beyond any evaluation: the side to move has lost.
pub const LOSS: i32 = -1_000_000;

/// The position from the side to move's point of view (higher is better).
pub fn evaluate(rules: &Rules, pos: &Position) -> i32 {
    let ours_active = rules.capturers(&pos.board, pos.turn).count() as i32;
    if ours_active == 0 {
        return LOSS;
    }
    let theirs_active = rules.capturers(&pos.board, pos.turn.opponent()).count() as i32;
    let material = pos.ours().count() as i32 - pos.theirs().count() as i32;
    let weights = rules.evaluation_weights();
    weights.material * material + weights.mobility * (ours_active - theirs_active)
}
