//! Monte-Carlo tree search guided by the evaluation: a tree grown one
//! position at a time towards the turns that have looked best so far, each
//! new position judged by the evaluation as a chance of winning (no random
//! games played out), a position's turns let in best first as it is visited
//! more (progressive widening), and the turn visited most played.
//!
//! Where alpha-beta must list the replies to every turn it keeps, this
//! search spends its time where the evaluation and the visits point, and a
//! position with too many turns to list in time gets a sample of them. It
//! is measured against `strongest`'s alpha-beta in docs/computer.md.

use std::sync::atomic::AtomicBool;

use web_time::{Duration, Instant};

use crate::rules::{Position, Rules, Turn, VariantError};

use super::Decision;
use super::eval::{Evaluator, FORCED, LOSS};
use super::learned::chance;
use super::scratch_pool::POOL;
use super::search::{SearchReport, out_of_time, sampled_turns};

/// How hard the search tries turns it has visited little: the weight of
/// UCB1's exploration term, on chances of winning from 0 to 1.
const EXPLORATION: f64 = 0.6;

/// A position lets in `WIDEN_BASE + WIDEN_RATE·√visits` of its turns.
const WIDEN_BASE: f64 = 2.0;
const WIDEN_RATE: f64 = 1.0;

/// The longest one position's turns may take to list before the search
/// takes a sample of them instead.
const LISTING_SHARE: u32 = 8;

/// The search's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MctsConfig {
    pub time: Duration,
    /// Judge positions with the game's learned weights where it has them.
    pub learned: bool,
}

struct Node {
    pos: Position,
    /// Visits, and the sum of the values seen through this node, each the
    /// chance of winning of the side that moved into it.
    visits: u32,
    value: f64,
    /// The turns let in so far, with their nodes.
    children: Vec<(Turn, usize)>,
    /// The turns not yet let in, worst first (the next is popped), each
    /// with the mover's chance after it by the evaluation.
    waiting: Vec<(Turn, f64)>,
    listed: bool,
    /// The side to move here has no capture: the game is over.
    over: bool,
}

impl Node {
    fn new(pos: Position, prior: f64) -> Node {
        Node {
            pos,
            visits: 1,
            value: prior,
            children: Vec::new(),
            waiting: Vec::new(),
            listed: false,
            over: false,
        }
    }

    fn mean(&self) -> f64 {
        self.value / f64::from(self.visits.max(1))
    }
}

struct Tree<'a> {
    rules: &'a Rules,
    evaluator: Evaluator,
    nodes: Vec<Node>,
    deadline: Instant,
    cancel: Option<&'a AtomicBool>,
    listing: Duration,
    scratch: crate::rules::TurnScratch,
    /// The deepest node reached, in turns from the root.
    depth: u32,
}

impl Drop for Tree<'_> {
    fn drop(&mut self) {
        POOL.give_back(std::mem::take(&mut self.scratch));
    }
}

impl Tree<'_> {
    /// The side to move's chance of winning in `pos` by the evaluation.
    fn judge(&self, pos: &Position) -> f64 {
        let score = self.evaluator.evaluate(self.rules, pos);
        if score.abs() >= -(LOSS + FORCED) {
            return if score > 0 { 1.0 } else { 0.0 };
        }
        static SC: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
        let scale: f64 = *SC.get_or_init(|| std::env::var("BURROW_MCTS_SCALE").ok().and_then(|v| v.parse().ok()).unwrap_or(400.0));
        chance((f64::from(score) * 400.0 / scale) as i32)
    }

    /// Lists the node's turns (or a sample of them), each judged.
    fn list(&mut self, index: usize) -> Result<(), VariantError> {
        let pos = self.nodes[index].pos;
        let listed_by = (Instant::now() + self.listing).min(self.deadline);
        let cancel = self.cancel;
        let mut stop = || out_of_time(listed_by, cancel);
        let turns = match self.rules.turns_with(&pos, &mut self.scratch, &mut stop)? {
            Some(turns) => turns,
            None => {
                let sampled_by = (Instant::now() + self.listing / 2).min(self.deadline);
                sampled_turns(self.rules, &pos, sampled_by, cancel)?
            }
        };
        let mut waiting: Vec<(Turn, f64)> = turns
            .into_iter()
            .map(|t| {
                let mine = 1.0 - self.judge(&t.result);
                (t, mine)
            })
            .collect();
        waiting.sort_by(|a, b| a.1.total_cmp(&b.1));
        let node = &mut self.nodes[index];
        node.over = waiting.is_empty();
        node.waiting = waiting;
        node.listed = true;
        Ok(())
    }

    /// One visit from the root: down to a position new to the tree (or a
    /// finished game), and its value back up.
    fn visit(&mut self) -> Result<bool, VariantError> {
        let mut path = vec![0];
        let mut index = 0;
        let value = loop {
            if !self.nodes[index].listed {
                self.list(index)?;
                if out_of_time(self.deadline, self.cancel) && index != 0 {
                    return Ok(false);
                }
            }
            let node = &self.nodes[index];
            if node.over {
                // The side to move has lost (or, where being stuck wins,
                // won): the value is the mover into it's.
                break if self.rules.end().stuck_wins() {
                    0.0
                } else {
                    1.0
                };
            }
            let allowed = (WIDEN_BASE + WIDEN_RATE * f64::from(node.visits).sqrt()) as usize;
            if node.children.len() < allowed && !node.waiting.is_empty() {
                let (turn, prior) = self.nodes[index].waiting.pop().expect("not empty");
                let child = self.nodes.len();
                self.nodes.push(Node::new(turn.result, prior));
                self.nodes[index].children.push((turn, child));
                path.push(child);
                break prior;
            }
            let log = f64::from(node.visits).ln();
            let (_, next) = node
                .children
                .iter()
                .map(|&(_, c)| {
                    let child = &self.nodes[c];
                    let n = f64::from(child.visits);
                    static CC: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
                    let c_: f64 = *CC.get_or_init(|| std::env::var("BURROW_MCTS_C").ok().and_then(|v| v.parse().ok()).unwrap_or(EXPLORATION));
                    (child.mean() + c_ * (log / n).sqrt(), c)
                })
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .expect("a position not over has a turn");
            index = next;
            path.push(index);
        };
        self.depth = self.depth.max(path.len() as u32 - 1);
        // `value` is the chance of the side that moved into the last node;
        // the sides alternate up the path.
        let mut value = value;
        for &i in path.iter().rev() {
            let node = &mut self.nodes[i];
            node.visits += 1;
            node.value += value;
            value = 1.0 - value;
        }
        Ok(true)
    }
}

/// Searches `pos` until the time is up and returns the turn visited most;
/// `None` when the side to move has lost.
pub fn mcts(
    rules: &Rules,
    pos: &Position,
    config: &MctsConfig,
    cancel: Option<&AtomicBool>,
) -> Result<Option<Decision>, VariantError> {
    let start = Instant::now();
    let deadline = start + config.time;
    let mut tree = Tree {
        rules,
        evaluator: Evaluator::new(rules, config.learned),
        nodes: vec![Node::new(*pos, 0.5)],
        deadline,
        cancel,
        // The root may take half the time to list; any other position an
        // eighth.
        listing: config.time / 2,
        scratch: POOL.take(),
        depth: 0,
    };
    tree.list(0)?;
    tree.listing = config.time / LISTING_SHARE;
    if tree.nodes[0].over {
        return Ok(None);
    }
    // Every turn of the root is let in at once: the first visits judge them.
    let root_turns = tree.nodes[0].waiting.len();
    let mut visits = 0u64;
    while !out_of_time(deadline, cancel) || tree.nodes[0].children.is_empty() {
        if tree.nodes[0].children.len() < root_turns {
            let (turn, prior) = tree.nodes[0].waiting.pop().expect("turns left");
            let child = tree.nodes.len();
            tree.nodes.push(Node::new(turn.result, prior));
            tree.nodes[0].children.push((turn, child));
            tree.nodes[0].visits += 1;
            tree.nodes[0].value += 1.0 - prior;
            continue;
        }
        if !tree.visit()? {
            break;
        }
        visits += 1;
    }
    let root = &tree.nodes[0];
    let Some((turn, child)) = root
        .children
        .iter()
        .max_by(|a, b| {
            let (x, y) = (&tree.nodes[a.1], &tree.nodes[b.1]);
            (x.visits, x.mean())
                .partial_cmp(&(y.visits, y.mean()))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
        .cloned()
    else {
        return Ok(None);
    };
    let chance = tree.nodes[child].mean().clamp(0.001, 0.999);
    let score = (400.0 * (chance / (1.0 - chance)).ln()).round() as i32;
    Ok(Some(Decision {
        turn,
        report: SearchReport {
            score,
            depth: tree.depth,
            nodes: visits,
            elapsed_ms: start.elapsed().as_millis() as u64,
        },
    }))
}
