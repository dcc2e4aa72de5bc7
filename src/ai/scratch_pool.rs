//! Turn memories kept from one search to the next. A heavy Tumburrow
//! position grows the turn generator's memo to millions of slots, and each
//! doubling is one step no clock check can cut short (up to a few hundred
//! milliseconds for the largest); a search that starts with a memory some
//! earlier search already grew seldom has to grow it again.

use std::sync::Mutex;

use crate::rules::TurnScratch;

/// The memories every search shares: one per search running at once in the
/// usual cases (the game's computer player; a tournament's games on a small
/// machine), without holding on to many large tables.
pub(crate) static POOL: ScratchPool = ScratchPool::new(2);

/// At most `limit` turn memories, waiting for the next search.
pub(crate) struct ScratchPool {
    waiting: Mutex<Vec<TurnScratch>>,
    limit: usize,
}

impl ScratchPool {
    const fn new(limit: usize) -> ScratchPool {
        ScratchPool {
            waiting: Mutex::new(Vec::new()),
            limit,
        }
    }

    /// A memory an earlier search gave back, or a fresh one.
    pub(crate) fn take(&self) -> TurnScratch {
        self.waiting
            .lock()
            .ok()
            .and_then(|mut waiting| waiting.pop())
            .unwrap_or_default()
    }

    /// Keeps `scratch` for a later search, unless enough already wait.
    pub(crate) fn give_back(&self, scratch: TurnScratch) {
        if let Ok(mut waiting) = self.waiting.lock()
            && waiting.len() < self.limit
        {
            waiting.push(scratch);
        }
    }

    #[cfg(test)]
    fn waiting(&self) -> usize {
        self.waiting.lock().map_or(0, |waiting| waiting.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pool_keeps_only_a_few_memories() {
        let pool = ScratchPool::new(2);
        for _ in 0..5 {
            pool.give_back(TurnScratch::default());
        }
        assert_eq!(pool.waiting(), 2);
        let _taken = pool.take();
        assert_eq!(pool.waiting(), 1);
    }
}
