//! Turns built capture by capture rather than listed: what a search plays
//! or weighs where a position has too many turns to list in its time.

use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use web_time::Instant;

use crate::rules::{Capture, MoveError, Position, Rules, Turn, TurnKey, VariantError};

use super::out_of_time;
use crate::ai::zobrist::zobrist;

/// The most distinct turns [`sampled_turns`] gathers.
pub(super) const SAMPLED_TURNS: usize = 1024;

/// Distinct legal turns of a position with too many to list in the time,
/// each built capture by capture with random choices: the first turn found,
/// then as many others as `deadline` allows, up to [`SAMPLED_TURNS`]. The
/// choices are seeded by the position, so the walks are the same each
/// time; how many of them fit before the deadline depends on the machine.
pub(super) fn sampled_turns(
    rules: &Rules,
    pos: &Position,
    deadline: Instant,
    cancel: Option<&AtomicBool>,
) -> Result<Vec<Turn>, VariantError> {
    let initial = rules.initial_captures(pos);
    let mut rng = StdRng::seed_from_u64(zobrist(pos));
    // The keys met, sorted: a thousand of them at most, and a set type of
    // its own would cost the page more code than this.
    let mut seen: Vec<TurnKey> = Vec::new();
    let mut new = |turn: &Turn| match seen.binary_search(&turn.key()) {
        Ok(_) => false,
        Err(at) => {
            seen.insert(at, turn.key());
            true
        }
    };
    let mut turns = Vec::new();
    let first = turn_from(rules, pos, &initial, &mut |_| 0)?;
    turns.extend(first.filter(&mut new));
    // Walks that find a turn already met count too, so a position with
    // fewer turns than the bar ends its sampling.
    let mut walks = 0;
    while !turns.is_empty()
        && turns.len() < SAMPLED_TURNS
        && walks < 8 * SAMPLED_TURNS
        && !out_of_time(deadline, cancel)
    {
        walks += 1;
        let turn = turn_from(rules, pos, &initial, &mut |n| rng.random_range(0..n))?;
        turns.extend(turn.filter(&mut new));
    }
    Ok(turns)
}

/// A complete legal turn built capture by capture, `pick(n)` choosing among
/// the `n` captures on offer at each step. Cheap even where listing every
/// distinct turn is not.
pub(crate) fn turn_by_steps(
    rules: &Rules,
    pos: &Position,
    pick: &mut dyn FnMut(usize) -> usize,
) -> Result<Option<Turn>, VariantError> {
    turn_from(rules, pos, &rules.initial_captures(pos), pick)
}

/// [`turn_by_steps`] from the position's `initial` captures, listed once by
/// a caller that builds many turns.
fn turn_from(
    rules: &Rules,
    pos: &Position,
    initial: &[Capture],
    pick: &mut dyn FnMut(usize) -> usize,
) -> Result<Option<Turn>, VariantError> {
    if initial.is_empty() {
        return Ok(None);
    }
    let capture = initial[pick(initial.len()).min(initial.len() - 1)];
    let step_error = |e: MoveError| match e {
        MoveError::Variant(e) => Some(e),
        // A capture the engine itself offered is always legal.
        _ => None,
    };
    let mut turn = match rules.begin_turn(pos, &capture) {
        Ok(turn) => turn,
        Err(e) => return step_error(e).map_or(Ok(None), Err),
    };
    loop {
        let next = rules.fitting_captures(&turn)?;
        if next.is_empty() {
            break;
        }
        let to = next[pick(next.len()).min(next.len() - 1)].to;
        if let Err(e) = rules.continue_turn(&mut turn, to) {
            return step_error(e).map_or(Ok(None), Err);
        }
    }
    Ok(Some(Turn {
        origin: capture.from,
        captures: turn.captures().to_vec(),
        route: turn.played().route,
        result: turn.result(),
    }))
}
