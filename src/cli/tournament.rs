//! `burrow tournament`: two computer levels play each other with colours
//! alternating, and the result is summarised with a confidence interval.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use crate::ai::{Level, choose};
use crate::rules::{Color, Position, Rules, VariantError};

/// The outcome of a match from A's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    pub wins: u64,
    pub losses: u64,
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

/// Plays one game; returns the winner.
pub fn play_game(
    rules: &Rules,
    white: Level,
    black: Level,
    think: Duration,
    seed: u64,
) -> Result<Color, VariantError> {
    let never = AtomicBool::new(false);
    let mut pos = Position::start_standard();
    for ply in 0u64.. {
        let level = if pos.turn == Color::White {
            white
        } else {
            black
        };
        match choose(
            rules,
            &pos,
            level,
            think,
            seed.wrapping_mul(1_000_003).wrapping_add(ply),
            &never,
        )? {
            Some(decision) => pos = decision.turn.result,
            None => return Ok(pos.turn.opponent()),
        }
    }
    unreachable!("every turn removes a piece")
}

/// Plays `games` games, A taking White in the even ones, on `threads` threads.
pub fn run_match(
    rules: &Rules,
    a: Level,
    b: Level,
    games: u64,
    seed: u64,
    threads: usize,
    think: Duration,
) -> Result<MatchResult, VariantError> {
    let next = AtomicU64::new(0);
    let wins = AtomicU64::new(0);
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
                        let winner =
                            play_game(rules, white, black, think, seed.wrapping_add(i / 2))?;
                        if (winner == Color::White) == a_white {
                            wins.fetch_add(1, Ordering::Relaxed);
                        }
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
    Ok(MatchResult {
        wins,
        losses: games - wins,
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
        };
        let (lo, hi) = even.interval();
        assert!(lo < 0.5 && hi > 0.5 && (even.elo()).abs() < 1e-9);
        let strong = MatchResult {
            wins: 90,
            losses: 10,
        };
        assert!(strong.interval().0 > 0.8 && strong.elo() > 300.0);
        let sweep = MatchResult {
            wins: 20,
            losses: 0,
        };
        assert!(sweep.interval().1 <= 1.0 && sweep.interval().0 > 0.8);
    }
}
