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
//! stops at the first winning turn), then a half window finds the
//! distance. Every position's proved bounds go into a [`ProofTable`] of
//! fixed size keyed by the whole position up to the board's symmetries
//! (when the game declares them, [`crate::rules::Variant::symmetric`]), so
//! the many turn orders that reach one position, and its mirror images,
//! are searched once. Turns are tried proven winners first, then by the
//! computer players' evaluation (the reply that looks worst for the
//! opponent first).

mod key;
mod pns;
mod table;

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use web_time::{Duration, Instant};

use crate::rules::{BoardSize, Color, Position, Rules, Turn, TurnScratch, VariantError};

use super::eval::evaluate_with;
use super::profile::{AiProfile, EvaluationWeights};
use key::{Canonicalizer, Key};
use pns::{NumberTable, PnSearcher};
use table::ProofTable;

/// A win in 0 turns: the score scale's top.
const WIN: i32 = 1000;
/// Beyond every score, for open windows.
const INFINITY: i32 = WIN + 1;

/// What a position is worth to the side to move under best play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins, the game ending after this many more turns
    /// (0: it has no capture, and the game's end rule makes that a win).
    Win(u32),
    /// The side to move loses after this many more turns (0: it has no
    /// capture, and the game's end rule makes that a loss).
    Loss(u32),
}

impl Value {
    /// The value's score: higher is better for the side to move.
    pub fn score(self) -> i32 {
        match self {
            Value::Win(d) => WIN - d as i32,
            Value::Loss(d) => d as i32 - WIN,
        }
    }

    /// The value a score stands for (scores are never 0).
    pub fn from_score(score: i32) -> Value {
        if score > 0 {
            Value::Win((WIN - score) as u32)
        } else {
            Value::Loss((score + WIN) as u32)
        }
    }

    pub fn is_win(self) -> bool {
        matches!(self, Value::Win(_))
    }

    /// Turns to the end of the game.
    pub fn turns(self) -> u32 {
        match self {
            Value::Win(d) | Value::Loss(d) => d,
        }
    }

    /// The value of a turn into a position worth `self` to its side to
    /// move, for the player making that turn.
    pub fn before(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d + 1),
            Value::Loss(d) => Value::Win(d + 1),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, d) = match self {
            Value::Win(d) => ("win", d),
            Value::Loss(d) => ("loss", d),
        };
        let unit = if *d == 1 { "turn" } else { "turns" };
        write!(f, "{what} in {d} {unit}")
    }
}

/// A score of the position before a turn, from the score of the position
/// the turn leaves.
fn back(child: i32) -> i32 {
    -child + child.signum()
}

/// The inverse of [`back`]: a bound on the parent's score as a bound on the
/// child's.
fn to_child(parent: i32) -> i32 {
    -parent - parent.signum()
}

/// What is known of a position's value: proven bounds on its score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    lower: i32,
    upper: i32,
}

impl Knowledge {
    const NOTHING: Knowledge = Knowledge {
        lower: -WIN,
        upper: WIN,
    };

    fn exact(score: i32) -> Knowledge {
        Knowledge {
            lower: score,
            upper: score,
        }
    }

    /// The exact value, once proven.
    pub fn value(self) -> Option<Value> {
        (self.lower == self.upper).then(|| Value::from_score(self.lower))
    }

    /// Whether the side to move wins, once proven (the distance may not be).
    pub fn wins(self) -> Option<bool> {
        if self.lower > 0 {
            Some(true)
        } else if self.upper < 0 {
            Some(false)
        } else {
            None
        }
    }

    /// The bounds on the turns to the end that are proven: a win in at
    /// most `.1` turns, say, or a loss in at least `.0`.
    pub fn turns_between(self) -> Option<(u32, u32)> {
        match self.wins()? {
            true => Some(((WIN - self.upper) as u32, (WIN - self.lower) as u32)),
            false => Some(((self.lower + WIN) as u32, (self.upper + WIN) as u32)),
        }
    }

    /// What this knowledge of a turn's result says of the turn, for the
    /// player making it.
    pub fn before(self) -> Knowledge {
        Knowledge {
            lower: back(self.upper),
            upper: back(self.lower),
        }
    }

    /// The inverse of [`Knowledge::before`]: from what is known of a turn
    /// for its player, what is known of the position it leaves.
    pub fn after(self) -> Knowledge {
        Knowledge {
            lower: to_child(self.upper),
            upper: to_child(self.lower),
        }
    }

    /// The score bounds, the side to move's point of view (a win in d is
    /// `1000 - d`, a loss in d is `d - 1000`).
    pub fn bounds(self) -> (i32, i32) {
        (self.lower, self.upper)
    }

    /// Knowledge from score bounds; `None` unless `-1000 <= lower <= upper
    /// <= 1000`.
    pub fn from_bounds(lower: i32, upper: i32) -> Option<Knowledge> {
        (-WIN <= lower && lower <= upper && upper <= WIN).then_some(Knowledge { lower, upper })
    }
}

impl fmt::Display for Knowledge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.value(), self.wins(), self.turns_between()) {
            (Some(value), _, _) => value.fmt(f),
            (None, Some(true), Some((_, most))) => write!(f, "win in at most {most} turns"),
            (None, Some(false), Some((least, _))) => {
                write!(f, "loss in at least {least} turns")
            }
            _ => f.write_str("not proven"),
        }
    }
}

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
    /// 1 while proving who wins after each turn, 2 while finding distances.
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
struct Run<'a> {
    limits: &'a SolveLimits<'a>,
    positions: AtomicU64,
    stopped: AtomicBool,
    start: Instant,
    pass: AtomicUsize,
    done: AtomicUsize,
    classes: usize,
    progress: Option<(ProgressFn<'a>, Duration, Mutex<Instant>)>,
}

impl Run<'_> {
    fn should_stop(&self) -> bool {
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
    fn count(&self, visited: &mut u64) -> Result<(), Halt> {
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

    /// Adds a searcher's positions since its last check to the total.
    fn settle(&self, visited: &mut u64) {
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
enum Halt {
    Stopped,
    Variant(VariantError),
}

impl From<VariantError> for Halt {
    fn from(e: VariantError) -> Halt {
        Halt::Variant(e)
    }
}

#[derive(Clone, Copy)]
struct Child {
    pos: Position,
    key: Key,
    /// Try order: lower first.
    order: (u8, i32),
}

/// What both searches need to walk the game from one thread: the rules,
/// the keys, the run's limits and counts, and scratch space, with each
/// ply's list of children kept for reuse.
struct Walker<'a> {
    rules: &'a Rules,
    canon: &'a Canonicalizer,
    run: &'a Run<'a>,
    scratch: TurnScratch,
    results: Vec<Position>,
    plies: Vec<Vec<Child>>,
    /// Positions visited.
    visited: u64,
}

impl<'a> Walker<'a> {
    fn new(rules: &'a Rules, canon: &'a Canonicalizer, run: &'a Run<'a>) -> Walker<'a> {
        Walker {
            rules,
            canon,
            run,
            scratch: TurnScratch::default(),
            results: Vec::new(),
            plies: Vec::new(),
            visited: 0,
        }
    }

    /// Counts a visit; an error once a limit is reached.
    fn visit(&mut self) -> Result<(), Halt> {
        self.run.count(&mut self.visited)
    }

    /// Adds the positions visited since the last check to the run's total.
    fn flush(&mut self) {
        self.run.settle(&mut self.visited);
    }

    /// The results of `pos`'s turns, one for each class of images under the
    /// game's symmetries, in ply `ply`'s list (hand it back with
    /// [`Walker::give_back`]).
    fn children(&mut self, pos: &Position, ply: usize) -> Result<Vec<Child>, Halt> {
        if self.plies.len() <= ply {
            self.plies.resize_with(ply + 1, Vec::new);
        }
        let mut children = std::mem::take(&mut self.plies[ply]);
        let run = self.run;
        let complete = self.rules.turn_results_with(
            pos,
            &mut self.scratch,
            &mut || run.should_stop(),
            &mut self.results,
        )?;
        if !complete {
            return Err(Halt::Stopped);
        }
        children.clear();
        let canon = self.canon;
        children.extend(self.results.iter().map(|result| Child {
            pos: *result,
            key: canon.key(result),
            order: (0, 0),
        }));
        children.sort_unstable_by_key(|c| c.key);
        children.dedup_by_key(|c| c.key);
        Ok(children)
    }

    fn give_back(&mut self, ply: usize, children: Vec<Child>) {
        self.plies[ply] = children;
    }
}

/// Positions a searcher counts before it adds them to the run's total and
/// checks the limits.
const CHECK_EVERY: u64 = 64;

/// One thread's search.
struct Searcher<'a> {
    walker: Walker<'a>,
    weights: EvaluationWeights,
    table: &'a ProofTable,
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
        for child in &mut children {
            child.order = match self.table.probe(&child.key) {
                // The child is lost for the opponent: this turn wins.
                Some((_, upper)) if upper < 0 => (0, upper),
                Some((lower, _)) if lower > 0 => (2, lower),
                _ => (
                    1,
                    evaluate_with(self.walker.rules, self.weights, &child.pos),
                ),
            };
        }
        children.sort_unstable_by_key(|c| c.order);
        let alpha_in = alpha;
        let mut best = -INFINITY;
        for child in &children {
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
                        break;
                    }
                }
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
        let score = match who.wins() {
            Some(true) => self.search(pos, key, 0, INFINITY, 0)?,
            _ => self.search(pos, key, -INFINITY, 0, 0)?,
        };
        Ok(Knowledge::exact(score))
    }
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
            - (pos.board.pieces(Color::White).0 | pos.board.pieces(Color::Black).0).count_ones()
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

/// A position's value as far as a solve got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    pub knowledge: Knowledge,
    /// Whether a limit stopped the solve before it finished.
    pub stopped: bool,
    pub positions: u64,
    pub elapsed: Duration,
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
        let run = Run {
            limits,
            positions: AtomicU64::new(0),
            stopped: AtomicBool::new(false),
            start: Instant::now(),
            pass: AtomicUsize::new(1),
            done: AtomicUsize::new(0),
            classes: 1,
            progress: None,
        };
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
        let mut stop_listing = || {
            limits.deadline.is_some_and(|d| Instant::now() >= d)
                || limits.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
        };
        let cached = self
            .listed
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .filter(|(listed, _)| listed == pos)
            .map(|(_, turns)| turns.clone());
        let turns = match cached {
            Some(turns) => turns,
            None => {
                let Some(turns) =
                    self.rules
                        .turns_with(pos, &mut TurnScratch::default(), &mut stop_listing)?
                else {
                    return Ok(Analysis {
                        turns: Vec::new(),
                        knowledge: self.known(pos),
                        stopped: true,
                        positions: 0,
                        elapsed: start.elapsed(),
                    });
                };
                let turns = Arc::new(turns);
                *self.listed.lock().unwrap_or_else(|p| p.into_inner()) =
                    Some((*pos, turns.clone()));
                turns
            }
        };
        let keys: Vec<Key> = turns.iter().map(|t| canon.key(&t.result)).collect();
        let mut classes: Vec<(Key, Position)> = keys
            .iter()
            .zip(turns.iter())
            .map(|(k, t)| (*k, t.result))
            .collect();
        classes.sort_unstable_by_key(|c| c.0);
        classes.dedup_by_key(|c| c.0);
        let run = Run {
            limits,
            positions: AtomicU64::new(0),
            stopped: AtomicBool::new(false),
            start,
            pass: AtomicUsize::new(1),
            done: AtomicUsize::new(0),
            classes: classes.len(),
            progress: progress.map(|(f, every)| (f, every, Mutex::new(start))),
        };
        let known: Vec<Mutex<Knowledge>> = classes
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
            .collect();
        let mut failure: Option<VariantError> = None;
        let passes: u8 = if distances == Distances::None { 1 } else { 2 };
        for pass in 1..=passes {
            run.pass.store(usize::from(pass), Ordering::Relaxed);
            run.done.store(0, Ordering::Relaxed);
            let next = AtomicUsize::new(0);
            let work = |searcher: &mut Searchers| -> Result<(), VariantError> {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((_, result)) = classes.get(i) else {
                        return Ok(());
                    };
                    let before = *known[i].lock().unwrap_or_else(|p| p.into_inner());
                    let settled = match pass {
                        1 => before.wins().is_some(),
                        // A result the opponent wins is a losing turn.
                        _ if distances == Distances::Winning => {
                            before.value().is_some() || before.wins() != Some(false)
                        }
                        _ => before.value().is_some(),
                    };
                    if !settled {
                        let found = match pass {
                            1 => searcher.prove(result),
                            _ => searcher.solve(result),
                        };
                        match found {
                            Ok(k) => *known[i].lock().unwrap_or_else(|p| p.into_inner()) = k,
                            Err(Halt::Stopped) => return Ok(()),
                            Err(Halt::Variant(e)) => return Err(e),
                        }
                    }
                    run.done.fetch_add(1, Ordering::Relaxed);
                }
            };
            let threads = self.config.threads.clamp(1, classes.len().max(1));
            let results: Vec<Result<(), VariantError>> = if threads == 1 {
                let mut searcher = self.searchers(&canon, &run);
                let r = work(&mut searcher);
                searcher.flush();
                vec![r]
            } else {
                std::thread::scope(|scope| {
                    let handles: Vec<_> = (0..threads)
                        .map(|_| {
                            scope.spawn(|| {
                                let mut searcher = self.searchers(&canon, &run);
                                let r = work(&mut searcher);
                                searcher.flush();
                                r
                            })
                        })
                        .collect();
                    handles
                        .into_iter()
                        .map(|h| h.join().expect("a solver thread panicked"))
                        .collect()
                })
            };
            if let Some(e) = results.into_iter().find_map(Result::err) {
                failure = Some(e);
                break;
            }
            if run.stopped.load(Ordering::Relaxed) {
                break;
            }
        }
        if let Some(e) = failure {
            return Err(e);
        }
        let known: Vec<Knowledge> = known
            .into_iter()
            .map(|k| k.into_inner().unwrap_or_else(|p| p.into_inner()))
            .collect();
        let of_turn = |key: &Key| {
            let i = classes
                .binary_search_by_key(key, |c| c.0)
                .expect("every turn's result has a class");
            known[i].before()
        };
        let analysed: Vec<(Turn, Knowledge)> = turns
            .iter()
            .zip(&keys)
            .map(|(t, k)| (t.clone(), of_turn(k)))
            .collect();
        let mut knowledge = if analysed.is_empty() {
            Knowledge::exact(if self.rules.end().stuck_wins() {
                WIN
            } else {
                -WIN
            })
        } else {
            Knowledge {
                lower: analysed.iter().map(|(_, k)| k.lower).max().unwrap_or(-WIN),
                upper: analysed.iter().map(|(_, k)| k.upper).max().unwrap_or(WIN),
            }
        };
        if distances == Distances::Winning
            && knowledge.wins() == Some(false)
            && knowledge.value().is_none()
            && !run.stopped.load(Ordering::Relaxed)
        {
            // A lost position's length: one search from the position itself
            // needs only bounds on most turns, not their exact values.
            let mut searcher = self.searchers(&canon, &run);
            let found = searcher.solve(pos);
            searcher.flush();
            match found {
                Ok(k) => knowledge = k,
                Err(Halt::Stopped) => {}
                Err(Halt::Variant(e)) => return Err(e),
            }
        }
        let stopped = run.stopped.load(Ordering::Relaxed);
        if let Some(value) = knowledge.value() {
            let key = canon.key(pos);
            // (the search from the position stored it already, or its turns'
            // values settle it)
            self.table.store(
                &key,
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_and_values_agree() {
        for v in [
            Value::Win(1),
            Value::Win(7),
            Value::Loss(0),
            Value::Loss(12),
        ] {
            assert_eq!(Value::from_score(v.score()), v);
            assert_eq!(Value::from_score(back(v.score())), v.before());
        }
        for p in [-999, -5, 3, 998] {
            assert_eq!(back(to_child(p)), p);
        }
        assert!(Value::Win(1).score() > Value::Win(2).score());
        assert!(Value::Loss(5).score() > Value::Loss(2).score());
        assert_eq!(Value::Win(3).to_string(), "win in 3 turns");
    }
}
