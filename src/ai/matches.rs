//! Matches: two computer levels play each other with colours alternating
//! from varied openings, and the result is summarised with a confidence
//! interval (what `burrow tournament` prints).

use std::num::NonZeroU64;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use crate::rules::{Position, Rules, Side, VariantError};

use super::Level;
use super::selfplay::{Players, ThinkTimes, play_out};

/// The outcome of a match from A's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    pub wins: u64,
    pub losses: u64,
    /// How long each side took per decision.
    pub a_thinking: ThinkTimes,
    pub b_thinking: ThinkTimes,
}

impl MatchResult {
    pub fn games(&self) -> u64 {
        self.wins + self.losses
    }

    /// A's share of the points (Burrow games have no draws).
    pub fn score(&self) -> f64 {
        self.wins as f64 / self.games().max(1) as f64
    }

    /// The 95% confidence interval of the score (Wilson's interval, which
    /// behaves at 0% and 100%).
    pub fn interval(&self) -> (f64, f64) {
        let n = self.games().max(1) as f64;
        let p = self.score();
        let z = 1.96f64;
        let center = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
        ((center - half).max(0.0), (center + half).min(1.0))
    }

    /// The Elo difference the score implies (capped at ±800 for 0% and 100%).
    pub fn elo(&self) -> f64 {
        let p = self.score().clamp(0.01, 0.99);
        (-400.0 * (1.0 / p - 1.0).log10()).clamp(-800.0, 800.0)
    }
}

/// Random turns played before the levels take over, so that the games of a
/// match differ: the search levels are deterministic, and from one start
/// two of them would replay the same two games over and over. An odd
/// number: a random turn is a weak one, and after two (one each) White
/// won 68-82% of the games between different Box levels, so many pairs
/// of games split one each whoever played better; after three, 32-42%.
pub const OPENING_TURNS: u32 = 3;

/// The position after `OPENING_TURNS` (three) random turns from the game's
/// start on its usual board (8×8 for the designer's games).
pub fn opening(rules: &Rules, seed: u64) -> Result<Position, VariantError> {
    let mut rng = StdRng::seed_from_u64(seed ^ 0x6f70_656e);
    let mut pos = rules.start(rules.usual_size());
    for _ in 0..OPENING_TURNS {
        let turns = rules.turns(&pos)?;
        match turns.choose(&mut rng) {
            Some(turn) => pos = turn.result,
            None => break,
        }
    }
    Ok(pos)
}

/// Plays `games` games, A taking White in the even ones, on `threads`
/// threads; both games of a pair start from the same [`opening`]. A match
/// has at least one game: one of none would have no score.
pub fn run_match(
    rules: &Rules,
    a: Level,
    b: Level,
    games: NonZeroU64,
    seed: u64,
    threads: usize,
    think: Duration,
) -> Result<MatchResult, VariantError> {
    run_match_watched(rules, a, b, games, seed, threads, think, &|_| {})
}

/// [`run_match`], calling `played` with the number of games finished after
/// each one (from any of the threads).
pub fn run_match_watched(
    rules: &Rules,
    a: Level,
    b: Level,
    games: NonZeroU64,
    seed: u64,
    threads: usize,
    think: Duration,
    played: &(dyn Fn(u64) + Sync),
) -> Result<MatchResult, VariantError> {
    let games = games.get();
    let finished = AtomicU64::new(0);
    let next = AtomicU64::new(0);
    let wins = AtomicU64::new(0);
    let thinking = Mutex::new((ThinkTimes::default(), ThinkTimes::default()));
    let results: Vec<Result<(), VariantError>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= games {
                            return Ok(());
                        }
                        let a_white = i.is_multiple_of(2);
                        let (white, black) = if a_white { (a, b) } else { (b, a) };
                        let pair = seed.wrapping_add(i / 2);
                        let players = Players {
                            white,
                            black,
                            think,
                        };
                        let game = play_out(rules, opening(rules, pair)?, &players, pair)?;
                        if (game.winner == Side::White) == a_white {
                            wins.fetch_add(1, Ordering::Relaxed);
                        }
                        let (a_times, b_times) = if a_white {
                            (game.white_thinking, game.black_thinking)
                        } else {
                            (game.black_thinking, game.white_thinking)
                        };
                        let mut totals = thinking.lock().expect("no thread panics holding it");
                        totals.0.merge(&a_times);
                        totals.1.merge(&b_times);
                        drop(totals);
                        played(finished.fetch_add(1, Ordering::Relaxed) + 1);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a tournament thread panicked"))
            .collect()
    });
    results.into_iter().collect::<Result<(), _>>()?;
    let wins = wins.load(Ordering::Relaxed);
    let (a_thinking, b_thinking) = thinking.into_inner().expect("threads are done");
    Ok(MatchResult {
        wins,
        losses: games - wins,
        a_thinking,
        b_thinking,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interval_and_elo_follow_the_score() {
        let even = MatchResult {
            wins: 50,
            losses: 50,
            ..MatchResult::default()
        };
        let (lo, hi) = even.interval();
        assert!(lo < 0.5 && hi > 0.5 && (even.elo()).abs() < 1e-9);
        let strong = MatchResult {
            wins: 90,
            losses: 10,
            ..MatchResult::default()
        };
        assert!(strong.interval().0 > 0.8 && strong.elo() > 300.0);
        let sweep = MatchResult {
            wins: 20,
            losses: 0,
            ..MatchResult::default()
        };
        assert!(sweep.interval().1 <= 1.0 && sweep.interval().0 > 0.8);
    }
}
