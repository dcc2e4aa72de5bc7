//! Depth-first proof-number search (df-pn): the other way to prove who
//! wins, for comparison with alpha-beta's empty window
//! ([`super::Search::ProofNumber`]).
//!
//! Every position carries two numbers from its mover's point of view:
//! `phi`, a lower estimate of the positions still to expand to prove that
//! the side to move wins, and `delta`, the same to prove it loses. A side
//! with no capture has `phi` infinite and `delta` 0. A position is won as
//! soon as one of its results is lost for the opponent, so its `phi` is the
//! least `delta` of its results and its `delta` the sum of their `phi`s.
//! The search always goes down the result with the least `delta` (the
//! cheapest-looking refutation), with thresholds that send it back up once
//! another result looks cheaper; the "1 + ε" widening of the second-best
//! threshold keeps it from switching back and forth between two results of
//! nearly equal cost.
//!
//! Burrow positions never repeat (each turn removes a piece), so the graph
//! has no cycles and the classic df-pn needs no care for them; it does count
//! a shared result once per parent, which only makes the estimates coarser.

use super::key::{Canonicalizer, Key};
use super::proof_table::{Payload, PositionTable};
use super::{Halt, Run, Walker};
use crate::rules::{Position, Rules};

/// Beyond every real proof number; sums stop here.
const INFINITE: u32 = u32::MAX / 2;

/// Proof and disproof numbers of a position, for its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Numbers {
    phi: u32,
    delta: u32,
}

/// A position not yet expanded: one position to expand either way.
impl Default for Numbers {
    fn default() -> Numbers {
        Numbers { phi: 1, delta: 1 }
    }
}

impl Numbers {
    const LOST: Numbers = Numbers {
        phi: INFINITE,
        delta: 0,
    };
    const WON: Numbers = Numbers {
        phi: 0,
        delta: INFINITE,
    };

    /// Whether the side to move wins, once proven.
    fn wins(self) -> Option<bool> {
        if self.phi == 0 {
            Some(true)
        } else if self.delta == 0 {
            Some(false)
        } else {
            None
        }
    }
}

impl Payload for Numbers {
    fn merge(&mut self, newer: Numbers) {
        // A proof stays; anything else is replaced by the newer estimate.
        if self.wins().is_none() {
            *self = newer;
        }
    }
}

/// The table of proof numbers.
pub(crate) type NumberTable = PositionTable<Numbers>;

/// One thread's proof-number search.
pub(super) struct PnSearcher<'a> {
    pub(super) walker: Walker<'a>,
    table: &'a NumberTable,
}

impl<'a> PnSearcher<'a> {
    pub(super) fn new(
        rules: &'a Rules,
        canon: &'a Canonicalizer,
        table: &'a NumberTable,
        run: &'a Run<'a>,
    ) -> PnSearcher<'a> {
        PnSearcher {
            walker: Walker::new(rules, canon, run),
            table,
        }
    }

    /// Whether the side to move wins `pos`.
    pub(super) fn prove(&mut self, pos: &Position) -> Result<bool, Halt> {
        let key = self.walker.canon.key(pos);
        let numbers = self.expand(pos, key, INFINITE, INFINITE, 0)?;
        Ok(numbers
            .wins()
            .expect("a search without thresholds ends in a proof"))
    }

    /// Expands `pos` until its `phi` reaches `max_phi` or its `delta`
    /// reaches `max_delta` (a proof or disproof reaches one of them).
    fn expand(
        &mut self,
        pos: &Position,
        key: Key,
        max_phi: u32,
        max_delta: u32,
        ply: usize,
    ) -> Result<Numbers, Halt> {
        self.walker.visit()?;
        let start = self.walker.visited;
        if let Some(known) = self.table.get(&key)
            && (known.phi >= max_phi || known.delta >= max_delta)
        {
            return Ok(known);
        }
        let children = self.walker.children(pos, ply)?;
        if children.is_empty() {
            self.walker.give_back(ply, children);
            let end = if self.walker.rules.end().stuck_wins() {
                Numbers::WON
            } else {
                Numbers::LOST
            };
            self.table.put(&key, end, 1);
            return Ok(end);
        }

        let numbers = loop {
            let mut phi = INFINITE;
            let mut delta = 0u32;
            let mut best = 0;
            let mut best_phi = 0;
            let mut second = INFINITE;
            for (i, child) in children.iter().enumerate() {
                let n = self.table.get(&child.key).unwrap_or_default();
                if n.delta < phi {
                    second = phi;
                    phi = n.delta;
                    best = i;
                    best_phi = n.phi;
                } else if n.delta < second {
                    second = n.delta;
                }
                delta = delta.saturating_add(n.phi).min(INFINITE);
            }
            if phi >= max_phi || delta >= max_delta {
                break Numbers { phi, delta };
            }
            // The best result is searched until its delta passes the second
            // best's (widened by a quarter) or the parent's phi threshold,
            // or until its phi makes the parent's delta pass its own.
            let child_max_phi = (max_delta - delta).saturating_add(best_phi).min(INFINITE);
            let widened = second.saturating_add(second / 4 + 1).min(INFINITE);
            let child_max_delta = max_phi.min(widened);
            let child = children[best];
            self.expand(
                &child.pos,
                child.key,
                child_max_phi,
                child_max_delta,
                ply + 1,
            )?;
        };
        self.walker.give_back(ply, children);
        self.table
            .put(&key, numbers, self.walker.visited - start + 1);
        Ok(numbers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proof_is_never_replaced_by_an_estimate() {
        let mut proven = Numbers {
            phi: 0,
            delta: INFINITE,
        };
        proven.merge(Numbers { phi: 3, delta: 4 });
        assert_eq!(proven.wins(), Some(true));
        let mut open = Numbers { phi: 3, delta: 4 };
        open.merge(Numbers::LOST);
        assert_eq!(open.wins(), Some(false));
    }
}
