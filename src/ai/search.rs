//! Iterative-deepening alpha-beta (negamax) over distinct turns, with an
//! optional transposition table keyed by Zobrist hashes that also supplies
//! the best turn to try first.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use web_time::{Duration, Instant};

use crate::rules::{Position, Rules, Turn, TurnKey, VariantError};

use super::Decision;
use super::eval::{LOSS, evaluate};
use super::zobrist::zobrist;

/// How a search level spends its effort.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    pub time: Duration,
    pub max_depth: u32,
    /// Use the transposition table (and its best-turn ordering).
    pub table: bool,
}

/// What a search reached.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchReport {
    /// From the mover's point of view; beyond ±900,000 a forced win or loss.
    pub score: i32,
    /// The deepest iteration completed, in turns.
    pub depth: u32,
    pub nodes: u64,
    pub elapsed_ms: u64,
}

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    depth: u32,
    score: i32,
    bound: Bound,
    best: Option<TurnKey>,
}

struct Searcher<'a> {
    rules: &'a Rules,
    deadline: Instant,
    cancel: &'a AtomicBool,
    table: Option<HashMap<u64, Entry>>,
    nodes: u64,
    stopped: bool,
}

impl Searcher<'_> {
    fn out_of_time(&mut self) -> bool {
        if !self.stopped && self.nodes.is_multiple_of(64) {
            self.stopped = Instant::now() >= self.deadline || self.cancel.load(Ordering::Relaxed);
        }
        self.stopped
    }

    /// Orders turns: the remembered best first, then bigger captures first.
    fn order(&self, pos: &Position, turns: &mut [Turn]) {
        let best = self
            .table
            .as_ref()
            .and_then(|t| t.get(&zobrist(pos)))
            .and_then(|e| e.best);
        turns.sort_by_key(|t| (Some(t.key()) != best, std::cmp::Reverse(t.captures.len())));
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> Result<i32, VariantError> {
        self.nodes += 1;
        if self.out_of_time() {
            return Ok(0);
        }
        let key = zobrist(pos);
        if let Some(entry) = self
            .table
            .as_ref()
            .and_then(|t| t.get(&key))
            .filter(|e| e.depth >= depth)
        {
            match entry.bound {
                Bound::Exact => return Ok(entry.score),
                Bound::Lower if entry.score >= beta => return Ok(entry.score),
                Bound::Upper if entry.score <= alpha => return Ok(entry.score),
                _ => {}
            }
        }
        if depth == 0 {
            return Ok(evaluate(self.rules, pos));
        }
        let mut turns = self.rules.turns(pos)?;
        if turns.is_empty() {
            // Sooner losses are worse, later ones better.
            return Ok(LOSS + ply);
        }
        self.order(pos, &mut turns);
        let original_alpha = alpha;
        let mut best_score = i32::MIN;
        let mut best = None;
        for turn in &turns {
            let score = -self.negamax(&turn.result, depth - 1, -beta, -alpha, ply + 1)?;
            if self.stopped {
                return Ok(0);
            }
            if score > best_score {
                best_score = score;
                best = Some(turn.key());
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if let Some(table) = self.table.as_mut() {
            let bound = if best_score <= original_alpha {
                Bound::Upper
            } else if best_score >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            table.insert(
                key,
                Entry {
                    depth,
                    score: best_score,
                    bound,
                    best,
                },
            );
        }
        Ok(best_score)
    }
}

/// Searches deeper and deeper until the time is up; returns the best turn of
/// the deepest finished iteration (or of the first, which always finishes
/// far enough to pick a turn).
pub fn search(
    rules: &Rules,
    pos: &Position,
    config: &SearchConfig,
    cancel: &AtomicBool,
) -> Result<Option<Decision>, VariantError> {
    let start = Instant::now();
    let mut searcher = Searcher {
        rules,
        deadline: start + config.time,
        cancel,
        table: config.table.then(HashMap::new),
        nodes: 0,
        stopped: false,
    };
    let mut turns = rules.turns(pos)?;
    if turns.is_empty() {
        return Ok(None);
    }
    let mut best = (turns[0].clone(), SearchReport::default());
    for depth in 1..=config.max_depth.max(1) {
        searcher.order(pos, &mut turns);
        // Keep last iteration's best first.
        if let Some(i) = turns.iter().position(|t| t.key() == best.0.key()) {
            turns[..=i].rotate_right(1);
        }
        let (mut alpha, beta) = (i32::MIN + 1, i32::MAX);
        let mut iteration_best: Option<(Turn, i32)> = None;
        for turn in &turns {
            let score = -searcher.negamax(&turn.result, depth - 1, -beta, -alpha, 1)?;
            if searcher.stopped {
                break;
            }
            if iteration_best.as_ref().is_none_or(|(_, s)| score > *s) {
                iteration_best = Some((turn.clone(), score));
            }
            alpha = alpha.max(score);
        }
        let elapsed_ms = start.elapsed().as_millis() as u64;
        if searcher.stopped {
            // A partial iteration still improves on the last when its first
            // (previous best) turn was searched and another beat it.
            if let Some((turn, score)) =
                iteration_best.filter(|(_, s)| *s > best.1.score && depth > 1)
            {
                best = (
                    turn,
                    SearchReport {
                        score,
                        depth: depth - 1,
                        nodes: searcher.nodes,
                        elapsed_ms,
                    },
                );
            }
            break;
        }
        let (turn, score) = iteration_best.expect("at least one turn searched");
        best = (
            turn,
            SearchReport {
                score,
                depth,
                nodes: searcher.nodes,
                elapsed_ms,
            },
        );
        // A forced result needs no deeper look.
        if score.abs() > 900_000 || turns.len() == 1 {
            break;
        }
    }
    best.1.nodes = searcher.nodes;
    best.1.elapsed_ms = start.elapsed().as_millis() as u64;
    Ok(Some(Decision {
        turn: best.0,
        report: best.1,
    }))
}
