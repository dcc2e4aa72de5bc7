//! A complete turn, as the turn level lists it.

use super::{Bitboard, PlayedTurn, Position, Route, Square, TurnKey};

/// A complete turn: its identity (origin, final square, captured set) plus
/// one capture order that plays it and the position it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub origin: Square,
    /// The captured squares in a legal order; the last is where the piece ends.
    pub captures: Vec<Square>,
    /// The initial capture's steps, for variants whose template depends on them.
    pub route: Option<Route>,
    /// The position after the turn, the other side to move.
    pub result: Position,
}

impl Turn {
    pub fn destination(&self) -> Square {
        *self.captures.last().expect("a turn captures at least once")
    }

    pub fn captured(&self) -> Bitboard {
        self.captures.iter().copied().collect()
    }

    /// The turn's identity, printed as its canonical text.
    pub fn key(&self) -> TurnKey {
        TurnKey {
            origin: self.origin,
            destination: self.destination(),
            captured: self.captured(),
        }
    }

    /// The turn as a move list writes it: every capture in order.
    pub fn played(&self) -> PlayedTurn {
        PlayedTurn {
            origin: self.origin,
            captures: self.captures.clone(),
            route: self.route,
        }
    }
}
