//! [`Solver::analyse`]: the value of each of a position's turns, the
//! results shared out over the solver's threads, pass by pass.

use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use web_time::{Duration, Instant};

use crate::rules::{Position, Turn, TurnScratch, VariantError};

use super::key::{Canonicalizer, Key};
use super::run::{Halt, ProgressFn, Run, SolveLimits};
use super::value::{Knowledge, WIN, back, to_child};
use super::{Searchers, Solver};

/// Which of a position's turns [`Solver::analyse`] finds exact distances for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distances {
    /// Only who wins after each turn.
    None,
    /// The winning turns' distances and the position's own value: what a
    /// player who wants to win needs, far cheaper than every losing turn's
    /// (each a search of how long the loser can hold out).
    Winning,
    /// Every turn's.
    All,
}

/// Each turn of a position with what is known of it.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Every distinct turn, with its value for the player making it.
    pub turns: Vec<(Turn, Knowledge)>,
    /// The position's value for the side to move.
    pub knowledge: Knowledge,
    /// Whether a limit stopped the analysis before every turn's exact value.
    pub stopped: bool,
    pub positions: u64,
    pub elapsed: Duration,
}

impl Analysis {
    /// The turn a losing side should play: the proven loss that lasts
    /// longest (of a position it wins, the win that takes longest to
    /// prove; `None` with no turn known exactly).
    pub fn longest_defence(&self) -> Option<&Turn> {
        self.turns
            .iter()
            .filter(|(_, k)| k.value().is_some())
            .max_by_key(|(_, k)| k.lower)
            .map(|(t, _)| t)
    }

    /// The proven winning turn with the fewest turns to the end (of those
    /// whose distance is not yet exact, by the most it can be), if any.
    pub fn best_win(&self) -> Option<(&Turn, Knowledge)> {
        self.turns
            .iter()
            .filter(|(_, k)| k.wins() == Some(true))
            .max_by_key(|(_, k)| k.lower)
            .map(|(t, k)| (t, *k))
    }
}

/// Called with a turn's result and all that is now proven of it (for the
/// side to move there), each time an analysis learns more of one; from
/// several threads at once when the solver has them.
pub type FoundFn<'a> = &'a (dyn Fn(&Position, Knowledge) + Sync);

/// Who watches a long analysis: a progress report every so often, and
/// each turn's result as it is settled (to keep in a checkpoint).
#[derive(Clone, Copy, Default)]
pub struct Watch<'a> {
    pub progress: Option<(ProgressFn<'a>, Duration)>,
    pub found: Option<FoundFn<'a>>,
}

impl Solver {
    /// The value of each turn of `pos` and so of `pos` itself: first who
    /// wins after every turn, then the distances. Turns whose results are
    /// images of each other under the game's symmetries are solved once.
    /// `watch` hears of the progress and of each result found.
    pub fn analyse(
        &self,
        pos: &Position,
        limits: &SolveLimits,
        distances: Distances,
        watch: Option<&Watch>,
    ) -> Result<Analysis, VariantError> {
        let watch = watch.copied().unwrap_or_default();
        let start = Instant::now();
        let canon = self.canonicalizer(pos.size());
        let Some(turns) = self.listed_turns(pos, limits)? else {
            return Ok(Analysis {
                turns: Vec::new(),
                knowledge: self.known(pos),
                stopped: true,
                positions: 0,
                elapsed: start.elapsed(),
            });
        };
        let keys: Vec<Key> = turns.iter().map(|t| canon.key(&t.result)).collect();
        let classes = classes_of(&keys, &turns);
        let threads = self.threads(classes.len());
        let run = Run::new(limits, start, classes.len(), threads, watch.progress);
        let known = self.known_classes(&classes);
        self.run_passes(&canon, &run, &classes, &known, distances, watch.found)?;
        let known: Vec<Knowledge> = known.into_iter().map(into_inner).collect();
        let analysed: Vec<(Turn, Knowledge)> = turns
            .iter()
            .zip(&keys)
            .map(|(t, k)| (t.clone(), of_turn(&classes, &known, k)))
            .collect();
        let knowledge = self.value_of_turns(&analysed);
        let stopped = run.stopped.load(Ordering::Relaxed);
        if let Some(value) = knowledge.value() {
            // (the search from the position stored it already, or its turns'
            // values settle it)
            self.table.store(
                &canon.key(pos),
                value.score(),
                value.score(),
                run.positions.load(Ordering::Relaxed),
            );
        }
        Ok(Analysis {
            turns: analysed,
            knowledge,
            stopped,
            positions: run.positions.load(Ordering::Relaxed),
            elapsed: start.elapsed(),
        })
    }

    /// The turns of `pos`, listed once for a run of slices (the last
    /// position listed is kept); `None` when a limit stopped the listing.
    fn listed_turns(
        &self,
        pos: &Position,
        limits: &SolveLimits,
    ) -> Result<Option<Arc<Vec<Turn>>>, VariantError> {
        let cached = self
            .listed
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .filter(|(listed, _)| listed == pos)
            .map(|(_, turns)| turns.clone());
        if cached.is_some() {
            return Ok(cached);
        }
        let mut stop_listing = || {
            limits.deadline.is_some_and(|d| Instant::now() >= d)
                || limits.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
        };
        let Some(turns) =
            self.rules
                .turns_with(pos, &mut TurnScratch::default(), &mut stop_listing)?
        else {
            return Ok(None);
        };
        let turns = Arc::new(turns);
        *self.listed.lock().unwrap_or_else(|p| p.into_inner()) = Some((*pos, turns.clone()));
        Ok(Some(turns))
    }

    /// What the table knows already of each class's result.
    fn known_classes(&self, classes: &[(Key, Position)]) -> Vec<Mutex<Knowledge>> {
        classes
            .iter()
            .map(|(k, _)| {
                Mutex::new(
                    self.table
                        .probe(k)
                        .map_or(Knowledge::NOTHING, |(lower, upper)| Knowledge {
                            lower,
                            upper,
                        }),
                )
            })
            .collect()
    }

    /// The passes over the turns' results: who wins after each, then (unless
    /// only that is asked) the distances, and for a lost position whose
    /// losing turns' distances are not all asked, how long its best defence
    /// lasts; each pass shared out over the solver's threads, and none after
    /// a limit stops the run.
    fn run_passes(
        &self,
        canon: &Canonicalizer,
        run: &Run,
        classes: &[(Key, Position)],
        known: &[Mutex<Knowledge>],
        distances: Distances,
        found: Option<FoundFn>,
    ) -> Result<(), VariantError> {
        let passes: u8 = if distances == Distances::None { 1 } else { 3 };
        for number in 1..=passes {
            let now: Vec<Knowledge> = known.iter().map(|k| *lock(k)).collect();
            let mut order: Vec<usize> = (0..classes.len()).collect();
            let mut defence = -WIN;
            if number == 3 {
                // Only a lost position whose length is asked and unknown:
                // the opponent wins after every turn.
                if distances != Distances::Winning || now.iter().any(|k| k.wins() != Some(true)) {
                    break;
                }
                // The most hopeful defences first: the results whose
                // winner's proven win is slowest.
                order.sort_by_key(|&i| now[i].lower);
                defence = now.iter().map(|k| k.before().lower).max().unwrap_or(-WIN);
            }
            run.start_pass(number);
            let pass = Pass {
                number,
                distances,
                classes,
                known,
                order,
                defence: AtomicI32::new(defence),
                next: AtomicUsize::new(0),
                helpers: (0..classes.len()).map(|_| AtomicUsize::new(0)).collect(),
                run,
                found,
            };
            self.on_threads(canon, run, classes.len(), |searchers: &mut Searchers| {
                pass.work(searchers)
            })?;
            if run.stopped.load(Ordering::Relaxed) {
                break;
            }
        }
        Ok(())
    }

    /// Runs `work` on the solver's threads (at most one a job; on this
    /// thread when that is one), each with searchers of its own; the first
    /// error met, if any.
    fn on_threads<W>(
        &self,
        canon: &Canonicalizer,
        run: &Run,
        jobs: usize,
        work: W,
    ) -> Result<(), VariantError>
    where
        W: Fn(&mut Searchers) -> Result<(), VariantError> + Sync,
    {
        let searched = || {
            let mut searchers = self.searchers(canon, run);
            let result = work(&mut searchers);
            searchers.flush();
            result
        };
        let results: Vec<Result<(), VariantError>> = if self.threads(jobs) == 1 {
            vec![searched()]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..self.threads(jobs))
                    .map(|_| scope.spawn(searched))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a solver thread panicked"))
                    .collect()
            })
        };
        results
            .into_iter()
            .find_map(Result::err)
            .map_or(Ok(()), Err)
    }

    /// How many threads share `jobs` (at most one a job; one on the web
    /// page, which has no threads: its build leaves the other branch of
    /// [`Solver::on_threads`] out).
    fn threads(&self, jobs: usize) -> usize {
        if cfg!(target_arch = "wasm32") {
            1
        } else {
            self.config.threads.clamp(1, jobs.max(1))
        }
    }

    /// The position's value from its turns': the best of them, or with no
    /// turn the game's end rule.
    fn value_of_turns(&self, analysed: &[(Turn, Knowledge)]) -> Knowledge {
        if analysed.is_empty() {
            return Knowledge::exact(if self.rules.end().stuck_wins() {
                WIN
            } else {
                -WIN
            });
        }
        Knowledge {
            lower: analysed.iter().map(|(_, k)| k.lower).max().unwrap_or(-WIN),
            upper: analysed.iter().map(|(_, k)| k.upper).max().unwrap_or(WIN),
        }
    }
}

/// The turns' results, one for each class of images under the game's
/// symmetries, sorted by key.
fn classes_of(keys: &[Key], turns: &[Turn]) -> Vec<(Key, Position)> {
    let mut classes: Vec<(Key, Position)> = keys
        .iter()
        .zip(turns.iter())
        .map(|(k, t)| (*k, t.result))
        .collect();
    classes.sort_unstable_by_key(|c| c.0);
    classes.dedup_by_key(|c| c.0);
    classes
}

/// What is known of the turn whose result has `key`, for its player.
fn of_turn(classes: &[(Key, Position)], known: &[Knowledge], key: &Key) -> Knowledge {
    let i = classes
        .binary_search_by_key(key, |c| c.0)
        .expect("every turn's result has a class");
    known[i].before()
}

fn into_inner<T>(mutex: Mutex<T>) -> T {
    mutex.into_inner().unwrap_or_else(|p| p.into_inner())
}

/// One pass over the turns' results, taken by the threads one at a time.
struct Pass<'p> {
    /// 1: who wins after each turn; 2: the distances; 3: the longest
    /// defence of a lost position.
    number: u8,
    distances: Distances,
    classes: &'p [(Key, Position)],
    known: &'p [Mutex<Knowledge>],
    /// The order the results are taken in (indices into `classes`).
    order: Vec<usize>,
    /// Pass 3: the score of the longest defence proven so far, for the
    /// player to move at the position analysed.
    defence: AtomicI32,
    /// The next result to take (an index into `order`).
    next: AtomicUsize,
    /// How many threads help with each result (by index into `classes`).
    helpers: Vec<AtomicUsize>,
    run: &'p Run<'p>,
    found: Option<FoundFn<'p>>,
}

impl Pass<'_> {
    /// Whether this pass has nothing to find of a result of which `known`
    /// is proven.
    fn settled(&self, known: Knowledge) -> bool {
        match self.number {
            1 => known.wins().is_some(),
            // A result the opponent loses is a winning turn: only those
            // need their distances.
            2 if self.distances == Distances::Winning => {
                known.value().is_some() || known.wins() != Some(false)
            }
            2 => known.value().is_some(),
            // A turn that cannot outlast the longest defence found.
            _ => known.before().upper <= self.defence.load(Ordering::Relaxed),
        }
    }

    /// Takes results until none is left, then helps the threads still
    /// searching one (the same search, sharing the table: each puts off
    /// what the other is in, and both stop when one has the answer), until
    /// every result is settled or a limit stops the run.
    fn work(&self, searchers: &mut Searchers) -> Result<(), VariantError> {
        loop {
            let n = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(&i) = self.order.get(n) else {
                break;
            };
            if !self.settled(*lock(&self.known[i])) && !self.search(searchers, i)? {
                return Ok(());
            }
            self.run.finish(i);
            self.run.done.fetch_add(1, Ordering::Relaxed);
        }
        while let Some(i) = self.to_help() {
            self.helpers[i].fetch_add(1, Ordering::Relaxed);
            let went_on = self.search(searchers, i)?;
            self.helpers[i].fetch_sub(1, Ordering::Relaxed);
            if !went_on {
                return Ok(());
            }
        }
        Ok(())
    }

    /// A result still being searched, with the fewest helpers.
    fn to_help(&self) -> Option<usize> {
        self.order
            .iter()
            .copied()
            .filter(|&i| !self.run.finished(i))
            .min_by_key(|&i| self.helpers[i].load(Ordering::Relaxed))
    }

    /// Searches result `i` and keeps what it proves, unless another thread
    /// settles it first; false when a limit stopped the run.
    fn search(&self, searchers: &mut Searchers, i: usize) -> Result<bool, VariantError> {
        let (key, result) = &self.classes[i];
        searchers.search_class(Some(i));
        let found = match self.number {
            1 => searchers.prove(result),
            2 => searchers.solve(result),
            _ => self.defend(searchers, key, result),
        };
        searchers.search_class(None);
        match found {
            Ok(k) => {
                self.run.finish(i);
                let k = {
                    let mut known = lock(&self.known[i]);
                    *known = known.meet(k);
                    *known
                };
                if let Some(found) = self.found {
                    found(result, k);
                }
                Ok(true)
            }
            // Settled by another thread, or the run is stopped.
            Err(Halt::Stopped) => Ok(!self.run.stopped.load(Ordering::Relaxed)),
            Err(Halt::Variant(e)) => Err(e),
        }
    }

    /// Pass 3: whether the turn to `result` defends longer than the longest
    /// defence found so far, and if so for how long (empty-window searches
    /// of the result, each asking the opponent for a faster win than the
    /// last proved, up to the longest defence's).
    fn defend(
        &self,
        searchers: &mut Searchers,
        key: &Key,
        result: &Position,
    ) -> Result<Knowledge, Halt> {
        let alpha = self.defence.load(Ordering::Relaxed);
        // The turn loses (its result is won for the opponent): a score for
        // the player to move here below 0, above `alpha` to matter.
        let (low, high) = (to_child(0), to_child(alpha));
        let score = searchers
            .alpha_beta
            .faster_wins(result, *key, low + 1, high)?;
        let knowledge = if score >= high {
            // At least that fast a win for the opponent: no longer defence.
            Knowledge {
                lower: score,
                upper: WIN,
            }
        } else {
            Knowledge::exact(score)
        };
        if score < high {
            self.defence.fetch_max(back(score), Ordering::Relaxed);
        }
        Ok(knowledge)
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|p| p.into_inner())
}
