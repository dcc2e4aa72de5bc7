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

use web_time::{Duration, Instant};

use crate::rules::{Position, Rules, TurnKey, TurnScratch, VariantError};

use super::eval::{Evaluator, FORCED, LOSS};
use super::scratch_pool::POOL;
use super::transposition::{Bound, Entry, TranspositionTable};
use super::zobrist::zobrist;

mod iterative;
mod steps;

pub use iterative::{IterativeSearch, search};
pub(crate) use steps::turn_by_steps;

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
