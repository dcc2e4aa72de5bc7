//! Whole games of uniformly random turns, for `burrow play` and the tests.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use crate::ai::{Level, choose};
use crate::rules::{GameRecord, GameResult, Position, Rules, VariantError};

/// Plays from `start` until the side to move has no capture, choosing each
/// turn uniformly among the distinct turns. The same seed gives the same game.
pub fn play_random_game(
    rules: &Rules,
    start: Position,
    seed: u64,
) -> Result<GameRecord, VariantError> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut record = GameRecord::new(rules.id(), start.size());
    if start != Position::start(start.size()) {
        record.start = Some(start);
    }
    let mut pos = start;
    loop {
        let turns = rules.turns(&pos)?;
        let Some(turn) = turns.choose(&mut rng) else {
            record.result = GameResult::Win(pos.turn.opponent());
            return Ok(record);
        };
        record.turns.push(turn.played());
        pos = turn.result;
    }
}

/// Plays from `start` with a computer level on each side.
pub fn play_levels(
    rules: &Rules,
    start: Position,
    white: Level,
    black: Level,
    seed: u64,
) -> Result<GameRecord, VariantError> {
    let never = std::sync::atomic::AtomicBool::new(false);
    let mut record = GameRecord::new(rules.id(), start.size());
    if start != Position::start(start.size()) {
        record.start = Some(start);
    }
    let mut pos = start;
    let think = std::time::Duration::from_millis(1000);
    loop {
        let level = if pos.turn == crate::rules::Color::White {
            white
        } else {
            black
        };
        let Some(decision) = choose(
            rules,
            &pos,
            level,
            think,
            seed ^ record.turns.len() as u64,
            &never,
        )?
        else {
            record.result = GameResult::Win(pos.turn.opponent());
            return Ok(record);
        };
        record.turns.push(decision.turn.played());
        pos = decision.turn.result;
    }
}
