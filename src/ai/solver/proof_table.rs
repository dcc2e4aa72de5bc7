//! The solver's tables: for each position a search met, what it learned of
//! the position (proved bounds on its score for alpha-beta, proof and
//! disproof numbers for proof-number search), in a fixed amount of memory
//! shared by every thread of a solve.
//!
//! An entry holds the whole position ([`Key`]), not a hash, so a table hit is
//! never another position's result. When a bucket is full the entry that
//! took the least work makes room.

use std::sync::Mutex;

use super::key::Key;
use crate::rules::prefetch;

/// What a table keeps of one position.
pub(crate) trait Payload: Copy + Default {
    /// Folds a newer finding into what the entry holds.
    fn merge(&mut self, newer: Self);
}

/// Proved bounds on a position's score. Bounds from different searches of
/// the same position are all true, so a new result narrows the old one.
#[derive(Clone, Copy, Default)]
pub(crate) struct Bounds {
    lower: i16,
    upper: i16,
}

impl Payload for Bounds {
    fn merge(&mut self, newer: Bounds) {
        self.lower = self.lower.max(newer.lower);
        self.upper = self.upper.min(newer.upper);
        debug_assert!(self.lower <= self.upper, "bounds of one position disagree");
    }
}

#[derive(Clone, Copy, Default)]
struct Entry<V> {
    white: u64,
    black: u64,
    value: V,
    /// Bit 0: in use; bit 1: Black to move.
    flags: u8,
    /// About log2 of the positions searched to find the value.
    work: u8,
}

impl<V> Entry<V> {
    fn holds(&self, key: &Key) -> bool {
        self.flags & 1 != 0
            && self.white == key.white
            && self.black == key.black
            && (self.flags & 2 != 0) == key.black_to_move
    }
}

const BUCKET: usize = 4;
const SHARDS: usize = 64;

type Bucket<V> = [Entry<V>; BUCKET];

/// One payload per position, shared between threads.
pub(crate) struct PositionTable<V> {
    shards: Vec<Mutex<Vec<Bucket<V>>>>,
    /// The address of each shard's first bucket (the shards never grow),
    /// for [`PositionTable::prefetch`].
    starts: Vec<usize>,
    buckets_per_shard: usize,
}

/// Bounds on positions' scores: alpha-beta's table.
pub(crate) type ProofTable = PositionTable<Bounds>;

impl<V: Payload> PositionTable<V> {
    /// A table of at most `bytes` (at least one bucket a shard).
    pub fn with_memory(bytes: usize) -> PositionTable<V> {
        let buckets_per_shard = (bytes / (size_of::<Entry<V>>() * BUCKET * SHARDS)).max(1);
        let shards: Vec<Vec<Bucket<V>>> = (0..SHARDS)
            .map(|_| vec![[Entry::default(); BUCKET]; buckets_per_shard])
            .collect();
        PositionTable {
            starts: shards.iter().map(|s| s.as_ptr().addr()).collect(),
            shards: shards.into_iter().map(Mutex::new).collect(),
            buckets_per_shard,
        }
    }

    /// Starts loading `key`'s bucket into the cache without taking its
    /// shard's lock: a search asks for all its children's buckets at once,
    /// so their cache misses overlap.
    #[inline]
    pub fn prefetch(&self, key: &Key) {
        let (shard, bucket) = self.slot(key);
        let first = self.starts[shard] + bucket * size_of::<Bucket<V>>();
        let last = first + size_of::<Bucket<V>>() - 1;
        prefetch(std::ptr::without_provenance::<u8>(first));
        prefetch(std::ptr::without_provenance::<u8>(last));
    }

    /// How many positions the table can hold.
    pub fn capacity(&self) -> usize {
        SHARDS * self.buckets_per_shard * BUCKET
    }

    fn slot(&self, key: &Key) -> (usize, usize) {
        let h = key.hash();
        let shard = (h >> 58) as usize % SHARDS;
        let bucket = (h % self.buckets_per_shard as u64) as usize;
        (shard, bucket)
    }

    fn shard(&self, index: usize) -> std::sync::MutexGuard<'_, Vec<Bucket<V>>> {
        // A thread that panicked mid-store left at worst a stale entry
        // whose value was true when written.
        self.shards[index]
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// What the table holds of `key`.
    pub fn get(&self, key: &Key) -> Option<V> {
        let (shard, bucket) = self.slot(key);
        let guard = self.shard(shard);
        guard[bucket].iter().find(|e| e.holds(key)).map(|e| e.value)
    }

    /// Records `value` for `key`, found with about `positions` positions of
    /// work.
    pub fn put(&self, key: &Key, value: V, positions: u64) {
        let work = (64 - positions.leading_zeros()) as u8;
        let (shard, bucket) = self.slot(key);
        let mut guard = self.shard(shard);
        let bucket = &mut guard[bucket];
        if let Some(e) = bucket.iter_mut().find(|e| e.holds(key)) {
            e.value.merge(value);
            e.work = e.work.max(work);
            return;
        }
        let victim = bucket
            .iter_mut()
            .min_by_key(|e| {
                if e.flags & 1 == 0 {
                    -1
                } else {
                    i32::from(e.work)
                }
            })
            .expect("a bucket has entries");
        *victim = Entry {
            white: key.white,
            black: key.black,
            value,
            flags: 1 | if key.black_to_move { 2 } else { 0 },
            work,
        };
    }

    /// How many entries are in use (a full scan: for reports, not searches).
    pub fn used(&self) -> usize {
        (0..SHARDS)
            .map(|i| {
                self.shard(i)
                    .iter()
                    .flatten()
                    .filter(|e| e.flags & 1 != 0)
                    .count()
            })
            .sum()
    }
}

impl ProofTable {
    /// The bounds proved for `key`, lower then upper.
    pub fn probe(&self, key: &Key) -> Option<(i32, i32)> {
        self.get(key)
            .map(|b| (i32::from(b.lower), i32::from(b.upper)))
    }

    /// Records that `key`'s score lies in `lower..=upper`, proved with about
    /// `positions` positions of work.
    pub fn store(&self, key: &Key, lower: i32, upper: i32, positions: u64) {
        let clamp = |v: i32| v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        let bounds = Bounds {
            lower: clamp(lower),
            upper: clamp(upper),
        };
        self.put(key, bounds, positions);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: u64) -> Key {
        Key {
            white: n,
            black: n << 32,
            black_to_move: n % 2 == 1,
        }
    }

    #[test]
    fn bounds_narrow_and_entries_stay_apart() {
        let table = ProofTable::with_memory(1 << 20);
        table.store(&key(1), -900, 900, 10);
        table.store(&key(1), 5, 990, 10);
        assert_eq!(table.probe(&key(1)), Some((5, 900)));
        assert_eq!(table.probe(&key(2)), None);
        let mut other = key(1);
        other.black_to_move = !other.black_to_move;
        assert_eq!(
            table.probe(&other),
            None,
            "the side to move is part of the key"
        );
    }

    #[test]
    fn a_full_bucket_keeps_the_costliest_proofs() {
        // One bucket per shard: every key of a shard competes for 4 entries.
        let table = ProofTable::with_memory(1);
        let keys: Vec<Key> = (0..4000).map(key).collect();
        let shard_of = |k: &Key| table.slot(k).0;
        let same: Vec<&Key> = keys
            .iter()
            .filter(|k| shard_of(k) == shard_of(&keys[0]))
            .collect();
        assert!(same.len() > BUCKET + 1);
        table.store(same[0], 1, 1, 1 << 40);
        for k in &same[1..] {
            table.store(k, 2, 2, 1);
        }
        assert_eq!(table.probe(same[0]), Some((1, 1)), "the costly proof stays");
        assert!(table.used() <= table.capacity());
    }
}
