//! Walking the game from one thread: a position's turn results, one for
//! each class of images under the game's symmetries, with the run's counts
//! and limits kept.

use crate::rules::{Position, Rules, TurnScratch};

use super::key::{Canonicalizer, Key};
use super::run::{Halt, Run};

/// A turn's result as a search walks it: the position, its key, and
/// where it comes in the order turns are tried.
#[derive(Clone, Copy)]
pub(super) struct Child {
    pub(super) pos: Position,
    pub(super) key: Key,
    /// Try order: lower first.
    pub(super) order: (u8, i32, u32),
}

/// What both searches need to walk the game from one thread: the rules,
/// the keys, the run's limits and counts, and scratch space, with each
/// ply's list of children kept for reuse.
pub(super) struct Walker<'a> {
    pub(super) rules: &'a Rules,
    pub(super) canon: &'a Canonicalizer,
    run: &'a Run<'a>,
    scratch: TurnScratch,
    results: Vec<Position>,
    plies: Vec<Vec<Child>>,
    /// Positions visited.
    pub(super) visited: u64,
    /// The root's result being searched, if the search is of one: it
    /// stops (as if halted) once another thread has settled it.
    pub(super) class: Option<usize>,
}

impl<'a> Walker<'a> {
    pub(super) fn new(rules: &'a Rules, canon: &'a Canonicalizer, run: &'a Run<'a>) -> Walker<'a> {
        Walker {
            rules,
            canon,
            run,
            scratch: TurnScratch::default(),
            results: Vec::new(),
            plies: Vec::new(),
            visited: 0,
            class: None,
        }
    }

    /// Counts a visit; an error once a limit is reached or the root's
    /// result searched is settled by another thread.
    pub(super) fn visit(&mut self) -> Result<(), Halt> {
        self.run.count(&mut self.visited)?;
        if self.class.is_some_and(|c| self.run.finished(c)) {
            return Err(Halt::Stopped);
        }
        Ok(())
    }

    /// Marks `key`'s position as searched by this thread, if it can be
    /// marked (see [`Run::enter`]); whether it was.
    pub(super) fn enter(&self, key: &Key) -> bool {
        self.run.enter(key.hash())
    }

    /// This thread's search of `key`'s position, marked by `enter`, is
    /// over.
    pub(super) fn leave(&self, key: &Key) {
        self.run.leave(key.hash());
    }

    /// Whether another thread is searching `key`'s position now.
    pub(super) fn busy(&self, key: &Key) -> bool {
        self.run.busy(key.hash())
    }

    /// Adds the positions visited since the last check to the run's total.
    pub(super) fn flush(&mut self) {
        self.run.settle(&mut self.visited);
    }

    /// The results of `pos`'s turns, one for each class of images under the
    /// game's symmetries, in ply `ply`'s list (hand it back with
    /// [`Walker::give_back`]).
    pub(super) fn children(&mut self, pos: &Position, ply: usize) -> Result<Vec<Child>, Halt> {
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
            order: (0, 0, 0),
        }));
        children.sort_unstable_by_key(|c| c.key);
        children.dedup_by_key(|c| c.key);
        Ok(children)
    }

    pub(super) fn give_back(&mut self, ply: usize, children: Vec<Child>) {
        self.plies[ply] = children;
    }
}
