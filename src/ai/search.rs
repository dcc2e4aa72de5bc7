//! Iterative-deepening alpha-beta (negamax) over distinct turns, with an
//! optional transposition table keyed by Zobrist hashes that also supplies
//! the best turn to try first, killer turns, principal-variation (empty
//! window) searches of all but the first turn (the root's included), and,
//! for the strongest level, late-turn reductions. Only the root holds
//! whole turns; inside the tree a turn is the position it leaves (its key
//! read from the squares that changed, [`TurnKey::between`]), and a
//! position one turn above the horizon lists its turns a piece at a time,
//! stopping at the first that refutes it.

use std::sync::atomic::{AtomicBool, Ordering};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use web_time::{Duration, Instant};

use crate::rules::{Capture, MoveError, Position, Rules, Turn, TurnKey, TurnScratch, VariantError};

use super::Decision;
use super::eval::{Evaluator, FORCED, LOSS};
use super::scratch_pool::POOL;
use super::transposition::{Bound, Entry, TranspositionTable};
use super::zobrist::zobrist;

/// How a search level spends its effort.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    pub time: Duration,
    pub max_depth: u32,
    /// Use the transposition table (and its best-turn ordering).
    pub table: bool,
    /// The most memory the transposition table may take, in bytes.
    pub table_bytes: usize,
    /// Beyond one turn, look only at this many of the root's turns, those
    /// that scored best one iteration shallower: a player who weighs the
    /// replies to a few promising turns rather than to all. `None`: all.
    pub root_width: Option<usize>,
    /// Search the turns ordered late one turn shallower first, and fully
    /// only those that then look better than the best so far: most turns
    /// of a position are poor, so this buys depth for the rest. The
    /// look-ahead is then no longer exact, so only `strongest` uses it, in
    /// the games that ask for it
    /// ([`super::LevelLookahead::strongest_reduces`]).
    pub reductions: bool,
    /// Judge the positions at the horizon with the game's learned weights
    /// ([`super::learned`]) where it has them, else with the hand-set
    /// evaluation. `strongest` (and so the hint) does.
    pub learned: bool,
    /// Inside the tree, where a position's turns are searched further
    /// (not just above the horizon), only this many of them: those the
    /// evaluation likes best, after the remembered best and the killers.
    /// Where a position has thousands of turns (Tumburrow), listing the
    /// replies to every one of them is what stops a search going deeper;
    /// a narrow search reaches turns further ahead on the lines that look
    /// best. `None`: every turn, an exact look-ahead. A position of 24
    /// pieces or fewer ([`super::worth_proving`]) is searched in full
    /// whatever this says, and so is its root.
    pub width: Option<usize>,
}

/// The transposition table's memory unless a search asks otherwise: enough
/// for the millions of positions a long `strongest` search meets, small
/// enough for a browser tab.
pub const DEFAULT_TABLE_BYTES: usize = 32 << 20;

/// The first turn, in search order, that [`SearchConfig::reductions`] may
/// reduce: the remembered best and the killers come before it.
const LATE_TURN: usize = 3;

/// What a search reached.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchReport {
    /// From the mover's point of view; beyond ±900,000 a forced win or loss
    /// (a loss `n` turns ahead scores `-1,000,000 + n`).
    pub score: i32,
    /// The deepest iteration completed, in turns.
    pub depth: u32,
    pub nodes: u64,
    pub elapsed_ms: u64,
}

/// A score found among only some of a position's turns: a forced result
/// there proves no distance (a faster win may be among the turns left out)
/// nor, for a loss, even the result, so it becomes "as good as won" or
/// "as good as lost", just short of a forced one.
fn unproven(score: i32) -> i32 {
    score.clamp(-UNPROVEN, UNPROVEN)
}

/// What [`unproven`] makes of a forced result: the best score short of
/// one. A position with a turn of this score may have a faster result
/// than the forced one found among its other turns, so it claims none
/// either.
const UNPROVEN: i32 = -(LOSS + FORCED) - 1;

/// Whether a search must stop now.
fn out_of_time(deadline: Instant, cancel: Option<&AtomicBool>) -> bool {
    Instant::now() >= deadline || cancel.is_some_and(|c| c.load(Ordering::Relaxed))
}

/// The most distinct turns [`sampled_turns`] gathers.
const SAMPLED_TURNS: usize = 1024;

/// Distinct legal turns of a position with too many to list in the time,
/// each built capture by capture with random choices: the first turn found,
/// then as many others as `deadline` allows, up to [`SAMPLED_TURNS`]. The
/// choices are seeded by the position, so the walks are the same each
/// time; how many of them fit before the deadline depends on the machine.
fn sampled_turns(
    rules: &Rules,
    pos: &Position,
    deadline: Instant,
    cancel: Option<&AtomicBool>,
) -> Result<Vec<Turn>, VariantError> {
    let initial = rules.initial_captures(pos);
    let mut rng = StdRng::seed_from_u64(zobrist(pos));
    // The keys met, sorted: a thousand of them at most, and a set type of
    // its own would cost the page more code than this.
    let mut seen: Vec<TurnKey> = Vec::new();
    let mut new = |turn: &Turn| match seen.binary_search(&turn.key()) {
        Ok(_) => false,
        Err(at) => {
            seen.insert(at, turn.key());
            true
        }
    };
    let mut turns = Vec::new();
    let first = turn_from(rules, pos, &initial, &mut |_| 0)?;
    turns.extend(first.filter(&mut new));
    // Walks that find a turn already met count too, so a position with
    // fewer turns than the bar ends its sampling.
    let mut walks = 0;
    while !turns.is_empty()
        && turns.len() < SAMPLED_TURNS
        && walks < 8 * SAMPLED_TURNS
        && !out_of_time(deadline, cancel)
    {
        walks += 1;
        let turn = turn_from(rules, pos, &initial, &mut |n| rng.random_range(0..n))?;
        turns.extend(turn.filter(&mut new));
    }
    Ok(turns)
}

/// A complete legal turn built capture by capture, `pick(n)` choosing among
/// the `n` captures on offer at each step. Cheap even where listing every
/// distinct turn is not.
pub(crate) fn turn_by_steps(
    rules: &Rules,
    pos: &Position,
    pick: &mut dyn FnMut(usize) -> usize,
) -> Result<Option<Turn>, VariantError> {
    turn_from(rules, pos, &rules.initial_captures(pos), pick)
}

/// [`turn_by_steps`] from the position's `initial` captures, listed once by
/// a caller that builds many turns.
fn turn_from(
    rules: &Rules,
    pos: &Position,
    initial: &[Capture],
    pick: &mut dyn FnMut(usize) -> usize,
) -> Result<Option<Turn>, VariantError> {
    if initial.is_empty() {
        return Ok(None);
    }
    let capture = initial[pick(initial.len()).min(initial.len() - 1)];
    let step_error = |e: MoveError| match e {
        MoveError::Variant(e) => Some(e),
        // A capture the engine itself offered is always legal.
        _ => None,
    };
    let mut turn = match rules.begin_turn(pos, &capture) {
        Ok(turn) => turn,
        Err(e) => return step_error(e).map_or(Ok(None), Err),
    };
    loop {
        let next = rules.fitting_captures(&turn)?;
        if next.is_empty() {
            break;
        }
        let to = next[pick(next.len()).min(next.len() - 1)].to;
        if let Err(e) = rules.continue_turn(&mut turn, to) {
            return step_error(e).map_or(Ok(None), Err);
        }
    }
    Ok(Some(Turn {
        origin: capture.from,
        captures: turn.captures().to_vec(),
        route: turn.played().route,
        result: turn.result(),
    }))
}

/// What became of a position whose turns [`Searcher::search_turns`] listed.
enum Expanded {
    /// The time ran out (or the search was cancelled).
    Stopped,
    /// The side to move cannot capture: this score, from its side.
    Lost(i32),
    Searched(Best),
}

/// The best of a position's turns so far, as they are searched.
struct Best {
    score: i32,
    turn: Option<TurnKey>,
    /// Only some of the turns were searched, or one searched turn's own
    /// search was: no forced result is proven here.
    narrowed: bool,
}

impl Best {
    fn new(narrowed: bool) -> Best {
        Best {
            score: i32::MIN,
            turn: None,
            narrowed,
        }
    }

    /// Weighs the turn of `pos` that leaves `result`, scored `score`,
    /// raising `alpha`; whether it refutes the position (`alpha >= beta`).
    fn offer(
        &mut self,
        pos: &Position,
        result: &Position,
        score: i32,
        alpha: &mut i32,
        beta: i32,
    ) -> bool {
        // A turn whose own search was narrowed may hide a faster result
        // than the forced one of a sibling.
        self.narrowed |= score.abs() == UNPROVEN;
        if score > self.score {
            self.score = score;
            self.turn = Some(TurnKey::between(pos, result));
        }
        *alpha = (*alpha).max(score);
        *alpha >= beta
    }
}

struct Searcher<'a> {
    rules: Rules,
    deadline: Instant,
    cancel: Option<&'a AtomicBool>,
    table: Option<TranspositionTable>,
    /// What the search thinks of the positions at its horizon.
    evaluator: Evaluator,
    /// Turn generation's memory, kept from node to node and, through the
    /// pool, from search to search.
    scratch: TurnScratch,
    /// Per ply, the last two turns that refuted a position at that ply:
    /// positions a ply apart in the tree often share their best reply.
    killers: Vec<[Option<TurnKey>; 2]>,
    /// The lists of turn results of the positions on the current line,
    /// one per ply, kept from node to node so that listing allocates only
    /// as a list grows.
    lists: Vec<Vec<Position>>,
    /// Whether late turns get a shallower first look
    /// ([`SearchConfig::reductions`]).
    reductions: bool,
    /// [`SearchConfig::width`].
    width: Option<usize>,
    nodes: u64,
    stopped: bool,
}

impl Drop for Searcher<'_> {
    fn drop(&mut self) {
        POOL.give_back(std::mem::take(&mut self.scratch));
    }
}

impl Searcher<'_> {
    /// Checked at every node: a node generates every turn of its position,
    /// which costs far more than reading the clock, and a heavy Tumburrow
    /// position can take milliseconds, so checking less often overshoots.
    fn out_of_time(&mut self) -> bool {
        if !self.stopped {
            self.stopped = out_of_time(self.deadline, self.cancel);
        }
        self.stopped
    }

    /// Orders turns: the remembered best first, then this ply's killers,
    /// then, with `judged`, the turns whose positions the evaluation likes
    /// best for the mover, then bigger captures first. Judging every turn
    /// costs an evaluation each, which pays where each turn is searched
    /// further (a good first turn cuts the rest short); one turn above the
    /// horizon, where the turns are evaluated anyway, nothing is ordered
    /// ([`Searcher::search_frontier`]), and the root's first iteration
    /// evaluates every turn itself. `turn` reads an item's key and the
    /// position it leaves.
    fn order<T>(
        &self,
        pos: &Position,
        items: &mut [T],
        ply: usize,
        judged: bool,
        turn: impl Fn(&T) -> (TurnKey, &Position),
    ) {
        let best = self.remembered_best(pos, ply);
        let killers = self.killers.get(ply).copied().unwrap_or_default();
        items.sort_by_cached_key(|item| {
            let (key, result) = turn(item);
            // The opponent's view of the position after the turn: lower is
            // better for the mover.
            let theirs = if judged {
                self.evaluator.evaluate(&self.rules, result)
            } else {
                0
            };
            let key = Some(key);
            (
                key != best,
                !killers.contains(&key),
                theirs,
                std::cmp::Reverse(key.map_or(0, |k| k.captured.count())),
            )
        });
    }

    /// The best turn the table remembers for `pos`, if any.
    fn remembered_best(&self, pos: &Position, ply: usize) -> Option<TurnKey> {
        self.table
            .as_ref()
            .and_then(|t| t.get(zobrist(pos), ply as i32))
            .and_then(|e| e.best)
    }

    /// Remembers `key` as a refutation at `ply`.
    fn add_killer(&mut self, ply: usize, key: TurnKey) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None; 2]);
        }
        let slot = &mut self.killers[ply];
        if slot[0] != Some(key) {
            slot[1] = slot[0];
            slot[0] = Some(key);
        }
    }

    /// The score, from the parent's side, of the child reached by the
    /// parent's `index`th turn in search order. Only the first child, the
    /// expected best, gets the full window at once; the others are first
    /// searched with an empty one that only proves them no better than
    /// `alpha`, which is cheaper, and in full when that proof fails. With
    /// reductions, late turns are first tried a turn shallower still.
    fn child_score(
        &mut self,
        child: &Position,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: i32,
        index: usize,
    ) -> Result<i32, VariantError> {
        let null_window = alpha + 1 >= beta;
        if index == 0 || null_window && !self.reduces(depth, index) {
            return Ok(-self.negamax(child, depth, -beta, -alpha, ply)?);
        }
        if self.reduces(depth, index) {
            let score = -self.negamax(child, depth - 1, -alpha - 1, -alpha, ply)?;
            if score <= alpha || self.stopped {
                return Ok(score);
            }
        }
        let score = -self.negamax(child, depth, -alpha - 1, -alpha, ply)?;
        if score <= alpha || score >= beta || self.stopped {
            return Ok(score);
        }
        Ok(-self.negamax(child, depth, -beta, -alpha, ply)?)
    }

    /// Whether the child of the `index`th turn, searched `depth` deep, gets
    /// a shallower first look.
    fn reduces(&self, depth: u32, index: usize) -> bool {
        self.reductions && depth >= 2 && index >= LATE_TURN
    }

    /// The score of a side that cannot capture, `ply` turns from the root:
    /// sooner losses are worse, later ones better; sooner wins better.
    fn stuck(&self, ply: i32) -> i32 {
        if self.rules.end().stuck_wins() {
            -(LOSS + ply)
        } else {
            LOSS + ply
        }
    }

    /// Lists the turns of `pos` into `results` and searches them, as
    /// [`Searcher::negamax`] does for a position above the horizon.
    fn search_turns(
        &mut self,
        pos: &Position,
        results: &mut Vec<Position>,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> Result<Expanded, VariantError> {
        if depth == 1 {
            return self.search_frontier(pos, results, alpha, beta, ply);
        }
        let (deadline, cancel) = (self.deadline, self.cancel);
        let mut stop = || out_of_time(deadline, cancel);
        if !self
            .rules
            .turn_results_with(pos, &mut self.scratch, &mut stop, results)?
        {
            self.stopped = true;
            return Ok(Expanded::Stopped);
        }
        if results.is_empty() {
            return Ok(Expanded::Lost(self.stuck(ply)));
        }
        self.order(pos, results, ply as usize, true, |result| {
            (TurnKey::between(pos, result), result)
        });
        let mut narrowed = false;
        if let Some(width) = self.width.filter(|&w| results.len() > w) {
            results.truncate(width.max(1));
            narrowed = true;
        }
        let mut best = Best::new(narrowed);
        for (i, result) in results.iter().enumerate() {
            let score = self.child_score(result, depth - 1, alpha, beta, ply + 1, i)?;
            if self.stopped {
                return Ok(Expanded::Stopped);
            }
            if best.offer(pos, result, score, &mut alpha, beta) {
                self.add_killer(ply as usize, TurnKey::between(pos, result));
                break;
            }
        }
        Ok(Expanded::Searched(best))
    }

    /// [`Searcher::search_turns`] one turn above the horizon, where each
    /// turn's result is only evaluated: the turns are listed a piece at a
    /// time, and the listing ends at the first that refutes the position
    /// (half the positions at this depth have one, often among the first
    /// pieces' turns).
    fn search_frontier(
        &mut self,
        pos: &Position,
        results: &mut Vec<Position>,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> Result<Expanded, VariantError> {
        let (deadline, cancel) = (self.deadline, self.cancel);
        let mut stop = || out_of_time(deadline, cancel);
        let mut best = Best::new(false);
        // The pieces whose turns refuted a position here before go first:
        // the remembered best turn's and this ply's killers'.
        let killers = self.killers.get(ply as usize).copied().unwrap_or_default();
        let mut first = [
            self.remembered_best(pos, ply as usize),
            killers[0],
            killers[1],
        ]
        .map(|k| k.map(|k| k.origin).filter(|&o| pos.ours().contains(o)));
        for i in 1..first.len() {
            if first[..i].contains(&first[i]) {
                first[i] = None;
            }
        }
        let early = first.iter().flatten().copied();
        let rest = pos.ours().filter(|o| !first.contains(&Some(*o)));
        for origin in early.chain(rest) {
            results.clear();
            if !self.rules.origin_results_with(
                pos,
                origin,
                &mut self.scratch,
                &mut stop,
                results,
            )? {
                self.stopped = true;
                return Ok(Expanded::Stopped);
            }
            for result in results.iter() {
                let score = -self.negamax(result, 0, -beta, -alpha, ply + 1)?;
                if self.stopped {
                    return Ok(Expanded::Stopped);
                }
                if best.offer(pos, result, score, &mut alpha, beta) {
                    self.add_killer(ply as usize, TurnKey::between(pos, result));
                    return Ok(Expanded::Searched(best));
                }
            }
        }
        if best.turn.is_none() {
            return Ok(Expanded::Lost(self.stuck(ply)));
        }
        Ok(Expanded::Searched(best))
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: i32,
    ) -> Result<i32, VariantError> {
        self.nodes += 1;
        if self.out_of_time() {
            return Ok(0);
        }
        let key = zobrist(pos);
        if let Some(entry) = self
            .table
            .as_ref()
            .and_then(|t| t.get(key, ply))
            .filter(|e| e.depth >= depth)
        {
            match entry.bound {
                Bound::Exact => return Ok(entry.score),
                Bound::Lower if entry.score >= beta => return Ok(entry.score),
                Bound::Upper if entry.score <= alpha => return Ok(entry.score),
                _ => {}
            }
        }
        if depth == 0 {
            // A side that cannot capture has lost here, `ply` turns from
            // the root: scored as the turn generator would find it, so a
            // forced result's distance is the same whichever finds it.
            let score = self.evaluator.evaluate(&self.rules, pos);
            return Ok(if score == LOSS {
                LOSS + ply
            } else if score == -LOSS {
                -(LOSS + ply)
            } else {
                score
            });
        }
        // The turns' results, in a list kept for this ply from node to node.
        let mut results = self.lists.pop().unwrap_or_default();
        let searched = self.search_turns(pos, &mut results, depth, alpha, beta, ply);
        self.lists.push(results);
        let best = match searched? {
            Expanded::Stopped => return Ok(0),
            Expanded::Lost(score) => return Ok(score),
            Expanded::Searched(best) => best,
        };
        let best_score = if best.narrowed {
            unproven(best.score)
        } else {
            best.score
        };
        if let Some(table) = self.table.as_mut() {
            let bound = if best_score <= alpha {
                Bound::Upper
            } else if best_score >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            table.insert(
                key,
                ply,
                Entry {
                    depth,
                    score: best_score,
                    bound,
                    best: best.turn,
                },
            );
        }
        Ok(best_score)
    }
}

/// Searches deeper and deeper until the time is up; returns the best turn of
/// the deepest finished iteration (or of the first, which always finishes
/// far enough to pick a turn).
pub fn search(
    rules: &Rules,
    pos: &Position,
    config: &SearchConfig,
    cancel: &AtomicBool,
) -> Result<Option<Decision>, VariantError> {
    let mut search = IterativeSearch::new(rules, pos, config, Some(cancel))?;
    while !search.run_until(search.deadline())? {}
    Ok(search.into_decision())
}

/// An iterative-deepening search that can run in slices: the page of the web
/// build, which has no threads, gives it a few milliseconds per frame. The
/// transposition table lives across slices, so an iteration cut short by
/// the end of a slice goes faster when it is tried again.
pub struct IterativeSearch<'a> {
    searcher: Searcher<'a>,
    /// The root's turns, each with its score from the last finished
    /// iteration; the next iteration tries them best first.
    turns: Vec<(Turn, i32)>,
    best: Option<(Turn, SearchReport)>,
    /// The next iteration's depth.
    depth: u32,
    max_depth: u32,
    root_width: Option<usize>,
    /// The root's turns are a sample: the position had too many to list.
    sampled: bool,
    start: Instant,
    deadline: Instant,
    finished: bool,
}

impl<'a> IterativeSearch<'a> {
    /// Generates the root's turns; the clock starts now.
    pub fn new(
        rules: &Rules,
        pos: &Position,
        config: &SearchConfig,
        cancel: Option<&'a AtomicBool>,
    ) -> Result<IterativeSearch<'a>, VariantError> {
        let start = Instant::now();
        let deadline = start + config.time;
        // Half the time to list every turn; where that is not enough (a
        // Tumburrow position can have hundreds of thousands), the search
        // goes on over a sample of them, built in a quarter of it.
        let listed_by = start + config.time / 2;
        let mut stop = || out_of_time(listed_by, cancel);
        let mut scratch = POOL.take();
        let (mut turns, sampled) = match rules.turns_with(pos, &mut scratch, &mut stop)? {
            Some(turns) => (turns, false),
            None => {
                let sampled_by = start + config.time * 3 / 4;
                (sampled_turns(rules, pos, sampled_by, cancel)?, true)
            }
        };
        // An endgame is searched in full: its turns are few, the solver's
        // proof has come first, and a narrowed line can miss the win that
        // a full search finds.
        let (width, root_width) = if config.width.is_some() && super::worth_proving(pos) {
            (None, None)
        } else {
            (config.width, config.root_width)
        };
        let searcher = Searcher {
            rules: rules.clone(),
            deadline,
            cancel,
            table: config
                .table
                .then(|| TranspositionTable::with_memory(config.table_bytes)),
            evaluator: Evaluator::new(rules, config.learned),
            scratch,
            killers: Vec::new(),
            lists: Vec::new(),
            reductions: config.reductions,
            width,
            nodes: 0,
            stopped: false,
        };
        // The first iteration's order; later ones go by their scores.
        // Not judged: the first iteration evaluates every turn anyway.
        searcher.order(pos, &mut turns, 0, false, |t| (t.key(), &t.result));
        let best = turns.first().map(|t| (t.clone(), SearchReport::default()));
        let turns = turns.into_iter().map(|t| (t, 0)).collect();
        Ok(IterativeSearch {
            searcher,
            finished: best.is_none(),
            turns,
            best,
            depth: 1,
            max_depth: config.max_depth.max(1),
            root_width: root_width.map(|w| w.max(1)),
            sampled,
            start,
            deadline,
        })
    }

    /// The memory its transposition table takes (0 without one): fixed
    /// when the search starts, whatever the search then meets.
    pub fn table_memory(&self) -> usize {
        self.searcher
            .table
            .as_ref()
            .map_or(0, TranspositionTable::memory)
    }

    /// When the whole search must end.
    pub fn deadline(&self) -> Instant {
        self.deadline
    }

    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Searches until `until` (or the search's own deadline, if sooner).
    /// Returns whether the search has finished.
    pub fn run_until(&mut self, until: Instant) -> Result<bool, VariantError> {
        while !self.finished {
            let searcher = &mut self.searcher;
            searcher.deadline = until.min(self.deadline);
            searcher.stopped = false;
            let depth = self.depth;
            let turns = &mut self.turns;
            let (mut alpha, beta) = (i32::MIN + 1, i32::MAX);
            let mut iteration_best: Option<(Turn, i32)> = None;
            let mut searched = 0;
            let width = match self.root_width {
                Some(width) if depth > 1 => width.min(turns.len()),
                _ => turns.len(),
            };
            let mut narrowed = self.sampled || width < turns.len();
            for (i, (turn, turn_score)) in turns[..width].iter_mut().enumerate() {
                // The first turn gets the full window, so its score is exact
                // and the others are measured against it: first only proved
                // no better (an empty window, which is cheaper), and searched
                // in full when that proof fails.
                let mut score = i32::MAX;
                if i > 0 {
                    score = -searcher.negamax(&turn.result, depth - 1, -alpha - 1, -alpha, 1)?;
                }
                if score > alpha && !searcher.stopped {
                    let better = score;
                    score = -searcher.negamax(&turn.result, depth - 1, -beta, -alpha, 1)?;
                    if searcher.stopped && i > 0 {
                        // Proved better than the best so far, though the
                        // time ran out before its own score was found: a
                        // partial iteration plays it.
                        iteration_best = Some((turn.clone(), better));
                    }
                }
                if searcher.stopped {
                    break;
                }
                narrowed |= score.abs() == UNPROVEN;
                *turn_score = score;
                searched += 1;
                if iteration_best.as_ref().is_none_or(|(_, s)| score > *s) {
                    iteration_best = Some((turn.clone(), score));
                }
                alpha = alpha.max(score);
            }
            if !searcher.stopped {
                // Best first next time; a stable sort keeps the order of
                // turns that only proved no better than the best.
                turns[..width].sort_by_key(|(_, score)| std::cmp::Reverse(*score));
            }
            let report = |score| SearchReport {
                score,
                depth,
                nodes: searcher.nodes,
                elapsed_ms: self.start.elapsed().as_millis() as u64,
            };
            if searcher.stopped {
                let out_of_time = out_of_time(self.deadline, searcher.cancel);
                if !out_of_time {
                    // Only the slice ended: try this depth again next time.
                    return Ok(false);
                }
                // A partial iteration still counts once its first turn, the
                // last iteration's best, has its deeper score: any turn that
                // beat that score at this depth is the better choice.
                if let Some((turn, score)) = iteration_best.filter(|_| searched > 0) {
                    // Not every turn was searched: no forced result.
                    self.best = Some((
                        turn,
                        SearchReport {
                            depth: depth - 1,
                            ..report(unproven(score))
                        },
                    ));
                }
                self.finished = true;
                break;
            }
            let (turn, mut score) = iteration_best.expect("at least one turn searched");
            if narrowed {
                score = unproven(score);
            }
            self.best = Some((turn, report(score)));
            self.depth += 1;
            // A forced result needs no deeper look.
            if score.abs() >= -(LOSS + FORCED)
                || self.turns.len() == 1
                || self.depth > self.max_depth
            {
                self.finished = true;
            }
        }
        Ok(true)
    }

    /// The best turn of the deepest iteration finished so far, with its
    /// report (nodes and time as of now): what a caller that shows the
    /// search as it goes (the engine protocol's `info`) reads between
    /// slices. `None` when the side to move has lost.
    pub fn best(&self) -> Option<(&Turn, SearchReport)> {
        let (turn, report) = self.best.as_ref()?;
        Some((
            turn,
            SearchReport {
                nodes: self.searcher.nodes,
                elapsed_ms: self.start.elapsed().as_millis() as u64,
                ..*report
            },
        ))
    }

    /// The best turn found so far (`None` when the side to move has lost).
    pub fn into_decision(self) -> Option<Decision> {
        let (turn, mut report) = self.best?;
        report.nodes = self.searcher.nodes;
        report.elapsed_ms = self.start.elapsed().as_millis() as u64;
        Some(Decision { turn, report })
    }
}
