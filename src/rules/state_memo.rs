//! The memo of a turn search: which states of a turn in progress (piece
//! square, captured set, template) were already expanded, and, in a game
//! whose fit reads only where a capture lands, which were found not to
//! fit (a flag bit in the same key). Heavy Tumburrow
//! positions expand millions of states per origin, so the memo is the
//! engine's hottest table: states usually pack into one `u64` held in an
//! open-addressing table (one cache line per probe, no control bytes).

use super::fxhash::FxHashSet;
use super::{Bitboard, Square};

/// Each enemy piece's index among the enemies of the turn's position, so a
/// captured set packs into as many bits as there are enemies.
#[derive(Clone)]
pub(crate) struct EnemyIndex {
    index: [u8; 64],
}

impl Default for EnemyIndex {
    /// The numbering of no enemies.
    fn default() -> EnemyIndex {
        EnemyIndex::new(Bitboard::EMPTY)
    }
}

impl EnemyIndex {
    pub(crate) fn new(enemies: Bitboard) -> EnemyIndex {
        let mut index = [0u8; 64];
        for (i, sq) in enemies.enumerate() {
            index[sq.index()] = i as u8;
        }
        EnemyIndex { index }
    }

    /// The packed bit of a captured enemy.
    #[inline]
    pub(crate) fn bit(&self, sq: Square) -> u64 {
        1 << self.index[sq.index()]
    }
}

/// Most enemies a packed key has room for: 32 bits of captured set, 6 of
/// square, the rest for the template.
const PACKED_ENEMIES: u32 = 32;

/// Expanded states of one origin's turns (and its misfits).
#[derive(Default)]
pub(crate) struct StateMemo {
    /// Open addressing, linear probing; 0 marks a free slot (a packed key is
    /// never 0: the piece's square is always in the captured set).
    slots: Vec<u64>,
    /// Slots filled since the last clear, so clearing costs what was used.
    filled: Vec<u32>,
    /// States of positions with too many enemies to pack (a misfit's with
    /// [`WIDE_MISFIT`] set).
    wide: FxHashSet<(u64, u32)>,
    packed: bool,
}

impl StateMemo {
    /// Forgets every state; `enemies` is how many enemy pieces the next
    /// origin's turns can capture.
    pub(crate) fn reset(&mut self, enemies: u32) {
        if self.filled.len() * 8 < self.slots.len() {
            for &i in &self.filled {
                self.slots[i as usize] = 0;
            }
        } else {
            self.slots.fill(0);
        }
        self.filled.clear();
        self.wide.clear();
        self.packed = enemies <= PACKED_ENEMIES;
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        if self.packed {
            self.filled.len()
        } else {
            self.wide.len()
        }
    }

    /// Where a key's probe starts: a multiply moves every bit of the key
    /// into the high half, which the shift brings down.
    #[inline]
    fn home(&self, key: u64) -> usize {
        ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 24) as usize) & (self.slots.len() - 1)
    }

    /// Starts loading a state's slot into the cache: a search that knows
    /// its next states asks for them all at once, so their cache misses
    /// overlap instead of coming one after another.
    #[inline]
    pub(crate) fn prefetch(&self, captured: u64, at: Square, template: u32) {
        if self.packed && !self.slots.is_empty() {
            let i = self.home(packed_key(captured, at, template));
            prefetch(self.slots.as_ptr().wrapping_add(i));
        }
    }

    /// Records a state; false if it was already there. `captured` is the
    /// packed captured set ([`EnemyIndex::bit`]).
    #[inline]
    pub(crate) fn insert(&mut self, captured: u64, at: Square, template: u32) -> bool {
        if !self.packed {
            return self
                .wide
                .insert((captured, template << 8 | at.index() as u32));
        }
        let key = packed_key(captured, at, template);
        if (self.filled.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = key;
                    self.filled.push(i as u32);
                    return true;
                }
                k if k & !MISFIT == key => {
                    debug_assert!(k & MISFIT == 0, "a misfit state expanded");
                    return false;
                }
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// What the memo knows of a state: `None` if nothing, `Some(true)` if
    /// it was expanded ([`StateMemo::insert`]), `Some(false)` if it was
    /// recorded as a capture that does not fit ([`StateMemo::insert_misfit`]).
    #[inline]
    pub(crate) fn look(&self, captured: u64, at: Square, template: u32) -> Option<bool> {
        if !self.packed {
            let at_and_template = template << 8 | at.index() as u32;
            return if self.wide.contains(&(captured, at_and_template)) {
                Some(true)
            } else if self
                .wide
                .contains(&(captured, at_and_template | WIDE_MISFIT))
            {
                Some(false)
            } else {
                None
            };
        }
        if self.slots.is_empty() {
            return None;
        }
        let key = packed_key(captured, at, template);
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            match self.slots[i] {
                0 => return None,
                k if k & !MISFIT == key => return Some(k & MISFIT == 0),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Records a state the search never expands, because the capture that
    /// reaches it does not fit the template: a game whose fit reads only
    /// the state ([`Variant::fit_reads_only_the_landing`]) then checks it
    /// once, however many captures lead there. The state must be new
    /// ([`StateMemo::look`] gave `None`).
    ///
    /// [`Variant::fit_reads_only_the_landing`]: super::Variant::fit_reads_only_the_landing
    #[inline]
    pub(crate) fn insert_misfit(&mut self, captured: u64, at: Square, template: u32) {
        if !self.packed {
            self.wide
                .insert((captured, template << 8 | at.index() as u32 | WIDE_MISFIT));
            return;
        }
        let key = packed_key(captured, at, template);
        if (self.filled.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        while self.slots[i] != 0 {
            debug_assert_ne!(self.slots[i] & !MISFIT, key, "a state recorded twice");
            i = (i + 1) & mask;
        }
        self.slots[i] = key | MISFIT;
        self.filled.push(i as u32);
    }

    /// Doubles the table (at least 256 slots) and re-inserts every key.
    /// Keys move in slot order, not in the order they came: a key in slot
    /// `i` lands near `i` or `i` plus the old size, so both tables are read
    /// and written almost in sequence. In the order they came, millions of
    /// keys cost a cache miss each (a few hundred milliseconds, which a
    /// search on the clock cannot interrupt).
    fn grow(&mut self) {
        let capacity = (self.slots.len() * 2).max(256);
        let old = std::mem::replace(&mut self.slots, vec![0; capacity]);
        self.filled.clear();
        let mask = capacity - 1;
        for key in old.into_iter().filter(|&key| key != 0) {
            let mut i = self.home(key & !MISFIT);
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = key;
            self.filled.push(i as u32);
        }
    }
}

/// The flag of a packed key recorded by [`StateMemo::insert_misfit`]
/// (templates are numbered far below the 25 bits above the square).
const MISFIT: u64 = 1 << 63;

/// The same flag in a wide state's square-and-template half.
const WIDE_MISFIT: u32 = 1 << 31;

#[inline]
fn packed_key(captured: u64, at: Square, template: u32) -> u64 {
    captured | (at.index() as u64) << 32 | (template as u64) << 38
}

/// Starts loading the cache line at `at` (a hint only: `at` is never read,
/// so any address will do). Code that knows the memory it will need next
/// asks for all of it at once, and the cache misses overlap instead of
/// coming one after another.
#[inline]
pub(crate) fn prefetch<T>(at: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch does not read memory as far as the program can
    // tell; an address outside any allocation is only a wasted hint.
    #[allow(unsafe_code)]
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(at.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn a_state_is_new_once_until_reset() {
        let mut memo = StateMemo::default();
        memo.reset(10);
        assert!(memo.insert(0b101, sq("c3"), 0));
        assert!(!memo.insert(0b101, sq("c3"), 0));
        assert!(
            memo.insert(0b101, sq("c3"), 1),
            "another template is another state"
        );
        assert!(
            memo.insert(0b101, sq("d3"), 0),
            "another square is another state"
        );
        assert!(
            memo.insert(0b111, sq("c3"), 0),
            "another set is another state"
        );
        assert_eq!(memo.len(), 4);
        memo.reset(10);
        assert_eq!(memo.len(), 0);
        assert!(memo.insert(0b101, sq("c3"), 0));
    }

    #[test]
    fn growing_keeps_every_state() {
        let mut memo = StateMemo::default();
        memo.reset(32);
        for set in 1..20_000u64 {
            assert!(memo.insert(set << 7, sq("h8"), 3));
        }
        for set in 1..20_000u64 {
            assert!(!memo.insert(set << 7, sq("h8"), 3));
        }
        // A clear after a big origin empties the whole table.
        memo.reset(32);
        assert!(memo.insert(1 << 7, sq("h8"), 3));
    }

    #[test]
    fn growth_in_slot_order_keeps_every_state() {
        let mut memo = StateMemo::default();
        memo.reset(32);
        let mut growths = 0;
        for set in 1..5_000u64 {
            let size = memo.slots.len();
            assert!(memo.insert(set << 7, sq("h8"), 3));
            if memo.slots.len() != size {
                assert_eq!(memo.slots.len(), (size * 2).max(256), "at state {set}");
                assert_eq!(memo.len(), set as usize, "states lost growing at {set}");
                growths += 1;
            }
        }
        assert!(growths >= 5);
        for set in 1..5_000u64 {
            assert!(!memo.insert(set << 7, sq("h8"), 3), "state {set} lost");
        }
    }

    #[test]
    fn many_enemies_use_the_wide_table() {
        let mut memo = StateMemo::default();
        memo.reset(40);
        let high = 1u64 << 39;
        assert!(memo.insert(high | 1, sq("a1"), 0));
        assert!(memo.insert(1, sq("a1"), 0), "bit 39 is part of the key");
        assert!(!memo.insert(high | 1, sq("a1"), 0));
    }

    #[test]
    fn a_landing_is_known_as_expanded_as_a_misfit_or_not_at_all() {
        // Packed keys (few enemies), then wide ones (more than 32).
        for enemies in [10, 40] {
            let mut memo = StateMemo::default();
            memo.reset(enemies);
            assert_eq!(memo.look(0b11, sq("c3"), 0), None);
            memo.insert_misfit(0b11, sq("c3"), 0);
            assert!(memo.insert(0b11, sq("d3"), 0));
            assert_eq!(memo.look(0b11, sq("c3"), 0), Some(false), "{enemies}");
            assert_eq!(memo.look(0b11, sq("d3"), 0), Some(true), "{enemies}");
            assert_eq!(memo.look(0b11, sq("c3"), 1), None, "another template");
            assert_eq!(memo.look(0b111, sq("c3"), 0), None, "another set");
            // Growing keeps both kinds apart.
            for set in 1..3_000u64 {
                memo.insert_misfit(set << 8, sq("h8"), 2);
            }
            assert_eq!(memo.look(0b11, sq("c3"), 0), Some(false), "{enemies}");
            assert_eq!(memo.look(0b11, sq("d3"), 0), Some(true), "{enemies}");
            assert_eq!(memo.look(5 << 8, sq("h8"), 2), Some(false), "{enemies}");
            memo.reset(enemies);
            assert_eq!(
                memo.look(0b11, sq("c3"), 0),
                None,
                "a reset forgets misfits"
            );
        }
    }

    #[test]
    fn enemy_index_packs_captured_sets() {
        let enemies: Bitboard = [sq("b1"), sq("e4"), sq("h8")].into_iter().collect();
        let index = EnemyIndex::new(enemies);
        assert_eq!(index.bit(sq("b1")), 1);
        assert_eq!(index.bit(sq("e4")), 2);
        assert_eq!(index.bit(sq("h8")), 4);
    }
}
