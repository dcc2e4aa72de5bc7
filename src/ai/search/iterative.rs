//! The search run deeper and deeper until its time is up, in one call or
//! in slices (the page's frames).

use std::sync::atomic::AtomicBool;

use web_time::Instant;

use crate::ai::Decision;
use crate::ai::eval::{Evaluator, FORCED, LOSS};
use crate::ai::scratch_pool::POOL;
use crate::ai::transposition::TranspositionTable;
use crate::rules::{Position, Rules, Turn, VariantError};

use super::steps::sampled_turns;
use super::{SearchConfig, SearchReport, Searcher, UNPROVEN, out_of_time, unproven};

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
        let (width, root_width) = if config.width.is_some() && crate::ai::worth_proving(pos) {
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
