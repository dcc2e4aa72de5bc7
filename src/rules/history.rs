//! A game's course: its start, every turn played and the position after
//! each. The game being played, the online judge, a client's copy of a table
//! and a replayed record all keep their game in one of these.

use std::fmt;

use super::{MoveError, PlayedTurn, Position, Rules};

/// A game's start, its turns and the position after each turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// `positions[i]` is the position after `i` turns; never empty.
    positions: Vec<Position>,
    turns: Vec<PlayedTurn>,
}

/// A turn the rules refused while a game was replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalTurn {
    /// The turn's place in the game, counting from 0.
    pub index: usize,
    pub turn: PlayedTurn,
    pub error: MoveError,
}

impl fmt::Display for IllegalTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turn {} ({}): {}", self.index + 1, self.turn, self.error)
    }
}

impl std::error::Error for IllegalTurn {}

impl History {
    /// A game at its start.
    pub fn new(start: Position) -> History {
        History {
            positions: vec![start],
            turns: Vec::new(),
        }
    }

    /// A game from `start` through `turns`, each checked by the rules.
    ///
    /// ```
    /// use burrow::rules::{History, Position, builtin_rules};
    /// let rules = builtin_rules("box").unwrap();
    /// let turns = ["b1xa1".parse().unwrap()];
    /// let history = History::replay(&rules, Position::start_standard(), turns).unwrap();
    /// assert_eq!(history.ply(), 1);
    /// assert_eq!(history.positions().len(), 2);
    /// ```
    pub fn replay(
        rules: &Rules,
        start: Position,
        turns: impl IntoIterator<Item = PlayedTurn>,
    ) -> Result<History, Box<IllegalTurn>> {
        let mut history = History::new(start);
        for (index, turn) in turns.into_iter().enumerate() {
            if let Err(error) = history.play(rules, turn.clone()) {
                return Err(Box::new(IllegalTurn { index, turn, error }));
            }
        }
        Ok(history)
    }

    /// Plays `turn` from the current position, if the rules allow it (the
    /// history is unchanged if not).
    pub fn play(&mut self, rules: &Rules, turn: PlayedTurn) -> Result<(), MoveError> {
        let after = rules.play(self.position(), &turn)?.result();
        self.push(turn, after);
        Ok(())
    }

    /// Adds a turn the caller has already checked, with the position it
    /// left (a turn played capture by capture).
    pub fn push(&mut self, turn: PlayedTurn, after: Position) {
        self.positions.push(after);
        self.turns.push(turn);
    }

    /// Takes back the last turn.
    pub fn pop(&mut self) -> Option<PlayedTurn> {
        let turn = self.turns.pop()?;
        self.positions.pop();
        Some(turn)
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a history has its start")
    }

    /// The start and the position after each turn.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The turns played, in order.
    pub fn turns(&self) -> &[PlayedTurn] {
        &self.turns
    }

    /// The turns played after the first `ply`, each with its number
    /// (counting from 0): what a later copy of a game adds to an earlier.
    pub fn turns_since(&self, ply: usize) -> impl Iterator<Item = (usize, &PlayedTurn)> {
        self.turns.iter().enumerate().skip(ply)
    }

    /// How many turns have been played.
    pub fn ply(&self) -> usize {
        self.turns.len()
    }

    /// Every position, the start first (for callers that keep them).
    pub fn into_positions(self) -> Vec<Position> {
        self.positions
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::builtin_rules;

    #[test]
    fn a_refused_turn_is_named_and_leaves_the_history_as_it_was() {
        let rules = builtin_rules("box").unwrap();
        let start = Position::start_standard();
        let mut history = History::new(start);
        history.play(&rules, "b1xa1".parse().unwrap()).unwrap();
        let before = history.clone();
        assert!(history.play(&rules, "b1xa1".parse().unwrap()).is_err());
        assert_eq!(history, before);
        let bad = History::replay(
            &rules,
            start,
            ["b1xa1".parse().unwrap(), "h8xh8".parse().unwrap()],
        )
        .unwrap_err();
        assert_eq!(bad.index, 1);
        assert!(bad.to_string().starts_with("turn 2 (h8xh8)"), "{bad}");
        assert_eq!(
            history.pop().map(|t| t.to_string()).as_deref(),
            Some("b1xa1")
        );
        assert_eq!(history.position(), &start);
        assert_eq!(history.pop(), None);
    }
}
