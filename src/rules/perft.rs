//! perft: counting distinct turn sequences, the engine's correctness check
//! against the figures in `tests/data/perft.txt`.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::turns::{Halt, Search, board_after, never, state_budget, unstoppable};
use super::{Position, Rules, VariantError};

/// How a perft run with a limit ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftCount {
    /// The whole count.
    Done(u64),
    /// Some position of the tree needed more than the limit's turn states
    /// to list its turns; `root_turns_counted` of the root's `root_turns`
    /// subtrees were counted in full, adding up to `partial`.
    Stopped {
        partial: u64,
        root_turns_counted: usize,
        root_turns: usize,
    },
}

/// The stop check of one position's listing: the limit's state budget, or
/// none (a boxed `never` allocates nothing).
fn listing_stop(limit: Option<u64>) -> Box<dyn FnMut() -> bool> {
    match limit {
        Some(max_states) => Box::new(state_budget(max_states)),
        None => Box::new(never),
    }
}

impl Rules {
    /// Counts distinct turn sequences of `depth` turns (RULES.md §6).
    ///
    /// ```
    /// use burrow::rules::{builtin_rules, Position};
    /// let sweep = builtin_rules("sweep").unwrap();
    /// assert_eq!(sweep.perft(&Position::start_standard(), 2).unwrap(), 12284);
    /// ```
    pub fn perft(&self, pos: &Position, depth: u32) -> Result<u64, VariantError> {
        unstoppable(self.perft_with(pos, depth, &mut Search::default(), None))
    }

    /// [`Rules::perft`] with the turns of the root shared among `threads`
    /// threads (same count, less time on several cores).
    pub fn perft_parallel(
        &self,
        pos: &Position,
        depth: u32,
        threads: usize,
    ) -> Result<u64, VariantError> {
        match self.perft_limited(pos, depth, threads, u64::MAX)? {
            PerftCount::Done(count) => Ok(count),
            PerftCount::Stopped { .. } => unreachable!("an unlimited count does not stop"),
        }
    }

    /// [`Rules::perft_parallel`] that gives up once listing the turns of
    /// any one position of the tree takes more than `max_states` turn states
    /// (see [`super::state_budget`]), and says how far it got.
    pub fn perft_limited(
        &self,
        pos: &Position,
        depth: u32,
        threads: usize,
        max_states: u64,
    ) -> Result<PerftCount, VariantError> {
        let limit = (max_states < u64::MAX).then_some(max_states);
        let mut search = Search::default();
        let at_the_root = |halt| match halt {
            Halt::Stopped => Ok(PerftCount::Stopped {
                partial: 0,
                root_turns_counted: 0,
                root_turns: 0,
            }),
            Halt::Variant(e) => Err(e),
        };
        if depth < 2 {
            return self
                .perft_with(pos, depth, &mut search, limit)
                .map(PerftCount::Done)
                .or_else(at_the_root);
        }
        let children = match self.successors(pos, &mut search, limit) {
            Ok(children) => children,
            Err(halt) => return at_the_root(halt),
        };
        let next = AtomicUsize::new(0);
        let stopped = AtomicBool::new(false);
        let work = || {
            let mut search = Search::default();
            let (mut sum, mut counted) = (0, 0);
            while !stopped.load(Ordering::Relaxed) {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(child) = children.get(i) else { break };
                match self.perft_with(child, depth - 1, &mut search, limit) {
                    Ok(count) => {
                        sum += count;
                        counted += 1;
                    }
                    Err(Halt::Stopped) => stopped.store(true, Ordering::Relaxed),
                    Err(Halt::Variant(e)) => return Err(e),
                }
            }
            Ok((sum, counted))
        };
        // On this thread where there are no others (the web page, whose
        // build then leaves the threaded branch out).
        let results: Vec<Result<(u64, usize), VariantError>> =
            if threads <= 1 || cfg!(target_arch = "wasm32") {
                vec![work()]
            } else {
                std::thread::scope(|scope| {
                    let workers: Vec<_> = (0..threads).map(|_| scope.spawn(work)).collect();
                    workers
                        .into_iter()
                        .map(|w| w.join().expect("perft worker panicked"))
                        .collect()
                })
            };
        let (mut partial, mut root_turns_counted) = (0, 0);
        for result in results {
            let (sum, counted) = result?;
            partial += sum;
            root_turns_counted += counted;
        }
        Ok(if stopped.into_inner() {
            PerftCount::Stopped {
                partial,
                root_turns_counted,
                root_turns: children.len(),
            }
        } else {
            PerftCount::Done(partial)
        })
    }

    fn perft_with(
        &self,
        pos: &Position,
        depth: u32,
        search: &mut Search,
        limit: Option<u64>,
    ) -> Result<u64, Halt> {
        if depth == 0 {
            return Ok(1);
        }
        if depth == 1 {
            let mut count = 0;
            let mut stop = listing_stop(limit);
            for origin in pos.ours() {
                self.explore_origin(pos, origin, search, &mut stop)?;
                count += search.endings.len() as u64;
            }
            return Ok(count);
        }
        let children = self.successors(pos, search, limit)?;
        let mut total = 0;
        for child in &children {
            total += self.perft_with(child, depth - 1, search, limit)?;
        }
        Ok(total)
    }

    /// The positions every distinct turn leaves, in the order of [`Rules::turns`].
    fn successors(
        &self,
        pos: &Position,
        search: &mut Search,
        limit: Option<u64>,
    ) -> Result<Vec<Position>, Halt> {
        let mut out = Vec::new();
        let mut stop = listing_stop(limit);
        for origin in pos.ours() {
            self.explore_origin(pos, origin, search, &mut stop)?;
            out.extend(search.endings.iter().map(|e| Position {
                board: board_after(&pos.board, pos.turn, origin, e.destination, e.captured),
                turn: pos.turn.opponent(),
            }));
        }
        Ok(out)
    }
}
