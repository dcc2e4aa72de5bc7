//! The transposition table: what the search learnt of each position it met,
//! keyed by Zobrist key, in a fixed amount of memory.
//!
//! Two things make it safe to keep for a long search. Its size is set when
//! it is made and never grows (a full slot is taken over by the newer or
//! deeper result). And a forced win or loss is stored as a distance from
//! the position itself, not from the root, so the same position met at
//! another ply reads back the right number of turns to the end.

use crate::rules::TurnKey;

use super::eval::{FORCED, LOSS};

/// What one search of a position proved about its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The score is at least this.
    Lower,
    /// The score is at most this.
    Upper,
}

/// One position's entry, with its score as seen from the root's ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub depth: u32,
    pub score: i32,
    pub bound: Bound,
    pub best: Option<TurnKey>,
}

#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    entry: Entry,
}

/// A table of at most a fixed number of entries.
pub(crate) struct TranspositionTable {
    slots: Vec<Option<Slot>>,
    mask: usize,
}

/// The memory one slot takes.
pub(crate) const SLOT_BYTES: usize = size_of::<Option<Slot>>();

/// A forced result's score from the root, as a score from the position
/// `ply` turns below it (what the table keeps).
pub(crate) fn score_to_table(score: i32, ply: i32) -> i32 {
    if score <= LOSS + FORCED {
        score - ply
    } else if score >= -(LOSS + FORCED) {
        score + ply
    } else {
        score
    }
}

/// The inverse of [`score_to_table`] for a position `ply` turns below the root.
pub(crate) fn score_from_table(score: i32, ply: i32) -> i32 {
    if score <= LOSS + FORCED {
        score + ply
    } else if score >= -(LOSS + FORCED) {
        score - ply
    } else {
        score
    }
}

impl TranspositionTable {
    /// A table that takes at most `bytes` of memory (at least one slot).
    pub(crate) fn with_memory(bytes: usize) -> TranspositionTable {
        let wanted = (bytes / SLOT_BYTES).max(1);
        // A power of two at most `wanted`, so a key's slot is a mask away.
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        TranspositionTable {
            slots: vec![None; len],
            mask: len - 1,
        }
    }

    /// How many entries it can hold.
    #[cfg(test)]
    pub(crate) fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// The memory its slots take.
    pub(crate) fn memory(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    /// How many slots hold an entry.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.slots.iter().filter(|s| s.is_some()).count()
    }

    fn index(&self, key: u64) -> usize {
        // The key's high bits: its low bits also pick the turn memo's slots.
        (key >> 32) as usize & self.mask
    }

    /// The entry of `key` met `ply` turns below the root, its score read
    /// back as a score from the root.
    pub(crate) fn get(&self, key: u64, ply: i32) -> Option<Entry> {
        let slot = self.slots[self.index(key)].filter(|s| s.key == key)?;
        Some(Entry {
            score: score_from_table(slot.entry.score, ply),
            ..slot.entry
        })
    }

    /// Keeps `entry` (its score from the root) for `key` met `ply` turns
    /// below the root. A slot holding another position is taken over unless
    /// that position was searched deeper; the same position's entry is
    /// always brought up to date.
    pub(crate) fn insert(&mut self, key: u64, ply: i32, entry: Entry) {
        let index = self.index(key);
        let stored = Entry {
            score: score_to_table(entry.score, ply),
            ..entry
        };
        match &mut self.slots[index] {
            Some(slot) if slot.key != key && slot.entry.depth > entry.depth => {}
            place => {
                *place = Some(Slot { key, entry: stored });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(depth: u32, score: i32) -> Entry {
        Entry {
            depth,
            score,
            bound: Bound::Exact,
            best: None,
        }
    }

    #[test]
    fn the_table_never_grows_past_its_memory() {
        let mut table = TranspositionTable::with_memory(1 << 16);
        assert!(table.memory() <= 1 << 16);
        let capacity = table.capacity();
        for key in 0..(capacity as u64 * 10) {
            table.insert(key.wrapping_mul(0x9e37_79b9_7f4a_7c15), 0, entry(1, 0));
        }
        assert!(table.len() <= capacity);
        assert_eq!(table.capacity(), capacity);
        assert!(table.memory() <= 1 << 16);
    }

    #[test]
    fn a_forced_result_reads_back_as_the_same_distance_from_its_position() {
        let mut table = TranspositionTable::with_memory(1 << 12);
        // Met at ply 2: the side to move there loses 3 turns later (ply 5).
        table.insert(7 << 32, 2, entry(4, LOSS + 5));
        // Met again at ply 4, the loss is still 3 turns away: ply 7.
        assert_eq!(table.get(7 << 32, 4).unwrap().score, LOSS + 7);
        // A win the other way round.
        table.insert(9 << 32, 1, entry(4, -(LOSS + 6)));
        assert_eq!(table.get(9 << 32, 3).unwrap().score, -(LOSS + 8));
        // Ordinary scores are kept as they are.
        table.insert(11 << 32, 1, entry(4, 250));
        assert_eq!(table.get(11 << 32, 5).unwrap().score, 250);
    }

    #[test]
    fn a_deeper_entry_keeps_its_slot_from_a_shallower_stranger() {
        let mut table = TranspositionTable::with_memory(SLOT_BYTES);
        assert_eq!(table.capacity(), 1);
        table.insert(1, 0, entry(5, 10));
        table.insert(2, 0, entry(2, 20));
        assert_eq!(table.get(1, 0).unwrap().score, 10);
        assert!(table.get(2, 0).is_none());
        table.insert(1, 0, entry(1, 30));
        assert_eq!(table.get(1, 0).unwrap().score, 30);
    }
}
