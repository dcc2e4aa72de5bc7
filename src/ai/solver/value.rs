//! A position's value under best play (win or loss in d turns), the score
//! scale the searches use for it, and what is proven of a value so far.

use std::fmt;

/// A win in 0 turns: the score scale's top.
pub(super) const WIN: i32 = 1000;
/// Beyond every score, for open windows.
pub(super) const INFINITY: i32 = WIN + 1;

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
pub(super) fn back(child: i32) -> i32 {
    -child + child.signum()
}

/// The inverse of [`back`]: a bound on the parent's score as a bound on the
/// child's.
pub(super) fn to_child(parent: i32) -> i32 {
    -parent - parent.signum()
}

/// What is known of a position's value: proven bounds on its score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    pub(super) lower: i32,
    pub(super) upper: i32,
}

impl Knowledge {
    pub(super) const NOTHING: Knowledge = Knowledge {
        lower: -WIN,
        upper: WIN,
    };

    pub(super) fn exact(score: i32) -> Knowledge {
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

    /// Both proofs at once: the bounds of each, the narrower of the two
    /// (bounds that cross, `lower > upper`, when the two contradict each
    /// other: see [`Knowledge::is_consistent`]).
    pub fn meet(self, other: Knowledge) -> Knowledge {
        Knowledge {
            lower: self.lower.max(other.lower),
            upper: self.upper.min(other.upper),
        }
    }

    /// Whether the bounds leave any value at all.
    pub fn is_consistent(self) -> bool {
        self.lower <= self.upper
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
