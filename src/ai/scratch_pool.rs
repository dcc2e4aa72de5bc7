//! Turn memories kept from one search to the next. A heavy Tumburrow
//! position grows the turn generator's memo to millions of slots, and each
//! doubling is one step no clock check can cut short (up to a few hundred
//! milliseconds for the largest); a search that starts with a memory some
//! earlier search already grew seldom has to grow it again.

use std::sync::Mutex;

use crate::rules::TurnScratch;

/// How many memories wait between searches: one per search running at
/// once in the usual cases (the game's computer player; a tournament's
/// games on a small machine), without holding on to many large tables.
const KEPT: usize = 2;

static POOL: Mutex<Vec<TurnScratch>> = Mutex::new(Vec::new());

/// A memory an earlier search gave back, or a fresh one.
pub(crate) fn take() -> TurnScratch {
    POOL.lock()
        .ok()
        .and_then(|mut pool| pool.pop())
        .unwrap_or_default()
}

/// Keeps `scratch` for a later search, unless enough already wait.
pub(crate) fn give_back(scratch: TurnScratch) {
    if let Ok(mut pool) = POOL.lock()
        && pool.len() < KEPT
    {
        pool.push(scratch);
    }
}

/// How many memories wait now.
#[cfg(test)]
fn waiting() -> usize {
    POOL.lock().map_or(0, |pool| pool.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pool_keeps_only_a_few_memories() {
        for _ in 0..KEPT + 3 {
            give_back(TurnScratch::default());
        }
        assert_eq!(waiting(), KEPT);
        let _taken = take();
        assert_eq!(waiting(), KEPT - 1);
    }
}
