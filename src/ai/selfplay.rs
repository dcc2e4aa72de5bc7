//! Whole games played out by computer levels: one loop serves `burrow
//! play`, matches between levels and the tests.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use web_time::Instant;

use crate::rules::{GameRecord, GameResult, Position, Rules, Side, VariantError};

use super::{Level, choose};

/// Who plays each side, and the think time of the levels that use one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Players {
    pub white: Level,
    pub black: Level,
    /// `strongest`'s think time per turn.
    pub think: Duration,
}

impl Players {
    /// `white` against `black`, with a second of think time.
    pub fn new(white: Level, black: Level) -> Players {
        Players {
            white,
            black,
            think: Duration::from_secs(1),
        }
    }

    /// The level playing `side`.
    pub fn level(&self, side: Side) -> Level {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }
}

/// How long one side's decisions took, to check levels keep their budgets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThinkTimes {
    pub decisions: u64,
    pub total_ms: u64,
    pub longest_ms: u64,
}

impl ThinkTimes {
    fn add(&mut self, ms: u64) {
        self.decisions += 1;
        self.total_ms += ms;
        self.longest_ms = self.longest_ms.max(ms);
    }

    /// Adds another game's or side's times to these.
    pub fn merge(&mut self, other: &ThinkTimes) {
        self.decisions += other.decisions;
        self.total_ms += other.total_ms;
        self.longest_ms = self.longest_ms.max(other.longest_ms);
    }

    pub fn mean_ms(&self) -> f64 {
        self.total_ms as f64 / self.decisions.max(1) as f64
    }
}

/// A game played to its end.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The record (its players' tags left empty for the caller to name).
    pub record: GameRecord,
    pub winner: Side,
    pub white_thinking: ThinkTimes,
    pub black_thinking: ThinkTimes,
}

/// Plays from `start` until the side to move has no capture. The same seed
/// gives the same game as long as every decision is one the clock does not
/// cut short (`random`, `greedy` and the fixed-depth levels in ordinary
/// positions).
pub fn play_out(
    rules: &Rules,
    start: Position,
    players: &Players,
    seed: u64,
) -> Result<PlayedGame, VariantError> {
    let never = AtomicBool::new(false);
    let mut record = GameRecord::of(rules, start.size());
    record.start = (start != Position::start(start.size())).then_some(start);
    let mut times = [ThinkTimes::default(); 2];
    let mut pos = start;
    loop {
        let side = usize::from(pos.turn == Side::Black);
        let decision_seed = seed
            .wrapping_mul(1_000_003)
            .wrapping_add(record.turns.len() as u64);
        let started = Instant::now();
        let decision = choose(
            rules,
            &pos,
            players.level(pos.turn),
            players.think,
            decision_seed,
            &never,
        )?;
        times[side].add(started.elapsed().as_millis() as u64);
        let Some(decision) = decision else {
            let winner = rules.winner_when_stuck(&pos);
            record.result = GameResult::Win(winner);
            return Ok(PlayedGame {
                record,
                winner,
                white_thinking: times[0],
                black_thinking: times[1],
            });
        };
        record.turns.push(decision.turn.played());
        pos = decision.turn.result;
    }
}

/// A game of uniformly random distinct turns from `start`.
pub fn play_random_game(
    rules: &Rules,
    start: Position,
    seed: u64,
) -> Result<GameRecord, VariantError> {
    play_levels(rules, start, Level::Random, Level::Random, seed)
}

/// A game between two levels from `start`, with a second of think time.
pub fn play_levels(
    rules: &Rules,
    start: Position,
    white: Level,
    black: Level,
    seed: u64,
) -> Result<GameRecord, VariantError> {
    Ok(play_out(rules, start, &Players::new(white, black), seed)?.record)
}
