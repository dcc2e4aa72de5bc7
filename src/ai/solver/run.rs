//! One solve's run: the limits that stop it, the progress it reports, and
//! the counts and flags its threads share.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};

use web_time::{Duration, Instant};

use crate::rules::VariantError;

/// When a solve must stop. A stopped solve keeps what it proved.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolveLimits<'a> {
    /// Stop after about this many positions searched.
    pub max_positions: Option<u64>,
    pub deadline: Option<Instant>,
    /// Stop once this is set (another thread's request).
    pub cancel: Option<&'a AtomicBool>,
}

impl SolveLimits<'_> {
    /// No limit: run to the end.
    pub fn none() -> SolveLimits<'static> {
        SolveLimits::default()
    }

    /// Stop after `time`.
    pub fn time(time: Duration) -> SolveLimits<'static> {
        SolveLimits {
            deadline: Some(Instant::now() + time),
            ..SolveLimits::default()
        }
    }

    /// Stop after about `positions` positions.
    pub fn positions(positions: u64) -> SolveLimits<'static> {
        SolveLimits {
            max_positions: Some(positions),
            ..SolveLimits::default()
        }
    }
}

/// A snapshot of a running analysis, for progress lines.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// 1 while proving who wins after each turn, 2 while finding distances,
    /// 3 while finding how long a lost position's best defence lasts.
    pub pass: u8,
    /// Turns (up to symmetry) finished in this pass, of `classes`.
    pub done: usize,
    pub classes: usize,
    pub positions: u64,
    pub elapsed: Duration,
}

/// Called now and then during a long analysis.
pub type ProgressFn<'a> = &'a (dyn Fn(&Progress) + Sync);

/// The state of one solve shared by its threads.
pub(super) struct Run<'a> {
    limits: &'a SolveLimits<'a>,
    pub(super) positions: AtomicU64,
    pub(super) stopped: AtomicBool,
    pub(super) start: Instant,
    pub(super) pass: AtomicUsize,
    pub(super) done: AtomicUsize,
    classes: usize,
    progress: Option<(ProgressFn<'a>, Duration, Mutex<Instant>)>,
    /// The positions the threads are searching now, a slot each (a key's
    /// hash, 0 for none); empty with one thread.
    busy: Box<[AtomicU64]>,
    /// Which of the root's results are settled in this pass, so that the
    /// threads searching one (its owner and those helping it) stop once
    /// one of them has its answer.
    finished: Box<[AtomicBool]>,
    /// The history of refutations all threads share: for each side and
    /// square, how many positions a turn of that side ending on that
    /// square has refuted (see `Searcher::expand`). Updates race without
    /// harm: a count lost now and then only orders a tie differently.
    pub(super) history: Box<[AtomicU32]>,
}

/// The busy table's slots with more than one thread (a power of two).
const BUSY_SLOTS: usize = 1 << 14;

/// The history's slots: two sides, 64 squares and one for a turn that
/// ends where it started.
const HISTORY_SLOTS: usize = 2 * 65;

impl<'a> Run<'a> {
    /// A run over `classes` turns (up to symmetry) started at `start` on
    /// `threads` threads; `progress` is called about once each of its
    /// durations.
    pub(super) fn new(
        limits: &'a SolveLimits<'a>,
        start: Instant,
        classes: usize,
        threads: usize,
        progress: Option<(ProgressFn<'a>, Duration)>,
    ) -> Run<'a> {
        let slots = if threads > 1 { BUSY_SLOTS } else { 0 };
        Run {
            busy: (0..slots).map(|_| AtomicU64::new(0)).collect(),
            finished: (0..classes).map(|_| AtomicBool::new(false)).collect(),
            history: (0..HISTORY_SLOTS).map(|_| AtomicU32::new(0)).collect(),
            limits,
            positions: AtomicU64::new(0),
            stopped: AtomicBool::new(false),
            start,
            pass: AtomicUsize::new(1),
            done: AtomicUsize::new(0),
            classes,
            progress: progress.map(|(f, every)| (f, every, Mutex::new(start))),
        }
    }

    /// Whether a limit is reached (once it is, the run stays stopped).
    pub(super) fn should_stop(&self) -> bool {
        if self.stopped.load(Ordering::Relaxed) {
            return true;
        }
        let positions = self.positions.load(Ordering::Relaxed);
        let stop = self.limits.max_positions.is_some_and(|m| positions >= m)
            || self.limits.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .limits
                .cancel
                .is_some_and(|c| c.load(Ordering::Relaxed));
        if stop {
            self.stopped.store(true, Ordering::Relaxed);
        }
        stop
    }

    /// Counts one more position of a searcher's; every [`CHECK_EVERY`]
    /// adds them to the run's total and checks the limits.
    pub(super) fn count(&self, visited: &mut u64) -> Result<(), Halt> {
        *visited += 1;
        if visited.is_multiple_of(CHECK_EVERY) {
            self.positions.fetch_add(CHECK_EVERY, Ordering::Relaxed);
            if self.should_stop() {
                return Err(Halt::Stopped);
            }
            if visited.is_multiple_of(CHECK_EVERY * 64) {
                self.maybe_report();
            }
        }
        Ok(())
    }

    /// Marks the position of `hash` as being searched, if its slot is
    /// free (then [`Run::leave`] must follow); whether it was marked.
    pub(super) fn enter(&self, hash: u64) -> bool {
        let Some(slot) = self.busy_slot(hash) else {
            return false;
        };
        slot.compare_exchange(0, hash | 1, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    }

    /// The search of the position of `hash`, marked by [`Run::enter`], is
    /// over.
    pub(super) fn leave(&self, hash: u64) {
        if let Some(slot) = self.busy_slot(hash) {
            let _ = slot.compare_exchange(hash | 1, 0, Ordering::Relaxed, Ordering::Relaxed);
        }
    }

    /// Whether a thread is searching the position of `hash` now (as far
    /// as its slot tells: a position that shares the slot of one being
    /// searched is not seen).
    pub(super) fn busy(&self, hash: u64) -> bool {
        self.busy_slot(hash)
            .is_some_and(|slot| slot.load(Ordering::Relaxed) == hash | 1)
    }

    fn busy_slot(&self, hash: u64) -> Option<&AtomicU64> {
        if self.busy.is_empty() {
            return None;
        }
        // The high bits: the proof table's buckets are picked by the low.
        Some(&self.busy[(hash >> 40) as usize & (self.busy.len() - 1)])
    }

    /// The root's result `class` is settled for this pass.
    pub(super) fn finish(&self, class: usize) {
        self.finished[class].store(true, Ordering::Relaxed);
    }

    /// Whether the root's result `class` is settled for this pass.
    pub(super) fn finished(&self, class: usize) -> bool {
        self.finished[class].load(Ordering::Relaxed)
    }

    /// A new pass: no result settled in it yet.
    pub(super) fn start_pass(&self, number: u8) {
        self.pass.store(usize::from(number), Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
        for finished in &self.finished {
            finished.store(false, Ordering::Relaxed);
        }
    }

    /// Adds a searcher's positions since its last check to the total.
    pub(super) fn settle(&self, visited: &mut u64) {
        self.positions
            .fetch_add(*visited % CHECK_EVERY, Ordering::Relaxed);
        *visited -= *visited % CHECK_EVERY;
    }

    fn snapshot(&self) -> Progress {
        Progress {
            pass: self.pass.load(Ordering::Relaxed) as u8,
            done: self.done.load(Ordering::Relaxed),
            classes: self.classes,
            positions: self.positions.load(Ordering::Relaxed),
            elapsed: self.start.elapsed(),
        }
    }

    fn maybe_report(&self) {
        if let Some((report, every, last)) = &self.progress {
            let now = Instant::now();
            let due = {
                let mut last = last.lock().unwrap_or_else(|p| p.into_inner());
                if now.duration_since(*last) >= *every {
                    *last = now;
                    true
                } else {
                    false
                }
            };
            if due {
                report(&self.snapshot());
            }
        }
    }
}

/// Why a search gave up.
pub(super) enum Halt {
    Stopped,
    Variant(VariantError),
}

impl From<VariantError> for Halt {
    fn from(e: VariantError) -> Halt {
        Halt::Variant(e)
    }
}

/// Positions a searcher counts before it adds them to the run's total and
/// checks the limits.
const CHECK_EVERY: u64 = 64;
