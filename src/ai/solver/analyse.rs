//! [`Solver::analyse`]: the value of each of a position's turns, the
//! results shared out over the solver's threads, pass by pass.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use web_time::{Duration, Instant};

use crate::rules::{Position, Turn, TurnScratch, VariantError};

use super::key::{Canonicalizer, Key};
use super::run::{Halt, ProgressFn, Run, SolveLimits};
use super::value::{Knowledge, WIN};
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

impl Solver {
    /// The value of each turn of `pos` and so of `pos` itself: first who
    /// wins after every turn, then the distances. Turns whose results are
    /// images of each other under the game's symmetries are solved once.
    /// `progress` is called about every `every` while it runs.
    pub fn analyse(
        &self,
        pos: &Position,
        limits: &SolveLimits,
        distances: Distances,
        progress: Option<(ProgressFn, Duration)>,
    ) -> Result<Analysis, VariantError> {
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
        let run = Run::new(limits, start, classes.len(), progress);
        let known = self.known_classes(&classes);
        self.run_passes(&canon, &run, &classes, &known, distances)?;
        let known: Vec<Knowledge> = known.into_iter().map(into_inner).collect();
        let analysed: Vec<(Turn, Knowledge)> = turns
            .iter()
            .zip(&keys)
            .map(|(t, k)| (t.clone(), of_turn(&classes, &known, k)))
            .collect();
        let mut knowledge = self.value_of_turns(&analysed);
        if distances == Distances::Winning
            && knowledge.wins() == Some(false)
            && knowledge.value().is_none()
            && !run.stopped.load(Ordering::Relaxed)
        {
            knowledge = self.lost_length(pos, &canon, &run)?.unwrap_or(knowledge);
        }
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
    /// only that is asked) the distances; each pass shared out over the
    /// solver's threads, and none after a limit stops the run.
    fn run_passes(
        &self,
        canon: &Canonicalizer,
        run: &Run,
        classes: &[(Key, Position)],
        known: &[Mutex<Knowledge>],
        distances: Distances,
    ) -> Result<(), VariantError> {
        let passes: u8 = if distances == Distances::None { 1 } else { 2 };
        for number in 1..=passes {
            run.pass.store(usize::from(number), Ordering::Relaxed);
            run.done.store(0, Ordering::Relaxed);
            let pass = Pass {
                number,
                distances,
                classes,
                known,
                next: AtomicUsize::new(0),
                run,
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
        let threads = self.config.threads.clamp(1, jobs.max(1));
        // The web page has no threads: its build leaves the other branch out.
        let results: Vec<Result<(), VariantError>> = if threads == 1 || cfg!(target_arch = "wasm32")
        {
            vec![searched()]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads).map(|_| scope.spawn(searched)).collect();
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

    /// A lost position's length: one search from the position itself needs
    /// only bounds on most turns, not their exact values. `None` when a
    /// limit stopped it.
    fn lost_length(
        &self,
        pos: &Position,
        canon: &Canonicalizer,
        run: &Run,
    ) -> Result<Option<Knowledge>, VariantError> {
        let mut searchers = self.searchers(canon, run);
        let found = searchers.solve(pos);
        searchers.flush();
        match found {
            Ok(k) => Ok(Some(k)),
            Err(Halt::Stopped) => Ok(None),
            Err(Halt::Variant(e)) => Err(e),
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
    /// 1: who wins after each turn; 2: the distances.
    number: u8,
    distances: Distances,
    classes: &'p [(Key, Position)],
    known: &'p [Mutex<Knowledge>],
    /// The next result to take.
    next: AtomicUsize,
    run: &'p Run<'p>,
}

impl Pass<'_> {
    /// Whether this pass has nothing to find of a result known as `before`.
    fn settled(&self, before: Knowledge) -> bool {
        match self.number {
            1 => before.wins().is_some(),
            // A result the opponent wins is a losing turn.
            _ if self.distances == Distances::Winning => {
                before.value().is_some() || before.wins() != Some(false)
            }
            _ => before.value().is_some(),
        }
    }

    /// Takes results until none is left or a limit stops the run.
    fn work(&self, searchers: &mut Searchers) -> Result<(), VariantError> {
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            let Some((_, result)) = self.classes.get(i) else {
                return Ok(());
            };
            let before = *self.known[i].lock().unwrap_or_else(|p| p.into_inner());
            if !self.settled(before) {
                let found = match self.number {
                    1 => searchers.prove(result),
                    _ => searchers.solve(result),
                };
                match found {
                    Ok(k) => *self.known[i].lock().unwrap_or_else(|p| p.into_inner()) = k,
                    Err(Halt::Stopped) => return Ok(()),
                    Err(Halt::Variant(e)) => return Err(e),
                }
            }
            self.run.done.fetch_add(1, Ordering::Relaxed);
        }
    }
}
