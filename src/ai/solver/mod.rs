//! The solver: the exact value of a position (the side to move wins or
//! loses, and in how many turns under best play) and of each of its turns.
//!
//! Burrow games end in at most one turn per piece and cannot be drawn, so
//! every position has a value: **win in d** or **loss in d**, where d
//! counts the turns still to be played, the winner hurrying and the loser
//! delaying. A side with no capture has lost in 0; a turn that leaves the
//! opponent without one wins in 1.
//!
//! The search is alpha-beta (negamax) over those values: a win in d scores
//! `1000 - d`, a loss in d scores `d - 1000`, so a faster win and a slower
//! loss score higher. First an empty window around 0 proves who wins (it
//! stops at the first winning turn), then empty windows one after another
//! find the distance, each asking for a faster win (or a shorter loss)
//! than the last one proved. Every position's proved bounds go into a [`ProofTable`] of
//! fixed size keyed by the whole position up to the board's symmetries
//! (when the game declares them, [`crate::rules::Variant::symmetric`]), so
//! the many turn orders that reach one position, and its mirror images,
//! are searched once. Turns are tried proven winners first, then by a
//! cheap half of the computer players' evaluation (the opponent's material
//! and capturing pieces: the fewest first), ties broken by the history of
//! refutations (turns landing on a square whose turns refuted more
//! positions first). A search asks the table for all
//! of a position's children at once, so their cache misses overlap.

mod analyse;
mod key;
mod pns;
mod proof_table;
mod run;
mod value;
mod walker;

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use web_time::{Duration, Instant};

use crate::rules::{BoardSize, Position, Rules, Side, Turn, VariantError};

use super::profile::{AiProfile, EvaluationWeights};
use key::{Canonicalizer, Key};
use pns::{NumberTable, PnSearcher};
use proof_table::ProofTable;
use run::{Halt, Run};
use value::{INFINITY, WIN, back, to_child};
use walker::Walker;

pub use analyse::{Analysis, Distances, FoundFn, Watch};
pub use run::{Progress, ProgressFn, SolveLimits};
pub use value::{Knowledge, Value};

/// A turn's result put off by [`Searcher::expand`] (its place in the
/// order, once the order is used).
const PUT_OFF: u8 = u8::MAX;

/// One thread's search.
struct Searcher<'a> {
    walker: Walker<'a>,
    weights: EvaluationWeights,
    table: &'a ProofTable,
    /// The run's history of refutations, shared by its threads.
    history: &'a [AtomicU32],
}

/// Where `result` (a turn's result from `pos`) counts in
/// [`Searcher::history`]: the side that played and the square its piece
/// ended on (64 when it ended where it started).
fn history_slot(pos: &Position, result: &Position) -> usize {
    let landing = (result.theirs().0 & !pos.ours().0).trailing_zeros() as usize;
    pos.turn.index() * 65 + landing
}

impl<'a> Searcher<'a> {
    fn new(
        rules: &'a Rules,
        canon: &'a Canonicalizer,
        table: &'a ProofTable,
        run: &'a Run<'a>,
    ) -> Searcher<'a> {
        Searcher {
            walker: Walker::new(rules, canon, run),
            weights: AiProfile::of(rules).evaluation,
            table,
            history: &run.history,
        }
    }

    /// The score of `pos` if it lies strictly between `alpha` and `beta`;
    /// otherwise a bound on it beyond that side (fail-soft).
    fn search(
        &mut self,
        pos: &Position,
        key: Key,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> Result<i32, Halt> {
        self.walker.visit()?;
        let start = self.walker.visited;
        if let Some((lower, upper)) = self.table.probe(&key) {
            if lower >= beta || lower == upper {
                return Ok(lower);
            }
            if upper <= alpha {
                return Ok(upper);
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
        }
        let marked = self.walker.enter(&key);
        let score = self.expand(pos, key, alpha, beta, ply, start);
        if marked {
            self.walker.leave(&key);
        }
        score
    }

    /// [`Searcher::search`] past the table: the turns' results searched,
    /// and what they prove stored. `start`: the positions visited before
    /// this one.
    fn expand(
        &mut self,
        pos: &Position,
        key: Key,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        start: u64,
    ) -> Result<i32, Halt> {
        let mut children = self.walker.children(pos, ply)?;
        let stuck_wins = self.walker.rules.end().stuck_wins();
        if children.is_empty() {
            self.walker.give_back(ply, children);
            let score = if stuck_wins { WIN } else { -WIN };
            self.table.store(&key, score, score, 1);
            return Ok(score);
        }
        // With a turn to play, the game ends at the earliest after it (the
        // opponent has no capture) and otherwise after the opponent's reply:
        // when having no capture loses, a win takes at least one turn and a
        // loss two; when it wins, a win takes two and a loss one.
        let (best, worst) = if stuck_wins {
            (WIN - 2, 1 - WIN)
        } else {
            (WIN - 1, 2 - WIN)
        };
        if alpha >= best || beta <= worst {
            self.walker.give_back(ply, children);
            return Ok(if alpha >= best { best } else { worst });
        }
        for child in &children {
            self.table.prefetch(&child.key);
        }
        for child in &mut children {
            child.order = match self.table.probe(&child.key) {
                // The child is lost for the opponent: this turn wins.
                Some((_, upper)) if upper < 0 => (0, upper, 0),
                Some((lower, _)) if lower > 0 => (2, lower, 0),
                _ => {
                    let h = self.history[history_slot(pos, &child.pos)].load(Ordering::Relaxed);
                    let r = reply_order(self.walker.rules, self.weights, &child.pos);
                    // Among turns the evaluation ranks alike, the square
                    // with more refutations first (by their order of
                    // magnitude: the exact counts ordered worse).
                    (1, r, h.leading_zeros())
                }
            };
        }
        children.sort_unstable_by_key(|c| c.order);
        let alpha_in = alpha;
        let mut best = -INFINITY;
        // With other threads, a result one of them is searching now is put
        // off until the others are searched (by then its value may be in
        // the table), but never the first, which most often settles the
        // position.
        let mut put_off = false;
        'rounds: for round in 0..2 {
            for (i, child) in children.iter_mut().enumerate() {
                if round == 0 && i > 0 && self.walker.busy(&child.key) {
                    child.order.0 = PUT_OFF;
                    put_off = true;
                    continue;
                }
                if round == 1 && child.order.0 != PUT_OFF {
                    continue;
                }
                let score = self.search(
                    &child.pos,
                    child.key,
                    to_child(beta),
                    to_child(alpha),
                    ply + 1,
                )?;
                let score = back(score);
                if score > best {
                    best = score;
                    if best > alpha {
                        alpha = best;
                        if alpha >= beta {
                            let refuted = &self.history[history_slot(pos, &child.pos)];
                            let count = refuted.load(Ordering::Relaxed);
                            refuted.store(count.saturating_add(1), Ordering::Relaxed);
                            break 'rounds;
                        }
                    }
                }
            }
            if !put_off {
                break;
            }
        }
        self.walker.give_back(ply, children);
        let work = self.walker.visited - start + 1;
        if best <= alpha_in {
            self.table.store(&key, -WIN, best, work);
        } else if best >= beta {
            self.table.store(&key, best, WIN, work);
        } else {
            self.table.store(&key, best, best, work);
        }
        Ok(best)
    }

    /// Who wins `pos`: bounds that settle it.
    fn prove(&mut self, pos: &Position) -> Result<Knowledge, Halt> {
        let key = self.walker.canon.key(pos);
        let score = self.search(pos, key, -1, 1, 0)?;
        Ok(if score > 0 {
            Knowledge {
                lower: score,
                upper: WIN,
            }
        } else {
            Knowledge {
                lower: -WIN,
                upper: score,
            }
        })
    }

    /// The exact value of `pos`.
    fn solve(&mut self, pos: &Position) -> Result<Knowledge, Halt> {
        let key = self.walker.canon.key(pos);
        let who = self.prove(pos)?;
        // Empty windows one after another, each from the bound the last
        // proved: cheaper than one wide window (docs/computer.md).
        let score = match who.wins() {
            Some(true) => self.faster_wins(pos, key, who.lower, INFINITY)?,
            _ => self.longer_losses(pos, key, who.upper)?,
        };
        Ok(Knowledge::exact(score))
    }

    /// `pos`'s score if it is below `high`, else a bound at least `high`,
    /// knowing it is at least `lower`: one empty window after another,
    /// each asking for a faster win than the one proven so far.
    pub(super) fn faster_wins(
        &mut self,
        pos: &Position,
        key: Key,
        mut lower: i32,
        high: i32,
    ) -> Result<i32, Halt> {
        loop {
            if lower >= high {
                return Ok(lower);
            }
            let score = self.search(pos, key, lower, lower + 1, 0)?;
            if score <= lower {
                return Ok(lower);
            }
            lower = score;
        }
    }

    /// `pos`'s score, a loss known to be at most `upper`: one empty window
    /// after another, each asking for a shorter loss than the one proven so
    /// far.
    fn longer_losses(&mut self, pos: &Position, key: Key, mut upper: i32) -> Result<i32, Halt> {
        loop {
            let score = self.search(pos, key, upper - 1, upper, 0)?;
            if score >= upper {
                return Ok(upper);
            }
            upper = score;
        }
    }
}

/// Where a turn's result comes in the order turns are tried (lower
/// first): the opponent's material and the number of their pieces that can
/// capture, weighed as the evaluation weighs them. The evaluation would
/// count our own capturers too; leaving them out halves the cost, and the
/// solves measured searched fewer positions without them
/// (docs/computer.md).
fn reply_order(rules: &Rules, weights: EvaluationWeights, result: &Position) -> i32 {
    let theirs = rules.capturers(&result.board, result.turn).count() as i32;
    if theirs == 0 {
        // The turn leaves the opponent without a capture: the game ends.
        return if rules.end().stuck_wins() {
            i32::MAX
        } else {
            i32::MIN
        };
    }
    let material = result.ours().count() as i32 - result.theirs().count() as i32;
    weights.material * material + weights.mobility * theirs
}

/// One thread's searchers: alpha-beta for distances, and proof-number
/// search for who wins when the solver is set up for it.
struct Searchers<'a> {
    alpha_beta: Searcher<'a>,
    numbers: Option<PnSearcher<'a>>,
}

impl Searchers<'_> {
    /// Who wins `pos`: bounds that settle it.
    fn prove(&mut self, pos: &Position) -> Result<Knowledge, Halt> {
        let Some(numbers) = &mut self.numbers else {
            return self.alpha_beta.prove(pos);
        };
        let start = numbers.walker.visited;
        // Every turn captures, so the game ends within a turn a piece.
        let most = WIN
            - (pos.board.pieces(Side::White).0 | pos.board.pieces(Side::Black).0).count_ones()
                as i32;
        let known = if numbers.prove(pos)? {
            Knowledge {
                lower: most,
                upper: WIN,
            }
        } else {
            Knowledge {
                lower: -WIN,
                upper: -most,
            }
        };
        let key = self.alpha_beta.walker.canon.key(pos);
        self.alpha_beta.table.store(
            &key,
            known.lower,
            known.upper,
            numbers.walker.visited - start,
        );
        Ok(known)
    }

    fn solve(&mut self, pos: &Position) -> Result<Knowledge, Halt> {
        self.alpha_beta.solve(pos)
    }

    /// The root's result the searches are now of (they stop once another
    /// thread settles it), or none.
    fn search_class(&mut self, class: Option<usize>) {
        self.alpha_beta.walker.class = class;
        if let Some(numbers) = &mut self.numbers {
            numbers.walker.class = class;
        }
    }

    fn flush(&mut self) {
        self.alpha_beta.walker.flush();
        if let Some(numbers) = &mut self.numbers {
            numbers.walker.flush();
        }
    }
}

/// How the solver proves who wins a position (distances are always found
/// by alpha-beta).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Search {
    /// Alpha-beta with an empty window around 0 and the proof table.
    #[default]
    AlphaBeta,
    /// Depth-first proof-number search (df-pn) with a table of proof
    /// numbers; the proof table gets a quarter of the memory.
    ProofNumber,
}

/// How a solver is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// The solver's tables' memory, in bytes.
    pub table_bytes: usize,
    /// Threads for [`Solver::analyse`] (the turns are shared out).
    pub threads: usize,
    pub search: Search,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        SolverConfig {
            table_bytes: 64 << 20,
            threads: 1,
            search: Search::AlphaBeta,
        }
    }
}

/// A position's value as far as a solve got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    pub knowledge: Knowledge,
    /// Whether a limit stopped the solve before it finished.
    pub stopped: bool,
    pub positions: u64,
    pub elapsed: Duration,
}

/// A solver for one game, its proof table kept from one question to the
/// next: a position analysed again, or one turn later, finds most of its
/// work already done.
pub struct Solver {
    rules: Rules,
    config: SolverConfig,
    table: Arc<ProofTable>,
    numbers: Option<Arc<NumberTable>>,
    canon: Mutex<Option<Arc<Canonicalizer>>>,
    /// The last position [`Solver::analyse`] listed the turns of, and
    /// those turns: an analysis run in short slices (the web's) lists them
    /// once, not once a slice.
    listed: Mutex<Option<(Position, Arc<Vec<Turn>>)>>,
}

impl Solver {
    pub fn new(rules: &Rules, config: SolverConfig) -> Solver {
        Solver {
            rules: rules.clone(),
            config,
            table: Arc::new(ProofTable::with_memory(match config.search {
                Search::AlphaBeta => config.table_bytes,
                Search::ProofNumber => config.table_bytes / 4,
            })),
            numbers: (config.search == Search::ProofNumber)
                .then(|| Arc::new(NumberTable::with_memory(config.table_bytes / 4 * 3))),
            canon: Mutex::new(None),
            listed: Mutex::new(None),
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// How many positions the proof table holds at most.
    pub fn capacity(&self) -> usize {
        self.table.capacity()
    }

    /// Positions whose bounds are in the table now (a full scan).
    pub fn stored(&self) -> usize {
        self.table.used()
    }

    fn canonicalizer(&self, size: BoardSize) -> Arc<Canonicalizer> {
        let mut canon = self.canon.lock().unwrap_or_else(|p| p.into_inner());
        match &*canon {
            Some(c) if c.size() == size => c.clone(),
            _ => {
                let made = Arc::new(Canonicalizer::new(size, self.rules.variant().symmetric()));
                *canon = Some(made.clone());
                made
            }
        }
    }

    /// Records what was proven elsewhere of `pos` (a saved run being
    /// resumed). `knowledge` must be true: the solver builds on it.
    pub fn remember(&self, pos: &Position, knowledge: Knowledge) {
        let key = self.canonicalizer(pos.size()).key(pos);
        self.table
            .store(&key, knowledge.lower, knowledge.upper, u64::MAX);
    }

    /// What the table already knows of `pos`, without searching.
    pub fn known(&self, pos: &Position) -> Knowledge {
        let key = self.canonicalizer(pos.size()).key(pos);
        self.table
            .probe(&key)
            .map_or(Knowledge::NOTHING, |(lower, upper)| Knowledge {
                lower,
                upper,
            })
    }

    fn searchers<'a>(&'a self, canon: &'a Canonicalizer, run: &'a Run<'a>) -> Searchers<'a> {
        Searchers {
            alpha_beta: Searcher::new(&self.rules, canon, &self.table, run),
            numbers: self
                .numbers
                .as_deref()
                .map(|table| PnSearcher::new(&self.rules, canon, table, run)),
        }
    }

    fn one<F>(&self, pos: &Position, limits: &SolveLimits, f: F) -> Result<Solved, VariantError>
    where
        F: FnOnce(&mut Searchers, &Position) -> Result<Knowledge, Halt>,
    {
        let canon = self.canonicalizer(pos.size());
        let run = Run::new(limits, Instant::now(), 1, 1, None);
        let mut searcher = self.searchers(&canon, &run);
        let outcome = f(&mut searcher, pos);
        searcher.flush();
        let (knowledge, stopped) = match outcome {
            Ok(k) => (k, false),
            Err(Halt::Stopped) => (self.known(pos), true),
            Err(Halt::Variant(e)) => return Err(e),
        };
        Ok(Solved {
            knowledge,
            stopped,
            positions: run.positions.load(Ordering::Relaxed),
            elapsed: run.start.elapsed(),
        })
    }

    /// Who wins `pos` (the distance only as far as it came for free).
    pub fn prove(&self, pos: &Position, limits: &SolveLimits) -> Result<Solved, VariantError> {
        self.one(pos, limits, |s, p| s.prove(p))
    }

    /// The exact value of `pos`.
    pub fn solve(&self, pos: &Position, limits: &SolveLimits) -> Result<Solved, VariantError> {
        self.one(pos, limits, |s, p| s.solve(p))
    }
}
